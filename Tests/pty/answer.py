#!/usr/bin/env python3
"""Runs a program on a pseudo-terminal and answers its questions, as a person at a terminal
would: `answer.py PROGRAM ARGS... < answers`. Each line of standard input is typed after the
program asks (prints something ending in ': ' or '] '); `^D` types end of input, `^C` an
interrupt. Prints everything the terminal showed, then exits with the program's status."""
import os, pty, select, signal, sys, time

def main():
    answers = sys.stdin.read().split("\n")
    if answers and answers[-1] == "":
        answers.pop()
    pid, fd = pty.fork()
    if pid == 0:
        # As a shell would start it: the test runner may block or ignore SIGINT.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.execvp(sys.argv[1], sys.argv[1:])
    shown = b""
    pending = list(answers)
    last = time.time()
    while True:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            shown += data
            last = time.time()
            continue
        # Quiet after a question: the program waits for an answer.
        asking = shown.rstrip(b" ").endswith((b":", b"]"))
        if pending and time.time() - last > (0.1 if asking else 3):
            answer = pending.pop(0)
            if answer == "^D":
                os.write(fd, b"\x04")
            elif answer == "^C":
                os.write(fd, b"\x03")
            else:
                os.write(fd, answer.encode() + b"\r")
            last = time.time()
        elif time.time() - last > 10:
            # Still asking with no answers left: stop it rather than wait for ever.
            os.kill(pid, 9)
            break
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(shown.decode("utf-8", "replace"))
    sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))

main()

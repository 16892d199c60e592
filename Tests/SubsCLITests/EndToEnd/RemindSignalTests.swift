import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

// `subs remind` stopped by SIGINT or SIGTERM while a hook runs: the hook is stopped (SIGTERM,
// then SIGKILL to its process group), what was delivered stays recorded, the rest is given back,
// and the next run sends exactly what was not delivered.
//
// The hook tells the test it is running by writing its pid to a FIFO the test reads, so the
// signal always arrives while the hook runs: no sleeps, no races.

@Suite("subs remind stopped by a signal")
struct RemindSignalTests {
    /// A FIFO in the sandbox, opened for reading without waiting for a writer.
    struct Fifo {
        let path: String
        let descriptor: Int32

        init(_ sandbox: Sandbox) throws {
            path = sandbox.path("ready")
            guard mkfifo(path, 0o600) == 0 else { throw HarnessError("mkfifo: \(String(cString: strerror(errno)))") }
            descriptor = open(path, O_RDONLY | O_NONBLOCK)
            guard descriptor >= 0 else { throw HarnessError("open fifo: \(String(cString: strerror(errno)))") }
        }

        /// The line the hook writes, or nil if none comes while `run` lives (its own time limit).
        func readLine() -> String? {
            var line = Data()
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while !line.contains(UInt8(ascii: "\n")) {
                entry.revents = 0
                guard poll(&entry, 1, Int32(ProcessRunner.timeout * 1000)) > 0 else { return nil }
                var byte: UInt8 = 0
                let count = read(descriptor, &byte, 1)
                if count < 0 && errno == EAGAIN { continue }
                guard count == 1 else { return nil }
                line.append(byte)
            }
            return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
        }
    }

    /// Alpha, Bravo and Charlie, each with a reminder due on 2024-01-30.
    func sandboxWithThree() throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in ["Alpha", "Bravo", "Charlie"] {
            try sandbox.add(name, "9.99", ["--start", "2024-01-31"], today: "2024-01-01")
        }
        return sandbox
    }

    func delivered(_ directory: String) -> [String] {
        let text = (try? String(contentsOfFile: directory + "/delivered", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Runs remind with `hook` until the hook reports on the FIFO, sends `signal`, and returns
    /// the result and the hook's pid.
    func interrupt(_ sandbox: Sandbox, hook: String, signal: Int32, environment: [String: String?]) throws
        -> (ProcessResult, pid_t)
    {
        let fifo = try Fifo(sandbox)
        defer { _ = close(fifo.descriptor) }
        let running = try sandbox.start(["remind", "--today", "2024-01-30", "--exec", hook],
                                        environment: environment.merging(["FIFO": fifo.path]) { $1 })
        let reported = fifo.readLine()
        if reported != nil { _ = kill(running.process.processIdentifier, signal) }
        let result = running.wait()
        let pid = try #require(reported.flatMap { pid_t($0) }, "the hook never reported: \(result)")
        return (result, pid)
    }

    @Test("SIGTERM during a hook that ignores SIGTERM: the hook is killed, Alpha stays sent, Bravo and Charlie come next run")
    func terminateDuringStubbornHook() throws {
        let sandbox = try sandboxWithThree()
        let (directory, environment) = try RemindHooks.directory(sandbox)
        let hook = #"""
            if [ "$SUBS_NAME" = Bravo ]; then
                trap '' TERM
                echo $$ > "$FIFO"
                while :; do sleep 1; done
            fi
            echo "$SUBS_NAME" >> "$DIR/delivered"
            """#
        let (result, hookPID) = try interrupt(sandbox, hook: hook, signal: SIGTERM, environment: environment)
        #expect(!result.timedOut, "\(result)")
        #expect(result.status == 128 + SIGTERM, "\(result)")
        #expect(result.stdoutLines.count == 3, "all three were announced: \(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("SIGTERM"), "\(result)")
        #expect(result.stderr.contains("1 of 3"), "\(result)")
        #expect(kill(hookPID, 0) == -1 && errno == ESRCH, "the hook was killed although it ignored SIGTERM")
        #expect(delivered(directory) == ["Alpha"])

        let next = try sandbox.run(["remind", "--today", "2024-01-30", "--exec", #"echo "$SUBS_NAME" >> "$DIR/delivered""#],
                                   environment: environment)
        #expect(next.status == 0, "\(next)")
        #expect(delivered(directory) == ["Alpha", "Bravo", "Charlie"], "exactly what was not delivered")
        #expect(try sandbox.succeed(["remind", "--today", "2024-01-30"]).stdout.isEmpty)
    }

    @Test("SIGINT during a hook: it is stopped, the run exits 130, and the rest waits for the next run")
    func interruptDuringHook() throws {
        let sandbox = try sandboxWithThree()
        let (directory, environment) = try RemindHooks.directory(sandbox)
        let hook = #"""
            if [ "$SUBS_NAME" = Alpha ]; then echo $$ > "$FIFO"; sleep 60; fi
            echo "$SUBS_NAME" >> "$DIR/delivered"
            """#
        let (result, hookPID) = try interrupt(sandbox, hook: hook, signal: SIGINT, environment: environment)
        #expect(result.status == 128 + SIGINT, "\(result)")
        #expect(result.stderr.contains("SIGINT") && result.stderr.contains("0 of 3"), "\(result)")
        #expect(kill(hookPID, 0) == -1 && errno == ESRCH)
        #expect(delivered(directory).isEmpty, "the stopped hook did not get to record anything")

        let still = try sandbox.succeed(["remind", "--dry-run", "--today", "2024-01-30"])
        #expect(still.stdoutLines.count == 3, "all three are still due: \(still)")
    }

    @Test("SIGINT while a webhook is silent: the request is abandoned at once and the reminder kept for the next run")
    func interruptDuringWebhook() throws {
        let server = try RecordingHTTPServer(script: [.silent])
        defer { server.stop() }
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"], today: "2024-01-01")
        let running = try sandbox.start(["remind", "--today", "2024-01-30", "--webhook", server.url("/x")],
                                        environment: RemindHooks.direct)
        let arrived = server.waitForRequests(1)
        if arrived { _ = kill(running.process.processIdentifier, SIGINT) }
        let result = running.wait()
        try #require(arrived, "\(result)")
        #expect(result.status == 128 + SIGINT, "interrupted, not timed out: \(result)")
        let still = try sandbox.succeed(["remind", "--dry-run", "--today", "2024-01-30"])
        #expect(still.stdout.contains("Netflix"), "\(still)")
    }
}

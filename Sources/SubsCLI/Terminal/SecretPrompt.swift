import Foundation
import SubscriptionCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks for a password or passphrase on the terminal with echo off. Only a terminal is asked:
/// from a script, secrets come from `--password-stdin` and `--vault-passphrase-file`.
struct SecretPrompt {
    private let input: Int32
    private let ownsInput: Bool

    /// The longest answer taken, in bytes.
    static let answerLimit = 4096

    /// The terminal to ask on: standard input when it is one and not already read for the
    /// password, else the controlling terminal (`/dev/tty`) when standard input was; nil when
    /// there is no one to ask.
    static func terminal(standardInputUsed: Bool) -> SecretPrompt? {
        if !standardInputUsed {
            return isatty(STDIN_FILENO) == 1 ? SecretPrompt(input: STDIN_FILENO, ownsInput: false) : nil
        }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        guard isatty(tty) == 1 else { _ = close(tty); return nil }
        return SecretPrompt(input: tty, ownsInput: true)
    }

    /// The terminal to ask on, or exit 64 with `noTerminal`, which names the options a script
    /// passes instead.
    static func required(standardInputUsed: Bool, noTerminal: () -> String) throws -> SecretPrompt {
        guard let prompt = terminal(standardInputUsed: standardInputUsed) else {
            throw Failure(noTerminal(), exitCode: Failure.usage)
        }
        return prompt
    }

    /// Closes the controlling terminal if it was opened for this prompt.
    func release() {
        if ownsInput { _ = close(input) }
    }

    /// Asks once; the answer without its newline. The caller zeroes it.
    func ask(_ prompt: String) throws -> [UInt8] {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canHide = tcgetattr(input, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            promptTerminal = (input, saved)
            signal(SIGINT, restoreAndDie)
            signal(SIGTERM, restoreAndDie)
            _ = tcsetattr(input, TCSAFLUSH, &hidden)
        }
        defer {
            if canHide {
                _ = tcsetattr(input, TCSAFLUSH, &saved)
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
                promptTerminal = nil
            }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        // Room for any answer up front: growing the array would leave copies in freed memory.
        var answer: [UInt8] = []
        answer.reserveCapacity(Self.answerLimit)
        var byte: UInt8 = 0
        while true {
            let count = read(input, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else {
                answer.zeroize()
                throw Failure(localized("no answer: the terminal closed"), exitCode: Failure.usage)
            }
            if byte == UInt8(ascii: "\n") { break }
            guard answer.count < Self.answerLimit else {
                answer.zeroize()
                throw Failure(localized("the answer is too long (4096 bytes at most)"), exitCode: Failure.usage)
            }
            answer.append(byte)
        }
        byte = 0
        if answer.last == UInt8(ascii: "\r") { answer.removeLast() }
        return answer
    }

    /// Asks twice until both answers match (a typo caught before it locks anything away).
    func askTwice(_ prompt: String, again: String) throws -> [UInt8] {
        while true {
            var first = try ask(prompt)
            var second = try ask(again)
            defer { second.zeroize() }
            if first.isEmpty {
                printError(localized("subs: empty; try again"))
                continue
            }
            if first == second { return first }
            first.zeroize()
            printError(localized("subs: they differ; try again"))
        }
    }
}

/// The terminal whose echo is off, so a Ctrl-C at the prompt leaves it as it was.
nonisolated(unsafe) private var promptTerminal: (descriptor: Int32, settings: termios)?

private func restoreAndDie(_ signalNumber: Int32) {
    if var terminal = promptTerminal {
        _ = tcsetattr(terminal.descriptor, TCSAFLUSH, &terminal.settings)
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

extension Array where Element == UInt8 {
    mutating func zeroize() { zeroizeSecret() }
}

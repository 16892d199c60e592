import Foundation
import Testing
@testable import SubsCLI

/// The commands `summary` and `detect` suggest are pasted into a shell: each word must come
/// back from `sh` exactly as it was, and plain words stay unquoted so the command reads well.
@Suite struct ShellQuotingTests {
    @Test(arguments: [
        ("Netflix", "Netflix"), ("17.99", "17.99"), ("--effective", "--effective"), ("Apple TV", "'Apple TV'"),
        ("Bob's", "'Bob'\\''s'"), ("", "''"), ("$HOME", "'$HOME'"), ("Çay", "'Çay'"),
    ])
    func quotesOnlyWhatNeedsIt(word: String, quoted: String) {
        #expect(PriceRiseText.shellQuoted(word) == quoted)
    }

    @Test("Every word comes back from sh as it was, quotes with combining marks and all")
    func shellReadsTheWordBack() throws {
        let words = ["a'b", "'\u{301}x", "''", "a b\tc", "$(touch /tmp/no)", "`id`", "\\", "\"", "semi;colon", "é'", "-dash"]
        let script = "printf '%s\\n' " + words.map(PriceRiseText.shellQuoted).joined(separator: " ")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == words.map { $0 + "\n" }.joined())
    }
}

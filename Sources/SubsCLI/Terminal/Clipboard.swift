import SubscriptionCore
import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clipboard, through the first tool found on PATH. Text always goes to the tool on its
/// standard input, never as an argument (which `ps` shows to every user).
struct Clipboard {
    /// How long a copied password stays before the background step clears it.
    static let clearAfter = 45

    enum Tool: String, CaseIterable {
        case wlCopy = "wl-copy", xclip, xsel, pbcopy

        var copyArguments: [String] {
            switch self {
            case .wlCopy: []
            case .xclip: ["-selection", "clipboard"]
            case .xsel: ["--clipboard", "--input"]
            case .pbcopy: []
            }
        }

        /// The program and arguments that print the clipboard.
        var paste: (program: String, arguments: [String]) {
            switch self {
            case .wlCopy: ("wl-paste", ["--no-newline"])
            case .xclip: ("xclip", ["-selection", "clipboard", "-o"])
            case .xsel: ("xsel", ["--clipboard", "--output"])
            case .pbcopy: ("pbpaste", [])
            }
        }
    }

    let tool: Tool
    let path: String

    /// The tools, listed in the reader's language: `wl-copy, xclip, xsel or pbcopy`.
    static var lookedFor: String { "wl-copy, xclip, xsel " + localized("or") + " pbcopy" }

    /// The first tool on PATH, in the order wl-copy, xclip, xsel, pbcopy. wl-copy only counts
    /// in a Wayland session: many systems install it next to xclip, and outside Wayland it fails.
    static func find() throws -> Clipboard {
        let wayland = !(ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        for tool in Tool.allCases where tool != .wlCopy || wayland {
            if let path = which(tool.rawValue) { return Clipboard(tool: tool, path: path) }
        }
        throw Failure(localized("no clipboard tool: looked for \(lookedFor) on PATH"), exitCode: 1)
    }

    init(tool: Tool, path: String) {
        self.tool = tool
        self.path = path
    }

    /// Puts `text` on the clipboard.
    func copy(_ text: [UInt8]) throws {
        let status = try Self.run(path, tool.copyArguments, input: text, captureOutput: false).status
        guard status == 0 else {
            throw Failure(localized("\(tool.rawValue) failed with status \(status): nothing copied"), exitCode: 1)
        }
    }

    /// What the clipboard holds now, nil when it cannot be read.
    func contents() -> [UInt8]? {
        guard let program = Self.which(tool.paste.program),
              let result = try? Self.run(program, tool.paste.arguments, input: [], captureOutput: true),
              result.status == 0
        else { return nil }
        return result.output
    }

    /// Starts the background step that clears the clipboard after `clearAfter` seconds unless
    /// it changed: `subs vault clear-clipboard` in a session of its own, handed only the
    /// SHA-256 of the text over a pipe (nothing secret in its arguments or environment).
    func clearLater(_ text: [UInt8]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.ownExecutable)
        process.arguments = ["vault", "clear-clipboard", "--tool", tool.rawValue, "--after", String(Self.clearAfter)]
        var environment = ProcessInfo.processInfo.environment
        environment["SUBS_PASSPHRASE"] = nil
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(localized("copied, but cannot start the step that clears the clipboard: \(error)"), exitCode: 1)
        }
        input.fileHandleForWriting.write(Data(SHA256.hash(data: text)))
        try? input.fileHandleForWriting.close()
    }

    /// Whether the clipboard still holds the text whose SHA-256 is `digest`.
    func holds(digest: [UInt8]) -> Bool {
        guard var current = contents() else { return false }
        defer { current.zeroize() }
        return Array(SHA256.hash(data: current)) == digest
    }

    /// Empties the clipboard.
    func clear() {
        _ = try? Self.run(path, tool.copyArguments, input: [], captureOutput: false)
    }

    // MARK: - Running tools

    private static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs a tool with `input` on its standard input. Its output goes to /dev/null unless
    /// captured: a copy tool that stays behind to serve the clipboard must not hold a pipe of ours.
    private static func run(
        _ program: String, _ arguments: [String], input: [UInt8], captureOutput: Bool
    ) throws -> (status: Int32, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = captureOutput ? stdout : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(localized("cannot run \(program): \(error)"), exitCode: 1)
        }
        signal(SIGPIPE, SIG_IGN)
        var data = Data(input)
        stdin.fileHandleForWriting.write(data)
        data.resetBytes(in: data.startIndex..<data.endIndex)
        try? stdin.fileHandleForWriting.close()
        var output: [UInt8] = []
        if captureOutput {
            var read = stdout.fileHandleForReading.readDataToEndOfFile()
            output = Array(read)
            read.resetBytes(in: read.startIndex..<read.endIndex)
        }
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}

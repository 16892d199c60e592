import ArgumentParser
import Foundation
import SubscriptionCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `export` writes.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case ics, json, csv
}

extension Subs {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export every subscription as JSON or CSV, or the payments as an iCalendar file.",
            discussion: """
                json and csv hold every subscription, cancelled ones included, as 'list' prints them. \
                ics holds one recurring all-day event per subscription that still has payments, on \
                exactly the dates 'upcoming' lists, with a reminder per offset; import it into any \
                calendar, and import it again to update the same events.

                Examples:
                  subs export --format ics --output ~/subscriptions.ics
                  subs export --format json > backup.json
                """)

        @Option(help: "What to write.")
        var format: ExportFormat

        @Option(help: ArgumentHelp(
            "Write to this file instead of standard output (created with mode 0600, replaced whole).",
            valueName: "file"))
        var output: String?

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let store = try store.openStore()
            let subscriptions = try store.subscriptions()
            let config = try store.config()
            let text: String
            switch format {
            case .ics:
                text = ICalendar.document(for: subscriptions, config: config, today: today, generatedAt: Date())
            case .json, .csv:
                let list = SubscriptionList(
                    subscriptions, query: ListQuery(status: .all, sort: .name), today: today, config: config)
                text = SubscriptionRenderer.list(list, format: format == .json ? .json : .csv, terminal: .plain)
            }
            if let output, output != "-" {
                try PrivateOutput.replace(output, with: Array(text.utf8))
            } else {
                print(text, terminator: "")
            }
        }
    }
}

/// Writes the user's data to a file nobody else can read, atomically.
enum PrivateOutput {
    /// Writes `bytes` to a new file with mode 0600 next to `path`, syncs it, and renames it over
    /// `path`, so a reader never sees half a file and a failure leaves the old file as it was.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/")
            + ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        func failure(_ reason: String? = nil) -> Failure {
            Failure("cannot write \(path): \(reason ?? String(cString: strerror(errno)))", exitCode: 1)
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure() }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        // The umask can only take bits away; this makes the mode exactly 0600.
        guard fchmod(descriptor, 0o600) == 0, writeAll(bytes, to: descriptor), fsync(descriptor) == 0 else {
            let error = failure()
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure() }
        guard rename(temporary, path) == 0 else { throw failure() }
        renamed = true
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

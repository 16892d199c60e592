import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a reminder could not be handed to a hook; the reminder is then not recorded, so the next
/// run tries again.
struct DeliveryError: Error, CustomStringConvertible {
    let description: String
}

/// Runs `--exec COMMAND` through `/bin/sh -c`, once per reminder, with the reminder as JSON on
/// standard input and as `SUBS_*` variables.
enum ExecDelivery {
    static let timeout: TimeInterval = 60

    static func run(_ command: String, payload: String, variables: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment.merging(variables) { _, new in new }
        // The hook needs the reminder, not the key to the whole database.
        environment["SUBS_PASSPHRASE"] = nil
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        // The hook's own output goes to standard error, so `remind --format json` stays JSON.
        process.standardOutput = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw DeliveryError(description: "could not run /bin/sh: \(error.localizedDescription)")
        }
        // A command that does not read its input must not fail the write: ignore EPIPE.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(payload.utf8))
        try? input.fileHandleForWriting.close()

        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw DeliveryError(description: "--exec command still running after \(Int(timeout)) s; stopped it")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw DeliveryError(description: "--exec command failed with status \(process.terminationStatus)")
        }
    }
}

/// Posts the reminder as JSON to `--webhook URL`, waiting a few seconds at most.
enum WebhookDelivery {
    static let timeout: TimeInterval = 5

    static func post(_ payload: String, to address: String) throws {
        guard let url = URL(string: address) else {
            throw DeliveryError(description: "invalid webhook URL")
        }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("subs", forHTTPHeaderField: "User-Agent")
        request.httpBody = Data(payload.utf8)

        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }

        let finished = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        session.dataTask(with: request) { _, response, error in
            if let error = error as? URLError, error.code == .timedOut {
                outcome.set("webhook did not answer within \(Int(timeout)) s")
            } else if let error {
                outcome.set("webhook request failed: \(error.localizedDescription)")
            } else if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
                outcome.set("webhook answered HTTP \(status)")
            }
            finished.signal()
        }.resume()
        if finished.wait(timeout: .now() + timeout + 1) == .timedOut {
            throw DeliveryError(description: "webhook did not answer within \(Int(timeout)) s")
        }
        if let failure = outcome.failure { throw DeliveryError(description: failure) }
    }

    /// The completion handler's verdict, handed across threads.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var message: String?

        func set(_ text: String) { lock.withLock { message = text } }
        var failure: String? { lock.withLock { message } }
    }
}

import Foundation
import Testing
@testable import SubsCLI

/// The hard time limit of one webhook request (PRODUCT.md §5), tested in-process with a limit
/// shorter than the real 5 s, so that no test waits it out.
@Suite("A webhook request's time limit")
struct WebhookPostTests {
    @Test("The limit is 5 s unless the caller gives another")
    func defaultLimit() {
        #expect(WebhookPost.timeout == 5)
    }

    @Test("A server that never answers fails at the limit, which the reason names")
    func silentServer() throws {
        let server = try RecordingHTTPServer(script: [.silent])
        defer { server.stop() }
        let started = Date()
        let result = WebhookPost.post("{}", to: server.url("/x"), stop: nil, timeout: 1)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result == .failed("webhook did not answer within 1 s"))
        #expect(elapsed >= 1 && elapsed < 4, "\(elapsed) s")
        #expect(server.requests.count == 1)
    }

    @Test("A server trickling its answer fails at the limit: the limit is for the whole request, not each read")
    func tricklingServer() throws {
        // A byte every 0.1 s completes the status line after 1.7 s: long after the limit, though
        // no single read waits longer than 0.1 s.
        let server = try RecordingHTTPServer(script: [.trickle(every: 0.1)])
        defer { server.stop() }
        let started = Date()
        let result = WebhookPost.post("{}", to: server.url("/x"), stop: nil, timeout: 0.5)
        let elapsed = Date().timeIntervalSince(started)
        guard case .failed(let reason) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(reason.hasPrefix("webhook did not answer within"), "\(reason)")
        #expect(elapsed >= 0.5 && elapsed < 1.7, "\(elapsed) s")
    }

    @Test("An endless body after 200 is delivered at once: only the status line is read")
    func endlessBody() throws {
        let server = try RecordingHTTPServer(script: [.endlessBody(200)])
        defer { server.stop() }
        let started = Date()
        #expect(WebhookPost.post("{}", to: server.url("/x"), stop: nil) == .delivered)
        #expect(Date().timeIntervalSince(started) < WebhookPost.timeout)
    }
}

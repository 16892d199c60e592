import Foundation
import Testing

// `subs remind --webhook` (PRODUCT.md §5): each reminder is POSTed as JSON; only a 2xx answer
// counts as delivered, and anything else leaves the reminder for the next run.

@Suite("subs remind --webhook")
struct RemindWebhookTests {
    @Test("--webhook POSTs each reminder as JSON with content and text, to the path given")
    func webhookDelivers() throws {
        let server = try RecordingHTTPServer(status: 204)
        defer { server.stop() }
        let sandbox = try Sandbox()
        let netflix = try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")
        try sandbox.add("Disney", "8.99", ["--trial-end", "2024-01-26"], today: "2024-01-01")

        let result = try sandbox.run(["remind", "--today", "2024-01-24", "--webhook", server.url("/hooks/subs?x=1")],
                                     environment: RemindHooks.direct)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let requests = server.requests
        try #require(requests.count == 2, "\(requests)")
        for request in requests {
            #expect(request.method == "POST")
            #expect(request.path == "/hooks/subs?x=1")
            #expect(request.headers["content-type"]?.hasPrefix("application/json") == true, "\(request.headers)")
            let object = try #require(request.jsonObject, "\(request)")
            #expect(Set(object.keys) == RemindHooks.payloadKeys, "\(request)")
            let content = try #require(object["content"] as? String)
            #expect(content == object["text"] as? String)
            #expect(result.stdoutLines.contains(content), "\(content) vs \(result.stdout)")
        }
        let bodies = requests.compactMap(\.jsonObject)
        let netflixBody = try #require(bodies.first { $0["name"] as? String == "Netflix" })
        #expect(netflixBody["id"] as? String == netflix)
        #expect(netflixBody["amount"] as? String == "15.49")
        #expect(netflixBody["currency"] as? String == "USD")
        #expect(netflixBody["date"] as? String == "2024-01-31")
        #expect(netflixBody["days_until"] as? Int == 7)
        #expect(netflixBody["offset"] as? Int == 7)
        #expect(netflixBody["kind"] as? String == "payment")
        #expect(bodies.first { $0["name"] as? String == "Disney" }?["kind"] as? String == "trial_end")

        let again = try sandbox.succeed(["remind", "--today", "2024-01-24", "--webhook", server.url("/hooks/subs?x=1")],
                                        environment: RemindHooks.direct)
        #expect(again.stdout.isEmpty)
        #expect(server.requests.count == 2, "nothing posted twice")
    }

    @Test("A webhook answering 500 leaves the reminder to be sent again by the next run")
    func webhookServerErrorRetries() throws {
        let server = try RecordingHTTPServer(status: 500)
        defer { server.stop() }
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")

        let failing = try sandbox.run(["remind", "--today", "2024-01-24", "--webhook", server.url("/x")],
                                      environment: RemindHooks.direct)
        #expect(failing.status == 1, "\(failing)")
        #expect(failing.stdoutLines.count == 1, "\(failing)")
        #expect(failing.stderrLines.count == 1 && failing.stderr.contains("Netflix"), "\(failing)")
        #expect(server.requests.count == 1)

        server.status = 204
        let retry = try sandbox.run(["remind", "--today", "2024-01-25", "--webhook", server.url("/x")],
                                    environment: RemindHooks.direct)
        #expect(retry.status == 0, "\(retry)")
        #expect(retry.stdout == failing.stdout.replacingOccurrences(of: "in 7 days", with: "in 6 days"), "\(retry)")
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(requests[1].jsonObject?["offset"] as? Int == 7)
        #expect(requests[1].jsonObject?["days_until"] as? Int == 6)

        let quiet = try sandbox.succeed(["remind", "--today", "2024-01-25", "--webhook", server.url("/x")],
                                        environment: RemindHooks.direct)
        #expect(quiet.stdout.isEmpty)
        #expect(server.requests.count == 2)
    }

    @Test("A webhook nobody listens on fails, exits 1, and is tried again")
    func webhookUnreachable() throws {
        let refusing = try RefusingPort()
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")
        let failing = try withExtendedLifetime(refusing) {
            try sandbox.run(["remind", "--today", "2024-01-24", "--webhook", refusing.url("/x")], environment: RemindHooks.direct)
        }
        #expect(!failing.timedOut, "a closed port must not hang the cron job")
        #expect(failing.status == 1, "\(failing)")
        #expect(failing.stderrLines.count == 1, "\(failing)")
        #expect(failing.stdoutLines.count == 1, "\(failing)")

        let server = try RecordingHTTPServer(status: 204)
        defer { server.stop() }
        let retry = try sandbox.succeed(["remind", "--today", "2024-01-24", "--webhook", server.url("/x")],
                                        environment: RemindHooks.direct)
        #expect(retry.stdout == failing.stdout)
        #expect(server.requests.count == 1)
    }

    // The time limit itself (a silent or trickling server fails at it) is tested in-process with
    // a limit shorter than the real 5 s: WebhookPostTests.
    @Test("An endless body after 200 is delivered: the run reads the status line and ends")
    func webhookEndlessBody() throws {
        let server = try RecordingHTTPServer(script: [.endlessBody(200)])
        defer { server.stop() }
        let sandbox = try Sandbox()
        try sandbox.add("Charlie", "9.99", ["--start", "2024-01-31"], today: "2024-01-01")
        let run = try sandbox.run(["remind", "--today", "2024-01-30", "--webhook", server.url("/x")],
                                  environment: RemindHooks.direct)
        #expect(!run.timedOut, "the request ends at the status line, whatever the server sends after it: \(run)")
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        #expect(server.requests.count == 1)

        let still = try sandbox.succeed(["remind", "--dry-run", "--today", "2024-01-30"])
        #expect(still.stdout.isEmpty, "Charlie was delivered and recorded: \(still)")
    }

    @Test("A redirect, to another host or not, is not followed: not sent, and tried again by the next run")
    func webhookRedirectIsAFailure() throws {
        let target = try RecordingHTTPServer(status: 204)
        defer { target.stop() }
        let elsewhere = "http://localhost:\(target.port)/moved"
        let server = try RecordingHTTPServer(script: [.redirect(307, location: elsewhere),
                                                      .redirect(302, location: "/moved")])
        defer { server.stop() }
        let sandbox = try Sandbox()
        for name in ["Alpha", "Bravo"] {
            try sandbox.add(name, "9.99", ["--start", "2024-01-31"], today: "2024-01-01")
        }
        let run = try sandbox.run(["remind", "--today", "2024-01-30", "--webhook", server.url("/x")],
                                  environment: RemindHooks.direct)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderrLines.count == 2, "\(run)")
        #expect(run.stderrLines.first?.contains("307") == true && run.stderrLines.last?.contains("302") == true, "\(run)")
        #expect(run.stderr.contains("redirect"), "\(run)")
        #expect(target.requests.isEmpty, "the redirect was not followed")

        let retry = try sandbox.succeed(["remind", "--today", "2024-01-30", "--webhook", target.url("/moved")],
                                        environment: RemindHooks.direct)
        #expect(retry.stdoutLines.count == 2, "both are sent again: \(retry)")
        #expect(target.requests.count == 2)
    }

    @Test("An upper-case HTTP:// scheme works")
    func webhookUpperCaseScheme() throws {
        let server = try RecordingHTTPServer(status: 204)
        defer { server.stop() }
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"], today: "2024-01-01")
        let address = "HTTP://127.0.0.1:\(server.port)/x"
        let run = try sandbox.run(["remind", "--today", "2024-01-30", "--webhook", address], environment: RemindHooks.direct)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        #expect(server.requests.map(\.path) == ["/x"])
        #expect(server.requests.first?.jsonObject?["name"] as? String == "Netflix")
    }

    @Test("config remind-webhook is the URL when no --webhook is given")
    func webhookFromConfig() throws {
        let server = try RecordingHTTPServer(status: 200)
        defer { server.stop() }
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")
        try sandbox.succeed(["config", "set", "remind-webhook", server.url("/x")])
        #expect(try sandbox.succeed(["config", "get", "remind-webhook"]).stdout == server.url("/x") + "\n")

        let result = try sandbox.run(["remind", "--today", "2024-01-30"], environment: RemindHooks.direct)
        #expect(result.status == 0, "\(result)")
        let requests = server.requests
        try #require(requests.count == 1, "\(requests)")
        #expect(requests[0].method == "POST" && requests[0].path == "/x")
        #expect(requests[0].jsonObject?["offset"] as? Int == 1, "a late first run catches up as one reminder")

        // An invalid --webhook is a usage error before anything is printed or recorded.
        let invalid = try sandbox.run(["remind", "--today", "2024-01-31", "--webhook", "ftp://127.0.0.1/x"],
                                      environment: RemindHooks.direct)
        #expect(invalid.status == 64, "\(invalid)")
        #expect(invalid.stdout.isEmpty && invalid.stderrLines.count == 1, "\(invalid)")
        #expect(server.requests.count == 1)
    }
}
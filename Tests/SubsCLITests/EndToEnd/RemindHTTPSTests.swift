import Foundation
import Testing

// `https://` webhooks go through the system's OpenSSL: delivered to a server whose certificate
// the system trusts (here through SSL_CERT_FILE, as curl reads it), refused otherwise, with one
// line saying why and the reminder kept for the next run.

@Suite("subs remind --webhook https://")
struct RemindHTTPSTests {
    private static let serverScript = LocalizedRepository.root.appendingPathComponent("Tests/tls/https_server.py").path
    private static let proxyScript = LocalizedRepository.root.appendingPathComponent("Tests/tls/connect_proxy.py").path

    /// A self-signed certificate for `localhost` (and nothing else), made with the openssl tool.
    private static func certificate(in directory: URL) throws -> (cert: String, key: String) {
        let cert = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                             "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                             "-keyout", key, "-out", cert]
        openssl.standardError = FileHandle.nullDevice
        openssl.standardOutput = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl req failed")
        return (cert, key)
    }

    /// The server running, its port, and a way to stop it and read what it received.
    private final class Server {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        let port: Int

        convenience init(cert: String, key: String, status: Int) throws {
            try self.init(["python3", RemindHTTPSTests.serverScript, cert, key, String(status)])
        }

        /// A CONNECT proxy that answers `status`, opening the tunnel when it is 200.
        convenience init(proxyAnswering status: Int) throws {
            try self.init(["python3", RemindHTTPSTests.proxyScript, String(status)])
        }

        private init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
                line += byte
            }
            port = try #require(Int(String(decoding: line, as: UTF8.self)), "no port from the server")
        }

        /// Stops the server and returns the requests it received, as JSON objects.
        func stop() throws -> [[String: Any]] {
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return try text.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }
    }

    @Test("A trusted certificate: the reminder is posted over TLS; an untrusted one or another name: refused, kept")
    func httpsWebhook() throws {
        let sandbox = try Sandbox()
        let (cert, key) = try Self.certificate(in: sandbox.root)
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7"], today: "2024-01-01")
        let server = try Server(cert: cert, key: key, status: 200)
        var environment = RemindHooks.direct
        environment["SSL_CERT_FILE"] = "/nonexistent/no-authorities.pem"

        // No authority vouches for it: refused, nothing recorded as sent.
        let untrusted = try sandbox.run(["remind", "--today", "2024-01-24", "--webhook",
                                         "https://localhost:\(server.port)/hook"], environment: environment)
        #expect(untrusted.status == 1, "\(untrusted)")
        #expect(untrusted.stderr.contains("certificate is not trusted"), "\(untrusted)")

        // Trusted, but the address is not the name the certificate was made for.
        environment["SSL_CERT_FILE"] = cert
        let otherName = try sandbox.run(["remind", "--today", "2024-01-24", "--webhook",
                                         "https://127.0.0.1:\(server.port)/hook"], environment: environment)
        #expect(otherName.status == 1, "\(otherName)")
        #expect(otherName.stderr.contains("certificate is not trusted"), "\(otherName)")

        let delivered = try sandbox.run(["remind", "--today", "2024-01-24", "--webhook",
                                         "https://localhost:\(server.port)/hook?x=1"], environment: environment)
        #expect(delivered.status == 0, "\(delivered)")
        #expect(delivered.stderr.isEmpty, "\(delivered)")
        let requests = try server.stop()
        try #require(requests.count == 1, "\(requests)")
        #expect(requests[0]["method"] as? String == "POST")
        #expect(requests[0]["path"] as? String == "/hook?x=1")
        let body = try #require(try JSONSerialization.jsonObject(with: Data((requests[0]["body"] as? String ?? "").utf8))
                                as? [String: Any])
        #expect(body["name"] as? String == "Netflix")
        #expect(body["amount"] as? String == "15.49")
    }

    @Test("Through https_proxy: a CONNECT tunnel to the webhook's host, with the proxy's user; no_proxy goes direct; a refusal is one line")
    func httpsWebhookThroughProxy() throws {
        let sandbox = try Sandbox()
        let (cert, key) = try Self.certificate(in: sandbox.root)
        // Due for a reminder on 01-24, 02-03 and 02-21 in turn.
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7"], today: "2024-01-01")
        try sandbox.add("Disney+", "7.99", ["--start", "2024-02-10", "--remind", "7"], today: "2024-01-01")
        try sandbox.add("Spotify", "9.99", ["--start", "2024-02-28", "--remind", "7"], today: "2024-01-01")
        let server = try Server(cert: cert, key: key, status: 200)
        let proxy = try Server(proxyAnswering: 200)
        var environment = RemindHooks.direct
        environment["SSL_CERT_FILE"] = cert
        environment["no_proxy"] = "example.com"
        environment["NO_PROXY"] = .some(nil)
        environment["https_proxy"] = "http://sam:secret@127.0.0.1:\(proxy.port)"
        let webhook = "https://localhost:\(server.port)/hook"

        let sent = try sandbox.run(["remind", "--today", "2024-01-24", "--webhook", webhook], environment: environment)
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.stderr.isEmpty, "\(sent)")
        let tunnels = try proxy.stop()
        try #require(tunnels.count == 1, "\(tunnels)")
        #expect(tunnels[0]["request"] as? String == "CONNECT localhost:\(server.port) HTTP/1.1")
        #expect(tunnels[0]["authorization"] as? String == "Basic " + Data("sam:secret".utf8).base64EncodedString())
        #expect(try server.stop().count == 1)

        // The host in no_proxy: straight to the server.
        let direct = try Server(cert: cert, key: key, status: 200)
        let unused = try Server(proxyAnswering: 200)
        environment["https_proxy"] = "127.0.0.1:\(unused.port)"
        environment["no_proxy"] = "other.example, .localhost"
        let bypassed = try sandbox.run(["remind", "--today", "2024-02-03", "--webhook", "https://localhost:\(direct.port)/hook"],
                                       environment: environment)
        #expect(bypassed.status == 0, "\(bypassed)")
        #expect(try unused.stop().isEmpty)
        #expect(try direct.stop().count == 1)

        // A proxy that refuses: one line, and the reminder is kept for the next run.
        let refusing = try Server(proxyAnswering: 403)
        environment["https_proxy"] = "http://127.0.0.1:\(refusing.port)"
        environment["no_proxy"] = .some(nil)
        let refused = try sandbox.run(["remind", "--today", "2024-02-21", "--webhook", webhook], environment: environment)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("the proxy answered HTTP 403"), "\(refused)")
        #expect(try refusing.stop().count == 1)
        let kept = try sandbox.run(["remind", "--today", "2024-02-21", "--dry-run"], environment: RemindHooks.direct)
        #expect(kept.stdout.contains("Spotify"), "\(kept)")
    }
}

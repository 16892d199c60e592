import Foundation
import Testing

// Credentials in a proxy or webhook address are never printed (issue 21): errors go to cron's
// mail. `config get` gives the setting whole, as asked; everything else shows `***` instead.

@Suite("Addresses are shown without their credentials")
struct URLCredentialsTests {
    static let secret = "TopSecretPw"

    private func sandboxWithReminder() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7"], today: "2024-01-01")
        return sandbox
    }

    @Test("https_proxy with a user and password that is refused: the error hides them")
    func refusedProxy() throws {
        let sandbox = try sandboxWithReminder()
        let result = try sandbox.run(
            ["remind", "--today", "2024-01-24", "--webhook", "https://localhost:1/hook"],
            environment: ["https_proxy": "socks5://user:\(Self.secret)@127.0.0.1:1080", "no_proxy": nil, "NO_PROXY": nil])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("socks5://***@127.0.0.1:1080"), "\(result)")
        #expect(!result.stderr.contains(Self.secret) && !result.stdout.contains(Self.secret), "\(result)")
    }

    @Test("An IPv6 proxy in brackets is looked up without them: the request gets as far as connecting")
    func bracketedIPv6Proxy() throws {
        let sandbox = try sandboxWithReminder()
        let result = try sandbox.run(
            ["remind", "--today", "2024-01-24", "--webhook", "https://localhost:1/hook"],
            environment: ["https_proxy": "http://[::1]:1", "no_proxy": nil, "NO_PROXY": nil])
        #expect(result.status == 1, "\(result)")
        #expect(!result.stderr.contains("cannot find"), "\(result)")
    }

    @Test("A refused webhook address with credentials: config set and --webhook hide them")
    func refusedWebhook() throws {
        let sandbox = try sandboxWithReminder()
        for arguments in [
            ["config", "set", "remind-webhook", "ftp://user:\(Self.secret)@hooks.example/x"],
            ["remind", "--today", "2024-01-24", "--webhook", "ftp://user:\(Self.secret)@hooks.example/x"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 64 && result.stderrLines.count == 1, "\(result)")
            #expect(!result.stderr.contains(Self.secret), "\(result)")
            #expect(result.stderr.contains("***@hooks.example"), "\(result)")
        }
    }

    @Test("A webhook with credentials: set, list and log show ***; get gives it whole")
    func configuredWebhook() throws {
        let sandbox = try sandboxWithReminder()
        let webhook = "https://user:\(Self.secret)@hooks.example/x"
        let set = try sandbox.succeed(["config", "set", "remind-webhook", webhook])
        #expect(set.stdout == "remind-webhook = https://***@hooks.example/x\n", "\(set)")
        let list = try sandbox.succeed(["config", "list"])
        #expect(list.stdout.contains("https://***@hooks.example/x") && !list.stdout.contains(Self.secret), "\(list)")
        let log = try sandbox.succeed(["log"])
        #expect(log.stdout.contains("***@hooks.example") && !log.stdout.contains(Self.secret), "\(log)")
        let logJSON = try sandbox.succeed(["log", "--format", "json"])
        #expect(!logJSON.stdout.contains(Self.secret), "\(logJSON)")
        let unset = try sandbox.succeed(["config", "unset", "remind-webhook"])
        #expect(!unset.stdout.contains(Self.secret), "\(unset)")
        try sandbox.succeed(["config", "set", "remind-webhook", webhook])
        #expect(try sandbox.succeed(["config", "get", "remind-webhook"]).stdout == webhook + "\n")
    }
}

import Foundation
import Testing
@testable import SubsCLI

@Suite("The proxy an https webhook goes through")
struct HTTPSProxyTests {
    @Test("https_proxy, else HTTPS_PROXY; a bare host:port is an http:// proxy on its port, else 1080; a user is Basic authorization")
    func reading() throws {
        let proxy = try HTTPSProxy.forHost("hooks.example.com", environment: ["HTTPS_PROXY": "http://sam:secret@proxy.lan:3128"]).get()
        #expect(proxy == HTTPSProxy(host: "proxy.lan", port: 3128, authorization: "Basic c2FtOnNlY3JldA=="))
        #expect(try HTTPSProxy.forHost("h", environment: ["https_proxy": "proxy.lan", "HTTPS_PROXY": "other:1"]).get()
                == HTTPSProxy(host: "proxy.lan", port: 1080, authorization: nil))
        #expect(try HTTPSProxy.forHost("h", environment: [:]).get() == nil)
        #expect(try HTTPSProxy.forHost("h", environment: ["https_proxy": " "]).get() == nil)
        #expect(throws: HTTPFailureReason.self) { try HTTPSProxy.forHost("h", environment: ["https_proxy": "socks5://p:1"]).get() }
    }

    @Test("no_proxy: *, the host, or a domain it is in, with or without the leading dot; nothing else")
    func bypass() {
        #expect(HTTPSProxy.bypasses("hooks.example.com", noProxy: "*"))
        #expect(HTTPSProxy.bypasses("hooks.example.com", noProxy: "other.org, example.com"))
        #expect(HTTPSProxy.bypasses("hooks.example.com", noProxy: ".example.com"))
        #expect(HTTPSProxy.bypasses("Example.COM", noProxy: "example.com"))
        #expect(!HTTPSProxy.bypasses("badexample.com", noProxy: "example.com"))
        #expect(!HTTPSProxy.bypasses("hooks.example.com", noProxy: ""))
        #expect(!HTTPSProxy.bypasses("hooks.example.com", noProxy: "."))
    }

    @Test("The tunnel is asked for the host and port, an IPv6 address in brackets")
    func request() {
        let proxy = HTTPSProxy(host: "p", port: 1, authorization: "Basic eA==")
        #expect(String(decoding: proxy.connectRequest(to: "::1", port: 8443), as: UTF8.self)
                == "CONNECT [::1]:8443 HTTP/1.1\r\nHost: [::1]:8443\r\nUser-Agent: subs\r\nProxy-Authorization: Basic eA==\r\n\r\n")
    }
}

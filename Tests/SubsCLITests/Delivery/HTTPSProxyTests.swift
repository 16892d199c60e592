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

    @Test("An IPv6 proxy is written in brackets and looked up without them")
    func bracketedIPv6() throws {
        #expect(try HTTPSProxy.forHost("h", environment: ["https_proxy": "http://[::1]:3128"]).get()
                == HTTPSProxy(host: "::1", port: 3128, authorization: nil))
        #expect(try HTTPSProxy.forHost("h", environment: ["https_proxy": "[fe80::1]:8080"]).get()
                == HTTPSProxy(host: "fe80::1", port: 8080, authorization: nil))
    }

    @Test("A refused proxy address is quoted without its user and password")
    func refusedAddressHidesCredentials() {
        for setting in ["socks5://user:TopSecretPw@proxy.lan:1080", "socks5h://TopSecretPw@proxy.lan",
                        "ftp://us:Top/Secret#Pw@proxy.lan"] {
            guard case .failure(let reason) = HTTPSProxy.forHost("h", environment: ["https_proxy": setting]) else {
                Issue.record("\(setting) was taken")
                continue
            }
            #expect(!reason.line.contains("Secret"), "\(reason.line)")
            #expect(reason.line.contains("***@proxy.lan"), "\(reason.line)")
        }
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

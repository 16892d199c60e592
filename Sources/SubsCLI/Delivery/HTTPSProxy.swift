import Foundation
import SubscriptionCore

/// The proxy an `https://` webhook goes through, as curl reads it: `https_proxy` (or
/// `HTTPS_PROXY`), an `http://` proxy that the request tunnels through with `CONNECT`, unless
/// `no_proxy` (or `NO_PROXY`) names the host. A plain `http://` webhook always connects directly.
struct HTTPSProxy: Equatable {
    let host: String
    let port: Int
    /// `Basic …` for a proxy address that carries a user.
    let authorization: String?

    /// curl's port for a proxy address without one.
    static let defaultPort = 1080

    /// The proxy for a request to `host`; nil to connect directly. A proxy address that is not
    /// an `http://` one is a failure, never a quiet direct connection.
    static func forHost(_ host: String, environment: [String: String]) -> Result<HTTPSProxy?, HTTPFailureReason> {
        guard let setting = (environment["https_proxy"] ?? environment["HTTPS_PROXY"]).map(trimmed), !setting.isEmpty,
              !bypasses(host, noProxy: environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
        else { return .success(nil) }
        let address = setting.contains("://") ? setting : "http://" + setting
        // The setting is shown without the user and password it may carry: cron mails stderr.
        guard let components = URLComponents(string: address), components.scheme?.lowercased() == "http",
              let proxyHost = components.host.map(unbracketed), !proxyHost.isEmpty
        else {
            return .failure(HTTPFailureReason(
                localized("https_proxy is not an http:// proxy address: \(setting.withoutURLCredentials)")))
        }
        let authorization = components.user.map { user in
            "Basic " + Data((user + ":" + (components.password ?? "")).utf8).base64EncodedString()
        }
        return .success(HTTPSProxy(host: proxyHost, port: components.port ?? defaultPort, authorization: authorization))
    }

    /// Whether `no_proxy` names `host`: `*`, the host itself, or a domain it is in (`.example.com`
    /// and `example.com` both take `hooks.example.com`).
    static func bypasses(_ host: String, noProxy: String) -> Bool {
        let host = host.lowercased()
        return noProxy.split(separator: ",").map { trimmed(String($0)).lowercased() }.contains { entry in
            let domain = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            return entry == "*" || (!domain.isEmpty && (host == domain || host.hasSuffix("." + domain)))
        }
    }

    /// The request that opens the tunnel to `host`:`port`.
    func connectRequest(to host: String, port: Int) -> Data {
        let authority = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        var head = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\nUser-Agent: subs\r\n"
        if let authorization { head += "Proxy-Authorization: \(authorization)\r\n" }
        return Data((head + "\r\n").utf8)
    }

    /// An IPv6 address without the brackets a URL writes it in (`[::1]`), as name lookup takes it.
    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// Why a request could not be made, as the one line the user reads.
struct HTTPFailureReason: Error, Equatable {
    let line: String
    init(_ line: String) { self.line = line }
}

import Foundation
import SubscriptionCore

/// Posts the reminder as JSON to `--webhook URL` and takes a 2xx status as delivered.
///
/// Hard limits, whatever the server does: the whole request, from name lookup to status line,
/// gets `timeout` seconds; only the status line is read, never the body; a redirect is not
/// followed but counts as a failure (a POST that a redirect turns into a GET, or sends to
/// another host without its body, would be recorded as sent without having been).
///
/// Both schemes go through `HTTPPost`, a small HTTP/1.1 client over a socket where each of these
/// limits is a line of code; `https://` adds TLS from the system's OpenSSL (`TLSStream`), through
/// `https_proxy` when one is set (`HTTPSProxy`). Not
/// URLSession: FoundationNetworking would bring curl and a dozen libraries into every start.
enum WebhookPost {
    /// How long one request may take, unless a test gives `post` a shorter time.
    static let timeout: TimeInterval = 5

    static func post(
        _ payload: String, to address: String, stop: StopSignal?, timeout: TimeInterval = WebhookPost.timeout
    ) -> DeliveryResult {
        guard var components = URLComponents(string: address), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty
        else { return .failed(localized("invalid webhook URL")) }
        components.scheme = scheme
        let deadline = Deadline(after: timeout)
        let outcome: HTTPOutcome
        guard scheme == "http" || scheme == "https" else { return .failed(localized("invalid webhook URL")) }
        var post = HTTPPost(components: components, body: Data(payload.utf8))
        if scheme == "https" {
            switch HTTPSProxy.forHost(HTTPSProxy.unbracketed(host), environment: ProcessInfo.processInfo.environment) {
            case .success(let proxy): post.proxy = proxy
            case .failure(let reason): return .failed(reason.line)
            }
        }
        outcome = post.send(until: deadline, stop: stop)
        switch outcome {
        case .status(let code) where (200..<300).contains(code):
            return .delivered
        case .status(let code) where (300..<400).contains(code):
            return .failed(localized("webhook answered HTTP \(code), a redirect, which subs does not follow; use the address it points to"))
        case .status(let code):
            return .failed(localized("webhook answered HTTP \(code)"))
        case .failed(let reason):
            return .failed(reason)
        case .timedOut:
            return .failed(localized("webhook did not answer within \(Int(timeout)) s"))
        case .stopped:
            return .interrupted
        }
    }
}

/// What one request came to.
enum HTTPOutcome: Equatable {
    /// The final status code (an interim 1xx is skipped).
    case status(Int)
    case failed(String)
    case timedOut
    case stopped
}

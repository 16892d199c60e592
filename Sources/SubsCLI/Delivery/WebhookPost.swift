import Foundation
import SubscriptionCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts the reminder as JSON to `--webhook URL` and takes a 2xx status as delivered.
///
/// Hard limits, whatever the server does: the whole request, from name lookup to status line,
/// gets `timeout` seconds; only the status line is read, never the body; a redirect is not
/// followed but counts as a failure (a POST that a redirect turns into a GET, or sends to
/// another host without its body, would be recorded as sent without having been).
///
/// `http://` goes through `HTTPPost`, a small HTTP/1.1 client over a socket, where each of these
/// limits is a line of code. `https://` needs TLS, which only URLSession offers here; there the
/// limits are enforced around it (a delegate refuses redirects and cancels at the response, and
/// the wait gives up at the deadline).
enum WebhookPost {
    static let timeout: TimeInterval = 5

    static func post(_ payload: String, to address: String, stop: StopSignal?) -> DeliveryResult {
        guard var components = URLComponents(string: address), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty
        else { return .failed(localized("invalid webhook URL")) }
        components.scheme = scheme
        let deadline = Deadline(after: timeout)
        let outcome: HTTPOutcome
        switch scheme {
        case "http":
            outcome = HTTPPost(components: components, body: Data(payload.utf8)).send(until: deadline, stop: stop)
        case "https":
            guard let url = components.url else { return .failed(localized("invalid webhook URL")) }
            outcome = SecurePost.send(Data(payload.utf8), to: url, until: deadline, stop: stop)
        default:
            return .failed(localized("invalid webhook URL"))
        }
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

/// `https://` through URLSession, held to the same limits as `HTTPPost`.
private enum SecurePost {
    static func send(_ body: Data, to url: URL, until deadline: Deadline, stop: StopSignal?) -> HTTPOutcome {
        var request = URLRequest(url: url, timeoutInterval: WebhookPost.timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("subs", forHTTPHeaderField: "User-Agent")
        request.httpBody = body

        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = WebhookPost.timeout
        configuration.timeoutIntervalForResource = WebhookPost.timeout
        guard let probe = Probe(Wakeup()) else { return .failed(localized("webhook request failed: cannot make a pipe")) }
        let session = URLSession(configuration: configuration, delegate: probe, delegateQueue: nil)
        let task = session.dataTask(with: request)
        task.resume()
        let waited = waitFor([(probe.result.descriptor, Int16(POLLIN))], until: deadline, stop: stop)
        task.cancel()
        session.invalidateAndCancel()
        switch waited {
        case .ready: return probe.result.value ?? .failed(localized("webhook request failed"))
        case .timedOut: return .timedOut
        case .stopped: return .stopped
        }
    }

    /// Takes the status and cancels before the body; refuses redirects.
    private final class Probe: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let result: Wakeup<HTTPOutcome>

        init?(_ result: Wakeup<HTTPOutcome>?) {
            guard let result else { return nil }
            self.result = result
        }

        private func finish(_ outcome: HTTPOutcome) { result.deliver(outcome) }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            finish(.status(response.statusCode))
            completionHandler(nil)
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            finish((response as? HTTPURLResponse).map { .status($0.statusCode) }
                   ?? .failed(localized("webhook answered something that is not HTTP")))
            completionHandler(.cancel)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if let error = error as? URLError, error.code == .timedOut {
                finish(.timedOut)
            } else {
                finish(.failed(localized("webhook request failed: \(error?.localizedDescription ?? "no answer")")))
            }
        }
    }
}

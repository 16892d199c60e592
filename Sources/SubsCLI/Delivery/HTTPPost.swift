import SubscriptionCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 POST over a plain socket, for `http://` webhooks: connect, send, read the status
/// line, close. Every step waits in `poll` against one deadline and the stop signal, and nothing
/// after the status line is read, so a slow, silent or endless server costs at most the deadline
/// and no memory.
struct HTTPPost {
    let components: URLComponents
    let body: Data

    /// The longest response head read while looking for the final status line.
    static let headLimit = 16 * 1024

    func send(until deadline: Deadline, stop: StopSignal?) -> HTTPOutcome {
        guard let host = components.host.map(Self.unbracketed), !host.isEmpty else {
            return .failed(localized("invalid webhook URL"))
        }
        let port = components.port ?? 80
        let addresses: [Data]
        switch Self.resolve(host, port: port, until: deadline, stop: stop) {
        case .success(let found): addresses = found
        case .failure(let outcome): return outcome
        }
        var lastFailure = HTTPOutcome.failed(localized("webhook request failed: \(host) has no address"))
        for address in addresses {
            switch Self.connect(to: address, until: deadline, stop: stop) {
            case .success(let socket):
                defer { _ = close(socket) }
                return exchange(on: socket, until: deadline, stop: stop)
            case .failure(let outcome):
                guard case .failed = outcome else { return outcome }
                lastFailure = outcome
            }
        }
        return lastFailure
    }

    // MARK: - The request

    var request: Data {
        let host = components.host.map(Self.unbracketed) ?? ""
        var hostHeader = host.contains(":") ? "[\(host)]" : host
        if let port = components.port { hostHeader += ":\(port)" }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let target = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        var head = "POST \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: subs\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        if let user = components.user {
            let credentials = user + ":" + (components.password ?? "")
            head += "Authorization: Basic \(Data(credentials.utf8).base64EncodedString())\r\n"
        }
        return Data((head + "\r\n").utf8) + body
    }

    private func exchange(on socket: Int32, until deadline: Deadline, stop: StopSignal?) -> HTTPOutcome {
        var pending = request[...]
        while !pending.isEmpty {
            switch waitFor([(socket, Int16(POLLOUT))], until: deadline, stop: stop) {
            case .timedOut: return .timedOut
            case .stopped: return .stopped
            case .ready: break
            }
            let sent = pending.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard sent > 0 else { return .failed(localized("webhook request failed: \(String(cString: strerror(errno)))")) }
            pending = pending.dropFirst(sent)
        }
        return readStatus(from: socket, until: deadline, stop: stop)
    }

    /// The status of the final answer: interim 1xx heads are skipped, and nothing after the
    /// final status line is read.
    private func readStatus(from socket: Int32, until deadline: Deadline, stop: StopSignal?) -> HTTPOutcome {
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let status = Self.finalStatus(in: received) { return status }
            guard received.count < Self.headLimit else {
                return .failed(localized("webhook answer has no status line in its first \(Self.headLimit / 1024) KiB"))
            }
            switch waitFor([(socket, Int16(POLLIN))], until: deadline, stop: stop) {
            case .timedOut: return .timedOut
            case .stopped: return .stopped
            case .ready: break
            }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else {
                return .failed(count == 0 ? "webhook closed the connection without answering"
                               : "webhook request failed: \(String(cString: strerror(errno)))")
            }
            received.append(contentsOf: chunk[0..<count])
        }
    }

    /// The final status in what was received so far, or nil when more is needed.
    static func finalStatus(in received: Data) -> HTTPOutcome? {
        var rest = received[...]
        while let lineEnd = rest.firstRange(of: Data("\r\n".utf8)) {
            let line = String(decoding: rest[rest.startIndex..<lineEnd.lowerBound], as: UTF8.self)
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
                  let code = Int(parts[1]), (100..<600).contains(code)
            else { return .failed(localized("webhook answered something that is not HTTP")) }
            guard (100..<200).contains(code) else { return .status(code) }
            // An interim answer: its head ends with an empty line, then the next answer starts.
            guard let headEnd = rest.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
            rest = rest[headEnd.upperBound...]
        }
        return nil
    }

    // MARK: - Name lookup and connection

    /// A step that gives a value or ends the request with an outcome.
    private enum Attempt<Value> {
        case success(Value)
        case failure(HTTPOutcome)
    }

    private static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The host's addresses as `sockaddr` bytes. `getaddrinfo` cannot be given a deadline, so it
    /// runs on a thread of its own that is left behind if the deadline passes first.
    private static func resolve(
        _ host: String, port: Int, until deadline: Deadline, stop: StopSignal?
    ) -> Attempt<[Data]> {
        guard let lookup = Wakeup<Attempt<[Data]>>() else {
            return .failure(.failed(localized("webhook request failed: cannot make a pipe")))
        }
        Thread.detachNewThread { lookUp(host, port: port, into: lookup) }
        switch waitFor([(lookup.descriptor, Int16(POLLIN))], until: deadline, stop: stop) {
        case .timedOut: return .failure(.timedOut)
        case .stopped: return .failure(.stopped)
        case .ready: return lookup.value ?? .failure(.failed(localized("webhook request failed: name lookup")))
        }
    }

    /// Looks `host` up and hands the addresses, or why there are none, to `wakeup`.
    private static func lookUp(_ host: String, port: Int, into wakeup: Wakeup<Attempt<[Data]>>) {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &list)
        var addresses: [Data] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr {
                addresses.append(Data(bytes: address, count: Int(current.pointee.ai_addrlen)))
            }
            entry = current.pointee.ai_next
        }
        if list != nil { freeaddrinfo(list) }
        wakeup.deliver(code == 0
            ? .success(addresses)
            : .failure(.failed(localized("webhook request failed: cannot find \(host) (\(String(cString: gai_strerror(code))))"))))
    }

    /// A connected, non-blocking socket to `address`.
    private static func connect(to address: Data, until deadline: Deadline, stop: StopSignal?) -> Attempt<Int32> {
        let family = address.withUnsafeBytes { $0.load(as: sockaddr.self).sa_family }
        let socket = Glibc.socket(Int32(family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return .failure(.failed(localized("webhook request failed: \(String(cString: strerror(errno)))"))) }
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        let started = address.withUnsafeBytes {
            Glibc.connect(socket, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        if started != 0 && errno != EINPROGRESS {
            let reason = String(cString: strerror(errno))
            _ = close(socket)
            return .failure(.failed(localized("webhook request failed: \(reason)")))
        }
        if started != 0 {
            switch waitFor([(socket, Int16(POLLOUT))], until: deadline, stop: stop) {
            case .timedOut: _ = close(socket); return .failure(.timedOut)
            case .stopped: _ = close(socket); return .failure(.stopped)
            case .ready: break
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 {
                _ = close(socket)
                return .failure(.failed(localized("webhook request failed: \(String(cString: strerror(error)))")))
            }
        }
        return .success(socket)
    }
}

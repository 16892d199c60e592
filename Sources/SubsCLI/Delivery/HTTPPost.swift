import SubscriptionCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 POST over a socket, for webhooks: connect, (for `https://`) the TLS handshake,
/// send, read the status line, close. Every step waits in `poll` against one deadline and the
/// stop signal, and nothing after the status line is read, so a slow, silent or endless server
/// costs at most the deadline and no memory.
struct HTTPPost {
    let components: URLComponents
    let body: Data
    /// For `https://` only: the proxy to tunnel through, nil to connect directly.
    var proxy: HTTPSProxy? = nil
    /// `https://`: the exchange goes through a `TLSStream`.
    var secure: Bool { components.scheme == "https" }

    /// The longest response head read while looking for the final status line.
    static let headLimit = 16 * 1024

    func send(until deadline: Deadline, stop: StopSignal?) -> HTTPOutcome {
        guard let host = components.host.map(HTTPSProxy.unbracketed), !host.isEmpty else {
            return .failed(localized("invalid webhook URL"))
        }
        let port = components.port ?? (secure ? 443 : 80)
        let tunnel = secure ? proxy : nil
        let addresses: [Data]
        switch Self.resolve(tunnel?.host ?? host, port: tunnel?.port ?? port, until: deadline, stop: stop) {
        case .success(let found): addresses = found
        case .failure(let outcome): return outcome
        }
        var lastFailure = HTTPOutcome.failed(localized("webhook request failed: \(host) has no address"))
        for address in addresses {
            switch Self.connect(to: address, until: deadline, stop: stop) {
            case .success(let socket):
                defer { _ = close(socket) }
                guard secure else { return exchange(over: .plain(socket), until: deadline, stop: stop) }
                // OpenSSL writes to the socket without MSG_NOSIGNAL: a peer that resets must not
                // end the run with SIGPIPE.
                signal(SIGPIPE, SIG_IGN)
                if let tunnel, let refused = open(tunnel, over: socket, to: host, port: port, until: deadline, stop: stop) {
                    return refused
                }
                switch TLSStream.client(socket: socket, host: host) {
                case .success(let stream):
                    return exchange(over: .tls(stream, socket), until: deadline, stop: stop)
                case .failure(let failure):
                    return .failed(localized("webhook request failed: TLS: \(failure.reason)"))
                }
            case .failure(let outcome):
                guard case .failed = outcome else { return outcome }
                lastFailure = outcome
            }
        }
        return lastFailure
    }

    // MARK: - The request

    var request: Data {
        let host = components.host.map(HTTPSProxy.unbracketed) ?? ""
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

    /// Where the bytes go: the socket itself, or TLS over it.
    private enum Transport {
        case plain(Int32)
        case tls(TLSStream, Int32)

        var socket: Int32 {
            switch self {
            case .plain(let socket), .tls(_, let socket): socket
            }
        }

        func send(_ bytes: UnsafeRawBufferPointer) -> TransferStep {
            switch self {
            case .tls(let stream, _): return stream.send(bytes)
            case .plain(let socket):
                let sent = Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                return sent >= 0 ? .done(sent) : Self.step(afterFailure: Int16(POLLOUT))
            }
        }

        func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransferStep {
            switch self {
            case .tls(let stream, _): return stream.receive(into: buffer)
            case .plain(let socket):
                let count = recv(socket, buffer.baseAddress, buffer.count, 0)
                return count > 0 ? .done(count) : count == 0 ? .closed : Self.step(afterFailure: Int16(POLLIN))
            }
        }

        private static func step(afterFailure waitingFor: Int16) -> TransferStep {
            switch errno {
            case EINTR: .done(0)
            case EAGAIN: .wait(waitingFor)
            default: .failed(localized("webhook request failed: \(String(cString: strerror(errno)))"))
            }
        }
    }

    /// Runs `attempt` until it gets somewhere, waiting in `poll` for what it needs in between.
    private func perform(
        _ attempt: () -> TransferStep, on transport: Transport, until deadline: Deadline, stop: StopSignal?
    ) -> Result<Int?, HTTPFailure> {
        while true {
            switch attempt() {
            case .done(0): continue
            case .done(let count): return .success(count)
            case .closed: return .success(nil)
            case .failed(let reason): return .failure(HTTPFailure(outcome: .failed(reason)))
            case .wait(let events):
                switch waitFor([(transport.socket, events)], until: deadline, stop: stop) {
                case .timedOut: return .failure(HTTPFailure(outcome: .timedOut))
                case .stopped: return .failure(HTTPFailure(outcome: .stopped))
                case .ready: continue
                }
            }
        }
    }

    private struct HTTPFailure: Error {
        let outcome: HTTPOutcome
    }

    private func exchange(over transport: Transport, until deadline: Deadline, stop: StopSignal?) -> HTTPOutcome {
        let closedEarly = HTTPOutcome.failed(localized("webhook closed the connection without answering"))
        if case .tls(let stream, _) = transport {
            switch perform(stream.handshake, on: transport, until: deadline, stop: stop) {
            case .failure(let failure): return failure.outcome
            case .success(nil): return closedEarly
            case .success: break
            }
        }
        var pending = request[...]
        while !pending.isEmpty {
            let step = perform({ pending.withUnsafeBytes { transport.send($0) } }, on: transport, until: deadline, stop: stop)
            switch step {
            case .failure(let failure): return failure.outcome
            case .success(nil): return closedEarly
            case .success(let sent?): pending = pending.dropFirst(sent)
            }
        }
        return readStatus(from: transport, until: deadline, stop: stop)
    }

    /// Asks `proxy` for a tunnel to `host`:`port` and reads its answer's head to the end, byte by
    /// byte, so that nothing of what follows (the server's TLS) is taken. Nil when the tunnel is
    /// open; else what the request came to.
    private func open(
        _ proxy: HTTPSProxy, over socket: Int32, to host: String, port: Int, until deadline: Deadline, stop: StopSignal?
    ) -> HTTPOutcome? {
        let transport = Transport.plain(socket)
        let closedEarly = HTTPOutcome.failed(localized("webhook request failed: the proxy closed the connection"))
        var pending = proxy.connectRequest(to: host, port: port)[...]
        while !pending.isEmpty {
            switch perform({ pending.withUnsafeBytes { transport.send($0) } }, on: transport, until: deadline, stop: stop) {
            case .failure(let failure): return failure.outcome
            case .success(nil): return closedEarly
            case .success(let sent?): pending = pending.dropFirst(sent)
            }
        }
        var head = Data()
        var byte = [UInt8](repeating: 0, count: 1)
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            guard head.count < Self.headLimit else { return .failed(localized("webhook request failed: the proxy's answer is too long")) }
            switch perform({ byte.withUnsafeMutableBytes { transport.receive(into: $0) } }, on: transport, until: deadline, stop: stop) {
            case .failure(let failure): return failure.outcome
            case .success(nil): return closedEarly
            case .success: head.append(byte[0])
            }
        }
        switch Self.finalStatus(in: head) {
        case .status(let code)? where (200..<300).contains(code): return nil
        case .status(let code)?: return .failed(localized("webhook request failed: the proxy answered HTTP \(code)"))
        default: return .failed(localized("webhook request failed: the proxy answered something that is not HTTP"))
        }
    }

    /// The status of the final answer: interim 1xx heads are skipped, and nothing after the
    /// final status line is read.
    private func readStatus(from transport: Transport, until deadline: Deadline, stop: StopSignal?) -> HTTPOutcome {
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let status = Self.finalStatus(in: received) { return status }
            guard received.count < Self.headLimit else {
                return .failed(localized("webhook answer has no status line in its first \(Self.headLimit / 1024) KiB"))
            }
            let step = perform({ chunk.withUnsafeMutableBytes { transport.receive(into: $0) } },
                               on: transport, until: deadline, stop: stop)
            switch step {
            case .failure(let failure): return failure.outcome
            case .success(nil): return .failed(localized("webhook closed the connection without answering"))
            case .success(let count?): received.append(contentsOf: chunk[0..<count])
            }
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

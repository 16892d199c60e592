import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (never any other address) with an ephemeral port, for
/// tests of `subs remind --webhook`. It answers every request with `status` and
/// `Connection: close` (or as `script` says, request by request), and records each request's
/// method, path, headers and body.
///
/// It is bounded: it serves on one background thread that ends when `stop()` is called (also on
/// deinit), after `maxRequests` requests, or when `lifetime` has passed, whichever comes first.
final class RecordingHTTPServer: Sendable {
    struct Request: Sendable, CustomStringConvertible {
        let method: String
        let path: String
        /// Header names in lower case.
        let headers: [String: String]
        let body: Data

        var bodyText: String { String(decoding: body, as: UTF8.self) }
        var description: String { "\(method) \(path) \(bodyText.debugDescription)" }

        /// The body parsed as one JSON object, or nil.
        var jsonObject: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        }
    }

    /// How the server answers one request.
    enum Behaviour: Sendable {
        /// The status, with an empty body.
        case answer(Int)
        /// A redirect with this status to `location`.
        case redirect(Int, location: String)
        /// No answer at all, until the client gives up.
        case silent
        /// `HTTP/1.1 200 OK` and its head, one byte every `every` seconds.
        case trickle(every: TimeInterval)
        /// This status, then a body that never ends, as fast as the client takes it.
        case endlessBody(Int)
    }

    let port: UInt16
    private let core: Core

    /// Starts listening on 127.0.0.1 at a port the system chooses. The n-th request is answered
    /// as `script[n]` says, and any after the script with `status`.
    init(status: Int = 204, script: [Behaviour] = [], maxRequests: Int = 64, lifetime: TimeInterval = 60) throws {
        core = try Core(status: status, script: script, maxRequests: maxRequests, lifetime: lifetime)
        port = core.port
    }

    /// The test is done with the server: it stops.
    deinit {
        core.stop()
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The status code the next requests get.
    var status: Int {
        get { core.status }
        set { core.status = newValue }
    }

    /// Every request received so far, in order.
    var requests: [Request] { core.requests }

    /// Waits until `count` requests have arrived (or the server's lifetime ends); true if they did.
    func waitForRequests(_ count: Int) -> Bool { core.waitForRequests(count) }

    /// Stops serving and closes the listening socket.
    func stop() { core.stop() }

}

/// A port on 127.0.0.1 that refuses connections: bound but not listening, and held until deinit so
/// that no other server can take it meanwhile.
final class RefusingPort: Sendable {
    let port: UInt16
    private let socket: Int32

    init() throws {
        (socket, port) = try Core.loopbackSocket()
    }

    deinit {
        _ = close(socket)
    }

    func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }
}

/// The serving thread's state; the thread holds it, not the server, so that the server's deinit
/// can stop it.
private final class Core: @unchecked Sendable {
    typealias Request = RecordingHTTPServer.Request

    let port: UInt16
    private let maxRequests: Int
    private let listener: Int32
    private let deadline: Date
    private let lock = NSLock()
    private var recorded: [Request] = []
    private var answer: Int
    private let script: [RecordingHTTPServer.Behaviour]
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)
    private let arrived = NSCondition()

    init(status: Int, script: [RecordingHTTPServer.Behaviour], maxRequests: Int, lifetime: TimeInterval) throws {
        self.answer = status
        self.script = script
        self.maxRequests = maxRequests
        self.deadline = Date().addingTimeInterval(lifetime)
        let (socket, port) = try Self.loopbackSocket()
        guard listen(socket, 16) == 0 else {
            let message = String(cString: strerror(errno))
            _ = close(socket)
            throw HarnessError("listen: \(message)")
        }
        self.listener = socket
        self.port = port
        let thread = Thread { [self] in self.serve() }
        thread.name = "RecordingHTTPServer:\(port)"
        thread.start()
    }

    var status: Int {
        get { lock.withLock { answer } }
        set { lock.withLock { answer = newValue } }
    }

    var requests: [Request] { lock.withLock { recorded } }

    func waitForRequests(_ count: Int) -> Bool {
        arrived.lock()
        defer { arrived.unlock() }
        while requests.count < count {
            guard arrived.wait(until: deadline) else { return requests.count >= count }
        }
        return true
    }

    /// Asks the thread to stop and waits (a little) until it has closed the listening socket.
    func stop() {
        let first: Bool = lock.withLock {
            defer { stopping = true }
            return !stopping
        }
        if first { _ = finished.wait(timeout: .now() + 5) }
    }

    // MARK: Serving

    private var shouldStop: Bool {
        lock.withLock { stopping || recorded.count >= maxRequests } || Date() >= deadline
    }

    private func serve() {
        defer {
            _ = close(listener)
            lock.withLock { stopping = true }
            finished.signal()
        }
        while !shouldStop {
            var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, 100)
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            handle(client)
            _ = close(client)
        }
    }

    private func handle(_ client: Int32) {
        // A client that stalls must not hold the server: give up on a read after 5 s.
        var patience = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))

        var buffer = Data()
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            guard let chunk = receive(client), buffer.count < 1 << 20 else { return }
            buffer.append(chunk)
            headerEnd = buffer.range(of: separator)
        }
        guard let headerEnd else { return }
        let head = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ").map(String.init)
        guard requestLine.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" {
            send(client, "HTTP/1.1 100 Continue\r\n\r\n")
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        var body = Data(buffer[headerEnd.upperBound...])
        while body.count < length {
            guard let chunk = receive(client) else { break }
            body.append(chunk)
        }
        let request = Request(method: requestLine[0], path: requestLine[1], headers: headers,
                              body: body.prefix(length))
        let behaviour = lock.withLock { () -> RecordingHTTPServer.Behaviour in
            recorded.append(request)
            return recorded.count <= script.count ? script[recorded.count - 1] : .answer(answer)
        }
        arrived.lock()
        arrived.broadcast()
        arrived.unlock()
        switch behaviour {
        case .answer(let code):
            var response = "HTTP/1.1 \(code) \(Self.reason(code))\r\n"
            if code != 204 && code >= 200 { response += "Content-Length: 0\r\n" }
            send(client, response + "Connection: close\r\n\r\n")
        case .redirect(let code, let location):
            send(client, "HTTP/1.1 \(code) \(Self.reason(code))\r\nLocation: \(location)\r\n"
                 + "Content-Length: 0\r\nConnection: close\r\n\r\n")
        case .silent:
            while !clientLeft(client, within: 100) {}
        case .trickle(let interval):
            for byte in "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n" {
                guard !clientLeft(client, within: Int32(interval * 1000)) else { return }
                send(client, String(byte))
            }
        case .endlessBody(let code):
            send(client, "HTTP/1.1 \(code) \(Self.reason(code))\r\nContent-Type: application/octet-stream\r\n"
                 + "Connection: close\r\n\r\n")
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 65536)
            while !lock.withLock({ stopping }) && Date() < deadline && send(client, chunk) {}
        }
        _ = shutdown(client, Int32(SHUT_RDWR))
    }

    private static func reason(_ code: Int) -> String {
        [200: "OK", 204: "No Content", 301: "Moved Permanently", 302: "Found", 307: "Temporary Redirect",
         308: "Permanent Redirect", 400: "Bad Request", 404: "Not Found", 500: "Internal Server Error",
         503: "Service Unavailable"][code] ?? "Status"
    }

    /// Waits up to `milliseconds` for the client to close its end; true when it did, when the
    /// server is stopping, or when its lifetime is over.
    private func clientLeft(_ client: Int32, within milliseconds: Int32) -> Bool {
        if lock.withLock({ stopping }) || Date() >= deadline { return true }
        var waiting = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(client, &byte, 1, Int32(MSG_PEEK)) <= 0
    }

    /// Up to 64 KiB from `client`, or nil at the end of the stream, on an error or a timeout.
    private func receive(_ client: Int32) -> Data? {
        var bytes = [UInt8](repeating: 0, count: 65536)
        let count = bytes.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Data(bytes[0..<count]) : nil
    }

    private func send(_ client: Int32, _ text: String) {
        _ = send(client, Data(text.utf8))
    }

    /// Sends all of `data`; false when the client is gone.
    private func send(_ client: Int32, _ data: Data) -> Bool {
        var data = data
        while !data.isEmpty {
            #if canImport(Glibc)
            let sent = data.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let sent = data.withUnsafeBytes { Darwin.send(client, $0.baseAddress, $0.count, 0) }
            #endif
            guard sent > 0 else { return false }
            data.removeFirst(sent)
        }
        return true
    }

    /// A TCP socket bound to 127.0.0.1 at a port the system chooses, and that port.
    static func loopbackSocket() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let message = String(cString: strerror(errno))
            _ = close(socket)
            throw HarnessError("bind 127.0.0.1:0: \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else {
            let message = String(cString: strerror(errno))
            _ = close(socket)
            throw HarnessError("getsockname: \(message)")
        }
        return (socket, UInt16(bigEndian: address.sin_port))
    }
}

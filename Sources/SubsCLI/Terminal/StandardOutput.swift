import SubscriptionCore
#if canImport(Glibc)
import Glibc
#endif

/// Standard output written as bytes, for output too long to build as one `String` first.
enum StandardOutput {
    static func write(_ text: StaticString) {
        text.withUTF8Buffer { write(UnsafeRawBufferPointer($0)) }
    }

    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Each of `pieces` in turn: a long table, made in parts.
    static func write(_ pieces: [[UInt8]]) {
        pieces.forEach(write)
    }

    /// Writes all of `bytes` to file descriptor 1, after anything `print` has buffered. A reader
    /// that stopped reading (`| head`, with SIGPIPE ignored) ends the run quietly, as `print`
    /// would have carried on quietly; output that cannot be written (a full disk) ends it with one
    /// line and status 1.
    static func write(_ bytes: UnsafeRawBufferPointer) {
        fflush(nil)
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(1, next, remaining)
            if written >= 0 {
                next += written
                remaining -= written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                var output = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
                _ = poll(&output, 1, -1)
            // At once, without exit handlers: the other core may still be making a JSON block.
            case EPIPE: _exit(0)
            default:
                printError("subs: " + localized("cannot write to standard output: \(String(cString: strerror(errno)))"))
                exit(1)
            }
        }
    }
}

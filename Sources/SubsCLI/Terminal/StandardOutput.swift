#if canImport(Glibc)
import Glibc
#endif

/// Standard output written as bytes, for output too long to build as one `String` first.
enum StandardOutput {
    /// How much a streaming writer gathers before writing.
    static let chunk = 64 * 1024

    static func write(_ text: StaticString) {
        text.withUTF8Buffer { write(UnsafeRawBufferPointer($0)) }
    }

    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Writes all of `bytes` to file descriptor 1, after anything `print` has buffered. Output
    /// that cannot be written (a full disk) ends the process with status 1.
    static func write(_ bytes: UnsafeRawBufferPointer) {
        fflush(nil)
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(1, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                exit(1)
            }
            next += written
            remaining -= written
        }
    }
}

import COpenSSL
import SubscriptionCore
#if canImport(Glibc)
import Glibc
#endif

/// One step of a transfer on a non-blocking socket.
enum TransferStep {
    /// This many bytes went (or came); zero means try again at once.
    case done(Int)
    /// Nothing yet: wait for these `poll` events, then try again.
    case wait(Int16)
    /// The peer closed the connection.
    case closed
    case failed(String)
}

/// A TLS client session over a connected, non-blocking socket, through the system's OpenSSL
/// (which SQLCipher loads anyway): the server's certificate must chain to an authority the
/// system trusts (`SSL_CERT_FILE` and `SSL_CERT_DIR` are honoured, as by curl) and name the host.
/// Only `https://` webhooks use it, so nothing of it runs for any other command.
final class TLSStream {
    private let context: OpaquePointer
    private let session: OpaquePointer

    /// A session ready for its handshake, or why OpenSSL could not set one up.
    static func client(socket: Int32, host: String) -> Result<TLSStream, TLSSetupFailure> {
        guard let context = SSL_CTX_new(TLS_client_method()) else { return .failure(TLSSetupFailure(TLSStream.lastError())) }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        guard SSL_CTX_set_default_verify_paths(context) == 1, let session = SSL_new(context) else {
            SSL_CTX_free(context)
            return .failure(TLSSetupFailure(TLSStream.lastError()))
        }
        let stream = TLSStream(context: context, session: session)
        var address = in6_addr()
        let isAddress = inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
        let named = isAddress
            ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(session), host) == 1
            // The name the certificate must carry, and the one the server picks it by (SNI).
            : SSL_set1_host(session, host) == 1 && subs_set_server_name(session, host) == 1
        guard named, SSL_set_fd(session, socket) == 1 else { return .failure(TLSSetupFailure(TLSStream.lastError())) }
        SSL_set_connect_state(session)
        return .success(stream)
    }

    private init(context: OpaquePointer, session: OpaquePointer) {
        self.context = context
        self.session = session
    }

    deinit {
        SSL_free(session)
        SSL_CTX_free(context)
    }

    func handshake() -> TransferStep {
        step(SSL_do_handshake(session))
    }

    func send(_ bytes: UnsafeRawBufferPointer) -> TransferStep {
        step(SSL_write(session, bytes.baseAddress, Int32(bytes.count)))
    }

    func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransferStep {
        step(SSL_read(session, buffer.baseAddress, Int32(buffer.count)))
    }

    private func step(_ result: Int32) -> TransferStep {
        if result > 0 { return .done(Int(result)) }
        switch SSL_get_error(session, result) {
        case SSL_ERROR_WANT_READ: return .wait(Int16(POLLIN))
        case SSL_ERROR_WANT_WRITE: return .wait(Int16(POLLOUT))
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_SYSCALL where errno == EINTR: return .done(0)
        case SSL_ERROR_SYSCALL where ERR_peek_error() == 0:
            return errno == 0 ? .closed : .failed(localized("webhook request failed: \(String(cString: strerror(errno)))"))
        default:
            let verification = SSL_get_verify_result(session)
            if verification != X509_V_OK {
                let reason = String(cString: X509_verify_cert_error_string(verification))
                return .failed(localized("webhook's certificate is not trusted: \(reason)"))
            }
            return .failed(localized("webhook request failed: TLS: \(Self.lastError())"))
        }
    }

    /// OpenSSL's description of its latest error, and the queue cleared.
    private static func lastError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "unknown error" }
        let text = [CChar](unsafeUninitializedCapacity: 256) { buffer, count in
            ERR_error_string_n(code, buffer.baseAddress, buffer.count)
            count = buffer.count
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

struct TLSSetupFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

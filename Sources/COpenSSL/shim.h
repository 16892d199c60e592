#ifndef SUBS_COPENSSL_SHIM_H
#define SUBS_COPENSSL_SHIM_H

// TLS for `https://` webhooks: the system's OpenSSL, which SQLCipher already loads.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

// SSL_set_tlsext_host_name is a macro, which Swift does not import.
static inline long subs_set_server_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}

#endif

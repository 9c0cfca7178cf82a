#ifndef GRAPH_EXPLORER_COPENSSL_SHIM_H
#define GRAPH_EXPLORER_COPENSSL_SHIM_H

// OpenSSL (3.x) for the proxy's TLS and its local certificate authority. Several of its calls
// are macros (SSL_CTX_set_min_proto_version, SSL_CTX_set_tlsext_servername_callback,
// SSL_get_servername's constants) or take variadic or callback arguments Swift cannot form;
// these static inline wrappers give each one a fixed signature.

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <string.h>

/// Picks the certificate for the name a client asked for (SNI): returns an SSL_CTX to switch
/// to, or NULL to keep the current one.
typedef SSL_CTX *(*ge_ssl_sni_callback)(const char *server_name, void *context);

static inline int ge_ssl_ctx_set_min_version(SSL_CTX *ctx, int version) {
  return (int)SSL_CTX_set_min_proto_version(ctx, version);
}

static inline int ge_ssl_ctx_set_max_version(SSL_CTX *ctx, int version) {
  return (int)SSL_CTX_set_max_proto_version(ctx, version);
}

static inline int ge_tls1_2_version(void) { return TLS1_2_VERSION; }
static inline int ge_tls1_3_version(void) { return TLS1_3_VERSION; }

static inline long ge_ssl_ctx_set_mode(SSL_CTX *ctx, long mode) {
  return SSL_CTX_set_mode(ctx, mode);
}

static inline long ge_ssl_mode_partial_write(void) {
  return SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER;
}

static inline int ge_ssl_servername_callback(SSL *ssl, int *alert, void *arg) {
  (void)alert;
  const char *name = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
  ge_ssl_sni_callback pick = (ge_ssl_sni_callback)((void **)arg)[0];
  void *context = ((void **)arg)[1];
  if (name == NULL || pick == NULL) return SSL_TLSEXT_ERR_OK;
  SSL_CTX *chosen = pick(name, context);
  if (chosen == NULL) return SSL_TLSEXT_ERR_ALERT_FATAL;
  SSL_set_SSL_CTX(ssl, chosen);
  return SSL_TLSEXT_ERR_OK;
}

/// Calls `pick(name, context)` for each client's SNI name; `slots` (two pointers: the callback
/// and its context) must outlive `ctx`.
static inline void ge_ssl_ctx_set_sni(SSL_CTX *ctx, void **slots) {
  SSL_CTX_set_tlsext_servername_callback(ctx, ge_ssl_servername_callback);
  SSL_CTX_set_tlsext_servername_arg(ctx, slots);
}

static inline int ge_ssl_alpn_select(
    SSL *ssl, const unsigned char **out, unsigned char *outlen, const unsigned char *in,
    unsigned int inlen, void *arg) {
  (void)ssl;
  (void)arg;
  static const unsigned char http11[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
  unsigned char *selected = NULL;
  if (SSL_select_next_proto(&selected, outlen, http11, sizeof http11, in, inlen)
      != OPENSSL_NPN_NEGOTIATED) {
    return SSL_TLSEXT_ERR_NOACK;
  }
  *out = selected;
  return SSL_TLSEXT_ERR_OK;
}

/// Answers ALPN with http/1.1 when the client offers it (and without ALPN when it does not).
static inline void ge_ssl_ctx_set_alpn_http11(SSL_CTX *ctx) {
  SSL_CTX_set_alpn_select_cb(ctx, ge_ssl_alpn_select, NULL);
}

static inline int ge_ssl_set_hostname(SSL *ssl, const char *name) {
  return (int)SSL_set_tlsext_host_name(ssl, name);
}

static inline const char *ge_ssl_servername(const SSL *ssl) {
  return SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
}

/// Adds the extension `name` = `value` (OpenSSL's configuration syntax, such as
/// "critical,CA:TRUE") to `cert`, issued by `issuer` (NULL: self-signed).
static inline int ge_x509_add_extension(X509 *cert, X509 *issuer, int nid, const char *value) {
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, issuer != NULL ? issuer : cert, cert, NULL, NULL, 0);
  X509_EXTENSION *extension = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
  if (extension == NULL) return 0;
  int ok = X509_add_ext(cert, extension, -1);
  X509_EXTENSION_free(extension);
  return ok;
}

static inline EVP_PKEY *ge_ec_p256_key(void) { return EVP_EC_gen("P-256"); }

static inline int ge_pem_write_key(BIO *bio, EVP_PKEY *key) {
  return PEM_write_bio_PrivateKey(bio, key, NULL, NULL, 0, NULL, NULL);
}

static inline EVP_PKEY *ge_pem_read_key(BIO *bio) {
  return PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
}

static inline X509 *ge_pem_read_cert(BIO *bio) { return PEM_read_bio_X509(bio, NULL, NULL, NULL); }

static inline long ge_bio_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }

static inline int ge_ssl_error_want_read(void) { return SSL_ERROR_WANT_READ; }
static inline int ge_ssl_error_want_write(void) { return SSL_ERROR_WANT_WRITE; }
static inline int ge_ssl_error_zero_return(void) { return SSL_ERROR_ZERO_RETURN; }

/// Adds a subjectAltName holding the one dNSName `name` (`length` bytes) to `cert`, built with
/// the GENERAL_NAME API: the name is a value, never parsed as OpenSSL's configuration syntax.
static inline int ge_x509_add_dns_san(X509 *cert, const char *name, int length) {
  GENERAL_NAMES *names = sk_GENERAL_NAME_new_null();
  GENERAL_NAME *entry = GENERAL_NAME_new();
  ASN1_IA5STRING *value = ASN1_IA5STRING_new();
  if (names == NULL || entry == NULL || value == NULL || !ASN1_STRING_set(value, name, length)) {
    ASN1_IA5STRING_free(value);
    GENERAL_NAME_free(entry);
    sk_GENERAL_NAME_free(names);
    return 0;
  }
  GENERAL_NAME_set0_value(entry, GEN_DNS, value);
  if (!sk_GENERAL_NAME_push(names, entry)) {
    GENERAL_NAME_free(entry);
    sk_GENERAL_NAME_free(names);
    return 0;
  }
  int ok = X509_add1_ext_i2d(cert, NID_subject_alt_name, names, 0, X509V3_ADD_DEFAULT);
  GENERAL_NAMES_free(names);
  return ok;
}

/// The dNSNames of `cert`'s subjectAltName, joined by `\n` into `out` (`capacity` bytes, NUL
/// ended); the count of names, or -1 when there is no subjectAltName.
static inline int ge_x509_san_dns_names(X509 *cert, char *out, int capacity) {
  GENERAL_NAMES *names = X509_get_ext_d2i(cert, NID_subject_alt_name, NULL, NULL);
  if (names == NULL) return -1;
  int count = 0, used = 0;
  out[0] = 0;
  for (int i = 0; i < sk_GENERAL_NAME_num(names); i++) {
    GENERAL_NAME *entry = sk_GENERAL_NAME_value(names, i);
    int type = 0;
    ASN1_STRING *value = GENERAL_NAME_get0_value(entry, &type);
    if (type != GEN_DNS) { count++; continue; }
    int length = ASN1_STRING_length(value);
    if (used + length + 2 > capacity) break;
    if (used > 0) out[used++] = '\n';
    memcpy(out + used, ASN1_STRING_get0_data(value), (size_t)length);
    used += length;
    out[used] = 0;
    count++;
  }
  GENERAL_NAMES_free(names);
  return count;
}

/// Picks the certificate of a handshake once the ClientHello (and its SNI) has been read.
typedef int (*ge_ssl_cert_pick)(SSL *ssl, void *arg);

static inline void ge_ssl_ctx_set_cert_pick(SSL_CTX *ctx, ge_ssl_cert_pick pick, void *arg) {
  SSL_CTX_set_cert_cb(ctx, pick, arg);
}

/// A server session reading from and writing to two memory BIOs (owned by the session): the
/// caller moves bytes between them and the socket.
static inline SSL *ge_ssl_new_with_memory(SSL_CTX *ctx, BIO **in, BIO **out) {
  SSL *ssl = SSL_new(ctx);
  if (ssl == NULL) return NULL;
  BIO *rbio = BIO_new(BIO_s_mem());
  BIO *wbio = BIO_new(BIO_s_mem());
  if (rbio == NULL || wbio == NULL) {
    BIO_free(rbio);
    BIO_free(wbio);
    SSL_free(ssl);
    return NULL;
  }
  BIO_set_mem_eof_return(rbio, -1);
  SSL_set_bio(ssl, rbio, wbio);
  SSL_set_accept_state(ssl);
  *in = rbio;
  *out = wbio;
  return ssl;
}

static inline long ge_bio_pending(BIO *bio) { return (long)BIO_ctrl_pending(bio); }
static inline int ge_ssl_error_ssl(void) { return SSL_ERROR_SSL; }
static inline int ge_ssl_error_syscall(void) { return SSL_ERROR_SYSCALL; }
static inline unsigned long ge_ssl_op_no_renegotiation(void) { return SSL_OP_NO_RENEGOTIATION; }

#endif

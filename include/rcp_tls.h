/*
 * rcp_tls.h - TLS for node connections (OpenSSL 3, memory BIOs): the transport under a connection, apart from
 * RESP and from the batch engine.
 *
 * Two levels:
 *  - rcp_tls: one TLS configuration (CA, client certificate, verification rules, protocol versions), built once
 *    per process for each distinct set of settings and kept until MSHUTDOWN (process memory, malloc). Every
 *    client and connection with those settings shares it. Its hash is part of the pool key, so connections made
 *    under different TLS settings are never shared.
 *  - rcp_tls_conn: the TLS state of one connection. OpenSSL never touches the socket: ciphertext read from the
 *    socket is fed in (rcp_tls_feed), plaintext comes out (rcp_tls_read); plaintext written (rcp_tls_write)
 *    leaves ciphertext to send (rcp_tls_out). So the engine (engine.c) keeps its own write-everything-then-read
 *    batch and the RESP reader sees exactly the decrypted bytes.
 *
 * Errors are strings for the caller's rcp_err (the node is named by the caller); they never contain a secret
 * (the passphrase, key contents). OpenSSL's error queue is left empty after every call (PHP's openssl
 * extension reads the same queue).
 */
#ifndef RCP_TLS_H
#define RCP_TLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "rcp_err.h"

/* What the user asked for, parsed by the binding (strings borrowed, NUL-terminated, NULL when not given). */
typedef struct {
	bool enabled;                 /* tls:// / rediss:// seeds, or parameters.scheme => 'tls' */
	const char *cafile, *capath;  /* NULL both: the ini redis_cluster_pool.tls_cafile, else OpenSSL's default paths */
	const char *local_cert;       /* client certificate (PEM; may hold the key too) */
	const char *local_pk;         /* client key (PEM); NULL: read from local_cert */
	const char *passphrase;       /* of the client key; never copied, never shown */
	size_t passphrase_len;
	const char *peer_name;        /* name checked (and sent as SNI) instead of each node's endpoint */
	const char *ciphers;          /* OpenSSL cipher list for TLS <= 1.2 */
	bool verify_peer;             /* the chain, to a trusted CA, within its validity dates (default true) */
	bool verify_peer_name;        /* the certificate is for the endpoint (or peer_name) (default true) */
	bool allow_self_signed;       /* a self-signed server certificate passes the chain check */
	bool sni;                     /* send SNI (default true; never for an IP address) */
	int min_version, max_version; /* TLS1_2_VERSION ...; 0: TLS 1.2, and the highest OpenSSL has */
} rcp_tls_opts;

typedef struct rcp_tls rcp_tls;
typedef struct rcp_tls_conn rcp_tls_conn;

/* The defaults of rcp_tls_opts (TLS off; verify_peer, verify_peer_name and SNI on). */
void rcp_tls_opts_init(rcp_tls_opts *o);

/*
 * The configuration for these settings (created and loaded on first use, then found by their hash; the files
 * are loaded again when they changed on disk, checked at most once a second). RCP_E_ARGUMENT, naming the
 * parameters.ssl key, when a file or value does not load. Never freed before rcp_tls_mshutdown().
 */
rcp_status rcp_tls_get(const rcp_tls_opts *o, rcp_tls **out, rcp_err *err);

/* 64-bit hash of the settings (secrets hashed, never stored): part of the pool key. */
uint64_t rcp_tls_hash(const rcp_tls *t);


/* ---- one connection ---------------------------------------------------------------------------------- */

/* TLS state for a connection to host:port (the name checked and sent as SNI: peer_name, else host). NULL when
 * OpenSSL cannot allocate. A session of an earlier connection to that node is offered for resumption. */
rcp_tls_conn *rcp_tls_conn_new(rcp_tls *t, const char *host, int port);
void rcp_tls_conn_free(rcp_tls_conn *tc);

/* Ciphertext read from the socket. */
void rcp_tls_feed(rcp_tls_conn *tc, const char *buf, size_t len);

/* Advance the handshake: 1 done, 0 needs more bytes from the server (send rcp_tls_out() first), -1 failed
 * (msg: what failed, e.g. "certificate verification failed: certificate has expired (...)"). */
int rcp_tls_handshake(rcp_tls_conn *tc, char *msg, size_t cap);

/* Plaintext that arrived: > 0 bytes copied to out, 0 nothing complete yet, RCP_TLS_CLOSED the server sent
 * close_notify, RCP_TLS_ERROR a TLS error (msg). Call until it returns <= 0. */
#define RCP_TLS_CLOSED (-1)
#define RCP_TLS_ERROR (-2)
ssize_t rcp_tls_read(rcp_tls_conn *tc, char *out, size_t cap, char *msg, size_t mcap);

/* Encrypt len bytes of plaintext (never partial: memory BIO). false on an OpenSSL failure (msg). */
bool rcp_tls_write(rcp_tls_conn *tc, const char *buf, size_t len, char *msg, size_t mcap);

/* Ciphertext waiting to be sent (pointer valid until rcp_tls_out_clear() or the next call). */
size_t rcp_tls_out(rcp_tls_conn *tc, const char **p);
void rcp_tls_out_clear(rcp_tls_conn *tc);

/* ZTS: a connection handed over to another thread (src/core/pool.c) uses that thread's configuration for the same
 * settings from now on (its session cache, the messages' hints); its SSL object keeps the SSL_CTX it was made with
 * (OpenSSL holds a reference), used by one thread at a time. */
void rcp_tls_conn_rebind(rcp_tls_conn *tc, rcp_tls *cfg);

/* Nothing buffered on the way in (no record, partial or whole, left undecrypted; no plaintext left) and no
 * close_notify received: the reuse check of a pooled connection. */
bool rcp_tls_idle(rcp_tls_conn *tc);

/* Whether the completed handshake resumed a session. */
bool rcp_tls_resumed(rcp_tls_conn *tc);

/* MSHUTDOWN: free every configuration. */
void rcp_tls_mshutdown(void);

#endif

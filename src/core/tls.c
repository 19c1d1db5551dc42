/*
 * tls.c - TLS configurations and per-connection TLS state over memory BIOs (see rcp_tls.h).
 *
 * Why memory BIOs rather than an SSL bound to the socket: the engine (engine.c) owns the socket (libuv), writes
 * every node of a batch before reading any and keeps reading armed on idle connections. With memory BIOs OpenSSL
 * only turns bytes into bytes: the batch engine, the deadline, the reuse check (conn.c) and the RESP reader stay
 * as they are, and a TLS connection differs from a plaintext one only where bytes cross the socket (engine.c).
 *
 * Invariants:
 *  - OpenSSL's (thread-local) error queue is empty when any function here returns: PHP's openssl extension
 *    reports that same queue through openssl_error_string();
 *  - a configuration (rcp_tls) lives until MSHUTDOWN; its SSL_CTX may be replaced when the files it loaded
 *    change on disk (SSL objects hold their own reference to the old one, so live connections are unaffected);
 *  - no secret is kept: the passphrase is read from the caller's options while the key loads and only its keyed
 *    hash (rcp_secret_hash) enters the configuration's hash;
 *  - a verification failure is never ignored unless the settings say so (verify_peer / verify_peer_name false,
 *    allow_self_signed), and never falls back to plaintext: the connection fails.
 *
 * Sessions: every session a server gives us (TLS 1.3 tickets arrive after the handshake, read with the first
 * reply) is kept per configuration and node, in this process and, serialized, in the shared segment
 * (rcp_shm_tls_session_*), and offered when a new connection to that node is opened: a reconnect, or the first
 * connection of a worker that never talked to the node, costs an abbreviated handshake.
 */
#include <arpa/inet.h>
#include <string.h>
#include <sys/stat.h>

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

#include "php.h"
#include "rcp_tls.h"
#include "rcp_shm.h"
#include "rcp_hash.h"
#include "rcp_util.h"


#define RCP_TLS_FILES 4          /* cafile, capath, local_cert, local_pk */
#define RCP_TLS_CHECK_MS 1000    /* files are checked for changes at most this often */

typedef struct {
	char *path;                  /* malloc'd, NULL when not used */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
} rcp_tls_file;

struct rcp_tls {
	uint64_t hash;
	SSL_CTX *ctx;
	char *peer_name;             /* malloc'd or NULL */
	bool verify_peer, verify_peer_name, allow_self_signed, sni;
	bool has_cert;               /* a client certificate is configured (for the hints of failure messages) */
	rcp_tls_file files[RCP_TLS_FILES];
	uint64_t checked_ms;
	HashTable sessions;          /* "host:port" -> SSL_SESSION* (one reference each) */
};

struct rcp_tls_conn {
	rcp_tls *cfg;
	SSL *ssl;
	BIO *rbio, *wbio;            /* owned by ssl */
	char node[300];              /* "host:port": the session cache key */
	int verify_err;              /* the first verification error that was not ignored, X509_V_OK when none */
	int verify_depth;
	char verify_subject[160];
	char checked_name[256];      /* the name (or IP) the certificate had to match */
};

/* per thread under ZTS: each thread its own SSL_CTX per settings (the sessions are shared through the segment) */
ZEND_TLS HashTable rcp_tls_configs;   /* hash (as a string key) -> rcp_tls* */
ZEND_TLS bool rcp_tls_ready;
static int rcp_tls_ex_idx = -1;
#ifdef ZTS
static pthread_once_t rcp_tls_ex_once = PTHREAD_ONCE_INIT;

static void rcp_tls_ex_init(void)
{
	rcp_tls_ex_idx = SSL_get_ex_new_index(0, NULL, NULL, NULL, NULL);
}
#endif

/* OpenSSL's reason for the first error in the queue, the cause (the later ones say what gave up because of
 * it), never data: OpenSSL does not put secrets there. Then an empty queue. */
static void rcp_tls_errstr(char *buf, size_t cap, unsigned long *code)
{
	unsigned long e = ERR_peek_error();
	/* a system error (a file that does not open) has no reason string of its own: errno's */
	const char *r = !e ? NULL : ERR_SYSTEM_ERROR(e) ? strerror(ERR_GET_REASON(e)) : ERR_reason_error_string(e);

	if (code) {
		*code = e;
	}
	snprintf(buf, cap, "%s", r ? r : (e ? "OpenSSL error" : "unknown TLS error"));
	ERR_clear_error();
}

void rcp_tls_opts_init(rcp_tls_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->verify_peer = true;
	o->verify_peer_name = true;
	o->sni = true;
}

/* ---- configurations ------------------------------------------------------------------------------------ */

/* Each field with a tag and its length, so that no two different settings serialise alike. */
static uint64_t rcp_fnv_field(uint64_t h, char tag, const char *s, size_t len)
{
	uint64_t l = s ? (uint64_t)len : UINT64_MAX;

	h = rcp_fnv1a(h, &tag, 1);
	h = rcp_fnv1a(h, &l, sizeof(l));
	return s ? rcp_fnv1a(h, s, len) : h;
}

static uint64_t rcp_tls_opts_hash(const rcp_tls_opts *o)
{
	uint64_t h = RCP_FNV1A_INIT, ph = 0;
	unsigned char flags[4] = {o->verify_peer, o->verify_peer_name, o->allow_self_signed, o->sni};
	int versions[2] = {o->min_version, o->max_version};

#define RCP_STR(tag, s) h = rcp_fnv_field(h, tag, s, (s) ? strlen(s) : 0)
	RCP_STR('a', o->cafile);
	RCP_STR('p', o->capath);
	RCP_STR('c', o->local_cert);
	RCP_STR('k', o->local_pk);
	RCP_STR('n', o->peer_name);
	RCP_STR('x', o->ciphers);
#undef RCP_STR
	/* the passphrase only as its keyed hash (rcp_secret_hash): the settings hash starts the segment's TLS session
	 * keys, and FNV's steps can be undone back to this value, which a plain hash would let a reader of the segment
	 * test passphrase guesses against */
	if (o->passphrase) {
		ph = rcp_secret_hash(o->passphrase, o->passphrase_len);
	}
	h = rcp_fnv_field(h, 'w', (const char *)&ph, o->passphrase ? sizeof(ph) : 0);
	h = rcp_fnv1a(h, flags, sizeof(flags));
	h = rcp_fnv1a(h, versions, sizeof(versions));
	return h;
}

ZEND_TLS bool rcp_tls_pass_asked; /* the key being loaded asked for a passphrase (it is encrypted) */

static int rcp_tls_passwd_cb(char *buf, int size, int rwflag, void *u)
{
	const rcp_tls_opts *o = u;
	size_t n;

	(void)rwflag;
	rcp_tls_pass_asked = true;
	if (!o || !o->passphrase || size <= 0) {
		return 0;
	}
	n = o->passphrase_len < (size_t)size ? o->passphrase_len : (size_t)size;
	memcpy(buf, o->passphrase, n);
	return (int)n;
}

static int rcp_tls_verify_cb(int ok, X509_STORE_CTX *store);
static int rcp_tls_new_session_cb(SSL *ssl, SSL_SESSION *sess);

/* Build an SSL_CTX from the settings. NULL with a message naming the parameters.ssl key on failure. */
static SSL_CTX *rcp_tls_ctx_build(const rcp_tls_opts *o, rcp_err *err)
{
	SSL_CTX *ctx;
	char why[200];

	ERR_clear_error();
	ctx = SSL_CTX_new(TLS_client_method());
	if (!ctx) {
		rcp_tls_errstr(why, sizeof(why), NULL);
		rcp_err_set(err, RCP_E_CONNECTION, NULL, "TLS: cannot create an OpenSSL context: %s", why);
		return NULL;
	}
	/* memory of idle pooled connections: OpenSSL's buffers are freed between records */
	SSL_CTX_set_mode(ctx, SSL_MODE_RELEASE_BUFFERS);
	SSL_CTX_set_options(ctx, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION);
	if (!SSL_CTX_set_min_proto_version(ctx, o->min_version ? o->min_version : TLS1_2_VERSION) ||
	    (o->max_version && !SSL_CTX_set_max_proto_version(ctx, o->max_version))) {
		rcp_tls_errstr(why, sizeof(why), NULL);
		rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.crypto_method\": %s", why);
		goto fail;
	}
	if (o->ciphers && !SSL_CTX_set_cipher_list(ctx, o->ciphers)) {
		rcp_tls_errstr(why, sizeof(why), NULL);
		rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.ciphers\": no usable cipher in '%.100s' (%s)",
			o->ciphers, why);
		goto fail;
	}
	if (o->cafile || o->capath) {
		if (!SSL_CTX_load_verify_locations(ctx, o->cafile, o->capath)) {
			rcp_tls_errstr(why, sizeof(why), NULL);
			rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.%s\": cannot load CA certificates from '%.200s' (%s)",
				o->cafile ? "cafile" : "capath", o->cafile ? o->cafile : o->capath, why);
			goto fail;
		}
	} else if (!SSL_CTX_set_default_verify_paths(ctx)) {
		ERR_clear_error(); /* no system store: verification will say "unable to get local issuer certificate" */
	}
	if (o->local_cert) {
		const char *key = o->local_pk ? o->local_pk : o->local_cert;

		SSL_CTX_set_default_passwd_cb(ctx, rcp_tls_passwd_cb);
		SSL_CTX_set_default_passwd_cb_userdata(ctx, (void *)o);
		if (SSL_CTX_use_certificate_chain_file(ctx, o->local_cert) != 1) {
			rcp_tls_errstr(why, sizeof(why), NULL);
			rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.local_cert\": cannot load a certificate from '%.200s' (%s)",
				o->local_cert, why);
			goto fail;
		}
		ERR_clear_error();
		rcp_tls_pass_asked = false;
		if (SSL_CTX_use_PrivateKey_file(ctx, key, SSL_FILETYPE_PEM) != 1) {
			unsigned long code;
			bool mismatch;

			rcp_tls_errstr(why, sizeof(why), &code);
			mismatch = ERR_GET_LIB(code) == ERR_LIB_X509 && ERR_GET_REASON(code) == X509_R_KEY_VALUES_MISMATCH;
			if (rcp_tls_pass_asked && !mismatch) {
				/* OpenSSL's reason varies here ("bad decrypt", "unsupported": which decoder gave up last) */
				snprintf(why, sizeof(why), o->passphrase ? "it could not be decrypted" : "it is encrypted");
			}
			rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.%s\": cannot load the private key from '%.200s' (%s%s)",
				o->local_pk ? "local_pk" : "local_cert", key, why,
				mismatch ? ": it is not the key of the certificate in parameters.ssl.local_cert"
					: o->passphrase ? "; is parameters.ssl.passphrase right?"
					: rcp_tls_pass_asked ? ": give parameters.ssl.passphrase"
					: "; is it encrypted? then give parameters.ssl.passphrase");
			goto fail;
		}
		if (SSL_CTX_check_private_key(ctx) != 1) {
			ERR_clear_error();
			rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.local_pk\": the private key does not match the certificate of parameters.ssl.local_cert");
			goto fail;
		}
		/* the passphrase was needed for loading only: forget where it is */
		SSL_CTX_set_default_passwd_cb_userdata(ctx, NULL);
		SSL_CTX_set_default_passwd_cb(ctx, NULL);
	}
	if (o->verify_peer || o->verify_peer_name) {
		SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, rcp_tls_verify_cb);
	} else {
		SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
	}
	/* client-side sessions kept by us (per node), not in OpenSSL's internal cache */
	SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
	SSL_CTX_sess_set_new_cb(ctx, rcp_tls_new_session_cb);
	ERR_clear_error();
	return ctx;
fail:
	SSL_CTX_free(ctx);
	ERR_clear_error();
	return NULL;
}

static void rcp_tls_file_stat(rcp_tls_file *f)
{
	struct stat st;

	if (f->path && stat(f->path, &st) == 0) {
		f->dev = st.st_dev;
		f->ino = st.st_ino;
		f->size = st.st_size;
		f->mtime = st.st_mtim;
	} else {
		f->dev = 0;
		f->ino = 0;
		f->size = -1;
		f->mtime.tv_sec = f->mtime.tv_nsec = 0;
	}
}

/* Has a loaded file changed on disk (replaced, rewritten)? Certificates are rotated this way. */
static bool rcp_tls_files_changed(rcp_tls *t)
{
	for (int i = 0; i < RCP_TLS_FILES; i++) {
		rcp_tls_file now = t->files[i];

		if (!now.path) {
			continue;
		}
		rcp_tls_file_stat(&now);
		if (now.dev != t->files[i].dev || now.ino != t->files[i].ino || now.size != t->files[i].size ||
		    now.mtime.tv_sec != t->files[i].mtime.tv_sec || now.mtime.tv_nsec != t->files[i].mtime.tv_nsec) {
			return true;
		}
	}
	return false;
}

static void rcp_tls_sessions_clear(rcp_tls *t)
{
	zval *v;

	ZEND_HASH_FOREACH_VAL(&t->sessions, v) {
		SSL_SESSION_free(Z_PTR_P(v));
	} ZEND_HASH_FOREACH_END();
	zend_hash_clean(&t->sessions);
}

static void rcp_tls_free(rcp_tls *t)
{
	rcp_tls_sessions_clear(t);
	zend_hash_destroy(&t->sessions);
	SSL_CTX_free(t->ctx);
	free(t->peer_name);
	for (int i = 0; i < RCP_TLS_FILES; i++) {
		free(t->files[i].path);
	}
	free(t);
}

static void rcp_tls_config_dtor(zval *zv)
{
	rcp_tls_free(Z_PTR_P(zv));
}

rcp_status rcp_tls_get(const rcp_tls_opts *o, rcp_tls **out, rcp_err *err)
{
	uint64_t h = rcp_tls_opts_hash(o), now = rcp_now_ms();
	char key[17];
	rcp_tls *t;
	SSL_CTX *ctx;
	const char *paths[RCP_TLS_FILES] = {o->cafile, o->capath, o->local_cert, o->local_pk};

	if (!rcp_tls_ready) {
		zend_hash_init(&rcp_tls_configs, 4, NULL, rcp_tls_config_dtor, 1);
#ifdef ZTS
		pthread_once(&rcp_tls_ex_once, rcp_tls_ex_init);
#else
		rcp_tls_ex_idx = SSL_get_ex_new_index(0, NULL, NULL, NULL, NULL);
#endif
		rcp_tls_ready = true;
	}
	snprintf(key, sizeof(key), "%016llx", (unsigned long long)h);
	t = zend_hash_str_find_ptr(&rcp_tls_configs, key, 16);
	if (t) {
		if (now - t->checked_ms >= RCP_TLS_CHECK_MS) {
			t->checked_ms = now;
			if (rcp_tls_files_changed(t)) {
				rcp_err ignored = {0};
				/* a file that does not load now (half-written during a rotation) keeps the one in use; the
				 * next check tries again */
				if ((ctx = rcp_tls_ctx_build(o, &ignored)) != NULL) {
					SSL_CTX_free(t->ctx);
					t->ctx = ctx;
					rcp_tls_sessions_clear(t); /* made with the old client certificate, perhaps */
					for (int i = 0; i < RCP_TLS_FILES; i++) {
						rcp_tls_file_stat(&t->files[i]);
					}
				}
			}
		}
		*out = t;
		return RCP_OK;
	}
	if (!(ctx = rcp_tls_ctx_build(o, err))) {
		return err->code;
	}
	t = calloc(1, sizeof(*t));
	t->hash = h;
	t->ctx = ctx;
	t->peer_name = o->peer_name ? strdup(o->peer_name) : NULL;
	t->verify_peer = o->verify_peer;
	t->verify_peer_name = o->verify_peer_name;
	t->allow_self_signed = o->allow_self_signed;
	t->sni = o->sni;
	t->has_cert = o->local_cert != NULL;
	for (int i = 0; i < RCP_TLS_FILES; i++) {
		t->files[i].path = paths[i] ? strdup(paths[i]) : NULL;
		rcp_tls_file_stat(&t->files[i]);
	}
	t->checked_ms = now;
	zend_hash_init(&t->sessions, 8, NULL, NULL, 1);
	zend_hash_str_add_ptr(&rcp_tls_configs, key, 16, t);
	*out = t;
	return RCP_OK;
}

uint64_t rcp_tls_hash(const rcp_tls *t)
{
	return t->hash;
}

void rcp_tls_mshutdown(void)
{
	if (rcp_tls_ready) {
		zend_hash_destroy(&rcp_tls_configs);
		rcp_tls_ready = false;
	}
}

/* ---- verification -------------------------------------------------------------------------------------- */

static rcp_tls_conn *rcp_tls_conn_of(SSL *ssl)
{
	return ssl ? SSL_get_ex_data(ssl, rcp_tls_ex_idx) : NULL;
}

/*
 * Called by OpenSSL for every certificate of the chain, with ok = 0 on a failure. The settings decide which
 * failures are ignored: a name mismatch only when verify_peer_name is off; anything else about the chain (CA,
 * dates, signatures) only when verify_peer is off; a self-signed server certificate with allow_self_signed. The
 * first failure kept is remembered for the message.
 */
static int rcp_tls_verify_cb(int ok, X509_STORE_CTX *store)
{
	SSL *ssl = X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx());
	rcp_tls_conn *tc = rcp_tls_conn_of(ssl);
	int e = X509_STORE_CTX_get_error(store);
	bool name = e == X509_V_ERR_HOSTNAME_MISMATCH || e == X509_V_ERR_IP_ADDRESS_MISMATCH;

	if (ok || !tc) {
		return ok;
	}
	if (name ? !tc->cfg->verify_peer_name : !tc->cfg->verify_peer) {
		return 1;
	}
	if (tc->cfg->allow_self_signed && e == X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT) {
		return 1;
	}
	if (tc->verify_err == X509_V_OK) {
		X509 *cert = X509_STORE_CTX_get_current_cert(store);

		tc->verify_err = e;
		tc->verify_depth = X509_STORE_CTX_get_error_depth(store);
		tc->verify_subject[0] = '\0';
		if (cert) {
			X509_NAME_oneline(X509_get_subject_name(cert), tc->verify_subject, sizeof(tc->verify_subject));
		}
	}
	return 0;
}

/* What a verification failure means, for the message. */
static void rcp_tls_verify_msg(rcp_tls_conn *tc, char *msg, size_t cap)
{
	const char *hint = "";
	char extra[320] = "";

	switch (tc->verify_err) {
		case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
		case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
		case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
		case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
		case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
			hint = "; unknown CA: the server's certificate is not signed by a CA of parameters.ssl.cafile/capath "
				"(or redis_cluster_pool.tls_cafile, or the system's CA store)";
			break;
		case X509_V_ERR_CERT_HAS_EXPIRED:
			hint = "; expired: the server's certificate is past its notAfter date";
			break;
		case X509_V_ERR_CERT_NOT_YET_VALID:
			hint = "; not yet valid (is this machine's clock right?)";
			break;
		case X509_V_ERR_HOSTNAME_MISMATCH:
		case X509_V_ERR_IP_ADDRESS_MISMATCH:
			snprintf(extra, sizeof(extra), "; name mismatch: the certificate is not for %s (%s)", tc->checked_name,
				tc->cfg->peer_name ? "parameters.ssl.peer_name"
					: "the node's endpoint; parameters.ssl.peer_name can name the one it is for");
			hint = extra;
			break;
	}
	snprintf(msg, cap, "certificate verification failed: %s (certificate at depth %d: %s)%s",
		X509_verify_cert_error_string(tc->verify_err), tc->verify_depth,
		tc->verify_subject[0] ? tc->verify_subject : "?", hint);
}

/* A TLS failure that is not a verification failure: OpenSSL's reason, and what it usually means. */
static void rcp_tls_fail_msg(rcp_tls_conn *tc, char *msg, size_t cap)
{
	char why[200];
	unsigned long code;
	const char *hint = "";

	rcp_tls_errstr(why, sizeof(why), &code);
	if (ERR_GET_LIB(code) == ERR_LIB_SSL) {
		switch (ERR_GET_REASON(code)) {
			case SSL_R_WRONG_VERSION_NUMBER:
			case SSL_R_PACKET_LENGTH_TOO_LONG:
			case SSL_R_HTTP_REQUEST:
			case SSL_R_RECORD_LENGTH_MISMATCH:
				hint = " (the server did not answer with TLS: is this a TLS port?)";
				break;
			case SSL_R_TLSV13_ALERT_CERTIFICATE_REQUIRED:
			case SSL_R_SSLV3_ALERT_HANDSHAKE_FAILURE:
				hint = tc->cfg->has_cert ? "" : " (the server wants a client certificate: parameters.ssl.local_cert)";
				break;
			case SSL_R_SSLV3_ALERT_BAD_CERTIFICATE:
			case SSL_R_SSLV3_ALERT_CERTIFICATE_UNKNOWN:
			case SSL_R_TLSV1_ALERT_UNKNOWN_CA:
				hint = tc->cfg->has_cert ? " (the server refused our client certificate)" : "";
				break;
		}
	}
	snprintf(msg, cap, "%s%s", why, hint);
}

/* ---- sessions ------------------------------------------------------------------------------------------ */

/* The shared segment's key of a node's session under a configuration. */
static uint64_t rcp_tls_session_key(rcp_tls_conn *tc)
{
	return rcp_fnv1a(tc->cfg->hash, tc->node, strlen(tc->node));
}

static int rcp_tls_new_session_cb(SSL *ssl, SSL_SESSION *sess)
{
	rcp_tls_conn *tc = rcp_tls_conn_of(ssl);
	SSL_SESSION *old;
	unsigned char *der = NULL;
	int len;

	if (!tc || !SSL_SESSION_is_resumable(sess)) {
		return 0;
	}
	old = zend_hash_str_find_ptr(&tc->cfg->sessions, tc->node, strlen(tc->node));
	if (old) {
		SSL_SESSION_free(old);
	}
	zend_hash_str_update_ptr(&tc->cfg->sessions, tc->node, strlen(tc->node), sess);
	/* for the other workers: serialized here, out of the segment, then copied in */
	if ((len = i2d_SSL_SESSION(sess, &der)) > 0) {
		rcp_shm_tls_session_put(rcp_tls_session_key(tc), der, (size_t)len, rcp_now_ms());
	}
	OPENSSL_free(der);
	ERR_clear_error();
	return 1; /* we keep the reference OpenSSL gave us */
}

/* The session to offer to a new connection: this process' own, else one another worker put in the segment. */
static SSL_SESSION *rcp_tls_session_find(rcp_tls_conn *tc)
{
	SSL_SESSION *sess = zend_hash_str_find_ptr(&tc->cfg->sessions, tc->node, strlen(tc->node));
	unsigned char der[RCP_SHM_TLS_SESSION_MAX];
	const unsigned char *p = der;
	size_t len;

	if (sess) {
		return sess;
	}
	len = rcp_shm_tls_session_get(rcp_tls_session_key(tc), der, sizeof(der));
	if (len == 0 || !(sess = d2i_SSL_SESSION(NULL, &p, (long)len))) {
		ERR_clear_error();
		return NULL;
	}
	if (!SSL_SESSION_is_resumable(sess)) {
		SSL_SESSION_free(sess);
		return NULL;
	}
	zend_hash_str_update_ptr(&tc->cfg->sessions, tc->node, strlen(tc->node), sess);
	return sess;
}

/* ---- connections --------------------------------------------------------------------------------------- */

rcp_tls_conn *rcp_tls_conn_new(rcp_tls *t, const char *host, int port)
{
	rcp_tls_conn *tc = calloc(1, sizeof(*tc));
	const char *name = t->peer_name ? t->peer_name : host;
	unsigned char ipbuf[16];
	bool is_ip = inet_pton(AF_INET, name, ipbuf) == 1 || inet_pton(AF_INET6, name, ipbuf) == 1;
	SSL_SESSION *sess;

	if (!tc) {
		return NULL;
	}
	ERR_clear_error();
	tc->cfg = t;
	rcp_addr_fmt(tc->node, sizeof(tc->node), host, (unsigned)port);
	snprintf(tc->checked_name, sizeof(tc->checked_name), "%s", name);
	tc->ssl = SSL_new(t->ctx);
	tc->rbio = BIO_new(BIO_s_mem());
	tc->wbio = BIO_new(BIO_s_mem());
	if (!tc->ssl || !tc->rbio || !tc->wbio) {
		BIO_free(tc->rbio);
		BIO_free(tc->wbio);
		SSL_free(tc->ssl);
		free(tc);
		ERR_clear_error();
		return NULL;
	}
	/* an empty read BIO means "more bytes later", never EOF: the socket tells EOF */
	BIO_set_mem_eof_return(tc->rbio, -1);
	SSL_set_bio(tc->ssl, tc->rbio, tc->wbio);
	SSL_set_connect_state(tc->ssl);
	SSL_set_ex_data(tc->ssl, rcp_tls_ex_idx, tc);
	if (t->verify_peer_name) {
		X509_VERIFY_PARAM *param = SSL_get0_param(tc->ssl);

		X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
		if (is_ip) {
			X509_VERIFY_PARAM_set1_ip_asc(param, name);
		} else {
			X509_VERIFY_PARAM_set1_host(param, name, 0);
		}
	}
	if (t->sni && !is_ip) {
		SSL_set_tlsext_host_name(tc->ssl, name);
	}
	if ((sess = rcp_tls_session_find(tc)) != NULL) {
		SSL_set_session(tc->ssl, sess);
	}
	ERR_clear_error();
	return tc;
}

void rcp_tls_conn_free(rcp_tls_conn *tc)
{
	if (!tc) {
		return;
	}
	if (tc->ssl) {
		/* no close_notify is sent (the socket is closed right after); marking the connection shut down keeps
		 * OpenSSL from treating its session as broken */
		SSL_set_quiet_shutdown(tc->ssl, 1);
		SSL_shutdown(tc->ssl);
		SSL_free(tc->ssl);
	}
	ERR_clear_error();
	free(tc);
}

void rcp_tls_feed(rcp_tls_conn *tc, const char *buf, size_t len)
{
	while (len > 0) {
		int chunk = len > INT_MAX ? INT_MAX : (int)len;
		int n = BIO_write(tc->rbio, buf, chunk);

		if (n <= 0) {
			break; /* out of memory: the handshake or read that follows fails */
		}
		buf += n;
		len -= (size_t)n;
	}
}

int rcp_tls_handshake(rcp_tls_conn *tc, char *msg, size_t cap)
{
	int r, e;

	ERR_clear_error();
	r = SSL_do_handshake(tc->ssl);
	if (r == 1) {
		return 1; /* counted by the engine (full or resumed: rcp_tls_resumed) */
	}
	e = SSL_get_error(tc->ssl, r);
	if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
		ERR_clear_error();
		return 0;
	}
	if (tc->verify_err != X509_V_OK) {
		ERR_clear_error();
		rcp_tls_verify_msg(tc, msg, cap);
	} else {
		rcp_tls_fail_msg(tc, msg, cap);
	}
	return -1;
}

ssize_t rcp_tls_read(rcp_tls_conn *tc, char *out, size_t cap, char *msg, size_t mcap)
{
	size_t n = 0;
	int r, e;

	ERR_clear_error();
	r = SSL_read_ex(tc->ssl, out, cap, &n);
	if (r == 1) {
		return (ssize_t)n;
	}
	e = SSL_get_error(tc->ssl, r);
	if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
		ERR_clear_error();
		return 0;
	}
	if (e == SSL_ERROR_ZERO_RETURN) {
		ERR_clear_error();
		return RCP_TLS_CLOSED;
	}
	rcp_tls_fail_msg(tc, msg, mcap);
	return RCP_TLS_ERROR;
}

bool rcp_tls_write(rcp_tls_conn *tc, const char *buf, size_t len, char *msg, size_t mcap)
{
	size_t n = 0;

	if (len == 0) {
		return true;
	}
	ERR_clear_error();
	if (SSL_write_ex(tc->ssl, buf, len, &n) != 1 || n != len) {
		rcp_tls_fail_msg(tc, msg, mcap);
		return false;
	}
	return true;
}

size_t rcp_tls_out(rcp_tls_conn *tc, const char **p)
{
	char *data = NULL;
	long n = BIO_get_mem_data(tc->wbio, &data);

	*p = data;
	return n > 0 ? (size_t)n : 0;
}

void rcp_tls_out_clear(rcp_tls_conn *tc)
{
	(void)BIO_reset(tc->wbio);
}

void rcp_tls_conn_rebind(rcp_tls_conn *tc, rcp_tls *cfg)
{
	tc->cfg = cfg;
}

bool rcp_tls_idle(rcp_tls_conn *tc)
{
	return !SSL_has_pending(tc->ssl) && BIO_ctrl_pending(tc->rbio) == 0 &&
		!(SSL_get_shutdown(tc->ssl) & SSL_RECEIVED_SHUTDOWN);
}

bool rcp_tls_resumed(rcp_tls_conn *tc)
{
	return SSL_session_reused(tc->ssl) == 1;
}

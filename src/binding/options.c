/*
 * options.c - a client's defaults, its TLS settings, and its attachment to a cluster (see rcp_options.h).
 *
 * Option parsing itself stays with each binding (the constructor's array options in class_pool.c, the
 * session handler's session.save_path in session.c), since each names its own options in its messages; what
 * they produce ends here, so that equal seeds, credentials and TLS settings always give the same cluster entry
 * and the same pooled connections. parameters.ssl is parsed here because its keys are PHP's stream-context
 * ones whoever passes them (the constructor, the Predis adapter's `ssl` parameter).
 */
#include "php.h"
#include "php_redis_cluster_pool.h"
#include "rcp_options.h"
#include "rcp_exceptions.h"
#include "rcp_shm.h"

/* The module's globals (php_redis_cluster_pool.h: the ini settings) live with the code that reads them, below the
 * module file, which only registers them (redis_cluster_pool.c). */
ZEND_DECLARE_MODULE_GLOBALS(redis_cluster_pool)

void rcp_client_defaults(rcp_client *cl)
{
	cl->read_policy = (uint8_t)RCP_G(read_policy);
	if (RCP_G(zone)) {
		strlcpy(cl->zone, RCP_G(zone), sizeof(cl->zone)); /* the ini handler refused longer names */
	}
	cl->connect_timeout_ms = 5000;
	cl->rw_timeout_ms = 5000;
}

/* ---- parameters.ssl --------------------------------------------------------------------------------- */

/* STREAM_CRYPTO_METHOD_* bits of PHP's crypto_method (client and server flags alike) */
#define RCP_CM_SSLV2 2
#define RCP_CM_SSLV3 4
#define RCP_CM_TLS10 8
#define RCP_CM_TLS11 16
#define RCP_CM_TLS12 32
#define RCP_CM_TLS13 64

#define RCP_SSL_KNOWN "cafile, capath, local_cert, local_pk, passphrase, verify_peer, verify_peer_name, peer_name, " \
	"ciphers, crypto_method, allow_self_signed, SNI_enabled"

static rcp_status rcp_ssl_str(zval *v, const char *key, const char **out, rcp_err *err)
{
	if (Z_TYPE_P(v) == IS_NULL) {
		*out = NULL;
		return RCP_OK;
	}
	if (Z_TYPE_P(v) != IS_STRING || Z_STRLEN_P(v) == 0 || memchr(Z_STRVAL_P(v), '\0', Z_STRLEN_P(v))) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.%s\" must be a non-empty string%s, %s given",
			key, strcmp(key, "passphrase") ? "" : " (without NUL bytes)",
			Z_TYPE_P(v) == IS_STRING ? "an empty or NUL-holding string" : zend_zval_type_name(v));
	}
	*out = Z_STRVAL_P(v);
	return RCP_OK;
}

static rcp_status rcp_ssl_bool(zval *v, const char *key, bool *out, rcp_err *err)
{
	if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.%s\" must be a bool, %s given", key,
			zend_zval_type_name(v));
	}
	*out = Z_TYPE_P(v) == IS_TRUE;
	return RCP_OK;
}

/* crypto_method: a mask of STREAM_CRYPTO_METHOD_TLSv1_x_CLIENT constants; the versions from the lowest to the
 * highest bit set (OpenSSL takes a range). */
static rcp_status rcp_ssl_crypto_method(zval *v, rcp_tls_opts *o, rcp_err *err)
{
	static const struct { zend_long bit; int version; } map[] = {
		{RCP_CM_TLS10, 0x0301}, {RCP_CM_TLS11, 0x0302}, {RCP_CM_TLS12, 0x0303}, {RCP_CM_TLS13, 0x0304},
	};
	zend_long m;

	if (Z_TYPE_P(v) != IS_LONG) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.crypto_method\" must be an int "
			"(STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT | STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT, ...), %s given",
			zend_zval_type_name(v));
	}
	m = Z_LVAL_P(v);
	if (m & (RCP_CM_SSLV2 | RCP_CM_SSLV3)) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.crypto_method\": SSLv2 and SSLv3 are not "
			"supported (use the STREAM_CRYPTO_METHOD_TLSv1_x_CLIENT constants)");
	}
	o->min_version = o->max_version = 0;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (m & map[i].bit) {
			if (!o->min_version) {
				o->min_version = map[i].version;
			}
			o->max_version = map[i].version;
		}
	}
	if (!o->min_version) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.crypto_method\" selects no TLS version "
			"(" ZEND_LONG_FMT " given; e.g. STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT | STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT)", m);
	}
	return RCP_OK;
}

rcp_status rcp_tls_opts_parse(HashTable *ssl, rcp_tls_opts *o, rcp_err *err)
{
	/* the keys holding a string, and those holding a bool: where each goes in o */
	static const struct { const char *name; size_t off; } strs[] = {
		{"cafile", offsetof(rcp_tls_opts, cafile)}, {"capath", offsetof(rcp_tls_opts, capath)},
		{"local_cert", offsetof(rcp_tls_opts, local_cert)}, {"local_pk", offsetof(rcp_tls_opts, local_pk)},
		{"passphrase", offsetof(rcp_tls_opts, passphrase)}, {"peer_name", offsetof(rcp_tls_opts, peer_name)},
		{"ciphers", offsetof(rcp_tls_opts, ciphers)},
	}, bools[] = {
		{"verify_peer", offsetof(rcp_tls_opts, verify_peer)}, {"verify_peer_name", offsetof(rcp_tls_opts, verify_peer_name)},
		{"allow_self_signed", offsetof(rcp_tls_opts, allow_self_signed)}, {"SNI_enabled", offsetof(rcp_tls_opts, sni)},
	};
	/* PHP stream-context keys we do not implement: refused saying so, rather than ignored */
	static const char *const unsupported[] = {
		"verify_depth", "peer_fingerprint", "capture_peer_cert", "capture_peer_cert_chain", "disable_compression",
		"security_level", "no_ticket", "SNI_server_name", "capture_session_meta", "session_cache", "local_cert_chain",
	};
	zend_string *k;
	zval *v;

	uint32_t pos = 0;

	ZEND_HASH_FOREACH_STR_KEY_VAL(ssl, k, v) {
		rcp_status st = RCP_OK;
		bool known = false;

		ZVAL_DEREF(v);
		pos++;
		if (!k) {
			return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl\" must be keyed by name (" RCP_SSL_KNOWN ")");
		}
		for (size_t i = 0; !known && i < sizeof(strs) / sizeof(strs[0]); i++) {
			if ((known = zend_string_equals_cstr(k, strs[i].name, strlen(strs[i].name)))) {
				st = rcp_ssl_str(v, strs[i].name, (const char **)((char *)o + strs[i].off), err);
			}
		}
		for (size_t i = 0; !known && i < sizeof(bools) / sizeof(bools[0]); i++) {
			if ((known = zend_string_equals_cstr(k, bools[i].name, strlen(bools[i].name)))) {
				st = rcp_ssl_bool(v, bools[i].name, (bool *)((char *)o + bools[i].off), err);
			}
		}
		if (!known && zend_string_equals_literal(k, "crypto_method")) {
			known = true;
			st = rcp_ssl_crypto_method(v, o, err);
		}
		for (size_t i = 0; !known && i < sizeof(unsupported) / sizeof(unsupported[0]); i++) {
			if (zend_string_equals_cstr(k, unsupported[i], strlen(unsupported[i]))) {
				return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl.%s\" is a PHP stream-context key "
					"redis_cluster_pool does not support (supported: " RCP_SSL_KNOWN ")", ZSTR_VAL(k));
			}
		}
		if (!known) {
			static const char *const names[] = {"cafile", "capath", "local_cert", "local_pk", "passphrase",
				"verify_peer", "verify_peer_name", "peer_name", "ciphers", "crypto_method", "allow_self_signed",
				"SNI_enabled", NULL};
			return rcp_err_unknown_key(err, "Option \"parameters.ssl\": unknown key", pos, ZSTR_VAL(k), ZSTR_LEN(k), names);
		}
		if (st != RCP_OK) {
			return st;
		}
		if (zend_string_equals_literal(k, "passphrase")) {
			o->passphrase_len = o->passphrase ? Z_STRLEN_P(v) : 0;
		}
	} ZEND_HASH_FOREACH_END();
	if (o->local_pk && !o->local_cert) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"Option \"parameters.ssl.local_pk\" needs \"parameters.ssl.local_cert\" (the client certificate)");
	}
	if (o->passphrase && !o->local_cert) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"Option \"parameters.ssl.passphrase\" needs \"parameters.ssl.local_cert\" (it unlocks the client key)");
	}
	return RCP_OK;
}

rcp_status rcp_tls_opts_resolve(rcp_tls_opts *o, const rcp_seed *seeds, uint32_t nseeds, int scheme, bool ssl_given,
                                rcp_err *err)
{
	const rcp_seed *tls_seed = NULL, *tcp_seed = NULL;

	for (uint32_t i = 0; i < nseeds; i++) {
		if (seeds[i].scheme == RCP_SCHEME_TLS && !tls_seed) {
			tls_seed = &seeds[i];
		} else if (seeds[i].scheme == RCP_SCHEME_TCP && !tcp_seed) {
			tcp_seed = &seeds[i];
		}
	}
	if (tls_seed && tcp_seed) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Seeds mix TLS and plaintext: '%s:%u' is tls:// (or rediss://) and "
			"'%s:%u' tcp:// (or redis://); a cluster is reached one way", tls_seed->host, tls_seed->port,
			tcp_seed->host, tcp_seed->port);
	}
	if (scheme == RCP_SCHEME_TCP && tls_seed) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.scheme\" is \"tcp\" but the seed '%s:%u' is "
			"tls://", tls_seed->host, tls_seed->port);
	}
	if (scheme == RCP_SCHEME_TLS && tcp_seed) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.scheme\" is \"tls\" but the seed '%s:%u' is "
			"tcp://", tcp_seed->host, tcp_seed->port);
	}
	o->enabled = tls_seed != NULL || scheme == RCP_SCHEME_TLS;
	if (ssl_given && !o->enabled) {
		/* TLS settings for a plaintext client: a mistake that would send everything in clear */
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Option \"parameters.ssl\" is given but the connection is not TLS: "
			"use tls:// (or rediss://) seeds or \"parameters.scheme\" => \"tls\"");
	}
	if (o->enabled && !o->cafile && !o->capath && RCP_G(tls_cafile) && RCP_G(tls_cafile)[0]) {
		o->cafile = RCP_G(tls_cafile);
	}
	return RCP_OK;
}

/* ---- attaching a client --------------------------------------------------------------------------------- */

rcp_status rcp_client_attach(rcp_client *cl, const rcp_seed *seeds, uint32_t nseeds, zend_string *user,
                             zend_string *pass, const rcp_tls_opts *tls, rcp_err *err)
{
	if (tls && tls->enabled) {
		rcp_status st = rcp_tls_get(tls, &cl->tls, err);
		if (st != RCP_OK) {
			return st;
		}
	}
	rcp_client_set_auth(cl, user ? ZSTR_VAL(user) : NULL, user ? ZSTR_LEN(user) : 0,
		pass ? ZSTR_VAL(pass) : NULL, pass ? ZSTR_LEN(pass) : 0);
	if (cl->tls) {
		/* connections made under other TLS settings (CA, client certificate, verification) are not these */
		cl->cred_len += (size_t)snprintf(cl->cred + cl->cred_len, sizeof(cl->cred) - cl->cred_len, "%ct%016llx", 0,
			(unsigned long long)rcp_tls_hash(cl->tls));
	}
	if (cl->private_conns) {
		/* a pool key of its own: these connections are never shared and close with the object */
		ZEND_TLS uint64_t rcp_private_serial;   /* the pool is the thread's under ZTS */
		cl->cred_len += (size_t)snprintf(cl->cred + cl->cred_len,
			sizeof(cl->cred) - cl->cred_len, "%cnp%llu", 0, (unsigned long long)++rcp_private_serial);
	}
	cl->cluster = rcp_cluster_get(seeds, nseeds, user ? ZSTR_VAL(user) : "", user ? ZSTR_LEN(user) : 0, cl->tls != NULL);
	cl->refresh_interval_ms = (uint64_t)RCP_G(refresh_interval) * 1000;
	cl->refresh_min_interval_ms = (uint64_t)RCP_G(refresh_min_interval);
	cl->refresh_jitter_pct = (uint32_t)RCP_G(refresh_jitter);
	if (RCP_READ_BY_ZONE(cl->read_policy)) {
		if (!cl->zone[0]) {
			return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Read policy \"%s\" needs the client's availability zone: "
				"option \"zone\" or ini redis_cluster_pool.zone", cl->read_policy == RCP_READ_AZ_AFFINITY ? "az_affinity"
				: "az_affinity_replicas_and_primary");
		}
		cl->cluster->zones_wanted = true;
		if (cl->cluster->shared) {
			rcp_shm_want_zones(cl->cluster->shared);
		}
	}
	return RCP_OK;
}

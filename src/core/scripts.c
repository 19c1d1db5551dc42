/*
 * scripts.c - the process' script-body cache for the NOSCRIPT fallback (see rcp_scripts.h).
 *
 * Key: lower-case hex SHA1 of the body (what Redis uses); value: the body. Both persistent (pemalloc):
 * the cache outlives requests, like the pooled connections. One per process, or per thread under ZTS: no lock.
 */
#include "php.h"
#include "ext/standard/sha1.h"
#include "rcp_scripts.h"

ZEND_TLS HashTable *rcp_scripts;

static void rcp_script_dtor(zval *zv)
{
	zend_string_free(Z_STR_P(zv));
}

void rcp_script_learn(const char *body, size_t len)
{
	PHP_SHA1_CTX ctx;
	unsigned char digest[20];
	char hex[41];
	zval zv;

	if (len > RCP_SCRIPT_MAX_LEN) {
		return;
	}
	if (!rcp_scripts) {
		rcp_scripts = pemalloc(sizeof(HashTable), 1);
		zend_hash_init(rcp_scripts, 16, NULL, rcp_script_dtor, 1);
	}
	if (zend_hash_num_elements(rcp_scripts) >= RCP_SCRIPTS_MAX) {
		return;
	}
	PHP_SHA1Init(&ctx);
	PHP_SHA1Update(&ctx, (const unsigned char *)body, len);
	PHP_SHA1Final(digest, &ctx);
	make_sha1_digest(hex, digest);
	if (zend_hash_str_exists(rcp_scripts, hex, 40)) {
		return;
	}
	ZVAL_STR(&zv, zend_string_init(body, len, 1));
	zend_hash_str_add_new(rcp_scripts, hex, 40, &zv);
}

zend_string *rcp_script_body(const char *sha, size_t len)
{
	char hex[40];
	zval *zv;

	if (!rcp_scripts || len != 40) {
		return NULL;
	}
	for (size_t i = 0; i < 40; i++) {
		hex[i] = (char)tolower((unsigned char)sha[i]);
	}
	zv = zend_hash_str_find(rcp_scripts, hex, 40);
	return zv ? Z_STR_P(zv) : NULL;
}

void rcp_scripts_mshutdown(void)
{
	if (rcp_scripts) {
		zend_hash_destroy(rcp_scripts);
		pefree(rcp_scripts, 1);
		rcp_scripts = NULL;
	}
}

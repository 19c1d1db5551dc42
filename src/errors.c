/*
 * errors.c - the exception classes and the single place where core error contexts become exceptions.
 * Classes are declared in stubs/redis_cluster_pool.stub.php and registered in redis_cluster_pool.c.
 */
#include <stdarg.h>
#include "php.h"
#include "zend_exceptions.h"
#include "rcp_errors.h"

zend_class_entry *rcp_ce_exception;
zend_class_entry *rcp_ce_invalid_argument;
zend_class_entry *rcp_ce_server;
zend_class_entry *rcp_ce_cluster;
zend_class_entry *rcp_ce_partial;
zend_class_entry *rcp_ce_connection;
zend_class_entry *rcp_ce_timeout;
zend_class_entry *rcp_ce_protocol;
zend_class_entry *rcp_ce_auth;
zend_class_entry *rcp_ce_memory;

rcp_status rcp_err_set(rcp_err *err, rcp_status code, const char *node, const char *fmt, ...)
{
	va_list ap;

	err->code = code;
	err->full = NULL;
	err->etype[0] = '\0';
	snprintf(err->node, sizeof(err->node), "%s", node ? node : "");
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return code;
}

rcp_status rcp_err_set_long(rcp_err *err, zend_string **owner, rcp_status code, const char *node, const char *fmt, ...)
{
	va_list ap;
	zend_string *m;

	va_start(ap, fmt);
	m = zend_vstrpprintf(0, fmt, ap);
	va_end(ap);
	rcp_err_set(err, code, node, "%s", ZSTR_VAL(m));
	if (ZSTR_LEN(m) < sizeof(err->msg)) {
		zend_string_release(m);
		return code;
	}
	if (*owner) {
		zend_string_release(*owner);
	}
	*owner = m;
	err->full = owner;
	return code;
}

void rcp_err_append(rcp_err *err, const char *fmt, ...)
{
	va_list ap;
	size_t l = strlen(err->msg);

	va_start(ap, fmt);
	vsnprintf(err->msg + l, sizeof(err->msg) - l, fmt, ap);
	va_end(ap);
	if (err->full && *err->full) {
		zend_string *more, *all;
		va_start(ap, fmt);
		more = zend_vstrpprintf(0, fmt, ap);
		va_end(ap);
		all = zend_string_concat2(ZSTR_VAL(*err->full), ZSTR_LEN(*err->full), ZSTR_VAL(more), ZSTR_LEN(more));
		zend_string_release(more);
		zend_string_release(*err->full);
		*err->full = all;
	}
}

static zend_class_entry *rcp_ce_for(rcp_status code)
{
	switch (code) {
		case RCP_E_ARGUMENT:   return rcp_ce_invalid_argument;
		case RCP_E_SERVER:     return rcp_ce_server;
		case RCP_E_CLUSTER:    return rcp_ce_cluster;
		case RCP_E_CONNECTION: return rcp_ce_connection;
		case RCP_E_TIMEOUT:    return rcp_ce_timeout;
		case RCP_E_PROTOCOL:   return rcp_ce_protocol;
		case RCP_E_AUTH:       return rcp_ce_auth;
		case RCP_E_MEMORY:     return rcp_ce_memory;
		default:               return rcp_ce_exception;
	}
}

void rcp_throw_err(const rcp_err *err)
{
	zend_class_entry *ce = rcp_ce_for(err->code);
	zend_object *ex = zend_throw_exception(ce, err->full && *err->full ? ZSTR_VAL(*err->full) : err->msg, 0);

	if (ex && err->node[0] && (instanceof_function(ce, rcp_ce_connection) || ce == rcp_ce_server || ce == rcp_ce_memory)) {
		zend_update_property_string(ce, ex, "node", sizeof("node") - 1, err->node);
	}
	if (ex && ce == rcp_ce_auth) {
		zend_update_property_string(ce, ex, "errorType", sizeof("errorType") - 1, err->etype);
	}
}

void rcp_throw(zend_class_entry *ce, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	zend_vspprintf(&msg, 0, fmt, ap);
	va_end(ap);
	zend_throw_exception(ce, msg, 0);
	efree(msg);
}

/* The first word of an error message: "WRONGTYPE Operation against ..." -> "WRONGTYPE". */
static zend_string *rcp_error_type(zend_string *msg)
{
	const char *s = ZSTR_VAL(msg);
	const char *sp = memchr(s, ' ', ZSTR_LEN(msg));
	return zend_string_init(s, sp ? (size_t)(sp - s) : ZSTR_LEN(msg), 0);
}

ZEND_METHOD(RedisClusterPool_ServerException, getErrorType)
{
	zval rv, *msg;

	ZEND_PARSE_PARAMETERS_NONE();
	msg = zend_read_property(zend_ce_exception, Z_OBJ_P(ZEND_THIS), "message", sizeof("message") - 1, 1, &rv);
	if (Z_TYPE_P(msg) != IS_STRING) {
		RETURN_EMPTY_STRING();
	}
	RETURN_STR(rcp_error_type(Z_STR_P(msg)));
}

static void rcp_get_node(INTERNAL_FUNCTION_PARAMETERS)
{
	zval rv, *node;

	ZEND_PARSE_PARAMETERS_NONE();
	node = zend_read_property(Z_OBJCE_P(ZEND_THIS), Z_OBJ_P(ZEND_THIS), "node", sizeof("node") - 1, 1, &rv);
	RETURN_COPY_DEREF(node);
}

ZEND_METHOD(RedisClusterPool_ServerException, getNode)
{
	rcp_get_node(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

ZEND_METHOD(RedisClusterPool_ConnectionException, getNode)
{
	rcp_get_node(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

ZEND_METHOD(RedisClusterPool_MemoryLimitException, getNode)
{
	rcp_get_node(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

ZEND_METHOD(RedisClusterPool_AuthenticationException, getErrorType)
{
	zval rv, *t;

	ZEND_PARSE_PARAMETERS_NONE();
	t = zend_read_property(rcp_ce_auth, Z_OBJ_P(ZEND_THIS), "errorType", sizeof("errorType") - 1, 1, &rv);
	RETURN_COPY_DEREF(t);
}

/* Exported for status.c (RedisClusterPool\Error::getErrorType). */
zend_string *rcp_error_type_of(zend_string *msg)
{
	return rcp_error_type(msg);
}

/* ---- PartialFailureException ------------------------------------------------------------------ */

/* A copy of a list of keys without their first prefix_len bytes (the "prefix" option). */
static void rcp_keys_unprefixed(zval *dst, zval *keys, size_t prefix_len)
{
	zval *k;

	array_init_size(dst, zend_hash_num_elements(Z_ARRVAL_P(keys)));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(keys), k) {
		if (Z_STRLEN_P(k) >= prefix_len) {
			add_next_index_stringl(dst, Z_STRVAL_P(k) + prefix_len, Z_STRLEN_P(k) - prefix_len);
		} else {
			add_next_index_str(dst, zend_string_copy(Z_STR_P(k)));
		}
	} ZEND_HASH_FOREACH_END();
}

void rcp_throw_partial(const char *msg, zval *partial, size_t prefix_len)
{
	zval *failures = zend_hash_str_find(Z_ARRVAL_P(partial), "failures", sizeof("failures") - 1);
	zval *succeeded = zend_hash_str_find(Z_ARRVAL_P(partial), "succeeded", sizeof("succeeded") - 1);
	zval *results = zend_hash_str_find(Z_ARRVAL_P(partial), "results", sizeof("results") - 1);
	zval *f, list, keys;
	zend_object *ex;
	bool first = true;

	array_init_size(&list, zend_hash_num_elements(Z_ARRVAL_P(failures)));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(failures), f) {
		zval *node = zend_hash_str_find(Z_ARRVAL_P(f), "node", 4), *error = zend_hash_str_find(Z_ARRVAL_P(f), "error", 5);
		rcp_status code = (rcp_status)zval_get_long(zend_hash_str_find(Z_ARRVAL_P(f), "code", 4));
		zval entry, k;

		if (first) { /* the previous exception: what this failure alone would have raised */
			rcp_err e;
			rcp_err_set(&e, code, Z_STRVAL_P(node), "%s", Z_STRVAL_P(error));
			rcp_throw_err(&e);
			first = false;
		}
		array_init_size(&entry, 4);
		add_assoc_zval(&entry, "node", node);
		Z_TRY_ADDREF_P(node);
		rcp_keys_unprefixed(&k, zend_hash_str_find(Z_ARRVAL_P(f), "keys", 4), prefix_len);
		add_assoc_zval(&entry, "keys", &k);
		add_assoc_zval(&entry, "error", error);
		Z_TRY_ADDREF_P(error);
		add_assoc_str(&entry, "exception", zend_string_copy(rcp_ce_for(code)->name));
		add_next_index_zval(&list, &entry);
	} ZEND_HASH_FOREACH_END();
	ex = zend_throw_exception(rcp_ce_partial, msg, 0);
	if (ex) {
		zend_update_property(rcp_ce_partial, ex, "failures", sizeof("failures") - 1, &list);
		rcp_keys_unprefixed(&keys, succeeded, prefix_len);
		zend_update_property(rcp_ce_partial, ex, "succeededKeys", sizeof("succeededKeys") - 1, &keys);
		zval_ptr_dtor(&keys);
		zend_update_property(rcp_ce_partial, ex, "results", sizeof("results") - 1, results);
	}
	zval_ptr_dtor(&list);
}

static zval *rcp_partial_prop(zval *this_zv, const char *name, size_t len, zval *rv)
{
	return zend_read_property(rcp_ce_partial, Z_OBJ_P(this_zv), name, len, 1, rv);
}

ZEND_METHOD(RedisClusterPool_PartialFailureException, getFailures)
{
	zval rv;
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_COPY_DEREF(rcp_partial_prop(ZEND_THIS, "failures", sizeof("failures") - 1, &rv));
}

ZEND_METHOD(RedisClusterPool_PartialFailureException, getSucceededKeys)
{
	zval rv;
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_COPY_DEREF(rcp_partial_prop(ZEND_THIS, "succeededKeys", sizeof("succeededKeys") - 1, &rv));
}

ZEND_METHOD(RedisClusterPool_PartialFailureException, getResults)
{
	zval rv;
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_COPY_DEREF(rcp_partial_prop(ZEND_THIS, "results", sizeof("results") - 1, &rv));
}

/* The failed keys of every failing node, in the caller's order within each node, nodes in failure order. */
ZEND_METHOD(RedisClusterPool_PartialFailureException, getFailedKeys)
{
	zval rv, *failures, *f, *k;

	ZEND_PARSE_PARAMETERS_NONE();
	failures = rcp_partial_prop(ZEND_THIS, "failures", sizeof("failures") - 1, &rv);
	array_init(return_value);
	if (Z_TYPE_P(failures) != IS_ARRAY) {
		return;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(failures), f) {
		zval *keys = Z_TYPE_P(f) == IS_ARRAY ? zend_hash_str_find(Z_ARRVAL_P(f), "keys", 4) : NULL;
		if (!keys || Z_TYPE_P(keys) != IS_ARRAY) continue;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(keys), k) {
			Z_TRY_ADDREF_P(k);
			add_next_index_zval(return_value, k);
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
}

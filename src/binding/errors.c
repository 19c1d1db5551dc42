/*
 * errors.c - the exception classes and the single place where core error contexts (include/rcp_err.h,
 * src/core/err.c) become exceptions (see rcp_exceptions.h). Classes are declared in
 * stubs/redis_cluster_pool.stub.php and registered in redis_cluster_pool.c.
 */
#include <stdarg.h>
#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "rcp_exceptions.h"

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

/* Optimal string alignment distance of a and b (both short), or more than 2 as soon as it is. */
static size_t rcp_edit_distance(const char *a, size_t al, const char *b, size_t bl)
{
	size_t d[34][34];

	if (al > 32 || bl > 32 || (al > bl ? al - bl : bl - al) > 2) {
		return 3;
	}
	for (size_t i = 0; i <= al; i++) d[i][0] = i;
	for (size_t j = 0; j <= bl; j++) d[0][j] = j;
	for (size_t i = 1; i <= al; i++) {
		for (size_t j = 1; j <= bl; j++) {
			size_t cost = zend_tolower_ascii(a[i - 1]) == zend_tolower_ascii(b[j - 1]) ? 0 : 1;
			size_t v = MIN(MIN(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
				v = MIN(v, d[i - 2][j - 2] + 1);
			}
			d[i][j] = v;
		}
	}
	return d[al][bl];
}

rcp_status rcp_err_unknown_key(rcp_err *err, const char *what, uint32_t pos, const char *key, size_t keylen,
                               const char *const *known)
{
	smart_str list = {0};
	const char *near = NULL;
	size_t best = 3;

	for (const char *const *k = known; *k; k++) {
		size_t d = rcp_edit_distance(key, keylen, *k, strlen(*k));
		if (d < best && keylen >= 3) {
			best = d;
			near = *k;
		}
		if (k != known) {
			smart_str_appends(&list, ", ");
		}
		smart_str_appends(&list, *k);
	}
	smart_str_0(&list);
	rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s #%u%s%s%s (an unknown name is not repeated: it could be a misplaced "
		"secret); known: %s", what, pos, near ? ", did you mean \"" : "", near ? near : "", near ? "\"?" : "",
		list.s ? ZSTR_VAL(list.s) : "");
	smart_str_free(&list);
	return RCP_E_ARGUMENT;
}

void rcp_throw_unknown_key(const char *what, uint32_t pos, zend_string *key, const char *const *known)
{
	rcp_err err;

	rcp_err_unknown_key(&err, what, pos, ZSTR_VAL(key), ZSTR_LEN(key), known);
	rcp_throw_err(&err);
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

/*
 * A typed property of an exception, as `return $this->name;` would read it: a subclass that unset() it gets
 * PHP's own Error ("must not be accessed before initialization"), never a value of another type than declared.
 * NULL after throwing.
 */
static zval *rcp_ex_prop(zend_class_entry *scope, zval *this_zv, const char *name, size_t len, zval *rv)
{
	zval *v = zend_read_property(scope, Z_OBJ_P(this_zv), name, len, 0, rv);

	return EG(exception) ? NULL : v;
}

static void rcp_get_node(INTERNAL_FUNCTION_PARAMETERS)
{
	zval rv, *node;

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(node = rcp_ex_prop(Z_OBJCE_P(ZEND_THIS), ZEND_THIS, "node", sizeof("node") - 1, &rv))) {
		RETURN_THROWS();
	}
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
	if (!(t = rcp_ex_prop(rcp_ce_auth, ZEND_THIS, "errorType", sizeof("errorType") - 1, &rv))) {
		RETURN_THROWS();
	}
	RETURN_COPY_DEREF(t);
}

/* Exported for status.c (RedisClusterPool\Error::getErrorType). */
zend_string *rcp_error_type_of(zend_string *msg)
{
	return rcp_error_type(msg);
}

/* ---- PartialFailureException ------------------------------------------------------------------ */

/* Key k of p without its first prefix_len bytes (the "prefix" option), appended to the list dst. */
static void rcp_partial_key_add(zval *dst, const rcp_partial *p, uint32_t k, size_t prefix_len)
{
	size_t start = k ? p->key_end[k - 1] : 0, len = p->key_end[k] - start;

	if (len >= prefix_len) {
		add_next_index_stringl(dst, p->keys + start + prefix_len, len - prefix_len);
	} else {
		add_next_index_stringl(dst, p->keys + start, len);
	}
}

void rcp_throw_partial(const rcp_partial *p, const rcp_err *err, const char *cmd_name, bool write, size_t prefix_len)
{
	const rcp_partial_node *f0 = &p->nodes[0];
	zval list, keys;
	zend_object *ex;
	uint32_t nfailed = 0, i, k;
	char *msg = NULL;
	rcp_err e;

	/* the previous exception: what the first failure alone would have raised */
	rcp_err_set(&e, f0->code, f0->node, "%s", ZSTR_VAL(f0->error));
	rcp_throw_err(&e);
	array_init_size(&list, p->nnodes);
	for (i = 0; i < p->nnodes; i++) {
		zval entry, fkeys;
		nfailed += p->nodes[i].nkeys;
		array_init_size(&entry, 4);
		add_assoc_string(&entry, "node", p->nodes[i].node);
		array_init_size(&fkeys, p->nodes[i].nkeys);
		add_assoc_zval(&entry, "keys", &fkeys);
		add_assoc_str(&entry, "error", zend_string_copy(p->nodes[i].error));
		add_assoc_str(&entry, "exception", zend_string_copy(rcp_ce_for(p->nodes[i].code)->name));
		add_next_index_zval(&list, &entry);
	}
	array_init_size(&keys, p->nkeys - nfailed);
	for (k = 0; k < p->nkeys; k++) {
		if (p->key_node[k] < 0) {
			rcp_partial_key_add(&keys, p, k, prefix_len);
		} else {
			/* the list's entries are ours alone (refcount 1): filled in place */
			zval *entry = zend_hash_index_find(Z_ARRVAL(list), (zend_ulong)p->key_node[k]);
			rcp_partial_key_add(zend_hash_str_find(Z_ARRVAL_P(entry), "keys", 4), p, k, prefix_len);
		}
	}
	if (!err) {
		spprintf(&msg, 0, "%s: node %s answered %s (command %s: %u of its %u keys failed; %s)", cmd_name, f0->node,
			ZSTR_VAL(f0->error), cmd_name, nfailed, p->nkeys,
			write ? "the parts sent to other nodes were applied" : "the other parts succeeded");
	}
	ex = zend_throw_exception(rcp_ce_partial, err ? err->msg : msg, 0);
	if (ex) {
		zend_update_property(rcp_ce_partial, ex, "failures", sizeof("failures") - 1, &list);
		zend_update_property(rcp_ce_partial, ex, "succeededKeys", sizeof("succeededKeys") - 1, &keys);
		zend_update_property(rcp_ce_partial, ex, "results", sizeof("results") - 1, (zval *)&p->results);
	}
	zval_ptr_dtor(&keys);
	zval_ptr_dtor(&list);
	if (msg) {
		efree(msg);
	}
}

/* A property of PartialFailureException into return_value (rcp_ex_prop()'s rules). */
static void rcp_partial_get(INTERNAL_FUNCTION_PARAMETERS, const char *name, size_t len)
{
	zval rv, *v;

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(v = rcp_ex_prop(rcp_ce_partial, ZEND_THIS, name, len, &rv))) {
		RETURN_THROWS();
	}
	RETURN_COPY_DEREF(v);
}

ZEND_METHOD(RedisClusterPool_PartialFailureException, getFailures)
{
	rcp_partial_get(INTERNAL_FUNCTION_PARAM_PASSTHRU, "failures", sizeof("failures") - 1);
}

ZEND_METHOD(RedisClusterPool_PartialFailureException, getSucceededKeys)
{
	rcp_partial_get(INTERNAL_FUNCTION_PARAM_PASSTHRU, "succeededKeys", sizeof("succeededKeys") - 1);
}

ZEND_METHOD(RedisClusterPool_PartialFailureException, getResults)
{
	rcp_partial_get(INTERNAL_FUNCTION_PARAM_PASSTHRU, "results", sizeof("results") - 1);
}

/* The failed keys of every failing node, in the caller's order within each node, nodes in failure order. */
ZEND_METHOD(RedisClusterPool_PartialFailureException, getFailedKeys)
{
	zval rv, *failures, *f, *k;

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(failures = rcp_ex_prop(rcp_ce_partial, ZEND_THIS, "failures", sizeof("failures") - 1, &rv))) {
		RETURN_THROWS();
	}
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

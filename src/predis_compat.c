/*
 * predis_compat.c - Predis v3's per-command argument rewriting and reply parsing, in C.
 *
 * One persistent table (built in MINIT) maps a lower-case method name to an argument rule and a reply
 * rule; a command without rules costs one hash lookup. Each rule is a port of the corresponding Predis
 * command class (Predis\Command\Redis\*::setArguments / parseResponse and the traits they use); the
 * differential tests (tests/predis/) run the same calls through Predis and through this code.
 */
#include "php.h"
#include "zend_smart_str.h"
#include "ext/standard/php_string.h"
#include "rcp_errors.h"
#include "rcp_predis.h"

typedef enum {
	A_NONE = 0,
	A_NORM,         /* normalizeArguments: one array argument is the argument list */
	A_VARIADIC,     /* normalizeVariadic: (key, [a, b]) -> key a b */
	A_MSET,         /* ([k => v, ...]) -> k v ... */
	A_HMSET,        /* (key, [f => v, ...]) -> key f v ... */
	A_ZADD,         /* trailing [member => score] -> score member ... */
	A_BLPOP,        /* ([keys], timeout) -> keys... timeout */
	A_SCAN,         /* (cursor, [options]) */
	A_KSCAN,        /* (key, cursor, [options]) */
	A_ZRANGE,       /* 4th argument 'WITHSCORES' or an options array */
	A_ZRANGEBYSCORE,/* same, with LIMIT [offset, count] first */
	A_XADD,
	A_XREADGROUP,
	A_LMPOP,        /* ([keys], 'left'|'right', count) */
	A_ZMPOP,        /* ([keys], 'min'|'max', count) */
	A_CARD,         /* SINTERCARD/ZINTERCARD ([keys], limit) */
	A_ZSTORE,       /* ZUNIONSTORE/ZINTERSTORE (dest, [keys], weights, aggregate) */
	A_ZSETOP,       /* ZUNION/ZINTER ([keys], weights, aggregate, withscores) */
	A_ZDIFF,        /* ([keys], withscores) */
	A_KEYS1,        /* EVAL_RO/EVALSHA_RO/FCALL_RO (script, [keys], args...) */
	A_GETEX,
	A_SORT,
	A_BITOP,
	A_COPY,
	A_XRANGE,       /* (key, start, end, count) -> ... COUNT count */
	A_GEORADIUS,    /* trailing options array */
} rcp_arg_rule;

typedef enum {
	R_NONE = 0,
	R_ASSOC,        /* HGETALL, CONFIG GET: flat -> assoc */
	R_WITHSCORES,   /* ZRANGE family: member => score when 'WITHSCORES' was sent */
	R_WITHSCORES_LAST, /* WithScores trait: last argument is WITHSCORES */
	R_ZPOP,         /* always member => score */
	R_ZSCAN,        /* [cursor, member => (float) score] */
	R_HSCAN,        /* [cursor, field => value] unless NOVALUES */
	R_INFO,
	R_XRANGE,       /* id => [field => value] */
	R_XREAD,        /* stream => entries */
	R_LMPOP,        /* [key => elements] or null */
	R_ZMPOP,
	R_LCS,
	R_RANDOMKEY,
	R_XPENDING,
	R_XCLAIM,
	R_SLOWLOG,
	R_CLIENT,
	R_PUBSUB,
	R_BGSAVE,       /* 'Background saving started' -> true */
	R_BGREWRITEAOF, /* == 'Background append only file rewriting started' */
} rcp_reply_rule;

typedef struct {
	const char *name;
	uint8_t args;
	uint8_t reply;
} rcp_rule;

static const rcp_rule rcp_rules[] = {
	{"del", A_NORM, R_NONE}, {"mget", A_NORM, R_NONE}, {"pfcount", A_NORM, R_NONE}, {"pfmerge", A_NORM, R_NONE},
	{"sdiff", A_NORM, R_NONE}, {"sinter", A_NORM, R_NONE}, {"sunion", A_NORM, R_NONE}, {"touch", A_NORM, R_NONE},
	{"unlink", A_NORM, R_NONE},
	{"hdel", A_VARIADIC, R_NONE}, {"hmget", A_VARIADIC, R_NONE}, {"lpush", A_VARIADIC, R_NONE},
	{"lpushx", A_VARIADIC, R_NONE}, {"pfadd", A_VARIADIC, R_NONE}, {"rpush", A_VARIADIC, R_NONE},
	{"rpushx", A_VARIADIC, R_NONE}, {"sadd", A_VARIADIC, R_NONE}, {"srem", A_VARIADIC, R_NONE},
	{"xdel", A_VARIADIC, R_NONE}, {"zrem", A_VARIADIC, R_NONE}, {"sinterstore", A_VARIADIC, R_NONE},
	{"sunionstore", A_VARIADIC, R_NONE}, {"sdiffstore", A_VARIADIC, R_NONE},
	{"mset", A_MSET, R_NONE}, {"msetnx", A_MSET, R_NONE}, {"hmset", A_HMSET, R_NONE},
	{"zadd", A_ZADD, R_NONE}, {"blpop", A_BLPOP, R_NONE}, {"brpop", A_BLPOP, R_NONE},
	{"scan", A_SCAN, R_NONE}, {"sscan", A_KSCAN, R_NONE}, {"hscan", A_KSCAN, R_HSCAN}, {"zscan", A_KSCAN, R_ZSCAN},
	{"zrange", A_ZRANGE, R_WITHSCORES}, {"zrevrange", A_ZRANGE, R_WITHSCORES},
	{"zrangebyscore", A_ZRANGEBYSCORE, R_WITHSCORES}, {"zrevrangebyscore", A_ZRANGEBYSCORE, R_WITHSCORES},
	{"xadd", A_XADD, R_NONE}, {"xreadgroup", A_XREADGROUP, R_NONE}, {"xread", A_NONE, R_XREAD},
	{"lmpop", A_LMPOP, R_LMPOP}, {"zmpop", A_ZMPOP, R_ZMPOP},
	{"sintercard", A_CARD, R_NONE}, {"zintercard", A_CARD, R_NONE},
	{"zunionstore", A_ZSTORE, R_NONE}, {"zinterstore", A_ZSTORE, R_NONE},
	{"zunion", A_ZSETOP, R_WITHSCORES_LAST}, {"zinter", A_ZSETOP, R_WITHSCORES_LAST}, {"zdiff", A_ZDIFF, R_WITHSCORES_LAST},
	{"eval_ro", A_KEYS1, R_NONE}, {"evalsha_ro", A_KEYS1, R_NONE}, {"fcall_ro", A_KEYS1, R_NONE},
	{"getex", A_GETEX, R_NONE}, {"sort", A_SORT, R_NONE}, {"sort_ro", A_SORT, R_NONE}, {"bitop", A_BITOP, R_NONE},
	{"copy", A_COPY, R_NONE},
	{"hgetall", A_NONE, R_ASSOC}, {"config", A_NONE, R_ASSOC}, {"zpopmin", A_NONE, R_ZPOP}, {"zpopmax", A_NONE, R_ZPOP},
	{"info", A_NONE, R_INFO}, {"xrange", A_XRANGE, R_XRANGE}, {"xrevrange", A_XRANGE, R_XRANGE},
	{"georadius", A_GEORADIUS, R_NONE}, {"georadiusbymember", A_GEORADIUS, R_NONE},
	{"bgsave", A_NONE, R_BGSAVE}, {"bgrewriteaof", A_NONE, R_BGREWRITEAOF},
	{"lcs", A_NONE, R_LCS}, {"randomkey", A_NONE, R_RANDOMKEY}, {"xpending", A_NONE, R_XPENDING},
	{"xclaim", A_NONE, R_XCLAIM}, {"slowlog", A_NONE, R_SLOWLOG}, {"client", A_NONE, R_CLIENT},
	{"pubsub", A_NONE, R_PUBSUB},
};

static HashTable rcp_rule_ht;

void rcp_predis_minit(void)
{
	zend_hash_init(&rcp_rule_ht, 128, NULL, NULL, 1);
	for (size_t i = 0; i < sizeof(rcp_rules) / sizeof(rcp_rules[0]); i++) {
		zend_hash_str_add_ptr(&rcp_rule_ht, rcp_rules[i].name, strlen(rcp_rules[i].name), (void *)&rcp_rules[i]);
	}
}

void rcp_predis_mshutdown(void)
{
	zend_hash_destroy(&rcp_rule_ht);
}

static inline const rcp_rule *rcp_rule_for(const char *lcname, size_t len)
{
	return zend_hash_str_find_ptr(&rcp_rule_ht, lcname, len);
}

/* ---- small helpers ---------------------------------------------------------------------------- */

static void rcp_push(zval *out, zval *v)
{
	Z_TRY_ADDREF_P(v);
	add_next_index_zval(out, v);
}

static void rcp_push_str(zval *out, const char *s)
{
	add_next_index_string(out, s);
}

/* Append every element of an array (values only). */
static void rcp_push_all(zval *out, zval *arr)
{
	zval *v;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(arr), v) {
		ZVAL_DEREF(v);
		rcp_push(out, v);
	} ZEND_HASH_FOREACH_END();
}

/* Append an array's keys and values: k1 v1 k2 v2 (integer keys as ints). */
static void rcp_push_pairs(zval *out, zval *arr, bool value_first)
{
	zend_string *k;
	zend_ulong h;
	zval *v, kz;
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(arr), h, k, v) {
		ZVAL_DEREF(v);
		if (k) {
			ZVAL_STR_COPY(&kz, k);
		} else {
			ZVAL_LONG(&kz, (zend_long)h);
		}
		if (value_first) {
			rcp_push(out, v);
			add_next_index_zval(out, &kz);
		} else {
			add_next_index_zval(out, &kz);
			rcp_push(out, v);
		}
	} ZEND_HASH_FOREACH_END();
}

/* The n-th argument (0-based) or NULL. */
static zval *rcp_arg(HashTable *in, uint32_t n)
{
	zval *v = zend_hash_index_find(in, n);
	if (v) {
		ZVAL_DEREF(v);
	}
	return v;
}

/* Option lookup in an options array, case-insensitively, as array_change_key_case(CASE_UPPER) does. */
static zval *rcp_opt(zval *opts, const char *upper)
{
	zend_string *k;
	zval *v;
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(opts), k, v) {
		if (k && zend_binary_strcasecmp(ZSTR_VAL(k), ZSTR_LEN(k), upper, strlen(upper)) == 0) {
			ZVAL_DEREF(v);
			return v;
		}
	} ZEND_HASH_FOREACH_END();
	return NULL;
}

static bool rcp_nonempty(zval *v)
{
	return v && zend_is_true(v);
}

static zend_result rcp_bad(const char *cmd, const char *msg)
{
	rcp_throw(rcp_ce_invalid_argument, "%s: %s", cmd, msg);
	return FAILURE;
}

static bool rcp_is_str_ci(zval *v, const char *s)
{
	return v && Z_TYPE_P(v) == IS_STRING && zend_binary_strcasecmp(Z_STRVAL_P(v), Z_STRLEN_P(v), s, strlen(s)) == 0;
}

/* Keys trait: the keys array at `off` becomes numkeys + keys. */
static zend_result rcp_keys_numkeys(const char *cmd, HashTable *in, uint32_t off, zval *out, uint32_t *next)
{
	zval *keys = rcp_arg(in, off);
	if (!keys || Z_TYPE_P(keys) != IS_ARRAY) {
		return rcp_bad(cmd, "the keys argument must be an array of keys");
	}
	add_next_index_long(out, zend_hash_num_elements(Z_ARRVAL_P(keys)));
	rcp_push_all(out, keys);
	*next = off + 1;
	return SUCCESS;
}

/* ---- argument rules --------------------------------------------------------------------------- */

static zend_result rcp_args_rule(const char *cmd, int rule, HashTable *in, zval *out)
{
	uint32_t n = zend_hash_num_elements(in), i;
	zval *a0 = rcp_arg(in, 0), *a1 = rcp_arg(in, 1), *a2 = rcp_arg(in, 2), *a3 = rcp_arg(in, 3), *v;

	switch (rule) {
	case A_NORM:
		if (n == 1 && a0 && Z_TYPE_P(a0) == IS_ARRAY) {
			rcp_push_all(out, a0);
			return SUCCESS;
		}
		break;
	case A_VARIADIC:
		if (n == 2 && Z_TYPE_P(a1) == IS_ARRAY) {
			rcp_push(out, a0);
			rcp_push_all(out, a1);
			return SUCCESS;
		}
		break;
	case A_MSET:
		if (n == 1 && Z_TYPE_P(a0) == IS_ARRAY) {
			rcp_push_pairs(out, a0, false);
			return SUCCESS;
		}
		break;
	case A_HMSET:
		if (n == 2 && Z_TYPE_P(a1) == IS_ARRAY) {
			rcp_push(out, a0);
			rcp_push_pairs(out, a1, false);
			return SUCCESS;
		}
		break;
	case A_ZADD: {
		zval *last = n ? rcp_arg(in, n - 1) : NULL;
		if (last && Z_TYPE_P(last) == IS_ARRAY) {
			for (i = 0; i + 1 < n; i++) rcp_push(out, rcp_arg(in, i));
			rcp_push_pairs(out, last, true);
			return SUCCESS;
		}
		break;
	}
	case A_BLPOP:
		if (n == 2 && Z_TYPE_P(a0) == IS_ARRAY) {
			rcp_push_all(out, a0);
			rcp_push(out, a1);
			return SUCCESS;
		}
		break;
	case A_SCAN:
	case A_KSCAN: {
		uint32_t want = rule == A_SCAN ? 2 : 3;
		zval *opts = rcp_arg(in, want - 1);
		if (n == want && Z_TYPE_P(opts) == IS_ARRAY) {
			for (i = 0; i + 1 < want; i++) rcp_push(out, rcp_arg(in, i));
			if ((v = rcp_opt(opts, "MATCH")) && rcp_nonempty(v)) { rcp_push_str(out, "MATCH"); rcp_push(out, v); }
			if ((v = rcp_opt(opts, "COUNT")) && rcp_nonempty(v)) { rcp_push_str(out, "COUNT"); rcp_push(out, v); }
			if (rule == A_SCAN && (v = rcp_opt(opts, "TYPE")) && rcp_nonempty(v)) { rcp_push_str(out, "TYPE"); rcp_push(out, v); }
			return SUCCESS;
		}
		break;
	}
	case A_ZRANGE:
	case A_ZRANGEBYSCORE:
		if (n == 4 && (rcp_is_str_ci(a3, "WITHSCORES") || Z_TYPE_P(a3) == IS_ARRAY)) {
			rcp_push(out, a0); rcp_push(out, a1); rcp_push(out, a2);
			if (Z_TYPE_P(a3) != IS_ARRAY) {
				rcp_push_str(out, "WITHSCORES");
				return SUCCESS;
			}
			if (rule == A_ZRANGEBYSCORE && (v = rcp_opt(a3, "LIMIT")) && Z_TYPE_P(v) == IS_ARRAY) {
				zval *off = rcp_opt(v, "OFFSET"), *cnt = rcp_opt(v, "COUNT");
				if (!off) off = rcp_arg(Z_ARRVAL_P(v), 0);
				if (!cnt) cnt = rcp_arg(Z_ARRVAL_P(v), 1);
				if (!off || !cnt) return rcp_bad(cmd, "LIMIT must be [offset, count]");
				rcp_push_str(out, "LIMIT"); rcp_push(out, off); rcp_push(out, cnt);
			}
			if (rcp_nonempty(rcp_opt(a3, "BYSCORE")) && rcp_nonempty(rcp_opt(a3, "BYLEX"))) {
				return rcp_bad(cmd, "BYSCORE and BYLEX are mutually exclusive");
			}
			if (rcp_nonempty(rcp_opt(a3, "BYSCORE"))) rcp_push_str(out, "BYSCORE");
			if (rcp_nonempty(rcp_opt(a3, "BYLEX"))) rcp_push_str(out, "BYLEX");
			if (rcp_nonempty(rcp_opt(a3, "REV"))) rcp_push_str(out, "REV");
			if (rule == A_ZRANGE && (v = rcp_opt(a3, "LIMIT")) && rcp_nonempty(v) && Z_TYPE_P(v) == IS_ARRAY) {
				rcp_push_str(out, "LIMIT");
				rcp_push_all(out, v);
			}
			if (rcp_nonempty(rcp_opt(a3, "WITHSCORES"))) rcp_push_str(out, "WITHSCORES");
			return SUCCESS;
		}
		break;
	case A_XADD: {
		zval *opts = a3 && Z_TYPE_P(a3) == IS_ARRAY ? a3 : NULL;
		if (!a0) return rcp_bad(cmd, "a stream key is required");
		rcp_push(out, a0);
		if (opts) {
			if (rcp_nonempty(rcp_opt(opts, "nomkstream"))) rcp_push_str(out, "NOMKSTREAM");
			if ((v = rcp_opt(opts, "trimming"))) {
				zend_string *s = zval_get_string(v);
				add_next_index_str(out, php_string_toupper(s));
				zend_string_release(s);
			}
			if ((v = rcp_opt(opts, "trim")) && Z_TYPE_P(v) == IS_ARRAY) {
				rcp_push_all(out, v);
				if ((v = rcp_opt(opts, "limit"))) { rcp_push_str(out, "LIMIT"); rcp_push(out, v); }
			}
		}
		if (a2 && Z_TYPE_P(a2) != IS_NULL) rcp_push(out, a2); else rcp_push_str(out, "*");
		if (a1 && Z_TYPE_P(a1) == IS_ARRAY) rcp_push_pairs(out, a1, false);
		return SUCCESS;
	}
	case A_XREADGROUP:
		if (n < 2) return rcp_bad(cmd, "group and consumer are required");
		rcp_push_str(out, "GROUP"); rcp_push(out, a0); rcp_push(out, a1);
		if (n >= 3 && Z_TYPE_P(a2) != IS_NULL) { rcp_push_str(out, "COUNT"); rcp_push(out, a2); }
		if (n >= 4 && Z_TYPE_P(a3) != IS_NULL) { rcp_push_str(out, "BLOCK"); rcp_push(out, a3); }
		if (n >= 5 && Z_TYPE_P(rcp_arg(in, 4)) != IS_FALSE) rcp_push_str(out, "NOACK");
		rcp_push_str(out, "STREAMS");
		for (i = 5; i < n; i++) rcp_push(out, rcp_arg(in, i));
		return SUCCESS;
	case A_LMPOP:
	case A_ZMPOP: {
		uint32_t next;
		if (rcp_keys_numkeys(cmd, in, 0, out, &next) == FAILURE) return FAILURE;
		if (!a1) {
			rcp_push_str(out, rule == A_LMPOP ? "LEFT" : "MIN");
		} else if (rule == A_LMPOP && (rcp_is_str_ci(a1, "left") || rcp_is_str_ci(a1, "right"))) {
			zend_string *s = zval_get_string(a1);
			add_next_index_str(out, php_string_toupper(s));
			zend_string_release(s);
		} else if (rule == A_ZMPOP && Z_TYPE_P(a1) == IS_STRING &&
		           (zend_string_equals_literal(Z_STR_P(a1), "min") || zend_string_equals_literal(Z_STR_P(a1), "max"))) {
			rcp_push_str(out, Z_STRVAL_P(a1)[1] == 'i' ? "MIN" : "MAX");
		} else {
			return rcp_bad(cmd, rule == A_LMPOP ? "Left/Right argument accepts only: left, right values"
			                                    : "Wrong type of modifier given");
		}
		if (a2) {
			if (Z_TYPE_P(a2) == IS_LONG && Z_LVAL_P(a2) == -1) return SUCCESS;
			if (zval_get_long(a2) < 1) return rcp_bad(cmd, "Wrong count argument value or position offset");
			rcp_push_str(out, "COUNT");
			rcp_push(out, a2);
		}
		return SUCCESS;
	}
	case A_CARD: {
		uint32_t next;
		if (rcp_keys_numkeys(cmd, in, 0, out, &next) == FAILURE) return FAILURE;
		if (a1 && Z_TYPE_P(a1) != IS_FALSE) {
			rcp_push_str(out, "LIMIT");
			if (Z_TYPE_P(a1) != IS_TRUE) rcp_push(out, a1);
		}
		return SUCCESS;
	}
	case A_ZSTORE:
	case A_ZSETOP: {
		uint32_t koff = rule == A_ZSTORE ? 1 : 0, next;
		zval *weights = rcp_arg(in, koff + 1), *agg = rcp_arg(in, koff + 2), *opts = NULL;
		if (rule == A_ZSTORE && !a3 && weights && Z_TYPE_P(weights) == IS_ARRAY &&
		    (rcp_opt(weights, "weights") || rcp_opt(weights, "aggregate"))) {
			opts = weights; /* the old $options array */
			weights = rcp_opt(opts, "weights");
			agg = rcp_opt(opts, "aggregate");
		}
		if (rule == A_ZSTORE) rcp_push(out, a0);
		if (rcp_keys_numkeys(cmd, in, koff, out, &next) == FAILURE) return FAILURE;
		if (weights && Z_TYPE_P(weights) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(weights))) {
			rcp_push_str(out, "WEIGHTS");
			rcp_push_all(out, weights);
		} else if (weights && Z_TYPE_P(weights) != IS_ARRAY) {
			return rcp_bad(cmd, "Wrong weights argument type");
		}
		if (agg) {
			if (!rcp_is_str_ci(agg, "min") && !rcp_is_str_ci(agg, "max") && !rcp_is_str_ci(agg, "sum") && !rcp_is_str_ci(agg, "count")) {
				return rcp_bad(cmd, "Aggregate argument accepts only: min, max, sum, count values");
			}
			zend_string *s = zval_get_string(agg);
			rcp_push_str(out, "AGGREGATE");
			add_next_index_str(out, php_string_toupper(s));
			zend_string_release(s);
		}
		if (rule == A_ZSETOP) {
			zval *ws = rcp_arg(in, 3);
			if (ws && Z_TYPE_P(ws) == IS_TRUE) rcp_push_str(out, "WITHSCORES");
			else if (ws && Z_TYPE_P(ws) != IS_FALSE) rcp_push(out, ws);
		}
		return SUCCESS;
	}
	case A_ZDIFF: {
		uint32_t next;
		if (rcp_keys_numkeys(cmd, in, 0, out, &next) == FAILURE) return FAILURE;
		if (a1 && Z_TYPE_P(a1) == IS_TRUE) rcp_push_str(out, "WITHSCORES");
		else if (a1 && Z_TYPE_P(a1) != IS_FALSE) rcp_push(out, a1);
		return SUCCESS;
	}
	case A_KEYS1: {
		uint32_t next;
		if (!a0) return rcp_bad(cmd, "a script is required");
		rcp_push(out, a0);
		if (rcp_keys_numkeys(cmd, in, 1, out, &next) == FAILURE) return FAILURE;
		for (i = next; i < n; i++) rcp_push(out, rcp_arg(in, i));
		return SUCCESS;
	}
	case A_GETEX:
		if (!a0) return rcp_bad(cmd, "a key is required");
		rcp_push(out, a0);
		if (!a1 || (Z_TYPE_P(a1) == IS_STRING && Z_STRLEN_P(a1) == 0)) return SUCCESS;
		if (!(rcp_is_str_ci(a1, "ex") || rcp_is_str_ci(a1, "px") || rcp_is_str_ci(a1, "exat") ||
		      rcp_is_str_ci(a1, "pxat") || rcp_is_str_ci(a1, "persist"))) {
			return rcp_bad(cmd, "Modifier argument accepts only: ex, px, exat, pxat, persist values");
		}
		{
			zend_string *s = zval_get_string(a1);
			add_next_index_str(out, php_string_toupper(s));
			zend_string_release(s);
		}
		if (rcp_is_str_ci(a1, "persist")) return SUCCESS;
		if (!a2) return rcp_bad(cmd, "You should provide value for current modifier");
		for (i = 2; i < n; i++) rcp_push(out, rcp_arg(in, i));
		return SUCCESS;
	case A_SORT:
		if (n >= 2 && Z_TYPE_P(a1) == IS_ARRAY) {
			rcp_push(out, a0);
			if ((v = rcp_opt(a1, "BY"))) { rcp_push_str(out, "BY"); rcp_push(out, v); }
			if ((v = rcp_opt(a1, "GET"))) {
				if (Z_TYPE_P(v) == IS_ARRAY) {
					zval *g;
					ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), g) { rcp_push_str(out, "GET"); ZVAL_DEREF(g); rcp_push(out, g); } ZEND_HASH_FOREACH_END();
				} else { rcp_push_str(out, "GET"); rcp_push(out, v); }
			}
			if ((v = rcp_opt(a1, "LIMIT")) && Z_TYPE_P(v) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(v)) == 2) {
				rcp_push_str(out, "LIMIT"); rcp_push(out, rcp_arg(Z_ARRVAL_P(v), 0)); rcp_push(out, rcp_arg(Z_ARRVAL_P(v), 1));
			}
			if ((v = rcp_opt(a1, "SORT"))) {
				zend_string *s = zval_get_string(v);
				add_next_index_str(out, php_string_toupper(s));
				zend_string_release(s);
			}
			if ((v = rcp_opt(a1, "ALPHA")) && zend_is_true(v)) rcp_push_str(out, "ALPHA");
			if ((v = rcp_opt(a1, "STORE"))) { rcp_push_str(out, "STORE"); rcp_push(out, v); }
			return SUCCESS;
		}
		break;
	case A_BITOP:
		if (n == 3 && Z_TYPE_P(a2) == IS_ARRAY) {
			rcp_push(out, a0); rcp_push(out, a1); rcp_push_all(out, a2);
			return SUCCESS;
		}
		break;
	case A_XRANGE:
		if (n == 4) {
			rcp_push(out, a0); rcp_push(out, a1); rcp_push(out, a2);
			rcp_push_str(out, "COUNT"); rcp_push(out, a3);
			return SUCCESS;
		}
		break;
	case A_GEORADIUS: {
		zval *opts = n ? rcp_arg(in, n - 1) : NULL;
		if (opts && Z_TYPE_P(opts) == IS_ARRAY) {
			for (i = 0; i + 1 < n; i++) rcp_push(out, rcp_arg(in, i));
			if ((v = rcp_opt(opts, "WITHCOORD")) && zend_is_true(v)) rcp_push_str(out, "WITHCOORD");
			if ((v = rcp_opt(opts, "WITHDIST")) && zend_is_true(v)) rcp_push_str(out, "WITHDIST");
			if ((v = rcp_opt(opts, "WITHHASH")) && zend_is_true(v)) rcp_push_str(out, "WITHHASH");
			if ((v = rcp_opt(opts, "COUNT")) && Z_TYPE_P(v) != IS_NULL) { rcp_push_str(out, "COUNT"); rcp_push(out, v); }
			if ((v = rcp_opt(opts, "SORT")) && Z_TYPE_P(v) != IS_NULL) {
				zend_string *s = zval_get_string(v);
				add_next_index_str(out, php_string_toupper(s));
				zend_string_release(s);
			}
			if ((v = rcp_opt(opts, "STORE")) && Z_TYPE_P(v) != IS_NULL) { rcp_push_str(out, "STORE"); rcp_push(out, v); }
			if ((v = rcp_opt(opts, "STOREDIST")) && Z_TYPE_P(v) != IS_NULL) { rcp_push_str(out, "STOREDIST"); rcp_push(out, v); }
			return SUCCESS;
		}
		break;
	}
	case A_COPY:
		if (n >= 3) {
			rcp_push(out, a0); rcp_push(out, a1);
			if (!(Z_TYPE_P(a2) == IS_LONG && Z_LVAL_P(a2) == -1)) { rcp_push_str(out, "DB"); rcp_push(out, a2); }
			if (a3 && zend_is_true(a3)) rcp_push_str(out, "REPLACE");
			return SUCCESS;
		}
		break;
	}
	/* no rewriting: the arguments as given */
	ZEND_HASH_FOREACH_VAL(in, v) {
		ZVAL_DEREF(v);
		rcp_push(out, v);
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

zend_result rcp_predis_args(const char *lcname, size_t len, HashTable *in, zval *out)
{
	const rcp_rule *r = rcp_rule_for(lcname, len);
	zend_result res;

	array_init_size(out, zend_hash_num_elements(in) + 2);
	res = rcp_args_rule(r ? r->name : lcname, r ? r->args : A_NONE, in, out);
	if (res == FAILURE) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
	}
	return res;
}

/* ---- reply rules ------------------------------------------------------------------------------ */

/* flat [k1, v1, k2, v2] -> [k1 => v1, ...]; cast_float: values as floats (ZSCAN). */
static void rcp_pairs_to_assoc(zval *arr, bool cast_float)
{
	zval result, *k = NULL, *v;
	array_init_size(&result, zend_hash_num_elements(Z_ARRVAL_P(arr)) / 2);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(arr), v) {
		if (!k) {
			k = v;
			continue;
		}
		zval val;
		if (cast_float) {
			ZVAL_DOUBLE(&val, zval_get_double(v));
		} else {
			ZVAL_COPY(&val, v);
		}
		if (Z_TYPE_P(k) == IS_STRING) {
			zend_symtable_update(Z_ARRVAL(result), Z_STR_P(k), &val);
		} else if (Z_TYPE_P(k) == IS_LONG) {
			zend_hash_index_update(Z_ARRVAL(result), (zend_ulong)Z_LVAL_P(k), &val);
		} else {
			zend_string *ks = zval_get_string(k);
			zend_symtable_update(Z_ARRVAL(result), ks, &val);
			zend_string_release(ks);
		}
		k = NULL;
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(arr);
	ZVAL_COPY_VALUE(arr, &result);
}

static bool rcp_args_have(HashTable *args, const char *word, bool case_sensitive)
{
	zval *v;
	ZEND_HASH_FOREACH_VAL(args, v) {
		if (Z_TYPE_P(v) == IS_STRING && (case_sensitive ? (Z_STRLEN_P(v) == strlen(word) && !memcmp(Z_STRVAL_P(v), word, Z_STRLEN_P(v)))
		                                               : rcp_is_str_ci(v, word))) {
			return true;
		}
	} ZEND_HASH_FOREACH_END();
	return false;
}

static zval *rcp_last_arg(HashTable *args)
{
	uint32_t n = zend_hash_num_elements(args);
	return n ? zend_hash_index_find(args, n - 1) : NULL;
}

static void rcp_info_reply(zval *reply)
{
	zval info, *section = NULL, tmp;
	zend_string *s = Z_STR_P(reply);
	const char *p = ZSTR_VAL(s), *end = p + ZSTR_LEN(s);
	bool sections = ZSTR_LEN(s) > 0 && p[0] == '#';

	array_init(&info);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end, *colon;
		size_t l = (size_t)(le - p);
		if (l && p[l - 1] == '\r') l--;
		if (l >= 2 && p[0] == '#' && p[1] == ' ') {
			array_init(&tmp);
			section = zend_symtable_str_update(Z_ARRVAL(info), p + 2, l - 2, &tmp);
		} else if (l && (colon = memchr(p, ':', l))) {
			zval val;
			size_t kl = (size_t)(colon - p);
			const char *vp = colon + 1;
			size_t vl = l - kl - 1;
			bool is_db = kl > 2 && !memcmp(p, "db", 2);
			for (size_t i = 2; is_db && i < kl; i++) if (p[i] < '0' || p[i] > '9') is_db = false;
			if (is_db) {
				/* keys=1,expires=0,avg_ttl=0 -> ['keys' => '1', ...] */
				const char *q = vp, *ve = vp + vl;
				array_init(&val);
				while (q < ve) {
					const char *comma = memchr(q, ',', (size_t)(ve - q)), *ie = comma ? comma : ve;
					const char *eq = memchr(q, '=', (size_t)(ie - q));
					if (eq) add_assoc_stringl_ex(&val, q, (size_t)(eq - q), (char *)eq + 1, (size_t)(ie - eq - 1));
					q = ie + 1;
				}
			} else {
				ZVAL_STRINGL(&val, vp, vl);
			}
			HashTable *target = (sections && section) ? Z_ARRVAL_P(section) : Z_ARRVAL(info);
			if (!sections || section) {
				zend_symtable_str_update(target, p, kl, &val);
			} else {
				zval_ptr_dtor(&val);
			}
		}
		p = le + 1;
	}
	zval_ptr_dtor(reply);
	ZVAL_COPY_VALUE(reply, &info);
}

void rcp_predis_reply(const char *lcname, size_t len, HashTable *args, zval *reply)
{
	const rcp_rule *r;
	zval *v;

	if (Z_TYPE_P(reply) == IS_OBJECT || !(r = rcp_rule_for(lcname, len)) || r->reply == R_NONE) {
		return;
	}
	switch (r->reply) {
	case R_ASSOC:
		if (Z_TYPE_P(reply) == IS_ARRAY) rcp_pairs_to_assoc(reply, false);
		break;
	case R_WITHSCORES:
		if (Z_TYPE_P(reply) == IS_ARRAY && zend_hash_num_elements(args) >= 3 && rcp_args_have(args, "WITHSCORES", true)) {
			rcp_pairs_to_assoc(reply, false);
		}
		break;
	case R_WITHSCORES_LAST:
		v = rcp_last_arg(args);
		if (Z_TYPE_P(reply) == IS_ARRAY && rcp_is_str_ci(v, "WITHSCORES")) rcp_pairs_to_assoc(reply, false);
		break;
	case R_ZPOP:
		if (Z_TYPE_P(reply) == IS_ARRAY) rcp_pairs_to_assoc(reply, false);
		break;
	case R_ZSCAN:
	case R_HSCAN:
		if (r->reply == R_HSCAN && rcp_args_have(args, "NOVALUES", true)) break;
		if (Z_TYPE_P(reply) == IS_ARRAY && (v = zend_hash_index_find(Z_ARRVAL_P(reply), 1)) && Z_TYPE_P(v) == IS_ARRAY) {
			SEPARATE_ARRAY(reply);
			v = zend_hash_index_find(Z_ARRVAL_P(reply), 1);
			rcp_pairs_to_assoc(v, r->reply == R_ZSCAN);
		}
		break;
	case R_INFO:
		if (Z_TYPE_P(reply) == IS_STRING) rcp_info_reply(reply);
		else if (Z_TYPE_P(reply) == IS_NULL) { array_init(reply); }
		break;
	case R_XRANGE:
		if (Z_TYPE_P(reply) == IS_ARRAY) {
			zval result, *entry;
			array_init(&result);
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(reply), entry) {
				zval *id, *fields, dict;
				if (Z_TYPE_P(entry) != IS_ARRAY || !(id = zend_hash_index_find(Z_ARRVAL_P(entry), 0)) ||
				    !(fields = zend_hash_index_find(Z_ARRVAL_P(entry), 1)) || Z_TYPE_P(fields) != IS_ARRAY) {
					continue;
				}
				ZVAL_COPY(&dict, fields);
				rcp_pairs_to_assoc(&dict, false);
				if (Z_TYPE_P(id) == IS_STRING) zend_symtable_update(Z_ARRVAL(result), Z_STR_P(id), &dict);
				else zval_ptr_dtor(&dict);
			} ZEND_HASH_FOREACH_END();
			zval_ptr_dtor(reply);
			ZVAL_COPY_VALUE(reply, &result);
		}
		break;
	case R_XREAD:
		if (Z_TYPE_P(reply) == IS_NULL) {
			array_init(reply);
		} else if (Z_TYPE_P(reply) == IS_ARRAY) {
			zval result, *stream;
			array_init(&result);
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(reply), stream) {
				zval *name, *entries;
				if (Z_TYPE_P(stream) == IS_ARRAY && (name = zend_hash_index_find(Z_ARRVAL_P(stream), 0)) &&
				    (entries = zend_hash_index_find(Z_ARRVAL_P(stream), 1)) && Z_TYPE_P(name) == IS_STRING) {
					Z_TRY_ADDREF_P(entries);
					zend_symtable_update(Z_ARRVAL(result), Z_STR_P(name), entries);
				}
			} ZEND_HASH_FOREACH_END();
			zval_ptr_dtor(reply);
			ZVAL_COPY_VALUE(reply, &result);
		}
		break;
	case R_LMPOP:
		if (Z_TYPE_P(reply) == IS_ARRAY) {
			zval result, *k = zend_hash_index_find(Z_ARRVAL_P(reply), 0), *e = zend_hash_index_find(Z_ARRVAL_P(reply), 1);
			if (k && e && Z_TYPE_P(k) == IS_STRING) {
				array_init(&result);
				Z_TRY_ADDREF_P(e);
				zend_symtable_update(Z_ARRVAL(result), Z_STR_P(k), e);
				zval_ptr_dtor(reply);
				ZVAL_COPY_VALUE(reply, &result);
			}
		}
		break;
	case R_ZMPOP:
		if (Z_TYPE_P(reply) == IS_NULL) {
			/* Predis: array_shift(null) -> null key -> [null] */
			array_init(reply);
			add_next_index_null(reply);
		} else if (Z_TYPE_P(reply) == IS_ARRAY) {
			zval result, parsed, *k = zend_hash_index_find(Z_ARRVAL_P(reply), 0), *items = zend_hash_index_find(Z_ARRVAL_P(reply), 1), *it;
			if (k && items && Z_TYPE_P(k) == IS_STRING && Z_TYPE_P(items) == IS_ARRAY) {
				array_init(&parsed);
				ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(items), it) {
					zval *m, *s;
					if (Z_TYPE_P(it) == IS_ARRAY && (m = zend_hash_index_find(Z_ARRVAL_P(it), 0)) &&
					    (s = zend_hash_index_find(Z_ARRVAL_P(it), 1)) && zend_is_true(s) && Z_TYPE_P(m) == IS_STRING) {
						Z_TRY_ADDREF_P(s);
						zend_symtable_update(Z_ARRVAL(parsed), Z_STR_P(m), s);
					}
				} ZEND_HASH_FOREACH_END();
				array_init(&result);
				zend_symtable_update(Z_ARRVAL(result), Z_STR_P(k), &parsed);
				zval_ptr_dtor(reply);
				ZVAL_COPY_VALUE(reply, &result);
			}
		}
		break;
	case R_LCS:
		if (Z_TYPE_P(reply) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(reply)) == 4) {
			rcp_pairs_to_assoc(reply, false);
		}
		break;
	case R_RANDOMKEY:
		if (Z_TYPE_P(reply) == IS_STRING && Z_STRLEN_P(reply) == 0) {
			zval_ptr_dtor(reply);
			ZVAL_NULL(reply);
		}
		break;
	case R_XPENDING:
		if (zend_hash_num_elements(args) <= 2 && Z_TYPE_P(reply) == IS_ARRAY && (v = zend_hash_index_find(Z_ARRVAL_P(reply), 3)) &&
		    Z_TYPE_P(v) == IS_ARRAY) {
			zval consumers, *c;
			array_init(&consumers);
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), c) {
				zval *name, *num, cnt;
				if (Z_TYPE_P(c) == IS_ARRAY && (name = zend_hash_index_find(Z_ARRVAL_P(c), 0)) &&
				    (num = zend_hash_index_find(Z_ARRVAL_P(c), 1)) && Z_TYPE_P(name) == IS_STRING) {
					ZVAL_LONG(&cnt, zval_get_long(num));
					zend_symtable_update(Z_ARRVAL(consumers), Z_STR_P(name), &cnt);
				}
			} ZEND_HASH_FOREACH_END();
			SEPARATE_ARRAY(reply);
			zend_hash_index_update(Z_ARRVAL_P(reply), 3, &consumers);
		}
		break;
	case R_XCLAIM:
		if (Z_TYPE_P(reply) == IS_ARRAY) {
			zval *first = zend_hash_index_find(Z_ARRVAL_P(reply), 0);
			if (first && Z_TYPE_P(first) != IS_ARRAY) break; /* JUSTID */
			rcp_predis_reply("xrange", 6, args, reply);
		}
		break;
	case R_SLOWLOG:
		if (Z_TYPE_P(reply) == IS_ARRAY) {
			zval result, *e;
			zend_ulong idx;
			array_init(&result);
			ZEND_HASH_FOREACH_NUM_KEY_VAL(Z_ARRVAL_P(reply), idx, e) {
				zval row;
				static const char *const names[] = {"id", "timestamp", "duration", "command"};
				if (Z_TYPE_P(e) != IS_ARRAY) { zval_ptr_dtor(&result); return; }
				array_init(&row);
				for (int j = 0; j < 4; j++) {
					zval *x = zend_hash_index_find(Z_ARRVAL_P(e), (zend_ulong)j);
					if (x) { Z_TRY_ADDREF_P(x); add_assoc_zval(&row, names[j], x); } else add_assoc_null(&row, names[j]);
				}
				zend_hash_index_update(Z_ARRVAL(result), idx, &row);
			} ZEND_HASH_FOREACH_END();
			zval_ptr_dtor(reply);
			ZVAL_COPY_VALUE(reply, &result);
		}
		break;
	case R_CLIENT: {
		zval *sub = zend_hash_index_find(args, 0);
		if (rcp_is_str_ci(sub, "LIST") && Z_TYPE_P(reply) == IS_STRING) {
			/* Predis' parseClientList: one assoc array per line of "k=v k=v" */
			zval result;
			const char *p = Z_STRVAL_P(reply), *end = p + Z_STRLEN_P(reply);
			array_init(&result);
			while (p < end) {
				const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end, *q = p;
				zval row;
				if (le == p) { p = le + 1; continue; }
				array_init(&row);
				while (q < le) {
					const char *sp = memchr(q, ' ', (size_t)(le - q)), *ie = sp ? sp : le;
					const char *eq = memchr(q, '=', (size_t)(ie - q));
					if (eq) add_assoc_stringl_ex(&row, q, (size_t)(eq - q), (char *)eq + 1, (size_t)(ie - eq - 1));
					q = ie + 1;
				}
				add_next_index_zval(&result, &row);
				p = le + 1;
			}
			zval_ptr_dtor(reply);
			ZVAL_COPY_VALUE(reply, &result);
		}
		break;
	}
	case R_BGSAVE:
		if (Z_TYPE_P(reply) == IS_STRING && zend_string_equals_literal(Z_STR_P(reply), "Background saving started")) {
			zval_ptr_dtor(reply);
			ZVAL_TRUE(reply);
		}
		break;
	case R_BGREWRITEAOF:
		if (Z_TYPE_P(reply) == IS_STRING) {
			bool t = zend_string_equals_literal(Z_STR_P(reply), "Background append only file rewriting started");
			zval_ptr_dtor(reply);
			ZVAL_BOOL(reply, t);
		}
		break;
	case R_PUBSUB: {
		zval *sub = zend_hash_index_find(args, 0);
		if (rcp_is_str_ci(sub, "NUMSUB") && Z_TYPE_P(reply) == IS_ARRAY) rcp_pairs_to_assoc(reply, false);
		break;
	}
	}
}

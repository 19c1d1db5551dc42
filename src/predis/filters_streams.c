/*
 * filters_streams.c - the argument filters of Predis' stream command classes (XADD ... XSETID).
 */
#include "handlers.h"
#include "traits.h"
#include "../binding/rcp_exceptions.h"

/* Predis' idiom for an optional keyword and its value: `if (count($args) > i && null !== $args[i]) {
 * $a[] = kw; $a[] = $args[i]; }` (the count is the caller's, taken before anything else) */
static void rcp_pf_kw_at(HashTable *a, HashTable *in, zend_long i, const char *kw)
{
	zval *v;

	if ((zend_long)rcp_pa_count(in) > i && !rcp_pv_is_null(v = rcp_pa_at(in, i))) {
		rcp_pa_push_cstr(a, kw);
		rcp_pa_push(a, v);
	}
}

/* The same where Predis tests the element itself (`isset($args[i])`-like: present and not null). */
static void rcp_pf_kw_if(HashTable *a, HashTable *in, uint32_t i, const char *kw)
{
	zval *v;

	if (rcp_pa_exists(in, i) && !rcp_pv_is_null(v = rcp_pa_at(in, i))) {
		rcp_pa_push_cstr(a, kw);
		rcp_pa_push(a, v);
	}
}

/* An option of Predis' options array given (not null): its keyword, then its value. */
static void rcp_pf_kw_opt(HashTable *a, zval *opts, const char *key, const char *kw)
{
	zval *v;

	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, key))) {
		rcp_pa_push_cstr(a, kw);
		rcp_pa_push(a, v);
	}
}

/* XADD (key, [field => value], id = '*', options) */
zend_result rcp_pf_xadd(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_new(8);
	zval *opts = rcp_pa_at(in, 3), *v, *dict;

	rcp_pa_push(a, rcp_pa_at(in, 0));
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "nomkstream")) && rcp_pv_truthy(v)) {
		rcp_pa_push_cstr(a, "NOMKSTREAM");
	}
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "trimming"))) {
		if (!rcp_pa_push_upper(c, a, v)) {
			zend_array_release(a);
			return FAILURE;
		}
	}
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "idmpauto"))) {
		rcp_pa_push_cstr(a, "IDMPAUTO");
		rcp_pa_push(a, v);
	} else if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "idmp")) && Z_TYPE_P(v) == IS_ARRAY) {
		rcp_pa_push_cstr(a, "IDMP");
		rcp_pa_push(a, rcp_pa_at(Z_ARRVAL_P(v), 0));
		rcp_pa_push(a, rcp_pa_at(Z_ARRVAL_P(v), 1));
	}
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "trim")) && Z_TYPE_P(v) == IS_ARRAY) {
		if (rcp_pa_spread(c, a, v) == FAILURE) {
			zend_array_release(a);
			return FAILURE;
		}
		if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "limit"))) {
			rcp_pa_push_cstr(a, "LIMIT");
			rcp_pa_push(a, v);
		}
	}
	v = rcp_pa_at(in, 2);
	if (!rcp_pv_is_null(v)) {
		rcp_pa_push(a, v);
	} else {
		rcp_pa_push_cstr(a, "*");
	}
	if (rcp_pa_isset(in, 1) && rcp_pv_is_array(dict = rcp_pa_at(in, 1))) {
		rcp_pa_push_pairs(a, Z_ARRVAL_P(dict), false);
	}
	return rcp_pa_out(a, out);
}

/* XTRIM (key, strategy | [strategy, '~'], threshold, options) */
zend_result rcp_pf_xtrim(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_new(6);
	zval *opts = rcp_pa_at(in, 3), *v;

	rcp_pa_push(a, rcp_pa_at(in, 0));
	v = rcp_pa_at(in, 1);
	if (rcp_pv_is_array(v)) {
		if (rcp_pa_spread(c, a, v) == FAILURE) {
			zend_array_release(a);
			return FAILURE;
		}
	} else {
		rcp_pa_push(a, v);
	}
	rcp_pa_push(a, rcp_pa_at(in, 2));
	rcp_pf_kw_opt(a, opts, "limit", "LIMIT");
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "trimming"))) {
		if (!rcp_pa_push_upper(c, a, v)) {
			zend_array_release(a);
			return FAILURE;
		}
	}
	return rcp_pa_out(a, out);
}

/* XRANGE / XREVRANGE (key, start, end, count) -> ... COUNT count */
zend_result rcp_pf_xrange(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;
	zval t;

	if (rcp_pa_count(in) != 4) {
		return rcp_pa_pass(in, out);
	}
	a = zend_array_dup(in);
	rcp_pa_push(a, rcp_pa_at(a, 3));
	ZVAL_STRINGL(&t, "COUNT", 5);
	zend_hash_index_update(a, 3, &t);
	return rcp_pa_out(a, out);
}

/* XREAD (count, block, [streams], id, ...) */
zend_result rcp_pf_xread(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_new(8), *ids;
	zval *v;

	rcp_pf_kw_if(a, in, 0, "COUNT");
	rcp_pf_kw_if(a, in, 1, "BLOCK");
	if (rcp_pa_exists(in, 2) && !rcp_pv_is_null(v = rcp_pa_at(in, 2))) {
		rcp_pa_push_cstr(a, "STREAMS");
		if (Z_TYPE_P(v) != IS_ARRAY) {
			zend_array_release(a);
			return rcp_pd_bad_type(c, "the streams argument must be an array", v);
		}
		rcp_pa_merge(a, Z_ARRVAL_P(v));
	}
	ids = rcp_pa_slice(in, 3, -1);
	rcp_pa_merge(a, ids);
	zend_array_release(ids);
	return rcp_pa_out(a, out);
}


/* a, then "STREAMS" followed by the [stream => id] array's keys, then its values (the XREAD / XREADGROUP forms
 * taking that array) into out; a is released when streams is not an array */
static zend_result rcp_pf_streams_out(const rcp_pd_row *c, HashTable *a, zval *streams, zval *out)
{
	zend_string *k;
	zend_ulong h;
	zval *v;

	if (!rcp_pv_is_array(streams)) {
		zend_array_release(a);
		return rcp_pd_bad_type(c, "the streams argument must be an array [stream => id]", streams);
	}
	rcp_pa_push_cstr(a, "STREAMS");
	ZEND_HASH_FOREACH_KEY(Z_ARRVAL_P(streams), h, k) {
		rcp_pa_push_key(a, k, h);
	} ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(streams), v) {
		rcp_pa_push(a, v);
	} ZEND_HASH_FOREACH_END();
	return rcp_pa_out(a, out);
}

/* xread_v4 ([stream => id], count, block, maxcount, maxsize) */
zend_result rcp_pf_xread_v4(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_new(8);
	zval *streams = rcp_pa_at(in, 0);

	rcp_pf_kw_at(a, in, 1, "COUNT");
	rcp_pf_kw_at(a, in, 3, "MAXCOUNT");
	rcp_pf_kw_at(a, in, 4, "MAXSIZE");
	rcp_pf_kw_at(a, in, 2, "BLOCK");
	return rcp_pf_streams_out(c, a, streams, out);
}

/* XREADGROUP (group, consumer, count, block, noack, key..., id...) */
zend_result rcp_pf_xreadgroup(const rcp_pd_row *c, HashTable *in, zval *out)
{
	uint32_t n = rcp_pa_count(in);
	HashTable *a = rcp_pa_new(8 + n), *rest;

	rcp_pa_push_cstr(a, "GROUP");
	rcp_pa_push(a, rcp_pa_at(in, 0));
	rcp_pa_push(a, rcp_pa_at(in, 1));
	rcp_pf_kw_at(a, in, 2, "COUNT");
	rcp_pf_kw_at(a, in, 3, "BLOCK");
	if (n >= 5 && !rcp_pv_is_false(rcp_pa_at(in, 4))) {
		rcp_pa_push_cstr(a, "NOACK");
	}
	rcp_pa_push_cstr(a, "STREAMS");
	rest = rcp_pa_slice(in, 5, -1);
	rcp_pa_merge(a, rest);
	zend_array_release(rest);
	return rcp_pa_out(a, out);
}

/* xreadgroup_claim (group, consumer, [stream => id], count, block, noack, claim, maxcount, maxsize) */
zend_result rcp_pf_xreadgroup_claim(const rcp_pd_row *c, HashTable *in, zval *out)
{
	uint32_t n = rcp_pa_count(in);
	HashTable *a = rcp_pa_new(16);
	zval *v, *streams = rcp_pa_at(in, 2);

	rcp_pa_push_cstr(a, "GROUP");
	rcp_pa_push(a, rcp_pa_at(in, 0));
	rcp_pa_push(a, rcp_pa_at(in, 1));
	rcp_pf_kw_at(a, in, 3, "COUNT");
	rcp_pf_kw_at(a, in, 7, "MAXCOUNT");
	rcp_pf_kw_at(a, in, 8, "MAXSIZE");
	rcp_pf_kw_at(a, in, 4, "BLOCK");
	if (n >= 6 && !rcp_pv_is_false(rcp_pa_at(in, 5))) {
		rcp_pa_push_cstr(a, "NOACK");
	}
	if (n >= 7 && !rcp_pv_is_false(v = rcp_pa_at(in, 6)) && !rcp_pv_is_null(v)) {
		rcp_pa_push_cstr(a, "CLAIM");
		rcp_pa_push(a, v);
	}
	return rcp_pf_streams_out(c, a, streams, out);
}

/* XAUTOCLAIM (key, group, consumer, min-idle, start, count, justid) */
zend_result rcp_pf_xautoclaim(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_slice(in, 0, 5), *rest = rcp_pa_slice(in, 5, -1);
	zval *v;

	if (rcp_pa_count(rest) > 0) {
		if (!rcp_pv_is_null(v = rcp_pa_at(rest, 0))) {
			rcp_pa_push_cstr(a, "COUNT");
			rcp_pa_push(a, v);
		}
		if (rcp_pa_count(rest) >= 2 && rcp_pv_is_true(rcp_pa_at(rest, 1))) {
			rcp_pa_push_cstr(a, "JUSTID");
		}
	}
	zend_array_release(rest);
	return rcp_pa_out(a, out);
}

/* XCLAIM (key, group, consumer, min-idle, ids, idle, time, retrycount, force, justid, lastid) */
zend_result rcp_pf_xclaim(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;
	zval *ids, *v;

	if (rcp_pa_count(in) < 5) {
		/* Predis returns without storing the arguments: the command goes out without any */
		ZVAL_EMPTY_ARRAY(out);
		return SUCCESS;
	}
	a = rcp_pa_slice(in, 0, 4);
	ids = rcp_pa_at(in, 4);
	if (rcp_pv_is_array(ids)) {
		rcp_pa_merge(a, Z_ARRVAL_P(ids));
	} else {
		rcp_pa_push(a, ids);
	}
	rcp_pf_kw_if(a, in, 5, "IDLE");
	rcp_pf_kw_if(a, in, 6, "TIME");
	rcp_pf_kw_if(a, in, 7, "RETRYCOUNT");
	if (rcp_pa_exists(in, 8) && !rcp_pv_is_false(rcp_pa_at(in, 8))) {
		rcp_pa_push_cstr(a, "FORCE");
	}
	if (rcp_pa_exists(in, 9) && !rcp_pv_is_false(rcp_pa_at(in, 9))) {
		rcp_pa_push_cstr(a, "JUSTID");
	}
	if (rcp_pa_exists(in, 10) && !rcp_pv_is_false(v = rcp_pa_at(in, 10))) {
		rcp_pa_push_cstr(a, "LASTID");
		rcp_pa_push(a, v);
	}
	return rcp_pa_out(a, out);
}

/* XGROUP: CREATE (key, group, id, mkstream, entriesread), SETID (key, group, id, entriesread) */
zend_result rcp_pf_xgroup(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *sub = rcp_pa_at(in, 0);
	HashTable *a;
	bool create = rcp_pv_loose_eq_lit(sub, "CREATE");

	if (!create && !rcp_pv_loose_eq_lit(sub, "SETID")) {
		return rcp_pa_pass(in, out);
	}
	a = rcp_pa_new(7);
	for (zend_long i = 0; i < 4; i++) {
		rcp_pa_push(a, rcp_pa_at(in, i));
	}
	if (create) {
		if (rcp_pa_exists(in, 4) && rcp_pv_is_true(rcp_pa_at(in, 4))) {
			rcp_pa_push_cstr(a, "MKSTREAM");
		}
		if (rcp_pa_exists(in, 5)) {
			rcp_pa_push_cstr(a, "ENTRIESREAD");
			rcp_pa_push(a, rcp_pa_at(in, 5));
		}
	} else if (rcp_pa_exists(in, 4)) {
		rcp_pa_push_cstr(a, "ENTRIESREAD");
		rcp_pa_push(a, rcp_pa_at(in, 4));
	}
	return rcp_pa_out(a, out);
}

/* XINFO STREAM (key, XInfoStreamOptions) */
zend_result rcp_pf_xinfo(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a, *ins;
	zval *opts;

	if (!rcp_pv_eq_lit(rcp_pa_at(in, 0), "STREAM")) {
		return rcp_pa_pass(in, out);
	}
	a = rcp_pa_new(4);
	rcp_pa_push(a, rcp_pa_at(in, 0));
	rcp_pa_push(a, rcp_pa_at(in, 1));
	if (rcp_pa_exists(in, 2)
		&& rcp_pv_instanceof(opts = rcp_pa_at(in, 2), "predis\\command\\argument\\arrayableargument")) {
		if (!(ins = rcp_pv_to_array(c, opts))) {
			zend_array_release(a);
			return FAILURE;
		}
		rcp_pa_merge(a, ins);
		zend_array_release(ins);
	}
	return rcp_pa_out(a, out);
}

/* XPENDING (key, group, minIdleTime, start, end, count, consumer) */
zend_result rcp_pf_xpending(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;
	zval *idle, *start, *end, *count, *consumer;

	if (rcp_pa_count(in) < 2) {
		ZVAL_EMPTY_ARRAY(out);
		return SUCCESS;
	}
	a = rcp_pa_slice(in, 0, 2);
	idle = rcp_pa_at(in, 2);
	start = rcp_pa_at(in, 3);
	end = rcp_pa_at(in, 4);
	count = rcp_pa_at(in, 5);
	consumer = rcp_pa_at(in, 6);
	if (!rcp_pv_is_null(start) && !rcp_pv_is_null(end) && !rcp_pv_is_null(count)) {
		if (!rcp_pv_is_null(idle)) {
			rcp_pa_push_cstr(a, "IDLE");
			rcp_pa_push(a, idle);
		}
		rcp_pa_push(a, start);
		rcp_pa_push(a, end);
		rcp_pa_push(a, count);
		if (!rcp_pv_is_null(consumer)) {
			rcp_pa_push(a, consumer);
		}
	}
	return rcp_pa_out(a, out);
}

/* XSETID (key, id, entriesadded, maxdeletedid) */
zend_result rcp_pf_xsetid(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_slice(in, 0, 2);

	if (rcp_pa_isset(in, 2)) {
		rcp_pa_push_cstr(a, "ENTRIESADDED");
		rcp_pa_push(a, rcp_pa_at(in, 2));
	}
	if (rcp_pa_isset(in, 3)) {
		rcp_pa_push_cstr(a, "MAXDELETEDID");
		rcp_pa_push(a, rcp_pa_at(in, 3));
	}
	return rcp_pa_out(a, out);
}

/*
 * filters.c - the argument filters of Predis' command classes (Command::setArguments(), with
 * normalizeArguments() / normalizeVariadic() and the traits), one per class or family, each a line-by-line
 * port of the PHP method it mirrors: keys, strings, lists, sets, sorted sets, geo, scripting, server.
 */
#include "handlers.h"
#include "traits.h"
#include "../binding/rcp_exceptions.h"

/* Command::normalizeArguments: a single array argument is the argument list. */
zend_result rcp_pf_normalize(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *first;

	if (rcp_pa_count(in) == 1 && (first = rcp_pa_at(in, 0)) && Z_TYPE_P(first) == IS_ARRAY) {
		rcp_pa_share(Z_ARRVAL_P(first), out);
	} else {
		rcp_pa_share(in, out);
	}
	return SUCCESS;
}

/* Command::normalizeVariadic (also SDIFFSTORE/SINTERSTORE/SUNIONSTORE): (x, [a, b]) -> x a b; with p1 = 2
 * (ARSET, ARRING) the array is the 3rd of exactly 3 arguments: (x, y, [a, b]) -> x y a b */
zend_result rcp_pf_variadic(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zend_long at = c->p1 ? c->p1 : 1;
	zval *last;
	HashTable *r;

	if (rcp_pa_count(in) != (uint32_t)at + 1 || !rcp_pv_is_array(last = rcp_pa_at(in, at))) {
		return rcp_pa_pass(in, out);
	}
	r = rcp_pa_new((uint32_t)at + rcp_pa_count(Z_ARRVAL_P(last)));
	rcp_pa_push_head(in, r, at);
	rcp_pa_merge(r, Z_ARRVAL_P(last));
	return rcp_pa_out(r, out);
}

/* WATCH: an array first argument is the argument list. */
zend_result rcp_pf_watch(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *first = rcp_pa_at(in, 0);

	rcp_pa_share(rcp_pv_is_array(first) ? Z_ARRVAL_P(first) : in, out);
	return SUCCESS;
}

/* BLPOP / BRPOP: ([k1, k2], timeout) -> k1 k2 timeout */
zend_result rcp_pf_blpop(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *keys;
	HashTable *r;

	if (rcp_pa_count(in) != 2 || !rcp_pv_is_array(keys = rcp_pa_at(in, 0))) {
		return rcp_pa_pass(in, out);
	}
	r = zend_array_dup(Z_ARRVAL_P(keys));
	rcp_pa_push(r, rcp_pa_at(in, 1));
	return rcp_pa_out(r, out);
}

/* MSET / MSETNX: ([k => v, ...]) -> k v ... */
zend_result rcp_pf_mset(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *first;
	HashTable *r;

	if (rcp_pa_count(in) != 1 || !rcp_pv_is_array(first = rcp_pa_at(in, 0))) {
		return rcp_pa_pass(in, out);
	}
	r = rcp_pa_new(2 * rcp_pa_count(Z_ARRVAL_P(first)));
	rcp_pa_push_pairs(r, Z_ARRVAL_P(first), false);
	return rcp_pa_out(r, out);
}

/* HMSET: (key, [f => v, ...]) -> key f v ... */
zend_result rcp_pf_hmset(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *second;
	HashTable *r;

	if (rcp_pa_count(in) != 2 || !rcp_pv_is_array(second = rcp_pa_at(in, 1))) {
		return rcp_pa_pass(in, out);
	}
	r = rcp_pa_new(1 + 2 * rcp_pa_count(Z_ARRVAL_P(second)));
	rcp_pa_push(r, rcp_pa_at(in, 0));
	rcp_pa_push_pairs(r, Z_ARRVAL_P(second), false);
	return rcp_pa_out(r, out);
}

/* ZADD: a trailing [member => score] array -> score member ... */
zend_result rcp_pf_zadd(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *last = rcp_pa_last(in), popped;
	HashTable *r;

	if (!rcp_pv_is_array(last)) {
		return rcp_pa_pass(in, out);
	}
	r = zend_array_dup(in);
	rcp_pa_pop(r, &popped);
	rcp_pa_push_pairs(r, Z_ARRVAL(popped), true);
	zval_ptr_dtor(&popped);
	return rcp_pa_out(r, out);
}

/* GEOADD: (key, [[lon, lat, member], ...]) -> key lon lat member ... */
zend_result rcp_pf_geoadd(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *second, *item;
	HashTable *r;

	if (rcp_pa_count(in) != 2 || !rcp_pv_is_array(second = rcp_pa_at(in, 1))) {
		return rcp_pa_pass(in, out);
	}
	r = rcp_pa_new(4);
	rcp_pa_push(r, rcp_pa_at(in, 0));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(second), item) {
		ZVAL_DEREF(item);
		if (Z_TYPE_P(item) != IS_ARRAY) {
			zend_array_release(r);
			return rcp_pd_bad_type(c, "each item must be an array [longitude, latitude, member]", item);
		}
		rcp_pa_merge(r, Z_ARRVAL_P(item));
	} ZEND_HASH_FOREACH_END();
	return rcp_pa_out(r, out);
}

/* SCAN options: MATCH / COUNT (non-empty); HSCAN adds NOVALUES (=== true). */
static void rcp_pf_scan_options(HashTable *r, HashTable *opts_in, bool novalues)
{
	HashTable *o = rcp_pa_upper_keys(opts_in);
	zval *v;

	if (!rcp_pv_empty(v = rcp_pa_key(o, "MATCH"))) {
		rcp_pa_push_cstr(r, "MATCH");
		rcp_pa_push(r, v);
	}
	if (!rcp_pv_empty(v = rcp_pa_key(o, "COUNT"))) {
		rcp_pa_push_cstr(r, "COUNT");
		rcp_pa_push(r, v);
	}
	if (novalues && !rcp_pv_empty(v = rcp_pa_key(o, "NOVALUES")) && rcp_pv_is_true(v)) {
		rcp_pa_push_cstr(r, "NOVALUES");
	}
	zend_array_release(o);
}

/* SCAN: (cursor, [options]); SSCAN/HSCAN/ZSCAN: (key, cursor, [options]) -- p1 = position of options */
zend_result rcp_pf_scan(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zend_long off = c->p1;
	zval *opts;
	HashTable *r;

	if (rcp_pa_count(in) != (uint32_t)off + 1 || !rcp_pv_is_array(opts = rcp_pa_at(in, off))) {
		return rcp_pa_pass(in, out);
	}
	r = zend_array_dup(in);
	{
		zval popped;
		rcp_pa_pop(r, &popped);
		zval_ptr_dtor(&popped);
	}
	rcp_pf_scan_options(r, Z_ARRVAL_P(opts), c->p2 != 0);
	return rcp_pa_out(r, out);
}

/* ZRANGE / ZREVRANGE prepareOptions */
static zend_result rcp_pf_zrange_options(const rcp_pd_row *c, HashTable *o, HashTable *r)
{
	zval *v;

	if (!rcp_pv_empty(rcp_pa_key(o, "BYSCORE")) && !rcp_pv_empty(rcp_pa_key(o, "BYLEX"))) {
		return rcp_pd_bad(c, "BYSCORE and BYLEX are mutually exclusive");
	}
	if (!rcp_pv_empty(rcp_pa_key(o, "BYSCORE"))) {
		rcp_pa_push_cstr(r, "BYSCORE");
	}
	if (!rcp_pv_empty(rcp_pa_key(o, "BYLEX"))) {
		rcp_pa_push_cstr(r, "BYLEX");
	}
	if (!rcp_pv_empty(rcp_pa_key(o, "REV"))) {
		rcp_pa_push_cstr(r, "REV");
	}
	if (!rcp_pv_empty(v = rcp_pa_key(o, "LIMIT")) && Z_TYPE_P(v) == IS_ARRAY) {
		rcp_pa_push_cstr(r, "LIMIT");
		rcp_pa_merge(r, Z_ARRVAL_P(v));
	}
	if (!rcp_pv_empty(rcp_pa_key(o, "WITHSCORES"))) {
		rcp_pa_push_cstr(r, "WITHSCORES");
	}
	return SUCCESS;
}

/* LIMIT of ZRANGEBYSCORE/ZRANGEBYLEX prepareOptions: LIMIT (OFFSET ?? [0]) (COUNT ?? [1]) */
static void rcp_pf_zrangeby_limit(HashTable *o, HashTable *r)
{
	zval *l = rcp_pa_key(o, "LIMIT"), *v;

	if (l && Z_TYPE_P(l) == IS_ARRAY) {
		HashTable *lim = rcp_pa_upper_keys(Z_ARRVAL_P(l));
		rcp_pa_push_cstr(r, "LIMIT");
		v = rcp_pa_key(lim, "OFFSET");
		rcp_pa_push(r, !rcp_pv_is_null(v) ? v : rcp_pa_at(lim, 0));
		v = rcp_pa_key(lim, "COUNT");
		rcp_pa_push(r, !rcp_pv_is_null(v) ? v : rcp_pa_at(lim, 1));
		zend_array_release(lim);
	}
}

/* ZRANGE family: 4 arguments, the 4th 'WITHSCORES' (any case) or an options array.
 * p1: 0 = ZRANGE/ZREVRANGE, 1 = ZRANGEBYSCORE/ZREVRANGEBYSCORE, 2 = ZRANGEBYLEX/ZREVRANGEBYLEX */
zend_result rcp_pf_zrange(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *last;
	HashTable *r, *o, *src;
	bool ws_string;

	if (rcp_pa_count(in) != 4 || !(last = rcp_pa_at(in, 3))) {
		return rcp_pa_pass(in, out);
	}
	ws_string = Z_TYPE_P(last) == IS_STRING && Z_STRLEN_P(last) == 10
		&& zend_binary_strcasecmp(Z_STRVAL_P(last), 10, "WITHSCORES", 10) == 0;
	if (!ws_string && Z_TYPE_P(last) != IS_ARRAY) {
		return rcp_pa_pass(in, out);
	}
	if (ws_string) {
		src = rcp_pa_new(1);
		{
			zval t;
			ZVAL_TRUE(&t);
			zend_hash_str_update(src, "WITHSCORES", sizeof("WITHSCORES") - 1, &t);
		}
	} else {
		src = Z_ARRVAL_P(last);
		GC_TRY_ADDREF(src);
	}
	o = rcp_pa_upper_keys(src);
	zend_array_release(src);
	r = zend_array_dup(in);
	{
		zval popped;
		rcp_pa_pop(r, &popped);
		zval_ptr_dtor(&popped);
	}
	if (c->p1 == 2) {
		rcp_pf_zrangeby_limit(o, r);
	} else {
		if (c->p1 == 1) {
			rcp_pf_zrangeby_limit(o, r);
			zend_hash_str_del(o, "LIMIT", sizeof("LIMIT") - 1);
		}
		if (rcp_pf_zrange_options(c, o, r) == FAILURE) {
			zend_array_release(o);
			zend_array_release(r);
			return FAILURE;
		}
	}
	zend_array_release(o);
	return rcp_pa_out(r, out);
}

/* ZUNIONSTORE / ZINTERSTORE (p1 = 1: keys 1, weights 2, aggregate 3) and ZUNION / ZINTER (p1 = 0, plus
 * the WithScores trait first) */
zend_result rcp_pf_zsetop(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zend_long base = c->p1;
	HashTable *a = zend_array_dup(in);
	zval *opt;

	if (base == 0) {
		rcp_pt_pop_bool(a, "WITHSCORES");
	}
	/* support old `$options` array: literal indexes 2 and 3 (whatever the command) */
	opt = rcp_pa_at(a, 2);
	if (!rcp_pa_isset(a, 3)
		&& (!rcp_pv_is_null(rcp_pa_opt(opt, "weights")) || !rcp_pv_is_null(rcp_pa_opt(opt, "aggregate")))) {
		zval popped, *w, *g, def;
		rcp_pa_pop(a, &popped);
		w = rcp_pa_opt(&popped, "weights");
		if (!rcp_pv_is_null(w)) {
			rcp_pa_push(a, w);
		} else {
			ZVAL_EMPTY_ARRAY(&def);
			rcp_pa_push(a, &def);
		}
		g = rcp_pa_opt(&popped, "aggregate");
		if (!rcp_pv_is_null(g)) {
			rcp_pa_push(a, g);
		} else {
			rcp_pa_push_cstr(a, "sum");
		}
		zval_ptr_dtor(&popped);
	}
	if (rcp_pt_aggregate(c, &a, base + 2) == FAILURE || rcp_pt_weights(c, &a, base + 1) == FAILURE
		|| rcp_pt_keys(c, &a, base, true) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* ZDIFF: Keys(0) then WithScores */
zend_result rcp_pf_zdiff(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	if (rcp_pt_keys(c, &a, 0, true) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	rcp_pt_pop_bool(a, "WITHSCORES");
	return rcp_pa_out(a, out);
}

/* Keys trait alone: p1 = offset, p2 = with numkeys (ZDIFFSTORE, EVAL_RO, EVALSHA_RO, FCALL, BZPOPMIN/MAX) */
zend_result rcp_pf_keys(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	if (rcp_pt_keys(c, &a, c->p1, c->p2 != 0) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* SINTERCARD / ZINTERCARD: Limit(1) then Keys(0) */
zend_result rcp_pf_intercard(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	if (rcp_pt_limit(c, &a, 1) == FAILURE || rcp_pt_keys(c, &a, 0, true) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* LMPOP (p1 = 0) / BLMPOP (p1 = 1): Count(p1+2), LeftRight(p1+1), Keys(p1), filter */
zend_result rcp_pf_lmpop(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zend_long b = c->p1;
	HashTable *a = zend_array_dup(in);

	if (rcp_pt_count(c, &a, b + 2, false) == FAILURE || rcp_pt_leftright(c, &a, b + 1) == FAILURE
		|| rcp_pt_keys(c, &a, b, true) == FAILURE || rcp_pt_filter(&a) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* ZMPOP (p1 = 0) / BZMPOP (p1 = 1): Count(p1+2), MinMaxModifier(p1+1), Keys(p1); no filter */
zend_result rcp_pf_zmpop(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zend_long b = c->p1, moff = b + 1;
	HashTable *a = zend_array_dup(in);
	zval *m, t;

	if (rcp_pt_count(c, &a, b + 2, false) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	if (moff >= (zend_long)rcp_pa_count(a)) {
		ZVAL_STRINGL(&t, "MIN", 3);
		zend_hash_index_update(a, (zend_ulong)moff, &t);
	} else {
		m = rcp_pa_at(a, moff);
		if (!m || Z_TYPE_P(m) != IS_STRING || !(rcp_pv_eq_lit(m, "min") || rcp_pv_eq_lit(m, "max"))) {
			zend_array_release(a);
			return rcp_pd_bad(c, "Wrong type of modifier given");
		}
		ZVAL_STRINGL(&t, rcp_pv_eq_lit(m, "min") ? "MIN" : "MAX", 3);
		zend_hash_index_update(a, (zend_ulong)moff, &t);
	}
	if (rcp_pt_keys(c, &a, b, true) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* COPY: DB(2) then Replace */
zend_result rcp_pf_copy(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	if (rcp_pt_db(c, &a, 2) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	rcp_pt_pop_bool(a, "REPLACE");
	return rcp_pa_out(a, out);
}

/* WithScores (ZRANDMEMBER), WithValues (HRANDFIELD): p1 selects the keyword */
zend_result rcp_pf_pop_bool(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	rcp_pt_pop_bool(a, c->p1 ? "WITHVALUES" : "WITHSCORES");
	return rcp_pa_out(a, out);
}

/* ExpireOptions (EXPIRE, EXPIREAT) p1 = 0; BitByte (BITCOUNT, BITPOS) p1 = 1 */
zend_result rcp_pf_last_enum(const rcp_pd_row *c, HashTable *in, zval *out)
{
	static const char *const expire[] = {"nx", "xx", "gt", "lt", NULL};
	static const char *const bitbyte[] = {"bit", "byte", NULL};
	const char *const *e = c->p1 ? bitbyte : expire;
	HashTable *a = zend_array_dup(in);
	zval last;
	int m, ok;

	rcp_pa_pop(a, &last);
	if (Z_TYPE(last) == IS_NULL) {
		return rcp_pa_out(a, out);
	}
	ok = rcp_pv_enum(c, &last, e, &m);
	if (ok < 0) {
		zval_ptr_dtor(&last);
		zend_array_release(a);
		return FAILURE;
	}
	if (ok && c->p1 == 0) {
		/* ExpireOptions maps by strtolower($value): every valid spelling maps */
		if (!rcp_pa_push_upper(c, a, &last)) {
			zval_ptr_dtor(&last);
			zend_array_release(a);
			return FAILURE;
		}
	} else if (ok) {
		rcp_pa_push_enum(a, e, m);
	} else {
		rcp_pa_push(a, &last);
	}
	zval_ptr_dtor(&last);
	return rcp_pa_out(a, out);
}

/* SET: false / null options (index >= 2) are removed */
zend_result rcp_pf_set(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = NULL;
	zend_string *k;
	zend_ulong h;
	zval *v;

	ZEND_HASH_FOREACH_KEY_VAL(in, h, k, v) {
		ZVAL_DEREF(v);
		if (Z_TYPE_P(v) != IS_FALSE && Z_TYPE_P(v) != IS_NULL) {
			continue;
		}
		if (!k) {
			if ((zend_long)h < 2) {
				continue;
			}
		} else {
			/* `$index < 2` with a string key */
			zval kz, two;
			ZVAL_STR(&kz, k);
			ZVAL_LONG(&two, 2);
			if (zend_compare(&kz, &two) < 0) {
				continue;
			}
		}
		if (!a) {
			a = zend_array_dup(in);
		}
		if (k) {
			zend_hash_del(a, k);
		} else {
			zend_hash_index_del(a, h);
		}
	} ZEND_HASH_FOREACH_END();
	if (!a) {
		return rcp_pa_pass(in, out);
	}
	return rcp_pa_out(a, out);
}

/* GETEX */
zend_result rcp_pf_getex(const rcp_pd_row *c, HashTable *in, zval *out)
{
	static const char *const mods[] = {"ex", "px", "exat", "pxat", "persist", NULL};
	zval *m = rcp_pa_at(in, 1);
	HashTable *a;
	int idx, ok;

	if (!rcp_pa_exists(in, 1) || rcp_pv_eq_lit(m, "")) {
		a = rcp_pa_new(1);
		rcp_pa_push(a, rcp_pa_at(in, 0));
		return rcp_pa_out(a, out);
	}
	ok = rcp_pv_enum(c, m, mods, &idx);
	if (ok < 0) {
		return FAILURE;
	}
	if (!ok) {
		return rcp_pd_bad(c, "Modifier argument accepts only: ex, px, exat, pxat, persist values");
	}
	if (rcp_pv_eq_lit(m, "persist")) {
		a = rcp_pa_new(2);
		rcp_pa_push(a, rcp_pa_at(in, 0));
		rcp_pa_push_cstr(a, "PERSIST");
		return rcp_pa_out(a, out);
	}
	a = zend_array_dup(in);
	{
		zval t;
		if (idx < 0) {
			ZVAL_NULL(&t);
		} else {
			zend_string *s = zend_string_init(mods[idx], strlen(mods[idx]), 0);
			ZVAL_STR(&t, zend_string_toupper(s));
			zend_string_release(s);
		}
		zend_hash_index_update(a, 1, &t);
	}
	if (!rcp_pa_exists(a, 2)) {
		zend_array_release(a);
		return rcp_pd_bad(c, "You should provide value for current modifier");
	}
	return rcp_pa_out(a, out);
}

/* LCS (key1, key2, len, idx, minmatchlen, withmatchlen) */
zend_result rcp_pf_lcs(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);
	zval t, *v;

	if (rcp_pa_isset(a, 2) && rcp_pv_truthy(rcp_pa_at(a, 2))) {
		ZVAL_STRINGL(&t, "LEN", 3);
		zend_hash_index_update(a, 2, &t);
	}
	if (rcp_pa_isset(a, 3) && rcp_pv_truthy(rcp_pa_at(a, 3))) {
		ZVAL_STRINGL(&t, "IDX", 3);
		zend_hash_index_update(a, 3, &t);
	}
	if (rcp_pa_isset(a, 5) && rcp_pv_truthy(rcp_pa_at(a, 5))) {
		ZVAL_STRINGL(&t, "WITHMATCHLEN", 12);
		zend_hash_index_update(a, 5, &t);
	}
	if (rcp_pa_isset(a, 4)) {
		v = rcp_pa_at(a, 4);
		if (!(Z_TYPE_P(v) == IS_LONG && Z_LVAL_P(v) == 0)) {
			HashTable *ins = rcp_pa_new(2), *r;
			rcp_pa_push_cstr(ins, "MINMATCHLEN");
			rcp_pa_push(ins, v);
			r = rcp_pa_replace(a, 4, 1, ins);
			zend_array_release(ins);
			rcp_pa_swap(&a, r);
		} else {
			ZVAL_FALSE(&t);
			zend_hash_index_update(a, 4, &t);
		}
	}
	rcp_pt_filter(&a);
	return rcp_pa_out(a, out);
}

/* SORT (key, [options]) */
zend_result rcp_pf_sort(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *r, *p;
	zval *opts, *v, *g;

	if (rcp_pa_count(in) == 1) {
		return rcp_pa_pass(in, out);
	}
	opts = rcp_pa_at(in, 1);
	if (!rcp_pv_is_array(opts)) {
		return rcp_pd_bad_type(c, "the second argument must be an options array", opts);
	}
	r = rcp_pa_new(8);
	rcp_pa_push(r, rcp_pa_at(in, 0));
	p = rcp_pa_upper_keys(Z_ARRVAL_P(opts));
	if (!rcp_pv_is_null(v = rcp_pa_key(p, "BY"))) {
		rcp_pa_push_cstr(r, "BY");
		rcp_pa_push(r, v);
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(p, "GET"))) {
		if (Z_TYPE_P(v) == IS_ARRAY) {
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), g) {
				rcp_pa_push_cstr(r, "GET");
				rcp_pa_push(r, g);
			} ZEND_HASH_FOREACH_END();
		} else {
			rcp_pa_push_cstr(r, "GET");
			rcp_pa_push(r, v);
		}
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(p, "LIMIT")) && Z_TYPE_P(v) == IS_ARRAY && rcp_pa_count(Z_ARRVAL_P(v)) == 2) {
		rcp_pa_push_cstr(r, "LIMIT");
		rcp_pa_push(r, rcp_pa_at(Z_ARRVAL_P(v), 0));
		rcp_pa_push(r, rcp_pa_at(Z_ARRVAL_P(v), 1));
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(p, "SORT"))) {
		if (!rcp_pa_push_upper(c, r, v)) {
			zend_array_release(p);
			zend_array_release(r);
			return FAILURE;
		}
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(p, "ALPHA")) && rcp_pv_truthy(v)) {
		rcp_pa_push_cstr(r, "ALPHA");
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(p, "STORE"))) {
		rcp_pa_push_cstr(r, "STORE");
		rcp_pa_push(r, v);
	}
	zend_array_release(p);
	return rcp_pa_out(r, out);
}

/* SORT_RO (key, by, limit, get, sorting, alpha) */
zend_result rcp_pf_sort_ro(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	rcp_pt_pop_bool(a, "ALPHA");
	if (rcp_pt_sorting(c, &a, 4) == FAILURE || rcp_pt_get(c, &a, 3) == FAILURE
		|| rcp_pt_object(c, &a, "predis\\command\\argument\\server\\limitinterface", false, NULL) == FAILURE
		|| rcp_pt_by(&a, 1) == FAILURE || rcp_pt_filter(&a) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* BITOP (operation, destination, [keys]) or (operation, destination, key, ...) */
zend_result rcp_pf_bitop(const rcp_pd_row *c, HashTable *in, zval *out)
{
	static const char *const ops[] = {"AND", "OR", "XOR", "NOT", "DIFF", "DIFF1", "ANDOR", "ONE", NULL};
	HashTable *a;
	zval *keys;

	if (rcp_pa_count(in) == 3 && rcp_pv_is_array(keys = rcp_pa_at(in, 2))) {
		/* array_unshift($keys, $operation, $destination) */
		a = rcp_pa_new(2 + rcp_pa_count(Z_ARRVAL_P(keys)));
		rcp_pa_push(a, rcp_pa_at(in, 0));
		rcp_pa_push(a, rcp_pa_at(in, 1));
		rcp_pa_merge(a, Z_ARRVAL_P(keys));
	} else {
		a = zend_array_dup(in);
	}
	if (rcp_pa_count(a) > 0) {
		zend_string *op = rcp_pv_upper(c, rcp_pa_at(a, 0));
		bool ok = false;
		if (!op) {
			zend_array_release(a);
			return FAILURE;
		}
		for (int i = 0; ops[i]; i++) {
			zval l, s;
			ZVAL_STR(&s, op);
			ZVAL_STRINGL(&l, ops[i], strlen(ops[i]));
			ok = zend_compare(&s, &l) == 0;
			zval_ptr_dtor(&l);
			if (ok) {
				break;
			}
		}
		zend_string_release(op);
		if (!ok) {
			zend_array_release(a);
			return rcp_pd_bad(c, "BITOP operation must be one of: AND, OR, XOR, NOT, DIFF, DIFF1, ANDOR, ONE");
		}
	}
	return rcp_pa_out(a, out);
}

/* BITFIELD_RO (key, [encoding => offset, ...]) -> key GET encoding offset ... */
zend_result rcp_pf_bitfield_ro(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_new(4);
	zval *gets = rcp_pa_at(in, 1);

	rcp_pa_push(a, rcp_pa_at(in, 0));
	if (rcp_pa_exists(in, 1) && rcp_pv_is_array(gets)) {
		zend_string *k;
		zend_ulong h;
		zval *v;
		ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(gets), h, k, v) {
			rcp_pa_push_cstr(a, "GET");
			rcp_pa_push_key(a, k, h);
			rcp_pa_push(a, v);
		} ZEND_HASH_FOREACH_END();
	}
	return rcp_pa_out(a, out);
}

/* GEORADIUS / GEORADIUSBYMEMBER: a trailing options array */
zend_result rcp_pf_georadius(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *last = rcp_pa_last(in), popped, *v;
	HashTable *a, *o;

	if (rcp_pa_count(in) == 0 || !rcp_pv_is_array(last)) {
		return rcp_pa_pass(in, out);
	}
	a = zend_array_dup(in);
	rcp_pa_pop(a, &popped);
	o = rcp_pa_upper_keys(Z_ARRVAL(popped));
	zval_ptr_dtor(&popped);
	if (!rcp_pv_is_null(v = rcp_pa_key(o, "WITHCOORD")) && rcp_pv_truthy(v)) {
		rcp_pa_push_cstr(a, "WITHCOORD");
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(o, "WITHDIST")) && rcp_pv_truthy(v)) {
		rcp_pa_push_cstr(a, "WITHDIST");
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(o, "WITHHASH")) && rcp_pv_truthy(v)) {
		rcp_pa_push_cstr(a, "WITHHASH");
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(o, "COUNT"))) {
		rcp_pa_push_cstr(a, "COUNT");
		rcp_pa_push(a, v);
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(o, "SORT"))) {
		if (!rcp_pa_push_upper(c, a, v)) {
			zend_array_release(o);
			zend_array_release(a);
			return FAILURE;
		}
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(o, "STORE"))) {
		rcp_pa_push_cstr(a, "STORE");
		rcp_pa_push(a, v);
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(o, "STOREDIST"))) {
		rcp_pa_push_cstr(a, "STOREDIST");
		rcp_pa_push(a, v);
	}
	zend_array_release(o);
	return rcp_pa_out(a, out);
}

/* `$x ?? false` coerced to a bool parameter (arrays: TypeError) */
static int rcp_pf_bool_param(const rcp_pd_row *c, zval *z)
{
	if (rcp_pv_is_null(z)) {
		return 0;
	}
	if (Z_TYPE_P(z) == IS_ARRAY || (Z_TYPE_P(z) == IS_OBJECT)) {
		rcp_pd_bad_type(c, "expected a bool argument", z);
		return -1;
	}
	return zend_is_true(z) ? 1 : 0;
}

/* the argument objects GEOSEARCH and GEOSEARCHSTORE take (class names in lower case, see rcp_pv_instanceof) */
#define RCP_PF_GEO_FROM "predis\\command\\argument\\geospatial\\frominterface"
#define RCP_PF_GEO_BY "predis\\command\\argument\\geospatial\\byinterface"

/* GEOSEARCH (key, from, by, sorting, count, any, withcoord, withdist, withhash) */
zend_result rcp_pf_geosearch(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);
	int any;

	if (rcp_pt_sorting(c, &a, 3) == FAILURE
		|| rcp_pt_flag(c, &a, 6, "WITHCOORD", "Wrong WITHCOORD argument type") == FAILURE
		|| rcp_pt_flag(c, &a, 7, "WITHDIST", "Wrong WITHDIST argument type") == FAILURE
		|| rcp_pt_flag(c, &a, 8, "WITHHASH", "Wrong WITHHASH argument type") == FAILURE
		|| (any = rcp_pf_bool_param(c, rcp_pa_at(a, 5))) < 0
		|| rcp_pt_count(c, &a, 4, any == 1) == FAILURE
		|| rcp_pt_object(c, &a, RCP_PF_GEO_FROM, true, "Invalid FROM argument value given") == FAILURE
		|| rcp_pt_object(c, &a, RCP_PF_GEO_BY, true, "Invalid BY argument value given") == FAILURE
		|| rcp_pt_filter(&a) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* GEOSEARCHSTORE (destination, source, from, by, sorting, count, any, storedist) */
zend_result rcp_pf_geosearchstore(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);
	int any;

	if (rcp_pt_flag(c, &a, 7, "STOREDIST", "Wrong STOREDIST argument type") == FAILURE
		|| (any = rcp_pf_bool_param(c, rcp_pa_at(a, 6))) < 0
		|| rcp_pt_count(c, &a, 5, any == 1) == FAILURE
		|| rcp_pt_sorting(c, &a, 4) == FAILURE
		|| rcp_pt_object(c, &a, RCP_PF_GEO_FROM, true, "Invalid FROM argument value given") == FAILURE
		|| rcp_pt_object(c, &a, RCP_PF_GEO_BY, true, "Invalid BY argument value given") == FAILURE
		|| rcp_pt_filter(&a) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* MIGRATE: a trailing [COPY => bool, REPLACE => bool] array */
zend_result rcp_pf_migrate(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *last = rcp_pa_last(in), popped, *v;
	HashTable *a;
	zend_string *k;
	zend_ulong h;

	if (!rcp_pv_is_array(last)) {
		return rcp_pa_pass(in, out);
	}
	a = zend_array_dup(in);
	rcp_pa_pop(a, &popped);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL(popped), h, k, v) {
		zend_string *m = k ? zend_string_toupper(k) : zend_long_to_str((zend_long)h);
		ZVAL_DEREF(v);
		if ((rcp_pv_str_eq(m, "COPY") || rcp_pv_str_eq(m, "REPLACE")) && zend_is_true(v)) {
			rcp_pa_push_str(a, m);
		} else {
			zend_string_release(m);
		}
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&popped);
	return rcp_pa_out(a, out);
}

/* FCALL_RO (function, [keys], args...) */
zend_result rcp_pf_fcall_ro(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *keys = rcp_pa_at(in, 1);
	HashTable *a;
	uint32_t n = rcp_pa_count(in);

	if (!rcp_pv_is_array(keys)) {
		return rcp_pd_bad_type(c, "the second argument must be an array of keys", keys);
	}
	a = rcp_pa_new(n + rcp_pa_count(Z_ARRVAL_P(keys)));
	rcp_pa_push(a, rcp_pa_at(in, 0));
	rcp_pa_push_long(a, rcp_pa_count(Z_ARRVAL_P(keys)));
	rcp_pa_merge(a, Z_ARRVAL_P(keys));
	for (uint32_t i = 2; i < n; i++) {
		rcp_pa_push(a, rcp_pa_at(in, i));
	}
	return rcp_pa_out(a, out);
}

/* FAILOVER (to, abort, timeout) */
zend_result rcp_pf_failover(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	if (rcp_pa_exists(a, 1) && !rcp_pv_is_false(rcp_pa_at(a, 1))) {
		zval t;
		ZVAL_STRINGL(&t, "ABORT", 5);
		zend_hash_index_update(a, 1, &t);
	}
	if (rcp_pt_timeout(c, &a, 2) == FAILURE || rcp_pt_to(c, &a, 0) == FAILURE || rcp_pt_filter(&a) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* SHUTDOWN (save, now, force, abort) */
zend_result rcp_pf_shutdown(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;

	if (rcp_pa_count(in) == 0) {
		return rcp_pa_pass(in, out);
	}
	a = rcp_pa_new(4);
	if (rcp_pa_exists(in, 0) && !rcp_pv_is_null(rcp_pa_at(in, 0))) {
		rcp_pa_push_cstr(a, rcp_pv_truthy(rcp_pa_at(in, 0)) ? "SAVE" : "NOSAVE");
	}
	if (rcp_pa_exists(in, 1) && !rcp_pv_is_false(rcp_pa_at(in, 1))) {
		rcp_pa_push_cstr(a, "NOW");
	}
	if (rcp_pa_exists(in, 2) && !rcp_pv_is_false(rcp_pa_at(in, 2))) {
		rcp_pa_push_cstr(a, "FORCE");
	}
	if (rcp_pa_exists(in, 3) && !rcp_pv_is_false(rcp_pa_at(in, 3))) {
		rcp_pa_push_cstr(a, "ABORT");
	}
	return rcp_pa_out(a, out);
}

/* SLAVEOF: no arguments or 'NO ONE' -> NO ONE */
zend_result rcp_pf_slaveof(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;

	if (rcp_pa_count(in) == 0 || rcp_pv_eq_lit(rcp_pa_at(in, 0), "NO ONE")) {
		a = rcp_pa_new(2);
		rcp_pa_push_cstr(a, "NO");
		rcp_pa_push_cstr(a, "ONE");
		return rcp_pa_out(a, out);
	}
	return rcp_pa_pass(in, out);
}

/* CLIENT: LIST (type, id, ...), NOEVICT / NOTOUCH (bool), SETINFO (attr, value) */
zend_result rcp_pf_client(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *sub = rcp_pa_at(in, 0);
	HashTable *a;

	if (rcp_pv_loose_eq_lit(sub, "LIST")) {
		uint32_t n = rcp_pa_count(in);
		a = rcp_pa_new(n + 2);
		rcp_pa_push(a, sub);
		if (rcp_pa_exists(in, 1) && !rcp_pv_is_null(rcp_pa_at(in, 1))) {
			rcp_pa_push_cstr(a, "TYPE");
			if (!rcp_pa_push_upper(c, a, rcp_pa_at(in, 1))) {
				zend_array_release(a);
				return FAILURE;
			}
		}
		if (rcp_pa_exists(in, 2)) {
			rcp_pa_push_cstr(a, "ID");
			rcp_pa_push(a, rcp_pa_at(in, 2));
		}
		for (uint32_t i = 3; i < n; i++) {
			rcp_pa_push(a, rcp_pa_at(in, i));
		}
		return rcp_pa_out(a, out);
	}
	if (rcp_pv_loose_eq_lit(sub, "NOEVICT") || rcp_pv_loose_eq_lit(sub, "NOTOUCH")) {
		a = rcp_pa_new(2);
		rcp_pa_push_cstr(a, rcp_pv_loose_eq_lit(sub, "NOEVICT") ? "NO-EVICT" : "NO-TOUCH");
		if (rcp_pa_exists(in, 1) && !rcp_pv_is_null(rcp_pa_at(in, 1))) {
			rcp_pa_push_cstr(a, rcp_pv_truthy(rcp_pa_at(in, 1)) ? "ON" : "OFF");
		}
		return rcp_pa_out(a, out);
	}
	if (rcp_pv_loose_eq_lit(sub, "SETINFO")) {
		a = rcp_pa_new(3);
		rcp_pa_push(a, sub);
		if (rcp_pa_exists(in, 1) && !rcp_pv_is_null(rcp_pa_at(in, 1))
			&& rcp_pa_exists(in, 2) && !rcp_pv_is_null(rcp_pa_at(in, 2))) {
			if (!rcp_pa_push_upper(c, a, rcp_pa_at(in, 1))) {
				zend_array_release(a);
				return FAILURE;
			}
			rcp_pa_push(a, rcp_pa_at(in, 2));
		}
		return rcp_pa_out(a, out);
	}
	return rcp_pa_pass(in, out);
}

/* FUNCTION: FLUSH (mode), LIST (libraryname, withcode), LOAD (code, replace), RESTORE (payload, policy);
 * false / null arguments removed in every case */
zend_result rcp_pf_function(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *sub = rcp_pa_at(in, 0);
	HashTable *a;

	if (rcp_pv_loose_eq_lit(sub, "FLUSH")) {
		a = rcp_pa_new(2);
		rcp_pa_push(a, sub);
		if (rcp_pa_exists(in, 1) && !rcp_pv_is_null(rcp_pa_at(in, 1))) {
			if (!rcp_pa_push_upper(c, a, rcp_pa_at(in, 1))) {
				zend_array_release(a);
				return FAILURE;
			}
		}
	} else if (rcp_pv_loose_eq_lit(sub, "LIST")) {
		a = rcp_pa_new(4);
		rcp_pa_push(a, sub);
		if (rcp_pa_exists(in, 1) && !rcp_pv_is_null(rcp_pa_at(in, 1))) {
			rcp_pa_push_cstr(a, "LIBRARYNAME");
			rcp_pa_push(a, rcp_pa_at(in, 1));
		}
		if (rcp_pa_exists(in, 2) && rcp_pv_is_true(rcp_pa_at(in, 2))) {
			rcp_pa_push_cstr(a, "WITHCODE");
		}
	} else if (rcp_pv_loose_eq_lit(sub, "LOAD")) {
		if (rcp_pa_count(in) <= 2) {
			a = zend_array_dup(in);
		} else {
			HashTable *tmp = zend_array_dup(in);
			zval replace;
			a = rcp_pa_new(3);
			rcp_pa_push(a, sub);
			rcp_pa_pop(tmp, &replace);
			if (Z_TYPE(replace) == IS_TRUE) {
				rcp_pa_push_cstr(a, "REPLACE");
			} else if (Z_TYPE(replace) != IS_FALSE) {
				rcp_pa_push(a, &replace);
			}
			zval_ptr_dtor(&replace);
			rcp_pa_push(a, rcp_pa_at(tmp, 1));
			zend_array_release(tmp);
		}
	} else if (rcp_pv_loose_eq_lit(sub, "RESTORE")) {
		a = rcp_pa_new(3);
		rcp_pa_push(a, sub);
		rcp_pa_push(a, rcp_pa_at(in, 1));
		if (rcp_pa_exists(in, 2) && !rcp_pv_is_null(rcp_pa_at(in, 2))) {
			if (!rcp_pa_push_upper(c, a, rcp_pa_at(in, 2))) {
				zend_array_release(a);
				return FAILURE;
			}
		}
	} else {
		a = zend_array_dup(in);
	}
	rcp_pt_filter(&a);
	return rcp_pa_out(a, out);
}

/*
 * builders.c - the argument filters of the commands Predis 3.7 added (Redis 7.2 - 8.x and
 * newer; see docs/PREDIS_COMPAT.md). Most build a new list: builders (rcp_pb_*) run by rcp_pb_run(), their
 * isset()/!empty()-tested optional arguments a table (rcp_popt, in table.c) rather than code.
 */
#include "handlers.h"
#include "traits.h"
#include "../binding/rcp_exceptions.h"

/* Builders: rcp_pb_run() gives each a new array and releases it when the builder fails. */
zend_result rcp_pb_run(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *r = rcp_pa_new(8);

	if (c->build(c, in, r) == FAILURE) {
		zend_array_release(r);
		return FAILURE;
	}
	return rcp_pa_out(r, out);
}

/*
 * in_array(strtoupper($z), $allowed, true) for upper-case allowed values (NULL-terminated): 1 with *up the
 * upper-case string (owned), 0 when not allowed, -1 after throwing (strtoupper()'s TypeError).
 */
static int rcp_pb_upper_in(const rcp_pd_row *c, zval *z, const char *const *allowed, zend_string **up)
{
	zend_string *u = rcp_pv_upper(c, z);

	*up = NULL;
	if (!u) {
		return -1;
	}
	for (int i = 0; allowed[i]; i++) {
		if (rcp_pv_str_eq(u, allowed[i])) {
			*up = u;
			return 1;
		}
	}
	zend_string_release(u);
	return 0;
}

/* push strtoupper($z) when allowed, else throw msg */
static zend_result rcp_pb_push_upper_in(const rcp_pd_row *c, HashTable *r, zval *z, const char *const *allowed,
	const char *msg)
{
	zend_string *u;
	int ok = rcp_pb_upper_in(c, z, allowed, &u);

	if (ok <= 0) {
		return ok < 0 ? FAILURE : rcp_pd_bad(c, msg);
	}
	rcp_pa_push_str(r, u);
	return SUCCESS;
}

/*
 * KEYWORD count($list), then the list's values: as array_merge() adds them (string keys kept, their values
 * sent), or, spread, as `...$list` does (a string key is a named argument, which array_push() refuses).
 * A list that is not an array is count()'s TypeError in PHP.
 */
static zend_result rcp_pb_counted(const rcp_pd_row *c, HashTable *r, const char *kw, zval *list, bool spread)
{
	if (!rcp_pv_is_array(list)) {
		rcp_throw(rcp_ce_invalid_argument, "%s: the %s argument must be an array, %s given", c->uc, kw,
			rcp_pv_type_name(list));
		return FAILURE;
	}
	rcp_pa_push_cstr(r, kw);
	rcp_pa_push_long(r, rcp_pa_count(Z_ARRVAL_P(list)));
	if (spread) {
		return rcp_pa_spread(c, r, list);
	}
	rcp_pa_merge(r, Z_ARRVAL_P(list));
	return SUCCESS;
}

/* VADD's and VSETATTR's attributes: a string as it is, an array as json_encode() gives it (false when it
 * cannot encode, sent as ""), anything else throws */
static zend_result rcp_pb_push_json(const rcp_pd_row *c, HashTable *r, zval *v)
{
	zval json;

	if (v && Z_TYPE_P(v) == IS_STRING) {
		rcp_pa_push(r, v);
		return SUCCESS;
	}
	if (!rcp_pv_is_array(v)) {
		return rcp_pd_bad(c, "Attributes arguments should be a JSON string or associative array");
	}
	if (rcp_pv_call("json_encode", &json, 1, v) == FAILURE) {
		return FAILURE;
	}
	rcp_pa_push(r, &json);
	zval_ptr_dtor(&json);
	return SUCCESS;
}

/* The optional arguments of a call, in the order Predis sends them (a list ended by at = -1). */
static zend_result rcp_pb_opts(const rcp_pd_row *c, HashTable *in, HashTable *r, const rcp_popt *o)
{
	for (; o->at >= 0; o++) {
		zval *v = rcp_pa_at(in, o->at);
		bool on = !rcp_pv_is_null(v);
		if (o->test == RCP_POPT_SET_NOT_FALSE) {
			on = on && !rcp_pv_is_false(v);
		} else if (o->test == RCP_POPT_NOT_EMPTY) {
			on = !rcp_pv_empty(v);
		}
		if (!on) {
			continue;
		}
		if (o->kw) {
			rcp_pa_push_cstr(r, o->kw);
		}
		if (o->json) {
			if (rcp_pb_push_json(c, r, v) == FAILURE) {
				return FAILURE;
			}
		} else if (o->value) {
			rcp_pa_push(r, v);
		}
	}
	return SUCCESS;
}

/* [$a[0] .. $a[p1 - 1]] then the entry's optional arguments (XCFGSET, ARSCAN, ARLASTITEMS, ARINFO, VEMB) */
zend_result rcp_pb_head_opts(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	rcp_pa_push_head(in, r, c->p1);
	return rcp_pb_opts(c, in, r, c->opts);
}

/* pass-through inside a builder */
static zend_result rcp_pb_all(HashTable *in, HashTable *r)
{
	rcp_pa_merge(r, in);
	return SUCCESS;
}

/* HEXPIRE, HEXPIREAT, HPEXPIRE, HPEXPIREAT (key, ttl, [fields], flag) -> key ttl [FLAG] FIELDS n fields... */
zend_result rcp_pb_hexpire(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const flags[] = {"NX", "XX", "GT", "LT", NULL};
	zval *v;

	rcp_pa_push_head(in, r, 2);
	if (!rcp_pv_is_null(v = rcp_pa_at(in, 3))
		&& rcp_pb_push_upper_in(c, r, v, flags, "Unsupported flag value") == FAILURE) {
		return FAILURE;
	}
	if (rcp_pv_is_null(v = rcp_pa_at(in, 2))) {
		return SUCCESS;
	}
	return rcp_pb_counted(c, r, "FIELDS", v, false);
}

/* HTTL, HPTTL, HEXPIRETIME, HPEXPIRETIME, HPERSIST, HGETDEL (key, [fields]) -> key FIELDS n fields... */
zend_result rcp_pb_fields(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	rcp_pa_push(r, rcp_pa_at(in, 0));
	return rcp_pb_counted(c, r, "FIELDS", rcp_pa_at(in, 1), false);
}

/*
 * HGETEX's and HSETEX's expiry modifier m: strtoupper($m) must be one of mods (else msg); `bare` (PERSIST,
 * KEEPTTL) goes alone, the others with the integer $a[vi] ("Modifier value is missing or incorrect type").
 * Predis maps the modifier by strtolower(), so every spelling of a valid one is sent upper-case.
 */
static zend_result rcp_pb_modifier(const rcp_pd_row *c, HashTable *r, zval *m, const char *const *mods,
	const char *bare, const char *msg, HashTable *in, zend_long vi)
{
	zend_string *u;
	zval *n;
	int ok = rcp_pb_upper_in(c, m, mods, &u);

	if (ok <= 0) {
		return ok < 0 ? FAILURE : rcp_pd_bad(c, msg);
	}
	if (!rcp_pv_str_eq(u, bare) && (!(n = rcp_pa_at(in, vi)) || Z_TYPE_P(n) != IS_LONG)) {
		zend_string_release(u);
		return rcp_pd_bad(c, "Modifier value is missing or incorrect type");
	}
	rcp_pa_push_str(r, u);
	if (!rcp_pv_str_eq(u, bare)) {
		rcp_pa_push(r, rcp_pa_at(in, vi));
	}
	return SUCCESS;
}

/* HGETEX (key, [fields], modifier = '', value) -> key [EX|PX|EXAT|PXAT value | PERSIST] FIELDS n fields... */
zend_result rcp_pb_hgetex(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const mods[] = {"EX", "PX", "EXAT", "PXAT", "PERSIST", NULL};
	zval *m = rcp_pa_at(in, 2);

	rcp_pa_push(r, rcp_pa_at(in, 0));
	if (rcp_pa_exists(in, 2) && !rcp_pv_loose_eq_lit(m, "")
		&& rcp_pb_modifier(c, r, m, mods, "PERSIST", "Modifier argument accepts only: ex, px, exat, pxat, persist values",
			in, 3) == FAILURE) {
		return FAILURE;
	}
	return rcp_pb_counted(c, r, "FIELDS", rcp_pa_at(in, 1), false);
}

/* HSETEX (key, [field => value], 'fnx'|'fxx'|'', ttl modifier, value) -> key [FNX|FXX] [EX n|...|KEEPTTL]
 * FIELDS n field value ... */
zend_result rcp_pb_hsetex(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const set[] = {"FNX", "FXX", NULL};
	static const char *const ttl[] = {"EX", "PX", "EXAT", "PXAT", "KEEPTTL", NULL};
	zval *fv = rcp_pa_at(in, 1), *m;
	HashTable *flat;

	if (!rcp_pv_is_array(fv)) {
		return rcp_pd_bad_type(c, "the field => value argument must be an array", fv);
	}
	rcp_pa_push(r, rcp_pa_at(in, 0));
	if (rcp_pa_exists(in, 2)) {
		m = rcp_pa_at(in, 2);
		if (!rcp_pv_eq_lit(m, "")
			&& rcp_pb_push_upper_in(c, r, m, set, "Modifier argument accepts only: fnx, fxx values") == FAILURE) {
			return FAILURE;
		}
		m = rcp_pa_at(in, 3);
		if (rcp_pa_exists(in, 3) && !rcp_pv_loose_eq_lit(m, "")
			&& rcp_pb_modifier(c, r, m, ttl, "KEEPTTL", "Modifier argument accepts only: ex, px, exat, pxat, keepttl values",
				in, 4) == FAILURE) {
			return FAILURE;
		}
	}
	flat = rcp_pa_new(2 * rcp_pa_count(Z_ARRVAL_P(fv)));
	rcp_pa_push_pairs(flat, Z_ARRVAL_P(fv), false);
	rcp_pa_push_cstr(r, "FIELDS");
	rcp_pa_push_long(r, rcp_pa_count(flat) / 2);
	rcp_pa_merge(r, flat);
	zend_array_release(flat);
	return SUCCESS;
}

/* MSETEX ([key => value], 'NX'|'XX', 'EX'|'PX'|'EXAT'|'PXAT'|'KEEPTTL', ttl) -> n key value ... [NX|XX] [EX ttl] */
zend_result rcp_pb_msetex(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const exist[] = {"NX", "XX", NULL};
	static const char *const exp[] = {"EX", "PX", "EXAT", "PXAT", "KEEPTTL", NULL};
	zval *kv = rcp_pa_at(in, 0);
	zend_string *u;
	int ok;

	if (!rcp_pv_is_array(kv)) {
		return rcp_pd_bad_type(c, "the key => value argument must be an array", kv);
	}
	rcp_pa_push_long(r, rcp_pa_count(Z_ARRVAL_P(kv)));
	rcp_pa_push_pairs(r, Z_ARRVAL_P(kv), false);
	if (rcp_pa_isset(in, 1)
		&& rcp_pb_push_upper_in(c, r, rcp_pa_at(in, 1), exist, "Incorrect exist modifier. Should be one of: NX, XX.")
			== FAILURE) {
		return FAILURE;
	}
	if (!rcp_pa_isset(in, 2)) {
		return SUCCESS;
	}
	if (!(u = rcp_pv_upper(c, rcp_pa_at(in, 2)))) {
		return FAILURE;
	}
	ok = !rcp_pa_isset(in, 3) && !rcp_pv_str_eq(u, "KEEPTTL") ? -1 : 0;
	for (int i = 0; ok == 0 && exp[i]; i++) {
		ok = rcp_pv_str_eq(u, exp[i]);
	}
	if (ok <= 0) {
		zend_string_release(u);
		return rcp_pd_bad(c, ok < 0 ? "TTL should be specified along with expire resolution parameter"
			: "Incorrect expire modifier. Should be one of: EX, PX, EXAT, PXAT, KEEPTTL");
	}
	if (!rcp_pv_str_eq(u, "KEEPTTL")) {
		rcp_pa_push_str(r, u);
		rcp_pa_push(r, rcp_pa_at(in, 3));
	} else {
		rcp_pa_push_str(r, u);
	}
	return SUCCESS;
}

/* ZRANGESTORE (dst, src, min, max, 'bylex'|'byscore', rev bool, limit bool|int, ...): ByLexByScore(4),
 * Rev(5), Limit(6), filterArguments */
zend_result rcp_pf_zrangestore(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	if (rcp_pt_bylex(c, &a, 4) == FAILURE || rcp_pt_flag(c, &a, 5, "REV", "Wrong rev argument type") == FAILURE
		|| rcp_pt_limit(c, &a, 6) == FAILURE || rcp_pt_filter(&a) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* SUNIONCARD ([keys], approx bool, limit): Approx(1), Limit(2), Keys(0), filterArguments */
zend_result rcp_pf_sunioncard(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	if (rcp_pt_flag(c, &a, 1, "APPROX", "Wrong approx argument type") == FAILURE || rcp_pt_limit(c, &a, 2) == FAILURE
		|| rcp_pt_keys(c, &a, 0, true) == FAILURE || rcp_pt_filter(&a) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* LMOVEM (p1 = 4) / BLMOVEM (p1 = 5): (src, dst, from, to[, timeout], 'COUNT'|'EXACTLY', n, 'OBO'|'BULK') */
zend_result rcp_pb_lmovem(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const quant[] = {"COUNT", "EXACTLY", NULL};
	static const char *const order[] = {"OBO", "BULK", NULL};
	zend_long off = c->p1;
	const char *missing = NULL;
	zend_string *q;
	HashTable *head;
	int ok;

	if (rcp_pa_count(in) <= (uint32_t)off) {
		return rcp_pb_all(in, r);
	}
	head = rcp_pa_slice(in, 0, off);
	rcp_pa_merge(r, head);
	zend_array_release(head);
	if ((ok = rcp_pb_upper_in(c, rcp_pa_at(in, off), quant, &q)) <= 0) {
		return ok < 0 ? FAILURE : rcp_pd_bad(c, "Quantifier argument accepts only: COUNT, EXACTLY values");
	}
	if (!rcp_pa_isset(in, off + 1)) {
		missing = "a count";
	} else if (!rcp_pa_isset(in, off + 2)) {
		missing = "an ordering";
	}
	if (missing) {
		rcp_throw(rcp_ce_invalid_argument, "%s: %s quantifier requires %s argument", c->uc, ZSTR_VAL(q), missing);
		zend_string_release(q);
		return FAILURE;
	}
	rcp_pa_push_str(r, q);
	rcp_pa_push(r, rcp_pa_at(in, off + 1));
	return rcp_pb_push_upper_in(c, r, rcp_pa_at(in, off + 2), order, "Ordering argument accepts only: OBO, BULK values");
}

/* INCREX (key, increment, lbound, ubound, saturate, expire modifier, value, enx) */
zend_result rcp_pb_increx(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const rcp_popt bounds[] = {
		{2, RCP_POPT_ISSET, true, false, "LBOUND"}, {3, RCP_POPT_ISSET, true, false, "UBOUND"},
		{4, RCP_POPT_NOT_EMPTY, false, false, "SATURATE"}, {-1, 0, false, false, NULL}};
	static const rcp_popt enx[] = {{7, RCP_POPT_NOT_EMPTY, false, false, "ENX"}, {-1, 0, false, false, NULL}};
	static const char *const exp[] = {"EX", "PX", "EXAT", "PXAT", "PERSIST", NULL};
	zval *v;
	zend_string *u;
	int ok;

	rcp_pa_push(r, rcp_pa_at(in, 0));
	if (rcp_pa_exists(in, 1)) {
		/* resolveByType(): BYFLOAT for a float or a numeric string with '.', 'e' or 'E' */
		const char *by = NULL;
		v = rcp_pa_at(in, 1);
		if (Z_TYPE_P(v) == IS_LONG) {
			by = "BYINT";
		} else if (Z_TYPE_P(v) == IS_DOUBLE) {
			by = "BYFLOAT";
		} else if (Z_TYPE_P(v) == IS_STRING && rcp_pv_is_numeric(v)) {
			by = rcp_pv_float_mark(Z_STR_P(v)) ? "BYFLOAT" : "BYINT";
		}
		if (!by) {
			return rcp_pd_bad(c, "Increment value must be an int, float, or numeric string");
		}
		rcp_pa_push_cstr(r, by);
		rcp_pa_push(r, v);
	}
	rcp_pb_opts(c, in, r, bounds);
	v = rcp_pa_at(in, 5);
	if (!rcp_pv_is_null(v) && !rcp_pv_eq_lit(v, "")) {
		if ((ok = rcp_pb_upper_in(c, v, exp, &u)) <= 0) {
			return ok < 0 ? FAILURE : rcp_pd_bad(c, "Expire modifier accepts only: EX, PX, EXAT, PXAT, PERSIST values");
		}
		if (!rcp_pv_str_eq(u, "PERSIST") && rcp_pv_is_null(rcp_pa_at(in, 6))) {
			rcp_throw(rcp_ce_invalid_argument, "%s: %s requires a value", c->uc, ZSTR_VAL(u));
			zend_string_release(u);
			return FAILURE;
		}
		rcp_pa_push_str(r, u);
		if (!rcp_pv_str_eq(u, "PERSIST")) {
			rcp_pa_push(r, rcp_pa_at(in, 6));
		}
	}
	return rcp_pb_opts(c, in, r, enx);
}

/* zend_compare($z, $n): `$x > $n` / `$x < $n` as PHP compares (the caller refuses objects: PHP would warn) */
static int rcp_pb_cmp_long(zval *z, zend_long n)
{
	zval l;

	ZVAL_LONG(&l, n);
	return zend_compare(z, &l);
}

/* HOTKEYS START ([metrics], count 10..64, duration, sample > 0, [slots]); other subcommands as given */
zend_result rcp_pb_hotkeys(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval *sub = rcp_pa_at(in, 0), *v;

	if (!rcp_pv_loose_eq_lit(sub, "START")) {
		return rcp_pb_all(in, r);
	}
	rcp_pa_push(r, sub);
	if (rcp_pb_counted(c, r, "METRICS", rcp_pa_at(in, 1), true) == FAILURE) {
		return FAILURE;
	}
	if (rcp_pa_isset(in, 2)) {
		v = rcp_pa_at(in, 2);
		if (Z_TYPE_P(v) == IS_OBJECT || !(rcp_pb_cmp_long(v, 9) > 0 && rcp_pb_cmp_long(v, 65) < 0)) {
			return rcp_pd_bad(c, "Count value should be between 10 and 64");
		}
		rcp_pa_push_cstr(r, "COUNT");
		rcp_pa_push(r, v);
	}
	if (rcp_pa_isset(in, 3)) {
		rcp_pa_push_cstr(r, "DURATION");
		rcp_pa_push(r, rcp_pa_at(in, 3));
	}
	if (rcp_pa_isset(in, 4)) {
		v = rcp_pa_at(in, 4);
		if (Z_TYPE_P(v) == IS_OBJECT || !(rcp_pb_cmp_long(v, 0) > 0)) {
			return rcp_pd_bad(c, "Sample value should be greater than 0");
		}
		rcp_pa_push_cstr(r, "SAMPLE");
		rcp_pa_push(r, v);
	}
	if (rcp_pa_isset(in, 5)) {
		return rcp_pb_counted(c, r, "SLOTS", rcp_pa_at(in, 5), true);
	}
	return SUCCESS;
}

/* BLESS SCAN (cursor, ..., ['count' => n]) -> ... COUNT n; other subcommands as given */
zend_result rcp_pb_bless(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval *sub = rcp_pa_at(in, 0), opts, *v;
	zend_string *u;
	bool scan = false;

	if (!rcp_pv_is_null(sub)) {
		if (!(u = rcp_pv_upper(c, sub))) {
			return FAILURE;
		}
		scan = rcp_pv_str_eq(u, "SCAN");
		zend_string_release(u);
	}
	rcp_pa_merge(r, in);
	if (scan && rcp_pa_count(in) == 4) {
		rcp_pa_pop(r, &opts);
		if (Z_TYPE(opts) == IS_ARRAY) {
			HashTable *o = rcp_pa_upper_keys(Z_ARRVAL(opts));
			if (!rcp_pv_empty(v = rcp_pa_key(o, "COUNT"))) {
				rcp_pa_push_cstr(r, "COUNT");
				rcp_pa_push(r, v);
			}
			zend_array_release(o);
		}
		zval_ptr_dtor(&opts);
	}
	return SUCCESS;
}

/* HIMPORT: array arguments flattened one level */
zend_result rcp_pb_himport(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval *v, *e;

	ZEND_HASH_FOREACH_VAL(in, v) {
		ZVAL_DEREF(v);
		if (Z_TYPE_P(v) != IS_ARRAY) {
			rcp_pa_push(r, v);
			continue;
		}
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), e) {
			rcp_pa_push(r, e);
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/*
 * XDELEX (p1 = 1: key, mode, [ids]), XACKDEL (p1 = 2: key, group, mode, [ids]) and XNACK (p1 = 2, p2 = 1:
 * key, group, mode, [ids], retrycount, force, the mode checked): ... MODE IDS n id ...
 */
zend_result rcp_pb_ids(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const modes[] = {"SILENT", "FAIL", "FATAL", NULL};
	zend_long m = c->p1;
	zend_string *u;
	int ok;

	if (c->p2) {
		if ((ok = rcp_pb_upper_in(c, rcp_pa_at(in, m), modes, &u)) <= 0) {
			return ok < 0 ? FAILURE : rcp_pd_bad(c, "Mode argument accepts only: silent, fail, fatal values");
		}
	} else if (!(u = rcp_pv_upper(c, rcp_pa_at(in, m)))) {
		return FAILURE;
	}
	rcp_pa_push_head(in, r, m);
	rcp_pa_push_str(r, u);
	if (rcp_pb_counted(c, r, "IDS", rcp_pa_at(in, m + 1), true) == FAILURE) {
		return FAILURE;
	}
	return c->opts ? rcp_pb_opts(c, in, r, c->opts) : SUCCESS;
}

/* ARDELRANGE (key, [[start, end], ...]) -> key start end ... */
zend_result rcp_pb_ardelrange(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval *ranges = rcp_pa_at(in, 1), *p;

	if (rcp_pa_count(in) != 2 || !rcp_pv_is_array(ranges)) {
		return rcp_pb_all(in, r);
	}
	rcp_pa_push(r, rcp_pa_at(in, 0));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(ranges), p) {
		ZVAL_DEREF(p);
		if (Z_TYPE_P(p) == IS_ARRAY) {
			rcp_pa_push(r, rcp_pa_at(Z_ARRVAL_P(p), 0));
			rcp_pa_push(r, rcp_pa_at(Z_ARRVAL_P(p), 1));
		} else {
			rcp_pa_push(r, p);
		}
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* ARGREP (key, start, end, [[type, value], ...], 'AND'|'OR', limit, withvalues, nocase) */
zend_result rcp_pb_argrep(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const types[] = {"EXACT", "MATCH", "GLOB", "RE", NULL};
	static const char *const comb[] = {"AND", "OR", NULL};
	zval *preds, *p, *v;

	if (rcp_pa_count(in) < 4) {
		return rcp_pb_all(in, r);
	}
	rcp_pa_push_head(in, r, 3);
	preds = rcp_pa_at(in, 3);
	if (rcp_pv_is_array(preds)) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(preds), p) {
			ZVAL_DEREF(p);
			if (Z_TYPE_P(p) != IS_ARRAY || rcp_pa_count(Z_ARRVAL_P(p)) != 2) {
				return rcp_pd_bad(c, "Each predicate must be a [type, value] pair");
			}
			if (rcp_pb_push_upper_in(c, r, rcp_pa_at(Z_ARRVAL_P(p), 0), types,
					"Predicate type accepts only: EXACT, MATCH, GLOB, RE values") == FAILURE) {
				return FAILURE;
			}
			rcp_pa_push(r, rcp_pa_at(Z_ARRVAL_P(p), 1));
		} ZEND_HASH_FOREACH_END();
	} else if (preds && Z_TYPE_P(preds) == IS_OBJECT) {
		/* foreach over an object's properties: not a list of predicates */
		return rcp_pd_bad_type(c, "the predicates argument must be an array", preds);
	}
	if (!rcp_pv_is_null(v = rcp_pa_at(in, 4))
		&& rcp_pb_push_upper_in(c, r, v, comb, "Combinator argument accepts only: AND, OR values") == FAILURE) {
		return FAILURE;
	}
	return rcp_pb_opts(c, in, r, c->opts);
}

/* AROP (key, start, end, operation[, value]): MATCH takes a value */
zend_result rcp_pb_arop(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const ops[] = {"SUM", "MIN", "MAX", "AND", "OR", "XOR", "MATCH", "USED", NULL};
	zend_string *u;
	bool match;
	int ok;

	if (rcp_pa_count(in) < 4) {
		return rcp_pb_all(in, r);
	}
	if ((ok = rcp_pb_upper_in(c, rcp_pa_at(in, 3), ops, &u)) <= 0) {
		return ok < 0 ? FAILURE
			: rcp_pd_bad(c, "Operation argument accepts only: SUM, MIN, MAX, AND, OR, XOR, MATCH, USED values");
	}
	match = rcp_pv_str_eq(u, "MATCH");
	rcp_pa_push_head(in, r, 3);
	rcp_pa_push_str(r, u);
	if (match) {
		if (!rcp_pa_exists(in, 4)) {
			return rcp_pd_bad(c, "MATCH operation requires a value argument");
		}
		rcp_pa_push(r, rcp_pa_at(in, 4));
	}
	return SUCCESS;
}

/* VADD (key, blob|[floats], element, reduce, cas, quant, ef, attributes, m) */
zend_result rcp_pb_vadd(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval *vec = rcp_pa_at(in, 1);

	rcp_pa_push(r, rcp_pa_at(in, 0));
	if (rcp_pa_isset(in, 3)) {
		rcp_pa_push_cstr(r, "REDUCE");
		rcp_pa_push(r, rcp_pa_at(in, 3));
	}
	if (vec && Z_TYPE_P(vec) == IS_STRING) {
		rcp_pa_push_cstr(r, "FP32");
		rcp_pa_push(r, vec);
	} else if (!rcp_pv_is_array(vec)) {
		return rcp_pd_bad(c, "Vector should be rather 32 bit floating blob or array of floatings");
	} else if (rcp_pb_counted(c, r, "VALUES", vec, true) == FAILURE) {
		return FAILURE;
	}
	rcp_pa_push(r, rcp_pa_at(in, 2));
	return rcp_pb_opts(c, in, r, c->opts);
}

/* VSIM (key, blob|element|[floats], is element, withscores, count, epsilon, ef, filter, filter-ef, truth,
 * nothread) */
zend_result rcp_pb_vsim(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval *q = rcp_pa_at(in, 1), *ele = rcp_pa_at(in, 2);

	rcp_pa_push(r, rcp_pa_at(in, 0));
	if (!rcp_pv_is_null(q) && !rcp_pv_is_array(q)) {
		rcp_pa_push_cstr(r, !rcp_pv_is_null(ele) && !rcp_pv_is_false(ele) ? "ELE" : "FP32");
		rcp_pa_push(r, q);
	} else if (rcp_pb_counted(c, r, "VALUES", q, true) == FAILURE) {
		return FAILURE;
	}
	return rcp_pb_opts(c, in, r, c->opts);
}

/*
 * Predis' "array_pop() the last argument and decide" filters (p1): 0 VGETATTR (a bool is the reply's
 * $asJson: not sent), 1 VLINKS (a bool is $withScores: WITHSCORES sent whatever its value), 2 VRANDMEMBER
 * (null dropped), 3 VSETATTR (an array sent as its JSON)
 */
zend_result rcp_pb_vlast(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval last;
	zend_result res = SUCCESS;
	bool is_bool;

	rcp_pa_merge(r, in);
	rcp_pa_pop(r, &last);
	is_bool = Z_TYPE(last) == IS_TRUE || Z_TYPE(last) == IS_FALSE;
	if (c->p1 == 1 && is_bool) {
		rcp_pa_push_cstr(r, "WITHSCORES");
	} else if (c->p1 == 3 && Z_TYPE(last) == IS_ARRAY) {
		res = rcp_pb_push_json(c, r, &last);
	} else if (!(c->p1 == 0 && is_bool) && !(c->p1 == 2 && Z_TYPE(last) == IS_NULL)) {
		rcp_pa_push(r, &last);
	}
	zval_ptr_dtor(&last);
	return res;
}

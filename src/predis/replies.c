/*
 * replies.c - the reply parsers of Predis' command classes (Command::parseResponse()):
 * data types, geo, vector sets and the other commands Predis 3.7 added.
 *
 * Every parser first checks the shape it needs; a reply for which Predis' parser would raise a PHP warning
 * or throw is left untouched (Predis would have returned garbage or died). Keys are assigned with PHP's
 * `$a[$k] = $v` semantics (zend_symtable_update: "7" becomes int 7). Values are binary-safe zend_strings
 * throughout; no C string function touches reply data. A parser sees the arguments as sent and, where
 * Predis' command object kept a flag that is not sent (VGETATTR, VLINKS), the caller's own: only when its
 * row in table.c says it reads them (RCP_PD_READS_*), NULL otherwise.
 */
#include "handlers.h"
#include "reply_values.h"
#include "ext/standard/php_math.h"

/* HGETALL, CONFIG: flat list -> assoc (non-lists as they are) */
bool rcp_pr_assoc(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	if (Z_TYPE_P(d) != IS_ARRAY || !zend_array_is_list(Z_ARRVAL_P(d))) {
		return false;
	}
	return rcp_rv_pairs(Z_ARRVAL_P(d), res, false);
}

/* ZPOPMIN / ZPOPMAX: member => score (relay pairs too) */
bool rcp_pr_zpop(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	return Z_TYPE_P(d) == IS_ARRAY && rcp_rv_pairs(Z_ARRVAL_P(d), res, true);
}

/* ZRANGE / ZREVRANGE: member => score when count(args) >= 4 and 'WITHSCORES' (exact case) was sent;
 * ZRANGEBYSCORE / ZREVRANGEBYSCORE (p1 = 1): any case, from the 4th argument, skipping LIMIT's two */
bool rcp_pr_zrange(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	bool ws = false;
	zend_long n = (zend_long)rcp_pa_count(args);

	if (c->p1 == 1) {
		for (zend_long i = 3; i < n; ++i) {
			zval *a = rcp_rv_arg(args, i);
			if (rcp_rv_arg_ieq(a, "WITHSCORES")) {
				ws = true;
				break;
			}
			if (rcp_rv_arg_ieq(a, "LIMIT")) {
				i += 2;
			}
		}
	} else if (n >= 4) {
		zval *a;
		ZEND_HASH_FOREACH_VAL(args, a) {
			ZVAL_DEREF(a);
			if (rcp_pv_eq_lit(a, "WITHSCORES")) {
				ws = true;
				break;
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (!ws) {
		return false;
	}
	return Z_TYPE_P(d) == IS_ARRAY && rcp_rv_pairs(Z_ARRVAL_P(d), res, true);
}

/* WithScores trait (ZRANDMEMBER, ZDIFF, ZINTER, ZUNION): last argument WITHSCORES (any case) */
bool rcp_pr_withscores_last(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *last = rcp_pa_count(args) ? rcp_pa_at(args, (zend_long)rcp_pa_count(args) - 1) : NULL;

	if (!last || Z_TYPE_P(last) != IS_STRING || !rcp_rv_arg_ieq(last, "WITHSCORES") || Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	return rcp_rv_pairs_ex(Z_ARRVAL_P(d), res, true, true);
}

/* ZSCAN: [cursor, member => (float) score]; HSCAN (p1 = 1): [cursor, field => value] unless NOVALUES */
bool rcp_pr_scan(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *items, conv;
	HashTable *copy;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	if (c->p1 == 1) {
		zval *a;
		ZEND_HASH_FOREACH_VAL(args, a) {
			ZVAL_DEREF(a);
			if (rcp_pv_eq_lit(a, "NOVALUES")) {
				return false;
			}
		} ZEND_HASH_FOREACH_END();
	}
	items = rcp_pa_at(Z_ARRVAL_P(d), 1);
	if (!rcp_pv_is_array(items)) {
		return false;
	}
	if (c->p1 == 1) {
		if (!rcp_rv_pairs(Z_ARRVAL_P(items), &conv, false)) {
			return false;
		}
	} else {
		zend_long n = (zend_long)rcp_pa_count(Z_ARRVAL_P(items));
		HashTable *r = rcp_pa_new((uint32_t)(n / 2));
		for (zend_long i = 0; i < n; ++i) {
			zval *k = rcp_pa_at(Z_ARRVAL_P(items), i), *s = rcp_pa_at(Z_ARRVAL_P(items), ++i), f;
			if (!k || !s || Z_TYPE_P(s) == IS_OBJECT) {
				zend_array_release(r);
				return false;
			}
			ZVAL_DOUBLE(&f, zval_get_double(s));
			if (!rcp_rv_set(r, k, &f)) {
				zend_array_release(r);
				return false;
			}
		}
		ZVAL_ARR(&conv, r);
	}
	copy = zend_array_dup(Z_ARRVAL_P(d));
	zend_hash_index_update(copy, 1, &conv);
	ZVAL_ARR(res, copy);
	return true;
}

/* LMPOP / BLMPOP: [key => elements] or null */
bool rcp_pr_lmpop(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	HashTable *r;
	zval *k, *v, t0, t1;

	if (Z_TYPE_P(d) == IS_NULL || !(k = rcp_rv_idx(d, 0, &t0)) || !(v = rcp_rv_idx(d, 1, &t1))) {
		return false;
	}
	r = rcp_pa_new(1);
	if (!rcp_rv_set(r, k, v)) {
		zend_array_release(r);
		return false;
	}
	ZVAL_ARR(res, r);
	return true;
}

/* array_combine([$key], [$value]) */
static bool rcp_rv_combine1(zval *key, zval *value, zval *res)
{
	HashTable *r = rcp_pa_new(1);
	zval t;

	ZVAL_COPY_DEREF(&t, value);
	if (Z_TYPE_P(key) == IS_LONG) {
		zend_hash_index_update(r, (zend_ulong)Z_LVAL_P(key), &t);
	} else if (Z_TYPE_P(key) == IS_ARRAY || Z_TYPE_P(key) == IS_OBJECT || Z_TYPE_P(key) == IS_RESOURCE) {
		zval_ptr_dtor(&t);
		zend_array_release(r);
		return false;
	} else {
		zend_string *s = zval_get_string(key);
		zend_symtable_update(r, s, &t);
		zend_string_release(s);
	}
	ZVAL_ARR(res, r);
	return true;
}

/* [null] */
static void rcp_rv_list_null(zval *res)
{
	HashTable *r = rcp_pa_new(1);
	rcp_pa_push(r, NULL);
	ZVAL_ARR(res, r);
}

/* The head of a [key, ...] reply (ZMPOP, BZPOPMIN...), *key its key: -1 when d is not an array (not the shape
 * expected), 0 when the key is null (res is then [null], Predis' shape: done), 1 otherwise. */
static int rcp_pr_key_head(zval *d, zval *res, zval **key)
{
	if (Z_TYPE_P(d) != IS_ARRAY) {
		return -1;
	}
	*key = rcp_pa_nth(Z_ARRVAL_P(d), 0, NULL, NULL);
	if (rcp_pv_is_null(*key)) {
		rcp_rv_list_null(res);
		return 0;
	}
	return 1;
}

/* ZMPOP / BZMPOP: [key => [member => score]] ([null] when the key is null; a null reply stays null) */
bool rcp_pr_zmpop(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *key, *items, *pair;
	HashTable *parsed;
	bool ok;
	int head;

	if ((head = rcp_pr_key_head(d, res, &key)) <= 0) {
		return head == 0;
	}
	items = rcp_pa_nth(Z_ARRVAL_P(d), 1, NULL, NULL);
	if (!rcp_pv_is_array(items)) {
		return false;
	}
	parsed = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(items)));
	for (zend_long i = 0, n = (zend_long)rcp_pa_count(Z_ARRVAL_P(items)); i < n; i++) {
		pair = rcp_pa_at(Z_ARRVAL_P(items), i);
		if (!rcp_pv_is_array(pair)) {
			zend_array_release(parsed);
			return false;
		}
		for (zend_long j = 0, m = (zend_long)rcp_pa_count(Z_ARRVAL_P(pair)); j < m; ++j) {
			zval *next = rcp_pa_at(Z_ARRVAL_P(pair), j + 1);
			if (next && zend_is_true(next)) {
				zval *k = rcp_pa_at(Z_ARRVAL_P(pair), j);
				if (!rcp_rv_set(parsed, k, rcp_pa_at(Z_ARRVAL_P(pair), ++j))) {
					zend_array_release(parsed);
					return false;
				}
			}
		}
	}
	{
		zval pz;
		ZVAL_ARR(&pz, parsed);
		ok = rcp_rv_combine1(key, &pz, res);
		zval_ptr_dtor(&pz);
	}
	return ok;
}

/* BZPOPMIN / BZPOPMAX: [key => [member => score]] ([null] when the key is null; a null reply stays null) */
bool rcp_pr_bzpop(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *key, *m, *s, inner;
	HashTable *r;
	bool ok;
	int head;

	if ((head = rcp_pr_key_head(d, res, &key)) <= 0) {
		return head == 0;
	}
	m = rcp_pa_nth(Z_ARRVAL_P(d), 1, NULL, NULL);
	s = rcp_pa_nth(Z_ARRVAL_P(d), 2, NULL, NULL);
	if (!m || !s) {
		return false;
	}
	r = rcp_pa_new(1);
	if (!rcp_rv_set(r, m, s)) {
		zend_array_release(r);
		return false;
	}
	ZVAL_ARR(&inner, r);
	ok = rcp_rv_combine1(key, &inner, res);
	zval_ptr_dtor(&inner);
	return ok;
}

/* LCS with IDX: [$d[0] => $d[1], $d[2] => $d[3]] */
bool rcp_pr_lcs(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	HashTable *r;
	zval *v1, *v3;

	if (Z_TYPE_P(d) != IS_ARRAY || !zend_array_is_list(Z_ARRVAL_P(d))) {
		return false;
	}
	v1 = rcp_pa_at(Z_ARRVAL_P(d), 1);
	v3 = rcp_pa_at(Z_ARRVAL_P(d), 3);
	if (!v1 || !v3) {
		return false;
	}
	r = rcp_pa_new(2);
	if (!rcp_rv_set(r, rcp_pa_at(Z_ARRVAL_P(d), 0), v1) || !rcp_rv_set(r, rcp_pa_at(Z_ARRVAL_P(d), 2), v3)) {
		zend_array_release(r);
		return false;
	}
	ZVAL_ARR(res, r);
	return true;
}

/* RANDOMKEY: '' -> null */
bool rcp_pr_randomkey(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	if (Z_TYPE_P(d) == IS_STRING && Z_STRLEN_P(d) == 0) {
		ZVAL_NULL(res);
		return true;
	}
	return false;
}

/* BGSAVE: 'Background saving started' -> true */
bool rcp_pr_bgsave(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	if (rcp_pv_eq_lit(d, "Background saving started")) {
		ZVAL_TRUE(res);
		return true;
	}
	return false;
}

/* BGREWRITEAOF: $data == 'Background append only file rewriting started' */
bool rcp_pr_bgrewriteaof(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	ZVAL_BOOL(res, rcp_pv_loose_eq_lit(d, "Background append only file rewriting started"));
	return true;
}

/* TYPE: Relay's integer types -> names (strings stay) */
bool rcp_pr_type(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	static const char *const names[] = {"none", "string", "set", "list", "zset", "hash", "stream"};
	zend_long t;

	switch (Z_TYPE_P(d)) {
		case IS_NULL:
		case IS_FALSE:
			t = 0;
			break;
		case IS_TRUE:
			t = 1;
			break;
		case IS_LONG:
			t = Z_LVAL_P(d);
			break;
		case IS_DOUBLE:
			if (Z_DVAL_P(d) != (double)(zend_long)Z_DVAL_P(d)) {
				return false;
			}
			t = (zend_long)Z_DVAL_P(d);
			break;
		default:
			return false;
	}
	if (t < 0 || t > 6) {
		return false;
	}
	ZVAL_STRING(res, names[t]);
	return true;
}

/* HRANDFIELD: array_walk_recursive flattening (RESP3 pairs); flat lists are unchanged */
static void rcp_rv_flatten(HashTable *a, HashTable *r)
{
	zval *v;

	ZEND_HASH_FOREACH_VAL(a, v) {
		ZVAL_DEREF(v);
		if (Z_TYPE_P(v) == IS_ARRAY) {
			rcp_rv_flatten(Z_ARRVAL_P(v), r);
		} else {
			rcp_pa_push(r, v);
		}
	} ZEND_HASH_FOREACH_END();
}

bool rcp_pr_hrandfield(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	HashTable *r;
	zval *v;
	bool nested = false;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(d), v) {
		ZVAL_DEREF(v);
		if (Z_TYPE_P(v) == IS_ARRAY) {
			nested = true;
			break;
		}
	} ZEND_HASH_FOREACH_END();
	if (!nested && zend_array_is_list(Z_ARRVAL_P(d))) {
		return false;
	}
	r = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(d)));
	rcp_rv_flatten(Z_ARRVAL_P(d), r);
	ZVAL_ARR(res, r);
	return true;
}

/* round($x, 5) for a GEOSEARCH coordinate; false where round() would warn or throw */
static bool rcp_rv_round5(zval *x, zval *out)
{
	double d;

	if (!x) {
		return false;
	}
	switch (Z_TYPE_P(x)) {
		case IS_LONG:
			d = (double)Z_LVAL_P(x);
			break;
		case IS_DOUBLE:
			d = Z_DVAL_P(x);
			break;
		case IS_FALSE:
			d = 0;
			break;
		case IS_TRUE:
			d = 1;
			break;
		case IS_STRING: {
			zend_long l;
			double dv;
			zend_uchar t = is_numeric_string(Z_STRVAL_P(x), Z_STRLEN_P(x), &l, &dv, 0);
			if (t == IS_LONG) {
				d = (double)l;
			} else if (t == IS_DOUBLE) {
				d = dv;
			} else {
				return false;
			}
			break;
		}
		default:
			return false;
	}
	ZVAL_DOUBLE(out, _php_math_round(d, 5, PHP_ROUND_HALF_UP));
	return true;
}

/* $parsed[$key][$name] = $v (auto-vivifying an array; false where PHP would throw) */
static bool rcp_rv_set_sub(HashTable *parsed, zval *key, const char *name, zval *v)
{
	zval *slot, na;
	HashTable *sub;

	switch (Z_TYPE_P(key)) {
		case IS_STRING:
			slot = zend_symtable_find(parsed, Z_STR_P(key));
			break;
		case IS_LONG:
			slot = zend_hash_index_find(parsed, (zend_ulong)Z_LVAL_P(key));
			break;
		case IS_NULL:
			slot = zend_hash_find(parsed, ZSTR_EMPTY_ALLOC());
			break;
		case IS_FALSE:
		case IS_TRUE:
			slot = zend_hash_index_find(parsed, Z_TYPE_P(key) == IS_TRUE ? 1 : 0);
			break;
		default:
			return false;
	}
	if (slot && Z_TYPE_P(slot) != IS_NULL && Z_TYPE_P(slot) != IS_ARRAY) {
		return false;
	}
	if (!slot || Z_TYPE_P(slot) == IS_NULL) {
		array_init(&na);
		if (!rcp_rv_set(parsed, key, &na)) {
			zval_ptr_dtor(&na);
			return false;
		}
		zval_ptr_dtor(&na);
		return rcp_rv_set_sub(parsed, key, name, v);
	}
	SEPARATE_ARRAY(slot);
	sub = Z_ARRVAL_P(slot);
	zend_hash_str_update(sub, name, strlen(name), v);
	return true;
}

/* GEOSEARCH: member => [dist, hash, lng, lat] when WITH* was given; plain members stay a list */
bool rcp_pr_geosearch(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	HashTable *parsed;
	zval *item, item_key;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	parsed = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(d)));
	ZVAL_EMPTY_STRING(&item_key);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(d), item) {
		zend_string *k;
		zend_ulong h;
		zval *row;
		ZVAL_DEREF(item);
		if (Z_TYPE_P(item) != IS_ARRAY) {
			rcp_pa_push(parsed, item);
			continue;
		}
		ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(item), h, k, row) {
			zval v;
			ZVAL_DEREF(row);
			if (!k && h == 0) {
				zval_ptr_dtor(&item_key);
				ZVAL_COPY(&item_key, row);
				continue;
			}
			if (Z_TYPE_P(row) == IS_STRING) {
				ZVAL_DOUBLE(&v, _php_math_round(zval_get_double(row), 5, PHP_ROUND_HALF_UP));
				if (!rcp_rv_set_sub(parsed, &item_key, "dist", &v)) {
					goto fail;
				}
			} else if (Z_TYPE_P(row) == IS_LONG) {
				ZVAL_COPY(&v, row);
				if (!rcp_rv_set_sub(parsed, &item_key, "hash", &v)) {
					goto fail;
				}
			} else {
				zval lng, lat;
				if (Z_TYPE_P(row) != IS_ARRAY || !rcp_rv_round5(rcp_pa_at(Z_ARRVAL_P(row), 0), &lng)
					|| !rcp_rv_round5(rcp_pa_at(Z_ARRVAL_P(row), 1), &lat)) {
					goto fail;
				}
				if (!rcp_rv_set_sub(parsed, &item_key, "lng", &lng) || !rcp_rv_set_sub(parsed, &item_key, "lat", &lat)) {
					goto fail;
				}
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&item_key);
	ZVAL_ARR(res, parsed);
	return true;
fail:
	zval_ptr_dtor(&item_key);
	zend_array_release(parsed);
	return false;
}

/* ---- replies of the commands Predis 3.7 added ---------------------------------------------------- */

/* VADD, VREM, VSETATTR: (bool) $data */
bool rcp_pr_bool(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	ZVAL_BOOL(res, zend_is_true(d));
	return true;
}

/* ARINFO, VINFO: a list -> arrayToDictionary() (nested lists too); a map (Relay) stays */
bool rcp_pr_dict_list(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	return Z_TYPE_P(d) == IS_ARRAY && zend_array_is_list(Z_ARRVAL_P(d)) && rcp_rv_dict(Z_ARRVAL_P(d), true, false, res);
}

/* VEMB: array_map('floatval'); with RAW (sent as a 3rd argument) the first two elements (the quantization
 * and the blob) stay as they are */
bool rcp_pr_vemb(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	HashTable *r;
	zval *v, f;

	if (rcp_pa_count(args) <= 2) {
		return rcp_rv_map(d, rcp_rv_float, res);
	}
	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	r = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(d)));
	for (zend_long i = 0, n = (zend_long)rcp_pa_count(Z_ARRVAL_P(d)); i < n; i++) {
		if (!(v = rcp_pa_at(Z_ARRVAL_P(d), i)) || (i > 1 && !rcp_rv_float(v, &f))) {
			zend_array_release(r);
			return false;
		}
		rcp_pa_push(r, i > 1 ? &f : v);
	}
	ZVAL_ARR(res, r);
	return true;
}

/* VGETATTR: json_decode($data, true), unless the call's $asJson (its last argument, a bool never sent) */
bool rcp_pr_vgetattr(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval argv[2];

	if ((given && rcp_pv_is_true(rcp_pa_last(given))) || Z_TYPE_P(d) == IS_NULL || Z_TYPE_P(d) == IS_ARRAY) {
		return false;
	}
	ZVAL_COPY_VALUE(&argv[0], d);
	ZVAL_TRUE(&argv[1]);
	return rcp_pv_call("json_decode", res, 2, argv) == SUCCESS;
}

/* one level of VLINKS WITHSCORES: a list -> [element => (float) score], a map (Relay) as it is */
static bool rcp_rv_scores_level(zval *v, zval *out)
{
	return rcp_rv_dict_if_list(v, true, true, out);
}

/* VLINKS: with the call's $withScores (its last argument, a bool; without the caller's arguments:
 * WITHSCORES sent last), every level's [element, score, ...] -> [element => (float) score] */
bool rcp_pr_vlinks(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	bool ws = given ? rcp_pv_is_true(rcp_pa_last(given)) : rcp_pv_eq_lit(rcp_pa_last(args), "WITHSCORES");

	return ws && rcp_rv_map(d, rcp_rv_scores_level, res);
}

/* VSIM: WITHSCORES sent right after the query (ELE|FP32 x, or VALUES n x1..xn): [element => (float) score] */
bool rcp_pr_vsim(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zend_long at = 3;

	if (rcp_pv_eq_lit(rcp_rv_arg(args, 1), "VALUES")) {
		zval *n = rcp_rv_arg(args, 2);
		if (!n || Z_TYPE_P(n) != IS_STRING) {
			return false;
		}
		at = ZEND_STRTOL(Z_STRVAL_P(n), NULL, 10);
		if (at < 0 || at > (zend_long)rcp_pa_count(args)) {
			return false;
		}
		at += 3;
	}
	if (!rcp_pv_eq_lit(rcp_rv_arg(args, at), "WITHSCORES") || Z_TYPE_P(d) != IS_ARRAY
		|| !zend_array_is_list(Z_ARRVAL_P(d))) {
		return false;
	}
	return rcp_rv_dict(Z_ARRVAL_P(d), true, true, res);
}

/* one HOTKEYS element: arrayToDictionary($item, null, false) */
static bool rcp_rv_flat_dict_of(zval *v, zval *out)
{
	return Z_TYPE_P(v) == IS_ARRAY && rcp_rv_dict(Z_ARRVAL_P(v), false, false, out);
}

bool rcp_pr_hotkeys(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	return rcp_rv_map(d, rcp_rv_flat_dict_of, res);
}

/* one INCREX element: a numeric string -> (float) when it holds '.', 'e' or 'E', else (int) */
static bool rcp_rv_number(zval *v, zval *out)
{
	if (Z_TYPE_P(v) != IS_STRING || !rcp_pv_is_numeric(v)) {
		ZVAL_COPY(out, v);
	} else if (rcp_pv_float_mark(Z_STR_P(v))) {
		ZVAL_DOUBLE(out, zval_get_double(v));
	} else {
		ZVAL_LONG(out, zval_get_long(v));
	}
	return true;
}

bool rcp_pr_increx(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	return rcp_rv_map(d, rcp_rv_number, res);
}

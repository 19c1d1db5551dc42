/*
 * traits.c - Predis\Command\Traits\* ported to C (see traits.h for the contract).
 */
#include "traits.h"
#include "../binding/rcp_exceptions.h"

/* The argument at off, or NULL when there are fewer arguments (a trait's argument not given). */
static zend_always_inline zval *rcp_pt_at(HashTable *a, zend_long off)
{
	return off < (zend_long)rcp_pa_count(a) ? rcp_pa_at(a, off) : NULL;
}

/* Replace the skip values from off by the elements of ins (owned: released here), as array_merge() of the
 * part before, ins and the part after does; FAILURE after throwing. */
static zend_result rcp_pt_replace_by(HashTable **a, zend_long off, zend_long skip, HashTable *ins)
{
	HashTable *r = rcp_pa_replace(*a, off, skip, ins);

	zend_array_release(ins);
	return rcp_pa_swap(a, r);
}

/* Keys: [..., [k1, k2], ...] -> [..., numkeys?, k1, k2, ...] */
zend_result rcp_pt_keys(const rcp_pd_row *c, HashTable **a, zend_long off, bool numkeys)
{
	zval *keys = rcp_pa_at(*a, off), n;
	HashTable *r, *after;

	if (off > (zend_long)rcp_pa_count(*a) || !rcp_pv_is_array(keys)) {
		return rcp_pd_bad(c, "Wrong keys argument type or position offset");
	}
	r = rcp_pa_slice(*a, 0, off);
	if (numkeys) {
		ZVAL_LONG(&n, rcp_pa_count(Z_ARRVAL_P(keys)));
		rcp_pa_push(r, &n);
	}
	rcp_pa_merge(r, Z_ARRVAL_P(keys));
	after = rcp_pa_slice(*a, off + 1, -1);
	rcp_pa_merge(r, after);
	zend_array_release(after);
	return rcp_pa_swap(a, r);
}

/* Count and Timeout: the value at off becomes <kw> <n> (then ANY, replacing the next value too, for Count's
 * $any); -1 becomes false; below 1 throws err. */
static zend_result rcp_pt_kw_number(const rcp_pd_row *c, HashTable **a, zend_long off, const char *kw,
	const char *err, bool any)
{
	zval *v, f;
	HashTable *ins;

	if (!(v = rcp_pt_at(*a, off))) {
		return SUCCESS; /* not given */
	}
	if (v && Z_TYPE_P(v) == IS_LONG && Z_LVAL_P(v) == -1) {
		ZVAL_FALSE(&f);
		return rcp_pa_swap(a, rcp_pa_splice1(*a, off, &f));
	}
	if (rcp_pv_lt_long(v, 1)) {
		return rcp_pd_bad(c, err);
	}
	ins = rcp_pa_new(3);
	rcp_pa_push_cstr(ins, kw);
	rcp_pa_push(ins, v);
	if (any) {
		rcp_pa_push_cstr(ins, "ANY");
	}
	return rcp_pt_replace_by(a, off, any ? 2 : 1, ins);
}

/* Count: the value at off becomes COUNT <n> [ANY]; -1 becomes false. */
zend_result rcp_pt_count(const rcp_pd_row *c, HashTable **a, zend_long off, bool any)
{
	return rcp_pt_kw_number(c, a, off, "COUNT", "Wrong count argument value or position offset", any);
}

/* Timeout: the value at off becomes TIMEOUT <n>; -1 becomes false. */
zend_result rcp_pt_timeout(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	return rcp_pt_kw_number(c, a, off, "TIMEOUT", "Wrong timeout argument value or position offset", false);
}

/* Replace the value at off by one value (array_merge(before, [$x], after)). */
static zend_result rcp_pt_put(HashTable **a, zend_long off, zval *x)
{
	HashTable *ins = rcp_pa_new(1);

	rcp_pa_push(ins, x);
	return rcp_pt_replace_by(a, off, 1, ins);
}

static zend_result rcp_pt_put_cstr(HashTable **a, zend_long off, const char *s)
{
	zval z;
	zend_result r;

	ZVAL_STRINGL(&z, s, strlen(s));
	r = rcp_pt_put(a, off, &z);
	zval_ptr_dtor(&z);
	return r;
}

/* A string enum at off (Predis' idiom, see rcp_pv_enum) replaced by its upper-case value, or by null for another
 * valid spelling; anything else throws msg. */
static zend_result rcp_pt_enum_at(const rcp_pd_row *c, HashTable **a, zend_long off, const char *const *lower,
	const char *msg)
{
	zval *v = rcp_pa_at(*a, off), t;
	zend_result r;
	int m, ok;

	if (!v || Z_TYPE_P(v) != IS_STRING || (ok = rcp_pv_enum(c, v, lower, &m)) == 0) {
		return rcp_pd_bad(c, msg);
	}
	if (ok < 0) {
		return FAILURE;
	}
	if (m < 0) {
		return rcp_pt_put(a, off, NULL);
	}
	ZVAL_STR(&t, zend_string_init(lower[m], strlen(lower[m]), 0));
	zend_str_toupper(Z_STRVAL(t), Z_STRLEN(t));
	r = rcp_pt_put(a, off, &t);
	zval_ptr_dtor(&t);
	return r;
}

/* LeftRight: 'left'/'right' at off (appends LEFT when missing). */
zend_result rcp_pt_leftright(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	static const char *const lr[] = {"left", "right", NULL};

	if (off >= (zend_long)rcp_pa_count(*a)) {
		rcp_pa_push_cstr(*a, "LEFT");
		return SUCCESS;
	}
	return rcp_pt_enum_at(c, a, off, lr, "Left/Right argument accepts only: left, right values");
}

/* ByLexByScore (ZRANGESTORE): 'bylex'/'byscore' at off; false stays (for filterArguments()). */
zend_result rcp_pt_bylex(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	static const char *const by[] = {"bylex", "byscore", NULL};

	if (off >= (zend_long)rcp_pa_count(*a) || rcp_pv_is_false(rcp_pa_at(*a, off))) {
		return SUCCESS;
	}
	return rcp_pt_enum_at(c, a, off, by, "By argument accepts only \"bylex\" and \"byscore\" values");
}

/* Sorting: 'asc'/'desc' at off; null becomes false. */
zend_result rcp_pt_sorting(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	static const char *const sorting[] = {"asc", "desc", NULL};
	zval *v, f;
	int m, ok;

	if (!(v = rcp_pt_at(*a, off))) {
		return SUCCESS; /* not given */
	}
	if (rcp_pv_is_null(v)) {
		ZVAL_FALSE(&f);
		return rcp_pa_swap(a, rcp_pa_splice1(*a, off, &f));
	}
	ok = rcp_pv_enum(c, v, sorting, &m);
	if (ok < 0) {
		return FAILURE;
	}
	if (!ok) {
		return rcp_pd_bad(c, "Sorting argument accepts only: asc, desc values");
	}
	if (m < 0) {
		return rcp_pt_put(a, off, NULL);
	}
	return rcp_pt_put_cstr(a, off, m == 0 ? "ASC" : "DESC");
}

/* WithCoord / WithDist / WithHash / Storedist / Rev / Approx: true at off becomes the keyword. */
zend_result rcp_pt_flag(const rcp_pd_row *c, HashTable **a, zend_long off, const char *kw, const char *err)
{
	zval *v;

	if (!(v = rcp_pt_at(*a, off))) {
		return SUCCESS; /* not given */
	}
	if (rcp_pv_is_false(v)) {
		return SUCCESS;
	}
	if (!rcp_pv_is_true(v)) {
		return rcp_pd_bad(c, err);
	}
	return rcp_pt_put_cstr(a, off, kw);
}

/* Limit (SINTERCARD, ZINTERCARD, ZRANGESTORE) */
zend_result rcp_pt_limit(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	HashTable *before = rcp_pa_slice(*a, 0, off), *after;
	zval *v = off < (zend_long)rcp_pa_count(*a) ? rcp_pa_at(*a, off) : NULL;

	if (off >= (zend_long)rcp_pa_count(*a) || rcp_pv_is_false(v)) {
		return rcp_pa_swap(a, before);
	}
	if (!rcp_pv_is_true(v) && (!v || Z_TYPE_P(v) != IS_LONG)) {
		zend_array_release(before);
		return rcp_pd_bad(c, "Wrong limit argument type");
	}
	rcp_pa_push_cstr(before, "LIMIT");
	if (!rcp_pv_is_true(v)) {
		rcp_pa_push(before, v);
	}
	after = rcp_pa_slice(*a, off + 1, -1);
	rcp_pa_merge(before, after);
	zend_array_release(after);
	return rcp_pa_swap(a, before);
}

/* Weights: [w1, w2] at off becomes WEIGHTS w1 w2; [] is removed (unset, keys kept). */
zend_result rcp_pt_weights(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	zval *v;
	HashTable *ins;

	if (!(v = rcp_pt_at(*a, off))) {
		return SUCCESS; /* not given */
	}
	if (!rcp_pv_is_array(v)) {
		return rcp_pd_bad(c, "Wrong weights argument type");
	}
	if (rcp_pa_count(Z_ARRVAL_P(v)) == 0) {
		zend_hash_index_del(*a, (zend_ulong)off);
		return SUCCESS;
	}
	ins = rcp_pa_new(1 + rcp_pa_count(Z_ARRVAL_P(v)));
	rcp_pa_push_cstr(ins, "WEIGHTS");
	rcp_pa_merge(ins, Z_ARRVAL_P(v));
	return rcp_pt_replace_by(a, off, 1, ins);
}

/* Aggregate: 'min'/'max'/'sum'/'count' at off becomes AGGREGATE <X>. */
zend_result rcp_pt_aggregate(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	static const char *const agg[] = {"min", "max", "sum", "count", NULL};
	zval *v;
	HashTable *ins;
	int m, ok;

	if (!(v = rcp_pt_at(*a, off))) {
		return SUCCESS; /* not given */
	}
	if (!v || Z_TYPE_P(v) != IS_STRING || (ok = rcp_pv_enum(c, v, agg, &m)) == 0) {
		return rcp_pd_bad(c, "Aggregate argument accepts only: min, max, sum, count values");
	}
	if (ok < 0) {
		return FAILURE;
	}
	ins = rcp_pa_new(2);
	rcp_pa_push_cstr(ins, "AGGREGATE");
	rcp_pa_push_enum(ins, agg, m);
	return rcp_pt_replace_by(a, off, 1, ins);
}

/* DB (COPY): numeric at off becomes DB <n>; negative is removed. */
zend_result rcp_pt_db(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	zval *v;
	HashTable *ins;

	if (!(v = rcp_pt_at(*a, off))) {
		return SUCCESS; /* not given */
	}
	if (!rcp_pv_is_numeric(v)) {
		return rcp_pd_bad(c, "DB argument should be a valid numeric value");
	}
	if (rcp_pv_lt_long(v, 0)) {
		return rcp_pa_swap(a, rcp_pa_splice1(*a, off, NULL));
	}
	ins = rcp_pa_new(2);
	rcp_pa_push_cstr(ins, "DB");
	rcp_pa_push(ins, v);
	return rcp_pt_replace_by(a, off, 1, ins);
}

/* "pop the last argument; true -> KEYWORD, false -> dropped, anything else -> put back" (Replace,
 * WithScores, WithValues, SORT_RO's ALPHA) */
void rcp_pt_pop_bool(HashTable *a, const char *kw)
{
	zval last;

	rcp_pa_pop(a, &last);
	if (Z_TYPE(last) == IS_TRUE) {
		rcp_pa_push_cstr(a, kw);
	} else if (Z_TYPE(last) != IS_FALSE) {
		rcp_pa_push(a, &last);
	}
	zval_ptr_dtor(&last);
}

/* ByArgument (SORT_RO): value at off becomes BY <value> unless null. */
zend_result rcp_pt_by(HashTable **a, zend_long off)
{
	zval *v;
	HashTable *ins;

	if (off >= (zend_long)rcp_pa_count(*a) || rcp_pv_is_null(v = rcp_pa_at(*a, off))) {
		return SUCCESS;
	}
	ins = rcp_pa_new(2);
	rcp_pa_push_cstr(ins, "BY");
	rcp_pa_push(ins, v);
	return rcp_pt_replace_by(a, off, 1, ins);
}

/* Get (SORT_RO): [p1, p2] at off becomes GET p1 GET p2. */
zend_result rcp_pt_get(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	zval *v, *p;
	HashTable *ins;

	if (!(v = rcp_pt_at(*a, off))) {
		return SUCCESS; /* not given */
	}
	if (!rcp_pv_is_array(v)) {
		return rcp_pd_bad(c, "Wrong get argument type");
	}
	ins = rcp_pa_new(2 * rcp_pa_count(Z_ARRVAL_P(v)));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), p) {
		rcp_pa_push_cstr(ins, "GET");
		rcp_pa_push(ins, p);
	} ZEND_HASH_FOREACH_END();
	return rcp_pt_replace_by(a, off, 1, ins);
}

/* Find the first argument that is an instance of cls (by foreach); its key, or -1. */
static zend_long rcp_pt_find_instance(HashTable *a, const char *cls, bool *string_key)
{
	zend_string *k;
	zend_ulong h;
	zval *v;

	*string_key = false;
	ZEND_HASH_FOREACH_KEY_VAL(a, h, k, v) {
		ZVAL_DEREF(v);
		if (rcp_pv_instanceof(v, cls)) {
			if (k) {
				*string_key = true;
				return -1;
			}
			return (zend_long)h;
		}
	} ZEND_HASH_FOREACH_END();
	return -1;
}

/* GeoFrom / GeoBy / LimitObject: the argument object becomes its toArray() (required: FROM and BY). */
zend_result rcp_pt_object(const rcp_pd_row *c, HashTable **a, const char *cls, bool required, const char *err)
{
	bool skey;
	zend_long i = rcp_pt_find_instance(*a, cls, &skey);
	HashTable *ins, *r;

	if (skey) {
		return rcp_pd_bad(c, "argument object under a string key");
	}
	if (i < 0) {
		return required ? rcp_pd_bad(c, err) : SUCCESS;
	}
	if (!(ins = rcp_pv_to_array(c, rcp_pa_at(*a, i)))) {
		return FAILURE;
	}
	r = rcp_pa_replace(*a, i, 1, ins);
	zend_array_release(ins);
	return rcp_pa_swap(a, r);
}

/* ServerTo (FAILOVER): value at off becomes its toArray(); null becomes false. */
zend_result rcp_pt_to(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	zval *v, f;
	HashTable *ins;

	if (!(v = rcp_pt_at(*a, off))) {
		return SUCCESS; /* not given */
	}
	if (rcp_pv_is_null(v)) {
		ZVAL_FALSE(&f);
		return rcp_pa_swap(a, rcp_pa_splice1(*a, off, &f));
	}
	if (!(ins = rcp_pv_to_array(c, v))) {
		return FAILURE;
	}
	return rcp_pt_replace_by(a, off, 1, ins);
}

zend_result rcp_pt_filter(HashTable **a)
{
	return rcp_pa_swap(a, rcp_pa_filtered(*a));
}

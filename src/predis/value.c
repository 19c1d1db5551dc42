/*
 * value.c - PHP's array and value semantics on zend values, as Predis' PHP code sees them.
 *
 * Predis' filters are PHP array manipulations whose quirks are observable (positional array_slice vs.
 * key-based $a[$i], array_merge keeping string keys, array_pop before `$a[] = ...`, enum lookups by the
 * caller's original spelling, ...). To reproduce them exactly, the filters work on real zend arrays through
 * the helpers here, each with the semantics of the PHP function it names (rcp_pa_slice = array_slice,
 * rcp_pa_merge = array_merge, rcp_pa_pop = array_pop, rcp_pa_splice1 = array_splice of one element,
 * rcp_pa_at = $a[$i], rcp_pv_empty = empty(), ...). Where PHP would throw (TypeError, Predis' own
 * exceptions) we throw RedisClusterPool\InvalidArgumentException (rcp_pd_bad*); where PHP would emit a
 * warning and go on with null, we go on with null.
 */
#include "predis_int.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "../binding/rcp_exceptions.h"

/* ---- PHP array semantics on zend arrays ---------------------------------------------------------- */

/* $a[] = $v (v NULL: null) */
void rcp_pa_push(HashTable *a, zval *v)
{
	zval t;

	if (v) {
		ZVAL_COPY_DEREF(&t, v);
	} else {
		ZVAL_NULL(&t);
	}
	if (!zend_hash_next_index_insert(a, &t)) {
		zval_ptr_dtor(&t);
	}
}

void rcp_pa_push_cstr(HashTable *a, const char *s)
{
	zval t;

	ZVAL_STRINGL(&t, s, strlen(s));
	if (!zend_hash_next_index_insert(a, &t)) {
		zval_ptr_dtor(&t);
	}
}

void rcp_pa_push_str(HashTable *a, zend_string *s)  /* takes ownership of s */
{
	zval t;

	ZVAL_STR(&t, s);
	if (!zend_hash_next_index_insert(a, &t)) {
		zval_ptr_dtor(&t);
	}
}

void rcp_pa_push_long(HashTable *a, zend_long l)
{
	zval t;

	ZVAL_LONG(&t, l);
	zend_hash_next_index_insert(a, &t);
}

/* push an array key as PHP gives it to foreach: its string, or its integer */
void rcp_pa_push_key(HashTable *a, zend_string *k, zend_ulong h)
{
	if (k) {
		rcp_pa_push_str(a, zend_string_copy(k));
	} else {
		rcp_pa_push_long(a, (zend_long)h);
	}
}

/* push $a[0] ... $a[n - 1] (missing: null, as PHP's warning gives) */
void rcp_pa_push_head(HashTable *in, HashTable *r, zend_long n)
{
	for (zend_long i = 0; i < n; i++) {
		rcp_pa_push(r, rcp_pa_at(in, i));
	}
}

/* Copy one element with array_slice/array_merge key handling: string keys kept, integer keys renumbered. */
static zend_always_inline void rcp_pa_append_kv(HashTable *r, zend_string *k, zval *v)
{
	zval t;

	ZVAL_COPY_DEREF(&t, v);
	if (k) {
		zend_hash_update(r, k, &t);
	} else if (!zend_hash_next_index_insert(r, &t)) {
		zval_ptr_dtor(&t);
	}
}

/* array_slice($a, $off, $len) (len < 0: to the end); positional, preserve_keys = false. */
HashTable *rcp_pa_slice(HashTable *a, zend_long off, zend_long len)
{
	zend_long n = (zend_long)rcp_pa_count(a), pos = 0;
	HashTable *r;
	zend_string *k;
	zval *v;

	if (off < 0) {
		off = 0;
	}
	if (off > n) {
		off = n;
	}
	if (len < 0 || off + len > n) {
		len = n - off;
	}
	r = rcp_pa_new((uint32_t)len);
	if (len == 0) {
		return r;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(a, k, v) {
		if (pos >= off + len) {
			break;
		}
		if (pos >= off) {
			rcp_pa_append_kv(r, k, v);
		}
		pos++;
	} ZEND_HASH_FOREACH_END();
	return r;
}

/* $dst = array_merge($dst, $src) */
void rcp_pa_merge(HashTable *dst, HashTable *src)
{
	zend_string *k;
	zval *v;

	ZEND_HASH_FOREACH_STR_KEY_VAL(src, k, v) {
		rcp_pa_append_kv(dst, k, v);
	} ZEND_HASH_FOREACH_END();
}

/* array_pop($a) into out (null when empty) */
void rcp_pa_pop(HashTable *a, zval *out)
{
	zend_string *k;
	zend_ulong h;
	zval *v;

	ZVAL_NULL(out);
	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(a, h, k, v) {
		ZVAL_COPY_DEREF(out, v);
		if (k) {
			zend_string_addref(k);
			zend_hash_del(a, k);
			zend_string_release(k);
		} else {
			zend_hash_index_del(a, h);
			/* the next append reuses the index, as PHP's array_pop() does it (no API for it) */
			if ((zend_long)h == a->nNextFreeElement - 1) {
				a->nNextFreeElement = a->nNextFreeElement - 1;
			}
		}
		break;
	} ZEND_HASH_FOREACH_END();
}

/* end($a) (dereferenced) or NULL when empty */
zval *rcp_pa_last(HashTable *a)
{
	zval *v;

	ZEND_HASH_REVERSE_FOREACH_VAL(a, v) {
		ZVAL_DEREF(v);
		return v;
	} ZEND_HASH_FOREACH_END();
	return NULL;
}

/* The position-th element (dereferenced) and optionally its key, or NULL. */
zval *rcp_pa_nth(HashTable *a, uint32_t position, zend_ulong *h_out, zend_string **k_out)
{
	uint32_t pos = 0;
	zend_string *k;
	zend_ulong h;
	zval *v;

	ZEND_HASH_FOREACH_KEY_VAL(a, h, k, v) {
		if (pos++ == position) {
			if (h_out) {
				*h_out = h;
			}
			if (k_out) {
				*k_out = k;
			}
			ZVAL_DEREF(v);
			return v;
		}
	} ZEND_HASH_FOREACH_END();
	return NULL;
}

/* array_splice($a, $off, 1[, [$repl]]) for 0 <= off < count($a): a new array. */
HashTable *rcp_pa_splice1(HashTable *a, zend_long off, zval *repl)
{
	HashTable *r = rcp_pa_new(rcp_pa_count(a));
	zend_long pos = 0;
	zend_string *k;
	zval *v;

	ZEND_HASH_FOREACH_STR_KEY_VAL(a, k, v) {
		if (pos == off) {
			if (repl) {
				rcp_pa_push(r, repl);
			}
		} else {
			rcp_pa_append_kv(r, k, v);
		}
		pos++;
	} ZEND_HASH_FOREACH_END();
	return r;
}

/* array_merge(array_slice($a, 0, $off), $ins, array_slice($a, $off + $skip)) */
HashTable *rcp_pa_replace(HashTable *a, zend_long off, zend_long skip, HashTable *ins)
{
	HashTable *r = rcp_pa_slice(a, 0, off), *after = rcp_pa_slice(a, off + skip, -1);

	if (ins) {
		rcp_pa_merge(r, ins);
	}
	rcp_pa_merge(r, after);
	zend_array_release(after);
	return r;
}

/* array_filter($a, fn ($x) => $x !== false && $x !== null): keys kept */
HashTable *rcp_pa_filtered(HashTable *a)
{
	HashTable *r = rcp_pa_new(rcp_pa_count(a));
	zend_string *k;
	zend_ulong h;
	zval *v, t;

	ZEND_HASH_FOREACH_KEY_VAL(a, h, k, v) {
		ZVAL_DEREF(v);
		if (Z_TYPE_P(v) == IS_FALSE || Z_TYPE_P(v) == IS_NULL) {
			continue;
		}
		ZVAL_COPY(&t, v);
		if (k) {
			zend_hash_add_new(r, k, &t);
		} else {
			zend_hash_index_add_new(r, h, &t);
		}
	} ZEND_HASH_FOREACH_END();
	return r;
}

/* array_change_key_case($a, CASE_UPPER) */
HashTable *rcp_pa_upper_keys(HashTable *a)
{
	HashTable *r = rcp_pa_new(rcp_pa_count(a));
	zend_string *k;
	zend_ulong h;
	zval *v, t;

	ZEND_HASH_FOREACH_KEY_VAL(a, h, k, v) {
		ZVAL_COPY_DEREF(&t, v);
		if (k) {
			zend_string *u = zend_string_toupper(k);
			zend_hash_update(r, u, &t);
			zend_string_release(u);
		} else {
			zend_hash_index_update(r, h, &t);
		}
	} ZEND_HASH_FOREACH_END();
	return r;
}

/* $options[...] of an options argument that may not be an array (isset on a non-array: false) */
zval *rcp_pa_opt(zval *opts, const char *key)
{
	return (opts && Z_TYPE_P(opts) == IS_ARRAY) ? rcp_pa_key(Z_ARRVAL_P(opts), key) : NULL;
}

/* Share or copy `in` into out (pass-through). */
void rcp_pa_share(HashTable *in, zval *out)
{
	if (GC_FLAGS(in) & IS_ARRAY_IMMUTABLE) {
		if (zend_hash_num_elements(in) == 0) {
			ZVAL_EMPTY_ARRAY(out);
		} else {
			ZVAL_ARR(out, zend_array_dup(in));
		}
	} else {
		GC_ADDREF(in);
		ZVAL_ARR(out, in);
	}
}

/* Push the upper-case form of lower[idx], or null when idx < 0. */
void rcp_pa_push_enum(HashTable *a, const char *const *lower, int idx)
{
	if (idx < 0) {
		rcp_pa_push(a, NULL);
	} else {
		zend_string *s = zend_string_init(lower[idx], strlen(lower[idx]), 0);
		rcp_pa_push_str(a, zend_string_toupper(s));
		zend_string_release(s);
	}
}

zend_result rcp_pa_out(HashTable *a, zval *out)
{
	ZVAL_ARR(out, a);
	return SUCCESS;
}

/* push k, v for every pair of arr (integer keys as ints) */
void rcp_pa_push_pairs(HashTable *r, HashTable *arr, bool value_first)
{
	zend_string *k;
	zend_ulong h;
	zval *v;

	ZEND_HASH_FOREACH_KEY_VAL(arr, h, k, v) {
		if (value_first) {
			rcp_pa_push(r, v);
			rcp_pa_push_key(r, k, h);
		} else {
			rcp_pa_push_key(r, k, h);
			rcp_pa_push(r, v);
		}
	} ZEND_HASH_FOREACH_END();
}

/* array_push($a, ...$arr): string keys are named arguments, which array_push() rejects */
zend_result rcp_pa_spread(const rcp_pd_row *c, HashTable *a, zval *arr)
{
	zend_string *k;
	zval *v;

	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(arr), k, v) {
		if (k) {
			return rcp_pd_bad(c, "array_push() does not accept unknown named parameters");
		}
	} ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(arr), v) {
		rcp_pa_push(a, v);
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* ---- PHP value semantics ------------------------------------------------------------------------- */

/* is_string($z) && $z === lit */
bool rcp_pv_eq_lit(zval *z, const char *lit)
{
	size_t n = strlen(lit);
	return z && Z_TYPE_P(z) == IS_STRING && Z_STRLEN_P(z) == n && memcmp(Z_STRVAL_P(z), lit, n) == 0;
}

/* $a == $b (loose) against a literal string */
bool rcp_pv_loose_eq_lit(zval *z, const char *lit)
{
	zval l, nz;
	bool r;

	if (!z) {
		ZVAL_NULL(&nz);
		z = &nz;
	}
	ZVAL_STRINGL(&l, lit, strlen(lit));
	r = zend_compare(z, &l) == 0;
	zval_ptr_dtor(&l);
	return r;
}

/* $z < $n (loose) */
bool rcp_pv_lt_long(zval *z, zend_long n)
{
	zval l, nz;

	if (!z) {
		ZVAL_NULL(&nz);
		z = &nz;
	}
	if (Z_TYPE_P(z) == IS_OBJECT) {
		return 1 < n; /* what PHP compares (an object counts as 1), without its notice: the object is refused later */
	}
	ZVAL_LONG(&l, n);
	return zend_compare(z, &l) < 0;
}

const char *rcp_pv_type_name(zval *z)
{
	return z ? zend_zval_type_name(z) : "null";
}

/* The string a PHP internal function's `string` parameter receives (coercive mode); NULL after throwing. */
static zend_string *rcp_pv_to_str(const rcp_pd_row *c, zval *z)
{
	if (!z) {
		return ZSTR_EMPTY_ALLOC();
	}
	switch (Z_TYPE_P(z)) {
		case IS_STRING:
			return zend_string_copy(Z_STR_P(z));
		case IS_NULL:
		case IS_FALSE:
			return ZSTR_EMPTY_ALLOC();
		case IS_TRUE:
			return ZSTR_CHAR('1');
		case IS_LONG:
			return zend_long_to_str(Z_LVAL_P(z));
		case IS_DOUBLE:
			return zend_double_to_str(Z_DVAL_P(z));
		case IS_OBJECT:
			if (Z_OBJCE_P(z)->__tostring) {
				return zval_try_get_string(z);
			}
			ZEND_FALLTHROUGH;
		default:
			rcp_throw(rcp_ce_invalid_argument, "%s: expected a string argument, %s given", c->uc, rcp_pv_type_name(z));
			return NULL;
	}
}

/* strtoupper($z); NULL after throwing */
zend_string *rcp_pv_upper(const rcp_pd_row *c, zval *z)
{
	zend_string *s = rcp_pv_to_str(c, z), *u;

	if (!s) {
		return NULL;
	}
	u = zend_string_toupper(s);
	zend_string_release(s);
	return u;
}

bool rcp_pa_push_upper(const rcp_pd_row *c, HashTable *a, zval *z)
{
	zend_string *u = rcp_pv_upper(c, z);

	if (!u) {
		return false;
	}
	rcp_pa_push_str(a, u);
	return true;
}

bool rcp_pv_str_eq(zend_string *s, const char *lit)
{
	size_t n = strlen(lit);
	return ZSTR_LEN(s) == n && memcmp(ZSTR_VAL(s), lit, n) == 0;
}

/*
 * Predis' enum idiom: `in_array(strtoupper($x), ENUM)` validates, then `ENUM_BY_LOWER[$x]` maps by the
 * caller's own spelling, so only the exact lower-case key maps (to its upper-case value) and any other
 * valid spelling yields null (PHP: "Undefined array key" warning). `lower` is a NULL-terminated list of
 * lower-case keys. Returns -1 after throwing (strtoupper() type error), 0 when invalid, 1 when valid;
 * *mapped = index into lower, or -1 for null.
 */
int rcp_pv_enum(const rcp_pd_row *c, zval *z, const char *const *lower, int *mapped)
{
	zend_string *u = rcp_pv_upper(c, z);
	int valid = 0;

	*mapped = -1;
	if (!u) {
		return -1;
	}
	for (int i = 0; lower[i]; i++) {
		size_t n = strlen(lower[i]);
		if (ZSTR_LEN(u) == n && zend_binary_strcasecmp(ZSTR_VAL(u), n, lower[i], n) == 0) {
			valid = 1;
			if (z && Z_TYPE_P(z) == IS_STRING && Z_STRLEN_P(z) == n && memcmp(Z_STRVAL_P(z), lower[i], n) == 0) {
				*mapped = i;
			}
			break;
		}
	}
	zend_string_release(u);
	return valid;
}

/* is_numeric($z) */
bool rcp_pv_is_numeric(zval *z)
{
	if (!z) {
		return false;
	}
	switch (Z_TYPE_P(z)) {
		case IS_LONG:
		case IS_DOUBLE:
			return true;
		case IS_STRING:
			return is_numeric_string(Z_STRVAL_P(z), Z_STRLEN_P(z), NULL, NULL, 0) != 0;
		default:
			return false;
	}
}

/* $z instanceof <class> when the class is loaded (lcname: lower case, no leading backslash) */
bool rcp_pv_instanceof(zval *z, const char *lcname)
{
	zend_class_entry *ce;

	if (!z || Z_TYPE_P(z) != IS_OBJECT) {
		return false;
	}
	ce = zend_hash_str_find_ptr(EG(class_table), lcname, strlen(lcname));
	return ce && instanceof_function(Z_OBJCE_P(z), ce);
}

/* $z->toArray(): a new array, or NULL after throwing */
HashTable *rcp_pv_to_array(const rcp_pd_row *c, zval *z)
{
	zend_string *m;
	zval rv;

	if (!z || Z_TYPE_P(z) != IS_OBJECT) {
		rcp_throw(rcp_ce_invalid_argument, "%s: expected an argument object with toArray(), %s given", c->uc,
			rcp_pv_type_name(z));
		return NULL;
	}
	m = zend_string_init("toArray", sizeof("toArray") - 1, 0);
	ZVAL_UNDEF(&rv);
	if (zend_call_method_if_exists(Z_OBJ_P(z), m, &rv, 0, NULL) != SUCCESS || EG(exception)) {
		zend_string_release(m);
		zval_ptr_dtor(&rv);
		if (!EG(exception)) {
			rcp_throw(rcp_ce_invalid_argument, "%s: argument object of class %s has no toArray() method", c->uc,
				ZSTR_VAL(Z_OBJCE_P(z)->name));
		}
		return NULL;
	}
	zend_string_release(m);
	if (Z_TYPE(rv) != IS_ARRAY) {
		zval_ptr_dtor(&rv);
		rcp_throw(rcp_ce_invalid_argument, "%s: toArray() of %s did not return an array", c->uc,
			ZSTR_VAL(Z_OBJCE_P(z)->name));
		return NULL;
	}
	if (Z_REFCOUNTED(rv) && Z_REFCOUNT(rv) == 1 && !(GC_FLAGS(Z_ARR(rv)) & IS_ARRAY_IMMUTABLE)) {
		return Z_ARR(rv);
	}
	{
		HashTable *r = zend_array_dup(Z_ARR(rv));
		zval_ptr_dtor(&rv);
		return r;
	}
}

/* A PHP function of the engine (json_encode, json_decode) called as Predis calls it; FAILURE after throwing */
zend_result rcp_pv_call(const char *fname, zval *ret, uint32_t argc, zval *argv)
{
	zend_function *fn = zend_hash_str_find_ptr(EG(function_table), fname, strlen(fname));

	ZVAL_UNDEF(ret);
	if (!fn) {
		rcp_throw(rcp_ce_invalid_argument, "%s() is not available", fname);
		return FAILURE;
	}
	zend_call_known_function(fn, NULL, NULL, ret, argc, argv, NULL);
	if (EG(exception)) {
		zval_ptr_dtor(ret);
		ZVAL_UNDEF(ret);
		return FAILURE;
	}
	return SUCCESS;
}

/* strpbrk($s, '.eE') !== false: INCREX's test for a float in a numeric string */
bool rcp_pv_float_mark(zend_string *s)
{
	return memchr(ZSTR_VAL(s), '.', ZSTR_LEN(s)) || memchr(ZSTR_VAL(s), 'e', ZSTR_LEN(s))
		|| memchr(ZSTR_VAL(s), 'E', ZSTR_LEN(s));
}

/* ---- errors: RedisClusterPool\InvalidArgumentException naming the command ------------------------ */

zend_result rcp_pd_bad(const rcp_pd_row *c, const char *msg)
{
	rcp_throw(rcp_ce_invalid_argument, "%s: %s", c->uc, msg);
	return FAILURE;
}

zend_result rcp_pd_bad_type(const rcp_pd_row *c, const char *what, zval *z)
{
	rcp_throw(rcp_ce_invalid_argument, "%s: %s, %s given", c->uc, what, rcp_pv_type_name(z));
	return FAILURE;
}

/*
 * reply_values.c - what the reply parsers share (see reply_values.h).
 */
#include "reply_values.h"

/* $r[$k] = $v with PHP's key semantics; false where PHP would throw or warn (array, object keys, ...) */
bool rcp_rv_set(HashTable *r, zval *k, zval *v)
{
	zval t;

	if (!k) {
		return false;
	}
	if (v) {
		ZVAL_COPY_DEREF(&t, v);
	} else {
		ZVAL_NULL(&t);
	}
	switch (Z_TYPE_P(k)) {
		case IS_STRING:
			zend_symtable_update(r, Z_STR_P(k), &t);
			return true;
		case IS_LONG:
			zend_hash_index_update(r, (zend_ulong)Z_LVAL_P(k), &t);
			return true;
		case IS_NULL:
			zend_hash_update(r, ZSTR_EMPTY_ALLOC(), &t);
			return true;
		case IS_FALSE:
			zend_hash_index_update(r, 0, &t);
			return true;
		case IS_TRUE:
			zend_hash_index_update(r, 1, &t);
			return true;
		case IS_DOUBLE: {
			double d = Z_DVAL_P(k);
			if (zend_finite(d) && !zend_isnan(d) && d == (double)zend_dval_to_lval(d)) {
				zend_hash_index_update(r, (zend_ulong)zend_dval_to_lval(d), &t);
				return true;
			}
			break;
		}
		default:
			break;
	}
	zval_ptr_dtor(&t);
	return false;
}

/* $r[$k] = $v where $k is a substring (PHP string key semantics) */
void rcp_rv_set_str(HashTable *r, const char *k, size_t klen, zval *v)
{
	zend_symtable_str_update(r, k, klen, v);
}

/* $c[$i] for reading (arrays: key lookup; strings: one-byte offset), borrowed or into tmp; NULL where
 * PHP would warn */
zval *rcp_rv_idx(zval *c, zend_long i, zval *tmp)
{
	if (Z_TYPE_P(c) == IS_ARRAY) {
		return rcp_pa_at(Z_ARRVAL_P(c), i);
	}
	if (Z_TYPE_P(c) == IS_STRING && i >= 0 && i < (zend_long)Z_STRLEN_P(c)) {
		ZVAL_CHAR(tmp, (unsigned char)Z_STRVAL_P(c)[i]);
		return tmp;
	}
	return NULL;
}

/* for ($i = 0; $i < count($d); ++$i) { [relay: is_array($d[$i]) -> $r[$d[$i][0]] = $d[$i][1]] else
 * $r[$d[$i]] = $d[++$i]; } (a trailing element without its value fails, unless trailing_ok: it is dropped, as the
 * WithScores trait's `if (isset($d[$i + 1]))` does) */
bool rcp_rv_pairs_ex(HashTable *d, zval *res, bool relay, bool trailing_ok)
{
	zend_long n = (zend_long)rcp_pa_count(d);
	HashTable *r = rcp_pa_new((uint32_t)(n / 2));

	for (zend_long i = 0; i < n; ++i) {
		zval *k = rcp_pa_at(d, i), *v;
		if (!k) {
			goto fail;
		}
		if (relay && Z_TYPE_P(k) == IS_ARRAY) {
			zval *k2 = rcp_pa_at(Z_ARRVAL_P(k), 0), *v2 = rcp_pa_at(Z_ARRVAL_P(k), 1);
			if (!v2 || !rcp_rv_set(r, k2, v2)) {
				goto fail;
			}
			continue;
		}
		if (trailing_ok && !rcp_pa_exists(d, i + 1)) {
			continue;
		}
		v = rcp_pa_at(d, ++i);
		if (!v || !rcp_rv_set(r, k, v)) {
			goto fail;
		}
	}
	ZVAL_ARR(res, r);
	return true;
fail:
	zend_array_release(r);
	return false;
}

/* strtoupper($arg) === lit for a reply-side argument (non-strings: their string form) */
bool rcp_rv_arg_ieq(zval *z, const char *lit)
{
	size_t n = strlen(lit);
	zend_string *tmp, *s;
	bool r;

	if (!z || Z_TYPE_P(z) == IS_ARRAY || Z_TYPE_P(z) == IS_OBJECT) {
		return false;
	}
	s = zval_get_tmp_string(z, &tmp);
	r = ZSTR_LEN(s) == n && zend_binary_strcasecmp(ZSTR_VAL(s), n, lit, n) == 0;
	zend_tmp_string_release(tmp);
	return r;
}

/* $r[$k] = $v for a key taken from another array (the value is owned by r afterwards) */
static void rcp_rv_put(HashTable *r, zend_string *k, zend_ulong h, zval *v)
{
	if (k) {
		zend_hash_update(r, k, v);
	} else {
		zend_hash_index_update(r, h, v);
	}
}

/* (float) $v as a reply parser casts it; false for an object (PHP warns) */
bool rcp_rv_float(zval *v, zval *out)
{
	ZVAL_DEREF(v);
	if (Z_TYPE_P(v) == IS_OBJECT) {
		return false;
	}
	ZVAL_DOUBLE(out, zval_get_double(v));
	return true;
}

/* CommandUtility::arrayToDictionary($a, $callback, $recursive) into res, the callback null or (to_float)
 * fn ($k, $v) => [$k, (float) $v] (VSIM, VLINKS); false on an odd count, a bad key or an object to cast */
bool rcp_rv_dict(HashTable *a, bool recursive, bool to_float, zval *res)
{
	zend_long n = (zend_long)rcp_pa_count(a);
	HashTable *r;

	if (n % 2 != 0) {
		return false;
	}
	r = rcp_pa_new((uint32_t)(n / 2));
	for (zend_long i = 0; i < n; i += 2) {
		zval *k = rcp_pa_at(a, i), *v = rcp_pa_at(a, i + 1), sub;
		if (!k || !v) {
			goto fail;
		}
		if (Z_TYPE_P(v) == IS_ARRAY && recursive) {
			if (!rcp_rv_dict(Z_ARRVAL_P(v), true, to_float, &sub)) {
				goto fail;
			}
			if (!rcp_rv_set_owned(r, k, &sub)) {
				goto fail;
			}
		} else if (to_float && Z_TYPE_P(v) != IS_ARRAY) {
			if (!rcp_rv_float(v, &sub) || !rcp_rv_set(r, k, &sub)) {
				goto fail;
			}
		} else if (!rcp_rv_set(r, k, v)) {
			goto fail;
		}
	}
	ZVAL_ARR(res, r);
	return true;
fail:
	zend_array_release(r);
	return false;
}

/* $x === array_values($x) ? arrayToDictionary($x, ...) : $x (non-arrays: fail; see rcp_rv_dict for the flags) */
bool rcp_rv_dict_if_list(zval *x, bool recursive, bool to_float, zval *res)
{
	if (Z_TYPE_P(x) != IS_ARRAY) {
		return false;
	}
	if (!zend_array_is_list(Z_ARRVAL_P(x))) {
		ZVAL_COPY(res, x);
		return true;
	}
	return rcp_rv_dict(Z_ARRVAL_P(x), recursive, to_float, res);
}

/* array_map($fn, $d) over an array reply (keys kept); false where the reply is not an array or fn fails
 * (PHP would warn or throw) */
bool rcp_rv_map(zval *d, bool (*fn)(zval *v, zval *out), zval *res)
{
	zend_string *k;
	zend_ulong h;
	HashTable *r;
	zval *v, t;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	r = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(d)));
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(d), h, k, v) {
		ZVAL_DEREF(v);
		if (!fn(v, &t)) {
			zend_array_release(r);
			return false;
		}
		rcp_rv_put(r, k, h, &t);
	} ZEND_HASH_FOREACH_END();
	ZVAL_ARR(res, r);
	return true;
}

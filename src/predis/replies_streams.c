/*
 * replies_streams.c - the reply parsers of Predis' stream command classes (XRANGE, XREAD,
 * XPENDING, XCLAIM, XINFO). Same rules as replies.c.
 */
#include "handlers.h"
#include "reply_values.h"

/* XRANGE / XREVRANGE: id => [field => value] */
bool rcp_pr_xrange(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	HashTable *r;
	zval *e, fields;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	r = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(d)));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(d), e) {
		zval *f;
		ZVAL_DEREF(e);
		if (Z_TYPE_P(e) != IS_ARRAY || !(f = rcp_pa_at(Z_ARRVAL_P(e), 1)) || Z_TYPE_P(f) != IS_ARRAY
			|| !rcp_rv_pairs(Z_ARRVAL_P(f), &fields, false)) {
			goto fail;
		}
		if (!rcp_rv_set_owned(r, rcp_pa_at(Z_ARRVAL_P(e), 0), &fields)) {
			goto fail;
		}
	} ZEND_HASH_FOREACH_END();
	ZVAL_ARR(res, r);
	return true;
fail:
	zend_array_release(r);
	return false;
}

/* XREAD / xread_v4: stream => entries; falsy -> [] */
bool rcp_pr_xread(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	HashTable *r;
	zval *s;

	if (!zend_is_true(d)) {
		ZVAL_EMPTY_ARRAY(res);
		return true;
	}
	if (Z_TYPE_P(d) != IS_ARRAY || !zend_array_is_list(Z_ARRVAL_P(d))) {
		return false;
	}
	r = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(d)));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(d), s) {
		zval *k, *v, t0, t1;
		ZVAL_DEREF(s);
		if (!(k = rcp_rv_idx(s, 0, &t0)) || !(v = rcp_rv_idx(s, 1, &t1)) || !rcp_rv_set(r, k, v)) {
			zend_array_release(r);
			return false;
		}
	} ZEND_HASH_FOREACH_END();
	ZVAL_ARR(res, r);
	return true;
}

/* XPENDING summary form: [pending, min, max, [consumer => (int) count]] */
bool rcp_pr_xpending(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	HashTable *r;
	zval *parts[4], *cons;

	if (rcp_pa_isset(args, 2)) {
		return false;
	}
	r = rcp_pa_new(4);
	if (Z_TYPE_P(d) != IS_ARRAY) {
		/* list() from a non-array assigns null silently */
		for (int i = 0; i < 4; i++) {
			rcp_pa_push(r, NULL);
		}
		ZVAL_ARR(res, r);
		return true;
	}
	for (int i = 0; i < 4; i++) {
		if (!(parts[i] = rcp_pa_at(Z_ARRVAL_P(d), i))) {
			zend_array_release(r);
			return false;
		}
	}
	rcp_pa_push(r, parts[0]);
	rcp_pa_push(r, parts[1]);
	rcp_pa_push(r, parts[2]);
	cons = parts[3];
	if (Z_TYPE_P(cons) == IS_ARRAY) {
		HashTable *pc = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(cons)));
		zval *e, cnt, nullkey;
		ZVAL_NULL(&nullkey);
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(cons), e) {
			zval *name, *num;
			ZVAL_DEREF(e);
			if (Z_TYPE_P(e) == IS_OBJECT) {
				goto fail;
			}
			if (Z_TYPE_P(e) != IS_ARRAY) {
				name = &nullkey;
				num = NULL;
			} else if (!(name = rcp_pa_at(Z_ARRVAL_P(e), 0)) || !(num = rcp_pa_at(Z_ARRVAL_P(e), 1))) {
				goto fail;
			}
			if (num && Z_TYPE_P(num) == IS_OBJECT) {
				goto fail;
			}
			ZVAL_LONG(&cnt, num ? zval_get_long(num) : 0);
			if (!rcp_rv_set(pc, name, &cnt)) {
				goto fail;
			}
			continue;
fail:
			zend_array_release(pc);
			zend_array_release(r);
			return false;
		} ZEND_HASH_FOREACH_END();
		{
			zval pz;
			ZVAL_ARR(&pz, pc);
			zend_hash_next_index_insert(r, &pz);
		}
	} else {
		rcp_pa_push(r, cons);
	}
	ZVAL_ARR(res, r);
	return true;
}

/* XCLAIM: id => [field => value] (JUSTID form: as it is) */
bool rcp_pr_xclaim(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	HashTable *r;
	zval *first, *e;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	first = rcp_pa_at(Z_ARRVAL_P(d), 0);
	if (!rcp_pv_is_null(first) && Z_TYPE_P(first) != IS_ARRAY) {
		return false;
	}
	r = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(d)));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(d), e) {
		zval *id, *kv, dict;
		ZVAL_DEREF(e);
		if (Z_TYPE_P(e) != IS_ARRAY || !(id = rcp_pa_at(Z_ARRVAL_P(e), 0)) || !(kv = rcp_pa_at(Z_ARRVAL_P(e), 1))
			|| Z_TYPE_P(kv) != IS_ARRAY || !rcp_rv_dict(Z_ARRVAL_P(kv), true, false, &dict)) {
			goto fail;
		}
		if (!rcp_rv_set_owned(r, id, &dict)) {
			goto fail;
		}
	} ZEND_HASH_FOREACH_END();
	ZVAL_ARR(res, r);
	return true;
fail:
	zend_array_release(r);
	return false;
}

/* XINFO's parseDict */
static bool rcp_rv_parse_dict(zval *d, zval *res)
{
	zend_long n;
	HashTable *r, *a;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	a = Z_ARRVAL_P(d);
	if (!zend_array_is_list(a)) {
		ZVAL_COPY(res, d);
		return true;
	}
	n = (zend_long)rcp_pa_count(a);
	r = rcp_pa_new((uint32_t)n);
	for (zend_long i = 0; i < n; i++) {
		zval *e = rcp_pa_at(a, i), sub, *nx;
		if (Z_TYPE_P(e) == IS_ARRAY) {
			if (!rcp_rv_parse_dict(e, &sub)) {
				goto fail;
			}
			zend_hash_index_update(r, (zend_ulong)i, &sub);
			continue;
		}
		if (rcp_pa_exists(a, i + 1)) {
			nx = rcp_pa_at(a, i + 1);
			if (Z_TYPE_P(nx) == IS_ARRAY) {
				if (!rcp_rv_parse_dict(nx, &sub)) {
					goto fail;
				}
				if (!rcp_rv_set_owned(r, e, &sub)) {
					goto fail;
				}
			} else if (!rcp_rv_set(r, e, nx)) {
				goto fail;
			}
			++i;
		}
	}
	ZVAL_ARR(res, r);
	return true;
fail:
	zend_array_release(r);
	return false;
}

/* XINFO STREAM (exact 'STREAM'): dictionary with entries / groups / consumers; other XINFO: parseDict */
bool rcp_pr_xinfo(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval result, *v;

	if (!rcp_pv_eq_lit(rcp_rv_arg(args, 0), "STREAM")) {
		return rcp_rv_parse_dict(d, res);
	}
	if (!rcp_rv_dict_if_list(d, false, false, &result)) {
		return false;
	}
	SEPARATE_ARRAY(&result);
	if (!rcp_pv_is_null(v = rcp_pa_key(Z_ARRVAL(result), "entries"))) {
		zval parsed;
		if (!rcp_rv_parse_dict(v, &parsed)) {
			goto fail;
		}
		zend_hash_str_update(Z_ARRVAL(result), "entries", sizeof("entries") - 1, &parsed);
	}
	if (!rcp_pv_is_null(v = rcp_pa_key(Z_ARRVAL(result), "groups")) && Z_TYPE_P(v) == IS_ARRAY) {
		HashTable *groups = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(v)));
		zend_string *k;
		zend_ulong h;
		zval *g, gz;
		ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(v), h, k, g) {
			zval group, *cons;
			ZVAL_DEREF(g);
			if (!rcp_rv_dict_if_list(g, false, false, &group)) {
				goto gfail;
			}
			if (Z_TYPE(group) == IS_ARRAY && !rcp_pv_is_null(cons = rcp_pa_key(Z_ARRVAL(group), "consumers"))) {
				HashTable *cl;
				zend_string *ck;
				zend_ulong chh;
				zval *cv, cz;
				if (Z_TYPE_P(cons) != IS_ARRAY) {
					zval_ptr_dtor(&group);
					goto gfail;
				}
				cl = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(cons)));
				ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(cons), chh, ck, cv) {
					zval consumer;
					ZVAL_DEREF(cv);
					if (Z_TYPE_P(cv) != IS_ARRAY || !rcp_rv_dict_if_list(cv, false, false, &consumer)) {
						zend_array_release(cl);
						zval_ptr_dtor(&group);
						goto gfail;
					}
					if (ck) {
						zend_hash_update(cl, ck, &consumer);
					} else {
						zend_hash_index_update(cl, chh, &consumer);
					}
				} ZEND_HASH_FOREACH_END();
				SEPARATE_ARRAY(&group);
				ZVAL_ARR(&cz, cl);
				zend_hash_str_update(Z_ARRVAL(group), "consumers", sizeof("consumers") - 1, &cz);
			}
			if (k) {
				zend_hash_update(groups, k, &group);
			} else {
				zend_hash_index_update(groups, h, &group);
			}
		} ZEND_HASH_FOREACH_END();
		ZVAL_ARR(&gz, groups);
		zend_hash_str_update(Z_ARRVAL(result), "groups", sizeof("groups") - 1, &gz);
		goto done;
gfail:
		zend_array_release(groups);
		goto fail;
	}
done:
	ZVAL_COPY_VALUE(res, &result);
	return true;
fail:
	zval_ptr_dtor(&result);
	return false;
}

/*
 * reply_values.h - what the reply parsers share: PHP's `$a[$k] = $v` key semantics, pair lists turned into
 * maps, CommandUtility::arrayToDictionary(), array_map(). Every helper returns false (and builds nothing)
 * where PHP would warn or throw: the parser then leaves the reply as it is. See reply_values.c.
 */
#ifndef RCP_PREDIS_REPLY_VALUES_H
#define RCP_PREDIS_REPLY_VALUES_H

#include "predis_int.h"

/* the index-th argument as sent (dereferenced), or NULL */
static zend_always_inline zval *rcp_rv_arg(HashTable *args, zend_long i)
{
	return rcp_pa_at(args, i);
}

bool rcp_rv_set(HashTable *r, zval *k, zval *v);
/* rcp_rv_set() of a value the caller made for it: v is released whatever the outcome. */
static inline bool rcp_rv_set_owned(HashTable *r, zval *k, zval *v)
{
	bool ok = rcp_rv_set(r, k, v);

	zval_ptr_dtor(v);
	return ok;
}
void rcp_rv_set_str(HashTable *r, const char *k, size_t klen, zval *v);
zval *rcp_rv_idx(zval *c, zend_long i, zval *tmp);
bool rcp_rv_pairs_ex(HashTable *d, zval *res, bool relay, bool trailing_ok);
static inline bool rcp_rv_pairs(HashTable *d, zval *res, bool relay)
{
	return rcp_rv_pairs_ex(d, res, relay, false);
}
bool rcp_rv_arg_ieq(zval *z, const char *lit);
bool rcp_rv_float(zval *v, zval *out);
bool rcp_rv_dict(HashTable *a, bool recursive, bool to_float, zval *res);
bool rcp_rv_dict_if_list(zval *x, bool recursive, bool to_float, zval *res);
bool rcp_rv_map(zval *d, bool (*fn)(zval *v, zval *out), zval *res);

#endif

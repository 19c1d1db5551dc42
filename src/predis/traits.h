/*
 * traits.h - Predis\Command\Traits\* (and the idioms Predis' setArguments() repeats), ported to C: each
 * takes the owned argument array *a, replaces it by the rewritten one and returns SUCCESS, or FAILURE after
 * throwing (then *a is still owned by the caller). See traits.c for the Predis trait each one mirrors.
 */
#ifndef RCP_PREDIS_TRAITS_H
#define RCP_PREDIS_TRAITS_H

#include "predis_int.h"

zend_result rcp_pt_keys(const rcp_pd_row *c, HashTable **a, zend_long off, bool numkeys);
zend_result rcp_pt_count(const rcp_pd_row *c, HashTable **a, zend_long off, bool any);
zend_result rcp_pt_timeout(const rcp_pd_row *c, HashTable **a, zend_long off);
zend_result rcp_pt_leftright(const rcp_pd_row *c, HashTable **a, zend_long off);
zend_result rcp_pt_bylex(const rcp_pd_row *c, HashTable **a, zend_long off);
zend_result rcp_pt_sorting(const rcp_pd_row *c, HashTable **a, zend_long off);
zend_result rcp_pt_flag(const rcp_pd_row *c, HashTable **a, zend_long off, const char *kw, const char *err);
zend_result rcp_pt_limit(const rcp_pd_row *c, HashTable **a, zend_long off);
zend_result rcp_pt_weights(const rcp_pd_row *c, HashTable **a, zend_long off);
zend_result rcp_pt_aggregate(const rcp_pd_row *c, HashTable **a, zend_long off);
zend_result rcp_pt_db(const rcp_pd_row *c, HashTable **a, zend_long off);
void rcp_pt_pop_bool(HashTable *a, const char *kw);
zend_result rcp_pt_by(HashTable **a, zend_long off);
zend_result rcp_pt_get(const rcp_pd_row *c, HashTable **a, zend_long off);
zend_result rcp_pt_object(const rcp_pd_row *c, HashTable **a, const char *cls, bool required, const char *err);
zend_result rcp_pt_to(const rcp_pd_row *c, HashTable **a, zend_long off);
zend_result rcp_pt_filter(HashTable **a);

#endif

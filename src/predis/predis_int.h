/*
 * predis_int.h - what the files of src/predis/ share: the rows of the filter and parser tables, and PHP's
 * array and value semantics on zend values (value.c). Private to the Predis layer: the binding includes
 * src/predis/rcp_predis.h only.
 *
 * The Predis layer's files, bottom up; each includes only the headers of the layers below it (no cycle):
 *
 *   0  predis_int.h, value.c   the table rows' types; PHP's array and value semantics on zend values
 *                              (rcp_pa_: arrays, rcp_pv_: values), the error helpers (rcp_pd_bad*)
 *   1  traits.h, traits.c      Predis\Command\Traits\* on an argument list (rcp_pt_)
 *      reply_values.h, .c      what the reply parsers share: $a[$k] = $v, arrayToDictionary(), ... (rcp_rv_)
 *   2  handlers.h              the entry points the tables point at:
 *        filters.c             argument filters, Command::setArguments() (rcp_pf_): keys, strings, lists,
 *                              sets, sorted sets, geo, scripting, server
 *        filters_streams.c     the same for the stream commands (X*)
 *        builders.c            the commands Predis 3.7 added: builders of a new list (rcp_pb_)
 *        replies.c             reply parsers, Command::parseResponse() (rcp_pr_): data types, vector sets
 *        replies_streams.c     the stream commands' parsers
 *        replies_server.c      SLOWLOG, CLIENT LIST, PUBSUB, SENTINEL, INFO
 *   3  table.c                 the filter and parser tables, the method name -> rcp_predis_cmd dispatch, and
 *                              the API of src/predis/rcp_predis.h
 */
#ifndef RCP_PREDIS_INT_H
#define RCP_PREDIS_INT_H

#include "php.h"
#include "rcp_predis.h"

typedef zend_result (*rcp_pd_filter_fn)(const struct rcp_pd_row *c, HashTable *in, zval *out);
/* Fill r (a new array, released by the caller on FAILURE) with the arguments; FAILURE after throwing. */
typedef zend_result (*rcp_pd_build_fn)(const struct rcp_pd_row *c, HashTable *in, HashTable *r);
/* Build the converted reply in res and return true, or return false (res untouched) to keep the reply.
 * args: the arguments as sent, NULL unless the row says RCP_PD_READS_ARGS; given: the caller's own arguments,
 * NULL unless RCP_PD_READS_GIVEN and known (see rcp_predis_parse()). */
typedef bool (*rcp_pd_parser_fn)(const struct rcp_pd_row *c, HashTable *args, HashTable *given, zval *data, zval *res);

/* How Predis tests an optional argument before sending it (see rcp_pb_opts) */
typedef enum {
	RCP_POPT_ISSET,          /* isset($a[i]) */
	RCP_POPT_SET_NOT_FALSE,  /* isset($a[i]) && false !== $a[i] */
	RCP_POPT_NOT_EMPTY       /* !empty($a[i]) */
} rcp_popt_test;

/* One optional argument: when the test holds, the keyword (if any) then the value (if wanted) are sent. */
typedef struct {
	int8_t at;               /* index in the caller's arguments; -1 ends a list */
	uint8_t test;            /* rcp_popt_test */
	bool value;              /* the value follows the keyword */
	bool json;               /* the value: a string as it is, an array as its json_encode() (VADD's SETATTR) */
	const char *kw;          /* NULL: the value alone */
} rcp_popt;

/* What a reply parser reads besides the reply (rcp_predis_cmd's parser_reads_args / parser_reads_given) */
#define RCP_PD_READS_ARGS  1u   /* the arguments as sent */
#define RCP_PD_READS_GIVEN 2u   /* the caller's own arguments */

/* One row of the filter table or of the parser table (rcp_pd_row in src/predis/rcp_predis.h) */
struct rcp_pd_row {
	const char *lc;          /* method name, lower case */
	const char *uc;          /* Predis' command ID: sent, and named in messages */
	rcp_pd_filter_fn args;   /* NULL: arguments pass through */
	rcp_pd_parser_fn reply;  /* NULL: reply passes through */
	int8_t p1, p2, p3;       /* per-command parameters (trait offsets) */
	rcp_pd_build_fn build;   /* the builder rcp_pb_run() runs */
	const rcp_popt *opts;    /* the optional arguments a builder sends (rcp_pb_opts) */
	uint8_t reads;           /* a parser: RCP_PD_READS_* (what it reads besides the reply) */
};

/* ---- PHP array semantics on zend arrays (value.c: each mirrors the PHP it names) ----------------- */

/* $a[$i] (dereferenced); NULL when undefined (PHP: warning, null). */
static zend_always_inline zval *rcp_pa_at(HashTable *a, zend_long i)
{
	zval *z;

	if (i < 0) {
		return NULL;
	}
	z = zend_hash_index_find(a, (zend_ulong)i);
	if (z) {
		ZVAL_DEREF(z);
	}
	return z;
}

/* isset($a[$i]) */
static zend_always_inline bool rcp_pa_isset(HashTable *a, zend_long i)
{
	zval *z = rcp_pa_at(a, i);
	return z && Z_TYPE_P(z) != IS_NULL;
}

/* array_key_exists($i, $a) */
static zend_always_inline bool rcp_pa_exists(HashTable *a, zend_long i)
{
	return i >= 0 && zend_hash_index_exists(a, (zend_ulong)i);
}

static zend_always_inline uint32_t rcp_pa_count(HashTable *a)
{
	return zend_hash_num_elements(a);
}

static zend_always_inline HashTable *rcp_pa_new(uint32_t n)
{
	return zend_new_array(n);
}

/* $a['KEY'] for an alphabetic key (dereferenced) or NULL */
static zend_always_inline zval *rcp_pa_key(HashTable *a, const char *key)
{
	zval *z = zend_hash_str_find(a, key, strlen(key));
	if (z) {
		ZVAL_DEREF(z);
	}
	return z;
}

/* Replace *a by n (owned); FAILURE when n is NULL (exception thrown). */
static zend_always_inline zend_result rcp_pa_swap(HashTable **a, HashTable *n)
{
	zend_array_release(*a);
	*a = n;
	return n ? SUCCESS : FAILURE;
}

void rcp_pa_push(HashTable *a, zval *v);
void rcp_pa_push_cstr(HashTable *a, const char *s);
void rcp_pa_push_str(HashTable *a, zend_string *s);  /* takes ownership of s */
void rcp_pa_push_key(HashTable *a, zend_string *k, zend_ulong h);  /* a foreach key: string or int */
void rcp_pa_push_long(HashTable *a, zend_long l);
void rcp_pa_push_head(HashTable *in, HashTable *r, zend_long n);
HashTable *rcp_pa_slice(HashTable *a, zend_long off, zend_long len);
void rcp_pa_merge(HashTable *dst, HashTable *src);
void rcp_pa_pop(HashTable *a, zval *out);
zval *rcp_pa_last(HashTable *a);
zval *rcp_pa_nth(HashTable *a, uint32_t position, zend_ulong *h_out, zend_string **k_out);
HashTable *rcp_pa_splice1(HashTable *a, zend_long off, zval *repl);
HashTable *rcp_pa_replace(HashTable *a, zend_long off, zend_long skip, HashTable *ins);
HashTable *rcp_pa_filtered(HashTable *a);
HashTable *rcp_pa_upper_keys(HashTable *a);
zval *rcp_pa_opt(zval *opts, const char *key);
void rcp_pa_share(HashTable *in, zval *out);
/* A filter's "nothing to rewrite": the arguments go out as given. */
static zend_always_inline zend_result rcp_pa_pass(HashTable *in, zval *out)
{
	rcp_pa_share(in, out);
	return SUCCESS;
}
void rcp_pa_push_enum(HashTable *a, const char *const *lower, int idx);
zend_result rcp_pa_out(HashTable *a, zval *out);
void rcp_pa_push_pairs(HashTable *r, HashTable *arr, bool value_first);
zend_result rcp_pa_spread(const rcp_pd_row *c, HashTable *a, zval *arr);

/* ---- PHP value semantics (value.c) --------------------------------------------------------------- */

static zend_always_inline bool rcp_pv_is_array(zval *z)
{
	return z && Z_TYPE_P(z) == IS_ARRAY;
}

static zend_always_inline bool rcp_pv_is_null(zval *z)   /* undefined or null */
{
	return !z || Z_TYPE_P(z) == IS_NULL;
}

static zend_always_inline bool rcp_pv_is_false(zval *z)
{
	return z && Z_TYPE_P(z) == IS_FALSE;
}

static zend_always_inline bool rcp_pv_is_true(zval *z)
{
	return z && Z_TYPE_P(z) == IS_TRUE;
}

static zend_always_inline bool rcp_pv_truthy(zval *z)   /* (bool) $x, undefined = false; also `$x == true` */
{
	return z && zend_is_true(z);
}

static zend_always_inline bool rcp_pv_empty(zval *z)
{
	return !z || !zend_is_true(z);
}

bool rcp_pv_eq_lit(zval *z, const char *lit);
bool rcp_pv_loose_eq_lit(zval *z, const char *lit);
bool rcp_pv_lt_long(zval *z, zend_long n);
const char *rcp_pv_type_name(zval *z);
zend_string *rcp_pv_upper(const rcp_pd_row *c, zval *z);
/* Push strtoupper(z) onto a (Predis' `strtoupper($value)` argument); false after throwing (the caller releases what it
 * built). */
bool rcp_pa_push_upper(const rcp_pd_row *c, HashTable *a, zval *z);
bool rcp_pv_str_eq(zend_string *s, const char *lit);
int rcp_pv_enum(const rcp_pd_row *c, zval *z, const char *const *lower, int *mapped);
bool rcp_pv_is_numeric(zval *z);
bool rcp_pv_instanceof(zval *z, const char *lcname);
HashTable *rcp_pv_to_array(const rcp_pd_row *c, zval *z);
zend_result rcp_pv_call(const char *fname, zval *ret, uint32_t argc, zval *argv);
bool rcp_pv_float_mark(zend_string *s);

/* ---- errors: RedisClusterPool\InvalidArgumentException naming the command (value.c) -------------- */

zend_result rcp_pd_bad(const rcp_pd_row *c, const char *msg);
zend_result rcp_pd_bad_type(const rcp_pd_row *c, const char *what, zval *z);

#endif

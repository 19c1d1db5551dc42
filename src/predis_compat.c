/*
 * predis_compat.c - Predis v3's per-command argument filters (Command::setArguments and the traits) and
 * reply parsers (Command::parseResponse), ported to C from Predis 3.7.1 for every command class of
 * Predis\Command\Redis (the module namespaces are left out: docs/PREDIS_COMPAT.md says why).
 *
 * Dispatch: one persistent HashTable built in MINIT maps a lower-case method name to its entry; a command
 * without a filter costs one lookup and shares the caller's argument array (no copy).
 *
 * Arguments. Predis' filters are PHP array manipulations whose quirks are observable (positional
 * array_slice vs. key-based $a[$i], array_merge keeping string keys, array_pop before `$a[] = ...`, enum
 * lookups by the caller's original spelling, ...). To reproduce them exactly the filters here work on real
 * zend arrays through small helpers with the same semantics as the PHP functions Predis calls (rcp_pa_slice =
 * array_slice, rcp_pa_merge = array_merge, rcp_pa_pop = array_pop, rcp_pa_splice1 = array_splice of one
 * element, rcp_pa_at = $a[$i], ...), and each filter is written as a line-by-line port of the PHP method it mirrors. Where PHP
 * would throw (TypeError, Predis' own exceptions) we throw RedisClusterPool\InvalidArgumentException;
 * where PHP would emit a warning and go on with null, we go on with null. Filters that build a new list
 * (most of those Predis 3.7 added) are builders run by rcp_pb_run(), their isset()/!empty()-tested optional
 * arguments a table (rcp_popt) rather than code.
 *
 * Replies. Every parser first checks the shape it needs; a reply for which Predis' parser would raise a
 * PHP warning or throw is left untouched (Predis would have returned garbage or died). Keys are assigned
 * with PHP's `$a[$k] = $v` semantics (zend_symtable_update: "7" becomes int 7). Values are binary-safe
 * zend_strings throughout; no C string function touches reply data. A parser sees the arguments as sent
 * and, where Predis' command object kept a flag that is not sent (VGETATTR, VLINKS), the caller's own.
 */
#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "ext/standard/php_math.h"
#include "rcp_commands.h"
#include "rcp_errors.h"
#include "rcp_predis.h"

/* longer than any command or method name (the built-in table's longest is 29) */
#define RCP_PNAME_MAX 64

struct rcp_pd_row;
typedef zend_result (*rcp_pd_filter_fn)(const struct rcp_pd_row *c, HashTable *in, zval *out);
/* Fill r (a new array, released by the caller on FAILURE) with the arguments; FAILURE after throwing. */
typedef zend_result (*rcp_pd_build_fn)(const struct rcp_pd_row *c, HashTable *in, HashTable *r);
/* Build the converted reply in res and return true, or return false (res untouched) to keep the reply.
 * given: the caller's own arguments, or NULL when unknown (see rcp_predis_reply()). */
typedef bool (*rcp_pd_parser_fn)(const struct rcp_pd_row *c, HashTable *args, HashTable *given, zval *data, zval *res);

/* How Predis tests an optional argument before sending it (see rcp_pt_opts) */
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
#define RCP_PD_READS_ARGS  1u          /* the arguments as sent */
#define RCP_PD_READS_GIVEN 2u          /* the caller's own arguments */

/* One row of the filter table or of the parser table (rcp_pd_row in include/rcp_predis.h) */
typedef struct rcp_pd_row {
	const char *lc;          /* method name, lower case */
	const char *uc;          /* Predis' command ID: sent, and named in messages */
	rcp_pd_filter_fn args;        /* NULL: arguments pass through */
	rcp_pd_parser_fn reply;      /* NULL: reply passes through */
	int8_t p1, p2, p3;       /* per-command parameters (trait offsets) */
	rcp_pd_build_fn build;      /* the builder rcp_pb_run() runs */
	const rcp_popt *opts;    /* the optional arguments a builder sends (rcp_pt_opts) */
	uint8_t reads;           /* a parser: RD_* (what it reads besides the reply) */
} rcp_pd_row;

/* ================================================================================================== */
/* PHP array semantics on zend arrays                                                                   */
/* ================================================================================================== */

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

/* $a[] = $v (v NULL: null) */
static void rcp_pa_push(HashTable *a, zval *v)
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

static void rcp_pa_push_cstr(HashTable *a, const char *s)
{
	zval t;

	ZVAL_STRINGL(&t, s, strlen(s));
	if (!zend_hash_next_index_insert(a, &t)) {
		zval_ptr_dtor(&t);
	}
}

static void rcp_pa_push_str(HashTable *a, zend_string *s)  /* takes ownership of s */
{
	zval t;

	ZVAL_STR(&t, s);
	if (!zend_hash_next_index_insert(a, &t)) {
		zval_ptr_dtor(&t);
	}
}

static void rcp_pa_push_long(HashTable *a, zend_long l)
{
	zval t;

	ZVAL_LONG(&t, l);
	zend_hash_next_index_insert(a, &t);
}

/* push $a[0] ... $a[n - 1] (missing: null, as PHP's warning gives) */
static void rcp_pa_push_head(HashTable *in, HashTable *r, zend_long n)
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
static HashTable *rcp_pa_slice(HashTable *a, zend_long off, zend_long len)
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
static void rcp_pa_merge(HashTable *dst, HashTable *src)
{
	zend_string *k;
	zval *v;

	ZEND_HASH_FOREACH_STR_KEY_VAL(src, k, v) {
		rcp_pa_append_kv(dst, k, v);
	} ZEND_HASH_FOREACH_END();
}

/* array_pop($a) into out (null when empty) */
static void rcp_pa_pop(HashTable *a, zval *out)
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
			if ((zend_long)h == a->nNextFreeElement - 1) {
				a->nNextFreeElement = a->nNextFreeElement - 1;
			}
		}
		break;
	} ZEND_HASH_FOREACH_END();
}

/* end($a) (dereferenced) or NULL when empty */
static zval *rcp_pa_last(HashTable *a)
{
	zval *v;

	ZEND_HASH_REVERSE_FOREACH_VAL(a, v) {
		ZVAL_DEREF(v);
		return v;
	} ZEND_HASH_FOREACH_END();
	return NULL;
}

/* The position-th element (dereferenced) and optionally its key, or NULL. */
static zval *rcp_pa_nth(HashTable *a, uint32_t position, zend_ulong *h_out, zend_string **k_out)
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
static HashTable *rcp_pa_splice1(HashTable *a, zend_long off, zval *repl)
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
static HashTable *rcp_pa_replace(HashTable *a, zend_long off, zend_long skip, HashTable *ins)
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
static HashTable *rcp_pa_filtered(HashTable *a)
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
static HashTable *rcp_pa_upper_keys(HashTable *a)
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

/* $a['KEY'] for an alphabetic key (dereferenced) or NULL */
static zend_always_inline zval *rcp_pa_key(HashTable *a, const char *key)
{
	zval *z = zend_hash_str_find(a, key, strlen(key));
	if (z) {
		ZVAL_DEREF(z);
	}
	return z;
}

/* $options[...] of an options argument that may not be an array (isset on a non-array: false) */
static zval *rcp_pa_opt(zval *opts, const char *key)
{
	return (opts && Z_TYPE_P(opts) == IS_ARRAY) ? rcp_pa_key(Z_ARRVAL_P(opts), key) : NULL;
}

/* Share or copy `in` into out (pass-through). */
static void rcp_pa_share(HashTable *in, zval *out)
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

/* Replace *a by n (owned); FAILURE when n is NULL (exception thrown). */
static zend_always_inline zend_result rcp_pa_swap(HashTable **a, HashTable *n)
{
	zend_array_release(*a);
	*a = n;
	return n ? SUCCESS : FAILURE;
}

/* ---- PHP value semantics ------------------------------------------------------------------------- */

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

/* is_string($z) && $z === lit */
static bool rcp_pv_eq_lit(zval *z, const char *lit)
{
	size_t n = strlen(lit);
	return z && Z_TYPE_P(z) == IS_STRING && Z_STRLEN_P(z) == n && memcmp(Z_STRVAL_P(z), lit, n) == 0;
}

/* $a == $b (loose) against a literal string */
static bool rcp_pv_loose_eq_lit(zval *z, const char *lit)
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
static bool rcp_pv_lt_long(zval *z, zend_long n)
{
	zval l, nz;

	if (!z) {
		ZVAL_NULL(&nz);
		z = &nz;
	}
	ZVAL_LONG(&l, n);
	return zend_compare(z, &l) < 0;
}

static const char *rcp_pv_type_name(zval *z)
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
static zend_string *rcp_pv_upper(const rcp_pd_row *c, zval *z)
{
	zend_string *s = rcp_pv_to_str(c, z), *u;

	if (!s) {
		return NULL;
	}
	u = zend_string_toupper(s);
	zend_string_release(s);
	return u;
}

static bool rcp_pv_str_eq(zend_string *s, const char *lit)
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
static int rcp_pv_enum(const rcp_pd_row *c, zval *z, const char *const *lower, int *mapped)
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

/* Push the upper-case form of lower[idx], or null when idx < 0. */
static void rcp_pa_push_enum(HashTable *a, const char *const *lower, int idx)
{
	if (idx < 0) {
		rcp_pa_push(a, NULL);
	} else {
		zend_string *s = zend_string_init(lower[idx], strlen(lower[idx]), 0);
		rcp_pa_push_str(a, zend_string_toupper(s));
		zend_string_release(s);
	}
}

/* is_numeric($z) */
static bool rcp_pv_is_numeric(zval *z)
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
static bool rcp_pv_instanceof(zval *z, const char *lcname)
{
	zend_class_entry *ce;

	if (!z || Z_TYPE_P(z) != IS_OBJECT) {
		return false;
	}
	ce = zend_hash_str_find_ptr(EG(class_table), lcname, strlen(lcname));
	return ce && instanceof_function(Z_OBJCE_P(z), ce);
}

/* $z->toArray(): a new array, or NULL after throwing */
static HashTable *rcp_pv_to_array(const rcp_pd_row *c, zval *z)
{
	zend_string *m;
	zval rv;

	if (!z || Z_TYPE_P(z) != IS_OBJECT) {
		rcp_throw(rcp_ce_invalid_argument, "%s: expected an argument object with toArray(), %s given", c->uc, rcp_pv_type_name(z));
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
		rcp_throw(rcp_ce_invalid_argument, "%s: toArray() of %s did not return an array", c->uc, ZSTR_VAL(Z_OBJCE_P(z)->name));
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

static zend_result rcp_pd_bad(const rcp_pd_row *c, const char *msg)
{
	rcp_throw(rcp_ce_invalid_argument, "%s: %s", c->uc, msg);
	return FAILURE;
}

static zend_result rcp_pd_bad_type(const rcp_pd_row *c, const char *what, zval *z)
{
	rcp_throw(rcp_ce_invalid_argument, "%s: %s, %s given", c->uc, what, rcp_pv_type_name(z));
	return FAILURE;
}

static zend_result rcp_pa_out(HashTable *a, zval *out)
{
	ZVAL_ARR(out, a);
	return SUCCESS;
}

/* ================================================================================================== */
/* Traits (Predis\Command\Traits\*): each takes the owned array *a and replaces it                     */
/* ================================================================================================== */

/* Keys: [..., [k1, k2], ...] -> [..., numkeys?, k1, k2, ...] */
static zend_result rcp_pt_keys(const rcp_pd_row *c, HashTable **a, zend_long off, bool numkeys)
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

/* Count: the value at off becomes COUNT <n> [ANY]; -1 becomes false. */
static zend_result rcp_pt_count(const rcp_pd_row *c, HashTable **a, zend_long off, bool any)
{
	zval *v, f;
	HashTable *ins;

	if (off >= (zend_long)rcp_pa_count(*a)) {
		return SUCCESS;
	}
	v = rcp_pa_at(*a, off);
	if (v && Z_TYPE_P(v) == IS_LONG && Z_LVAL_P(v) == -1) {
		ZVAL_FALSE(&f);
		return rcp_pa_swap(a, rcp_pa_splice1(*a, off, &f));
	}
	if (rcp_pv_lt_long(v, 1)) {
		return rcp_pd_bad(c, "Wrong count argument value or position offset");
	}
	ins = rcp_pa_new(3);
	rcp_pa_push_cstr(ins, "COUNT");
	rcp_pa_push(ins, v);
	if (any) {
		rcp_pa_push_cstr(ins, "ANY");
	}
	{
		HashTable *r = rcp_pa_replace(*a, off, any ? 2 : 1, ins);
		zend_array_release(ins);
		return rcp_pa_swap(a, r);
	}
}

/* Timeout: the value at off becomes TIMEOUT <n>; -1 becomes false. */
static zend_result rcp_pt_timeout(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	zval *v, f;
	HashTable *ins, *r;

	if (off >= (zend_long)rcp_pa_count(*a)) {
		return SUCCESS;
	}
	v = rcp_pa_at(*a, off);
	if (v && Z_TYPE_P(v) == IS_LONG && Z_LVAL_P(v) == -1) {
		ZVAL_FALSE(&f);
		return rcp_pa_swap(a, rcp_pa_splice1(*a, off, &f));
	}
	if (rcp_pv_lt_long(v, 1)) {
		return rcp_pd_bad(c, "Wrong timeout argument value or position offset");
	}
	ins = rcp_pa_new(2);
	rcp_pa_push_cstr(ins, "TIMEOUT");
	rcp_pa_push(ins, v);
	r = rcp_pa_replace(*a, off, 1, ins);
	zend_array_release(ins);
	return rcp_pa_swap(a, r);
}

/* Replace the value at off by one value (array_merge(before, [$x], after)). */
static zend_result rcp_pt_put(HashTable **a, zend_long off, zval *x)
{
	HashTable *ins = rcp_pa_new(1), *r;

	rcp_pa_push(ins, x);
	r = rcp_pa_replace(*a, off, 1, ins);
	zend_array_release(ins);
	return rcp_pa_swap(a, r);
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
static zend_result rcp_pt_enum_at(const rcp_pd_row *c, HashTable **a, zend_long off, const char *const *lower, const char *msg)
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
static zend_result rcp_pt_leftright(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	static const char *const lr[] = {"left", "right", NULL};

	if (off >= (zend_long)rcp_pa_count(*a)) {
		rcp_pa_push_cstr(*a, "LEFT");
		return SUCCESS;
	}
	return rcp_pt_enum_at(c, a, off, lr, "Left/Right argument accepts only: left, right values");
}

/* ByLexByScore (ZRANGESTORE): 'bylex'/'byscore' at off; false stays (for filterArguments()). */
static zend_result rcp_pt_bylex(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	static const char *const by[] = {"bylex", "byscore", NULL};

	if (off >= (zend_long)rcp_pa_count(*a) || rcp_pv_is_false(rcp_pa_at(*a, off))) {
		return SUCCESS;
	}
	return rcp_pt_enum_at(c, a, off, by, "By argument accepts only \"bylex\" and \"byscore\" values");
}

/* Sorting: 'asc'/'desc' at off; null becomes false. */
static zend_result rcp_pt_sorting(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	static const char *const sorting[] = {"asc", "desc", NULL};
	zval *v, f;
	int m, ok;

	if (off >= (zend_long)rcp_pa_count(*a)) {
		return SUCCESS;
	}
	v = rcp_pa_at(*a, off);
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
static zend_result rcp_pt_flag(const rcp_pd_row *c, HashTable **a, zend_long off, const char *kw, const char *err)
{
	zval *v;

	if (off >= (zend_long)rcp_pa_count(*a)) {
		return SUCCESS;
	}
	v = rcp_pa_at(*a, off);
	if (rcp_pv_is_false(v)) {
		return SUCCESS;
	}
	if (!rcp_pv_is_true(v)) {
		return rcp_pd_bad(c, err);
	}
	return rcp_pt_put_cstr(a, off, kw);
}

/* Limit (SINTERCARD, ZINTERCARD, ZRANGESTORE) */
static zend_result rcp_pt_limit(const rcp_pd_row *c, HashTable **a, zend_long off)
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
static zend_result rcp_pt_weights(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	zval *v;
	HashTable *ins, *r;

	if (off >= (zend_long)rcp_pa_count(*a)) {
		return SUCCESS;
	}
	v = rcp_pa_at(*a, off);
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
	r = rcp_pa_replace(*a, off, 1, ins);
	zend_array_release(ins);
	return rcp_pa_swap(a, r);
}

/* Aggregate: 'min'/'max'/'sum'/'count' at off becomes AGGREGATE <X>. */
static zend_result rcp_pt_aggregate(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	static const char *const agg[] = {"min", "max", "sum", "count", NULL};
	zval *v;
	HashTable *ins, *r;
	int m, ok;

	if (off >= (zend_long)rcp_pa_count(*a)) {
		return SUCCESS;
	}
	v = rcp_pa_at(*a, off);
	if (!v || Z_TYPE_P(v) != IS_STRING || (ok = rcp_pv_enum(c, v, agg, &m)) == 0) {
		return rcp_pd_bad(c, "Aggregate argument accepts only: min, max, sum, count values");
	}
	if (ok < 0) {
		return FAILURE;
	}
	ins = rcp_pa_new(2);
	rcp_pa_push_cstr(ins, "AGGREGATE");
	rcp_pa_push_enum(ins, agg, m);
	r = rcp_pa_replace(*a, off, 1, ins);
	zend_array_release(ins);
	return rcp_pa_swap(a, r);
}

/* DB (COPY): numeric at off becomes DB <n>; negative is removed. */
static zend_result rcp_pt_db(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	zval *v;
	HashTable *ins, *r;

	if (off >= (zend_long)rcp_pa_count(*a)) {
		return SUCCESS;
	}
	v = rcp_pa_at(*a, off);
	if (!rcp_pv_is_numeric(v)) {
		return rcp_pd_bad(c, "DB argument should be a valid numeric value");
	}
	if (rcp_pv_lt_long(v, 0)) {
		return rcp_pa_swap(a, rcp_pa_splice1(*a, off, NULL));
	}
	ins = rcp_pa_new(2);
	rcp_pa_push_cstr(ins, "DB");
	rcp_pa_push(ins, v);
	r = rcp_pa_replace(*a, off, 1, ins);
	zend_array_release(ins);
	return rcp_pa_swap(a, r);
}

/* "pop the last argument; true -> KEYWORD, false -> dropped, anything else -> put back" (Replace,
 * WithScores, WithValues, SORT_RO's ALPHA) */
static void rcp_pt_pop_bool(HashTable *a, const char *kw)
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
static zend_result rcp_pt_by(HashTable **a, zend_long off)
{
	zval *v;
	HashTable *ins, *r;

	if (off >= (zend_long)rcp_pa_count(*a) || rcp_pv_is_null(v = rcp_pa_at(*a, off))) {
		return SUCCESS;
	}
	ins = rcp_pa_new(2);
	rcp_pa_push_cstr(ins, "BY");
	rcp_pa_push(ins, v);
	r = rcp_pa_replace(*a, off, 1, ins);
	zend_array_release(ins);
	return rcp_pa_swap(a, r);
}

/* Get (SORT_RO): [p1, p2] at off becomes GET p1 GET p2. */
static zend_result rcp_pt_get(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	zval *v, *p;
	HashTable *ins, *r;

	if (off >= (zend_long)rcp_pa_count(*a)) {
		return SUCCESS;
	}
	v = rcp_pa_at(*a, off);
	if (!rcp_pv_is_array(v)) {
		return rcp_pd_bad(c, "Wrong get argument type");
	}
	ins = rcp_pa_new(2 * rcp_pa_count(Z_ARRVAL_P(v)));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), p) {
		rcp_pa_push_cstr(ins, "GET");
		rcp_pa_push(ins, p);
	} ZEND_HASH_FOREACH_END();
	r = rcp_pa_replace(*a, off, 1, ins);
	zend_array_release(ins);
	return rcp_pa_swap(a, r);
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
static zend_result rcp_pt_object(const rcp_pd_row *c, HashTable **a, const char *cls, bool required, const char *err)
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
static zend_result rcp_pt_to(const rcp_pd_row *c, HashTable **a, zend_long off)
{
	zval *v, f;
	HashTable *ins, *r;

	if (off >= (zend_long)rcp_pa_count(*a)) {
		return SUCCESS;
	}
	v = rcp_pa_at(*a, off);
	if (rcp_pv_is_null(v)) {
		ZVAL_FALSE(&f);
		return rcp_pa_swap(a, rcp_pa_splice1(*a, off, &f));
	}
	if (!(ins = rcp_pv_to_array(c, v))) {
		return FAILURE;
	}
	r = rcp_pa_replace(*a, off, 1, ins);
	zend_array_release(ins);
	return rcp_pa_swap(a, r);
}

static zend_result rcp_pt_filter(HashTable **a)
{
	return rcp_pa_swap(a, rcp_pa_filtered(*a));
}

/* ================================================================================================== */
/* Argument filters                                                                                     */
/* ================================================================================================== */

/* Command::normalizeArguments: a single array argument is the argument list. */
static zend_result rcp_pf_normalize(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_variadic(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zend_long at = c->p1 ? c->p1 : 1;
	zval *last;
	HashTable *r;

	if (rcp_pa_count(in) != (uint32_t)at + 1 || !rcp_pv_is_array(last = rcp_pa_at(in, at))) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	r = rcp_pa_new((uint32_t)at + rcp_pa_count(Z_ARRVAL_P(last)));
	rcp_pa_push_head(in, r, at);
	rcp_pa_merge(r, Z_ARRVAL_P(last));
	return rcp_pa_out(r, out);
}

/* WATCH: an array first argument is the argument list. */
static zend_result rcp_pf_watch(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *first = rcp_pa_at(in, 0);

	rcp_pa_share(rcp_pv_is_array(first) ? Z_ARRVAL_P(first) : in, out);
	return SUCCESS;
}

/* BLPOP / BRPOP: ([k1, k2], timeout) -> k1 k2 timeout */
static zend_result rcp_pf_blpop(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *keys;
	HashTable *r;

	if (rcp_pa_count(in) != 2 || !rcp_pv_is_array(keys = rcp_pa_at(in, 0))) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	r = zend_array_dup(Z_ARRVAL_P(keys));
	rcp_pa_push(r, rcp_pa_at(in, 1));
	return rcp_pa_out(r, out);
}

/* push k, v for every pair of arr (integer keys as ints) */
static void rcp_pa_push_pairs(HashTable *r, HashTable *arr, bool value_first)
{
	zend_string *k;
	zend_ulong h;
	zval *v, kz;

	ZEND_HASH_FOREACH_KEY_VAL(arr, h, k, v) {
		if (k) {
			ZVAL_STR_COPY(&kz, k);
		} else {
			ZVAL_LONG(&kz, (zend_long)h);
		}
		if (value_first) {
			rcp_pa_push(r, v);
			rcp_pa_push(r, &kz);
		} else {
			rcp_pa_push(r, &kz);
			rcp_pa_push(r, v);
		}
		zval_ptr_dtor(&kz);
	} ZEND_HASH_FOREACH_END();
}

/* MSET / MSETNX: ([k => v, ...]) -> k v ... */
static zend_result rcp_pf_mset(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *first;
	HashTable *r;

	if (rcp_pa_count(in) != 1 || !rcp_pv_is_array(first = rcp_pa_at(in, 0))) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	r = rcp_pa_new(2 * rcp_pa_count(Z_ARRVAL_P(first)));
	rcp_pa_push_pairs(r, Z_ARRVAL_P(first), false);
	return rcp_pa_out(r, out);
}

/* HMSET: (key, [f => v, ...]) -> key f v ... */
static zend_result rcp_pf_hmset(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *second;
	HashTable *r;

	if (rcp_pa_count(in) != 2 || !rcp_pv_is_array(second = rcp_pa_at(in, 1))) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	r = rcp_pa_new(1 + 2 * rcp_pa_count(Z_ARRVAL_P(second)));
	rcp_pa_push(r, rcp_pa_at(in, 0));
	rcp_pa_push_pairs(r, Z_ARRVAL_P(second), false);
	return rcp_pa_out(r, out);
}

/* ZADD: a trailing [member => score] array -> score member ... */
static zend_result rcp_pf_zadd(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *last = rcp_pa_last(in), popped;
	HashTable *r;

	if (!rcp_pv_is_array(last)) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	r = zend_array_dup(in);
	rcp_pa_pop(r, &popped);
	rcp_pa_push_pairs(r, Z_ARRVAL(popped), true);
	zval_ptr_dtor(&popped);
	return rcp_pa_out(r, out);
}

/* GEOADD: (key, [[lon, lat, member], ...]) -> key lon lat member ... */
static zend_result rcp_pf_geoadd(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *second, *item;
	HashTable *r;

	if (rcp_pa_count(in) != 2 || !rcp_pv_is_array(second = rcp_pa_at(in, 1))) {
		rcp_pa_share(in, out);
		return SUCCESS;
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
static zend_result rcp_pf_scan(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zend_long off = c->p1;
	zval *opts;
	HashTable *r;

	if (rcp_pa_count(in) != (uint32_t)off + 1 || !rcp_pv_is_array(opts = rcp_pa_at(in, off))) {
		rcp_pa_share(in, out);
		return SUCCESS;
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
static zend_result rcp_pf_zrange(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *last;
	HashTable *r, *o, *src;
	bool ws_string;

	if (rcp_pa_count(in) != 4 || !(last = rcp_pa_at(in, 3))) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	ws_string = Z_TYPE_P(last) == IS_STRING && Z_STRLEN_P(last) == 10
		&& zend_binary_strcasecmp(Z_STRVAL_P(last), 10, "WITHSCORES", 10) == 0;
	if (!ws_string && Z_TYPE_P(last) != IS_ARRAY) {
		rcp_pa_share(in, out);
		return SUCCESS;
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
static zend_result rcp_pf_zsetop(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zend_long base = c->p1;
	HashTable *a = zend_array_dup(in);
	zval *opt;

	if (base == 0) {
		rcp_pt_pop_bool(a, "WITHSCORES");
	}
	/* support old `$options` array: literal indexes 2 and 3 (whatever the command) */
	opt = rcp_pa_at(a, 2);
	if (!rcp_pa_isset(a, 3) && (!rcp_pv_is_null(rcp_pa_opt(opt, "weights")) || !rcp_pv_is_null(rcp_pa_opt(opt, "aggregate")))) {
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
static zend_result rcp_pf_zdiff(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_keys(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	if (rcp_pt_keys(c, &a, c->p1, c->p2 != 0) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* SINTERCARD / ZINTERCARD: Limit(1) then Keys(0) */
static zend_result rcp_pf_intercard(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	if (rcp_pt_limit(c, &a, 1) == FAILURE || rcp_pt_keys(c, &a, 0, true) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* LMPOP (p1 = 0) / BLMPOP (p1 = 1): Count(p1+2), LeftRight(p1+1), Keys(p1), filter */
static zend_result rcp_pf_lmpop(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_zmpop(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_copy(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_pop_bool(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);

	rcp_pt_pop_bool(a, c->p1 ? "WITHVALUES" : "WITHSCORES");
	return rcp_pa_out(a, out);
}

/* ExpireOptions (EXPIRE, EXPIREAT) p1 = 0; BitByte (BITCOUNT, BITPOS) p1 = 1 */
static zend_result rcp_pf_last_enum(const rcp_pd_row *c, HashTable *in, zval *out)
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
		zend_string *u = rcp_pv_upper(c, &last);
		if (!u) {
			zval_ptr_dtor(&last);
			zend_array_release(a);
			return FAILURE;
		}
		rcp_pa_push_str(a, u);
	} else if (ok) {
		rcp_pa_push_enum(a, e, m);
	} else {
		rcp_pa_push(a, &last);
	}
	zval_ptr_dtor(&last);
	return rcp_pa_out(a, out);
}

/* SET: false / null options (index >= 2) are removed */
static zend_result rcp_pf_set(const rcp_pd_row *c, HashTable *in, zval *out)
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
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	return rcp_pa_out(a, out);
}

/* GETEX */
static zend_result rcp_pf_getex(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_lcs(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_sort(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *r, *p;
	zval *opts, *v, *g;

	if (rcp_pa_count(in) == 1) {
		rcp_pa_share(in, out);
		return SUCCESS;
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
		zend_string *u = rcp_pv_upper(c, v);
		if (!u) {
			zend_array_release(p);
			zend_array_release(r);
			return FAILURE;
		}
		rcp_pa_push_str(r, u);
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
static zend_result rcp_pf_sort_ro(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_bitop(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_bitfield_ro(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_new(4);
	zval *gets = rcp_pa_at(in, 1);

	rcp_pa_push(a, rcp_pa_at(in, 0));
	if (rcp_pa_exists(in, 1) && rcp_pv_is_array(gets)) {
		zend_string *k;
		zend_ulong h;
		zval *v, kz;
		ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(gets), h, k, v) {
			rcp_pa_push_cstr(a, "GET");
			if (k) {
				ZVAL_STR_COPY(&kz, k);
			} else {
				ZVAL_LONG(&kz, (zend_long)h);
			}
			rcp_pa_push(a, &kz);
			zval_ptr_dtor(&kz);
			rcp_pa_push(a, v);
		} ZEND_HASH_FOREACH_END();
	}
	return rcp_pa_out(a, out);
}

/* GEOHASH / GEOPOS: (key, [members]) */
/* (same as rcp_pf_variadic) */

/* GEORADIUS / GEORADIUSBYMEMBER: a trailing options array */
static zend_result rcp_pf_georadius(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *last = rcp_pa_last(in), popped, *v;
	HashTable *a, *o;

	if (rcp_pa_count(in) == 0 || !rcp_pv_is_array(last)) {
		rcp_pa_share(in, out);
		return SUCCESS;
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
		zend_string *u = rcp_pv_upper(c, v);
		if (!u) {
			zend_array_release(o);
			zend_array_release(a);
			return FAILURE;
		}
		rcp_pa_push_str(a, u);
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
static int rcp_pv_bool_param(const rcp_pd_row *c, zval *z)
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

/* GEOSEARCH (key, from, by, sorting, count, any, withcoord, withdist, withhash) */
static zend_result rcp_pf_geosearch(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);
	int any;

	if (rcp_pt_sorting(c, &a, 3) == FAILURE
		|| rcp_pt_flag(c, &a, 6, "WITHCOORD", "Wrong WITHCOORD argument type") == FAILURE
		|| rcp_pt_flag(c, &a, 7, "WITHDIST", "Wrong WITHDIST argument type") == FAILURE
		|| rcp_pt_flag(c, &a, 8, "WITHHASH", "Wrong WITHHASH argument type") == FAILURE
		|| (any = rcp_pv_bool_param(c, rcp_pa_at(a, 5))) < 0
		|| rcp_pt_count(c, &a, 4, any == 1) == FAILURE
		|| rcp_pt_object(c, &a, "predis\\command\\argument\\geospatial\\frominterface", true, "Invalid FROM argument value given") == FAILURE
		|| rcp_pt_object(c, &a, "predis\\command\\argument\\geospatial\\byinterface", true, "Invalid BY argument value given") == FAILURE
		|| rcp_pt_filter(&a) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* GEOSEARCHSTORE (destination, source, from, by, sorting, count, any, storedist) */
static zend_result rcp_pf_geosearchstore(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = zend_array_dup(in);
	int any;

	if (rcp_pt_flag(c, &a, 7, "STOREDIST", "Wrong STOREDIST argument type") == FAILURE
		|| (any = rcp_pv_bool_param(c, rcp_pa_at(a, 6))) < 0
		|| rcp_pt_count(c, &a, 5, any == 1) == FAILURE
		|| rcp_pt_sorting(c, &a, 4) == FAILURE
		|| rcp_pt_object(c, &a, "predis\\command\\argument\\geospatial\\frominterface", true, "Invalid FROM argument value given") == FAILURE
		|| rcp_pt_object(c, &a, "predis\\command\\argument\\geospatial\\byinterface", true, "Invalid BY argument value given") == FAILURE
		|| rcp_pt_filter(&a) == FAILURE) {
		zend_array_release(a);
		return FAILURE;
	}
	return rcp_pa_out(a, out);
}

/* MIGRATE: a trailing [COPY => bool, REPLACE => bool] array */
static zend_result rcp_pf_migrate(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *last = rcp_pa_last(in), popped, *v;
	HashTable *a;
	zend_string *k;
	zend_ulong h;

	if (!rcp_pv_is_array(last)) {
		rcp_pa_share(in, out);
		return SUCCESS;
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
static zend_result rcp_pf_fcall_ro(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_failover(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_shutdown(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;

	if (rcp_pa_count(in) == 0) {
		rcp_pa_share(in, out);
		return SUCCESS;
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
static zend_result rcp_pf_slaveof(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;

	if (rcp_pa_count(in) == 0 || rcp_pv_eq_lit(rcp_pa_at(in, 0), "NO ONE")) {
		a = rcp_pa_new(2);
		rcp_pa_push_cstr(a, "NO");
		rcp_pa_push_cstr(a, "ONE");
		return rcp_pa_out(a, out);
	}
	rcp_pa_share(in, out);
	return SUCCESS;
}

/* CLIENT: LIST (type, id, ...), NOEVICT / NOTOUCH (bool), SETINFO (attr, value) */
static zend_result rcp_pf_client(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *sub = rcp_pa_at(in, 0);
	HashTable *a;

	if (rcp_pv_loose_eq_lit(sub, "LIST")) {
		uint32_t n = rcp_pa_count(in);
		a = rcp_pa_new(n + 2);
		rcp_pa_push(a, sub);
		if (rcp_pa_exists(in, 1) && !rcp_pv_is_null(rcp_pa_at(in, 1))) {
			zend_string *u = rcp_pv_upper(c, rcp_pa_at(in, 1));
			if (!u) {
				zend_array_release(a);
				return FAILURE;
			}
			rcp_pa_push_cstr(a, "TYPE");
			rcp_pa_push_str(a, u);
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
		if (rcp_pa_exists(in, 1) && !rcp_pv_is_null(rcp_pa_at(in, 1)) && rcp_pa_exists(in, 2) && !rcp_pv_is_null(rcp_pa_at(in, 2))) {
			zend_string *u = rcp_pv_upper(c, rcp_pa_at(in, 1));
			if (!u) {
				zend_array_release(a);
				return FAILURE;
			}
			rcp_pa_push_str(a, u);
			rcp_pa_push(a, rcp_pa_at(in, 2));
		}
		return rcp_pa_out(a, out);
	}
	rcp_pa_share(in, out);
	return SUCCESS;
}

/* FUNCTION: FLUSH (mode), LIST (libraryname, withcode), LOAD (code, replace), RESTORE (payload, policy);
 * false / null arguments removed in every case */
static zend_result rcp_pf_function(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *sub = rcp_pa_at(in, 0);
	HashTable *a;

	if (rcp_pv_loose_eq_lit(sub, "FLUSH")) {
		a = rcp_pa_new(2);
		rcp_pa_push(a, sub);
		if (rcp_pa_exists(in, 1) && !rcp_pv_is_null(rcp_pa_at(in, 1))) {
			zend_string *u = rcp_pv_upper(c, rcp_pa_at(in, 1));
			if (!u) {
				zend_array_release(a);
				return FAILURE;
			}
			rcp_pa_push_str(a, u);
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
			zend_string *u = rcp_pv_upper(c, rcp_pa_at(in, 2));
			if (!u) {
				zend_array_release(a);
				return FAILURE;
			}
			rcp_pa_push_str(a, u);
		}
	} else {
		a = zend_array_dup(in);
	}
	rcp_pt_filter(&a);
	return rcp_pa_out(a, out);
}


/* array_push($a, ...$arr): string keys are named arguments, which array_push() rejects */
static zend_result rcp_pa_spread(const rcp_pd_row *c, HashTable *a, zval *arr)
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

/* XADD (key, [field => value], id = '*', options) */
static zend_result rcp_pf_xadd(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_new(8);
	zval *opts = rcp_pa_at(in, 3), *v, *dict;

	rcp_pa_push(a, rcp_pa_at(in, 0));
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "nomkstream")) && rcp_pv_truthy(v)) {
		rcp_pa_push_cstr(a, "NOMKSTREAM");
	}
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "trimming"))) {
		zend_string *u = rcp_pv_upper(c, v);
		if (!u) {
			zend_array_release(a);
			return FAILURE;
		}
		rcp_pa_push_str(a, u);
	}
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "idmpauto"))) {
		rcp_pa_push_cstr(a, "IDMPAUTO");
		rcp_pa_push(a, v);
	} else if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "idmp")) && Z_TYPE_P(v) == IS_ARRAY) {
		rcp_pa_push_cstr(a, "IDMP");
		rcp_pa_push(a, rcp_pa_at(Z_ARRVAL_P(v), 0));
		rcp_pa_push(a, rcp_pa_at(Z_ARRVAL_P(v), 1));
	}
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "trim")) && Z_TYPE_P(v) == IS_ARRAY) {
		if (rcp_pa_spread(c, a, v) == FAILURE) {
			zend_array_release(a);
			return FAILURE;
		}
		if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "limit"))) {
			rcp_pa_push_cstr(a, "LIMIT");
			rcp_pa_push(a, v);
		}
	}
	v = rcp_pa_at(in, 2);
	if (!rcp_pv_is_null(v)) {
		rcp_pa_push(a, v);
	} else {
		rcp_pa_push_cstr(a, "*");
	}
	if (rcp_pa_isset(in, 1) && rcp_pv_is_array(dict = rcp_pa_at(in, 1))) {
		rcp_pa_push_pairs(a, Z_ARRVAL_P(dict), false);
	}
	return rcp_pa_out(a, out);
}

/* XTRIM (key, strategy | [strategy, '~'], threshold, options) */
static zend_result rcp_pf_xtrim(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_new(6);
	zval *opts = rcp_pa_at(in, 3), *v;

	rcp_pa_push(a, rcp_pa_at(in, 0));
	v = rcp_pa_at(in, 1);
	if (rcp_pv_is_array(v)) {
		if (rcp_pa_spread(c, a, v) == FAILURE) {
			zend_array_release(a);
			return FAILURE;
		}
	} else {
		rcp_pa_push(a, v);
	}
	rcp_pa_push(a, rcp_pa_at(in, 2));
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "limit"))) {
		rcp_pa_push_cstr(a, "LIMIT");
		rcp_pa_push(a, v);
	}
	if (!rcp_pv_is_null(v = rcp_pa_opt(opts, "trimming"))) {
		zend_string *u = rcp_pv_upper(c, v);
		if (!u) {
			zend_array_release(a);
			return FAILURE;
		}
		rcp_pa_push_str(a, u);
	}
	return rcp_pa_out(a, out);
}

/* XRANGE / XREVRANGE (key, start, end, count) -> ... COUNT count */
static zend_result rcp_pf_xrange(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;
	zval t;

	if (rcp_pa_count(in) != 4) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	a = zend_array_dup(in);
	rcp_pa_push(a, rcp_pa_at(a, 3));
	ZVAL_STRINGL(&t, "COUNT", 5);
	zend_hash_index_update(a, 3, &t);
	return rcp_pa_out(a, out);
}

/* XREAD (count, block, [streams], id, ...) */
static zend_result rcp_pf_xread(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_new(8), *ids;
	zval *v;

	if (rcp_pa_exists(in, 0) && !rcp_pv_is_null(v = rcp_pa_at(in, 0))) {
		rcp_pa_push_cstr(a, "COUNT");
		rcp_pa_push(a, v);
	}
	if (rcp_pa_exists(in, 1) && !rcp_pv_is_null(v = rcp_pa_at(in, 1))) {
		rcp_pa_push_cstr(a, "BLOCK");
		rcp_pa_push(a, v);
	}
	if (rcp_pa_exists(in, 2) && !rcp_pv_is_null(v = rcp_pa_at(in, 2))) {
		rcp_pa_push_cstr(a, "STREAMS");
		if (Z_TYPE_P(v) != IS_ARRAY) {
			zend_array_release(a);
			return rcp_pd_bad_type(c, "the streams argument must be an array", v);
		}
		rcp_pa_merge(a, Z_ARRVAL_P(v));
	}
	ids = rcp_pa_slice(in, 3, -1);
	rcp_pa_merge(a, ids);
	zend_array_release(ids);
	return rcp_pa_out(a, out);
}

/* "STREAMS" followed by the [stream => id] array's keys, then its values (XREAD/XREADGROUP forms). */
static void rcp_pf_push_streams(HashTable *a, zval *streams)
{
	zend_string *k;
	zend_ulong h;
	zval kz, *v;

	rcp_pa_push_cstr(a, "STREAMS");
	ZEND_HASH_FOREACH_KEY(Z_ARRVAL_P(streams), h, k) {
		if (k) {
			ZVAL_STR_COPY(&kz, k);
		} else {
			ZVAL_LONG(&kz, (zend_long)h);
		}
		rcp_pa_push(a, &kz);
		zval_ptr_dtor(&kz);
	} ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(streams), v) {
		rcp_pa_push(a, v);
	} ZEND_HASH_FOREACH_END();
}

/* xread_v4 ([stream => id], count, block, maxcount, maxsize) */
static zend_result rcp_pf_xread_v4(const rcp_pd_row *c, HashTable *in, zval *out)
{
	uint32_t n = rcp_pa_count(in);
	HashTable *a = rcp_pa_new(8);
	zval *v, *streams = rcp_pa_at(in, 0);

	if (n >= 2 && !rcp_pv_is_null(v = rcp_pa_at(in, 1))) {
		rcp_pa_push_cstr(a, "COUNT");
		rcp_pa_push(a, v);
	}
	if (n >= 4 && !rcp_pv_is_null(v = rcp_pa_at(in, 3))) {
		rcp_pa_push_cstr(a, "MAXCOUNT");
		rcp_pa_push(a, v);
	}
	if (n >= 5 && !rcp_pv_is_null(v = rcp_pa_at(in, 4))) {
		rcp_pa_push_cstr(a, "MAXSIZE");
		rcp_pa_push(a, v);
	}
	if (n >= 3 && !rcp_pv_is_null(v = rcp_pa_at(in, 2))) {
		rcp_pa_push_cstr(a, "BLOCK");
		rcp_pa_push(a, v);
	}
	if (!rcp_pv_is_array(streams)) {
		zend_array_release(a);
		return rcp_pd_bad_type(c, "the streams argument must be an array [stream => id]", streams);
	}
	rcp_pf_push_streams(a, streams);
	return rcp_pa_out(a, out);
}

/* XREADGROUP (group, consumer, count, block, noack, key..., id...) */
static zend_result rcp_pf_xreadgroup(const rcp_pd_row *c, HashTable *in, zval *out)
{
	uint32_t n = rcp_pa_count(in);
	HashTable *a = rcp_pa_new(8 + n), *rest;
	zval *v;

	rcp_pa_push_cstr(a, "GROUP");
	rcp_pa_push(a, rcp_pa_at(in, 0));
	rcp_pa_push(a, rcp_pa_at(in, 1));
	if (n >= 3 && !rcp_pv_is_null(v = rcp_pa_at(in, 2))) {
		rcp_pa_push_cstr(a, "COUNT");
		rcp_pa_push(a, v);
	}
	if (n >= 4 && !rcp_pv_is_null(v = rcp_pa_at(in, 3))) {
		rcp_pa_push_cstr(a, "BLOCK");
		rcp_pa_push(a, v);
	}
	if (n >= 5 && !rcp_pv_is_false(rcp_pa_at(in, 4))) {
		rcp_pa_push_cstr(a, "NOACK");
	}
	rcp_pa_push_cstr(a, "STREAMS");
	rest = rcp_pa_slice(in, 5, -1);
	rcp_pa_merge(a, rest);
	zend_array_release(rest);
	return rcp_pa_out(a, out);
}

/* xreadgroup_claim (group, consumer, [stream => id], count, block, noack, claim, maxcount, maxsize) */
static zend_result rcp_pf_xreadgroup_claim(const rcp_pd_row *c, HashTable *in, zval *out)
{
	uint32_t n = rcp_pa_count(in);
	HashTable *a = rcp_pa_new(16);
	zval *v, *streams = rcp_pa_at(in, 2);

	rcp_pa_push_cstr(a, "GROUP");
	rcp_pa_push(a, rcp_pa_at(in, 0));
	rcp_pa_push(a, rcp_pa_at(in, 1));
	if (n >= 4 && !rcp_pv_is_null(v = rcp_pa_at(in, 3))) {
		rcp_pa_push_cstr(a, "COUNT");
		rcp_pa_push(a, v);
	}
	if (n >= 8 && !rcp_pv_is_null(v = rcp_pa_at(in, 7))) {
		rcp_pa_push_cstr(a, "MAXCOUNT");
		rcp_pa_push(a, v);
	}
	if (n >= 9 && !rcp_pv_is_null(v = rcp_pa_at(in, 8))) {
		rcp_pa_push_cstr(a, "MAXSIZE");
		rcp_pa_push(a, v);
	}
	if (n >= 5 && !rcp_pv_is_null(v = rcp_pa_at(in, 4))) {
		rcp_pa_push_cstr(a, "BLOCK");
		rcp_pa_push(a, v);
	}
	if (n >= 6 && !rcp_pv_is_false(rcp_pa_at(in, 5))) {
		rcp_pa_push_cstr(a, "NOACK");
	}
	if (n >= 7 && !rcp_pv_is_false(v = rcp_pa_at(in, 6)) && !rcp_pv_is_null(v)) {
		rcp_pa_push_cstr(a, "CLAIM");
		rcp_pa_push(a, v);
	}
	if (!rcp_pv_is_array(streams)) {
		zend_array_release(a);
		return rcp_pd_bad_type(c, "the streams argument must be an array [stream => id]", streams);
	}
	rcp_pf_push_streams(a, streams);
	return rcp_pa_out(a, out);
}

/* XAUTOCLAIM (key, group, consumer, min-idle, start, count, justid) */
static zend_result rcp_pf_xautoclaim(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_slice(in, 0, 5), *rest = rcp_pa_slice(in, 5, -1);
	zval *v;

	if (rcp_pa_count(rest) > 0) {
		if (!rcp_pv_is_null(v = rcp_pa_at(rest, 0))) {
			rcp_pa_push_cstr(a, "COUNT");
			rcp_pa_push(a, v);
		}
		if (rcp_pa_count(rest) >= 2 && rcp_pv_is_true(rcp_pa_at(rest, 1))) {
			rcp_pa_push_cstr(a, "JUSTID");
		}
	}
	zend_array_release(rest);
	return rcp_pa_out(a, out);
}

/* XCLAIM (key, group, consumer, min-idle, ids, idle, time, retrycount, force, justid, lastid) */
static zend_result rcp_pf_xclaim(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;
	zval *ids, *v;

	if (rcp_pa_count(in) < 5) {
		/* Predis returns without storing the arguments: the command goes out without any */
		ZVAL_EMPTY_ARRAY(out);
		return SUCCESS;
	}
	a = rcp_pa_slice(in, 0, 4);
	ids = rcp_pa_at(in, 4);
	if (rcp_pv_is_array(ids)) {
		rcp_pa_merge(a, Z_ARRVAL_P(ids));
	} else {
		rcp_pa_push(a, ids);
	}
	if (rcp_pa_exists(in, 5) && !rcp_pv_is_null(v = rcp_pa_at(in, 5))) {
		rcp_pa_push_cstr(a, "IDLE");
		rcp_pa_push(a, v);
	}
	if (rcp_pa_exists(in, 6) && !rcp_pv_is_null(v = rcp_pa_at(in, 6))) {
		rcp_pa_push_cstr(a, "TIME");
		rcp_pa_push(a, v);
	}
	if (rcp_pa_exists(in, 7) && !rcp_pv_is_null(v = rcp_pa_at(in, 7))) {
		rcp_pa_push_cstr(a, "RETRYCOUNT");
		rcp_pa_push(a, v);
	}
	if (rcp_pa_exists(in, 8) && !rcp_pv_is_false(rcp_pa_at(in, 8))) {
		rcp_pa_push_cstr(a, "FORCE");
	}
	if (rcp_pa_exists(in, 9) && !rcp_pv_is_false(rcp_pa_at(in, 9))) {
		rcp_pa_push_cstr(a, "JUSTID");
	}
	if (rcp_pa_exists(in, 10) && !rcp_pv_is_false(v = rcp_pa_at(in, 10))) {
		rcp_pa_push_cstr(a, "LASTID");
		rcp_pa_push(a, v);
	}
	return rcp_pa_out(a, out);
}

/* XGROUP: CREATE (key, group, id, mkstream, entriesread), SETID (key, group, id, entriesread) */
static zend_result rcp_pf_xgroup(const rcp_pd_row *c, HashTable *in, zval *out)
{
	zval *sub = rcp_pa_at(in, 0);
	HashTable *a;
	bool create = rcp_pv_loose_eq_lit(sub, "CREATE");

	if (!create && !rcp_pv_loose_eq_lit(sub, "SETID")) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	a = rcp_pa_new(7);
	for (zend_long i = 0; i < 4; i++) {
		rcp_pa_push(a, rcp_pa_at(in, i));
	}
	if (create) {
		if (rcp_pa_exists(in, 4) && rcp_pv_is_true(rcp_pa_at(in, 4))) {
			rcp_pa_push_cstr(a, "MKSTREAM");
		}
		if (rcp_pa_exists(in, 5)) {
			rcp_pa_push_cstr(a, "ENTRIESREAD");
			rcp_pa_push(a, rcp_pa_at(in, 5));
		}
	} else if (rcp_pa_exists(in, 4)) {
		rcp_pa_push_cstr(a, "ENTRIESREAD");
		rcp_pa_push(a, rcp_pa_at(in, 4));
	}
	return rcp_pa_out(a, out);
}

/* XINFO STREAM (key, XInfoStreamOptions) */
static zend_result rcp_pf_xinfo(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a, *ins;
	zval *opts;

	if (!rcp_pv_eq_lit(rcp_pa_at(in, 0), "STREAM")) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	a = rcp_pa_new(4);
	rcp_pa_push(a, rcp_pa_at(in, 0));
	rcp_pa_push(a, rcp_pa_at(in, 1));
	if (rcp_pa_exists(in, 2) && rcp_pv_instanceof(opts = rcp_pa_at(in, 2), "predis\\command\\argument\\arrayableargument")) {
		if (!(ins = rcp_pv_to_array(c, opts))) {
			zend_array_release(a);
			return FAILURE;
		}
		rcp_pa_merge(a, ins);
		zend_array_release(ins);
	}
	return rcp_pa_out(a, out);
}

/* XPENDING (key, group, minIdleTime, start, end, count, consumer) */
static zend_result rcp_pf_xpending(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a;
	zval *idle, *start, *end, *count, *consumer;

	if (rcp_pa_count(in) < 2) {
		ZVAL_EMPTY_ARRAY(out);
		return SUCCESS;
	}
	a = rcp_pa_slice(in, 0, 2);
	idle = rcp_pa_at(in, 2);
	start = rcp_pa_at(in, 3);
	end = rcp_pa_at(in, 4);
	count = rcp_pa_at(in, 5);
	consumer = rcp_pa_at(in, 6);
	if (!rcp_pv_is_null(start) && !rcp_pv_is_null(end) && !rcp_pv_is_null(count)) {
		if (!rcp_pv_is_null(idle)) {
			rcp_pa_push_cstr(a, "IDLE");
			rcp_pa_push(a, idle);
		}
		rcp_pa_push(a, start);
		rcp_pa_push(a, end);
		rcp_pa_push(a, count);
		if (!rcp_pv_is_null(consumer)) {
			rcp_pa_push(a, consumer);
		}
	}
	return rcp_pa_out(a, out);
}

/* XSETID (key, id, entriesadded, maxdeletedid) */
static zend_result rcp_pf_xsetid(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *a = rcp_pa_slice(in, 0, 2);

	if (rcp_pa_isset(in, 2)) {
		rcp_pa_push_cstr(a, "ENTRIESADDED");
		rcp_pa_push(a, rcp_pa_at(in, 2));
	}
	if (rcp_pa_isset(in, 3)) {
		rcp_pa_push_cstr(a, "MAXDELETEDID");
		rcp_pa_push(a, rcp_pa_at(in, 3));
	}
	return rcp_pa_out(a, out);
}

/* ================================================================================================== */
/* Argument filters of the commands Predis 3.7 added (Redis 7.2 - 8.x and newer; see docs/PREDIS_COMPAT) */
/* ================================================================================================== */

/* Builders: rcp_pb_run() gives each a new array and releases it when the builder fails. */
static zend_result rcp_pb_run(const rcp_pd_row *c, HashTable *in, zval *out)
{
	HashTable *r = rcp_pa_new(8);

	if (c->build(c, in, r) == FAILURE) {
		zend_array_release(r);
		return FAILURE;
	}
	return rcp_pa_out(r, out);
}

/* A PHP function of the engine (json_encode, json_decode) called as Predis calls it; FAILURE after throwing */
static zend_result rcp_pv_call(const char *fname, zval *ret, uint32_t argc, zval *argv)
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

/*
 * in_array(strtoupper($z), $allowed, true) for upper-case allowed values (NULL-terminated): 1 with *up the
 * upper-case string (owned), 0 when not allowed, -1 after throwing (strtoupper()'s TypeError).
 */
static int rcp_pv_upper_in(const rcp_pd_row *c, zval *z, const char *const *allowed, zend_string **up)
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
static zend_result rcp_pt_push_upper_in(const rcp_pd_row *c, HashTable *r, zval *z, const char *const *allowed, const char *msg)
{
	zend_string *u;
	int ok = rcp_pv_upper_in(c, z, allowed, &u);

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
static zend_result rcp_pt_counted(const rcp_pd_row *c, HashTable *r, const char *kw, zval *list, bool spread)
{
	if (!rcp_pv_is_array(list)) {
		rcp_throw(rcp_ce_invalid_argument, "%s: the %s argument must be an array, %s given", c->uc, kw, rcp_pv_type_name(list));
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
static zend_result rcp_pt_push_json(const rcp_pd_row *c, HashTable *r, zval *v)
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
static zend_result rcp_pt_opts(const rcp_pd_row *c, HashTable *in, HashTable *r, const rcp_popt *o)
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
			if (rcp_pt_push_json(c, r, v) == FAILURE) {
				return FAILURE;
			}
		} else if (o->value) {
			rcp_pa_push(r, v);
		}
	}
	return SUCCESS;
}

/* [$a[0] .. $a[p1 - 1]] then the entry's optional arguments (XCFGSET, ARSCAN, ARLASTITEMS, ARINFO, VEMB) */
static zend_result rcp_pb_head_opts(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	rcp_pa_push_head(in, r, c->p1);
	return rcp_pt_opts(c, in, r, c->opts);
}

/* strpbrk($s, '.eE') !== false: INCREX's test for a float in a numeric string */
static bool rcp_pv_float_mark(zend_string *s)
{
	return memchr(ZSTR_VAL(s), '.', ZSTR_LEN(s)) || memchr(ZSTR_VAL(s), 'e', ZSTR_LEN(s)) || memchr(ZSTR_VAL(s), 'E', ZSTR_LEN(s));
}

/* pass-through inside a builder */
static zend_result rcp_pt_all(HashTable *in, HashTable *r)
{
	rcp_pa_merge(r, in);
	return SUCCESS;
}

/* HEXPIRE, HEXPIREAT, HPEXPIRE, HPEXPIREAT (key, ttl, [fields], flag) -> key ttl [FLAG] FIELDS n fields... */
static zend_result rcp_pb_hexpire(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const flags[] = {"NX", "XX", "GT", "LT", NULL};
	zval *v;

	rcp_pa_push_head(in, r, 2);
	if (!rcp_pv_is_null(v = rcp_pa_at(in, 3)) && rcp_pt_push_upper_in(c, r, v, flags, "Unsupported flag value") == FAILURE) {
		return FAILURE;
	}
	if (rcp_pv_is_null(v = rcp_pa_at(in, 2))) {
		return SUCCESS;
	}
	return rcp_pt_counted(c, r, "FIELDS", v, false);
}

/* HTTL, HPTTL, HEXPIRETIME, HPEXPIRETIME, HPERSIST, HGETDEL (key, [fields]) -> key FIELDS n fields... */
static zend_result rcp_pb_fields(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	rcp_pa_push(r, rcp_pa_at(in, 0));
	return rcp_pt_counted(c, r, "FIELDS", rcp_pa_at(in, 1), false);
}

/*
 * HGETEX's and HSETEX's expiry modifier m: strtoupper($m) must be one of mods (else msg); `bare` (PERSIST,
 * KEEPTTL) goes alone, the others with the integer $a[vi] ("Modifier value is missing or incorrect type").
 * Predis maps the modifier by strtolower(), so every spelling of a valid one is sent upper-case.
 */
static zend_result rcp_pt_modifier(const rcp_pd_row *c, HashTable *r, zval *m, const char *const *mods, const char *bare,
	const char *msg, HashTable *in, zend_long vi)
{
	zend_string *u;
	zval *n;
	int ok = rcp_pv_upper_in(c, m, mods, &u);

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
static zend_result rcp_pb_hgetex(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const mods[] = {"EX", "PX", "EXAT", "PXAT", "PERSIST", NULL};
	zval *m = rcp_pa_at(in, 2);

	rcp_pa_push(r, rcp_pa_at(in, 0));
	if (rcp_pa_exists(in, 2) && !rcp_pv_loose_eq_lit(m, "")
		&& rcp_pt_modifier(c, r, m, mods, "PERSIST", "Modifier argument accepts only: ex, px, exat, pxat, persist values",
			in, 3) == FAILURE) {
		return FAILURE;
	}
	return rcp_pt_counted(c, r, "FIELDS", rcp_pa_at(in, 1), false);
}

/* HSETEX (key, [field => value], 'fnx'|'fxx'|'', ttl modifier, value) -> key [FNX|FXX] [EX n|...|KEEPTTL]
 * FIELDS n field value ... */
static zend_result rcp_pb_hsetex(const rcp_pd_row *c, HashTable *in, HashTable *r)
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
		if (!rcp_pv_eq_lit(m, "") && rcp_pt_push_upper_in(c, r, m, set, "Modifier argument accepts only: fnx, fxx values") == FAILURE) {
			return FAILURE;
		}
		m = rcp_pa_at(in, 3);
		if (rcp_pa_exists(in, 3) && !rcp_pv_loose_eq_lit(m, "")
			&& rcp_pt_modifier(c, r, m, ttl, "KEEPTTL", "Modifier argument accepts only: ex, px, exat, pxat, keepttl values",
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
static zend_result rcp_pb_msetex(const rcp_pd_row *c, HashTable *in, HashTable *r)
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
		&& rcp_pt_push_upper_in(c, r, rcp_pa_at(in, 1), exist, "Incorrect exist modifier. Should be one of: NX, XX.") == FAILURE) {
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
static zend_result rcp_pf_zrangestore(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pf_sunioncard(const rcp_pd_row *c, HashTable *in, zval *out)
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
static zend_result rcp_pb_lmovem(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const quant[] = {"COUNT", "EXACTLY", NULL};
	static const char *const order[] = {"OBO", "BULK", NULL};
	zend_long off = c->p1;
	const char *missing = NULL;
	zend_string *q;
	HashTable *head;
	int ok;

	if (rcp_pa_count(in) <= (uint32_t)off) {
		return rcp_pt_all(in, r);
	}
	head = rcp_pa_slice(in, 0, off);
	rcp_pa_merge(r, head);
	zend_array_release(head);
	if ((ok = rcp_pv_upper_in(c, rcp_pa_at(in, off), quant, &q)) <= 0) {
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
	return rcp_pt_push_upper_in(c, r, rcp_pa_at(in, off + 2), order, "Ordering argument accepts only: OBO, BULK values");
}

/* INCREX (key, increment, lbound, ubound, saturate, expire modifier, value, enx) */
static zend_result rcp_pb_increx(const rcp_pd_row *c, HashTable *in, HashTable *r)
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
	rcp_pt_opts(c, in, r, bounds);
	v = rcp_pa_at(in, 5);
	if (!rcp_pv_is_null(v) && !rcp_pv_eq_lit(v, "")) {
		if ((ok = rcp_pv_upper_in(c, v, exp, &u)) <= 0) {
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
	return rcp_pt_opts(c, in, r, enx);
}

/* zend_compare($z, $n): `$x > $n` / `$x < $n` as PHP compares (the caller refuses objects: PHP would warn) */
static int rcp_pv_cmp_long(zval *z, zend_long n)
{
	zval l;

	ZVAL_LONG(&l, n);
	return zend_compare(z, &l);
}

/* HOTKEYS START ([metrics], count 10..64, duration, sample > 0, [slots]); other subcommands as given */
static zend_result rcp_pb_hotkeys(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval *sub = rcp_pa_at(in, 0), *v;

	if (!rcp_pv_loose_eq_lit(sub, "START")) {
		return rcp_pt_all(in, r);
	}
	rcp_pa_push(r, sub);
	if (rcp_pt_counted(c, r, "METRICS", rcp_pa_at(in, 1), true) == FAILURE) {
		return FAILURE;
	}
	if (rcp_pa_isset(in, 2)) {
		v = rcp_pa_at(in, 2);
		if (Z_TYPE_P(v) == IS_OBJECT || !(rcp_pv_cmp_long(v, 9) > 0 && rcp_pv_cmp_long(v, 65) < 0)) {
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
		if (Z_TYPE_P(v) == IS_OBJECT || !(rcp_pv_cmp_long(v, 0) > 0)) {
			return rcp_pd_bad(c, "Sample value should be greater than 0");
		}
		rcp_pa_push_cstr(r, "SAMPLE");
		rcp_pa_push(r, v);
	}
	if (rcp_pa_isset(in, 5)) {
		return rcp_pt_counted(c, r, "SLOTS", rcp_pa_at(in, 5), true);
	}
	return SUCCESS;
}

/* BLESS SCAN (cursor, ..., ['count' => n]) -> ... COUNT n; other subcommands as given */
static zend_result rcp_pb_bless(const rcp_pd_row *c, HashTable *in, HashTable *r)
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
static zend_result rcp_pb_himport(const rcp_pd_row *c, HashTable *in, HashTable *r)
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
static zend_result rcp_pb_ids(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const modes[] = {"SILENT", "FAIL", "FATAL", NULL};
	zend_long m = c->p1;
	zend_string *u;
	int ok;

	if (c->p2) {
		if ((ok = rcp_pv_upper_in(c, rcp_pa_at(in, m), modes, &u)) <= 0) {
			return ok < 0 ? FAILURE : rcp_pd_bad(c, "Mode argument accepts only: silent, fail, fatal values");
		}
	} else if (!(u = rcp_pv_upper(c, rcp_pa_at(in, m)))) {
		return FAILURE;
	}
	rcp_pa_push_head(in, r, m);
	rcp_pa_push_str(r, u);
	if (rcp_pt_counted(c, r, "IDS", rcp_pa_at(in, m + 1), true) == FAILURE) {
		return FAILURE;
	}
	return c->opts ? rcp_pt_opts(c, in, r, c->opts) : SUCCESS;
}

/* ARDELRANGE (key, [[start, end], ...]) -> key start end ... */
static zend_result rcp_pb_ardelrange(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval *ranges = rcp_pa_at(in, 1), *p;

	if (rcp_pa_count(in) != 2 || !rcp_pv_is_array(ranges)) {
		return rcp_pt_all(in, r);
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
static zend_result rcp_pb_argrep(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const types[] = {"EXACT", "MATCH", "GLOB", "RE", NULL};
	static const char *const comb[] = {"AND", "OR", NULL};
	zval *preds, *p, *v;

	if (rcp_pa_count(in) < 4) {
		return rcp_pt_all(in, r);
	}
	rcp_pa_push_head(in, r, 3);
	preds = rcp_pa_at(in, 3);
	if (rcp_pv_is_array(preds)) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(preds), p) {
			ZVAL_DEREF(p);
			if (Z_TYPE_P(p) != IS_ARRAY || rcp_pa_count(Z_ARRVAL_P(p)) != 2) {
				return rcp_pd_bad(c, "Each predicate must be a [type, value] pair");
			}
			if (rcp_pt_push_upper_in(c, r, rcp_pa_at(Z_ARRVAL_P(p), 0), types,
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
		&& rcp_pt_push_upper_in(c, r, v, comb, "Combinator argument accepts only: AND, OR values") == FAILURE) {
		return FAILURE;
	}
	return rcp_pt_opts(c, in, r, c->opts);
}

/* AROP (key, start, end, operation[, value]): MATCH takes a value */
static zend_result rcp_pb_arop(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	static const char *const ops[] = {"SUM", "MIN", "MAX", "AND", "OR", "XOR", "MATCH", "USED", NULL};
	zend_string *u;
	bool match;
	int ok;

	if (rcp_pa_count(in) < 4) {
		return rcp_pt_all(in, r);
	}
	if ((ok = rcp_pv_upper_in(c, rcp_pa_at(in, 3), ops, &u)) <= 0) {
		return ok < 0 ? FAILURE : rcp_pd_bad(c, "Operation argument accepts only: SUM, MIN, MAX, AND, OR, XOR, MATCH, USED values");
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
static zend_result rcp_pb_vadd(const rcp_pd_row *c, HashTable *in, HashTable *r)
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
	} else if (rcp_pt_counted(c, r, "VALUES", vec, true) == FAILURE) {
		return FAILURE;
	}
	rcp_pa_push(r, rcp_pa_at(in, 2));
	return rcp_pt_opts(c, in, r, c->opts);
}

/* VSIM (key, blob|element|[floats], is element, withscores, count, epsilon, ef, filter, filter-ef, truth,
 * nothread) */
static zend_result rcp_pb_vsim(const rcp_pd_row *c, HashTable *in, HashTable *r)
{
	zval *q = rcp_pa_at(in, 1), *ele = rcp_pa_at(in, 2);

	rcp_pa_push(r, rcp_pa_at(in, 0));
	if (!rcp_pv_is_null(q) && !rcp_pv_is_array(q)) {
		rcp_pa_push_cstr(r, !rcp_pv_is_null(ele) && !rcp_pv_is_false(ele) ? "ELE" : "FP32");
		rcp_pa_push(r, q);
	} else if (rcp_pt_counted(c, r, "VALUES", q, true) == FAILURE) {
		return FAILURE;
	}
	return rcp_pt_opts(c, in, r, c->opts);
}

/*
 * Predis' "array_pop() the last argument and decide" filters (p1): 0 VGETATTR (a bool is the reply's
 * $asJson: not sent), 1 VLINKS (a bool is $withScores: WITHSCORES sent whatever its value), 2 VRANDMEMBER
 * (null dropped), 3 VSETATTR (an array sent as its JSON)
 */
static zend_result rcp_pb_vlast(const rcp_pd_row *c, HashTable *in, HashTable *r)
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
		res = rcp_pt_push_json(c, r, &last);
	} else if (!(c->p1 == 0 && is_bool) && !(c->p1 == 2 && Z_TYPE(last) == IS_NULL)) {
		rcp_pa_push(r, &last);
	}
	zval_ptr_dtor(&last);
	return res;
}

#define OPT(at, test, kw) {at, RCP_POPT_##test, false, false, kw}
#define OPTV(at, test, kw) {at, RCP_POPT_##test, true, false, kw}
#define OPT_END {-1, 0, false, false, NULL}

static const rcp_popt o_xcfgset[] = {OPTV(1, ISSET, "IDMP-DURATION"), OPTV(2, ISSET, "IDMP-MAXSIZE"), OPT_END};
static const rcp_popt o_xnack[] = {OPTV(4, ISSET, "RETRYCOUNT"), OPT(5, NOT_EMPTY, "FORCE"), OPT_END};
static const rcp_popt o_arscan[] = {OPTV(3, ISSET, "LIMIT"), OPT_END};
static const rcp_popt o_arlastitems[] = {OPT(2, NOT_EMPTY, "REV"), OPT_END};
static const rcp_popt o_arinfo[] = {OPT(1, NOT_EMPTY, "FULL"), OPT_END};
static const rcp_popt o_argrep[] = {OPTV(5, ISSET, "LIMIT"), OPT(6, NOT_EMPTY, "WITHVALUES"),
	OPT(7, NOT_EMPTY, "NOCASE"), OPT_END};
static const rcp_popt o_vemb[] = {OPT(2, ISSET, "RAW"), OPT_END};
static const rcp_popt o_vadd[] = {OPT(4, SET_NOT_FALSE, "CAS"), OPTV(5, ISSET, NULL), OPTV(6, ISSET, "EF"),
	{7, RCP_POPT_ISSET, true, true, "SETATTR"}, OPTV(8, ISSET, "M"), OPT_END};
static const rcp_popt o_vsim[] = {OPT(3, SET_NOT_FALSE, "WITHSCORES"), OPTV(4, ISSET, "COUNT"),
	OPTV(5, ISSET, "EPSILON"), OPTV(6, ISSET, "EF"), OPTV(7, ISSET, "FILTER"),
	OPTV(8, ISSET, "FILTER-EF"), OPT(9, SET_NOT_FALSE, "TRUTH"), OPT(10, SET_NOT_FALSE, "NOTHREAD"), OPT_END};

/* ================================================================================================== */
/* Reply parsers                                                                                        */
/* ================================================================================================== */

/* $r[$k] = $v with PHP's key semantics; false where PHP would throw or warn (array, object keys, ...) */
static bool rcp_rv_set(HashTable *r, zval *k, zval *v)
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
static void rcp_rv_set_str(HashTable *r, const char *k, size_t klen, zval *v)
{
	zend_symtable_str_update(r, k, klen, v);
}

/* $c[$i] for reading (arrays: key lookup; strings: one-byte offset), borrowed or into tmp; NULL where
 * PHP would warn */
static zval *rcp_rv_idx(zval *c, zend_long i, zval *tmp)
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
 * $r[$d[$i]] = $d[++$i]; } */
static bool rcp_rv_pairs(HashTable *d, zval *res, bool relay)
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

static zend_always_inline zval *rcp_rv_arg(HashTable *args, zend_long i)
{
	return rcp_pa_at(args, i);
}

/* strtoupper($arg) === lit for a reply-side argument (non-strings: their string form) */
static bool rcp_rv_arg_ieq(zval *z, const char *lit)
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

/* HGETALL, CONFIG: flat list -> assoc (non-lists as they are) */
static bool rcp_pr_assoc(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	if (Z_TYPE_P(d) != IS_ARRAY || !zend_array_is_list(Z_ARRVAL_P(d))) {
		return false;
	}
	return rcp_rv_pairs(Z_ARRVAL_P(d), res, false);
}

/* ZPOPMIN / ZPOPMAX: member => score (relay pairs too) */
static bool rcp_pr_zpop(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	return Z_TYPE_P(d) == IS_ARRAY && rcp_rv_pairs(Z_ARRVAL_P(d), res, true);
}

/* ZRANGE / ZREVRANGE: member => score when count(args) >= 4 and 'WITHSCORES' (exact case) was sent;
 * ZRANGEBYSCORE / ZREVRANGEBYSCORE (p1 = 1): any case, from the 4th argument, skipping LIMIT's two */
static bool rcp_pr_zrange(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
static bool rcp_pr_withscores_last(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *last = rcp_pa_count(args) ? rcp_pa_at(args, (zend_long)rcp_pa_count(args) - 1) : NULL;
	zend_long n;
	HashTable *r;

	if (!last || Z_TYPE_P(last) != IS_STRING || !rcp_rv_arg_ieq(last, "WITHSCORES") || Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	n = (zend_long)rcp_pa_count(Z_ARRVAL_P(d));
	r = rcp_pa_new((uint32_t)(n / 2));
	for (zend_long i = 0; i < n; ++i) {
		zval *k = rcp_pa_at(Z_ARRVAL_P(d), i);
		if (!k) {
			goto fail;
		}
		if (Z_TYPE_P(k) == IS_ARRAY) {
			zval *v2 = rcp_pa_at(Z_ARRVAL_P(k), 1);
			if (!v2 || !rcp_rv_set(r, rcp_pa_at(Z_ARRVAL_P(k), 0), v2)) {
				goto fail;
			}
		} else if (rcp_pa_exists(Z_ARRVAL_P(d), i + 1)) {
			if (!rcp_rv_set(r, k, rcp_pa_at(Z_ARRVAL_P(d), ++i))) {
				goto fail;
			}
		}
	}
	ZVAL_ARR(res, r);
	return true;
fail:
	zend_array_release(r);
	return false;
}

/* ZSCAN: [cursor, member => (float) score]; HSCAN (p1 = 1): [cursor, field => value] unless NOVALUES */
static bool rcp_pr_scan(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

/* XRANGE / XREVRANGE: id => [field => value] */
static bool rcp_pr_xrange(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
		if (!rcp_rv_set(r, rcp_pa_at(Z_ARRVAL_P(e), 0), &fields)) {
			zval_ptr_dtor(&fields);
			goto fail;
		}
		zval_ptr_dtor(&fields);
	} ZEND_HASH_FOREACH_END();
	ZVAL_ARR(res, r);
	return true;
fail:
	zend_array_release(r);
	return false;
}

/* XREAD / xread_v4: stream => entries; falsy -> [] */
static bool rcp_pr_xread(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

/* LMPOP / BLMPOP: [key => elements] or null */
static bool rcp_pr_lmpop(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

/* ZMPOP / BZMPOP: [key => [member => score]] ([null] when the key is null; a null reply stays null) */
static bool rcp_pr_zmpop(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *key, *items, *pair;
	HashTable *parsed;
	bool ok;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	key = rcp_pa_nth(Z_ARRVAL_P(d), 0, NULL, NULL);
	if (rcp_pv_is_null(key)) {
		rcp_rv_list_null(res);
		return true;
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
static bool rcp_pr_bzpop(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *key, *m, *s, inner;
	HashTable *r;
	bool ok;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	key = rcp_pa_nth(Z_ARRVAL_P(d), 0, NULL, NULL);
	if (rcp_pv_is_null(key)) {
		rcp_rv_list_null(res);
		return true;
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
static bool rcp_pr_lcs(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
static bool rcp_pr_randomkey(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	if (Z_TYPE_P(d) == IS_STRING && Z_STRLEN_P(d) == 0) {
		ZVAL_NULL(res);
		return true;
	}
	return false;
}

/* BGSAVE: 'Background saving started' -> true */
static bool rcp_pr_bgsave(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	if (rcp_pv_eq_lit(d, "Background saving started")) {
		ZVAL_TRUE(res);
		return true;
	}
	return false;
}

/* BGREWRITEAOF: $data == 'Background append only file rewriting started' */
static bool rcp_pr_bgrewriteaof(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	ZVAL_BOOL(res, rcp_pv_loose_eq_lit(d, "Background append only file rewriting started"));
	return true;
}

/* TYPE: Relay's integer types -> names (strings stay) */
static bool rcp_pr_type(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

/* XPENDING summary form: [pending, min, max, [consumer => (int) count]] */
static bool rcp_pr_xpending(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
static bool rcp_rv_float(zval *v, zval *out)
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
static bool rcp_rv_dict(HashTable *a, bool recursive, bool to_float, zval *res)
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
			if (!rcp_rv_set(r, k, &sub)) {
				zval_ptr_dtor(&sub);
				goto fail;
			}
			zval_ptr_dtor(&sub);
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

/* XCLAIM: id => [field => value] (JUSTID form: as it is) */
static bool rcp_pr_xclaim(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
		if (!rcp_rv_set(r, id, &dict)) {
			zval_ptr_dtor(&dict);
			goto fail;
		}
		zval_ptr_dtor(&dict);
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
				if (!rcp_rv_set(r, e, &sub)) {
					zval_ptr_dtor(&sub);
					goto fail;
				}
				zval_ptr_dtor(&sub);
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

/* $x === array_values($x) ? arrayToDictionary($x, ...) : $x (non-arrays: fail; see rcp_rv_dict for the flags) */
static bool rcp_rv_dict_if_list(zval *x, bool recursive, bool to_float, zval *res)
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

/* XINFO STREAM (exact 'STREAM'): dictionary with entries / groups / consumers; other XINFO: parseDict */
static bool rcp_pr_xinfo(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

/* SLOWLOG: every entry -> [id, timestamp, duration, command] (whatever the subcommand) */
static bool rcp_rv_offset(zval *e, zend_long i, zval *out)   /* $e[$i] without warnings */
{
	if (Z_TYPE_P(e) == IS_ARRAY) {
		zval *v = rcp_pa_at(Z_ARRVAL_P(e), i);
		if (!v) {
			return false;
		}
		ZVAL_COPY(out, v);
		return true;
	}
	if (Z_TYPE_P(e) == IS_STRING && i < (zend_long)Z_STRLEN_P(e)) {
		ZVAL_CHAR(out, (unsigned char)Z_STRVAL_P(e)[i]);
		return true;
	}
	return false;
}

static bool rcp_pr_slowlog(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	static const char *const names[] = {"id", "timestamp", "duration", "command"};
	HashTable *r;
	zend_string *k;
	zend_ulong h;
	zval *e;

	if (Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	r = rcp_pa_new(rcp_pa_count(Z_ARRVAL_P(d)));
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(d), h, k, e) {
		HashTable *entry = rcp_pa_new(4);
		zval ez;
		ZVAL_DEREF(e);
		for (int i = 0; i < 4; i++) {
			zval v;
			if (!rcp_rv_offset(e, i, &v)) {
				zend_array_release(entry);
				zend_array_release(r);
				return false;
			}
			zend_hash_str_update(entry, names[i], strlen(names[i]), &v);
		}
		ZVAL_ARR(&ez, entry);
		if (k) {
			zend_hash_update(r, k, &ez);
		} else {
			zend_hash_index_update(r, h, &ez);
		}
	} ZEND_HASH_FOREACH_END();
	ZVAL_ARR(res, r);
	return true;
}

/* CLIENT LIST (any case): one [field => value] per line */
static void rcp_rv_client_list(const char *s, size_t len, zval *res)
{
	HashTable *clients = rcp_pa_new(8);
	const char *p = s, *end = s + len, *nl;

	/* explode("\n", $data, -1): every piece but the last */
	while ((nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		HashTable *cl = rcp_pa_new(32);
		const char *q = p, *sp;
		zval cz;
		for (;;) {
			const char *fe;
			const char *eq;
			zval v;
			sp = memchr(q, ' ', (size_t)(nl - q));
			fe = sp ? sp : nl;
			/* @[$k, $v] = explode('=', $kv): k = up to the first '=', v = up to the second '=' or null */
			eq = memchr(q, '=', (size_t)(fe - q));
			if (eq) {
				const char *eq2 = memchr(eq + 1, '=', (size_t)(fe - eq - 1));
				const char *ve = eq2 ? eq2 : fe;
				ZVAL_STRINGL(&v, eq + 1, (size_t)(ve - eq - 1));
				rcp_rv_set_str(cl, q, (size_t)(eq - q), &v);
			} else {
				ZVAL_NULL(&v);
				rcp_rv_set_str(cl, q, (size_t)(fe - q), &v);
			}
			if (!sp) {
				break;
			}
			q = sp + 1;
		}
		ZVAL_ARR(&cz, cl);
		zend_hash_next_index_insert(clients, &cz);
		p = nl + 1;
	}
	ZVAL_ARR(res, clients);
}

static bool rcp_pr_client(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *sub = rcp_rv_arg(args, 0);

	if (!sub || !rcp_rv_arg_ieq(sub, "LIST")) {
		return false;
	}
	switch (Z_TYPE_P(d)) {
		case IS_STRING:
			rcp_rv_client_list(Z_STRVAL_P(d), Z_STRLEN_P(d), res);
			return true;
		case IS_LONG:
		case IS_DOUBLE:
		case IS_TRUE:
		case IS_FALSE:
			/* a single piece: explode(..., -1) drops it */
			ZVAL_EMPTY_ARRAY(res);
			return true;
		default:
			return false;
	}
}

/* PUBSUB NUMSUB (any case): channel => count */
static bool rcp_pr_pubsub(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *sub = rcp_rv_arg(args, 0);

	if (!sub || !rcp_rv_arg_ieq(sub, "NUMSUB") || Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	return rcp_rv_pairs(Z_ARRVAL_P(d), res, false);
}

/* SENTINEL MASTERS / SLAVES (any case): every node -> assoc */
static bool rcp_pr_sentinel(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *sub = rcp_rv_arg(args, 0), *node;
	HashTable *r;
	zend_string *k;
	zend_ulong h;

	if (!sub || !(rcp_rv_arg_ieq(sub, "MASTERS") || rcp_rv_arg_ieq(sub, "SLAVES")) || Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	r = zend_array_dup(Z_ARRVAL_P(d));
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(d), h, k, node) {
		zval conv;
		ZVAL_DEREF(node);
		if (Z_TYPE_P(node) != IS_ARRAY || !rcp_rv_pairs(Z_ARRVAL_P(node), &conv, false)) {
			zend_array_release(r);
			return false;
		}
		if (k) {
			zend_hash_update(r, k, &conv);
		} else {
			zend_hash_index_update(r, h, &conv);
		}
	} ZEND_HASH_FOREACH_END();
	ZVAL_ARR(res, r);
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

static bool rcp_pr_hrandfield(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
static bool rcp_pr_geosearch(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

/* ---- INFO --------------------------------------------------------------------------------------- */

static const char *rcp_rv_memchr(const char *p, const char *end, char ch)
{
	return p < end ? memchr(p, ch, (size_t)(end - p)) : NULL;
}

/* trim() default character set */
static bool rcp_rv_trim_char(unsigned char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\0' || ch == '\x0B';
}

/* parseDatabaseStats: "keys=1,expires=0" -> [keys => 1, expires => 0]; false on a piece without '=' */
static bool rcp_rv_info_db(const char *s, const char *end, zval *res)
{
	HashTable *db = rcp_pa_new(4);
	const char *p = s;

	for (;;) {
		const char *comma = rcp_rv_memchr(p, end, ',');
		const char *pe = comma ? comma : end;
		const char *eq = rcp_rv_memchr(p, pe, '=');
		const char *ks = p, *ke, *ve;
		zval v;
		if (!eq) {
			zend_array_release(db);
			return false;
		}
		ke = eq;
		ve = rcp_rv_memchr(eq + 1, pe, '=');
		if (!ve) {
			ve = pe;
		}
		while (ks < ke && rcp_rv_trim_char((unsigned char)*ks)) {
			ks++;
		}
		while (ke > ks && rcp_rv_trim_char((unsigned char)ke[-1])) {
			ke--;
		}
		ZVAL_STRINGL(&v, eq + 1, (size_t)(ve - eq - 1));
		rcp_rv_set_str(db, ks, (size_t)(ke - ks), &v);
		if (!comma) {
			break;
		}
		p = comma + 1;
	}
	ZVAL_ARR(res, db);
	return true;
}

/* parseModuleRow: "module:name=x,ver=1,..." -> key x, value [ver => 1, ...]; false where PHP warns */
static bool rcp_rv_info_module(const char *row, const char *end, zval *key, zval *val)
{
	const char *c1 = rcp_rv_memchr(row, end, ':');
	const char *c2 = rcp_rv_memchr(c1 + 1, end, ':');
	const char *p = c1 + 1, *dend = c2 ? c2 : end;
	zval name, opts;
	bool have_name = false, have_opts = false;

	ZVAL_UNDEF(&name);
	ZVAL_UNDEF(&opts);
	for (;;) {
		const char *comma = rcp_rv_memchr(p, dend, ',');
		const char *pe = comma ? comma : dend;
		const char *eq = rcp_rv_memchr(p, pe, '=');
		const char *ve;
		zval v;
		if (!eq) {
			goto fail;
		}
		ve = rcp_rv_memchr(eq + 1, pe, '=');
		if (!ve) {
			ve = pe;
		}
		ZVAL_STRINGL(&v, eq + 1, (size_t)(ve - eq - 1));
		if (eq - p == 4 && memcmp(p, "name", 4) == 0) {
			zval_ptr_dtor(&name);
			ZVAL_COPY_VALUE(&name, &v);
			have_name = true;
		} else {
			if (!have_opts) {
				array_init(&opts);
				have_opts = true;
			}
			rcp_rv_set_str(Z_ARRVAL(opts), p, (size_t)(eq - p), &v);
		}
		if (!comma) {
			break;
		}
		p = comma + 1;
	}
	if (!have_name || !have_opts) {
		goto fail;
	}
	ZVAL_COPY_VALUE(key, &name);
	ZVAL_COPY_VALUE(val, &opts);
	return true;
fail:
	zval_ptr_dtor(&name);
	zval_ptr_dtor(&opts);
	return false;
}

/* parseRow for a row containing ':' into table t; false where PHP warns */
static bool rcp_rv_info_row(HashTable *t, const char *row, const char *end)
{
	const char *colon = rcp_rv_memchr(row, end, ':');
	zval v;

	if ((size_t)(end - row) >= 11 && memcmp(row, "module:name", 11) == 0) {
		zval k;
		if (!rcp_rv_info_module(row, end, &k, &v)) {
			return false;
		}
		zend_symtable_update(t, Z_STR(k), &v);
		zval_ptr_dtor(&k);
		return true;
	}
	/* /^db\d+$/ */
	if (colon - row > 2 && row[0] == 'd' && row[1] == 'b') {
		const char *q = row + 2;
		while (q < colon && *q >= '0' && *q <= '9') {
			q++;
		}
		if (q == colon) {
			if (!rcp_rv_info_db(colon + 1, end, &v)) {
				return false;
			}
			rcp_rv_set_str(t, row, (size_t)(colon - row), &v);
			return true;
		}
	}
	ZVAL_STRINGL(&v, colon + 1, (size_t)(end - colon - 1));
	rcp_rv_set_str(t, row, (size_t)(colon - row), &v);
	return true;
}

static bool rcp_rv_info(const char *s, size_t len, zval *res)
{
	const char *p = s, *end = s + len;
	HashTable *info = rcp_pa_new(16);
	zval *current = NULL;
	bool newfmt = len > 0 && s[0] == '#';

	for (;;) {
		/* preg_split('/\r?\n/') */
		const char *nl = rcp_rv_memchr(p, end, '\n');
		const char *le = nl ? nl : end;
		if (nl && le > p && le[-1] == '\r') {
			le--;
		}
		if (le > p) {
			if (newfmt && le - p >= 3 && p[0] == '#' && p[1] == ' ') {
				/* /^# (.+)$/: a new (or reset) section */
				zval sec;
				array_init(&sec);
				current = zend_symtable_str_update(info, p + 2, (size_t)(le - p - 2), &sec);
			} else if (rcp_rv_memchr(p, le, ':')) {
				if (!newfmt) {
					if (!rcp_rv_info_row(info, p, le)) {
						goto fail;
					}
				} else if (current) {
					if (!rcp_rv_info_row(Z_ARRVAL_P(current), p, le)) {
						goto fail;
					}
				} else {
					/* before any section: Predis writes into a detached array (lost); still warns alike */
					HashTable *tmp = rcp_pa_new(1);
					bool ok = rcp_rv_info_row(tmp, p, le);
					zend_array_release(tmp);
					if (!ok) {
						goto fail;
					}
				}
			}
		}
		if (!nl) {
			break;
		}
		p = nl + 1;
	}
	ZVAL_ARR(res, info);
	return true;
fail:
	zend_array_release(info);
	return false;
}

static bool rcp_pr_info(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	if (!zend_is_true(d)) {
		if (Z_TYPE_P(d) == IS_ARRAY || Z_TYPE_P(d) == IS_STRING || Z_TYPE_P(d) == IS_NULL
			|| Z_TYPE_P(d) == IS_FALSE || Z_TYPE_P(d) == IS_LONG || Z_TYPE_P(d) == IS_DOUBLE) {
			ZVAL_EMPTY_ARRAY(res);
			return true;
		}
		return false;
	}
	switch (Z_TYPE_P(d)) {
		case IS_STRING:
			return rcp_rv_info(Z_STRVAL_P(d), Z_STRLEN_P(d), res);
		case IS_LONG:
		case IS_DOUBLE:
		case IS_TRUE:
			/* a number has no ':' */
			ZVAL_EMPTY_ARRAY(res);
			return true;
		default:
			return false;
	}
}

/* ---- replies of the commands Predis 3.7 added ------------------------------------------------------ */

/* VADD, VREM, VSETATTR: (bool) $data */
static bool rcp_pr_bool(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	ZVAL_BOOL(res, zend_is_true(d));
	return true;
}

/* ARINFO, VINFO: a list -> arrayToDictionary() (nested lists too); a map (Relay) stays */
static bool rcp_pr_dict_list(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	return Z_TYPE_P(d) == IS_ARRAY && zend_array_is_list(Z_ARRVAL_P(d)) && rcp_rv_dict(Z_ARRVAL_P(d), true, false, res);
}

/* array_map($fn, $d) over an array reply (keys kept); false where the reply is not an array or fn fails
 * (PHP would warn or throw) */
static bool rcp_rv_map(zval *d, bool (*fn)(zval *v, zval *out), zval *res)
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

/* VEMB: array_map('floatval'); with RAW (sent as a 3rd argument) the first two elements (the quantization
 * and the blob) stay as they are */
static bool rcp_pr_vemb(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
static bool rcp_pr_vgetattr(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
static bool rcp_pr_vlinks(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	bool ws = given ? rcp_pv_is_true(rcp_pa_last(given)) : rcp_pv_eq_lit(rcp_pa_last(args), "WITHSCORES");

	return ws && rcp_rv_map(d, rcp_rv_scores_level, res);
}

/* VSIM: WITHSCORES sent right after the query (ELE|FP32 x, or VALUES n x1..xn): [element => (float) score] */
static bool rcp_pr_vsim(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
	if (!rcp_pv_eq_lit(rcp_rv_arg(args, at), "WITHSCORES") || Z_TYPE_P(d) != IS_ARRAY || !zend_array_is_list(Z_ARRVAL_P(d))) {
		return false;
	}
	return rcp_rv_dict(Z_ARRVAL_P(d), true, true, res);
}

/* one HOTKEYS element: arrayToDictionary($item, null, false) */
static bool rcp_rv_flat_dict_of(zval *v, zval *out)
{
	return Z_TYPE_P(v) == IS_ARRAY && rcp_rv_dict(Z_ARRVAL_P(v), false, false, out);
}

static bool rcp_pr_hotkeys(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

static bool rcp_pr_increx(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	return rcp_rv_map(d, rcp_rv_number, res);
}

/* ================================================================================================== */
/* The table                                                                                            */
/* ================================================================================================== */

#define CMD(lc, uc, a, r) {lc, uc, a, r, 0, 0, 0, NULL, NULL, 0}
#define CMDP(lc, uc, a, r, p1, p2, p3) {lc, uc, a, r, p1, p2, p3, NULL, NULL, 0}
/* a builder (b_*) run by rcp_pb_run(), with its optional-argument list and parameters */
#define CMDB(lc, uc, b, o, p1, p2) {lc, uc, rcp_pb_run, NULL, p1, p2, 0, b, o, 0}
/* a reply parser, with what it reads besides the reply (RCP_PD_READS_ARGS, RCP_PD_READS_GIVEN: audited line by
 * line against the parser's code; a parser flagged 0 is called with NULL arguments) */
#define PARSE(lc, uc, r, reads) {lc, uc, NULL, r, 0, 0, 0, NULL, NULL, reads}
#define PARSEP(lc, uc, r, p1, reads) {lc, uc, NULL, r, p1, 0, 0, NULL, NULL, reads}

static const rcp_pd_row rcp_pcmds[] = {
	/* normalizeArguments */
	CMD("del", "DEL", rcp_pf_normalize, NULL),
	CMD("mget", "MGET", rcp_pf_normalize, NULL),
	CMD("pfcount", "PFCOUNT", rcp_pf_normalize, NULL),
	CMD("pfmerge", "PFMERGE", rcp_pf_normalize, NULL),
	CMD("psubscribe", "PSUBSCRIBE", rcp_pf_normalize, NULL),
	CMD("punsubscribe", "PUNSUBSCRIBE", rcp_pf_normalize, NULL),
	CMD("subscribe", "SUBSCRIBE", rcp_pf_normalize, NULL),
	CMD("unsubscribe", "UNSUBSCRIBE", rcp_pf_normalize, NULL),
	CMD("sdiff", "SDIFF", rcp_pf_normalize, NULL),
	CMD("sinter", "SINTER", rcp_pf_normalize, NULL),
	CMD("sunion", "SUNION", rcp_pf_normalize, NULL),
	CMD("touch", "TOUCH", rcp_pf_normalize, NULL),
	CMD("unlink", "UNLINK", rcp_pf_normalize, NULL),
	/* normalizeVariadic (and the *STORE set commands, same rule) */
	CMD("hdel", "HDEL", rcp_pf_variadic, NULL),
	CMD("hmget", "HMGET", rcp_pf_variadic, NULL),
	CMD("lpush", "LPUSH", rcp_pf_variadic, NULL),
	CMD("lpushx", "LPUSHX", rcp_pf_variadic, NULL),
	CMD("rpush", "RPUSH", rcp_pf_variadic, NULL),
	CMD("rpushx", "RPUSHX", rcp_pf_variadic, NULL),
	CMD("sadd", "SADD", rcp_pf_variadic, NULL),
	CMD("srem", "SREM", rcp_pf_variadic, NULL),
	CMD("pfadd", "PFADD", rcp_pf_variadic, NULL),
	CMD("xdel", "XDEL", rcp_pf_variadic, NULL),
	CMD("zrem", "ZREM", rcp_pf_variadic, NULL),
	CMD("sdiffstore", "SDIFFSTORE", rcp_pf_variadic, NULL),
	CMD("sinterstore", "SINTERSTORE", rcp_pf_variadic, NULL),
	CMD("sunionstore", "SUNIONSTORE", rcp_pf_variadic, NULL),
	CMD("geohash", "GEOHASH", rcp_pf_variadic, NULL),
	CMD("geopos", "GEOPOS", rcp_pf_variadic, NULL),
	CMD("watch", "WATCH", rcp_pf_watch, NULL),
	CMD("blpop", "BLPOP", rcp_pf_blpop, NULL),
	CMD("brpop", "BRPOP", rcp_pf_blpop, NULL),
	CMD("mset", "MSET", rcp_pf_mset, NULL),
	CMD("msetnx", "MSETNX", rcp_pf_mset, NULL),
	CMD("hmset", "HMSET", rcp_pf_hmset, NULL),
	CMD("zadd", "ZADD", rcp_pf_zadd, NULL),
	CMD("geoadd", "GEOADD", rcp_pf_geoadd, NULL),
	/* scans */
	CMDP("scan", "SCAN", rcp_pf_scan, NULL, 1, 0, 0),
	CMDP("sscan", "SSCAN", rcp_pf_scan, NULL, 2, 0, 0),
	CMDP("hscan", "HSCAN", rcp_pf_scan, NULL, 2, 1, 0),
	CMDP("zscan", "ZSCAN", rcp_pf_scan, NULL, 2, 0, 0),
	/* sorted sets */
	CMDP("zrange", "ZRANGE", rcp_pf_zrange, NULL, 0, 0, 0),
	CMDP("zrevrange", "ZREVRANGE", rcp_pf_zrange, NULL, 0, 0, 0),
	CMDP("zrangebyscore", "ZRANGEBYSCORE", rcp_pf_zrange, NULL, 1, 0, 0),
	CMDP("zrevrangebyscore", "ZREVRANGEBYSCORE", rcp_pf_zrange, NULL, 1, 0, 0),
	CMDP("zrangebylex", "ZRANGEBYLEX", rcp_pf_zrange, NULL, 2, 0, 0),
	CMDP("zrevrangebylex", "ZREVRANGEBYLEX", rcp_pf_zrange, NULL, 2, 0, 0),
	CMDP("zunionstore", "ZUNIONSTORE", rcp_pf_zsetop, NULL, 1, 0, 0),
	CMDP("zinterstore", "ZINTERSTORE", rcp_pf_zsetop, NULL, 1, 0, 0),
	CMDP("zunion", "ZUNION", rcp_pf_zsetop, NULL, 0, 0, 0),
	CMDP("zinter", "ZINTER", rcp_pf_zsetop, NULL, 0, 0, 0),
	CMD("zdiff", "ZDIFF", rcp_pf_zdiff, NULL),
	CMDP("zdiffstore", "ZDIFFSTORE", rcp_pf_keys, NULL, 1, 1, 0),
	CMD("zintercard", "ZINTERCARD", rcp_pf_intercard, NULL),
	CMD("sintercard", "SINTERCARD", rcp_pf_intercard, NULL),
	CMDP("zmpop", "ZMPOP", rcp_pf_zmpop, NULL, 0, 0, 0),
	CMDP("bzmpop", "BZMPOP", rcp_pf_zmpop, NULL, 1, 0, 0),
	CMDP("bzpopmin", "BZPOPMIN", rcp_pf_keys, NULL, 0, 0, 0),
	CMDP("bzpopmax", "BZPOPMAX", rcp_pf_keys, NULL, 0, 0, 0),
	CMDP("zrandmember", "ZRANDMEMBER", rcp_pf_pop_bool, NULL, 0, 0, 0),
	CMDP("hrandfield", "HRANDFIELD", rcp_pf_pop_bool, NULL, 1, 0, 0),
	/* lists */
	CMDP("lmpop", "LMPOP", rcp_pf_lmpop, NULL, 0, 0, 0),
	CMDP("blmpop", "BLMPOP", rcp_pf_lmpop, NULL, 1, 0, 0),
	/* scripting and functions */
	CMDP("eval_ro", "EVAL_RO", rcp_pf_keys, NULL, 1, 1, 0),
	CMDP("evalsha_ro", "EVALSHA_RO", rcp_pf_keys, NULL, 1, 1, 0),
	CMDP("fcall", "FCALL", rcp_pf_keys, NULL, 1, 1, 0),
	CMD("fcall_ro", "FCALL_RO", rcp_pf_fcall_ro, NULL),
	CMD("function", "FUNCTION", rcp_pf_function, NULL),
	/* keys, strings, bits */
	CMD("copy", "COPY", rcp_pf_copy, NULL),
	CMDP("expire", "EXPIRE", rcp_pf_last_enum, NULL, 0, 0, 0),
	CMDP("expireat", "EXPIREAT", rcp_pf_last_enum, NULL, 0, 0, 0),
	CMDP("bitcount", "BITCOUNT", rcp_pf_last_enum, NULL, 1, 0, 0),
	CMDP("bitpos", "BITPOS", rcp_pf_last_enum, NULL, 1, 0, 0),
	CMD("set", "SET", rcp_pf_set, NULL),
	CMD("getex", "GETEX", rcp_pf_getex, NULL),
	CMD("lcs", "LCS", rcp_pf_lcs, NULL),
	CMD("sort", "SORT", rcp_pf_sort, NULL),
	CMD("sort_ro", "SORT_RO", rcp_pf_sort_ro, NULL),
	CMD("bitop", "BITOP", rcp_pf_bitop, NULL),
	CMD("bitfield_ro", "BITFIELD_RO", rcp_pf_bitfield_ro, NULL),
	CMD("migrate", "MIGRATE", rcp_pf_migrate, NULL),
	/* geo */
	CMD("georadius", "GEORADIUS", rcp_pf_georadius, NULL),
	CMD("georadiusbymember", "GEORADIUSBYMEMBER", rcp_pf_georadius, NULL),
	CMD("geosearch", "GEOSEARCH", rcp_pf_geosearch, NULL),
	CMD("geosearchstore", "GEOSEARCHSTORE", rcp_pf_geosearchstore, NULL),
	/* server */
	CMD("client", "CLIENT", rcp_pf_client, NULL),
	CMD("failover", "FAILOVER", rcp_pf_failover, NULL),
	CMD("shutdown", "SHUTDOWN", rcp_pf_shutdown, NULL),
	CMD("slaveof", "SLAVEOF", rcp_pf_slaveof, NULL),
	/* streams */
	CMD("xadd", "XADD", rcp_pf_xadd, NULL),
	CMD("xtrim", "XTRIM", rcp_pf_xtrim, NULL),
	CMD("xrange", "XRANGE", rcp_pf_xrange, NULL),
	CMD("xrevrange", "XREVRANGE", rcp_pf_xrange, NULL),
	CMD("xread", "XREAD", rcp_pf_xread, NULL),
	CMD("xread_v4", "XREAD", rcp_pf_xread_v4, NULL),
	CMD("xreadgroup", "XREADGROUP", rcp_pf_xreadgroup, NULL),
	CMD("xreadgroup_claim", "XREADGROUP", rcp_pf_xreadgroup_claim, NULL),
	CMD("xautoclaim", "XAUTOCLAIM", rcp_pf_xautoclaim, NULL),
	CMD("xclaim", "XCLAIM", rcp_pf_xclaim, NULL),
	CMD("xgroup", "XGROUP", rcp_pf_xgroup, NULL),
	CMD("xinfo", "XINFO", rcp_pf_xinfo, NULL),
	CMD("xpending", "XPENDING", rcp_pf_xpending, NULL),
	CMD("xsetid", "XSETID", rcp_pf_xsetid, NULL),
	/* added by Predis 3.7 (Redis 7.2 - 8.x and newer) -------------------------------------------- */
	/* hash field expiry */
	CMDB("hexpire", "HEXPIRE", rcp_pb_hexpire, NULL, 0, 0),
	CMDB("hexpireat", "HEXPIREAT", rcp_pb_hexpire, NULL, 0, 0),
	CMDB("hpexpire", "HPEXPIRE", rcp_pb_hexpire, NULL, 0, 0),
	CMDB("hpexpireat", "HPEXPIREAT", rcp_pb_hexpire, NULL, 0, 0),
	CMDB("httl", "HTTL", rcp_pb_fields, NULL, 0, 0),
	CMDB("hpttl", "HPTTL", rcp_pb_fields, NULL, 0, 0),
	CMDB("hexpiretime", "HEXPIRETIME", rcp_pb_fields, NULL, 0, 0),
	CMDB("hpexpiretime", "HPEXPIRETIME", rcp_pb_fields, NULL, 0, 0),
	CMDB("hpersist", "HPERSIST", rcp_pb_fields, NULL, 0, 0),
	CMDB("hgetdel", "HGETDEL", rcp_pb_fields, NULL, 0, 0),
	CMDB("hgetex", "HGETEX", rcp_pb_hgetex, NULL, 0, 0),
	CMDB("hsetex", "HSETEX", rcp_pb_hsetex, NULL, 0, 0),
	CMDB("himport", "HIMPORT", rcp_pb_himport, NULL, 0, 0),
	/* strings, keys, lists, sets, sorted sets */
	CMDB("msetex", "MSETEX", rcp_pb_msetex, NULL, 0, 0),
	CMDB("increx", "INCREX", rcp_pb_increx, NULL, 0, 0),
	CMDB("lmovem", "LMOVEM", rcp_pb_lmovem, NULL, 4, 0),
	CMDB("blmovem", "BLMOVEM", rcp_pb_lmovem, NULL, 5, 0),
	CMD("sdiffcard", "SDIFFCARD", rcp_pf_intercard, NULL),
	CMD("sunioncard", "SUNIONCARD", rcp_pf_sunioncard, NULL),
	CMD("zrangestore", "ZRANGESTORE", rcp_pf_zrangestore, NULL),
	/* streams */
	CMDB("xackdel", "XACKDEL", rcp_pb_ids, NULL, 2, 0),
	CMDB("xdelex", "XDELEX", rcp_pb_ids, NULL, 1, 0),
	CMDB("xnack", "XNACK", rcp_pb_ids, o_xnack, 2, 1),
	CMDB("xcfgset", "XCFGSET", rcp_pb_head_opts, o_xcfgset, 1, 0),
	/* server */
	CMDB("hotkeys", "HOTKEYS", rcp_pb_hotkeys, NULL, 0, 0),
	CMDB("bless", "BLESS", rcp_pb_bless, NULL, 0, 0),
	/* arrays (AR*) */
	CMD("ardel", "ARDEL", rcp_pf_variadic, NULL),
	CMD("arinsert", "ARINSERT", rcp_pf_variadic, NULL),
	CMD("armget", "ARMGET", rcp_pf_variadic, NULL),
	CMDP("arring", "ARRING", rcp_pf_variadic, NULL, 2, 0, 0),
	CMDP("arset", "ARSET", rcp_pf_variadic, NULL, 2, 0, 0),
	CMD("armset", "ARMSET", rcp_pf_hmset, NULL),
	CMDB("ardelrange", "ARDELRANGE", rcp_pb_ardelrange, NULL, 0, 0),
	CMDB("argrep", "ARGREP", rcp_pb_argrep, o_argrep, 0, 0),
	CMDB("arop", "AROP", rcp_pb_arop, NULL, 0, 0),
	CMDB("arinfo", "ARINFO", rcp_pb_head_opts, o_arinfo, 1, 0),
	CMDB("arlastitems", "ARLASTITEMS", rcp_pb_head_opts, o_arlastitems, 2, 0),
	CMDB("arscan", "ARSCAN", rcp_pb_head_opts, o_arscan, 3, 0),
	/* vector sets */
	CMDB("vadd", "VADD", rcp_pb_vadd, o_vadd, 0, 0),
	CMDB("vemb", "VEMB", rcp_pb_head_opts, o_vemb, 2, 0),
	CMDB("vgetattr", "VGETATTR", rcp_pb_vlast, NULL, 0, 0),
	CMDB("vlinks", "VLINKS", rcp_pb_vlast, NULL, 1, 0),
	CMDB("vrandmember", "VRANDMEMBER", rcp_pb_vlast, NULL, 2, 0),
	CMDB("vsetattr", "VSETATTR", rcp_pb_vlast, NULL, 3, 0),
	CMDB("vsim", "VSIM", rcp_pb_vsim, o_vsim, 0, 0),
};

/* Reply parsers (a separate table: several commands have only one of the two) */
static const rcp_pd_row rcp_rcmds[] = {
	PARSE("hgetall", "HGETALL", rcp_pr_assoc, 0),
	PARSE("config", "CONFIG", rcp_pr_assoc, 0),
	PARSE("zpopmin", "ZPOPMIN", rcp_pr_zpop, 0),
	PARSE("zpopmax", "ZPOPMAX", rcp_pr_zpop, 0),
	PARSEP("zrange", "ZRANGE", rcp_pr_zrange, 0, RCP_PD_READS_ARGS),
	PARSEP("zrevrange", "ZREVRANGE", rcp_pr_zrange, 0, RCP_PD_READS_ARGS),
	PARSEP("zrangebyscore", "ZRANGEBYSCORE", rcp_pr_zrange, 1, RCP_PD_READS_ARGS),
	PARSEP("zrevrangebyscore", "ZREVRANGEBYSCORE", rcp_pr_zrange, 1, RCP_PD_READS_ARGS),
	PARSE("zrandmember", "ZRANDMEMBER", rcp_pr_withscores_last, RCP_PD_READS_ARGS),
	PARSE("zdiff", "ZDIFF", rcp_pr_withscores_last, RCP_PD_READS_ARGS),
	PARSE("zinter", "ZINTER", rcp_pr_withscores_last, RCP_PD_READS_ARGS),
	PARSE("zunion", "ZUNION", rcp_pr_withscores_last, RCP_PD_READS_ARGS),
	PARSEP("zscan", "ZSCAN", rcp_pr_scan, 0, 0),
	PARSEP("hscan", "HSCAN", rcp_pr_scan, 1, RCP_PD_READS_ARGS),
	PARSE("xrange", "XRANGE", rcp_pr_xrange, 0),
	PARSE("xrevrange", "XREVRANGE", rcp_pr_xrange, 0),
	PARSE("xread", "XREAD", rcp_pr_xread, 0),
	PARSE("xread_v4", "XREAD", rcp_pr_xread, 0),
	PARSE("lmpop", "LMPOP", rcp_pr_lmpop, 0),
	PARSE("blmpop", "BLMPOP", rcp_pr_lmpop, 0),
	PARSE("zmpop", "ZMPOP", rcp_pr_zmpop, 0),
	PARSE("bzmpop", "BZMPOP", rcp_pr_zmpop, 0),
	PARSE("bzpopmin", "BZPOPMIN", rcp_pr_bzpop, 0),
	PARSE("bzpopmax", "BZPOPMAX", rcp_pr_bzpop, 0),
	PARSE("lcs", "LCS", rcp_pr_lcs, 0),
	PARSE("randomkey", "RANDOMKEY", rcp_pr_randomkey, 0),
	PARSE("bgsave", "BGSAVE", rcp_pr_bgsave, 0),
	PARSE("bgrewriteaof", "BGREWRITEAOF", rcp_pr_bgrewriteaof, 0),
	PARSE("type", "TYPE", rcp_pr_type, 0),
	PARSE("xpending", "XPENDING", rcp_pr_xpending, RCP_PD_READS_ARGS),
	PARSE("xclaim", "XCLAIM", rcp_pr_xclaim, 0),
	PARSE("xinfo", "XINFO", rcp_pr_xinfo, RCP_PD_READS_ARGS),
	PARSE("slowlog", "SLOWLOG", rcp_pr_slowlog, 0),
	PARSE("client", "CLIENT", rcp_pr_client, RCP_PD_READS_ARGS),
	PARSE("pubsub", "PUBSUB", rcp_pr_pubsub, RCP_PD_READS_ARGS),
	PARSE("sentinel", "SENTINEL", rcp_pr_sentinel, RCP_PD_READS_ARGS),
	PARSE("hrandfield", "HRANDFIELD", rcp_pr_hrandfield, 0),
	PARSE("geosearch", "GEOSEARCH", rcp_pr_geosearch, 0),
	PARSE("info", "INFO", rcp_pr_info, 0),
	/* added by Predis 3.7 */
	PARSE("vadd", "VADD", rcp_pr_bool, 0),
	PARSE("vrem", "VREM", rcp_pr_bool, 0),
	PARSE("vsetattr", "VSETATTR", rcp_pr_bool, 0),
	PARSE("vemb", "VEMB", rcp_pr_vemb, RCP_PD_READS_ARGS),
	PARSE("vgetattr", "VGETATTR", rcp_pr_vgetattr, RCP_PD_READS_GIVEN),
	PARSE("vinfo", "VINFO", rcp_pr_dict_list, 0),
	PARSE("vlinks", "VLINKS", rcp_pr_vlinks, RCP_PD_READS_ARGS | RCP_PD_READS_GIVEN),
	PARSE("vsim", "VSIM", rcp_pr_vsim, RCP_PD_READS_ARGS),
	PARSE("arinfo", "ARINFO", rcp_pr_dict_list, 0),
	PARSE("hotkeys", "HOTKEYS", rcp_pr_hotkeys, 0),
	PARSE("increx", "INCREX", rcp_pr_increx, 0),
};

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* The transaction verbs (rcp_predis_cmd.tx) */
static const struct {
	const char *lc, *uc;
	rcp_predis_tx tx;
} rcp_ptx[] = {
	{"multi", "MULTI", RCP_PREDIS_TX_MULTI},
	{"exec", "EXEC", RCP_PREDIS_TX_EXEC},
	{"discard", "DISCARD", RCP_PREDIS_TX_DISCARD},
	{"watch", "WATCH", RCP_PREDIS_TX_WATCH},
	{"unwatch", "UNWATCH", RCP_PREDIS_TX_UNWATCH},
};

/*
 * Dispatch: one persistent HashTable, built in MINIT and read-only afterwards, maps a lower-case method
 * name to its rcp_predis_cmd: every top-level command of the built-in table, every method of the two
 * Predis tables, the transaction verbs. One lookup resolves a call.
 */
static HashTable rcp_ptbl;
static rcp_predis_cmd *rcp_pents;
static bool rcp_ptbl_ready;

static rcp_predis_cmd *rcp_pent_for(const char *lc, size_t len, const char *id, size_t *used)
{
	rcp_predis_cmd *e = zend_hash_str_find_ptr(&rcp_ptbl, lc, len);

	if (!e) {
		e = &rcp_pents[(*used)++];
		memset(e, 0, sizeof(*e));
		/* Predis' ID; the built-in table's entry for it (for a built-in name: that very entry) */
		e->id = id;
		e->idlen = strlen(id);
		e->builtin = rcp_cmd_builtin(id);
		zend_hash_str_add_ptr(&rcp_ptbl, lc, len, e);
	}
	return e;
}

void rcp_predis_minit(void)
{
	size_t used = 0, cap = rcp_cmd_count + NELEMS(rcp_pcmds) + NELEMS(rcp_rcmds) + NELEMS(rcp_ptx);
	char lc[RCP_PNAME_MAX];

	if (rcp_ptbl_ready) {
		return;
	}
	rcp_pents = pemalloc(sizeof(rcp_predis_cmd) * cap, 1);
	zend_hash_init(&rcp_ptbl, (uint32_t)cap, NULL, NULL, 1);
	for (size_t i = 0; i < rcp_cmd_count; i++) {
		const char *name = rcp_cmd_table[i].name;
		size_t len = strlen(name);
		if (strchr(name, '|') || len >= sizeof(lc)) {
			continue; /* a subcommand: an argument of its container */
		}
		zend_str_tolower_copy(lc, name, len);
		rcp_pent_for(lc, len, name, &used);
	}
	for (size_t i = 0; i < NELEMS(rcp_pcmds); i++) {
		rcp_pent_for(rcp_pcmds[i].lc, strlen(rcp_pcmds[i].lc), rcp_pcmds[i].uc, &used)->filter = &rcp_pcmds[i];
	}
	for (size_t i = 0; i < NELEMS(rcp_rcmds); i++) {
		rcp_predis_cmd *e = rcp_pent_for(rcp_rcmds[i].lc, strlen(rcp_rcmds[i].lc), rcp_rcmds[i].uc, &used);
		e->parser = &rcp_rcmds[i];
		e->parser_reads_args = (rcp_rcmds[i].reads & RCP_PD_READS_ARGS) != 0;
		e->parser_reads_given = (rcp_rcmds[i].reads & RCP_PD_READS_GIVEN) != 0;
	}
	for (size_t i = 0; i < NELEMS(rcp_ptx); i++) {
		rcp_pent_for(rcp_ptx[i].lc, strlen(rcp_ptx[i].lc), rcp_ptx[i].uc, &used)->tx = (uint8_t)rcp_ptx[i].tx;
	}
	rcp_ptbl_ready = true;
}

void rcp_predis_mshutdown(void)
{
	if (!rcp_ptbl_ready) {
		return;
	}
	zend_hash_destroy(&rcp_ptbl);
	pefree(rcp_pents, 1);
	rcp_pents = NULL;
	rcp_ptbl_ready = false;
}

const rcp_predis_cmd *rcp_predis_lookup(const char *lcname, size_t len)
{
	if (UNEXPECTED(!rcp_ptbl_ready)) {
		rcp_predis_minit();
	}
	return zend_hash_str_find_ptr(&rcp_ptbl, lcname, len);
}

const rcp_predis_cmd *rcp_predis_lookup_ci(const char *name, size_t len)
{
	char lc[RCP_PNAME_MAX];

	if (len >= sizeof(lc)) {
		return NULL; /* longer than any name in the table */
	}
	zend_str_tolower_copy(lc, name, len);
	return rcp_predis_lookup(lc, len);
}

zend_result rcp_predis_filter(const rcp_predis_cmd *c, HashTable *in, zval *out)
{
	if (!c || !c->filter) {
		rcp_pa_share(in, out);
		return SUCCESS;
	}
	if (c->filter->args(c->filter, in, out) == FAILURE) {
		ZVAL_UNDEF(out);
		return FAILURE;
	}
	return SUCCESS;
}

void rcp_predis_parse(const rcp_predis_cmd *c, HashTable *args, HashTable *given, zval *reply)
{
	zval *d = reply, res;

	if (!c || !c->parser) {
		return;
	}
	ZVAL_DEREF(d);
	if (Z_TYPE_P(d) == IS_OBJECT) {
		return;
	}
	/* what the parser does not read is not passed: a parser wrongly flagged as not reading it would crash
	 * in the reply corpus (tests/compat) rather than answer from nothing */
	if (c->parser->reply(c->parser, c->parser_reads_args ? args : NULL, c->parser_reads_given ? given : NULL, d,
	                     &res)) {
		zval_ptr_dtor(d);
		ZVAL_COPY_VALUE(d, &res);
	}
}

zend_result rcp_predis_args(const char *lcname, size_t len, HashTable *in, zval *out)
{
	return rcp_predis_filter(rcp_predis_lookup(lcname, len), in, out);
}

void rcp_predis_reply(const char *lcname, size_t len, HashTable *args, HashTable *given, zval *reply)
{
	rcp_predis_parse(rcp_predis_lookup(lcname, len), args, given, reply);
}

const char *rcp_predis_command_id(const char *lcname, size_t len, size_t *idlen)
{
	/* Predis sends a command's ID, upper case: so do we (a server echoes the name as sent in its "unknown
	 * command" error, which must read the same through both clients); a name the built-in table does not
	 * know is sent as called */
	const rcp_predis_cmd *c = rcp_predis_lookup(lcname, len);

	if (!c || !c->builtin) {
		return NULL;
	}
	*idlen = c->idlen;
	return c->id;
}

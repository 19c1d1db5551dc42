/*
 * replies_server.c - the reply parsers of Predis' server command classes (SLOWLOG,
 * CLIENT LIST, PUBSUB NUMSUB, SENTINEL MASTERS / SLAVES, INFO). Same rules as replies.c.
 */
#include "handlers.h"
#include "reply_values.h"

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

bool rcp_pr_slowlog(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

bool rcp_pr_client(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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
bool rcp_pr_pubsub(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
{
	zval *sub = rcp_rv_arg(args, 0);

	if (!sub || !rcp_rv_arg_ieq(sub, "NUMSUB") || Z_TYPE_P(d) != IS_ARRAY) {
		return false;
	}
	return rcp_rv_pairs(Z_ARRVAL_P(d), res, false);
}

/* SENTINEL MASTERS / SLAVES (any case): every node -> assoc */
bool rcp_pr_sentinel(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

/* ---- INFO ---------------------------------------------------------------------------------------- */

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

bool rcp_pr_info(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)
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

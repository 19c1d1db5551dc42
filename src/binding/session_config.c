/*
 * session_config.c - the session handler's configuration (see session.c, rcp_session.h): its ini settings
 * (redis_cluster_pool.session_*), session.save_path parsed into seeds and options (phpredis' query-string form),
 * and passwords kept out of sight (the masking displayer of phpinfo(), the masked copy of PS(save_path) that
 * ext/session's failure messages print). What the handler does with them, and its lock, is session.c.
 */
#include "php.h"

#ifdef HAVE_PHP_SESSION

#include <ctype.h>
#include <unistd.h>
#include "php_ini.h"
#include "zend_smart_str.h"
#include "SAPI.h"
#include "main/php_main.h"
#include "ext/standard/info.h"
#include "ext/standard/url.h"
#include "ext/session/php_session.h"
#include "ext/random/php_random.h"
#include "rcp_commands.h"
#include "rcp_exceptions.h"
#include "rcp_exec.h"
#include "rcp_options.h"
#include "rcp_reply.h"
#include "rcp_session.h"
#include "rcp_topology.h"

#include "session_int.h"

/* ---- ini settings ------------------------------------------------------------------------------ */

/*
 * Read where they are used (zend_ini lookups, a few per session start) rather than kept in module globals:
 * the values are needed once per request, and this keeps the session settings in this file.
 */
static ZEND_INI_MH(rcp_session_ini_range)
{
	zend_long min = (zend_long)(intptr_t)mh_arg1, max = (zend_long)(intptr_t)mh_arg2, v;
	char *end;

	v = ZEND_STRTOL(ZSTR_VAL(new_value), &end, 10);
	while (*end == ' ' || *end == '\t') {
		end++;
	}
	if (!ZSTR_LEN(new_value) || *end || v < min || v > max) {
		php_error_docref(NULL, E_WARNING, "%s must be an integer from " ZEND_LONG_FMT " to " ZEND_LONG_FMT
			", \"%s\" given", ZSTR_VAL(entry->name), min, max, ZSTR_VAL(new_value));
		return FAILURE;
	}
	return SUCCESS;
}

PHP_INI_BEGIN()
	/* a boolean as PHP reads one ("1", "on", "yes", "true"; anything else is off) */
	PHP_INI_ENTRY_EX("redis_cluster_pool.session_locking_enabled", "0", PHP_INI_ALL, NULL,
		zend_ini_boolean_displayer_cb)
	/* seconds; 0: max_execution_time when it is set, else 30 */
	ZEND_INI_ENTRY2("redis_cluster_pool.session_lock_expire", "0", PHP_INI_ALL, rcp_session_ini_range,
		(void *)(intptr_t)0, (void *)(intptr_t)86400)
	/* microseconds between two tries */
	ZEND_INI_ENTRY2("redis_cluster_pool.session_lock_wait_time", "20000", PHP_INI_ALL, rcp_session_ini_range,
		(void *)(intptr_t)1, (void *)(intptr_t)10000000)
	/* tries after the first one: the wait is bounded by retries x wait_time (+ a round trip each) */
	ZEND_INI_ENTRY2("redis_cluster_pool.session_lock_retries", "250", PHP_INI_ALL, rcp_session_ini_range,
		(void *)(intptr_t)0, (void *)(intptr_t)1000000)
PHP_INI_END()

zend_string *rcp_session_ini(const char *name, size_t len)
{
	zend_ini_entry *e = zend_hash_str_find_ptr(EG(ini_directives), name, len);

	return e && e->value ? e->value : ZSTR_EMPTY_ALLOC();
}

/* ---- session.save_path ------------------------------------------------------------------------- */

/*
 * A query string, as phpredis' rediscluster handler takes it:
 *     seed[]=10.0.0.1:6379&seed[]=10.0.0.2:6379&timeout=1.5&read_timeout=2&auth[user]=app&auth[pass]=...&prefix=S:
 * Names and values are URL-decoded (+ is a space, %XX a byte). Anything unknown or malformed is refused with a
 * message naming the part: by its name when the handler defines it, else by its item number; no value is echoed
 * but a seed's host.
 */

/* Free a string that may hold a secret: its bytes are zeroed first. */
static void rcp_secret_release(zend_string **s)
{
	if (*s) {
		if (GC_REFCOUNT(*s) == 1 && !ZSTR_IS_INTERNED(*s)) {
			explicit_bzero(ZSTR_VAL(*s), ZSTR_LEN(*s));
		}
		zend_string_release(*s);
		*s = NULL;
	}
}

void rcp_session_conf_free(rcp_session_conf *c)
{
	if (c->seeds) {
		efree(c->seeds);
	}
	rcp_secret_release(&c->user);
	rcp_secret_release(&c->pass);
	if (c->prefix) {
		zend_string_release(c->prefix);
	}
}

/* "1.5" -> 1500 ms; false when not a number of seconds in (0, 86400] (the constructor's bounds); *why (may be
 * NULL) then says which, without the value: "not a number" or "a number out of that range". */
static bool rcp_session_seconds(const char *v, uint64_t *ms, const char **why)
{
	char *end;
	double d;

	if (!*v) {
		if (why) {
			*why = "an empty value";
		}
		return false;
	}
	d = zend_strtod(v, (const char **)&end);
	if (*end || !(d > 0) || d > 86400) {
		if (why) {
			*why = *end ? "a value that is not a number" : "a number out of that range";
		}
		return false;
	}
	*ms = (uint64_t)(d * 1000.0 + 0.5);
	if (*ms == 0) {
		*ms = 1;
	}
	return true;
}

#define RCP_SP_FAIL(...) do { snprintf(why, whylen, __VA_ARGS__); return false; } while (0)

/* The names of save_path items, shown in messages and in the masked save_path (rcp_session_mask): the options,
 * then names the handler refuses with a hint. Any other name is never repeated (it may be a misplaced secret). */
static const char *const rcp_session_options[] = {"seed[]", "timeout", "read_timeout", "auth", "prefix", NULL};
static const char *const rcp_session_names[] = {"seed[]", "seed", "timeout", "read_timeout", "prefix", "auth",
	"auth[]", "auth[user]", "auth[pass]", "password", "persistent", "persistent_id", "failover", "distribute", NULL};

static bool rcp_session_name_known(const char *name)
{
	for (const char *const *k = rcp_session_names; *k; k++) {
		if (!strcmp(name, *k)) {
			return true;
		}
	}
	return false;
}

/* One name=value of save_path, item number item (both decoded, NUL-terminated; value_len for binary-safe
 * values). Messages repeat a name only when rcp_session_name_known(), a value never (but a seed's host, in
 * rcp_seed_parse()'s message). */
static bool rcp_session_conf_item(rcp_session_conf *c, uint32_t item, const char *name, const char *value,
                                  size_t value_len, char *why, size_t whylen)
{
	if (!strcmp(name, "seed[]") || !strcmp(name, "seed")) {
		rcp_err err;
		if (c->nseeds == RCP_SESSION_MAX_SEEDS) {
			RCP_SP_FAIL("more than %d seed[] entries (a few nodes of the cluster are enough)", RCP_SESSION_MAX_SEEDS);
		}
		if (!value_len) {
			RCP_SP_FAIL("seed[] #%u is empty (expected host:port)", c->nseeds + 1);
		}
		if (memchr(value, '@', value_len)) {
			RCP_SP_FAIL("seed[] #%u: credentials do not go in a seed; use auth[user]=...&auth[pass]=...", c->nseeds + 1);
		}
		if (memchr(value, '?', value_len)) {
			/* rcp_seed_parse() would point at the constructor's "parameters" option */
			RCP_SP_FAIL("seed[] #%u: options do not go in a seed; they are save_path items (timeout=...)", c->nseeds + 1);
		}
		if (rcp_seed_parse(value, value_len, &c->seeds[c->nseeds], &err) != RCP_OK) {
			RCP_SP_FAIL("seed[] #%u: %s", c->nseeds + 1, err.msg);
		}
		c->nseeds++;
	} else if (!strcmp(name, "timeout") || !strcmp(name, "read_timeout")) {
		bool connect = name[0] == 't';
		uint64_t *ms = connect ? &c->connect_ms : &c->rw_ms;
		const char *bad;
		if (*ms) {
			RCP_SP_FAIL("%s is given twice", name);
		}
		if (!rcp_session_seconds(value, ms, &bad)) {
			RCP_SP_FAIL("%s must be a number of seconds > 0 and <= 86400, %s given", name, bad);
		}
	} else if (!strcmp(name, "prefix")) {
		if (c->prefix) {
			RCP_SP_FAIL("prefix is given twice");
		}
		if (value_len > RCP_SESSION_PREFIX_MAX) {
			RCP_SP_FAIL("prefix is longer than %d bytes", RCP_SESSION_PREFIX_MAX);
		}
		if (memchr(value, '{', value_len) || memchr(value, '}', value_len)) {
			RCP_SP_FAIL("prefix must not contain { or }: the handler puts the session id in braces (a hash tag), "
				"so that a session and its lock share a slot");
		}
		c->prefix = zend_string_init(value, value_len, 0);
	} else if (!strcmp(name, "auth") || !strcmp(name, "auth[]") || !strncmp(name, "auth[", 5)) {
		int form = !strcmp(name, "auth") ? RCP_AUTH_STRING : !strcmp(name, "auth[]") ? RCP_AUTH_LIST : RCP_AUTH_NAMED;
		zend_string **dst;
		if (form == RCP_AUTH_NAMED && strcmp(name, "auth[user]") && strcmp(name, "auth[pass]")) {
			RCP_SP_FAIL("item #%u: unknown auth entry (an unknown name is not repeated: it could be a misplaced "
				"secret); use auth=PASSWORD, auth[]=USER&auth[]=PASSWORD, or auth[user]=USER&auth[pass]=PASSWORD", item);
		}
		if (c->auth_form != RCP_AUTH_NONE && (c->auth_form != form || form == RCP_AUTH_STRING)) {
			RCP_SP_FAIL("auth is given more than once (use one of auth=PASSWORD, auth[]=USER&auth[]=PASSWORD, "
				"auth[user]=USER&auth[pass]=PASSWORD)");
		}
		c->auth_form = form;
		if (form == RCP_AUTH_LIST) {
			/* phpredis: one element is the password, two are user then password */
			if (c->auth_list == 2) {
				RCP_SP_FAIL("auth[] has more than two entries (expected auth[]=USER&auth[]=PASSWORD)");
			}
			if (c->auth_list++ == 1) {
				c->user = c->pass;
				c->pass = NULL;
			}
			dst = &c->pass;
		} else {
			dst = form == RCP_AUTH_NAMED && name[5] == 'u' ? &c->user : &c->pass;
			if (*dst) {
				RCP_SP_FAIL("%s is given twice", name);
			}
		}
		if (!value_len) {
			RCP_SP_FAIL("%s is empty", dst == &c->user ? "the auth user name" : "the auth password");
		}
		*dst = zend_string_init(value, value_len, 0);
	} else if (!strcmp(name, "password")) {
		RCP_SP_FAIL("password is not a save_path option: write auth=PASSWORD, or auth[user]=USER&auth[pass]=PASSWORD");
	} else if (!strcmp(name, "persistent") || !strcmp(name, "persistent_id")) {
		RCP_SP_FAIL("%s is a phpredis option: this handler always uses the worker's pooled connections (remove it)", name);
	} else if (!strcmp(name, "failover") || !strcmp(name, "distribute")) {
		RCP_SP_FAIL("%s is a phpredis option: sessions are always read and written on the slot's primary (remove it)", name);
	} else if (!strncmp(name, "stream[", 7)) {
		RCP_SP_FAIL("item #%u: stream settings (stream[...]) are not supported in session.save_path; for TLS write the "
			"seeds as tls://host:port (verification on, the CA from redis_cluster_pool.tls_cafile)", item);
	} else {
		rcp_err err;
		rcp_err_unknown_key(&err, "unknown option in item", item, name, strlen(name), rcp_session_options);
		RCP_SP_FAIL("%s", err.msg);
	}
	return true;
}

/*
 * Parse save_path into c (zeroed by the caller; free with rcp_session_conf_free() in every case). False with
 * a message in why. The decoded text is kept in a scratch copy zeroed before it is freed (it holds the
 * password).
 */
bool rcp_session_conf_parse(const char *path, rcp_session_conf *c, char *why, size_t whylen)
{
	size_t len = strlen(path);
	char *buf, *p, *end;
	uint32_t item = 0;
	bool ok = true;

	c->seeds = safe_emalloc(RCP_SESSION_MAX_SEEDS, sizeof(rcp_seed), 0);
	if (!len) {
		RCP_SP_FAIL("it is empty; it must name seed nodes of the cluster, e.g. "
			"seed[]=10.0.0.1:6379&seed[]=10.0.0.2:6379");
	}
	buf = estrndup(path, len);
	for (p = buf, end = buf + len; ok && p < end; ) {
		char *amp = memchr(p, '&', (size_t)(end - p)), *stop = amp ? amp : end, *eq, *s = p, *e = stop;
		size_t nlen;

		p = stop + 1;
		item++;
		while (s < e && strchr(" \t\r\n", *s)) {
			s++;
		}
		while (e > s && strchr(" \t\r\n", e[-1])) {
			e--;
		}
		if (s == e) {
			continue;
		}
		*e = '\0';
		if (!(eq = memchr(s, '=', (size_t)(e - s)))) {
			/* not echoed: a value pasted without its name would be shown */
			snprintf(why, whylen, "item #%u has no \"=\" (expected name=value, items separated by &)", item);
			ok = false;
			break;
		}
		*eq = '\0';
		nlen = php_url_decode(s, (size_t)(eq - s));
		s[nlen] = '\0';
		if (memchr(s, '\0', nlen)) {
			snprintf(why, whylen, "item #%u: its name contains a NUL byte", item);
			ok = false;
			break;
		}
		{
			size_t vlen = php_url_decode(eq + 1, (size_t)(e - eq - 1));
			eq[1 + vlen] = '\0';
			ok = rcp_session_conf_item(c, item, s, eq + 1, vlen, why, whylen);
		}
	}
	explicit_bzero(buf, len);
	efree(buf);
	if (!ok) {
		return false;
	}
	if (!c->nseeds) {
		RCP_SP_FAIL("no seed: name one or more nodes of the cluster, e.g. seed[]=10.0.0.1:6379&seed[]=10.0.0.2:6379");
	}
	if (c->user && !c->pass) {
		RCP_SP_FAIL("auth[user] needs auth[pass] as well");
	}
	return true;
}

/* ---- passwords out of sight -------------------------------------------------------------------- */

/* Whether the value of the save_path item named name (decoded, known) may be shown: configuration the handler
 * accepted as such (raw: as written; it is decoded here). */
static bool rcp_session_value_shown(const char *name, const char *raw, size_t len)
{
	bool seed = !strcmp(name, "seed[]") || !strcmp(name, "seed"), shown = false;
	char *v;
	size_t n;

	if (!seed && strcmp(name, "timeout") && strcmp(name, "read_timeout")) {
		return !strcmp(name, "auth[user]"); /* a user name, as poolStats() shows it; never a password */
	}
	v = estrndup(raw, len);
	n = php_url_decode(v, len);
	while (n && strchr(" \t\r\n", v[n - 1])) {
		v[--n] = '\0';
	}
	if (seed) {
		rcp_seed parsed;
		rcp_err err;
		shown = !memchr(v, '@', n) && !memchr(v, '?', n) && rcp_seed_parse(v, n, &parsed, &err) == RCP_OK;
	} else {
		uint64_t ms;
		shown = rcp_session_seconds(v, &ms, NULL);
	}
	explicit_bzero(v, len);
	efree(v);
	return shown;
}

/*
 * save_path as it may be shown (PHP's "(path: ...)" after a failure, phpinfo()), or NULL when it may be shown as it
 * is. The rule of the constructor's messages (include/rcp_errors.h): a name is shown only when the handler defines
 * it (rcp_session_name_known()), a value only when the handler accepts it and it is configuration by nature (a seed
 * that parses, without credentials or options; a valid timeout or read_timeout; the auth user name); anything
 * else becomes *** (a password, a prefix, an unknown name and its value, an item without "=": a value pasted
 * alone). An empty value stays empty. A path without any "=" is left alone (the files handler's directory) unless
 * ours (this handler just failed on it): then it is *** whole.
 */
static zend_string *rcp_session_mask(const char *path, size_t len, bool ours)
{
	smart_str out = {0};
	const char *p = path, *end = path + len;
	bool masked = false;

	if (!memchr(path, '=', len)) {
		return ours && len ? zend_string_init("***", 3, 0) : NULL;
	}
	while (p <= end) {
		const char *amp = memchr(p, '&', (size_t)(end - p)), *stop = amp ? amp : end;
		const char *eq = memchr(p, '=', (size_t)(stop - p));

		if (!eq) {
			if (stop > p) {
				smart_str_appends(&out, "***");
				masked = true;
			}
		} else {
			/* the name as the parser reads it: without the item's leading white space, decoded */
			const char *q = p;
			char name[24];
			size_t nlen, vlen = (size_t)(stop - eq - 1);
			bool name_shown = false, value_shown;
			while (q < eq && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n')) {
				q++;
			}
			if ((nlen = (size_t)(eq - q)) < sizeof(name)) {
				memcpy(name, q, nlen);
				nlen = php_url_decode(name, nlen);
				name[nlen] = '\0';
				name_shown = !memchr(name, '\0', nlen) && rcp_session_name_known(name);
			}
			value_shown = !vlen || (name_shown && rcp_session_value_shown(name, eq + 1, vlen));
			if (name_shown) {
				smart_str_appendl(&out, p, (size_t)(eq - p));
			} else {
				smart_str_appends(&out, "***");
			}
			smart_str_appendc(&out, '=');
			if (value_shown) {
				smart_str_appendl(&out, eq + 1, vlen);
			} else {
				smart_str_appends(&out, "***");
			}
			masked |= !name_shown || !value_shown;
		}
		if (!amp) {
			break;
		}
		smart_str_appendc(&out, '&');
		p = amp + 1;
	}
	smart_str_0(&out);
	if (!masked) {
		smart_str_free(&out);
		return NULL;
	}
	return out.s;
}

/* phpinfo() / php -i: session.save_path with its passwords masked (displayer of the session extension's
 * entry, registered in MINIT; the value itself is untouched). */
static ZEND_INI_DISP(rcp_session_path_displayer)
{
	zend_string *v = type == ZEND_INI_DISPLAY_ORIG && ini_entry->modified ? ini_entry->orig_value : ini_entry->value;
	zend_string *m;

	if (!v || !ZSTR_LEN(v)) {
		if (sapi_module.phpinfo_as_text) {
			PHPWRITE("no value", sizeof("no value") - 1);
		} else {
			PHPWRITE("<i>no value</i>", sizeof("<i>no value</i>") - 1);
		}
		return;
	}
	m = rcp_session_mask(ZSTR_VAL(v), ZSTR_LEN(v), false); /* a directory (without "=") is another handler's path */
	if (!m) {
		m = zend_string_copy(v);
	}
	if (sapi_module.phpinfo_as_text) {
		PHPWRITE(ZSTR_VAL(m), ZSTR_LEN(m));
	} else {
		php_html_puts(ZSTR_VAL(m), ZSTR_LEN(m));
	}
	zend_string_release(m);
}

/*
 * When a save handler fails, ext/session warns (or throws) "... (path: <session.save_path>)" right after it,
 * from PS(save_path); so does session_regenerate_id(). Before a failure is returned, PS(save_path) is pointed
 * at a masked copy; the next open, and the end of the request, restore it (close must not: ext/session
 * closes the handler between the failure and its message). If session.save_path is changed meanwhile,
 * PS(save_path) is the new value and only the copy is dropped. Request memory, one per thread.
 */
ZEND_TLS char *rcp_session_path_orig;
ZEND_TLS zend_string *rcp_session_path_masked;

const char *rcp_session_path_unmasked(const char *save_path)
{
	if (rcp_session_path_masked && save_path == ZSTR_VAL(rcp_session_path_masked)) {
		return rcp_session_path_orig; /* hidden after an earlier failure of this request */
	}
	return save_path;
}

void rcp_session_unhide_path(void)
{
	if (rcp_session_path_masked) {
		if (PS(save_path) == ZSTR_VAL(rcp_session_path_masked)) {
			PS(save_path) = rcp_session_path_orig;
		}
		zend_string_release(rcp_session_path_masked);
		rcp_session_path_masked = NULL;
		rcp_session_path_orig = NULL;
	}
}

void rcp_session_hide_path(void)
{
	if (!PS(save_path) || (rcp_session_path_masked && PS(save_path) == ZSTR_VAL(rcp_session_path_masked))) {
		return;
	}
	rcp_session_unhide_path();
	if ((rcp_session_path_masked = rcp_session_mask(PS(save_path), strlen(PS(save_path)), true))) {
		rcp_session_path_orig = PS(save_path);
		PS(save_path) = ZSTR_VAL(rcp_session_path_masked);
	}
}

/* ---- module hooks ------------------------------------------------------------------------------ */

void rcp_session_config_minit(int module_number)
{
	zend_register_ini_entries(ini_entries, module_number);
	zend_ini_register_displayer("session.save_path", sizeof("session.save_path") - 1, rcp_session_path_displayer);
}

void rcp_session_config_mshutdown(void)
{
	zend_ini_register_displayer("session.save_path", sizeof("session.save_path") - 1, NULL);
}

#endif /* HAVE_PHP_SESSION */

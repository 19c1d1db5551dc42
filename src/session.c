/*
 * session.c - session.save_handler = redis_cluster_pool (see rcp_session.h, README "Sessions").
 *
 * A session is one string key and, with locking, one lock key, both in the slot of the session id:
 *
 *     <prefix>{<sid>}          the serialized session, SET ... EX session.gc_maxlifetime
 *     <prefix>{<sid>}_LOCK     a random token of the request holding the lock, SET ... NX PX lock_expire
 *
 * The hash tag keeps the two on one node, so taking the lock and reading the data is one pipelined round
 * trip, and the compare-and-write / compare-and-delete scripts may touch both keys.
 *
 * The handler is a thin binding over the core, like the RedisClusterPool class: session.save_path is parsed
 * here into seeds and options, then the client is built by rcp_client_defaults() / rcp_client_attach()
 * (src/options.c) exactly as the constructor builds one, so a session and a RedisClusterPool object with the
 * same seeds and credentials share the cluster entry (the slot map in the shared segment) and this worker's
 * pooled sockets. Every command goes through rcp_exec() / rcp_exec_pipeline(); failures become warnings (the
 * session API reports failure by return value: session_start() returns false), never exceptions.
 *
 * Invariants:
 *  - The lock is ours only while lock_key is set; it is released by compare-and-delete (a Lua script), so a
 *    request never deletes a lock that expired and was taken by another request.
 *  - A write under the lock is a compare-and-write: the data is written only if the lock still holds our
 *    token, in the same script (no window between the check and the SET).
 *  - No password in any message, whatever item it was put in: the handler's messages repeat no save_path value
 *    but a seed's host, and no name it does not define; PHP's session extension prints session.save_path itself
 *    when a handler fails, so before returning a failure the handler points PS(save_path) at a copy masked by the
 *    same rule (rcp_session_mask, rcp_session_hide_path), restored at the next open and at request end;
 *    phpinfo() shows session.save_path through a masking displayer.
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
#include "rcp_errors.h"
#include "rcp_exec.h"
#include "rcp_options.h"
#include "rcp_reply.h"
#include "rcp_session.h"
#include "rcp_topology.h"

#define RCP_SESSION_DEFAULT_PREFIX "PHPREDIS_CLUSTER_SESSION:"
#define RCP_SESSION_MAX_SEEDS 64          /* as the RedisClusterPool constructor */
#define RCP_SESSION_PREFIX_MAX 256
#define RCP_SESSION_LOCK_SUFFIX "_LOCK"
#define RCP_SESSION_SID_TRIES 3           /* new ids generated before giving up on collisions, as ext/session */

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

static zend_string *rcp_session_ini(const char *name, size_t len)
{
	zend_ini_entry *e = zend_hash_str_find_ptr(EG(ini_directives), name, len);

	return e && e->value ? e->value : ZSTR_EMPTY_ALLOC();
}

/* redis_cluster_pool.<n> as an integer (validated when set) */
#define RCP_SESSION_INI_LONG(n) \
	ZEND_STRTOL(ZSTR_VAL(rcp_session_ini("redis_cluster_pool." n, sizeof("redis_cluster_pool." n) - 1)), NULL, 10)

/* ---- session.save_path ------------------------------------------------------------------------- */

/*
 * A query string, as phpredis' rediscluster handler takes it:
 *     seed[]=10.0.0.1:6379&seed[]=10.0.0.2:6379&timeout=1.5&read_timeout=2&auth[user]=app&auth[pass]=...&prefix=S:
 * Names and values are URL-decoded (+ is a space, %XX a byte). Anything unknown or malformed is refused with a
 * message naming the part: by its name when the handler defines it, else by its item number; no value is echoed
 * but a seed's host.
 */
enum { RCP_AUTH_NONE, RCP_AUTH_STRING, RCP_AUTH_LIST, RCP_AUTH_NAMED };

typedef struct {
	rcp_seed *seeds;                  /* emalloc'd, RCP_SESSION_MAX_SEEDS */
	uint32_t nseeds;
	uint64_t connect_ms, rw_ms;       /* 0: the client's default */
	zend_string *user, *pass, *prefix;
	int auth_form;                    /* RCP_AUTH_*: which of phpredis' forms auth was given in */
	uint32_t auth_list;               /* auth[] elements seen */
} rcp_session_conf;

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

static void rcp_session_conf_free(rcp_session_conf *c)
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
static bool rcp_session_conf_parse(const char *path, rcp_session_conf *c, char *why, size_t whylen)
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

static void rcp_session_unhide_path(void)
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

static void rcp_session_hide_path(void)
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

/* ---- the handler's state ----------------------------------------------------------------------- */

typedef struct {
	rcp_client client;
	zend_string *prefix;
	bool locking;                     /* session_locking_enabled when the session was opened */
	zend_string *lock_key;            /* the lock this request holds (or may hold), or NULL */
	bool lock_unsure;                 /* the exchange that took it failed: it may or may not be set */
	char token[40];                   /* its value */
	uint64_t lock_ms;                 /* its lifetime */
} rcp_session;

/* <prefix>{<sid>} or <prefix>{<sid>}_LOCK */
static zend_string *rcp_session_key(rcp_session *s, zend_string *sid, bool lock)
{
	size_t pl = ZSTR_LEN(s->prefix), sl = ZSTR_LEN(sid), xl = lock ? sizeof(RCP_SESSION_LOCK_SUFFIX) - 1 : 0;
	zend_string *k = zend_string_alloc(pl + 1 + sl + 1 + xl, 0);
	char *p = ZSTR_VAL(k);

	memcpy(p, ZSTR_VAL(s->prefix), pl);
	p += pl;
	*p++ = '{';
	memcpy(p, ZSTR_VAL(sid), sl);
	p += sl;
	*p++ = '}';
	memcpy(p, RCP_SESSION_LOCK_SUFFIX, xl);
	p[xl] = '\0';
	return k;
}

/* session.gc_maxlifetime as the TTL argument (Redis refuses EX 0: at least 1 s). */
static void rcp_session_ttl(zend_long maxlifetime, char *buf, size_t cap)
{
	snprintf(buf, cap, ZEND_LONG_FMT, maxlifetime > 0 ? maxlifetime : 1);
}

/* ---- commands ---------------------------------------------------------------------------------- */

/* argv of one command, pointing at the caller's strings. */
typedef struct {
	int argc;
	const char *argv[8];
	size_t lens[8];
} rcp_session_argv;

static void rcp_sa_add(rcp_session_argv *a, const char *s, size_t len)
{
	a->argv[a->argc] = s;
	a->lens[a->argc++] = len;
}

#define RCP_SA_LIT(a, lit) rcp_sa_add((a), (lit), sizeof(lit) - 1)
#define RCP_SA_STR(a, zs) rcp_sa_add((a), ZSTR_VAL(zs), ZSTR_LEN(zs))
#define RCP_SA_CSTR(a, cs) rcp_sa_add((a), (cs), strlen(cs))

static void rcp_session_warn_err(const char *what, const rcp_err *err)
{
	php_error_docref(NULL, E_WARNING, "redis_cluster_pool: cannot %s: %s", what,
		err->full && *err->full ? ZSTR_VAL(*err->full) : err->msg);
}

/* An error reply is a warning (what == NULL: quietly) and false; reply is then UNDEF. node: who answered,
 * or NULL when not known. */
static bool rcp_session_reply_ok(const char *what, const char *node, zval *reply)
{
	if (Z_TYPE_P(reply) == IS_OBJECT && Z_OBJCE_P(reply) == rcp_ce_error) {
		if (what) {
			php_error_docref(NULL, E_WARNING, "redis_cluster_pool: cannot %s: %s%s%s", what, node ? node : "",
				node ? " answered " : "", ZSTR_VAL(rcp_error_message(reply)));
		}
		zval_ptr_dtor(reply);
		ZVAL_UNDEF(reply);
		return false;
	}
	return true;
}

/* Run one command through the pool (routed by its key). A failure or an error reply is a warning "cannot
 * <what>: ..." (what == NULL: quietly) and false, reply then UNDEF. */
static bool rcp_session_run(rcp_session *s, const char *what, rcp_session_argv *a, zval *reply)
{
	const rcp_cmd *cmd = rcp_cmd_lookup(a->argv[0], a->lens[0], NULL, 0);
	rcp_err err;

	err.code = RCP_OK;
	err.full = NULL;
	if (rcp_exec(&s->client, cmd, a->argc, a->argv, a->lens, reply, &err) != RCP_OK) {
		zval_ptr_dtor(reply);
		ZVAL_UNDEF(reply);
		if (what) {
			rcp_session_warn_err(what, &err);
		}
		return false;
	}
	return rcp_session_reply_ok(what, s->client.last_node, reply);
}

/* Whether a reply is the integer 1 (EXISTS, and our scripts' "done"). */
static bool rcp_session_is_one(zval *reply)
{
	return Z_TYPE_P(reply) == IS_LONG && Z_LVAL_P(reply) == 1;
}

/* ---- the lock ---------------------------------------------------------------------------------- */

/*
 * The scripts run on the slot's primary with both keys declared (same hash tag). PHP calls close right after
 * write and update_timestamp (ext/session: php_session_save_current_state(), session_regenerate_id()) and
 * destroy (php_session_destroy()), so those release the lock in the same script: one round trip at the end of
 * a request. Close releases it only when nothing else did (read_and_close, session_abort(), a failed write).
 */

/* KEYS[1] lock; ARGV[1] our token. */
static const char rcp_lua_unlock[] =
	"if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/* KEYS[1] session, KEYS[2] lock; ARGV[1] token, ARGV[2] data, ARGV[3] ttl. Writes only while the lock is ours. */
static const char rcp_lua_write_unlock[] =
	"if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end "
	"redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3]) redis.call('DEL', KEYS[2]) return 1";

/* KEYS[1] session, KEYS[2] lock; ARGV[1] token, ARGV[2] ttl. The data is unchanged: extending its life is
 * harmless whoever holds the lock. */
static const char rcp_lua_expire_unlock[] =
	"redis.call('EXPIRE', KEYS[1], ARGV[2]) "
	"if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end return 1";

/* KEYS[1] session, KEYS[2] lock; ARGV[1] token. */
static const char rcp_lua_destroy_unlock[] =
	"redis.call('DEL', KEYS[1]) "
	"if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end return 1";

/* EVAL <script> <nkeys> <session key> [<lock key>] <token> [args...]: the common head. */
static void rcp_session_eval_head(rcp_session_argv *a, const char *script, bool with_session, zend_string *k,
                                  rcp_session *s)
{
	RCP_SA_LIT(a, "EVAL");
	RCP_SA_CSTR(a, script);
	if (with_session) {
		RCP_SA_LIT(a, "2");
		RCP_SA_STR(a, k);
	} else {
		RCP_SA_LIT(a, "1");
	}
	RCP_SA_STR(a, s->lock_key);
	RCP_SA_CSTR(a, s->token);
}

static void rcp_session_lock_forget(rcp_session *s)
{
	if (s->lock_key) {
		zend_string_release(s->lock_key);
		s->lock_key = NULL;
	}
	s->lock_unsure = false;
}

/* After a script that releases the lock when it is ours: ran, the lock is released or not ours any more;
 * failed (I/O), it may still be set, and close tries to release it quietly. */
static void rcp_session_lock_after(rcp_session *s, bool ran)
{
	if (ran) {
		rcp_session_lock_forget(s);
	} else if (s->lock_key) {
		s->lock_unsure = true;
	}
}

/* A token no other request of any worker or host will use: 128 random bits. */
static void rcp_session_new_token(rcp_session *s)
{
	unsigned char b[16];
	static const char hex[] = "0123456789abcdef";

	if (php_random_bytes_silent(b, sizeof(b)) == FAILURE) {
		/* no entropy source: pid, time and a counter still tell requests apart */
		static uint64_t serial;
		snprintf(s->token, sizeof(s->token), "p%ldt%llus%llu", (long)getpid(),
			(unsigned long long)rcp_now_ms(), (unsigned long long)++serial);
		return;
	}
	for (size_t i = 0; i < sizeof(b); i++) {
		s->token[2 * i] = hex[b[i] >> 4];
		s->token[2 * i + 1] = hex[b[i] & 15];
	}
	s->token[2 * sizeof(b)] = '\0';
}

/* The lock's lifetime: session_lock_expire, else max_execution_time, else 30 s. */
static uint64_t rcp_session_lock_ms(void)
{
	zend_long v = RCP_SESSION_INI_LONG("session_lock_expire");

	if (v <= 0) {
		v = zend_ini_long("max_execution_time", sizeof("max_execution_time") - 1, 0);
	}
	return (uint64_t)(v > 0 ? v : 30) * 1000;
}

/*
 * Take the lock and read the session in one round trip (SET lock token NX PX + GET, pipelined to the slot's
 * node), trying again every session_lock_wait_time µs, at most session_lock_retries more times. On success
 * *data is the GET reply (string or null) and s->lock_key is set. False after a warning.
 */
static bool rcp_session_lock_and_read(rcp_session *s, zend_string *sid, zend_string *k, zval *data)
{
	zend_long retries = RCP_SESSION_INI_LONG("session_lock_retries");
	zend_long wait_us = RCP_SESSION_INI_LONG("session_lock_wait_time");
	zend_string *lk = rcp_session_key(s, sid, true);
	rcp_session_argv set = {0}, get = {0};
	uint64_t started = rcp_now_ms();
	char px[24];
	zend_long attempt;

	rcp_session_new_token(s);
	s->lock_ms = rcp_session_lock_ms();
	snprintf(px, sizeof(px), "%llu", (unsigned long long)s->lock_ms);
	RCP_SA_LIT(&set, "SET");
	RCP_SA_STR(&set, lk);
	RCP_SA_CSTR(&set, s->token);
	RCP_SA_LIT(&set, "NX");
	RCP_SA_LIT(&set, "PX");
	RCP_SA_CSTR(&set, px);
	RCP_SA_LIT(&get, "GET");
	RCP_SA_STR(&get, k);
	for (attempt = 0; ; attempt++) {
		rcp_pipe_cmd cmds[2];
		rcp_err err;
		bool acquired;

		cmds[0].cmd = rcp_cmd_lookup("SET", 3, NULL, 0);
		cmds[0].argc = set.argc;
		cmds[0].argv = set.argv;
		cmds[0].argvlen = set.lens;
		cmds[1].cmd = rcp_cmd_lookup("GET", 3, NULL, 0);
		cmds[1].argc = get.argc;
		cmds[1].argv = get.argv;
		cmds[1].argvlen = get.lens;
		ZVAL_UNDEF(&cmds[0].reply);
		ZVAL_UNDEF(&cmds[1].reply);
		err.code = RCP_OK;
		err.full = NULL;
		if (rcp_exec_pipeline(&s->client, cmds, 2, &err) != RCP_OK) {
			zval_ptr_dtor(&cmds[0].reply);
			zval_ptr_dtor(&cmds[1].reply);
			rcp_session_warn_err("read the session", &err);
			/* the SET may have reached the node: close tries to release it, quietly */
			s->lock_key = lk;
			s->lock_unsure = true;
			return false;
		}
		acquired = Z_TYPE(cmds[0].reply) == IS_OBJECT && Z_OBJCE(cmds[0].reply) == rcp_ce_status;
		if (!rcp_session_reply_ok("take the session lock", NULL, &cmds[0].reply)) {
			zval_ptr_dtor(&cmds[1].reply);
			zend_string_release(lk);
			return false;
		}
		zval_ptr_dtor(&cmds[0].reply);
		if (acquired) {
			s->lock_key = lk; /* released by write/close even if the read below failed */
			if (!rcp_session_reply_ok("read the session", NULL, &cmds[1].reply)) {
				return false;
			}
			ZVAL_COPY_VALUE(data, &cmds[1].reply);
			return true;
		}
		zval_ptr_dtor(&cmds[1].reply);
		if (attempt >= retries) {
			break;
		}
		usleep((unsigned int)wait_us);
	}
	zend_string_release(lk);
	php_error_docref(NULL, E_WARNING, "redis_cluster_pool: the session is locked by another request: not acquired "
		"after " ZEND_LONG_FMT " tries in %.3f s (redis_cluster_pool.session_lock_retries = " ZEND_LONG_FMT
		", session_lock_wait_time = " ZEND_LONG_FMT " us; the holder's lock expires after at most "
		"session_lock_expire)", attempt + 1, (double)(rcp_now_ms() - started) / 1000.0, retries, wait_us);
	return false;
}

/* Release the lock if it is still ours (close without a write). */
static void rcp_session_unlock(rcp_session *s)
{
	rcp_session_argv a = {0};
	zval reply;

	rcp_session_eval_head(&a, rcp_lua_unlock, false, NULL, s);
	if (rcp_session_run(s, s->lock_unsure ? NULL : "release the session lock (it expires by itself after "
	                    "session_lock_expire)", &a, &reply)) {
		zval_ptr_dtor(&reply);
	}
	rcp_session_lock_forget(s);
}

/* ---- the save handler -------------------------------------------------------------------------- */

/* Return FAILURE to ext/session, which then prints session.save_path: with its passwords masked. */
static zend_result rcp_session_failure(void)
{
	rcp_session_hide_path();
	return FAILURE;
}

static PS_CLOSE_FUNC(redis_cluster_pool);

static PS_OPEN_FUNC(redis_cluster_pool)
{
	rcp_session_conf conf = {0};
	rcp_session *s;
	char why[400];
	const char *path = save_path;

	if (rcp_session_path_masked && save_path == ZSTR_VAL(rcp_session_path_masked)) {
		path = rcp_session_path_orig; /* hidden after an earlier failure of this request */
	}
	rcp_session_unhide_path();
	if (PS_GET_MOD_DATA()) {
		ps_close_redis_cluster_pool(mod_data); /* not expected: ext/session closes before it opens again */
	}
	if (!rcp_session_conf_parse(path ? path : "", &conf, why, sizeof(why))) {
		rcp_session_conf_free(&conf);
		php_error_docref(NULL, E_WARNING, "redis_cluster_pool: session.save_path: %s", why);
		return rcp_session_failure();
	}
	s = ecalloc(1, sizeof(*s));
	rcp_client_defaults(&s->client);
	s->client.read_policy = RCP_READ_PRIMARY; /* a session reads its own writes: never from a replica */
	if (conf.connect_ms) {
		s->client.connect_timeout_ms = conf.connect_ms;
	}
	if (conf.rw_ms) {
		s->client.rw_timeout_ms = conf.rw_ms;
	}
	{
		/* tls:// (rediss://) seeds: TLS with the default settings (verification on, the ini CA) */
		rcp_tls_opts tls;
		rcp_err err = {0};

		rcp_tls_opts_init(&tls);
		if (rcp_tls_opts_resolve(&tls, conf.seeds, conf.nseeds, RCP_SCHEME_NONE, false, &err) != RCP_OK ||
		    rcp_client_attach(&s->client, conf.seeds, conf.nseeds, conf.user, conf.pass, &tls, &err) != RCP_OK) {
			rcp_session_conf_free(&conf);
			rcp_client_free(&s->client);
			efree(s);
			php_error_docref(NULL, E_WARNING, "redis_cluster_pool: session.save_path: %s", err.msg);
			return rcp_session_failure();
		}
	}
	s->prefix = conf.prefix ? conf.prefix : zend_string_init(RCP_SESSION_DEFAULT_PREFIX,
		sizeof(RCP_SESSION_DEFAULT_PREFIX) - 1, 0);
	conf.prefix = NULL;
	s->locking = zend_ini_parse_bool(rcp_session_ini("redis_cluster_pool.session_locking_enabled",
		sizeof("redis_cluster_pool.session_locking_enabled") - 1));
	rcp_session_conf_free(&conf);
	PS_SET_MOD_DATA(s);
	return SUCCESS;
}

static PS_CLOSE_FUNC(redis_cluster_pool)
{
	rcp_session *s = PS_GET_MOD_DATA();

	if (!s) {
		return SUCCESS;
	}
	if (s->lock_key) {
		rcp_session_unlock(s);
	}
	rcp_client_free(&s->client);
	zend_string_release(s->prefix);
	efree(s);
	PS_SET_MOD_DATA(NULL);
	return SUCCESS;
}

static PS_READ_FUNC(redis_cluster_pool)
{
	rcp_session *s = PS_GET_MOD_DATA();
	zend_string *k;
	zval data;
	bool ok;

	if (!s) {
		return rcp_session_failure();
	}
	if (s->lock_key) {
		rcp_session_unlock(s); /* not expected: a second read without close */
	}
	k = rcp_session_key(s, key, false);
	if (s->locking) {
		ok = rcp_session_lock_and_read(s, key, k, &data);
	} else {
		rcp_session_argv a = {0};
		RCP_SA_LIT(&a, "GET");
		RCP_SA_STR(&a, k);
		ok = rcp_session_run(s, "read the session", &a, &data);
	}
	zend_string_release(k);
	if (!ok) {
		return rcp_session_failure();
	}
	if (Z_TYPE(data) == IS_STRING) {
		*val = Z_STR(data); /* the reference moves to ext/session */
	} else {
		zval_ptr_dtor(&data);
		*val = ZSTR_EMPTY_ALLOC(); /* a new (or expired) session */
	}
	return SUCCESS;
}

/*
 * Write the session (val) with session.gc_maxlifetime as TTL, or with val NULL only extend its life
 * (update_timestamp: session.lazy_write found the data unchanged). Under the lock, the script also releases
 * it, and a write happens only while the lock is still ours; extending the life of unchanged data is
 * harmless whoever holds the lock.
 */
static zend_result rcp_session_store(rcp_session *s, zend_string *sid, zend_string *val, zend_long maxlifetime)
{
	rcp_session_argv a = {0};
	zend_string *k;
	char ttl[24];
	zval reply;
	bool ok;

	if (!s) {
		return rcp_session_failure();
	}
	k = rcp_session_key(s, sid, false);
	rcp_session_ttl(maxlifetime, ttl, sizeof(ttl));
	if (s->lock_key) {
		rcp_session_eval_head(&a, val ? rcp_lua_write_unlock : rcp_lua_expire_unlock, true, k, s);
		if (val) {
			RCP_SA_STR(&a, val);
		}
	} else {
		RCP_SA_CSTR(&a, val ? "SET" : "EXPIRE");
		RCP_SA_STR(&a, k);
		if (val) {
			RCP_SA_STR(&a, val);
			RCP_SA_LIT(&a, "EX");
		}
	}
	RCP_SA_CSTR(&a, ttl);
	ok = rcp_session_run(s, val ? "write the session" : "update the session's expiry", &a, &reply);
	zend_string_release(k);
	if (s->lock_key) {
		if (ok && val && !rcp_session_is_one(&reply)) {
			php_error_docref(NULL, E_WARNING, "redis_cluster_pool: the session was not written: this request no "
				"longer held its lock (taken for %llu s: redis_cluster_pool.session_lock_expire), so another request "
				"may have changed the session meanwhile", (unsigned long long)(s->lock_ms / 1000));
			ok = false;
		}
		rcp_session_lock_after(s, Z_TYPE(reply) == IS_LONG);
	}
	zval_ptr_dtor(&reply);
	return ok ? SUCCESS : rcp_session_failure();
}

static PS_WRITE_FUNC(redis_cluster_pool)
{
	return rcp_session_store(PS_GET_MOD_DATA(), key, val, maxlifetime);
}

static PS_DESTROY_FUNC(redis_cluster_pool)
{
	rcp_session *s = PS_GET_MOD_DATA();
	rcp_session_argv a = {0};
	zend_string *k;
	zval reply;
	bool ok;

	if (!s) {
		return rcp_session_failure();
	}
	k = rcp_session_key(s, key, false);
	if (s->lock_key) {
		rcp_session_eval_head(&a, rcp_lua_destroy_unlock, true, k, s);
	} else {
		RCP_SA_LIT(&a, "DEL");
		RCP_SA_STR(&a, k);
	}
	ok = rcp_session_run(s, "destroy the session", &a, &reply);
	zend_string_release(k);
	rcp_session_lock_after(s, ok);
	zval_ptr_dtor(&reply);
	return ok ? SUCCESS : rcp_session_failure();
}

/* Redis expires sessions by their TTL: there is nothing to collect. */
static PS_GC_FUNC(redis_cluster_pool)
{
	*nrdels = 0;
	return 0;
}

/* Whether a session exists. quiet: no warning on failure (then false). */
static bool rcp_session_exists(rcp_session *s, zend_string *sid, bool quiet, bool *failed)
{
	rcp_session_argv a = {0};
	zend_string *k = rcp_session_key(s, sid, false);
	zval reply;
	bool ok, exists = false;

	RCP_SA_LIT(&a, "EXISTS");
	RCP_SA_STR(&a, k);
	ok = rcp_session_run(s, quiet ? NULL : "check the session id", &a, &reply);
	zend_string_release(k);
	if (ok) {
		exists = rcp_session_is_one(&reply);
		zval_ptr_dtor(&reply);
	}
	*failed = !ok;
	return exists;
}

/* A new id that no session uses (checked, as ext/session's files handler does; a few tries). When the cluster
 * cannot be asked the id is returned unchecked: the read that follows reports the failure. */
static PS_CREATE_SID_FUNC(redis_cluster_pool)
{
	rcp_session *s = PS_GET_MOD_DATA();

	for (int i = 0; i < RCP_SESSION_SID_TRIES; i++) {
		zend_string *sid = php_session_create_id(mod_data);
		bool failed;

		if (!s || !sid || !rcp_session_exists(s, sid, true, &failed) || failed) {
			return sid;
		}
		zend_string_release(sid);
	}
	php_error_docref(NULL, E_WARNING, "redis_cluster_pool: cannot create a session id: %d new ids were all in use",
		RCP_SESSION_SID_TRIES);
	rcp_session_hide_path();
	return NULL;
}

/* session.use_strict_mode: an id is accepted only if its session exists. */
static PS_VALIDATE_SID_FUNC(redis_cluster_pool)
{
	rcp_session *s = PS_GET_MOD_DATA();
	bool failed;

	if (!s || !rcp_session_exists(s, key, true, &failed)) {
		return FAILURE; /* unknown (or not checkable): ext/session makes a new id, whose read reports a failure */
	}
	return SUCCESS;
}

/* session.lazy_write: the data did not change, only its life is extended. */
static PS_UPDATE_TIMESTAMP_FUNC(redis_cluster_pool)
{
	return rcp_session_store(PS_GET_MOD_DATA(), key, NULL, maxlifetime);
}

static const ps_module rcp_ps_module = {
	PS_MOD_UPDATE_TIMESTAMP(redis_cluster_pool)
};

/* ---- module hooks ------------------------------------------------------------------------------ */

void rcp_session_minit(int module_number)
{
	zend_register_ini_entries(ini_entries, module_number);
	php_session_register_module(&rcp_ps_module);
	zend_ini_register_displayer("session.save_path", sizeof("session.save_path") - 1, rcp_session_path_displayer);
}

void rcp_session_mshutdown(void)
{
	zend_ini_register_displayer("session.save_path", sizeof("session.save_path") - 1, NULL);
}

void rcp_session_rshutdown(void)
{
	if (PS(session_status) == php_session_active && PS(mod) == &rcp_ps_module) {
		zend_try {
			php_session_flush(1);
		} zend_end_try();
		if (PS(session_status) == php_session_active) {
			/* a bailout inside (memory_limit while encoding...): close it here, the lock released, rather than
			 * have ext/session call the handler after the pool's request end */
			ps_close_redis_cluster_pool(&PS(mod_data));
			PS(session_status) = php_session_none;
		}
	}
	rcp_session_unhide_path();
}

void rcp_session_minfo(void)
{
	php_info_print_table_row(2, "Session save handler", "redis_cluster_pool");
}

#else /* !HAVE_PHP_SESSION */

#include "ext/standard/info.h"
#include "rcp_session.h"

void rcp_session_minit(int module_number)
{
}

void rcp_session_mshutdown(void)
{
}

void rcp_session_rshutdown(void)
{
}

void rcp_session_minfo(void)
{
	php_info_print_table_row(2, "Session save handler", "unavailable (PHP without the session extension)");
}

#endif /* HAVE_PHP_SESSION */

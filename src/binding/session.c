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
 * (src/binding/options.c) exactly as the constructor builds one, so a session and a RedisClusterPool object with the
 * same seeds and credentials share the cluster entry (the slot map in the shared segment) and this worker's
 * pooled sockets. Every command goes through rcp_exec_argv() / rcp_exec_pipeline(); failures become warnings (the
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
#include "rcp_exceptions.h"
#include "rcp_exec.h"
#include "rcp_options.h"
#include "rcp_reply.h"
#include "rcp_session.h"
#include "rcp_topology.h"


#include "session_int.h"

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
	if (rcp_exec_argv(&s->client, cmd, a->argc, a->argv, a->lens, reply, &err) != RCP_OK) {
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
#ifdef ZTS
		uint64_t n = __atomic_add_fetch(&serial, 1, __ATOMIC_RELAXED);   /* threads of one pid */
#else
		uint64_t n = ++serial;
#endif
		snprintf(s->token, sizeof(s->token), "p%ldt%llus%llu", (long)rcp_pid(),
			(unsigned long long)rcp_now_ms(), (unsigned long long)n);
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

		/* (one key each: their routes allocate nothing, there is nothing to free) */
		rcp_route_build(&cmds[0].route, rcp_cmd_lookup("SET", 3, NULL, 0), set.argc, set.argv, set.lens);
		rcp_route_build(&cmds[1].route, rcp_cmd_lookup("GET", 3, NULL, 0), get.argc, get.argv, get.lens);
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
	const char *path = rcp_session_path_unmasked(save_path); /* hidden after an earlier failure of this request */

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
	rcp_session_config_minit(module_number);
	php_session_register_module(&rcp_ps_module);
}

void rcp_session_mshutdown(void)
{
	rcp_session_config_mshutdown();
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

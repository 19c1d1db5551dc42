/*
 * cache_module.c - the read cache's glue to the module (see rcp_cache_module.h): ini -> segment + listener at MINIT,
 * the request and shutdown hooks, and the internal test functions.
 *
 * The test functions (RedisClusterPool\Internal\cache_*) exist only when redis_cluster_pool.cache_test_hooks=1
 * (PHP_INI_SYSTEM, off by default, documented as test-only): tests/cache/ drives the core and the listener through
 * them before the cache is wired into the command path. They take a cluster "key" (any string naming a cluster
 * entry; the integration uses rcp_cluster.key) and a node "host:port".
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include <sched.h>
#include <time.h>
#include "php.h"
#include "rcp_cache_module.h"
#include "rcp_exceptions.h"
#include "rcp_options.h"

static bool rcp_cache_hooks_on;

/* ---- internal test functions -------------------------------------------------------------------------------------- */

/* The cluster entry named key, and the link of addr in it (NULL for an empty addr: untracked). Throws and returns
 * false when the cache is off or a table is full. */
static bool rcp_hook_target(zend_string *key, zend_string *addr, rcp_cache_cluster **cc, rcp_cache_link **l)
{
	if (!rcp_cache_on()) {
		rcp_throw(rcp_ce_exception, "the cache is off (redis_cluster_pool.cache_memory=0)");
		return false;
	}
	*cc = rcp_cache_cluster_get(ZSTR_VAL(key), ZSTR_LEN(key));
	if (!*cc) {
		rcp_throw(rcp_ce_exception, "the cache's cluster table is full");
		return false;
	}
	*l = NULL;
	if (addr && ZSTR_LEN(addr)) {
		*l = rcp_cache_link_get(*cc, ZSTR_VAL(addr), ZSTR_LEN(addr));
		if (!*l) {
			rcp_throw(rcp_ce_exception, "the cluster's link table is full");
			return false;
		}
	}
	return true;
}

static void rcp_hook_link_array(zval *rv, const rcp_cache_link_info *li)
{
	array_init(rv);
	add_assoc_string(rv, "addr", li->addr);
	add_assoc_string(rv, "state", rcp_cache_link_state_name(li->state));
	add_assoc_long(rv, "generation", li->generation);
	add_assoc_long(rv, "mode", li->mode);
	add_assoc_long(rv, "lag_ms", li->lag_ms);
	add_assoc_long(rv, "rtt_us", (zend_long)li->rtt_us);
	add_assoc_long(rv, "rtt_max_us", (zend_long)li->rtt_max_us);
	add_assoc_long(rv, "invalidations", (zend_long)li->invalidations);
	add_assoc_long(rv, "flushes", (zend_long)li->flushes);
	add_assoc_long(rv, "losses", (zend_long)li->losses);
	add_assoc_long(rv, "connects", (zend_long)li->connects);
	add_assoc_string(rv, "last_error", li->last_error);
}

/* ---- stats ---- */

/* poolStats()['cache'] (and the test hooks' cache_stats()): the segment's figures, the counters summed over
 * clusters, the listener, and per cluster its counters and its links (state, lag, round trip, counts, last error);
 * null when the cache is off. */
void rcp_cache_stats_zval(zval *return_value, bool keyed)
{
	rcp_cache_stats st;
	rcp_cache_listener_info li;
	zval counters, listener, clusters;
	const char *key;
	size_t keylen;
	rcp_cache_cluster *cc;

	if (!rcp_cache_stats_get(&st)) {
		ZVAL_NULL(return_value);
		return;
	}
	array_init(return_value);
	add_assoc_long(return_value, "memory", (zend_long)st.memory);
	add_assoc_long(return_value, "ring_bytes", (zend_long)st.ring_bytes);
	add_assoc_long(return_value, "ring_used", (zend_long)st.ring_used);
	add_assoc_long(return_value, "value_max", (zend_long)st.value_max);
	add_assoc_long(return_value, "entries", (zend_long)st.entries);
	add_assoc_long(return_value, "evictions", (zend_long)st.evictions);
	add_assoc_long(return_value, "seen_clears", (zend_long)st.seen_clears);
	add_assoc_long(return_value, "index_slots", st.index_slots);
	add_assoc_long(return_value, "key_sequences", st.key_sequences);
	add_assoc_long(return_value, "max_lag_ms", st.max_lag_ms);
	array_init(&counters);
	for (int c = 0; c < RCP_CS_COUNT; c++) {
		add_assoc_long(&counters, rcp_cache_counter_name((rcp_cache_counter)c), (zend_long)st.total.v[c]);
	}
	add_assoc_zval(return_value, "counters", &counters);
	rcp_cache_listener_get(&li);
	array_init(&listener);
	add_assoc_long(&listener, "pid", li.pid);
	add_assoc_long(&listener, "beat_age_ms", li.beat_ns ? (zend_long)((rcp_now_ns() - li.beat_ns) / 1000000) : -1);
	add_assoc_long(&listener, "started", (zend_long)li.started);
	add_assoc_long(&listener, "links_up", li.links_up);
	add_assoc_zval(return_value, "listener", &listener);
	array_init(&clusters);
	for (uint32_t i = 0; (cc = rcp_cache_cluster_at(i, &key, &keylen)); i++) {
		zval one, links;
		rcp_cache_link_info info;
		rcp_cache_counters cn;

		array_init(&one);
		rcp_cache_cluster_counters(cc, &cn);
		for (int c = 0; c < RCP_CS_COUNT; c++) {
			add_assoc_long(&one, rcp_cache_counter_name((rcp_cache_counter)c), (zend_long)cn.v[c]);
		}
		array_init(&links);
		for (uint32_t j = 0; rcp_cache_link_info_at(cc, j, &info); j++) {
			zval lz;
			rcp_hook_link_array(&lz, &info);
			add_assoc_zval(&links, info.addr, &lz);
		}
		add_assoc_zval(&one, "links", &links);
		/* the seeds (the key's part before the user: no secret in it) */
		add_assoc_stringl(&one, "cluster", key, strnlen(key, keylen));
		if (keyed) {
			add_assoc_zval_ex(&clusters, key, keylen, &one);
		} else {
			add_next_index_zval(&clusters, &one);
		}
	}
	add_assoc_zval(return_value, "clusters", &clusters);
}

/* cache_link(string $cluster, string $addr, array $opts = []): bool — ask the listener for the node's link (true:
 * sent). $opts: user, pass, tls (bool), ssl (parameters.ssl's keys), force (default true: past the rate limit). */
static ZEND_FUNCTION(rcp_cache_link)
{
	zend_string *key, *addr;
	HashTable *opts = NULL;
	rcp_cache_cluster *cc;
	rcp_cache_link *l;
	rcp_cache_link_cfg cfg;
	rcp_tls_opts tls;
	const char *user = NULL, *pass = NULL, *colon;
	size_t pass_len = 0;
	bool force = true;
	char host[RCP_CACHE_ADDR_MAX];
	zval *v;

	ZEND_PARSE_PARAMETERS_START(2, 3)
		Z_PARAM_STR(key)
		Z_PARAM_STR(addr)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(opts)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_hook_target(key, addr, &cc, &l)) {
		RETURN_THROWS();
	}
	colon = strrchr(ZSTR_VAL(addr), ':');
	if (!colon || (size_t)(colon - ZSTR_VAL(addr)) >= sizeof(host)) {
		zend_argument_value_error(2, "must be host:port");
		RETURN_THROWS();
	}
	memcpy(host, ZSTR_VAL(addr), (size_t)(colon - ZSTR_VAL(addr)));
	host[colon - ZSTR_VAL(addr)] = '\0';
	rcp_tls_opts_init(&tls);
	if (opts) {
		if ((v = zend_hash_str_find(opts, "user", 4)) && Z_TYPE_P(v) == IS_STRING) {
			user = Z_STRVAL_P(v);
		}
		if ((v = zend_hash_str_find(opts, "pass", 4)) && Z_TYPE_P(v) == IS_STRING) {
			pass = Z_STRVAL_P(v);
			pass_len = Z_STRLEN_P(v);
		}
		if ((v = zend_hash_str_find(opts, "tls", 3)) && zend_is_true(v)) {
			tls.enabled = true;
		}
		if ((v = zend_hash_str_find(opts, "force", 5))) {
			force = zend_is_true(v);
		}
		if ((v = zend_hash_str_find(opts, "ssl", 3)) && Z_TYPE_P(v) == IS_ARRAY) {
			rcp_err err;
			memset(&err, 0, sizeof(err));
			if (rcp_tls_opts_parse(Z_ARRVAL_P(v), &tls, &err) != RCP_OK) {
				rcp_throw_err(&err);
				RETURN_THROWS();
			}
		}
	}
	rcp_cache_link_cfg_make(&cfg, host, (uint16_t)atoi(colon + 1), user, pass, pass_len, &tls);
	RETURN_BOOL(rcp_cache_link_request(cc, l, &cfg, force));
}

/* cache_link_state(string $cluster, string $addr): array — the link's state, generation, lag, counters, error. */
static ZEND_FUNCTION(rcp_cache_link_state)
{
	zend_string *key, *addr;
	rcp_cache_cluster *cc;
	rcp_cache_link *l;
	rcp_cache_link_info li;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(key)
		Z_PARAM_STR(addr)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_hook_target(key, addr, &cc, &l)) {
		RETURN_THROWS();
	}
	for (uint32_t i = 0; rcp_cache_link_info_at(cc, i, &li); i++) {
		if (!strcmp(li.addr, ZSTR_VAL(addr))) {
			rcp_hook_link_array(return_value, &li);
			return;
		}
	}
	RETURN_NULL();
}

/* The ticket travels through PHP as a binary string (tests only). */
static void *rcp_hook_alloc(void *ctx, uint8_t type, size_t len)
{
	zend_string **out = ctx;
	(void)type;
	*out = zend_string_alloc(len, 0);
	ZSTR_VAL(*out)[len] = '\0';
	return ZSTR_VAL(*out);
}

#define RCP_HOOK_KEY_PARAMS \
	zend_string *key, *addr, *k, *sig; \
	zend_long slot, ttl = 0; \
	rcp_cache_cluster *cc; \
	rcp_cache_link *l; \
	rcp_cache_key ck

static void rcp_hook_key(rcp_cache_key *ck, zend_string *k, zend_string *sig, zend_long slot, rcp_cache_link *l,
                         zend_long ttl)
{
	memset(ck, 0, sizeof(*ck));
	ck->key = ZSTR_VAL(k);
	ck->keylen = ZSTR_LEN(k);
	ck->sig = ZSTR_VAL(sig);
	ck->siglen = ZSTR_LEN(sig);
	ck->slot = (uint16_t)slot;
	ck->link = l;
	ck->ttl_ms = (uint32_t)ttl;
}

/* cache_lookup(string $cluster, string $addr, string $key, string $sig, int $slot, int $ttl = 0): array
 * ['result' => 'hit'|'miss'|'torn', 'value' => ?string, 'fillable' => bool, 'ticket' => string] */
static ZEND_FUNCTION(rcp_cache_lookup)
{
	RCP_HOOK_KEY_PARAMS;
	rcp_cache_ticket t;
	zend_string *val = NULL;
	rcp_cache_result r;

	ZEND_PARSE_PARAMETERS_START(5, 6)
		Z_PARAM_STR(key)
		Z_PARAM_STR(addr)
		Z_PARAM_STR(k)
		Z_PARAM_STR(sig)
		Z_PARAM_LONG(slot)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(ttl)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_hook_target(key, addr, &cc, &l)) {
		RETURN_THROWS();
	}
	rcp_hook_key(&ck, k, sig, slot, l, ttl);
	r = rcp_cache_lookup(cc, &ck, &t, rcp_hook_alloc, &val);
	array_init(return_value);
	add_assoc_string(return_value, "result", r == RCP_CACHE_HIT ? "hit" : r == RCP_CACHE_TORN ? "torn" : "miss");
	if (r == RCP_CACHE_HIT) {
		add_assoc_str(return_value, "value", val);
	} else {
		if (val) {
			zend_string_release(val);
		}
		add_assoc_null(return_value, "value");
	}
	add_assoc_bool(return_value, "fillable", t.fillable);
	add_assoc_stringl(return_value, "ticket", (const char *)&t, sizeof(t));
}

/* cache_fill(string $cluster, string $addr, string $key, string $sig, int $slot, string $ticket, string $value,
 * int $ttl = 0): string — 'stored', 'race', 'unconfirmed', 'too_large', 'off' */
static ZEND_FUNCTION(rcp_cache_fill)
{
	RCP_HOOK_KEY_PARAMS;
	zend_string *ticket, *value;
	rcp_cache_ticket t;
	static const char *const names[] = {"stored", "race", "unconfirmed", "too_large", "off"};

	ZEND_PARSE_PARAMETERS_START(7, 8)
		Z_PARAM_STR(key)
		Z_PARAM_STR(addr)
		Z_PARAM_STR(k)
		Z_PARAM_STR(sig)
		Z_PARAM_LONG(slot)
		Z_PARAM_STR(ticket)
		Z_PARAM_STR(value)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(ttl)
	ZEND_PARSE_PARAMETERS_END();
	if (ZSTR_LEN(ticket) != sizeof(t)) {
		zend_argument_value_error(6, "must be a ticket from cache_lookup()");
		RETURN_THROWS();
	}
	if (!rcp_hook_target(key, addr, &cc, &l)) {
		RETURN_THROWS();
	}
	memcpy(&t, ZSTR_VAL(ticket), sizeof(t));
	rcp_hook_key(&ck, k, sig, slot, l, ttl);
	RETURN_STRING(names[rcp_cache_fill(cc, &ck, &t, 1, ZSTR_VAL(value), ZSTR_LEN(value))]);
}

/* cache_invalidate(string $cluster, string $key): void — what the exec path does after a write. */
static ZEND_FUNCTION(rcp_cache_invalidate)
{
	zend_string *key, *k;
	rcp_cache_cluster *cc;
	rcp_cache_link *l;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(key)
		Z_PARAM_STR(k)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_hook_target(key, NULL, &cc, &l)) {
		RETURN_THROWS();
	}
	rcp_cache_invalidate_key(cc, ZSTR_VAL(k), ZSTR_LEN(k));
}

/* cache_key_seq(string $cluster, string $key): int — the key's invalidation sequence. */
static ZEND_FUNCTION(rcp_cache_key_seq)
{
	zend_string *key, *k;
	rcp_cache_cluster *cc;
	rcp_cache_link *l;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(key)
		Z_PARAM_STR(k)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_hook_target(key, NULL, &cc, &l)) {
		RETURN_THROWS();
	}
	RETURN_LONG(rcp_cache_key_seq(cc, ZSTR_VAL(k), ZSTR_LEN(k)));
}

/* cache_wait_key_seq(string $cluster, string $key, int $seq, int $timeout_ms): int — hrtime(true) (the same
 * CLOCK_MONOTONIC) at which the key's sequence was first seen different from $seq, or -1 after the timeout. Polls
 * every few microseconds, yielding the CPU (the listener may share it). */
static ZEND_FUNCTION(rcp_cache_wait_key_seq)
{
	zend_string *key, *k;
	zend_long seq, timeout;
	rcp_cache_cluster *cc;
	rcp_cache_link *l;
	uint64_t end;

	ZEND_PARSE_PARAMETERS_START(4, 4)
		Z_PARAM_STR(key)
		Z_PARAM_STR(k)
		Z_PARAM_LONG(seq)
		Z_PARAM_LONG(timeout)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_hook_target(key, NULL, &cc, &l)) {
		RETURN_THROWS();
	}
	end = rcp_now_ns() + (uint64_t)timeout * 1000000ull;
	for (uint32_t spins = 0;; spins++) {
		uint64_t now = rcp_now_ns();
		if (rcp_cache_key_seq(cc, ZSTR_VAL(k), ZSTR_LEN(k)) != (uint32_t)seq) {
			RETURN_LONG((zend_long)now);
		}
		if (now > end) {
			RETURN_LONG(-1);
		}
		if (spins < 200) {
			sched_yield();
		} else {
			struct timespec ts = {0, 20000};
			nanosleep(&ts, NULL);
		}
	}
}

/* cache_flush(string $cluster): void, cache_slot_moved(string $cluster, int $slot): void */
static ZEND_FUNCTION(rcp_cache_flush)
{
	zend_string *key;
	rcp_cache_cluster *cc;
	rcp_cache_link *l;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(key)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_hook_target(key, NULL, &cc, &l)) {
		RETURN_THROWS();
	}
	rcp_cache_flush_cluster(cc);
}

static ZEND_FUNCTION(rcp_cache_slot_moved)
{
	zend_string *key;
	zend_long slot;
	rcp_cache_cluster *cc;
	rcp_cache_link *l;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(key)
		Z_PARAM_LONG(slot)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_hook_target(key, NULL, &cc, &l)) {
		RETURN_THROWS();
	}
	rcp_cache_slot_moved(cc, (uint16_t)slot);
}

/* cache_stats(): array — rcp_cache_stats_zval(), its clusters keyed by the cluster names the tests gave. */
static ZEND_FUNCTION(rcp_cache_stats)
{
	ZEND_PARSE_PARAMETERS_NONE();
	rcp_cache_stats_zval(return_value, true);
}

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_link, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, cluster, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, addr, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, opts, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_link_state, 0, 2, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(0, cluster, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, addr, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_lookup, 0, 5, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, cluster, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, addr, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, sig, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, slot, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, ttl, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_fill, 0, 7, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, cluster, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, addr, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, sig, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, slot, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, ticket, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, ttl, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_key, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, cluster, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_key_seq, 0, 2, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, cluster, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_wait_key_seq, 0, 4, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, cluster, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, seq, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, timeout_ms, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_flush, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, cluster, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_slot_moved, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, cluster, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, slot, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(rcp_arginfo_cache_stats, 0, 0, IS_ARRAY, 1)
ZEND_END_ARG_INFO()

static const zend_function_entry rcp_cache_hook_functions[] = {
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_link, ZEND_FN(rcp_cache_link), rcp_arginfo_cache_link)
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_link_state, ZEND_FN(rcp_cache_link_state), rcp_arginfo_cache_link_state)
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_lookup, ZEND_FN(rcp_cache_lookup), rcp_arginfo_cache_lookup)
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_fill, ZEND_FN(rcp_cache_fill), rcp_arginfo_cache_fill)
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_invalidate, ZEND_FN(rcp_cache_invalidate), rcp_arginfo_cache_key)
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_key_seq, ZEND_FN(rcp_cache_key_seq), rcp_arginfo_cache_key_seq)
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_wait_key_seq, ZEND_FN(rcp_cache_wait_key_seq), rcp_arginfo_cache_wait_key_seq)
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_flush, ZEND_FN(rcp_cache_flush), rcp_arginfo_cache_flush)
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_slot_moved, ZEND_FN(rcp_cache_slot_moved), rcp_arginfo_cache_slot_moved)
	ZEND_NS_NAMED_FE("RedisClusterPool\\Internal", cache_stats, ZEND_FN(rcp_cache_stats), rcp_arginfo_cache_stats)
	ZEND_FE_END
};

/* ---- module hooks -------------------------------------------------------------------------------------------------- */

void rcp_cache_minit(const char *sapi_name, zend_long bytes, zend_long clusters, zend_long max_lag_ms, zend_long admit,
                     bool test_hooks, int module_type)
{
	char err[512];

	if (bytes < 0 || max_lag_ms < 1 || max_lag_ms > 60000 || admit < 1 || admit > 2) {
		zend_error(E_CORE_WARNING, "%s (the cache is off)", bytes < 0
			? "redis_cluster_pool.cache_memory must be 0 (off) or a size such as 32M"
			: admit < 1 || admit > 2
			? "redis_cluster_pool.cache_admit must be 1 (a read's reply is stored from its first miss) or 2 (from its second)"
			: "redis_cluster_pool.cache_max_lag must be between 1 and 60000 (milliseconds)");
	} else if (bytes > 0 && (!rcp_cache_init((size_t)bytes, (uint32_t)clusters, (uint32_t)max_lag_ms, err, sizeof(err)) ||
	                         !rcp_cache_listener_minit(sapi_name, err, sizeof(err)))) {
		zend_error(E_CORE_WARNING, "%s%s (the cache is off)", strncmp(err, "redis_cluster_pool", 18) ? "redis_cluster_pool: " : "", err);
		rcp_cache_shutdown();
	}
	rcp_cache_set_admit((uint32_t)admit);
	if (test_hooks && zend_register_functions(NULL, rcp_cache_hook_functions, NULL, module_type) == SUCCESS) {
		rcp_cache_hooks_on = true;
	}
}

void rcp_cache_rinit(void)
{
	rcp_cache_listener_rinit();
}

void rcp_cache_mshutdown(void)
{
	if (rcp_cache_hooks_on) {
#ifndef ZTS
		zend_unregister_functions(rcp_cache_hook_functions, -1, NULL);
#endif
		/* (ZTS: registered in MINIT into the engine's global function table, which the engine destroys at its
		 * shutdown as it does a module's own functions; here CG(function_table) is the main thread's copy, whose
		 * entries are the global table's: deleting them there freed them before the global table's destruction
		 * freed them again: a segfault at every exit on PHP 8.4 ZTS) */
		rcp_cache_hooks_on = false;
	}
	rcp_cache_listener_mshutdown();
	rcp_cache_shutdown();
}

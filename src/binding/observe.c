/*
 * observe.c - the operators' view of the pool-wide metrics (see rcp_observe.h): RedisClusterPool::poolStats() (an
 * array) and RedisClusterPool::metrics() (Prometheus / OpenMetrics text), read from the shared segment without a
 * lock, an instance or a round trip; figures of a slot being updated meanwhile may be off by the updates in flight,
 * never torn (each is one 64-bit word). What is counted, and where, is src/core/metrics.c's.
 */
#include "php.h"
#include "zend_smart_str.h"
#include "ext/standard/info.h"
#include "rcp_count.h"
#include "rcp_reply.h"
#include "rcp_topology.h"
#include "rcp_pool.h"
#include "rcp_observe.h"
#include "rcp_cache_module.h"

#define RLOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)

/* ---- reading -------------------------------------------------------------------------------------------- */

static const char *const rcp_ns_names[RCP_NS_COUNT] = {
	"commands", "batches", "error_replies", "redirects", "timeouts", "connection_errors", "other_errors",
	"bytes_sent", "bytes_received", "latency_sum_us", "connections_opened", "connections_reused",
	"connections_closed", "discarded_broken", "discarded_closed_by_peer", "discarded_unread_reply",
	"discarded_forked", "discarded_idle", "suspect_marks", "tls_handshakes_full", "tls_handshakes_resumed",
	"tls_handshake_failures", "auth_refusals",
};

static const char *const rcp_sc_names[RCP_SC_COUNT] = {
	"topology_requests", "refreshes", "moved", "ask", "lease_takeovers", "refresh_failures", "read_retries",
	"getkeys_sent", "noscript_fallbacks", "read_auth_fallbacks",
};

/* A cluster's counter: pool-wide from its shared entry, or this worker's own for a private cluster (no shared
 * entry: the table was full or its key too long), which counts the same events in process memory. */
static uint64_t rcp_cluster_counter(rcp_shm_cluster *sc, const rcp_cluster *cc, rcp_shm_counter c)
{
	if (sc) {
		return rcp_shm_counter_get(sc, c);
	}
	switch (c) {
		case RCP_SC_CLUSTER_SLOTS: return cc->cluster_slots_sent;
		case RCP_SC_REFRESHES: return cc->refreshes;
		case RCP_SC_MOVED: return cc->moved_seen;
		case RCP_SC_ASK: return cc->ask_seen;
		case RCP_SC_REFRESH_FAILURES: return cc->refresh_failures;
		case RCP_SC_READ_RETRIES: return cc->read_retries;
		case RCP_SC_GETKEYS: return cc->getkeys_sent;
		case RCP_SC_NOSCRIPT_FALLBACKS: return cc->noscript_fallbacks;
		case RCP_SC_READ_AUTH_FALLBACKS: return cc->read_auth_fallbacks;
		default: return 0; /* lease takeovers: a private cluster has no lease */
	}
}

/* Why a cluster of this process has no shared entry. */
static const char *rcp_private_reason(const rcp_cluster *cc)
{
	return ZSTR_LEN(cc->key) > RCP_SHM_KEY_MAX ? "key_too_long" : "table_full";
}

static const char *rcp_health_name(uint8_t h)
{
	return h == RCP_HEALTH_LOADING ? "loading" : h == RCP_HEALTH_FAILED ? "fail" : "online";
}

/* A node's figures as an array. */
static void rcp_node_metrics(const rcp_shm_nodestat *ns, zval *out)
{
	zval lat, buckets;
	uint64_t count = 0;

	array_init(out);
	for (int i = 0; i < RCP_NS_COUNT; i++) {
		add_assoc_long(out, rcp_ns_names[i], (zend_long)RLOAD(&ns->v[i]));
	}
	add_assoc_long(out, "connections_open",
		(zend_long)(RLOAD(&ns->v[RCP_NS_CONN_OPENED]) - MIN(RLOAD(&ns->v[RCP_NS_CONN_OPENED]), RLOAD(&ns->v[RCP_NS_CONN_CLOSED]))));
	array_init(&buckets);
	for (int b = 0; b < RCP_LAT_BUCKETS; b++) {
		uint64_t n = RLOAD(&ns->lat[b]);
		count += n;
		if (n) {
			/* keyed by the bucket's upper bound in microseconds (the last: everything slower) */
			add_index_long(&buckets, b == RCP_LAT_BUCKETS - 1 ? -1 : (zend_long)1 << (b + 1), (zend_long)n);
		}
	}
	array_init(&lat);
	add_assoc_long(&lat, "count", (zend_long)count);
	add_assoc_long(&lat, "sum_us", (zend_long)RLOAD(&ns->v[RCP_NS_LAT_SUM_US]));
	add_assoc_zval(&lat, "buckets_us", &buckets);
	add_assoc_zval(out, "latency", &lat);
}

static const rcp_shm_nodestat *rcp_find_nodestat(const char *addr)
{
	uint32_t n;
	const rcp_shm_nodestat *all = rcp_shm_nodestats(&n);

	for (uint32_t i = 0; i < n; i++) {
		if (RLOAD(&all[i].state) == 2 && !strcmp(all[i].addr, addr)) {
			return &all[i];
		}
	}
	return NULL;
}

/* The user name in a cluster entry's key "host:port,host:port,...,\0user" (+ "\0tls" for a TLS client's), NULL
 * when none. */
static const char *rcp_key_user(const char *key, size_t keylen, size_t *ulen)
{
	const char *nul = memchr(key, '\0', keylen), *end;

	if (!nul) {
		return NULL;
	}
	end = memchr(nul + 1, '\0', keylen - (size_t)(nul - key) - 1);
	*ulen = (size_t)((end ? end : key + keylen) - nul - 1);
	return *ulen ? nul + 1 : NULL;
}

/* The cluster entry's key -> seeds and user. */
static size_t rcp_cluster_label(const char *key, size_t keylen)
{
	const char *nul = memchr(key, '\0', keylen);
	size_t n = nul ? (size_t)(nul - key) : keylen;
	return n && key[n - 1] == ',' ? n - 1 : n;
}

static void rcp_key_parts(const char *key, size_t keylen, zval *seeds, zval *user)
{
	const char *nul = memchr(key, '\0', keylen), *p = key, *end = nul ? nul : key + keylen, *u;
	size_t ulen;

	array_init(seeds);
	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *e = comma ? comma : end;
		if (e > p) {
			add_next_index_stringl(seeds, p, (size_t)(e - p));
		}
		p = e + 1;
	}
	if ((u = rcp_key_user(key, keylen, &ulen))) {
		ZVAL_STRINGL(user, u, ulen);
	} else {
		ZVAL_NULL(user);
	}
}

/* A cluster's figures: a shared entry (sc, pool-wide), or this worker's private cluster (cc, sc NULL). */
static void rcp_cluster_metrics(rcp_shm_cluster *sc, rcp_cluster *cc, const char *key, size_t keylen, zval *out)
{
	zval seeds, user, counters, cmds, nodes;
	rcp_map *map = NULL;
	uint64_t gen, now = rcp_now_ms(), last;
	uint32_t n = 0;
	const rcp_shm_cmdstat *cs = sc ? rcp_shm_cmdstats(sc, &n) : NULL;

	if (sc) {
		map = emalloc(sizeof(rcp_map));
		gen = rcp_shm_read_map(sc, map);
		last = rcp_shm_last_refresh(sc);
	} else {
		gen = cc->map ? cc->generation : 0;
		last = cc->last_refresh_ms;
	}
	array_init(out);
	rcp_key_parts(key, keylen, &seeds, &user);
	add_assoc_zval(out, "seeds", &seeds);
	add_assoc_zval(out, "user", &user);
	add_assoc_long(out, "generation", (zend_long)gen);
	add_assoc_double(out, "map_age_seconds", gen && last && now >= last ? (double)(now - last) / 1000.0 : -1.0);
	array_init(&counters);
	for (int i = 0; i < RCP_SC_COUNT; i++) {
		add_assoc_long(&counters, rcp_sc_names[i], (zend_long)rcp_cluster_counter(sc, cc, (rcp_shm_counter)i));
	}
	add_assoc_zval(out, "counters", &counters);
	array_init(&cmds);
	for (uint32_t i = 0; i < n; i++) {
		zval c;
		if (RLOAD(&cs[i].state) != 2) {
			continue;
		}
		array_init(&c);
		add_assoc_long(&c, "calls", (zend_long)RLOAD(&cs[i].calls));
		add_assoc_long(&c, "errors", (zend_long)RLOAD(&cs[i].errors));
		add_assoc_zval(&cmds, cs[i].name, &c);
	}
	add_assoc_zval(out, "commands", &cmds);
	if (!sc) {
		map = cc->map;
	}
	array_init(&nodes);
	for (uint16_t i = 0; gen && map && i < map->nnodes; i++) {
		char addr[RCP_ADDR_MAX];
		const rcp_node *nd = &map->nodes[i];
		const rcp_shm_nodestat *ns;
		zval z;

		rcp_node_addr(nd, addr, sizeof(addr));
		ns = rcp_find_nodestat(addr);
		if (ns) {
			rcp_node_metrics(ns, &z);
		} else {
			array_init(&z);
		}
		add_assoc_string(&z, "role", nd->replica ? "replica" : "primary");
		if (nd->replica && nd->primary < map->nnodes) {
			char pa[RCP_ADDR_MAX];
			rcp_node_addr(&map->nodes[nd->primary], pa, sizeof(pa));
			add_assoc_string(&z, "primary", pa);
		}
		add_assoc_string(&z, "health", rcp_health_name(nd->health));
		if (nd->zone) {
			add_assoc_string(&z, "zone", map->zones[nd->zone - 1]);
		}
		add_assoc_bool(&z, "suspect", sc && rcp_shm_is_suspect(sc, i, now));
		add_assoc_bool(&z, "auth_refused", rcp_pool_node_refused(addr, now));
		add_assoc_zval(&nodes, addr, &z);
	}
	add_assoc_zval(out, "nodes", &nodes);
	if (!sc) {
		add_assoc_string(out, "private", rcp_private_reason(cc));
	} else {
		efree(map);
	}
}

void rcp_metrics_pool_stats(zval *out)
{
	rcp_shm_info info;
	zval seg, clusters, nodes;
	rcp_shm_cluster *sc;
	const char *key;
	size_t keylen;
	uint32_t n;
	const rcp_shm_nodestat *all = rcp_shm_nodestats(&n);

	array_init(out);
	array_init(&seg);
	if (rcp_shm_get_info(&info)) {
		add_assoc_long(&seg, "size", (zend_long)info.size);
		add_assoc_long(&seg, "used", (zend_long)info.used);
		add_assoc_long(&seg, "clusters_max", info.clusters_max);
		add_assoc_long(&seg, "clusters_used", info.clusters_used);
		add_assoc_long(&seg, "clusters_full", info.clusters_full);
		add_assoc_long(&seg, "clusters_key_too_long", info.clusters_key_too_long);
	}
	add_assoc_zval(out, "segment", &seg);
	array_init(&clusters);
	for (uint32_t i = 0; (sc = rcp_shm_cluster_at(i, &key, &keylen)); i++) {
		zval c;
		rcp_cluster_metrics(sc, NULL, key, keylen, &c);
		add_next_index_zval(&clusters, &c);
	}
	add_assoc_zval(out, "clusters", &clusters);
	/* clusters without a shared entry live in their worker only: this one's, said to be this worker's */
	{
		zval worker, priv;
		rcp_cluster *cc;
		array_init(&worker);
		add_assoc_long(&worker, "pid", (zend_long)rcp_pid());
		array_init(&priv);
		for (uint32_t i = 0; (cc = rcp_cluster_nth(i)); i++) {
			zval c;
			if (cc->shared) {
				continue;
			}
			rcp_cluster_metrics(NULL, cc, ZSTR_VAL(cc->key), ZSTR_LEN(cc->key), &c);
			add_next_index_zval(&priv, &c);
		}
		add_assoc_zval(&worker, "private_clusters", &priv);
		add_assoc_zval(out, "worker", &worker);
	}
	array_init(&nodes);
	for (uint32_t i = 0; i < n; i++) {
		zval z;
		if (RLOAD(&all[i].state) != 2) {
			continue;
		}
		rcp_node_metrics(&all[i], &z);
		add_assoc_zval(&nodes, all[i].addr, &z);
	}
	add_assoc_zval(out, "nodes", &nodes);
	{
		zval cache;
		rcp_cache_stats_zval(&cache, false);
		add_assoc_zval(out, "cache", &cache);
	}
}

/* ---- Prometheus / OpenMetrics text ------------------------------------------------------------------------ */

static void rcp_prom_label(smart_str *s, const char *name, const char *v, size_t len, bool first)
{
	smart_str_appends(s, first ? "{" : ",");
	smart_str_appends(s, name);
	smart_str_appends(s, "=\"");
	for (size_t i = 0; i < len; i++) {
		if (v[i] == '\\' || v[i] == '"') {
			smart_str_appendc(s, '\\');
			smart_str_appendc(s, v[i]);
		} else if (v[i] == '\n') {
			smart_str_appends(s, "\\n");
		} else {
			smart_str_appendc(s, v[i]);
		}
	}
	smart_str_appendc(s, '"');
}

static void rcp_prom_head(smart_str *s, const char *name, const char *type, const char *help)
{
	smart_str_append_printf(s, "# HELP redis_cluster_pool_%s %s\n# TYPE redis_cluster_pool_%s %s\n", name, help, name, type);
}

/* The cluster label: its seeds, comma-separated (the entry's key without the user). */

/* A cluster entry's labels, the first ones of a sample: cluster (its seeds), user when it has one (two users of
 * one cluster are two entries), worker (its pid) for a private cluster, which only that worker knows. */
static void rcp_prom_cluster(smart_str *s, const char *key, size_t keylen, bool private_)
{
	size_t ulen;
	const char *u = rcp_key_user(key, keylen, &ulen);

	rcp_prom_label(s, "cluster", key, rcp_cluster_label(key, keylen), true);
	if (u) {
		rcp_prom_label(s, "user", u, ulen, false);
	}
	if (private_) {
		char pid[24];
		rcp_prom_label(s, "worker", pid, (size_t)snprintf(pid, sizeof(pid), "%ld", (long)rcp_pid()), false);
	}
}

static const struct { int idx; const char *name, *type, *help; } rcp_prom_node[] = {
	{RCP_NS_COMMANDS, "commands_total", "counter", "Commands sent to the node."},
	{RCP_NS_BATCHES, "batches_total", "counter", "Writes of one or more commands whose replies were awaited together."},
	{RCP_NS_BYTES_OUT, "sent_bytes_total", "counter", "Bytes of commands written to the node."},
	{RCP_NS_BYTES_IN, "received_bytes_total", "counter", "Bytes of replies read from the node."},
	{RCP_NS_CONN_OPENED, "connections_opened_total", "counter", "Connections opened to the node."},
	{RCP_NS_CONN_REUSED, "connections_reused_total", "counter", "Pooled connections taken again by a new request."},
	{RCP_NS_SUSPECT_MARKS, "suspect_marks_total", "counter", "Times the node was marked suspect after a failure."},
	{RCP_NS_TLS_FULL, "tls_handshakes_full_total", "counter", "TLS handshakes with the node done in full."},
	{RCP_NS_TLS_RESUMED, "tls_handshakes_resumed_total", "counter", "TLS handshakes with the node that resumed a session."},
	{RCP_NS_TLS_FAILED, "tls_handshake_failures_total", "counter", "TLS handshakes with the node that failed."},
	{RCP_NS_AUTH_REFUSALS, "auth_refusals_total", "counter", "Times the node refused a connection's credentials or setup (AUTH, READONLY)."},
};
static const struct { int idx; const char *kind; } rcp_prom_errors[] = {
	{RCP_NS_ERR_REPLY, "error_reply"}, {RCP_NS_ERR_REDIRECT, "redirect"}, {RCP_NS_ERR_TIMEOUT, "timeout"},
	{RCP_NS_ERR_CONNECTION, "connection"}, {RCP_NS_ERR_OTHER, "other"},
};
static const struct { int idx; const char *reason; } rcp_prom_discards[] = {
	{RCP_NS_DISC_BROKEN, "broken"}, {RCP_NS_DISC_CLOSED_BY_PEER, "closed_by_peer"},
	{RCP_NS_DISC_UNREAD, "unread_reply"}, {RCP_NS_DISC_FORKED, "forked"}, {RCP_NS_DISC_IDLE, "idle"},
};

/* One per-command family for every cluster: calls, or errors. */
static void rcp_prom_commands(smart_str *s, const char *name, const char *help, bool errors)
{
	rcp_shm_cluster *sc;
	const char *key;
	size_t keylen;
	uint32_t n;

	rcp_prom_head(s, name, "counter", help);
	for (uint32_t i = 0; (sc = rcp_shm_cluster_at(i, &key, &keylen)); i++) {
		const rcp_shm_cmdstat *cs = rcp_shm_cmdstats(sc, &n);
		for (uint32_t k = 0; k < n; k++) {
			if (RLOAD(&cs[k].state) != 2) {
				continue;
			}
			smart_str_append_printf(s, "redis_cluster_pool_%s", name);
			rcp_prom_cluster(s, key, keylen, false);
			rcp_prom_label(s, "command", cs[k].name, strlen(cs[k].name), false);
			smart_str_append_printf(s, "} %" PRIu64 "\n", errors ? RLOAD(&cs[k].errors) : RLOAD(&cs[k].calls));
		}
	}
}

/* What metrics() knows of a node from the slot maps: owner, node "host:port" -> a packed array of these. */
enum { RCP_OWNER_CLUSTER = 0, RCP_OWNER_REPLICA, RCP_OWNER_HEALTH, RCP_OWNER_SUSPECT, RCP_OWNER_AUTH_REFUSED };

/* Note in owner the nodes of map that no entry before it had. sc: the map's shared entry (its suspect marks), NULL
 * for a private cluster (no shared marks). */
static void rcp_prom_owner_add(HashTable *owner, const rcp_map *map, const char *key, size_t keylen,
                               rcp_shm_cluster *sc, uint64_t now)
{
	for (uint16_t k = 0; k < map->nnodes; k++) {
		char addr[RCP_ADDR_MAX];
		zval o;

		rcp_node_addr(&map->nodes[k], addr, sizeof(addr));
		if (zend_hash_str_exists(owner, addr, strlen(addr))) {
			continue;
		}
		array_init(&o);
		add_next_index_stringl(&o, key, rcp_cluster_label(key, keylen));
		add_next_index_long(&o, map->nodes[k].replica != 0);
		add_next_index_long(&o, map->nodes[k].health);
		add_next_index_long(&o, sc && rcp_shm_is_suspect(sc, k, now));
		add_next_index_long(&o, rcp_pool_node_refused(addr, now));
		zend_hash_str_add(owner, addr, strlen(addr), &o);
	}
}

/* A gauge family of every node in owner, from its entry's field: a state set (one sample per state, labelled
 * `label`, 1 for the node's, 0 for the others: a change moves a value, it does not start a series) when states
 * are given, else the field's value (0/1). */
static void rcp_prom_node_gauge(smart_str *s, HashTable *owner, const char *name, const char *help, int field,
                                const char *label, const char *const *states, int nstates)
{
	zend_string *addr;
	zval *o;

	rcp_prom_head(s, name, "gauge", help);
	ZEND_HASH_FOREACH_STR_KEY_VAL(owner, addr, o) {
		zval *cl = zend_hash_index_find(Z_ARRVAL_P(o), RCP_OWNER_CLUSTER);
		zend_long v = Z_LVAL_P(zend_hash_index_find(Z_ARRVAL_P(o), field));
		for (int k = 0; k < (nstates ? nstates : 1); k++) {
			smart_str_append_printf(s, "redis_cluster_pool_%s", name);
			rcp_prom_label(s, "cluster", Z_STRVAL_P(cl), Z_STRLEN_P(cl), true);
			rcp_prom_label(s, "node", ZSTR_VAL(addr), ZSTR_LEN(addr), false);
			if (nstates) {
				rcp_prom_label(s, label, states[k], strlen(states[k]), false);
			}
			smart_str_append_printf(s, "} " ZEND_LONG_FMT "\n", nstates ? (zend_long)(v == k) : v);
		}
	} ZEND_HASH_FOREACH_END();
}

/* The read cache's series (issue 23): per cluster its counters, per node its link's state and lag; the segment's
 * entries, bytes and evictions. Nothing when the cache is off. */
static void rcp_prom_cache(smart_str *s)
{
	rcp_cache_stats st;
	rcp_cache_cluster *cc;
	const char *key;
	size_t keylen;
	uint32_t i, j;

	if (!rcp_cache_stats_get(&st)) {
		return;
	}
	rcp_prom_head(s, "cache_entries", "gauge", "Read cache records in the ring (valid or not).");
	smart_str_append_printf(s, "redis_cluster_pool_cache_entries{segment=\"cache\"} %" PRIu64 "\n", st.entries);
	rcp_prom_head(s, "cache_bytes", "gauge", "Read cache ring bytes in use, of cache_ring_bytes.");
	smart_str_append_printf(s, "redis_cluster_pool_cache_bytes{segment=\"cache\"} %zu\n", st.ring_used);
	rcp_prom_head(s, "cache_ring_bytes", "gauge", "The read cache ring's size (redis_cluster_pool.cache_memory less its tables).");
	smart_str_append_printf(s, "redis_cluster_pool_cache_ring_bytes{segment=\"cache\"} %zu\n", st.ring_bytes);
	rcp_prom_head(s, "cache_evictions_total", "counter", "Read cache records overwritten to make room.");
	smart_str_append_printf(s, "redis_cluster_pool_cache_evictions_total{segment=\"cache\"} %" PRIu64 "\n", st.evictions);
	for (int c = 0; c < RCP_CS_COUNT; c++) {
		char name[80];
		snprintf(name, sizeof(name), "cache_%s_total", rcp_cache_counter_name((rcp_cache_counter)c));
		rcp_prom_head(s, name, "counter", "Read cache events of this kind, per cluster (poolStats()['cache'] says what each is).");
		for (i = 0; (cc = rcp_cache_cluster_at(i, &key, &keylen)); i++) {
			rcp_cache_counters cn;
			rcp_cache_cluster_counters(cc, &cn);
			smart_str_append_printf(s, "redis_cluster_pool_%s", name);
			rcp_prom_cluster(s, key, keylen, false);
			smart_str_append_printf(s, "} %" PRIu64 "\n", cn.v[c]);
		}
	}
	rcp_prom_head(s, "cache_link_state", "stateset", "The state of each node's invalidation link.");
	for (i = 0; (cc = rcp_cache_cluster_at(i, &key, &keylen)); i++) {
		rcp_cache_link_info li;
		for (j = 0; rcp_cache_link_info_at(cc, j, &li); j++) {
			for (int k = 0; k < RCP_LINK_STATES; k++) {
				smart_str_appends(s, "redis_cluster_pool_cache_link_state");
				rcp_prom_cluster(s, key, keylen, false);
				rcp_prom_label(s, "node", li.addr, strlen(li.addr), false);
				rcp_prom_label(s, "state", rcp_cache_link_state_name((rcp_cache_link_state)k),
					strlen(rcp_cache_link_state_name((rcp_cache_link_state)k)), false);
				smart_str_append_printf(s, "} %d\n", (int)li.state == k);
			}
		}
	}
	rcp_prom_head(s, "cache_link_lag_seconds", "gauge", "Time since each node's invalidation link was last confirmed (-1: never).");
	for (i = 0; (cc = rcp_cache_cluster_at(i, &key, &keylen)); i++) {
		rcp_cache_link_info li;
		for (j = 0; rcp_cache_link_info_at(cc, j, &li); j++) {
			smart_str_appends(s, "redis_cluster_pool_cache_link_lag_seconds");
			rcp_prom_cluster(s, key, keylen, false);
			rcp_prom_label(s, "node", li.addr, strlen(li.addr), false);
			smart_str_append_printf(s, "} %.3f\n", li.lag_ms < 0 ? -1.0 : (double)li.lag_ms / 1000.0);
		}
	}
}

zend_string *rcp_metrics_prometheus(void)
{
	smart_str s = {0};
	uint32_t n, i;
	const rcp_shm_nodestat *all = rcp_shm_nodestats(&n);
	rcp_shm_cluster *sc;
	const char *key;
	size_t keylen;

	rcp_cluster *cc;
	uint64_t now = rcp_now_ms();
	/* node "host:port" -> what the first cluster entry whose map has it says of it (RCP_OWNER_*): the shared
	 * entries first, then this worker's private clusters */
	HashTable owner;
	zend_hash_init(&owner, 16, NULL, ZVAL_PTR_DTOR, 0);
	{
		rcp_map *map = emalloc(sizeof(rcp_map));
		for (i = 0; (sc = rcp_shm_cluster_at(i, &key, &keylen)); i++) {
			if (rcp_shm_read_map(sc, map)) {
				rcp_prom_owner_add(&owner, map, key, keylen, sc, now);
			}
		}
		efree(map);
		for (i = 0; (cc = rcp_cluster_nth(i)); i++) {
			if (!cc->shared && cc->map) {
				rcp_prom_owner_add(&owner, cc->map, ZSTR_VAL(cc->key), ZSTR_LEN(cc->key), NULL, now);
			}
		}
	}
#define NODES_EACH for (i = 0; i < n; i++) if (RLOAD(&all[i].state) == 2)
#define NODE_LABEL(first) do {                                                                               \
		zval *o_ = zend_hash_str_find(&owner, all[i].addr, strlen(all[i].addr));                               \
		zval *cl_ = o_ ? zend_hash_index_find(Z_ARRVAL_P(o_), RCP_OWNER_CLUSTER) : NULL;                       \
		rcp_prom_label(&s, "cluster", cl_ ? Z_STRVAL_P(cl_) : "", cl_ ? Z_STRLEN_P(cl_) : 0, first);          \
		rcp_prom_label(&s, "node", all[i].addr, strlen(all[i].addr), false);                                   \
	} while (0)
	for (size_t m = 0; m < sizeof(rcp_prom_node) / sizeof(rcp_prom_node[0]); m++) {
		rcp_prom_head(&s, rcp_prom_node[m].name, rcp_prom_node[m].type, rcp_prom_node[m].help);
		NODES_EACH {
			smart_str_append_printf(&s, "redis_cluster_pool_%s", rcp_prom_node[m].name);
			NODE_LABEL(true);
			smart_str_append_printf(&s, "} %" PRIu64 "\n", RLOAD(&all[i].v[rcp_prom_node[m].idx]));
		}
	}
	rcp_prom_head(&s, "connections_open", "gauge", "Connections to the node open in the pool's workers.");
	NODES_EACH {
		uint64_t o = RLOAD(&all[i].v[RCP_NS_CONN_OPENED]), c = RLOAD(&all[i].v[RCP_NS_CONN_CLOSED]);
		smart_str_appends(&s, "redis_cluster_pool_connections_open");
		NODE_LABEL(true);
		smart_str_append_printf(&s, "} %" PRIu64 "\n", o > c ? o - c : 0);
	}
	rcp_prom_head(&s, "errors_total", "counter", "Errors by kind: error replies, MOVED/ASK redirects, timeouts, connection failures, other.");
	NODES_EACH {
		for (size_t k = 0; k < sizeof(rcp_prom_errors) / sizeof(rcp_prom_errors[0]); k++) {
			smart_str_appends(&s, "redis_cluster_pool_errors_total");
			NODE_LABEL(true);
			rcp_prom_label(&s, "kind", rcp_prom_errors[k].kind, strlen(rcp_prom_errors[k].kind), false);
			smart_str_append_printf(&s, "} %" PRIu64 "\n", RLOAD(&all[i].v[rcp_prom_errors[k].idx]));
		}
	}
	rcp_prom_head(&s, "connections_discarded_total", "counter", "Pooled connections discarded, by reason.");
	NODES_EACH {
		for (size_t k = 0; k < sizeof(rcp_prom_discards) / sizeof(rcp_prom_discards[0]); k++) {
			smart_str_appends(&s, "redis_cluster_pool_connections_discarded_total");
			NODE_LABEL(true);
			rcp_prom_label(&s, "reason", rcp_prom_discards[k].reason, strlen(rcp_prom_discards[k].reason), false);
			smart_str_append_printf(&s, "} %" PRIu64 "\n", RLOAD(&all[i].v[rcp_prom_discards[k].idx]));
		}
	}
	rcp_prom_head(&s, "batch_duration_seconds", "histogram", "Time from writing a batch to its node's last reply.");
	NODES_EACH {
		uint64_t cum = 0;
		for (int b = 0; b < RCP_LAT_BUCKETS; b++) {
			cum += RLOAD(&all[i].lat[b]);
			smart_str_appends(&s, "redis_cluster_pool_batch_duration_seconds_bucket");
			NODE_LABEL(true);
			if (b == RCP_LAT_BUCKETS - 1) {
				smart_str_appends(&s, ",le=\"+Inf\"");
			} else {
				smart_str_append_printf(&s, ",le=\"%.6f\"", (double)((uint64_t)1 << (b + 1)) / 1e6);
			}
			smart_str_append_printf(&s, "} %" PRIu64 "\n", cum);
		}
		smart_str_appends(&s, "redis_cluster_pool_batch_duration_seconds_sum");
		NODE_LABEL(true);
		smart_str_append_printf(&s, "} %.6f\n", (double)RLOAD(&all[i].v[RCP_NS_LAT_SUM_US]) / 1e6);
		smart_str_appends(&s, "redis_cluster_pool_batch_duration_seconds_count");
		NODE_LABEL(true);
		smart_str_append_printf(&s, "} %" PRIu64 "\n", cum);
	}
#undef NODES_EACH
#undef NODE_LABEL
	/* what the slot maps say of each node (role, health) and the pool's marks on it */
	{
		static const char *const roles[] = {"primary", "replica"}, *const healths[] = {"online", "loading", "fail"};
		rcp_prom_node_gauge(&s, &owner, "node_role", "The node's role in the slot map: 1 for its current role, 0 for the other.",
			RCP_OWNER_REPLICA, "role", roles, 2);
		rcp_prom_node_gauge(&s, &owner, "node_health", "The node's health in the slot map (CLUSTER SHARDS): 1 for its current state, 0 for the others.",
			RCP_OWNER_HEALTH, "health", healths, 3);
		rcp_prom_node_gauge(&s, &owner, "node_suspect", "1 while the node is marked suspect (a recent connection failure: every worker avoids it).",
			RCP_OWNER_SUSPECT, NULL, NULL, 0);
		rcp_prom_node_gauge(&s, &owner, "node_auth_refused", "1 while a refusal of some credentials by the node is remembered (reads skip it for those credentials).",
			RCP_OWNER_AUTH_REFUSED, NULL, NULL, 0);
	}
	zend_hash_destroy(&owner);
	/* clusters kept in their worker's memory (the table was full, or the seeds + user over RCP_SHM_KEY_MAX bytes):
	 * counted pool-wide; each worker reports its own below (label worker) */
	{
		rcp_shm_info info;
		if (rcp_shm_get_info(&info)) {
			rcp_prom_head(&s, "clusters_private_total", "counter", "Times a worker kept a cluster in its own memory, by reason: the shared table was full (raise redis_cluster_pool.shm_clusters), or the seeds and user were over 1024 bytes.");
			smart_str_appends(&s, "redis_cluster_pool_clusters_private_total{reason=\"table_full\"} ");
			smart_str_append_printf(&s, "%u\n", info.clusters_full);
			smart_str_appends(&s, "redis_cluster_pool_clusters_private_total{reason=\"key_too_long\"} ");
			smart_str_append_printf(&s, "%u\n", info.clusters_key_too_long);
		}
	}
	/* per cluster: counters, slot map, per command; a private cluster's from its worker's memory */
	for (int c = 0; c < RCP_SC_COUNT; c++) {
		char name[64];
		snprintf(name, sizeof(name), "%s_total", rcp_sc_names[c]);
		rcp_prom_head(&s, name, "counter", c == RCP_SC_CLUSTER_SLOTS ? "Topology requests (CLUSTER SHARDS or SLOTS) sent."
			: "Pool-wide count of the cluster's events of this kind (a private cluster: its worker's).");
		for (i = 0; (sc = rcp_shm_cluster_at(i, &key, &keylen)); i++) {
			smart_str_append_printf(&s, "redis_cluster_pool_%s", name);
			rcp_prom_cluster(&s, key, keylen, false);
			smart_str_append_printf(&s, "} %" PRIu64 "\n", rcp_shm_counter_get(sc, (rcp_shm_counter)c));
		}
		for (i = 0; (cc = rcp_cluster_nth(i)); i++) {
			if (!cc->shared) {
				smart_str_append_printf(&s, "redis_cluster_pool_%s", name);
				rcp_prom_cluster(&s, ZSTR_VAL(cc->key), ZSTR_LEN(cc->key), true);
				smart_str_append_printf(&s, "} %" PRIu64 "\n", rcp_cluster_counter(NULL, cc, (rcp_shm_counter)c));
			}
		}
	}
	rcp_prom_head(&s, "slot_map_generation", "gauge", "Generation of the cluster's slot map (0: not discovered).");
	for (i = 0; (sc = rcp_shm_cluster_at(i, &key, &keylen)); i++) {
		smart_str_appends(&s, "redis_cluster_pool_slot_map_generation");
		rcp_prom_cluster(&s, key, keylen, false);
		smart_str_append_printf(&s, "} %" PRIu64 "\n", rcp_shm_generation(sc));
	}
	for (i = 0; (cc = rcp_cluster_nth(i)); i++) {
		if (!cc->shared) {
			smart_str_appends(&s, "redis_cluster_pool_slot_map_generation");
			rcp_prom_cluster(&s, ZSTR_VAL(cc->key), ZSTR_LEN(cc->key), true);
			smart_str_append_printf(&s, "} %" PRIu64 "\n", cc->map ? cc->generation : 0);
		}
	}
	rcp_prom_commands(&s, "command_calls_total", "Commands run, by name.", false);
	rcp_prom_commands(&s, "command_errors_total", "Commands that failed or got an error reply, by name.", true);
	rcp_prom_cache(&s);
	smart_str_appends(&s, "# EOF\n");
	smart_str_0(&s);
	return s.s;
}

/* ---- stats(): this worker's figures for one cluster, with the pool's beside them -------------------------- */

void rcp_observe_stats(rcp_cluster *cc, zval *out)
{
	zval conns, cl;

	array_init(out);
	add_assoc_long(out, "pid", (zend_long)rcp_pid());

	array_init(&conns);
	add_assoc_long(&conns, "pooled", (zend_long)rcp_pool_size());
	add_assoc_long(&conns, "opened", (zend_long)rcp_conn_stats.opened);
	add_assoc_long(&conns, "reused", (zend_long)rcp_conn_stats.reused);
	add_assoc_long(&conns, "discarded_broken", (zend_long)rcp_conn_stats.discarded_broken);
	add_assoc_long(&conns, "discarded_closed_by_peer", (zend_long)rcp_conn_stats.discarded_closed);
	add_assoc_long(&conns, "discarded_unread_reply", (zend_long)rcp_conn_stats.discarded_unread);
	add_assoc_long(&conns, "discarded_forked", (zend_long)rcp_conn_stats.discarded_forked);
	add_assoc_long(&conns, "discarded_idle", (zend_long)rcp_conn_stats.discarded_idle);
	add_assoc_long(&conns, "auth_refused", (zend_long)rcp_conn_stats.auth_refused);
	add_assoc_long(&conns, "tls_handshakes", (zend_long)(rcp_conn_stats.tls_full + rcp_conn_stats.tls_resumed));
	add_assoc_long(&conns, "tls_resumed", (zend_long)rcp_conn_stats.tls_resumed);
	add_assoc_long(&conns, "tls_handshake_failures", (zend_long)rcp_conn_stats.tls_failed);
	{
		rcp_pool_cap_stats cap; /* the per-node cap's figures: the process' (all its threads) */
		rcp_pool_cap_get_stats(&cap);
		add_assoc_long(&conns, "cap_waits", (zend_long)cap.waits);
		add_assoc_long(&conns, "cap_wait_timeouts", (zend_long)cap.wait_timeouts);
		add_assoc_long(&conns, "cap_refused", (zend_long)cap.refused);
		add_assoc_long(&conns, "cap_handoffs", (zend_long)cap.handoffs);
	}
	add_assoc_zval(out, "connections", &conns);

	array_init(&cl);
	add_assoc_long(&cl, "generation", (zend_long)cc->generation);
	add_assoc_long(&cl, "nodes", cc->map ? cc->map->nnodes : 0);
	add_assoc_long(&cl, "primaries", cc->map ? cc->map->nprimaries : 0);
	add_assoc_long(&cl, "refreshes", (zend_long)cc->refreshes);
	add_assoc_long(&cl, "refresh_failures", (zend_long)cc->refresh_failures);
	add_assoc_long(&cl, "cluster_slots_sent", (zend_long)cc->cluster_slots_sent);
	add_assoc_string(&cl, "topology_from", cc->no_shards ? "CLUSTER SLOTS" : "CLUSTER SHARDS");
	add_assoc_long(&cl, "moved", (zend_long)cc->moved_seen);
	add_assoc_long(&cl, "ask", (zend_long)cc->ask_seen);
	add_assoc_long(&cl, "noscript_fallbacks", (zend_long)cc->noscript_fallbacks);
	add_assoc_long(&cl, "read_retries", (zend_long)cc->read_retries);
	add_assoc_long(&cl, "read_auth_fallbacks", (zend_long)cc->read_auth_fallbacks);
	add_assoc_long(&cl, "readonly_redirects", (zend_long)cc->readonly_seen);
	{
		/* where command routing comes from: the servers' own table (COMMAND), or the built-in one */
		zval cmds;
		rcp_cmdtab *t = rcp_cluster_cmds(cc);
		array_init(&cmds);
		add_assoc_string(&cmds, "source", t ? "server" : "built-in");
		add_assoc_long(&cmds, "count", (zend_long)(t ? rcp_cmdtab_count(t) : rcp_cmd_count));
		add_assoc_long(&cmds, "packed_bytes", (zend_long)rcp_cmdtab_bytes(t));
		add_assoc_long(&cmds, "getkeys_sent", (zend_long)cc->getkeys_sent);
		add_assoc_string(&cmds, "why_built_in", !t && cc->cmds_note[0] ? cc->cmds_note : "");
		add_assoc_zval(&cl, "commands", &cmds);
	}
	add_assoc_bool(&cl, "shared", cc->shared != NULL);
	{
		/* pool-wide figures from the shared segment; a cluster the segment does not hold (it is full, or off)
		 * is this process's alone: its own figures then */
		zval pool, suspects;
		char addr[RCP_ADDR_MAX];
		rcp_shm_cluster *sh = cc->shared;
		array_init(&pool);
		array_init(&suspects);
		add_assoc_long(&pool, "generation", (zend_long)(sh ? rcp_shm_generation(sh) : cc->generation));
		add_assoc_long(&pool, "cluster_slots_sent", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_CLUSTER_SLOTS)
			: cc->cluster_slots_sent));
		add_assoc_long(&pool, "refreshes", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_REFRESHES) : cc->refreshes));
		add_assoc_long(&pool, "refresh_failures", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_REFRESH_FAILURES)
			: cc->refresh_failures));
		add_assoc_long(&pool, "moved", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_MOVED) : cc->moved_seen));
		add_assoc_long(&pool, "ask", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_ASK) : cc->ask_seen));
		add_assoc_long(&pool, "lease_takeovers", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_LEASE_TAKEOVERS) : 0));
		add_assoc_long(&pool, "lease_holder", (zend_long)(sh ? rcp_shm_lease_holder(sh) : 0));
		if (sh) {
			/* suspects are marked by the index of a node in the shared map: named from this process's copy when
			 * it is that map, else from the shared map itself */
			rcp_map *map = cc->map, *copy = NULL;
			uint64_t now = rcp_now_ms();
			if (!map || cc->shared_gen != rcp_shm_generation(sh)) {
				copy = emalloc(sizeof(rcp_map));
				map = rcp_shm_read_map(sh, copy) ? copy : NULL;
			}
			for (uint16_t i = 0; map && i < map->nnodes; i++) {
				if (rcp_shm_is_suspect(sh, i, now)) {
					rcp_node_addr(&map->nodes[i], addr, sizeof(addr));
					add_next_index_string(&suspects, addr);
				}
			}
			if (copy) {
				efree(copy);
			}
		}
		add_assoc_zval(&pool, "suspect_nodes", &suspects);
		add_assoc_zval(&cl, "pool", &pool);
	}
	add_assoc_zval(out, "cluster", &cl);
	{
		/* every key always (zeros without a segment: redis_cluster_pool.shm_size=0) */
		rcp_shm_info si;
		zval shm;
		memset(&si, 0, sizeof(si));
		array_init(&shm);
		if (!rcp_shm_get_info(&si)) {
			memset(&si, 0, sizeof(si));
		}
		add_assoc_long(&shm, "bytes_total", (zend_long)si.size);
		add_assoc_long(&shm, "bytes_used", (zend_long)si.used);
		add_assoc_long(&shm, "clusters_max", si.clusters_max);
		add_assoc_long(&shm, "clusters_used", si.clusters_used);
		add_assoc_long(&shm, "clusters_table_full", si.clusters_full);
		add_assoc_long(&shm, "clusters_key_too_long", si.clusters_key_too_long);
		add_assoc_zval(out, "shm", &shm);
	}
}

/* ---- phpinfo(): the rows of the module's section ------------------------------------------------------ */

void rcp_observe_minfo_pool(void)
{
	char buf[32];
	rcp_shm_info si;

	snprintf(buf, sizeof(buf), "%u", rcp_pool_size());
	php_info_print_table_row(2, "Pooled connections (this process)", buf);
	if (rcp_shm_get_info(&si)) {
		snprintf(buf, sizeof(buf), "%zu of %zu bytes", si.used, si.size);
		php_info_print_table_row(2, "Shared segment", buf);
		snprintf(buf, sizeof(buf), "%u of %u", si.clusters_used, si.clusters_max);
		php_info_print_table_row(2, "Clusters in the shared segment", buf);
	}
	{
		rcp_cache_stats cs;
		char b2[128];
		if (rcp_cache_stats_get(&cs)) {
			uint64_t look = cs.total.v[RCP_CS_HITS] + cs.total.v[RCP_CS_MISSES];
			snprintf(b2, sizeof(b2), "%zu of %zu bytes, %" PRIu64 " entries, bound %u ms", cs.ring_used, cs.ring_bytes,
				cs.entries, cs.max_lag_ms);
			php_info_print_table_row(2, "Read cache", b2);
			snprintf(b2, sizeof(b2), "%" PRIu64 " hits, %" PRIu64 " misses (%.1f %%), %" PRIu64 " fills, %" PRIu64
				" refused by the race", cs.total.v[RCP_CS_HITS], cs.total.v[RCP_CS_MISSES],
				look ? 100.0 * (double)cs.total.v[RCP_CS_HITS] / (double)look : 0.0, cs.total.v[RCP_CS_FILLS],
				cs.total.v[RCP_CS_FILLS_RACE]);
			php_info_print_table_row(2, "Read cache lookups", b2);
		} else {
			php_info_print_table_row(2, "Read cache", "off (redis_cluster_pool.cache_memory=0, or it did not start)");
		}
	}
}

void rcp_observe_minfo_clusters(void)
{
	const char *key;
	size_t keylen;
	rcp_shm_cluster *sc;

	php_info_print_table_row(2, "Pool-wide metrics", rcp_metrics_on ? "on (RedisClusterPool::poolStats(), ::metrics())" : "off");
	for (uint32_t i = 0; (sc = rcp_shm_cluster_at(i, &key, &keylen)); i++) {
		/* the seeds and the user name (the key holds no password) */
		char name[64], val[1200];
		size_t ulen;
		const char *u = rcp_key_user(key, keylen, &ulen);
		snprintf(name, sizeof(name), "Cluster %u", i + 1);
		snprintf(val, sizeof(val), "%.*s%s%.*s, slot map generation %llu", (int)rcp_cluster_label(key, keylen), key,
			u ? " user " : "", u ? (int)ulen : 0, u ? u : "", (unsigned long long)rcp_shm_generation(sc));
		php_info_print_table_row(2, name, val);
	}
}

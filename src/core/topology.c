/*
 * topology.c - seeds, the per-process registry of clusters, and CLUSTER SHARDS / CLUSTER SLOTS parsing.
 *
 * Pure data handling: no I/O here (exec_refresh.c asks a node for CLUSTER SHARDS, or SLOTS, and hands us the
 * reply).
 */
#include "php.h"
#include "zend_smart_str.h"
#include "rcp_topology.h"
#include "rcp_util.h"
#include "rcp_shm.h"
#include "rcp_commands.h"

ZEND_TLS HashTable rcp_clusters;   /* per thread under ZTS: its cluster entries and their map copies */
ZEND_TLS bool rcp_clusters_ready;

/* ---- seeds ------------------------------------------------------------------------------------ */

rcp_status rcp_seed_parse(const char *s, size_t len, rcp_seed *out, rcp_err *err)
{
	/* Messages never repeat the seed: a string that does not parse may be a password given in the wrong place
	 * (the seeds and the options swapped, a password where the port goes); only a host that parsed is named. */
	const char *p = s, *end = s + len, *host, *host_end, *colon;
	char portbuf[8];
	long port;
	char *pe;

	if (memchr(s, '\0', len)) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed: it contains a NUL byte");
	}
	if (memchr(s, '@', len)) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"Invalid seed: credentials in a seed URI are not supported; use the \"parameters\" option");
	}
	if (memchr(s, ',', len)) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed: one string names one node; pass several seeds "
			"as an array: ['host1:6379', 'host2:6379']");
	}
	out->scheme = RCP_SCHEME_NONE;
	if (len >= 6 && !strncasecmp(p, "tcp://", 6)) {
		p += 6;
		out->scheme = RCP_SCHEME_TCP;
	} else if (len >= 8 && !strncasecmp(p, "redis://", 8)) {
		p += 8;
		out->scheme = RCP_SCHEME_TCP;
	} else if (len >= 6 && !strncasecmp(p, "tls://", 6)) {
		p += 6;
		out->scheme = RCP_SCHEME_TLS;
	} else if (len >= 9 && !strncasecmp(p, "rediss://", 9)) {
		p += 9;
		out->scheme = RCP_SCHEME_TLS;
	} else if (memchr(s, '/', len)) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"Invalid seed: only tcp://, redis://, tls:// and rediss:// URIs are supported");
	}
	/* a query string or a path: options go in the "parameters" option */
	for (const char *q = p; q < end; q++) {
		if (*q == '?' || *q == '/') {
			return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
				"Invalid seed: put parameters in the \"parameters\" option, not in the URI");
		}
	}
	if (p < end && *p == '[') {
		host = p + 1;
		host_end = memchr(host, ']', (size_t)(end - host));
		if (!host_end || host_end + 1 >= end || host_end[1] != ':') {
			return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed: expected [ipv6]:port");
		}
		colon = host_end + 1;
	} else {
		host = p;
		colon = NULL;
		for (const char *q = end; q > p; q--) {
			if (q[-1] == ':') {
				colon = q - 1;
				break;
			}
		}
		if (!colon) {
			return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed: expected host:port, there is no ':'");
		}
		host_end = colon;
		if (memchr(host, ':', (size_t)(host_end - host))) {
			return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed: write IPv6 addresses as [addr]:port");
		}
	}
	if (host_end == host || (size_t)(host_end - host) >= RCP_HOST_MAX) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed: the host is empty or longer than %d bytes",
			RCP_HOST_MAX - 1);
	}
	memcpy(portbuf, "", 1);
	if ((size_t)(end - colon - 1) >= 1 && (size_t)(end - colon - 1) < sizeof(portbuf)) {
		memcpy(portbuf, colon + 1, (size_t)(end - colon - 1));
		portbuf[end - colon - 1] = '\0';
	}
	port = strtol(portbuf, &pe, 10);
	if (!portbuf[0] || *pe || port < 1 || port > 65535 || portbuf[0] == '+' || portbuf[0] == '-' || portbuf[0] == ' ') {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed (host '%.*s'): the port must be a number "
			"1..65535", (int)MIN(host_end - host, 100), host);
	}
	memcpy(out->host, host, (size_t)(host_end - host));
	out->host[host_end - host] = '\0';
	out->port = (uint16_t)port;
	return RCP_OK;
}

static int rcp_seed_cmp(const void *a, const void *b)
{
	const rcp_seed *x = a, *y = b;
	int c = strcmp(x->host, y->host);
	return c ? c : (int)x->port - (int)y->port;
}

static void rcp_cluster_dtor(zval *zv)
{
	rcp_cluster *cl = Z_PTR_P(zv);

	zend_string_release(cl->key);
	pefree(cl->seeds, 1);
	free(cl->map);
	rcp_cmdtab_free(cl->cmds);
	if (cl->cache) {
		pefree(cl->cache, 1);
	}
	pefree(cl, 1);
}

rcp_cluster *rcp_cluster_get(const rcp_seed *seeds, uint32_t nseeds, const char *user, size_t user_len, bool tls)
{
	rcp_seed *sorted = pemalloc(sizeof(rcp_seed) * nseeds, 1);
	smart_str key = {0};
	rcp_cluster *cl;
	uint32_t i, n = 0;

	if (!rcp_clusters_ready) {
		zend_hash_init(&rcp_clusters, 4, NULL, rcp_cluster_dtor, 1);
		rcp_clusters_ready = true;
	}
	memcpy(sorted, seeds, sizeof(rcp_seed) * nseeds);
	qsort(sorted, nseeds, sizeof(rcp_seed), rcp_seed_cmp);
	for (i = 0; i < nseeds; i++) { /* deduplicate */
		if (n == 0 || rcp_seed_cmp(&sorted[n - 1], &sorted[i])) {
			sorted[n++] = sorted[i];
		}
	}
	for (i = 0; i < n; i++) {
		char addr[300];
		smart_str_appendl(&key, addr, rcp_addr_fmt(addr, sizeof(addr), sorted[i].host, sorted[i].port));
		smart_str_appendc(&key, ',');
	}
	smart_str_appendc(&key, '\0');
	smart_str_appendl(&key, user, user_len);
	if (tls) {
		smart_str_appendl(&key, "\0tls", 4);
	}
	smart_str_0(&key);

	cl = zend_hash_find_ptr(&rcp_clusters, key.s);
	if (cl) {
		smart_str_free(&key);
		pefree(sorted, 1);
		return cl;
	}
	cl = pecalloc(1, sizeof(*cl), 1);
	cl->key = zend_string_init(ZSTR_VAL(key.s), ZSTR_LEN(key.s), 1);
	smart_str_free(&key);
	cl->seeds = sorted;
	cl->nseeds = n;
	cl->shared = rcp_shm_cluster_get(ZSTR_VAL(cl->key), ZSTR_LEN(cl->key));
	zend_hash_add_ptr(&rcp_clusters, cl->key, cl);
	return cl;
}

rcp_cluster *rcp_cluster_nth(uint32_t i)
{
	rcp_cluster *cl;
	uint32_t k = 0;

	if (!rcp_clusters_ready) {
		return NULL;
	}
	ZEND_HASH_FOREACH_PTR(&rcp_clusters, cl) {
		if (k++ == i) {
			return cl;
		}
	} ZEND_HASH_FOREACH_END();
	return NULL;
}

void rcp_clusters_mshutdown(void)
{
	if (rcp_clusters_ready) {
		zend_hash_destroy(&rcp_clusters);
		rcp_clusters_ready = false;
	}
	rcp_shapes_free();
}

struct rcp_cmdtab *rcp_cluster_cmds(rcp_cluster *cl)
{
	const void *blob;
	size_t len;

	if (!cl->cmds && cl->shared && (blob = rcp_shm_cmds_get(cl->shared, &len))) {
		cl->cmds = rcp_cmdtab_load(blob, len);
		if (!cl->cmds) {
			snprintf(cl->cmds_note, sizeof(cl->cmds_note), "the shared command table does not load");
		}
	}
	return cl->cmds;
}

bool rcp_cluster_cmds_learned(rcp_cluster *cl, const char *blob, size_t len)
{
	rcp_cmdtab *t = rcp_cmdtab_load(blob, len);

	if (!t) {
		snprintf(cl->cmds_note, sizeof(cl->cmds_note), "the packed command table does not load");
		return false;
	}
	if (cl->shared) {
		rcp_shm_cmds_publish(cl->shared, blob, len);
	}
	rcp_cmdtab_free(cl->cmds);
	cl->cmds = t;
	cl->cmds_note[0] = '\0';
	return true;
}

/* ---- the map ---------------------------------------------------------------------------------- */

void rcp_node_addr(const rcp_node *n, char *buf, size_t cap)
{
	rcp_addr_fmt(buf, cap, n->host, n->port);
}

uint16_t rcp_map_node(rcp_map *map, const char *host, size_t host_len, uint16_t port, bool replica)
{
	uint16_t i;

	if (host_len == 0 || host_len >= RCP_HOST_MAX) {
		return RCP_NO_NODE;
	}
	for (i = 0; i < map->nnodes; i++) {
		if (map->nodes[i].port == port && strlen(map->nodes[i].host) == host_len &&
		    !memcmp(map->nodes[i].host, host, host_len)) {
			if (!replica && map->nodes[i].replica) { /* promoted */
				map->nodes[i].replica = 0;
				map->nprimaries++;
			}
			return i;
		}
	}
	if (map->nnodes >= RCP_MAX_NODES) {
		return RCP_NO_NODE;
	}
	memcpy(map->nodes[i].host, host, host_len);
	map->nodes[i].host[host_len] = '\0';
	map->nodes[i].port = port;
	map->nodes[i].replica = replica;
	map->nodes[i].primary = RCP_NO_NODE;
	if (!replica) {
		map->nprimaries++;
	}
	map->nnodes++;
	return i;
}

void rcp_map_set_zone(rcp_map *map, uint16_t idx, const char *zone, size_t len)
{
	uint8_t z;

	if (idx >= map->nnodes) {
		return;
	}
	map->nodes[idx].zone = 0;
	if (len == 0 || len >= RCP_ZONE_MAX || memchr(zone, '\0', len)) {
		return;
	}
	for (z = 0; z < map->nzones; z++) {
		if (strlen(map->zones[z]) == len && !memcmp(map->zones[z], zone, len)) {
			break;
		}
	}
	if (z == map->nzones) {
		if (map->nzones == RCP_MAX_ZONES) {
			return;
		}
		memcpy(map->zones[z], zone, len);
		map->zones[z][len] = '\0';
		map->nzones++;
	}
	map->nodes[idx].zone = (uint8_t)(z + 1);
}

uint8_t rcp_map_zone(const rcp_map *map, const char *zone)
{
	for (uint8_t z = 0; z < map->nzones; z++) {
		if (!strcmp(map->zones[z], zone)) {
			return (uint8_t)(z + 1);
		}
	}
	return 0;
}

/* One node entry of a CLUSTER SLOTS range: [endpoint, port, id, (metadata...)]. */
static uint16_t rcp_slots_node(zval *e, const char *from_host, rcp_map *map, bool replica, rcp_err *err)
{
	zval *host, *port;
	const char *h;
	size_t hl;

	if (Z_TYPE_P(e) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(e)) < 2) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: a node entry is not [host, port, ...]");
		return RCP_NO_NODE;
	}
	host = zend_hash_index_find(Z_ARRVAL_P(e), 0);
	port = zend_hash_index_find(Z_ARRVAL_P(e), 1);
	if (!port || Z_TYPE_P(port) != IS_LONG || Z_LVAL_P(port) < 1 || Z_LVAL_P(port) > 65535) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: invalid port");
		return RCP_NO_NODE;
	}
	/* Redis 7: the endpoint may be an IP, a hostname, "" or "?" (unknown), or nil: then the node we asked */
	if (host && Z_TYPE_P(host) == IS_STRING && Z_STRLEN_P(host) > 0 &&
	    !(Z_STRLEN_P(host) == 1 && Z_STRVAL_P(host)[0] == '?')) {
		h = Z_STRVAL_P(host);
		hl = Z_STRLEN_P(host);
		if (memchr(h, '\0', hl) || memchr(h, ' ', hl)) {
			rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: invalid host");
			return RCP_NO_NODE;
		}
	} else if (host && Z_TYPE_P(host) != IS_STRING && Z_TYPE_P(host) != IS_NULL) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: invalid host");
		return RCP_NO_NODE;
	} else {
		h = from_host;
		hl = strlen(from_host);
	}
	if (hl >= RCP_HOST_MAX) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: a host of %zu bytes (at most %d)",
			hl, RCP_HOST_MAX - 1);
		return RCP_NO_NODE;
	}
	uint16_t idx = rcp_map_node(map, h, hl, (uint16_t)Z_LVAL_P(port), replica);
	if (idx == RCP_NO_NODE) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: more than %d nodes", RCP_MAX_NODES);
	}
	return idx;
}

rcp_status rcp_map_from_slots_reply(zval *reply, const char *from_host, rcp_map *map, rcp_err *err)
{
	zval *range;
	uint32_t covered = 0;

	memset(map, 0, offsetof(rcp_map, slots));
	for (int s = 0; s < RCP_SLOTS; s++) {
		map->slots[s] = RCP_NO_NODE;
	}
	if (Z_TYPE_P(reply) != IS_ARRAY) {
		return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: not an array");
	}
	if (zend_hash_num_elements(Z_ARRVAL_P(reply)) == 0) {
		return rcp_err_set(err, RCP_E_CLUSTER, NULL, "CLUSTER SLOTS returned no slot ranges: the cluster has no slots assigned");
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(reply), range) {
		zval *from, *to, *e;
		uint16_t primary = RCP_NO_NODE;
		zend_ulong i;

		if (Z_TYPE_P(range) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(range)) < 3) {
			return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: a range is not [from, to, node, ...]");
		}
		from = zend_hash_index_find(Z_ARRVAL_P(range), 0);
		to = zend_hash_index_find(Z_ARRVAL_P(range), 1);
		if (!from || !to || Z_TYPE_P(from) != IS_LONG || Z_TYPE_P(to) != IS_LONG) {
			return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: slot range bounds are not integers");
		}
		if (Z_LVAL_P(from) < 0 || Z_LVAL_P(to) >= RCP_SLOTS || Z_LVAL_P(from) > Z_LVAL_P(to)) {
			return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SLOTS reply: invalid slot range "
				ZEND_LONG_FMT ".." ZEND_LONG_FMT, Z_LVAL_P(from), Z_LVAL_P(to));
		}
		ZEND_HASH_FOREACH_NUM_KEY_VAL(Z_ARRVAL_P(range), i, e) {
			uint16_t idx;
			if (i < 2) {
				continue;
			}
			idx = rcp_slots_node(e, from_host, map, i > 2, err);
			if (idx == RCP_NO_NODE) {
				return err->code;
			}
			if (i == 2) {
				primary = idx;
			} else if (idx != primary) {
				map->nodes[idx].primary = primary;
			}
		} ZEND_HASH_FOREACH_END();
		for (zend_long s = Z_LVAL_P(from); s <= Z_LVAL_P(to); s++) {
			if (map->slots[s] != RCP_NO_NODE && map->slots[s] != primary) {
				return rcp_err_set(err, RCP_E_PROTOCOL, NULL,
					"bad CLUSTER SLOTS reply: slot " ZEND_LONG_FMT " is claimed by two nodes", (zend_long)s);
			}
			if (map->slots[s] == RCP_NO_NODE) {
				covered++;
			}
			map->slots[s] = primary;
		}
	} ZEND_HASH_FOREACH_END();
	(void)covered;
	return RCP_OK;
}

zval *rcp_flat_get(zval *arr, const char *key)
{
	size_t klen = strlen(key);
	zval *v, *k = NULL;

	if (!arr || Z_TYPE_P(arr) != IS_ARRAY) {
		return NULL;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(arr), v) {
		if (k) {
			if (Z_TYPE_P(k) == IS_STRING && Z_STRLEN_P(k) == klen && !memcmp(Z_STRVAL_P(k), key, klen)) {
				return v;
			}
			k = NULL;
		} else {
			k = v;
		}
	} ZEND_HASH_FOREACH_END();
	return NULL;
}

bool rcp_is_str(zval *z, const char *s)
{
	return z && Z_TYPE_P(z) == IS_STRING && Z_STRLEN_P(z) == strlen(s) && !memcmp(Z_STRVAL_P(z), s, Z_STRLEN_P(z));
}

/* Is this CLUSTER SHARDS node reported failed? */
static bool rcp_shards_failed(zval *n)
{
	zval *h = rcp_flat_get(n, "health");
	return rcp_is_str(h, "fail") || rcp_is_str(h, "failed");
}

/* One node of a shard: [id, .., port, .., ip, .., endpoint, .., hostname, .., role, .., health, ..]. */
static uint16_t rcp_shards_node(zval *n, const char *from_host, bool tls_client, rcp_map *map, rcp_err *err)
{
	zval *port, *tls, *ep, *ip, *role, *health;
	const char *h;
	size_t hl;
	uint16_t idx;
	bool replica;

	if (Z_TYPE_P(n) != IS_ARRAY) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: a node is not an array");
		return RCP_NO_NODE;
	}
	port = rcp_flat_get(n, "port");
	tls = rcp_flat_get(n, "tls-port");
	role = rcp_flat_get(n, "role");
	if ((!port || tls_client) && tls) {
		port = tls; /* a node that only speaks TLS (port 0), or a TLS client: its TLS port */
	}
	if (!port || Z_TYPE_P(port) != IS_LONG || Z_LVAL_P(port) < 1 || Z_LVAL_P(port) > 65535 ||
	    (tls && (Z_TYPE_P(tls) != IS_LONG || Z_LVAL_P(tls) < 1 || Z_LVAL_P(tls) > 65535))) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: invalid port");
		return RCP_NO_NODE;
	}
	if (!rcp_is_str(role, "master") && !rcp_is_str(role, "replica")) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: a node's role is neither master nor replica");
		return RCP_NO_NODE;
	}
	replica = rcp_is_str(role, "replica");
	/* the endpoint follows cluster-preferred-endpoint-type (ip, hostname, "?" when unknown); else its ip, else
	 * the node we asked (as CLUSTER SLOTS' nil endpoint) */
	ep = rcp_flat_get(n, "endpoint");
	ip = rcp_flat_get(n, "ip");
	if (ep && Z_TYPE_P(ep) == IS_STRING && Z_STRLEN_P(ep) > 0 && !rcp_is_str(ep, "?")) {
		h = Z_STRVAL_P(ep);
		hl = Z_STRLEN_P(ep);
	} else if (ip && Z_TYPE_P(ip) == IS_STRING && Z_STRLEN_P(ip) > 0 && !rcp_is_str(ip, "?")) {
		h = Z_STRVAL_P(ip);
		hl = Z_STRLEN_P(ip);
	} else {
		h = from_host;
		hl = strlen(from_host);
	}
	if (hl >= RCP_HOST_MAX || memchr(h, '\0', hl) || memchr(h, ' ', hl)) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: invalid endpoint");
		return RCP_NO_NODE;
	}
	idx = rcp_map_node(map, h, hl, (uint16_t)Z_LVAL_P(port), replica);
	if (idx == RCP_NO_NODE) {
		rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: more than %d nodes", RCP_MAX_NODES);
		return RCP_NO_NODE;
	}
	health = rcp_flat_get(n, "health");
	map->nodes[idx].health = rcp_is_str(health, "loading") ? RCP_HEALTH_LOADING
		: rcp_shards_failed(n) ? RCP_HEALTH_FAILED : RCP_HEALTH_ONLINE;
	map->nodes[idx].tls_port = tls ? (uint16_t)Z_LVAL_P(tls) : 0;
	/* Valkey 8.1 names a node's availability-zone here when it knows it (the nodes' own HELLO is asked too
	 * when a client wants zones: see rcp_read_zones) */
	zval *az = rcp_flat_get(n, "availability-zone");
	if (az && Z_TYPE_P(az) == IS_STRING) {
		rcp_map_set_zone(map, idx, Z_STRVAL_P(az), Z_STRLEN_P(az));
	}
	return idx;
}

rcp_status rcp_map_from_shards_reply(zval *reply, const char *from_host, bool tls, rcp_map *map, rcp_err *err)
{
	zval *shard;
	bool any_slot = false;

	memset(map, 0, offsetof(rcp_map, slots));
	for (int s = 0; s < RCP_SLOTS; s++) {
		map->slots[s] = RCP_NO_NODE;
	}
	if (Z_TYPE_P(reply) != IS_ARRAY) {
		return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: not an array");
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(reply), shard) {
		zval *slots, *nodes, *n, *b;
		uint16_t primary = RCP_NO_NODE, first = (uint16_t)map->nnodes;
		zend_long from = -1;

		if (Z_TYPE_P(shard) != IS_ARRAY || !(slots = rcp_flat_get(shard, "slots")) ||
		    !(nodes = rcp_flat_get(shard, "nodes")) || Z_TYPE_P(slots) != IS_ARRAY || Z_TYPE_P(nodes) != IS_ARRAY) {
			return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: a shard is not [slots, [...], nodes, [...]]");
		}
		/* a primary that failed and was replaced stays listed: in its shard beside the promoted one, both "master"
		 * (Redis 7.2+ keeps shard ids), or alone in a shard without slots (7.0). It is left out then, as CLUSTER
		 * SLOTS leaves it out: a failed master counts only while it still is its shard's only one, with slots */
		bool live_master = zend_hash_num_elements(Z_ARRVAL_P(slots)) == 0;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(nodes), n) {
			live_master |= rcp_is_str(rcp_flat_get(n, "role"), "master") && !rcp_shards_failed(n);
		} ZEND_HASH_FOREACH_END();
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(nodes), n) {
			uint16_t idx;
			if (live_master && rcp_is_str(rcp_flat_get(n, "role"), "master") && rcp_shards_failed(n)) {
				continue;
			}
			idx = rcp_shards_node(n, from_host, tls, map, err);
			if (idx == RCP_NO_NODE) {
				return err->code;
			}
			if (!map->nodes[idx].replica) {
				if (primary != RCP_NO_NODE && primary != idx) {
					return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: a shard with two masters");
				}
				primary = idx;
			}
		} ZEND_HASH_FOREACH_END();
		for (uint16_t i = first; i < map->nnodes; i++) {
			if (map->nodes[i].replica) {
				map->nodes[i].primary = primary;
			}
		}
		if (zend_hash_num_elements(Z_ARRVAL_P(slots)) % 2) {
			return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: slots are not [from, to, ...] pairs");
		}
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(slots), b) {
			zend_long v;
			/* Redis 7.0 sends the bounds as integers, some versions as strings */
			if (Z_TYPE_P(b) == IS_LONG) {
				v = Z_LVAL_P(b);
			} else if (Z_TYPE_P(b) != IS_STRING || !is_numeric_string(Z_STRVAL_P(b), Z_STRLEN_P(b), &v, NULL, false)) {
				return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: slot bounds are not integers");
			}
			if (v < 0 || v >= RCP_SLOTS) {
				return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "bad CLUSTER SHARDS reply: invalid slot range");
			}
			if (from < 0) {
				from = v;
				continue;
			}
			if (from > v || primary == RCP_NO_NODE) {
				return rcp_err_set(err, RCP_E_PROTOCOL, NULL, primary == RCP_NO_NODE
					? "bad CLUSTER SHARDS reply: slots served by a shard without a master"
					: "bad CLUSTER SHARDS reply: invalid slot range");
			}
			for (zend_long s = from; s <= v; s++) {
				if (map->slots[s] != RCP_NO_NODE && map->slots[s] != primary) {
					return rcp_err_set(err, RCP_E_PROTOCOL, NULL,
						"bad CLUSTER SHARDS reply: slot " ZEND_LONG_FMT " is claimed by two nodes", (zend_long)s);
				}
				map->slots[s] = primary;
				any_slot = true;
			}
			from = -1;
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	if (!any_slot) {
		return rcp_err_set(err, RCP_E_CLUSTER, NULL, "CLUSTER SHARDS returned no slot ranges: the cluster has no slots assigned");
	}
	return RCP_OK;
}

void rcp_cluster_publish(rcp_cluster *cl, rcp_map *map)
{
	free(cl->map);
	cl->map = map;
	cl->generation++;
	if (cl->shared) {
		cl->shared_gen = rcp_shm_publish(cl->shared, map);
	}
}

bool rcp_cluster_sync(rcp_cluster *cl)
{
	uint64_t g, got;

	if (!cl->shared) {
		return false;
	}
	g = rcp_shm_generation(cl->shared); /* the one atomic load per command */
	if (g == 0 || g == cl->shared_gen) {
		return false;
	}
	if (!cl->map) {
		cl->map = malloc(sizeof(rcp_map));
	}
	got = rcp_shm_read_map(cl->shared, cl->map);
	if (!got) {
		if (!cl->shared_gen) {
			free(cl->map);
			cl->map = NULL;
		}
		return false;
	}
	cl->shared_gen = got;
	cl->generation++;
	return true;
}

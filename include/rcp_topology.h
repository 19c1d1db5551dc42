/*
 * rcp_topology.h - the slot map: which node serves each of the 16384 slots, and the node table.
 *
 * Fixed layout, no pointers (node references are indexes), so that a map is copied as a block: it lives in the
 * segment shared by all FPM workers (shm.c, double-buffered), and each worker reads its copy.
 *
 * A cluster (rcp_cluster) is identified by its sorted seed list plus the user name (never the password); its map
 * is kept for the life of the process. A MOVED to a node the map knows patches that one slot; a refresh (CLUSTER
 * SHARDS, CLUSTER SLOTS on older servers; single flight, rate-limited) comes on first use, after a MOVED to an
 * unknown node, a connection failure, a slot no node serves, a READONLY from a primary, and periodically.
 */
#ifndef RCP_TOPOLOGY_H
#define RCP_TOPOLOGY_H

#include "php.h"
#include "rcp_err.h"
#include "rcp_slot.h"

#define RCP_MAX_NODES   512
#define RCP_HOST_MAX    256
#define RCP_NO_NODE     0xFFFF
#define RCP_MAX_ZONES   16        /* distinct availability zones a map remembers (more: the rest unknown) */
#define RCP_ZONE_MAX    64        /* a zone name's size, NUL included (longer names: unknown) */

/* A node's health as CLUSTER SHARDS reports it (CLUSTER SLOTS knows only online nodes). */
enum { RCP_HEALTH_ONLINE = 0, RCP_HEALTH_LOADING = 1, RCP_HEALTH_FAILED = 2 };

typedef struct {
	char     host[RCP_HOST_MAX];
	uint16_t port;
	uint16_t tls_port;        /* CLUSTER SHARDS' tls-port, 0 when none */
	uint8_t  replica;         /* 0 = primary */
	uint8_t  health;          /* RCP_HEALTH_*: replicas not online serve no reads */
	uint16_t primary;         /* for a replica: index of its primary */
	uint8_t  zone;            /* availability zone: index + 1 in rcp_map.zones, 0 = unknown */
} rcp_node;

typedef struct {
	uint16_t nnodes;
	uint16_t nprimaries;
	uint8_t  zones_read;              /* the nodes were asked their zone (HELLO) when this map was made */
	uint8_t  nzones;
	char     zones[RCP_MAX_ZONES][RCP_ZONE_MAX]; /* Valkey's availability-zone names the nodes reported */
	rcp_node nodes[RCP_MAX_NODES];
	uint16_t slots[RCP_SLOTS];        /* slot -> primary node index, RCP_NO_NODE when uncovered */
} rcp_map;

typedef struct {
	char host[RCP_HOST_MAX];
	uint16_t port;
	uint8_t scheme;           /* RCP_SCHEME_*: what the seed said (tls://, tcp://, or nothing) */
} rcp_seed;

enum { RCP_SCHEME_NONE = 0, RCP_SCHEME_TCP = 1, RCP_SCHEME_TLS = 2 };

typedef struct rcp_shm_cluster rcp_shm_cluster;

typedef struct rcp_cluster {
	rcp_shm_cluster *shared;          /* the entry in the shared segment, or NULL (table full: private map) */
	uint64_t shared_gen;              /* generation of the shared map our local copy reflects */
	zend_string *key;                 /* persistent: sorted "host:port,..." + "\0" + user */
	uint32_t nseeds;
	rcp_seed *seeds;                  /* persistent */
	rcp_map *map;                     /* malloc'd; NULL until discovered */
	uint64_t generation;              /* bumped at every map change */
	uint64_t last_refresh_ms;
	uint64_t next_refresh_ms;         /* periodic refresh deadline (with jitter) */
	bool refresh_wanted;              /* a MOVED or a connection failure asked for a refresh */
	bool no_shards;                   /* a node answered CLUSTER SHARDS with an error: ask CLUSTER SLOTS */
	uint64_t zones_retry_ms;          /* a map without zones for a client reading by zone: refresh not before */
	bool zones_wanted;                /* a client reads by zone: refreshes ask the nodes' zones (rcp_read_zones);
	                                     with a shared entry, the segment's flag tells every worker */
	/* counters */
	uint64_t refreshes, cluster_slots_sent, moved_seen, ask_seen, refresh_failures;
	uint64_t noscript_fallbacks;      /* EVALSHA answered NOSCRIPT, re-sent as EVAL with the known body */
	uint64_t read_retries;            /* policy reads re-sent to another node after a connection failure */
	uint64_t read_auth_fallbacks;     /* policy reads sent to another node because one refused the credentials */
	uint64_t readonly_seen;           /* writes answered READONLY by a demoted primary (re-routed after a refresh) */
	/* the command table learned from the server's COMMAND (NULL: not yet, or it failed: the built-in table) */
	struct rcp_cmdtab *cmds;          /* process copy (of the shared one, when shared) */
	uint64_t cmds_retry_ms;           /* after a failure: not asked again before this */
	char cmds_note[200];              /* why the table is not learned (empty: not tried yet) */
	uint64_t getkeys_sent;            /* COMMAND GETKEYS round trips (one per new call shape) */
	struct rcp_cluster_cache *cache;  /* the read cache's process state for this cluster (issue 23: links by node,
	                                     slot owners), one flat pemalloc'd block; NULL: no client caches it here */
} rcp_cluster;

/* Parse a seed ("host:port", "tcp://host:port", "redis://host:port", "tls://host:port", "rediss://host:port",
 * "[::1]:port"). Returns RCP_OK or RCP_E_ARGUMENT with a message. */
rcp_status rcp_seed_parse(const char *s, size_t len, rcp_seed *out, rcp_err *err);

/* The process' cluster entry for these seeds and user, created on first use. tls: reached over TLS (a map of
 * its own: the nodes' ports are their TLS ports). */
rcp_cluster *rcp_cluster_get(const rcp_seed *seeds, uint32_t nseeds, const char *user, size_t user_len, bool tls);

/*
 * Build a map from a CLUSTER SLOTS reply (zval as the reply reader built it). `from_host` is the address
 * the reply came from, used for empty or "?" endpoints. Returns RCP_OK, or RCP_E_PROTOCOL on a reply
 * of the wrong shape (empty, overlapping ranges, bad ports, too many nodes).
 */
rcp_status rcp_map_from_slots_reply(zval *reply, const char *from_host, rcp_map *map, rcp_err *err);

/* The same from a CLUSTER SHARDS reply (Redis 7.0+): also node health, hostnames and TLS ports, and the nodes of
 * shards that serve no slot yet. tls: the client connects over TLS, so a node's port is its tls-port when it has
 * one (CLUSTER SLOTS and MOVED already give the port matching the asking connection: Redis 8.0 and Valkey 8.1 by
 * the connection's type, 7.0 by tls-cluster; see tests/tls/client_port_only.phpt). */
rcp_status rcp_map_from_shards_reply(zval *reply, const char *from_host, bool tls, rcp_map *map, rcp_err *err);

/* In a flat [key, value, key, value, ...] array (a RESP2 map), the value of key; NULL when absent or arr is not
 * an array. */
zval *rcp_flat_get(zval *arr, const char *key);

/* Is z the string s? */
bool rcp_is_str(zval *z, const char *s);

/* Find or add a node (MOVED to an unknown node). Returns its index, or RCP_NO_NODE when full. */
uint16_t rcp_map_node(rcp_map *map, const char *host, size_t host_len, uint16_t port, bool replica);

/* Record that node idx of map is in availability zone `zone` (len bytes; an empty or too long name, or a map
 * that already knows RCP_MAX_ZONES zones: unknown). */
void rcp_map_set_zone(rcp_map *map, uint16_t idx, const char *zone, size_t len);

/* The index + 1 of zone in map->zones, 0 when no node of the map is in it. */
uint8_t rcp_map_zone(const rcp_map *map, const char *zone);

/* Install a new map for the cluster (takes ownership of map). */
void rcp_cluster_publish(rcp_cluster *cl, rcp_map *map);

/* Bring the process' copy up to date with the shared map when its generation moved (one atomic load
 * when it did not). Returns true when the local copy changed. */
bool rcp_cluster_sync(rcp_cluster *cl);

/* The cluster's learned command table (loading the shared one on first sight), or NULL: use the built-in one. */
struct rcp_cmdtab *rcp_cluster_cmds(rcp_cluster *cl);

/* Install a packed table (rcp_cmdpack.h) learned by this process: shared with every worker when the entry is
 * shared. Returns false when it does not load (a message in cl->cmds_note). */
bool rcp_cluster_cmds_learned(rcp_cluster *cl, const char *blob, size_t len);

/* The process' i-th cluster entry (in creation order), or NULL past the end: poolStats()/metrics() report the
 * private ones (no shared entry), which only their worker knows. */
rcp_cluster *rcp_cluster_nth(uint32_t i);

/* Free all cluster entries (MSHUTDOWN). */
void rcp_clusters_mshutdown(void);

/* Format "host:port" of a node (IPv6 bracketed). */
void rcp_node_addr(const rcp_node *n, char *buf, size_t cap);

#endif

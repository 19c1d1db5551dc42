/*
 * rcp_shm.h - the segment shared by all workers of one PHP-FPM master (or by a CLI process and its
 * pcntl_fork() children): a fixed table of clusters, each with a double-buffered slot map published under a
 * seqlock, a refresh lease, the refresh schedule and pool-wide counters.
 *
 * Layout (offsets, no pointers; created by mmap(MAP_SHARED|MAP_ANONYMOUS) in MINIT, before FPM forks):
 *
 *   +----------------------+  rcp_shm_header: magic, sizes, clusters used/full counters
 *   | header               |
 *   +----------------------+  rcp_shm_cluster[0]
 *   | key (seeds + user)   |    state FREE -> CLAIMED -> READY (CAS; never freed: a worker restart is cheap)
 *   | generation (seqlock) |    even = stable; a writer makes it odd, fills the inactive map, flips `active`,
 *   | active (0/1)         |    makes it even again. A MOVED patch adds 2 (keeps parity) after storing one
 *   | lease (one word)     |    slot atomically. Readers copy, then re-read the generation (no lock).
 *   | refresh schedule     |
 *   | counters             |
 *   | command table        |    learned from COMMAND once, immutable afterwards
 *   | map[0], map[1]       |
 *   +----------------------+  rcp_shm_cluster[1] ...
 *
 * Nothing here blocks: readers retry a bounded number of times, the lease (holder and deadline in one word) is
 * taken by one CAS and is taken over when its deadline passed or its holder is dead. The one wait: a process
 * finding an entry being claimed (its key being written, microseconds) waits for it (up to 2 s, not at all when
 * the claimer is dead), so that two processes never make two entries for one cluster. No allocation, I/O or user code runs while a worker is
 * writing a map (the CLUSTER SLOTS round trip happens before, into process memory). No password is stored; the
 * header's TLS session slots hold TLS session state (a resumption secret, as each worker's memory does), in an
 * anonymous mapping only the processes of one FPM master (or one CLI process and its children) share.
 */
#ifndef RCP_SHM_H
#define RCP_SHM_H

#include <stdint.h>
#include <stdbool.h>
#include <sys/types.h>
#include "rcp_topology.h"

#define RCP_SHM_KEY_MAX 1024

typedef struct rcp_shm_cluster rcp_shm_cluster;

/* Create the segment (MINIT). size and clusters come from ini; errbuf explains a failure. */
bool rcp_shm_init(size_t size, uint32_t clusters, char *errbuf, size_t errlen);
void rcp_shm_shutdown(void);

/* Bytes one cluster entry needs (for the ini validation message). */
size_t rcp_shm_entry_size(void);

/* Find or create the entry for a cluster key. NULL when the table is full or the key is over RCP_SHM_KEY_MAX
 * (the caller keeps a private map); either is counted (rcp_shm_info). */
rcp_shm_cluster *rcp_shm_cluster_get(const char *key, size_t len);

/* Current generation (one atomic load; even when stable). 0 = no map published yet. */
uint64_t rcp_shm_generation(rcp_shm_cluster *sc);

/* Copy the published map into dst (process memory). Returns the generation copied, 0 if none or busy. */
uint64_t rcp_shm_read_map(rcp_shm_cluster *sc, rcp_map *dst);

/* Publish a freshly built map (call while holding the lease). Returns the new generation. */
uint64_t rcp_shm_publish(rcp_shm_cluster *sc, const rcp_map *src);

/* Point one slot at a known primary (MOVED), visible to every worker at once. Returns false (and asks for a
 * full refresh) when the node is not a known primary. */
bool rcp_shm_patch_slot(rcp_shm_cluster *sc, int slot, const char *host, uint16_t port);

/* Refresh lease: single flight across processes (and their threads under ZTS: the holder is a thread id there).
 * lease_ms bounds how long a holder may take. */
bool rcp_shm_lease_try(rcp_shm_cluster *sc, uint64_t now_ms, uint64_t lease_ms, bool *took_over);
void rcp_shm_lease_release(rcp_shm_cluster *sc);
pid_t rcp_shm_lease_holder(rcp_shm_cluster *sc);

/* Health marks by node index of the published map: a node whose connection failed is suspect until
 * until_ms, so every worker prefers other nodes (e.g. for CLUSTER SLOTS) without paying its timeout. */
void rcp_shm_mark_suspect(rcp_shm_cluster *sc, uint16_t idx, uint64_t until_ms);
void rcp_shm_clear_suspect(rcp_shm_cluster *sc, uint16_t idx);
bool rcp_shm_is_suspect(rcp_shm_cluster *sc, uint16_t idx, uint64_t now_ms);

/* Refresh schedule and requests. */
void rcp_shm_want_refresh(rcp_shm_cluster *sc);

/* A client reads by availability zone: whichever worker refreshes asks the nodes' zones from now on. */
void rcp_shm_want_zones(rcp_shm_cluster *sc);
bool rcp_shm_zones_wanted(rcp_shm_cluster *sc);
bool rcp_shm_refresh_due(rcp_shm_cluster *sc, uint64_t now_ms, uint64_t min_interval_ms);
void rcp_shm_refreshed(rcp_shm_cluster *sc, uint64_t now_ms, uint64_t next_ms);
uint64_t rcp_shm_last_refresh(rcp_shm_cluster *sc);

/*
 * The command table learned from the server (COMMAND), packed (rcp_cmdpack.h): written once per entry by the
 * refresh lease holder, immutable afterwards, so readers copy it without a lock.
 */
#define RCP_SHM_CMDS_MAX (96 * 1024)
bool rcp_shm_cmds_publish(rcp_shm_cluster *sc, const void *blob, size_t len);
const void *rcp_shm_cmds_get(rcp_shm_cluster *sc, size_t *len);

/* Pool-wide counters. */
typedef enum {
	RCP_SC_CLUSTER_SLOTS = 0, RCP_SC_REFRESHES, RCP_SC_MOVED, RCP_SC_ASK, RCP_SC_LEASE_TAKEOVERS,
	RCP_SC_REFRESH_FAILURES, RCP_SC_READ_RETRIES, RCP_SC_GETKEYS, RCP_SC_NOSCRIPT_FALLBACKS,
	RCP_SC_READ_AUTH_FALLBACKS,  /* policy reads sent to another node because one refused the credentials */
	RCP_SC_COUNT
} rcp_shm_counter;
void rcp_shm_count(rcp_shm_cluster *sc, rcp_shm_counter c);
uint64_t rcp_shm_counter_get(rcp_shm_cluster *sc, rcp_shm_counter c);

/*
 * Authentication failures, remembered for every worker: a node that refused a connection's credentials or
 * setup (AUTH: WRONGPASS, READONLY: NOPERM) is not asked again with the same credentials until until_ms, so
 * a pool of workers with a wrong password does not reconnect in a loop, and reads skip it. key_hash identifies
 * node + credentials, node_hash the node alone: keyed hashes (rcp_secret_hash, a key kept in process memory), so
 * the segment holds nothing a reader could test a password guess against; msg is the refusal (names the node and
 * the error, never the password).
 */
#define RCP_SHM_AUTH_MSG 384
void rcp_shm_auth_note(uint64_t key_hash, uint64_t node_hash, uint64_t until_ms, const char *etype, const char *msg);
bool rcp_shm_auth_get(uint64_t key_hash, uint64_t now_ms, char *etype, size_t elen, char *msg, size_t mlen,
                      uint64_t *until_ms);
/* Whether any refusal is remembered at now_ms (one atomic load: the hot path's check). */
bool rcp_shm_auth_any(uint64_t now_ms);
/* Whether node_hash's node refused some credentials, remembered at now_ms. */
bool rcp_shm_auth_node(uint64_t node_hash, uint64_t now_ms);

/*
 * TLS sessions, shared by every worker: the serialized session (i2d_SSL_SESSION) a node gave one worker, so
 * that another worker opening its first connection to that node resumes it (an abbreviated handshake) instead
 * of a full one. key: a hash of the TLS settings and the node (0: not shared). A fixed table of slots, any key in
 * any slot (its own, else a free one, else the one written longest ago: RCP_SHM_TLS_SLOTS pairs of settings and
 * node at once, more take turns), each a seqlock; a writer killed mid-write is taken over after
 * RCP_SHM_TLS_BUSY_MS. Readers never wait. put() copies at most RCP_SHM_TLS_SESSION_MAX bytes (a larger session is
 * not shared); get() copies the session into buf and returns its length, 0 when there is none for key.
 */
#define RCP_SHM_TLS_SLOTS 32
#define RCP_SHM_TLS_SESSION_MAX 3072
#define RCP_SHM_TLS_BUSY_MS 1000
bool rcp_shm_tls_session_put(uint64_t key, const void *der, size_t len, uint64_t now_ms);
size_t rcp_shm_tls_session_get(uint64_t key, void *buf, size_t cap);

/*
 * Pool-wide metrics of every node this pool talks to, in the segment (segment-wide: a node is one node whatever
 * cluster entry reaches it). Updated with relaxed atomic adds by every worker, no lock; read by summing nothing
 * (one slot per node). A node is given its slot on first use (CAS on the state); when all RCP_SHM_NODESTATS
 * are taken, further nodes share the last slot ("other").
 */
#define RCP_SHM_NODESTATS 256
#define RCP_LAT_BUCKETS   24      /* bucket i: latencies in [2^i, 2^(i+1)) microseconds (i = 0: < 2 us); the
                                     last also holds everything slower (>= 8.4 s) */
typedef enum {
	RCP_NS_COMMANDS = 0,     /* commands sent (replies expected) */
	RCP_NS_BATCHES,          /* writes of one or more commands whose replies were awaited together */
	RCP_NS_ERR_REPLY,        /* error replies other than redirects */
	RCP_NS_ERR_REDIRECT,     /* MOVED / ASK replies */
	RCP_NS_ERR_TIMEOUT,      /* batches that timed out */
	RCP_NS_ERR_CONNECTION,   /* batches that failed to connect, or lost the connection */
	RCP_NS_ERR_OTHER,        /* protocol errors, memory_limit refusals */
	RCP_NS_BYTES_OUT,
	RCP_NS_BYTES_IN,
	RCP_NS_LAT_SUM_US,       /* sum of batch latencies (the histogram's _sum) */
	RCP_NS_CONN_OPENED,
	RCP_NS_CONN_REUSED,      /* a pooled connection taken by a new request */
	RCP_NS_CONN_CLOSED,      /* every close of a connection we opened (open = opened - closed) */
	RCP_NS_DISC_BROKEN,      /* discarded, by reason */
	RCP_NS_DISC_CLOSED_BY_PEER,
	RCP_NS_DISC_UNREAD,
	RCP_NS_DISC_FORKED,
	RCP_NS_DISC_IDLE,
	RCP_NS_SUSPECT_MARKS,    /* marked suspect after a failure */
	RCP_NS_TLS_FULL,         /* TLS handshakes completed in full */
	RCP_NS_TLS_RESUMED,      /* TLS handshakes that resumed a session (abbreviated) */
	RCP_NS_TLS_FAILED,       /* TLS handshakes that failed (verification, protocol) */
	RCP_NS_AUTH_REFUSALS,    /* the node refused a connection's credentials or setup (AUTH, READONLY) */
	RCP_NS_COUNT
} rcp_ns_counter;

typedef struct rcp_shm_nodestat_s {
	uint32_t state;                  /* 0 free, 1 being claimed, 2 ready */
	char addr[280];                  /* "host:port" */
	uint64_t v[RCP_NS_COUNT];
	uint64_t lat[RCP_LAT_BUCKETS];
} rcp_shm_nodestat;

/* The metrics slot of node addr (found or claimed), or NULL without a segment. */
rcp_shm_nodestat *rcp_shm_nodestat_get(const char *addr);
static inline void rcp_ns_add(rcp_shm_nodestat *ns, rcp_ns_counter c, uint64_t n)
{
	if (ns) {
		__atomic_fetch_add(&ns->v[c], n, __ATOMIC_RELAXED);
	}
}
/* All slots (*n): the ready ones have state 2. */
const rcp_shm_nodestat *rcp_shm_nodestats(uint32_t *n);

/* Per command name, per cluster entry: calls and errors (error replies or failures). */
#define RCP_SHM_CMDSTATS 128
typedef struct {
	uint32_t state;
	char name[44];                   /* upper case, "CLIENT|LIST"; longer names share the last slot */
	uint64_t calls, errors;
} rcp_shm_cmdstat;
rcp_shm_cmdstat *rcp_shm_cmdstat_get(rcp_shm_cluster *sc, const char *name);
const rcp_shm_cmdstat *rcp_shm_cmdstats(rcp_shm_cluster *sc, uint32_t *n);   /* all slots, ready: state 2 */

/* Reading other clusters' entries (poolStats()/metrics()): the i-th ready entry's key, or NULL past the end. */
rcp_shm_cluster *rcp_shm_cluster_at(uint32_t i, const char **key, size_t *keylen);

/* Segment-wide figures for stats()/phpinfo(). */
typedef struct {
	size_t size, used;
	uint32_t clusters_max, clusters_used, clusters_full, clusters_key_too_long;
} rcp_shm_info;
bool rcp_shm_get_info(rcp_shm_info *out);

#endif

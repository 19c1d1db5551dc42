/*
 * rcp_exec.h - run one command against the cluster: route by slot, send, follow MOVED/ASK, back off on
 * TRYAGAIN/CLUSTERDOWN, refresh the slot map when asked to, and fan keyless commands out to all
 * primaries with the command table's merge policy.
 *
 * Core code: works on C strings and returns rcp_status + rcp_err; replies are zvals built by the reader
 * (an error reply is an RedisClusterPool\Error object in *reply with status RCP_OK: the binding decides
 * whether to throw it).
 */
#ifndef RCP_EXEC_H
#define RCP_EXEC_H

#include "rcp_commands.h"
#include "rcp_engine.h"
#include "rcp_topology.h"
#include "rcp_route.h"
#include "rcp_tls.h"
#include "rcp_cache.h"

/*
 * The one bound on the hops of one command (a single command, a pipelined or split one re-run alone, a
 * transaction, a WATCH): MOVED and ASK redirects, TRYAGAIN and CLUSTERDOWN retries and READONLY waits for a new
 * primary all count. The first RCP_REDIRECTS_IMMEDIATE hops go at once; each later one first backs off (10 ms,
 * doubling up to 200 ms) and is not taken when the command's deadline would pass: nodes that disagree for a
 * moment (a slot just moved, its new owner not yet known to all) converge meanwhile.
 */
#define RCP_MAX_REDIRECTS 16
#define RCP_REDIRECTS_IMMEDIATE 2

/* Where read-only commands go (option "read", ini redis_cluster_pool.read_policy). */
typedef enum {
	RCP_READ_PRIMARY = 0,     /* the slot's primary (read-your-writes) */
	RCP_READ_PREFER_REPLICA,  /* a replica of the slot; on failure another replica, then the primary */
	RCP_READ_REPLICA,         /* replicas only (the primary only for a slot that has no replica) */
	RCP_READ_ANY,             /* primary or replicas, at random; on failure the others */
	RCP_READ_AZ_AFFINITY,     /* replicas in the client's zone, then the other replicas, then the primary */
	RCP_READ_AZ_AFFINITY_RP,  /* replicas in the zone, the primary when in the zone, then the other replicas,
	                             then the primary */
} rcp_read_policy;

/* The policies' names, for messages. */
#define RCP_READ_POLICY_NAMES "primary, prefer_replica, replica, any, az_affinity or az_affinity_replicas_and_primary"

/* A policy's name -> rcp_read_policy, or -1. */
int rcp_read_policy_parse(const char *s, size_t len);

/* Whether the policy routes by availability zone (and so needs the client's zone). */
#define RCP_READ_BY_ZONE(p) ((p) == RCP_READ_AZ_AFFINITY || (p) == RCP_READ_AZ_AFFINITY_RP)


#define RCP_CRED_USER_MAX 60       /* a user name longer than this is keyed by its hash (rcp_client_set_auth) */

typedef struct {
	rcp_cluster *cluster;
	char cred[128];               /* pool key part: user (up to RCP_CRED_USER_MAX bytes, else 'h' + its SHA-256 in
	                                 hex: never two users with one key) + "\0" + hash of the password (no secret)
	                                 [+ "\0t" + hash of the TLS settings] [+ "\0np" + object id for
	                                 'persistent' => false] */
	size_t cred_len;
	char *setup;                  /* RESP of AUTH (emalloc'd; zeroed when freed), or NULL; CLIENT SETINFO appended
	                                 once the servers are known to have it */
	bool setinfo_checked;
	size_t setup_len;
	uint32_t setup_replies;
	uint64_t connect_timeout_ms;
	uint64_t rw_timeout_ms;
	uint64_t refresh_interval_ms; /* periodic refresh; 0 = never */
	uint64_t refresh_min_interval_ms;
	uint32_t refresh_jitter_pct;  /* periodic refresh spread: interval +/- this percentage */
	bool private_conns;           /* 'persistent' => false: connections die with the object */
	rcp_tls *tls;                 /* TLS settings of every connection (process-wide), NULL: plaintext */
	uint8_t read_policy;          /* rcp_read_policy */
	char zone[RCP_ZONE_MAX];      /* the client's availability zone (option "zone", ini redis_cluster_pool.zone),
	                                 "" when none */
	uint64_t deadline_ms;         /* option "deadline": one operation, all attempts (0: rw_timeout_ms) */
	uint64_t cmd_deadline;        /* absolute deadline of the operation running (rcp_now_ms clock) */
	uint64_t op_clock_us;         /* rcp_begin()'s clock reading, for the operation's first deadline (0: used) */
	uint64_t batch_start_us;      /* the reading rcp_deadline() used, for the batch about to run (0: used) */
	char ro_cred[132];            /* pool key of READONLY (replica read) connections: cred + "\0ro" */
	size_t ro_cred_len;
	char *ro_setup;               /* setup + READONLY (emalloc'd, zeroed when freed), built on first use */
	size_t ro_setup_len;
	char last_node[RCP_ADDR_MAX]; /* "host:port" that sent the last reply (named by ServerException) */
	zend_string *err_full;        /* the whole message of the last error when longer than rcp_err.msg, or NULL */
	rcp_partial partial;          /* after a split command that failed on some nodes only: what succeeded and
	                                 what failed (rcp_errors.h; filled by rcp_exec_split); reset by each rcp_exec */
	struct rcp_client_cache *cache; /* the read cache's settings ('cache' option, issue 23), NULL: not cached */
	const char *op_ready_key;     /* a read of this key (argv[1], these bytes) that the read cache's early lookup
	                                 (rcp_exec_cached_get, a miss) began and whose map it checked a moment ago,
	                                 with no I/O: its route does neither again; NULL: none */
	const char *cache_first_key;  /* a read of this key (argv[1], these bytes) whose early lookup was its first miss
	                                 (rcp_cache_admit): its route takes no ticket, its reply is not stored; NULL:
	                                 none */
} rcp_client;

/*
 * The read cache for this client (option 'cache', issue 23; src/core/exec_cache.c, docs/CACHE.md): cacheable reads
 * are looked up in the shared cache before anything is sent, their replies stored, the keys of every write through
 * any client of the cluster in this process dropped. ttl_ms: the longest an entry is served (0: none but the cache's
 * own age cap); untracked: where a node refuses CLIENT TRACKING, cache with the ttl alone (needs ttl_ms); prefixes:
 * only keys starting with one of them (the pool's key prefix included), none: every key. user/pass/tls: what the
 * invalidation links authenticate with (copied; the password is zeroed when freed). Without a cache
 * (redis_cluster_pool.cache_memory=0, or the cache's cluster table full) this does nothing and returns false.
 */
typedef struct {
	uint32_t ttl_ms;
	bool untracked;
	uint32_t nprefixes;
	const char *const *prefixes;
	const size_t *prefix_lens;
} rcp_cache_opts;
bool rcp_client_cache_on(rcp_client *cl, const rcp_cache_opts *o, const char *user, size_t ulen, const char *pass,
                         size_t plen, const rcp_tls_opts *tls);

/* A read of one key with no other argument (a command flagged RCP_CMD_CACHE_ONE: GET, HGETALL...) looked up in the
 * read cache before its argv and route are built (the binding's command methods): true, *reply set, on a hit (the
 * command counted, nothing sent). false: run the command as always (not for the cache, or a miss: its hashes and start
 * are kept for its route's lookup, which takes its ticket without a second lookup), then call
 * rcp_exec_cache_get_end(). Only for a client with a cache.
 * sig_hash and siglen: the read's signature (its command's name and NUL) and rcp_cache_sig_hash() of it, which the
 * caller makes once per command. */
bool rcp_exec_cached_get(rcp_client *cl, const rcp_cmd *cmd, uint64_t sig_hash, size_t siglen, const char *key,
                         size_t keylen, zval *reply);
/* Its lookup itself (exec.c's rcp_exec_cached_get() first forgets a pending miss, rcp_exec_cache_get_end(), then
 * checks the map, and begins the command when the read is sent; now_ns: when the read began, 0: read the clock). A
 * hit is looked for by the key's hash alone (rcp_cache_probe: no slot computed, no ticket); a miss's ticket is taken
 * by its route, once its slot is known (rcp_exec_cache_lookup), without hashing the key again. */
bool rcp_exec_cache_get(rcp_client *cl, const rcp_cmd *cmd, uint64_t sig_hash, size_t siglen, const char *key,
                        size_t keylen, uint64_t now_ns, zval *reply);
void rcp_exec_cache_get_end(rcp_client *cl);
/* An MGET (a command flagged RCP_CMD_CACHE_MGET) of keys (strings), answered by the read cache before its argv and
 * route are built when every key hits (one pass: *reply the values in order, true). false: run it as always. */
bool rcp_exec_cached_mget(rcp_client *cl, const rcp_cmd *cmd, HashTable *keys, zval *reply);
bool rcp_exec_cache_mget(rcp_client *cl, const rcp_cmd *cmd, HashTable *keys, uint64_t now_ns, zval *reply);

/* Release what rcp_client_cache_on() made (rcp_client_free() calls it). */
void rcp_client_cache_free(rcp_client *cl);
/* Reads of this process not cached because their node refuses tracking and the client did not ask for 'untracked'. */
uint64_t rcp_cluster_cache_not_cached(const rcp_cluster *cl);
/* What a link request carries, from a client's node address, credentials and TLS settings (strings borrowed from the
 * arguments: keep them until rcp_cache_link_request() returns). tls NULL or disabled: plaintext. */
void rcp_cache_link_cfg_make(rcp_cache_link_cfg *cfg, const char *host, uint16_t port, const char *user,
                             const char *pass, size_t pass_len, const rcp_tls_opts *tls);

/* Fill the credential fields (AUTH command, pool key). user/pass may be NULL. */
void rcp_client_set_auth(rcp_client *cl, const char *user, size_t ulen, const char *pass, size_t plen);
void rcp_client_free(rcp_client *cl);

/* Make sure the cluster has a slot map (discovering it or refreshing it per policy). */
rcp_status rcp_client_ready(rcp_client *cl, rcp_err *err);

/* Rediscover the topology now (seeds and known nodes in random order until one answers). */
rcp_status rcp_client_refresh(rcp_client *cl, rcp_err *err);

/* SCAN: its cursor belongs to one node, so it is refused through the routed paths (unsupported route) and
 * allowed only where the caller names the node (rawOnNodes(), scanAll()). */
bool rcp_cmd_node_cursor(const rcp_cmd *cmd);

/* Commands that make sense only on a node the caller names: SCAN and the CLUSTER administration subcommands
 * (no connection state: rawOnNodes() sends them; the routed paths refuse them, saying so). */
bool rcp_cmd_node_only(const rcp_cmd *cmd);

/* Fill err with why cmd (route RCP_ROUTE_UNSUPPORTED) cannot run through the pool; returns RCP_E_ARGUMENT. */
rcp_status rcp_cmd_unsupported(const rcp_cmd *cmd, rcp_err *err);

/* Fill err with why cmd (route RCP_ROUTE_AFTER_WRITE: WAIT, WAITAOF) cannot be sent where it is (`where`: "first
 * in the pipeline", ...) and where it can; returns RCP_E_ARGUMENT. */
rcp_status rcp_cmd_misplaced(const rcp_cmd *cmd, const char *where, rcp_err *err);

/* Execute argv on one given node (no key routing; MOVED/ASK are still followed). For per-node commands
 * (SCAN cursors, per-node admin) whose node the caller chose. */
rcp_status rcp_exec_node(rcp_client *cl, const char *host, uint16_t port, int argc, const char *const *argv,
                         const size_t *argvlen, const char *name, zval *reply, rcp_err *err);

/* One node's share of rcp_exec_on_nodes(): RESP bytes of `count` commands, whose replies go to
 * replies[first .. first + count - 1]. */
typedef struct {
	uint16_t node;                /* index in the cluster's map */
	uint32_t first, count;
	const char *buf;
	size_t len;
	const rcp_route *routes;      /* the `count` commands' routes (their keys; read-only or not): the read cache drops
	                                 a write's keys at once. NULL: none */
} rcp_node_batch;

/*
 * Commands for nodes the caller chose: each node's bytes in one write, every node written before any reply
 * is read (one round trip), on the batch builder of every multi-node path (its one retry rule: a pooled connection
 * found dead before anything was written is retried once on a fresh one; src/core/exec_batch.c). Any other failure
 * fails the call naming the node (marked suspect, refresh requested). Replies are left as the reader built them
 * (UNDEF where a node failed). Replica nodes get READONLY connections.
 */
rcp_status rcp_exec_on_nodes(rcp_client *cl, const rcp_node_batch *b, uint32_t nn, zval *replies, rcp_err *err);

/* Execute the command of route r (filled by rcp_route_keys + rcp_route_slots: rcp_route.h): the reply (an error reply
 * as an Error object, r->reply_kind saying so), or a failure in err. */
rcp_status rcp_exec(rcp_client *cl, rcp_route *r, zval *reply, rcp_err *err);

/* The same for argv built by the caller itself (the session handler, the core's own commands): the route made here. */
rcp_status rcp_exec_argv(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                         zval *reply, rcp_err *err);

/* Ask the server where the keys of a call of an RCP_CMD_GETKEYS command are (COMMAND GETKEYS) and remember
 * them for its shape (rcp_shape_note). An error: the call must not be sent (nobody can tell where it goes). */
rcp_status rcp_client_getkeys(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                              const size_t *argvlen, rcp_err *err);

/* One command of a pipeline or a transaction: its route (rcp_route_build, or the binding's steps; freed by whoever
 * filled it: rcp_route_free), its reply (UNDEF until executed). */
typedef struct {
	rcp_route route;
	zval reply;
} rcp_pipe_cmd;

/*
 * Execute a pipeline: commands whose keys live in one slot (and keyless single-node commands) are grouped
 * by node, every node's commands are written in one write and all nodes are written before any reply is
 * read (one round trip in parallel). A command answered by MOVED/ASK/TRYAGAIN is re-run alone following
 * the redirect; commands that fan out or span slots run alone after the batch. Replies land in cmds[i].reply
 * in call order (error replies as Error objects, in place). Returns the first I/O failure, if any; commands
 * of a failed node then have no reply (UNDEF).
 */
rcp_status rcp_exec_pipeline(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err);

/* ---- transactions ---- */

/* A WATCH in force: the node and the very connection it lives on (EXEC must use that one). */
typedef struct {
	bool active;
	int slot;                     /* slot of the WATCHed keys */
	char host[RCP_HOST_MAX];
	uint16_t port;
	uint64_t conn_id;             /* rcp_conn.id of the connection holding it */
} rcp_watch;

/* WATCH argv[1..] now, on the owner of their slot (the slot of earlier WATCHes of w, if any). */
rcp_status rcp_tx_watch(rcp_client *cl, rcp_watch *w, int argc, const char *const *argv, const size_t *argvlen,
                        rcp_err *err);

/* UNWATCH (best effort) and forget the WATCH. */
void rcp_tx_unwatch(rcp_client *cl, rcp_watch *w);

/*
 * MULTI + cmds + EXEC in one write to the node of their slot (w's node and connection when WATCHing).
 * On success *exec_reply is EXEC's array (error replies in place as Error objects). When the server
 * aborted it (a WATCHed key changed, or the WATCHed slot moved) *exec_reply is NULL and *aborted says why.
 * A command the server refused to queue fails the whole transaction (RCP_E_SERVER, nothing executed).
 * The WATCH is over in every case.
 */
rcp_status rcp_exec_transaction(rcp_client *cl, rcp_watch *w, rcp_pipe_cmd *cmds, int n, zval *exec_reply,
                                const char **aborted, rcp_err *err);

#endif

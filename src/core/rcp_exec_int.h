/*
 * rcp_exec_int.h - the execution core's internal interface, shared by its files only (the public one is
 * rcp_exec.h). Sections in layer order: a file uses only the sections of the files before it, never a later
 * one, so the layers read bottom-up and there is no cycle (one header: nothing to include in a loop).
 *
 *   exec_health.c      what an exchange says about a node: suspect marks, refresh requests
 *   route.c            a command's route: keys, slots, kind (rcp_route.h), and its target node in the map
 *   exec_cache.c       the read cache's places in the command path (issue 23; below: "the read cache's places")
 *   exec_batch.c       a client's connections (setup, READONLY), deadlines, one request to one node
 *   exec_refresh.c     topology discovery and refresh (single flight)
 *   exec_redirect.c    the one redirect loop (MOVED, ASK, TRYAGAIN, CLUSTERDOWN, READONLY), RCP_MAX_REDIRECTS
 *   exec_read.c        read policies: the nodes a read may go to, in order
 *   exec_split.c       fan-out to every primary / node, multi-key commands split by slot
 *   exec.c             one command: the entry point (rcp_exec), scripts' NOSCRIPT fallback, COMMAND GETKEYS
 *   exec_pipeline.c    pipelines, commands for chosen nodes
 *   exec_transaction.c MULTI/EXEC, WATCH
 *   pubsub.c           a subscriber's connections (on top of the others; rcp_pubsub.h)
 */
#ifndef RCP_EXEC_INT_H
#define RCP_EXEC_INT_H

#include <unistd.h>
#include "php.h"
#include "zend_smart_str.h"
#include "ext/random/php_random.h"
#include "rcp_exec.h"
#include "rcp_resp_format.h"
#include "rcp_pool.h"
#include "rcp_reply.h"
#include "rcp_slot.h"
#include "rcp_shm.h"
#include "rcp_scripts.h"
#include "rcp_cmdlearn.h"
#include "rcp_count.h"
#include "rcp_route.h"
#include "php_redis_cluster_pool.h"

/* Where one exchange goes. */
typedef struct {
	char host[RCP_HOST_MAX];
	uint16_t port;
	bool ro;                  /* a replica read: the connection with READONLY */
	bool read;                /* a read-only command: safe to send again after its connection was reset */
	bool has_slot;            /* slot is the keys' slot: a demoted primary (READONLY) can be routed around */
	uint16_t slot;
	uint16_t node1;           /* a hint: 1 + the node's index in the client's map when the target was made, 0: none
	                             (checked against host and port before use: a stale one only costs a search) */
} rcp_target;

/*
 * What one exchange with a node sends: bytes already encoded (buf), or a command (argv) encoded into the
 * connection's own reusable buffer once the connection is known (no allocation per command), optionally behind
 * ASKING (an ASK redirect).
 */
typedef struct {
	const char *buf;              /* RESP bytes (nreplies commands), or NULL: encode argv */
	size_t len;
	int argc;
	const char *const *argv;
	const size_t *argvlen;
	uint32_t nreplies;            /* replies to buf (1 for argv) */
	bool asking;                  /* ASKING first (its reply dropped) */
	const char *head;             /* argv only: the RESP of the command's first arguments, already encoded, with
	                                 the array header counting argv's too (rcp_wbuf_command_after); NULL: none */
	size_t headlen;
	uint64_t block_ms;            /* a blocking command's own timeout (rcp_cmd_block_ms), added to its read deadline */
} rcp_req;

#define RCP_ASKING_CMD "*1\r\n$6\r\nASKING\r\n"

/* Most nodes a read is tried on. */
#define RCP_MAX_READ_CANDIDATES 32

/* ---- exec_health.c ---- */
void rcp_want_refresh(rcp_cluster *cc);
void rcp_node_failed(rcp_cluster *cc, const char *host, uint16_t port);
void rcp_node_outcome(rcp_cluster *cc, const char *host, uint16_t port, rcp_status code);
/* A success on host:port clears its suspect mark; node1: rcp_target.node1 (a hint, 0: none). */
void rcp_node_ok(rcp_cluster *cc, const char *host, uint16_t port, uint16_t node1);

/* ---- route.c ---- */
/* A primary of the map, at random (one pick per operation: a keyless command, a pipeline's keyless commands). */
uint16_t rcp_map_any_primary(const rcp_map *map);
/* The owner of slot in the client's map into *node; a slot nobody serves asks for a refresh and is an error (name:
 * the command, or "transaction"). */
rcp_status rcp_slot_owner(rcp_client *cl, int slot, const char *name, uint16_t *node, rcp_err *err);
/* r->node: the slot's owner (ONE_SLOT) or the one pick among the primaries (ANY). After rcp_client_ready_at(). */
rcp_status rcp_route_target(rcp_client *cl, rcp_route *r, rcp_err *err);
/* The exchange's target for node idx of map (a replica's READONLY connection when it is one). */
void rcp_node_target(const rcp_map *map, uint16_t idx, rcp_target *t);
/* The exchange's target for the route's node (its primary's connection; the slot for READONLY re-routing). */
void rcp_route_to_target(const rcp_map *map, const rcp_route *r, rcp_target *t);

/*
 * ---- the read cache's places (issue 23; docs/CACHE.md, "Integration plan") ----
 * Where the exec path meets the read cache, named once so that the cache is wired in here and nowhere else. Each is
 * a no-op today (static inline: no cost); the cache's engineer gives them their bodies (rcp_cache.h calls) and sets
 * RCP_RF_CACHEABLE in the route where the cache's rule says so.
 */
/* The out-of-line halves (src/core/exec_cache.c), reached only when the client or the cluster has a cache. */
bool rcp_exec_cache_lookup(rcp_client *cl, rcp_route *r, zval *reply);
void rcp_exec_cache_fill(rcp_client *cl, rcp_route *r, const zval *reply);
void rcp_exec_cache_write(rcp_cluster *cc, const rcp_route *r);
/* Every entry of the cluster dropped, as FLUSHALL through the pool does (a write whose keys cannot be known). */
void rcp_exec_cache_flush(rcp_cluster *cc);
void rcp_exec_cache_slot_moved(rcp_cluster *cc, int slot);
void rcp_exec_cache_new_map(rcp_cluster *cc);
/* A cacheable MGET (a single command, not a pipeline's): its keys looked up one by one with one clock reading
 * (rcp_exec_cache_mget_lookup: false when it is not for the cache; else m holds the hits and the misses), then
 * rcp_exec_route() sends an MGET of the misses alone (RCP_RF_NOCACHE; split by node and sent in parallel as any),
 * and rcp_exec_cache_mget_merge() fills each miss with its ticket and builds the reply in key order (st, kind, got:
 * the misses' MGET's outcome; got unused when nothing missed). Frees m. */
typedef struct {
	int n, nmiss;
	zval *vals;                 /* the hits (UNDEF for a miss) */
	rcp_cache_ticket *tk;       /* each key's ticket */
	int *miss;                  /* the misses' indexes, in key order */
	uint8_t *untracked;         /* a key's entry is untracked (its node refuses tracking; 'untracked') */
} rcp_cache_mget;
bool rcp_exec_cache_mget_lookup(rcp_client *cl, const rcp_route *r, rcp_cache_mget *m);
rcp_status rcp_exec_cache_mget_merge(rcp_client *cl, rcp_route *r, rcp_cache_mget *m, rcp_status st, uint8_t kind,
                                     zval *got, zval *reply, rcp_err *err);

/* Before anything is sent (rcp_exec_route() once the target is known, each batchable command of a pipeline): a hit
 * answers the command (*reply set, r->reply_kind RCP_RK_VALUE, true: nothing is sent); a miss takes the fill ticket
 * into r->ticket and sets RCP_RF_CACHEABLE when its reply may be stored. A cache-off client pays one test. */
static zend_always_inline bool rcp_cache_at_lookup(rcp_client *cl, rcp_route *r, zval *reply)
{
	if (EXPECTED(cl->cache == NULL)) {
		return false;
	}
	if (cl->cache_first_key && r->argc == 2 && r->argv[1] == cl->cache_first_key) {
		/* the read whose first miss the early lookup saw a moment ago: nothing to take */
		cl->cache_first_key = NULL;
		r->flags &= (uint8_t)~(RCP_RF_CACHEABLE | RCP_RF_UNTRACKED);
		return false;
	}
	return rcp_exec_cache_lookup(cl, r, reply);
}
/* After the reply of a cacheable read came back as a value (r->reply_kind RCP_RK_VALUE, RCP_RF_CACHEABLE): fill
 * with r->ticket. */
static zend_always_inline void rcp_cache_at_fill(rcp_client *cl, rcp_route *r, const zval *reply)
{
	if (cl->cache) {
		rcp_exec_cache_fill(cl, r, reply);
	}
}
/* After the reply, or the failure, of a command that is not read-only (a write, a script, FLUSHALL...): every key of
 * the route (r->pos) is dropped from the cache for every worker; FLUSHALL/FLUSHDB drop the cluster's entries. Any
 * client of a cluster some client of this process caches (cl->cluster->cache) does it. */
static zend_always_inline void rcp_cache_at_write(rcp_client *cl, const rcp_route *r)
{
	if (UNEXPECTED(cl->cluster->cache != NULL)) {
		rcp_exec_cache_write(cl->cluster, r);
	}
}
/* A slot changed owner (a MOVED patched the map, an ASK redirect: the slot is migrating). */
static zend_always_inline void rcp_cache_at_slot_moved(rcp_cluster *cc, int slot)
{
	if (UNEXPECTED(cc->cache != NULL)) {
		rcp_exec_cache_slot_moved(cc, slot);
	}
}
/* The map was replaced (a refresh published a new one, or this worker took the segment's): the slots whose owner
 * changed since the last map this process saw are bumped (old: unused, the process keeps the owners itself). */
static zend_always_inline void rcp_cache_at_new_map(rcp_cluster *cc, const rcp_map *old)
{
	(void)old;
	if (UNEXPECTED(cc->cache != NULL)) {
		rcp_exec_cache_new_map(cc);
	}
}

/* The process' copy of the map brought up to date with the segment's (rcp_cluster_sync), telling the read cache
 * when it was replaced. True when it changed. */
static zend_always_inline bool rcp_sync_map(rcp_cluster *cc)
{
	bool changed = rcp_cluster_sync(cc);

	if (changed) {
		rcp_cache_at_new_map(cc, NULL);
	}
	return changed;
}

/* ---- exec_batch.c ---- */
rcp_conn *rcp_client_conn_ro(rcp_client *cl, const char *host, uint16_t port, bool ro);
rcp_conn *rcp_client_conn(rcp_client *cl, const char *host, uint16_t port);
uint64_t rcp_begin(rcp_client *cl);
/* rcp_begin() with the clock (rcp_now_us()) read by the caller a moment ago. */
uint64_t rcp_begin_at(rcp_client *cl, uint64_t now_us);
/* Whether a client's own map (no shared entry) is due for a refresh at now (ms): asked for and the minimum interval
 * past, or its periodic one. */
static zend_always_inline bool rcp_own_refresh_due(const rcp_client *cl, uint64_t now)
{
	const rcp_cluster *cc = cl->cluster;

	return (cc->refresh_wanted && now - cc->last_refresh_ms >= cl->refresh_min_interval_ms) || now >= cc->next_refresh_ms;
}
/* Whether rcp_client_ready_at() has nothing to do at now (ms) for a client that reads from primaries (no zones to
 * learn): a map, the shared map's generation the client's, no refresh due. No I/O, no write: the read cache's early
 * lookup skips the operation's start when it answers (rcp_exec_cache_begin). */
static zend_always_inline bool rcp_client_map_quiet(const rcp_client *cl, uint64_t now)
{
	const rcp_cluster *cc = cl->cluster;

	if (!cc->map) {
		return false;
	}
	if (cc->shared) {
		uint64_t g = rcp_shm_generation(cc->shared);
		return (g == 0 || g == cc->shared_gen) && !rcp_shm_refresh_due(cc->shared, now, cl->refresh_min_interval_ms);
	}
	return !rcp_own_refresh_due(cl, now);
}
/* rcp_client_ready() with the clock read by the caller a moment ago (rcp_begin()'s). */
rcp_status rcp_client_ready_at(rcp_client *cl, uint64_t now, rcp_err *err);
uint64_t rcp_deadline(rcp_client *cl);
void rcp_part_init(rcp_part *part, rcp_conn *c);
void rcp_run_one(rcp_client *cl, rcp_part *part, rcp_conn *c, const char *buf, size_t len, uint32_t nreplies, zval *replies, uint64_t deadline);
/* The one retry rule: whether a part that failed (its connection closed or reset by the server) may be sent again
 * on a fresh connection to the same node: a pooled connection (not was_new), nothing written or repeatable (only
 * reads), before deadline. */
bool rcp_retry_safe(const rcp_part *part, bool was_new, bool repeatable, uint64_t deadline);
rcp_status rcp_send_req(rcp_client *cl, const char *host, uint16_t port, bool ro, bool repeatable, const rcp_req *req, zval *replies, uint64_t deadline, rcp_err *err, char *addr_out);
rcp_status rcp_send_node(rcp_client *cl, const char *host, uint16_t port, const char *buf, size_t len, uint32_t nreplies, zval *replies, uint64_t deadline, rcp_err *err);
void rcp_parts_trim(rcp_part *parts, uint32_t n);

/*
 * The one batch builder of every path that sends to several nodes at once (fan-out, split, pipeline, the
 * zones' HELLO): one part per node of the map, each command encoded straight into that node's connection
 * buffer (rcp_conn.wbuf: no copy, no allocation once warm), the replies of all parts in one array, part by
 * part. init (maxparts: at most this many nodes), add..., run (one round trip; each part's outcome in its err;
 * the caller then looks at the replies, and sweeps the parts with rcp_pool_sweep_parts), free. A part whose
 * pooled connection the server closed or reset is sent again by run, once, under rcp_retry_safe()'s rule: the
 * callers have no retry of their own. Whether a part holds only reads (and may so be repeated after it was
 * written) is asked of the caller's `reads` only then, so adding a command costs nothing for it.
 */
typedef struct rcp_nodebatch rcp_nodebatch;
/* Whether every command of part `part` is read-only (ctx: the caller's reads_ctx). */
typedef bool (*rcp_nodebatch_reads_fn)(const rcp_nodebatch *b, uint32_t part, const void *ctx);

struct rcp_nodebatch {
	rcp_part *parts;
	uint32_t nparts;
	const rcp_map *map;           /* the map the parts' nodes are indexes of */
	uint16_t *node_of_part;       /* part -> map index */
	uint8_t *part_new;            /* the part's connection was not connected yet when the batch was built */
	rcp_nodebatch_reads_fn reads; /* NULL (init): no part is taken for reads only */
	const void *reads_ctx;
	int32_t *part_of_node;        /* map index -> part, -1: none yet */
	zval *replies;                /* every part's replies (after run) */
	uint32_t nreplies;
	bool replica_reads;           /* a replica's part uses its READONLY connection (reads); else the plain one */
	uint64_t block_ms;            /* the longest own timeout of its blocking commands (rcp_cmd_block_ms; 0 at init),
	                                 added to the batch's read deadline */
};

void rcp_nodebatch_init(rcp_nodebatch *b, const rcp_map *map, uint32_t maxparts, bool replica_reads);
/* Queue req (a command, or bytes of req->nreplies commands) for node idx; where its (first) reply will be in
 * *part / *reply_idx. False when out of memory (nothing queued). */
bool rcp_nodebatch_add(rcp_nodebatch *b, rcp_client *cl, const rcp_map *map, uint16_t idx, const rcp_req *req,
                       uint32_t *part, uint32_t *reply_idx);
void rcp_nodebatch_run(rcp_nodebatch *b, rcp_client *cl);
/* An rcp_nodebatch_reads_fn for a batch of one command (ctx: its rcp_cmd): a split's parts, a fan-out's. */
bool rcp_nodebatch_reads_cmd(const rcp_nodebatch *b, uint32_t part, const void *ctx);
/* The one failure bookkeeping of a batch that ran: every part that failed tells the cluster what that says about its
 * node (rcp_node_outcome: suspect mark, refresh; a part whose connection is gone: a refresh) and its error names
 * the node. Returns the first failed part, or -1. The callers add their own context to that part's error. */
int rcp_nodebatch_outcomes(rcp_nodebatch *b, rcp_client *cl);
/* Replies left in the batch are destroyed (move out what you keep: ZVAL_UNDEF the slot). */
void rcp_nodebatch_free(rcp_nodebatch *b);

/* ---- exec_refresh.c ---- */
rcp_status rcp_shared_refresh(rcp_client *cl, bool must, rcp_err *err);

/* ---- exec_redirect.c ---- */
bool rcp_parse_redirect(zend_string *msg, size_t skip, const rcp_target *cur, int *slot, rcp_target *t);
bool rcp_is_rerouted(const zval *r);
void rcp_map_patch(rcp_cluster *cc, int slot, const rcp_target *t);
bool rcp_await_new_primary(rcp_client *cl, rcp_target *t, uint64_t deadline, uint32_t *backoff_ms);
void rcp_backoff(uint32_t *ms);
/* The one redirect step (exec_redirect.c), which rcp_exec_at() and the transaction loops (MULTI/EXEC, WATCH) share;
 * each loop keeps its own framing. A command's redirect state: */
typedef struct {
	uint32_t hops;                /* MOVED/ASK followed so far (RCP_MAX_REDIRECTS; after RCP_REDIRECTS_IMMEDIATE, backed off) */
	uint32_t backoff_ms;          /* the next pause (10 ms, doubling to 200 ms) */
	uint64_t deadline;            /* the command's */
	int slot;                     /* the slot of the last redirect followed */
} rcp_redirect_state;
typedef enum {
	RCP_REDIRECT_FOLLOW,          /* send again to *next (ASK: behind ASKING); MOVED patched the map */
	RCP_REDIRECT_UNREADABLE,      /* not a MOVED/ASK we can read: the reply stands */
	RCP_REDIRECT_GIVE_UP,         /* too many hops, or no time left for the next: err set */
} rcp_redirect;
/* A MOVED or ASK reply (kind, its message msg) to a command sent to cur: parsed into *next, the hops bounded, counted,
 * the map patched (MOVED) or the slot told migrating (ASK). */
rcp_redirect rcp_redirect_follow(rcp_client *cl, rcp_redirect_state *st, rcp_reply_kind kind, zend_string *msg,
                                 const rcp_target *cur, rcp_target *next, const char *name, rcp_err *err);
/* TRYAGAIN / CLUSTERDOWN: refused, nothing ran; true after a backoff when the deadline leaves time to send again. */
bool rcp_redirect_wait(rcp_redirect_state *st);
/* READONLY from the node the map calls the primary of t's slot (demoted): counted, a refresh asked; true with *t the
 * slot's new primary once the map names one within the deadline (t->has_slot), false: the reply stands. */
bool rcp_redirect_demoted(rcp_client *cl, rcp_redirect_state *st, rcp_target *t);
/* Send one command (req) to target, following redirects; *kind (may be NULL): the kind of the reply returned, as
 * the reader recorded it. */
rcp_status rcp_exec_at(rcp_client *cl, rcp_target target, const rcp_req *cmdreq, const char *name, zval *reply,
                       uint8_t *kind, rcp_err *err);
/*
 * The node at addr refused the ASKING sent before a command (m: its error; an ACL user without +asking)
 * and the command was redirected again (without ASKING the importing node does not serve the slot): following the
 * ASK cannot work, so it ends at once, naming the rule, instead of bouncing between the two nodes until
 * RCP_MAX_REDIRECTS. Nothing ran. NOPERM is an AuthenticationException (as a refused READONLY), any other refusal
 * a ServerException. Fills err, returns its code.
 */
rcp_status rcp_asking_refused(const zend_string *m, const char *addr, int slot, rcp_err *err);

/* ---- exec_read.c ---- */
bool rcp_is_policy_read(const rcp_client *cl, const rcp_cmd *cmd);
int rcp_read_candidates(rcp_client *cl, uint16_t primary, uint16_t *out, int cap);
rcp_status rcp_exec_read(rcp_client *cl, uint16_t primary, const rcp_req *req, const char *name, zval *reply,
                         uint8_t *kind, rcp_err *err);
/* Whether a policy read that failed so on one node is tried on the slot's other nodes: a connection failure, a
 * timeout, or a refusal of the credentials (ACL users are per node: nothing ran). */
bool rcp_read_elsewhere(rcp_status st);
/* Count a policy read sent to another node after failing with st (read_retries, or read_auth_fallbacks). */
void rcp_read_moved_on(rcp_cluster *cc, rcp_status st);

/* ---- exec_split.c ---- */
rcp_status rcp_exec_fanout(rcp_client *cl, const rcp_cmd *cmd, const rcp_req *req, zval *reply, rcp_err *err);
/* A command whose keys span slots (r->kind RCP_RT_SPLIT), cut by slot (r->kslot); r->reply_kind set. */
rcp_status rcp_exec_split(rcp_client *cl, rcp_route *r, zval *reply, rcp_err *err);

/* ---- exec.c ---- */
/* rcp_exec_node() on the node at addr ("host:port", "[v6]:port": rcp_client.last_node's form). */
rcp_status rcp_exec_addr(rcp_client *cl, const char *addr, int argc, const char *const *argv, const size_t *argvlen,
                         const char *name, zval *reply, rcp_err *err);
void rcp_script_note(const rcp_route *r);
bool rcp_noscript_recoverable(const rcp_route *r, rcp_reply_kind kind);
/* rcp_exec() without counting the command: a pipelined command re-run alone (its pipeline counts it once). */
rcp_status rcp_exec_route(rcp_client *cl, rcp_route *r, zval *reply, rcp_err *err);
/*
 * A blocking command's (RCP_CMD_BLOCKING, from COMMAND: BLPOP, BLMOVE, BZMPOP, XREAD ... BLOCK, WAIT...) own timeout
 * as given in argv, in ms: what the server may wait before it answers, so it is added to the command's read deadline
 * (a BLPOP of 30 s under read_write_timeout 5 s waits 35 s for the nil). 0 ("forever") and anything over a day are
 * RCP_BLOCK_MAX_MS; a command that does not block (XREAD without BLOCK), a timeout that is not a number, or one the
 * server will refuse (negative): 0. Call it for commands flagged RCP_CMD_BLOCKING and those of route
 * RCP_ROUTE_AFTER_WRITE (WAIT, WAITAOF: Redis 7.0's COMMAND does not flag them blocking).
 */
uint64_t rcp_cmd_block_ms(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen);
#define RCP_BLOCK_MAX_MS (24ULL * 3600 * 1000)

#endif

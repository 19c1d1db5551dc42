/*
 * rcp_count.h - counting, one call per event (src/core/count.c): each event has one entry in a table that says which
 * of its figures it moves: this worker's own (stats(): rcp_conn_counters, a cluster's fields of rcp_cluster), the
 * pool's in the shared segment (a cluster's counters, a node's rcp_shm_nodestat), or both. Reading the pool-wide
 * figures (poolStats(), metrics(), phpinfo, stats()) is the binding's: src/binding/observe.c.
 *
 * Counting costs a few relaxed atomic adds: a node's slot in the segment is found once per connection
 * (rcp_count_node), a command's slot per cluster once per process and command (a small cache).
 */
#ifndef RCP_COUNT_H
#define RCP_COUNT_H

#include "php.h"
#include "rcp_conn.h"
#include "rcp_shm.h"
#include "rcp_commands.h"
#include "rcp_topology.h"

/* ini redis_cluster_pool.metrics (set in MINIT): when off, nothing is counted in the segment. */
extern bool rcp_metrics_on;

/* The metrics slot of node "host:port" (NULL when metrics are off or there is no segment). */
rcp_shm_nodestat *rcp_count_node(const char *addr);

/* ---- a cluster's events: this worker's figure (rcp_cluster) and the pool's (its shared entry, if any) ---- */
typedef enum {
	RCP_CEV_TOPOLOGY_REQUEST,   /* CLUSTER SHARDS / SLOTS sent: cluster_slots_sent, topology_requests */
	RCP_CEV_REFRESH,            /* a new map: refreshes */
	RCP_CEV_REFRESH_FAILURE,    /* refresh_failures */
	RCP_CEV_MOVED,              /* moved */
	RCP_CEV_ASK,                /* ask */
	RCP_CEV_READ_RETRY,         /* a read sent again (its node failed, or its connection was reset): read_retries */
	RCP_CEV_READ_AUTH_FALLBACK, /* a read sent elsewhere because a node refused the credentials */
	RCP_CEV_GETKEYS,            /* COMMAND GETKEYS sent: getkeys_sent */
	RCP_CEV_NOSCRIPT_FALLBACK,  /* EVALSHA re-sent as EVAL */
	RCP_CEV_READONLY_REDIRECT,  /* a write answered READONLY by a demoted primary (this worker only: the segment has no
	                               counter for it, and poolStats()'s shape is fixed) */
	RCP_CEV_COUNT
} rcp_cluster_event;

void rcp_count_cluster(rcp_cluster *cc, rcp_cluster_event ev);

/* ---- a connection's events: this worker's figure (rcp_conn_counters) and its node's (the segment) ---- */
typedef enum {
	RCP_NEV_OPENED,             /* a new connection (not one refused by a remembered refusal) */
	RCP_NEV_REUSED,             /* the reuse check passed (once per request) */
	RCP_NEV_DISC_BROKEN,        /* discarded: failed */
	RCP_NEV_DISC_CLOSED,        /* discarded: the server closed it */
	RCP_NEV_DISC_UNREAD,        /* discarded: a reply left unread, or bytes nobody asked for */
	RCP_NEV_DISC_FORKED,        /* discarded: inherited across fork */
	RCP_NEV_DISC_IDLE,          /* discarded: idle longer than idle_timeout */
	RCP_NEV_AUTH_REFUSED,       /* not opened: its node refused these credentials a moment ago (worker only) */
	RCP_NEV_CONNECT_FAILURE,    /* a new connection that failed before it was ever used (worker only) */
	RCP_NEV_CLOSED,             /* closed by this process (its node's only) */
	RCP_NEV_AUTH_REFUSAL,       /* its node refused the credentials (its node's only) */
	RCP_NEV_SUSPECT_MARK,       /* its node marked suspect (its node's only) */
	RCP_NEV_TLS_FULL,           /* a full TLS handshake */
	RCP_NEV_TLS_RESUMED,        /* an abbreviated one (a session resumed) */
	RCP_NEV_TLS_FAILED,         /* a failed one */
	RCP_NEV_COUNT
} rcp_conn_event;

/* This worker's connection figures (stats()'s "connections"). */
typedef struct {
	uint64_t opened, reused, discarded_broken, discarded_closed, discarded_unread, discarded_forked, discarded_idle,
		auth_refused, connect_failures, tls_full, tls_resumed, tls_failed;
} rcp_conn_counters;

#ifdef ZTS
/* the thread's (rcp_thread.h) */
rcp_conn_counters *rcp_conn_stats_ptr(void);
# define rcp_conn_stats (*rcp_conn_stats_ptr())
#else
extern rcp_conn_counters rcp_conn_stats;
#endif

/* One event of a connection to the node whose metrics slot is ns (may be NULL: metrics off). */
void rcp_count_conn(rcp_shm_nodestat *ns, rcp_conn_event ev);

/* ---- the hot path ---- */

/* A batch part finished (rcp_io_run): its node's commands, batches, bytes sent, latency, errors by kind (error
 * replies are looked at only when the reader saw some: rcp_part.kinds). */
void rcp_count_part(const rcp_part *p, uint64_t start_us);

/* One command of a cluster ran: calls and, when it failed or got an error reply, errors. */
void rcp_count_command(rcp_shm_cluster *sc, const rcp_cmd *cmd, bool error);
/* calls runs of one command (a pipeline's commands, counted run by run), errors of them failed. */
void rcp_count_commands(rcp_shm_cluster *sc, const rcp_cmd *cmd, uint32_t calls, uint32_t errors);

/* A caller's memo of one command's slot (the read cache's hits: one relaxed add, no lookup, no call). */
typedef struct {
	const rcp_cmd *cmd;
	rcp_shm_cluster *sc;
	rcp_shm_cmdstat *slot;
} rcp_count_memo;

/* rcp_count_command(sc, cmd, false) through m (zeroed at first). */
void rcp_count_command_memo_fill(rcp_count_memo *m, rcp_shm_cluster *sc, const rcp_cmd *cmd);
static zend_always_inline void rcp_count_command_memo(rcp_count_memo *m, rcp_shm_cluster *sc, const rcp_cmd *cmd)
{
	if (EXPECTED(m->cmd == cmd && m->sc == sc && m->slot)) {
		__atomic_fetch_add(&m->slot->calls, 1, __ATOMIC_RELAXED);
		return;
	}
	rcp_count_command_memo_fill(m, sc, cmd);
}

#endif

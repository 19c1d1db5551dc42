/*
 * count.c - counting, one call per event (see rcp_count.h): a table per kind of event says which figures an event
 * moves, this worker's own and the pool's in the shared segment, so that no caller counts an event twice by hand.
 *
 * The segment's figures are relaxed atomic adds on the node's slot (rcp_shm_nodestat), found once per connection,
 * and on a command's slot per cluster, found once per process and command (a small cache), so the hot path costs a
 * handful of adds. Reading them is src/binding/observe.c's.
 */
#include <stddef.h>
#include "php.h"
#include "rcp_count.h"
#include "rcp_reply.h"
#include "rcp_topology.h"
#include "rcp_thread.h"

bool rcp_metrics_on = true;

rcp_shm_nodestat *rcp_count_node(const char *addr)
{
	return rcp_metrics_on ? rcp_shm_nodestat_get(addr) : NULL;
}

/* ---- a cluster's events --------------------------------------------------------------------------- */

#define RCP_NONE (-1)

static const struct {
	int16_t worker;   /* offset of the worker's figure in rcp_cluster, or RCP_NONE */
	int8_t shared;    /* the segment's rcp_shm_counter, or RCP_NONE */
} rcp_cev[RCP_CEV_COUNT] = {
	[RCP_CEV_TOPOLOGY_REQUEST]   = {offsetof(rcp_cluster, cluster_slots_sent), RCP_SC_CLUSTER_SLOTS},
	[RCP_CEV_REFRESH]            = {offsetof(rcp_cluster, refreshes), RCP_SC_REFRESHES},
	[RCP_CEV_REFRESH_FAILURE]    = {offsetof(rcp_cluster, refresh_failures), RCP_SC_REFRESH_FAILURES},
	[RCP_CEV_MOVED]              = {offsetof(rcp_cluster, moved_seen), RCP_SC_MOVED},
	[RCP_CEV_ASK]                = {offsetof(rcp_cluster, ask_seen), RCP_SC_ASK},
	[RCP_CEV_READ_RETRY]         = {offsetof(rcp_cluster, read_retries), RCP_SC_READ_RETRIES},
	[RCP_CEV_READ_AUTH_FALLBACK] = {offsetof(rcp_cluster, read_auth_fallbacks), RCP_SC_READ_AUTH_FALLBACKS},
	[RCP_CEV_GETKEYS]            = {offsetof(rcp_cluster, getkeys_sent), RCP_SC_GETKEYS},
	[RCP_CEV_NOSCRIPT_FALLBACK]  = {offsetof(rcp_cluster, noscript_fallbacks), RCP_SC_NOSCRIPT_FALLBACKS},
	[RCP_CEV_READONLY_REDIRECT]  = {offsetof(rcp_cluster, readonly_seen), RCP_NONE},
};

void rcp_count_cluster(rcp_cluster *cc, rcp_cluster_event ev)
{
	if (rcp_cev[ev].worker != RCP_NONE) {
		(*(uint64_t *)((char *)cc + rcp_cev[ev].worker))++;
	}
	if (rcp_cev[ev].shared != RCP_NONE && cc->shared) {
		rcp_shm_count(cc->shared, (rcp_shm_counter)rcp_cev[ev].shared);
	}
}

/* ---- a connection's events ------------------------------------------------------------------------ */

#ifdef ZTS
/* per thread (the thread's own connections), with the command-stat cache below: rcp_thread.h */
typedef struct {
	rcp_conn_counters conn_stats;
	struct rcp_cmd_cache_slot {
		const rcp_cmd *cmd;
		rcp_shm_cluster *sc;
		rcp_shm_cmdstat *slot;
	} cmd_cache[256];
} rcp_count_state;
RCP_THREAD_STATE(rcp_count_state, rcp_count_st);

rcp_conn_counters *rcp_conn_stats_ptr(void)
{
	return &RCP_THREAD(rcp_count_state, rcp_count_st)->conn_stats;
}
#else
rcp_conn_counters rcp_conn_stats;
#endif

static const struct {
	int16_t worker;   /* offset of the worker's figure in rcp_conn_counters, or RCP_NONE */
	int8_t node;      /* the node's rcp_ns_counter in the segment, or RCP_NONE */
} rcp_nev[RCP_NEV_COUNT] = {
	[RCP_NEV_OPENED]          = {offsetof(rcp_conn_counters, opened), RCP_NS_CONN_OPENED},
	[RCP_NEV_REUSED]          = {offsetof(rcp_conn_counters, reused), RCP_NS_CONN_REUSED},
	[RCP_NEV_DISC_BROKEN]     = {offsetof(rcp_conn_counters, discarded_broken), RCP_NS_DISC_BROKEN},
	[RCP_NEV_DISC_CLOSED]     = {offsetof(rcp_conn_counters, discarded_closed), RCP_NS_DISC_CLOSED_BY_PEER},
	[RCP_NEV_DISC_UNREAD]     = {offsetof(rcp_conn_counters, discarded_unread), RCP_NS_DISC_UNREAD},
	[RCP_NEV_DISC_FORKED]     = {offsetof(rcp_conn_counters, discarded_forked), RCP_NS_DISC_FORKED},
	[RCP_NEV_DISC_IDLE]       = {offsetof(rcp_conn_counters, discarded_idle), RCP_NS_DISC_IDLE},
	[RCP_NEV_AUTH_REFUSED]    = {offsetof(rcp_conn_counters, auth_refused), RCP_NONE},  /* never opened */
	[RCP_NEV_CONNECT_FAILURE] = {offsetof(rcp_conn_counters, connect_failures), RCP_NONE}, /* the node's is
	                                                                              its connection_errors */
	[RCP_NEV_CLOSED]          = {RCP_NONE, RCP_NS_CONN_CLOSED},      /* stats() shows what is pooled instead */
	[RCP_NEV_AUTH_REFUSAL]    = {RCP_NONE, RCP_NS_AUTH_REFUSALS},    /* the worker's is auth_refused */
	[RCP_NEV_SUSPECT_MARK]    = {RCP_NONE, RCP_NS_SUSPECT_MARKS},    /* stats() lists the suspects instead */
	[RCP_NEV_TLS_FULL]        = {offsetof(rcp_conn_counters, tls_full), RCP_NS_TLS_FULL},
	[RCP_NEV_TLS_RESUMED]     = {offsetof(rcp_conn_counters, tls_resumed), RCP_NS_TLS_RESUMED},
	[RCP_NEV_TLS_FAILED]      = {offsetof(rcp_conn_counters, tls_failed), RCP_NS_TLS_FAILED},
};

void rcp_count_conn(rcp_shm_nodestat *ns, rcp_conn_event ev)
{
	if (rcp_nev[ev].worker != RCP_NONE) {
		(*(uint64_t *)((char *)&rcp_conn_stats + rcp_nev[ev].worker))++;
	}
	if (rcp_nev[ev].node != RCP_NONE) {
		rcp_ns_add(ns, (rcp_ns_counter)rcp_nev[ev].node, 1);
	}
}

/* ---- the hot path --------------------------------------------------------------------------------- */

static unsigned rcp_lat_bucket(uint64_t us)
{
	unsigned b = us < 2 ? 0 : 63 - (unsigned)__builtin_clzll(us);
	return b < RCP_LAT_BUCKETS ? b : RCP_LAT_BUCKETS - 1;
}

void rcp_count_part(const rcp_part *p, uint64_t start_us)
{
	rcp_shm_nodestat *ns = p->stats;
	rcp_ns_counter kind;

	if (!ns || !p->nreplies) {
		return;
	}
	rcp_ns_add(ns, RCP_NS_COMMANDS, p->nreplies);
	rcp_ns_add(ns, RCP_NS_BATCHES, 1);
	rcp_ns_add(ns, RCP_NS_BYTES_OUT, p->len);
	if (p->err.code == RCP_OK) {
		uint64_t us = p->done_us > start_us ? p->done_us - start_us : 0;
		__atomic_fetch_add(&ns->lat[rcp_lat_bucket(us)], 1, __ATOMIC_RELAXED);
		rcp_ns_add(ns, RCP_NS_LAT_SUM_US, us);
		/* error replies by their kind, classified when the reader read them; none to look for (the common case)
		 * when the reader saw none */
		for (uint32_t i = 0; p->kinds && i < p->got; i++) {
			rcp_reply_kind k = rcp_reply_kind_of(&p->replies[i]);
			if (k != RCP_RK_VALUE) {
				rcp_ns_add(ns, k == RCP_RK_MOVED || k == RCP_RK_ASK ? RCP_NS_ERR_REDIRECT : RCP_NS_ERR_REPLY, 1);
			}
		}
		return;
	}
	switch (p->err.code) {
		case RCP_E_TIMEOUT: kind = RCP_NS_ERR_TIMEOUT; break;
		case RCP_E_CONNECTION: case RCP_E_AUTH: kind = RCP_NS_ERR_CONNECTION; break;
		default: kind = RCP_NS_ERR_OTHER; break;
	}
	rcp_ns_add(ns, kind, 1);
}

/* ---- per command ------------------------------------------------------------------------------------------ */

#define RCP_CMD_CACHE 256
#ifdef ZTS
# define rcp_cmd_cache (RCP_THREAD(rcp_count_state, rcp_count_st)->cmd_cache)
#else
static struct {
	const rcp_cmd *cmd;
	rcp_shm_cluster *sc;
	rcp_shm_cmdstat *slot;
} rcp_cmd_cache[RCP_CMD_CACHE];
#endif

void rcp_count_command(rcp_shm_cluster *sc, const rcp_cmd *cmd, bool error)
{
	rcp_count_commands(sc, cmd, 1, error);
}

/* The command's slot in sc (a small cache per process, or per thread), NULL: metrics off. */
static rcp_shm_cmdstat *rcp_count_slot(rcp_shm_cluster *sc, const rcp_cmd *cmd)
{
	unsigned h;
	rcp_shm_cmdstat *slot;

	if (!sc || !cmd || !rcp_metrics_on) {
		return NULL;
	}
	h = (unsigned)((((uintptr_t)cmd >> 4) ^ ((uintptr_t)sc >> 6)) % RCP_CMD_CACHE);
	if (rcp_cmd_cache[h].cmd == cmd && rcp_cmd_cache[h].sc == sc) {
		return rcp_cmd_cache[h].slot;
	}
	slot = rcp_shm_cmdstat_get(sc, cmd->name);
	rcp_cmd_cache[h].cmd = cmd;
	rcp_cmd_cache[h].sc = sc;
	rcp_cmd_cache[h].slot = slot;
	return slot;
}

void rcp_count_command_memo_fill(rcp_count_memo *m, rcp_shm_cluster *sc, const rcp_cmd *cmd)
{
	m->cmd = cmd;
	m->sc = sc;
	if ((m->slot = rcp_count_slot(sc, cmd))) {
		__atomic_fetch_add(&m->slot->calls, 1, __ATOMIC_RELAXED);
	}
}

void rcp_count_commands(rcp_shm_cluster *sc, const rcp_cmd *cmd, uint32_t calls, uint32_t errors)
{
	rcp_shm_cmdstat *slot = rcp_count_slot(sc, cmd);

	if (!slot) {
		return;
	}
	__atomic_fetch_add(&slot->calls, calls, __ATOMIC_RELAXED);
	if (errors) {
		__atomic_fetch_add(&slot->errors, errors, __ATOMIC_RELAXED);
	}
}

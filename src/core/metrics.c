/*
 * metrics.c - pool-wide metrics, the counting side (see rcp_metrics.h; reading them is src/binding/observe.c).
 *
 * Counting: relaxed atomic adds on the node's slot in the shared segment (rcp_shm_nodestat), found once per
 * connection; a command's slot per cluster is found once per process and command (a small cache), so the hot
 * path costs a handful of adds. Reading walks the segment: no lock, no instance, no round trip; figures of a
 * slot being updated meanwhile may be off by the updates in flight, never torn (each is one 64-bit word).
 */
#include "php.h"
#include "rcp_metrics.h"
#include "rcp_reply.h"
#include "rcp_topology.h"
#include "rcp_pool.h"

#define RLOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)

bool rcp_metrics_on = true;

rcp_shm_nodestat *rcp_metrics_node(const char *addr)
{
	return rcp_metrics_on ? rcp_shm_nodestat_get(addr) : NULL;
}

bool rcp_metrics_is_error(const zval *reply)
{
	return Z_TYPE_P(reply) == IS_OBJECT && Z_OBJCE_P(reply) == rcp_ce_error;
}

static unsigned rcp_lat_bucket(uint64_t us)
{
	unsigned b = us < 2 ? 0 : 63 - (unsigned)__builtin_clzll(us);
	return b < RCP_LAT_BUCKETS ? b : RCP_LAT_BUCKETS - 1;
}

void rcp_metrics_part(const rcp_part *p, uint64_t start_us)
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
		for (uint32_t i = 0; i < p->got; i++) {
			if (rcp_metrics_is_error(&p->replies[i])) {
				zend_string *m = rcp_error_message(&p->replies[i]);
				bool redirect = (ZSTR_LEN(m) > 6 && !memcmp(ZSTR_VAL(m), "MOVED ", 6)) ||
					(ZSTR_LEN(m) > 4 && !memcmp(ZSTR_VAL(m), "ASK ", 4));
				rcp_ns_add(ns, redirect ? RCP_NS_ERR_REDIRECT : RCP_NS_ERR_REPLY, 1);
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
static struct {
	const rcp_cmd *cmd;
	rcp_shm_cluster *sc;
	rcp_shm_cmdstat *slot;
} rcp_cmd_cache[RCP_CMD_CACHE];

void rcp_metrics_command(rcp_shm_cluster *sc, const rcp_cmd *cmd, bool error)
{
	unsigned h;
	rcp_shm_cmdstat *slot;

	if (!sc || !cmd || !rcp_metrics_on) {
		return;
	}
	h = (unsigned)((((uintptr_t)cmd >> 4) ^ ((uintptr_t)sc >> 6)) % RCP_CMD_CACHE);
	if (rcp_cmd_cache[h].cmd == cmd && rcp_cmd_cache[h].sc == sc) {
		slot = rcp_cmd_cache[h].slot;
	} else {
		slot = rcp_shm_cmdstat_get(sc, cmd->name);
		rcp_cmd_cache[h].cmd = cmd;
		rcp_cmd_cache[h].sc = sc;
		rcp_cmd_cache[h].slot = slot;
	}
	__atomic_fetch_add(&slot->calls, 1, __ATOMIC_RELAXED);
	if (error) {
		__atomic_fetch_add(&slot->errors, 1, __ATOMIC_RELAXED);
	}
}

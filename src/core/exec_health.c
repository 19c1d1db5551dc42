/*
 * exec_health.c - what a failed or successful exchange says about a node (see rcp_exec_int.h).
 *
 * A connection failure marks the node suspect for every worker (shared segment) and asks for a topology refresh;
 * a success clears the mark. Every refresh request goes through rcp_want_refresh() (rate-limited, single flight).
 */
#include "rcp_exec_int.h"

/* A MOVED, a connection failure or an uncovered slot asks for a full refresh (rate-limited, single flight). */
void rcp_want_refresh(rcp_cluster *cc)
{
	cc->refresh_wanted = true;
	if (cc->shared) {
		rcp_shm_want_refresh(cc->shared);
	}
}

#define RCP_SUSPECT_MS 5000

static int rcp_local_node(rcp_cluster *cc, const char *host, uint16_t port)
{
	if (!cc->map) {
		return -1;
	}
	for (uint16_t i = 0; i < cc->map->nnodes; i++) {
		if (cc->map->nodes[i].port == port && !strcmp(cc->map->nodes[i].host, host)) {
			return i;
		}
	}
	return -1;
}

/* A connection to a node failed: mark it suspect for every worker, and ask for a topology refresh. */
void rcp_node_failed(rcp_cluster *cc, const char *host, uint16_t port)
{
	int idx = rcp_local_node(cc, host, port);

	if (cc->shared && idx >= 0 && cc->shared_gen == rcp_shm_generation(cc->shared)) {
		char addr[RCP_ADDR_MAX];
		rcp_shm_mark_suspect(cc->shared, (uint16_t)idx, rcp_now_ms() + RCP_SUSPECT_MS);
		rcp_node_addr(&cc->map->nodes[idx], addr, sizeof(addr));
		rcp_count_conn(rcp_count_node(addr), RCP_NEV_SUSPECT_MARK);
	}
	rcp_want_refresh(cc);
}

/* What a failed exchange with a node says about the cluster: I/O failures make the node suspect (and ask for a
 * refresh); a refused login, a reply too large for memory_limit, or a connection the pool refused at
 * redis_cluster_pool.max_connections_per_node (never opened: this process' limit, not the node's failure) say nothing
 * about the topology; anything else (an unexpected reply) asks for a refresh. */
void rcp_node_outcome(rcp_cluster *cc, const char *host, uint16_t port, rcp_status code)
{
	switch (code) {
		case RCP_OK:
		case RCP_E_AUTH:
		case RCP_E_MEMORY:
			break;
		case RCP_E_CONNECTION:
			if (rcp_pool_cap_refusal_take(host, port)) {
				break;
			}
			ZEND_FALLTHROUGH;
		case RCP_E_TIMEOUT:
		case RCP_E_PROTOCOL:
			rcp_node_failed(cc, host, port);
			break;
		default:
			rcp_want_refresh(cc);
	}
}

void rcp_node_ok(rcp_cluster *cc, const char *host, uint16_t port, uint16_t node1)
{
	if (cc->shared) {
		int idx = node1 && cc->map && node1 <= cc->map->nnodes && cc->map->nodes[node1 - 1].port == port &&
			!strcmp(cc->map->nodes[node1 - 1].host, host) ? node1 - 1 : rcp_local_node(cc, host, port);
		if (idx >= 0 && cc->shared_gen == rcp_shm_generation(cc->shared)) {
			rcp_shm_clear_suspect(cc->shared, (uint16_t)idx);
		}
	}
}

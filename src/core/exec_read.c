/*
 * exec_read.c - where read-only commands go (option "read"): the candidates of a slot in the order to try them
 * (replicas, zones, suspect nodes last) and a read tried on them in turn.
 */
#include "rcp_exec_int.h"

/* ---- reads from replicas ------------------------------------------------------------------------ */

int rcp_read_policy_parse(const char *s, size_t len)
{
	static const char *const names[] = {"primary", "prefer_replica", "replica", "any", "az_affinity",
		"az_affinity_replicas_and_primary"};
	for (int i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++) {
		if (strlen(names[i]) == len && !memcmp(names[i], s, len)) {
			return i;
		}
	}
	return -1;
}

/* Whether a command goes through the read policy: read-only, keyed, and the policy is not "primary". */
bool rcp_is_policy_read(const rcp_client *cl, const rcp_cmd *cmd)
{
	return cl->read_policy != RCP_READ_PRIMARY && (cmd->flags & RCP_CMD_READONLY) &&
		(cmd->route == RCP_ROUTE_KEYED || cmd->route == RCP_ROUTE_MULTI_SHARD);
}


/* Shuffle out[from .. to - 1]. */
static void rcp_shuffle(uint16_t *out, int from, int to)
{
	for (int i = from; i + 1 < to; i++) {
		int j = i + (int)php_mt_rand_range(0, to - i - 1);
		uint16_t t = out[i]; out[i] = out[j]; out[j] = t;
	}
}

/* Whether a replica refused this client's credentials a moment ago, in any worker (AUTH, or READONLY: ACL users
 * are per node): the remembered refusal of its READONLY connection's pool key (cred + "\0ro", rcp_client_conn_ro). */
static bool rcp_replica_refused(rcp_client *cl, const rcp_node *n, uint64_t now)
{
	return rcp_shm_auth_any(now) && /* the common case: one atomic load */
		rcp_pool_auth_refused(n->host, n->port, cl->cred, cl->cred_len, "\0ro", 3, now);
}

/*
 * The nodes a read of a slot owned by `primary` may go to, in the order to try them: its healthy replicas in
 * random order, then the primary, then replicas marked suspect by some worker (a recent connection failure:
 * nobody pays their timeout again while another node can answer). A replica that refused these credentials in
 * the last RCP_AUTH_REMEMBER_MS (in any worker) is left out, as if it were not there. "replica" leaves the
 * primary out unless the slot has no replica left; "any" puts the primary at a random place among the healthy replicas. The zone
 * policies put the healthy replicas of the client's zone first (each group in random order): "az_affinity"
 * then the other replicas, then the primary; "az_affinity_replicas_and_primary" the primary next when it is
 * in the zone too. Nodes of unknown zone (a server without zones) count as another zone.
 */
int rcp_read_candidates(rcp_client *cl, uint16_t primary, uint16_t *out, int cap)
{
	rcp_cluster *cc = cl->cluster;
	rcp_map *map = cc->map;
	uint64_t now = rcp_now_ms();
	uint16_t suspect[RCP_MAX_READ_CANDIDATES];
	int n = 0, ns = 0, local = 0;
	bool shared_ok = cc->shared && cc->shared_gen == rcp_shm_generation(cc->shared);
	bool by_zone = RCP_READ_BY_ZONE(cl->read_policy);
	uint8_t zone = 0;

	if (by_zone) {
		zone = rcp_map_zone(map, cl->zone);
	}
	for (uint16_t k = 0; k < map->nnodes; k++) {
		/* a replica still loading its data set (or failed) serves no reads: as if it were not there */
		if (!map->nodes[k].replica || map->nodes[k].primary != primary || map->nodes[k].health != RCP_HEALTH_ONLINE) continue;
		if (rcp_replica_refused(cl, &map->nodes[k], now)) continue;
		if (shared_ok && rcp_shm_is_suspect(cc->shared, k, now)) {
			if (ns < RCP_MAX_READ_CANDIDATES) suspect[ns++] = k;
		} else if (n < cap - 1) {
			out[n++] = k;
			if (zone && map->nodes[k].zone == zone) { /* in-zone replicas to the front */
				uint16_t t = out[local]; out[local] = k; out[n - 1] = t;
				local++;
			}
		}
	}
	rcp_shuffle(out, 0, local);
	rcp_shuffle(out, local, n);
	if (cl->read_policy == RCP_READ_ANY) {
		int at = n ? (int)php_mt_rand_range(0, n) : 0;
		memmove(out + at + 1, out + at, (size_t)(n - at) * sizeof(uint16_t));
		out[at] = primary;
		n++;
	} else if (cl->read_policy == RCP_READ_AZ_AFFINITY_RP && zone && map->nodes[primary].zone == zone) {
		memmove(out + local + 1, out + local, (size_t)(n - local) * sizeof(uint16_t));
		out[local] = primary;
		n++;
	} else if (cl->read_policy != RCP_READ_REPLICA || n + ns == 0) {
		out[n++] = primary;
	}
	for (int i = 0; i < ns && n < cap; i++) {
		out[n++] = suspect[i];
	}
	return n;
}

bool rcp_read_elsewhere(rcp_status st)
{
	return st == RCP_E_CONNECTION || st == RCP_E_TIMEOUT || st == RCP_E_AUTH;
}

void rcp_read_moved_on(rcp_cluster *cc, rcp_status st)
{
	if (st == RCP_E_AUTH) {
		rcp_count_cluster(cc, RCP_CEV_READ_AUTH_FALLBACK);
	} else {
		rcp_count_cluster(cc, RCP_CEV_READ_RETRY);
	}
}

/*
 * A read by the policy: try the candidates in turn; a connection failure or timeout moves on to the next
 * (reads are safe to repeat) while the operation's deadline allows, and so does a node that refused the
 * credentials (nothing ran there). The failed node was marked suspect in the shared segment by rcp_exec_at, the
 * refusing one remembered (rcp_pool_sweep_parts), so other workers skip it.
 */
rcp_status rcp_exec_read(rcp_client *cl, uint16_t primary, const rcp_req *req, const char *name, zval *reply,
                         uint8_t *kind, rcp_err *err)
{
	uint16_t cand[RCP_MAX_READ_CANDIDATES];
	int n = rcp_read_candidates(cl, primary, cand, RCP_MAX_READ_CANDIDATES);
	rcp_status st = RCP_OK;
	rcp_map *map = cl->cluster->map;
	bool primary_tried = false;

	for (int i = 0; i < n; i++) {
		rcp_target t;
		rcp_node_target(map, cand[i], &t);
		t.read = true;
		primary_tried = primary_tried || cand[i] == primary;
		st = rcp_exec_at(cl, t, req, name, reply, kind, err);
		if (st == RCP_OK || !rcp_read_elsewhere(st) || rcp_now_ms() >= cl->cmd_deadline) {
			break;
		}
		if (i + 1 == n) {
			/* "replica" leaves the primary out while the slot has replicas; a replica that refuses these
			 * credentials is as good as none (and is skipped from now on): the primary answers this read too */
			if (st != RCP_E_AUTH || primary_tried || n == RCP_MAX_READ_CANDIDATES) {
				break;
			}
			cand[n++] = primary;
		}
		rcp_read_moved_on(cl->cluster, st);
		map = cl->cluster->map;
	}
	return st;
}

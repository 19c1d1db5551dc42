/*
 * exec_refresh.c - topology discovery and refresh (see rcp_exec.h: rcp_client_ready, rcp_client_refresh).
 *
 * CLUSTER SHARDS (else SLOTS) from a healthy known node at random, the command table learned in the same flight,
 * the nodes' zones for the zone read policies; with a shared entry single-flight across workers (a lease).
 */
#include "rcp_exec_int.h"

/* ---- topology --------------------------------------------------------------------------------- */

static const char rcp_cluster_slots_cmd[] = "*2\r\n$7\r\nCLUSTER\r\n$5\r\nSLOTS\r\n";
static const char rcp_command_cmd[] = "*1\r\n$7\r\nCOMMAND\r\n";

#define RCP_CMDS_RETRY_MS 60000

/* Should this discovery also read the server's command table? Once per cluster entry (shared by every worker),
 * and after a failure not before RCP_CMDS_RETRY_MS. */
static bool rcp_want_cmds(rcp_cluster *cc)
{
	return !rcp_cluster_cmds(cc) && rcp_now_ms() >= cc->cmds_retry_ms;
}

/* The COMMAND reply that came with CLUSTER SLOTS from host: learn it, or note why not (the built-in table
 * stays in use; never a reason to fail the discovery). */
static void rcp_learn_cmds(rcp_cluster *cc, const char *host, uint16_t port, zval *reply)
{
	zend_string *blob = NULL;
	uint32_t ncmds = 0;
	rcp_err e = {0};

	if (rcp_reply_is_error(reply)) {
		zend_string *m = rcp_error_message(reply);
		snprintf(cc->cmds_note, sizeof(cc->cmds_note), "%s:%u answered COMMAND with %.*s", host, port,
			(int)MIN(ZSTR_LEN(m), 120), ZSTR_VAL(m));
	} else if (rcp_cmds_pack(reply, RCP_SHM_CMDS_MAX, &blob, &ncmds, &e) != RCP_OK) {
		snprintf(cc->cmds_note, sizeof(cc->cmds_note), "%s:%u: %s", host, port, e.msg);
	} else if (rcp_cluster_cmds_learned(cc, ZSTR_VAL(blob), ZSTR_LEN(blob))) {
		zend_string_release(blob);
		return;
	}
	if (blob) {
		zend_string_release(blob);
	}
	cc->cmds_retry_ms = rcp_now_ms() + RCP_CMDS_RETRY_MS;
}

static const char rcp_cluster_shards_cmd[] = "*2\r\n$7\r\nCLUSTER\r\n$6\r\nSHARDS\r\n";

/* The least time a node that is not the last candidate of a discovery is given to answer (ms). */
#define RCP_DISCOVERY_SLICE_MIN_MS 1000

/*
 * The topology from one node: CLUSTER SHARDS (Redis 7.0+: node health, hostnames, TLS ports), else CLUSTER SLOTS.
 * A node that answers SHARDS with an error (an older server, or an ACL user without +cluster|shards) is asked
 * SLOTS at once, and this process asks SLOTS from then on (cc->no_shards). The server's command table rides
 * along with the first discovery (COMMAND in the same flight): no extra round trip.
 */
static rcp_status rcp_fetch_slots(rcp_client *cl, const char *host, uint16_t port, uint64_t deadline, rcp_map **out,
                                  rcp_err *err)
{
	rcp_cluster *cc = cl->cluster;
	zval replies[2], *reply = &replies[0];
	rcp_status st;
	rcp_map *map;
	bool learn = rcp_want_cmds(cc), shards;
	char buf[sizeof(rcp_cluster_shards_cmd) + sizeof(rcp_command_cmd)];

	for (;;) {
		const char *topo = cc->no_shards ? rcp_cluster_slots_cmd : rcp_cluster_shards_cmd;
		size_t tlen = cc->no_shards ? sizeof(rcp_cluster_slots_cmd) - 1 : sizeof(rcp_cluster_shards_cmd) - 1;

		shards = !cc->no_shards;
		memcpy(buf, topo, tlen);
		memcpy(buf + tlen, rcp_command_cmd, sizeof(rcp_command_cmd) - 1);
		st = rcp_send_node(cl, host, port, buf, tlen + (learn ? sizeof(rcp_command_cmd) - 1 : 0), learn ? 2 : 1,
			replies, deadline, err);
		rcp_count_cluster(cc, RCP_CEV_TOPOLOGY_REQUEST);
		if (st != RCP_OK) {
			return st;
		}
		if (learn) {
			rcp_learn_cmds(cc, host, port, &replies[1]);
			zval_ptr_dtor(&replies[1]);
			learn = false;
		}
		if (shards && rcp_reply_is_error(reply)) {
			zval_ptr_dtor(reply);
			cc->no_shards = true;
			continue;
		}
		break;
	}
	if (rcp_reply_is_error(reply)) {
		zend_string *m = rcp_error_message(reply);
		char addr[RCP_ADDR_MAX];
		rcp_addr_fmt(addr, sizeof(addr), host, port);
		bool noperm = ZSTR_LEN(m) >= 6 && !memcmp(ZSTR_VAL(m), "NOPERM", 6);
		rcp_err_set(err, noperm ? RCP_E_AUTH : RCP_E_CLUSTER, addr, "%s answered CLUSTER SLOTS with %.*s%s", addr,
			(int)MIN(ZSTR_LEN(m), 200), ZSTR_VAL(m),
			noperm ? " (the ACL user needs +cluster|shards or +cluster|slots to discover the cluster; see the README's "
				"ACL rules)" : "");
		if (noperm) {
			snprintf(err->etype, sizeof(err->etype), "NOPERM");
		}
		zval_ptr_dtor(reply);
		return err->code;
	}
	map = malloc(sizeof(*map));
	st = shards ? rcp_map_from_shards_reply(reply, host, cl->tls != NULL, map, err)
		: rcp_map_from_slots_reply(reply, host, map, err);
	zval_ptr_dtor(reply);
	if (st != RCP_OK) {
		free(map);
		if (shards && st == RCP_E_PROTOCOL) {
			/* a CLUSTER SHARDS of a shape we do not read (a newer server?): CLUSTER SLOTS from now on */
			cc->no_shards = true;
			return rcp_fetch_slots(cl, host, port, deadline, out, err);
		}
		return st;
	}
	*out = map;
	return RCP_OK;
}

static const char rcp_hello_cmd[] = "*1\r\n$5\r\nHELLO\r\n";

/*
 * The nodes' availability zones (Valkey 8.0+: HELLO's availability_zone, the node's availability-zone config),
 * for the zone read policies: one HELLO to every node of a new map, all written before any is read (one round
 * trip, on the connections later reads use), once per topology refresh and only in a process where a client
 * has a zone. A node that does not answer, or has no zone (Redis), stays of unknown zone: never a reason to
 * fail the refresh. The zones travel with the map to every worker (shared segment).
 */
static void rcp_read_zones(rcp_client *cl, rcp_map *map)
{
	rcp_nodebatch nb;
	rcp_req hello = {.buf = rcp_hello_cmd, .len = sizeof(rcp_hello_cmd) - 1, .nreplies = 1};
	uint32_t *part = safe_emalloc(map->nnodes ? map->nnodes : 1, sizeof(uint32_t), 0), idx;
	bool ok = true;

	rcp_nodebatch_init(&nb, map, map->nnodes, true);
	for (uint16_t i = 0; i < map->nnodes && ok; i++) {
		ok = rcp_nodebatch_add(&nb, cl, map, i, &hello, &part[i], &idx);
	}
	if (ok) {
		rcp_nodebatch_run(&nb, cl);
		for (uint16_t i = 0; i < map->nnodes; i++) {
			rcp_part *p = &nb.parts[part[i]];
			zval *az = p->err.code == RCP_OK ? rcp_flat_get(&p->replies[0], "availability_zone") : NULL;
			if (az && Z_TYPE_P(az) == IS_STRING) {
				rcp_map_set_zone(map, i, Z_STRVAL_P(az), Z_STRLEN_P(az));
			}
		}
		rcp_pool_sweep_parts(nb.parts, (int)nb.nparts);
	}
	map->zones_read = 1;
	rcp_nodebatch_free(&nb);
	efree(part);
}

/* Next periodic refresh: interval +/- jitter, so a fleet does not refresh in step. */
static uint64_t rcp_next_refresh(rcp_client *cl)
{
	uint64_t iv = cl->refresh_interval_ms, j;

	if (!iv) {
		return UINT64_MAX;
	}
	j = iv * cl->refresh_jitter_pct / 100;
	if (j) {
		iv = iv - j + (uint64_t)php_mt_rand_range(0, (zend_long)(2 * j));
	}
	return rcp_now_ms() + iv;
}

rcp_status rcp_client_refresh(rcp_client *cl, rcp_err *err)
{
	rcp_cluster *cc = cl->cluster;
	uint32_t n = cc->nseeds + (cc->map ? cc->map->nnodes : 0), i;
	rcp_target *cand = safe_emalloc(n, sizeof(rcp_target), 0);
	smart_str why = {0};
	rcp_map *map = NULL;
	rcp_status st = RCP_E_CLUSTER;
	uint32_t k = 0;
	bool all_io = true, all_timeout = true, all_auth = true;
	char auth_etype[16] = "";

	/* known healthy nodes first (they are current), then suspect ones, then the seeds; each group in random
	 * order, so a fleet never walks the nodes in the same order */
	uint32_t healthy = 0;
	if (cc->map) {
		uint64_t now = rcp_now_ms();
		for (int pass = 0; pass < 2; pass++) {
			for (i = 0; i < cc->map->nnodes; i++) {
				bool suspect = cc->shared && cc->shared_gen == rcp_shm_generation(cc->shared) &&
					rcp_shm_is_suspect(cc->shared, (uint16_t)i, now);
				if (suspect != (pass == 1)) {
					continue;
				}
				memcpy(cand[k].host, cc->map->nodes[i].host, RCP_HOST_MAX);
				cand[k].port = cc->map->nodes[i].port;
				k++;
			}
			if (pass == 0) {
				healthy = k;
			}
		}
	}
	for (i = 0; i < cc->nseeds; i++, k++) {
		memcpy(cand[k].host, cc->seeds[i].host, RCP_HOST_MAX);
		cand[k].port = cc->seeds[i].port;
	}
	uint32_t known = cc->map ? cc->map->nnodes : 0;
	for (i = 0; i + 1 < healthy; i++) {
		uint32_t j = i + (uint32_t)php_mt_rand_range(0, (zend_long)(healthy - i - 1));
		rcp_target t = cand[i]; cand[i] = cand[j]; cand[j] = t;
	}
	for (i = healthy; i + 1 < known; i++) {
		uint32_t j = i + (uint32_t)php_mt_rand_range(0, (zend_long)(known - i - 1));
		rcp_target t = cand[i]; cand[i] = cand[j]; cand[j] = t;
	}
	for (i = known; i + 1 < n; i++) {
		uint32_t j = i + (uint32_t)php_mt_rand_range(0, (zend_long)(n - i - 1));
		rcp_target t = cand[i]; cand[i] = cand[j]; cand[j] = t;
	}
	/* each node once (a seed is often a node of the map too), in the order above */
	uint32_t m = 0;
	for (i = 0; i < n; i++) {
		bool dup = false;
		for (uint32_t j = 0; j < m && !dup; j++) {
			dup = cand[j].port == cand[i].port && !strcmp(cand[j].host, cand[i].host);
		}
		if (!dup) {
			cand[m++] = cand[i];
		}
	}
	n = m;
	cc->last_refresh_ms = rcp_now_ms();
	for (i = 0; i < n; i++) {
		rcp_err e = {0};
		uint64_t now = rcp_now_ms(), end = rcp_deadline(cl), left = end > now ? end - now : 0;

		/* A node that accepts connections but never answers (stopped, hung) must not spend the whole deadline
		 * when others could answer: every node but the last gets half of the time left, at least a second (or
		 * what is left), the last all of it. */
		st = rcp_fetch_slots(cl, cand[i].host, cand[i].port,
			i + 1 < n ? now + MAX(left / 2, MIN(left, RCP_DISCOVERY_SLICE_MIN_MS)) : end, &map, &e);
		if (st == RCP_OK) {
			break;
		}
		smart_str_appends(&why, why.s ? "; " : "");
		smart_str_appends(&why, e.full && *e.full ? ZSTR_VAL(*e.full) : e.msg);
		all_io = all_io && (e.code == RCP_E_CONNECTION || e.code == RCP_E_TIMEOUT);
		all_timeout = all_timeout && e.code == RCP_E_TIMEOUT;
		all_auth = all_auth && e.code == RCP_E_AUTH;
		if (e.code == RCP_E_AUTH) {
			memcpy(auth_etype, e.etype, sizeof(auth_etype));
		}
	}
	efree(cand);
	if (st == RCP_OK) {
		if (cc->zones_wanted || (cc->shared && rcp_shm_zones_wanted(cc->shared))) {
			rcp_read_zones(cl, map);
		}
		rcp_cluster_publish(cc, map);
		rcp_cache_at_new_map(cc, NULL);
		rcp_count_cluster(cc, RCP_CEV_REFRESH);
		cc->refresh_wanted = false;
		cc->next_refresh_ms = rcp_next_refresh(cl);
	} else {
		rcp_count_cluster(cc, RCP_CEV_REFRESH_FAILURE);
		smart_str_0(&why);
		rcp_err_set_long(err, &cl->err_full, RCP_E_CLUSTER, NULL, "Cannot discover the cluster topology: %s",
			why.s ? ZSTR_VAL(why.s) : "no seeds");
		if (all_io && why.s) {
			/* no node could be reached at all; every one of them stalled: a timeout */
			err->code = all_timeout ? RCP_E_TIMEOUT : RCP_E_CONNECTION;
		} else if (all_auth && why.s) {
			/* every node refused the credentials or the ACL user's permissions */
			err->code = RCP_E_AUTH;
			memcpy(err->etype, auth_etype, sizeof(err->etype));
		}
	}
	smart_str_free(&why);
	return st;
}

/* The client reads by zone and its map was made before anyone wanted zones (rcp_read_zones). */
static bool rcp_map_lacks_zones(const rcp_client *cl)
{
	return RCP_READ_BY_ZONE(cl->read_policy) && cl->cluster->map && !cl->cluster->map->zones_read;
}

/* rcp_map_lacks_zones: refresh now, whatever the refresh policy, but not more than once per minimum refresh
 * interval. */
static bool rcp_zones_missing(rcp_client *cl, uint64_t now)
{
	if (!rcp_map_lacks_zones(cl) || now < cl->cluster->zones_retry_ms) {
		return false;
	}
	cl->cluster->zones_retry_ms = now + cl->refresh_min_interval_ms;
	return true;
}

/*
 * With a shared entry: whoever needs a refresh takes the lease (CAS); everybody else keeps using the map
 * they have, or, having none yet, waits for the holder to publish (bounded by the holder's lease) — so a
 * cold FPM pool sends one CLUSTER SLOTS, not one per worker. A dead or late holder is taken over.
 */
rcp_status rcp_shared_refresh(rcp_client *cl, bool must, rcp_err *err)
{
	rcp_cluster *cc = cl->cluster;
	rcp_shm_cluster *sc = cc->shared;
	uint64_t lease_ms = 2 * (cl->connect_timeout_ms + cl->rw_timeout_ms) + 1000;
	uint64_t give_up = rcp_now_ms() + lease_ms + cl->connect_timeout_ms;
	rcp_status st;
	bool took_over;

	for (;;) {
		uint64_t now = rcp_now_ms();

		if (rcp_shm_lease_try(sc, now, lease_ms, &took_over)) {
			rcp_sync_map(cc);
			if (cc->map && !rcp_shm_refresh_due(sc, now, cl->refresh_min_interval_ms) && !rcp_map_lacks_zones(cl)) {
				rcp_shm_lease_release(sc); /* someone refreshed while we were deciding */
				return RCP_OK;
			}
			st = rcp_client_refresh(cl, err);
			if (st == RCP_OK) {
				rcp_shm_refreshed(sc, rcp_now_ms(), cc->next_refresh_ms);
			} else {
				/* keep the request for a refresh, but not before the minimum interval */
				rcp_shm_refreshed(sc, rcp_now_ms(), rcp_now_ms() + cl->refresh_min_interval_ms);
				rcp_shm_want_refresh(sc);
			}
			rcp_shm_lease_release(sc);
			return (st == RCP_OK || !must || cc->map) ? RCP_OK : st;
		}
		if (!must) {
			return RCP_OK; /* another worker is refreshing; our map still works */
		}
		if (rcp_sync_map(cc) || cc->map) {
			return RCP_OK;
		}
		if (now > give_up) {
			return rcp_err_set(err, RCP_E_CLUSTER, NULL,
				"Cannot discover the cluster topology: worker %d holds the refresh lease and published no map in time",
				(int)rcp_shm_lease_holder(sc));
		}
		usleep(2000);
	}
}

rcp_status rcp_client_ready(rcp_client *cl, rcp_err *err)
{
	/* one clock read for the checks (the common case refreshes nothing) */
	return rcp_client_ready_at(cl, rcp_now_ms(), err);
}

rcp_status rcp_client_ready_at(rcp_client *cl, uint64_t now, rcp_err *err)
{
	rcp_cluster *cc = cl->cluster;

	if (!cl->cmd_deadline || cl->cmd_deadline < now) {
		rcp_begin(cl); /* called on its own (getSlotMap(), scanAll()...): an operation of its own */
	}
	if (cc->shared) {
		rcp_sync_map(cc);
		if (!cc->map) {
			return rcp_shared_refresh(cl, true, err);
		}
		if (rcp_zones_missing(cl, now) || rcp_shm_refresh_due(cc->shared, now, cl->refresh_min_interval_ms)) {
			rcp_err ignored = {0};
			rcp_shared_refresh(cl, false, &ignored);
		}
		return RCP_OK;
	}
	if (!cc->map) {
		return rcp_client_refresh(cl, err);
	}
	if (rcp_own_refresh_due(cl, now) || rcp_zones_missing(cl, now)) {
		rcp_err ignored = {0};
		/* the old map still works: a failed refresh is retried later, not reported */
		if (rcp_client_refresh(cl, &ignored) != RCP_OK) {
			cc->next_refresh_ms = now + cl->refresh_min_interval_ms;
		}
	}
	return RCP_OK;
}

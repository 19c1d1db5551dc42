/*
 * exec_redirect.c - the one redirect loop (rcp_exec_at): MOVED patches the slot and follows, ASK sends ASKING
 * and follows, TRYAGAIN/CLUSTERDOWN back off, READONLY from a "primary" (a demoted one) waits for the new map and
 * re-routes. Bounded by RCP_MAX_REDIRECTS hops and by the command's deadline.
 */
#include "rcp_exec_int.h"

/* ---- redirects -------------------------------------------------------------------------------- */

/* Parse "MOVED 3999 127.0.0.1:6381" / "ASK ..." into slot and target (empty host: keep current). */
bool rcp_parse_redirect(zend_string *msg, size_t skip, const rcp_target *cur, int *slot, rcp_target *t)
{
	const char *p = ZSTR_VAL(msg) + skip, *end = ZSTR_VAL(msg) + ZSTR_LEN(msg), *sp, *colon;
	char *pe;
	long s, port;

	s = strtol(p, &pe, 10);
	if (pe == p || *pe != ' ' || s < 0 || s >= RCP_SLOTS) {
		return false;
	}
	sp = pe + 1;
	colon = NULL;
	for (const char *q = end; q > sp; q--) {
		if (q[-1] == ':') {
			colon = q - 1;
			break;
		}
	}
	if (!colon || (size_t)(colon - sp) >= RCP_HOST_MAX) {
		return false;
	}
	port = strtol(colon + 1, &pe, 10);
	if (pe != end || port < 1 || port > 65535) {
		return false;
	}
	if (colon == sp) {
		memcpy(t->host, cur->host, RCP_HOST_MAX);
	} else {
		const char *h = sp, *he = colon;
		if (*h == '[' && he[-1] == ']') {
			h++; he--;
		}
		memcpy(t->host, h, (size_t)(he - h));
		t->host[he - h] = '\0';
	}
	t->port = (uint16_t)port;
	*slot = (int)s;
	return true;
}

/* A reply of a batch (split part, pipeline) that is re-run alone through rcp_exec_at(): a redirect (MOVED, ASK),
 * TRYAGAIN or CLUSTERDOWN (backed off), or READONLY from a demoted primary (the kinds the reader classified it as:
 * RCP_RK_REROUTE_MASK). */
bool rcp_is_rerouted(const zval *r)
{
	return ((1u << rcp_reply_kind_of(r)) & RCP_RK_REROUTE_MASK) != 0;
}

/*
 * MOVED: the server names the slot's owner, which is authoritative for that slot. When the owner is a
 * primary we already know, patching the slot is all that is needed (a reshard between known primaries
 * costs no CLUSTER SLOTS at all); an unknown owner (a new node, a failover) asks for a full refresh,
 * rate-limited and single-flight.
 */
void rcp_map_patch(rcp_cluster *cc, int slot, const rcp_target *t)
{
	uint16_t idx, i;
	bool known = false;

	if (!cc->map) {
		return;
	}
	for (i = 0; i < cc->map->nnodes; i++) {
		if (cc->map->nodes[i].port == t->port && !strcmp(cc->map->nodes[i].host, t->host) && !cc->map->nodes[i].replica) {
			known = true;
			break;
		}
	}
	idx = rcp_map_node(cc->map, t->host, strlen(t->host), t->port, false);
	if (idx != RCP_NO_NODE) {
		cc->map->slots[slot] = idx;
		cc->generation++;
	}
	rcp_cache_at_slot_moved(cc, slot);
	if (cc->shared) {
		/* every worker stops hitting this MOVED at once; our own copy already has the patch */
		bool current = rcp_shm_generation(cc->shared) == cc->shared_gen;
		if (rcp_shm_patch_slot(cc->shared, slot, t->host, t->port) && current) {
			cc->shared_gen = rcp_shm_generation(cc->shared);
		}
	}
	if (!known) {
		rcp_want_refresh(cc);
	}
}

/*
 * A write answered "-READONLY You can't write against a read only replica" by the node the map calls the slot's
 * primary: that node was demoted (a failover, a managed service replacing a primary) and the map is stale. The
 * error means the command was refused, not applied, so it may be sent again: ask for a refresh now (single flight:
 * the lease holder refreshes, the others pick its map up from the segment) and return the slot's primary in the
 * map we have then, in *t. False when the map still names the same node: the caller backs off and asks again,
 * within the command's deadline.
 */
static bool rcp_reroute_demoted(rcp_client *cl, rcp_target *t)
{
	rcp_cluster *cc = cl->cluster;
	rcp_err ignored = {0};
	uint16_t idx;

	rcp_want_refresh(cc);
	if (cc->shared) {
		rcp_shared_refresh(cl, false, &ignored);
		rcp_sync_map(cc);
	} else if (rcp_now_ms() - cc->last_refresh_ms >= cl->refresh_min_interval_ms) {
		rcp_client_refresh(cl, &ignored);
	}
	if (!cc->map || (idx = cc->map->slots[t->slot]) == RCP_NO_NODE ||
	    (cc->map->nodes[idx].port == t->port && !strcmp(cc->map->nodes[idx].host, t->host))) {
		return false;
	}
	memcpy(t->host, cc->map->nodes[idx].host, RCP_HOST_MAX);
	t->port = cc->map->nodes[idx].port;
	return true;
}

/* After a READONLY from t (its primary demoted): wait, within the deadline, for a map that names another primary
 * of t->slot (the refresh is single flight and rate-limited; sending the write to the demoted node again would
 * only be refused again). True with t pointing at the new primary. */
bool rcp_await_new_primary(rcp_client *cl, rcp_target *t, uint64_t deadline, uint32_t *backoff_ms)
{
	for (int tries = 0; !rcp_reroute_demoted(cl, t); tries++) {
		if (rcp_now_ms() + *backoff_ms >= deadline || tries >= RCP_MAX_REDIRECTS) {
			return false;
		}
		rcp_backoff(backoff_ms);
	}
	return true;
}

/* Wait *ms, then double it up to 200 ms: the pause between retries of TRYAGAIN, CLUSTERDOWN and redirects
 * that go back and forth (the callers bound the total by the command's deadline). */
void rcp_backoff(uint32_t *ms)
{
	usleep(*ms * 1000);
	*ms = *ms * 2 > 200 ? 200 : *ms * 2;
}

/* ---- the redirect step, shared by rcp_exec_at() and the transaction loops ------------------------ */

rcp_redirect rcp_redirect_follow(rcp_client *cl, rcp_redirect_state *st, rcp_reply_kind kind, zend_string *msg,
                                 const rcp_target *cur, rcp_target *next, const char *name, rcp_err *err)
{
	bool moved = kind == RCP_RK_MOVED;
	int slot;

	memset(next, 0, sizeof(*next));
	if (!rcp_parse_redirect(msg, moved ? 6 : 4, cur, &slot, next)) {
		return RCP_REDIRECT_UNREADABLE;
	}
	st->slot = slot;
	/* nodes that disagree for a moment (a slot just moved, its new owner not yet known to all) can send us back and
	 * forth: past a few immediate hops, back off and let the cluster converge, within the command's deadline */
	if (++st->hops > RCP_MAX_REDIRECTS ||
	    (st->hops > RCP_REDIRECTS_IMMEDIATE && rcp_now_ms() + st->backoff_ms >= st->deadline)) {
		rcp_err_set(err, RCP_E_CLUSTER, NULL,
			"%s: too many redirects (%u), last to %s:%u for slot %d: the cluster is resharding or misconfigured",
			name, st->hops - 1, next->host, next->port, slot);
		return RCP_REDIRECT_GIVE_UP;
	}
	if (st->hops > RCP_REDIRECTS_IMMEDIATE) {
		rcp_backoff(&st->backoff_ms);
	}
	if (moved) {
		rcp_count_cluster(cl->cluster, RCP_CEV_MOVED);
		rcp_map_patch(cl->cluster, slot, next);
	} else {
		rcp_count_cluster(cl->cluster, RCP_CEV_ASK);
		rcp_cache_at_slot_moved(cl->cluster, slot); /* migrating: nothing of it is filled meanwhile */
	}
	next->read = cur->read;
	return RCP_REDIRECT_FOLLOW;
}

bool rcp_redirect_wait(rcp_redirect_state *st)
{
	/* refused, not run: again after a pause, for as long as the deadline allows (a cluster is down for node-timeout
	 * and more; the pauses, 10 ms doubling to 200 ms, bound the number of tries) */
	if (rcp_now_ms() + st->backoff_ms < st->deadline) {
		rcp_backoff(&st->backoff_ms);
		return true;
	}
	return false;
}

bool rcp_redirect_demoted(rcp_client *cl, rcp_redirect_state *st, rcp_target *t)
{
	/* a primary of our map that is a replica now: never applied, so sent again to the slot's new primary, once the
	 * map names another one (the refresh is single flight and rate-limited: sending to the demoted node again would
	 * only be refused again) */
	rcp_count_cluster(cl->cluster, RCP_CEV_READONLY_REDIRECT);
	rcp_want_refresh(cl->cluster);
	if (t->has_slot) {
		rcp_target next = *t;
		if (rcp_await_new_primary(cl, &next, st->deadline, &st->backoff_ms)) {
			*t = next;
			return true;
		}
	}
	return false;
}

rcp_status rcp_asking_refused(const zend_string *m, const char *addr, int slot, rcp_err *err)
{
	bool noperm = ZSTR_LEN(m) >= 6 && !memcmp(ZSTR_VAL(m), "NOPERM", 6);

	rcp_err_set(err, noperm ? RCP_E_AUTH : RCP_E_SERVER, addr, "ASKING on %s refused: %.*s; following the ASK redirect "
		"of slot %d (a slot being migrated) needs the ACL permission +asking; nothing was run", addr,
		(int)MIN(ZSTR_LEN(m), 200), ZSTR_VAL(m), slot);
	if (noperm) {
		snprintf(err->etype, sizeof(err->etype), "NOPERM");
	}
	return err->code;
}

/* Send one command (req: bytes or argv) to a target, following redirects. */
rcp_status rcp_exec_at(rcp_client *cl, rcp_target target, const rcp_req *cmdreq, const char *name, zval *reply,
                       uint8_t *kind_out, rcp_err *err)
{
	/* a blocking command: its deadline plus its own timeout */
	rcp_redirect_state rs = {.hops = 0, .backoff_ms = 10, .deadline = rcp_deadline(cl) + cmdreq->block_ms};
	rcp_req req = *cmdreq;
	rcp_reply_kind kind;
	rcp_status st;

	req.asking = false;
	for (;;) {
		zval replies[2];

		st = rcp_send_req(cl, target.host, target.port, target.ro, target.read, &req, replies, rs.deadline, err,
			cl->last_node);
		if (st != RCP_OK) {
			rcp_node_outcome(cl->cluster, target.host, target.port, err->code);
			/* name the command; never its arguments */
			rcp_err_append(err, " (command %s)", name);
			return st;
		}
		if (req.asking) {
			if (UNEXPECTED(rcp_reply_is_error(&replies[0])) &&
			    ((1u << rcp_reply_kind_of(&replies[1])) & ((1u << RCP_RK_MOVED) | (1u << RCP_RK_ASK)))) {
				st = rcp_asking_refused(rcp_error_message(&replies[0]), cl->last_node, rs.slot, err);
				zval_ptr_dtor(&replies[0]);
				zval_ptr_dtor(&replies[1]);
				rcp_err_append(err, " (command %s)", name);
				return st;
			}
			zval_ptr_dtor(&replies[0]);
			ZVAL_COPY_VALUE(reply, &replies[1]);
		} else {
			ZVAL_COPY_VALUE(reply, &replies[0]);
		}
		rcp_node_ok(cl->cluster, target.host, target.port, target.node1);
		req.asking = false;
		kind = rcp_reply_kind_of(reply);
		if (kind == RCP_RK_MOVED || kind == RCP_RK_ASK) {
			rcp_target next;
			switch (rcp_redirect_follow(cl, &rs, kind, rcp_error_message(reply), &target, &next, name, err)) {
				case RCP_REDIRECT_UNREADABLE:
					break; /* not a redirect we understand: hand the error to the caller */
				case RCP_REDIRECT_GIVE_UP:
					zval_ptr_dtor(reply);
					ZVAL_UNDEF(reply);
					return err->code;
				default:
					zval_ptr_dtor(reply);
					ZVAL_UNDEF(reply);
					req.asking = kind == RCP_RK_ASK;
					target = next;
					continue;
			}
		} else if ((kind == RCP_RK_TRYAGAIN || kind == RCP_RK_CLUSTERDOWN) && rcp_redirect_wait(&rs)) {
			zval_ptr_dtor(reply);
			ZVAL_UNDEF(reply);
			continue;
		} else if (!target.ro && kind == RCP_RK_READONLY && rcp_redirect_demoted(cl, &rs, &target)) {
			zval_ptr_dtor(reply);
			ZVAL_UNDEF(reply);
			continue;
		}
		if (kind_out) {
			*kind_out = (uint8_t)kind;
		}
		return RCP_OK;
	}
}

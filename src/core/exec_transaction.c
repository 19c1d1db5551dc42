/*
 * exec_transaction.c - MULTI ... EXEC on the node of the transaction's slot, and WATCH pinned to its
 * connection.
 */
#include "rcp_exec_int.h"

/* ---- transactions (MULTI ... EXEC, WATCH) ------------------------------------------------------ */

/*
 * A transaction runs on one node, so every key of every command (and every WATCHed key) must hash to one
 * slot; this is checked before anything is sent. The queued commands travel in one write, MULTI + commands
 * + EXEC: one round trip. WATCH is sent at once (it must precede the reads of a check-and-set) on the
 * pooled connection of the slot's owner, and the EXEC must go out on that very connection: if it was
 * replaced in between (peer closed, I/O error) the WATCH is gone, and the transaction is refused rather
 * than run unguarded. A connection left with a WATCH in force is closed at request end (pool.c).
 *
 * Redirects: nothing of a transaction runs until EXEC, and a queued command answered MOVED/ASK makes the
 * server discard it (EXECABORT), so without WATCH the whole transaction is safely re-sent to the new owner
 * (MOVED: map patched; ASK: "ASKING" first, which holds for the whole MULTI block). With WATCH, a moved slot
 * means the WATCH is on the wrong node: the transaction counts as aborted (the caller's retry re-WATCHes).
 */

/* "%d command%s" of a message: n and its plural ending ("1 command", "2 commands") */
#define RCP_TX_NCMDS(n) (n), (n) == 1 ? "" : "s"

/* Fold the keys of route r (its key slots, computed once) into *slot (-1: none yet): RCP_E_CLUSTER when one hashes
 * elsewhere, RCP_E_ARGUMENT for arguments the key specs refuse. */
static rcp_status rcp_tx_fold(const rcp_route *r, int *slot, rcp_err *err)
{
	const rcp_cmd *cmd = r->cmd;

	if (r->nkeys < 0) {
		char ebuf[256];
		rcp_route_keys_error(r, ebuf, sizeof(ebuf));
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s", ebuf);
	}
	for (int i = 0; i < r->nkeys; i++) {
		int s = r->kslot[i];
		if (*slot < 0) {
			*slot = s;
		} else if (s != *slot) {
			return rcp_err_set(err, RCP_E_CLUSTER, NULL,
				"%s: a transaction runs on one node, so all its keys must hash to one slot; this key hashes to "
				"slot %d, earlier keys of the transaction to slot %d (use a {hash tag})", cmd->name, s, *slot);
		}
	}
	return RCP_OK;
}

/* The node a transaction on `slot` goes to: the slot's owner; with no key at all (-1), a primary at random. */
static rcp_status rcp_tx_target(rcp_client *cl, int slot, rcp_target *t, rcp_err *err)
{
	rcp_map *map = cl->cluster->map;
	uint16_t idx;
	rcp_status st;

	if (slot >= 0) {
		if ((st = rcp_slot_owner(cl, slot, "transaction", &idx, err)) != RCP_OK) {
			return st;
		}
	} else {
		idx = rcp_map_any_primary(map);
	}
	memcpy(t->host, map->nodes[idx].host, RCP_HOST_MAX);
	t->port = map->nodes[idx].port;
	return RCP_OK;
}

/* The connection that holds w's WATCH, or NULL (err set) when it was replaced meanwhile: the WATCH is gone with
 * the old one, and nothing may be sent unguarded. */
static rcp_conn *rcp_watch_conn(rcp_client *cl, rcp_watch *w, rcp_err *err)
{
	rcp_conn *c = rcp_pool_peek(w->host, w->port, cl->cred, cl->cred_len); /* (never a new one: it holds no WATCH) */
	char addr[RCP_ADDR_MAX];

	if (c && c->id == w->conn_id) {
		return c;
	}
	rcp_addr_fmt(addr, sizeof(addr), w->host, w->port);
	w->active = false;
	rcp_err_set(err, RCP_E_CONNECTION, addr,
		"The connection to %s that held the WATCH was lost before EXEC: the transaction was not sent", addr);
	return NULL;
}

/* Send on the connection that holds the WATCH (never a replacement: the WATCH would be lost). */
static rcp_status rcp_send_pinned(rcp_client *cl, rcp_watch *w, const char *buf, size_t len, uint32_t nreplies,
                                  zval *replies, rcp_err *err)
{
	rcp_conn *c = rcp_watch_conn(cl, w, err);
	rcp_part part;

	if (!c) {
		for (uint32_t i = 0; i < nreplies; i++) {
			ZVAL_UNDEF(&replies[i]);
		}
		return err->code;
	}
	rcp_run_one(cl, &part, c, buf, len, nreplies, replies, rcp_deadline(cl));
	if (part.err.code != RCP_OK) {
		*err = part.err;
		w->active = false;
		rcp_node_outcome(cl->cluster, w->host, w->port, part.err.code);
	}
	rcp_pool_sweep_parts(&part, 1);
	if (err->code == RCP_OK) {
		snprintf(cl->last_node, sizeof(cl->last_node), "%s", c->addr);
	}
	return part.err.code;
}

rcp_status rcp_tx_watch(rcp_client *cl, rcp_watch *w, int argc, const char *const *argv, const size_t *argvlen,
                        rcp_err *err)
{
	const rcp_cmd *cmd = rcp_cmd_lookup("WATCH", 5, NULL, 0);
	int slot = w->active ? w->slot : -1;
	bool had_watch = w->active;   /* keys of this transaction are already WATCHed on w's node */
	rcp_wbuf wb = {0};
	zval reply;
	rcp_status st;
	rcp_route r;

	rcp_begin(cl);
	rcp_route_build(&r, cmd, argc, argv, argvlen);
	st = rcp_tx_fold(&r, &slot, err);
	rcp_route_free(&r);
	if (st != RCP_OK) {
		return st;
	}
	if ((st = rcp_client_ready(cl, err)) != RCP_OK) {
		return st;
	}
	if (!rcp_wbuf_command(&wb, argc, argv, argvlen)) {
		rcp_wbuf_free(&wb, false);
		return rcp_err_set(err, RCP_E_MEMORY, NULL, "WATCH: out of memory encoding the command");
	}
	rcp_redirect_state rs = {.hops = 0, .backoff_ms = 10, .deadline = cl->cmd_deadline};
	for (;;) {
		if (!w->active) {
			rcp_target t = {0};
			rcp_conn *c;
			if ((st = rcp_tx_target(cl, slot, &t, err)) != RCP_OK) {
				break;
			}
			c = rcp_client_conn(cl, t.host, t.port);
			memcpy(w->host, t.host, RCP_HOST_MAX);
			w->port = t.port;
			w->conn_id = c->id;
			w->slot = slot;
			w->active = true;
		}
		if ((st = rcp_send_pinned(cl, w, wb.p, wb.len, 1, &reply, err)) != RCP_OK) {
			break;
		}
		if (rcp_reply_kind_of(&reply) == RCP_RK_MOVED && !had_watch) {
			/* the slot moved before anything was WATCHed: WATCH on the new owner instead (the one redirect step;
			 * past its bound, the MOVED is the error below) */
			rcp_target next, cur = {0};
			memcpy(cur.host, w->host, RCP_HOST_MAX);
			cur.port = w->port;
			if (rcp_redirect_follow(cl, &rs, RCP_RK_MOVED, rcp_error_message(&reply), &cur, &next, "WATCH", err) ==
			    RCP_REDIRECT_FOLLOW) {
				zval_ptr_dtor(&reply);
				rcp_tx_unwatch(cl, w);
				continue;
			}
		}
		if (rcp_reply_is_error(&reply)) {
			zend_string *m = rcp_error_message(&reply);
			st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s", (int)MIN(ZSTR_LEN(m), 400), ZSTR_VAL(m));
			zval_ptr_dtor(&reply);
			rcp_tx_unwatch(cl, w);
			break;
		}
		zval_ptr_dtor(&reply);
		rcp_client_conn(cl, w->host, w->port)->watching = true;
		break;
	}
	rcp_wbuf_free(&wb, false);
	return st;
}

void rcp_tx_unwatch(rcp_client *cl, rcp_watch *w)
{
	static const char unwatch[] = "*1\r\n$7\r\nUNWATCH\r\n";
	rcp_conn *c;
	zval reply;
	rcp_err ignored = {0};

	if (!w->active) {
		return;
	}
	rcp_begin(cl);
	c = rcp_pool_peek(w->host, w->port, cl->cred, cl->cred_len);
	if (c && c->id == w->conn_id && rcp_send_pinned(cl, w, unwatch, sizeof(unwatch) - 1, 1, &reply, &ignored) == RCP_OK) {
		zval_ptr_dtor(&reply);
		c->watching = false;
	}
	w->active = false;
}

static rcp_status rcp_exec_transaction_run(rcp_client *cl, rcp_watch *w, rcp_pipe_cmd *cmds, int n, zval *exec_reply,
                                const char **aborted, rcp_err *err);

rcp_status rcp_exec_transaction(rcp_client *cl, rcp_watch *w, rcp_pipe_cmd *cmds, int n, zval *exec_reply,
                                const char **aborted, rcp_err *err)
{
	rcp_status st;

	*aborted = NULL;
	st = rcp_exec_transaction_run(cl, w, cmds, n, exec_reply, aborted, err);

	/* every queued command counted once; written keys invalidated after EXEC's reply or its failure (also aborted) */
	for (int i = 0; i < n; i++) {
		rcp_count_command(cl->cluster->shared, cmds[i].route.cmd, st != RCP_OK || *aborted != NULL);
		if (!(cmds[i].route.flags & RCP_RF_READ)) {
			rcp_cache_at_write(cl, &cmds[i].route);
		}
	}
	rcp_pool_op_end(); /* (a WATCH left by an aborted transaction keeps its connection) */
	return st;
}

/* The message of an error reply, at most max bytes of it, for "%.*s". */
#define RCP_MSG(m, max) (int)MIN(ZSTR_LEN(m), (size_t)(max)), ZSTR_VAL(m)

/* EXEC's own refusal "EXECABORT Transaction discarded because of: NOPERM ..." (EXEC refused by the ACL, say): how
 * many bytes to skip to the cause, so that the exception's error type is the server's (NOPERM), not EXECABORT;
 * 0 for another error. */
static size_t rcp_exec_cause(const zend_string *m)
{
	static const char lead[] = "EXECABORT Transaction discarded because of: ";

	return ZSTR_LEN(m) > sizeof(lead) - 1 && !memcmp(ZSTR_VAL(m), lead, sizeof(lead) - 1) ? sizeof(lead) - 1 : 0;
}

/* The text of a reply that should have been OK: an error's message, else a word for what it was. */
static void rcp_not_ok(zval *r, const char **p, int *len)
{
	if (rcp_reply_is_error(r)) {
		zend_string *m = rcp_error_message(r);
		*p = ZSTR_VAL(m);
		*len = (int)MIN(ZSTR_LEN(m), 300);
	} else {
		*p = "not OK";
		*len = 6;
	}
}

/* exec_reply: EXEC's array of the queued commands' replies with the replies of the WAIT / WAITAOF sent after EXEC
 * put back in their places (waits: the original index of each, in order). */
static void rcp_tx_merge_waits(zval *exec_arr, zval *wait_replies, const int *waits, int nwait, int n, zval *exec_reply)
{
	HashTable *ht = Z_ARRVAL_P(exec_arr);
	uint32_t pos = 0;
	int w = 0;

	array_init_size(exec_reply, (uint32_t)n);
	for (int i = 0; i < n; i++) {
		zval v;
		if (w < nwait && waits[w] == i) {
			ZVAL_COPY_VALUE(&v, &wait_replies[w]);
			ZVAL_UNDEF(&wait_replies[w]);
			w++;
		} else {
			zval *e = zend_hash_index_find(ht, pos++);
			ZVAL_COPY(&v, e);
		}
		add_next_index_zval(exec_reply, &v);
	}
}

static rcp_status rcp_exec_transaction_run(rcp_client *cl, rcp_watch *w, rcp_pipe_cmd *cmds, int n, zval *exec_reply,
                                const char **aborted, rcp_err *err)
{
	static const char multi[] = "*1\r\n$5\r\nMULTI\r\n", exec[] = "*1\r\n$4\r\nEXEC\r\n";
	int slot = w->active ? w->slot : -1, i, nwait = 0, nq;
	int *waits = NULL;            /* WAIT / WAITAOF: their indexes in cmds (sent after EXEC) */
	bool wrote_keys = false;
	uint64_t deadline;
	uint32_t conn_tries = 0;
	rcp_redirect_state rs = {.hops = 0, .backoff_ms = 10};
	rcp_target t = {0};
	bool asking = false;
	zend_string *asking_refused = NULL; /* ASKING's error, when it went with MULTI alone (its reply is gone then) */
	rcp_wbuf body = {0};          /* the queued commands, EXEC, then the WAITs */
	smart_str head = {0};         /* [ASKING] MULTI */
	zval *replies;
	rcp_status st = RCP_OK;
	bool watched = w->active;

	rcp_begin(cl);
	ZVAL_NULL(exec_reply);
	*aborted = NULL;
	for (i = 0; i < n && st == RCP_OK; i++) {
		const rcp_route *r = &cmds[i].route;
		/* a queued command that cannot be part of a transaction, then its keys folded into the transaction's slot */
		if (r->cmd->route == RCP_ROUTE_UNSUPPORTED) {
			st = rcp_cmd_unsupported(r->cmd, err);
		} else if (r->cmd->route == RCP_ROUTE_ALL_PRIMARIES || r->cmd->route == RCP_ROUTE_ALL_NODES) {
			st = rcp_err_set(err, RCP_E_ARGUMENT, NULL,
				"%s cannot be part of a transaction: it runs on every %s, a transaction on one node", r->cmd->name,
				r->cmd->route == RCP_ROUTE_ALL_NODES ? "node" : "primary");
		} else {
			st = rcp_tx_fold(r, &slot, err);
		}
		if (r->cmd->route == RCP_ROUTE_AFTER_WRITE) {
			if (st == RCP_OK && !wrote_keys) {
				st = rcp_cmd_misplaced(r->cmd, i == 0 ? "first in the transaction"
					: "after no write in the transaction", err);
			}
			if (!waits) {
				waits = safe_emalloc((size_t)n, sizeof(int), 0);
			}
			waits[nwait++] = i;
		} else if (r->nkeys > 0 && !(r->flags & RCP_RF_READ)) {
			wrote_keys = true;
		}
	}
	if (st != RCP_OK || (st = rcp_client_ready(cl, err)) != RCP_OK) {
		rcp_tx_unwatch(cl, w);
		if (waits) efree(waits);
		return st;
	}
	nq = n - nwait;
	/* the queued commands, EXEC, then WAIT / WAITAOF: inside EXEC the server answers them at once without waiting
	 * (no blocking in a transaction), after it they wait for the replication of the whole transaction */
	for (int pass = 0; pass < 2; pass++) {
		for (i = 0; i < n; i++) {
			const rcp_route *r = &cmds[i].route;
			if ((r->cmd->route == RCP_ROUTE_AFTER_WRITE) != (pass == 1)) {
				continue;
			}
			rcp_script_note(r);
			if (!rcp_wbuf_command(&body, r->argc, r->argv, r->argvlen)) {
				rcp_wbuf_free(&body, false);
				rcp_tx_unwatch(cl, w);
				if (waits) efree(waits);
				return rcp_err_set(err, RCP_E_MEMORY, NULL, "transaction of %d command%s: out of memory encoding it", RCP_TX_NCMDS(n));
			}
		}
		if (pass == 0) {
			rcp_wbuf_append(&body, exec, sizeof(exec) - 1);
		}
	}
	if (w->active) {
		memcpy(t.host, w->host, RCP_HOST_MAX);
		t.port = w->port;
	} else if ((st = rcp_tx_target(cl, slot, &t, err)) != RCP_OK) {
		rcp_wbuf_free(&body, false);
		if (waits) efree(waits);
		return st;
	}
	replies = safe_emalloc((size_t)n + 3, sizeof(zval), 0);
	deadline = rcp_deadline(cl);
	for (i = 0; nwait && i < n; i++) {
		/* WAIT / WAITAOF after EXEC block on the server (inside MULTI nothing blocks): their timeouts extend the wait
		 * (by their route: Redis 7.0's COMMAND does not flag them blocking) */
		if (cmds[i].route.cmd->route == RCP_ROUTE_AFTER_WRITE) {
			deadline = MAX(deadline, rcp_deadline(cl) + rcp_cmd_block_ms(cmds[i].route.cmd, cmds[i].route.argc,
				cmds[i].route.argv, cmds[i].route.argvlen));
		}
	}
	rs.deadline = deadline;
	for (;;) {
		/* replies: [ASKING] MULTI | the queued commands | EXEC | the WAITs */
		uint32_t first = asking ? 1 : 0, nhead = first + 1, nbody = (uint32_t)n + 1, nrep = nhead + nbody;
		zval *qr = replies + nhead, *exec_r = qr + nq, *redirect = NULL;
		rcp_conn *c;
		rcp_part part;
		bool was_new, learn, discard = false;

		smart_str_free(&head);
		if (asking_refused) {
			zend_string_release(asking_refused);
			asking_refused = NULL;
		}
		if (asking) {
			smart_str_appendl(&head, RCP_ASKING_CMD, sizeof(RCP_ASKING_CMD) - 1);
		}
		smart_str_appendl(&head, multi, sizeof(multi) - 1);
		if (watched) {
			if (!(c = rcp_watch_conn(cl, w, err))) {
				st = err->code;
				rcp_err_append(err, " (nothing was applied)");
				for (uint32_t k = 0; k < nrep; k++) ZVAL_UNDEF(&replies[k]);
				break;
			}
		} else {
			c = rcp_client_conn(cl, t.host, t.port);
		}
		was_new = c->state == RCP_CONN_NEW;
		/*
		 * All or nothing: commands sent behind a MULTI the server refuses (an ACL without +multi) would run one by
		 * one. So on a connection where MULTI was never accepted, MULTI goes alone first and the commands follow
		 * only after its OK (one more round trip, once in the connection's life); on one where it was accepted
		 * (rcp_conn.multi_ok), MULTI, the commands and EXEC leave in one write.
		 */
		learn = !c->multi_ok;
		if (learn) {
			c->first_reads = true; /* [ASKING] MULTI alone applies nothing: it may ride behind a new connection's AUTH */
			rcp_run_one(cl, &part, c, ZSTR_VAL(head.s), ZSTR_LEN(head.s), nhead, replies, deadline);
			if (part.err.code == RCP_OK && !rcp_reply_is_status(&replies[first])) {
				const char *mp;
				int ml;
				rcp_not_ok(&replies[first], &mp, &ml);
				snprintf(cl->last_node, sizeof(cl->last_node), "%s", c->addr);
				st = rcp_err_set(err, rcp_reply_is_error(&replies[first]) ? RCP_E_SERVER : RCP_E_PROTOCOL, c->addr,
					"%.*s (MULTI refused by %s: the transaction of %d command%s was not sent, nothing was applied)", ml,
					mp, c->addr, RCP_TX_NCMDS(n));
			} else if (part.err.code == RCP_OK) {
				c->multi_ok = true;
			}
			if (part.err.code == RCP_OK && asking && rcp_reply_is_error(&replies[0])) {
				asking_refused = zend_string_copy(rcp_error_message(&replies[0])); /* no +asking: see below */
			}
			rcp_pool_sweep_parts(&part, 1);
			for (uint32_t k = 0; k < nhead; k++) {
				zval_ptr_dtor(&replies[k]);
				ZVAL_UNDEF(&replies[k]);
			}
			if (st != RCP_OK) {
				rcp_tx_unwatch(cl, w);
				break;
			}
			if (part.err.code != RCP_OK) {
				/* MULTI alone changes nothing: sent again on a fresh connection when the server closed this one */
				if (!watched && conn_tries++ == 0 && rcp_retry_safe(&part, was_new, true, deadline)) {
					continue;
				}
				*err = part.err;
				st = err->code;
				rcp_node_outcome(cl->cluster, t.host, t.port, st);
				rcp_err_append(err, " (MULTI of a transaction of %d command%s: nothing was applied)", RCP_TX_NCMDS(n));
				w->active = false;
				break;
			}
			/* the commands on this very connection, inside the MULTI it accepted: never on another one */
			rcp_run_one(cl, &part, c, body.p, body.len, nbody, qr, deadline);
		} else {
			smart_str_appendl(&head, body.p, body.len);
			rcp_run_one(cl, &part, c, ZSTR_VAL(head.s), ZSTR_LEN(head.s), nrep, replies, deadline);
		}
		if (part.err.code != RCP_OK) {
			rcp_pool_sweep_parts(&part, 1);
			for (uint32_t k = 0; k < nrep; k++) {
				zval_ptr_dtor(&replies[k]);
				ZVAL_UNDEF(&replies[k]);
			}
			/* nothing written on a pooled connection the server closed: a fresh one (which learns MULTI first) */
			if (!learn && !watched && conn_tries++ == 0 && rcp_retry_safe(&part, was_new, false, deadline)) {
				continue;
			}
			*err = part.err;
			st = err->code;
			rcp_node_outcome(cl->cluster, t.host, t.port, st);
			rcp_err_append(err, part.wrote_any
				? " (transaction of %d command%s: the failure came after the write, so EXEC may have run)"
				: " (transaction of %d command%s: nothing was sent, nothing was applied)", RCP_TX_NCMDS(n));
			w->active = false;
			break;
		}
		snprintf(cl->last_node, sizeof(cl->last_node), "%s", c->addr);
		/* the EXEC ran (or was refused): a WATCH is over either way */
		if (watched) {
			c->watching = false;
			w->active = false;
		}
		if (!learn && !rcp_reply_is_status(&replies[first])) {
			/* MULTI refused where it was accepted before: the user's ACL changed since. The commands of the same
			 * write ran one by one, outside any transaction: said as it is */
			const char *mp;
			int ml, errors = 0;
			for (int k = 0; k < nq; k++) {
				errors += rcp_reply_is_error(&qr[k]);
			}
			rcp_not_ok(&replies[first], &mp, &ml);
			c->multi_ok = false;
			discard = true; /* a WATCH may be left on it: never used again */
			st = rcp_err_set(err, rcp_reply_is_error(&replies[first]) ? RCP_E_SERVER : RCP_E_PROTOCOL, c->addr,
				"%.*s (MULTI refused by %s, which had accepted it on this connection before: the permissions of the "
				"ACL user changed meanwhile. The %d command%s sent with it in one write w%s run by the server one by "
				"one, NOT as a transaction: %d of them answered an error, the others were applied)", ml, mp, c->addr,
				RCP_TX_NCMDS(nq), nq == 1 ? "as" : "ere", errors);
		}
		/* the reply to each queued command (QUEUED, or why it was refused), then EXEC's */
		for (i = 0; i < nq + 1 && st == RCP_OK && !redirect; i++) {
			zval *r = &qr[i];
			rcp_reply_kind k = rcp_reply_kind_of(r);
			if (k == RCP_RK_MOVED || k == RCP_RK_ASK || k == RCP_RK_TRYAGAIN || k == RCP_RK_CLUSTERDOWN ||
			    k == RCP_RK_READONLY) {
				redirect = r;
			} else if (rcp_reply_is_error(r) && i < nq) {
				zend_string *m = rcp_error_message(r);
				int ci = i;
				for (int k2 = 0; k2 < nwait && waits[k2] <= ci; k2++) ci++; /* its index among all the commands */
				st = rcp_err_set(err, RCP_E_SERVER, cl->last_node,
					"%.*s (command %s, queued in a transaction: the server discarded the transaction, nothing was "
					"executed)", RCP_MSG(m, 300), cmds[ci].route.cmd->name);
			}
		}
		if (st == RCP_OK && redirect) {
			/* nothing ran (a queued command was refused, so the server discarded the transaction): the one redirect
			 * step (exec_redirect.c) says where it goes now */
			rcp_target next;
			rcp_reply_kind rk = rcp_reply_kind_of(redirect);
			bool moved = rk == RCP_RK_MOVED, ask = rk == RCP_RK_ASK, demoted = rk == RCP_RK_READONLY,
			     wait = rk == RCP_RK_TRYAGAIN || rk == RCP_RK_CLUSTERDOWN, again = false;
			zend_string *m = rcp_error_message(redirect);

			if ((moved || ask) && (asking_refused || (asking && !learn && rcp_reply_is_error(&replies[0])))) {
				/* ASKING refused (no +asking): following the ASK cannot work; nothing ran */
				st = rcp_asking_refused(asking_refused ? asking_refused : rcp_error_message(&replies[0]), cl->last_node,
					slot, err);
				rcp_err_append(err, " (transaction of %d commands)", n);
			} else if (moved || ask) {
				rcp_redirect d = rcp_redirect_follow(cl, &rs, rk, m, &t, &next, "transaction", err);
				if (d == RCP_REDIRECT_UNREADABLE) {
					st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s", RCP_MSG(m, 300));
				} else if (d == RCP_REDIRECT_GIVE_UP) {
					st = err->code;
				}
			}
			if (st == RCP_OK && watched) {
				/* the WATCH is on this node: re-sending elsewhere (or later) would run unguarded. Nothing ran (the
				 * server discarded the transaction); the caller may retry. */
				*aborted = moved ? "its slot moved to another node while WATCHed"
				         : ask ? "its slot is being migrated to another node"
				         : demoted ? "its node was demoted to a replica while WATCHed"
				         : rk == RCP_RK_TRYAGAIN ? "the cluster answered TRYAGAIN"
				         : "the cluster answered CLUSTERDOWN (it is down for a moment)";
				if (demoted) {
					rcp_want_refresh(cl->cluster);
				}
				rcp_pool_sweep_parts(&part, 1);
				for (uint32_t k = 0; k < nrep; k++) zval_ptr_dtor(&replies[k]);
				break;
			}
			if (st == RCP_OK && (moved || ask)) {
				t = next;
				asking = ask;
				again = true;
			} else if (st == RCP_OK && demoted) {
				/* a primary demoted under us (managed failover): the server refused the queued write, so EXEC ran
				 * nothing; refresh (single flight) and send the whole transaction to the new primary */
				t.has_slot = slot >= 0;
				t.slot = (uint16_t)(slot >= 0 ? slot : 0);
				asking = false;
				if (++rs.hops > RCP_MAX_REDIRECTS) {
					st = rcp_err_set(err, RCP_E_CLUSTER, NULL, "transaction: too many redirects (%u), last: %.*s",
						rs.hops, RCP_MSG(m, 200));
				} else if (!(again = rcp_redirect_demoted(cl, &rs, &t))) {
					st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s (a queued command of a transaction: the "
						"server discarded the transaction, nothing was executed)", RCP_MSG(m, 300));
				}
			} else if (st == RCP_OK && wait && !(again = rcp_redirect_wait(&rs))) {
				/* TRYAGAIN, CLUSTERDOWN: refused, nothing ran; the whole transaction again after a pause, within the
				 * deadline (rcp_redirect_wait), else this */
				st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s (transaction of %d command%s: the server "
					"discarded it, nothing was applied)", RCP_MSG(m, 300), RCP_TX_NCMDS(n));
			}
			if (again) {
				rcp_pool_sweep_parts(&part, 1);
				for (uint32_t k = 0; k < nrep; k++) zval_ptr_dtor(&replies[k]);
				continue;
			}
		}
		if (st == RCP_OK) {
			if (Z_TYPE_P(exec_r) == IS_NULL) {
				*aborted = "a WATCHed key was modified";
			} else if (rcp_reply_is_error(exec_r)) {
				/* EXEC itself refused (an ACL without +exec: "EXECABORT Transaction discarded because of: NOPERM ..."):
				 * nothing ran. Any other refusal might leave the connection inside MULTI, where a later command would
				 * be queued silently: never used again */
				zend_string *m = rcp_error_message(exec_r);
				size_t skip = rcp_exec_cause(m);
				discard = skip == 0;
				st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s (EXEC refused by %s: the server discarded the "
					"transaction of %d command%s, nothing was applied)", (int)MIN(ZSTR_LEN(m) - skip, 300),
					ZSTR_VAL(m) + skip, cl->last_node, RCP_TX_NCMDS(n));
			} else if (Z_TYPE_P(exec_r) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(exec_r)) != (uint32_t)nq) {
				st = rcp_err_set(err, RCP_E_PROTOCOL, cl->last_node, "EXEC: node %s sent %s instead of %d repl%s",
					cl->last_node, Z_TYPE_P(exec_r) == IS_ARRAY ? "a different number of replies" : "no array", nq,
					nq == 1 ? "y" : "ies");
				discard = true;
			} else if (nwait) {
				rcp_tx_merge_waits(exec_r, exec_r + 1, waits, nwait, n, exec_reply);
			} else {
				ZVAL_COPY_VALUE(exec_reply, exec_r);
				ZVAL_UNDEF(exec_r);
			}
		}
		if (discard && part.conn) {
			part.conn->state = RCP_CONN_BROKEN; /* closed by the sweep below */
		}
		rcp_pool_sweep_parts(&part, 1);
		for (uint32_t k = 0; k < nrep; k++) zval_ptr_dtor(&replies[k]);
		break;
	}
	w->conn_id = 0;
	w->active = false;
	efree(replies);
	smart_str_free(&head);
	if (asking_refused) {
		zend_string_release(asking_refused);
	}
	rcp_wbuf_free(&body, false);
	if (waits) efree(waits);
	return st;
}

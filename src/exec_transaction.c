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

static rcp_status rcp_fold_slot(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                                int *slot, rcp_err *err);

/* Fold the keys of one command into *slot (-1: none yet). Refuses commands that cannot be queued. */
rcp_status rcp_tx_slot(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen, int *slot,
                       rcp_err *err)
{
	if (cmd->route == RCP_ROUTE_UNSUPPORTED) {
		return rcp_cmd_unsupported(cmd, err);
	}
	if (cmd->route == RCP_ROUTE_ALL_PRIMARIES || cmd->route == RCP_ROUTE_ALL_NODES) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"%s cannot be part of a transaction: it runs on every %s, a transaction on one node", cmd->name,
			cmd->route == RCP_ROUTE_ALL_NODES ? "node" : "primary");
	}
	return rcp_fold_slot(cmd, argc, argv, argvlen, slot, err);
}

/* Fold the slot of every key of argv into *slot; RCP_E_CLUSTER when one hashes elsewhere. */
static rcp_status rcp_fold_slot(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                                int *slot, rcp_err *err)
{
	int stackpos[RCP_KEYS_STACK], *pos = stackpos, nkeys, i;
	char ebuf[256];
	rcp_status st = RCP_OK;

	nkeys = rcp_cmd_keys_into(cmd, argc, argv, argvlen, stackpos, &pos, ebuf, sizeof(ebuf));
	if (nkeys < 0) {
		st = rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s", ebuf);
	}
	for (i = 0; i < nkeys && st == RCP_OK; i++) {
		int s = rcp_key_slot(argv[pos[i]], argvlen[pos[i]]);
		if (*slot < 0) {
			*slot = s;
		} else if (s != *slot) {
			st = rcp_err_set(err, RCP_E_CLUSTER, NULL,
				"%s: a transaction runs on one node, so all its keys must hash to one slot; this key hashes to "
				"slot %d, earlier keys of the transaction to slot %d (use a {hash tag})", cmd->name, s, *slot);
		}
	}
	if (pos != stackpos) {
		efree(pos);
	}
	return st;
}

/* The node a transaction on `slot` goes to (-1: no key at all -> the first primary). */
static rcp_status rcp_tx_target(rcp_client *cl, int slot, rcp_target *t, rcp_err *err)
{
	rcp_map *map = cl->cluster->map;
	uint16_t idx = RCP_NO_NODE;

	if (slot >= 0) {
		idx = map->slots[slot];
		if (idx == RCP_NO_NODE) {
			rcp_want_refresh(cl->cluster);
			return rcp_err_set(err, RCP_E_CLUSTER, NULL, "transaction: slot %d is not served by any node", slot);
		}
	} else {
		for (uint16_t k = 0; k < map->nnodes && idx == RCP_NO_NODE; k++) {
			if (!map->nodes[k].replica) idx = k;
		}
	}
	memcpy(t->host, map->nodes[idx].host, RCP_HOST_MAX);
	t->port = map->nodes[idx].port;
	return RCP_OK;
}

/* Send on the connection that holds the WATCH (never a replacement: the WATCH would be lost). */
static rcp_status rcp_send_pinned(rcp_client *cl, rcp_watch *w, const char *buf, size_t len, uint32_t nreplies,
                                  zval *replies, rcp_err *err)
{
	rcp_conn *c = rcp_client_conn(cl, w->host, w->port);
	rcp_part part;

	if (c->id != w->conn_id) {
		for (uint32_t i = 0; i < nreplies; i++) {
			ZVAL_UNDEF(&replies[i]);
		}
		char addr[RCP_ADDR_MAX];
		snprintf(addr, sizeof(addr), strchr(w->host, ':') ? "[%s]:%u" : "%s:%u", w->host, (unsigned)w->port);
		w->active = false;
		return rcp_err_set(err, RCP_E_CONNECTION, addr,
			"The connection to %s that held the WATCH was lost before EXEC: the transaction was not sent", addr);
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

	rcp_begin(cl);
	if ((st = rcp_fold_slot(cmd, argc, argv, argvlen, &slot, err)) != RCP_OK) {
		return st;
	}
	if ((st = rcp_client_ready(cl, err)) != RCP_OK) {
		return st;
	}
	if (!rcp_wbuf_command(&wb, argc, argv, argvlen)) {
		rcp_wbuf_free(&wb, false);
		return rcp_err_set(err, RCP_E_MEMORY, NULL, "WATCH: out of memory encoding the command");
	}
	for (int hops = 0;; hops++) {
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
		if (rcp_reply_kind_of(&reply) == RCP_RK_MOVED && hops < RCP_MAX_REDIRECTS && !had_watch) {
			/* the slot moved before anything was WATCHed: WATCH on the new owner instead */
			int s;
			rcp_target next = {0}, cur = {0};
			memcpy(cur.host, w->host, RCP_HOST_MAX);
			cur.port = w->port;
			if (rcp_parse_redirect(rcp_error_message(&reply), 6, &cur, &s, &next)) {
				rcp_map_patch(cl->cluster, s, &next);
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
	c = rcp_client_conn(cl, w->host, w->port);
	if (c->id == w->conn_id && rcp_send_pinned(cl, w, unwatch, sizeof(unwatch) - 1, 1, &reply, &ignored) == RCP_OK) {
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

	for (int i = 0; i < n; i++) {
		rcp_metrics_command(cl->cluster->shared, cmds[i].cmd, st != RCP_OK || *aborted != NULL);
	}
	return st;
}

static rcp_status rcp_exec_transaction_run(rcp_client *cl, rcp_watch *w, rcp_pipe_cmd *cmds, int n, zval *exec_reply,
                                const char **aborted, rcp_err *err)
{
	static const char multi[] = "*1\r\n$5\r\nMULTI\r\n", exec[] = "*1\r\n$4\r\nEXEC\r\n";
	int slot = w->active ? w->slot : -1, i;
	uint64_t deadline;
	uint32_t backoff_ms = 10;
	rcp_target t = {0};
	bool asking = false;
	rcp_wbuf body = {0};          /* the queued commands and EXEC */
	zval *replies;
	rcp_status st = RCP_OK;

	bool watched = w->active;

	rcp_begin(cl);
	ZVAL_NULL(exec_reply);
	*aborted = NULL;
	for (i = 0; i < n && st == RCP_OK; i++) {
		st = rcp_tx_slot(cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen, &slot, err);
	}
	if (st != RCP_OK || (st = rcp_client_ready(cl, err)) != RCP_OK) {
		rcp_tx_unwatch(cl, w);
		return st;
	}
	for (i = 0; i < n; i++) {
		rcp_script_note(cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen);
		if (!rcp_wbuf_command(&body, cmds[i].argc, cmds[i].argv, cmds[i].argvlen)) {
			rcp_wbuf_free(&body, false);
			rcp_tx_unwatch(cl, w);
			return rcp_err_set(err, RCP_E_MEMORY, NULL, "transaction of %d commands: out of memory encoding it", n);
		}
	}
	rcp_wbuf_append(&body, exec, sizeof(exec) - 1);
	if (w->active) {
		memcpy(t.host, w->host, RCP_HOST_MAX);
		t.port = w->port;
	} else if ((st = rcp_tx_target(cl, slot, &t, err)) != RCP_OK) {
		rcp_wbuf_free(&body, false);
		return st;
	}
	replies = safe_emalloc((size_t)n + 3, sizeof(zval), 0);
	deadline = rcp_deadline(cl);
	for (uint32_t hops = 0;; hops++) {
		smart_str out = {0};
		uint32_t nrep = (uint32_t)n + 2 + (asking ? 1 : 0), first = asking ? 1 : 0;
		zval *redirect = NULL;

		if (asking) {
			smart_str_appendl(&out, RCP_ASKING_CMD, sizeof(RCP_ASKING_CMD) - 1);
		}
		smart_str_appendl(&out, multi, sizeof(multi) - 1);
		smart_str_appendl(&out, body.p, body.len);
		if (w->active) {
			st = rcp_send_pinned(cl, w, ZSTR_VAL(out.s), ZSTR_LEN(out.s), nrep, replies, err);
		} else {
			st = rcp_send_node(cl, t.host, t.port, ZSTR_VAL(out.s), ZSTR_LEN(out.s), nrep, replies, deadline, err);
			if (st == RCP_OK) {
				snprintf(cl->last_node, sizeof(cl->last_node), strchr(t.host, ':') ? "[%s]:%u" : "%s:%u", t.host,
					(unsigned)t.port);
			} else if (err->code == RCP_E_CONNECTION || err->code == RCP_E_TIMEOUT) {
				rcp_node_failed(cl->cluster, t.host, t.port);
			}
		}
		smart_str_free(&out);
		if (st != RCP_OK) {
			rcp_err_append(err, " (transaction of %d commands: if the failure came after the write, EXEC may have run)", n);
			break;
		}
		/* the EXEC ran (or was refused): a WATCH is over either way */
		if (w->active) {
			rcp_client_conn(cl, w->host, w->port)->watching = false;
			w->active = false;
		}
		/* the reply to MULTI, then one per queued command, then EXEC's */
		if (!rcp_reply_is_status(&replies[first])) {
			st = rcp_err_set(err, RCP_E_PROTOCOL, cl->last_node, "MULTI: node %s did not answer OK", cl->last_node);
		}
		for (i = 0; i < n && st == RCP_OK && !redirect; i++) {
			zval *r = &replies[first + 1 + i];
			rcp_reply_kind k = rcp_reply_kind_of(r);
			if (k == RCP_RK_MOVED || k == RCP_RK_ASK || k == RCP_RK_TRYAGAIN || k == RCP_RK_READONLY) {
				redirect = r;
			} else if (rcp_reply_is_error(r)) {
				zend_string *m = rcp_error_message(r);
				st = rcp_err_set(err, RCP_E_SERVER, cl->last_node,
					"%.*s (command %s, queued in a transaction: the server discarded the transaction, nothing was "
					"executed)", (int)MIN(ZSTR_LEN(m), 300), ZSTR_VAL(m), cmds[i].cmd->name);
			}
		}
		if (st == RCP_OK && redirect) {
			int s;
			rcp_target next = {0};
			rcp_reply_kind rk = rcp_reply_kind_of(redirect);
			bool moved = rk == RCP_RK_MOVED, ask = rk == RCP_RK_ASK, demoted = rk == RCP_RK_READONLY;
			zend_string *m = rcp_error_message(redirect);

			if ((moved || ask) && !rcp_parse_redirect(m, moved ? 6 : 4, &t, &s, &next)) {
				st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s", (int)MIN(ZSTR_LEN(m), 300), ZSTR_VAL(m));
			} else {
				if (moved) {
					cl->cluster->moved_seen++;
					rcp_cluster_count(cl->cluster, RCP_SC_MOVED);
					rcp_map_patch(cl->cluster, s, &next);
				} else if (ask) {
					cl->cluster->ask_seen++;
					rcp_cluster_count(cl->cluster, RCP_SC_ASK);
				}
				if (watched) {
					/* the WATCH is on this node: re-sending elsewhere (or later) would run unguarded.
					 * Nothing ran (the server discarded the transaction); the caller may retry. */
					*aborted = moved ? "its slot moved to another node while WATCHed"
					         : ask ? "its slot is being migrated to another node"
					         : demoted ? "its node was demoted to a replica while WATCHed" : "the cluster answered TRYAGAIN";
					if (demoted) {
						rcp_want_refresh(cl->cluster);
					}
					for (uint32_t k = 0; k < nrep; k++) zval_ptr_dtor(&replies[k]);
					break;
				}
				if (hops >= RCP_MAX_REDIRECTS) {
					st = rcp_err_set(err, RCP_E_CLUSTER, NULL, "transaction: too many redirects (%u), last: %.*s",
						hops + 1, (int)MIN(ZSTR_LEN(m), 200), ZSTR_VAL(m));
				} else if (moved || ask) {
					t = next;
					asking = ask;
				} else if (demoted) {
					/* a primary demoted under us (managed failover): the server refused the queued write, so EXEC
					 * ran nothing; refresh (single flight) and send the whole transaction to the new primary */
					cl->cluster->readonly_seen++;
					t.has_slot = slot >= 0;
					t.slot = (uint16_t)(slot >= 0 ? slot : 0);
					if (!t.has_slot || !rcp_await_new_primary(cl, &t, deadline, &backoff_ms)) {
						if (!t.has_slot) {
							rcp_want_refresh(cl->cluster);
						}
						st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s (a queued command of a transaction: the "
							"server discarded the transaction, nothing was executed)", (int)MIN(ZSTR_LEN(m), 300), ZSTR_VAL(m));
					}
					asking = false;
				} else if (rcp_now_ms() + backoff_ms < deadline) { /* TRYAGAIN */
					rcp_backoff(&backoff_ms);
				} else {
					st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s", (int)MIN(ZSTR_LEN(m), 300), ZSTR_VAL(m));
				}
				if (st == RCP_OK) {
					for (uint32_t k = 0; k < nrep; k++) zval_ptr_dtor(&replies[k]);
					continue;
				}
			}
		}
		if (st == RCP_OK) {
			zval *r = &replies[nrep - 1];
			if (Z_TYPE_P(r) == IS_NULL) {
				*aborted = "a WATCHed key was modified";
			} else if (rcp_reply_is_error(r)) {
				zend_string *m = rcp_error_message(r);
				st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s", (int)MIN(ZSTR_LEN(m), 400), ZSTR_VAL(m));
			} else if (Z_TYPE_P(r) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(r)) != (uint32_t)n) {
				st = rcp_err_set(err, RCP_E_PROTOCOL, cl->last_node, "EXEC: node %s sent %s instead of %d replies",
					cl->last_node, Z_TYPE_P(r) == IS_ARRAY ? "a different number of replies" : "no array", n);
			} else {
				ZVAL_COPY_VALUE(exec_reply, r);
				ZVAL_UNDEF(r);
			}
		}
		for (uint32_t k = 0; k < nrep; k++) zval_ptr_dtor(&replies[k]);
		break;
	}
	w->conn_id = 0;
	w->active = false;
	efree(replies);
	rcp_wbuf_free(&body, false);
	return st;
}

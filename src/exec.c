/*
 * exec.c - the entry point of one command (see rcp_exec.h): keys -> slot -> node, then the redirect loop, a
 * read by the policy, a fan-out or a split; the NOSCRIPT fallback; commands for a named node; COMMAND GETKEYS.
 *
 *   argv --keys--> slot --map--> primary --pool--> connection --io--> reply
 *                                  ^                                    |
 *                                  +---- MOVED: patch slot, retry ------+  (refresh requested, rate-limited)
 *                                  +---- ASK: ASKING + command on target (no map change)
 *                                  +---- TRYAGAIN / CLUSTERDOWN: back off, under the command's deadline
 *                                  +---- READONLY from a "primary": it was demoted (failover): refresh, re-route
 *
 * A write is re-sent only when it is certain nothing reached the server: the connection failed before any
 * byte was written (a pooled socket found dead at first write). Every loop is bounded by RCP_MAX_REDIRECTS
 * and by the deadline. Layers (each file uses only those before it; one internal header, rcp_exec_int.h):
 * exec_health -> exec_batch -> exec_refresh -> exec_redirect -> exec_read -> exec_split -> exec
 * -> exec_pipeline, exec_transaction.
 */
#include "rcp_exec_int.h"

/* ---- scripts: NOSCRIPT fallback ---------------------------------------------------------------- */

/* Remember the body of an EVAL / EVAL_RO / SCRIPT LOAD, for a later NOSCRIPT on EVALSHA. */
void rcp_script_note(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen)
{
	if (!(cmd->flags & RCP_CMD_NOSCRIPT)) {
		return; /* cheap filter: every scripting command has the "noscript" flag */
	}
	if ((!strcmp(cmd->name, "EVAL") || !strcmp(cmd->name, "EVAL_RO")) && argc > 1) {
		rcp_script_learn(argv[1], argvlen[1]);
	} else if (!strcmp(cmd->name, "SCRIPT|LOAD") && argc > 2) {
		rcp_script_learn(argv[2], argvlen[2]);
	}
}

/* An EVALSHA / EVALSHA_RO answered NOSCRIPT whose body this process knows. */
bool rcp_noscript_recoverable(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                                     zval *reply)
{
	return (cmd->flags & RCP_CMD_NOSCRIPT) && argc > 1 && rcp_reply_kind_of(reply) == RCP_RK_NOSCRIPT &&
		(!strcmp(cmd->name, "EVALSHA") || !strcmp(cmd->name, "EVALSHA_RO")) &&
		rcp_script_body(argv[1], argvlen[1]) != NULL;
}

/* Re-send an EVALSHA that got NOSCRIPT as EVAL with the body (same keys and arguments, same node). */
static rcp_status rcp_noscript_fallback(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                                        const size_t *argvlen, rcp_target target, zval *reply, rcp_err *err)
{
	zend_string *body = rcp_script_body(argv[1], argvlen[1]);
	const char **av = safe_emalloc((size_t)argc, sizeof(char *), 0);
	size_t *lens = safe_emalloc((size_t)argc, sizeof(size_t), 0);
	bool ro = !strcmp(cmd->name, "EVALSHA_RO");
	rcp_req req = {.argc = argc, .argv = av, .argvlen = lens, .nreplies = 1};
	rcp_status st;

	av[0] = ro ? "EVAL_RO" : "EVAL";
	lens[0] = ro ? 7 : 4;
	av[1] = ZSTR_VAL(body);
	lens[1] = ZSTR_LEN(body);
	for (int i = 2; i < argc; i++) {
		av[i] = argv[i];
		lens[i] = argvlen[i];
	}
	zval_ptr_dtor(reply);
	ZVAL_UNDEF(reply);
	cl->cluster->noscript_fallbacks++;
	rcp_cluster_count(cl->cluster, RCP_SC_NOSCRIPT_FALLBACKS);
	st = rcp_exec_at(cl, target, &req, ro ? "EVAL_RO" : "EVAL", reply, err);
	efree(av);
	efree(lens);
	return st;
}

/* ---- blocking commands ------------------------------------------------------------------------ */

/* argv's number (len bytes, not NUL-terminated) in ms: seconds as a float when secs (BLPOP's timeout), else whole
 * milliseconds (WAIT's, XREAD's BLOCK). -1 when it is not one the server accepts. */
static int64_t rcp_block_arg_ms(const char *s, size_t len, bool secs)
{
	char buf[64], *end;
	double v;

	if (len == 0 || len >= sizeof(buf)) {
		return -1;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	v = secs ? strtod(buf, &end) * 1000.0 : (double)strtoll(buf, &end, 10);
	if (*end || errno || !(v >= 0.0) || v > 1e15) { /* (also NaN) */
		return -1;
	}
	return (int64_t)v;
}

uint64_t rcp_cmd_block_ms(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen)
{
	const char *name = cmd->name;
	bool secs = true;
	int at = argc - 1; /* BLPOP, BRPOP, BZPOPMIN, BZPOPMAX, BLMOVE, BRPOPLPUSH: the last argument, in seconds */
	int64_t ms;

	if (!strcmp(name, "BLMPOP") || !strcmp(name, "BZMPOP")) {
		at = 1; /* BLMPOP timeout numkeys key ... */
	} else if (!strcmp(name, "WAIT") || !strcmp(name, "WAITAOF")) {
		at = name[4] ? 3 : 2; /* WAIT numreplicas timeout, WAITAOF numlocal numreplicas timeout: ms */
		secs = false;
	} else if (!strcmp(name, "XREAD") || !strcmp(name, "XREADGROUP")) {
		at = -1; /* [BLOCK ms] before STREAMS; without it, it does not block */
		secs = false;
		for (int i = 1; i + 1 < argc && at < 0; i++) {
			if (argvlen[i] == 7 && !strncasecmp(argv[i], "STREAMS", 7)) {
				break;
			}
			if (argvlen[i] == 5 && !strncasecmp(argv[i], "BLOCK", 5)) {
				at = i + 1;
			}
		}
	}
	if (at < 1 || at >= argc || (ms = rcp_block_arg_ms(argv[at], argvlen[at], secs)) < 0) {
		return 0;
	}
	return ms == 0 || (uint64_t)ms > RCP_BLOCK_MAX_MS ? RCP_BLOCK_MAX_MS : (uint64_t)ms;
}

/* ---- entry point ------------------------------------------------------------------------------ */

bool rcp_cmd_node_cursor(const rcp_cmd *cmd)
{
	return !strcmp(cmd->name, "SCAN");
}

bool rcp_cmd_node_only(const rcp_cmd *cmd)
{
	/* SCAN's cursor is one node's; the CLUSTER administration subcommands (SETSLOT, ADDSLOTS, DELSLOTSRANGE,
	 * COUNTKEYSINSLOT, FORGET, MEET, REPLICATE, FAILOVER, RESET...) act on, or ask, the node they are sent to
	 * and leave no state on the connection: meaningful only where the caller names the node */
	return rcp_cmd_node_cursor(cmd) || !strncmp(cmd->name, "CLUSTER|", 8);
}

rcp_status rcp_cmd_unsupported(const rcp_cmd *cmd, rcp_err *err)
{
	if (rcp_cmd_node_cursor(cmd)) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"SCAN cannot be sent to a cluster as one command: every node has its own cursor; use "
			"RedisClusterPool::scanAll() to walk the keys of every primary");
	}
	if (rcp_cmd_node_only(cmd)) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"CLUSTER %s acts on the node it is sent to: send it to a named node with rawOnNodes() (Predis: "
			"$client->getConnection()->getConnectionById('host:port')->executeCommand(...))", cmd->name + 8);
	}
	if (cmd->flags & RCP_CMD_PUBSUB) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"%s cannot run on the pool's shared connections: a subscription needs a connection of its own; use "
			"RedisClusterPool::pubSubLoop() (through the Predis adapter: Predis\\Client::pubSubLoop())", cmd->name);
	}
	return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
		"%s is not supported by RedisClusterPool: it changes or depends on per-connection state that a "
		"shared pool cannot keep", cmd->name);
}

rcp_status rcp_cmd_misplaced(const rcp_cmd *cmd, const char *where, rcp_err *err)
{
	return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
		"%s waits for the replication of the writes sent before it on its connection, so it can only follow a write: "
		"in a pipeline or a transaction, after a command with keys that is not read-only (it then goes to that "
		"write's node in the same flight; in a transaction, after EXEC); here it is %s", cmd->name, where);
}

#define RCP_SLOTS_SHOWN 8

rcp_status rcp_exec_node(rcp_client *cl, const char *host, uint16_t port, int argc, const char *const *argv,
                         const size_t *argvlen, const char *name, zval *reply, rcp_err *err)
{
	rcp_target t = {0};
	rcp_req req = {.argc = argc, .argv = argv, .argvlen = argvlen, .nreplies = 1};

	ZVAL_UNDEF(reply);
	rcp_begin(cl);
	if (strlen(host) >= RCP_HOST_MAX) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s: node host name too long", name);
	}
	snprintf(t.host, sizeof(t.host), "%s", host);
	t.port = port;
	return rcp_exec_at(cl, t, &req, name, reply, err);
}

rcp_status rcp_exec_addr(rcp_client *cl, const char *addr, int argc, const char *const *argv, const size_t *argvlen,
                         const char *name, zval *reply, rcp_err *err)
{
	const char *colon = strrchr(addr, ':'), *h = addr;
	char host[RCP_HOST_MAX];
	size_t hl;

	ZVAL_UNDEF(reply);
	if (!colon) {
		return rcp_err_set(err, RCP_E_CLUSTER, NULL, "%s: no node to send it to", name);
	}
	hl = (size_t)(colon - addr);
	if (hl >= 2 && h[0] == '[' && h[hl - 1] == ']') { /* "[v6]:port" */
		h++;
		hl -= 2;
	}
	if (hl >= RCP_HOST_MAX) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s: node host name too long", name);
	}
	memcpy(host, h, hl);
	host[hl] = '\0';
	return rcp_exec_node(cl, host, (uint16_t)strtoul(colon + 1, NULL, 10), argc, argv, argvlen, name, reply, err);
}

static rcp_status rcp_exec_one(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                               const size_t *argvlen, zval *reply, rcp_err *err);

/* Every command of the API goes through one of the three entries below: counted per name (pool-wide metrics). */
rcp_status rcp_exec(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                    zval *reply, rcp_err *err)
{
	rcp_status st = rcp_exec_one(cl, cmd, argc, argv, argvlen, reply, err);

	rcp_metrics_command(cl->cluster->shared, cmd, st != RCP_OK || rcp_metrics_is_error(reply));
	return st;
}

static rcp_status rcp_exec_one(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                               const size_t *argvlen, zval *reply, rcp_err *err)
{
	int stackpos[RCP_KEYS_STACK], *pos = stackpos, nkeys, i;
	char ebuf[256];
	int slot = -1;
	rcp_target target;
	rcp_req req = {.argc = argc, .argv = argv, .argvlen = argvlen, .nreplies = 1};
	rcp_status st;
	uint64_t now;

	ZVAL_UNDEF(reply);
	now = rcp_begin(cl);
	rcp_partial_free(&cl->partial); /* only ever describes the last command */
	if (cmd->route >= RCP_ROUTE_UNSUPPORTED) { /* one test on the way of every command */
		return cmd->route == RCP_ROUTE_UNSUPPORTED ? rcp_cmd_unsupported(cmd, err)
			: rcp_cmd_misplaced(cmd, "on its own: its pooled connection is shared, so it would wait for whatever "
				"was last written on it", err);
	}
	rcp_script_note(cmd, argc, argv, argvlen);
	nkeys = rcp_cmd_keys_into(cmd, argc, argv, argvlen, stackpos, &pos, ebuf, sizeof(ebuf));
	if (nkeys < 0) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s", ebuf);
	}
	for (i = 0; i < nkeys; i++) {
		int s = rcp_key_slot(argv[pos[i]], argvlen[pos[i]]);
		if (slot < 0) {
			slot = s;
		} else if (s != slot && cmd->route == RCP_ROUTE_MULTI_SHARD) {
			slot = -2; /* split below, once the map is known */
			break;
		} else if (s != slot) {
			smart_str slots = {0};
			int shown = 0;
			for (int j = 0; j < nkeys && shown < RCP_SLOTS_SHOWN; j++, shown++) {
				smart_str_appends(&slots, j ? ", " : "");
				smart_str_append_long(&slots, rcp_key_slot(argv[pos[j]], argvlen[pos[j]]));
			}
			if (nkeys > RCP_SLOTS_SHOWN) {
				smart_str_appends(&slots, ", ...");
			}
			smart_str_0(&slots);
			rcp_err_set(err, RCP_E_CLUSTER, NULL,
				"%s: keys hash to different slots (%s); a command spanning slots cannot be sent to one node "
				"(use a {hash tag} to keep the keys in one slot)", cmd->name, ZSTR_VAL(slots.s));
			smart_str_free(&slots);
			if (pos != stackpos) {
				efree(pos);
			}
			return RCP_E_CLUSTER;
		}
	}
	if (slot == -2) {
		if ((st = rcp_client_ready_at(cl, now, err)) == RCP_OK) {
			st = rcp_exec_split(cl, cmd, argc, argv, argvlen, pos, nkeys, reply, err);
		}
		if (pos != stackpos) {
			efree(pos);
		}
		return st;
	}
	if (pos != stackpos) {
		efree(pos);
	}
	if ((st = rcp_client_ready_at(cl, now, err)) != RCP_OK) {
		return st;
	}
	if (UNEXPECTED(cmd->flags & RCP_CMD_BLOCKING)) {
		/* the server answers a blocking command at its own timeout: so much longer for the reply */
		req.block_ms = rcp_cmd_block_ms(cmd, argc, argv, argvlen);
	}
	if (nkeys == 0 && (cmd->route == RCP_ROUTE_ALL_PRIMARIES || cmd->route == RCP_ROUTE_ALL_NODES)) {
		return rcp_exec_fanout(cl, cmd, &req, reply, err);
	}
	{
		rcp_map *map = cl->cluster->map;
		uint16_t idx;

		if (slot >= 0) {
			idx = map->slots[slot];
			if (idx == RCP_NO_NODE) {
				rcp_want_refresh(cl->cluster);
				return rcp_err_set(err, RCP_E_CLUSTER, NULL, "%s: slot %d is not served by any node "
					"(CLUSTERDOWN: the cluster does not cover all slots)", cmd->name, slot);
			}
		} else {
			/* keyless: a random primary */
			uint16_t pick = (uint16_t)php_mt_rand_range(0, map->nprimaries ? map->nprimaries - 1 : 0), seen = 0;
			idx = 0;
			for (uint16_t k = 0; k < map->nnodes; k++) {
				if (!map->nodes[k].replica && seen++ == pick) {
					idx = k;
					break;
				}
			}
		}
		memcpy(target.host, map->nodes[idx].host, strlen(map->nodes[idx].host) + 1);
		target.port = map->nodes[idx].port;
		target.ro = false;
		target.read = (cmd->flags & RCP_CMD_READONLY) != 0;
		target.has_slot = slot >= 0;
		target.slot = slot >= 0 ? (uint16_t)slot : 0;
		target.node1 = (uint16_t)(idx + 1);
		if (slot >= 0 && rcp_is_policy_read(cl, cmd)) {
			return rcp_exec_read(cl, idx, &req, cmd->name, reply, err);
		}
	}
	st = rcp_exec_at(cl, target, &req, cmd->name, reply, err);
	if (st == RCP_OK && rcp_noscript_recoverable(cmd, argc, argv, argvlen, reply)) {
		st = rcp_noscript_fallback(cl, cmd, argc, argv, argvlen, target, reply, err);
	}
	return st;
}

/* ---- keys only the server can find ------------------------------------------------------------------- */

rcp_status rcp_client_getkeys(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                              const size_t *argvlen, rcp_err *err)
{
	const rcp_cmd *gk = rcp_cmd_lookup("COMMAND", 7, "GETKEYS", 7);
	const char **av = safe_emalloc((size_t)argc + 2, sizeof(char *), 0);
	size_t *al = safe_emalloc((size_t)argc + 2, sizeof(size_t), 0);
	int *pos = NULL, n = 0;
	zval reply, *k;
	rcp_status st;

	av[0] = "COMMAND"; al[0] = 7;
	av[1] = "GETKEYS"; al[1] = 7;
	memcpy(av + 2, argv, sizeof(char *) * (size_t)argc);
	memcpy(al + 2, argvlen, sizeof(size_t) * (size_t)argc);
	st = rcp_exec(cl, gk, argc + 2, av, al, &reply, err);
	efree(av);
	efree(al);
	if (st != RCP_OK) {
		return st;
	}
	cl->cluster->getkeys_sent++;
	rcp_cluster_count(cl->cluster, RCP_SC_GETKEYS);
	if (rcp_reply_is_error(&reply)) {
		zend_string *m = rcp_error_message(&reply);
		rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s: the server cannot tell where the keys of this call are "
			"(COMMAND GETKEYS answered %.*s); it is not sent", cmd->name, (int)MIN(ZSTR_LEN(m), 200), ZSTR_VAL(m));
		zval_ptr_dtor(&reply);
		return err->code;
	}
	if (Z_TYPE(reply) != IS_ARRAY) {
		zval_ptr_dtor(&reply);
		return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "%s: COMMAND GETKEYS answered with something else than a list",
			cmd->name);
	}
	pos = safe_emalloc(zend_hash_num_elements(Z_ARRVAL(reply)) + 1, sizeof(int), 0);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL(reply), k) {
		int p = 0;
		/* the key's position: the first argument with its bytes not already taken (equal bytes, equal slot) */
		for (int i = 1; k && Z_TYPE_P(k) == IS_STRING && i < argc && !p; i++) {
			bool taken = false;
			for (int j = 0; j < n; j++) {
				taken |= pos[j] == i;
			}
			if (!taken && argvlen[i] == Z_STRLEN_P(k) && !memcmp(argv[i], Z_STRVAL_P(k), argvlen[i])) {
				p = i;
			}
		}
		if (!p) {
			efree(pos);
			zval_ptr_dtor(&reply);
			return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "%s: COMMAND GETKEYS named a key that is not one of the "
				"arguments; the call is not sent", cmd->name);
		}
		pos[n++] = p;
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&reply);
	for (int i = 1; i < n; i++) { /* ascending, as rcp_cmd_keys() gives them */
		for (int j = i; j > 0 && pos[j - 1] > pos[j]; j--) {
			int t = pos[j]; pos[j] = pos[j - 1]; pos[j - 1] = t;
		}
	}
	rcp_shape_note(cmd, argc, argv, argvlen, pos, n);
	efree(pos);
	return RCP_OK;
}

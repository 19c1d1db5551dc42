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
void rcp_script_note(const rcp_route *r)
{
	const rcp_cmd *cmd = r->cmd;
	int argc = r->argc;
	const char *const *argv = r->argv;
	const size_t *argvlen = r->argvlen;

	if (!(r->flags & RCP_RF_NOSCRIPT)) {
		return; /* cheap filter: every scripting command has the "noscript" flag */
	}
	if ((!strcmp(cmd->name, "EVAL") || !strcmp(cmd->name, "EVAL_RO")) && argc > 1) {
		rcp_script_learn(argv[1], argvlen[1]);
	} else if (!strcmp(cmd->name, "SCRIPT|LOAD") && argc > 2) {
		rcp_script_learn(argv[2], argvlen[2]);
	}
}

/* An EVALSHA / EVALSHA_RO answered NOSCRIPT (kind: its reply's, as the reader recorded it) whose body this process
 * knows. */
bool rcp_noscript_recoverable(const rcp_route *r, rcp_reply_kind kind)
{
	return kind == RCP_RK_NOSCRIPT && (r->flags & RCP_RF_NOSCRIPT) && r->argc > 1 &&
		(!strcmp(r->cmd->name, "EVALSHA") || !strcmp(r->cmd->name, "EVALSHA_RO")) &&
		rcp_script_body(r->argv[1], r->argvlen[1]) != NULL;
}

/* Re-send an EVALSHA that got NOSCRIPT as EVAL with the body (same keys and arguments, same node). */
static rcp_status rcp_noscript_fallback(rcp_client *cl, rcp_route *r, rcp_target target, zval *reply, rcp_err *err)
{
	const rcp_cmd *cmd = r->cmd;
	int argc = r->argc;
	const char *const *argv = r->argv;
	const size_t *argvlen = r->argvlen;
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
	rcp_count_cluster(cl->cluster, RCP_CEV_NOSCRIPT_FALLBACK);
	st = rcp_exec_at(cl, target, &req, ro ? "EVAL_RO" : "EVAL", reply, &r->reply_kind, err);
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

rcp_status rcp_exec_node(rcp_client *cl, const char *host, uint16_t port, int argc, const char *const *argv,
                         const size_t *argvlen, const char *name, zval *reply, rcp_err *err)
{
	rcp_target t = {0};
	rcp_req req = {.argc = argc, .argv = argv, .argvlen = argvlen, .nreplies = 1};
	rcp_status st;

	ZVAL_UNDEF(reply);
	rcp_begin(cl);
	if (strlen(host) >= RCP_HOST_MAX) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s: node host name too long", name);
	}
	snprintf(t.host, sizeof(t.host), "%s", host);
	t.port = port;
	st = rcp_exec_at(cl, t, &req, name, reply, NULL, err);
	rcp_pool_op_end();
	return st;
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

/* Every command of the API goes through rcp_exec() or the pipeline's and the transaction's entries: counted per name
 * (pool-wide metrics), once, from the reply's kind the reader recorded. */
rcp_status rcp_exec(rcp_client *cl, rcp_route *r, zval *reply, rcp_err *err)
{
	rcp_status st = rcp_exec_route(cl, r, reply, err);

	rcp_count_command(cl->cluster->shared, r->cmd, st != RCP_OK || r->reply_kind != RCP_RK_VALUE);
	if (!(r->flags & RCP_RF_READ)) { /* a write, a script, FLUSHALL: the read cache drops what it may have changed */
		rcp_cache_at_write(cl, r);
	}
	rcp_pool_op_end();
	return st;
}

rcp_status rcp_exec_argv(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                         zval *reply, rcp_err *err)
{
	rcp_route r;
	rcp_status st;

	rcp_route_build(&r, cmd, argc, argv, argvlen);
	st = rcp_exec(cl, &r, reply, err);
	rcp_route_free(&r);
	return st;
}

/*
 * Before the binding's lookup of a read not built yet (the read cache's early lookup): the map as the command would
 * see it (synced with the shared one, refreshed when due). false: not for the cache (the command, built, runs as
 * always, and fails the same way if it fails). *now_ns: when the read began, for the lookups (an upper bound of the
 * operation's clock), 0 when the map's check did I/O (then the lookup reads the clock). *begun: the operation was
 * begun (rcp_begin); when the map needed nothing (rcp_client_map_quiet: the common case), it is not, so that a hit
 * costs no more than its lookup: rcp_exec_cache_went() begins it when the read is sent after all. Here, above the
 * cache (src/core/exec_cache.c), which the map's refresh calls: the cache calls neither.
 */
static zend_always_inline bool rcp_exec_cache_begin(rcp_client *cl, const rcp_cmd *cmd, uint16_t flag, uint64_t *now_ns,
                                                    bool *begun)
{
	rcp_err err;
	uint64_t us;
	bool had_map;

	rcp_exec_cache_get_end(cl); /* no miss pending from an earlier read */
	if (!(cmd->flags & flag) || cl->read_policy != RCP_READ_PRIMARY || !cl->cluster->cache) {
		return false;
	}
	*now_ns = rcp_now_ns(); /* (reads from primaries: rcp_client_map_quiet's case) */
	if (EXPECTED(rcp_client_map_quiet(cl, *now_ns / 1000000))) {
		*begun = false;
		return true;
	}
	err.code = RCP_OK;
	rcp_begin(cl);
	*begun = true;
	us = cl->op_clock_us;
	had_map = cl->cluster->map != NULL;
	if (rcp_client_ready_at(cl, us / 1000, &err) != RCP_OK || !cl->cluster->map) {
		return false;
	}
	/* (with a map, anything that sends takes its deadline, rcp_deadline(), which clears op_clock_us; without one,
	 * the check may have waited for another worker's) */
	*now_ns = had_map && cl->op_clock_us == us ? (us + 1) * 1000 : 0;
	return true;
}

/* The early lookup missed: the read is sent. Its operation begins now (when rcp_exec_cache_begin did not begin it),
 * its map checked a moment ago: the route does not check it again (op_ready_key) when the check did no I/O. */
static void rcp_exec_cache_went(rcp_client *cl, const char *first_key, uint64_t now_ns, bool begun)
{
	if (!begun) {
		rcp_begin_at(cl, now_ns / 1000);
	}
	cl->op_ready_key = now_ns ? first_key : NULL;
}

bool rcp_exec_cached_get(rcp_client *cl, const rcp_cmd *cmd, uint64_t sig_hash, size_t siglen, const char *key,
                         size_t keylen, zval *reply)
{
	uint64_t now_ns;
	bool begun;

	if (!rcp_exec_cache_begin(cl, cmd, RCP_CMD_CACHE_ONE, &now_ns, &begun)) {
		return false;
	}
	if (rcp_exec_cache_get(cl, cmd, sig_hash, siglen, key, keylen, now_ns, reply)) {
		return true;
	}
	rcp_exec_cache_went(cl, key, now_ns, begun);
	return false;
}

bool rcp_exec_cached_mget(rcp_client *cl, const rcp_cmd *cmd, HashTable *keys, zval *reply)
{
	uint64_t now_ns;
	const zval *first;
	bool begun;

	if (!zend_hash_num_elements(keys) || !rcp_exec_cache_begin(cl, cmd, RCP_CMD_CACHE_MGET, &now_ns, &begun)) {
		return false;
	}
	if (rcp_exec_cache_mget(cl, cmd, keys, now_ns, reply)) {
		return true;
	}
	first = zend_hash_index_find(keys, 0);
	rcp_exec_cache_went(cl, first && Z_TYPE_P(first) == IS_STRING ? Z_STRVAL_P(first) : NULL, now_ns, begun);
	return false;
}

/* An MGET the read cache looked up (rcp_exec_cache_mget_lookup): only the misses sent, as an MGET of their own. */
static rcp_status rcp_exec_mget_cached(rcp_client *cl, rcp_route *r, rcp_cache_mget *m, zval *reply, rcp_err *err)
{
	rcp_status st = RCP_OK;
	uint8_t kind = RCP_RK_VALUE;
	zval got;

	ZVAL_UNDEF(&got);
	if (m->nmiss == m->n) {
		/* nothing hit: the command itself, as without the cache */
		r->flags |= RCP_RF_NOCACHE;
		cl->op_ready_key = r->argv[1]; /* (begun, its map checked a moment ago: not again) */
		st = rcp_exec_route(cl, r, &got, err);
		r->flags &= (uint8_t)~RCP_RF_NOCACHE;
		kind = r->reply_kind;
	} else if (m->nmiss) {
		const char **av = safe_emalloc((size_t)m->nmiss + 1, sizeof(char *), 0);
		size_t *al = safe_emalloc((size_t)m->nmiss + 1, sizeof(size_t), 0);
		rcp_route sub;

		av[0] = r->argv[0];
		al[0] = r->argvlen[0];
		for (int j = 0; j < m->nmiss; j++) {
			av[j + 1] = r->argv[r->pos[m->miss[j]]];
			al[j + 1] = r->argvlen[r->pos[m->miss[j]]];
		}
		rcp_route_build(&sub, r->cmd, m->nmiss + 1, av, al);
		sub.flags |= RCP_RF_NOCACHE;
		cl->op_ready_key = av[1];
		st = rcp_exec_route(cl, &sub, &got, err);
		if (st != RCP_OK) {
			/* a partial failure of the misses' MGET describes its keys, not the command's: not handed up as one */
			rcp_partial_free(&cl->partial);
		}
		kind = sub.reply_kind;
		rcp_route_free(&sub);
		efree(av);
		efree(al);
	}
	st = rcp_exec_cache_mget_merge(cl, r, m, st, kind, &got, reply, err);
	zval_ptr_dtor(&got);
	return st;
}

rcp_status rcp_exec_route(rcp_client *cl, rcp_route *r, zval *reply, rcp_err *err)
{
	rcp_req req = {.argc = r->argc, .argv = r->argv, .argvlen = r->argvlen, .nreplies = 1};
	rcp_target target;
	rcp_status st;
	uint64_t now;
	bool ready = false;

	ZVAL_UNDEF(reply);
	r->reply_kind = RCP_RK_VALUE;
	if (UNEXPECTED(cl->op_ready_key != NULL)) {
		/* the read cache's early lookup of this very read missed (or the cached MGET's own route for its misses): the
	 * operation is begun and its map checked a moment ago */
		ready = r->argc >= 2 && r->argv[1] == cl->op_ready_key;
		cl->op_ready_key = NULL;
	}
	now = ready ? 0 : rcp_begin(cl);
	rcp_partial_free(&cl->partial); /* only ever describes the last command */
	if (r->cmd->route < RCP_ROUTE_UNSUPPORTED) {
		rcp_script_note(r);
	}
	if (r->kind == RCP_RT_REFUSED) { /* one test on the way of every command */
		return rcp_route_refusal(r, err);
	}
	if (!ready && (st = rcp_client_ready_at(cl, now, err)) != RCP_OK) {
		return st;
	}
	if (UNEXPECTED(r->cmd->flags & RCP_CMD_BLOCKING)) {
		/* the server answers a blocking command at its own timeout: so much longer for the reply */
		req.block_ms = rcp_cmd_block_ms(r->cmd, r->argc, r->argv, r->argvlen);
	}
	if (UNEXPECTED(cl->cache != NULL) && r->kind != RCP_RT_REFUSED) {
		rcp_cache_mget m;
		if (rcp_exec_cache_mget_lookup(cl, r, &m)) {
			return rcp_exec_mget_cached(cl, r, &m, reply, err);
		}
	}
	if (r->kind == RCP_RT_SPLIT) {
		return rcp_exec_split(cl, r, reply, err);
	}
	if (r->kind == RCP_RT_FANOUT) {
		st = rcp_exec_fanout(cl, r->cmd, &req, reply, err);
		r->reply_kind = (uint8_t)rcp_reply_kind_of(reply);
		return st;
	}
	if ((st = rcp_route_target(cl, r, err)) != RCP_OK) {
		return st;
	}
	if (rcp_cache_at_lookup(cl, r, reply)) {
		return RCP_OK;
	}
	if (r->kind == RCP_RT_ONE_SLOT && rcp_is_policy_read(cl, r->cmd)) {
		st = rcp_exec_read(cl, r->node, &req, r->cmd->name, reply, &r->reply_kind, err);
	} else {
		rcp_route_to_target(cl->cluster->map, r, &target);
		st = rcp_exec_at(cl, target, &req, r->cmd->name, reply, &r->reply_kind, err);
		if (st == RCP_OK && rcp_noscript_recoverable(r, r->reply_kind)) {
			st = rcp_noscript_fallback(cl, r, target, reply, err);
		}
	}
	if (st == RCP_OK && r->reply_kind == RCP_RK_VALUE && (r->flags & RCP_RF_CACHEABLE)) {
		rcp_cache_at_fill(cl, r, reply);
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
	st = rcp_exec_argv(cl, gk, argc + 2, av, al, &reply, err);
	efree(av);
	efree(al);
	if (st != RCP_OK) {
		return st;
	}
	rcp_count_cluster(cl->cluster, RCP_CEV_GETKEYS);
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

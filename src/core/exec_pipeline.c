/*
 * exec_pipeline.c - pipelines (commands grouped by node, one round trip) and commands for nodes the caller
 * chose (rawOnNodes).
 */
#include "rcp_exec_int.h"

/* ---- commands for chosen nodes ------------------------------------------------------------------ */

/*
 * The read cache after commands sent to named nodes (their replies or their failure: a write may have been applied):
 * each one that is not read-only drops the keys of its route at once, for every worker, as the pool's own writes do
 * (FLUSHALL/FLUSHDB: the cluster's entries). One whose arguments contradict its key specs (its keys cannot be known:
 * the node may have taken a write of any key it owns, and untracked entries are not kept per node) drops every
 * entry of the cluster.
 */
static void rcp_on_nodes_wrote(rcp_client *cl, const rcp_node_batch *b, uint32_t nn)
{
	for (uint32_t i = 0; i < nn; i++) {
		for (uint32_t k = 0; b[i].routes && k < b[i].count; k++) {
			const rcp_route *r = &b[i].routes[k];
			if (r->flags & RCP_RF_READ) {
				continue;
			}
			if (r->nkeys < 0) {
				rcp_exec_cache_flush(cl->cluster);
				return;
			}
			rcp_exec_cache_write(cl->cluster, r);
		}
	}
}

/*
 * On the batch builder like every path that sends to several nodes: each node's bytes appended to its connection's
 * buffer (a replica's READONLY one), one round trip, the builder's one retry rule (no part is taken for reads only:
 * the caller's commands may be writes, so a part is sent again only when nothing of it was written), the one
 * failure bookkeeping. A failed node's replies stay UNDEF.
 */
rcp_status rcp_exec_on_nodes(rcp_client *cl, const rcp_node_batch *b, uint32_t nn, zval *replies, rcp_err *err)
{
	rcp_nodebatch nb;
	uint32_t *part = safe_emalloc(nn ? nn : 1, 2 * sizeof(uint32_t), 0), *ridx = part + (nn ? nn : 1);
	rcp_status st = RCP_OK;
	int failed;

	rcp_begin(cl);
	for (uint32_t i = 0; i < nn; i++) {
		for (uint32_t r = 0; r < b[i].count; r++) {
			ZVAL_UNDEF(&replies[b[i].first + r]);
		}
	}
	rcp_nodebatch_init(&nb, cl->cluster->map, nn, true);
	for (uint32_t i = 0; i < nn; i++) {
		rcp_req req = {.buf = b[i].buf, .len = b[i].len, .nreplies = b[i].count};
		if (!rcp_nodebatch_add(&nb, cl, nb.map, b[i].node, &req, &part[i], &ridx[i])) {
			st = rcp_err_set(err, RCP_E_MEMORY, NULL, "out of memory encoding the commands for the nodes");
			goto out;
		}
	}
	rcp_nodebatch_run(&nb, cl);
	if (UNEXPECTED(cl->cluster->cache != NULL)) {
		rcp_on_nodes_wrote(cl, b, nn);
	}
	if ((failed = rcp_nodebatch_outcomes(&nb, cl)) >= 0) {
		*err = nb.parts[failed].err;
		st = err->code;
	}
	for (uint32_t i = 0; i < nn; i++) {
		rcp_part *pt = &nb.parts[part[i]];
		if (pt->err.code != RCP_OK) {
			continue; /* destroyed with the batch: a failed node's replies are UNDEF */
		}
		for (uint32_t r = 0; r < b[i].count; r++) {
			ZVAL_COPY_VALUE(&replies[b[i].first + r], &pt->replies[ridx[i] + r]);
			ZVAL_UNDEF(&pt->replies[ridx[i] + r]);
		}
	}
	rcp_pool_sweep_parts(nb.parts, (int)nb.nparts);
out:
	rcp_nodebatch_free(&nb);
	efree(part);
	rcp_pool_op_end();
	return st;
}

/* ---- pipelines -------------------------------------------------------------------------------- */

/* rcp_pipe_target(): WAIT / WAITAOF, placed by the caller after the write before them. */
#define RCP_PIPE_AFTER_WRITE (-3)
/* rcp_exec_pipeline_run(): a command the read cache answered (nothing sent for it). */
#define RCP_PIPE_ANSWERED (-4)

/* Routes that never travel in a batch as such (one test for all: a bit each). */
#define RCP_PIPE_NOT_BATCHED ((1u << RCP_ROUTE_UNSUPPORTED) | (1u << RCP_ROUTE_ALL_PRIMARIES) | \
                              (1u << RCP_ROUTE_ALL_NODES) | (1u << RCP_ROUTE_AFTER_WRITE))

/* The node (index in the map) a command goes to when it can travel in a batch, or -1 (run it alone: rcp_exec_route
 * reports what keeps it out of the batch), or RCP_PIPE_AFTER_WRITE. any_primary: the one pick among the primaries for
 * the pipeline's keyless commands (RCP_NO_NODE until one needs it). */
static int rcp_pipe_target(rcp_client *cl, const rcp_route *r, uint16_t *read_node, uint16_t *any_primary)
{
	rcp_map *map = cl->cluster->map;
	int node = -1;

	if ((1u << r->cmd->route) & RCP_PIPE_NOT_BATCHED) {
		return r->cmd->route == RCP_ROUTE_AFTER_WRITE ? RCP_PIPE_AFTER_WRITE : -1;
	}
	if (r->kind == RCP_RT_ONE_SLOT) {
		node = map->slots[r->slot] == RCP_NO_NODE ? -1 : map->slots[r->slot];
		if (node >= 0 && cl->read_policy != RCP_READ_PRIMARY && rcp_is_policy_read(cl, r->cmd)) {
			/* one read node per primary for the whole pipeline: one part per node */
			if (read_node[node] == RCP_NO_NODE) {
				uint16_t cand[RCP_MAX_READ_CANDIDATES];
				rcp_read_candidates(cl, (uint16_t)node, cand, RCP_MAX_READ_CANDIDATES);
				read_node[node] = cand[0];
			}
			node = read_node[node];
		}
	} else if (r->kind == RCP_RT_ANY) {
		/* keyless: one primary for all of the pipeline's (one part), drawn as a single command's is */
		if (*any_primary == RCP_NO_NODE) {
			*any_primary = rcp_map_any_primary(map);
		}
		node = *any_primary;
	}
	return node;
}

/*
 * The write a WAIT / WAITAOF at index w follows: the last command before it with keys that is not read-only (its
 * index), -1 when there is none, -2 when that write does not travel in the batch (keys over several slots, a slot
 * not served): the WAIT would have no connection to go on. Only for a pipeline that has one.
 */
static int rcp_pipe_anchor(const rcp_pipe_cmd *cmds, const int *target, int w)
{
	for (int j = w - 1; j >= 0; j--) {
		const rcp_route *r = &cmds[j].route;

		if ((r->flags & RCP_RF_READ) || r->cmd->route == RCP_ROUTE_AFTER_WRITE) {
			continue;
		}
		if (r->nkeys > 0) {
			return target[j] >= 0 ? j : -2;
		}
	}
	return -1;
}

/* What the batch builder asks of a pipeline's part that failed after it was written: are all its commands reads? */
typedef struct {
	const rcp_pipe_cmd *cmds;
	int n;
	const int *target;
	const uint32_t *part_of;
} rcp_pipe_parts;

static bool rcp_pipe_part_reads(const rcp_nodebatch *b, uint32_t part, const void *ctx)
{
	const rcp_pipe_parts *pp = ctx;

	for (int i = 0; i < pp->n; i++) {
		if (pp->target[i] >= 0 && pp->part_of[i] == part && !(pp->cmds[i].route.flags & RCP_RF_READ)) {
			return false;
		}
	}
	return true;
}

/*
 * A pipeline's MGET of one slot (it travels in the batch) with the read cache: its keys looked up in the first pass
 * as a single MGET's are (rcp_exec_cache_mget_lookup: one clock reading, each key its ticket). Every key a hit: the
 * MGET is answered, nothing sent. Else the MGET of its misses alone takes its place in the batch (its node, its
 * order among that node's commands), and after the batch rcp_exec_cache_mget_merge() fills each miss with its ticket
 * (the same race rules) and builds the reply in key order.
 */
typedef struct {
	rcp_cache_mget m;
	bool on;  /* m holds a lookup whose misses are in the batch (not merged nor released yet) */
} rcp_pipe_mget;

/* Look up the MGET of cmds[i]; true: every key hit, its reply set. *mg: allocated (n) at the first MGET with misses. */
static bool rcp_pipe_mget_lookup(rcp_client *cl, rcp_pipe_cmd *cmds, int n, int i, rcp_pipe_mget **mg)
{
	rcp_route *r = &cmds[i].route;
	rcp_cache_mget m;
	rcp_err e;

	if (!(r->cmd->flags & RCP_CMD_CACHE_MGET) || !rcp_exec_cache_mget_lookup(cl, r, &m)) {
		return false;
	}
	if (m.nmiss == 0) {
		rcp_exec_cache_mget_merge(cl, r, &m, RCP_OK, RCP_RK_VALUE, NULL, &cmds[i].reply, &e); /* (frees m) */
		return true;
	}
	if (!*mg) {
		*mg = ecalloc((size_t)n, sizeof(rcp_pipe_mget));
	}
	(*mg)[i].m = m;
	(*mg)[i].on = true;
	return false;
}

/* The MGET of g's misses alone into the batch, for node idx (all of the MGET's own keys when nothing hit). */
static bool rcp_pipe_mget_add(rcp_nodebatch *nb, rcp_client *cl, const rcp_map *map, uint16_t idx, const rcp_route *r,
                              const rcp_pipe_mget *g, uint32_t *part, uint32_t *reply_idx)
{
	rcp_req req = {.argc = g->m.nmiss + 1, .argv = r->argv, .argvlen = r->argvlen, .nreplies = 1};
	const char **av = NULL;
	size_t *al = NULL;
	bool ok;

	if (g->m.nmiss < g->m.n) {
		av = safe_emalloc((size_t)g->m.nmiss + 1, sizeof(char *), 0);
		al = safe_emalloc((size_t)g->m.nmiss + 1, sizeof(size_t), 0);
		av[0] = r->argv[0];
		al[0] = r->argvlen[0];
		for (int j = 0; j < g->m.nmiss; j++) {
			av[j + 1] = r->argv[r->pos[g->m.miss[j]]];
			al[j + 1] = r->argvlen[r->pos[g->m.miss[j]]];
		}
		req.argv = av;
		req.argvlen = al;
	}
	ok = rcp_nodebatch_add(nb, cl, map, idx, &req, part, reply_idx); /* (encoded now: av, al not kept) */
	if (av) {
		efree(av);
		efree(al);
	}
	return ok;
}

/* The MGET's reply (*reply: its misses' MGET's, or an error reply) merged with its hits into *reply; false with err
 * set when the node's reply does not fit. A reply to re-run (a redirect, no reply: rerun) only releases g. */
static bool rcp_pipe_mget_merge(rcp_client *cl, rcp_route *r, rcp_pipe_mget *g, zval *reply, bool rerun, rcp_err *err)
{
	uint8_t kind = r->reply_kind;
	rcp_status st;
	zval got;

	g->on = false;
	if (rerun || Z_ISUNDEF_P(reply) || ((1u << kind) & RCP_RK_REROUTE_MASK)) {
		/* run alone in step 3 (looked up again there unless the pipeline wrote), or the pipeline failed */
		rcp_exec_cache_mget_merge(cl, r, &g->m, RCP_E_CLUSTER, kind, NULL, NULL, err); /* (releases m only) */
		r->reply_kind = kind;
		return true;
	}
	ZVAL_COPY_VALUE(&got, reply);
	ZVAL_UNDEF(reply);
	st = rcp_exec_cache_mget_merge(cl, r, &g->m, RCP_OK, kind, &got, reply, err);
	zval_ptr_dtor(&got);
	return st == RCP_OK;
}

static rcp_status rcp_exec_pipeline_run(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err);

/* Every command counted once, from the kind of its reply (a command re-run alone is not counted again there): run
 * by run of the same command, one counting call per run (a pipeline of 100 GETs: one). */
rcp_status rcp_exec_pipeline(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err)
{
	rcp_status st = rcp_exec_pipeline_run(cl, cmds, n, err);
	const rcp_cmd *run = NULL;
	uint32_t calls = 0, errors = 0;

	for (int i = 0; i < n; i++) {
		rcp_route *r = &cmds[i].route;
		if (r->cmd != run) {
			if (calls) {
				rcp_count_commands(cl->cluster->shared, run, calls, errors);
			}
			run = r->cmd;
			calls = errors = 0;
		}
		calls++;
		errors += st != RCP_OK || r->reply_kind != RCP_RK_VALUE;
		if (!(r->flags & RCP_RF_READ)) {
			rcp_cache_at_write(cl, r);
		}
	}
	if (calls) {
		rcp_count_commands(cl->cluster->shared, run, calls, errors);
	}
	rcp_pool_op_end();
	return st;
}

static rcp_status rcp_exec_pipeline_run(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err)
{
	rcp_map *map;
	int *target = NULL, i;
	uint16_t *read_node = NULL;  /* policy reads: the node chosen for each primary */
	uint16_t any_primary = RCP_NO_NODE; /* keyless commands: the one primary they all go to */
	bool *rerun = NULL;          /* commands to re-run alone (their read node failed, or the write a WAIT follows was) */
	int *anchor = NULL;          /* with WAIT / WAITAOF only: a WAIT's index -> the write it follows; that write's
	                                index -> -2 (a write some WAIT follows); others -1 */
	char anchor_node[RCP_ADDR_MAX];      /* where the last such write re-run alone was answered (step 3) */
	rcp_nodebatch nb;            /* one part per node */
	rcp_pipe_parts pp;           /* how nb tells a part of reads only */
	rcp_part *parts;
	uint32_t *part_of = NULL, *reply_idx = NULL, nparts;
	uint32_t kinds_seen = 0;     /* kinds of error replies the batch's readers saw (rcp_reply_kind bits) */
	rcp_status st, first_fail = RCP_OK;
	bool wrote = false;          /* a command before this one may write: no more read cache lookups */
	rcp_pipe_mget *mg = NULL;    /* the read cache's MGETs with misses, by command (allocated at the first) */

	for (i = 0; i < n; i++) {
		ZVAL_UNDEF(&cmds[i].reply);
	}
	if (n == 0) {
		return RCP_OK;
	}
	anchor_node[0] = '\0';
	rcp_begin(cl);
	if ((st = rcp_client_ready(cl, err)) != RCP_OK) {
		return st;
	}
	map = cl->cluster->map;
	target = safe_emalloc((size_t)n, sizeof(int), 0);
	rerun = ecalloc((size_t)n, sizeof(bool));
	part_of = safe_emalloc((size_t)n, sizeof(uint32_t), 0);
	reply_idx = safe_emalloc((size_t)n, sizeof(uint32_t), 0);
	read_node = safe_emalloc(map->nnodes, sizeof(uint16_t), 0);
	memset(read_node, 0xff, sizeof(uint16_t) * map->nnodes);
	rcp_nodebatch_init(&nb, map, (uint32_t)n, true);
	pp = (rcp_pipe_parts){.cmds = cmds, .n = n, .target = target, .part_of = part_of};
	nb.reads = rcp_pipe_part_reads;
	nb.reads_ctx = &pp;

	/* 1. group the batchable commands by node, encoded back to back */
	for (i = 0; i < n; i++) {
		rcp_route *r = &cmds[i].route;
		rcp_req req = {.argc = r->argc, .argv = r->argv, .argvlen = r->argvlen, .nreplies = 1};

		if (r->flags & RCP_RF_NOSCRIPT) {
			rcp_script_note(r);
		}
		/* the batch waits for its longest server timeout (WAIT / WAITAOF by their route: Redis 7.0's COMMAND does not
		 * flag them blocking) */
		if (UNEXPECTED((r->cmd->flags & RCP_CMD_BLOCKING) || r->cmd->route == RCP_ROUTE_AFTER_WRITE)) {
			nb.block_ms = MAX(nb.block_ms, rcp_cmd_block_ms(r->cmd, r->argc, r->argv, r->argvlen));
		}
		target[i] = rcp_pipe_target(cl, r, read_node, &any_primary);
		/* (not after a command that may write: the pipeline's reads see its writes, so they are sent) */
		if (target[i] >= 0 && !wrote && UNEXPECTED(cl->cache != NULL) &&
		    (rcp_exec_cache_lookup(cl, r, &cmds[i].reply) || rcp_pipe_mget_lookup(cl, cmds, n, i, &mg))) {
			target[i] = RCP_PIPE_ANSWERED; /* the read cache's (nothing sent) */
			continue;
		}
		wrote |= !(r->flags & RCP_RF_READ);
		if (target[i] < 0) {
			/* WAIT / WAITAOF: to the node of the write before it, on the same connection, in the same flight */
			int a;
			if (target[i] != RCP_PIPE_AFTER_WRITE) {
				continue; /* runs alone, in step 3 */
			}
			a = rcp_pipe_anchor(cmds, target, i);
			if (a < 0) {
				first_fail = rcp_cmd_misplaced(r->cmd, a == -2 ? "after a write that cannot travel in a batch "
					"(its keys span slots, or its slot is not served)" : i == 0 ? "first in the pipeline"
					: "after no write in the pipeline", err);
				break;
			}
			if (!anchor) {
				anchor = safe_emalloc((size_t)n, sizeof(int), 0);
				memset(anchor, 0xff, (size_t)n * sizeof(int));
			}
			anchor[i] = a;
			anchor[a] = -2;
			target[i] = target[a];
		}
		if (UNEXPECTED(mg && mg[i].on)
		    ? !rcp_pipe_mget_add(&nb, cl, map, (uint16_t)target[i], r, &mg[i], &part_of[i], &reply_idx[i])
		    : !rcp_nodebatch_add(&nb, cl, map, (uint16_t)target[i], &req, &part_of[i], &reply_idx[i])) {
			first_fail = rcp_err_set(err, RCP_E_MEMORY, NULL, "pipeline of %d commands: out of memory encoding "
				"command %d", n, i + 1);
			break;
		}
	}
	/* 2. one round trip for all nodes */
	nparts = first_fail == RCP_OK ? nb.nparts : 0;
	parts = nb.parts;
	if (nparts) {
		uint32_t p;
		rcp_nodebatch_run(&nb, cl);
		rcp_nodebatch_outcomes(&nb, cl); /* what each failed part says about its node */
		for (p = 0; p < nparts; p++) {
			bool reads_only = rcp_read_elsewhere(parts[p].err.code);
			for (i = 0; i < n && reads_only; i++) {
				if (target[i] >= 0 && part_of[i] == p && !rcp_is_policy_read(cl, cmds[i].route.cmd)) {
					reads_only = false;
				}
			}
			if (reads_only) {
				/* only policy reads on this node: each is re-run alone below, on the slot's other nodes */
				for (i = 0; i < n; i++) {
					if (target[i] >= 0 && part_of[i] == p) {
						zval_ptr_dtor(&parts[p].replies[reply_idx[i]]);
						ZVAL_UNDEF(&parts[p].replies[reply_idx[i]]);
						rerun[i] = true;
					}
				}
				rcp_read_moved_on(cl->cluster, parts[p].err.code);
				continue;
			}
			if (parts[p].err.code != RCP_OK && first_fail == RCP_OK) {
				*err = parts[p].err;
				rcp_err_append(err, " (pipeline of %d commands)", n);
				first_fail = err->code;
			}
		}
		for (p = 0; p < nparts; p++) {
			kinds_seen |= parts[p].kinds;
		}
		for (i = 0; i < n; i++) {
			if (target[i] >= 0) {
				zval *r = &parts[part_of[i]].replies[reply_idx[i]];
				rcp_route *rt = &cmds[i].route;
				ZVAL_COPY_VALUE(&cmds[i].reply, r);
				ZVAL_UNDEF(r);
				/* the reply's kind: looked at only when some reader of the batch saw an error reply (else it is the
				 * route's RCP_RK_VALUE) */
				if (kinds_seen) {
					rt->reply_kind = (uint8_t)rcp_reply_kind_of(&cmds[i].reply);
				}
				if (UNEXPECTED(mg && mg[i].on)) {
					rcp_err e;
					if (!rcp_pipe_mget_merge(cl, rt, &mg[i], &cmds[i].reply, rerun[i], &e) && first_fail == RCP_OK) {
						*err = e;
						rcp_err_append(err, " (pipeline of %d commands)", n);
						first_fail = err->code;
					}
				}
				if (rt->reply_kind == RCP_RK_VALUE && (rt->flags & RCP_RF_CACHEABLE) && !Z_ISUNDEF(cmds[i].reply)) {
					rcp_cache_at_fill(cl, rt, &cmds[i].reply);
				}
			}
		}
		rcp_pool_sweep_parts(parts, (int)nparts);
	}
	/* 3. redirected commands and the ones that cannot travel in a batch run alone, in call order */
	for (i = 0; i < n && first_fail == RCP_OK; i++) {
		zval *r = &cmds[i].reply;
		rcp_route *rt = &cmds[i].route;
		/* (a NOSCRIPT whose body is known is re-run too: rcp_exec falls back to EVAL) */
		bool redirected = target[i] >= 0 && (rerun[i] ||
			((1u << rt->reply_kind) & RCP_RK_REROUTE_MASK) || rcp_noscript_recoverable(rt, rt->reply_kind));
		if ((target[i] >= 0 && !redirected) || target[i] == RCP_PIPE_ANSWERED) {
			continue;
		}
		if (anchor && anchor[i] >= 0) {
			/* a WAIT whose write was re-run alone: it follows that write to the node that answered it */
			if (rerun[anchor[i]] && anchor_node[0]) {
				zval_ptr_dtor(r);
				ZVAL_UNDEF(r);
				st = rcp_exec_addr(cl, anchor_node, rt->argc, rt->argv, rt->argvlen, rt->cmd->name, r, err);
				rt->reply_kind = st == RCP_OK ? (uint8_t)rcp_reply_kind_of(r) : RCP_RK_VALUE;
				if (st != RCP_OK) {
					first_fail = st;
				}
			}
			continue;
		}
		zval_ptr_dtor(r);
		ZVAL_UNDEF(r);
		if (wrote) {
			/* the batch's writes ran already, their keys are dropped only when the pipeline ends: not from the cache */
			rt->flags |= RCP_RF_NOCACHE;
		}
		st = rcp_exec_route(cl, rt, r, err); /* (counted once, by rcp_exec_pipeline) */
		if (st != RCP_OK) {
			first_fail = st;
		}
		if (anchor && anchor[i] == -2) {
			/* a write some WAIT follows: they go where it went */
			memcpy(anchor_node, cl->last_node, sizeof(anchor_node));
			rerun[i] = true;
			for (int w = i + 1; w < n; w++) {
				if (anchor[w] == i) {
					rerun[w] = true;
				}
			}
		}
	}
	rcp_nodebatch_free(&nb);
	if (mg) {
		for (i = 0; i < n; i++) {
			if (mg[i].on) { /* the batch was not sent (a command refused in step 1) */
				rcp_err e;
				rcp_pipe_mget_merge(cl, &cmds[i].route, &mg[i], &cmds[i].reply, true, &e);
			}
		}
		efree(mg);
	}
	if (anchor) {
		efree(anchor);
	}
	efree(read_node);
	efree(rerun);
	efree(part_of);
	efree(reply_idx);
	efree(target);
	return first_fail;
}

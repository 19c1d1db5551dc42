/*
 * exec_pipeline.c - pipelines (commands grouped by node, one round trip) and commands for nodes the caller
 * chose (rawOnNodes).
 */
#include "rcp_exec_int.h"

/* ---- commands for chosen nodes ------------------------------------------------------------------ */

rcp_status rcp_exec_on_nodes(rcp_client *cl, const rcp_node_batch *b, uint32_t nn, zval *replies, rcp_err *err)
{
	rcp_map *map = cl->cluster->map;
	rcp_part *parts = safe_emalloc(nn ? nn : 1, sizeof(rcp_part), 0);
	bool *retry = ecalloc(nn ? nn : 1, sizeof(bool)), *was_new = ecalloc(nn ? nn : 1, sizeof(bool));
	uint32_t *which = safe_emalloc(nn ? nn : 1, sizeof(uint32_t), 0);
	rcp_status st = RCP_OK;
	uint64_t deadline;

	rcp_begin(cl);
	deadline = rcp_deadline(cl);
	for (int attempt = 0; attempt < 2; attempt++) {
		uint32_t np = 0;

		for (uint32_t i = 0; i < nn; i++) {
			const rcp_node *node = &map->nodes[b[i].node];
			if (attempt == 1 && !retry[i]) {
				continue;
			}
			rcp_part_init(&parts[np], NULL);
			parts[np].conn = rcp_client_conn_ro(cl, node->host, node->port, node->replica != 0);
			was_new[np] = parts[np].conn->state == RCP_CONN_NEW;
			parts[np].buf = b[i].buf;
			parts[np].len = b[i].len;
			parts[np].nreplies = b[i].count;
			parts[np].replies = replies + b[i].first;
			for (uint32_t r = 0; r < b[i].count; r++) {
				ZVAL_UNDEF(&parts[np].replies[r]);
			}
			which[np++] = i;
		}
		if (np == 0) {
			break;
		}
		rcp_io_run(parts, (int)np, deadline, rcp_now_ms() + cl->connect_timeout_ms);
		memset(retry, 0, nn * sizeof(bool));
		for (uint32_t k = 0; k < np; k++) {
			const rcp_node *node = &map->nodes[b[which[k]].node];
			if (parts[k].err.code == RCP_OK) {
				continue;
			}
			for (uint32_t r = 0; r < parts[k].nreplies; r++) {
				zval_ptr_dtor(&parts[k].replies[r]);
				ZVAL_UNDEF(&parts[k].replies[r]);
			}
			if (attempt == 0 && rcp_retry_safe(&parts[k], was_new[k], false, deadline)) {
				retry[which[k]] = true;
				continue;
			}
			rcp_node_outcome(cl->cluster, node->host, node->port, parts[k].err.code);
			if (st == RCP_OK) {
				*err = parts[k].err;
				st = err->code;
			}
		}
		rcp_pool_sweep_parts(parts, (int)np);
	}
	efree(which);
	efree(was_new);
	efree(retry);
	efree(parts);
	return st;
}

/* ---- pipelines -------------------------------------------------------------------------------- */

/* Whether cmd's one key is always argv[1] (GET, SET, INCR, HGET, ...: one key spec, at index 1, no more keys),
 * what rcp_cmd_keys() would find without its general search. */
static bool rcp_first_arg_is_the_key(const rcp_cmd *cmd)
{
	const rcp_key_spec *sp = cmd->specs;

	return cmd->nspecs == 1 && sp->bs_type == RCP_BS_INDEX && sp->bs_a == 1 && sp->fk_type == RCP_FK_RANGE &&
		sp->fk_a == 0 && sp->fk_b > 0 && !(cmd->flags & (RCP_CMD_HAS_SUBCMDS | RCP_CMD_GETKEYS)) &&
		!(cmd->name[0] == 'S' && (!strcmp(cmd->name, "SORT") || !strcmp(cmd->name, "SORT_RO")));
}

/* rcp_pipe_target(): WAIT / WAITAOF, placed by the caller after the write before them. */
#define RCP_PIPE_AFTER_WRITE (-3)

/* Routes that never travel in a batch as such (one test for all: a bit each). */
#define RCP_PIPE_NOT_BATCHED ((1u << RCP_ROUTE_UNSUPPORTED) | (1u << RCP_ROUTE_ALL_PRIMARIES) | \
                              (1u << RCP_ROUTE_ALL_NODES) | (1u << RCP_ROUTE_AFTER_WRITE))

/* The node (index in the map) a command goes to when it can travel in a batch, or -1 (run it alone), or
 * RCP_PIPE_AFTER_WRITE. */
static int rcp_pipe_target(rcp_client *cl, const rcp_pipe_cmd *pc, uint16_t *read_node)
{
	rcp_map *map = cl->cluster->map;
	int stackpos[RCP_KEYS_STACK], *pos = stackpos, nkeys, slot = -1, i, node = -1;
	char ebuf[256];

	if ((1u << pc->cmd->route) & RCP_PIPE_NOT_BATCHED) {
		return pc->cmd->route == RCP_ROUTE_AFTER_WRITE ? RCP_PIPE_AFTER_WRITE : -1;
	}
	if (pc->argc > 1 && rcp_first_arg_is_the_key(pc->cmd)) {
		stackpos[0] = 1;
		nkeys = 1;
	} else {
		nkeys = rcp_cmd_keys_into(pc->cmd, pc->argc, pc->argv, pc->argvlen, stackpos, &pos, ebuf, sizeof(ebuf));
	}
	for (i = 0; i < nkeys; i++) {
		int s = rcp_key_slot(pc->argv[pos[i]], pc->argvlen[pos[i]]);
		if (slot >= 0 && s != slot) {
			slot = -2;
			break;
		}
		slot = s;
	}
	if (pos != stackpos) {
		efree(pos);
	}
	if (nkeys < 0 || slot == -2) {
		return -1;
	}
	if (slot >= 0) {
		node = map->slots[slot] == RCP_NO_NODE ? -1 : map->slots[slot];
		if (node >= 0 && rcp_is_policy_read(cl, pc->cmd)) {
			/* one read node per primary for the whole pipeline: one part per node */
			if (read_node[node] == RCP_NO_NODE) {
				uint16_t cand[RCP_MAX_READ_CANDIDATES];
				rcp_read_candidates(cl, (uint16_t)node, cand, RCP_MAX_READ_CANDIDATES);
				read_node[node] = cand[0];
			}
			node = read_node[node];
		}
	} else {
		for (uint16_t k = 0; k < map->nnodes; k++) {
			if (!map->nodes[k].replica) {
				node = k;
				break;
			}
		}
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
		int stackpos[RCP_KEYS_STACK], *pos = stackpos, nkeys;
		char ebuf[256];

		if ((cmds[j].cmd->flags & RCP_CMD_READONLY) || cmds[j].cmd->route == RCP_ROUTE_AFTER_WRITE) {
			continue;
		}
		nkeys = rcp_cmd_keys_into(cmds[j].cmd, cmds[j].argc, cmds[j].argv, cmds[j].argvlen, stackpos, &pos, ebuf,
			sizeof(ebuf));
		if (pos != stackpos) {
			efree(pos);
		}
		if (nkeys > 0) {
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
		if (pp->target[i] >= 0 && pp->part_of[i] == part && !(pp->cmds[i].cmd->flags & RCP_CMD_READONLY)) {
			return false;
		}
	}
	return true;
}

static rcp_status rcp_exec_pipeline_run(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err);

rcp_status rcp_exec_pipeline(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err)
{
	rcp_status st = rcp_exec_pipeline_run(cl, cmds, n, err);

	for (int i = 0; i < n; i++) {
		rcp_metrics_command(cl->cluster->shared, cmds[i].cmd, st != RCP_OK || rcp_metrics_is_error(&cmds[i].reply));
	}
	return st;
}

static rcp_status rcp_exec_pipeline_run(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err)
{
	rcp_map *map;
	int *target = NULL, i;
	uint16_t *read_node = NULL;  /* policy reads: the node chosen for each primary */
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
		rcp_req req = {.argc = cmds[i].argc, .argv = cmds[i].argv, .argvlen = cmds[i].argvlen, .nreplies = 1};

		rcp_script_note(cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen);
		/* the batch waits for its longest server timeout (WAIT / WAITAOF by their route: Redis 7.0's COMMAND does not
		 * flag them blocking) */
		if (UNEXPECTED((cmds[i].cmd->flags & RCP_CMD_BLOCKING) || cmds[i].cmd->route == RCP_ROUTE_AFTER_WRITE)) {
			nb.block_ms = MAX(nb.block_ms, rcp_cmd_block_ms(cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen));
		}
		target[i] = rcp_pipe_target(cl, &cmds[i], read_node);
		if (target[i] < 0) {
			/* WAIT / WAITAOF: to the node of the write before it, on the same connection, in the same flight */
			int a;
			if (target[i] != RCP_PIPE_AFTER_WRITE) {
				continue; /* runs alone, in step 3 */
			}
			a = rcp_pipe_anchor(cmds, target, i);
			if (a < 0) {
				first_fail = rcp_cmd_misplaced(cmds[i].cmd, a == -2 ? "after a write that cannot travel in a batch "
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
		if (!rcp_nodebatch_add(&nb, cl, map, (uint16_t)target[i], &req, &part_of[i], &reply_idx[i])) {
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
		for (p = 0; p < nparts; p++) {
			bool reads_only = rcp_read_elsewhere(parts[p].err.code);
			for (i = 0; i < n && reads_only; i++) {
				if (target[i] >= 0 && part_of[i] == p && !rcp_is_policy_read(cl, cmds[i].cmd)) {
					reads_only = false;
				}
			}
			if (reads_only) {
				/* only policy reads on this node: each is re-run alone below, on the slot's other nodes */
				if (parts[p].conn) {
					rcp_node_outcome(cl->cluster, parts[p].conn->host, (uint16_t)parts[p].conn->port, parts[p].err.code);
				}
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
				if (parts[p].conn) {
					rcp_node_outcome(cl->cluster, parts[p].conn->host, (uint16_t)parts[p].conn->port, parts[p].err.code);
				}
			}
		}
		for (i = 0; i < n; i++) {
			if (target[i] >= 0) {
				zval *r = &parts[part_of[i]].replies[reply_idx[i]];
				ZVAL_COPY_VALUE(&cmds[i].reply, r);
				ZVAL_UNDEF(r);
			}
		}
		for (p = 0; p < nparts; p++) {
			kinds_seen |= parts[p].kinds;
		}
		rcp_pool_sweep_parts(parts, (int)nparts);
	}
	/* 3. redirected commands and the ones that cannot travel in a batch run alone, in call order */
	for (i = 0; i < n && first_fail == RCP_OK; i++) {
		zval *r = &cmds[i].reply;
		/* (a NOSCRIPT whose body is known is re-run too: rcp_exec falls back to EVAL) */
		bool redirected = target[i] >= 0 && (rerun[i] || ((kinds_seen & RCP_RK_REROUTE_MASK) && rcp_is_rerouted(r)) ||
			((kinds_seen & (1u << RCP_RK_NOSCRIPT)) &&
			 rcp_noscript_recoverable(cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen, r)));
		if (target[i] >= 0 && !redirected) {
			continue;
		}
		if (anchor && anchor[i] >= 0) {
			/* a WAIT whose write was re-run alone: it follows that write to the node that answered it */
			if (rerun[anchor[i]] && anchor_node[0]) {
				zval_ptr_dtor(r);
				ZVAL_UNDEF(r);
				st = rcp_exec_addr(cl, anchor_node, cmds[i].argc, cmds[i].argv, cmds[i].argvlen, cmds[i].cmd->name, r,
					err);
				if (st != RCP_OK) {
					first_fail = st;
				}
			}
			continue;
		}
		zval_ptr_dtor(r);
		ZVAL_UNDEF(r);
		st = rcp_exec(cl, cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen, r, err);
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

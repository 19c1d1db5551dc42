/*
 * exec_split.c - commands that run on several nodes: fan-out to every primary (or node) with the command table's
 * merge policy, and multi-key commands split by slot (MGET, MSET, DEL...) with their partial failures.
 */
#include "rcp_exec_int.h"

/* ---- aggregates --------------------------------------------------------------------------------- */

/* The one aggregation rule (the merge policies SUM, MIN, MAX): acc folded with v; the first value starts it. Serves
 * the fan-out (DBSIZE...), the split's sum (DEL, EXISTS, UNLINK, TOUCH), and a partial failure's sum. */
static zend_always_inline zend_long rcp_merge_agg(uint8_t merge, zend_long acc, zend_long v, bool first)
{
	if (first) {
		return v;
	}
	return merge == RCP_MERGE_AGG_MIN ? MIN(acc, v) : merge == RCP_MERGE_AGG_MAX ? MAX(acc, v) : acc + v;
}

/* ---- fan-out to all primaries (or all nodes) -------------------------------------------------- */

static void rcp_merge_replies(const rcp_cmd *cmd, rcp_part *parts, int n, zval *reply)
{
	int i;
	zval *first_err = NULL;

	for (i = 0; i < n; i++) {
		if (rcp_reply_is_error(&parts[i].replies[0])) {
			if (!first_err) {
				first_err = &parts[i].replies[0];
			}
		}
	}
	switch (cmd->merge) {
		case RCP_MERGE_ONE_SUCCEEDED:
			for (i = 0; i < n; i++) {
				if (&parts[i].replies[0] != first_err &&
				    !rcp_reply_is_error(&parts[i].replies[0])) {
					ZVAL_COPY(reply, &parts[i].replies[0]);
					return;
				}
			}
			ZVAL_COPY(reply, first_err);
			return;
		case RCP_MERGE_PER_NODE:
			array_init_size(reply, (uint32_t)n);
			for (i = 0; i < n; i++) {
				Z_TRY_ADDREF(parts[i].replies[0]);
				add_assoc_zval(reply, parts[i].conn ? parts[i].conn->addr : "?", &parts[i].replies[0]);
			}
			return;
		default:
			break;
	}
	if (first_err) {
		ZVAL_COPY(reply, first_err);
		return;
	}
	switch (cmd->merge) {
		case RCP_MERGE_AGG_SUM:
		case RCP_MERGE_AGG_MIN:
		case RCP_MERGE_AGG_MAX: {
			zend_long acc = 0;
			for (i = 0; i < n; i++) {
				acc = rcp_merge_agg(cmd->merge, acc, zval_get_long(&parts[i].replies[0]), i == 0);
			}
			ZVAL_LONG(reply, acc);
			return;
		}
		case RCP_MERGE_AGG_LOGICAL_AND:
		case RCP_MERGE_AGG_LOGICAL_OR: {
			zval *v;
			ZVAL_COPY(reply, &parts[0].replies[0]);
			if (Z_TYPE_P(reply) != IS_ARRAY) {
				return;
			}
			SEPARATE_ARRAY(reply);
			for (i = 1; i < n; i++) {
				zend_ulong idx;
				if (Z_TYPE(parts[i].replies[0]) != IS_ARRAY) continue;
				ZEND_HASH_FOREACH_NUM_KEY_VAL(Z_ARRVAL(parts[i].replies[0]), idx, v) {
					zval *cur = zend_hash_index_find(Z_ARRVAL_P(reply), idx);
					if (cur) {
						bool r = cmd->merge == RCP_MERGE_AGG_LOGICAL_AND
							? (zval_get_long(cur) && zval_get_long(v)) : (zval_get_long(cur) || zval_get_long(v));
						ZVAL_LONG(cur, r ? 1 : 0);
					}
				} ZEND_HASH_FOREACH_END();
			}
			return;
		}
		case RCP_MERGE_CONCAT: {
			zval *v;
			array_init(reply);
			for (i = 0; i < n; i++) {
				if (Z_TYPE(parts[i].replies[0]) != IS_ARRAY) continue;
				ZEND_HASH_FOREACH_VAL(Z_ARRVAL(parts[i].replies[0]), v) {
					Z_TRY_ADDREF_P(v);
					add_next_index_zval(reply, v);
				} ZEND_HASH_FOREACH_END();
			}
			return;
		}
		default: /* ALL_SUCCEEDED, NONE: the first reply stands for all */
			ZVAL_COPY(reply, &parts[0].replies[0]);
			return;
	}
}

rcp_status rcp_exec_fanout(rcp_client *cl, const rcp_cmd *cmd, const rcp_req *req, zval *reply,
                                  rcp_err *err)
{
	rcp_map *map = cl->cluster->map;
	bool all = cmd->route == RCP_ROUTE_ALL_NODES;
	rcp_nodebatch nb;
	rcp_part *parts;
	zval *replies;
	int n, i;
	rcp_status st = RCP_OK;

	rcp_nodebatch_init(&nb, map, map->nnodes, false);
	nb.reads = rcp_nodebatch_reads_cmd;
	nb.reads_ctx = cmd;
	for (uint16_t k = 0; k < map->nnodes; k++) {
		uint32_t part, idx;
		if (map->nodes[k].replica && !all) {
			continue;
		}
		if (!rcp_nodebatch_add(&nb, cl, map, k, req, &part, &idx)) {
			rcp_nodebatch_free(&nb);
			return rcp_err_set(err, RCP_E_MEMORY, NULL, "%s: out of memory encoding the command", cmd->name);
		}
	}
	rcp_nodebatch_run(&nb, cl);
	parts = nb.parts;
	replies = nb.replies;
	n = (int)nb.nparts;
	if ((i = rcp_nodebatch_outcomes(&nb, cl)) >= 0) {
		*err = parts[i].err;
		rcp_err_append(err, " (command %s sent to all %s)", cmd->name, all ? "nodes" : "primaries");
		st = err->code;
	}
	if (st == RCP_OK) {
		for (i = 0; i < n; i++) {
			if (!all && rcp_reply_kind_of(&replies[i]) == RCP_RK_READONLY) {
				/* a primary of our map was demoted: the map is stale (nothing to re-route: every primary) */
				rcp_count_cluster(cl->cluster, RCP_CEV_READONLY_REDIRECT);
				rcp_want_refresh(cl->cluster);
			}
		}
		rcp_merge_replies(cmd, parts, n, reply);
		for (i = 0; i < n; i++) {
			if (rcp_reply_is_error(&replies[i]) && parts[i].conn) {
				snprintf(cl->last_node, sizeof(cl->last_node), "%s", parts[i].conn->addr);
				break;
			}
		}
	}
	rcp_pool_sweep_parts(parts, n);
	rcp_nodebatch_free(&nb);
	return st;
}


/* ---- multi-key commands split by slot (MGET, MSET, DEL, UNLINK, EXISTS, TOUCH) ------------------- */

/*
 * Redis refuses a multi-key command whose keys span slots even when one node owns them all, so the
 * command is cut into one sub-command per slot; the sub-commands of one node travel in one write, and all
 * nodes are written before any reply is read: one round trip in parallel, whatever the number of nodes.
 * A key "unit" is the key and the arguments up to the next key (MSET: key value).
 *
 * The work is proportional to the keys: each key's slot is computed once, and found among the slots seen so far
 * in a small open-addressing table (a power of two of at least twice the keys, at most twice the slots); the
 * split's tables all live in one allocation.
 */
typedef struct {
	uint16_t slot;
	uint16_t primary;     /* owner of the slot */
	uint16_t node;        /* where the part goes: the primary, or for a policy read a replica of it */
	uint32_t nunits;
	uint32_t first;       /* its units: rcp_split.units[first .. first + nunits - 1], key indexes in caller order */
	uint32_t part;        /* which batch part carries it */
	uint32_t reply_idx;   /* index of its reply in that part */
	zval *vals;           /* the merge: its values (rcp_group_values), */
	uint32_t taken;       /* and how many of them went into the reply */
} rcp_group;

typedef struct {
	int argc;
	const char *const *argv;
	const size_t *argvlen;
	const int *pos;       /* the keys' positions in argv */
	int nkeys;
	int head;             /* arguments before the first key (the command name): sub_argv starts with them */
	int span;             /* arguments in every key unit when they are all alike (MGET 1, MSET 2), else 0 */
	rcp_group *groups;
	uint32_t ngroups;
	uint32_t *units;      /* key indexes, group after group */
	uint32_t *key_group;  /* each key's group */
	const char **sub_argv;
	size_t *sub_lens;
} rcp_split;

/* The reply of group g. */
#define RCP_GROUP_REPLY(parts, g) (&(parts)[(g)->part].replies[(g)->reply_idx])

/* Whether the command's reply is its keys' values in order (MGET), not a sum or one status. */
static zend_always_inline bool rcp_split_values(const rcp_cmd *cmd)
{
	return cmd->merge != RCP_MERGE_AGG_SUM && cmd->merge != RCP_MERGE_ALL_SUCCEEDED;
}

/* A group's reply as its values: an array of one per key, or, for a group of one key read with
 * rcp_part.unwrap1, the value alone (a string or null: never an array or an error). Returns how many values
 * *vals points at (0: not the shape expected). */
static zend_always_inline uint32_t rcp_group_values(zval *r, const rcp_group *g, zval **vals)
{
	if (Z_TYPE_P(r) == IS_ARRAY) {
		HashTable *ht = Z_ARRVAL_P(r);
		if (zend_hash_num_elements(ht) != g->nunits || !HT_IS_PACKED(ht) || !HT_IS_WITHOUT_HOLES(ht)) {
			return 0; /* the reader builds packed arrays without holes */
		}
		*vals = ht->arPacked;
		return g->nunits;
	}
	if (g->nunits == 1 && (Z_TYPE_P(r) == IS_STRING || Z_TYPE_P(r) == IS_NULL)) {
		*vals = r;
		return 1;
	}
	return 0;
}

/*
 * Some parts of a split command failed (I/O failure or error reply) while others succeeded: keep in cl->partial
 * (rcp_partial, rcp_errors.h), for the binding's PartialFailureException, what succeeded and what failed, so
 * nothing is silently dropped: each key's failing node (nodes in the order of their first failed key, the
 * first failure of a node giving its error), the keys' bytes, and the results (MGET: [key index => value] of the
 * keys read; summed commands: the sum over the parts that succeeded; MSET: null).
 */
static void rcp_split_partial(rcp_client *cl, const rcp_cmd *cmd, const rcp_split *sp, const rcp_part *parts,
                              rcp_err *const *gerr, const rcp_map *map)
{
	rcp_partial *pf = &cl->partial;
	const rcp_group *groups = sp->groups;
	uint32_t ngroups = sp->ngroups, g, u, k, nkeys = (uint32_t)sp->nkeys;
	/* per group: whether it succeeded, and its failing node in pf->nodes once known (-1: not yet) */
	int32_t *node_of_group = safe_emalloc(ngroups, sizeof(int32_t) + sizeof(bool), 0);
	bool *group_ok = (bool *)(node_of_group + ngroups);
	zval *vals = NULL;
	zend_long sum = 0;
	size_t keybytes = 0, off = 0;

	for (k = 0; k < nkeys; k++) {
		keybytes += sp->argvlen[sp->pos[k]];
	}
	rcp_partial_alloc(pf, nkeys, keybytes, ngroups);
	memset(node_of_group, 0xff, ngroups * sizeof(int32_t));
	for (g = 0; g < ngroups; g++) {
		group_ok[g] = !gerr[g] && !rcp_reply_is_error(RCP_GROUP_REPLY(parts, &groups[g]));
	}
	if (cmd->merge == RCP_MERGE_AGG_SUM) {
		for (g = 0; g < ngroups; g++) {
			if (group_ok[g]) sum = rcp_merge_agg(RCP_MERGE_AGG_SUM, sum, zval_get_long(RCP_GROUP_REPLY(parts, &groups[g])), false);
		}
		ZVAL_LONG(&pf->results, sum);
	} else if (cmd->merge == RCP_MERGE_ALL_SUCCEEDED) {
		ZVAL_NULL(&pf->results);
	} else {
		vals = ecalloc(nkeys, sizeof(zval)); /* IS_UNDEF */
		for (g = 0; g < ngroups; g++) {
			const uint32_t *units = sp->units + groups[g].first;
			zval *v;
			uint32_t nv = group_ok[g] ? rcp_group_values(RCP_GROUP_REPLY(parts, &groups[g]), &groups[g], &v) : 0;
			if (!nv) {
				group_ok[g] = false;
				continue;
			}
			for (u = 0; u < nv; u++) {
				ZVAL_COPY(&vals[units[u]], &v[u]);
			}
		}
		array_init(&pf->results);
	}
	for (k = 0; k < nkeys; k++) {
		int a = sp->pos[k];
		memcpy(pf->keys + off, sp->argv[a], sp->argvlen[a]);
		off += sp->argvlen[a];
		pf->key_end[k] = off;
		g = sp->key_group[k];
		if (group_ok[g]) {
			pf->key_node[k] = -1;
			if (vals) add_index_zval(&pf->results, (zend_ulong)k, &vals[k]);
			continue;
		}
		/* failed: file the key under its node */
		if (node_of_group[g] < 0) {
			char addr[RCP_ADDR_MAX];
			const zval *r = RCP_GROUP_REPLY(parts, &groups[g]);
			rcp_partial_node *n;
			uint32_t i;
			if (gerr[g] && gerr[g]->node[0]) {
				snprintf(addr, sizeof(addr), "%s", gerr[g]->node);
			} else {
				rcp_node_addr(&map->nodes[groups[g].node], addr, sizeof(addr));
			}
			for (i = 0; i < pf->nnodes && strcmp(pf->nodes[i].node, addr); i++);
			node_of_group[g] = (int32_t)i;
			if (i == pf->nnodes) {
				n = &pf->nodes[pf->nnodes++];
				memcpy(n->node, addr, sizeof(addr));
				n->nkeys = 0;
				if (gerr[g]) {
					n->error = zend_string_init(gerr[g]->msg, strlen(gerr[g]->msg), 0);
					n->code = gerr[g]->code;
				} else if (!rcp_reply_is_error(r)) {
					n->error = zend_string_init("unexpected reply to the part", sizeof("unexpected reply to the part") - 1, 0);
					n->code = RCP_E_PROTOCOL;
				} else {
					n->error = zend_string_copy(rcp_error_message((zval *)r));
					n->code = RCP_E_SERVER;
				}
			}
		}
		pf->key_node[k] = node_of_group[g];
		pf->nodes[node_of_group[g]].nkeys++;
	}
	pf->nkeys = nkeys;
	if (vals) efree(vals); /* values moved into results; failed ones were never set */
	efree(node_of_group);
}

/* Longest command name whose one-key sub-command head is encoded once (rcp_wbuf_command_after). */
#define RCP_SPLIT_NAME_MAX 48

/* The arguments of group g's sub-command into sp->sub_argv/sub_lens (whose first sp->head entries, the command
 * name and anything before the first key, are set once): then each of its key units. Returns how many. */
static zend_always_inline int rcp_group_argv(const rcp_split *sp, const rcp_group *g)
{
	const uint32_t *u = sp->units + g->first, *end = u + g->nunits;
	const char **out = sp->sub_argv;
	size_t *lens = sp->sub_lens;
	int n = sp->head;

	if (sp->span == 1) { /* MGET, DEL, EXISTS...: a unit is its key */
		for (; u < end; u++, n++) {
			int a = sp->pos[*u];
			out[n] = sp->argv[a];
			lens[n] = sp->argvlen[a];
		}
		return n;
	}
	for (; u < end; u++) {
		int k = (int)*u;
		int a = sp->pos[k], stop = sp->span ? a + sp->span : k + 1 < sp->nkeys ? sp->pos[k + 1] : sp->argc;
		for (; a < stop; a++, n++) {
			out[n] = sp->argv[a];
			lens[n] = sp->argvlen[a];
		}
	}
	return n;
}

/* The split's tables, in one allocation (largest alignment first). */
typedef struct {
	void *mem;
	rcp_err **gerr;       /* per group: its I/O failure (its part's error, or its re-run's), NULL when fine */
	uint16_t *table;      /* slot -> group + 1 (0: empty), open addressing, tmask + 1 entries */
	uint32_t tmask;
	uint16_t *read_node;  /* policy reads: the node chosen for each primary, once per command (NULL: not one) */
} rcp_split_mem;

static void rcp_split_alloc(rcp_split *sp, rcp_split_mem *m, uint32_t ngmax, uint16_t nnodes, bool policy_read)
{
	uint32_t tsize = 16;
	size_t nk = (size_t)sp->nkeys, na = (size_t)sp->argc, off = 0;
	size_t o_lens, o_gerr, o_groups, o_units, o_kg, o_table, o_rn;
	char *p;

	while (tsize < 2 * ngmax) {
		tsize <<= 1;
	}
	o_lens = off += na * sizeof(const char *);
	o_gerr = off += na * sizeof(size_t);
	o_groups = off += ngmax * sizeof(rcp_err *);
	o_units = off += ngmax * sizeof(rcp_group);
	o_kg = off += nk * sizeof(uint32_t);
	o_table = off += nk * sizeof(uint32_t);
	o_rn = off += tsize * sizeof(uint16_t);
	off += policy_read ? nnodes * sizeof(uint16_t) : 0;
	p = m->mem = emalloc(off);
	sp->sub_argv = (const char **)p;
	sp->sub_lens = (size_t *)(p + o_lens);
	m->gerr = (rcp_err **)(p + o_gerr);
	sp->groups = (rcp_group *)(p + o_groups);
	sp->units = (uint32_t *)(p + o_units);
	sp->key_group = (uint32_t *)(p + o_kg);
	m->table = (uint16_t *)(p + o_table);
	m->tmask = tsize - 1;
	memset(m->table, 0, tsize * sizeof(uint16_t));
	m->read_node = NULL;
	if (policy_read) {
		m->read_node = (uint16_t *)(p + o_rn);
		memset(m->read_node, 0xff, sizeof(uint16_t) * nnodes);
	}
}

rcp_status rcp_exec_split(rcp_client *cl, rcp_route *route, zval *reply, rcp_err *err)
{
	const rcp_cmd *cmd = route->cmd;
	int argc = route->argc, nkeys = route->nkeys;
	const char *const *argv = route->argv;
	const size_t *argvlen = route->argvlen;
	const int *pos = route->pos;
	rcp_map *map = cl->cluster->map;
	uint32_t ngmax = (uint32_t)MIN(nkeys, RCP_SLOTS), nparts = 0, g, i;
	rcp_split sp = {.argc = argc, .argv = argv, .argvlen = argvlen, .pos = pos, .nkeys = nkeys, .head = pos[0]};
	rcp_split_mem m;
	rcp_group *groups;
	rcp_nodebatch nb;            /* one part per node */
	char one_head[RCP_SPLIT_NAME_MAX + 16]; /* "*2\r\n$<n>\r\n<name>\r\n" (one_headlen 0: not used) */
	size_t one_headlen = 0;
	bool batch_set = false, trouble = false;
	rcp_part *parts = NULL;
	rcp_status st = RCP_OK;
	rcp_err **gerr;
	rcp_err *rerr = NULL;        /* errors of redirected groups whose re-run failed */
	uint32_t *rerr_group = NULL, nrerr = 0;
	bool policy_read = rcp_is_policy_read(cl, cmd);
	size_t room = rcp_mem_headroom();

	if (room != SIZE_MAX) {
		/* what splitting takes in request memory (the sub-commands' bytes, per-slot groups and replies, the
		 * merged reply), refused before anything is sent rather than dying half-way under memory_limit */
		size_t bytes = 0, need;
		for (int a = 0; a < argc; a++) {
			bytes += argvlen[a] + 16;
		}
		need = 2 * bytes + (size_t)argc * 16 + (size_t)nkeys * 56 + (size_t)ngmax * (sizeof(rcp_group) + 16 + 200);
		if (need > room) {
			return rcp_err_set(err, RCP_E_MEMORY, NULL, "%s of %d keys over several slots needs about %zu bytes of "
				"request memory to split and merge, more than memory_limit (%lld bytes, %zu in use) leaves; nothing "
				"was sent", cmd->name, nkeys, need, (long long)PG(memory_limit), zend_memory_usage(true));
		}
	}
	rcp_split_alloc(&sp, &m, ngmax, map->nnodes, policy_read);
	sp.span = argc - pos[nkeys - 1]; /* the last unit's; 0 below when another one differs */
	groups = sp.groups;
	gerr = m.gerr;

	/* 1. group the keys by slot (each key's slot, the route's), counting each group's units. (The read cache's
	 * place for a split read, issue 23: here, per key, before it is grouped: a hit goes straight into the merged
	 * reply, only the misses are grouped and sent; see rcp_cache_at_lookup() in rcp_exec_int.h.) */
	for (int k = 0; k < nkeys; k++) {
		uint16_t slot = route->kslot[k];
		uint32_t h = slot & m.tmask;
		uint16_t e;
		if (k + 1 < nkeys && pos[k + 1] - pos[k] != sp.span) {
			sp.span = 0;
		}
		while ((e = m.table[h]) != 0 && groups[e - 1].slot != slot) {
			h = (h + 1) & m.tmask;
		}
		if (!e) {
			rcp_group *gr = &groups[sp.ngroups];
			uint16_t pr;
			if ((st = rcp_slot_owner(cl, slot, cmd->name, &pr, err)) != RCP_OK) {
				goto out;
			}
			e = (uint16_t)++sp.ngroups;
			m.table[h] = e;
			gr->slot = slot;
			gr->primary = gr->node = pr;
			if (m.read_node) {
				if (m.read_node[pr] == RCP_NO_NODE) {
					uint16_t cand[RCP_MAX_READ_CANDIDATES];
					rcp_read_candidates(cl, pr, cand, RCP_MAX_READ_CANDIDATES);
					m.read_node[pr] = cand[0];
				}
				gr->node = m.read_node[pr];
			}
			gr->nunits = 0;
		}
		sp.key_group[k] = e - 1u;
		groups[e - 1].nunits++;
	}
	/* the unit lists laid out contiguously, group after group, each in the caller's order */
	{
		uint32_t off = 0;
		for (g = 0; g < sp.ngroups; g++) {
			groups[g].first = off;
			off += groups[g].nunits;
			groups[g].nunits = 0;
		}
		for (int k = 0; k < nkeys; k++) {
			rcp_group *gr = &groups[sp.key_group[k]];
			sp.units[gr->first + gr->nunits++] = (uint32_t)k;
		}
	}
	/* 2. the arguments of a group's sub-command are picked from argv when it is encoded (step 3, or a re-run):
	 * what comes before the first key once */
	for (int a = 0; a < sp.head; a++) {
		sp.sub_argv[a] = argv[a];
		sp.sub_lens[a] = argvlen[a];
	}
	/* 3. one part per node (not per slot: a part, with its error context, for each node the keys live on), its
	 * sub-commands pipelined */
	rcp_nodebatch_init(&nb, map, sp.ngroups, true);
	nb.reads = rcp_nodebatch_reads_cmd; /* a part of a read may be sent again after a reset */
	nb.reads_ctx = cmd;
	batch_set = true;
	/* the sub-command of a one-key group (keys on distinct slots: most groups) is the name and the key: the name's
	 * part of its RESP ("*2\r\n$4\r\nMGET\r\n") is encoded once for all of them */
	if (sp.head == 1 && sp.span == 1 && argvlen[0] <= RCP_SPLIT_NAME_MAX) {
		char *h = one_head;
		*h++ = '*';
		*h++ = '2';
		*h++ = '\r';
		*h++ = '\n';
		one_headlen = (size_t)(h - one_head);
		one_headlen += (size_t)snprintf(h, sizeof(one_head) - one_headlen, "$%zu\r\n", argvlen[0]);
		memcpy(one_head + one_headlen, argv[0], argvlen[0]);
		one_headlen += argvlen[0];
		one_head[one_headlen++] = '\r';
		one_head[one_headlen++] = '\n';
	}
	for (g = 0; g < sp.ngroups; g++) {
		rcp_req req = {.argv = sp.sub_argv, .argvlen = sp.sub_lens, .nreplies = 1};
		if (one_headlen && groups[g].nunits == 1) {
			int a = sp.pos[sp.units[groups[g].first]];
			req.head = one_head;
			req.headlen = one_headlen;
			req.argc = 1;
			req.argv = argv + a;
			req.argvlen = argvlen + a;
		} else {
			req.argc = rcp_group_argv(&sp, &groups[g]);
		}
		if (!rcp_nodebatch_add(&nb, cl, map, groups[g].node, &req, &groups[g].part, &groups[g].reply_idx)) {
			st = rcp_err_set(err, RCP_E_MEMORY, NULL, "%s: out of memory encoding the command", cmd->name);
			goto out;
		}
	}
	if (rcp_split_values(cmd)) {
		/* a group of one key may come back as its value alone (rcp_part.unwrap1: no array to build) */
		for (i = 0; i < nb.nparts; i++) {
			nb.parts[i].unwrap1 = true;
		}
	}
	rcp_nodebatch_run(&nb, cl);
	parts = nb.parts;
	nparts = nb.nparts;
	trouble = rcp_nodebatch_outcomes(&nb, cl) >= 0;
	for (i = 0; i < nparts && !trouble; i++) {
		trouble = parts[i].kinds != 0; /* some error reply: looked at group by group below */
	}
	rcp_pool_sweep_parts(parts, (int)nparts);
	if (trouble) {
		for (g = 0; g < sp.ngroups; g++) {
			rcp_part *pt = &parts[groups[g].part];
			gerr[g] = pt->err.code != RCP_OK ? &pt->err : NULL;
		}
		/* 4. a sub-command that was redirected (MOVED/ASK/TRYAGAIN) is re-run alone, following redirects;
		 * only that part moves, the others keep their replies. A policy read whose node failed is re-run on
		 * the slot's other nodes. */
		for (g = 0; g < sp.ngroups; g++) {
			zval *r = RCP_GROUP_REPLY(parts, &groups[g]);
			if (policy_read && gerr[g] && rcp_read_elsewhere(gerr[g]->code) && rcp_now_ms() < cl->cmd_deadline) {
				zval again;
				rcp_err e2 = {0};
				zval_ptr_dtor(r);
				ZVAL_UNDEF(r);
				rcp_read_moved_on(cl->cluster, gerr[g]->code);
				rcp_req req = {.argv = sp.sub_argv, .argvlen = sp.sub_lens, .nreplies = 1};
				req.argc = rcp_group_argv(&sp, &groups[g]);
				if (rcp_exec_read(cl, groups[g].primary, &req, cmd->name, &again, NULL, &e2) == RCP_OK) {
					ZVAL_COPY_VALUE(r, &again);
					gerr[g] = NULL;
				}
				map = cl->cluster->map;
				continue;
			}
			if (!gerr[g] && (parts[groups[g].part].kinds & RCP_RK_REROUTE_MASK) && rcp_is_rerouted(r)) {
				rcp_target t;
				zval again;
				rcp_req req = {.argv = sp.sub_argv, .argvlen = sp.sub_lens, .nreplies = 1};
				req.argc = rcp_group_argv(&sp, &groups[g]);
				rcp_node_target(map, groups[g].node, &t);
				t.node1 = 0; /* (no hint: the map may have changed since the batch) */
				t.read = (route->flags & RCP_RF_READ) != 0;
				t.has_slot = true;
				t.slot = groups[g].slot;
				zval_ptr_dtor(r);
				ZVAL_UNDEF(r);
				rerr = erealloc(rerr, sizeof(rcp_err) * (nrerr + 1)); /* rare: a redirected part that then failed */
				if (rcp_exec_at(cl, t, &req, cmd->name, &again, NULL, &rerr[nrerr]) == RCP_OK) {
					ZVAL_COPY_VALUE(r, &again);
				} else {
					if (!rerr[nrerr].node[0]) {
						rcp_addr_fmt(rerr[nrerr].node, sizeof(rerr[nrerr].node), t.host, t.port);
					}
					rerr_group = erealloc(rerr_group, sizeof(uint32_t) * (nrerr + 1));
					rerr_group[nrerr++] = g;
				}
				map = cl->cluster->map;
			}
		}
		for (i = 0; i < nrerr; i++) { /* rerr no longer moves */
			gerr[rerr_group[i]] = &rerr[i];
		}
		/* 5. merge. Any failed part (I/O failure or error reply) makes the whole command fail; when other
		 * parts succeeded, what they returned is kept in cl->partial for the binding's PartialFailureException */
		uint32_t io_failed = 0, err_replies = 0, first_io = UINT32_MAX, first_erep = UINT32_MAX;
		for (g = 0; g < sp.ngroups; g++) {
			if (gerr[g]) {
				io_failed++;
				if (first_io == UINT32_MAX) first_io = g;
			} else if (rcp_reply_is_error(RCP_GROUP_REPLY(parts, &groups[g]))) {
				err_replies++;
				if (first_erep == UINT32_MAX) first_erep = g;
			}
		}
		if (io_failed || err_replies) {
			if (io_failed + err_replies < sp.ngroups) {
				rcp_split_partial(cl, cmd, &sp, parts, gerr, map);
			}
			if (io_failed) {
				uint32_t affected = 0;
				*err = *gerr[first_io];
				for (g = 0; g < sp.ngroups; g++) {
					if (gerr[g]) affected += groups[g].nunits;
				}
				rcp_err_append(err, " (command %s: %u of its %d keys failed%s)", cmd->name,
					affected, nkeys, cl->partial.nkeys ? ((cmd->flags & RCP_CMD_WRITE)
						? "; the parts sent to other nodes were applied" : "; the other parts succeeded") : "");
				st = err->code;
			} else {
				rcp_node_addr(&map->nodes[groups[first_erep].node], cl->last_node, sizeof(cl->last_node));
				ZVAL_COPY(reply, RCP_GROUP_REPLY(parts, &groups[first_erep]));
			}
			goto out;
		}
	}
	if (cmd->merge == RCP_MERGE_AGG_SUM) {
		zend_long sum = 0;
		for (g = 0; g < sp.ngroups; g++) {
			sum = rcp_merge_agg(RCP_MERGE_AGG_SUM, sum, zval_get_long(RCP_GROUP_REPLY(parts, &groups[g])), false);
		}
		ZVAL_LONG(reply, sum);
	} else if (cmd->merge == RCP_MERGE_ALL_SUCCEEDED) {
		ZVAL_COPY(reply, RCP_GROUP_REPLY(parts, &groups[0]));
	} else {
		/* values in key order (MGET), moved out of the parts' replies (ours alone: no reference counting) into a
		 * packed array filled in key order, once every part's reply is known to fit: key k's value is the next one
		 * of its group (a group's units are in key order) */
		for (g = 0; g < sp.ngroups; g++) {
			zval *r = RCP_GROUP_REPLY(parts, &groups[g]);
			if (Z_TYPE_P(r) == IS_ARRAY) {
				SEPARATE_ARRAY(r); /* ours alone: no copy */
			}
			if (!rcp_group_values(r, &groups[g], &groups[g].vals)) {
				st = rcp_err_set(err, RCP_E_PROTOCOL, NULL, "%s: a node answered a part with an unexpected reply", cmd->name);
				goto out;
			}
			groups[g].taken = 0;
		}
		array_init_size(reply, (uint32_t)nkeys);
		zend_hash_real_init_packed(Z_ARRVAL_P(reply));
		ZEND_HASH_FILL_PACKED(Z_ARRVAL_P(reply)) {
			for (int k = 0; k < nkeys; k++) {
				rcp_group *gr = &groups[sp.key_group[k]];
				zval *v = &gr->vals[gr->taken++];
				ZEND_HASH_FILL_SET(v);
				ZVAL_NULL(v);
				ZEND_HASH_FILL_NEXT();
			}
		} ZEND_HASH_FILL_END();
	}
out:
	/* the merged reply is an error reply only when some part's reply was one (the parts' readers said so) */
	route->reply_kind = st == RCP_OK && trouble ? (uint8_t)rcp_reply_kind_of(reply) : RCP_RK_VALUE;
	if (batch_set) {
		rcp_nodebatch_free(&nb);
	}
	if (rerr) efree(rerr);
	if (rerr_group) efree(rerr_group);
	efree(m.mem);
	return st;
}

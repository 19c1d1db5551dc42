/*
 * route.c - a command's route, computed once (see rcp_route.h): its key positions (one pass of the key specs), each
 * key's slot and their fold, its kind; the target node from the map (rcp_route_target: the slot's owner, or the
 * one pick among the primaries), and the refusals in the order a command reports them.
 *
 * Layer: above the command table, the slot hash and the map (commands.c, slot.c, topology.c) and exec_health.c
 * (a slot no node serves asks for a refresh); below every exec_*.c file, which take the route instead of working
 * the keys out again.
 */
#include "rcp_exec_int.h"

/* ---- keys and slots ------------------------------------------------------------------------------ */

/* Room for n keys' positions and slots: the struct's own arrays, or one allocation. */
static void rcp_route_room(rcp_route *r, int n)
{
	if (n <= RCP_KEYS_STACK) {
		r->pos = r->pos_stack;
		r->kslot = r->kslot_stack;
		return;
	}
	r->mem = safe_emalloc((size_t)n, sizeof(int) + sizeof(uint16_t), 0);
	r->pos = r->mem;
	r->kslot = (uint16_t *)(r->pos + n);
}

int rcp_route_keys_spec(rcp_route *r)
{
	const rcp_cmd *cmd = r->cmd;
	char ebuf[8];
	int n;

	r->slot = -1;
	r->kind = RCP_RT_REFUSED;
	if (cmd->route == RCP_ROUTE_MULTI_SHARD && r->argc - 1 > RCP_KEYS_STACK) {
		/* MGET, DEL, MSET... of many keys: room for as many keys as arguments, one pass */
		rcp_route_room(r, r->argc);
		return r->nkeys = rcp_cmd_keys(cmd, r->argc, r->argv, r->argvlen, r->pos, r->argc, ebuf, sizeof(ebuf));
	}
	n = rcp_cmd_keys(cmd, r->argc, r->argv, r->argvlen, r->pos_stack, RCP_KEYS_STACK, ebuf, sizeof(ebuf));
	if (n > RCP_KEYS_STACK) { /* rare: a command of many keys that is not split (a transaction's, a script's) */
		rcp_route_room(r, n);
		n = rcp_cmd_keys(cmd, r->argc, r->argv, r->argvlen, r->pos, n, ebuf, sizeof(ebuf));
	}
	return r->nkeys = n;
}

void rcp_route_slots_fold(rcp_route *r)
{
	const rcp_cmd *cmd = r->cmd;
	int n = r->nkeys, slot;
	bool one = true;

	r->slot = -1;
	if (n < 0) {
		r->kind = RCP_RT_REFUSED; /* said by rcp_route_refusal(), when the command is run */
		return;
	}
	if (n == 0) {
		r->kind = cmd->route >= RCP_ROUTE_UNSUPPORTED ? RCP_RT_REFUSED
			: cmd->route == RCP_ROUTE_ALL_PRIMARIES || cmd->route == RCP_ROUTE_ALL_NODES ? RCP_RT_FANOUT : RCP_RT_ANY;
		return;
	}
	/* each key's slot, once: a split groups by them, a refusal names them, the read cache keys by them; also for a
	 * command the routed path refuses (WATCH: the transaction folds its keys' slots) */
	slot = r->kslot[0] = rcp_key_slot(r->argv[r->pos[0]], r->argvlen[r->pos[0]]);
	for (int i = 1; i < n; i++) {
		uint16_t s = r->kslot[i] = rcp_key_slot(r->argv[r->pos[i]], r->argvlen[r->pos[i]]);
		one &= s == slot;
	}
	if (cmd->route >= RCP_ROUTE_UNSUPPORTED) {
		r->kind = RCP_RT_REFUSED;
	} else if (one) {
		r->slot = slot;
		r->kind = RCP_RT_ONE_SLOT;
	} else {
		r->kind = cmd->route == RCP_ROUTE_MULTI_SHARD ? RCP_RT_SPLIT : RCP_RT_REFUSED;
	}
}

void rcp_route_build(rcp_route *r, const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen)
{
	rcp_route_keys(r, cmd, argc, argv, argvlen);
	rcp_route_slots(r);
}

/* ---- refusals --------------------------------------------------------------------------------------- */

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

void rcp_route_keys_error(const rcp_route *r, char *buf, size_t len)
{
	int scratch[RCP_KEYS_STACK];

	buf[0] = '\0';
	rcp_cmd_keys(r->cmd, r->argc, r->argv, r->argvlen, scratch, RCP_KEYS_STACK, buf, len);
}

rcp_status rcp_route_refusal(const rcp_route *r, rcp_err *err)
{
	const rcp_cmd *cmd = r->cmd;
	smart_str slots = {0};
	int shown = 0;

	if (cmd->route >= RCP_ROUTE_UNSUPPORTED) {
		return cmd->route == RCP_ROUTE_UNSUPPORTED ? rcp_cmd_unsupported(cmd, err)
			: rcp_cmd_misplaced(cmd, "on its own: its pooled connection is shared, so it would wait for whatever "
				"was last written on it", err);
	}
	if (r->nkeys < 0) {
		char ebuf[256];
		rcp_route_keys_error(r, ebuf, sizeof(ebuf));
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s", ebuf);
	}
	/* keys over several slots, for a command that cannot be cut by slot: the slots of its first keys */
	for (int j = 0; j < r->nkeys && shown < RCP_SLOTS_SHOWN; j++, shown++) {
		smart_str_appends(&slots, j ? ", " : "");
		smart_str_append_long(&slots, r->kslot[j]);
	}
	if (r->nkeys > RCP_SLOTS_SHOWN) {
		smart_str_appends(&slots, ", ...");
	}
	smart_str_0(&slots);
	rcp_err_set(err, RCP_E_CLUSTER, NULL,
		"%s: keys hash to different slots (%s); a command spanning slots cannot be sent to one node "
		"(use a {hash tag} to keep the keys in one slot)", cmd->name, slots.s ? ZSTR_VAL(slots.s) : "");
	smart_str_free(&slots);
	return RCP_E_CLUSTER;
}

/* ---- the target ------------------------------------------------------------------------------------- */

uint16_t rcp_map_any_primary(const rcp_map *map)
{
	uint16_t pick = (uint16_t)php_mt_rand_range(0, map->nprimaries ? map->nprimaries - 1 : 0), seen = 0;

	for (uint16_t k = 0; k < map->nnodes; k++) {
		if (!map->nodes[k].replica && seen++ == pick) {
			return k;
		}
	}
	return 0;
}

rcp_status rcp_slot_owner(rcp_client *cl, int slot, const char *name, uint16_t *node, rcp_err *err)
{
	uint16_t idx = cl->cluster->map->slots[slot];

	if (idx == RCP_NO_NODE) {
		rcp_want_refresh(cl->cluster);
		return rcp_err_set(err, RCP_E_CLUSTER, NULL, "%s: slot %d is not served by any node "
			"(CLUSTERDOWN: the cluster does not cover all slots)", name, slot);
	}
	*node = idx;
	return RCP_OK;
}

rcp_status rcp_route_target(rcp_client *cl, rcp_route *r, rcp_err *err)
{
	if (r->kind == RCP_RT_ONE_SLOT) {
		return rcp_slot_owner(cl, r->slot, r->cmd->name, &r->node, err);
	}
	r->node = rcp_map_any_primary(cl->cluster->map);
	return RCP_OK;
}

void rcp_node_target(const rcp_map *map, uint16_t idx, rcp_target *t)
{
	const rcp_node *n = &map->nodes[idx];

	memcpy(t->host, n->host, strlen(n->host) + 1);
	t->port = n->port;
	t->ro = n->replica != 0;
	t->read = false;
	t->has_slot = false;
	t->slot = 0;
	t->node1 = (uint16_t)(idx + 1);
}

void rcp_route_to_target(const rcp_map *map, const rcp_route *r, rcp_target *t)
{
	rcp_node_target(map, r->node, t);
	t->ro = false;
	t->read = (r->flags & RCP_RF_READ) != 0;
	t->has_slot = r->kind == RCP_RT_ONE_SLOT;
	t->slot = r->kind == RCP_RT_ONE_SLOT ? (uint16_t)r->slot : 0;
}

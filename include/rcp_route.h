/*
 * rcp_route.h - what one command is and where it goes, decided once (src/core/route.c): its table entry, its key
 * positions, each key's slot and the fold of them, the kind of route, then (once the map is known) its target node.
 * The binding fills it where it hands the command to the core, after the key prefix (rcp_route_keys(), the prefix,
 * rcp_route_slots()); the core carries it down: rcp_exec(), the split, pipelines (rcp_pipe_cmd.route), transactions,
 * the session handler. Nothing below computes a key position or a key's slot again.
 *
 * The read cache (issue 23, docs/CACHE.md) hooks in on the route, at named places (rcp_route_hooks below): the lookup
 * before anything is sent, the fill after a value came back, the invalidation after a write's reply, the slot bump
 * when a MOVED patches the map or a new map arrives. The route carries the fill ticket between the lookup and the
 * fill.
 *
 * Memory: the struct lives on the caller's stack (or in a pipeline's command array); more than RCP_KEYS_STACK keys
 * take one request-memory allocation, which rcp_route_free() releases. Core code: no zval, no exception.
 */
#ifndef RCP_ROUTE_H
#define RCP_ROUTE_H

#include "php.h"
#include "rcp_commands.h"
#include "rcp_err.h"
#include "rcp_slot.h"
#include "rcp_cache.h"

/* The kind of a route (rcp_route.kind), decided by rcp_route_slots(). */
typedef enum {
	RCP_RT_ONE_SLOT = 0,  /* keys, all in one slot: r->slot */
	RCP_RT_ANY,           /* no key, a command for any primary (one pick per operation: rcp_route_target) */
	RCP_RT_FANOUT,        /* no key, every primary or every node (rule ALL_PRIMARIES / ALL_NODES) */
	RCP_RT_SPLIT,         /* keys of several slots, a MULTI_SHARD command: cut by slot (r->kslot) */
	RCP_RT_REFUSED,       /* cannot be sent as it is: rcp_route_refusal() says why (reported where the caller
	                         reports it today: a single command at once, a pipelined one when it runs alone, a
	                         transaction's before anything is sent) */
} rcp_route_kind;

/* rcp_route.flags (the first three are the command table's own bits: copied with one mask) */
#define RCP_RF_WRITE       RCP_CMD_WRITE     /* the command writes: the read cache drops its keys after it */
#define RCP_RF_READ        RCP_CMD_READONLY  /* read-only: safe to send again after its connection reset */
#define RCP_RF_NOSCRIPT    RCP_CMD_NOSCRIPT  /* the scripting family: EVAL bodies noted, NOSCRIPT fallback */
#define RCP_RF_FROM_CMD    (RCP_RF_WRITE | RCP_RF_READ | RCP_RF_NOSCRIPT)
#define RCP_RF_CACHEABLE   0x80              /* the read cache looked it up and its reply may be stored (issue 23: set
                                                by rcp_cache_at_lookup() on a miss with a fillable ticket) */
#define RCP_RF_UNTRACKED   0x40              /* ... as an untracked (ttl-only) entry: its node refuses tracking */
#define RCP_RF_NOCACHE     0x20              /* not looked up (the misses of an MGET the cache answered in part) */


typedef struct rcp_route {
	const rcp_cmd *cmd;              /* the checked table entry */
	int argc;                        /* argv[0] is the command name (as sent: after the prefix) */
	const char *const *argv;
	const size_t *argvlen;
	int nkeys;                       /* -1: the arguments contradict the key specs (rcp_route_refusal says how) */
	int *pos;                        /* the keys' positions in argv, ascending (pos_stack, or the allocation) */
	uint16_t *kslot;                 /* each key's slot, in pos's order (after rcp_route_slots) */
	int slot;                        /* RCP_RT_ONE_SLOT: the keys' slot; -1 otherwise */
	uint8_t kind;                    /* rcp_route_kind */
	uint8_t flags;                   /* RCP_RF_* */
	uint8_t reply_kind;              /* after the exchange: rcp_reply_kind of the reply, as the reader recorded it
	                                    (an error reply or not: counting, throwing, NOSCRIPT, the cache's fill) */
	uint16_t node;                   /* after rcp_route_target: the target's index in the map (the slot's primary,
	                                    or the one pick of an ANY command) */
	rcp_cache_ticket ticket;         /* the read cache's fill ticket (issue 23), valid with RCP_RF_CACHEABLE */
	void *mem;                       /* pos and kslot when there are more than RCP_KEYS_STACK keys, else NULL */
	int pos_stack[RCP_KEYS_STACK];
	uint16_t kslot_stack[RCP_KEYS_STACK];
} rcp_route;

/* The general search of rcp_route_keys() and the fold of rcp_route_slots() (route.c); the inline fronts below take the
 * common case (one key, argv[1]) without a call. */
int rcp_route_keys_spec(rcp_route *r);
void rcp_route_slots_fold(rcp_route *r);

/* Whether cmd's one key is always argv[1] (GET, SET, INCR, HGET, ...: one key spec, at index 1, no more keys): what
 * rcp_cmd_keys() would find, without its general search. */
static zend_always_inline bool rcp_cmd_first_key_only(const rcp_cmd *cmd)
{
	const rcp_key_spec *sp = cmd->specs;

	return cmd->nspecs == 1 && sp->bs_type == RCP_BS_INDEX && sp->bs_a == 1 && sp->fk_type == RCP_FK_RANGE &&
		sp->fk_a == 0 && sp->fk_b > 0 && !(cmd->flags & (RCP_CMD_HAS_SUBCMDS | RCP_CMD_GETKEYS)) &&
		!(cmd->name[0] == 'S' && (!strcmp(cmd->name, "SORT") || !strcmp(cmd->name, "SORT_RO")));
}

/*
 * The keys of argv for cmd, found once (one pass of the key specs; a command whose keys only the server can tell,
 * RCP_CMD_GETKEYS, must have its call shape known first: rcp_shape_known). Returns r->nkeys: -1 when argv
 * contradicts the specs (numkeys not a number...). argv is referenced, not copied: it must outlive the route;
 * the binding may still rewrite the key arguments in place (the prefix) before rcp_route_slots().
 */
static zend_always_inline int rcp_route_keys(rcp_route *r, const rcp_cmd *cmd, int argc, const char *const *argv,
                                             const size_t *argvlen)
{
	r->cmd = cmd;
	r->argc = argc;
	r->argv = argv;
	r->argvlen = argvlen;
	r->mem = NULL;
	r->pos = r->pos_stack;
	r->kslot = r->kslot_stack;
	r->flags = (uint8_t)(cmd->flags & RCP_RF_FROM_CMD);
	r->reply_kind = 0;
	if (argc > 1 && rcp_cmd_first_key_only(cmd)) {
		r->pos_stack[0] = 1;
		return r->nkeys = 1;
	}
	return rcp_route_keys_spec(r);
}

/* Each key's slot (once per key), their fold and the route's kind (r->slot, r->kind). Call after the keys' bytes
 * are final. */
static zend_always_inline void rcp_route_slots(rcp_route *r)
{
	if (r->nkeys == 1 && r->cmd->route < RCP_ROUTE_UNSUPPORTED) {
		r->slot = r->kslot[0] = rcp_key_slot(r->argv[r->pos[0]], r->argvlen[r->pos[0]]);
		r->kind = RCP_RT_ONE_SLOT;
		return;
	}
	rcp_route_slots_fold(r);
}

/* rcp_route_keys() + rcp_route_slots(): the route of a command the core or the binding built itself (the session
 * handler, COMMAND GETKEYS, a transaction's WATCH, rawPipeline()). */
void rcp_route_build(rcp_route *r, const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen);

/* Why a route is refused (kind RCP_RT_REFUSED, or a command that cannot run through the pool: an unsupported or
 * misplaced one), in the order a single command reports it: the command itself, then its arguments against the
 * key specs, then keys over several slots. Fills err and returns its code. */
rcp_status rcp_route_refusal(const rcp_route *r, rcp_err *err);

/* The key-spec error alone (r->nkeys < 0), for the binding's prefix step: into buf. */
void rcp_route_keys_error(const rcp_route *r, char *buf, size_t len);

/* Release what the route allocated (more than RCP_KEYS_STACK keys). Safe on any filled route. */
static zend_always_inline void rcp_route_free(rcp_route *r)
{
	if (r->mem) {
		efree(r->mem);
		r->mem = NULL;
	}
}

#endif

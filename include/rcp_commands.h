/*
 * rcp_commands.h - the command table: for every Redis 8.0 and Valkey 8.1 command (and subcommand), where its keys are,
 * whether it writes, and how a keyless command is routed and its per-node replies merged.
 *
 * The table (src/core/commands_table.h) is generated from the server's own COMMAND output by
 * tools/gen_commands.php; regenerate it for a newer Redis with `php tools/gen_commands.php`.
 * Key positions come from Redis 7 "key specifications" (begin_search + find_keys), interpreted
 * generically by rcp_cmd_keys(), so movable-key commands (EVAL numkeys, XREAD STREAMS, SORT STORE,
 * MIGRATE KEYS, ZUNIONSTORE numkeys, ...) need no hand-written code.
 *
 * Pure C: no zvals, no allocation, no I/O.
 */
#ifndef RCP_COMMANDS_H
#define RCP_COMMANDS_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* begin_search types */
#define RCP_BS_UNKNOWN 0
#define RCP_BS_INDEX   1   /* bs_a = position (argv[0] is the command name) */
#define RCP_BS_KEYWORD 2   /* bs_kw = keyword, bs_a = startfrom (negative: search backwards from the end) */

/* find_keys types */
#define RCP_FK_UNKNOWN 0
#define RCP_FK_RANGE   1   /* fk_a = lastkey (relative, -1 = last arg), fk_b = keystep, fk_c = limit */
#define RCP_FK_KEYNUM  2   /* fk_a = keynumidx, fk_b = firstkey, fk_c = keystep (all relative) */

/* key spec flags (subset of Redis' that we use) */
#define RCP_KS_RO          (1u << 0)
#define RCP_KS_RW          (1u << 1)
#define RCP_KS_OW          (1u << 2)
#define RCP_KS_RM          (1u << 3)
#define RCP_KS_INCOMPLETE  (1u << 4)
#define RCP_KS_VARIABLE    (1u << 5)  /* VARIABLE_FLAGS */

typedef struct {
	uint8_t  bs_type;
	int16_t  bs_a;
	const char *bs_kw;       /* upper case, or NULL */
	uint8_t  fk_type;
	int16_t  fk_a, fk_b, fk_c;
	uint16_t flags;          /* RCP_KS_* */
} rcp_key_spec;

/* command flags */
#define RCP_CMD_WRITE        (1u << 0)
#define RCP_CMD_READONLY     (1u << 1)
#define RCP_CMD_ADMIN        (1u << 2)
#define RCP_CMD_PUBSUB       (1u << 3)
#define RCP_CMD_NOSCRIPT     (1u << 4)
#define RCP_CMD_BLOCKING     (1u << 5)
#define RCP_CMD_MOVABLEKEYS  (1u << 6)
#define RCP_CMD_NO_MULTI     (1u << 7)
#define RCP_CMD_FAST         (1u << 8)
#define RCP_CMD_HAS_SUBCMDS  (1u << 9)   /* a container (CLUSTER, CONFIG, ...): look up "NAME|SUB" */
#define RCP_CMD_GETKEYS      (1u << 10)  /* movable keys no key spec describes (a module's getkeys-api): the
                                          * server tells them (COMMAND GETKEYS), cached per call shape */
#define RCP_CMD_LEARNED      (1u << 11)  /* the entry comes from the server's COMMAND, not the built-in table */
#define RCP_CMD_CACHE_ONE    (1u << 12)  /* a read of one key the read cache may answer (GET, HGET...: issue 23) */
#define RCP_CMD_CACHE_MGET   (1u << 13)  /* MGET: answered key by key by the read cache, only the misses sent */
#define RCP_CMD_CACHE_READS  (RCP_CMD_CACHE_ONE | RCP_CMD_CACHE_MGET)  /* ours, never the server's: a learned
                                          * table's entry takes them from the built-in one (rcp_cmdtab_load) */

/* How a command with no key is routed (request_policy tips of Redis 7, plus our overrides). */
typedef enum {
	RCP_ROUTE_KEYED = 0,       /* has keys: to the node owning their slot */
	RCP_ROUTE_ANY,             /* keyless: any node (a random primary) */
	RCP_ROUTE_ALL_PRIMARIES,   /* every primary, replies merged by `merge` */
	RCP_ROUTE_ALL_NODES,       /* every node incl. replicas, replies merged by `merge` */
	RCP_ROUTE_MULTI_SHARD,     /* keyed, splittable per slot/node (MGET, MSET, DEL, ...) */
	RCP_ROUTE_UNSUPPORTED,     /* cannot work through a pool (SUBSCRIBE, MONITOR, SELECT, ...) */
	RCP_ROUTE_AFTER_WRITE,     /* WAIT, WAITAOF: only after a write, in a pipeline or a transaction, to its node */
} rcp_route_rule;

/* How per-node replies of a fanned-out command are merged (response_policy tips). */
typedef enum {
	RCP_MERGE_NONE = 0,        /* not fanned out */
	RCP_MERGE_ALL_SUCCEEDED,   /* all OK -> the (one) reply, else the first error */
	RCP_MERGE_ONE_SUCCEEDED,   /* first non-error reply */
	RCP_MERGE_AGG_SUM,         /* integers added */
	RCP_MERGE_AGG_MIN,
	RCP_MERGE_AGG_MAX,
	RCP_MERGE_AGG_LOGICAL_AND, /* arrays of 0/1 combined element-wise */
	RCP_MERGE_AGG_LOGICAL_OR,
	RCP_MERGE_CONCAT,          /* arrays concatenated (KEYS) */
	RCP_MERGE_PER_NODE,        /* ['host:port' => reply, ...] (special / no tip) */
} rcp_merge;

typedef struct {
	const char *name;          /* upper case: "GET", "CLUSTER|INFO" */
	int16_t  arity;            /* Redis arity: >0 exact argc, <0 at least -arity (argc includes the name) */
	uint16_t flags;            /* RCP_CMD_* */
	uint8_t  route;            /* rcp_route_rule */
	uint8_t  merge;            /* rcp_merge */
	uint8_t  nspecs;
	const rcp_key_spec *specs;
} rcp_cmd;

/* All commands, sorted by name (strcmp), and their count. */
extern const rcp_cmd rcp_cmd_table[];
extern const size_t rcp_cmd_count;

/*
 * A command table learned from a server's COMMAND reply (src/core/cmdlearn.c builds its packed form, kept in the
 * shared segment beside the slot map; rcp_cmdtab_load() makes a process' copy). Lookups in a learned table
 * fall back to the built-in table for a name the server did not list.
 */
typedef struct rcp_cmdtab rcp_cmdtab;

/* A process-local table from a packed blob (validated: NULL when malformed). Persistent memory. */
rcp_cmdtab *rcp_cmdtab_load(const void *blob, size_t len);
void rcp_cmdtab_free(rcp_cmdtab *t);
size_t rcp_cmdtab_count(const rcp_cmdtab *t);
size_t rcp_cmdtab_bytes(const rcp_cmdtab *t);   /* size of its packed form (in the shared segment) */
/* A number no other table of this process had (a later table may reuse an older one's address); 0 for NULL,
 * the built-in table. Caches of lookups keep it to know which table they answered from. */
uint64_t rcp_cmdtab_serial(const rcp_cmdtab *t);

/* The built-in table's entry for an upper-case full name ("GET", "CLIENT|LIST"), or NULL. */
const rcp_cmd *rcp_cmd_builtin(const char *upper);

/*
 * Find a command by name, case-insensitively. For a container command (RCP_CMD_HAS_SUBCMDS) pass its
 * subcommand in sub/sublen to get the "NAME|SUB" entry; when sub is NULL or unknown the container
 * itself is returned. Returns NULL for an unknown command.
 */
const rcp_cmd *rcp_cmd_lookup(const char *name, size_t len, const char *sub, size_t sublen);

/* The same in a learned table (t NULL: the built-in table only). */
const rcp_cmd *rcp_cmdtab_lookup(const rcp_cmdtab *t, const char *name, size_t len, const char *sub, size_t sublen);

/*
 * Key positions of RCP_CMD_GETKEYS commands, told by the server: rcp_shape_note() remembers them for the
 * call's shape (the command, its argument count and every argument that is not a key: calls that differ only
 * in their keys share a shape); rcp_cmd_keys() then answers from that memory, and fails with a message when
 * the shape was never resolved (or was forgotten: the memory keeps the last RCP_SHAPES_MAX shapes).
 */
#define RCP_SHAPES_MAX 1024
void rcp_shape_note(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen, const int *pos,
                    int n);
bool rcp_shape_known(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen);
void rcp_shapes_free(void);

/*
 * Find the positions of the keys in argv (argv[0] is the command name, argv[1] the subcommand for a
 * container) by interpreting cmd's key specs. Writes at most maxpos positions (ascending, no duplicates)
 * into pos and returns how many keys there are (may exceed maxpos: call again with a bigger buffer),
 * or -1 when argv contradicts the specs (e.g. numkeys not a number, or larger than the arguments); then
 * errbuf holds a message such as "EVAL: numkeys is not an integer or out of range".
 */
int rcp_cmd_keys(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                 int *pos, int maxpos, char *errbuf, size_t errlen);

/* Keys a route keeps without an allocation (rcp_route.h): every command of one key, MGET of up to 16... */
#define RCP_KEYS_STACK 16

/* Check argc against cmd->arity. Returns 1 when acceptable. */
int rcp_cmd_arity_ok(const rcp_cmd *cmd, int argc);

#endif

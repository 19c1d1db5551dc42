/*
 * rcp_predis.h - Predis v3 compatibility: argument filters and reply parsers of Predis' command classes,
 * ported to C (src/predis/, table.c at the top). See docs/PREDIS_COMPAT.md for the list of commands and the
 * intentional differences.
 *
 * Resolve once, then use: rcp_predis_lookup() turns a method name into an rcp_predis_cmd (one hash lookup)
 * that says everything the binding needs to know about the call at the Predis level — the command ID to
 * send, the built-in command table's entry for it, whether Predis rewrites the arguments, whether it
 * reshapes the reply and what that parser reads, and whether the name is a transaction verb. The binding
 * resolves a call once and carries the result down; rcp_predis_filter() and rcp_predis_parse() then cost
 * nothing for a command that has no filter / no parser. rcp_predis_args(), rcp_predis_reply() and
 * rcp_predis_command_id() are the older name-based entry points, kept as thin wrappers over the same table.
 */
#ifndef RCP_PREDIS_H
#define RCP_PREDIS_H

#include "php.h"
#include "rcp_commands.h"

/* One row of the private filter or parser table (src/predis/table.c): opaque, test it against NULL. */
typedef struct rcp_pd_row rcp_pd_row;

/* The transaction verbs the pool's __call() handles itself (MULTI / EXEC / DISCARD / WATCH / UNWATCH). */
typedef enum {
	RCP_PREDIS_TX_NONE = 0,
	RCP_PREDIS_TX_MULTI,
	RCP_PREDIS_TX_EXEC,
	RCP_PREDIS_TX_DISCARD,
	RCP_PREDIS_TX_WATCH,
	RCP_PREDIS_TX_UNWATCH
} rcp_predis_tx;

/*
 * What a method name resolves to. Static storage (built in MINIT, persistent, read-only afterwards): keep
 * the pointer for as long as the request runs, never free it.
 *
 * id/idlen  Predis' command ID, upper case, NUL-terminated, static: what Predis sends as the command name
 *           ("GET"; "XREAD" for xread_v4, "XREADGROUP" for xreadgroup_claim).
 * builtin   The built-in command table's entry for id (rcp_cmd_builtin(); for a container such as CLIENT
 *           the container: its subcommand is an argument), or NULL when the built-in table does not know
 *           the command (a command Predis 3.7 knows and Redis 8.0 does not, e.g. HOTKEYS). A cluster with a
 *           learned table (rcp_cmdtab_lookup()) may know it, or know it differently: look it up there when
 *           the cluster has one. rcp_predis_command_id() sends id only when builtin is set, the method
 *           name as called otherwise: do the same to keep its behaviour.
 * filter    NULL: Predis sends the arguments as given (rcp_predis_filter() shares them, refcount + 1).
 * parser    NULL: Predis returns the reply as it is (rcp_predis_parse() does nothing): do not build
 *           anything for it.
 * parser_reads_args   The parser looks at the arguments as sent: pass them to rcp_predis_parse(). When
 *           false, the parser never reads them: pass NULL and build nothing.
 * parser_reads_given  The parser looks at the caller's own arguments (VGETATTR's $asJson, VLINKS'
 *           $withScores: flags that change nothing on the wire): keep them until the reply is parsed and
 *           pass them. When false, pass NULL (or anything: it is never read).
 * tx        rcp_predis_tx: a transaction verb, or RCP_PREDIS_TX_NONE.
 *
 * Both flags are exact, audited per parser (see the parser table): a parser flagged false is called
 * with NULL by every entry point here, the older rcp_predis_reply() included, so the reply corpus
 * (tests/compat) would crash on a false flag rather than pass.
 */
typedef struct rcp_predis_cmd {
	const char *id;
	size_t idlen;
	const rcp_cmd *builtin;
	const rcp_pd_row *filter;
	const rcp_pd_row *parser;
	bool parser_reads_args;
	bool parser_reads_given;
	uint8_t tx;
} rcp_predis_cmd;

/*
 * Resolve a method name: lcname/len in lower case ("mget", "xread_v4"; not NUL-terminated). One hash
 * lookup, no allocation. Knows every top-level command of the built-in table and every method of the
 * Predis table; NULL for any other name (a command only a learned table knows, a typo): then no filter,
 * no parser, not a transaction verb, and the name is sent as called.
 */
const rcp_predis_cmd *rcp_predis_lookup(const char *lcname, size_t len);

/* The same for a name in any case (folded to lower case on the stack; no allocation). */
const rcp_predis_cmd *rcp_predis_lookup_ci(const char *name, size_t len);

/*
 * The command name to send for a call made as name/len (any case) and resolved to c (NULL allowed):
 * Predis' ID when the built-in command table knows the command, else the name as called — the rule of
 * rcp_predis_command_id(). Static storage or the caller's own name: nothing to free.
 */
static zend_always_inline const char *rcp_predis_send_name(const rcp_predis_cmd *c, const char *name, size_t len,
	size_t *outlen)
{
	if (c && c->builtin) {
		*outlen = c->idlen;
		return c->id;
	}
	*outlen = len;
	return name;
}

/*
 * Rewrite the PHP-level arguments of a command method call into Redis' flat argument list, exactly as
 * Predis v3's command class does in setArguments() (normalizeArguments, normalizeVariadic and the
 * per-command filters and traits).
 *
 * c:   the call's resolution, or NULL (no filter).
 * in:  the call's arguments (as __call receives them).
 * out: receives a NEW array (the caller owns it and releases it with zval_ptr_dtor) holding the Redis
 *      arguments AFTER the command name, in iteration order. Values are still PHP values (string, int,
 *      float, bool, null; objects with __toString are possible): the caller stringifies them. A nested
 *      array left in out means Predis would have sent it as "Array": the caller reports it as an error.
 *      Without a filter out shares `in` (refcount + 1; an immutable array is duplicated): costs nothing.
 * Returns SUCCESS, or FAILURE after throwing (RedisClusterPool\InvalidArgumentException through
 * rcp_throw(), or an exception thrown by a Predis argument object's toArray()); out is then UNDEF.
 */
zend_result rcp_predis_filter(const rcp_predis_cmd *c, HashTable *in, zval *out);

/*
 * Convert a raw reply into Predis v3's shape for the command, in place, as the command's parseResponse()
 * does. c: the call's resolution, or NULL (nothing to do). args: the final Redis arguments after the
 * command name (as sent: strings, after the key prefix), required when c->parser_reads_args, else
 * ignored (pass NULL). given: the caller's own arguments (what rcp_predis_filter() received), or NULL when
 * unknown; only read when c->parser_reads_given — without them VGETATTR and VLINKS decide from the sent
 * arguments alone. Objects (Status and Error replies) are left untouched, as Predis skips parseResponse()
 * for them. A reply whose shape Predis' parser could not handle without a PHP warning or error is left as
 * it is.
 */
void rcp_predis_parse(const rcp_predis_cmd *c, HashTable *args, HashTable *given, zval *reply);

/* ---- name-based wrappers (one rcp_predis_lookup() each) ------------------------------------------ */

/* rcp_predis_filter(rcp_predis_lookup(lcname, len), in, out) */
zend_result rcp_predis_args(const char *lcname, size_t len, HashTable *in, zval *out);

/* rcp_predis_parse(rcp_predis_lookup(lcname, len), args, given, reply) (args may be NULL when the parser
 * does not read them, see rcp_predis_cmd) */
void rcp_predis_reply(const char *lcname, size_t len, HashTable *args, HashTable *given, zval *reply);

/*
 * The Redis command name to send for a method, as Predis sends it: its command ID, upper case (xread_v4 ->
 * "XREAD", xreadgroup_claim -> "XREADGROUP", get -> "GET": the command table's canonical name; static
 * storage). NULL for a name the built-in command table does not know (then the method name is sent as
 * called). *idlen receives the length.
 */
const char *rcp_predis_command_id(const char *lcname, size_t len, size_t *idlen);

/* Build / free the method-name -> rcp_predis_cmd table (MINIT / MSHUTDOWN). */
void rcp_predis_minit(void);
void rcp_predis_mshutdown(void);

#endif

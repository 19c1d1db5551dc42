/*
 * rcp_predis.h - Predis v3 compatibility: argument filters and reply parsers of Predis' command classes,
 * ported to C (src/predis_compat.c). See docs/PREDIS_COMPAT.md for the list of commands and the
 * intentional differences.
 */
#ifndef RCP_PREDIS_H
#define RCP_PREDIS_H

#include "php.h"

/*
 * Rewrite the PHP-level arguments of a command method call into Redis' flat argument list, exactly as
 * Predis v3's command class does in setArguments() (normalizeArguments, normalizeVariadic and the
 * per-command filters and traits).
 *
 * lcname/len: the method name in lower case, as called ("mget", "zrangebyscore"); not NUL-terminated.
 * in:  the call's arguments (as __call receives them).
 * out: receives a NEW array (the caller owns it and releases it with zval_ptr_dtor) holding the Redis
 *      arguments AFTER the command name, in iteration order. Values are still PHP values (string, int,
 *      float, bool, null; objects with __toString are possible): the caller stringifies them. A nested
 *      array left in out means Predis would have sent it as "Array": the caller reports it as an error.
 *      For a command without a filter, out shares `in` (refcount + 1): costs nothing.
 * Returns SUCCESS, or FAILURE after throwing (RedisClusterPool\InvalidArgumentException through
 * rcp_throw(), or an exception thrown by a Predis argument object's toArray()); out is then UNDEF.
 */
zend_result rcp_predis_args(const char *lcname, size_t len, HashTable *in, zval *out);

/*
 * Convert a raw reply into Predis v3's shape for the command, in place, as the command's parseResponse()
 * does. args: the final Redis arguments after the command name (as sent; strings). given: the caller's
 * own arguments (what rcp_predis_args() received), or NULL when unknown: a few Predis parsers depend on a
 * flag of the call that changes nothing on the wire (VGETATTR's $asJson, VLINKS' $withScores = false);
 * without them these parsers decide from the sent arguments alone. Objects (Status and Error replies)
 * are left untouched, as Predis skips parseResponse() for them. A reply whose shape Predis' parser could
 * not handle without a PHP warning or error is left as it is.
 */
void rcp_predis_reply(const char *lcname, size_t len, HashTable *args, HashTable *given, zval *reply);

/*
 * The Redis command name to send for a method, as Predis sends it: its command ID, upper case (xread_v4 ->
 * "XREAD", xreadgroup_claim -> "XREADGROUP", get -> "GET": the command table's canonical name; static
 * storage). NULL for a name the command table does not know (then the method name is sent as called).
 * *idlen receives the length.
 */
const char *rcp_predis_command_id(const char *lcname, size_t len, size_t *idlen);

/* Build / free the method-name -> handler table (MINIT / MSHUTDOWN). */
void rcp_predis_minit(void);
void rcp_predis_mshutdown(void);

#endif

/*
 * rcp_exceptions.h - the extension's exception hierarchy and the one place that raises them (src/binding/errors.c).
 *
 *   RedisClusterPool\Exception                (base of everything this extension throws, extends \Exception)
 *     +- RedisClusterPool\InvalidArgumentException   bad seeds, options or command arguments
 *     +- RedisClusterPool\ServerException            an error reply (getErrorType(): "WRONGTYPE", "ERR", ...)
 *     +- RedisClusterPool\ClusterException           cross-slot, uncovered slot, too many redirects, no topology
 *     |    +- RedisClusterPool\PartialFailureException   a split command failed on some nodes only
 *     +- RedisClusterPool\MemoryLimitException       a reply would not fit in memory_limit (getNode())
 *     +- RedisClusterPool\ConnectionException        I/O with a node failed (getNode(): "host:port")
 *          +- RedisClusterPool\TimeoutException      ... because a deadline passed
 *          +- RedisClusterPool\ProtocolException     ... because the node sent bytes that are not RESP
 *          +- RedisClusterPool\AuthenticationException  ... because AUTH or a setup command was refused
 *                                                    (getErrorType(): "WRONGPASS", "NOPERM", ...)
 *
 * Core code (slot, commands, topology, io) never throws: it returns an rcp_status and fills an rcp_err
 * (include/rcp_err.h). Only the PHP binding turns those into exceptions, through rcp_throw*(). Messages never contain
 * argument values that may be secret (passwords, values); they may name commands, nodes, slots and keys'
 * slots. The rule for what a user gave: a message repeats a value only when it is a PHP int or float, or a
 * name the extension itself defines (an option's, a command's); never a string the user gave, whatever it
 * holds (an unknown option name, a port, a seed that does not parse: each may be a password put in the wrong
 * place), except what is configuration by nature and needed to act on the message: the host of a seed that
 * parsed, a node address ("host:port"), the name of a command as called ("Unknown command 'hgetal'"), and the
 * file paths and cipher list of TLS settings. What is wrong is said by position ("option #3", "argument 2") and
 * by type ("string given"). An error reply that repeats an argument in a position that may hold a password names
 * it by position (rcp_scrub_reply(), rcp_binding.h).
 */
#ifndef RCP_EXCEPTIONS_H
#define RCP_EXCEPTIONS_H

#include "php.h"
#include "rcp_err.h"

extern zend_class_entry *rcp_ce_exception;
extern zend_class_entry *rcp_ce_invalid_argument;
extern zend_class_entry *rcp_ce_server;
extern zend_class_entry *rcp_ce_cluster;
extern zend_class_entry *rcp_ce_partial;
extern zend_class_entry *rcp_ce_connection;
extern zend_class_entry *rcp_ce_timeout;
extern zend_class_entry *rcp_ce_protocol;
extern zend_class_entry *rcp_ce_auth;
extern zend_class_entry *rcp_ce_memory;

/*
 * An unknown name in an array of options (the constructor's options, "parameters", "parameters.ssl", a seed array,
 * transaction()'s options): "<what> #<pos>[, did you mean "<known name>"?] (...); known: <known...>". The name
 * itself is never repeated (it may be a password put where a name goes); it is named by its position in the
 * array (1-based) and, when within two edits of one, by the known name it resembles. known: NULL-terminated.
 */
rcp_status rcp_err_unknown_key(rcp_err *err, const char *what, uint32_t pos, const char *key, size_t keylen,
                               const char *const *known);
void rcp_throw_unknown_key(const char *what, uint32_t pos, zend_string *key, const char *const *known);

/* Throw the exception matching err->code with err's message (and node property). */
void rcp_throw_err(const rcp_err *err);

/*
 * Throw PartialFailureException for p, the one place it is made: its message is err's when an I/O failure ended
 * the command (err: that failure, with its context), else (err NULL: some parts answered with an error reply)
 * "<cmd>: node <node> answered <error> (command <cmd>: <n> of its <m> keys failed; ...)" from the first failing
 * node; failures, succeededKeys and results from p, keys without their first prefix_len bytes (the "prefix"
 * option); its previous exception is the one the first failure alone would have raised.
 */
void rcp_throw_partial(const rcp_partial *p, const rcp_err *err, const char *cmd_name, bool write, size_t prefix_len);

/* Throw an exception of class ce with a printf-style message. */
void rcp_throw(zend_class_entry *ce, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

/* The server's error type of an error message ("WRONGTYPE", "ERR", ...): RedisClusterPool\Error::getErrorType(). */
zend_string *rcp_error_type_of(zend_string *msg);

#endif

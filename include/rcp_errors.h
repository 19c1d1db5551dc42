/*
 * rcp_errors.h - the extension's exception hierarchy and the one place that raises them.
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
 * Core code (slot, commands, topology, io) never throws: it returns an rcp_status and fills an rcp_err.
 * Only the PHP binding turns those into exceptions, through rcp_throw*(). Messages never contain
 * argument values that may be secret (passwords, values); they may name commands, nodes, slots and keys'
 * slots.
 */
#ifndef RCP_ERRORS_H
#define RCP_ERRORS_H

#include "php.h"

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

/* Error kinds filled in by core code; each maps to one exception class. */
typedef enum {
	RCP_OK = 0,
	RCP_E_ARGUMENT,    /* -> InvalidArgumentException */
	RCP_E_SERVER,      /* -> ServerException */
	RCP_E_CLUSTER,     /* -> ClusterException */
	RCP_E_CONNECTION,  /* -> ConnectionException */
	RCP_E_TIMEOUT,     /* -> TimeoutException */
	RCP_E_PROTOCOL,    /* -> ProtocolException */
	RCP_E_AUTH,        /* -> AuthenticationException (etype: the server's error type) */
	RCP_E_MEMORY,      /* -> MemoryLimitException */
} rcp_status;

#define RCP_ERRSTR_MAX 512

/* An error context, like hiredis' redisContext err/errstr: filled once, read by the binding. */
typedef struct {
	rcp_status code;
	char node[280];          /* "host:port" when a node is involved, else "" */
	char etype[16];          /* RCP_E_AUTH: the server's error type ("WRONGPASS", "NOPERM"), else "" */
	char msg[RCP_ERRSTR_MAX];
	zend_string **full;      /* when the message is longer than msg (which then holds its start): the slot
	                            holding the whole message, owned by whoever called rcp_err_set_long(); else NULL */
} rcp_err;

/* Fill an error context (printf-style). Returns code, so callers can `return rcp_err_set(...)`. */
rcp_status rcp_err_set(rcp_err *err, rcp_status code, const char *node, const char *fmt, ...)
	ZEND_ATTRIBUTE_FORMAT(printf, 4, 5);

/* The same for a message of any length (e.g. every node tried): when it does not fit in msg, the whole
 * message goes to *owner (request memory, replacing what was there; the caller frees it with
 * zend_string_release when it is done with err) and err->full points to that slot. */
rcp_status rcp_err_set_long(rcp_err *err, zend_string **owner, rcp_status code, const char *node, const char *fmt, ...)
	ZEND_ATTRIBUTE_FORMAT(printf, 5, 6);

/* Append " (...)" context to err's message (printf-style), to msg and to the whole message alike. */
void rcp_err_append(rcp_err *err, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

/* Throw the exception matching err->code with err's message (and node property). */
void rcp_throw_err(const rcp_err *err);

/*
 * A split command failed on some nodes only (partial: rcp_client.partial, see rcp_exec.h). Throws
 * PartialFailureException with message msg, carrying the results and keys (prefix_len bytes of key prefix
 * removed), whose previous exception is the one the first failure alone would have raised.
 */
void rcp_throw_partial(const char *msg, zval *partial, size_t prefix_len);

/* Throw an exception of class ce with a printf-style message. */
void rcp_throw(zend_class_entry *ce, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

/* Register the exception classes (MINIT). */
void rcp_errors_minit(void);

#endif

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
 * slots. The rule for what a user gave: a message repeats a value only when it is a PHP int or float, or a
 * name the extension itself defines (an option's, a command's); never a string the user gave, whatever it
 * holds (an unknown option name, a port, a seed that does not parse: each may be a password put in the wrong
 * place), except what is configuration by nature and needed to act on the message: the host of a seed that
 * parsed, a node address ("host:port"), the name of a command as called ("Unknown command 'hgetal'"), and the
 * file paths and cipher list of TLS settings. What is wrong is said by position ("option #3", "argument 2") and
 * by type ("string given"). An error reply that repeats an argument in a position that may hold a password names
 * it by position (rcp_scrub_reply(), rcp_binding.h).
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
#define RCP_ERR_NODE_MAX 280     /* "host:port" with its NUL (RCP_ADDR_MAX) */

/* An error context, like hiredis' redisContext err/errstr: filled once, read by the binding. */
typedef struct {
	rcp_status code;
	char node[RCP_ERR_NODE_MAX]; /* "host:port" when a node is involved, else "" */
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
 * A split command (MGET, MSET, DEL...) that failed on some nodes only: what succeeded and what failed, as the core
 * hands it up (rcp_client.partial, filled by rcp_exec_split) for rcp_throw_partial() to turn into the
 * PartialFailureException. Owned by the client until its next command: nkeys 0 means none (and nothing held).
 */
typedef struct {
	char node[RCP_ERR_NODE_MAX];  /* "host:port" */
	rcp_status code;              /* why its parts failed: RCP_E_SERVER for an error reply, else an I/O failure */
	zend_string *error;           /* the message */
	uint32_t nkeys;               /* how many of the command's keys failed there */
} rcp_partial_node;

typedef struct {
	uint32_t nkeys;               /* the command's keys; 0: no partial failure */
	uint32_t nnodes;
	rcp_partial_node *nodes;      /* the failing nodes, in the order of their first failed key */
	int32_t *key_node;            /* per key (caller order): its failing node (index in nodes), -1 when its part
	                                 succeeded */
	size_t *key_end;              /* key k's bytes: keys[k ? key_end[k - 1] : 0 .. key_end[k]) */
	char *keys;                   /* the keys as sent (with the "prefix" option's prefix) */
	zval results;                 /* MGET: [key index => value] of the keys read; summed commands (DEL...): the sum
	                                 over the parts that succeeded; MSET: null */
	void *mem;                    /* nodes, key_node, key_end and keys: one allocation */
} rcp_partial;

/* Room for a partial failure of nkeys keys (keybytes bytes in all) on at most maxnodes nodes: p (freed first)
 * gets its arrays; the caller fills them (key_node, key_end, keys, nodes/nnodes, results) and sets nkeys. */
void rcp_partial_alloc(rcp_partial *p, uint32_t nkeys, size_t keybytes, uint32_t maxnodes);
void rcp_partial_release(rcp_partial *p);
/* Forget a partial failure (cheap when there is none: each command starts with it). */
static zend_always_inline void rcp_partial_free(rcp_partial *p)
{
	if (p->mem) {
		rcp_partial_release(p);
	}
}

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

/* Register the exception classes (MINIT). */
void rcp_errors_minit(void);

#endif

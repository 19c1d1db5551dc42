/*
 * rcp_err.h - the core's error context, like hiredis' err/errstr: core code (slot, commands, topology, the engine,
 * exec) never throws; it returns an rcp_status and fills an rcp_err, once, where the failure is seen. The binding
 * alone turns it into an exception (src/binding/rcp_exceptions.h: each code maps to one class). Messages never
 * contain argument values that may be secret; the rule for what they may repeat is in rcp_exceptions.h.
 */
#ifndef RCP_ERR_H
#define RCP_ERR_H

#include "php.h"

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

#endif

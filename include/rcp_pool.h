/*
 * rcp_pool.h - this process' persistent connections, one per (node, credentials).
 *
 * Connections live in process memory across requests. A connection is handed out only after
 * rcp_conn_reusable() said yes in this request (no round trip); otherwise it is discarded and replaced
 * silently. Credentials are part of the key (user name plus a hash of the password, never the password),
 * so two pools with different users never share a socket.
 */
#ifndef RCP_POOL_H
#define RCP_POOL_H

#include "rcp_conn.h"

/* How long a node's refusal of a connection's credentials (AUTH: WRONGPASS, READONLY: NOPERM, ...) is
 * remembered by every worker of the pool: new connections with the same credentials to that node fail at
 * once (auth_refused in stats()) instead of reconnecting in a loop. Documented in README. */
#define RCP_AUTH_REMEMBER_MS 2000

/*
 * The connection to host:port for credentials `cred_key` (an opaque, secret-free string that also holds the
 * hash of the TLS settings), creating an unconnected one if needed (io connects it in the next batch).
 * tls: the TLS settings of a new connection (NULL: plaintext). setup/setup_replies: RESP bytes (AUTH) for a new
 * connection. Never NULL. A new connection needs one of the process' slots to the node
 * (redis_cluster_pool.max_connections_per_node, when set): under ZTS it waits up to wait_ms (the client's connect
 * timeout) for another thread to give one back; without a slot the connection fails at its first use, never
 * connected, with a ConnectionException naming the cap, the node and the setting.
 */
rcp_conn *rcp_pool_get(const char *host, int port, const char *cred_key, size_t cred_len, rcp_tls *tls,
                       const char *setup, size_t setup_len, uint32_t setup_replies, uint64_t wait_ms);

/* The connection rcp_pool_get() would hand out for host:port and cred_key if it is pooled and fit for use; NULL
 * otherwise. Never creates one, never waits at the cap: a transaction looks for the connection that holds its WATCH
 * (also when freed after the request's end, e.g. after a fatal error), and any other connection would not do. */
rcp_conn *rcp_pool_peek(const char *host, int port, const char *cred_key, size_t cred_len);

/* MINIT: the most connections the process holds to one node (redis_cluster_pool.max_connections_per_node; 0: no
 * cap), read once, before any thread runs. */
void rcp_pool_minit(zend_long max_per_node);
/* MSHUTDOWN (after every thread's pool): the idle list's connections closed (ZTS). */
void rcp_pool_cap_mshutdown(void);

/* The per-node cap's figures for this process: waits (a thread waited for a slot), waits that ended without one,
 * refusals (a connection failed for want of a slot), handoffs (ZTS: a connection another thread gave back, taken
 * instead of connecting). */
typedef struct {
	uint64_t waits, wait_timeouts, refused, handoffs;
} rcp_pool_cap_stats;
void rcp_pool_cap_get_stats(rcp_pool_cap_stats *out);

/* Sockets this process holds to node addr ("host:port") under the cap's count (0 when no cap is set). */
uint32_t rcp_pool_cap_held(const char *addr);

/* Whether this thread's pool refused a new connection to host:port at the cap, in this request, and that refusal has
 * not been reported yet: true (and the refusal counted as reported) once per refusal. A refusal at the cap is this
 * process' own limit, not a failure of the node: rcp_node_outcome() (exec_health.c) marks no suspect and asks for no
 * refresh for it. */
bool rcp_pool_cap_refusal_take(const char *host, uint16_t port);

/* Whether node host:port refused the credentials cred_key + suffix (a pool key's credential part, as given to
 * rcp_pool_get(): rcp_client.cred, + "\0ro" for a replica's READONLY connections) in some worker within
 * RCP_AUTH_REMEMBER_MS: a new connection would fail at once. Reads skip such a node (src/core/exec_read.c). One atomic
 * load when no refusal is remembered at all. */
bool rcp_pool_auth_refused(const char *host, int port, const char *cred_key, size_t cred_len, const char *suffix,
                           size_t suffix_len, uint64_t now_ms);

/* Whether the node at addr ("host:port", as rcp_addr_fmt() writes it) refused some credentials within
 * RCP_AUTH_REMEMBER_MS (poolStats(), metrics()). */
bool rcp_pool_node_refused(const char *addr, uint64_t now_ms);

/* Drop a connection from the pool and close it (after a failure). */
void rcp_pool_discard(rcp_conn *c);

/* After a batch: discard every connection of the batch that ended BROKEN. */
void rcp_pool_sweep_parts(rcp_part *parts, int nparts);

/* Close every connection opened with these credentials (a 'persistent' => false object going away). */
void rcp_pool_close_cred(const char *cred, size_t cred_len);

/* Request start / end. End closes connections that owe replies (request died mid-reply), broken ones
 * and ones idle longer than idle_timeout_ms (0 = never). */
void rcp_pool_rinit(void);
void rcp_pool_rshutdown(uint64_t idle_timeout_ms);

/*
 * The end of an operation of the API (a command, a pipeline, a transaction's EXEC, a command sent to named nodes):
 * nothing of it holds a connection any more. ZTS, with redis_cluster_pool.max_connections_per_node: when another
 * thread waits for a slot to a node, this thread's idle connections to that node are handed over to it now
 * (rcp_pool_yield), not at the end of the request: under contention a connection is checked out per operation. A
 * connection holding a WATCH, a reply owed or a write in flight stays. One relaxed load when nobody waits; nothing
 * on NTS (no thread to give it to).
 */
#ifdef ZTS
extern uint32_t rcp_cap_waiting;
void rcp_pool_yield(void);
static zend_always_inline void rcp_pool_op_end(void)
{
	if (UNEXPECTED(__atomic_load_n(&rcp_cap_waiting, __ATOMIC_RELAXED) != 0)) {
		rcp_pool_yield();
	}
}
#else
# define rcp_pool_op_end() ((void)0)
#endif
void rcp_pool_mshutdown(void);

/* Number of pooled connections. */
uint32_t rcp_pool_size(void);

#endif

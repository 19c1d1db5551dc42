/*
 * rcp_conn.h - a connection to a node (src/core/conn.c) and a batch's share of it (rcp_part, which the engine,
 * rcp_engine.h, runs).
 *
 * A connection (rcp_conn) is process memory (malloc, never emalloc), so it can live across requests; the pool
 * (pool.c) decides when it is reused, after the reuse check here said yes. conn.c knows a connection's life,
 * its setup replies and its host's addresses; the engine (engine.c) connects, writes and reads.
 *
 * One libuv loop per process, created lazily; after fork() the child re-creates the kernel state with
 * uv_loop_fork() and discards the inherited connections (never writes on a parent's socket).
 */
#ifndef RCP_CONN_H
#define RCP_CONN_H

#include "php.h"
#include <uv.h>
#include "rcp_err.h"
#include "rcp_resp_read.h"
#include "rcp_resp_format.h"
#include "rcp_reply.h"
#include "rcp_tls.h"
#include "rcp_util.h"

#define RCP_ADDR_MAX 280
#define RCP_CONN_ADDRS 4             /* addresses of a host name tried in turn (::1, then 127.0.0.1...) */

typedef enum {
	RCP_CONN_NEW = 0,    /* handle not initialised */
	RCP_CONN_CONNECTING, /* TCP connect, then (TLS) the handshake: both under the connect deadline */
	RCP_CONN_READY,
	RCP_CONN_BROKEN,     /* failed: must be closed, never reused */
} rcp_conn_state;

typedef struct rcp_part rcp_part;

typedef struct rcp_conn {
	uv_tcp_t tcp;                 /* first member: handle->data also points back here */
	uv_connect_t connect_req;
	char addr[RCP_ADDR_MAX];      /* "host:port" (IPv6 as "[::1]:port") */
	char host[256];
	int port;
	pid_t pid;                    /* process that opened it */
	rcp_resp rd;                  /* the reader: bytes in, replies out (kinds: the error replies it read) */
	rcp_conn_state state;
	uint32_t owed;                /* replies the server still owes us (setup ones included) */
	uint32_t setup_owed;          /* replies to connection setup (AUTH, READONLY) still at the head */
	uint32_t setup_total;         /* how many setup commands there are */
	char setup_names[48];         /* their names, space-separated ("AUTH READONLY"), to name a refused one */
	bool peer_closed;             /* EOF or reset seen: the server closed it (idle timeout, CLIENT KILL) */
	struct sockaddr_storage addrs[RCP_CONN_ADDRS]; /* the host's addresses, tried in turn when one refuses */
	uint8_t naddrs, addr_next;
	bool closing_for_retry;       /* its handle is being closed to connect to the next address */
	bool free_when_closed;        /* closed meanwhile: the close callback frees it */
	uint64_t key_hash;            /* hash of its pool key (node + credentials): remembered auth failures */
	char *refusal;                /* set by rcp_conn_refuse(): fails at once, never connects (malloc'd) */
	char refusal_etype[16];
	char *setup;                  /* setup commands to send before anything else, malloc'd, or NULL */
	size_t setup_len;
	bool setup_auth;              /* the setup starts with AUTH: until its reply, the server runs what follows as the
	                                 `default` user, so a part that may write waits for the setup's replies */
	bool held;                    /* its part's bytes wait for the setup's replies (rcp_conn_send) */
	bool first_reads;             /* set by the caller before a new connection's first use: the part it carries
	                                 applies nothing (reads; MULTI alone), so it may travel behind AUTH in the same
	                                 write (refused, its replies are never read); otherwise (the default) the part
	                                 waits for the setup's replies: one round trip more, once per connection */
	uint32_t pending_writes;      /* uv_write requests in flight */
	bool readonly;                /* READONLY was sent (replica reads) */
	bool watching;                /* a WATCH is in force (a transaction of this request): never reused by the next */
	bool multi_ok;                /* the server accepted MULTI on it: a transaction's MULTI, commands and EXEC may
	                                 go in one write (exec_transaction.c); until then MULTI goes alone first */
	uint64_t id;                  /* unique per process: tells a replaced connection from the original */
	bool handle_open;             /* uv_tcp_init done and not closed */
	bool reading;                 /* uv_read_start done: stays armed while the connection is healthy */
	uint64_t last_used_ms;
	uint64_t checked_request;     /* request serial in which the reuse check passed */
	uint64_t opened_at_ms;
	rcp_part *part;               /* the batch part using this connection, during rcp_io_run() */
	rcp_tls *tls_cfg;             /* TLS settings (process-wide, never freed before MSHUTDOWN), NULL: plaintext */
	rcp_tls_conn *tls;            /* this connection's TLS state, from the TCP connect on; NULL: none yet */
	bool handshaking;             /* CONNECTING: TCP is up, the TLS handshake is under way */
	bool got_bytes;               /* the server sent something (a reset before that names TLS as a possible cause) */
	struct rcp_shm_nodestat_s *stats; /* the node's pool-wide metrics (shared segment), or NULL */
	rcp_wbuf wbuf;                /* RESP of the command(s) being sent on it: encoded here, reused (no
	                                 allocation per command); trimmed after a huge one (rcp_wbuf_trim) */
	rcp_resp_sink sink;           /* NULL, or: a subscriber's connection (src/pubsub.c), never pooled: it owes no
	                                 replies, every reply after its setup ones goes to sink(sink_arg, reply) as it
	                                 is read (see rcp_io_run for its parts) */
	void *sink_arg;
	uint32_t cap_node;            /* 0, or 1 + its node's entry in the pool's per-node count (pool.c): it holds one of
	                                 the process' redis_cluster_pool.max_connections_per_node slots to that node */
} rcp_conn;

/* One connection's share of a batch: bytes to write, replies to collect. */
struct rcp_part {
	rcp_conn *conn;
	const char *buf;              /* bytes to write (owned by the caller, alive during rcp_io_run) */
	size_t len;
	uint32_t nreplies;            /* replies expected after the setup ones */
	uint32_t got;
	zval *replies;                /* caller-provided array of nreplies zvals (filled as UNDEF -> value) */
	bool wrote_any;               /* some bytes reached the kernel: a write is not safely retryable */
	bool done;
	uint64_t done_us;             /* when it completed or failed (rcp_now_us()), for the latency metrics */
	struct rcp_shm_nodestat_s *stats; /* its node's metrics (the connection's, kept if the connection goes) */
	uint32_t kinds;               /* bit (1 << rcp_reply_kind) for every error reply among its replies: a part
	                                 without RCP_RK_REROUTE_MASK bits holds no redirect to look for */
	bool unwrap1;                 /* its replies are a split MGET's: a top-level array of one bulk string may be
	                                 read as that string (rcp_resp.unwrap1), without building the array */
	rcp_err err;                  /* per-part error (code RCP_OK when fine) */
};

/* ---- the loop (conn.c) ---- */

/* The process' loop (created on first use; re-forked after fork()). */
uv_loop_t *rcp_io_loop(void);

/* Process close callbacks (call when idle). */
void rcp_io_flush(void);

/* MSHUTDOWN: close the loop (and whatever handle is left on it) if this process made it. */
void rcp_io_shutdown(void);

/* ---- a connection's life (conn.c) ---- */

/* A new, unconnected connection to host:port (malloc'd). setup/setup_len: RESP bytes sent first on
 * connect (AUTH ...), with setup_replies replies to check and drop. tls: TLS settings, or NULL (plaintext).
 * Over TLS the setup and the first command go out with the client's last handshake message, in one write. */
rcp_conn *rcp_conn_new(const char *host, int port, rcp_tls *tls, const char *setup, size_t setup_len,
                       uint32_t setup_replies);

/* Make a new connection fail at its first use with an authentication error (msg, server error type etype)
 * without ever connecting: its credentials were refused a moment ago. */
void rcp_conn_refuse(rcp_conn *c, const char *etype, const char *msg);

/* Close a connection (asynchronously; memory freed by libuv's close callback). Safe in any state,
 * also for a connection inherited across fork(). */
void rcp_conn_close(rcp_conn *c);

/* Whether no reply is partly received or left unread in the reader. */
bool rcp_conn_idle(const rcp_conn *c);

/* What the reuse check found (rcp_conn_reusable): RCP_REUSE_OK, or why the connection must be replaced. */
typedef enum {
	RCP_REUSE_OK = 0,
	RCP_REUSE_FORKED,          /* opened by another process (a fork parent) */
	RCP_REUSE_BROKEN,          /* failed earlier, or its handle is gone */
	RCP_REUSE_CLOSED_BY_PEER,  /* EOF, a reset, or a TLS close_notify: the server closed it (idle timeout, restart) */
	RCP_REUSE_UNREAD_REPLY,    /* it still owes a reply, or its reader holds part of one */
	RCP_REUSE_UNSOLICITED,     /* bytes nobody asked for arrived on it */
	RCP_REUSE_SOCKET_ERROR,    /* the peek failed */
} rcp_reuse;

/* Whether the connection can carry a new command without risk of reading someone else's reply:
 * ready, owes nothing, reader idle, same pid, and the peer has neither closed nor sent unsolicited bytes
 * (checked with a non-blocking MSG_PEEK, no round trip; over TLS also no record left undecrypted in
 * OpenSSL, and bytes found on the socket are read to tell a close_notify, "closed by peer", from a stray
 * record, "unsolicited bytes"). */
rcp_reuse rcp_conn_reusable(rcp_conn *c);

/* ---- for the engine (engine.c) ---- */

/* Free a connection whose handle is closed (or was never opened): the close callbacks. */
void rcp_conn_free(rcp_conn *c);

/* Stop the read watcher (a failed or abandoned connection). */
void rcp_conn_stop_reading(rcp_conn *c);

/* A connection setup command's reply was the error m: RCP_OK when its refusal does not matter (CLIENT SETINFO, a
 * label); else RCP_E_AUTH (the credentials or the ACL user's permissions: etype gets the server's error type) or
 * RCP_E_CONNECTION (another error: LOADING...), msg naming the command (never its arguments), the node and what the
 * ACL user needs. */
rcp_status rcp_conn_setup_refused(rcp_conn *c, zend_string *m, char *msg, size_t cap, char *etype, size_t etcap);

/* Every address of the connection's host (up to RCP_CONN_ADDRS) into c->addrs, in getaddrinfo()'s order; 0 or a
 * libuv error. Synchronous. */
int rcp_conn_resolve(rcp_conn *c);

/* Whether the port c connected to answers a TLS ClientHello (asked on a socket of its own, until until_ms at
 * most): what a plaintext connection dropped before any byte came is told by (a TLS-only port, or a dead node). */
bool rcp_conn_speaks_tls(const rcp_conn *c, uint64_t until_ms);

#endif

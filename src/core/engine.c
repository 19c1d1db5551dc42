/*
 * engine.c - the batch engine (see rcp_engine.h): connect, write and read against several nodes at once, under one
 * deadline (libuv; replies through the RESP reader of resp_read.c). Connections themselves (their life, the reuse
 * check, their setup replies, DNS) are conn.c's: this file calls it, never the reverse.
 *
 * The unit of work is a batch of parts, one per connection. rcp_io_run() starts the connects that are
 * needed, writes every part (setup commands such as AUTH first, on a new connection), reads replies as
 * they arrive and returns when every part is complete or failed, or the deadline passed. One round trip
 * for the whole batch, whatever the number of nodes. The steady state (every part on a ready plaintext
 * connection) takes the direct path: plain send/poll/recv, no turn of the loop.
 *
 * Invariants:
 *  - a connection that failed in any way is BROKEN and never carries another command (the caller closes
 *    it); a connection is READY and idle only when it owes no reply and its reader holds no partial reply;
 *  - caller buffers are never referenced after rcp_io_run() returns: a partial write copies its tail;
 *  - a PHP bailout (memory_limit while building a reply zval) is caught inside the libuv callback, the
 *    loop is stopped cleanly, the batch's connections are marked BROKEN, and the bailout is re-thrown
 *    once libuv is consistent again (the pool closes them at request shutdown);
 *  - TLS (src/core/tls.c, memory BIOs) sits between the socket and everything else: ciphertext read is fed to
 *    OpenSSL and only the plaintext reaches the RESP reader (resp_read.c); plaintext written comes out as
 *    ciphertext written the same way (try_write, tail copied). A new TLS connection stays CONNECTING until its
 *    handshake is done (under the connect deadline), then its setup and first command leave in the same
 *    write as the client's last handshake message.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/socket.h>
#include <poll.h>
#include <limits.h>
#include <time.h>
#include <unistd.h>

#include "php.h"
#include "rcp_engine.h"
#include "rcp_reply.h"
#include "rcp_count.h"
#include "rcp_thread.h"

/* This file's state: one per process, per thread under ZTS (rcp_thread.h). */
typedef struct {
	/* The batch deadline's timer, on the process' loop (conn.c's rcp_io_loop()), made with the first batch that
	 * needs it. */
	uv_timer_t timer;
	bool timer_ready;
	/* State of the running batch (one at a time). */
	struct {
		uv_loop_t *loop;            /* the process' loop (rcp_io_loop()) */
		rcp_part *parts;
		int nparts;
		int remaining;
		uint64_t deadline_ms;
		uint64_t connect_deadline_ms;
		uint64_t start_ms;          /* the clock when the batch started (rcp_now_ms()'s clock) */
		uint64_t clock_us;          /* the direct path's one clock reading per wake-up (0: none: read it) */
		bool bailout;
		rcp_part *probe[4];         /* parts whose new plaintext connection was dropped before a byte came: is it
		                               a TLS port? asked once the batch is over (rcp_probe_tls) */
		int nprobe;
	} batch;
	char read_buf[64 * 1024];
} rcp_engine_state;
RCP_THREAD_STATE(rcp_engine_state, rcp_engine);
#define rcp_timer (RCP_THREAD(rcp_engine_state, rcp_engine)->timer)
#define rcp_timer_ready (RCP_THREAD(rcp_engine_state, rcp_engine)->timer_ready)
#define rcp_batch (RCP_THREAD(rcp_engine_state, rcp_engine)->batch)
#define rcp_read_buf (RCP_THREAD(rcp_engine_state, rcp_engine)->read_buf)

/* ---- batch bookkeeping ------------------------------------------------------------------------ */

static void rcp_part_finish(rcp_part *p)
{
	if (p->done) {
		return;
	}
	p->done = true;
	/* when it completed (the latency sample): the wake-up's reading when the direct path has one */
	p->done_us = rcp_batch.clock_us ? rcp_batch.clock_us : rcp_now_us();
	if (--rcp_batch.remaining == 0) {
		if (rcp_timer_ready) {
			uv_timer_stop(&rcp_timer);
		}
		uv_stop(rcp_batch.loop);
	}
}

/* The part failed with message msg: its connection is BROKEN (never reused). */
static void rcp_part_fail_str(rcp_part *p, rcp_status code, const char *msg)
{
	rcp_conn *c = p->conn;

	if (p->done) {
		return;
	}
	rcp_err_set(&p->err, code, c->addr, "%s", msg);
	c->state = RCP_CONN_BROKEN;
	if (c->handle_open) {
		rcp_conn_stop_reading(c);
	}
	rcp_part_finish(p);
}

/* fmt has two %s: the connection's address, then detail. */
static void rcp_part_fail(rcp_part *p, rcp_status code, const char *fmt, const char *detail)
{
	char msg[RCP_ERRSTR_MAX];

	if (p->done) {
		return;
	}
	snprintf(msg, sizeof(msg), fmt, p->conn->addr, detail);
	rcp_part_fail_str(p, code, msg);
}

/* rcp_part_fail() with a message of any shape (printf-style). */
static void rcp_part_fail_msg(rcp_part *p, rcp_status code, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
static void rcp_part_fail_msg(rcp_part *p, rcp_status code, const char *fmt, ...)
{
	char msg[RCP_ERRSTR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	rcp_part_fail_str(p, code, msg);
}

/* A part on a subscriber's connection (rcp_conn.sink) is done: reading stops, so that nothing reaches the loop while
 * nobody reads for it (the bytes wait in the socket for the next part). */
static void rcp_sink_part_done(rcp_conn *c, rcp_part *p)
{
	rcp_conn_stop_reading(c);
	rcp_part_finish(p);
}

/* The part's bytes are with the kernel (or queued behind a write in flight): its replies are owed; a subscriber's
 * part with bytes to send is done once none is left to write. */
static void rcp_part_written(rcp_conn *c, rcp_part *p)
{
	if (!c->sink) {
		c->owed += p->nreplies;
	} else if (p->len && !c->pending_writes) {
		rcp_sink_part_done(c, p);
	}
}

/* ---- writing ---------------------------------------------------------------------------------- */

typedef struct {
	uv_write_t req;
	rcp_conn *conn;
	char data[]; /* the unwritten tail, copied */
} rcp_write_req;

static void rcp_on_write(uv_write_t *req, int status)
{
	rcp_write_req *w = (rcp_write_req *)req;
	rcp_conn *c = w->conn;

	c->pending_writes--;
	if (status < 0 && c->part && status != UV_ECANCELED) {
		rcp_part_fail(c->part, RCP_E_CONNECTION, "write to %s failed: %s", uv_strerror(status));
	} else if (c->sink && c->part && c->part->len && !c->pending_writes) {
		rcp_sink_part_done(c, c->part);
	}
	free(w);
}

/*
 * Hand bytes to the socket: what the kernel takes now (uv_try_write), the rest copied into a uv_write request
 * (so that the caller's buffers may die when rcp_io_run() returns; libuv keeps the order of queued writes).
 * Returns false when the part failed. *wrote: some bytes reached the kernel or were queued.
 */
static bool rcp_conn_write(rcp_conn *c, rcp_part *p, uv_buf_t *bufs, unsigned n, bool *wrote)
{
	size_t total = 0, left;
	unsigned i;
	int written;
	rcp_write_req *w;
	char *dst;

	*wrote = false;
	for (i = 0; i < n; i++) {
		total += bufs[i].len;
	}
	if (total == 0) {
		return true;
	}
	written = uv_try_write((uv_stream_t *)&c->tcp, bufs, n);
	if (written == UV_EAGAIN || written == UV_ENOSYS) {
		written = 0;
	} else if (written < 0) {
		rcp_part_fail(p, RCP_E_CONNECTION, "write to %s failed: %s", uv_strerror(written));
		return false;
	}
	*wrote = written > 0;
	if ((size_t)written == total) {
		return true;
	}
	left = total - (size_t)written;
	w = malloc(sizeof(*w) + left);
	w->conn = c;
	dst = w->data;
	for (i = 0; i < n; i++) {
		size_t skip = (size_t)written > bufs[i].len ? bufs[i].len : (size_t)written;
		memcpy(dst, bufs[i].base + skip, bufs[i].len - skip);
		dst += bufs[i].len - skip;
		written -= (int)skip;
	}
	bufs[0] = uv_buf_init(w->data, (unsigned)left);
	c->pending_writes++;
	*wrote = true;
	written = uv_write(&w->req, (uv_stream_t *)&c->tcp, bufs, 1, rcp_on_write);
	if (written < 0) {
		c->pending_writes--;
		free(w);
		rcp_part_fail(p, RCP_E_CONNECTION, "write to %s failed: %s", uv_strerror(written));
		return false;
	}
	return true;
}

/* Send what OpenSSL has produced (handshake messages, alerts, a KeyUpdate answer). */
static bool rcp_conn_flush_tls(rcp_conn *c, rcp_part *p)
{
	const char *out;
	size_t len = rcp_tls_out(c->tls, &out);
	uv_buf_t b;
	bool wrote, ok;

	if (len == 0) {
		return true;
	}
	b = uv_buf_init((char *)out, (unsigned)len);
	ok = rcp_conn_write(c, p, &b, 1, &wrote);
	rcp_tls_out_clear(c->tls);
	return ok;
}

/*
 * Write the part's bytes, after the connection setup on a new connection (AUTH... in the same write). Except a
 * part that may write on a new connection whose setup has AUTH: the server runs what follows a refused AUTH as the
 * `default` user (enabled without a password, Redis' default), so such a part is held (c->held) until every setup
 * reply is in, and written by rcp_conn_take() then; refused, it is never written. A part that applies nothing
 * (c->first_reads, said by the caller) still rides behind AUTH: refused, its replies are never read (the part
 * fails at AUTH's reply, the connection is dropped).
 */
static void rcp_conn_send(rcp_conn *c, rcp_part *p)
{
	uv_buf_t bufs[2];
	unsigned n = 0;
	bool wrote = false, ok, hold = c->setup && c->setup_auth && !c->first_reads;

	if (c->tls) {
		/* both encrypted into the write BIO, behind the client's Finished on a new connection: one write */
		char msg[256];
		const char *out;
		size_t olen;

		if ((c->setup && !rcp_tls_write(c->tls, c->setup, c->setup_len, msg, sizeof(msg))) ||
		    (!hold && !rcp_tls_write(c->tls, p->buf, p->len, msg, sizeof(msg)))) {
			rcp_part_fail(p, RCP_E_CONNECTION, "TLS error on %s: %s", msg);
			return;
		}
		olen = rcp_tls_out(c->tls, &out);
		if (olen) {
			bufs[n++] = uv_buf_init((char *)out, (unsigned)olen);
		}
	} else {
		if (c->setup && c->setup_len) {
			bufs[n++] = uv_buf_init(c->setup, (unsigned)c->setup_len);
		}
		if (p->len && !hold) {
			bufs[n++] = uv_buf_init((char *)p->buf, (unsigned)p->len);
		}
	}
	ok = rcp_conn_write(c, p, bufs, n, &wrote);
	if (c->tls) {
		rcp_tls_out_clear(c->tls);
	}
	if (wrote && !hold) {
		p->wrote_any = true;
	}
	if (!ok) {
		return;
	}
	if (c->setup) {
		c->owed += c->setup_owed;
		explicit_bzero(c->setup, c->setup_len); /* AUTH's password */
		free(c->setup);
		c->setup = NULL;
		c->setup_len = 0;
	}
	c->held = hold;
	if (!hold) {
		rcp_part_written(c, p);
	}
}

/* ---- reading ---------------------------------------------------------------------------------- */

static void rcp_on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
	(void)h;
	(void)suggested;
	*buf = uv_buf_init(rcp_read_buf, sizeof(rcp_read_buf));
}




/* The setup was accepted: now the part it held (rcp_conn_send). Once per new connection with AUTH, at most. */
static ZEND_COLD zend_never_inline int rcp_conn_release(rcp_conn *c, rcp_part *p)
{
	c->held = false;
	rcp_conn_send(c, p);
	return p->done ? RCP_RESP_STOP : RCP_RESP_GO_ON;
}

/* Where the reader hands the replies of one read: the connection and the part waiting for them. */
typedef struct {
	rcp_conn *c;
	rcp_part *p;
	bool complete;   /* the part got its last reply */
} rcp_take_ctx;

/* A complete reply from the reader: a setup reply (checked and dropped) or the part's next one. */
static int rcp_conn_take(void *arg, zval *reply)
{
	rcp_take_ctx *t = arg;
	rcp_conn *c = t->c;
	rcp_part *p = t->p;

	if (c->sink && !c->setup_owed) {
		return c->sink(c->sink_arg, reply); /* a subscriber's: messages, confirmations, whatever comes */
	}
	if (c->owed == 0) {
		zval_ptr_dtor(reply);
		rcp_part_fail(p, RCP_E_PROTOCOL, "protocol error from %s: %s", "unsolicited reply");
		return RCP_RESP_STOP;
	}
	c->owed--;
	if (c->setup_owed) {
		c->setup_owed--;
		if (rcp_reply_is_error(reply)) {
			/* AUTH, READONLY... refused: the credentials or the ACL user's permissions (conn.c says which) */
			char msg[RCP_ERRSTR_MAX], etype[16];
			rcp_status code = rcp_conn_setup_refused(c, rcp_error_message(reply), msg, sizeof(msg), etype,
				sizeof(etype));
			if (code != RCP_OK) {
				rcp_part_fail_str(p, code, msg);
				if (etype[0]) {
					snprintf(p->err.etype, sizeof(p->err.etype), "%s", etype);
				}
				zval_ptr_dtor(reply);
				return RCP_RESP_STOP;
			}
		}
		zval_ptr_dtor(reply);
		return !c->setup_owed && c->held ? rcp_conn_release(c, p) : RCP_RESP_GO_ON;
	}
	ZVAL_COPY_VALUE(&p->replies[p->got], reply);
	if (++p->got == p->nreplies) {
		t->complete = true;
		return RCP_RESP_STOP;
	}
	return RCP_RESP_GO_ON;
}

/* Plaintext that arrived for part p: through the reader (framing, limits, replies built in one pass) into the
 * part. Returns false when the part failed. */
static bool rcp_conn_consume(rcp_conn *c, rcp_part *p, const char *data, size_t len)
{
	char why[256];
	rcp_take_ctx t = {c, p, false};
	size_t used = 0;
	volatile rcp_resp_result r = RCP_RESP_OK;

	zend_try {
		r = rcp_resp_feed(&c->rd, data, len, rcp_conn_take, &t, &used, why, sizeof(why));
	} zend_catch {
		rcp_batch.bailout = true;
	} zend_end_try();

	if (rcp_batch.bailout) {
		c->state = RCP_CONN_BROKEN;
		rcp_conn_stop_reading(c);
		uv_stop(rcp_batch.loop);
		return false;
	}
	if (p->done) {
		return false; /* failed in rcp_conn_take() */
	}
	switch (r) {
		case RCP_RESP_OK:
			break;
		case RCP_RESP_MEMORY:
			/* refused at its header, before its payload is read; the rest of it is never read */
			rcp_part_fail(p, RCP_E_MEMORY, "reply from %s refused, the connection was closed: %s", why);
			return false;
		case RCP_RESP_OOM:
			/* memory_limit crossed on a PHP with delayed OOM: stop building (the engine raises the fatal
			 * error at its next safe point); what was built is freed with the connection's reader */
			rcp_part_fail(p, RCP_E_MEMORY, "reply from %s abandoned: %s", "memory_limit exhausted");
			uv_stop(rcp_batch.loop);
			return false;
		default:
			rcp_part_fail(p, RCP_E_PROTOCOL, "protocol error from %s: %s", why);
			return false;
	}
	if (t.complete) {
		/* reading stays armed (no epoll_ctl per command); bytes arriving while no part waits for them mark
		 * the connection broken in rcp_on_read() */
		if (used < len || !rcp_resp_idle(&c->rd)) {
			/* more bytes than the replies we asked for: the stream is out of step (bytes sent late for an
			 * earlier command, or extra ones after ours) and we cannot tell which reply is ours */
			rcp_part_fail(p, RCP_E_PROTOCOL, "protocol error from %s: %s",
				"unsolicited bytes after the expected replies");
			return false;
		}
		rcp_part_finish(p);
	}
	return true;
}

static void rcp_conn_send(rcp_conn *c, rcp_part *p);

/* Advance a new connection's TLS handshake; once it is done the connection is READY and its setup and the
 * part's commands are written, with the client's last handshake message still in the write BIO. */
static void rcp_conn_handshake(rcp_conn *c, rcp_part *p)
{
	char msg[400];
	int r = rcp_tls_handshake(c->tls, msg, sizeof(msg));

	if (r < 0) {
		rcp_count_conn(c->stats, RCP_NEV_TLS_FAILED);
		rcp_conn_flush_tls(c, p); /* the alert, if OpenSSL made one: the server logs why */
		rcp_part_fail_msg(p, RCP_E_CONNECTION, "TLS handshake with %s failed: %s", c->addr, msg);
		return;
	}
	if (r == 0) {
		rcp_conn_flush_tls(c, p);
		return;
	}
	rcp_count_conn(c->stats, rcp_tls_resumed(c->tls) ? RCP_NEV_TLS_RESUMED : RCP_NEV_TLS_FULL);
	c->handshaking = false;
	c->state = RCP_CONN_READY;
	rcp_conn_send(c, p);
}

/* Decrypt what the TLS connection has buffered and consume the plaintext. */
static void rcp_conn_read_tls(rcp_conn *c, rcp_part *p)
{
	char msg[256];

	if (c->handshaking) {
		rcp_conn_handshake(c, p);
		if (c->handshaking || p->done) {
			return;
		}
	}
	for (;;) {
		ssize_t n = rcp_tls_read(c->tls, rcp_read_buf, sizeof(rcp_read_buf), msg, sizeof(msg));

		if (n == 0) {
			break;
		}
		if (n == RCP_TLS_CLOSED) {
			c->peer_closed = true;
			rcp_part_fail(p, RCP_E_CONNECTION, "connection to %s closed by the server%s", " (TLS close_notify)");
			return;
		}
		if (n < 0) {
			rcp_part_fail(p, RCP_E_CONNECTION, "TLS error from %s: %s", msg);
			return;
		}
		if (p->done) {
			/* plaintext after the part's last reply: as bytes arriving after it (see rcp_on_read) */
			c->state = RCP_CONN_BROKEN;
			rcp_conn_stop_reading(c);
			return;
		}
		if (!rcp_conn_consume(c, p, rcp_read_buf, (size_t)n)) {
			return;
		}
	}
	if (!p->done) {
		rcp_conn_flush_tls(c, p); /* what reading made OpenSSL answer (a KeyUpdate) */
	}
}

/* A read that failed (nread: a libuv error code, UV_EOF when the server closed): the part fails, saying why. */
static void rcp_conn_read_failed(rcp_conn *c, rcp_part *p, ssize_t nread)
{
	if (c->handshaking) {
		rcp_part_fail(p, RCP_E_CONNECTION, "connection to %s closed by the server during the TLS handshake%s",
			nread == UV_EOF ? " (is this a TLS port? does the server want a client certificate: "
				"parameters.ssl.local_cert?)" : "");
		return;
	}
	if (!c->tls_cfg && !c->got_bytes && (nread == UV_ECONNRESET || nread == UV_EOF) && !p->done &&
	    rcp_batch.nprobe < (int)(sizeof(rcp_batch.probe) / sizeof(rcp_batch.probe[0]))) {
		/* a plaintext connection dropped before the server sent a byte: what a TLS-only port does with plaintext,
		 * but also what a node killed (or restarted) right then does; which one, the port itself tells once the
		 * batch is over (rcp_probe_tls) */
		rcp_batch.probe[rcp_batch.nprobe++] = p;
	}
	rcp_part_fail(p, RCP_E_CONNECTION,
		nread == UV_EOF ? "connection to %s closed by the server%s" : "read from %s failed: %s",
		nread == UV_EOF ? "" : uv_strerror((int)nread));
}


/* After a batch: the parts whose new plaintext connection was dropped before a byte came. When the port answers
 * TLS, the message says so (a TLS-only node asked in plaintext); otherwise it is left as it is (the node died, or
 * restarted: the port refuses, or answers no TLS). Bounded by the connect timeout, within the batch's deadline. */
static void rcp_probe_tls(void)
{
	uint64_t now = rcp_now_ms(), until = now + (rcp_batch.connect_deadline_ms - MIN(rcp_batch.connect_deadline_ms,
		rcp_batch.start_ms));

	until = MIN(until, rcp_batch.deadline_ms);
	for (int i = 0; i < rcp_batch.nprobe; i++) {
		rcp_part *p = rcp_batch.probe[i];
		if (p->err.code == RCP_E_CONNECTION && p->conn && rcp_conn_speaks_tls(p->conn, until)) {
			rcp_err_append(&p->err, " before any reply, and this port answers TLS: use tls:// seeds or "
				"parameters.scheme => 'tls'");
		}
	}
	rcp_batch.nprobe = 0;
}

static void rcp_on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
	rcp_conn *c = s->data;
	rcp_part *p = c->part;

	if (rcp_batch.bailout || rcp_oom_pending()) {
		/* a fatal error (memory_limit) hit while building another reply of this batch, in this same loop
		 * iteration: build nothing more (a second allocation over the limit makes PHP exit the process);
		 * this connection is dropped with the batch */
		c->state = RCP_CONN_BROKEN;
		rcp_conn_stop_reading(c);
		return;
	}
	if (nread == UV_EOF || nread == UV_ECONNRESET) {
		c->peer_closed = true; /* counted as "closed by peer" when discarded (the server's idle timeout) */
	}
	if (nread > 0) {
		c->got_bytes = true;
	}
	if (c->tls && nread > 0) {
		/* the ciphertext is copied into OpenSSL's read BIO: rcp_read_buf is free for the plaintext */
		rcp_tls_feed(c->tls, buf->base, (size_t)nread);
	}
	if (!p || p->done) {
		/* Bytes nobody asked for (or the peer going away): this connection can no longer be trusted. Over TLS
		 * a server closing says so first (close_notify): counted as closed by peer too. */
		if (c->tls && !c->handshaking && nread > 0) {
			char tmp[256];
			ssize_t m;
			bool data = false;
			while ((m = rcp_tls_read(c->tls, rcp_read_buf, sizeof(rcp_read_buf), tmp, sizeof(tmp))) > 0) {
				data = true;
			}
			if (m == RCP_TLS_CLOSED) {
				c->peer_closed = true;
			} else if (!data && m == 0 && c->state == RCP_CONN_READY) {
				/* records without data (a NewSessionTicket after the first reply, a KeyUpdate): the connection
				 * stays usable */
				return;
			}
		}
		c->state = RCP_CONN_BROKEN;
		rcp_conn_stop_reading(c);
		return;
	}
	if (nread < 0) {
		rcp_conn_read_failed(c, p, nread);
		return;
	}
	if (nread > 0) {
		rcp_ns_add(c->stats, RCP_NS_BYTES_IN, (uint64_t)nread);
	}
	if (nread == 0) {
		return;
	}
	if (c->tls) {
		rcp_conn_read_tls(c, p);
	} else {
		rcp_conn_consume(c, p, buf->base, (size_t)nread);
	}
	if (c->sink && !p->len && !p->done) {
		rcp_sink_part_done(c, p); /* a subscriber's read: what this read brought */
	}
}

static bool rcp_conn_read_start(rcp_conn *c, rcp_part *p)
{
	if (!c->reading) {
		int rc = uv_read_start((uv_stream_t *)&c->tcp, rcp_on_alloc, rcp_on_read);
		if (rc < 0) {
			rcp_part_fail(p, RCP_E_CONNECTION, "read from %s failed: %s", uv_strerror(rc));
			return false;
		}
		c->reading = true;
	}
	return true;
}

static void rcp_start_io(rcp_conn *c, rcp_part *p)
{
	if (rcp_conn_read_start(c, p)) {
		rcp_conn_send(c, p);
	}
}

/* ---- connecting ------------------------------------------------------------------------------- */

static void rcp_conn_connect_next(rcp_conn *c, rcp_part *p);

/* The handle of a refused address is closed: try the name's next address, unless the batch gave up. */
static void rcp_on_close_retry(uv_handle_t *h)
{
	rcp_conn *c = h->data;
	rcp_part *p = c->part;

	c->closing_for_retry = false;
	if (c->free_when_closed) {
		rcp_conn_free(c);
		return;
	}
	if (!p || p->done) {
		c->state = RCP_CONN_BROKEN;
		return;
	}
	rcp_conn_connect_next(c, p);
}

static void rcp_on_connect(uv_connect_t *req, int status)
{
	rcp_conn *c = req->handle->data;
	rcp_part *p = c->part;

	if (status < 0) {
		if (status != UV_ECANCELED && p && !p->done && c->addr_next < c->naddrs) {
			/* a name with several addresses (localhost: ::1 and 127.0.0.1): the next one, within the same
			 * connect deadline; the handle must be closed before it can connect again */
			c->handle_open = false;
			c->closing_for_retry = true;
			uv_close((uv_handle_t *)&c->tcp, rcp_on_close_retry);
			return;
		}
		c->state = RCP_CONN_BROKEN;
		if (p && status != UV_ECANCELED) {
			rcp_part_fail(p, RCP_E_CONNECTION, "cannot connect to %s: %s", uv_strerror(status));
		}
		return;
	}
	if (c->state != RCP_CONN_CONNECTING) {
		return;
	}
	uv_tcp_nodelay(&c->tcp, 1);
	if (c->tls_cfg) {
		/* TCP is up: the TLS handshake, still CONNECTING (the connect deadline covers it) */
		if (!p || p->done) {
			c->state = RCP_CONN_BROKEN;
			return;
		}
		c->tls = rcp_tls_conn_new(c->tls_cfg, c->host, c->port);
		if (!c->tls) {
			rcp_part_fail(p, RCP_E_CONNECTION, "TLS with %s: %s", "OpenSSL could not allocate a connection");
			return;
		}
		c->handshaking = true;
		if (rcp_conn_read_start(c, p)) {
			rcp_conn_handshake(c, p);
		}
		return;
	}
	c->state = RCP_CONN_READY;
	if (p && !p->done) {
		rcp_start_io(c, p);
	}
}


static void rcp_conn_connect_next(rcp_conn *c, rcp_part *p)
{
	int rc;

	uv_tcp_init(rcp_batch.loop, &c->tcp);
	c->tcp.data = c;
	c->handle_open = true;
	c->state = RCP_CONN_CONNECTING;
	rc = uv_tcp_connect(&c->connect_req, &c->tcp, (struct sockaddr *)&c->addrs[c->addr_next++], rcp_on_connect);
	if (rc < 0) {
		rcp_part_fail(p, RCP_E_CONNECTION, "cannot connect to %s: %s", uv_strerror(rc));
	}
}

static void rcp_conn_connect(rcp_conn *c, rcp_part *p)
{
	int rc = rcp_conn_resolve(c);

	if (rc < 0) {
		c->state = RCP_CONN_BROKEN;
		rcp_err_set(&p->err, RCP_E_CONNECTION, c->addr, "cannot resolve %s: %s", c->addr, uv_strerror(rc));
		rcp_part_finish(p);
		return;
	}
	rcp_conn_connect_next(c, p);
}

/* ---- one part on a ready connection, without the loop ------------------------------------------ */

/*
 * The common case, one command (or one node's batch) on a ready plaintext connection, runs with plain syscalls
 * instead of turns of the libuv loop (timer start/stop, loop bookkeeping): written with the same try-write,
 * then poll() + recv() until the part is complete, failed, or the deadline passed. Same outcome and the same
 * errors as the loop (rcp_on_read's checks, rcp_conn_read_failed); the connection's libuv read watcher stays
 * armed (the loop never runs meanwhile, so it never sees these bytes). A write the kernel did not take at once
 * (a huge command) leaves the rest to the loop: false, the part is not done.
 */
/* Most parts a batch may have to be run without the libuv loop (one poll() over their sockets). */
#define RCP_DIRECT_MAX 16

/* The direct way's send of one part on a ready plaintext connection: its bytes straight to the kernel (a tail the
 * kernel did not take goes the loop's way, copied into a write request, as in rcp_conn_write()). Returns the
 * socket, or -1 when the part failed or its connection cannot be used this way. */
static int rcp_direct_send(rcp_conn *c, rcp_part *p)
{
	uv_os_fd_t fd = -1;

	if (!rcp_conn_read_start(c, p)) {
		return -1; /* the part failed */
	}
	if (!c->setup && !c->pending_writes && p->len && uv_fileno((uv_handle_t *)&c->tcp, &fd) == 0) {
		ssize_t w = send(fd, p->buf, p->len, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (w == (ssize_t)p->len) {
			p->wrote_any = true;
			rcp_part_written(c, p);
		} else {
			uv_buf_t tail;
			bool wrote;
			if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
				rcp_part_fail(p, RCP_E_CONNECTION, "write to %s failed: %s", uv_strerror(uv_translate_sys_error(errno)));
				return -1;
			}
			w = w < 0 ? 0 : w;
			p->wrote_any = w > 0;
			tail = uv_buf_init((char *)p->buf + w, (unsigned)(p->len - (size_t)w));
			if (!rcp_conn_write(c, p, &tail, 1, &wrote)) {
				return -1;
			}
			p->wrote_any = true;
			rcp_part_written(c, p);
		}
		return fd;
	}
	rcp_conn_send(c, p);
	return uv_fileno((uv_handle_t *)&c->tcp, &fd) == 0 ? fd : -1;
}

/* Read what is there for part p on fd (the socket was readable). */
static void rcp_direct_read(rcp_conn *c, rcp_part *p, int fd)
{
	while (!p->done) {
		ssize_t n = recv(fd, rcp_read_buf, sizeof(rcp_read_buf), MSG_DONTWAIT);

		if (n > 0) {
			c->got_bytes = true;
			rcp_ns_add(c->stats, RCP_NS_BYTES_IN, (uint64_t)n);
			rcp_conn_consume(c, p, rcp_read_buf, (size_t)n);
			if (c->sink && !p->len && !p->done) {
				rcp_sink_part_done(c, p); /* a subscriber's read: what this read brought */
			}
			continue;
		}
		if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
			if (n == 0 || errno == ECONNRESET) {
				c->peer_closed = true;
			}
			rcp_conn_read_failed(c, p, n == 0 ? UV_EOF : uv_translate_sys_error(errno));
			return;
		}
		if (errno != EINTR) {
			return; /* nothing more for now */
		}
	}
}

/*
 * The direct way's wait: every part was sent on a ready plaintext connection (rcp_direct_send); one poll() over their
 * sockets (fds: each part's, from rcp_direct_send), then recv() on those that are readable, until every part is done or the deadline passed. The first
 * wait's timeout is counted from the batch's start (no clock read: the common case is one wait, one read per
 * node); a wait that ends with parts still waiting reads the clock. A write the kernel did not take at once
 * (queued in libuv) leaves the batch to the loop.
 */
static void rcp_direct_wait(rcp_part *parts, int nparts, const int *fds)
{
	struct pollfd pfd[RCP_DIRECT_MAX];
	int which[RCP_DIRECT_MAX];
	uint64_t now = rcp_batch.start_ms;

	while (rcp_batch.remaining > 0 && !rcp_batch.bailout && !rcp_oom_pending()) {
		int n = 0, r;

		for (int i = 0; i < nparts; i++) {
			rcp_part *p = &parts[i];
			if (p->done || !p->conn) {
				continue;
			}
			if (p->conn->pending_writes || fds[i] < 0) {
				return; /* the loop's way */
			}
			pfd[n].fd = fds[i];
			pfd[n].events = POLLIN;
			pfd[n].revents = 0;
			which[n++] = i;
		}
		if (n == 0) {
			return;
		}
		if (now >= rcp_batch.deadline_ms) {
			for (int k = 0; k < n; k++) {
				rcp_part_fail(&parts[which[k]], RCP_E_TIMEOUT, "timed out waiting for %s%s", "");
			}
			return;
		}
		r = poll(pfd, (nfds_t)n, (int)MIN(rcp_batch.deadline_ms - now, (uint64_t)INT_MAX));
		if (r < 0 && errno != EINTR) {
			const char *why = uv_strerror(uv_translate_sys_error(errno));
			for (int k = 0; k < n; k++) {
				rcp_part_fail(&parts[which[k]], RCP_E_CONNECTION, "read from %s failed: %s", why);
			}
			return;
		}
		/* one clock reading per wake-up: the parts it completes, and the next wait's timeout */
		rcp_batch.clock_us = rcp_now_us();
		for (int k = 0; r > 0 && k < n; k++) {
			if (pfd[k].revents) {
				rcp_direct_read(parts[which[k]].conn, &parts[which[k]], pfd[k].fd);
			}
		}
		now = rcp_batch.clock_us / 1000;
		rcp_batch.clock_us = 0;
	}
}

/* ---- the batch -------------------------------------------------------------------------------- */

static void rcp_arm_timer(void);

static void rcp_on_timer(uv_timer_t *t)
{
	uint64_t now = rcp_now_ms();
	int i;

	(void)t;
	for (i = 0; i < rcp_batch.nparts; i++) {
		rcp_part *p = &rcp_batch.parts[i];

		if (p->done || !p->conn) {
			continue;
		}
		if (now >= rcp_batch.deadline_ms) {
			rcp_part_fail(p, RCP_E_TIMEOUT, "timed out waiting for %s%s",
				p->conn->state != RCP_CONN_CONNECTING ? ""
					: p->conn->handshaking ? " to complete the TLS handshake (is it a TLS port?)"
					: " to accept the connection");
		} else if (p->conn->state == RCP_CONN_CONNECTING && now >= rcp_batch.connect_deadline_ms) {
			rcp_part_fail(p, RCP_E_TIMEOUT, "timed out connecting to %s%s",
				p->conn->handshaking ? " (TLS handshake: is it a TLS port?)" : "");
		}
	}
	if (rcp_batch.remaining > 0) {
		rcp_arm_timer();
	}
}

static void rcp_arm_timer(void)
{
	uint64_t now = rcp_now_ms(), at = rcp_batch.deadline_ms;
	int i;

	if (!rcp_timer_ready) {
		uv_timer_init(rcp_batch.loop, &rcp_timer);
		rcp_timer_ready = true;
	}

	for (i = 0; i < rcp_batch.nparts; i++) {
		rcp_part *p = &rcp_batch.parts[i];
		if (!p->done && p->conn && p->conn->state == RCP_CONN_CONNECTING && rcp_batch.connect_deadline_ms < at) {
			at = rcp_batch.connect_deadline_ms;
		}
	}
	uv_timer_start(&rcp_timer, rcp_on_timer, at > now ? at - now : 0, 0);
}

int rcp_io_run(rcp_part *parts, int nparts, uint64_t deadline_ms, uint64_t connect_deadline_ms, uint64_t start_us)
{
	int i, failed = 0;
	bool direct;
	int dfd[RCP_DIRECT_MAX]; /* the direct way: each part's socket */

	rcp_batch.loop = rcp_io_loop();
	rcp_batch.parts = parts;
	rcp_batch.nparts = nparts;
	rcp_batch.remaining = nparts;
	rcp_batch.deadline_ms = deadline_ms;
	rcp_batch.connect_deadline_ms = connect_deadline_ms < deadline_ms ? connect_deadline_ms : deadline_ms;
	rcp_batch.bailout = false;
	rcp_batch.nprobe = 0;
	if (!start_us) {
		start_us = rcp_now_us();
	}
	rcp_batch.start_ms = start_us / 1000;
	rcp_batch.clock_us = 0;
	/* every part on a ready plaintext connection (the steady state): sent and read with plain syscalls, one poll()
	 * over the sockets, without turns of the libuv loop */
	direct = nparts <= RCP_DIRECT_MAX;
	for (i = 0; i < nparts && direct; i++) {
		direct = (!parts[i].nreplies && !parts[i].conn->sink) ||
			(parts[i].conn->state == RCP_CONN_READY && !parts[i].conn->tls);
		dfd[i] = -1;
	}

	for (i = 0; i < nparts; i++) {
		rcp_part *p = &parts[i];
		rcp_conn *c = p->conn;

		p->got = 0;
		p->done = false;
		p->stats = c->stats;
		p->wrote_any = false;
		p->kinds = 0;
		p->err.code = RCP_OK;
		c->part = p;
		c->rd.kinds = 0;
		c->rd.unwrap1 = p->unwrap1;
		c->last_used_ms = start_us / 1000; /* the same clock as rcp_now_ms() */
		if (p->nreplies == 0 && !c->sink) {
			rcp_part_finish(p);
			continue;
		}
		switch (c->state) {
			case RCP_CONN_READY:
				if (direct) {
					dfd[i] = rcp_direct_send(c, p);
				} else {
					rcp_start_io(c, p);
				}
				break;
			case RCP_CONN_NEW:
				if (!c->refusal) {
					rcp_conn_connect(c, p);
					break;
				}
				c->state = RCP_CONN_BROKEN; /* no slot under the per-node cap (pool.c): never connected */
				ZEND_FALLTHROUGH;
			default:
				if (c->refusal && !c->refusal_etype[0]) {
					rcp_err_set(&p->err, RCP_E_CONNECTION, c->addr, "%s", c->refusal);
				} else if (c->refusal) {
					rcp_err_set(&p->err, RCP_E_AUTH, c->addr, "%s", c->refusal);
					snprintf(p->err.etype, sizeof(p->err.etype), "%s", c->refusal_etype);
				} else {
					rcp_err_set(&p->err, RCP_E_CONNECTION, c->addr, "connection to %s is broken", c->addr);
				}
				rcp_part_finish(p);
				break;
		}
	}
	if (direct && rcp_batch.remaining > 0) {
		rcp_direct_wait(parts, nparts, dfd);
	}
	if (rcp_batch.remaining > 0) {
		rcp_arm_timer();
		while (rcp_batch.remaining > 0 && !rcp_batch.bailout && !rcp_oom_pending()) {
			uv_run(rcp_batch.loop, UV_RUN_ONCE);
		}
		uv_timer_stop(&rcp_timer);
	}
	if (rcp_oom_pending()) {
		for (i = 0; i < nparts; i++) {
			if (!parts[i].done && parts[i].conn) {
				rcp_part_fail(&parts[i], RCP_E_MEMORY, "reply from %s abandoned: %s", "memory_limit exhausted");
			}
		}
	}
	if (rcp_batch.nprobe && !rcp_batch.bailout) {
		rcp_probe_tls();
	}
	for (i = 0; i < nparts; i++) {
		if (parts[i].conn) {
			parts[i].kinds = parts[i].conn->rd.kinds;
			parts[i].conn->rd.unwrap1 = false;
			parts[i].conn->part = NULL;
			if (rcp_batch.bailout && parts[i].conn->handle_open) {
				parts[i].conn->state = RCP_CONN_BROKEN;
				rcp_conn_stop_reading(parts[i].conn);
			}
		}
		if (parts[i].err.code != RCP_OK) {
			failed++;
		}
		rcp_count_part(&parts[i], start_us);
	}
	rcp_batch.parts = NULL;
	rcp_batch.nparts = 0;
	if (rcp_batch.bailout) {
		rcp_batch.bailout = false;
		zend_bailout();
	}
	return failed;
}



/*
 * conn.c - one connection to a node (see rcp_conn.h): its life (made, refused, closed, freed by the loop's close
 * callback), whether an idle one may carry the next command (the reuse check: a verdict, no round trip), what the
 * replies to its setup commands (AUTH, READONLY, CLIENT SETINFO) say, where its host is (DNS), whether its port
 * speaks TLS; and the process' libuv loop every handle lives on. Reading and writing batches on connections is
 * the engine's (engine.c), which calls this file, never the reverse; the pool (pool.c) decides which connection
 * is reused.
 *
 * Invariants: a connection is process memory (malloc), never request memory; one that failed in any way is
 * BROKEN and never carries another command; a connection opened by another process (inherited across fork) is
 * never written to, only its descriptor closed.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <poll.h>
#include <limits.h>
#include <unistd.h>

#include "php.h"
#include "rcp_conn.h"
#include "rcp_count.h"
#include "rcp_thread.h"

/* One per process; per thread under ZTS (rcp_thread.h): a libuv loop is not thread-safe, so each thread runs its
 * own, with its own connections (docs/THREADS.md). */
typedef struct {
	uv_loop_t loop;
	bool loop_ready;
	pid_t loop_pid;
} rcp_conn_tstate;
RCP_THREAD_STATE(rcp_conn_tstate, rcp_conn_st);
#define rcp_loop (RCP_THREAD(rcp_conn_tstate, rcp_conn_st)->loop)
#define rcp_loop_ready (RCP_THREAD(rcp_conn_tstate, rcp_conn_st)->loop_ready)
#define rcp_loop_pid (RCP_THREAD(rcp_conn_tstate, rcp_conn_st)->loop_pid)

/* Connection ids (rcp_conn.id): one count for the whole process, not per thread: under ZTS a connection opened by one
 * thread can be handed over to another (pool.c), and a WATCH names its connection by id (exec_transaction.c): with a
 * count per thread, a connection the thread opened later could carry the id of the handed-over one that held the
 * WATCH, and the UNWATCH or EXEC would go to the wrong connection. */
static uint64_t rcp_conn_serial;

/* ---- the loop ---------------------------------------------------------------------------------- */

/* The process' loop: created on first use; in a fork child, given its own kernel state (uv_loop_fork) before the
 * child's first batch. Every handle (connections' sockets, the engine's timer) lives on it. */
uv_loop_t *rcp_io_loop(void)
{
	if (!rcp_loop_ready) {
		uv_loop_init(&rcp_loop);
		rcp_loop_ready = true;
		rcp_loop_pid = rcp_pid();
	} else if (rcp_loop_pid != rcp_pid()) {
		/* A forked child: the epoll instance is shared with the parent; get our own. */
		uv_loop_fork(&rcp_loop);
		rcp_loop_pid = rcp_pid();
	}
	return &rcp_loop;
}

void rcp_io_flush(void)
{
	if (rcp_loop_ready && rcp_loop_pid == rcp_pid()) {
		uv_run(&rcp_loop, UV_RUN_NOWAIT);
	}
}

static void rcp_close_handle(uv_handle_t *h, void *arg)
{
	(void)arg;
	if (!uv_is_closing(h)) {
		uv_close(h, NULL);
	}
}

void rcp_io_shutdown(void)
{
	if (!rcp_loop_ready || rcp_loop_pid != rcp_pid()) {
		return;
	}
	/* whatever handle is left (the engine's batch timer: the connections were closed before) */
	uv_walk(&rcp_loop, rcp_close_handle, NULL);
	uv_run(&rcp_loop, UV_RUN_DEFAULT);
	uv_loop_close(&rcp_loop);
	rcp_loop_ready = false;
}

/* ---- connection lifecycle --------------------------------------------------------------------- */


/* The names of the commands in RESP bytes we formatted ourselves (the setup: AUTH, READONLY, ...), as a
 * space-separated list, so a refusal can name the command (never its arguments: AUTH holds the password). */
static void rcp_setup_names(const char *p, size_t len, char *out, size_t cap)
{
	const char *end = p + len;
	size_t used = 0;

	out[0] = '\0';
	while (p < end && *p == '*') {
		long n = strtol(p + 1, NULL, 10);
		if (!(p = memchr(p, '\n', (size_t)(end - p)))) {
			return;
		}
		p++;
		for (long a = 0; a < n; a++) {
			long blen;
			if (p >= end || *p != '$') {
				return;
			}
			blen = strtol(p + 1, NULL, 10);
			if (!(p = memchr(p, '\n', (size_t)(end - p))) || blen < 0 || (size_t)(end - p - 1) < (size_t)blen + 2) {
				return;
			}
			p++;
			if (a == 0 && used + (size_t)blen + 2 < cap) {
				/* memcpy, not "%.*s": PHP's snprintf runs strlen() on the argument, and these bytes (AUTH's
				 * password among them) are not NUL-terminated */
				if (used) {
					out[used++] = ' ';
				}
				memcpy(out + used, p, (size_t)blen);
				used += (size_t)blen;
				out[used] = '\0';
			}
			p += blen + 2;
		}
	}
}

rcp_conn *rcp_conn_new(const char *host, int port, rcp_tls *tls, const char *setup, size_t setup_len,
                       uint32_t setup_replies)
{
	rcp_conn *c = calloc(1, sizeof(*c));

	if (!c) {
		return NULL;
	}
	snprintf(c->host, sizeof(c->host), "%s", host);
	c->port = port;
	c->tls_cfg = tls;
	rcp_addr_fmt(c->addr, sizeof(c->addr), host, (unsigned)port);
	c->stats = rcp_count_node(c->addr);
	c->pid = rcp_pid();
	rcp_resp_init(&c->rd);
	if (setup_len) {
		rcp_setup_names(setup, setup_len, c->setup_names, sizeof(c->setup_names));
		c->setup_total = setup_replies;
		c->setup = malloc(setup_len);
		memcpy(c->setup, setup, setup_len);
		c->setup_len = setup_len;
		c->setup_owed = setup_replies;
		c->setup_auth = !strncmp(c->setup_names, "AUTH", 4) && (!c->setup_names[4] || c->setup_names[4] == ' ');
	}
	c->state = RCP_CONN_NEW;
	c->opened_at_ms = rcp_now_ms();
	c->id = __atomic_add_fetch(&rcp_conn_serial, 1, __ATOMIC_RELAXED);
	return c;
}

void rcp_conn_refuse(rcp_conn *c, const char *etype, const char *msg)
{
	c->state = RCP_CONN_BROKEN;
	c->refusal = strdup(msg);
	snprintf(c->refusal_etype, sizeof(c->refusal_etype), "%s", etype);
}

void rcp_conn_free(rcp_conn *c)
{
	free(c->refusal);
	rcp_tls_conn_free(c->tls);
	rcp_resp_reset(&c->rd);
	if (c->setup) {
		explicit_bzero(c->setup, c->setup_len);
		free(c->setup);
	}
	rcp_wbuf_free(&c->wbuf, false);
	free(c);
}

static void rcp_on_close(uv_handle_t *h)
{
	rcp_conn_free((rcp_conn *)h->data);
}

void rcp_conn_close(rcp_conn *c)
{
	if (!c->refusal && c->pid == rcp_pid() && !c->closing_for_retry) {
		rcp_count_conn(c->stats, RCP_NEV_CLOSED);
	}
	if (c->part) {
		c->part->conn = NULL;
		c->part = NULL;
	}
	if (c->closing_for_retry) {
		c->free_when_closed = true; /* its handle's close callback frees it */
		return;
	}
	if (c->handle_open) {
		rcp_io_loop();
		c->handle_open = false;
		uv_close((uv_handle_t *)&c->tcp, rcp_on_close);
	} else {
		rcp_conn_free(c);
	}
}

bool rcp_conn_idle(const rcp_conn *c)
{
	return rcp_resp_idle(&c->rd);
}

rcp_reuse rcp_conn_reusable(rcp_conn *c)
{
	char byte;
	uv_os_fd_t fd;
	ssize_t n;

	if (c->pid != rcp_pid()) {
		return RCP_REUSE_FORKED;
	}
	if (c->state != RCP_CONN_READY) {
		return c->peer_closed ? RCP_REUSE_CLOSED_BY_PEER : RCP_REUSE_BROKEN;
	}
	if (c->owed || !rcp_conn_idle(c)) {
		return RCP_REUSE_UNREAD_REPLY;
	}
	if (c->tls && !rcp_tls_idle(c->tls)) {
		/* a record (or part of one) left undecrypted, plaintext nobody read, or a close_notify seen */
		return RCP_REUSE_UNSOLICITED;
	}
	if (uv_fileno((uv_handle_t *)&c->tcp, &fd) != 0) {
		return RCP_REUSE_BROKEN;
	}
	n = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
	if (n == 0) {
		return RCP_REUSE_CLOSED_BY_PEER;
	}
	if (n > 0) {
		if (c->tls) {
			/* a TLS record arrived while the connection was idle. A server closing (idle timeout, shutdown)
			 * sends close_notify; a NewSessionTicket sent after the first reply (its session is stored then) or
			 * a KeyUpdate carry no data and leave the connection usable; any data is a stray reply */
			char tmp[4096], msg[256];
			ssize_t m;
			bool data = false;
			for (int i = 0; i < 16 && (m = recv(fd, tmp, sizeof(tmp), MSG_DONTWAIT)) > 0; i++) {
				rcp_tls_feed(c->tls, tmp, (size_t)m);
			}
			while ((m = rcp_tls_read(c->tls, tmp, sizeof(tmp), msg, sizeof(msg))) > 0) {
				data = true; /* plaintext nobody asked for */
			}
			if (m == RCP_TLS_CLOSED) {
				c->peer_closed = true;
				return RCP_REUSE_CLOSED_BY_PEER;
			}
			if (!data && m == 0 && rcp_tls_idle(c->tls) &&
			    recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
				return RCP_REUSE_OK;
			}
		}
		return RCP_REUSE_UNSOLICITED;
	}
	if (errno != EAGAIN && errno != EWOULDBLOCK) {
		return RCP_REUSE_SOCKET_ERROR;
	}
	return RCP_REUSE_OK;
}

void rcp_conn_stop_reading(rcp_conn *c)
{
	if (c->reading && c->handle_open) {
		uv_read_stop((uv_stream_t *)&c->tcp);
	}
	c->reading = false;
}

/* ---- setup replies ---------------------------------------------------------------------------- */

/* The i-th word of a space-separated list, into out; "" when there is none. */
static void rcp_word(const char *list, uint32_t i, char *out, size_t cap)
{
	size_t n;

	while (i-- > 0 && (list = strchr(list, ' ')) != NULL) {
		list++;
	}
	n = list ? strcspn(list, " ") : 0;
	snprintf(out, cap, "%.*s", (int)MIN(n, cap - 1), list ? list : "");
}

rcp_status rcp_conn_setup_refused(rcp_conn *c, zend_string *m, char *msg, size_t cap, char *etype_out, size_t etcap)
{
	char name[24], etype[16];
	const char *sp = memchr(ZSTR_VAL(m), ' ', ZSTR_LEN(m));
	size_t tlen = sp ? (size_t)(sp - ZSTR_VAL(m)) : ZSTR_LEN(m);
	bool auth;
	const char *hint = "";

	rcp_word(c->setup_names, c->setup_total - c->setup_owed - 1, name, sizeof(name));
	etype_out[0] = '\0';
	if (!strcasecmp(name, "CLIENT")) {
		return RCP_OK; /* CLIENT SETINFO: a label, its refusal does not matter */
	}
	snprintf(etype, sizeof(etype), "%.*s", (int)MIN(tlen, sizeof(etype) - 1), ZSTR_VAL(m));
	auth = !strcmp(etype, "WRONGPASS") || !strcmp(etype, "NOPERM") || !strcmp(etype, "NOAUTH") ||
		(!strcasecmp(name, "AUTH") && !strcmp(etype, "ERR"));
	if (!strcasecmp(name, "AUTH")) {
		hint = "; check the username and password";
	} else if (!strcasecmp(name, "READONLY")) {
		hint = "; replica reads need the ACL permission +readonly";
	}
	snprintf(msg, cap, "%s on %s refused: %.*s%s", name[0] ? name : "connection setup", c->addr,
		(int)MIN(ZSTR_LEN(m), 200), ZSTR_VAL(m), hint);
	if (auth) {
		snprintf(etype_out, etcap, "%s", etype);
	}
	return auth ? RCP_E_AUTH : RCP_E_CONNECTION;
}

/* ---- where a node is, and what its port speaks ------------------------------------------------ */

/* Every address of the node's host (up to RCP_CONN_ADDRS), in getaddrinfo()'s order. */
int rcp_conn_resolve(rcp_conn *c)
{
	struct addrinfo hints, *res, *ai;
	uv_getaddrinfo_t req;
	char port[16];
	int rc;

	c->naddrs = c->addr_next = 0;
	memset(c->addrs, 0, sizeof(c->addrs));
	if (uv_ip4_addr(c->host, c->port, (struct sockaddr_in *)&c->addrs[0]) == 0 ||
	    uv_ip6_addr(c->host, c->port, (struct sockaddr_in6 *)&c->addrs[0]) == 0) {
		c->naddrs = 1;
		return 0;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	snprintf(port, sizeof(port), "%d", c->port);
	rc = uv_getaddrinfo(rcp_io_loop(), &req, NULL, c->host, port, &hints); /* synchronous (no callback) */
	if (rc < 0) {
		return rc;
	}
	res = req.addrinfo;
	for (ai = res; ai && c->naddrs < RCP_CONN_ADDRS; ai = ai->ai_next) {
		if (ai->ai_addrlen <= sizeof(c->addrs[0])) {
			memcpy(&c->addrs[c->naddrs++], ai->ai_addr, ai->ai_addrlen);
		}
	}
	uv_freeaddrinfo(res);
	return c->naddrs ? 0 : UV_EAI_NONAME;
}

/*
 * Whether the port c connected to answers TLS, asked on a connection of its own: a TLS ClientHello (TLS 1.2
 * framing, ECDHE suites) is answered with a TLS record (a ServerHello, or an alert when nothing is common) by a
 * TLS port; a node that went away refuses the connection; a plaintext node reads it as an unfinished command
 * and says nothing. Waits until until_ms at most. Only on the path of a failure (the engine's rcp_probe_tls).
 */
bool rcp_conn_speaks_tls(const rcp_conn *c, uint64_t until_ms)
{
	static const unsigned char hello[] = {
		0x16, 0x03, 0x01, 0x00, 0x5b,                               /* handshake record, 91 bytes */
		0x01, 0x00, 0x00, 0x57, 0x03, 0x03,                         /* ClientHello, 87 bytes, TLS 1.2 */
		0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52,
		0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52,
		0x00,                                                       /* no session id */
		0x00, 0x10, 0xc0, 0x2b, 0xc0, 0x2f, 0xc0, 0x2c, 0xc0, 0x30, /* ECDHE-ECDSA/RSA-AES-GCM, */
		0x13, 0x01, 0x13, 0x02, 0x13, 0x03, 0x00, 0x9c,             /* TLS 1.3 suites, AES128-GCM-SHA256 */
		0x01, 0x00,                                                 /* no compression */
		0x00, 0x1e,                                                 /* extensions: */
		0x00, 0x0a, 0x00, 0x06, 0x00, 0x04, 0x00, 0x17, 0x00, 0x18, /* groups P-256, P-384 */
		0x00, 0x0b, 0x00, 0x02, 0x01, 0x00,                         /* point formats: uncompressed */
		0x00, 0x0d, 0x00, 0x0a, 0x00, 0x08, 0x04, 0x03, 0x05, 0x03, 0x04, 0x01, 0x08, 0x04, /* signatures */
	};
	const struct sockaddr *sa = (const struct sockaddr *)&c->addrs[c->addr_next ? c->addr_next - 1 : 0];
	socklen_t salen = sa->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
	unsigned char rec[2];
	size_t got = 0;
	bool sent = false, tls = false;
	int fd = c->naddrs ? socket(sa->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0) : -1;

	if (fd < 0) {
		return false;
	}
	if (connect(fd, sa, salen) == 0 || errno == EINPROGRESS) {
		for (;;) {
			struct pollfd pfd = {.fd = fd, .events = sent ? POLLIN : POLLOUT};
			uint64_t now = rcp_now_ms();
			ssize_t n;

			if (now >= until_ms || poll(&pfd, 1, (int)MIN(until_ms - now, (uint64_t)INT_MAX)) <= 0) {
				break;
			}
			if (!sent) { /* connected, or refused: then the send fails */
				if (send(fd, hello, sizeof(hello), MSG_NOSIGNAL) != (ssize_t)sizeof(hello)) {
					break;
				}
				sent = true;
				continue;
			}
			if ((n = recv(fd, rec + got, sizeof(rec) - got, 0)) <= 0) {
				break;
			}
			if ((got += (size_t)n) == sizeof(rec)) {
				tls = (rec[0] == 0x15 || rec[0] == 0x16) && rec[1] == 0x03; /* alert or handshake, SSL 3 / TLS */
				break;
			}
		}
	}
	close(fd);
	return tls;
}

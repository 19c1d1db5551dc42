/*
 * cache_listener.c - the process that holds the read cache's invalidation links: one connection per node per pool
 * (not per worker), tracking on in BCAST mode, every invalidation applied to the segment (src/core/cache.c), every link
 * confirmed by a PING every cache_max_lag/4 (see docs/CACHE.md for the lifecycle and why a process).
 *
 * Who runs it. A process of its own, never a PHP worker: double-forked (so that no server ever sees an unknown child
 * exit) from the process that made the segment, in MINIT under php-fpm and Apache (before the workers fork), or at
 * the first link request in any other SAPI (the CLI: lazily; a dead listener is replaced the same way, by whichever
 * process asks first). It runs no PHP code: plain C, poll(), its own RESP reader (push and pub/sub frames), OpenSSL
 * through src/core/tls.c's memory BIOs for TLS nodes. It exits when the master goes: it holds the read end of a pipe
 * whose write end only the master keeps (workers close their copy at their first RINIT; the FPM reload's re-exec
 * closes it, FD_CLOEXEC) — EOF means the master is gone.
 *
 * What workers send it. Credentials never enter the segment: a worker that needs a link sends the node's address,
 * user, password and TLS settings over a SOCK_SEQPACKET socketpair made in MINIT (atomic messages from any number of
 * writers; nothing comes back: the link's state in the segment answers). The listener keeps them in its own memory
 * to reconnect by itself. While it runs as root (an FPM master started as root), it takes the uid/gid of the first
 * worker that writes to it (SCM_CREDENTIALS), before it opens any connection.
 *
 * Link life: CONNECTING (TCP, TLS, HELLO 3 [AUTH], CLIENT TRACKING on BCAST, PING) -> UP (confirmed at the first
 * PONG) -> on EOF, an error, a protocol error, a PING unanswered for RCP_LINK_TIMEOUT_MS: lost (generation bump,
 * DOWN), reconnected with a backoff while workers use it; a server without HELLO 3 gets RESP2 (CLIENT ID, CLIENT
 * TRACKING on BCAST REDIRECT <own id>, SUBSCRIBE __redis__:invalidate); tracking refused: REFUSED with the server's
 * error; credentials or TLS refused: FAILED (retried when a worker asks again). Unused for RCP_LINK_IDLE_S: closed.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rcp_cache.h"
#ifndef RCP_CACHE_STANDALONE
# include "rcp_tls.h"
#endif

#define RCP_REQ_MAGIC        0x52435051u      /* "RCPQ" */
#define RCP_REQ_MAX          (64 * 1024)
#define RCP_LINK_TIMEOUT_MS  5000             /* connect, each setup step, and the oldest unanswered PING */
#define RCP_LINK_IDLE_S      600              /* a link no worker used for this long is closed */
#define RCP_BACKOFF_MIN_MS   100
#define RCP_BACKOFF_MAX_MS   5000
#define RCP_PINGS_MAX        64               /* PINGs in flight on one link */
#define RCP_IN_MAX           (64u << 20)      /* the largest frame a node may send us */
#define RCP_DEPTH_MAX        16

/* ---- the worker's side: fds and requests ------------------------------------------------------------------- */

static int rcp_req_fd[2] = {-1, -1};      /* [0]: the listener reads; [1]: workers write */
static int rcp_master_fd[2] = {-1, -1};   /* [0]: the listener reads (EOF: the master is gone); [1]: the master */
static pid_t rcp_creator_pid;
#ifdef ZTS
static int rcp_spawn_fd = -1;             /* the spawner's socket (threads' end); -1: none, fork here */
#endif

typedef enum {
	RCP_REQ_HOST = 0, RCP_REQ_USER, RCP_REQ_PASS, RCP_REQ_CAFILE, RCP_REQ_CAPATH, RCP_REQ_CERT, RCP_REQ_PK,
	RCP_REQ_PASSPHRASE, RCP_REQ_PEER_NAME, RCP_REQ_CIPHERS, RCP_REQ_NSTR
} rcp_req_str;

typedef struct {
	uint32_t magic;
	uint16_t cluster, link;
	uint16_t port;
	uint8_t tls, has_user, has_pass;
	uint8_t verify_peer, verify_peer_name, allow_self_signed, sni;
	int32_t min_version, max_version;
	uint32_t len[RCP_REQ_NSTR];          /* UINT32_MAX: not given (NULL) */
} rcp_req_hdr;

static void rcp_listener_main(void) __attribute__((noreturn));
static void rcp_child_init(const char *name, int keep);

static bool rcp_multi_process_sapi(const char *sapi)
{
	return sapi && (!strcmp(sapi, "fpm-fcgi") || !strcmp(sapi, "apache2handler") || !strcmp(sapi, "litespeed"));
}

/* Run fn in a process of its own: fork, fork again, the grandchild runs fn; the middle child exits at once and is
 * reaped here (a server's SIGCHLD handler never sees a child it does not know). false when fork failed. */
static bool rcp_detached(void (*fn)(void))
{
	pid_t mid = fork();

	if (mid < 0) {
		return false;
	}
	if (mid == 0) {
		pid_t gc;

		setsid(); /* the terminal's signals (Ctrl-C on a CLI) are not for it: it goes when the pipe says */
		gc = fork();
		if (gc != 0) {
			_exit(gc < 0 ? 1 : 0);
		}
		fn();
		_exit(0);
	}
	while (waitpid(mid, NULL, 0) < 0 && errno == EINTR) {
	}
	return true;
}

/* Start a listener (see rcp_detached). */
static bool rcp_listener_spawn(void)
{
	return rcp_detached(rcp_listener_main);
}

#ifdef ZTS
/* Under threads, a listener is not forked from the threaded process: fork() there copies one thread, and the
 * listener's code after it (malloc, getaddrinfo(), OpenSSL for a TLS node) could wait forever for a lock another
 * thread held at that instant. The spawner, forked in MINIT before any thread serves a request (and so with no
 * lock held), forks the listeners: a thread that finds the listener dead sends it one byte. It runs no PHP code;
 * it exits with the master (EOF on the master pipe) or when no process can ask it any more (every writer's end
 * closed). Not in the CLI (one thread: it forks the listener itself, as on NTS). */
static void rcp_spawner_main(void)
{
	struct pollfd p[2];
	char b[16];

	rcp_child_init("rcp-cache-spawn", rcp_spawn_fd);
	for (;;) {
		p[0].fd = rcp_spawn_fd;
		p[0].events = POLLIN;
		p[1].fd = rcp_master_fd[0];
		p[1].events = POLLIN;
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR) {
				continue;
			}
			_exit(1);
		}
		if (p[1].revents) {
			_exit(0);
		}
		if (p[0].revents) {
			ssize_t n;
			bool asked = false;
			while ((n = recv(rcp_spawn_fd, b, sizeof(b), MSG_DONTWAIT)) > 0) {
				asked = true;
			}
			if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
				_exit(0); /* every writer's end is closed */
			}
			if (asked) {
				rcp_listener_spawn();
			}
		}
	}
}

/* MINIT: the spawner (its end of the socket kept by it only). false: none (listeners are forked here). */
static bool rcp_spawner_start(void)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
		return false;
	}
	rcp_spawn_fd = sv[0];
	if (!rcp_detached(rcp_spawner_main)) {
		close(sv[0]);
		close(sv[1]);
		rcp_spawn_fd = -1;
		return false;
	}
	close(sv[0]);
	rcp_spawn_fd = sv[1];
	fcntl(rcp_spawn_fd, F_SETFL, fcntl(rcp_spawn_fd, F_GETFL) | O_NONBLOCK);
	return true;
}
#endif

/* A new listener: asked of the spawner under threads (forked here when there is none, or it is gone). */
static void rcp_listener_start(void)
{
#ifdef ZTS
	int fd = rcp_spawn_fd;
	if (fd >= 0 && send(fd, "s", 1, MSG_DONTWAIT | MSG_NOSIGNAL) == 1) {
		return;
	}
	if (fd >= 0 && errno == EAGAIN) {
		return; /* asked already: its socket is full of requests */
	}
#endif
	rcp_listener_spawn();
}

bool rcp_cache_listener_minit(const char *sapi_name, char *err, size_t errlen)
{
	if (!rcp_cache_on()) {
		return true;
	}
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, rcp_req_fd) != 0 ||
	    pipe2(rcp_master_fd, O_CLOEXEC) != 0) {
		snprintf(err, errlen, "redis_cluster_pool: cannot make the cache listener's sockets: %s (the cache is off)",
			strerror(errno));
		return false;
	}
	/* workers never block on a full socket: a request that does not fit is dropped and asked again later */
	fcntl(rcp_req_fd[1], F_SETFL, fcntl(rcp_req_fd[1], F_GETFL) | O_NONBLOCK);
	{
		int on = 1;
		setsockopt(rcp_req_fd[0], SOL_SOCKET, SO_PASSCRED, &on, sizeof(on));
	}
	rcp_creator_pid = rcp_pid();
#ifdef ZTS
	if (!sapi_name || (strcmp(sapi_name, "cli") && strcmp(sapi_name, "phpdbg"))) {
		rcp_spawner_start();
	}
#endif
	if (rcp_multi_process_sapi(sapi_name)) {
		int32_t *pidw = rcp_cache_listener_pid_word();
		__atomic_store_n(rcp_cache_listener_spawn_word(), rcp_now_ns(), __ATOMIC_RELEASE);
		__atomic_store_n(pidw, -1, __ATOMIC_RELEASE); /* starting */
		rcp_listener_spawn();
	}
	return true;
}

void rcp_cache_listener_rinit(void)
{
	if (rcp_master_fd[1] >= 0 && rcp_pid() != rcp_creator_pid) {
#ifdef ZTS
		/* the first request of each thread of a forked child gets here: one of them closes it */
		int fd = __atomic_exchange_n(&rcp_master_fd[1], -1, __ATOMIC_ACQ_REL);
		if (fd >= 0) {
			close(fd);
		}
#else
		close(rcp_master_fd[1]);
		rcp_master_fd[1] = -1;
#endif
	}
}

void rcp_cache_listener_mshutdown(void)
{
#ifdef ZTS
	if (rcp_spawn_fd >= 0) {
		close(rcp_spawn_fd);
		rcp_spawn_fd = -1;
	}
#endif
	for (int i = 0; i < 2; i++) {
		if (rcp_req_fd[i] >= 0) {
			close(rcp_req_fd[i]);
			rcp_req_fd[i] = -1;
		}
		if (rcp_master_fd[i] >= 0) {
			close(rcp_master_fd[i]); /* the master's write end: the listener sees EOF and exits */
			rcp_master_fd[i] = -1;
		}
	}
}

/* Is the listener alive? Its /proc entry says: a process named rcp-cache that is not a zombie (a dead listener whose
 * new parent does not reap it, e.g. a container's PID 1, stays a zombie; a pid reused by another program has another
 * name). A stopped or hung listener counts as alive and is never replaced: two listeners writing one link's state
 * could confirm what the other missed; its links simply stop being confirmed, so entries are misses. A listener being
 * started (-1) counts as alive for RCP_LINK_TIMEOUT_MS. Without /proc: kill(pid, 0). */
static bool rcp_listener_alive(uint64_t now)
{
	int32_t pid = __atomic_load_n(rcp_cache_listener_pid_word(), __ATOMIC_ACQUIRE);
	char path[64], st[128];
	ssize_t n;
	int fd;

	if (pid == -1) {
		return now - __atomic_load_n(rcp_cache_listener_spawn_word(), __ATOMIC_ACQUIRE) < RCP_LINK_TIMEOUT_MS * 1000000ull;
	}
	if (pid <= 0) {
		return false;
	}
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		return errno == ENOENT ? false : (kill(pid, 0) == 0 || errno == EPERM);
	}
	n = read(fd, st, sizeof(st) - 1);
	close(fd);
	if (n <= 0) {
		return false;
	}
	st[n] = '\0';
	/* "pid (comm) S ..." */
	{
		const char *name = strchr(st, '('), *end = strrchr(st, ')');
		return name && end && end - name - 1 == 9 && !strncmp(name + 1, "rcp-cache", 9) && end[1] == ' ' && end[2] != 'Z';
	}
}

/* Start a listener unless one is alive or another process is starting one (single flight: a CAS on the spawn
 * time, at most one attempt per second across processes). */
static void rcp_listener_ensure(void)
{
	uint64_t now = rcp_now_ns(), last;
	int32_t *pidw = rcp_cache_listener_pid_word();

	if (rcp_req_fd[0] < 0 || rcp_listener_alive(now)) {
		return;
	}
	last = __atomic_load_n(rcp_cache_listener_spawn_word(), __ATOMIC_ACQUIRE);
	if (now - last < 1000000000ull ||
	    !__atomic_compare_exchange_n(rcp_cache_listener_spawn_word(), &last, now, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		return;
	}
	__atomic_store_n(pidw, -1, __ATOMIC_RELEASE);
	rcp_listener_start();
}

static size_t rcp_put(char *buf, size_t at, rcp_req_hdr *h, rcp_req_str i, const char *s, size_t len)
{
	if (!s) {
		h->len[i] = UINT32_MAX;
		return at;
	}
	if (at + len > RCP_REQ_MAX) {
		h->len[i] = UINT32_MAX;
		return SIZE_MAX;
	}
	memcpy(buf + at, s, len);
	h->len[i] = (uint32_t)len;
	return at + len;
}

#define RCP_PUTS(i, s) (at = at == SIZE_MAX ? at : rcp_put(buf, at, &h, i, (s), (s) ? strlen(s) : 0))

bool rcp_cache_link_request(rcp_cache_cluster *cc, rcp_cache_link *l, const rcp_cache_link_cfg *cfg, bool force)
{
	uint64_t now = rcp_now_ns(), last;
	uint64_t *want = rcp_cache_link_want_word(l);
	char *buf;
	rcp_req_hdr h;
	size_t at = sizeof(h);
	ssize_t n;
	rcp_cache_link_state st;
	uint64_t gap;

	if (!rcp_cache_on() || !cc || !l || rcp_req_fd[1] < 0) {
		return false;
	}
	last = __atomic_load_n(want, __ATOMIC_ACQUIRE);
	st = rcp_cache_link_status(l, NULL, 0);
	/* a server that refused tracking or the credentials is asked again only now and then */
	gap = st == RCP_LINK_REFUSED || st == RCP_LINK_FAILED ? RCP_CACHE_RETRY_REFUSED_MS : RCP_CACHE_REQUEST_MS;
	if (!force && now - last < gap * 1000000ull) {
		return false;
	}
	if (!__atomic_compare_exchange_n(want, &last, now, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		return false; /* another process asks right now */
	}
	/* in use from now (the listener closes links no worker used for RCP_LINK_IDLE_S) */
	__atomic_store_n(rcp_cache_link_used_word(l), now, __ATOMIC_RELEASE);
	rcp_listener_ensure();
	if (!(buf = malloc(RCP_REQ_MAX))) {
		return false;
	}
	memset(&h, 0, sizeof(h));
	h.magic = RCP_REQ_MAGIC;
	h.cluster = rcp_cache_cluster_index(cc);
	h.link = rcp_cache_link_index(l);
	h.port = cfg->port;
	h.tls = cfg->tls;
	h.verify_peer = cfg->verify_peer;
	h.verify_peer_name = cfg->verify_peer_name;
	h.allow_self_signed = cfg->allow_self_signed;
	h.sni = cfg->sni;
	h.min_version = cfg->min_version;
	h.max_version = cfg->max_version;
	RCP_PUTS(RCP_REQ_HOST, cfg->host);
	RCP_PUTS(RCP_REQ_USER, cfg->user);
	at = at == SIZE_MAX ? at : rcp_put(buf, at, &h, RCP_REQ_PASS, cfg->pass, cfg->pass_len);
	RCP_PUTS(RCP_REQ_CAFILE, cfg->cafile);
	RCP_PUTS(RCP_REQ_CAPATH, cfg->capath);
	RCP_PUTS(RCP_REQ_CERT, cfg->local_cert);
	RCP_PUTS(RCP_REQ_PK, cfg->local_pk);
	at = at == SIZE_MAX ? at : rcp_put(buf, at, &h, RCP_REQ_PASSPHRASE, cfg->passphrase, cfg->passphrase_len);
	RCP_PUTS(RCP_REQ_PEER_NAME, cfg->peer_name);
	RCP_PUTS(RCP_REQ_CIPHERS, cfg->ciphers);
	if (at == SIZE_MAX || !cfg->host) {
		explicit_bzero(buf, RCP_REQ_MAX);
		free(buf);
		return false;
	}
	memcpy(buf, &h, sizeof(h));
	n = send(rcp_req_fd[1], buf, at, MSG_DONTWAIT | MSG_NOSIGNAL);
	/* the secrets leave this buffer at once */
	explicit_bzero(buf, at);
	free(buf);
	return n == (ssize_t)at;
}

#undef RCP_PUTS

/* ---- the listener: links -------------------------------------------------------------------------------------- */

typedef enum {
	P_IDLE = 0, P_RETRY, P_CONNECT, P_TLS, P_HELLO, P_AUTH2, P_CLIENT_ID, P_TRACKING, P_SUBSCRIBE, P_FIRST_PING, P_UP
} rcp_phase;

typedef struct {
	rcp_cache_link *l;
	rcp_cache_cluster *cc;
	/* what the last request said (malloc'd; secrets zeroed when freed) */
	char *str[RCP_REQ_NSTR];
	size_t slen[RCP_REQ_NSTR];
	rcp_req_hdr cfg;
#ifndef RCP_CACHE_STANDALONE
	rcp_tls *tls;
	rcp_tls_conn *tc;
#endif
	int fd;
	rcp_phase phase;
	int proto;                      /* 3 or 2 */
	bool resp2_tried;
	uint64_t phase_deadline;        /* connect / setup step */
	uint64_t retry_at;
	uint32_t backoff_ms;
	char *in;                       /* plaintext received, not parsed yet */
	size_t in_len, in_cap;
	char *out;                      /* bytes to send (ciphertext over TLS) */
	size_t out_len, out_cap;
	uint64_t pings[RCP_PINGS_MAX];  /* send times of PINGs in flight, oldest first (a ring) */
	uint32_t ping_head, ping_n;
	uint64_t next_ping;
	uint64_t first_ping_sent;
} rcp_lnk;

static rcp_lnk **rcp_lnks;          /* [cluster * RCP_CACHE_LINKS + link] */
static char rcp_client_name[32];    /* CLIENT SETNAME: "rcp-cache-<pid>" (CLIENT LIST tells which listener) */
static uint32_t rcp_nlnk_slots;
static uint64_t rcp_ping_every_ns;
static uint32_t rcp_links_up;

static void rcp_lnk_free_cfg(rcp_lnk *k)
{
	for (int i = 0; i < RCP_REQ_NSTR; i++) {
		if (k->str[i]) {
			explicit_bzero(k->str[i], k->slen[i]);
			free(k->str[i]);
			k->str[i] = NULL;
		}
	}
}

static void rcp_lnk_close(rcp_lnk *k)
{
	if (k->fd >= 0) {
		close(k->fd);
		k->fd = -1;
	}
#ifndef RCP_CACHE_STANDALONE
	if (k->tc) {
		rcp_tls_conn_free(k->tc);
		k->tc = NULL;
	}
#endif
	if (k->phase == P_UP) {
		rcp_links_up--;
		rcp_cache_listener_links_up(rcp_links_up);
	}
	k->in_len = k->out_len = 0;
	k->ping_n = 0;
}

/* The connection is gone: every entry of the node becomes a miss at once; state and reason as given. Reconnected
 * after a backoff when state is DOWN. */
static void rcp_lnk_lost(rcp_lnk *k, rcp_cache_link_state state, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void rcp_lnk_lost(rcp_lnk *k, rcp_cache_link_state state, const char *fmt, ...)
{
	char why[RCP_CACHE_ERR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	rcp_lnk_close(k);
	rcp_cache_link_lost(k->l, state, why);
	if (state == RCP_LINK_DOWN) {
		uint64_t now = rcp_now_ns();
		k->phase = P_RETRY;
		k->retry_at = now + (uint64_t)k->backoff_ms * 1000000ull;
		k->backoff_ms = k->backoff_ms * 2 > RCP_BACKOFF_MAX_MS ? RCP_BACKOFF_MAX_MS : k->backoff_ms * 2;
	} else {
		k->phase = P_IDLE;
	}
}

static bool rcp_out_reserve(char **buf, size_t *cap, size_t len, size_t more)
{
	if (len + more <= *cap) {
		return true;
	}
	size_t nc = *cap ? *cap : 4096;
	while (nc < len + more) {
		nc *= 2;
	}
	char *nb = realloc(*buf, nc);
	if (!nb) {
		return false;
	}
	*buf = nb;
	*cap = nc;
	return true;
}

/* Queue bytes for the socket: plaintext as is, or through TLS. */
static bool rcp_lnk_queue_raw(rcp_lnk *k, const char *p, size_t n)
{
	if (!rcp_out_reserve(&k->out, &k->out_cap, k->out_len, n)) {
		return false;
	}
	memcpy(k->out + k->out_len, p, n);
	k->out_len += n;
	return true;
}

static bool rcp_lnk_queue(rcp_lnk *k, const char *p, size_t n)
{
#ifndef RCP_CACHE_STANDALONE
	if (k->tc) {
		char msg[200];
		const char *ct;
		size_t ctn;

		if (!rcp_tls_write(k->tc, p, n, msg, sizeof(msg))) {
			return false;
		}
		ctn = rcp_tls_out(k->tc, &ct);
		bool ok = rcp_lnk_queue_raw(k, ct, ctn);
		rcp_tls_out_clear(k->tc);
		return ok;
	}
#endif
	return rcp_lnk_queue_raw(k, p, n);
}

/* A command as RESP (argv of NUL-terminated strings, or with lens). */
static bool rcp_lnk_cmd(rcp_lnk *k, int argc, const char *const *argv, const size_t *lens)
{
	char b[4096];
	size_t at;
	bool ok;

	at = (size_t)snprintf(b, sizeof(b), "*%d\r\n", argc);
	for (int i = 0; i < argc; i++) {
		size_t n = lens ? lens[i] : strlen(argv[i]);
		char hd[32];
		int hn = snprintf(hd, sizeof(hd), "$%zu\r\n", n);
		if (at + (size_t)hn + n + 2 > sizeof(b)) {
			explicit_bzero(b, sizeof(b));
			return false;
		}
		memcpy(b + at, hd, (size_t)hn);
		at += (size_t)hn;
		memcpy(b + at, argv[i], n);
		at += n;
		b[at++] = '\r';
		b[at++] = '\n';
	}
	ok = rcp_lnk_queue(k, b, at);
	explicit_bzero(b, at); /* AUTH / HELLO carry the password */
	return ok;
}

static void rcp_lnk_ping(rcp_lnk *k, uint64_t now)
{
	static const char *const ping[] = {"PING"};

	if (k->ping_n >= RCP_PINGS_MAX || !rcp_lnk_cmd(k, 1, ping, NULL)) {
		return;
	}
	k->pings[(k->ping_head + k->ping_n) % RCP_PINGS_MAX] = now;
	k->ping_n++;
}

/* HELLO 3 [AUTH user pass] SETNAME rcp-cache-<pid>: the first step (after TLS). */
static void rcp_lnk_hello(rcp_lnk *k)
{
	const char *argv[7] = {"HELLO", "3"};
	size_t lens[7] = {5, 1};
	int argc = 2;

	if (k->str[RCP_REQ_PASS]) {
		argv[argc] = "AUTH";
		lens[argc++] = 4;
		argv[argc] = k->str[RCP_REQ_USER] ? k->str[RCP_REQ_USER] : "default";
		lens[argc] = k->str[RCP_REQ_USER] ? k->slen[RCP_REQ_USER] : 7;
		argc++;
		argv[argc] = k->str[RCP_REQ_PASS];
		lens[argc++] = k->slen[RCP_REQ_PASS];
	}
	argv[argc] = "SETNAME";
	lens[argc++] = 7;
	argv[argc] = rcp_client_name;
	lens[argc++] = strlen(rcp_client_name);
	k->phase = P_HELLO;
	rcp_lnk_cmd(k, argc, argv, lens);
}

/* RESP2: AUTH [user] pass, or straight to CLIENT ID. */
static void rcp_lnk_resp2_start(rcp_lnk *k)
{
	k->proto = 2;
	if (k->str[RCP_REQ_PASS]) {
		const char *argv[3] = {"AUTH"};
		size_t lens[3] = {4};
		int argc = 1;
		if (k->str[RCP_REQ_USER]) {
			argv[argc] = k->str[RCP_REQ_USER];
			lens[argc++] = k->slen[RCP_REQ_USER];
		}
		argv[argc] = k->str[RCP_REQ_PASS];
		lens[argc++] = k->slen[RCP_REQ_PASS];
		k->phase = P_AUTH2;
		rcp_lnk_cmd(k, argc, argv, lens);
	} else {
		static const char *const id[] = {"CLIENT", "ID"};
		k->phase = P_CLIENT_ID;
		rcp_lnk_cmd(k, 2, id, NULL);
	}
}

static void rcp_lnk_connected(rcp_lnk *k, uint64_t now)
{
	k->phase_deadline = now + RCP_LINK_TIMEOUT_MS * 1000000ull;
#ifndef RCP_CACHE_STANDALONE
	if (k->cfg.tls) {
		char msg[300];
		const char *ct;
		size_t ctn;
		int r;

		k->phase = P_TLS;
		r = rcp_tls_handshake(k->tc, msg, sizeof(msg));
		ctn = rcp_tls_out(k->tc, &ct);
		rcp_lnk_queue_raw(k, ct, ctn);
		rcp_tls_out_clear(k->tc);
		if (r < 0) {
			rcp_lnk_lost(k, RCP_LINK_FAILED, "TLS: %s", msg);
		} else if (r == 1) {
			rcp_lnk_hello(k);
		}
		return;
	}
#endif
	if (k->resp2_tried) {
		rcp_lnk_resp2_start(k);
	} else {
		rcp_lnk_hello(k);
	}
}

static void rcp_lnk_connect(rcp_lnk *k, uint64_t now)
{
	struct addrinfo hints, *res = NULL, *ai;
	char port[8];
	int fd = -1, rc;

	rcp_lnk_close(k);
	rcp_cache_link_connecting(k->l);
	k->phase = P_CONNECT;
	k->phase_deadline = now + RCP_LINK_TIMEOUT_MS * 1000000ull;
	k->proto = 3;
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	snprintf(port, sizeof(port), "%u", k->cfg.port);
	/* a name is resolved here, blocking this loop (nodes are almost always addresses) */
	rc = getaddrinfo(k->str[RCP_REQ_HOST], port, &hints, &res);
	if (rc != 0 || !res) {
		rcp_lnk_lost(k, RCP_LINK_DOWN, "cannot resolve %s: %s", k->str[RCP_REQ_HOST], gai_strerror(rc));
		return;
	}
	for (ai = res; ai; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
		if (fd < 0) {
			continue;
		}
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 || errno == EINPROGRESS) {
			break;
		}
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		rcp_lnk_lost(k, RCP_LINK_DOWN, "cannot connect: %s", strerror(errno));
		return;
	}
	{
		int on = 1;
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
		setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof(on));
	}
	k->fd = fd;
#ifndef RCP_CACHE_STANDALONE
	if (k->cfg.tls) {
		k->tc = rcp_tls_conn_new(k->tls, k->str[RCP_REQ_HOST], k->cfg.port);
		if (!k->tc) {
			rcp_lnk_lost(k, RCP_LINK_DOWN, "TLS: out of memory");
			return;
		}
	}
#endif
}

/* ---- the listener: RESP ------------------------------------------------------------------------------------------ */

/*
 * A cursor over received bytes. rcp_resp_skip() walks one whole element (aggregates, attributes, every RESP3
 * type): 1 done, 0 incomplete (wait for more), -1 not RESP. rcp_resp_head() reads one element's header.
 */
typedef struct {
	const char *p, *end;
} rcp_cur;

typedef struct {
	char type;
	int64_t n;                  /* integer value; aggregate count (-1: null); bulk length (-1: null) */
	const char *s;              /* simple string / error / bulk payload */
	size_t len;
} rcp_el;

static int rcp_resp_head(rcp_cur *c, rcp_el *e)
{
	const char *nl, *line;
	size_t ll;

	if (c->p >= c->end) {
		return 0;
	}
	nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
	if (!nl) {
		return (size_t)(c->end - c->p) > 65536 ? -1 : 0;
	}
	if (nl == c->p || nl[-1] != '\r') {
		return -1;
	}
	e->type = *c->p;
	line = c->p + 1;
	ll = (size_t)(nl - 1 - line);
	e->s = line;
	e->len = ll;
	e->n = 0;
	switch (e->type) {
		case '+': case '-': case ',': case '(': case '#': case '_':
			break;
		case ':': case '$': case '=': case '!': case '*': case '>': case '%': case '~': case '|': {
			bool neg = false;
			size_t i = 0;
			uint64_t v = 0;
			if (ll && line[0] == '-') {
				neg = true;
				i = 1;
			}
			if (i == ll || ll - i > 18) {
				return -1;
			}
			for (; i < ll; i++) {
				if (line[i] < '0' || line[i] > '9') {
					return -1;
				}
				v = v * 10 + (uint64_t)(line[i] - '0');
			}
			e->n = neg ? -(int64_t)v : (int64_t)v;
			break;
		}
		default:
			return -1;
	}
	c->p = nl + 1;
	if (e->type == '$' || e->type == '=' || e->type == '!') {
		if (e->n < 0) {
			if (e->n != -1) {
				return -1;
			}
			e->s = NULL;
			e->len = 0;
			return 1;
		}
		if ((uint64_t)e->n > RCP_IN_MAX) {
			return -1;
		}
		if ((size_t)(c->end - c->p) < (size_t)e->n + 2) {
			return 0;
		}
		if (c->p[e->n] != '\r' || c->p[e->n + 1] != '\n') {
			return -1;
		}
		e->s = c->p;
		e->len = (size_t)e->n;
		c->p += e->n + 2;
	} else if ((e->type == '*' || e->type == '>' || e->type == '%' || e->type == '~' || e->type == '|') &&
	           (e->n < -1 || e->n > (int64_t)RCP_IN_MAX)) {
		return -1;
	}
	return 1;
}

static int rcp_resp_skip(rcp_cur *c, int depth)
{
	rcp_el e;
	int r;

	if (depth > RCP_DEPTH_MAX) {
		return -1;
	}
	if ((r = rcp_resp_head(c, &e)) != 1) {
		return r;
	}
	if (e.type == '|') {
		/* attributes: a map, then the element they describe */
		for (int64_t i = 0; i < e.n * 2; i++) {
			if ((r = rcp_resp_skip(c, depth + 1)) != 1) {
				return r;
			}
		}
		return rcp_resp_skip(c, depth);
	}
	if (e.type == '*' || e.type == '>' || e.type == '~' || e.type == '%') {
		int64_t n = e.type == '%' ? e.n * 2 : e.n;
		for (int64_t i = 0; i < n; i++) {
			if ((r = rcp_resp_skip(c, depth + 1)) != 1) {
				return r;
			}
		}
	}
	return 1;
}

/* The length of the complete frame at p (0: incomplete, -1: not RESP). Exposed for tests/cache. */
long rcp_cache_resp_frame(const char *p, size_t n);
long rcp_cache_resp_frame(const char *p, size_t n)
{
	rcp_cur c = {p, p + n};
	int r = rcp_resp_skip(&c, 0);
	return r == 1 ? (long)(c.p - p) : r;
}

static bool rcp_el_is(const rcp_el *e, const char *s)
{
	size_t n = strlen(s);
	return (e->type == '$' || e->type == '+') && e->s && e->len == n && strncasecmp(e->s, s, n) == 0;
}

/* Every key of an invalidation (an array of keys, or null: the node was flushed) applied. c is at the payload. */
static int rcp_lnk_invalidation(rcp_lnk *k, rcp_cur *c)
{
	rcp_el e;
	int r = rcp_resp_head(c, &e);

	if (r != 1) {
		return -1;
	}
	if (e.type == '_' || ((e.type == '*' || e.type == '$') && e.n == -1)) {
		rcp_cache_link_flushed(k->l);
		return 1;
	}
	if (e.type != '*') {
		return -1;
	}
	for (int64_t i = 0; i < e.n; i++) {
		rcp_el key;
		if (rcp_resp_head(c, &key) != 1 || (key.type != '$' && key.type != '+') || !key.s) {
			return -1;
		}
		rcp_cache_key_invalidated(k->cc, key.s, key.len);
	}
	rcp_cache_link_count_invalidations(k->l, (uint64_t)e.n);
	return 1;
}

/* A PONG (or any reply in the PING's place: an error reply to a PING is still its place in the stream). */
static void rcp_lnk_pong(rcp_lnk *k, uint64_t now)
{
	uint64_t sent;

	if (!k->ping_n) {
		return;
	}
	sent = k->pings[k->ping_head];
	k->ping_head = (k->ping_head + 1) % RCP_PINGS_MAX;
	k->ping_n--;
	rcp_cache_link_confirm(k->l, sent, now - sent);
}

static void rcp_lnk_refused(rcp_lnk *k, rcp_cache_link_state st, const char *what, const rcp_el *e)
{
	/* a NUL-terminated copy: PHP's vsnprintf (php.h replaces libc's) runs strlen() past a %.*s precision */
	char msg[151];
	size_t n = e->s ? (e->len > 150 ? 150 : e->len) : 0;

	memcpy(msg, e->s ? e->s : "", n);
	msg[n] = '\0';
	/* a node that is starting or busy (a restarted primary, now a replica loading its primary's data; a script that
	 * runs long) refuses for a while, not for good: retried with the backoff like a lost connection, not left failed
	 * until a worker asks again (the node's entries would stay misses meanwhile) */
	if (!strncmp(msg, "LOADING", 7) || !strncmp(msg, "BUSY", 4) || !strncmp(msg, "MASTERDOWN", 10) ||
	    !strncmp(msg, "TRYAGAIN", 8)) {
		st = RCP_LINK_DOWN;
	}
	rcp_lnk_lost(k, st, "%s: %s", what, msg);
}

/* One complete frame of a link in setup. */
static void rcp_lnk_setup_frame(rcp_lnk *k, const rcp_el *e, rcp_cur *c, uint64_t now)
{
	bool err = e->type == '-' || e->type == '!';

	switch (k->phase) {
		case P_HELLO:
			if (err) {
				/* a server without RESP3 (or without HELLO): RESP2 on the same connection, AUTH first */
				if ((e->len >= 7 && !strncmp(e->s, "NOPROTO", 7)) || (e->len >= 11 && !strncasecmp(e->s, "ERR unknown", 11))) {
					k->resp2_tried = true;
					rcp_lnk_resp2_start(k);
					return;
				}
				rcp_lnk_refused(k, RCP_LINK_FAILED, "HELLO 3 refused", e);
				return;
			}
			{
				static const char *const trk[] = {"CLIENT", "TRACKING", "on", "BCAST"};
				k->phase = P_TRACKING;
				rcp_lnk_cmd(k, 4, trk, NULL);
			}
			return;
		case P_AUTH2:
			if (err) {
				rcp_lnk_refused(k, RCP_LINK_FAILED, "AUTH refused", e);
				return;
			}
			{
				static const char *const id[] = {"CLIENT", "ID"};
				k->phase = P_CLIENT_ID;
				rcp_lnk_cmd(k, 2, id, NULL);
			}
			return;
		case P_CLIENT_ID:
			if (e->type != ':') {
				rcp_lnk_refused(k, RCP_LINK_REFUSED, "CLIENT ID refused", e);
				return;
			}
			{
				char id[24];
				const char *trk[] = {"CLIENT", "TRACKING", "on", "BCAST", "REDIRECT", id};
				snprintf(id, sizeof(id), "%lld", (long long)e->n);
				k->phase = P_TRACKING;
				rcp_lnk_cmd(k, 6, trk, NULL);
			}
			return;
		case P_TRACKING:
			if (err) {
				rcp_lnk_refused(k, RCP_LINK_REFUSED, k->proto == 3 ? "CLIENT TRACKING on BCAST refused" :
					"CLIENT TRACKING on BCAST REDIRECT refused", e);
				return;
			}
			if (k->proto == 2) {
				static const char *const sub[] = {"SUBSCRIBE", "__redis__:invalidate"};
				k->phase = P_SUBSCRIBE;
				rcp_lnk_cmd(k, 2, sub, NULL);
				return;
			}
			k->phase = P_FIRST_PING;
			rcp_lnk_ping(k, now);
			k->first_ping_sent = now;
			return;
		case P_SUBSCRIBE:
			if (err || e->type != '*') {
				rcp_lnk_refused(k, RCP_LINK_REFUSED, "SUBSCRIBE __redis__:invalidate refused", e);
				return;
			}
			(void)c;
			k->phase = P_FIRST_PING;
			rcp_lnk_ping(k, now);
			k->first_ping_sent = now;
			return;
		case P_FIRST_PING:
			if (err) {
				rcp_lnk_refused(k, RCP_LINK_REFUSED, "PING refused", e);
				return;
			}
			k->ping_n = 0;
			k->phase = P_UP;
			k->backoff_ms = RCP_BACKOFF_MIN_MS;
			k->next_ping = now + rcp_ping_every_ns;
			rcp_links_up++;
			rcp_cache_listener_links_up(rcp_links_up);
			rcp_cache_link_up(k->l, k->first_ping_sent, (uint32_t)k->proto);
			return;
		default:
			return;
	}
}

/* Everything complete in k->in: setup replies, then (UP) invalidations and PONGs. */
static void rcp_lnk_parse(rcp_lnk *k, uint64_t now)
{
	size_t used = 0;

	while (k->fd >= 0 && used < k->in_len) {
		const char *start = k->in + used;
		long flen = rcp_cache_resp_frame(start, k->in_len - used);
		rcp_cur c = {start, start + (flen > 0 ? flen : 0)};
		rcp_el e;

		if (flen == 0) {
			break;
		}
		if (flen < 0) {
			rcp_lnk_lost(k, RCP_LINK_DOWN, "the node sent bytes that are not RESP");
			return;
		}
		used += (size_t)flen;
		rcp_resp_head(&c, &e);
		if (e.type == '|') { /* attributes before the frame: skip them */
			for (int64_t i = 0; i < e.n * 2; i++) {
				rcp_resp_skip(&c, 1);
			}
			rcp_resp_head(&c, &e);
		}
		if (e.type == '>' || (k->proto == 2 && (k->phase == P_UP || k->phase == P_FIRST_PING) && e.type == '*')) {
			/* RESP3 push ["invalidate", keys|null]; RESP2 ["message", "__redis__:invalidate", keys|null] or
			 * ["pong", ""] (PING in subscribed mode) */
			rcp_el kind;
			if (e.n < 1 || rcp_resp_head(&c, &kind) != 1) {
				continue;
			}
			if (e.type == '>' && rcp_el_is(&kind, "invalidate") && e.n == 2) {
				if (rcp_lnk_invalidation(k, &c) < 0) {
					rcp_lnk_lost(k, RCP_LINK_DOWN, "an invalidation that is not an array of keys");
					return;
				}
			} else if (e.type == '*' && rcp_el_is(&kind, "message") && e.n == 3) {
				rcp_el chan;
				if (rcp_resp_head(&c, &chan) == 1 && rcp_el_is(&chan, "__redis__:invalidate") &&
				    rcp_lnk_invalidation(k, &c) < 0) {
					rcp_lnk_lost(k, RCP_LINK_DOWN, "an invalidation that is not an array of keys");
					return;
				}
			} else if (e.type == '*' && rcp_el_is(&kind, "pong")) {
				if (k->phase == P_UP) {
					rcp_lnk_pong(k, now);
				} else {
					rcp_lnk_setup_frame(k, &e, &c, now);
				}
			} else if (rcp_el_is(&kind, "tracking-redir-broken")) {
				rcp_lnk_lost(k, RCP_LINK_DOWN, "tracking-redir-broken");
				return;
			}
			continue;
		}
		if (k->phase == P_UP) {
			rcp_lnk_pong(k, now);
		} else {
			rcp_lnk_setup_frame(k, &e, &c, now);
		}
	}
	if (k->fd >= 0 && used) {
		memmove(k->in, k->in + used, k->in_len - used);
		k->in_len -= used;
	}
}

static void rcp_lnk_in(rcp_lnk *k, const char *p, size_t n)
{
	if (k->in_len + n > RCP_IN_MAX || !rcp_out_reserve(&k->in, &k->in_cap, k->in_len, n)) {
		rcp_lnk_lost(k, RCP_LINK_DOWN, "a frame larger than %u bytes", RCP_IN_MAX);
		return;
	}
	memcpy(k->in + k->in_len, p, n);
	k->in_len += n;
}

static void rcp_lnk_readable(rcp_lnk *k, uint64_t now)
{
	char buf[65536];

	for (;;) {
		ssize_t n = recv(k->fd, buf, sizeof(buf), 0);

		if (n == 0) {
			rcp_lnk_lost(k, RCP_LINK_DOWN, "connection closed by the node");
			return;
		}
		if (n < 0) {
			if (errno == EINTR) {
				continue;
			}
			if (errno != EAGAIN && errno != EWOULDBLOCK) {
				rcp_lnk_lost(k, RCP_LINK_DOWN, "read: %s", strerror(errno));
			}
			break;
		}
#ifndef RCP_CACHE_STANDALONE
		if (k->tc) {
			char plain[65536], msg[300];
			rcp_tls_feed(k->tc, buf, (size_t)n);
			if (k->phase == P_TLS) {
				const char *ct;
				size_t ctn;
				int r = rcp_tls_handshake(k->tc, msg, sizeof(msg));
				ctn = rcp_tls_out(k->tc, &ct);
				rcp_lnk_queue_raw(k, ct, ctn);
				rcp_tls_out_clear(k->tc);
				if (r < 0) {
					rcp_lnk_lost(k, RCP_LINK_FAILED, "TLS: %s", msg);
					return;
				}
				if (r == 0) {
					continue;
				}
				rcp_lnk_hello(k);
			}
			for (;;) {
				ssize_t m = rcp_tls_read(k->tc, plain, sizeof(plain), msg, sizeof(msg));
				if (m > 0) {
					rcp_lnk_in(k, plain, (size_t)m);
					if (k->fd < 0) {
						return;
					}
					continue;
				}
				if (m == RCP_TLS_CLOSED) {
					rcp_lnk_lost(k, RCP_LINK_DOWN, "TLS: closed by the node");
					return;
				}
				if (m == RCP_TLS_ERROR) {
					rcp_lnk_lost(k, RCP_LINK_DOWN, "TLS: %s", msg);
					return;
				}
				break;
			}
			/* records read may need an answer (a KeyUpdate) */
			{
				const char *ct;
				size_t ctn = rcp_tls_out(k->tc, &ct);
				if (ctn) {
					rcp_lnk_queue_raw(k, ct, ctn);
					rcp_tls_out_clear(k->tc);
				}
			}
			continue;
		}
#endif
		rcp_lnk_in(k, buf, (size_t)n);
		if (k->fd < 0) {
			return;
		}
	}
	rcp_lnk_parse(k, now);
}

static void rcp_lnk_writable(rcp_lnk *k, uint64_t now)
{
	if (k->phase == P_CONNECT) {
		int e = 0;
		socklen_t el = sizeof(e);
		getsockopt(k->fd, SOL_SOCKET, SO_ERROR, &e, &el);
		if (e) {
			rcp_lnk_lost(k, RCP_LINK_DOWN, "cannot connect: %s", strerror(e));
			return;
		}
		rcp_lnk_connected(k, now);
	}
	while (k->out_len) {
		ssize_t n = send(k->fd, k->out, k->out_len, MSG_NOSIGNAL);
		if (n < 0) {
			if (errno == EINTR) {
				continue;
			}
			if (errno != EAGAIN && errno != EWOULDBLOCK) {
				rcp_lnk_lost(k, RCP_LINK_DOWN, "write: %s", strerror(errno));
			}
			return;
		}
		memmove(k->out, k->out + n, k->out_len - (size_t)n);
		k->out_len -= (size_t)n;
	}
}

/* Timers of one link: PINGs, their timeout, setup deadlines, reconnects, idleness. The next due time. */
static uint64_t rcp_lnk_tick(rcp_lnk *k, uint64_t now)
{
	uint64_t used = __atomic_load_n(rcp_cache_link_used_word(k->l), __ATOMIC_ACQUIRE);
	bool in_use = now - used < (uint64_t)RCP_LINK_IDLE_S * 1000000000ull;

	switch (k->phase) {
		case P_UP:
			if (!in_use) {
				rcp_lnk_lost(k, RCP_LINK_IDLE, "closed: unused for %d s", RCP_LINK_IDLE_S);
				return UINT64_MAX;
			}
			if (k->ping_n && now - k->pings[k->ping_head] > RCP_LINK_TIMEOUT_MS * 1000000ull) {
				/* read what arrived first: a listener that was itself kept off the CPU (stopped, starved) finds
				 * the PONGs waiting in the socket, and the node is not to blame */
				rcp_lnk_readable(k, now);
				if (k->fd < 0) {
					return now;
				}
				if (k->ping_n && now - k->pings[k->ping_head] > RCP_LINK_TIMEOUT_MS * 1000000ull) {
					rcp_lnk_lost(k, RCP_LINK_DOWN, "no answer to a PING for %d ms", RCP_LINK_TIMEOUT_MS);
					return now;
				}
			}
			if (now >= k->next_ping) {
				rcp_lnk_ping(k, now);
				k->next_ping = now + rcp_ping_every_ns;
			}
			return k->next_ping;
		case P_RETRY:
			if (!in_use) {
				rcp_lnk_lost(k, RCP_LINK_IDLE, "closed: unused for %d s", RCP_LINK_IDLE_S);
				return UINT64_MAX;
			}
			if (now >= k->retry_at) {
				rcp_lnk_connect(k, now);
				return now + 1000000ull;
			}
			return k->retry_at;
		case P_IDLE:
			return UINT64_MAX;
		default:
			if (now >= k->phase_deadline) {
				rcp_lnk_lost(k, RCP_LINK_DOWN, "no answer during the link's setup for %d ms", RCP_LINK_TIMEOUT_MS);
				return now;
			}
			return k->phase_deadline;
	}
}

/* ---- the listener: requests ---------------------------------------------------------------------------------------- */

static bool rcp_cfg_same(rcp_lnk *k, const rcp_req_hdr *h, char *const str[RCP_REQ_NSTR], const size_t *slen)
{
	if (memcmp(&k->cfg, h, sizeof(*h)) != 0) {
		return false;
	}
	for (int i = 0; i < RCP_REQ_NSTR; i++) {
		if ((k->str[i] == NULL) != (str[i] == NULL) || (str[i] && (k->slen[i] != slen[i] ||
		    memcmp(k->str[i], str[i], slen[i]) != 0))) {
			return false;
		}
	}
	return true;
}

static bool rcp_privileges_dropped;

/* While root: become the first requesting worker's user (before any connection is made). */
static void rcp_take_credentials(const struct ucred *cr)
{
	if (rcp_privileges_dropped || geteuid() != 0 || !cr || cr->uid == 0) {
		return;
	}
	rcp_privileges_dropped = true;
	if (setgroups(0, NULL) != 0 || setgid(cr->gid) != 0 || setuid(cr->uid) != 0) {
		/* cannot: keep going as we are (the links work the same) */
	}
}

static void rcp_handle_request(const char *buf, size_t n, const struct ucred *cr, uint64_t now)
{
	rcp_req_hdr h;
	char *str[RCP_REQ_NSTR] = {0};
	size_t slen[RCP_REQ_NSTR] = {0}, at = sizeof(h);
	rcp_cache_cluster *cc;
	rcp_cache_link *l;
	rcp_lnk *k;
	uint32_t id;

	if (n < sizeof(h)) {
		return;
	}
	memcpy(&h, buf, sizeof(h));
	if (h.magic != RCP_REQ_MAGIC || h.link >= RCP_CACHE_LINKS || !(cc = rcp_cache_cluster_at_index(h.cluster)) ||
	    !(l = rcp_cache_link_at(cc, h.link))) {
		return;
	}
	for (int i = 0; i < RCP_REQ_NSTR; i++) {
		if (h.len[i] == UINT32_MAX) {
			continue;
		}
		if (h.len[i] > n - at) {
			goto out;
		}
		str[i] = malloc(h.len[i] + 1);
		if (!str[i]) {
			goto out;
		}
		memcpy(str[i], buf + at, h.len[i]);
		str[i][h.len[i]] = '\0';
		slen[i] = h.len[i];
		at += h.len[i];
	}
	if (!str[RCP_REQ_HOST]) {
		goto out;
	}
	rcp_take_credentials(cr);
	id = (uint32_t)h.cluster * RCP_CACHE_LINKS + h.link;
	if (id >= rcp_nlnk_slots) {
		goto out;
	}
	if (!(k = rcp_lnks[id])) {
		k = calloc(1, sizeof(*k));
		if (!k) {
			goto out;
		}
		k->fd = -1;
		k->l = l;
		k->cc = cc;
		k->backoff_ms = RCP_BACKOFF_MIN_MS;
		rcp_lnks[id] = k;
	} else if (rcp_cfg_same(k, &h, str, slen)) {
		/* the same settings: connect if it is not up or connecting (a worker saw it down, refused, failed) */
		if (k->phase == P_IDLE || k->phase == P_RETRY) {
			k->backoff_ms = RCP_BACKOFF_MIN_MS;
			rcp_lnk_connect(k, now);
		}
		goto out;
	}
	/* new settings (or a new link): take them, connect again */
	if (k->phase != P_IDLE && k->phase != P_RETRY) {
		rcp_lnk_lost(k, RCP_LINK_DOWN, "reconnecting with new settings");
	}
	rcp_lnk_free_cfg(k);
	k->cfg = h;
	memcpy(k->str, str, sizeof(str));
	memcpy(k->slen, slen, sizeof(slen));
	memset(str, 0, sizeof(str));
	k->resp2_tried = false;
#ifndef RCP_CACHE_STANDALONE
	k->tls = NULL;
	if (h.tls) {
		rcp_tls_opts o;
		rcp_err err;

		rcp_tls_opts_init(&o);
		o.enabled = true;
		o.cafile = k->str[RCP_REQ_CAFILE];
		o.capath = k->str[RCP_REQ_CAPATH];
		o.local_cert = k->str[RCP_REQ_CERT];
		o.local_pk = k->str[RCP_REQ_PK];
		o.passphrase = k->str[RCP_REQ_PASSPHRASE];
		o.passphrase_len = k->slen[RCP_REQ_PASSPHRASE];
		o.peer_name = k->str[RCP_REQ_PEER_NAME];
		o.ciphers = k->str[RCP_REQ_CIPHERS];
		o.verify_peer = h.verify_peer;
		o.verify_peer_name = h.verify_peer_name;
		o.allow_self_signed = h.allow_self_signed;
		o.sni = h.sni;
		o.min_version = h.min_version;
		o.max_version = h.max_version;
		memset(&err, 0, sizeof(err));
		if (rcp_tls_get(&o, &k->tls, &err) != RCP_OK) {
			rcp_lnk_lost(k, RCP_LINK_FAILED, "TLS settings: %s", err.msg);
			goto out;
		}
	}
#else
	if (h.tls) {
		rcp_lnk_lost(k, RCP_LINK_FAILED, "TLS is not built into this listener");
		goto out;
	}
#endif
	k->backoff_ms = RCP_BACKOFF_MIN_MS;
	rcp_lnk_connect(k, now);
out:
	for (int i = 0; i < RCP_REQ_NSTR; i++) {
		if (str[i]) {
			explicit_bzero(str[i], slen[i]);
			free(str[i]);
		}
	}
}

static void rcp_read_requests(uint64_t now)
{
	static char buf[RCP_REQ_MAX];

	for (;;) {
		union {
			char b[CMSG_SPACE(sizeof(struct ucred))];
			struct cmsghdr align;
		} ctl;
		struct iovec iov = {buf, sizeof(buf)};
		struct msghdr mh;
		struct cmsghdr *cm;
		struct ucred *cr = NULL;
		ssize_t n;

		memset(&mh, 0, sizeof(mh));
		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		mh.msg_control = ctl.b;
		mh.msg_controllen = sizeof(ctl.b);
		n = recvmsg(rcp_req_fd[0], &mh, MSG_DONTWAIT);
		if (n <= 0) {
			if (n < 0 && errno == EINTR) {
				continue;
			}
			return;
		}
		for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
			if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_CREDENTIALS) {
				cr = (struct ucred *)CMSG_DATA(cm);
			}
		}
		rcp_handle_request(buf, (size_t)n, cr, now);
		explicit_bzero(buf, (size_t)n);
	}
}

/* ---- the listener: the process ------------------------------------------------------------------------------------ */

/* Close every descriptor but the two it needs (and `also`); stdin/out/err to /dev/null (a CLI's pipes must see
 * EOF). */
static void rcp_listener_fds(int also)
{
	int keep[3] = {rcp_req_fd[0], rcp_master_fd[0], also};
	DIR *d = opendir("/proc/self/fd");
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (d) {
		struct dirent *de;
		int dfd = dirfd(d);
		int fds[4096], n = 0;
		while ((de = readdir(d)) && n < 4096) {
			int fd = atoi(de->d_name);
			if (de->d_name[0] >= '0' && de->d_name[0] <= '9' && fd > 2 && fd != dfd && fd != keep[0] &&
			    fd != keep[1] && fd != keep[2] && fd != null) {
				fds[n++] = fd;
			}
		}
		closedir(d);
		for (int i = 0; i < n; i++) {
			close(fds[i]);
		}
	}
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
		close(null);
	}
	rcp_req_fd[1] = -1;
	rcp_master_fd[1] = -1;
#ifdef ZTS
	if (rcp_spawn_fd != also) {
		rcp_spawn_fd = -1; /* closed above */
	}
#endif
}

/* A process of the cache's own (the listener, the spawner): no handler the parent installed (PHP's, FPM's)
 * applies, nothing blocked, SIGPIPE/SIGINT/SIGHUP ignored; named (ps, /proc/PID/comm); only its descriptors
 * kept (and `keep`). */
static void rcp_child_init(const char *name, int keep)
{
	sigset_t all;
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	for (int s = 1; s < NSIG; s++) {
		sigaction(s, &sa, NULL);
	}
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	prctl(PR_SET_NAME, name, 0, 0, 0);
	rcp_listener_fds(keep);
}

static void rcp_listener_main(void)
{
	uint32_t clusters = 0;
	struct pollfd *pfd;
	rcp_lnk **pk;
	int32_t me;

	rcp_child_init("rcp-cache", -1);

	me = (int32_t)getpid();
	snprintf(rcp_client_name, sizeof(rcp_client_name), "rcp-cache-%d", (int)me);
	__atomic_store_n(rcp_cache_listener_pid_word(), me, __ATOMIC_RELEASE);
	while (rcp_cache_cluster_at_index((uint16_t)clusters)) {
		clusters++;
	}
	/* a replacement: the links the dead one held are lost (their credentials went with it; workers ask again) */
	for (uint32_t c = 0; c < clusters; c++) {
		rcp_cache_cluster *cc = rcp_cache_cluster_at_index((uint16_t)c);
		for (uint16_t i = 0; i < RCP_CACHE_LINKS; i++) {
			rcp_cache_link *l = rcp_cache_link_at(cc, i);
			rcp_cache_link_state st = rcp_cache_link_status(l, NULL, 0);
			if (st == RCP_LINK_UP || st == RCP_LINK_CONNECTING) {
				rcp_cache_link_lost(l, RCP_LINK_DOWN, "the listener was restarted");
			}
		}
	}
	rcp_cache_listener_started(0);
	rcp_ping_every_ns = (uint64_t)rcp_cache_max_lag_ms() * 1000000ull / 4;
	if (rcp_ping_every_ns < 1000000ull) {
		rcp_ping_every_ns = 1000000ull;
	}
	rcp_nlnk_slots = clusters * RCP_CACHE_LINKS;
	rcp_lnks = calloc(rcp_nlnk_slots, sizeof(*rcp_lnks));
	pfd = calloc(rcp_nlnk_slots + 2, sizeof(*pfd));
	pk = calloc(rcp_nlnk_slots + 2, sizeof(*pk));
	if (!rcp_lnks || !pfd || !pk) {
		_exit(1);
	}
	for (;;) {
		uint64_t now = rcp_now_ns(), next = now + 1000000000ull;
		int np = 0, timeout;

		__atomic_store_n(rcp_cache_listener_beat_word(), now, __ATOMIC_RELEASE);
		if (__atomic_load_n(rcp_cache_listener_pid_word(), __ATOMIC_ACQUIRE) != me) {
			_exit(0); /* replaced (it thought us dead): the other one holds the links now */
		}
		pfd[np].fd = rcp_req_fd[0];
		pfd[np++].events = POLLIN;
		pfd[np].fd = rcp_master_fd[0];
		pfd[np++].events = POLLIN;
		for (uint32_t i = 0; i < rcp_nlnk_slots; i++) {
			rcp_lnk *k = rcp_lnks[i];
			uint64_t due;
			if (!k) {
				continue;
			}
			due = rcp_lnk_tick(k, now);
			if (due < next) {
				next = due;
			}
			if (k->fd >= 0) {
				pfd[np].fd = k->fd;
				pfd[np].events = POLLIN | (k->out_len || k->phase == P_CONNECT ? POLLOUT : 0);
				pk[np++] = k;
			}
		}
		timeout = next <= now ? 0 : (int)((next - now + 999999) / 1000000);
		if (poll(pfd, (nfds_t)np, timeout) < 0 && errno != EINTR) {
			_exit(1);
		}
		now = rcp_now_ns();
		if (pfd[1].revents) {
			/* the master is gone (or re-executed itself for a reload): so is every entry's freshness */
			for (uint32_t i = 0; i < rcp_nlnk_slots; i++) {
				if (rcp_lnks[i] && rcp_lnks[i]->phase != P_IDLE) {
					rcp_lnk_lost(rcp_lnks[i], RCP_LINK_IDLE, "the listener stopped: its server is gone");
				}
			}
			_exit(0);
		}
		if (pfd[0].revents & POLLIN) {
			rcp_read_requests(now);
		}
		for (int i = 2; i < np; i++) {
			rcp_lnk *k = pk[i];
			if (k->fd != pfd[i].fd || !pfd[i].revents) {
				continue;
			}
			if (pfd[i].revents & (POLLOUT | POLLERR | POLLHUP) && (k->out_len || k->phase == P_CONNECT)) {
				rcp_lnk_writable(k, now);
			}
			if (k->fd >= 0 && pfd[i].revents & (POLLIN | POLLERR | POLLHUP)) {
				rcp_lnk_readable(k, now);
			}
			if (k->fd >= 0 && k->out_len) {
				rcp_lnk_writable(k, now);
			}
		}
		/* PINGs queued by the ticks go out now */
		for (int i = 2; i < np; i++) {
			if (pk[i]->fd >= 0 && pk[i]->out_len) {
				rcp_lnk_writable(pk[i], now);
			}
		}
	}
}

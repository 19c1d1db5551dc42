/*
 * pool.c - the per-process connection pool (see rcp_pool.h).
 *
 * Storage: a persistent HashTable "host:port\0cred_key" -> rcp_conn*. Only this file removes entries,
 * so a connection pointer handed out stays valid until rcp_pool_discard()/rshutdown. cred_key holds the
 * user, a hash of the password and, for TLS, a hash of the TLS settings: a connection is shared only by
 * clients that would have opened it exactly alike.
 */
#include "php.h"
#include "rcp_pool.h"
#include "rcp_shm.h"
#include "rcp_hash.h"
#include "rcp_count.h"
#include "rcp_thread.h"
#ifdef ZTS
# include <pthread.h>
#endif

#define RCP_PC_CRED_MAX 136     /* a client's credential key (rcp_client.cred/ro_cred) fits */

/* One per process; per thread under ZTS (rcp_thread.h: each thread owns its sockets, as an FPM worker does:
 * docs/THREADS.md). pc: the lookup cache below. */
#define RCP_PC_SLOTS 8
/* Nodes one request can note refusals at the cap for (rcp_pool_cap_refusal_take()); more reuse the oldest note. */
#define RCP_CAP_REFUSED_NOTES 4

typedef struct {
	HashTable ht;
	bool ready;
	uint64_t request_serial;
	struct {
		rcp_conn *c;
		size_t cred_len;
		char cred[RCP_PC_CRED_MAX];
	} pc[RCP_PC_SLOTS];
	unsigned pc_next;
	bool ended;         /* between RSHUTDOWN and the next RINIT (objects freed after a fatal error use the pool) */
	void *parking;      /* ZTS: connections this thread gives back at its request's end (rcp_parked), until the
	                       loop has closed their handles */
	struct {
		char addr[RCP_ADDR_MAX];
		uint32_t n;
	} cap_refused[RCP_CAP_REFUSED_NOTES];   /* the nodes this request's refusals at the cap were for, not yet reported
	                       (rcp_pool_cap_refusal_take); forgotten at the next request */
	unsigned cap_refused_next;
} rcp_pool_state;
RCP_THREAD_STATE(rcp_pool_state, rcp_pool_st);
#define rcp_pool_ht (RCP_THREAD(rcp_pool_state, rcp_pool_st)->ht)
#define rcp_pool_ready (RCP_THREAD(rcp_pool_state, rcp_pool_st)->ready)
#define rcp_request_serial (RCP_THREAD(rcp_pool_state, rcp_pool_st)->request_serial)
#define rcp_pool_ended (RCP_THREAD(rcp_pool_state, rcp_pool_st)->ended)
#define rcp_parking (RCP_THREAD(rcp_pool_state, rcp_pool_st)->parking)
#define rcp_cap_refused (RCP_THREAD(rcp_pool_state, rcp_pool_st)->cap_refused)
#define rcp_cap_refused_next (RCP_THREAD(rcp_pool_state, rcp_pool_st)->cap_refused_next)

static void rcp_pool_init(void)
{
	if (!rcp_pool_ready) {
		zend_hash_init(&rcp_pool_ht, 16, NULL, NULL, 1);
		rcp_pool_ready = true;
	}
}

/*
 * The per-node cap (redis_cluster_pool.max_connections_per_node): how many sockets the process holds to each node,
 * all credentials and roles together (pub/sub consumers' connections are not pooled and not counted). One count
 * per process: under ZTS its threads share it, behind one mutex, touched only when a connection is opened or
 * closed (never on a request that finds its connection). A connection holding a slot names its entry
 * (rcp_conn.cap_node); every close of a pooled connection goes through rcp_pool_close(), which gives the slot
 * back, so the count stays exact across discards, broken connections, idle close, the thread's end and fatal
 * errors (the end-of-request checks close what such a request left). Entries are never removed (a node's name is
 * kept for the process' life): RCP_CAP_NODES nodes at most, more are not counted.
 */
#define RCP_CAP_NODES 1024

/*
 * ZTS: the process' idle list. A connection a thread gives back (at the end of the request that used it, when
 * another thread waits for a slot to its node) is handed over, not closed: its socket is dup()ed, its libuv handle
 * closed on the giver's loop (a handle cannot move between loops), and the connection (its AUTH/READONLY state,
 * reader, write buffer, slot, and its id, unique in the process: conn.c) waits here with the new fd until a thread
 * that needs a connection with the same pool key takes it: uv_tcp_open() on the taker's loop, the reuse check, then
 * it is the taker's. A connection is in one thread's table or in this list, never both: never used by two threads at
 * once. A TLS connection moves with its SSL object (OpenSSL keeps the SSL_CTX it was made with alive; one thread
 * uses it at a time) when nothing is buffered in it; from then on it uses the taker's configuration for the same
 * settings (rcp_tls_conn_rebind: its session cache), as the giver's may go with its thread.
 */
typedef struct rcp_parked {
	struct rcp_parked *next;
	rcp_conn *c;
	int fd;             /* the dup()ed socket */
	bool closed;        /* the giver's loop closed the old handle: the connection is free to move */
	size_t klen;
	char key[];         /* its pool key */
} rcp_parked;

typedef struct {
	char addr[RCP_ADDR_MAX];
	uint32_t held;      /* sockets open (or being opened) to it */
	uint32_t waiters;   /* threads waiting for one of its slots (ZTS): read without the lock at request end */
} rcp_cap_node;

static struct {
	uint32_t max;       /* 0: no cap; set in MINIT, read-only afterwards */
	pid_t pid;          /* the process the counts are of: a fork child starts from 0 (its inherited sockets are
	                       not its own: closed without giving a slot back) */
	uint32_t n;
	uint64_t waits, wait_timeouts, refused, handoffs;
	rcp_parked *idle;   /* ZTS: connections given back, free for any thread (above) */
	rcp_cap_node nodes[RCP_CAP_NODES];
#ifdef ZTS
	pthread_mutex_t mu;
	pthread_cond_t cv;  /* a slot given back (broadcast: few waiters, a wait is rare) */
#endif
} rcp_cap;

#ifdef ZTS
/* threads waiting for a slot, every node together: read without the lock at the end of every operation
 * (rcp_pool_op_end(): one load when nobody waits) */
uint32_t rcp_cap_waiting;

# define RCP_CAP_LOCK() pthread_mutex_lock(&rcp_cap.mu)
# define RCP_CAP_UNLOCK() pthread_mutex_unlock(&rcp_cap.mu)
#else
# define RCP_CAP_LOCK() ((void)0)
# define RCP_CAP_UNLOCK() ((void)0)
#endif

void rcp_pool_minit(zend_long max_per_node)
{
	rcp_cap.max = max_per_node > 0 ? (uint32_t)MIN(max_per_node, (zend_long)UINT32_MAX) : 0;
#ifdef ZTS
	{
		pthread_condattr_t ca;
		pthread_mutex_init(&rcp_cap.mu, NULL);
		pthread_condattr_init(&ca);
		pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
		pthread_cond_init(&rcp_cap.cv, &ca);
		pthread_condattr_destroy(&ca);
	}
#endif
}

/* Under the lock: close every connection of the idle list (their slots are not given back: the caller resets the
 * counts, or the process ends). */
static void rcp_cap_drop_idle(void)
{
	while (rcp_cap.idle) {
		rcp_parked *p = rcp_cap.idle;
		rcp_cap.idle = p->next;
		close(p->fd);
		p->c->cap_node = 0;
		rcp_conn_free(p->c);
		free(p);
	}
}

/* Under the lock: the counts are this process' (a fork child forgets its parent's). */
static void rcp_cap_own(void)
{
	if (rcp_cap.pid != rcp_pid()) {
		rcp_cap.pid = rcp_pid();
		rcp_cap.n = 0;
		rcp_cap.waits = rcp_cap.wait_timeouts = rcp_cap.refused = rcp_cap.handoffs = 0;
		rcp_cap_drop_idle(); /* a fork child's copies of its parent's idle sockets */
	}
}

/* Under the lock: node addr's entry (added if new), or NULL when the table is full. */
static rcp_cap_node *rcp_cap_node_of(const char *addr, bool add)
{
	uint32_t i;

	for (i = 0; i < rcp_cap.n; i++) {
		if (!strcmp(rcp_cap.nodes[i].addr, addr)) {
			return &rcp_cap.nodes[i];
		}
	}
	if (!add || rcp_cap.n == RCP_CAP_NODES) {
		return NULL;
	}
	snprintf(rcp_cap.nodes[rcp_cap.n].addr, RCP_ADDR_MAX, "%s", addr);
	rcp_cap.nodes[rcp_cap.n].held = rcp_cap.nodes[rcp_cap.n].waiters = 0;
	return &rcp_cap.nodes[rcp_cap.n++];
}

#ifdef ZTS
/* How many of node nd's slots this thread's connections hold. */
static uint32_t rcp_cap_mine(const rcp_cap_node *nd)
{
	uint32_t n = 0, idx = (uint32_t)(nd - rcp_cap.nodes) + 1;
	zval *v;

	ZEND_HASH_FOREACH_VAL(&rcp_pool_ht, v) {
		n += ((rcp_conn *)Z_PTR_P(v))->cap_node == idx;
	} ZEND_HASH_FOREACH_END();
	return n;
}
#endif

static void rcp_cap_give(rcp_conn *c);
static void rcp_pool_close(rcp_conn *c);

#ifdef ZTS
/* Under the lock: a connection with this pool key from the idle list, unlinked (its slot goes with it); when the
 * node is at the cap, one of its idle connections with another key is closed for its slot. */
static rcp_parked *rcp_cap_unpark(rcp_cap_node *nd, const char *key, size_t klen)
{
	rcp_parked **pp, *other = NULL, **other_pp = NULL;
	uint32_t idx = (uint32_t)(nd - rcp_cap.nodes) + 1;

	for (pp = &rcp_cap.idle; *pp; pp = &(*pp)->next) {
		rcp_parked *p = *pp;
		if (p->c->cap_node != idx) {
			continue;
		}
		if (p->klen == klen && !memcmp(p->key, key, klen)) {
			*pp = p->next;
			rcp_cap.handoffs++;
			return p;
		}
		other = p;
		other_pp = pp;
	}
	if (other && nd->held >= rcp_cap.max) {
		*other_pp = other->next;
		close(other->fd);
		other->c->cap_node = 0;
		rcp_conn_free(other->c);
		free(other);
		nd->held--;
	}
	return NULL;
}

/* The giver's loop closed a given-back connection's old handle. */
static void rcp_parked_closed(uv_handle_t *h)
{
	((rcp_parked *)h->data)->closed = true;
}

/* Request end, ZTS: give c back to the idle list (its handle closed now, published once the loop has run the close,
 * rcp_cap_publish); false: it cannot move (TLS bytes buffered, a write in flight, no fd), close it instead. */
static bool rcp_cap_park(rcp_conn *c, const char *key, size_t klen)
{
	uv_os_fd_t fd;
	int fd2;
	rcp_parked *p;

	/* not after a fatal error: the request's objects are freed after this (no destructors), and a transaction's
	 * UNWATCH then looks its connection up in this thread's pool again */
	if (CG(unclean_shutdown) || (c->tls_cfg && (!c->tls || !rcp_tls_idle(c->tls))) || c->pending_writes || c->sink ||
	    uv_fileno((uv_handle_t *)&c->tcp, &fd) != 0) {
		return false;
	}
	if ((fd2 = fcntl(fd, F_DUPFD_CLOEXEC, 0)) < 0) {
		return false;
	}
	if (!(p = malloc(sizeof(*p) + klen))) {
		close(fd2);
		return false;
	}
	p->c = c;
	p->fd = fd2;
	p->closed = false;
	p->klen = klen;
	memcpy(p->key, key, klen);
	rcp_resp_reset(&c->rd); /* nothing of this thread's request memory goes with it */
	c->handle_open = false;
	c->reading = false;
	c->part = NULL;
	c->tcp.data = p;
	uv_close((uv_handle_t *)&c->tcp, rcp_parked_closed);
	p->next = rcp_parking;
	rcp_parking = p;
	return true;
}

/* After the loop ran: the connections given back whose old handle is closed go to the idle list, waking waiters. */
static void rcp_cap_publish(void)
{
	rcp_parked **pp = (rcp_parked **)&rcp_parking, *ready = NULL, *p;

	/* the loop's turn may have been spent on a stop a batch asked for (uv_stop() outside uv_run): a few more */
	for (int turn = 0; turn < 4; turn++) {
		for (p = rcp_parking; p && p->closed; p = p->next) {
		}
		if (!p) {
			break;
		}
		rcp_io_flush();
	}

	while (*pp) {
		p = *pp;
		if (p->closed) {
			*pp = p->next;
			p->next = ready;
			ready = p;
		} else {
			pp = &p->next;
		}
	}
	if (!ready) {
		return;
	}
	RCP_CAP_LOCK();
	while (ready) {
		rcp_parked *p = ready;
		ready = p->next;
		p->next = rcp_cap.idle;
		rcp_cap.idle = p;
	}
	pthread_cond_broadcast(&rcp_cap.cv);
	RCP_CAP_UNLOCK();
}

/* Idle close applies to the idle list: its connections idle longer than idle_timeout_ms are closed. */
static void rcp_cap_idle_close(uint64_t idle_timeout_ms)
{
	rcp_parked **pp, *gone = NULL;
	uint64_t now = rcp_now_ms();

	RCP_CAP_LOCK();
	for (pp = &rcp_cap.idle; *pp;) {
		rcp_parked *p = *pp;
		if (now - p->c->last_used_ms > idle_timeout_ms) {
			*pp = p->next;
			p->next = gone;
			gone = p;
		} else {
			pp = &p->next;
		}
	}
	RCP_CAP_UNLOCK();
	while (gone) {
		rcp_parked *p = gone;
		gone = p->next;
		close(p->fd);
		rcp_count_conn(p->c->stats, RCP_NEV_DISC_IDLE);
		rcp_count_conn(p->c->stats, RCP_NEV_CLOSED);
		rcp_cap_give(p->c);
		rcp_conn_free(p->c);
		free(p);
	}
}

/* A connection handed over by another thread, on this thread's loop; false: it is no longer usable (the server
 * closed it meanwhile...): closed, its slot given back. */
static bool rcp_cap_adopt(rcp_parked *p, rcp_tls *tls)
{
	rcp_conn *c = p->c;
	int fd = p->fd;

	free(p);
	c->tls_cfg = tls;
	if (c->tls) {
		rcp_tls_conn_rebind(c->tls, tls); /* the giver's configuration may go with its thread */
	}
	c->part = NULL;
	c->reading = false;
	if (uv_tcp_init(rcp_io_loop(), &c->tcp) != 0) {
		close(fd);
		rcp_cap_give(c);
		rcp_conn_free(c);
		return false;
	}
	c->tcp.data = c;
	c->handle_open = true;
	if (uv_tcp_open(&c->tcp, fd) != 0) {
		close(fd);
		rcp_pool_close(c);
		return false;
	}
	if (rcp_conn_reusable(c) != RCP_REUSE_OK) {
		rcp_count_conn(c->stats, RCP_NEV_DISC_CLOSED);
		rcp_pool_close(c);
		return false;
	}
	return true;
}
#endif

/* A slot to c's node for c (true), waiting up to wait_ms (ZTS) for one; or (false, *handed set, ZTS) a connection
 * with c's pool key another thread gave back, to use instead of c; or (false, *handed NULL) none: c is made to fail
 * at its first use, never connected (a ConnectionException naming the cap). */
static bool rcp_cap_take(rcp_conn *c, const char *key, size_t klen, uint64_t wait_ms, rcp_parked **handed)
{
	rcp_cap_node *nd;
	bool ok, waited = false;

	RCP_CAP_LOCK();
	rcp_cap_own();
	nd = rcp_cap_node_of(c->addr, true);
	if (!nd) {
		RCP_CAP_UNLOCK();
		return true; /* more nodes than the table holds: not counted */
	}
#ifdef ZTS
	if (rcp_pool_ended) {
		wait_ms = 0; /* the request is over (its objects being freed): no wait, no handover */
	} else if ((*handed = rcp_cap_unpark(nd, key, klen))) {
		RCP_CAP_UNLOCK();
		return false;
	}
	/* a wait only when another thread holds some of the slots: this thread's own come back at its request's end */
	if (nd->held >= rcp_cap.max && wait_ms && rcp_cap_mine(nd) < nd->held) {
		uint64_t until = rcp_now_ms() + wait_ms;
		struct timespec ts = {(time_t)(until / 1000), (long)(until % 1000) * 1000000};

		waited = true;
		rcp_cap.waits++;
		__atomic_add_fetch(&nd->waiters, 1, __ATOMIC_RELAXED); /* read without the lock: rcp_cap_wanted() */
		__atomic_add_fetch(&rcp_cap_waiting, 1, __ATOMIC_RELAXED);
		while (nd->held >= rcp_cap.max && rcp_now_ms() < until && !(*handed = rcp_cap_unpark(nd, key, klen))) {
			pthread_cond_timedwait(&rcp_cap.cv, &rcp_cap.mu, &ts);
		}
		__atomic_sub_fetch(&nd->waiters, 1, __ATOMIC_RELAXED);
		__atomic_sub_fetch(&rcp_cap_waiting, 1, __ATOMIC_RELAXED);
		if (*handed) {
			RCP_CAP_UNLOCK();
			return false;
		}
		if (nd->held >= rcp_cap.max) {
			rcp_cap.wait_timeouts++;
		}
	}
#else
	(void)wait_ms;
	(void)key;
	(void)klen;
	*handed = NULL;
#endif
	ok = nd->held < rcp_cap.max;
	if (ok) {
		nd->held++;
		c->cap_node = (uint32_t)(nd - rcp_cap.nodes) + 1;
	} else {
		rcp_cap.refused++;
	}
	RCP_CAP_UNLOCK();
	if (!ok) {
		char msg[RCP_ERRSTR_MAX];
		unsigned i;

		/* noted for rcp_pool_cap_refusal_take(): the failure this refusal makes is not the node's */
		for (i = 0; i < RCP_CAP_REFUSED_NOTES && (!rcp_cap_refused[i].n || strcmp(rcp_cap_refused[i].addr, c->addr)); i++) {
		}
		if (i == RCP_CAP_REFUSED_NOTES) {
			i = rcp_cap_refused_next;
			rcp_cap_refused_next = (i + 1) % RCP_CAP_REFUSED_NOTES;
			snprintf(rcp_cap_refused[i].addr, RCP_ADDR_MAX, "%s", c->addr);
			rcp_cap_refused[i].n = 0;
		}
		rcp_cap_refused[i].n++;
		snprintf(msg, sizeof(msg), "no connection to %s: this process holds redis_cluster_pool.max_connections_per_node "
			"= %u connections to it already%s (raise the setting, or use fewer credentials or roles per node)",
			c->addr, rcp_cap.max, waited ? ", and no other thread gave one back within the connect timeout" : "");
		c->refusal = strdup(msg);
		c->refusal_etype[0] = '\0'; /* a ConnectionException (engine.c), not an authentication error */
	}
	return ok;
}

/* c's slot back (c is being closed), waking threads waiting for one. */
static void rcp_cap_give(rcp_conn *c)
{
	uint32_t idx = c->cap_node;

	if (!idx) {
		return;
	}
	c->cap_node = 0;
	if (c->pid != rcp_pid()) {
		return; /* inherited across fork(): the parent's slot */
	}
	RCP_CAP_LOCK();
	if (rcp_cap.pid == rcp_pid() && rcp_cap.nodes[idx - 1].held) {
		rcp_cap.nodes[idx - 1].held--;
#ifdef ZTS
		if (rcp_cap.nodes[idx - 1].waiters) {
			pthread_cond_broadcast(&rcp_cap.cv);
		}
#endif
	}
	RCP_CAP_UNLOCK();
}

/* Whether another thread waits for a slot to c's node (request end: an idle connection is given back then). */
static bool rcp_cap_wanted(const rcp_conn *c)
{
#ifdef ZTS
	return c->cap_node && __atomic_load_n(&rcp_cap.nodes[c->cap_node - 1].waiters, __ATOMIC_RELAXED) > 0;
#else
	(void)c;
	return false;
#endif
}

void rcp_pool_cap_mshutdown(void)
{
#ifdef ZTS
	RCP_CAP_LOCK();
	rcp_cap_drop_idle(); /* the process ends: the idle list's sockets are closed */
	RCP_CAP_UNLOCK();
#endif
}

void rcp_pool_cap_get_stats(rcp_pool_cap_stats *out)
{
	RCP_CAP_LOCK();
	rcp_cap_own();
	out->waits = rcp_cap.waits;
	out->wait_timeouts = rcp_cap.wait_timeouts;
	out->refused = rcp_cap.refused;
	out->handoffs = rcp_cap.handoffs;
	RCP_CAP_UNLOCK();
}

uint32_t rcp_pool_cap_held(const char *addr)
{
	rcp_cap_node *nd;
	uint32_t held = 0;

	if (!rcp_cap.max) {
		return 0;
	}
	RCP_CAP_LOCK();
	rcp_cap_own();
	if ((nd = rcp_cap_node_of(addr, false))) {
		held = nd->held;
	}
	RCP_CAP_UNLOCK();
	return held;
}

bool rcp_pool_cap_refusal_take(const char *host, uint16_t port)
{
	char addr[RCP_ADDR_MAX];

	if (!rcp_cap.max) {
		return false;
	}
	rcp_addr_fmt(addr, sizeof(addr), host, port);
	for (unsigned i = 0; i < RCP_CAP_REFUSED_NOTES; i++) {
		if (rcp_cap_refused[i].n && !strcmp(rcp_cap_refused[i].addr, addr)) {
			rcp_cap_refused[i].n--;
			return true;
		}
	}
	return false;
}

/* Every close of a pooled connection: its slot back first. */
static void rcp_pool_close(rcp_conn *c)
{
	rcp_cap_give(c);
	rcp_conn_close(c);
}

static size_t rcp_pool_key(char *buf, size_t cap, const char *host, int port, const char *cred, size_t cred_len)
{
	size_t n = rcp_addr_fmt(buf, cap, host, (unsigned)port), len = n + 1;

	if (len + cred_len > cap) {
		cred_len = cap - len;
	}
	buf[n] = '\0';
	memcpy(buf + len, cred, cred_len);
	return len + cred_len;
}

/* A pool key's hash, the name of its remembered refusals in the shared segment: keyed (rcp_secret_hash), since the
 * key holds the user and a hash of the password, and a reader of the segment must not be able to test guesses. */
static uint64_t rcp_pool_key_hash(const char *key, size_t len)
{
	return rcp_secret_hash(key, len);
}

/* The name of node host:port in the remembered refusals (rcp_shm_auth_note), for reports. */
static uint64_t rcp_pool_node_hash(const char *host, int port)
{
	char addr[RCP_ADDR_MAX];

	return rcp_secret_hash(addr, rcp_addr_fmt(addr, sizeof(addr), host, (unsigned)port));
}

/* A new connection whose node refused these credentials a moment ago (in any worker) is not opened: it
 * fails at once with the remembered refusal. */
static bool rcp_pool_refused(rcp_conn *c)
{
	char etype[16], msg[RCP_SHM_AUTH_MSG], full[RCP_ERRSTR_MAX];
	uint64_t until, now = rcp_now_ms();

	if (!rcp_shm_auth_get(c->key_hash, now, etype, sizeof(etype), msg, sizeof(msg), &until)) {
		return false;
	}
	snprintf(full, sizeof(full), "%s (remembered by the pool: no new connection with these credentials "
		"for %.1f s more)", msg, (double)(until - now) / 1000.0);
	rcp_conn_refuse(c, etype, full);
	return true;
}

/*
 * The last connections handed out, by node and credential key: a command to a node used a moment ago finds its
 * connection without formatting and hashing the pool key (host:port + credential key, up to ~150 bytes). An
 * entry names a connection in the table; every path that closes one forgets it first (rcp_pc_forget), so an
 * entry never outlives its connection.
 */
#define rcp_pc (RCP_THREAD(rcp_pool_state, rcp_pool_st)->pc)
#define rcp_pc_next (RCP_THREAD(rcp_pool_state, rcp_pool_st)->pc_next)

static rcp_conn *rcp_pc_find(const char *host, int port, const char *cred, size_t cred_len)
{
	for (unsigned i = 0; i < RCP_PC_SLOTS; i++) {
		rcp_conn *c = rcp_pc[i].c;
		if (c && c->port == port && rcp_pc[i].cred_len == cred_len && !strcmp(c->host, host) &&
		    !memcmp(rcp_pc[i].cred, cred, cred_len)) {
			return c;
		}
	}
	return NULL;
}

static void rcp_pc_put(rcp_conn *c, const char *cred, size_t cred_len)
{
	if (cred_len > RCP_PC_CRED_MAX) {
		return; /* longer credential keys always take the table's way */
	}
	rcp_pc[rcp_pc_next].c = c;
	rcp_pc[rcp_pc_next].cred_len = cred_len;
	memcpy(rcp_pc[rcp_pc_next].cred, cred, cred_len);
	rcp_pc_next = (rcp_pc_next + 1) % RCP_PC_SLOTS;
}

/* c is about to be closed (NULL: all of them). */
static void rcp_pc_forget(rcp_conn *c)
{
	for (unsigned i = 0; i < RCP_PC_SLOTS; i++) {
		if (!c || rcp_pc[i].c == c) {
			rcp_pc[i].c = NULL;
		}
	}
}

static void rcp_pool_remove(rcp_conn *c)
{
	zend_string *k;
	zval *v;

	ZEND_HASH_FOREACH_STR_KEY_VAL(&rcp_pool_ht, k, v) {
		if (Z_PTR_P(v) == c) {
			zend_hash_del(&rcp_pool_ht, k);
			break;
		}
	} ZEND_HASH_FOREACH_END();
}

/* A pool key's buffer (host:port + the credential key). */
#define RCP_POOL_KEY_CAP 600

/* The pooled connection to host:port for cred_key when there is one fit for use (one that is not is discarded), else
 * NULL. key (RCP_POOL_KEY_CAP bytes)/klen: the pool key, made here when the lookup or the discard needed it (klen 0:
 * not made). */
static zend_always_inline rcp_conn *rcp_pool_held(const char *host, int port, const char *cred_key, size_t cred_len,
                                                  char *key, size_t *klenp)
{
	size_t klen = 0;
	rcp_conn *c;
	rcp_reuse verdict;

	rcp_pool_init();
	c = rcp_pc_find(host, port, cred_key, cred_len);
	if (!c) {
		klen = rcp_pool_key(key, RCP_POOL_KEY_CAP, host, port, cred_key, cred_len);
		c = zend_hash_str_find_ptr(&rcp_pool_ht, key, klen);
		if (c) {
			rcp_pc_put(c, cred_key, cred_len);
		}
	}
	if (c) {
		bool seen = c->checked_request == rcp_request_serial;

		if (seen && c->pid == rcp_pid() && c->state == RCP_CONN_NEW) {
			return c; /* not yet connected */
		}
		/* Checked before every use, also within a request: bytes a node sent after its reply (a broken or
		 * hostile peer) would otherwise be read as the reply to the next command. One non-blocking
		 * recv(MSG_PEEK), no round trip. */
		if ((verdict = rcp_conn_reusable(c)) == RCP_REUSE_OK) {
			if (seen) {
				return c;
			}
			c->checked_request = rcp_request_serial;
			rcp_count_conn(c->stats, RCP_NEV_REUSED);
			return c;
		}
		switch (verdict) {
			case RCP_REUSE_FORKED:
				rcp_count_conn(c->stats, RCP_NEV_DISC_FORKED);
				break;
			case RCP_REUSE_UNREAD_REPLY:
			case RCP_REUSE_UNSOLICITED:
				rcp_count_conn(c->stats, RCP_NEV_DISC_UNREAD);
				break;
			case RCP_REUSE_CLOSED_BY_PEER:
				rcp_count_conn(c->stats, RCP_NEV_DISC_CLOSED);
				break;
			default: /* broken, a socket error */
				rcp_count_conn(c->stats, RCP_NEV_DISC_BROKEN);
				break;
		}
		rcp_pc_forget(c);
		if (!klen) {
			klen = rcp_pool_key(key, RCP_POOL_KEY_CAP, host, port, cred_key, cred_len);
		}
		zend_hash_str_del(&rcp_pool_ht, key, klen);
		rcp_pool_close(c);
	}
	*klenp = klen;
	return NULL;
}

rcp_conn *rcp_pool_peek(const char *host, int port, const char *cred_key, size_t cred_len)
{
	char key[RCP_POOL_KEY_CAP];
	size_t klen;

	return rcp_pool_held(host, port, cred_key, cred_len, key, &klen);
}

rcp_conn *rcp_pool_get(const char *host, int port, const char *cred_key, size_t cred_len, rcp_tls *tls,
                       const char *setup, size_t setup_len, uint32_t setup_replies, uint64_t wait_ms)
{
	char key[RCP_POOL_KEY_CAP];
	size_t klen;
	rcp_conn *c = rcp_pool_held(host, port, cred_key, cred_len, key, &klen);

	if (c) {
		return c;
	}
	if (!klen) {
		klen = rcp_pool_key(key, sizeof(key), host, port, cred_key, cred_len);
	}
	c = rcp_conn_new(host, port, tls, setup, setup_len, setup_replies);
	if (!c) {
		zend_error_noreturn(E_ERROR, "redis_cluster_pool: out of memory");
	}
	c->checked_request = rcp_request_serial;
	c->key_hash = rcp_pool_key_hash(key, klen);
	if (setup_len && rcp_pool_refused(c)) {
		rcp_count_conn(c->stats, RCP_NEV_AUTH_REFUSED);
	} else if (!rcp_cap.max) {
		rcp_count_conn(c->stats, RCP_NEV_OPENED);
	} else {
		rcp_parked *handed = NULL;

		while (!rcp_cap_take(c, key, klen, wait_ms, &handed) && handed) {
#ifdef ZTS
			/* another thread's connection with the same pool key, given back: used instead of connecting */
			rcp_conn *h = handed->c;
			if (rcp_cap_adopt(handed, tls)) {
				rcp_conn_free(c); /* never opened */
				c = h;
				c->checked_request = rcp_request_serial;
				rcp_count_conn(c->stats, RCP_NEV_REUSED);
				break;
			}
#endif
			handed = NULL; /* closed (no longer usable): its slot is free, try again */
		}
		if (!handed && !c->refusal) {
			rcp_count_conn(c->stats, RCP_NEV_OPENED);
		}
	}
	zend_hash_str_update_ptr(&rcp_pool_ht, key, klen, c);
	rcp_pc_put(c, cred_key, cred_len);
	return c;
}

void rcp_pool_discard(rcp_conn *c)
{
	rcp_pc_forget(c);
	rcp_pool_remove(c);
	rcp_pool_close(c);
}

void rcp_pool_sweep_parts(rcp_part *parts, int nparts)
{
	int i;
	bool flush = false;

	for (i = 0; i < nparts; i++) {
		rcp_conn *c = parts[i].conn;
		if (c && c->pending_writes) {
			flush = true; /* a write the kernel did not take at once: its completion is the loop's */
		}
		if (c && c->state == RCP_CONN_BROKEN) {
			if (!c->refusal && (parts[i].err.code == RCP_E_CONNECTION || parts[i].err.code == RCP_E_TIMEOUT)) {
				if (!c->opened_at_ms || !c->checked_request) {
					rcp_count_conn(c->stats, RCP_NEV_CONNECT_FAILURE);
				}
			}
			if (parts[i].err.code == RCP_E_AUTH && !c->refusal) {
				/* tell every worker: nobody retries these credentials on this node for a while (and reads skip
				 * it: rcp_pool_auth_refused) */
				rcp_shm_auth_note(c->key_hash, rcp_pool_node_hash(c->host, c->port),
					rcp_now_ms() + RCP_AUTH_REMEMBER_MS, parts[i].err.etype, parts[i].err.msg);
				rcp_count_conn(c->stats, RCP_NEV_AUTH_REFUSAL);
			}
			if (c->refusal) {
				/* never opened (remembered refusal): nothing to count */
			} else if (c->peer_closed) {
				rcp_count_conn(c->stats, RCP_NEV_DISC_CLOSED);
			} else {
				rcp_count_conn(c->stats, RCP_NEV_DISC_BROKEN);
			}
			parts[i].conn = NULL;
			rcp_pool_discard(c);
			flush = true; /* its handle's close callback */
		}
	}
	/* a turn of the loop only when it has something to finish: the common batch costs no system call here */
	if (flush) {
		rcp_io_flush();
	}
}

bool rcp_pool_auth_refused(const char *host, int port, const char *cred_key, size_t cred_len, const char *suffix,
                           size_t suffix_len, uint64_t now_ms)
{
	char key[600], etype[16], msg[8];
	uint64_t until;
	size_t klen;

	if (!rcp_shm_auth_any(now_ms)) {
		return false; /* the common case: one atomic load */
	}
	klen = rcp_pool_key(key, sizeof(key) - suffix_len, host, port, cred_key, cred_len);
	memcpy(key + klen, suffix, suffix_len);
	klen += suffix_len;
	return rcp_shm_auth_get(rcp_pool_key_hash(key, klen), now_ms, etype, sizeof(etype), msg, sizeof(msg), &until);
}

bool rcp_pool_node_refused(const char *addr, uint64_t now_ms)
{
	return rcp_shm_auth_any(now_ms) && rcp_shm_auth_node(rcp_secret_hash(addr, strlen(addr)), now_ms);
}

/* Close every connection opened with these credentials (a non-persistent object going away). */
void rcp_pool_close_cred(const char *cred, size_t cred_len)
{
	zend_string *k;
	zval *v;
	bool any = false;

	if (!rcp_pool_ready) {
		return;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(&rcp_pool_ht, k, v) {
		const char *nul = memchr(ZSTR_VAL(k), '\0', ZSTR_LEN(k));
		if (nul && (size_t)(ZSTR_VAL(k) + ZSTR_LEN(k) - nul - 1) == cred_len && !memcmp(nul + 1, cred, cred_len)) {
			rcp_pc_forget(Z_PTR_P(v));
			rcp_pool_close(Z_PTR_P(v));
			ZVAL_PTR(v, NULL);
			any = true;
		}
	} ZEND_HASH_FOREACH_END();
	if (any) {
		zval *e;
		zend_string *key;
		ZEND_HASH_FOREACH_STR_KEY_VAL(&rcp_pool_ht, key, e) {
			if (Z_PTR_P(e) == NULL) {
				zend_hash_del(&rcp_pool_ht, key);
			}
		} ZEND_HASH_FOREACH_END();
		rcp_io_flush();
	}
}

void rcp_pool_rinit(void)
{
	rcp_request_serial++;
	rcp_pool_ended = false;
	for (unsigned i = 0; i < RCP_CAP_REFUSED_NOTES; i++) {
		rcp_cap_refused[i].n = 0;
	}
}

/* ZTS: c, idle in this thread's table under hk's key, handed over to a thread that waits for a slot to its node
 * (rcp_cap_park): out of this thread's table then (the caller removes it). false: it stays (it cannot move: TLS, a
 * write in flight), or NTS. */
static bool rcp_pool_hand_over(rcp_conn *c, const zend_hash_key *hk)
{
#ifdef ZTS
	if (c->state == RCP_CONN_READY && hk->key && rcp_cap_park(c, ZSTR_VAL(hk->key), ZSTR_LEN(hk->key))) {
		rcp_pc_forget(c);
		return true;
	}
#else
	(void)c;
	(void)hk;
#endif
	return false;
}

static int rcp_pool_reap(zval *v, int num_args, va_list args, zend_hash_key *hk)
{
	rcp_conn *c = Z_PTR_P(v);
	uint64_t idle_timeout_ms = *va_arg(args, uint64_t *);

	(void)num_args;

	if (c->pid != rcp_pid()) {
		/* inherited from a parent: not ours to use; close our copy of the fd only */
		rcp_count_conn(c->stats, RCP_NEV_DISC_FORKED);
	} else if (c->state == RCP_CONN_BROKEN && c->peer_closed && !c->owed && !c->watching && rcp_conn_idle(c)) {
		/* idle, and the server closed it meanwhile (its timeout, a restart, CLIENT KILL): seen by the read
		 * watcher that stays armed, while this request used other connections */
		rcp_count_conn(c->stats, RCP_NEV_DISC_CLOSED);
	} else if (c->state == RCP_CONN_BROKEN || c->state == RCP_CONN_CONNECTING || c->owed || c->watching ||
	           !rcp_conn_idle(c)) {
		/* the request died mid-reply (or left a WATCH behind): none of it may reach the next request */
		rcp_count_conn(c->stats, RCP_NEV_DISC_UNREAD);
	} else if (idle_timeout_ms && rcp_now_ms() - c->last_used_ms > idle_timeout_ms) {
		rcp_count_conn(c->stats, RCP_NEV_DISC_IDLE);
	} else if (rcp_cap_wanted(c)) {
		/* ZTS: another thread waits for a slot to its node under the per-node cap: handed over (or, when it cannot
		 * move, closed) */
		if (rcp_pool_hand_over(c, hk)) {
			return ZEND_HASH_APPLY_REMOVE;
		}
		rcp_count_conn(c->stats, RCP_NEV_DISC_IDLE);
	} else {
		return ZEND_HASH_APPLY_KEEP;
	}
	rcp_pc_forget(c);
	rcp_pool_close(c);
	return ZEND_HASH_APPLY_REMOVE;
}

void rcp_pool_rshutdown(uint64_t idle_timeout_ms)
{
	if (!rcp_pool_ready) {
		return;
	}
	rcp_pool_ended = true;
	zend_hash_apply_with_arguments(&rcp_pool_ht, rcp_pool_reap, 1, &idle_timeout_ms);
	rcp_io_flush();
#ifdef ZTS
	if (rcp_parking) {
		rcp_cap_publish();
	}
	if (idle_timeout_ms && rcp_cap.max) {
		rcp_cap_idle_close(idle_timeout_ms);
	}
#endif
}

#ifdef ZTS
static int rcp_pool_yield_one(zval *v, int num_args, va_list args, zend_hash_key *hk)
{
	rcp_conn *c = Z_PTR_P(v);

	(void)num_args;
	(void)args;
	/* only what the request's end would hand over (rcp_pool_reap); anything else waits for the request's end */
	return c->pid == rcp_pid() && !c->owed && !c->watching && rcp_conn_idle(c) && rcp_cap_wanted(c) &&
		rcp_pool_hand_over(c, hk) ? ZEND_HASH_APPLY_REMOVE : ZEND_HASH_APPLY_KEEP;
}

void rcp_pool_yield(void)
{
	if (!rcp_pool_ready || rcp_pool_ended) {
		return;
	}
	zend_hash_apply_with_arguments(&rcp_pool_ht, rcp_pool_yield_one, 0);
	if (rcp_parking) {
		rcp_io_flush();
		rcp_cap_publish();
	}
}
#endif

void rcp_pool_mshutdown(void)
{
	zval *v;

	if (!rcp_pool_ready) {
		return;
	}
	rcp_pc_forget(NULL);
	ZEND_HASH_FOREACH_VAL(&rcp_pool_ht, v) {
		rcp_pool_close(Z_PTR_P(v));
	} ZEND_HASH_FOREACH_END();
	zend_hash_destroy(&rcp_pool_ht);
	rcp_pool_ready = false;
	rcp_io_flush();
}

uint32_t rcp_pool_size(void)
{
	return rcp_pool_ready ? zend_hash_num_elements(&rcp_pool_ht) : 0;
}

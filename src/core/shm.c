/*
 * shm.c - the shared segment (see rcp_shm.h for the layout and the protocol).
 *
 * Atomics are GCC/Clang __atomic builtins on plain fields of the mapping. The seqlock needs acquire loads
 * of the generation around the copy and release stores around the write; the map copy itself is a plain
 * memcpy whose result is discarded when the generation moved.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>   /* SYS_gettid: the lease holder under ZTS */
#endif
#include "rcp_shm.h"
#include "rcp_util.h"

#define RCP_SHM_MAGIC 0x52435053484d3031ULL /* "RCPSHM01" */

/* An entry's state: FREE, READY, or CLAIMED | claimer << 2 (the claimer's rcp_lease_me(), writing the key). */
enum { RCP_SC_FREE = 0, RCP_SC_CLAIMED = 1, RCP_SC_READY = 2 };

/* The refresh lease, one word changed by one CAS: the holder (high half: rcp_lease_me(), 0 = free) and the lease's
 * deadline (low half: rcp_now_ms() modulo 2^32, compared wrap-aware; a lease lasts seconds). One word, because a
 * holder that set the two fields one after the other could be seen holding a lease whose deadline was still its
 * predecessor's, long past, and be taken over at once: two refreshes. */
#define RCP_LEASE(holder, deadline_ms) (((uint64_t)(uint32_t)(holder) << 32) | (uint32_t)(deadline_ms))
#define RCP_LEASE_HOLDER(lease) ((int32_t)((lease) >> 32))
#define RCP_LEASE_LIVE(lease, now_ms) ((int32_t)((uint32_t)(lease) - (uint32_t)(now_ms)) > 0)

struct rcp_shm_cluster {
	uint32_t state;
	uint32_t keylen;
	char key[RCP_SHM_KEY_MAX];
	uint64_t generation;        /* seqlock: odd while a writer fills the inactive map */
	uint32_t active;            /* index of the published map */
	uint64_t lease;             /* RCP_LEASE(holder, deadline); 0 = free */
	uint32_t refresh_wanted;
	uint32_t zones_wanted;      /* some worker's client reads by availability zone */
	uint64_t last_refresh_ms;
	uint64_t next_refresh_ms;
	uint64_t counters[RCP_SC_COUNT];
	uint64_t suspect_until_ms[RCP_MAX_NODES]; /* by node index of the published map; carried over by address on publish */
	uint32_t cmds_state;        /* the learned command table: RCP_CMDS_NONE -> WRITING -> READY (never changes after) */
	uint32_t cmds_len;
	char cmds[RCP_SHM_CMDS_MAX];
	rcp_shm_cmdstat cmdstats[RCP_SHM_CMDSTATS];
	rcp_map maps[2];
};

enum { RCP_CMDS_NONE = 0, RCP_CMDS_WRITING = 1, RCP_CMDS_READY = 2 };

/* A remembered authentication failure (see rcp_shm_auth_note()); seq is a seqlock (odd while written). */
typedef struct {
	uint64_t seq;
	uint64_t key_hash;          /* keyed hash of node + credentials (rcp_secret_hash: nothing to test a guess against) */
	uint64_t node_hash;         /* keyed hash of the node's "host:port" (reports: which nodes refused someone) */
	uint64_t until_ms;
	char etype[16];
	char msg[RCP_SHM_AUTH_MSG];
} rcp_shm_auth;

#define RCP_SHM_AUTH_SLOTS 64

/* A shared TLS session (see rcp_shm_tls_session_put()); seq is a seqlock (odd while written). */
typedef struct {
	uint64_t seq;
	uint64_t busy_until_ms;     /* while odd: when another writer may take the slot over (a writer died) */
	uint64_t key;
	uint32_t len;
	unsigned char der[RCP_SHM_TLS_SESSION_MAX];
} rcp_shm_tls;

typedef struct {
	uint64_t magic;
	uint64_t size;
	uint32_t clusters_max;
	uint32_t clusters_full;     /* how many times a cluster found the table full */
	uint32_t clusters_key_too_long; /* how many times a cluster's key (seeds + user) was over RCP_SHM_KEY_MAX */
	uint64_t auth_until_ms;     /* the latest until_ms of the remembered refusals: none holds past it */
	rcp_shm_auth auth[RCP_SHM_AUTH_SLOTS];
	rcp_shm_tls tls[RCP_SHM_TLS_SLOTS];
	rcp_shm_nodestat nodestats[RCP_SHM_NODESTATS];
} rcp_shm_header;

static char *rcp_shm_base;
static size_t rcp_shm_size;

#define LOAD(p)        __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define STORE(p, v)    __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define ADD(p, v)      __atomic_add_fetch((p), (v), __ATOMIC_ACQ_REL)
#define CAS(p, e, v)   __atomic_compare_exchange_n((p), (e), (v), false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)

static inline rcp_shm_header *rcp_hdr(void) { return (rcp_shm_header *)rcp_shm_base; }

static inline rcp_shm_cluster *rcp_entry(uint32_t i)
{
	return (rcp_shm_cluster *)(rcp_shm_base + sizeof(rcp_shm_header) + (size_t)i * sizeof(rcp_shm_cluster));
}

size_t rcp_shm_entry_size(void)
{
	return sizeof(rcp_shm_cluster);
}

bool rcp_shm_init(size_t size, uint32_t clusters, char *errbuf, size_t errlen)
{
	size_t need = sizeof(rcp_shm_header) + (size_t)clusters * sizeof(rcp_shm_cluster);
	void *p;

	if (clusters == 0) {
		snprintf(errbuf, errlen, "redis_cluster_pool.shm_clusters must be at least 1");
		return false;
	}
	if (size < need) {
		snprintf(errbuf, errlen,
			"redis_cluster_pool.shm_size=%zu is too small for redis_cluster_pool.shm_clusters=%u: "
			"it needs at least %zu bytes (%zu per cluster)", size, clusters, need, sizeof(rcp_shm_cluster));
		return false;
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		snprintf(errbuf, errlen, "redis_cluster_pool: cannot map %zu bytes of shared memory "
			"(redis_cluster_pool.shm_size): %s", size, strerror(errno));
		return false;
	}
	rcp_shm_base = p;
	rcp_shm_size = size;
	rcp_hdr()->magic = RCP_SHM_MAGIC;
	rcp_hdr()->size = size;
	rcp_hdr()->clusters_max = clusters;
	return true;
}

void rcp_shm_shutdown(void)
{
	if (rcp_shm_base) {
		munmap(rcp_shm_base, rcp_shm_size);
		rcp_shm_base = NULL;
	}
}

static int32_t rcp_lease_me(void);

/* Entry e's state once a claim in progress has ended. The claimer writes the key in microseconds, but it may be
 * descheduled for longer (milliseconds on a loaded host, more under valgrind): it is waited for, up to 2 s. A
 * claimer that died there (its id gone) left the entry claimed for good: it is passed over at once. */
static uint32_t rcp_entry_state(rcp_shm_cluster *e)
{
	uint32_t st = LOAD(&e->state);
	uint64_t give_up = 0;

	while ((st & 3) == RCP_SC_CLAIMED) {
		if (kill((pid_t)(st >> 2), 0) != 0 && errno == ESRCH) {
			break;
		}
		if (!give_up) {
			give_up = rcp_now_ms() + 2000;
		} else if (rcp_now_ms() > give_up) {
			break;
		}
		usleep(10);
		st = LOAD(&e->state);
	}
	return st;
}

/*
 * The entry of cluster key, claimed if none has it. Entries are claimed in order and never freed, so a key's entry
 * comes before the first free one, and every process creating a key claims that first free entry: two creating the
 * same key at once race for the same entry, and the loser finds the key in it once the winner wrote it. Never two
 * entries for one key (each would discover the cluster on its own).
 */
rcp_shm_cluster *rcp_shm_cluster_get(const char *key, size_t len)
{
	uint32_t i, n;

	if (!rcp_shm_base) {
		return NULL;
	}
	if (len > RCP_SHM_KEY_MAX) {
		ADD(&rcp_hdr()->clusters_key_too_long, 1);
		return NULL;
	}
	n = rcp_hdr()->clusters_max;
	for (i = 0; i < n; i++) {
		rcp_shm_cluster *e = rcp_entry(i);
		uint32_t st = rcp_entry_state(e);

		if (st == RCP_SC_FREE) {
			if (CAS(&e->state, &st, RCP_SC_CLAIMED | ((uint32_t)rcp_lease_me() << 2))) {
				memcpy(e->key, key, len);
				e->keylen = (uint32_t)len;
				STORE(&e->state, RCP_SC_READY);
				return e;
			}
			st = rcp_entry_state(e); /* another process claimed it first: see which key it wrote */
		}
		if (st == RCP_SC_READY && e->keylen == len && memcmp(e->key, key, len) == 0) {
			return e;
		}
	}
	ADD(&rcp_hdr()->clusters_full, 1);
	return NULL;
}

uint64_t rcp_shm_generation(rcp_shm_cluster *sc)
{
	return LOAD(&sc->generation);
}

uint64_t rcp_shm_read_map(rcp_shm_cluster *sc, rcp_map *dst)
{
	for (int attempt = 0; attempt < 1000; attempt++) {
		uint64_t g1 = LOAD(&sc->generation), g2;
		const rcp_map *src;

		if (g1 == 0) {
			return 0;
		}
		if (g1 & 1) {
			usleep(20); /* a writer is between its two generation bumps: microseconds */
			continue;
		}
		src = &sc->maps[LOAD(&sc->active) & 1];
		/* copy what is used: header and the nodes in use, then the slot table */
		memcpy(dst, src, offsetof(rcp_map, nodes));
		if (dst->nnodes > RCP_MAX_NODES) {
			continue;
		}
		memcpy(dst->nodes, src->nodes, sizeof(rcp_node) * dst->nnodes);
		memcpy(dst->slots, src->slots, sizeof(dst->slots));
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		g2 = LOAD(&sc->generation);
		if (g1 == g2) {
			return g1;
		}
	}
	return 0;
}

uint64_t rcp_shm_publish(rcp_shm_cluster *sc, const rcp_map *src)
{
	uint32_t next = (LOAD(&sc->active) & 1) ^ 1;
	uint64_t g;

	const rcp_map *old = &sc->maps[next ^ 1];
	uint16_t nold = LOAD(&sc->generation) ? LOAD(&old->nnodes) : 0;
	uint64_t marks[RCP_MAX_NODES];

	/* health marks are by node index: carry each over to the same host:port in the new table (a refresh
	 * that lists the same nodes must not make every worker pay a dead node's timeout again) */
	for (uint16_t i = 0; i < src->nnodes && i < RCP_MAX_NODES; i++) {
		marks[i] = 0;
		for (uint16_t j = 0; j < nold && j < RCP_MAX_NODES; j++) {
			if (old->nodes[j].port == src->nodes[i].port && !strcmp(old->nodes[j].host, src->nodes[i].host)) {
				marks[i] = LOAD(&sc->suspect_until_ms[j]);
				break;
			}
		}
	}
	/* a publisher SIGKILLed mid-write left the generation odd: we hold the lease, so we are the only
	 * full-map writer; make it even first, or our own +1 would mark the write as stable */
	if (LOAD(&sc->generation) & 1) {
		ADD(&sc->generation, 1);
	}
	ADD(&sc->generation, 1); /* odd: readers retry */
	memcpy(&sc->maps[next], src, offsetof(rcp_map, nodes) + sizeof(rcp_node) * src->nnodes);
	memcpy(sc->maps[next].slots, src->slots, sizeof(src->slots));
	STORE(&sc->active, next);
	for (uint16_t i = 0; i < RCP_MAX_NODES; i++) {
		STORE(&sc->suspect_until_ms[i], i < src->nnodes ? marks[i] : 0);
	}
	g = ADD(&sc->generation, 1);
	if (g == 0) { /* wrapped: 0 means "no map" */
		g = ADD(&sc->generation, 2);
	}
	return g;
}

bool rcp_shm_patch_slot(rcp_shm_cluster *sc, int slot, const char *host, uint16_t port)
{
	rcp_map *m = &sc->maps[LOAD(&sc->active) & 1];
	uint16_t i, n = LOAD(&m->nnodes);

	for (i = 0; i < n && i < RCP_MAX_NODES; i++) {
		if (m->nodes[i].port == port && !strcmp(m->nodes[i].host, host) && !m->nodes[i].replica) {
			__atomic_store_n(&m->slots[slot], i, __ATOMIC_RELEASE);
			ADD(&sc->generation, 2);
			return true;
		}
	}
	/* an unknown node (or a replica): only a full refresh may add or promote nodes (writers are single-flight) */
	STORE(&sc->refresh_wanted, 1);
	return false;
}

/* Who holds a refresh lease: the process; under ZTS the thread (its Linux thread id: the process' pid for its main
 * thread, a pid-space id kill(id, 0) tells alive or gone like a process'), so the threads of one process take
 * turns like processes do (one writer of the inactive map: the seqlock's rule). */
static int32_t rcp_lease_me(void)
{
#if defined(ZTS) && defined(__linux__)
	return (int32_t)syscall(SYS_gettid);
#else
	return (int32_t)rcp_pid();
#endif
}

bool rcp_shm_lease_try(rcp_shm_cluster *sc, uint64_t now_ms, uint64_t lease_ms, bool *took_over)
{
	int32_t me = rcp_lease_me();
	uint64_t cur = LOAD(&sc->lease);
	int32_t holder = RCP_LEASE_HOLDER(cur);

	*took_over = false;
	if (holder != 0 && holder != me) {
		bool dead = kill(holder, 0) != 0 && errno == ESRCH;
		if (!dead && RCP_LEASE_LIVE(cur, now_ms)) {
			return false;
		}
		/* expired, or its holder is gone (killed mid-refresh): take it over */
	}
	if (!CAS(&sc->lease, &cur, RCP_LEASE(me, now_ms + lease_ms))) {
		return false; /* taken (or taken over) in between */
	}
	if (holder != 0 && holder != me) {
		*took_over = true;
		ADD(&sc->counters[RCP_SC_LEASE_TAKEOVERS], 1);
	}
	return true;
}

void rcp_shm_lease_release(rcp_shm_cluster *sc)
{
	uint64_t cur = LOAD(&sc->lease);

	if (RCP_LEASE_HOLDER(cur) == rcp_lease_me()) {
		CAS(&sc->lease, &cur, 0); /* fails only if it was taken over: then it is not ours to free */
	}
}

pid_t rcp_shm_lease_holder(rcp_shm_cluster *sc)
{
	return (pid_t)RCP_LEASE_HOLDER(LOAD(&sc->lease));
}

void rcp_shm_mark_suspect(rcp_shm_cluster *sc, uint16_t idx, uint64_t until_ms)
{
	if (idx < RCP_MAX_NODES) {
		STORE(&sc->suspect_until_ms[idx], until_ms);
	}
}

void rcp_shm_clear_suspect(rcp_shm_cluster *sc, uint16_t idx)
{
	if (idx < RCP_MAX_NODES && LOAD(&sc->suspect_until_ms[idx])) {
		STORE(&sc->suspect_until_ms[idx], 0);
	}
}

bool rcp_shm_is_suspect(rcp_shm_cluster *sc, uint16_t idx, uint64_t now_ms)
{
	return idx < RCP_MAX_NODES && LOAD(&sc->suspect_until_ms[idx]) > now_ms;
}

void rcp_shm_want_zones(rcp_shm_cluster *sc)
{
	if (!LOAD(&sc->zones_wanted)) {
		STORE(&sc->zones_wanted, 1);
	}
}

bool rcp_shm_zones_wanted(rcp_shm_cluster *sc)
{
	return LOAD(&sc->zones_wanted) != 0;
}

void rcp_shm_want_refresh(rcp_shm_cluster *sc)
{
	STORE(&sc->refresh_wanted, 1);
}

bool rcp_shm_refresh_due(rcp_shm_cluster *sc, uint64_t now_ms, uint64_t min_interval_ms)
{
	uint64_t last = LOAD(&sc->last_refresh_ms);

	if (now_ms >= LOAD(&sc->next_refresh_ms)) {
		return true;
	}
	return LOAD(&sc->refresh_wanted) && now_ms - last >= min_interval_ms;
}

void rcp_shm_refreshed(rcp_shm_cluster *sc, uint64_t now_ms, uint64_t next_ms)
{
	STORE(&sc->refresh_wanted, 0);
	STORE(&sc->last_refresh_ms, now_ms);
	STORE(&sc->next_refresh_ms, next_ms);
}

uint64_t rcp_shm_last_refresh(rcp_shm_cluster *sc)
{
	return LOAD(&sc->last_refresh_ms);
}

void rcp_shm_count(rcp_shm_cluster *sc, rcp_shm_counter c)
{
	ADD(&sc->counters[c], 1);
}

uint64_t rcp_shm_counter_get(rcp_shm_cluster *sc, rcp_shm_counter c)
{
	return LOAD(&sc->counters[c]);
}

/* ---- remembered authentication failures ------------------------------------------------------ */

/* Where key_hash may be: RCP_SHM_AUTH_PROBE consecutive slots from its home (a small open-addressing table without
 * deletion: entries expire). Refusals of several nodes at once (a user missing on every replica) each get a slot;
 * only when all of a key's slots are taken by live refusals does the one that ends first give way, which at worst
 * costs one more connection attempt. */
#define RCP_SHM_AUTH_PROBE 4

static inline rcp_shm_auth *rcp_auth_slot(uint64_t key_hash, uint32_t i)
{
	return &rcp_hdr()->auth[(key_hash + i) % RCP_SHM_AUTH_SLOTS];
}

void rcp_shm_auth_note(uint64_t key_hash, uint64_t node_hash, uint64_t until_ms, const char *etype, const char *msg)
{
	rcp_shm_auth *a = rcp_auth_slot(key_hash, 0);
	uint64_t seq, latest, oldest = UINT64_MAX;

	if (!rcp_shm_base) {
		return;
	}
	latest = LOAD(&rcp_hdr()->auth_until_ms);
	while (latest < until_ms && !CAS(&rcp_hdr()->auth_until_ms, &latest, until_ms)) {
		/* another worker moved it: try again against its value */
	}
	/* the key's own slot if it has one, else the one whose refusal ends first (an expired one, or a free one);
	 * read without the seqlock: a choice, not a value (the CAS below decides) */
	for (uint32_t i = 0; i < RCP_SHM_AUTH_PROBE; i++) {
		rcp_shm_auth *b = rcp_auth_slot(key_hash, i);
		uint64_t until = __atomic_load_n(&b->until_ms, __ATOMIC_RELAXED);
		if (__atomic_load_n(&b->key_hash, __ATOMIC_RELAXED) == key_hash) {
			a = b;
			break;
		}
		if (until < oldest) {
			oldest = until;
			a = b;
		}
	}
	seq = LOAD(&a->seq);
	if ((seq & 1) || !CAS(&a->seq, &seq, seq + 1)) {
		return; /* another worker is writing it: its failure is as good as ours */
	}
	a->key_hash = key_hash;
	a->node_hash = node_hash;
	a->until_ms = until_ms;
	snprintf(a->etype, sizeof(a->etype), "%s", etype);
	snprintf(a->msg, sizeof(a->msg), "%s", msg);
	STORE(&a->seq, seq + 2);
}

bool rcp_shm_auth_get(uint64_t key_hash, uint64_t now_ms, char *etype, size_t elen, char *msg, size_t mlen,
                      uint64_t *until_ms)
{
	rcp_shm_auth copy;

	if (!rcp_shm_base) {
		return false;
	}
	for (uint32_t i = 0; i < RCP_SHM_AUTH_PROBE; i++) {
		rcp_shm_auth *a = rcp_auth_slot(key_hash, i);
		for (int tries = 0; tries < 4; tries++) {
			uint64_t seq = LOAD(&a->seq);
			if (seq & 1) {
				continue;
			}
			memcpy(&copy, a, sizeof(copy));
			__atomic_thread_fence(__ATOMIC_ACQUIRE);
			if (LOAD(&a->seq) != seq) {
				continue;
			}
			if (copy.key_hash != key_hash || copy.until_ms <= now_ms) {
				break; /* not this slot */
			}
			copy.etype[sizeof(copy.etype) - 1] = copy.msg[sizeof(copy.msg) - 1] = '\0';
			snprintf(etype, elen, "%s", copy.etype);
			snprintf(msg, mlen, "%s", copy.msg);
			*until_ms = copy.until_ms;
			return true;
		}
	}
	return false;
}

bool rcp_shm_auth_any(uint64_t now_ms)
{
	return rcp_shm_base && LOAD(&rcp_hdr()->auth_until_ms) > now_ms;
}

bool rcp_shm_auth_node(uint64_t node_hash, uint64_t now_ms)
{
	for (uint32_t i = 0; rcp_shm_base && i < RCP_SHM_AUTH_SLOTS; i++) {
		rcp_shm_auth *a = &rcp_hdr()->auth[i];
		uint64_t seq = LOAD(&a->seq), node = a->node_hash, until = a->until_ms;

		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (!(seq & 1) && LOAD(&a->seq) == seq && node == node_hash && until > now_ms) {
			return true;
		}
	}
	return false;
}

/* ---- shared TLS sessions --------------------------------------------------------------------- */

/* The slot a session of key goes to: key's own, else a free one, else the one written longest ago (busy_until_ms
 * is its last write's time + RCP_SHM_TLS_BUSY_MS). Read without the seqlocks: a slot taken by a writer meanwhile
 * only makes this a cache's choice, never a torn session (the writer's seqlock below decides). */
static rcp_shm_tls *rcp_shm_tls_slot_for(uint64_t key)
{
	rcp_shm_tls *own = NULL, *free_slot = NULL, *oldest = NULL;
	uint64_t oldest_ms = UINT64_MAX;

	for (uint32_t i = 0; i < RCP_SHM_TLS_SLOTS; i++) {
		rcp_shm_tls *t = &rcp_hdr()->tls[i];
		uint64_t k = __atomic_load_n(&t->key, __ATOMIC_RELAXED), at;

		if (k == key) {
			own = t;
			break;
		}
		if (!k) {
			free_slot = free_slot ? free_slot : t;
		} else if ((at = __atomic_load_n(&t->busy_until_ms, __ATOMIC_RELAXED)) < oldest_ms) {
			oldest_ms = at;
			oldest = t;
		}
	}
	return own ? own : free_slot ? free_slot : oldest;
}

bool rcp_shm_tls_session_put(uint64_t key, const void *der, size_t len, uint64_t now_ms)
{
	rcp_shm_tls *t;
	uint64_t seq;

	if (!rcp_shm_base || len == 0 || len > RCP_SHM_TLS_SESSION_MAX || !key) {
		return false;
	}
	t = rcp_shm_tls_slot_for(key);
	seq = LOAD(&t->seq);
	if (seq & 1) {
		/* being written: by a live worker (its session is as good as ours), or by one that died meanwhile */
		if (LOAD(&t->busy_until_ms) >= now_ms || !CAS(&t->seq, &seq, seq + 2)) {
			return false;
		}
		seq += 1; /* odd, ours now: seq + 1 below makes it even */
	} else if (!CAS(&t->seq, &seq, seq + 1)) {
		return false;
	}
	STORE(&t->busy_until_ms, now_ms + RCP_SHM_TLS_BUSY_MS);
	__atomic_store_n(&t->key, key, __ATOMIC_RELAXED);
	t->len = (uint32_t)len;
	memcpy(t->der, der, len);
	STORE(&t->seq, (seq | 1) + 1);
	return true;
}

size_t rcp_shm_tls_session_get(uint64_t key, void *buf, size_t cap)
{
	if (!rcp_shm_base || !key) {
		return 0;
	}
	for (uint32_t i = 0; i < RCP_SHM_TLS_SLOTS; i++) {
		rcp_shm_tls *t = &rcp_hdr()->tls[i];

		if (__atomic_load_n(&t->key, __ATOMIC_RELAXED) != key) {
			continue;
		}
		for (int tries = 0; tries < 4; tries++) {
			uint64_t seq = LOAD(&t->seq);
			uint32_t len;

			if (seq & 1) {
				continue;
			}
			len = t->len;
			if (__atomic_load_n(&t->key, __ATOMIC_RELAXED) != key || len == 0 || len > RCP_SHM_TLS_SESSION_MAX ||
			    len > cap) {
				__atomic_thread_fence(__ATOMIC_ACQUIRE);
				if (LOAD(&t->seq) != seq) {
					continue;
				}
				break; /* another key's now, or too long: the next slot */
			}
			memcpy(buf, t->der, len);
			__atomic_thread_fence(__ATOMIC_ACQUIRE);
			if (LOAD(&t->seq) == seq) {
				return len;
			}
		}
	}
	return 0;
}

bool rcp_shm_get_info(rcp_shm_info *out)
{
	uint32_t used = 0;

	if (!rcp_shm_base) {
		return false;
	}
	for (uint32_t i = 0; i < rcp_hdr()->clusters_max; i++) {
		if (LOAD(&rcp_entry(i)->state) == RCP_SC_READY) {
			used++;
		}
	}
	out->size = rcp_shm_size;
	out->used = sizeof(rcp_shm_header) + (size_t)used * sizeof(rcp_shm_cluster);
	out->clusters_max = rcp_hdr()->clusters_max;
	out->clusters_used = used;
	out->clusters_full = LOAD(&rcp_hdr()->clusters_full);
	out->clusters_key_too_long = LOAD(&rcp_hdr()->clusters_key_too_long);
	return true;
}

bool rcp_shm_cmds_publish(rcp_shm_cluster *sc, const void *blob, size_t len)
{
	/* called by the refresh lease holder only; a holder that died while writing left WRITING: write again */
	if (len > RCP_SHM_CMDS_MAX || LOAD(&sc->cmds_state) == RCP_CMDS_READY) {
		return false;
	}
	STORE(&sc->cmds_state, RCP_CMDS_WRITING);
	memcpy(sc->cmds, blob, len);
	STORE(&sc->cmds_len, (uint32_t)len);
	STORE(&sc->cmds_state, RCP_CMDS_READY);
	return true;
}

const void *rcp_shm_cmds_get(rcp_shm_cluster *sc, size_t *len)
{
	if (LOAD(&sc->cmds_state) != RCP_CMDS_READY) {
		return NULL;
	}
	*len = LOAD(&sc->cmds_len);
	return sc->cmds;
}

/* ---- metrics ------------------------------------------------------------------------------------------ */

/* Find the slot named key among n slots of stride size whose state and name are at the given offsets, or claim
 * a free one; when every slot is taken, the last one. */
#define RCP_SLOT_FIND(arr, n, field, key)                                                                    \
	do {                                                                                                   \
		for (int pass = 0; pass < 2; pass++) {                                                             \
			for (uint32_t i = 0; i < (n); i++) {                                                           \
				uint32_t st = LOAD(&(arr)[i].state), expect = 0;                                           \
				if (st == 2 && !strcmp((arr)[i].field, (key))) {                                           \
					return &(arr)[i];                                                                      \
				}                                                                                          \
				if (pass == 1 && st == 0 && CAS(&(arr)[i].state, &expect, 1)) {                            \
					snprintf((arr)[i].field, sizeof((arr)[i].field), "%s", (key));                         \
					STORE(&(arr)[i].state, 2);                                                             \
					return &(arr)[i];                                                                      \
				}                                                                                          \
			}                                                                                              \
		}                                                                                                  \
		return &(arr)[(n) - 1];                                                                            \
	} while (0)

rcp_shm_nodestat *rcp_shm_nodestat_get(const char *addr)
{
	if (!rcp_shm_base || strlen(addr) >= sizeof(rcp_hdr()->nodestats[0].addr)) {
		return NULL;
	}
	RCP_SLOT_FIND(rcp_hdr()->nodestats, RCP_SHM_NODESTATS, addr, addr);
}

const rcp_shm_nodestat *rcp_shm_nodestats(uint32_t *n)
{
	if (!rcp_shm_base) {
		*n = 0;
		return NULL;
	}
	*n = RCP_SHM_NODESTATS;
	return rcp_hdr()->nodestats;
}

rcp_shm_cmdstat *rcp_shm_cmdstat_get(rcp_shm_cluster *sc, const char *name)
{
	if (strlen(name) >= sizeof(sc->cmdstats[0].name)) {
		return &sc->cmdstats[RCP_SHM_CMDSTATS - 1];
	}
	RCP_SLOT_FIND(sc->cmdstats, RCP_SHM_CMDSTATS, name, name);
}

const rcp_shm_cmdstat *rcp_shm_cmdstats(rcp_shm_cluster *sc, uint32_t *n)
{
	*n = RCP_SHM_CMDSTATS;
	return sc->cmdstats;
}

rcp_shm_cluster *rcp_shm_cluster_at(uint32_t i, const char **key, size_t *keylen)
{
	uint32_t seen = 0;

	if (!rcp_shm_base) {
		return NULL;
	}
	for (uint32_t k = 0; k < rcp_hdr()->clusters_max; k++) {
		rcp_shm_cluster *e = rcp_entry(k);
		if (LOAD(&e->state) == RCP_SC_READY && seen++ == i) {
			*key = e->key;
			*keylen = e->keylen;
			return e;
		}
	}
	return NULL;
}

/*
 * cache.c - the read cache's segment: clusters, links, key sequences, the index and the ring (see rcp_cache.h for the
 * API and docs/CACHE.md for the design, the race and the bound).
 *
 * Layout (offsets fixed at rcp_cache_init(), before the server forks; every process computes the same pointers):
 *
 *   +-----------------------------+  rcp_cache_hdr: sizes and offsets, the ring's write position (own cache line),
 *   | header                      |  the listener's pid and heartbeat, evictions
 *   +-----------------------------+  rcp_cache_cluster x clusters_max
 *   | cluster: key (seeds + user),|    claimed by CAS, never freed
 *   |  counters (16 stripes),     |    striped by pid so that workers do not share a cache line for counting
 *   |  slot_gen[16384],           |    bumped when a slot moves
 *   |  links[128]: gen|state,     |    one per node: generation (bumped when the link is lost or the node flushed),
 *   |   confirmed_at, stats, err  |    state, the last confirmed PING's send time
 *   +-----------------------------+
 *   | key sequences (u32 x 2^n)   |  hash(cluster, key) -> counter, bumped by every invalidation of the key
 *   +-----------------------------+
 *   | seen bitmap (an eighth of   |  hash(cluster, key, signature) -> a bit: the read missed before (cache_admit=2);
 *   |  the key sequences' bytes)  |    cleared whole when about an eighth of its bits were set since the last one
 *   +-----------------------------+
 *   | index (64-byte buckets of   |  hash(cluster, key, signature) -> ring position; 4-way, the oldest replaced
 *   |  4 x {tag, pos})            |
 *   +-----------------------------+
 *   | chunk words (per 64 KiB)    |  {lap, records}: entries and evictions for stats
 *   +-----------------------------+
 *   | ring                        |  records: header, key, signature, value; the write position only grows
 *   +-----------------------------+
 *
 * Invariants:
 *  - a record is reachable (through the index) only after it was written whole and committed (its pos word stored
 *    last, with release): writers killed before that leave bytes nothing points to;
 *  - the bytes of a record at absolute position p are intact as long as the write position is <= p + ring_size
 *    (every writer advances the position, by CAS, before it writes a byte): a reader copies, then re-reads the
 *    position; a record passed over is a miss (RCP_CACHE_TORN when a value buffer was already handed out);
 *  - index entries {tag, pos} may be torn (two words, racing writers): the record's own hash, key and signature
 *    are compared, so a torn entry is a miss;
 *  - validity is a handful of loads: link (gen, state, confirmed_at) with acquire, then the key's sequence, so a
 *    reader that sees a confirmation also sees every invalidation the listener applied before it.
 * Atomics are GCC/Clang __atomic builtins on plain fields of the mapping, as in shm.c.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "rcp_cache.h"

#define RCP_CACHE_MAGIC   0x3148434143504352ULL /* "RCPCACH1" */
#define RCP_STRIPES       16
#define RCP_SLOTS         16384
#define RCP_CHUNK         (64u * 1024u)
#define RCP_REC_HDR       64u
#define RCP_WAYS          4

#define LOAD(p)        __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define LOADR(p)       __atomic_load_n((p), __ATOMIC_RELAXED)
#define STORE(p, v)    __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define ADD(p, v)      __atomic_add_fetch((p), (v), __ATOMIC_ACQ_REL)
#define CAS(p, e, v)   __atomic_compare_exchange_n((p), (e), (v), false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)

typedef struct {
	uint64_t v[RCP_CS_COUNT];
} __attribute__((aligned(64))) rcp_cache_stripe;

struct rcp_cache_link {
	/* the words a lookup reads, together */
	uint64_t gen_state;          /* generation << 32 | state */
	uint64_t confirmed_at;       /* send time of the last PING answered; 0: none on this generation */
	uint64_t used_ns;            /* last ticket taken (stored at most once a second): the listener closes idle links */
	uint32_t claim;              /* 0 free, 1 claiming, 2 ready */
	uint16_t cluster, index;
	/* the listener's bookkeeping */
	uint64_t want_ns;            /* last request sent by a worker (rate limit, single flight) */
	uint64_t rtt_ns, rtt_max_ns;
	uint64_t invalidations, flushes, losses, connects;
	uint32_t mode;
	uint32_t pad;
	uint64_t err_seq;            /* seqlock over err (odd while written) */
	char err[RCP_CACHE_ERR_MAX];
	char addr[RCP_CACHE_ADDR_MAX];
} __attribute__((aligned(64)));

struct rcp_cache_cluster {
	uint32_t state;              /* 0 free, 1 claiming, 2 ready */
	uint32_t keylen;
	uint16_t index;
	uint16_t pad16;
	uint32_t untracked_gen;      /* what untracked entries have for a link generation: FLUSHALL through the pool */
	uint64_t seed;               /* mixed into every hash of this cluster */
	char key[RCP_CACHE_KEY_MAX];
	rcp_cache_stripe stats[RCP_STRIPES];
	uint32_t slot_gen[RCP_SLOTS];
	struct rcp_cache_link links[RCP_CACHE_LINKS];
} __attribute__((aligned(64)));

typedef struct {
	uint64_t tag;                /* hash of (cluster, key, signature), never 0; 0 = empty */
	uint64_t pos;                /* the record's absolute ring position */
} rcp_ix_ent;

typedef struct {
	rcp_ix_ent e[RCP_WAYS];
} __attribute__((aligned(64))) rcp_ix_bucket;

/* A record's header, at an 8-aligned ring offset; key, signature and value follow. */
typedef struct {
	uint64_t pos;                /* commit word: the absolute position it was written at, stored last */
	uint64_t hent;
	uint64_t fill_ns;            /* the ticket's time (the read's start) */
	uint32_t len;                /* whole record, padded to 8 */
	uint32_t keyseq;
	uint32_t slot_gen;
	uint32_t link_gen;
	uint32_t ttl_ms;
	uint32_t vallen;
	uint16_t cluster;
	uint16_t slot;
	uint16_t link;               /* RCP_NO_LINK: untracked */
	uint16_t keylen;
	uint16_t siglen;
	uint8_t type;
	uint8_t pad[5];
} rcp_rec;

_Static_assert(sizeof(rcp_rec) == RCP_REC_HDR, "record header is 64 bytes");
_Static_assert(sizeof(rcp_ix_bucket) == 64, "a bucket is one cache line");

#define RCP_NO_LINK 0xffff

/* tests/cache/torture.c builds this file with RCP_CACHE_TEST_HOOKS: a pause (and a chance to be SIGKILLed) between
 * every two steps of a fill, so that kills land mid-write */
#ifdef RCP_CACHE_TEST_HOOKS
void rcp_cache_test_point(int where);
# define RCP_TEST_POINT(n) rcp_cache_test_point(n)
#else
# define RCP_TEST_POINT(n) ((void)0)
#endif

typedef struct {
	uint64_t magic, size;
	uint32_t clusters_max, max_lag_ms;
	uint64_t lag_ns;             /* max_lag in ns */
	uint32_t keyseq_mask;
	uint32_t nbuckets, nchunks;
	uint64_t clusters_off, keyseq_off, seen_off, index_off, chunks_off, ring_off;
	uint64_t seen_mask;          /* the seen bitmap's words - 1 (a power of two) */
	uint64_t ring_size, value_max;
	/* the listener */
	int32_t listener_pid;
	uint32_t links_up;
	uint64_t listener_beat;
	uint64_t listener_spawn;     /* when a process last started one (single flight) */
	uint64_t listeners_started;
	uint64_t evictions;
	uint64_t seen_clears;        /* the seen bitmap's clearings */
	uint64_t head __attribute__((aligned(64)));   /* the ring's write position: bytes reserved so far */
	char pad_after_head[56];
	uint64_t seen_sets __attribute__((aligned(64)));   /* bits set in the seen bitmap since it was last cleared */
	char pad_after_seen[56];
} rcp_cache_hdr;

/* Process-local copies of what the header says (same values in every process: set before fork). */
static char *rcp_base;
static rcp_cache_hdr *rcp_hdr;
static uint32_t *rcp_keyseq;
static uint64_t *rcp_seen;
static uint32_t rcp_admit_misses = 1;
static rcp_ix_bucket *rcp_index;
static uint64_t *rcp_chunks;
static char *rcp_ring;
static uint64_t rcp_ring_size;
static uint32_t rcp_stripe;

static void rcp_cache_atfork_child(void)
{
	rcp_stripe = (uint32_t)getpid() % RCP_STRIPES;
}

/* ---- hashing ------------------------------------------------------------------------------------------------ */

/* A small wyhash-style hash: 64x64->128 multiplies over 16 bytes at a time; tails read without overrunning. */
static inline uint64_t rcp_mix(uint64_t a, uint64_t b)
{
	__uint128_t r = (__uint128_t)a * b;
	return (uint64_t)r ^ (uint64_t)(r >> 64);
}

#define RCP_P0 0xa0761d6478bd642fULL
#define RCP_P1 0xe7037ed1a0b428dbULL
#define RCP_P2 0x8ebc6af09c88c6e3ULL
#define RCP_P3 0x589965cc75374cc3ULL

static inline uint64_t rcp_hash(uint64_t seed, const void *data, size_t n)
{
	const unsigned char *p = data;
	uint64_t a, b, h = seed ^ RCP_P0;
	size_t left = n;

	while (left > 16) {
		h = rcp_mix(rcp_cache_rd64(p) ^ RCP_P1, rcp_cache_rd64(p + 8) ^ h);
		p += 16;
		left -= 16;
	}
	if (left > 8) {
		a = rcp_cache_rd64(p);
		b = rcp_cache_rd64(p + left - 8);
	} else if (left >= 4) {
		a = rcp_cache_rd32(p);
		b = rcp_cache_rd32(p + left - 4);
	} else if (left > 0) {
		a = ((uint64_t)p[0] << 16) | ((uint64_t)p[left >> 1] << 8) | p[left - 1];
		b = 0;
	} else {
		a = b = 0;
	}
	return rcp_mix(RCP_P1 ^ n, rcp_mix(a ^ RCP_P1, b ^ h) ^ RCP_P3);
}

/* ---- the segment ---------------------------------------------------------------------------------------------- */

static inline size_t rcp_align(size_t v, size_t a)
{
	return (v + a - 1) & ~(a - 1);
}

static size_t rcp_fixed_bytes(uint32_t clusters)
{
	return rcp_align(sizeof(rcp_cache_hdr), 4096) + rcp_align((size_t)clusters * sizeof(struct rcp_cache_cluster), 4096);
}

size_t rcp_cache_min_memory(uint32_t clusters)
{
	size_t need = rcp_fixed_bytes(clusters) + 512 * 1024;
	return need < RCP_CACHE_MIN_MEMORY ? RCP_CACHE_MIN_MEMORY : need;
}

static uint64_t rcp_pow2_floor(uint64_t v)
{
	uint64_t p = 1;
	while (p * 2 <= v) {
		p *= 2;
	}
	return p;
}

bool rcp_cache_init(size_t bytes, uint32_t clusters, uint32_t max_lag_ms, char *err, size_t errlen)
{
	size_t fixed, rest, keyseq_bytes, seen_bytes, index_bytes, chunks_bytes, ring;
	uint64_t keyseqs, nbuckets;
	void *p;

	if (bytes == 0) {
		return true; /* off */
	}
	if (clusters == 0 || clusters > 4096) {
		snprintf(err, errlen, "redis_cluster_pool.shm_clusters must be between 1 and 4096 for the cache");
		return false;
	}
	if (bytes < rcp_cache_min_memory(clusters)) {
		snprintf(err, errlen, "redis_cluster_pool.cache_memory=%zu is too small: with redis_cluster_pool.shm_clusters=%u "
			"it needs at least %zu bytes (%zuK); 0 turns the cache off", bytes, clusters,
			rcp_cache_min_memory(clusters), rcp_cache_min_memory(clusters) / 1024);
		return false;
	}
	if (max_lag_ms == 0) {
		snprintf(err, errlen, "redis_cluster_pool.cache_max_lag must be at least 1 (milliseconds)");
		return false;
	}
	fixed = rcp_fixed_bytes(clusters);
	rest = bytes - fixed;
	/* an eighth for the key sequences (4 bytes each: a few hundred thousand counters for the default 32M), an
	 * eighth for the index (one entry per 128 bytes of the whole), 64 KiB chunks' words, the rest for the ring */
	keyseqs = rcp_pow2_floor(rest / 8 / sizeof(uint32_t));
	keyseq_bytes = keyseqs * sizeof(uint32_t);
	/* the seen bitmap (cache_admit=2): 4 bits per key sequence (2,097,152 at 32M), about 16 per index entry */
	seen_bytes = keyseq_bytes / 8 < 64 ? 64 : keyseq_bytes / 8;
	nbuckets = rest / 8 / sizeof(rcp_ix_bucket);
	index_bytes = nbuckets * sizeof(rcp_ix_bucket);
	ring = rest - keyseq_bytes - seen_bytes - index_bytes;
	ring = (ring / (RCP_CHUNK + 8)) * RCP_CHUNK;   /* leave a word per chunk */
	chunks_bytes = rcp_align((ring / RCP_CHUNK) * sizeof(uint64_t), 64);
	if (ring < 4 * RCP_CHUNK || nbuckets < 16) {
		snprintf(err, errlen, "redis_cluster_pool.cache_memory=%zu is too small for its ring", bytes);
		return false;
	}
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		snprintf(err, errlen, "redis_cluster_pool: cannot map %zu bytes of shared memory (redis_cluster_pool.cache_memory): %s",
			bytes, strerror(errno));
		return false;
	}
	rcp_base = p;
	rcp_hdr = p;
	rcp_hdr->magic = RCP_CACHE_MAGIC;
	rcp_hdr->size = bytes;
	rcp_hdr->clusters_max = clusters;
	rcp_hdr->max_lag_ms = max_lag_ms;
	rcp_hdr->lag_ns = (uint64_t)max_lag_ms * 1000000ull;
	rcp_hdr->clusters_off = rcp_align(sizeof(rcp_cache_hdr), 4096);
	rcp_hdr->keyseq_off = fixed;
	rcp_hdr->keyseq_mask = (uint32_t)(keyseqs - 1);
	rcp_hdr->seen_off = rcp_hdr->keyseq_off + keyseq_bytes;
	rcp_hdr->seen_mask = seen_bytes / sizeof(uint64_t) - 1;
	rcp_hdr->index_off = rcp_hdr->seen_off + seen_bytes;
	rcp_hdr->nbuckets = (uint32_t)nbuckets;
	rcp_hdr->chunks_off = rcp_hdr->index_off + index_bytes;
	rcp_hdr->nchunks = (uint32_t)(ring / RCP_CHUNK);
	rcp_hdr->ring_off = rcp_align(rcp_hdr->chunks_off + chunks_bytes, 64);
	while (rcp_hdr->ring_off + ring > bytes) {
		ring -= RCP_CHUNK;
	}
	rcp_hdr->nchunks = (uint32_t)(ring / RCP_CHUNK);
	rcp_hdr->ring_size = ring;
	rcp_hdr->value_max = ring / 64;
	for (uint32_t i = 0; i < clusters; i++) {
		struct rcp_cache_cluster *c = (void *)(rcp_base + rcp_hdr->clusters_off + (size_t)i * sizeof(*c));
		c->index = (uint16_t)i;
		c->seed = rcp_mix((uint64_t)i + 1, RCP_P2);
	}
	rcp_keyseq = (uint32_t *)(rcp_base + rcp_hdr->keyseq_off);
	rcp_seen = (uint64_t *)(rcp_base + rcp_hdr->seen_off);
	rcp_index = (rcp_ix_bucket *)(rcp_base + rcp_hdr->index_off);
	rcp_chunks = (uint64_t *)(rcp_base + rcp_hdr->chunks_off);
	rcp_ring = rcp_base + rcp_hdr->ring_off;
	rcp_ring_size = ring;
	rcp_stripe = (uint32_t)getpid() % RCP_STRIPES;
	{
		static bool atfork;
		if (!atfork) {
			pthread_atfork(NULL, NULL, rcp_cache_atfork_child);
			atfork = true;
		}
	}
	return true;
}

void rcp_cache_set_admit(uint32_t misses)
{
	rcp_admit_misses = misses;
}

void rcp_cache_shutdown(void)
{
	if (rcp_base) {
		munmap(rcp_base, rcp_hdr->size);
		rcp_base = NULL;
		rcp_hdr = NULL;
	}
}

bool rcp_cache_on(void)
{
	return rcp_hdr != NULL;
}

uint32_t rcp_cache_max_lag_ms(void)
{
	return rcp_hdr ? rcp_hdr->max_lag_ms : 0;
}

static inline struct rcp_cache_cluster *rcp_cl(uint32_t i)
{
	return (struct rcp_cache_cluster *)(rcp_base + rcp_hdr->clusters_off + (size_t)i * sizeof(struct rcp_cache_cluster));
}

static inline void rcp_count(rcp_cache_cluster *cc, rcp_cache_counter c)
{
	__atomic_fetch_add(&cc->stats[rcp_stripe].v[c], 1, __ATOMIC_RELAXED);
}

/* ---- clusters and links ------------------------------------------------------------------------------------------ */

/* Find the ready entry named key among n of stride size, or claim a free one (CAS 0 -> 1, write the name, 2). */
rcp_cache_cluster *rcp_cache_cluster_get(const char *key, size_t len)
{
	if (!rcp_hdr || len > RCP_CACHE_KEY_MAX) {
		return NULL;
	}
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t i = 0; i < rcp_hdr->clusters_max; i++) {
			struct rcp_cache_cluster *c = rcp_cl(i);
			uint32_t st = LOAD(&c->state), expect = 0;

			if (st == 2 && c->keylen == len && memcmp(c->key, key, len) == 0) {
				return c;
			}
			if (st == 1) {
				/* being named by another process: a few instructions; wait for it before claiming a duplicate */
				for (int spin = 0; spin < 10000 && LOAD(&c->state) == 1; spin++) {
					sched_yield();
				}
				if (LOAD(&c->state) == 2 && c->keylen == len && memcmp(c->key, key, len) == 0) {
					return c;
				}
			}
			if (pass == 1 && st == 0 && CAS(&c->state, &expect, 1)) {
				memcpy(c->key, key, len);
				c->keylen = (uint32_t)len;
				STORE(&c->state, 2);
				return c;
			}
		}
	}
	return NULL;
}

rcp_cache_link *rcp_cache_link_get(rcp_cache_cluster *cc, const char *addr, size_t len)
{
	if (!cc || len >= RCP_CACHE_ADDR_MAX) {
		return NULL;
	}
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t i = 0; i < RCP_CACHE_LINKS; i++) {
			rcp_cache_link *l = &cc->links[i];
			uint32_t st = LOAD(&l->claim), expect = 0;

			if (st == 1) {
				for (int spin = 0; spin < 10000 && LOAD(&l->claim) == 1; spin++) {
					sched_yield();
				}
				st = LOAD(&l->claim);
			}
			if (st == 2 && strlen(l->addr) == len && memcmp(l->addr, addr, len) == 0) {
				return l;
			}
			if (pass == 1 && st == 0 && CAS(&l->claim, &expect, 1)) {
				memcpy(l->addr, addr, len);
				l->addr[len] = '\0';
				l->cluster = cc->index;
				l->index = (uint16_t)i;
				STORE(&l->claim, 2);
				return l;
			}
		}
	}
	return NULL;
}

static const char *const rcp_link_state_names[RCP_LINK_STATES] = {
	"idle", "connecting", "up", "down", "refused", "failed"
};

const char *rcp_cache_link_state_name(rcp_cache_link_state s)
{
	return (unsigned)s < RCP_LINK_STATES ? rcp_link_state_names[s] : "?";
}

/* The link's last error, copied under its seqlock (empty when a writer holds it for the whole attempt). */
static void rcp_link_err_copy(rcp_cache_link *l, char *out, size_t cap)
{
	out[0] = '\0';
	for (int tries = 0; tries < 4; tries++) {
		uint64_t s = LOAD(&l->err_seq);
		if (s & 1) {
			continue;
		}
		snprintf(out, cap, "%.*s", (int)(sizeof(l->err) - 1), l->err);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (LOAD(&l->err_seq) == s) {
			return;
		}
	}
	out[0] = '\0';
}

rcp_cache_link_state rcp_cache_link_status(rcp_cache_link *l, char *err, size_t errlen)
{
	if (err && errlen) {
		rcp_link_err_copy(l, err, errlen);
	}
	return (rcp_cache_link_state)(LOAD(&l->gen_state) & 0xff);
}

/* ---- reads -------------------------------------------------------------------------------------------------------- */

static inline rcp_ix_bucket *rcp_bucket(uint64_t h)
{
	return &rcp_index[(uint64_t)(((__uint128_t)h * rcp_hdr->nbuckets) >> 64)];
}

uint64_t rcp_cache_sig_hash(const char *sig, size_t len)
{
	return rcp_hash(RCP_P2, sig, len);
}

/* The hash of k's key in cc (the key sequences' index), and of its entry: the key's and the signature's mixed (one hash
 * of the key per lookup). */
static inline __attribute__((always_inline)) uint64_t rcp_hkey(rcp_cache_cluster *cc, const rcp_cache_key *k)
{
	return rcp_hash(cc->seed, k->key, k->keylen);
}

static inline __attribute__((always_inline)) uint64_t rcp_hent(uint64_t hkey, uint64_t sh)
{
	return rcp_mix(hkey ^ RCP_P1, sh ^ RCP_P3) | 1;
}

/* Whether a link state and confirmation (loaded in that order, with acquire) serve reads at now: up, and confirmed
 * within the bound. */
static inline __attribute__((always_inline)) bool rcp_link_serves(uint64_t gen_state, uint64_t confirmed_at, uint64_t now)
{
	return (gen_state & 0xff) == RCP_LINK_UP && confirmed_at && now < confirmed_at + rcp_hdr->lag_ns;
}

/* A ticket taken: the link noted as used (at most once a second: the listener closes idle links). */
static inline __attribute__((always_inline)) void rcp_link_used(rcp_cache_link *l, uint64_t now)
{
	if (now - LOADR(&l->used_ns) > 1000000000ull) {
		__atomic_store_n(&l->used_ns, now, __ATOMIC_RELAXED);
	}
}

/* Fill t for k (sh: its signature's rcp_cache_sig_hash(), hkey: its key's rcp_hkey()): the hashes, then the link
 * (acquire), then the slot and key sequences. */
static inline __attribute__((always_inline)) void rcp_ticket_fill(rcp_cache_cluster *cc, const rcp_cache_key *k,
                                                                  uint64_t sh, uint64_t hkey, rcp_cache_ticket *t)
{
	rcp_cache_link *l = k->link;
	uint64_t now = k->now_ns ? k->now_ns : rcp_now_ns();

	t->hkey = hkey;
	t->hent = rcp_hent(hkey, sh);
	t->now_ns = now;
	t->siglen = (uint16_t)k->siglen;
	if (l) {
		uint64_t gs = LOAD(&l->gen_state);
		uint64_t conf = LOAD(&l->confirmed_at);

		t->link_gen = (uint32_t)(gs >> 32);
		t->link_idx = l->index;
		t->fillable = rcp_link_serves(gs, conf, now);
		rcp_link_used(l, now);
	} else {
		t->link_gen = LOAD(&cc->untracked_gen);
		t->link_idx = RCP_NO_LINK;
		t->fillable = k->ttl_ms > 0;   /* untracked entries live by their ttl alone */
	}
	t->slot_gen = LOAD(&cc->slot_gen[k->slot & (RCP_SLOTS - 1)]);
	t->keyseq = LOAD(&rcp_keyseq[t->hkey & rcp_hdr->keyseq_mask]);
}

void rcp_cache_ticket_take(rcp_cache_cluster *cc, const rcp_cache_key *k, rcp_cache_ticket *t)
{
	rcp_ticket_fill(cc, k, rcp_cache_sig_hash(k->sig, k->siglen), rcp_hkey(cc, k), t);
}

void rcp_cache_ticket_take_h(rcp_cache_cluster *cc, const rcp_cache_key *k, uint64_t sig_hash, uint64_t hkey,
                             rcp_cache_ticket *t)
{
	rcp_ticket_fill(cc, k, sig_hash, hkey, t);
}

/* memcpy() of the short keys, signatures and values of reads, without its call: up to 32 bytes in overlapping
 * words (or halves, or bytes), more by memcpy(). Never reads or writes outside the n bytes. */
static inline __attribute__((always_inline)) void rcp_copy(char *dst, const char *src, size_t n)
{
	if (n >= 8 && n <= 16) {
		uint64_t a = rcp_cache_rd64((const unsigned char *)src), b = rcp_cache_rd64((const unsigned char *)src + n - 8);
		memcpy(dst, &a, 8);
		memcpy(dst + n - 8, &b, 8);
	} else if (n >= 4 && n < 8) {
		uint32_t a = (uint32_t)rcp_cache_rd32((const unsigned char *)src), b = (uint32_t)rcp_cache_rd32((const unsigned char *)src + n - 4);
		memcpy(dst, &a, 4);
		memcpy(dst + n - 4, &b, 4);
	} else if (n < 4) {
		for (size_t i = 0; i < n; i++) {
			dst[i] = src[i];
		}
	} else if (n <= 32) {
		uint64_t a = rcp_cache_rd64((const unsigned char *)src), b = rcp_cache_rd64((const unsigned char *)src + 8);
		uint64_t c = rcp_cache_rd64((const unsigned char *)src + n - 16), d = rcp_cache_rd64((const unsigned char *)src + n - 8);
		memcpy(dst, &a, 8);
		memcpy(dst + 8, &b, 8);
		memcpy(dst + n - 16, &c, 8);
		memcpy(dst + n - 8, &d, 8);
	} else {
		memcpy(dst, src, n);
	}
}

/* How long a record filled with ttl rec_ttl_ms (0: none) may be served to a client whose ttl is ttl_ns (0: none). */
static inline __attribute__((always_inline)) uint64_t rcp_life_ns(uint32_t rec_ttl_ms, uint64_t ttl_ns)
{
	uint64_t life = (uint64_t)RCP_CACHE_MAX_AGE_S * 1000000000ull;

	if (rec_ttl_ms && (uint64_t)rec_ttl_ms * 1000000ull < life) {
		life = (uint64_t)rec_ttl_ms * 1000000ull;
	}
	return ttl_ns && ttl_ns < life ? ttl_ns : life;
}

/* Whether the words a record was read under still say what they said: its link up and confirmed within the bound at
 * now with generation link_gen, its slot's generation (at slot_gen_at) and its key's sequence (at keyseq_at) as they
 * were. The link's words are loaded first (acquire), then the sequences: a confirmation seen means every invalidation
 * before it is seen. */
static inline __attribute__((always_inline)) bool rcp_words_valid(rcp_cache_link *l, uint32_t link_gen,
                                                                  const uint32_t *slot_gen_at, uint32_t slot_gen,
                                                                  const uint32_t *keyseq_at, uint32_t keyseq, uint64_t now)
{
	uint64_t gs = LOAD(&l->gen_state), conf = LOAD(&l->confirmed_at);

	if (!rcp_link_serves(gs, conf, now) || (uint32_t)(gs >> 32) != link_gen || LOAD(slot_gen_at) != slot_gen ||
	    LOAD(keyseq_at) != keyseq) {
		return false;
	}
	rcp_link_used(l, now);
	return true;
}

/* Whether what a record was read under (*w: its slot, link, sequences, fill time and ttl) still holds at now for a
 * client whose ttl is ttl_ns (0: none): young enough (now - fill_ns wraps when now is before the fill: too old), and
 * its words unchanged (rcp_words_valid; hkey: its key's hash). */
static inline __attribute__((always_inline)) bool rcp_where_valid(rcp_cache_cluster *cc, const rcp_cache_where *w,
                                                                  uint64_t hkey, uint64_t now, uint64_t ttl_ns)
{
	if (w->link >= RCP_CACHE_LINKS || now - w->fill_ns >= rcp_life_ns(w->ttl_ms, ttl_ns)) {
		return false; /* (untracked records are not served by the record's own link) */
	}
	return rcp_words_valid(&cc->links[w->link], w->link_gen, &cc->slot_gen[w->slot & (RCP_SLOTS - 1)], w->slot_gen,
	                       &rcp_keyseq[hkey & rcp_hdr->keyseq_mask], w->keyseq, now);
}

bool rcp_cache_watch_of(rcp_cache_cluster *cc, const rcp_cache_where *w, uint64_t hkey, uint32_t ttl_ms,
                        rcp_cache_watch *out)
{
	if (w->link >= RCP_CACHE_LINKS) {
		return false;
	}
	out->link = &cc->links[w->link];
	out->slot_gen_at = &cc->slot_gen[w->slot & (RCP_SLOTS - 1)];
	out->keyseq_at = &rcp_keyseq[hkey & rcp_hdr->keyseq_mask];
	out->slot_gen = w->slot_gen;
	out->keyseq = w->keyseq;
	out->link_gen = w->link_gen;
	out->fill_ns = w->fill_ns;
	out->life_ns = rcp_life_ns(w->ttl_ms, (uint64_t)ttl_ms * 1000000ull);
	return true;
}

/* rcp_where_valid() of a copy, its words found and its ages folded into one when it was kept. Inlined into its
 * callers by the release build's link-time optimization: the repeated read's whole check. */
__attribute__((always_inline)) inline bool rcp_cache_still_valid(const rcp_cache_watch *wt, uint64_t now)
{
	return now - wt->fill_ns < wt->life_ns &&
		rcp_words_valid(wt->link, wt->link_gen, wt->slot_gen_at, wt->slot_gen, wt->keyseq_at, wt->keyseq, now);
}

/* The record of entry hent in its bucket that is whole, k's (key and signature) and young enough, and valid: against
 * ticket t (its link, slot and key sequences, taken a moment ago), or, t NULL, against its own slot and link
 * (rcp_where_valid, *where then what it was read under). On a hit its value is copied into what alloc returns.
 * Counts nothing but a torn copy. */
static inline __attribute__((always_inline)) rcp_cache_result rcp_find(rcp_cache_cluster *cc, const rcp_cache_key *k,
                                                    uint64_t hent, uint64_t hkey, const rcp_cache_ticket *t, uint64_t now,
                                                    rcp_cache_where *where, rcp_cache_alloc_fn alloc, void *ctx)
{
	rcp_ix_bucket *b = rcp_bucket(hent);
	uint64_t ttl_ns = (uint64_t)k->ttl_ms * 1000000ull;
	/* the ways whose tag is hent, as bits (the four compared without a loop: a miss is these few instructions) */
	unsigned ways = (unsigned)(LOADR(&b->e[0].tag) == hent) | (unsigned)(LOADR(&b->e[1].tag) == hent) << 1 |
		(unsigned)(LOADR(&b->e[2].tag) == hent) << 2 | (unsigned)(LOADR(&b->e[3].tag) == hent) << 3;

	_Static_assert(RCP_WAYS == 4, "the tag comparison above has four ways");
	for (; ways; ways &= ways - 1) {
		int w = __builtin_ctz(ways);
		uint64_t pos, off, age;
		const char *r;
		rcp_rec h;
		void *dst;

		pos = LOAD(&b->e[w].pos);
		if (LOADR(&rcp_hdr->head) - pos > rcp_ring_size) {
			continue; /* overwritten already */
		}
		off = pos % rcp_ring_size;
		r = rcp_ring + off;
		memcpy(&h, r, sizeof(h));
		if (h.pos != pos || h.hent != hent || h.keylen != k->keylen || h.siglen != k->siglen ||
		    h.cluster != cc->index || h.len > rcp_ring_size - off ||
		    RCP_REC_HDR + (uint64_t)h.keylen + h.siglen + h.vallen > h.len ||
		    !rcp_cache_same(r + RCP_REC_HDR, k->key, k->keylen) || !rcp_cache_same(r + RCP_REC_HDR + h.keylen, k->sig, k->siglen)) {
			continue;
		}
		if (t) {
			age = now - h.fill_ns;
			if (h.keyseq != t->keyseq || h.slot_gen != t->slot_gen || h.link != t->link_idx || h.link_gen != t->link_gen ||
			    age >= (uint64_t)RCP_CACHE_MAX_AGE_S * 1000000000ull ||
			    (h.ttl_ms && age >= (uint64_t)h.ttl_ms * 1000000ull) || (ttl_ns && age >= ttl_ns)) {
				continue;
			}
		} else {
			where->slot = h.slot;
			where->link = h.link;
			where->keyseq = h.keyseq;
			where->slot_gen = h.slot_gen;
			where->link_gen = h.link_gen;
			where->ttl_ms = h.ttl_ms;
			where->fill_ns = h.fill_ns;
			if (!rcp_where_valid(cc, where, hkey, now, ttl_ns)) {
				continue;
			}
		}
		if (!(dst = alloc(ctx, h.type, h.vallen))) {
			break;
		}
		RCP_TEST_POINT(7);
		rcp_copy(dst, r + RCP_REC_HDR + h.keylen + h.siglen, h.vallen);
		/* the copy is good if nothing reserved ring space over it meanwhile */
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (LOAD(&rcp_hdr->head) - pos > rcp_ring_size) {
			rcp_count(cc, RCP_CS_TORN);
			return RCP_CACHE_TORN;
		}
		return RCP_CACHE_HIT;
	}
	return RCP_CACHE_MISS;
}

/* The lookup with a ticket, counting nothing but a torn copy (rcp_cache_lookup_sh counts the hit or the miss). */
static inline __attribute__((always_inline)) rcp_cache_result rcp_lookup(rcp_cache_cluster *cc, const rcp_cache_key *k,
                                                      uint64_t sh, rcp_cache_ticket *t, rcp_cache_alloc_fn alloc,
                                                      void *ctx)
{
	rcp_ticket_fill(cc, k, sh, rcp_hkey(cc, k), t);
	if (!t->fillable) {
		/* a link not confirmed within the bound serves nothing: entries of its generation may be stale */
		return RCP_CACHE_MISS;
	}
	return rcp_find(cc, k, t->hent, t->hkey, t, t->now_ns, NULL, alloc, ctx);
}

/* (inlined into its callers by the release build's link-time optimization, as rcp_cache_still_valid) */
__attribute__((always_inline)) inline rcp_cache_result rcp_cache_probe(rcp_cache_cluster *cc, const rcp_cache_key *k,
                                                                       uint64_t sig_hash, uint64_t hkey,
                                                                       rcp_cache_where *where, rcp_cache_alloc_fn alloc,
                                                                       void *ctx)
{
	return rcp_find(cc, k, rcp_hent(hkey, sig_hash), hkey, NULL, k->now_ns, where, alloc, ctx);
}

rcp_cache_result rcp_cache_lookup_sh(rcp_cache_cluster *cc, const rcp_cache_key *k, uint64_t sh, rcp_cache_ticket *t,
                                     rcp_cache_alloc_fn alloc, void *ctx)
{
	rcp_cache_result res = rcp_lookup(cc, k, sh, t, alloc, ctx);

	rcp_count(cc, res == RCP_CACHE_HIT ? RCP_CS_HITS : RCP_CS_MISSES);
	return res;
}

rcp_cache_result rcp_cache_lookup(rcp_cache_cluster *cc, const rcp_cache_key *k, rcp_cache_ticket *t,
                                  rcp_cache_alloc_fn alloc, void *ctx)
{
	return rcp_cache_lookup_sh(cc, k, rcp_cache_sig_hash(k->sig, k->siglen), t, alloc, ctx);
}

void rcp_cache_count_n(rcp_cache_cluster *cc, rcp_cache_counter c, uint32_t n)
{
	__atomic_fetch_add(&cc->stats[rcp_stripe].v[c], n, __ATOMIC_RELAXED);
}

/* Chunk words: lap << 32 | records started in the chunk in that lap. The first record (or reservation) of a new lap
 * in a chunk counts the old lap's records as evicted. */
static __attribute__((noinline)) void rcp_chunk_note_slow(uint64_t *w, uint32_t lap, bool record)
{
	uint64_t old = LOADR(w), nw;

	for (;;) {
		uint32_t olap = (uint32_t)(old >> 32), cnt = (uint32_t)old;

		if (olap == lap) {
			if (!record) {
				return;
			}
			nw = old + 1;
		} else if ((int32_t)(olap - lap) > 0) {
			return; /* a later lap owns it already: this record is overwritten */
		} else {
			nw = ((uint64_t)lap << 32) | (record ? 1u : 0u);
			if (CAS(w, &old, nw)) {
				if (cnt) {
					__atomic_fetch_add(&rcp_hdr->evictions, cnt, __ATOMIC_RELAXED);
				}
				return;
			}
			continue;
		}
		if (CAS(w, &old, nw)) {
			return;
		}
	}
}

/* A record at ring offset off in lap lap counted in its chunk: in a chunk of its own lap (the common case) with one
 * CAS here, else by rcp_chunk_note_slow(). */
static inline __attribute__((always_inline)) void rcp_chunk_note(uint64_t off, uint32_t lap)
{
	uint64_t *w = &rcp_chunks[off / RCP_CHUNK];
	uint64_t old = LOADR(w);

	if ((uint32_t)(old >> 32) == lap && CAS(w, &old, old + 1)) {
		return;
	}
	rcp_chunk_note_slow(w, lap, true);
}

/* Reserve len bytes that do not wrap (skipping the ring's tail when they would): the record's absolute position. */
static inline __attribute__((always_inline)) uint64_t rcp_reserve(uint32_t len)
{
	uint64_t h = LOADR(&rcp_hdr->head), pad, off;

	for (;;) {
		off = h % rcp_ring_size;
		pad = off + len > rcp_ring_size ? rcp_ring_size - off : 0;
		if (CAS(&rcp_hdr->head, &h, h + pad + len)) {
			break;
		}
	}
	RCP_TEST_POINT(1);
	/* chunks whose start this reservation crossed begin a new lap (their old records are gone) */
	for (uint64_t c = rcp_align(h, RCP_CHUNK); __builtin_expect(c < h + pad + len, 0); c += RCP_CHUNK) {
		rcp_chunk_note_slow(&rcp_chunks[c % rcp_ring_size / RCP_CHUNK], (uint32_t)(c / rcp_ring_size), false);
	}
	return h + pad;
}

static inline __attribute__((always_inline)) void rcp_index_put(uint64_t hent, uint64_t pos)
{
	rcp_ix_bucket *b = rcp_bucket(hent);
	int victim = 0;
	uint64_t oldest = UINT64_MAX;

	for (int w = 0; w < RCP_WAYS; w++) {
		uint64_t tag = LOADR(&b->e[w].tag), p = LOADR(&b->e[w].pos);

		if (tag == hent || tag == 0) {
			victim = w;
			break;
		}
		if (p < oldest) {
			oldest = p;
			victim = w;
		}
	}
	/* two words: a reader may pair the old tag with the new pos or the reverse; the record's own hash and key
	 * comparison makes that a miss */
	STORE(&b->e[victim].pos, pos);
	RCP_TEST_POINT(6);
	STORE(&b->e[victim].tag, hent);
}

/* (inlined into its callers by the release build's link-time optimization, as rcp_cache_still_valid) */
__attribute__((always_inline)) inline rcp_cache_fill_result rcp_cache_fill(rcp_cache_cluster *cc, const rcp_cache_key *k,
                                                                           const rcp_cache_ticket *t, uint8_t type,
                                                                           const void *val, size_t len)
{
	uint64_t total, pos, off;
	rcp_cache_link *l = k->link;
	uint32_t gen;
	char *r;
	rcp_rec *h;

	if (__builtin_expect(!rcp_hdr || !cc, 0)) {
		return RCP_FILL_OFF;
	}
	if (!t->fillable) {
		rcp_count(cc, RCP_CS_FILLS_UNCONFIRMED);
		return RCP_FILL_UNCONFIRMED;
	}
	total = rcp_align(RCP_REC_HDR + (uint64_t)k->keylen + k->siglen + len, 8);
	if (__builtin_expect(k->keylen > RCP_CACHE_ITEM_MAX || k->siglen > RCP_CACHE_ITEM_MAX ||
	                     total > rcp_hdr->value_max, 0)) {
		rcp_count(cc, RCP_CS_FILLS_TOO_LARGE);
		return RCP_FILL_TOO_LARGE;
	}
	/* the race: anything that invalidated the key, its slot or its node's link since the ticket */
	gen = l ? (uint32_t)(LOAD(&l->gen_state) >> 32) : LOAD(&cc->untracked_gen);
	if (gen != t->link_gen || LOAD(&cc->slot_gen[k->slot & (RCP_SLOTS - 1)]) != t->slot_gen ||
	    LOAD(&rcp_keyseq[t->hkey & rcp_hdr->keyseq_mask]) != t->keyseq) {
		rcp_count(cc, RCP_CS_FILLS_RACE);
		return RCP_FILL_RACE;
	}
	pos = rcp_reserve((uint32_t)total);
	off = pos % rcp_ring_size;
	r = rcp_ring + off;
	/* the header written in place, its commit word first marked "not committed" (the bytes of the pad are never
	 * read) */
	h = (rcp_rec *)r;
	h->pos = ~pos;
	h->hent = t->hent;
	h->fill_ns = t->now_ns;
	h->len = (uint32_t)total;
	h->keyseq = t->keyseq;
	h->slot_gen = t->slot_gen;
	h->link_gen = t->link_gen;
	h->ttl_ms = k->ttl_ms;
	h->vallen = (uint32_t)len;
	h->cluster = cc->index;
	h->slot = k->slot;
	h->link = t->link_idx;
	h->keylen = (uint16_t)k->keylen;
	h->siglen = (uint16_t)k->siglen;
	h->type = type;
	RCP_TEST_POINT(2);
	rcp_copy(r + RCP_REC_HDR, k->key, k->keylen);
	rcp_copy(r + RCP_REC_HDR + k->keylen, k->sig, k->siglen);
	RCP_TEST_POINT(3);
#ifdef RCP_CACHE_TEST_HOOKS
	if (len) {
		/* in two halves under the test hooks, so that a kill can land in the middle of the value */
		size_t half = len / 2;
		memcpy(r + RCP_REC_HDR + k->keylen + k->siglen, val, half);
		RCP_TEST_POINT(4);
		memcpy(r + RCP_REC_HDR + k->keylen + k->siglen + half, (const char *)val + half, len - half);
	}
#else
	rcp_copy(r + RCP_REC_HDR + k->keylen + k->siglen, val, len);
#endif
	RCP_TEST_POINT(5);
	STORE(&h->pos, pos);
	rcp_index_put(t->hent, pos);
	rcp_chunk_note(off, (uint32_t)(pos / rcp_ring_size));
	rcp_count(cc, RCP_CS_FILLS);
	return RCP_FILL_STORED;
}

/* ---- writes and topology ----------------------------------------------------------------------------------------- */

static inline void rcp_keyseq_bump(rcp_cache_cluster *cc, const char *key, size_t len)
{
	uint64_t h = rcp_hash(cc->seed, key, len);
	__atomic_add_fetch(&rcp_keyseq[h & rcp_hdr->keyseq_mask], 1, __ATOMIC_RELEASE);
}

void rcp_cache_invalidate_key(rcp_cache_cluster *cc, const char *key, size_t len)
{
	if (!cc) {
		return;
	}
	rcp_keyseq_bump(cc, key, len);
	rcp_count(cc, RCP_CS_OWN_INVALIDATIONS);
}

void rcp_cache_key_invalidated(rcp_cache_cluster *cc, const char *key, size_t len)
{
	rcp_keyseq_bump(cc, key, len);
	rcp_count(cc, RCP_CS_INVALIDATIONS);
}

void rcp_cache_slot_moved(rcp_cache_cluster *cc, uint16_t slot)
{
	if (!cc) {
		return;
	}
	__atomic_add_fetch(&cc->slot_gen[slot & (RCP_SLOTS - 1)], 1, __ATOMIC_RELEASE);
	rcp_count(cc, RCP_CS_SLOT_MOVES);
}

void rcp_cache_slots_moved_all(rcp_cache_cluster *cc)
{
	if (!cc) {
		return;
	}
	for (uint32_t s = 0; s < RCP_SLOTS; s++) {
		__atomic_add_fetch(&cc->slot_gen[s], 1, __ATOMIC_RELEASE);
	}
	rcp_count(cc, RCP_CS_SLOT_MOVES);
}

/* A new generation, state kept or replaced (state < 0: kept). */
static void rcp_link_bump(rcp_cache_link *l, int state)
{
	uint64_t old = LOAD(&l->gen_state), nw;

	do {
		nw = (((old >> 32) + 1) << 32) | (state < 0 ? (old & 0xff) : (uint64_t)state);
	} while (!CAS(&l->gen_state, &old, nw));
}

void rcp_cache_flush_cluster(rcp_cache_cluster *cc)
{
	if (!cc) {
		return;
	}
	for (uint32_t i = 0; i < RCP_CACHE_LINKS; i++) {
		if (LOAD(&cc->links[i].claim) == 2) {
			rcp_link_bump(&cc->links[i], -1);
		}
	}
	__atomic_add_fetch(&cc->untracked_gen, 1, __ATOMIC_RELEASE);
	rcp_count(cc, RCP_CS_FLUSH_OWN);
}

/* ---- what the listener writes ---------------------------------------------------------------------------------- */

uint16_t rcp_cache_cluster_index(rcp_cache_cluster *cc)
{
	return cc->index;
}

rcp_cache_cluster *rcp_cache_cluster_at_index(uint16_t idx)
{
	if (!rcp_hdr || idx >= rcp_hdr->clusters_max) {
		return NULL;
	}
	return rcp_cl(idx);
}

uint16_t rcp_cache_link_index(rcp_cache_link *l)
{
	return l->index;
}

rcp_cache_link *rcp_cache_link_at(rcp_cache_cluster *cc, uint16_t idx)
{
	return idx < RCP_CACHE_LINKS ? &cc->links[idx] : NULL;
}

rcp_cache_cluster *rcp_cache_link_cluster(rcp_cache_link *l)
{
	return rcp_cl(l->cluster);
}

const char *rcp_cache_link_addr(rcp_cache_link *l)
{
	return l->addr;
}

static void rcp_link_set_err(rcp_cache_link *l, const char *why)
{
	uint64_t s = LOAD(&l->err_seq);

	/* one writer (the listener) */
	STORE(&l->err_seq, s | 1);
	snprintf(l->err, sizeof(l->err), "%s", why);
	STORE(&l->err_seq, (s | 1) + 1);
}

static void rcp_link_set_state(rcp_cache_link *l, rcp_cache_link_state state)
{
	uint64_t old = LOAD(&l->gen_state);

	while (!CAS(&l->gen_state, &old, (old & ~0xffull) | (uint64_t)state)) {
	}
}

void rcp_cache_link_connecting(rcp_cache_link *l)
{
	rcp_link_set_state(l, RCP_LINK_CONNECTING);
}

void rcp_cache_link_up(rcp_cache_link *l, uint64_t ping_sent_ns, uint32_t mode)
{
	STORE(&l->mode, mode);
	STORE(&l->confirmed_at, ping_sent_ns);
	rcp_link_set_state(l, RCP_LINK_UP);
	ADD(&l->connects, 1);
}

void rcp_cache_link_confirm(rcp_cache_link *l, uint64_t ping_sent_ns, uint64_t rtt_ns)
{
	if (ping_sent_ns > LOADR(&l->confirmed_at)) {
		STORE(&l->confirmed_at, ping_sent_ns);
	}
	STORE(&l->rtt_ns, rtt_ns);
	if (rtt_ns > LOADR(&l->rtt_max_ns)) {
		STORE(&l->rtt_max_ns, rtt_ns);
	}
}

void rcp_cache_link_lost(rcp_cache_link *l, rcp_cache_link_state state, const char *why)
{
	uint64_t old = LOAD(&l->gen_state);

	/* the generation first: from here on no entry of the node is served, no ticket of the old one fills; then the
	 * reason, then the state (a reader that sees the new state finds its reason) */
	rcp_link_bump(l, -1);
	STORE(&l->confirmed_at, 0);
	STORE(&l->mode, 0);
	if (why) {
		rcp_link_set_err(l, why);
	}
	rcp_link_set_state(l, state);
	if ((old & 0xff) == RCP_LINK_UP) {
		ADD(&l->losses, 1);
		rcp_count(rcp_cl(l->cluster), RCP_CS_FLUSH_LINK_LOST);
	}
}

void rcp_cache_link_flushed(rcp_cache_link *l)
{
	rcp_link_bump(l, -1);
	ADD(&l->flushes, 1);
	rcp_count(rcp_cl(l->cluster), RCP_CS_FLUSH_SERVER);
}

/* ---- the listener's words ------------------------------------------------------------------------------------- */

int32_t *rcp_cache_listener_pid_word(void)
{
	return &rcp_hdr->listener_pid;
}

uint64_t *rcp_cache_listener_beat_word(void)
{
	return &rcp_hdr->listener_beat;
}

uint64_t *rcp_cache_listener_spawn_word(void)
{
	return &rcp_hdr->listener_spawn;
}

void rcp_cache_listener_started(uint32_t links_up)
{
	ADD(&rcp_hdr->listeners_started, 1);
	STORE(&rcp_hdr->links_up, links_up);
}

void rcp_cache_listener_links_up(uint32_t links_up)
{
	STORE(&rcp_hdr->links_up, links_up);
}

bool rcp_cache_listener_get(rcp_cache_listener_info *out)
{
	if (!rcp_hdr) {
		return false;
	}
	out->pid = LOAD(&rcp_hdr->listener_pid);
	out->beat_ns = LOAD(&rcp_hdr->listener_beat);
	out->started = LOAD(&rcp_hdr->listeners_started);
	out->links_up = LOAD(&rcp_hdr->links_up);
	return true;
}

uint64_t *rcp_cache_link_want_word(rcp_cache_link *l)
{
	return &l->want_ns;
}

uint64_t *rcp_cache_link_used_word(rcp_cache_link *l)
{
	return &l->used_ns;
}

uint64_t rcp_cache_hash_key(rcp_cache_cluster *cc, const char *key, size_t len)
{
	return rcp_hash(cc->seed, key, len);
}

/* The seen bitmap cleared (by the one process whose CAS took the count back to 0). Reads noted before are admitted
 * again on their next miss only; a bit set while it is cleared may be lost: that read's next miss is a first again. */
static __attribute__((noinline)) void rcp_seen_clear(uint64_t sets)
{
	if (CAS(&rcp_hdr->seen_sets, &sets, 0)) {
		__atomic_fetch_add(&rcp_hdr->seen_clears, 1, __ATOMIC_RELAXED);
		for (uint64_t i = 0; i <= rcp_hdr->seen_mask; i++) {
			__atomic_store_n(&rcp_seen[i], 0, __ATOMIC_RELAXED);
		}
	}
}

/* (inlined into its callers by the release build's link-time optimization, as rcp_cache_probe) */
__attribute__((always_inline)) inline bool rcp_cache_admit(rcp_cache_cluster *cc, uint64_t hkey, uint64_t sig_hash,
                                                            bool count_miss)
{
	uint64_t h, bit, *w, sets;

	if (rcp_admit_misses < 2) {
		return true;
	}
	h = rcp_hent(hkey, sig_hash);
	w = &rcp_seen[(h >> 7) & rcp_hdr->seen_mask];
	bit = 1ull << ((h >> 1) & 63); /* (bit 0 of an entry's hash is always set) */
	if (LOADR(w) & bit) {
		return true;
	}
	__atomic_fetch_or(w, bit, __ATOMIC_RELAXED);
	/* counted 16 at a time, by one set in 16 (by bits of the hash the bit's place does not use) */
	if (__builtin_expect(((h >> 60) & 15) == 0, 0)) {
		sets = __atomic_add_fetch(&rcp_hdr->seen_sets, 16, __ATOMIC_RELAXED);
		if (sets >= (rcp_hdr->seen_mask + 1) * 8) {
			rcp_seen_clear(sets);  /* about an eighth of the bits (64 per word) */
		}
	}
	if (count_miss) {
		rcp_count(cc, RCP_CS_MISSES);
	}
	rcp_count(cc, RCP_CS_FIRST_MISSES);
	return false;
}

uint32_t rcp_cache_key_seq(rcp_cache_cluster *cc, const char *key, size_t len)
{
	return LOAD(&rcp_keyseq[rcp_hash(cc->seed, key, len) & rcp_hdr->keyseq_mask]);
}

/* ---- stats ----------------------------------------------------------------------------------------------------------- */

static const char *const rcp_counter_names[RCP_CS_COUNT] = {
	"hits", "misses", "first_misses", "fills", "fills_refused_race", "fills_refused_unconfirmed", "fills_too_large",
	"torn_reads", "invalidations", "own_invalidations", "flushes_link_lost", "flushes_server", "flushes_own", "slot_moves"
};

const char *rcp_cache_counter_name(rcp_cache_counter c)
{
	return (unsigned)c < RCP_CS_COUNT ? rcp_counter_names[c] : "?";
}

void rcp_cache_cluster_counters(rcp_cache_cluster *cc, rcp_cache_counters *out)
{
	memset(out, 0, sizeof(*out));
	for (int s = 0; s < RCP_STRIPES; s++) {
		for (int c = 0; c < RCP_CS_COUNT; c++) {
			out->v[c] += LOADR(&cc->stats[s].v[c]);
		}
	}
}

bool rcp_cache_stats_get(rcp_cache_stats *out)
{
	uint64_t head;

	memset(out, 0, sizeof(*out));
	if (!rcp_hdr) {
		return false;
	}
	head = LOAD(&rcp_hdr->head);
	out->memory = rcp_hdr->size;
	out->ring_bytes = rcp_ring_size;
	out->ring_used = head < rcp_ring_size ? head : rcp_ring_size;
	out->value_max = rcp_hdr->value_max;
	out->evictions = LOAD(&rcp_hdr->evictions);
	out->seen_clears = LOAD(&rcp_hdr->seen_clears);
	out->index_slots = rcp_hdr->nbuckets * RCP_WAYS;
	out->key_sequences = rcp_hdr->keyseq_mask + 1;
	out->clusters_max = rcp_hdr->clusters_max;
	out->max_lag_ms = rcp_hdr->max_lag_ms;
	/* records of chunks the ring has not passed over yet */
	for (uint32_t c = 0; c < rcp_hdr->nchunks; c++) {
		uint64_t w = LOADR(&rcp_chunks[c]);
		uint64_t start = (uint64_t)(uint32_t)(w >> 32) * rcp_ring_size + (uint64_t)c * RCP_CHUNK;

		if ((uint32_t)w && start + RCP_CHUNK + rcp_ring_size > head) {
			out->entries += (uint32_t)w;
		}
	}
	for (uint32_t i = 0; i < rcp_hdr->clusters_max; i++) {
		rcp_cache_counters one;
		if (LOAD(&rcp_cl(i)->state) != 2) {
			continue;
		}
		out->clusters_used++;
		rcp_cache_cluster_counters(rcp_cl(i), &one);
		for (int c = 0; c < RCP_CS_COUNT; c++) {
			out->total.v[c] += one.v[c];
		}
	}
	return true;
}

bool rcp_cache_link_info_at(rcp_cache_cluster *cc, uint32_t i, rcp_cache_link_info *out)
{
	uint32_t seen = 0;

	for (uint32_t k = 0; k < RCP_CACHE_LINKS; k++) {
		rcp_cache_link *l = &cc->links[k];
		uint64_t gs, conf;

		if (LOAD(&l->claim) != 2 || seen++ != i) {
			continue;
		}
		memset(out, 0, sizeof(*out));
		snprintf(out->addr, sizeof(out->addr), "%s", l->addr);
		gs = LOAD(&l->gen_state);
		conf = LOAD(&l->confirmed_at);
		out->state = (rcp_cache_link_state)(gs & 0xff);
		out->generation = (uint32_t)(gs >> 32);
		out->mode = LOAD(&l->mode);
		out->lag_ms = conf ? (int64_t)((rcp_now_ns() - conf) / 1000000ull) : -1;
		out->rtt_us = LOAD(&l->rtt_ns) / 1000;
		out->rtt_max_us = LOAD(&l->rtt_max_ns) / 1000;
		out->invalidations = LOAD(&l->invalidations);
		out->flushes = LOAD(&l->flushes);
		out->losses = LOAD(&l->losses);
		out->connects = LOAD(&l->connects);
		rcp_link_err_copy(l, out->last_error, sizeof(out->last_error));
		return true;
	}
	return false;
}

void rcp_cache_link_count_invalidations(rcp_cache_link *l, uint64_t n)
{
	__atomic_fetch_add(&l->invalidations, n, __ATOMIC_RELAXED);
}

rcp_cache_cluster *rcp_cache_cluster_at(uint32_t i, const char **key, size_t *keylen)
{
	uint32_t seen = 0;

	if (!rcp_hdr) {
		return NULL;
	}
	for (uint32_t k = 0; k < rcp_hdr->clusters_max; k++) {
		rcp_cache_cluster *c = rcp_cl(k);
		if (LOAD(&c->state) == 2 && seen++ == i) {
			*key = c->key;
			*keylen = c->keylen;
			return c;
		}
	}
	return NULL;
}

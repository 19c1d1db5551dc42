/*
 * torture.c - the read cache's core (src/core/cache.c) alone, built without PHP (tests/cache/run.sh builds it plain,
 * with ASAN+UBSAN, and with valgrind's callgrind for the hit's instruction count):
 *
 *   torture unit                 functional checks, one process: hits, every kind of invalidation, ttl, the bound,
 *                                untracked entries, the fill race, too large values, stats
 *   torture million [MiB]        1,000,000 keys through a 64 MiB cache: every fill stored, evictions, no value wrong
 *   torture storm SECS [SEED [MiB]]  processes hammering lookups and fills while others invalidate (server pushes, own
 *                                writes, lost links, slot moves, null flushes) and a killer SIGKILLs random workers,
 *                                also in the middle of fills (RCP_CACHE_TEST_HOOKS pauses between every two steps);
 *                                the checker: no hit ever returned a value older than the latest write whose
 *                                invalidation had completed before the lookup began, nor a torn one
 *   torture bench N              N hits (run under callgrind --toggle-collect=rcp_cache_lookup for the count)
 *   torture resp                 the listener's RESP frame reader (src/core/cache_listener.c built with
 *                                RCP_CACHE_STANDALONE): every frame shape, every cut of it incomplete, garbage refused,
 *                                random bytes never read out of bounds (the ASAN build)
 *
 * Versioned values: the "server" is a shared array of versions, one per key. A writer increments a key's version,
 * then makes the cache forget it (the way the listener applies an invalidation push, or a lost link, a moved slot,
 * a flush), then publishes the version as "invalidated" (iv). A reader loads iv before its lookup: a hit must carry
 * a version >= iv. A filler takes its ticket (the lookup), then reads the version (the "server read", possibly
 * paused to widen the race), then fills. Every value carries its key, signature, version, a length and a checksum.
 * Prints "ok ..." lines and exits 0, or "FAIL ..." and exits 1.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#define RCP_UTIL_IMPL /* the pid cache of rcp_util.h: this program has no src/core/util.c */
#include "rcp_cache.h"

#define LOAD(p)      __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define STORE(p, v)  __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define ADD(p, v)    __atomic_add_fetch((p), (v), __ATOMIC_ACQ_REL)

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); \
	printf("\n"); failures++; } } while (0)

/* ---- helpers ------------------------------------------------------------------------------------------------- */

static uint64_t rng_state;
static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static char vbuf[1 << 20];
static uint8_t vtype;
static size_t vlen;
static void *alloc_static(void *ctx, uint8_t type, size_t len)
{
	(void)ctx;
	vtype = type;
	vlen = len;
	return len <= sizeof(vbuf) ? vbuf : NULL;
}

static void key_of(char *out, size_t cap, uint32_t k)
{
	snprintf(out, cap, "key:{%u}:%07u", k % 5000, k);
}

static const char *const sigs[3] = {"GET", "HGET\0f1", "STRLEN"};
static const size_t siglens[3] = {3, 7, 6};

static uint32_t checksum(const char *p, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++) {
		h = (h ^ (unsigned char)p[i]) * 16777619u;
	}
	return h;
}

/* A value: "k<key> s<sig> v<version> n<pad>|" + pad bytes derived from all of them + "|<checksum>". */
static size_t make_value(char *out, uint32_t k, int sig, uint32_t v)
{
	int n = snprintf(out, 64, "k%u s%d v%u n%u|", k, sig, v, (unsigned)((k * 31 + v * 7 + (unsigned)sig) % 300));
	unsigned pad = (k * 31 + v * 7 + (unsigned)sig) % 300;
	for (unsigned i = 0; i < pad; i++) {
		out[n + i] = (char)('a' + (k + v + i) % 26);
	}
	n += (int)pad;
	n += snprintf(out + n, 16, "|%08x", checksum(out, (size_t)n));
	return (size_t)n;
}

/* Parse and verify a value: its key and signature are what was asked, its bytes are whole. The version, or -1. */
static int64_t check_value(const char *p, size_t len, uint32_t k, int sig)
{
	char copy[512];
	unsigned kk, vv, nn;
	int ss;
	uint32_t sum;
	const char *bar;

	if (len >= sizeof(copy) || len < 12) {
		return -1;
	}
	memcpy(copy, p, len);
	copy[len] = 0;
	if (sscanf(copy, "k%u s%d v%u n%u|", &kk, &ss, &vv, &nn) != 4 || kk != k || ss != sig) {
		return -1;
	}
	bar = strrchr(copy, '|');
	if (!bar || sscanf(bar + 1, "%08x", &sum) != 1 || sum != checksum(copy, (size_t)(bar - copy))) {
		return -1;
	}
	{
		char again[512];
		size_t n = make_value(again, k, sig, vv);
		if (n != len || memcmp(again, copy, len) != 0) {
			return -1;
		}
	}
	return vv;
}

static rcp_cache_key mk(const char *key, int sig, uint16_t slot, rcp_cache_link *l, uint32_t ttl)
{
	rcp_cache_key k = {key, strlen(key), sigs[sig], siglens[sig], slot, l, ttl, 0};
	return k;
}

/* rcp_cache_probe() of k (the hit without a slot or a ticket: the binding's early lookup), the clock read when k has
 * no time. *where its record's slot and link on a hit. */
static rcp_cache_result probe(rcp_cache_cluster *cc, const rcp_cache_key *k, rcp_cache_where *where)
{
	rcp_cache_key pk = *k;

	if (!pk.now_ns) {
		pk.now_ns = rcp_now_ns();
	}
	return rcp_cache_probe(cc, &pk, rcp_cache_sig_hash(k->sig, k->siglen), rcp_cache_hash_key(cc, k->key, k->keylen),
		where, alloc_static, NULL);
}

/* Whether a copy of the value a probe read under *w is still valid at k's time (a worker's own copy, checked again:
 * its watch, which depends on *w, the key and the ttl alone, made here rather than when the copy was kept). */
static bool still_valid(rcp_cache_cluster *cc, const rcp_cache_key *k, const rcp_cache_where *w)
{
	rcp_cache_watch wt;

	return rcp_cache_watch_of(cc, w, rcp_cache_hash_key(cc, k->key, k->keylen), k->ttl_ms, &wt) &&
		rcp_cache_still_valid(&wt, k->now_ns ? k->now_ns : rcp_now_ns());
}

/* Whether a probe's hit is the lookup's: read from the node of k's link, for k's slot. */
static bool probe_is(const rcp_cache_key *k, const rcp_cache_where *w)
{
	return k->link && w->link == rcp_cache_link_index(k->link) && w->slot == k->slot;
}

/* Every lookup of the unit checks made twice: rcp_cache_probe() first, which must agree with the lookup's verdict (a
 * hit of the lookup is a probe's hit from the same slot and link; a probe's hit from them is the lookup's), then the
 * lookup itself, whose result the check sees. Untracked reads (no link) are the lookup's alone. */
static rcp_cache_result lookup_both(rcp_cache_cluster *cc, const rcp_cache_key *k, rcp_cache_ticket *t,
                                    rcp_cache_alloc_fn alloc, void *ctx)
{
	/* the last probe's hit of each key and signature seen (a copy kept as the binding keeps them): still valid
	 * exactly while the probe still hits a record filled under the same sequences */
	static struct { rcp_cache_cluster *cc; char key[64]; const char *sig; rcp_cache_where w; bool set; } kept[8];
	rcp_cache_where w;
	rcp_cache_result p = k->link ? probe(cc, k, &w) : RCP_CACHE_MISS;
	rcp_cache_result r = rcp_cache_lookup(cc, k, t, alloc, ctx);

	if (k->link) {
		unsigned i = (unsigned)(k->keylen + (size_t)k->sig) % 8;
		bool same = kept[i].set && kept[i].cc == cc && kept[i].sig == k->sig && strlen(kept[i].key) == k->keylen &&
			!memcmp(kept[i].key, k->key, k->keylen);

		CHECK((r == RCP_CACHE_HIT) == (p == RCP_CACHE_HIT && probe_is(k, &w)),
			"rcp_cache_probe() disagrees with rcp_cache_lookup() on %.*s: probe %d (slot %u link %u), lookup %d",
			(int)k->keylen, k->key, (int)p, p == RCP_CACHE_HIT ? w.slot : 0, p == RCP_CACHE_HIT ? w.link : 0, (int)r);
		if (same) {
			bool valid = still_valid(cc, k, &kept[i].w);
			bool same_fill = p == RCP_CACHE_HIT && w.keyseq == kept[i].w.keyseq && w.slot_gen == kept[i].w.slot_gen &&
				w.link_gen == kept[i].w.link_gen && w.link == kept[i].w.link && w.fill_ns == kept[i].w.fill_ns;
			CHECK(!valid || p == RCP_CACHE_HIT, "a kept copy of %.*s is still valid, the probe misses", (int)k->keylen, k->key);
			CHECK(!same_fill || valid, "a kept copy of %.*s is invalid, its record still hits", (int)k->keylen, k->key);
		}
		if (p == RCP_CACHE_HIT && k->keylen < sizeof(kept[i].key)) {
			memcpy(kept[i].key, k->key, k->keylen);
			kept[i].key[k->keylen] = '\0';
			kept[i].cc = cc;
			kept[i].sig = k->sig;
			kept[i].w = w;
			kept[i].set = true;
		}
	}
	return r;
}

/* ---- unit ------------------------------------------------------------------------------------------------------ */

static int unit(void)
{
	char err[256], v[512];
	rcp_cache_cluster *cc, *cc2;
	rcp_cache_link *l1, *l2;
	rcp_cache_ticket t;
	rcp_cache_key k;
	rcp_cache_stats st;
	size_t n;

	CHECK(!rcp_cache_init(100000, 8, 100, err, sizeof(err)) && strstr(err, "redis_cluster_pool.cache_memory=100000 is too small"),
		"a too small cache is refused naming the setting: %s", err);
	CHECK(rcp_cache_init(0, 8, 100, err, sizeof(err)) && !rcp_cache_on(), "0 turns the cache off");
	CHECK(rcp_cache_init(8 << 20, 8, 100, err, sizeof(err)) && rcp_cache_on(), "init: %s", err);
	cc = rcp_cache_cluster_get("a:1,\0user", 10);
	cc2 = rcp_cache_cluster_get("b:1,\0", 5);
	CHECK(cc && cc2 && cc != cc2 && rcp_cache_cluster_get("a:1,\0user", 10) == cc, "clusters by identity");
	l1 = rcp_cache_link_get(cc, "127.0.0.1:7000", 14);
	l2 = rcp_cache_link_get(cc, "127.0.0.1:7001", 14);
	CHECK(l1 && l2 && l1 != l2 && rcp_cache_link_get(cc, "127.0.0.1:7000", 14) == l1, "links by address");
	CHECK(rcp_cache_link_status(l1, NULL, 0) == RCP_LINK_IDLE, "a new link is idle");

	/* an idle link serves nothing and fills nothing */
	k = mk("user:1", 0, 100, l1, 0);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS && !t.fillable, "idle link: miss, not fillable");
	n = make_value(v, 1, 0, 1);
	CHECK(rcp_cache_fill(cc, &k, &t, 1, v, n) == RCP_FILL_UNCONFIRMED, "idle link: fill refused");

	/* up: fill then hit, the same bytes and type */
	rcp_cache_link_up(l1, rcp_now_ns(), 3);
	rcp_cache_link_up(l2, rcp_now_ns(), 3);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS && t.fillable, "up: miss, fillable");
	CHECK(rcp_cache_fill(cc, &k, &t, 7, v, n) == RCP_FILL_STORED, "fill stored");
	memset(vbuf, 0, 600);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT && vtype == 7 && check_value(vbuf, n, 1, 0) == 1,
		"hit with the same bytes and type");
	/* the same key in another cluster, another signature, another key: misses */
	{
		rcp_cache_key o = mk("user:1", 0, 100, rcp_cache_link_get(cc2, "127.0.0.1:7000", 14), 0);
		rcp_cache_link_up(o.link, rcp_now_ns(), 3);
		CHECK(lookup_both(cc2, &o, &t, alloc_static, NULL) == RCP_CACHE_MISS, "other cluster: miss");
		o = mk("user:1", 1, 100, l1, 0);
		CHECK(lookup_both(cc, &o, &t, alloc_static, NULL) == RCP_CACHE_MISS, "other signature: miss");
		o = mk("user:2", 0, 100, l1, 0);
		CHECK(lookup_both(cc, &o, &t, alloc_static, NULL) == RCP_CACHE_MISS, "other key: miss");
		o = mk("user:1", 0, 100, l2, 0);
		CHECK(lookup_both(cc, &o, &t, alloc_static, NULL) == RCP_CACHE_MISS, "read from another node: miss");
	}
	/* nil values (0 bytes) are cached */
	{
		rcp_cache_key o = mk("nil:1", 0, 5, l1, 0);
		lookup_both(cc, &o, &t, alloc_static, NULL);
		CHECK(rcp_cache_fill(cc, &o, &t, 0, NULL, 0) == RCP_FILL_STORED, "nil stored");
		CHECK(lookup_both(cc, &o, &t, alloc_static, NULL) == RCP_CACHE_HIT && vtype == 0, "nil hit");
	}

	/* every signature of a key drops together: a server invalidation */
	{
		rcp_cache_key k1 = mk("user:9", 1, 7, l1, 0), k2 = mk("user:9", 2, 7, l1, 0);
		lookup_both(cc, &k1, &t, alloc_static, NULL);
		rcp_cache_fill(cc, &k1, &t, 1, v, n);
		lookup_both(cc, &k2, &t, alloc_static, NULL);
		rcp_cache_fill(cc, &k2, &t, 1, v, n);
		CHECK(lookup_both(cc, &k1, &t, alloc_static, NULL) == RCP_CACHE_HIT &&
		      lookup_both(cc, &k2, &t, alloc_static, NULL) == RCP_CACHE_HIT, "two signatures cached");
		rcp_cache_key_invalidated(cc, "user:9", 6);
		CHECK(lookup_both(cc, &k1, &t, alloc_static, NULL) == RCP_CACHE_MISS &&
		      lookup_both(cc, &k2, &t, alloc_static, NULL) == RCP_CACHE_MISS, "a key's entries drop together");
	}
	/* own writes */
	lookup_both(cc, &k, &t, alloc_static, NULL);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT, "still cached");
	rcp_cache_invalidate_key(cc, "user:1", 6);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS, "own write: miss");

	/* the fill race: an invalidation between the ticket and the fill refuses the fill */
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS && t.fillable, "miss before the race");
	rcp_cache_key_invalidated(cc, "user:1", 6);
	CHECK(rcp_cache_fill(cc, &k, &t, 1, v, n) == RCP_FILL_RACE, "invalidated between ticket and fill: refused");
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS, "nothing stored by the refused fill");
	/* ... a slot move, a lost link, a null flush between ticket and fill: refused too */
	rcp_cache_slot_moved(cc, 100);
	CHECK(rcp_cache_fill(cc, &k, &t, 1, v, n) == RCP_FILL_RACE, "slot moved between ticket and fill: refused");
	lookup_both(cc, &k, &t, alloc_static, NULL);
	rcp_cache_link_flushed(l1);
	CHECK(rcp_cache_fill(cc, &k, &t, 1, v, n) == RCP_FILL_RACE, "node flushed between ticket and fill: refused");

	/* a slot move, a lost link, a null flush, a FLUSHALL through the pool: stored entries become misses */
#define REFILL() do { lookup_both(cc, &k, &t, alloc_static, NULL); \
		CHECK(rcp_cache_fill(cc, &k, &t, 1, v, n) == RCP_FILL_STORED, "refill"); \
		CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT, "refilled: hit"); } while (0)
	REFILL();
	rcp_cache_slot_moved(cc, 101);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT, "another slot moved: still a hit");
	rcp_cache_slot_moved(cc, 100);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS, "slot moved: miss");
	REFILL();
	rcp_cache_link_flushed(l2);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT, "another node flushed: still a hit");
	rcp_cache_link_flushed(l1);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS, "node flushed: miss");
	REFILL();
	rcp_cache_flush_cluster(cc2);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT, "another cluster flushed: still a hit");
	rcp_cache_flush_cluster(cc);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS, "FLUSHALL through the pool: miss");
	REFILL();
	rcp_cache_link_lost(l1, RCP_LINK_DOWN, "connection closed by the server");
	CHECK(rcp_cache_link_status(l1, err, sizeof(err)) == RCP_LINK_DOWN && !strcmp(err, "connection closed by the server"),
		"lost link: down with its reason (%s)", err);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS && !t.fillable, "lost link: miss, not fillable");
	rcp_cache_link_up(l1, rcp_now_ns(), 3);
	CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS && t.fillable,
		"reconnected: old entries stay misses");
	REFILL();

	/* the bound: an entry is served while now < the last confirmation's PING + cache_max_lag (times given, no sleep) */
	{
		uint64_t at = rcp_now_ns();
		rcp_cache_link_confirm(l1, at, 1000);
		k.now_ns = at + 100000000ull - 1;
		CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT, "confirmed 100 ms - 1 ns ago: hit");
		k.now_ns = at + 100000000ull;
		CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_MISS && !t.fillable,
			"confirmed cache_max_lag ago: miss, not fillable");
		rcp_cache_link_confirm(l1, at + 50000000ull, 1000);
		CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT, "confirmed again: the same entry hits");
		rcp_cache_link_confirm(l1, at, 1000);
		CHECK(lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT, "an older confirmation does not go back");
		k.now_ns = 0;
	}
	/* ttl: the entry's, and the reading client's (from the ticket's time) */
	{
		uint64_t at = rcp_now_ns();
		rcp_cache_key kt = mk("ttl:1", 0, 3, l1, 50);
		rcp_cache_link_confirm(l1, at, 1000);
		kt.now_ns = at;
		lookup_both(cc, &kt, &t, alloc_static, NULL);
		CHECK(rcp_cache_fill(cc, &kt, &t, 1, v, n) == RCP_FILL_STORED, "ttl: stored");
		kt.now_ns = at + 49999999ull;
		CHECK(lookup_both(cc, &kt, &t, alloc_static, NULL) == RCP_CACHE_HIT, "ttl: hit while younger than 50 ms");
		kt.ttl_ms = 0;
		CHECK(lookup_both(cc, &kt, &t, alloc_static, NULL) == RCP_CACHE_HIT, "ttl: a client without ttl: hit");
		kt.now_ns = at + 50000000ull;
		CHECK(lookup_both(cc, &kt, &t, alloc_static, NULL) == RCP_CACHE_MISS, "the entry's ttl passed: miss");
		kt.now_ns = at;
		lookup_both(cc, &kt, &t, alloc_static, NULL);
		rcp_cache_fill(cc, &kt, &t, 1, v, n);
		kt.now_ns = at + 30000000ull;
		kt.ttl_ms = 20;
		CHECK(lookup_both(cc, &kt, &t, alloc_static, NULL) == RCP_CACHE_MISS, "the client's ttl is shorter than the age: miss");
		kt.ttl_ms = 40;
		CHECK(lookup_both(cc, &kt, &t, alloc_static, NULL) == RCP_CACHE_HIT, "... and longer: hit");
		kt.now_ns = at + (uint64_t)RCP_CACHE_MAX_AGE_S * 1000000000ull;
		kt.ttl_ms = 0;
		rcp_cache_link_confirm(l1, kt.now_ns, 1000);
		CHECK(lookup_both(cc, &kt, &t, alloc_static, NULL) == RCP_CACHE_MISS, "older than RCP_CACHE_MAX_AGE_S: miss");
		rcp_cache_link_lost(l1, RCP_LINK_DOWN, "x");
		rcp_cache_link_up(l1, rcp_now_ns(), 3);
	}
	/* untracked: needs a ttl, lives by it, own writes and FLUSHALL through the pool still drop it */
	{
		rcp_cache_key ku = mk("u:1", 0, 9, NULL, 0);
		CHECK(lookup_both(cc, &ku, &t, alloc_static, NULL) == RCP_CACHE_MISS && !t.fillable, "untracked without ttl: not fillable");
		ku.ttl_ms = 1000;
		CHECK(lookup_both(cc, &ku, &t, alloc_static, NULL) == RCP_CACHE_MISS && t.fillable, "untracked with ttl: fillable");
		CHECK(rcp_cache_fill(cc, &ku, &t, 1, v, n) == RCP_FILL_STORED, "untracked stored");
		rcp_cache_link_lost(l1, RCP_LINK_DOWN, "x");
		CHECK(lookup_both(cc, &ku, &t, alloc_static, NULL) == RCP_CACHE_HIT, "untracked: no link needed");
		rcp_cache_invalidate_key(cc, "u:1", 3);
		CHECK(lookup_both(cc, &ku, &t, alloc_static, NULL) == RCP_CACHE_MISS, "untracked: own write drops it");
		rcp_cache_fill(cc, &ku, &t, 1, v, n);
		CHECK(lookup_both(cc, &ku, &t, alloc_static, NULL) == RCP_CACHE_HIT, "untracked: again");
		rcp_cache_flush_cluster(cc);
		CHECK(lookup_both(cc, &ku, &t, alloc_static, NULL) == RCP_CACHE_MISS, "untracked: FLUSHALL drops it");
		rcp_cache_link_up(l1, rcp_now_ns(), 3);
	}
	/* too large */
	{
		rcp_cache_stats s0;
		static char big[1 << 20];
		rcp_cache_stats_get(&s0);
		lookup_both(cc, &k, &t, alloc_static, NULL);
		CHECK(rcp_cache_fill(cc, &k, &t, 1, big, s0.value_max) == RCP_FILL_TOO_LARGE, "over the cap: refused");
		CHECK(rcp_cache_fill(cc, &k, &t, 1, big, s0.value_max - 200) == RCP_FILL_STORED, "under the cap: stored");
	}
	rcp_cache_stats_get(&st);
	CHECK(st.total.v[RCP_CS_HITS] > 10 && st.total.v[RCP_CS_FILLS_RACE] == 3 && st.total.v[RCP_CS_FILLS_TOO_LARGE] == 1 &&
	      st.total.v[RCP_CS_FLUSH_LINK_LOST] == 3 && st.total.v[RCP_CS_FLUSH_SERVER] == 3 && st.clusters_used == 2 &&
	      st.entries > 10, "stats: hits %" PRIu64 " race %" PRIu64 " too_large %" PRIu64 " lost %" PRIu64 " server %" PRIu64
	      " entries %" PRIu64, st.total.v[RCP_CS_HITS], st.total.v[RCP_CS_FILLS_RACE], st.total.v[RCP_CS_FILLS_TOO_LARGE],
	      st.total.v[RCP_CS_FLUSH_LINK_LOST], st.total.v[RCP_CS_FLUSH_SERVER], st.entries);
	{
		rcp_cache_link_info li;
		CHECK(rcp_cache_link_info_at(cc, 0, &li) && !strcmp(li.addr, "127.0.0.1:7000") && li.state == RCP_LINK_UP &&
		      li.losses == 3 && li.connects == 4 && li.lag_ms >= 0, "link info: %s %d losses %" PRIu64 " connects %" PRIu64,
		      li.addr, li.state, li.losses, li.connects);
		CHECK(!rcp_cache_link_info_at(cc, 2, &li), "two links");
	}
	/* the link table fills: NULL, never a crash */
	{
		char a[32];
		int got = 0;
		for (int i = 0; i < RCP_CACHE_LINKS + 5; i++) {
			snprintf(a, sizeof(a), "10.0.0.1:%d", 1000 + i);
			got += rcp_cache_link_get(cc2, a, strlen(a)) != NULL;
		}
		CHECK(got == RCP_CACHE_LINKS - 1, "link table full: %d links", got);
	}
	rcp_cache_shutdown();
	if (!failures) {
		printf("ok unit\n");
	}
	return failures ? 1 : 0;
}

/* ---- million ----------------------------------------------------------------------------------------------------- */

static int million(size_t mib)
{
	char err[256], key[64], v[512];
	rcp_cache_cluster *cc;
	rcp_cache_link *l;
	rcp_cache_ticket t;
	rcp_cache_stats st;
	uint32_t N = 1000000, stored = 0, hits = 0, wrong = 0, refused = 0, last_hits = 0;

	CHECK(rcp_cache_init(mib << 20, 8, 100, err, sizeof(err)), "init: %s", err);
	cc = rcp_cache_cluster_get("m", 1);
	l = rcp_cache_link_get(cc, "n:1", 3);
	rcp_cache_link_up(l, rcp_now_ns(), 3);
	rcp_cache_link_confirm(l, rcp_now_ns() + 3600000000000ull, 1); /* confirmed for the whole run */
	for (uint32_t i = 0; i < N; i++) {
		rcp_cache_key k;
		size_t n;

		key_of(key, sizeof(key), i);
		k = mk(key, 0, (uint16_t)(i % 16384), l, 0);
		if (lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT) {
			wrong++;
		}
		n = make_value(v, i, 0, 1);
		if (rcp_cache_fill(cc, &k, &t, 1, v, n) == RCP_FILL_STORED) {
			stored++;
		} else {
			refused++;
		}
	}
	for (uint32_t i = 0; i < N; i++) {
		rcp_cache_key k;
		rcp_cache_result r;

		key_of(key, sizeof(key), i);
		k = mk(key, 0, (uint16_t)(i % 16384), l, 0);
		r = lookup_both(cc, &k, &t, alloc_static, NULL);
		if (r == RCP_CACHE_HIT) {
			hits++;
			if (i >= N - 10000) {
				last_hits++;
			}
			if (check_value(vbuf, vlen, i, 0) != 1) {
				wrong++;
			}
		}
	}
	/* verify the bytes of every hit in a second pass over the most recent keys (what was not evicted) */
	for (uint32_t i = N - 50000; i < N; i++) {
		rcp_cache_key k;
		size_t n = make_value(v, i, 0, 1);
		key_of(key, sizeof(key), i);
		k = mk(key, 0, (uint16_t)(i % 16384), l, 0);
		if (lookup_both(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT && memcmp(vbuf, v, n) != 0) {
			wrong++;
		}
	}
	rcp_cache_stats_get(&st);
	printf("million: %u keys through %zu MiB (ring %zu MiB, index %u entries, %u key sequences): stored %u, refused %u, "
		"hits afterwards %u (of the last 10000: %u), evictions %" PRIu64 ", entries %" PRIu64 ", wrong %u\n",
		N, mib, st.ring_bytes >> 20, st.index_slots, st.key_sequences, stored, refused, hits, last_hits, st.evictions,
		st.entries, wrong);
	CHECK(stored == N && refused == 0, "every fill stored (a full cache evicts, never refuses)");
	CHECK(wrong == 0, "no wrong value");
	CHECK(st.evictions > 0 && hits < N, "the ring wrapped: evictions");
	CHECK(last_hits > 9000, "the most recent keys hit (%u of 10000)", last_hits);
	rcp_cache_shutdown();
	if (!failures) {
		printf("ok million\n");
	}
	return failures ? 1 : 0;
}

/* ---- storm ---------------------------------------------------------------------------------------------------- */

#define SKEYS   20000
#define NLINKS  3

typedef struct {
	uint32_t version[SKEYS];       /* the "server" */
	uint32_t iv[SKEYS];            /* the latest version whose invalidation completed */
	uint64_t lookups, hits, fills, violations, torn_bad, checked;
	uint32_t pause_permille;       /* chance of a pause at a test point */
	uint32_t stop;
	char first_violation[256];
} shared_t;

static shared_t *S;
static rcp_cache_cluster *g_cc;
static rcp_cache_link *g_links[NLINKS];

/* Called between every two steps of a fill (src/core/cache.c built with RCP_CACHE_TEST_HOOKS). */
void rcp_cache_test_point(int where);
void rcp_cache_test_point(int where)
{
	(void)where;
	if (S && rnd() % 1000 < S->pause_permille) {
		if (rnd() & 1) {
			sched_yield();
		} else {
			usleep(50 + rnd() % 200);
		}
	}
}

static void iv_publish(uint32_t k, uint32_t v)
{
	uint32_t old = LOAD(&S->iv[k]);
	while (old < v && !__atomic_compare_exchange_n(&S->iv[k], &old, v, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
	}
}

static rcp_cache_key skey(char *buf, size_t cap, uint32_t k, int sig)
{
	key_of(buf, cap, k);
	return mk(buf, sig, (uint16_t)(k % 16384), g_links[(k % 16384) % NLINKS], 0);
}

/* A reader's own copies of values its probes read (as the binding keeps them, rcp_l1_keep): by key. */
#define NKEPT 64
static struct kept {
	uint32_t k;
	int sig;
	bool set;
	rcp_cache_where w;
	size_t vlen;
	char v[512];
} kept[NKEPT];

static void reader(void)
{
	char key[64], v[512];

	for (;;) {
		uint32_t k = (uint32_t)(rnd() % SKEYS);
		int sig = (int)(rnd() % 3);
		rcp_cache_key ck = skey(key, sizeof(key), k, sig);
		rcp_cache_ticket t;
		uint32_t iv = LOAD(&S->iv[k]);
		rcp_cache_where w;
		struct kept *kp = &kept[k % NKEPT];
		bool copy = kp->set && kp->k == k && kp->sig == sig && rnd() % 2 && still_valid(g_cc, &ck, &kp->w);
		/* half the reads by rcp_cache_probe() (the binding's early lookup: the record's own slot and link), under the
		 * same rule; its misses take their ticket by the lookup, as the binding's do; and a kept copy of an earlier
		 * probe's value (the binding's own copies) served while rcp_cache_still_valid() says so */
		bool probed = !copy && rnd() % 2 && probe(g_cc, &ck, &w) == RCP_CACHE_HIT;
		rcp_cache_result r = copy || probed ? RCP_CACHE_HIT : rcp_cache_lookup(g_cc, &ck, &t, alloc_static, NULL);

		if (copy) {
			memcpy(vbuf, kp->v, kp->vlen);
			vlen = kp->vlen;
		} else if (probed && vlen <= sizeof(kp->v)) {
			kp->k = k;
			kp->sig = sig;
			kp->w = w;
			memcpy(kp->v, vbuf, vlen);
			kp->vlen = vlen;
			kp->set = true;
		}

		__atomic_fetch_add(&S->lookups, 1, __ATOMIC_RELAXED);
		if (probed && !probe_is(&ck, &w)) {
			if (__atomic_fetch_add(&S->violations, 1, __ATOMIC_RELAXED) == 0) {
				snprintf(S->first_violation, sizeof(S->first_violation), "key %u sig %d: probe hit from slot %u link %u",
					k, sig, w.slot, w.link);
			}
		}
		if (r == RCP_CACHE_HIT) {
			int64_t ver = check_value(vbuf, vlen, k, sig);
			__atomic_fetch_add(&S->hits, 1, __ATOMIC_RELAXED);
			if (ver < 0 || (uint32_t)ver < iv) {
				if (__atomic_fetch_add(&S->violations, 1, __ATOMIC_RELAXED) == 0) {
					snprintf(S->first_violation, sizeof(S->first_violation), "key %u sig %d: hit version %" PRId64
						" < invalidated %u (or torn)", k, sig, ver, iv);
				}
			}
			__atomic_fetch_add(&S->checked, 1, __ATOMIC_RELAXED);
			continue;
		}
		if (!t.fillable) {
			continue;
		}
		{
			/* the "server read", after the ticket; sometimes slow, so that invalidations land in between */
			uint32_t ver = LOAD(&S->version[k]);
			size_t n;
			if (rnd() % 8 == 0) {
				usleep((useconds_t)(rnd() % 300));
			}
			n = make_value(v, k, sig, ver);
			if (rcp_cache_fill(g_cc, &ck, &t, 1, v, n) == RCP_FILL_STORED) {
				__atomic_fetch_add(&S->fills, 1, __ATOMIC_RELAXED);
			}
		}
	}
}

/* Writes: a new version, then the cache told (as an invalidation push, or an own write), then published. */
static void writer(void)
{
	char key[64];

	for (;;) {
		uint32_t k = (uint32_t)(rnd() % SKEYS), v;

		v = ADD(&S->version[k], 1);
		if (rnd() % 4 == 0) {
			usleep((useconds_t)(rnd() % 200)); /* the push travels */
		}
		key_of(key, sizeof(key), k);
		if (rnd() % 10 == 0) {
			rcp_cache_invalidate_key(g_cc, key, strlen(key));
		} else {
			rcp_cache_key_invalidated(g_cc, key, strlen(key));
		}
		iv_publish(k, v);
		if (rnd() % 64 == 0) {
			usleep(100);
		}
	}
}

/* The listener's part: confirms the links every 10 ms; now and then a write whose invalidation is lost (then the
 * link is lost and comes back), a slot that moves, a node that is flushed. */
static void flapper(void)
{
	for (;;) {
		uint64_t r = rnd() % 100;

		for (int i = 0; i < NLINKS; i++) {
			if (rcp_cache_link_status(g_links[i], NULL, 0) == RCP_LINK_UP) {
				rcp_cache_link_confirm(g_links[i], rcp_now_ns(), 1000);
			}
		}
		if (r < 3) {
			/* a write the link never reported: lose the link, then the write is "invalidated" */
			uint32_t k = (uint32_t)(rnd() % SKEYS), v = ADD(&S->version[k], 1);
			rcp_cache_link *l = g_links[(k % 16384) % NLINKS];
			rcp_cache_link_lost(l, RCP_LINK_DOWN, "lost");
			iv_publish(k, v);
			usleep(2000);
			rcp_cache_link_up(l, rcp_now_ns(), 3);
		} else if (r < 8) {
			/* a slot moved: a write on the new owner */
			uint32_t k = (uint32_t)(rnd() % SKEYS), v = ADD(&S->version[k], 1);
			rcp_cache_slot_moved(g_cc, (uint16_t)(k % 16384));
			iv_publish(k, v);
		} else if (r < 10) {
			/* FLUSHALL on a node: every key of it changes */
			int li = (int)(rnd() % NLINKS);
			uint32_t vs[64], ks[64];
			for (int j = 0; j < 64; j++) {
				ks[j] = (uint32_t)(rnd() % 5461) * 3 + (uint32_t)li; /* a key of that node: k % 16384 % 3 == li */
				vs[j] = ADD(&S->version[ks[j]], 1);
			}
			rcp_cache_link_flushed(g_links[li]);
			for (int j = 0; j < 64; j++) {
				iv_publish(ks[j], vs[j]);
			}
		}
		usleep(10000);
	}
}

typedef enum { R_READER, R_WRITER, R_FLAPPER } role_t;

static pid_t spawn(role_t role, uint64_t seed)
{
	pid_t p = fork();
	if (p == 0) {
		rng_state = seed * 0x9E3779B97F4A7C15ull + (uint64_t)getpid();
		if (!rng_state) {
			rng_state = 1;
		}
		switch (role) {
			case R_READER: reader(); break;
			case R_WRITER: writer(); break;
			case R_FLAPPER: flapper(); break;
		}
		_exit(0);
	}
	return p;
}

static int storm(int secs, uint64_t seed, size_t mib)
{
	char err[256], key[64], v[512];
	enum { NR = 6, NW = 2 };
	pid_t pids[NR + NW + 1];
	role_t roles[NR + NW + 1];
	uint64_t kills = 0, kills_mid_fill_window = 0;
	rcp_cache_stats st;
	uint64_t t_end;

	S = mmap(NULL, sizeof(shared_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	CHECK(S != MAP_FAILED, "mmap");
	CHECK(rcp_cache_init(mib << 20, 4, 100, err, sizeof(err)), "init: %s", err); /* small: the ring wraps often */
	g_cc = rcp_cache_cluster_get("storm", 5);
	for (int i = 0; i < NLINKS; i++) {
		char a[16];
		snprintf(a, sizeof(a), "n:%d", i);
		g_links[i] = rcp_cache_link_get(g_cc, a, strlen(a));
		rcp_cache_link_up(g_links[i], rcp_now_ns(), 3);
	}
	S->pause_permille = 30;
	for (int i = 0; i < NR + NW + 1; i++) {
		roles[i] = i < NR ? R_READER : i < NR + NW ? R_WRITER : R_FLAPPER;
		pids[i] = spawn(roles[i], seed + (uint64_t)i);
	}
	rng_state = seed | 1;
	t_end = rcp_now_ns() + (uint64_t)secs * 1000000000ull;
	/* the killer: a random worker every 5-25 ms, replaced at once */
	while (rcp_now_ns() < t_end) {
		int i = (int)(rnd() % (NR + NW + 1));
		usleep((useconds_t)(5000 + rnd() % 20000));
		kill(pids[i], SIGKILL);
		waitpid(pids[i], NULL, 0);
		kills++;
		if (roles[i] == R_READER) {
			kills_mid_fill_window++;
		}
		pids[i] = spawn(roles[i], seed + kills * 131);
	}
	for (int i = 0; i < NR + NW + 1; i++) {
		kill(pids[i], SIGKILL);
		waitpid(pids[i], NULL, 0);
	}
	/* afterwards the cache still works: a fresh process fills and hits, values right */
	{
		uint32_t hits = 0, stored = 0, bad = 0;
		rcp_cache_ticket t;
		S->pause_permille = 0;
		for (int i = 0; i < NLINKS; i++) {
			if (rcp_cache_link_status(g_links[i], NULL, 0) != RCP_LINK_UP) {
				rcp_cache_link_up(g_links[i], rcp_now_ns(), 3);
			}
			rcp_cache_link_confirm(g_links[i], rcp_now_ns(), 1000);
		}
		/* fresh records only (none the ring will pass over): every key invalidated first (not in the filling loop:
		 * two keys may share a sequence, and a bump of one is a miss of the other) */
		for (uint32_t k = 0; k < 500; k++) {
			key_of(key, sizeof(key), k);
			rcp_cache_invalidate_key(g_cc, key, strlen(key));
		}
		for (uint32_t k = 0; k < 500; k++) {
			rcp_cache_key ck = skey(key, sizeof(key), k, 0);
			size_t n = make_value(v, k, 0, LOAD(&S->version[k]));
			if (rcp_cache_lookup(g_cc, &ck, &t, alloc_static, NULL) == RCP_CACHE_MISS &&
			    rcp_cache_fill(g_cc, &ck, &t, 1, v, n) == RCP_FILL_STORED) {
				stored++;
			}
		}
		for (uint32_t k = 0; k < 500; k++) {
			rcp_cache_key ck = skey(key, sizeof(key), k, 0);
			size_t n = make_value(v, k, 0, LOAD(&S->version[k]));
			if (rcp_cache_lookup(g_cc, &ck, &t, alloc_static, NULL) == RCP_CACHE_HIT) {
				hits++;
				bad += memcmp(vbuf, v, n) != 0;
			}
		}
		CHECK(stored == 500 && hits == 500 && bad == 0, "after the storm: %u of 500 stored, %u hit, %u wrong", stored,
			hits, bad);
	}
	rcp_cache_stats_get(&st);
	printf("storm: %zu MiB, %d s, seed %" PRIu64 ", %d readers, %d writers, 1 flapper: lookups %" PRIu64 ", hits %" PRIu64
		" (checked %" PRIu64 "), fills %" PRIu64 ", refused by the race %" PRIu64 ", torn reads %" PRIu64 ", evictions %" PRIu64
		", SIGKILLs %" PRIu64 " (%" PRIu64 " of readers, mid-fill pauses on), link losses %" PRIu64 ", node flushes %" PRIu64
		", slot moves %" PRIu64 ", violations %" PRIu64 "\n",
		mib, secs, seed, NR, NW, S->lookups, S->hits, S->checked, S->fills, st.total.v[RCP_CS_FILLS_RACE],
		st.total.v[RCP_CS_TORN], st.evictions, kills, kills_mid_fill_window, st.total.v[RCP_CS_FLUSH_LINK_LOST],
		st.total.v[RCP_CS_FLUSH_SERVER], st.total.v[RCP_CS_SLOT_MOVES], S->violations);
	CHECK(S->violations == 0, "no stale or torn hit: %s", S->first_violation);
	CHECK(S->hits > 1000 && S->fills > 1000, "the storm did hit and fill");
	CHECK(st.total.v[RCP_CS_FILLS_RACE] > 0, "the race was exercised");
	CHECK(st.evictions > 0, "the ring wrapped");
	CHECK(kills > 10, "workers were killed");
	rcp_cache_shutdown();
	if (!failures) {
		printf("ok storm\n");
	}
	return failures ? 1 : 0;
}

/* ---- resp ------------------------------------------------------------------------------------------------------ */

long rcp_cache_resp_frame(const char *p, size_t n);

static int resp(void)
{
	static const char *const good[] = {
		"+PONG\r\n", "-ERR unknown command 'HELLO'\r\n", ":42\r\n", ":-7\r\n", "$3\r\nfoo\r\n", "$0\r\n\r\n", "$-1\r\n",
		"*-1\r\n", "*0\r\n", "_\r\n", "#t\r\n", ",3.14\r\n", "(12345678901234567890\r\n", "=8\r\ntxt:abcd\r\n",
		"!5\r\nERR x\r\n",
		">2\r\n$10\r\ninvalidate\r\n*2\r\n$3\r\nfoo\r\n$3\r\nbar\r\n",
		">2\r\n$10\r\ninvalidate\r\n_\r\n",
		"*3\r\n$7\r\nmessage\r\n$20\r\n__redis__:invalidate\r\n*1\r\n$1\r\nk\r\n",
		"*2\r\n$4\r\npong\r\n$0\r\n\r\n",
		"%2\r\n+server\r\n+redis\r\n+modules\r\n*0\r\n",
		"~2\r\n:1\r\n:2\r\n",
		"|1\r\n+key-popularity\r\n%1\r\n$1\r\na\r\n,0.19\r\n*1\r\n:2\r\n",
		"*2\r\n*2\r\n*1\r\n:1\r\n:2\r\n+x\r\n",
	};
	static const char *const bad[] = {
		"?x\r\n", ":\r\n", ":12a\r\n", "$3\r\nfooXY", "$-2\r\n", "*-2\r\n", "+no-cr\n", "$99999999999\r\n",
		":1234567890123456789012\r\n",
	};
	int errors = 0;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		size_t n = strlen(good[i]);
		char *copy = malloc(n + 16);
		memcpy(copy, good[i], n);
		memcpy(copy + n, "+NEXT\r\n", 7);
		CHECK(rcp_cache_resp_frame(copy, n) == (long)n, "frame %zu whole: %ld of %zu", i, rcp_cache_resp_frame(copy, n), n);
		CHECK(rcp_cache_resp_frame(copy, n + 7) == (long)n, "frame %zu followed by another", i);
		for (size_t cut = 0; cut < n; cut++) {
			/* every prefix is incomplete, read from a buffer of exactly that size (ASAN sees any overrun) */
			char *pre = malloc(cut ? cut : 1);
			memcpy(pre, good[i], cut);
			if (rcp_cache_resp_frame(pre, cut) != 0) {
				errors++;
				printf("FAIL frame %zu cut at %zu: %ld\n", i, cut, rcp_cache_resp_frame(pre, cut));
			}
			free(pre);
		}
		free(copy);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK(rcp_cache_resp_frame(bad[i], strlen(bad[i])) == -1, "garbage %zu refused", i);
	}
	{
		/* nesting deeper than the reader allows */
		char deep[256] = "";
		for (int d = 0; d < 40; d++) {
			strcat(deep, "*1\r\n");
		}
		strcat(deep, ":1\r\n");
		CHECK(rcp_cache_resp_frame(deep, strlen(deep)) == -1, "too deep refused");
	}
	/* random bytes (mostly RESP-looking): never a crash, never past the end */
	for (int it = 0; it < 200000; it++) {
		static const char alphabet[] = "+-:$*>%~|_#,(=!\r\n0123456789-abc";
		size_t n = 1 + rnd() % 40;
		char *buf = malloc(n);
		for (size_t j = 0; j < n; j++) {
			buf[j] = alphabet[rnd() % (sizeof(alphabet) - 1)];
		}
		long r = rcp_cache_resp_frame(buf, n);
		if (r > (long)n || r < -1) {
			errors++;
		}
		free(buf);
	}
	CHECK(errors == 0, "%d bad results", errors);
	if (!failures) {
		printf("ok resp\n");
	}
	return failures ? 1 : 0;
}

/* ---- bench ---------------------------------------------------------------------------------------------------------- */

static int bench(long n)
{
	char err[256], keys[1000][32], v[512];
	rcp_cache_cluster *cc;
	rcp_cache_link *l;
	rcp_cache_ticket t;
	long hits = 0;
	uint64_t t0;

	CHECK(rcp_cache_init(32 << 20, 8, 100, err, sizeof(err)), "init: %s", err);
	cc = rcp_cache_cluster_get("127.0.0.1:7000,\0", 16);
	l = rcp_cache_link_get(cc, "127.0.0.1:7000", 14);
	rcp_cache_link_up(l, rcp_now_ns(), 3);
	rcp_cache_link_confirm(l, rcp_now_ns() + 3600000000000ull, 1); /* confirmed for the whole run */
	for (int i = 0; i < 1000; i++) {
		rcp_cache_key k;
		snprintf(keys[i], sizeof(keys[i]), "user:{%d}:name", i);
		k = mk(keys[i], 0, (uint16_t)i, l, 0);
		rcp_cache_lookup(cc, &k, &t, alloc_static, NULL);
		memset(v, 'x', 32);
		rcp_cache_fill(cc, &k, &t, 1, v, 32);
	}
	t0 = rcp_now_ns();
	for (long i = 0; i < n; i++) {
		rcp_cache_key k = mk(keys[i % 1000], 0, (uint16_t)(i % 1000), l, 0);
		hits += rcp_cache_lookup(cc, &k, &t, alloc_static, NULL) == RCP_CACHE_HIT;
	}
	printf("bench: %ld lookups, %ld hits, %.1f ns per hit (a 16-byte key, 32-byte value)\n", n, hits,
		(double)(rcp_now_ns() - t0) / (double)n);
	CHECK(hits == n, "every lookup hit");
	rcp_cache_shutdown();
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "unit";

	setvbuf(stdout, NULL, _IOLBF, 0);
	rng_state = 88172645463325252ull;
	if (!strcmp(mode, "unit")) {
		return unit();
	}
	if (!strcmp(mode, "million")) {
		return million(argc > 2 ? (size_t)atol(argv[2]) : 64);
	}
	if (!strcmp(mode, "storm")) {
		return storm(argc > 2 ? atoi(argv[2]) : 10, argc > 3 ? strtoull(argv[3], NULL, 10) : (uint64_t)time(NULL),
			argc > 4 ? (size_t)atol(argv[4]) : 8);
	}
	if (!strcmp(mode, "resp")) {
		return resp();
	}
	if (!strcmp(mode, "bench")) {
		return bench(argc > 2 ? atol(argv[2]) : 1000000);
	}
	fprintf(stderr, "usage: %s unit | million [MiB] | storm SECS [SEED [MiB]] | bench N | resp\n", argv[0]);
	return 2;
}

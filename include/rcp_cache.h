/*
 * rcp_cache.h - the read cache shared by every worker (issue 23): a segment of its own, made in MINIT before the
 * server forks, holding cached replies of reads, kept exact by the servers' invalidations (CLIENT TRACKING, read by
 * the listener: src/core/cache_listener.c) and by the pool's own writes, with an enforced staleness bound.
 *
 * This is the core: it knows nothing of zvals (a value is bytes and a one-byte type tag the binding chooses) nor of
 * the command table; the exec path decides what is cacheable and calls the functions below in this order:
 *
 *   once per process and cluster / node     rcp_cache_cluster_get(), rcp_cache_link_get() (keep the pointers)
 *   a cacheable read, before anything is    rcp_cache_lookup(): HIT (the value copied into memory the caller's
 *     sent                                  alloc callback gave) or a miss with a fill ticket
 *   its reply, if the ticket allows a fill  rcp_cache_fill(ticket, value) (refused when anything invalidated the
 *                                           key, its slot or its node's link between the ticket and now)
 *   a write's reply (any write command,     rcp_cache_invalidate_key() for every key it named, also when it
 *     a transaction, a script, a split)     failed: it may have been applied
 *   MOVED / a new map / a migrating slot    rcp_cache_slot_moved()
 *   FLUSHALL/FLUSHDB through the pool       rcp_cache_flush_cluster()
 *   a ticket that is not fillable           rcp_cache_link_request() (asks the listener, starting one if it died;
 *     (link not UP, or not confirmed)       rate-limited, cheap to call on every such miss)
 *
 * Validity of an entry, checked on every lookup in O(1): the key's invalidation sequence is the one its ticket saw
 * (any invalidation of the key, by a server or by an own write, drops every entry of that key together: GET, HGET
 * f1, HGETALL...); its slot's generation is the ticket's; its node's link generation is the ticket's and the link
 * was confirmed (a PING answered on the invalidation connection) less than cache_max_lag ago; it is younger than its
 * ttl (and than RCP_CACHE_MAX_AGE_S). See docs/CACHE.md for the guarantee this gives and why.
 *
 * Nothing here blocks or locks: readers copy and then check that the ring's write position did not pass over what
 * they copied (a torn or overwritten record is a miss, never a wrong value); writers reserve ring space with a CAS
 * on one word; counters are atomic adds. A process SIGKILLed at any instruction leaves nothing held. No secret is
 * ever stored in the segment (credentials go to the listener over a socket: rcp_cache_link_request()).
 */
#ifndef RCP_CACHE_H
#define RCP_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include "rcp_util.h"

#define RCP_CACHE_KEY_MAX     1024        /* a cluster's identity: the seeds + user string of rcp_cluster.key */
#define RCP_CACHE_ADDR_MAX    280         /* "host:port" with its NUL (RCP_ADDR_MAX) */
#define RCP_CACHE_LINKS       128         /* nodes with an invalidation link, per cluster */
#define RCP_CACHE_ERR_MAX     200         /* a link's last error ("CLIENT TRACKING refused: ERR ...") */
#define RCP_CACHE_MAX_AGE_S   3600        /* no entry is served older than this, whatever its ttl (keeps the
                                             32-bit sequences far from wrapping; see docs/CACHE.md) */
#define RCP_CACHE_ITEM_MAX    65535       /* longest key, and longest signature, that can be cached */
#define RCP_CACHE_MIN_MEMORY  (1u << 20)  /* below this (but > 0) redis_cluster_pool.cache_memory is refused */

typedef struct rcp_cache_cluster rcp_cache_cluster;
typedef struct rcp_cache_link rcp_cache_link;

/* ---- the clock ------------------------------------------------------------------------------------------ */

/* Now: rcp_now_ns() of rcp_util.h (CLOCK_MONOTONIC through the vDSO: no system call with the TSC clock source;
 * 20-80 ns). Not CLOCK_MONOTONIC_COARSE: it lags the precise clock by more than its resolution (measured 11.7 ms
 * behind with a 4 ms resolution on a tickless VM), and the bound needs an upper bound of the time, not a lower one
 * (docs/CACHE.md, "The clock"). */

/* ---- short compares (the lookup's, and its callers' of the keys they keep) ------------------------------------ */

static inline __attribute__((always_inline)) uint64_t rcp_cache_rd64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static inline __attribute__((always_inline)) uint64_t rcp_cache_rd32(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

/* Whether n bytes at a and b are equal: the keys and signatures of reads are short, and a call of memcmp() costs more
 * than the compare (8-byte words, the last one overlapping, as rcp_hash() reads its tail; memcmp() past 64 bytes). */
static inline __attribute__((always_inline)) bool rcp_cache_same(const char *a, const char *b, size_t n)
{
	if (n > 64) {
		return memcmp(a, b, n) == 0;
	}
	if (n >= 8) {
		for (size_t i = 0; i + 8 < n; i += 8) {
			if (rcp_cache_rd64((const unsigned char *)a + i) != rcp_cache_rd64((const unsigned char *)b + i)) {
				return false;
			}
		}
		return rcp_cache_rd64((const unsigned char *)a + n - 8) == rcp_cache_rd64((const unsigned char *)b + n - 8);
	}
	if (n >= 4) {
		return rcp_cache_rd32((const unsigned char *)a) == rcp_cache_rd32((const unsigned char *)b) &&
			rcp_cache_rd32((const unsigned char *)a + n - 4) == rcp_cache_rd32((const unsigned char *)b + n - 4);
	}
	for (size_t i = 0; i < n; i++) {
		if (a[i] != b[i]) {
			return false;
		}
	}
	return true;
}

/* ---- the segment (MINIT / MSHUTDOWN) ---------------------------------------------------------------------- */

/*
 * Map the segment: bytes of MAP_SHARED|MAP_ANONYMOUS|MAP_NORESERVE memory (pages are touched only when used),
 * room for `clusters` clusters, entries served while their node's link was confirmed less than max_lag_ms ago.
 * Call in MINIT, before the server forks. false with a message naming redis_cluster_pool.cache_memory in err when
 * bytes is too small or the mapping fails (bytes == 0 is not an error: the cache is off, rcp_cache_on() false).
 */
bool rcp_cache_init(size_t bytes, uint32_t clusters, uint32_t max_lag_ms, char *err, size_t errlen);
/* After rcp_cache_init(): whether rcp_cache_admit() admits a read on its first miss (1, as before it is set) or only
 * on its second within the recent window (2: redis_cluster_pool.cache_admit). */
void rcp_cache_set_admit(uint32_t misses);
void rcp_cache_shutdown(void);
bool rcp_cache_on(void);

/* The smallest cache_memory that holds `clusters` clusters and a useful ring (for the ini message). */
size_t rcp_cache_min_memory(uint32_t clusters);

/* The bound in force (ms). */
uint32_t rcp_cache_max_lag_ms(void);

/* ---- clusters and links ----------------------------------------------------------------------------------- */

/* The entry of a cluster, by the identity the slot map's entry uses (rcp_cluster.key: sorted seeds + user [+ tls]),
 * found or claimed (CAS). NULL when the cache is off or its table is full (then: no caching for that cluster).
 * The pointer is valid until MSHUTDOWN: keep it with the process' rcp_cluster. */
rcp_cache_cluster *rcp_cache_cluster_get(const char *key, size_t len);

/* The invalidation link of node addr ("host:port", as rcp_addr_format() writes it) in cluster cc, found or claimed.
 * NULL when the cluster's link table (RCP_CACHE_LINKS) is full: the node's reads are then not cached. Valid until
 * MSHUTDOWN: keep it with the node. Claiming a link does not connect it: rcp_cache_link_request() does. */
rcp_cache_link *rcp_cache_link_get(rcp_cache_cluster *cc, const char *addr, size_t len);

typedef enum {
	RCP_LINK_IDLE = 0,      /* never asked for, or closed after RCP_CACHE_LINK_IDLE_S without use */
	RCP_LINK_CONNECTING,    /* the listener is connecting, authenticating, enabling tracking */
	RCP_LINK_UP,            /* tracking on, confirmed at least once: entries may be filled and served */
	RCP_LINK_DOWN,          /* lost (EOF, error, PING timeout, tracking-redir-broken): the listener reconnects */
	RCP_LINK_REFUSED,       /* the server refuses CLIENT TRACKING (or BCAST, or REDIRECT): the error says which;
	                           ttl-only caching ('untracked') or none, the integration decides */
	RCP_LINK_FAILED,        /* credentials or TLS settings refused (AUTH, certificate): the error says; retried
	                           only when a worker asks again */
	RCP_LINK_STATES
} rcp_cache_link_state;

/* A link's state name ("up", "down"...), for stats. */
const char *rcp_cache_link_state_name(rcp_cache_link_state s);

/* The link's state now (one atomic load), and when err is given the last reason it was lost, refused or failed
 * (empty when none; kept after it came up again). */
rcp_cache_link_state rcp_cache_link_status(rcp_cache_link *l, char *err, size_t errlen);

/* ---- reads ----------------------------------------------------------------------------------------------- */

/*
 * What one cached read is: one key, and the command's signature (its name and every argument but the key, in a
 * form the binding chooses, e.g. "HGET\0field"; the same signature must mean the same reply), the slot of the key,
 * the link of the node the read goes to (NULL: untracked, ttl-only caching; the integration allows it only for a
 * client that asked for 'untracked' where the server refuses tracking), and the client's ttl (ms, 0: none; for
 * untracked entries a ttl is required). Pointers are the caller's and must stay valid until rcp_cache_fill().
 */
typedef struct {
	const char *key;
	size_t keylen;
	const char *sig;
	size_t siglen;
	uint16_t slot;
	rcp_cache_link *link;
	uint32_t ttl_ms;
	uint64_t now_ns;        /* when the read began (rcp_now_ns(), one reading for all keys of an MGET or a
	                           pipeline), 0: the lookup reads the clock */
} rcp_cache_key;

/* What the lookup saw before the read was sent: a fill stores these, so that an invalidation that arrives between
 * the send and the reply makes the entry invalid (refused at fill, or never served). Plain data, no ownership. */
typedef struct {
	uint64_t hkey;          /* hash of (cluster, key) */
	uint64_t hent;          /* hash of (cluster, key, signature): the index tag */
	uint64_t now_ns;
	uint32_t keyseq;
	uint32_t slot_gen;
	uint32_t link_gen;
	uint16_t link_idx;
	uint16_t siglen;        /* the key's (rcp_cache_key.siglen): a fill of a read with no argument but its key
	                           takes its signature's length from here */
	bool fillable;          /* the link was UP and confirmed within the bound (or untracked): a fill may store */
} rcp_cache_ticket;

/* The binding's allocator for a hit's value: returns len writable bytes (e.g. ZSTR_VAL of a new zend_string), or
 * NULL (the lookup is then a miss). Called at most once per lookup. */
typedef void *(*rcp_cache_alloc_fn)(void *ctx, uint8_t type, size_t len);

typedef enum {
	RCP_CACHE_MISS = 0,     /* not cached (or no longer valid): send the read; fill if ticket.fillable */
	RCP_CACHE_HIT,          /* the value is in the buffer alloc returned (the caller owns it) */
	RCP_CACHE_TORN,         /* alloc was called, but the record was overwritten while it was copied: free the
	                           buffer, treat as a miss (the ticket is valid) */
} rcp_cache_result;

/*
 * Look a read up (the hot path: a hash, one bucket, one record, no lock, no system call). Always fills *t (the
 * ticket for a fill after the read). The counters (hits, misses) are counted here.
 */
rcp_cache_result rcp_cache_lookup(rcp_cache_cluster *cc, const rcp_cache_key *k, rcp_cache_ticket *t,
                                  rcp_cache_alloc_fn alloc, void *ctx);

/* The hash of a signature, for the _sh variants: a caller that looks many reads of one signature up (an MGET's keys)
 * or the same command again hashes it once; the lookups then hash only the key. */
uint64_t rcp_cache_sig_hash(const char *sig, size_t len);
rcp_cache_result rcp_cache_lookup_sh(rcp_cache_cluster *cc, const rcp_cache_key *k, uint64_t sig_hash,
                                     rcp_cache_ticket *t, rcp_cache_alloc_fn alloc, void *ctx);

/* What a record found by rcp_cache_probe() was read under: its key's slot, its link (rcp_cache_link_at()), the
 * sequences it was filled with, its fill time and ttl. Enough to tell later whether a copy of its value is still what
 * the record would serve (rcp_cache_still_valid), without the record. */
typedef struct {
	uint16_t slot;
	uint16_t link;
	uint32_t keyseq;
	uint32_t slot_gen;
	uint32_t link_gen;
	uint32_t ttl_ms;
	uint64_t fill_ns;
} rcp_cache_where;

/*
 * Look a read up by its key and signature alone, before its slot and node are known (the hit at its cheapest: no
 * slot computed, no ticket): k's key, signature, ttl_ms and now_ns (required) are used, not its slot nor its link;
 * hkey is rcp_cache_hash_key() of its key. A record is served under its own slot and link (its key is k's, so its
 * slot is the key's): the slot's generation and the link's unchanged since the fill, the link up and confirmed within
 * the bound at now_ns, the key's sequence unchanged. On a hit *where says them: the caller checks that the link is
 * the one of the slot's owner in its map, else it drops the value and looks the read up the usual way. Untracked
 * records are not served here. Counts nothing (rcp_cache_count_n).
 */
rcp_cache_result rcp_cache_probe(rcp_cache_cluster *cc, const rcp_cache_key *k, uint64_t sig_hash, uint64_t hkey,
                                 rcp_cache_where *where, rcp_cache_alloc_fn alloc, void *ctx);
/* A worker's own copy of a value rcp_cache_probe() found, and the check it is served by, made once when the copy is
 * kept (rcp_cache_watch_of): the words of the segment the record's rule reads (its link's, its slot's generation, its
 * key's sequence), what they were, and how long the copy may live (the record's ttl, the client's, at most
 * RCP_CACHE_MAX_AGE_S). */
typedef struct {
	rcp_cache_link *link;
	const uint32_t *slot_gen_at, *keyseq_at;
	uint32_t slot_gen, keyseq, link_gen;
	uint64_t fill_ns, life_ns;
} rcp_cache_watch;
/* *out for a value read under *w (hkey: its key's hash) by a client whose ttl is ttl_ms (0: none); false: not one a
 * copy may be kept of (an untracked record). */
bool rcp_cache_watch_of(rcp_cache_cluster *cc, const rcp_cache_where *w, uint64_t hkey, uint32_t ttl_ms,
                        rcp_cache_watch *out);
/* Whether the copy is still what the record would serve at now_ns, by the record's rule (rcp_cache_probe's: young
 * enough, its link up and confirmed within the bound with the same generation, its slot's generation and its key's
 * sequence unchanged), without the record. */
bool rcp_cache_still_valid(const rcp_cache_watch *wt, uint64_t now_ns);

/* Take a ticket without looking up (a read the caller knows it will not find, e.g. after a TORN: not needed then). */
void rcp_cache_ticket_take(rcp_cache_cluster *cc, const rcp_cache_key *k, rcp_cache_ticket *t);
/* ... with the signature's hash and the key's (rcp_cache_probe's *hkey) known. */
void rcp_cache_ticket_take_h(rcp_cache_cluster *cc, const rcp_cache_key *k, uint64_t sig_hash, uint64_t hkey,
                             rcp_cache_ticket *t);

typedef enum {
	RCP_FILL_STORED = 0,
	RCP_FILL_RACE,          /* the key, its slot or its node's link was invalidated since the ticket: the reply may
	                           be older than that invalidation (counted: fills_refused_race) */
	RCP_FILL_UNCONFIRMED,   /* the ticket was taken while the link was not UP and confirmed */
	RCP_FILL_TOO_LARGE,     /* over the cap on one entry (rcp_cache_stats.value_max) or an oversized key/signature */
	RCP_FILL_OFF,           /* no cache */
} rcp_cache_fill_result;

/*
 * Store the reply of a read that missed: k as given to the lookup, its ticket, the value (type tag + bytes, copied).
 * A full ring evicts the oldest records: a fill never fails for want of memory.
 */
rcp_cache_fill_result rcp_cache_fill(rcp_cache_cluster *cc, const rcp_cache_key *k, const rcp_cache_ticket *t,
                                     uint8_t type, const void *val, size_t len);

/* ---- writes and topology ------------------------------------------------------------------------------------ */

/* A write through the pool named this key: every entry of the key (every signature) is a miss from now on, in every
 * process, and fills whose ticket predates this call are refused. Call after the write's reply (also when it failed
 * or timed out), for every key of the command, of a transaction's commands, of a script's KEYS, of each part of a
 * split MSET/DEL. */
void rcp_cache_invalidate_key(rcp_cache_cluster *cc, const char *key, size_t len);

/* A slot's owner changed (MOVED, a new map that moved it, ASK: it is migrating): its entries are misses. */
void rcp_cache_slot_moved(rcp_cache_cluster *cc, uint16_t slot);
void rcp_cache_slots_moved_all(rcp_cache_cluster *cc);

/* FLUSHALL / FLUSHDB sent through the pool: every entry of the cluster is a miss. */
void rcp_cache_flush_cluster(rcp_cache_cluster *cc);

/* ---- the listener (src/core/cache_listener.c) -------------------------------------------------------------------- */

/*
 * How to reach a node for its invalidation link: what the worker's client uses, sent to the listener over a socket
 * (never stored in the segment). Strings borrowed (NUL-terminated or NULL); TLS fields as rcp_tls_opts.
 */
typedef struct {
	const char *host;
	uint16_t port;
	const char *user, *pass;
	size_t pass_len;
	bool tls;
	const char *cafile, *capath, *local_cert, *local_pk, *passphrase, *peer_name, *ciphers;
	size_t passphrase_len;
	bool verify_peer, verify_peer_name, allow_self_signed, sni;
	int min_version, max_version;
} rcp_cache_link_cfg;

/*
 * MINIT, after rcp_cache_init(): the request socket and the master pipe; under a server that forks its workers
 * from the process running MINIT (sapi "fpm-fcgi", "apache2handler", "cgi-fcgi", "litespeed") the listener is
 * started now; in any other SAPI it is started by the first rcp_cache_link_request(). false (err) when the sockets
 * cannot be made (the cache then stays off).
 */
bool rcp_cache_listener_minit(const char *sapi_name, char *err, size_t errlen);
/* RINIT: a worker closes its inherited copy of the master pipe (once), so that the listener sees the master go. */
void rcp_cache_listener_rinit(void);
/* MSHUTDOWN: the process that made the listener closes the pipe (the listener exits); others close their ends. */
void rcp_cache_listener_mshutdown(void);

/*
 * Ask the listener for node l's invalidation link (connect, or reconnect after a loss, or take new credentials),
 * starting the listener when there is none alive (CLI: lazily; FPM: a dead one is replaced). Non-blocking, never
 * waits for the link: the state in the segment tells (rcp_cache_link_status()). Rate-limited across processes
 * (one request per link per RCP_CACHE_REQUEST_MS, per RCP_CACHE_RETRY_REFUSED_MS when the server refused it, unless
 * force). false when nothing was sent (rate limit, no listener could be started, the socket is full). The caller
 * keeps cfg; nothing of it is kept here (the buffer that carried it is zeroed).
 */
#define RCP_CACHE_REQUEST_MS 200
#define RCP_CACHE_RETRY_REFUSED_MS 30000   /* ... and a link REFUSED or FAILED once per this */
bool rcp_cache_link_request(rcp_cache_cluster *cc, rcp_cache_link *l, const rcp_cache_link_cfg *cfg, bool force);

/* ---- what the listener writes (src/core/cache_listener.c, and tests/cache/ which plays the listener) ---------------- */

uint16_t rcp_cache_cluster_index(rcp_cache_cluster *cc);
rcp_cache_cluster *rcp_cache_cluster_at_index(uint16_t idx);
uint16_t rcp_cache_link_index(rcp_cache_link *l);
rcp_cache_link *rcp_cache_link_at(rcp_cache_cluster *cc, uint16_t idx);
rcp_cache_cluster *rcp_cache_link_cluster(rcp_cache_link *l);

/* A server said key changed (an invalidation push): bump its sequence (one atomic add). */
void rcp_cache_key_invalidated(rcp_cache_cluster *cc, const char *key, size_t len);
/* The link is connecting (state only; its generation is unchanged). */
void rcp_cache_link_connecting(rcp_cache_link *l);
/* Tracking is on and the first PING answered: UP, confirmed at ping_sent_ns (rcp_now_ns() when it was sent). */
void rcp_cache_link_up(rcp_cache_link *l, uint64_t ping_sent_ns, uint32_t mode);
/* A PONG came for the PING sent at ping_sent_ns: every invalidation the node sent before that PING has been
 * applied; entries are served while now < ping_sent_ns + cache_max_lag. */
void rcp_cache_link_confirm(rcp_cache_link *l, uint64_t ping_sent_ns, uint64_t rtt_ns);
/* The connection is gone or unusable: every entry read from the node is a miss at once (generation bump), state
 * becomes `state` (DOWN, REFUSED, FAILED, IDLE) with `why` as the link's error (NULL: keep none). */
void rcp_cache_link_lost(rcp_cache_link *l, rcp_cache_link_state state, const char *why);
/* A null invalidation (FLUSHALL/FLUSHDB on the node): every entry of the node is a miss; the link stays UP. */
void rcp_cache_link_flushed(rcp_cache_link *l);
/* n keys arrived on this link (its own count, for stats; rcp_cache_key_invalidated() counts the cluster's). */
void rcp_cache_link_count_invalidations(rcp_cache_link *l, uint64_t n);
/* Listener bookkeeping in the segment: its pid, its heartbeat, and per link the last request time. */
typedef struct {
	int32_t pid;            /* 0: none started; else the listener's pid */
	uint64_t beat_ns;       /* last loop iteration */
	uint64_t started;       /* listeners started (the first, and replacements of dead ones) */
	uint32_t links_up;      /* links UP (the listener's count) */
} rcp_cache_listener_info;
bool rcp_cache_listener_get(rcp_cache_listener_info *out);

/* ---- stats ---------------------------------------------------------------------------------------------------- */

typedef enum {
	RCP_CS_HITS = 0,
	RCP_CS_MISSES,
	RCP_CS_FIRST_MISSES,        /* misses not stored: the read's first (rcp_cache_admit) */
	RCP_CS_FILLS,
	RCP_CS_FILLS_RACE,          /* refused: an invalidation came between the ticket and the reply */
	RCP_CS_FILLS_UNCONFIRMED,   /* refused: the link was not UP and confirmed at the ticket */
	RCP_CS_FILLS_TOO_LARGE,
	RCP_CS_TORN,                /* a hit overwritten while copied (served as a miss) */
	RCP_CS_INVALIDATIONS,       /* keys invalidated by the servers (pushes) */
	RCP_CS_OWN_INVALIDATIONS,   /* keys invalidated by writes through the pool */
	RCP_CS_FLUSH_LINK_LOST,     /* a node's entries dropped: its link was lost (or refused, failed, idle) */
	RCP_CS_FLUSH_SERVER,        /* ... the node sent a null invalidation (FLUSHALL / FLUSHDB) */
	RCP_CS_FLUSH_OWN,           /* ... FLUSHALL / FLUSHDB through the pool */
	RCP_CS_SLOT_MOVES,          /* slots whose entries were dropped (MOVED, new map) */
	RCP_CS_COUNT
} rcp_cache_counter;

/* Count n of counter c (the lookup that counts nothing itself: rcp_cache_probe; a batch's hits at once). */
void rcp_cache_count_n(rcp_cache_cluster *cc, rcp_cache_counter c, uint32_t n);

/* Counter names for stats ("hits", "fills_refused_race", ...). */
const char *rcp_cache_counter_name(rcp_cache_counter c);

typedef struct {
	uint64_t v[RCP_CS_COUNT];
} rcp_cache_counters;

typedef struct {
	size_t memory;              /* cache_memory */
	size_t ring_bytes;          /* the ring's size */
	size_t ring_used;           /* bytes written so far, up to ring_bytes */
	size_t value_max;           /* the largest entry cached (bytes of key + signature + value) */
	uint64_t entries;           /* records in the ring (valid or not: invalid ones are overwritten in turn) */
	uint64_t evictions;         /* records the ring overwrote */
	uint64_t seen_clears;       /* clearings of the seen bitmap (rcp_cache_admit) */
	uint32_t index_slots;       /* the index's capacity (entries it can point to) */
	uint32_t key_sequences;     /* the invalidation sequence table's size */
	uint32_t clusters_max, clusters_used;
	uint32_t max_lag_ms;
	rcp_cache_counters total;   /* the sum over clusters */
} rcp_cache_stats;

/* Segment-wide figures. false when the cache is off. */
bool rcp_cache_stats_get(rcp_cache_stats *out);
/* One cluster's counters. */
void rcp_cache_cluster_counters(rcp_cache_cluster *cc, rcp_cache_counters *out);

typedef struct {
	char addr[RCP_CACHE_ADDR_MAX];
	rcp_cache_link_state state;
	uint32_t generation;
	uint32_t mode;              /* 3: RESP3 push, 2: RESP2 REDIRECT + SUBSCRIBE, 0: not connected */
	int64_t lag_ms;             /* now - the last confirmation's PING (ms); -1 when never confirmed */
	uint64_t rtt_us;            /* the last PING's round trip */
	uint64_t rtt_max_us;
	uint64_t invalidations;     /* keys this link reported */
	uint64_t flushes;           /* null invalidations it reported */
	uint64_t losses;            /* times it was lost */
	uint64_t connects;          /* times it came UP */
	char last_error[RCP_CACHE_ERR_MAX]; /* why it was last lost, refused or failed (kept once it is up again) */
} rcp_cache_link_info;

/* The i-th claimed link of cc (i from 0), false past the end. */
bool rcp_cache_link_info_at(rcp_cache_cluster *cc, uint32_t i, rcp_cache_link_info *out);

/* The i-th claimed cluster's entry and key (for stats), NULL past the end. */
rcp_cache_cluster *rcp_cache_cluster_at(uint32_t i, const char **key, size_t *keylen);

/* ---- internals shared with cache_listener.c and the tests ---------------------------------------------------- */

/* Hash of a key in a cluster: what the key's invalidation sequence is found by. */
uint64_t rcp_cache_hash_key(rcp_cache_cluster *cc, const char *key, size_t len);

/* Whether the reply of a read that missed (key hash hkey, signature hash sig_hash) is to be stored: always under
 * rcp_cache_set_admit(1); under 2 when the same read missed before within the recent window (a shared bitmap of
 * reads seen, cleared when about an eighth of its bits were set since its last clearing); else the read is noted as
 * seen and counted as a first miss (and as a miss with count_miss): no ticket to take, its reply is not stored. */
bool rcp_cache_admit(rcp_cache_cluster *cc, uint64_t hkey, uint64_t sig_hash, bool count_miss);
/* The current invalidation sequence of a key (tests). */
uint32_t rcp_cache_key_seq(rcp_cache_cluster *cc, const char *key, size_t len);
/* The listener's slot in the segment (cache_listener.c only). */
int32_t *rcp_cache_listener_pid_word(void);
uint64_t *rcp_cache_listener_beat_word(void);
uint64_t *rcp_cache_listener_spawn_word(void);
void rcp_cache_listener_started(uint32_t links_up);
void rcp_cache_listener_links_up(uint32_t links_up);
/* The per-link words the listener and the requesting workers share (cache_listener.c only). */
uint64_t *rcp_cache_link_want_word(rcp_cache_link *l);
uint64_t *rcp_cache_link_used_word(rcp_cache_link *l);
const char *rcp_cache_link_addr(rcp_cache_link *l);

#endif

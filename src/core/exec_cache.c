/*
 * exec_cache.c - the read cache in the command path (issue 23; the core is cache.c, the design docs/CACHE.md): which
 * reads are cached and under what signature, the lookup before a read is sent and the fill after its reply (the
 * ticket travels in the route), a cacheable MGET answered key by key with only the misses sent, the keys of writes
 * dropped, slots bumped when their owner changes, the invalidation links asked for, and the replies' values turned
 * into the cache's bytes and back.
 *
 * A value is stored with a type tag: a string as its bytes, nil and integers as such, anything else (the arrays of
 * HGETALL, SMEMBERS, LRANGE, HMGET) in a small self-describing encoding (rcp_cv_encode). Replies that are not values
 * (error replies, redirects) are never stored.
 */
#include "rcp_exec_int.h"
#include "rcp_cache.h"

/* Value types (the entry's type tag). */
enum { RCP_CV_STR = 1, RCP_CV_NIL = 2, RCP_CV_LONG = 3, RCP_CV_ENC = 4 };

/* What a cacheable command is (rcp_cache_cmd_kind). */
enum { RCP_CK_NO = 0, RCP_CK_ONE = 1, RCP_CK_MGET = 2 };

#define RCP_SIG_STACK 256

/*
 * The client's own copies of values it read from the cache (issue 23: a key read again by the same client costs no
 * record read and no allocation, the reply is the copy's, shared): each key has two places (two sets of bits of its
 * hash: the keys of an MGET rarely push each other out), the one kept longer ago replaced; each copy is checked at
 * every use by the record's own rule (rcp_cache_still_valid: the key's, the slot's and the link's sequences as when
 * read, the link confirmed within the bound now, the ttls: the words to read found, the ttls folded, when the copy is
 * kept: rcp_cache_watch), so that a copy is served exactly when its record would be.
 * Keys up to RCP_L1_KEY bytes; allocated at the first hit (RCP_L1 x 168 bytes), freed with the client (request
 * memory).
 */
#define RCP_L1      128
#define RCP_L1_KEY  48

typedef struct {
	uint64_t hkey;               /* the key's rcp_cache_hash_key(), 0: empty */
	uint64_t sh;                 /* the signature's hash */
	uint64_t map_gen;            /* the client's map generation its owner was checked in (rcp_where_owner) */
	rcp_cache_watch watch;       /* the check it is served by (rcp_cache_still_valid) */
	uint16_t slot, link;         /* what it was read under (rcp_cache_where's): its key's slot, its link's index */
	uint32_t keylen;
	uint32_t kept;               /* the client's count of copies kept, when this one was */
	char key[RCP_L1_KEY];
	zval val;
} rcp_l1_ent;

/* The two places of a key whose hash is h. */
#define RCP_L1_AT1(h) ((h) & (RCP_L1 - 1))
#define RCP_L1_AT2(h) (((h) >> 7) & (RCP_L1 - 1))

struct rcp_client_cache {
	uint32_t ttl_ms;
	bool untracked;
	/* the miss of a read the binding looked up before building it (rcp_exec_cache_get), for its route's lookup
	 * (rcp_exec_cache_lookup) a moment later: the key's and the signature's hashes and the read's start, so that
	 * the route takes the ticket with them (no second lookup); key NULL: none (and none for a read's first miss:
	 * rcp_client.cache_first_key) */
	struct {
		const char *key;
		size_t keylen;
		const rcp_cmd *cmd;
		uint64_t hkey, sh, now_ns;
		size_t siglen;
	} pend;
	uint64_t mget_sh;                      /* an MGET's signature's hash (rcp_cache_sig_hash) */
	rcp_count_memo counted;                /* the command a hit counts (rcp_count_command_memo) */
	rcp_l1_ent *l1;                        /* RCP_L1 copies, NULL until the first hit */
	uint32_t l1_kept;
	uint32_t nprefixes;
	zend_string **prefixes;
	/* the invalidation links' credentials and TLS settings (copies; the secrets zeroed when freed) */
	char *user, *pass;
	size_t pass_len;
	rcp_tls_opts tls;
};

/* The process' state of a cluster some client caches: one flat block (topology.c frees it with the cluster). */
struct rcp_cluster_cache {
	rcp_cache_cluster *cc;
	uint64_t links_gen;                    /* rcp_cluster.generation the links below were found for */
	rcp_cache_link *links[RCP_MAX_NODES];  /* by node index in the map, NULL: not looked up yet */
	uint8_t noted[RCP_CACHE_LINKS];        /* a refused link's log line was written (by link index) */
	uint64_t reads_not_cached;             /* reads of nodes refusing tracking, not cached (no 'untracked') */
	bool owners_known;
	uint32_t owner[RCP_SLOTS];             /* hash of each slot's owner's address in the last map seen, 0: none */
};

/* ---- which commands, and their signature ------------------------------------------------------------------------ */

/* What a cacheable command is: the command table's flags (RCP_CMD_CACHE_ONE, RCP_CMD_CACHE_MGET). */
static zend_always_inline int rcp_cache_cmd_kind(const rcp_cmd *cmd)
{
	return (cmd->flags & RCP_CMD_CACHE_ONE) ? RCP_CK_ONE : (cmd->flags & RCP_CMD_CACHE_MGET) ? RCP_CK_MGET : RCP_CK_NO;
}

static zend_always_inline bool rcp_cache_key_wanted(const struct rcp_client_cache *c, const char *key, size_t len)
{
	if (len > RCP_CACHE_ITEM_MAX) {
		return false;
	}
	if (!c->nprefixes) {
		return true;
	}
	for (uint32_t i = 0; i < c->nprefixes; i++) {
		zend_string *p = c->prefixes[i];
		if (ZSTR_LEN(p) <= len && !memcmp(ZSTR_VAL(p), key, ZSTR_LEN(p))) {
			return true;
		}
	}
	return false;
}

/* The signature of a one-key read: its name, NUL, then every argument after the key as <u32 length><bytes>. *sig: the
 * command's name itself when there is no other argument, else buf (cap bytes) or an emalloc'd block (*heap, to free);
 * 0 when too long to cache. */
static size_t rcp_cache_sig(const rcp_route *r, const char **sig, char *buf, size_t cap, char **heap)
{
	size_t nl = strlen(r->cmd->name), len = nl + 1;
	char *p;

	*heap = NULL;
	if (r->argc == 2) {
		*sig = r->cmd->name; /* the name and its NUL: nothing to copy */
		return len;
	}
	for (int a = 2; a < r->argc; a++) {
		len += 4 + r->argvlen[a];
	}
	if (len > RCP_CACHE_ITEM_MAX) {
		return 0;
	}
	p = len <= cap ? buf : (*heap = emalloc(len));
	*sig = p;
	memcpy(p, r->cmd->name, nl + 1);
	p += nl + 1;
	for (int a = 2; a < r->argc; a++) {
		uint32_t l = (uint32_t)r->argvlen[a];
		memcpy(p, &l, 4);
		memcpy(p + 4, r->argv[a], l);
		p += 4 + l;
	}
	return len;
}

/* ---- values <-> bytes ------------------------------------------------------------------------------------------- */

/* Aggregates: 'S' u32 bytes | 'N' | 'L' i64 | 'D' double | 'T' | 'F' | 'A' u32 n values | 'M' u32 n (key value)
 * pairs (a string key as 'S', an integer key as 'L'). false: a value the cache does not store (an object...). */
static bool rcp_cv_encode(smart_str *s, const zval *v, int depth)
{
	uint32_t n;

	if (depth > 16) {
		return false;
	}
	switch (Z_TYPE_P(v)) {
	case IS_STRING:
		n = (uint32_t)Z_STRLEN_P(v);
		smart_str_appendc(s, 'S');
		smart_str_appendl(s, (const char *)&n, 4);
		smart_str_appendl(s, Z_STRVAL_P(v), Z_STRLEN_P(v));
		return true;
	case IS_NULL:
		smart_str_appendc(s, 'N');
		return true;
	case IS_LONG: {
		int64_t l = (int64_t)Z_LVAL_P(v);
		smart_str_appendc(s, 'L');
		smart_str_appendl(s, (const char *)&l, 8);
		return true;
	}
	case IS_DOUBLE: {
		double d = Z_DVAL_P(v);
		smart_str_appendc(s, 'D');
		smart_str_appendl(s, (const char *)&d, 8);
		return true;
	}
	case IS_TRUE:
		smart_str_appendc(s, 'T');
		return true;
	case IS_FALSE:
		smart_str_appendc(s, 'F');
		return true;
	case IS_ARRAY: {
		HashTable *ht = Z_ARRVAL_P(v);
		zend_string *k;
		zend_ulong h;
		zval *e;
		bool list = zend_array_is_list(ht);
		n = zend_hash_num_elements(ht);
		smart_str_appendc(s, list ? 'A' : 'M');
		smart_str_appendl(s, (const char *)&n, 4);
		ZEND_HASH_FOREACH_KEY_VAL(ht, h, k, e) {
			if (!list) {
				if (k) {
					zval kz;
					ZVAL_STR(&kz, k);
					rcp_cv_encode(s, &kz, depth + 1);
				} else {
					int64_t l = (int64_t)h;
					smart_str_appendc(s, 'L');
					smart_str_appendl(s, (const char *)&l, 8);
				}
			}
			if (!rcp_cv_encode(s, e, depth + 1)) {
				return false;
			}
		} ZEND_HASH_FOREACH_END();
		return true;
	}
	default:
		return false;
	}
}

typedef struct {
	const char *p, *end;
} rcp_cv_in;

static bool rcp_cv_decode(rcp_cv_in *in, zval *out, int depth)
{
	uint32_t n;
	char t;

	if (in->p >= in->end || depth > 16) {
		return false;
	}
	t = *in->p++;
	switch (t) {
	case 'S':
		if (in->end - in->p < 4) return false;
		memcpy(&n, in->p, 4);
		in->p += 4;
		if ((size_t)(in->end - in->p) < n) return false;
		ZVAL_STRINGL_FAST(out, in->p, n);
		in->p += n;
		return true;
	case 'N':
		ZVAL_NULL(out);
		return true;
	case 'L': case 'D': {
		int64_t l;
		double d;
		if (in->end - in->p < 8) return false;
		if (t == 'L') {
			memcpy(&l, in->p, 8);
			ZVAL_LONG(out, (zend_long)l);
		} else {
			memcpy(&d, in->p, 8);
			ZVAL_DOUBLE(out, d);
		}
		in->p += 8;
		return true;
	}
	case 'T':
		ZVAL_TRUE(out);
		return true;
	case 'F':
		ZVAL_FALSE(out);
		return true;
	case 'A': case 'M':
		if (in->end - in->p < 4) return false;
		memcpy(&n, in->p, 4);
		in->p += 4;
		if (n > (size_t)(in->end - in->p)) return false; /* every value takes a byte at least */
		array_init_size(out, n);
		for (uint32_t i = 0; i < n; i++) {
			zval k, v;
			ZVAL_UNDEF(&k);
			if (t == 'M' && !rcp_cv_decode(in, &k, depth + 1)) {
				return false;
			}
			if (!rcp_cv_decode(in, &v, depth + 1)) {
				zval_ptr_dtor(&k);
				return false;
			}
			if (t == 'A') {
				zend_hash_next_index_insert_new(Z_ARRVAL_P(out), &v);
			} else if (Z_TYPE(k) == IS_STRING) {
				zend_symtable_update(Z_ARRVAL_P(out), Z_STR(k), &v);
				zval_ptr_dtor(&k);
			} else if (Z_TYPE(k) == IS_LONG) {
				zend_hash_index_update(Z_ARRVAL_P(out), (zend_ulong)Z_LVAL(k), &v);
			} else {
				zval_ptr_dtor(&k);
				zval_ptr_dtor(&v);
				return false;
			}
		}
		return true;
	default:
		return false;
	}
}

/* The lookup's allocator: a string's bytes go straight into the reply's zend_string; other types into a buffer
 * decoded after the copy was checked. */
typedef struct {
	uint8_t type;
	size_t len;
	zend_string *s;
	char *buf;
	char stack[64];
} rcp_cv_out;

static void *rcp_cv_alloc(void *ctx, uint8_t type, size_t len)
{
	rcp_cv_out *o = ctx;

	o->type = type;
	o->len = len;
	if (type == RCP_CV_STR) {
		o->s = zend_string_alloc(len, 0);
		ZSTR_VAL(o->s)[len] = '\0';
		return ZSTR_VAL(o->s);
	}
	o->buf = len <= sizeof(o->stack) ? o->stack : emalloc(len ? len : 1);
	return o->buf;
}

static void rcp_cv_release(rcp_cv_out *o)
{
	if (o->s) {
		zend_string_efree(o->s);
		o->s = NULL;
	}
	if (o->buf && o->buf != o->stack) {
		efree(o->buf);
	}
	o->buf = NULL;
}

/* A hit's bytes into *reply; false (nothing set) when they do not decode (not expected: then a miss). */
static bool rcp_cv_to_zval(rcp_cv_out *o, zval *reply)
{
	size_t len = o->len;
	rcp_cv_in in;
	bool ok = true;

	switch (o->type) {
	case RCP_CV_STR:
		ZVAL_NEW_STR(reply, o->s); /* (zend_string_alloc'd: never interned) */
		o->s = NULL;
		return true;
	case RCP_CV_NIL:
		ZVAL_NULL(reply);
		break;
	case RCP_CV_LONG: {
		int64_t l;
		if ((ok = len == 8)) {
			memcpy(&l, o->buf, 8);
			ZVAL_LONG(reply, (zend_long)l);
		}
		break;
	}
	case RCP_CV_ENC:
		in.p = o->buf;
		in.end = o->buf + len;
		ZVAL_UNDEF(reply);
		ok = rcp_cv_decode(&in, reply, 0) && in.p == in.end;
		if (!ok) {
			zval_ptr_dtor(reply);
			ZVAL_UNDEF(reply);
		}
		break;
	default:
		ok = false;
	}
	rcp_cv_release(o);
	return ok;
}

/* rcp_cv_to_zval() with a string, the common hit, inline. */
static zend_always_inline bool rcp_cv_hit(rcp_cv_out *o, zval *reply)
{
	if (EXPECTED(o->type == RCP_CV_STR)) {
		ZVAL_NEW_STR(reply, o->s);
		o->s = NULL;
		return true;
	}
	return rcp_cv_to_zval(o, reply);
}

/* rcp_cv_fill() of a value that is not a string. */
static zend_never_inline void rcp_cv_fill_other(rcp_cache_cluster *cc, const rcp_cache_key *k,
                                                const rcp_cache_ticket *t, const zval *v)
{
	switch (Z_TYPE_P(v)) {
	case IS_NULL:
		rcp_cache_fill(cc, k, t, RCP_CV_NIL, "", 0);
		return;
	case IS_LONG: {
		int64_t l = (int64_t)Z_LVAL_P(v);
		rcp_cache_fill(cc, k, t, RCP_CV_LONG, &l, 8);
		return;
	}
	default: {
		smart_str s = {0};
		if (rcp_cv_encode(&s, v, 0) && s.s) {
			rcp_cache_fill(cc, k, t, RCP_CV_ENC, ZSTR_VAL(s.s), ZSTR_LEN(s.s));
		}
		smart_str_free(&s);
	}
	}
}

/* Store a reply's value under k with ticket t. */
static zend_always_inline void rcp_cv_fill(rcp_cache_cluster *cc, const rcp_cache_key *k, const rcp_cache_ticket *t,
                                           const zval *v)
{
	if (EXPECTED(Z_TYPE_P(v) == IS_STRING)) {
		rcp_cache_fill(cc, k, t, RCP_CV_STR, Z_STRVAL_P(v), Z_STRLEN_P(v));
	} else {
		rcp_cv_fill_other(cc, k, t, v);
	}
}

void rcp_cache_link_cfg_make(rcp_cache_link_cfg *cfg, const char *host, uint16_t port, const char *user,
                             const char *pass, size_t pass_len, const rcp_tls_opts *tls)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->host = host;
	cfg->port = port;
	cfg->user = user;
	cfg->pass = pass;
	cfg->pass_len = pass_len;
	if (tls && tls->enabled) {
		cfg->tls = true;
		cfg->cafile = tls->cafile;
		cfg->capath = tls->capath;
		cfg->local_cert = tls->local_cert;
		cfg->local_pk = tls->local_pk;
		cfg->passphrase = tls->passphrase;
		cfg->passphrase_len = tls->passphrase_len;
		cfg->peer_name = tls->peer_name;
		cfg->ciphers = tls->ciphers;
		cfg->verify_peer = tls->verify_peer;
		cfg->verify_peer_name = tls->verify_peer_name;
		cfg->allow_self_signed = tls->allow_self_signed;
		cfg->sni = tls->sni;
		cfg->min_version = tls->min_version;
		cfg->max_version = tls->max_version;
	}
}

/* ---- links ------------------------------------------------------------------------------------------------------- */

/* rcp_node_link() the first time for its map generation: the link looked up by the node's address. */
static zend_never_inline rcp_cache_link *rcp_node_link_find(rcp_cluster *cl, uint16_t idx)
{
	struct rcp_cluster_cache *pc = cl->cache;
	char addr[RCP_ADDR_MAX];
	size_t len;

	if (pc->links_gen != cl->generation) {
		memset(pc->links, 0, sizeof(pc->links));
		pc->links_gen = cl->generation;
	}
	len = rcp_addr_fmt(addr, sizeof(addr), cl->map->nodes[idx].host, cl->map->nodes[idx].port);
	return pc->links[idx] = rcp_cache_link_get(pc->cc, addr, len);
}

/* The invalidation link of node idx of the client's map (found once per map generation), NULL: none. */
static zend_always_inline rcp_cache_link *rcp_node_link(rcp_cluster *cl, uint16_t idx)
{
	struct rcp_cluster_cache *pc = cl->cache;

	if (EXPECTED(pc->links_gen == cl->generation && pc->links[idx] != NULL)) {
		return pc->links[idx];
	}
	return rcp_node_link_find(cl, idx);
}

/* A miss whose ticket cannot fill: ask the listener for the node's link (rate-limited in the core). */
static void rcp_link_wanted(rcp_client *cl, rcp_cache_link *l, uint16_t idx)
{
	struct rcp_client_cache *c = cl->cache;
	const rcp_node *n = &cl->cluster->map->nodes[idx];
	rcp_cache_link_cfg cfg;

	rcp_cache_link_cfg_make(&cfg, n->host, n->port, c->user, c->pass, c->pass_len, &c->tls);
	rcp_cache_link_request(cl->cluster->cache->cc, l, &cfg, false);
}

/* Whether a link that is not up refuses tracking for good (REFUSED/FAILED); the first time, one log line. */
static bool rcp_link_refused(rcp_cluster *cl, rcp_cache_link *l)
{
	char why[RCP_CACHE_ERR_MAX];
	rcp_cache_link_state s = rcp_cache_link_status(l, why, sizeof(why));
	uint16_t li;

	if (s != RCP_LINK_REFUSED && s != RCP_LINK_FAILED) {
		return false;
	}
	li = rcp_cache_link_index(l);
	if (li < RCP_CACHE_LINKS && !cl->cache->noted[li]) {
		cl->cache->noted[li] = 1;
		php_log_err_with_severity(
			(char *)zend_strpprintf(0, "redis_cluster_pool: the read cache does not cache node %s: its invalidation "
				"link was %s (%s); reads go to the server (the 'cache' option's 'untracked' => true with a 'ttl' caches "
				"them for the ttl alone)", rcp_cache_link_addr(l), rcp_cache_link_state_name(s), why)->val, LOG_NOTICE);
	}
	return true;
}

/* ---- the hooks ------------------------------------------------------------------------------------------------------ */

/* The cache key of a one-key read about to go to the slot's primary; false: not cached. */
static bool rcp_cache_key_of(rcp_client *cl, const rcp_route *r, rcp_cache_key *k, uint16_t *node)
{
	const rcp_map *map = cl->cluster->map;
	uint16_t idx;

	/* (reads a client sends to replicas are not cached: the bound is about the node that took the write) */
	if (r->kind != RCP_RT_ONE_SLOT || r->nkeys != 1 || cl->read_policy != RCP_READ_PRIMARY) {
		return false;
	}
	k->key = r->argv[r->pos[0]];
	k->keylen = r->argvlen[r->pos[0]];
	if (!rcp_cache_key_wanted(cl->cache, k->key, k->keylen)) {
		return false;
	}
	idx = map->slots[r->slot];
	if (idx == RCP_NO_NODE || !(k->link = rcp_node_link(cl->cluster, idx))) {
		return false;
	}
	k->slot = (uint16_t)r->slot;
	k->ttl_ms = cl->cache->ttl_ms;
	k->now_ns = 0;
	*node = idx;
	return true;
}

static bool rcp_cache_one_full(rcp_client *cl, rcp_cache_key *k, uint64_t sh, uint16_t node, rcp_cache_ticket *t,
                               uint8_t *rflags, zval *reply);

/* A miss whose ticket cannot fill (its link not up, or not confirmed within the bound): the link asked for; or, when
 * the node refuses tracking for good, noted, and the read looked up again as untracked when the client asked for that
 * (a hit: *reply set, true). */
static zend_never_inline bool rcp_cache_unfillable(rcp_client *cl, rcp_cache_key *k, uint64_t sh, uint16_t node,
                                                   rcp_cache_ticket *t, uint8_t *rflags, zval *reply)
{
	if (!k->link) {
		return false; /* (untracked, with no ttl) */
	}
	if (!rcp_link_refused(cl->cluster, k->link)) {
		rcp_link_wanted(cl, k->link, node);
		return false;
	}
	if (!cl->cache->untracked) {
		cl->cluster->cache->reads_not_cached++;
		return false;
	}
	k->link = NULL;
	*rflags = RCP_RF_UNTRACKED;
	return rcp_cache_one_full(cl, k, sh, node, t, rflags, reply);
}

/* rcp_cache_one() past its common miss: the link's refusal noted before, and the entry looked up by its key. */
static zend_never_inline bool rcp_cache_one_full(rcp_client *cl, rcp_cache_key *k, uint64_t sh, uint16_t node,
                                                 rcp_cache_ticket *t, uint8_t *rflags, zval *reply)
{
	struct rcp_client_cache *c = cl->cache;
	struct rcp_cluster_cache *pc = cl->cluster->cache;
	rcp_cv_out o;
	rcp_cache_result res;

	if (k->link && UNEXPECTED(pc->noted[rcp_cache_link_index(k->link)])) {
		/* a node that refused tracking: untracked entries (ttl alone) when asked for, else no caching */
		if (rcp_cache_link_status(k->link, NULL, 0) != RCP_LINK_UP) {
			if (!c->untracked) {
				pc->reads_not_cached++;
				t->fillable = false;
				return false;
			}
			k->link = NULL;
			*rflags = RCP_RF_UNTRACKED;
		} else {
			pc->noted[rcp_cache_link_index(k->link)] = 0;
		}
	}
	o.s = NULL;
	o.buf = NULL;
	res = rcp_cache_lookup_sh(pc->cc, k, sh, t, rcp_cv_alloc, &o);
	if (res == RCP_CACHE_HIT) {
		if (rcp_cv_hit(&o, reply)) {
			return true;
		}
	} else if (res == RCP_CACHE_TORN) {
		rcp_cv_release(&o);
	}
	if (t->fillable) {
		*rflags |= RCP_RF_CACHEABLE;
		return false;
	}
	return rcp_cache_unfillable(cl, k, sh, node, t, rflags, reply);
}

/* The lookup of a one-key read, every entry point's (a route's: rcp_exec_cache_lookup, of a read the binding did not
 * look up, or did and missed): k with its key, slot, link and signature (sh its hash), node the index of its node;
 * hkey: 0, or the key's hash when rcp_cache_probe() looked its tracked entry up already (then only its ticket is
 * taken, unless the entry is untracked). A hit: *reply set, true. A miss (counted): *t its ticket, *rflags
 * RCP_RF_CACHEABLE (and RCP_RF_UNTRACKED) when its reply may be stored; a link not up is asked for, a refusal noted. */
static zend_always_inline bool rcp_cache_one(rcp_client *cl, rcp_cache_key *k, uint64_t sh, uint64_t hkey, uint16_t node,
                                             rcp_cache_ticket *t, uint8_t *rflags, zval *reply)
{
	struct rcp_cluster_cache *pc = cl->cluster->cache;

	*rflags = 0;
	if (EXPECTED(hkey != 0) && EXPECTED(!pc->noted[rcp_cache_link_index(k->link)])) {
		/* the common miss: its ticket */
		rcp_cache_ticket_take_h(pc->cc, k, sh, hkey, t);
		rcp_cache_count_n(pc->cc, RCP_CS_MISSES, 1);
		if (EXPECTED(t->fillable)) {
			*rflags = RCP_RF_CACHEABLE;
			return false;
		}
		return rcp_cache_unfillable(cl, k, sh, node, t, rflags, reply);
	}
	return rcp_cache_one_full(cl, k, sh, node, t, rflags, reply);
}

/* rcp_exec_cache_lookup() of a read the binding did not look up: its signature built, its entry looked up. */
static zend_never_inline bool rcp_route_lookup(rcp_client *cl, rcp_route *r, zval *reply)
{
	char sigbuf[RCP_SIG_STACK], *heap;
	rcp_cache_key k;
	uint64_t sh;
	uint16_t node;
	uint8_t rf;
	bool hit;

	if ((r->flags & RCP_RF_NOCACHE) || rcp_cache_cmd_kind(r->cmd) != RCP_CK_ONE || !rcp_cache_key_of(cl, r, &k, &node)) {
		return false;
	}
	if (!(k.siglen = rcp_cache_sig(r, &k.sig, sigbuf, sizeof(sigbuf), &heap))) {
		return false;
	}
	sh = rcp_cache_sig_hash(k.sig, k.siglen);
	if ((hit = rcp_cache_one(cl, &k, sh, 0, node, &r->ticket, &rf, reply))) {
		r->reply_kind = RCP_RK_VALUE;
	} else if (!(rf & RCP_RF_CACHEABLE) || rcp_cache_admit(cl->cluster->cache->cc, r->ticket.hkey, sh, false)) {
		r->flags |= rf;
	}
	if (heap) {
		efree(heap);
	}
	return hit;
}

/* rcp_exec_cache_lookup() of the read the binding looked up a moment ago and missed (c->pend): its ticket taken now,
 * before it is sent, on its route's slot and that slot's owner, with the hashes and the start the lookup had. */
static zend_never_inline bool rcp_pend_lookup(rcp_client *cl, rcp_route *r, zval *reply)
{
	struct rcp_client_cache *c = cl->cache;
	rcp_cache_key k;
	uint16_t idx = cl->cluster->map->slots[r->slot];
	uint8_t rf;

	if (idx == RCP_NO_NODE || !(k.link = rcp_node_link(cl->cluster, idx))) {
		return false;
	}
	k.key = c->pend.key;
	k.keylen = c->pend.keylen;
	k.slot = (uint16_t)r->slot;
	k.sig = r->cmd->name;
	k.siglen = c->pend.siglen;
	k.ttl_ms = c->ttl_ms;
	k.now_ns = c->pend.now_ns;
	if (rcp_cache_one(cl, &k, c->pend.sh, c->pend.hkey, idx, &r->ticket, &rf, reply)) {
		r->reply_kind = RCP_RK_VALUE; /* (an untracked entry: rcp_cache_probe() finds tracked ones only) */
		return true;
	}
	r->flags |= rf;
	return false;
}

bool rcp_exec_cache_lookup(rcp_client *cl, rcp_route *r, zval *reply)
{
	struct rcp_client_cache *c = cl->cache;

	r->flags &= (uint8_t)~(RCP_RF_CACHEABLE | RCP_RF_UNTRACKED); /* (a command re-run alone is looked up again) */
	if (c->pend.key) {
		/* the binding looked this very read up a moment ago (rcp_exec_cache_get: the same key bytes, which it keeps
		 * until the command is done) and missed */
		bool same = r->argc == 2 && r->argv[1] == c->pend.key && r->cmd == c->pend.cmd &&
			r->argvlen[1] == c->pend.keylen && r->kind == RCP_RT_ONE_SLOT && r->nkeys == 1 && r->pos[0] == 1 &&
			!(r->flags & RCP_RF_NOCACHE);
		c->pend.key = NULL;
		if (same) {
			return rcp_pend_lookup(cl, r, reply);
		}
	}
	return rcp_route_lookup(cl, r, reply);
}

/* Whether a record of a key of slot slot, read under link index link, was read from the node that owns the slot in
 * the client's map. */
static zend_always_inline bool rcp_where_owner(rcp_cluster *cluster, uint16_t slot, uint16_t link)
{
	uint16_t idx = cluster->map->slots[slot];
	rcp_cache_link *l;

	return idx != RCP_NO_NODE && (l = rcp_node_link(cluster, idx)) && rcp_cache_link_index(l) == link;
}

/* A hit found by rcp_cache_probe() whose link is the one of its slot's owner in the client's map: *reply set from o.
 * Else (a map that disagrees: the usual lookup decides) o released. */
static zend_always_inline bool rcp_probe_hit(rcp_cluster *cluster, const rcp_cache_where *w, rcp_cv_out *o, zval *reply)
{
	if (!rcp_where_owner(cluster, w->slot, w->link)) {
		rcp_cv_release(o);
		return false;
	}
	return rcp_cv_hit(o, reply);
}

static zend_always_inline bool rcp_l1_is(const rcp_l1_ent *e, uint64_t hkey, uint64_t sh, const char *key, size_t keylen)
{
	return e->hkey == hkey && e->sh == sh && e->keylen == keylen && rcp_cache_same(e->key, key, keylen);
}

/* The client's copy of (key, signature sh), hkey the key's hash, when it is still what the cache would serve at now
 * (and read from the slot's owner in the client's map: checked again when the map changed): *reply shares it. */
static zend_always_inline bool rcp_l1_hit(rcp_client *cl, uint64_t hkey, uint64_t sh, const char *key, size_t keylen,
                                          uint64_t now, zval *reply)
{
	struct rcp_client_cache *c = cl->cache;
	rcp_l1_ent *e;

	if (!c->l1) {
		return false;
	}
	e = &c->l1[RCP_L1_AT1(hkey)];
	if (!rcp_l1_is(e, hkey, sh, key, keylen)) {
		e = &c->l1[RCP_L1_AT2(hkey)];
		if (!rcp_l1_is(e, hkey, sh, key, keylen)) {
			return false;
		}
	}
	if (!rcp_cache_still_valid(&e->watch, now)) {
		return false;
	}
	if (UNEXPECTED(e->map_gen != cl->cluster->generation)) {
		if (!rcp_where_owner(cl->cluster, e->slot, e->link)) {
			return false;
		}
		e->map_gen = cl->cluster->generation;
	}
	ZVAL_COPY(reply, &e->val);
	return true;
}

/* Keep a copy of a value just read from the cache (rcp_cache_probe: *w, from the slot's owner in the client's map;
 * hkey its key's hash) for the client's next read of it: in its first place when free or its own, else its second
 * one when free or its own, else the one kept longer ago. */
static void rcp_l1_keep(rcp_client *cl, uint64_t hkey, uint64_t sh, const char *key, size_t keylen,
                        const rcp_cache_where *w, const zval *val)
{
	struct rcp_client_cache *c = cl->cache;
	rcp_l1_ent *e, *e2;
	rcp_cache_watch watch;

	if (keylen > RCP_L1_KEY || !hkey || !rcp_cache_watch_of(cl->cluster->cache->cc, w, hkey, c->ttl_ms, &watch)) {
		return;
	}
	if (!c->l1) {
		c->l1 = ecalloc(RCP_L1, sizeof(rcp_l1_ent)); /* (zeroed zvals are IS_UNDEF) */
	}
	e = &c->l1[RCP_L1_AT1(hkey)];
	e2 = &c->l1[RCP_L1_AT2(hkey)];
	if (e->hkey && e->hkey != hkey && (!e2->hkey || e2->hkey == hkey || e2->kept < e->kept)) {
		e = e2;
	}
	zval_ptr_dtor(&e->val);
	e->watch = watch;
	e->hkey = hkey;
	e->sh = sh;
	e->map_gen = cl->cluster->generation;
	e->slot = w->slot;
	e->link = w->link;
	e->keylen = (uint32_t)keylen;
	e->kept = ++c->l1_kept;
	memcpy(e->key, key, keylen);
	ZVAL_COPY(&e->val, val);
}

/* A one-key read counted as answered by the cache. */
static zend_always_inline void rcp_cache_answered(rcp_client *cl, const rcp_cmd *cmd, uint32_t hits)
{
	rcp_cache_count_n(cl->cluster->cache->cc, RCP_CS_HITS, hits);
	rcp_partial_free(&cl->partial);
	rcp_count_command_memo(&cl->cache->counted, cl->cluster->shared, cmd);
}

/* rcp_exec_cache_get() past the client's own copies, of a read seen before: the entry (rcp_cache_probe), else a miss
 * kept for its route. A frame of its own, so that the copies' hit keeps a small one. */
static zend_never_inline bool rcp_exec_cache_get_entry(rcp_client *cl, const rcp_cmd *cmd, uint64_t sh, size_t siglen,
                                                       const char *key, size_t keylen, uint64_t hkey, uint64_t now_ns,
                                                       zval *reply)
{
	struct rcp_client_cache *c = cl->cache;
	rcp_cluster *cluster = cl->cluster;
	rcp_cache_key k;
	rcp_cache_where w;
	rcp_cv_out o;

	k.now_ns = now_ns;
	k.key = key;
	k.keylen = keylen;
	k.sig = cmd->name;
	k.siglen = siglen;
	k.ttl_ms = c->ttl_ms;
	o.s = NULL;
	o.buf = NULL;
	switch (rcp_cache_probe(cluster->cache->cc, &k, sh, hkey, &w, rcp_cv_alloc, &o)) {
	case RCP_CACHE_HIT:
		if (rcp_probe_hit(cluster, &w, &o, reply)) {
			rcp_l1_keep(cl, hkey, sh, key, keylen, &w, reply);
			rcp_cache_answered(cl, cmd, 1);
			return true;
		}
		break;
	case RCP_CACHE_TORN:
		rcp_cv_release(&o);
		break;
	default:
		break;
	}
	/* a miss: its ticket is taken by its route (rcp_pend_lookup), once its slot is known */
	c->pend.key = key;
	c->pend.keylen = keylen;
	c->pend.cmd = cmd;
	c->pend.hkey = hkey;
	c->pend.sh = sh;
	c->pend.now_ns = now_ns;
	c->pend.siglen = siglen;
	return false;
}

bool rcp_exec_cache_get(rcp_client *cl, const rcp_cmd *cmd, uint64_t sig_hash, size_t siglen, const char *key,
                        size_t keylen, uint64_t now_ns, zval *reply)
{
	uint64_t hkey;

	if (!rcp_cache_key_wanted(cl->cache, key, keylen)) {
		return false;
	}
	if (!now_ns) {
		now_ns = rcp_now_ns();
	}
	hkey = rcp_cache_hash_key(cl->cluster->cache->cc, key, keylen);
	/* the hit: the client's own copy, else the entry under its own slot and link (no slot computed, no ticket) */
	if (rcp_l1_hit(cl, hkey, sig_hash, key, keylen, now_ns, reply)) {
		rcp_cache_answered(cl, cmd, 1);
		return true;
	}
	/* a read not seen within the recent window (rcp_cache_admit): its first miss, not even looked up (an entry it may
	 * have from before the window's last clearing is found from its next read on); its route takes no ticket
	 * (rcp_cache_at_lookup) */
	if (!rcp_cache_admit(cl->cluster->cache->cc, hkey, sig_hash, true)) {
		cl->cache_first_key = key;
		return false;
	}
	return rcp_exec_cache_get_entry(cl, cmd, sig_hash, siglen, key, keylen, hkey, now_ns, reply);
}

bool rcp_exec_cache_mget(rcp_client *cl, const rcp_cmd *cmd, HashTable *keys, uint64_t now_ns, zval *reply)
{
	struct rcp_client_cache *c = cl->cache;
	rcp_cluster *cluster = cl->cluster;
	rcp_cache_cluster *cc = cluster->cache->cc;
	uint32_t n = zend_hash_num_elements(keys), i = 0;
	rcp_cache_key k = {.sig = "MGET", .siglen = 4}; /* rcp_exec_cache_mget_lookup's signature */
	const zval *v;
	HashTable *ht;

	k.now_ns = now_ns ? now_ns : rcp_now_ns(); /* one reading for every key: the time the MGET began */
	k.ttl_ms = c->ttl_ms;
	array_init_size(reply, n);
	ht = Z_ARRVAL_P(reply);
	zend_hash_real_init_packed(ht);
	ZEND_HASH_FOREACH_VAL(keys, v) {
		rcp_cv_out o;
		rcp_cache_where w;
		uint64_t hkey;
		rcp_cache_result res;

		if (Z_TYPE_P(v) != IS_STRING || !rcp_cache_key_wanted(c, Z_STRVAL_P(v), Z_STRLEN_P(v))) {
			goto miss;
		}
		/* the client's own copy, else the entry under its own slot and link (rcp_cache_probe), straight into the
		 * array's next element (packed, sized for n) */
		k.key = Z_STRVAL_P(v);
		k.keylen = Z_STRLEN_P(v);
		hkey = rcp_cache_hash_key(cc, k.key, k.keylen);
		if (!rcp_l1_hit(cl, hkey, c->mget_sh, k.key, k.keylen, k.now_ns, &ht->arPacked[i])) {
			o.s = NULL;
			o.buf = NULL;
			res = rcp_cache_probe(cc, &k, c->mget_sh, hkey, &w, rcp_cv_alloc, &o);
			if (res != RCP_CACHE_HIT) {
				if (res == RCP_CACHE_TORN) {
					rcp_cv_release(&o);
				}
				goto miss;
			}
			if (!rcp_probe_hit(cluster, &w, &o, &ht->arPacked[i])) {
				goto miss;
			}
			rcp_l1_keep(cl, hkey, c->mget_sh, k.key, k.keylen, &w, &ht->arPacked[i]);
		}
		i++;
	} ZEND_HASH_FOREACH_END();
	ht->nNumUsed = ht->nNumOfElements = i;
	ht->nNextFreeElement = i;
	rcp_cache_answered(cl, cmd, n);
	return true;
miss:
	/* a key the cache does not answer: the MGET as always (its keys looked up again, counted, only the misses sent);
	 * the values got so far are released with the array */
	ht->nNumUsed = ht->nNumOfElements = i;
	ht->nNextFreeElement = i;
	zval_ptr_dtor(reply);
	ZVAL_UNDEF(reply);
	return false;
}

void rcp_exec_cache_get_end(rcp_client *cl)
{
	if (cl->cache) {
		cl->cache->pend.key = NULL;
	}
	cl->cache_first_key = NULL;
	cl->op_ready_key = NULL;
}

void rcp_exec_cache_fill(rcp_client *cl, rcp_route *r, const zval *reply)
{
	rcp_cache_cluster *cc;
	char sigbuf[RCP_SIG_STACK], *heap;
	rcp_cache_key k;

	if (!(r->flags & RCP_RF_CACHEABLE) || !cl->cluster->cache) {
		return;
	}
	r->flags &= (uint8_t)~RCP_RF_CACHEABLE; /* once */
	cc = cl->cluster->cache->cc;
	k.key = r->argv[r->pos[0]];
	k.keylen = r->argvlen[r->pos[0]];
	k.slot = (uint16_t)r->slot;
	k.ttl_ms = cl->cache->ttl_ms;
	k.now_ns = 0;
	/* the link the ticket was taken on (the map may have changed since: its index no longer names it) */
	k.link = (r->flags & RCP_RF_UNTRACKED) ? NULL : rcp_cache_link_at(cc, r->ticket.link_idx);
	if (r->argc == 2) {
		k.sig = r->cmd->name; /* (rcp_cache_sig's: the name and its NUL, as the lookup that took the ticket had it) */
		k.siglen = r->ticket.siglen;
		heap = NULL;
	} else if (!(k.siglen = rcp_cache_sig(r, &k.sig, sigbuf, sizeof(sigbuf), &heap))) {
		return;
	}
	rcp_cv_fill(cc, &k, &r->ticket, reply);
	if (heap) {
		efree(heap);
	}
}

void rcp_exec_cache_write(rcp_cluster *cl, const rcp_route *r)
{
	rcp_cache_cluster *cc = cl->cache->cc;

	if (r->nkeys > 0) {
		for (int i = 0; i < r->nkeys; i++) {
			rcp_cache_invalidate_key(cc, r->argv[r->pos[i]], r->argvlen[r->pos[i]]);
		}
	} else if (r->cmd->name[0] == 'F' && (!strcmp(r->cmd->name, "FLUSHALL") || !strcmp(r->cmd->name, "FLUSHDB"))) {
		rcp_cache_flush_cluster(cc);
	}
}

void rcp_exec_cache_slot_moved(rcp_cluster *cl, int slot)
{
	if (slot >= 0 && slot < RCP_SLOTS) {
		rcp_cache_slot_moved(cl->cache->cc, (uint16_t)slot);
	}
}

void rcp_exec_cache_new_map(rcp_cluster *cl)
{
	struct rcp_cluster_cache *pc = cl->cache;
	const rcp_map *map = cl->map;
	uint32_t h[RCP_MAX_NODES];

	if (!map) {
		return;
	}
	for (uint16_t i = 0; i < map->nnodes; i++) {
		char addr[RCP_ADDR_MAX];
		size_t len = rcp_addr_fmt(addr, sizeof(addr), map->nodes[i].host, map->nodes[i].port);
		h[i] = (uint32_t)rcp_fnv1a(RCP_FNV1A_INIT, addr, len) | 1u;
	}
	for (uint32_t s = 0; s < RCP_SLOTS; s++) {
		uint32_t now = map->slots[s] == RCP_NO_NODE ? 0 : h[map->slots[s]];
		if (pc->owners_known && pc->owner[s] && pc->owner[s] != now) {
			rcp_cache_slot_moved(pc->cc, (uint16_t)s);
		}
		pc->owner[s] = now;
	}
	pc->owners_known = true;
}

/* ---- MGET ---------------------------------------------------------------------------------------------------------- */

static zend_never_inline bool rcp_mget_lookup(rcp_client *cl, const rcp_route *r, rcp_cache_mget *m)
{
	struct rcp_client_cache *c = cl->cache;
	rcp_cache_cluster *cc;
	const rcp_map *map = cl->cluster->map;
	int n = r->nkeys, k;
	uint64_t now;

	if ((r->flags & RCP_RF_NOCACHE) || n < 1 || n != r->argc - 1 || cl->read_policy != RCP_READ_PRIMARY || !map) {
		return false;
	}
	cc = cl->cluster->cache->cc;
	m->n = n;
	m->nmiss = 0;
	m->vals = safe_emalloc((size_t)n, sizeof(zval), 0);
	m->tk = safe_emalloc((size_t)n, sizeof(rcp_cache_ticket), 0);
	m->miss = safe_emalloc((size_t)n, sizeof(int), 0);
	m->untracked = ecalloc((size_t)n, 1);
	now = rcp_now_ns(); /* one reading for every key: the time the MGET began */
	for (k = 0; k < n; k++) {
		rcp_cache_key ck = {.key = r->argv[r->pos[k]], .keylen = r->argvlen[r->pos[k]], .sig = "MGET", .siglen = 4,
			.slot = r->kslot[k], .ttl_ms = c->ttl_ms, .now_ns = now};
		uint16_t idx = map->slots[ck.slot];
		rcp_cv_out o = {0};
		rcp_cache_result res;

		ZVAL_UNDEF(&m->vals[k]);
		m->tk[k].fillable = false;
		if (!rcp_cache_key_wanted(c, ck.key, ck.keylen) || idx == RCP_NO_NODE ||
		    !(ck.link = rcp_node_link(cl->cluster, idx))) {
			m->miss[m->nmiss++] = k;
			continue;
		}
		if (UNEXPECTED(cl->cluster->cache->noted[rcp_cache_link_index(ck.link)]) &&
		    rcp_cache_link_status(ck.link, NULL, 0) != RCP_LINK_UP) {
			if (!c->untracked) {
				cl->cluster->cache->reads_not_cached++;
				m->miss[m->nmiss++] = k;
				continue;
			}
			ck.link = NULL;
			m->untracked[k] = 1;
		}
		res = rcp_cache_lookup_sh(cc, &ck, c->mget_sh, &m->tk[k], rcp_cv_alloc, &o);
		if (res == RCP_CACHE_HIT && rcp_cv_hit(&o, &m->vals[k])) {
			continue;
		}
		if (res == RCP_CACHE_TORN) {
			rcp_cv_release(&o);
		}
		m->miss[m->nmiss++] = k;
		if (!m->tk[k].fillable && ck.link) {
			if (rcp_link_refused(cl->cluster, ck.link)) {
				cl->cluster->cache->reads_not_cached += !c->untracked;
			} else {
				rcp_link_wanted(cl, ck.link, idx);
			}
		} else if (m->tk[k].fillable && !rcp_cache_admit(cc, m->tk[k].hkey, c->mget_sh, false)) {
			m->tk[k].fillable = false; /* the read's first miss */
		}
	}
	return true;
}

/* (every command of a caching client asks: the test that is not an MGET first, nothing else paid) */
bool rcp_exec_cache_mget_lookup(rcp_client *cl, const rcp_route *r, rcp_cache_mget *m)
{
	return rcp_cache_cmd_kind(r->cmd) == RCP_CK_MGET && rcp_mget_lookup(cl, r, m);
}

rcp_status rcp_exec_cache_mget_merge(rcp_client *cl, rcp_route *r, rcp_cache_mget *m, rcp_status st, uint8_t kind,
                                     zval *got, zval *reply, rcp_err *err)
{
	rcp_cache_cluster *cc = cl->cluster->cache->cc;
	int k;
	bool ok = st == RCP_OK;

	r->reply_kind = m->nmiss ? kind : RCP_RK_VALUE;
	if (ok && m->nmiss && kind == RCP_RK_VALUE &&
	    (Z_TYPE_P(got) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(got)) != (uint32_t)m->nmiss)) {
		st = rcp_err_set(err, RCP_E_PROTOCOL, NULL, "MGET: a node answered with an unexpected reply");
		ok = false;
	} else if (ok && m->nmiss && kind == RCP_RK_VALUE) {
		zval *v;
		int j = 0;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(got), v) {
			k = m->miss[j++];
			ZVAL_COPY(&m->vals[k], v);
			if (m->tk[k].fillable && (Z_TYPE_P(v) == IS_STRING || Z_TYPE_P(v) == IS_NULL)) {
				rcp_cache_key ck = {.key = r->argv[r->pos[k]], .keylen = r->argvlen[r->pos[k]], .sig = "MGET",
					.siglen = 4, .slot = r->kslot[k], .ttl_ms = cl->cache->ttl_ms, .now_ns = 0};
				ck.link = m->untracked[k] ? NULL : rcp_cache_link_at(cc, m->tk[k].link_idx);
				rcp_cv_fill(cc, &ck, &m->tk[k], v);
			}
		} ZEND_HASH_FOREACH_END();
	} else if (ok && m->nmiss) {
		/* an error reply: the command's outcome as without the cache */
		ZVAL_COPY(reply, got);
		ok = false;
	}
	if (ok) {
		array_init_size(reply, (uint32_t)m->n);
		zend_hash_real_init_packed(Z_ARRVAL_P(reply));
		ZEND_HASH_FILL_PACKED(Z_ARRVAL_P(reply)) {
			for (k = 0; k < m->n; k++) {
				ZEND_HASH_FILL_SET(&m->vals[k]);
				ZEND_HASH_FILL_NEXT();
			}
		} ZEND_HASH_FILL_END();
	} else {
		for (k = 0; k < m->n; k++) {
			zval_ptr_dtor(&m->vals[k]);
		}
	}
	efree(m->vals);
	efree(m->tk);
	efree(m->miss);
	efree(m->untracked);
	return st;
}

/* ---- a client's settings -------------------------------------------------------------------------------------------- */

static char *rcp_dup(const char *s)
{
	return s ? estrdup(s) : NULL;
}

bool rcp_client_cache_on(rcp_client *cl, const rcp_cache_opts *o, const char *user, size_t ulen, const char *pass,
                         size_t plen, const rcp_tls_opts *tls)
{
	struct rcp_client_cache *c;
	rcp_cluster *cluster = cl->cluster;

	if (!rcp_cache_on() || !cluster) {
		return false;
	}
	if (!cluster->cache) {
		rcp_cache_cluster *cc = rcp_cache_cluster_get(ZSTR_VAL(cluster->key), ZSTR_LEN(cluster->key));
		if (!cc) {
			return false;
		}
		cluster->cache = pecalloc(1, sizeof(struct rcp_cluster_cache), 1);
		cluster->cache->cc = cc;
		cluster->cache->links_gen = cluster->generation - 1;
		rcp_exec_cache_new_map(cluster);
	}
	c = ecalloc(1, sizeof(*c));
	c->ttl_ms = o->ttl_ms;
	c->untracked = o->untracked;
	c->mget_sh = rcp_cache_sig_hash("MGET", 4);
	if (o->nprefixes) {
		c->prefixes = safe_emalloc(o->nprefixes, sizeof(zend_string *), 0);
		for (uint32_t i = 0; i < o->nprefixes; i++) {
			c->prefixes[i] = zend_string_init(o->prefixes[i], o->prefix_lens[i], 0);
		}
		c->nprefixes = o->nprefixes;
	}
	c->user = user ? estrndup(user, ulen) : NULL;
	if (pass) {
		c->pass = estrndup(pass, plen);
		c->pass_len = plen;
	}
	if (tls && tls->enabled) {
		c->tls = *tls;
		c->tls.cafile = rcp_dup(tls->cafile);
		c->tls.capath = rcp_dup(tls->capath);
		c->tls.local_cert = rcp_dup(tls->local_cert);
		c->tls.local_pk = rcp_dup(tls->local_pk);
		c->tls.passphrase = tls->passphrase ? estrndup(tls->passphrase, tls->passphrase_len) : NULL;
		c->tls.peer_name = rcp_dup(tls->peer_name);
		c->tls.ciphers = rcp_dup(tls->ciphers);
	}
	cl->cache = c;
	return true;
}

static void rcp_free_secret(const char *s, size_t len)
{
	if (s) {
		explicit_bzero((char *)s, len);
		efree((char *)s);
	}
}

void rcp_client_cache_free(rcp_client *cl)
{
	struct rcp_client_cache *c = cl->cache;

	if (!c) {
		return;
	}
	for (uint32_t i = 0; i < c->nprefixes; i++) {
		zend_string_release(c->prefixes[i]);
	}
	if (c->prefixes) {
		efree(c->prefixes);
	}
	if (c->user) {
		efree(c->user);
	}
	rcp_free_secret(c->pass, c->pass_len);
	if (c->l1) {
		for (uint32_t i = 0; i < RCP_L1; i++) {
			zval_ptr_dtor(&c->l1[i].val);
		}
		efree(c->l1);
	}
	if (c->tls.enabled) {
		const char *s[] = {c->tls.cafile, c->tls.capath, c->tls.local_cert, c->tls.local_pk, c->tls.peer_name,
			c->tls.ciphers};
		for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
			if (s[i]) {
				efree((char *)s[i]);
			}
		}
		rcp_free_secret(c->tls.passphrase, c->tls.passphrase_len);
	}
	efree(c);
	cl->cache = NULL;
}

uint64_t rcp_cluster_cache_not_cached(const rcp_cluster *cl)
{
	return cl->cache ? cl->cache->reads_not_cached : 0;
}

/* ---- a write whose keys are not known (rawOnNodes) ------------------------------------------------------------------ */

void rcp_exec_cache_flush(rcp_cluster *cl)
{
	rcp_cache_flush_cluster(cl->cache->cc);
}

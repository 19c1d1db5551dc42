/*
 * commands.c - command lookup and key positions (see rcp_commands.h).
 *
 * Key positions are found by interpreting Redis 7 key specifications the way the server does
 * (db.c getKeysUsingKeySpecs): begin_search by index or keyword, find_keys by range or keynum. Two commands
 * whose specs are incomplete get the server's own special handling: SORT/SORT_RO (the STORE destination,
 * skipping BY/GET patterns and LIMIT) and MIGRATE (the empty key placeholder when KEYS is used).
 * Pure C: no allocation, no zvals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "php.h"
#include "rcp_commands.h"
#include "commands_table.h"
#include "rcp_cmdpack.h"

#define RCP_CMD_NAME_MAX 64

static int rcp_cmd_cmp(const void *key, const void *elem)
{
	return strcmp((const char *)key, ((const rcp_cmd *)elem)->name);
}

/* Serial of the next table loaded: a table is told apart from an older one by it, never by its address. */
static uint64_t rcp_cmdtab_next_serial = 1;

struct rcp_cmdtab {
	uint64_t serial;          /* unique in the process (rcp_cmdtab_serial) */
	size_t n;
	size_t bytes;             /* of the packed form it was loaded from */
	rcp_cmd *cmds;            /* sorted by name */
	rcp_key_spec *specs;
	char *strings;
};

static const rcp_cmd *rcp_cmd_find(const rcp_cmdtab *t, const char *upper)
{
	const rcp_cmd *c = NULL;

	if (t) {
		c = bsearch(upper, t->cmds, t->n, sizeof(rcp_cmd), rcp_cmd_cmp);
	}
	return c ? c : rcp_cmd_builtin(upper);
}

const rcp_cmd *rcp_cmd_builtin(const char *upper)
{
	return bsearch(upper, rcp_cmd_table, rcp_cmd_count, sizeof(rcp_cmd), rcp_cmd_cmp);
}

/* Upper-case name (and "|sub") into buf; false when too long or not a plausible command name. */
static int rcp_cmd_upper(char *buf, size_t cap, const char *name, size_t len, const char *sub, size_t sublen)
{
	size_t n = 0, i;

	if (len == 0 || len + (sub ? sublen + 1 : 0) + 1 > cap) {
		return 0;
	}
	for (i = 0; i < len; i++) {
		char c = name[i];
		if (c == '\0' || c == '|') {
			return 0;
		}
		buf[n++] = (c >= 'a' && c <= 'z') ? (char)(c - 32) : c;
	}
	if (sub) {
		buf[n++] = '|';
		for (i = 0; i < sublen; i++) {
			char c = sub[i];
			if (c == '\0') {
				return 0;
			}
			buf[n++] = (c >= 'a' && c <= 'z') ? (char)(c - 32) : c;
		}
	}
	buf[n] = '\0';
	return 1;
}

const rcp_cmd *rcp_cmdtab_lookup(const rcp_cmdtab *t, const char *name, size_t len, const char *sub, size_t sublen)
{
	char buf[RCP_CMD_NAME_MAX];
	const rcp_cmd *cmd;

	if (!rcp_cmd_upper(buf, sizeof(buf), name, len, NULL, 0) || !(cmd = rcp_cmd_find(t, buf))) {
		return NULL;
	}
	if ((cmd->flags & RCP_CMD_HAS_SUBCMDS) && sub && sublen) {
		const rcp_cmd *s;
		if (rcp_cmd_upper(buf, sizeof(buf), name, len, sub, sublen) && (s = rcp_cmd_find(t, buf))) {
			return s;
		}
	}
	return cmd;
}

uint64_t rcp_cmdtab_serial(const rcp_cmdtab *t)
{
	return t ? t->serial : 0;
}

const rcp_cmd *rcp_cmd_lookup(const char *name, size_t len, const char *sub, size_t sublen)
{
	return rcp_cmdtab_lookup(NULL, name, len, sub, sublen);
}

rcp_cmdtab *rcp_cmdtab_load(const void *blob, size_t len)
{
	rcp_cmdpack_hdr h;
	const rcp_cmdpack_cmd *pc;
	const rcp_cmdpack_spec *ps;
	const rcp_cmd *b;
	rcp_cmdtab *t;
	size_t need;

	if (len < sizeof(h)) {
		return NULL;
	}
	memcpy(&h, blob, sizeof(h));
	need = sizeof(h) + (size_t)h.ncmds * sizeof(*pc) + (size_t)h.nspecs * sizeof(*ps) + h.strlen;
	if (h.magic != RCP_CMDPACK_MAGIC || h.ncmds == 0 || h.strlen == 0 || need != len ||
	    ((const char *)blob)[len - 1] != '\0') {
		return NULL;
	}
	pc = (const rcp_cmdpack_cmd *)((const char *)blob + sizeof(h));
	ps = (const rcp_cmdpack_spec *)(pc + h.ncmds);
	t = pecalloc(1, sizeof(*t), 1);
#ifdef ZTS
	t->serial = __atomic_fetch_add(&rcp_cmdtab_next_serial, 1, __ATOMIC_RELAXED);   /* threads load tables too */
#else
	t->serial = rcp_cmdtab_next_serial++;
#endif
	t->n = h.ncmds;
	t->bytes = len;
	t->cmds = pecalloc(h.ncmds, sizeof(rcp_cmd), 1);
	t->specs = h.nspecs ? pecalloc(h.nspecs, sizeof(rcp_key_spec), 1) : NULL;
	t->strings = pemalloc(h.strlen, 1);
	memcpy(t->strings, ps + h.nspecs, h.strlen);
	for (uint32_t i = 0; i < h.nspecs; i++) {
		if (ps[i].kw != RCP_CMDPACK_NONE && ps[i].kw >= h.strlen) {
			goto bad;
		}
		t->specs[i] = (rcp_key_spec){ps[i].bs_type, ps[i].bs_a, ps[i].kw == RCP_CMDPACK_NONE ? NULL : t->strings + ps[i].kw,
			ps[i].fk_type, ps[i].fk_a, ps[i].fk_b, ps[i].fk_c, ps[i].flags};
	}
	for (uint32_t i = 0; i < h.ncmds; i++) {
		if (pc[i].name >= h.strlen || (size_t)pc[i].spec + pc[i].nspecs > h.nspecs ||
		    (i && strcmp(t->strings + pc[i - 1].name, t->strings + pc[i].name) >= 0)) {
			goto bad; /* offsets out of the blob, or not sorted (lookups bisect) */
		}
		t->cmds[i] = (rcp_cmd){t->strings + pc[i].name, pc[i].arity, pc[i].flags & ~RCP_CMD_CACHE_READS, pc[i].route,
			pc[i].merge, pc[i].nspecs, pc[i].nspecs ? t->specs + pc[i].spec : NULL};
		/* what the read cache answers is ours, not the server's: as the built-in table says */
		if ((b = rcp_cmd_builtin(t->cmds[i].name))) {
			t->cmds[i].flags |= b->flags & RCP_CMD_CACHE_READS;
		}
	}
	return t;
bad:
	rcp_cmdtab_free(t);
	return NULL;
}

void rcp_cmdtab_free(rcp_cmdtab *t)
{
	if (t) {
		pefree(t->cmds, 1);
		if (t->specs) {
			pefree(t->specs, 1);
		}
		pefree(t->strings, 1);
		pefree(t, 1);
	}
}

size_t rcp_cmdtab_count(const rcp_cmdtab *t)
{
	return t ? t->n : 0;
}

size_t rcp_cmdtab_bytes(const rcp_cmdtab *t)
{
	return t ? t->bytes : 0;
}

int rcp_cmd_arity_ok(const rcp_cmd *cmd, int argc)
{
	return cmd->arity >= 0 ? argc == cmd->arity : argc >= -cmd->arity;
}

static int rcp_ieq(const char *a, size_t alen, const char *b)
{
	size_t blen = strlen(b);
	return alen == blen && strncasecmp(a, b, blen) == 0;
}

/* A non-negative decimal integer that fits an int. */
static int rcp_parse_count(const char *s, size_t len, long *out)
{
	long v = 0;

	if (len == 0 || len > 9) {
		return 0;
	}
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9') {
			return 0;
		}
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return 1;
}

typedef struct {
	int *pos;
	int maxpos;
	int n;
} rcp_keyset;

static void rcp_keyset_add(rcp_keyset *ks, int p)
{
	int i, j;
	int limit = ks->n < ks->maxpos ? ks->n : ks->maxpos;

	/* key specs mostly yield positions in increasing order: append in O(1) (a MGET of a million keys would
	 * otherwise cost a million scans of the list) */
	if (limit == 0 || ks->pos[limit - 1] < p) {
		if (ks->n < ks->maxpos) {
			ks->pos[ks->n] = p;
		}
		ks->n++;
		return;
	}
	/* keep positions sorted and unique (the buffer holds the smallest maxpos of them) */
	for (i = 0; i < limit; i++) {
		if (ks->pos[i] == p) {
			return;
		}
		if (ks->pos[i] > p) {
			break;
		}
	}
	if (ks->n >= ks->maxpos && i >= ks->maxpos) {
		ks->n++;
		return;
	}
	for (j = (ks->n < ks->maxpos ? ks->n : ks->maxpos - 1); j > i; j--) {
		ks->pos[j] = ks->pos[j - 1];
	}
	ks->pos[i] = p;
	ks->n++;
}

/* SORT / SORT_RO: the key, then the STORE destination if any (BY/GET take patterns, LIMIT two numbers). */
static void rcp_sort_keys(int argc, const char *const *argv, const size_t *argvlen, rcp_keyset *ks)
{
	rcp_keyset_add(ks, 1);
	for (int i = 2; i < argc; i++) {
		if (rcp_ieq(argv[i], argvlen[i], "LIMIT")) {
			i += 2;
		} else if (rcp_ieq(argv[i], argvlen[i], "GET") || rcp_ieq(argv[i], argvlen[i], "BY")) {
			i += 1;
		} else if (rcp_ieq(argv[i], argvlen[i], "STORE") && i + 1 < argc) {
			rcp_keyset_add(ks, i + 1);
			i += 1;
		}
	}
}

static int rcp_shape_keys(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen, int *pos,
                          int maxpos, char *errbuf, size_t errlen);

int rcp_cmd_keys(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                 int *pos, int maxpos, char *errbuf, size_t errlen)
{
	rcp_keyset ks = {pos, maxpos, 0};
	int migrate_keys = 0;

	if (cmd->flags & RCP_CMD_HAS_SUBCMDS) {
		return 0; /* a container without a known subcommand */
	}
	if (cmd->flags & RCP_CMD_GETKEYS) {
		return rcp_shape_keys(cmd, argc, argv, argvlen, pos, maxpos, errbuf, errlen);
	}
	if (cmd->name[0] == 'S' && (!strcmp(cmd->name, "SORT") || !strcmp(cmd->name, "SORT_RO"))) {
		if (argc >= 2) {
			rcp_sort_keys(argc, argv, argvlen, &ks);
		}
		return ks.n;
	}
	for (int s = 0; s < cmd->nspecs; s++) {
		const rcp_key_spec *sp = &cmd->specs[s];
		int first = 0, last, step, i;

		if (sp->bs_type == RCP_BS_INDEX) {
			first = sp->bs_a;
			if (first >= argc) {
				continue;
			}
		} else if (sp->bs_type == RCP_BS_KEYWORD) {
			int start = sp->bs_a > 0 ? sp->bs_a : argc + sp->bs_a;
			int end = sp->bs_a > 0 ? argc - 1 : 1;
			for (i = start; ; i = start <= end ? i + 1 : i - 1) {
				if (i >= argc || i < 1) {
					break;
				}
				if (rcp_ieq(argv[i], argvlen[i], sp->bs_kw)) {
					first = i + 1;
					break;
				}
				if (i == end) {
					break;
				}
			}
			if (!first) {
				continue;
			}
			if (cmd->name[0] == 'M' && !strcmp(cmd->name, "MIGRATE")) {
				migrate_keys = 1;
			}
		} else {
			continue;
		}

		if (sp->fk_type == RCP_FK_RANGE) {
			if (sp->fk_a >= 0) {
				last = first + sp->fk_a;
			} else if (!sp->fk_c) {
				last = argc + sp->fk_a;
			} else {
				last = first + ((argc - first) / sp->fk_c + sp->fk_a);
			}
			step = sp->fk_b;
		} else if (sp->fk_type == RCP_FK_KEYNUM) {
			long numkeys;
			int ni = first + sp->fk_a;
			if (ni >= argc || !rcp_parse_count(argv[ni], argvlen[ni], &numkeys)) {
				snprintf(errbuf, errlen, "%s: numkeys must be a non-negative integer", cmd->name);
				return -1;
			}
			first += sp->fk_b;
			if (numkeys == 0) {
				continue;
			}
			last = first + (int)numkeys - 1;
			step = sp->fk_c;
			if (last >= argc) {
				snprintf(errbuf, errlen, "%s: numkeys (%ld) is larger than the number of key arguments given",
					cmd->name, numkeys);
				return -1;
			}
		} else {
			continue;
		}
		if (step <= 0 || last >= argc || last < first || first >= argc) {
			continue; /* a syntax error the server will report */
		}
		if (ks.n == 0) {
			/* the first spec with keys (the only one of MGET, DEL, MSET...): its positions ascend, written
			 * as they come (rcp_keyset_add would only append them) */
			int count, stored;
			if (first == last) { /* one key: GET, SET... */
				if (ks.maxpos > 0) {
					ks.pos[0] = first;
				}
				ks.n = 1;
				continue;
			}
			count = (last - first) / step + 1;
			stored = MIN(count, ks.maxpos);
			for (i = 0; i < stored; i++) {
				ks.pos[i] = first + i * step;
			}
			ks.n = count;
			continue;
		}
		for (i = first; i <= last; i += step) {
			rcp_keyset_add(&ks, i);
		}
	}
	if (migrate_keys && argc > 3 && argvlen[3] == 0) {
		/* MIGRATE host port "" db timeout ... KEYS k1 k2: the empty key is a placeholder */
		int limit = ks.n < ks.maxpos ? ks.n : ks.maxpos;
		for (int i = 0; i < limit; i++) {
			if (ks.pos[i] == 3) {
				memmove(&ks.pos[i], &ks.pos[i + 1], sizeof(int) * (size_t)(limit - i - 1));
				ks.n--;
				break;
			}
		}
	}
	return ks.n;
}

/* ---- key positions told by the server (RCP_CMD_GETKEYS) ----------------------------------------------- */

typedef struct {
	const rcp_cmd *cmd;
	int argc;
	int n;                    /* key positions */
	int *pos;
	uint64_t hash;            /* of the arguments that are not keys */
	char *rest;               /* those arguments, each as its length then its bytes */
	size_t restlen;
} rcp_shape;

/* per thread under ZTS, like the command tables their cmd points into */
ZEND_TLS rcp_shape *rcp_shapes;  /* RCP_SHAPES_MAX entries, replaced in turn */
ZEND_TLS uint32_t rcp_shapes_used, rcp_shapes_next;

/* Is position p among the n sorted positions? */
static bool rcp_pos_has(const int *pos, int n, int p)
{
	for (int i = 0; i < n && pos[i] <= p; i++) {
		if (pos[i] == p) {
			return true;
		}
	}
	return false;
}

/* The non-key arguments of a call, packed (lengths then bytes) into *out (emalloc'd, or NULL for none). */
static size_t rcp_shape_rest(int argc, const char *const *argv, const size_t *argvlen, const int *pos, int n,
                             char **out, uint64_t *hash)
{
	size_t len = 0, off = 0;

	for (int i = 1; i < argc; i++) {
		if (!rcp_pos_has(pos, n, i)) {
			len += sizeof(size_t) + argvlen[i];
		}
	}
	*out = len ? pemalloc(len, 1) : NULL;
	for (int i = 1; i < argc; i++) {
		if (!rcp_pos_has(pos, n, i)) {
			memcpy(*out + off, &argvlen[i], sizeof(size_t));
			memcpy(*out + off + sizeof(size_t), argv[i], argvlen[i]);
			off += sizeof(size_t) + argvlen[i];
		}
	}
	*hash = len ? zend_hash_func(*out, len) : 0;
	return len;
}

static const rcp_shape *rcp_shape_find(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen)
{
	for (uint32_t i = 0; i < rcp_shapes_used; i++) {
		rcp_shape *s = &rcp_shapes[i];
		char *rest;
		uint64_t hash;
		size_t len;
		bool same;

		if (s->cmd != cmd || s->argc != argc) {
			continue;
		}
		len = rcp_shape_rest(argc, argv, argvlen, s->pos, s->n, &rest, &hash);
		same = len == s->restlen && hash == s->hash && (!len || !memcmp(rest, s->rest, len));
		if (rest) {
			pefree(rest, 1);
		}
		if (same) {
			return s;
		}
	}
	return NULL;
}

void rcp_shape_note(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen, const int *pos,
                    int n)
{
	rcp_shape *s;

	if (rcp_shape_find(cmd, argc, argv, argvlen)) {
		return;
	}
	if (!rcp_shapes) {
		rcp_shapes = pecalloc(RCP_SHAPES_MAX, sizeof(rcp_shape), 1);
	}
	s = &rcp_shapes[rcp_shapes_next];
	if (rcp_shapes_next < rcp_shapes_used) {
		pefree(s->pos, 1);
		if (s->rest) {
			pefree(s->rest, 1);
		}
	} else {
		rcp_shapes_used++;
	}
	rcp_shapes_next = (rcp_shapes_next + 1) % RCP_SHAPES_MAX;
	s->cmd = cmd;
	s->argc = argc;
	s->n = n;
	s->pos = pemalloc(sizeof(int) * (size_t)(n ? n : 1), 1);
	memcpy(s->pos, pos, sizeof(int) * (size_t)n);
	s->restlen = rcp_shape_rest(argc, argv, argvlen, pos, n, &s->rest, &s->hash);
}

bool rcp_shape_known(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen)
{
	return rcp_shape_find(cmd, argc, argv, argvlen) != NULL;
}

void rcp_shapes_free(void)
{
	for (uint32_t i = 0; i < rcp_shapes_used; i++) {
		pefree(rcp_shapes[i].pos, 1);
		if (rcp_shapes[i].rest) {
			pefree(rcp_shapes[i].rest, 1);
		}
	}
	if (rcp_shapes) {
		pefree(rcp_shapes, 1);
	}
	rcp_shapes = NULL;
	rcp_shapes_used = rcp_shapes_next = 0;
}

static int rcp_shape_keys(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen, int *pos,
                          int maxpos, char *errbuf, size_t errlen)
{
	const rcp_shape *s = rcp_shape_find(cmd, argc, argv, argvlen);

	if (!s) {
		snprintf(errbuf, errlen, "%s: the server did not tell where this call's keys are (a module command whose "
			"keys only the server can find; more than %d distinct call shapes were resolved since)", cmd->name,
			RCP_SHAPES_MAX);
		return -1;
	}
	memcpy(pos, s->pos, sizeof(int) * (size_t)MIN(s->n, maxpos));
	return s->n;
}

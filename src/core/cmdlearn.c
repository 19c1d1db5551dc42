/*
 * cmdlearn.c - a command table learned from the server: the packed form (rcp_cmdpack.h) of a COMMAND reply.
 *
 * For every command and subcommand the server lists: its arity, flags and key specifications, exactly as the
 * server has them (so Redis 7.2+/8.x commands, Valkey's and modules' route by their real key positions). How a
 * command is routed as a whole (any node, every primary, split per node) and how fanned-out replies merge come
 * from the built-in table for the names it knows (its overrides: unsupported per-connection commands, MSETNX
 * never split, ...), and from the server's request/response policy tips for the others. A server without key
 * specifications (before Redis 7) keeps the built-in specs for the names it knows and its first/last/step
 * triple for the others. Movable keys no key spec describes (a module's getkeys-api) are marked
 * RCP_CMD_GETKEYS: the server resolves them (COMMAND GETKEYS, once per call shape).
 */
#include "php.h"
#include "zend_smart_str.h"
#include "rcp_cmdlearn.h"
#include "rcp_cmdpack.h"
#include "rcp_topology.h"

typedef struct {
	rcp_cmdpack_cmd c;
	char *name;              /* upper case, emalloc'd */
	uint32_t first_spec;     /* into the spec list being built */
} rcp_learn_cmd;

typedef struct {
	rcp_learn_cmd *cmds;
	uint32_t ncmds, capcmds;
	rcp_cmdpack_spec *specs;
	uint32_t nspecs, capspecs;
	smart_str strings;
} rcp_learn;

static zend_long rcp_kv_long(zval *flat, const char *key, zend_long dflt)
{
	zval *v = rcp_flat_get(flat, key);
	return v && Z_TYPE_P(v) == IS_LONG ? Z_LVAL_P(v) : dflt;
}

static uint32_t rcp_learn_string(rcp_learn *l, const char *s, size_t len)
{
	uint32_t off = l->strings.s ? (uint32_t)ZSTR_LEN(l->strings.s) : 0;
	smart_str_appendl(&l->strings, s, len);
	smart_str_appendc(&l->strings, '\0');
	return off;
}

static const struct { const char *name; uint16_t flag; } rcp_flag_names[] = {
	{"write", RCP_CMD_WRITE}, {"readonly", RCP_CMD_READONLY}, {"admin", RCP_CMD_ADMIN},
	{"pubsub", RCP_CMD_PUBSUB}, {"noscript", RCP_CMD_NOSCRIPT}, {"blocking", RCP_CMD_BLOCKING},
	{"movablekeys", RCP_CMD_MOVABLEKEYS}, {"no_multi", RCP_CMD_NO_MULTI}, {"fast", RCP_CMD_FAST},
};
static const struct { const char *name; uint16_t flag; } rcp_ks_flag_names[] = {
	{"RO", RCP_KS_RO}, {"RW", RCP_KS_RW}, {"OW", RCP_KS_OW}, {"RM", RCP_KS_RM},
	{"INCOMPLETE", RCP_KS_INCOMPLETE}, {"VARIABLE_FLAGS", RCP_KS_VARIABLE},
};
static const struct { const char *tip; uint8_t merge; } rcp_merge_tips[] = {
	{"agg_sum", RCP_MERGE_AGG_SUM}, {"agg_min", RCP_MERGE_AGG_MIN}, {"agg_max", RCP_MERGE_AGG_MAX},
	{"agg_logical_and", RCP_MERGE_AGG_LOGICAL_AND}, {"agg_logical_or", RCP_MERGE_AGG_LOGICAL_OR},
	{"all_succeeded", RCP_MERGE_ALL_SUCCEEDED}, {"one_succeeded", RCP_MERGE_ONE_SUCCEEDED},
	{"special", RCP_MERGE_PER_NODE},
};

static rcp_cmdpack_spec *rcp_learn_spec(rcp_learn *l)
{
	if (l->nspecs == l->capspecs) {
		l->capspecs = l->capspecs ? 2 * l->capspecs : 256;
		l->specs = safe_erealloc(l->specs, l->capspecs, sizeof(*l->specs), 0);
	}
	memset(&l->specs[l->nspecs], 0, sizeof(*l->specs));
	l->specs[l->nspecs].kw = RCP_CMDPACK_NONE;
	return &l->specs[l->nspecs++];
}

/* One server key spec (RESP2 flat map) into the list; false when its shape is unknown to us. */
static bool rcp_learn_keyspec(rcp_learn *l, zval *spec)
{
	zval *bs = rcp_flat_get(spec, "begin_search"), *fk = rcp_flat_get(spec, "find_keys"), *flags = rcp_flat_get(spec, "flags"), *v;
	zval *bss = rcp_flat_get(bs, "spec"), *fks = rcp_flat_get(fk, "spec");
	rcp_cmdpack_spec *s = rcp_learn_spec(l);
	bool known = true;

	if (rcp_is_str(rcp_flat_get(bs, "type"), "index")) {
		s->bs_type = RCP_BS_INDEX;
		s->bs_a = (int16_t)rcp_kv_long(bss, "index", 0);
	} else if (rcp_is_str(rcp_flat_get(bs, "type"), "keyword") && (v = rcp_flat_get(bss, "keyword")) && Z_TYPE_P(v) == IS_STRING) {
		zend_string *up = zend_string_toupper(Z_STR_P(v));
		s->bs_type = RCP_BS_KEYWORD;
		s->bs_a = (int16_t)rcp_kv_long(bss, "startfrom", 1);
		s->kw = rcp_learn_string(l, ZSTR_VAL(up), ZSTR_LEN(up));
		zend_string_release(up);
	} else {
		known = false;
	}
	if (rcp_is_str(rcp_flat_get(fk, "type"), "range")) {
		s->fk_type = RCP_FK_RANGE;
		s->fk_a = (int16_t)rcp_kv_long(fks, "lastkey", 0);
		s->fk_b = (int16_t)rcp_kv_long(fks, "keystep", 1);
		s->fk_c = (int16_t)rcp_kv_long(fks, "limit", 0);
	} else if (rcp_is_str(rcp_flat_get(fk, "type"), "keynum")) {
		s->fk_type = RCP_FK_KEYNUM;
		s->fk_a = (int16_t)rcp_kv_long(fks, "keynumidx", 0);
		s->fk_b = (int16_t)rcp_kv_long(fks, "firstkey", 1);
		s->fk_c = (int16_t)rcp_kv_long(fks, "keystep", 1);
	} else {
		known = false;
	}
	if (flags && Z_TYPE_P(flags) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(flags), v) {
			for (size_t i = 0; i < sizeof(rcp_ks_flag_names) / sizeof(rcp_ks_flag_names[0]); i++) {
				if (rcp_is_str(v, rcp_ks_flag_names[i].name)) {
					s->flags |= rcp_ks_flag_names[i].flag;
				}
			}
		} ZEND_HASH_FOREACH_END();
	}
	return known && !(s->flags & RCP_KS_INCOMPLETE);
}

/* One COMMAND entry (and its subcommands). false: not the shape of a COMMAND entry. */
static bool rcp_learn_entry(rcp_learn *l, zval *e, int depth)
{
	HashTable *h;
	zval *name, *arity, *flags, *v, *tips, *specs, *subs;
	rcp_learn_cmd *lc;
	const rcp_cmd *builtin;
	const char *req = NULL, *resp = NULL;
	bool has_keys = false, specs_complete = true;

	if (Z_TYPE_P(e) != IS_ARRAY || zend_hash_num_elements(h = Z_ARRVAL_P(e)) < 6 || depth > 1 ||
	    !(name = zend_hash_index_find(h, 0)) || Z_TYPE_P(name) != IS_STRING || ZSTR_LEN(Z_STR_P(name)) == 0 ||
	    ZSTR_LEN(Z_STR_P(name)) > 100 || !(arity = zend_hash_index_find(h, 1)) || Z_TYPE_P(arity) != IS_LONG ||
	    !(flags = zend_hash_index_find(h, 2)) || Z_TYPE_P(flags) != IS_ARRAY) {
		return false;
	}
	if (l->ncmds == l->capcmds) {
		l->capcmds = l->capcmds ? 2 * l->capcmds : 512;
		l->cmds = safe_erealloc(l->cmds, l->capcmds, sizeof(*l->cmds), 0);
	}
	lc = &l->cmds[l->ncmds++];
	memset(lc, 0, sizeof(*lc));
	{
		zend_string *up = zend_string_toupper(Z_STR_P(name));
		lc->name = estrndup(ZSTR_VAL(up), ZSTR_LEN(up));
		zend_string_release(up);
	}
	lc->c.arity = (int16_t)Z_LVAL_P(arity);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(flags), v) {
		for (size_t i = 0; i < sizeof(rcp_flag_names) / sizeof(rcp_flag_names[0]); i++) {
			if (rcp_is_str(v, rcp_flag_names[i].name)) {
				lc->c.flags |= rcp_flag_names[i].flag;
			}
		}
	} ZEND_HASH_FOREACH_END();
	lc->first_spec = l->nspecs;
	builtin = rcp_cmd_builtin(lc->name);
	specs = zend_hash_index_find(h, 8);
	if (specs && Z_TYPE_P(specs) == IS_ARRAY) {
		/* Redis 7+: the server's own key specifications */
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(specs), v) {
			specs_complete &= rcp_learn_keyspec(l, v);
		} ZEND_HASH_FOREACH_END();
	} else if (builtin) {
		/* an older server: the built-in specs of a command it shares with us */
		for (int i = 0; i < builtin->nspecs; i++) {
			const rcp_key_spec *b = &builtin->specs[i];
			rcp_cmdpack_spec *s = rcp_learn_spec(l);
			*s = (rcp_cmdpack_spec){b->bs_type, b->fk_type, b->bs_a, RCP_CMDPACK_NONE, b->fk_a, b->fk_b, b->fk_c, b->flags};
			if (b->bs_kw) {
				s->kw = rcp_learn_string(l, b->bs_kw, strlen(b->bs_kw));
			}
		}
	} else {
		/* an older server's first/last/step */
		zval *first = zend_hash_index_find(h, 3), *last = zend_hash_index_find(h, 4), *step = zend_hash_index_find(h, 5);
		if (first && last && step && Z_TYPE_P(first) == IS_LONG && Z_TYPE_P(last) == IS_LONG &&
		    Z_TYPE_P(step) == IS_LONG && Z_LVAL_P(first) > 0 && Z_LVAL_P(step) > 0) {
			rcp_cmdpack_spec *s = rcp_learn_spec(l);
			s->bs_type = RCP_BS_INDEX;
			s->bs_a = (int16_t)Z_LVAL_P(first);
			s->fk_type = RCP_FK_RANGE;
			s->fk_a = (int16_t)(Z_LVAL_P(last) < 0 ? Z_LVAL_P(last) : Z_LVAL_P(last) - Z_LVAL_P(first));
			s->fk_b = (int16_t)Z_LVAL_P(step);
		}
	}
	lc->c.nspecs = (uint8_t)MIN(l->nspecs - lc->first_spec, 255);
	for (uint32_t i = lc->first_spec; i < l->nspecs; i++) {
		has_keys |= l->specs[i].bs_type != RCP_BS_UNKNOWN;
	}
	if ((lc->c.flags & RCP_CMD_MOVABLEKEYS) && (!specs_complete || !has_keys) &&
	    strcmp(lc->name, "SORT") && strcmp(lc->name, "SORT_RO") && strcmp(lc->name, "MIGRATE")) {
		/* movable keys that no spec describes: only the server can find them (SORT and MIGRATE are known) */
		lc->c.flags |= RCP_CMD_GETKEYS;
		has_keys = true;
	}
	tips = zend_hash_index_find(h, 7);
	if (tips && Z_TYPE_P(tips) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(tips), v) {
			if (Z_TYPE_P(v) == IS_STRING && !strncmp(Z_STRVAL_P(v), "request_policy:", 15)) {
				req = Z_STRVAL_P(v) + 15;
			} else if (Z_TYPE_P(v) == IS_STRING && !strncmp(Z_STRVAL_P(v), "response_policy:", 16)) {
				resp = Z_STRVAL_P(v) + 16;
			}
		} ZEND_HASH_FOREACH_END();
	}
	subs = zend_hash_index_find(h, 9);
	if (subs && Z_TYPE_P(subs) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(subs))) {
		lc->c.flags |= RCP_CMD_HAS_SUBCMDS;
	}
	lc->c.flags |= RCP_CMD_LEARNED;
	if (builtin) {
		lc->c.route = builtin->route;
		lc->c.merge = builtin->merge;
	} else {
		/* a command we never saw: its keys, else the server's tips (never split: how to split its arguments
		 * is not something a tip says) */
		lc->c.route = has_keys ? RCP_ROUTE_KEYED : RCP_ROUTE_ANY;
		lc->c.merge = RCP_MERGE_NONE;
		if (!has_keys && req && (!strcmp(req, "all_shards") || !strcmp(req, "all_nodes"))) {
			lc->c.route = !strcmp(req, "all_shards") ? RCP_ROUTE_ALL_PRIMARIES : RCP_ROUTE_ALL_NODES;
			lc->c.merge = RCP_MERGE_PER_NODE;
			for (size_t i = 0; resp && i < sizeof(rcp_merge_tips) / sizeof(rcp_merge_tips[0]); i++) {
				if (!strcmp(resp, rcp_merge_tips[i].tip)) {
					lc->c.merge = rcp_merge_tips[i].merge;
				}
			}
		}
	}
	if (subs && Z_TYPE_P(subs) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(subs), v) {
			if (!rcp_learn_entry(l, v, depth + 1)) {
				return false;
			}
		} ZEND_HASH_FOREACH_END();
	}
	return true;
}

static int rcp_learn_cmp(const void *a, const void *b)
{
	return strcmp(((const rcp_learn_cmd *)a)->name, ((const rcp_learn_cmd *)b)->name);
}

rcp_status rcp_cmds_pack(zval *reply, size_t cap, zend_string **out, uint32_t *ncmds, rcp_err *err)
{
	rcp_learn l = {0};
	rcp_status st = RCP_OK;
	zval *e;

	*out = NULL;
	if (Z_TYPE_P(reply) != IS_ARRAY || !zend_hash_num_elements(Z_ARRVAL_P(reply))) {
		return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "COMMAND answered with something else than a list of commands");
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(reply), e) {
		if (!rcp_learn_entry(&l, e, 0)) {
			st = rcp_err_set(err, RCP_E_PROTOCOL, NULL, "COMMAND answered with an entry of an unknown shape (entry %u)",
				l.ncmds);
			break;
		}
	} ZEND_HASH_FOREACH_END();
	if (st == RCP_OK) {
		rcp_cmdpack_hdr h = {RCP_CMDPACK_MAGIC, l.ncmds, l.nspecs, 0};
		size_t need;
		smart_str blob = {0};

		qsort(l.cmds, l.ncmds, sizeof(*l.cmds), rcp_learn_cmp);
		for (uint32_t i = 0; i < l.ncmds; i++) {
			if (i && !strcmp(l.cmds[i - 1].name, l.cmds[i].name)) {
				st = rcp_err_set(err, RCP_E_PROTOCOL, NULL, "COMMAND lists %s twice", l.cmds[i].name);
				break;
			}
			l.cmds[i].c.name = rcp_learn_string(&l, l.cmds[i].name, strlen(l.cmds[i].name));
			l.cmds[i].c.spec = l.cmds[i].first_spec;
		}
		smart_str_0(&l.strings);
		h.strlen = (uint32_t)ZSTR_LEN(l.strings.s);
		need = sizeof(h) + (size_t)l.ncmds * sizeof(rcp_cmdpack_cmd) + (size_t)l.nspecs * sizeof(rcp_cmdpack_spec) + h.strlen;
		if (st == RCP_OK && need > cap) {
			st = rcp_err_set(err, RCP_E_PROTOCOL, NULL,
				"the server's command table (%u commands, %zu bytes packed) is larger than the %zu bytes kept for it",
				l.ncmds, need, cap);
		}
		if (st == RCP_OK) {
			smart_str_appendl(&blob, (const char *)&h, sizeof(h));
			for (uint32_t i = 0; i < l.ncmds; i++) {
				smart_str_appendl(&blob, (const char *)&l.cmds[i].c, sizeof(rcp_cmdpack_cmd));
			}
			if (l.nspecs) {
				smart_str_appendl(&blob, (const char *)l.specs, sizeof(rcp_cmdpack_spec) * l.nspecs);
			}
			smart_str_append(&blob, l.strings.s);
			smart_str_0(&blob);
			*out = blob.s;
			*ncmds = l.ncmds;
		}
	}
	for (uint32_t i = 0; i < l.ncmds; i++) {
		efree(l.cmds[i].name);
	}
	if (l.cmds) {
		efree(l.cmds);
	}
	if (l.specs) {
		efree(l.specs);
	}
	smart_str_free(&l.strings);
	return st;
}

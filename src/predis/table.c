/*
 * table.c - the Predis layer's tables and dispatch, and the API of src/predis/rcp_predis.h.
 *
 * Two tables list the ported command classes: the argument filters (rcp_pcmds) and the reply parsers
 * (rcp_rcmds), separate because several commands have only one of the two. In MINIT one persistent
 * HashTable, read-only afterwards, maps every lower-case method name (every top-level command of the
 * built-in command table, every method of the two tables, the transaction verbs) to its rcp_predis_cmd: a
 * call is resolved with one lookup, and a command without a filter or a parser costs nothing more.
 */
#include "handlers.h"

/* longer than any command or method name (the built-in table's longest is 29) */
#define RCP_PNAME_MAX 64

/* ---- the optional arguments of the builders (rcp_popt) ------------------------------------------- */

#define OPT(at, test, kw) {at, RCP_POPT_##test, false, false, kw}
#define OPTV(at, test, kw) {at, RCP_POPT_##test, true, false, kw}
#define OPT_END {-1, 0, false, false, NULL}

static const rcp_popt o_xcfgset[] = {OPTV(1, ISSET, "IDMP-DURATION"), OPTV(2, ISSET, "IDMP-MAXSIZE"), OPT_END};
static const rcp_popt o_xnack[] = {OPTV(4, ISSET, "RETRYCOUNT"), OPT(5, NOT_EMPTY, "FORCE"), OPT_END};
static const rcp_popt o_arscan[] = {OPTV(3, ISSET, "LIMIT"), OPT_END};
static const rcp_popt o_arlastitems[] = {OPT(2, NOT_EMPTY, "REV"), OPT_END};
static const rcp_popt o_arinfo[] = {OPT(1, NOT_EMPTY, "FULL"), OPT_END};
static const rcp_popt o_argrep[] = {OPTV(5, ISSET, "LIMIT"), OPT(6, NOT_EMPTY, "WITHVALUES"),
	OPT(7, NOT_EMPTY, "NOCASE"), OPT_END};
static const rcp_popt o_vemb[] = {OPT(2, ISSET, "RAW"), OPT_END};
static const rcp_popt o_vadd[] = {OPT(4, SET_NOT_FALSE, "CAS"), OPTV(5, ISSET, NULL), OPTV(6, ISSET, "EF"),
	{7, RCP_POPT_ISSET, true, true, "SETATTR"}, OPTV(8, ISSET, "M"), OPT_END};
static const rcp_popt o_vsim[] = {OPT(3, SET_NOT_FALSE, "WITHSCORES"), OPTV(4, ISSET, "COUNT"),
	OPTV(5, ISSET, "EPSILON"), OPTV(6, ISSET, "EF"), OPTV(7, ISSET, "FILTER"),
	OPTV(8, ISSET, "FILTER-EF"), OPT(9, SET_NOT_FALSE, "TRUTH"), OPT(10, SET_NOT_FALSE, "NOTHREAD"), OPT_END};

/* ---- the tables ---------------------------------------------------------------------------------- */

#define CMD(lc, uc, a, r) {lc, uc, a, r, 0, 0, 0, NULL, NULL, 0}
#define CMDP(lc, uc, a, r, p1, p2, p3) {lc, uc, a, r, p1, p2, p3, NULL, NULL, 0}
/* a builder (rcp_pb_*) run by rcp_pb_run(), with its optional-argument list and parameters */
#define CMDB(lc, uc, b, o, p1, p2) {lc, uc, rcp_pb_run, NULL, p1, p2, 0, b, o, 0}
/* a reply parser, with what it reads besides the reply (RCP_PD_READS_ARGS, RCP_PD_READS_GIVEN: audited line by
 * line against the parser's code; a parser flagged 0 is called with NULL arguments) */
#define PARSE(lc, uc, r, reads) {lc, uc, NULL, r, 0, 0, 0, NULL, NULL, reads}
#define PARSEP(lc, uc, r, p1, reads) {lc, uc, NULL, r, p1, 0, 0, NULL, NULL, reads}

static const rcp_pd_row rcp_pcmds[] = {
	/* normalizeArguments */
	CMD("del", "DEL", rcp_pf_normalize, NULL),
	CMD("mget", "MGET", rcp_pf_normalize, NULL),
	CMD("pfcount", "PFCOUNT", rcp_pf_normalize, NULL),
	CMD("pfmerge", "PFMERGE", rcp_pf_normalize, NULL),
	CMD("psubscribe", "PSUBSCRIBE", rcp_pf_normalize, NULL),
	CMD("punsubscribe", "PUNSUBSCRIBE", rcp_pf_normalize, NULL),
	CMD("subscribe", "SUBSCRIBE", rcp_pf_normalize, NULL),
	CMD("unsubscribe", "UNSUBSCRIBE", rcp_pf_normalize, NULL),
	CMD("sdiff", "SDIFF", rcp_pf_normalize, NULL),
	CMD("sinter", "SINTER", rcp_pf_normalize, NULL),
	CMD("sunion", "SUNION", rcp_pf_normalize, NULL),
	CMD("touch", "TOUCH", rcp_pf_normalize, NULL),
	CMD("unlink", "UNLINK", rcp_pf_normalize, NULL),
	/* normalizeVariadic (and the *STORE set commands, same rule) */
	CMD("hdel", "HDEL", rcp_pf_variadic, NULL),
	CMD("hmget", "HMGET", rcp_pf_variadic, NULL),
	CMD("lpush", "LPUSH", rcp_pf_variadic, NULL),
	CMD("lpushx", "LPUSHX", rcp_pf_variadic, NULL),
	CMD("rpush", "RPUSH", rcp_pf_variadic, NULL),
	CMD("rpushx", "RPUSHX", rcp_pf_variadic, NULL),
	CMD("sadd", "SADD", rcp_pf_variadic, NULL),
	CMD("srem", "SREM", rcp_pf_variadic, NULL),
	CMD("pfadd", "PFADD", rcp_pf_variadic, NULL),
	CMD("xdel", "XDEL", rcp_pf_variadic, NULL),
	CMD("zrem", "ZREM", rcp_pf_variadic, NULL),
	CMD("sdiffstore", "SDIFFSTORE", rcp_pf_variadic, NULL),
	CMD("sinterstore", "SINTERSTORE", rcp_pf_variadic, NULL),
	CMD("sunionstore", "SUNIONSTORE", rcp_pf_variadic, NULL),
	CMD("geohash", "GEOHASH", rcp_pf_variadic, NULL),
	CMD("geopos", "GEOPOS", rcp_pf_variadic, NULL),
	CMD("watch", "WATCH", rcp_pf_watch, NULL),
	CMD("blpop", "BLPOP", rcp_pf_blpop, NULL),
	CMD("brpop", "BRPOP", rcp_pf_blpop, NULL),
	CMD("mset", "MSET", rcp_pf_mset, NULL),
	CMD("msetnx", "MSETNX", rcp_pf_mset, NULL),
	CMD("hmset", "HMSET", rcp_pf_hmset, NULL),
	CMD("zadd", "ZADD", rcp_pf_zadd, NULL),
	CMD("geoadd", "GEOADD", rcp_pf_geoadd, NULL),
	/* scans */
	CMDP("scan", "SCAN", rcp_pf_scan, NULL, 1, 0, 0),
	CMDP("sscan", "SSCAN", rcp_pf_scan, NULL, 2, 0, 0),
	CMDP("hscan", "HSCAN", rcp_pf_scan, NULL, 2, 1, 0),
	CMDP("zscan", "ZSCAN", rcp_pf_scan, NULL, 2, 0, 0),
	/* sorted sets */
	CMDP("zrange", "ZRANGE", rcp_pf_zrange, NULL, 0, 0, 0),
	CMDP("zrevrange", "ZREVRANGE", rcp_pf_zrange, NULL, 0, 0, 0),
	CMDP("zrangebyscore", "ZRANGEBYSCORE", rcp_pf_zrange, NULL, 1, 0, 0),
	CMDP("zrevrangebyscore", "ZREVRANGEBYSCORE", rcp_pf_zrange, NULL, 1, 0, 0),
	CMDP("zrangebylex", "ZRANGEBYLEX", rcp_pf_zrange, NULL, 2, 0, 0),
	CMDP("zrevrangebylex", "ZREVRANGEBYLEX", rcp_pf_zrange, NULL, 2, 0, 0),
	CMDP("zunionstore", "ZUNIONSTORE", rcp_pf_zsetop, NULL, 1, 0, 0),
	CMDP("zinterstore", "ZINTERSTORE", rcp_pf_zsetop, NULL, 1, 0, 0),
	CMDP("zunion", "ZUNION", rcp_pf_zsetop, NULL, 0, 0, 0),
	CMDP("zinter", "ZINTER", rcp_pf_zsetop, NULL, 0, 0, 0),
	CMD("zdiff", "ZDIFF", rcp_pf_zdiff, NULL),
	CMDP("zdiffstore", "ZDIFFSTORE", rcp_pf_keys, NULL, 1, 1, 0),
	CMD("zintercard", "ZINTERCARD", rcp_pf_intercard, NULL),
	CMD("sintercard", "SINTERCARD", rcp_pf_intercard, NULL),
	CMDP("zmpop", "ZMPOP", rcp_pf_zmpop, NULL, 0, 0, 0),
	CMDP("bzmpop", "BZMPOP", rcp_pf_zmpop, NULL, 1, 0, 0),
	CMDP("bzpopmin", "BZPOPMIN", rcp_pf_keys, NULL, 0, 0, 0),
	CMDP("bzpopmax", "BZPOPMAX", rcp_pf_keys, NULL, 0, 0, 0),
	CMDP("zrandmember", "ZRANDMEMBER", rcp_pf_pop_bool, NULL, 0, 0, 0),
	CMDP("hrandfield", "HRANDFIELD", rcp_pf_pop_bool, NULL, 1, 0, 0),
	/* lists */
	CMDP("lmpop", "LMPOP", rcp_pf_lmpop, NULL, 0, 0, 0),
	CMDP("blmpop", "BLMPOP", rcp_pf_lmpop, NULL, 1, 0, 0),
	/* scripting and functions */
	CMDP("eval_ro", "EVAL_RO", rcp_pf_keys, NULL, 1, 1, 0),
	CMDP("evalsha_ro", "EVALSHA_RO", rcp_pf_keys, NULL, 1, 1, 0),
	CMDP("fcall", "FCALL", rcp_pf_keys, NULL, 1, 1, 0),
	CMD("fcall_ro", "FCALL_RO", rcp_pf_fcall_ro, NULL),
	CMD("function", "FUNCTION", rcp_pf_function, NULL),
	/* keys, strings, bits */
	CMD("copy", "COPY", rcp_pf_copy, NULL),
	CMDP("expire", "EXPIRE", rcp_pf_last_enum, NULL, 0, 0, 0),
	CMDP("expireat", "EXPIREAT", rcp_pf_last_enum, NULL, 0, 0, 0),
	CMDP("bitcount", "BITCOUNT", rcp_pf_last_enum, NULL, 1, 0, 0),
	CMDP("bitpos", "BITPOS", rcp_pf_last_enum, NULL, 1, 0, 0),
	CMD("set", "SET", rcp_pf_set, NULL),
	CMD("getex", "GETEX", rcp_pf_getex, NULL),
	CMD("lcs", "LCS", rcp_pf_lcs, NULL),
	CMD("sort", "SORT", rcp_pf_sort, NULL),
	CMD("sort_ro", "SORT_RO", rcp_pf_sort_ro, NULL),
	CMD("bitop", "BITOP", rcp_pf_bitop, NULL),
	CMD("bitfield_ro", "BITFIELD_RO", rcp_pf_bitfield_ro, NULL),
	CMD("migrate", "MIGRATE", rcp_pf_migrate, NULL),
	/* geo */
	CMD("georadius", "GEORADIUS", rcp_pf_georadius, NULL),
	CMD("georadiusbymember", "GEORADIUSBYMEMBER", rcp_pf_georadius, NULL),
	CMD("geosearch", "GEOSEARCH", rcp_pf_geosearch, NULL),
	CMD("geosearchstore", "GEOSEARCHSTORE", rcp_pf_geosearchstore, NULL),
	/* server */
	CMD("client", "CLIENT", rcp_pf_client, NULL),
	CMD("failover", "FAILOVER", rcp_pf_failover, NULL),
	CMD("shutdown", "SHUTDOWN", rcp_pf_shutdown, NULL),
	CMD("slaveof", "SLAVEOF", rcp_pf_slaveof, NULL),
	/* streams */
	CMD("xadd", "XADD", rcp_pf_xadd, NULL),
	CMD("xtrim", "XTRIM", rcp_pf_xtrim, NULL),
	CMD("xrange", "XRANGE", rcp_pf_xrange, NULL),
	CMD("xrevrange", "XREVRANGE", rcp_pf_xrange, NULL),
	CMD("xread", "XREAD", rcp_pf_xread, NULL),
	CMD("xread_v4", "XREAD", rcp_pf_xread_v4, NULL),
	CMD("xreadgroup", "XREADGROUP", rcp_pf_xreadgroup, NULL),
	CMD("xreadgroup_claim", "XREADGROUP", rcp_pf_xreadgroup_claim, NULL),
	CMD("xautoclaim", "XAUTOCLAIM", rcp_pf_xautoclaim, NULL),
	CMD("xclaim", "XCLAIM", rcp_pf_xclaim, NULL),
	CMD("xgroup", "XGROUP", rcp_pf_xgroup, NULL),
	CMD("xinfo", "XINFO", rcp_pf_xinfo, NULL),
	CMD("xpending", "XPENDING", rcp_pf_xpending, NULL),
	CMD("xsetid", "XSETID", rcp_pf_xsetid, NULL),
	/* added by Predis 3.7 (Redis 7.2 - 8.x and newer) -------------------------------------------- */
	/* hash field expiry */
	CMDB("hexpire", "HEXPIRE", rcp_pb_hexpire, NULL, 0, 0),
	CMDB("hexpireat", "HEXPIREAT", rcp_pb_hexpire, NULL, 0, 0),
	CMDB("hpexpire", "HPEXPIRE", rcp_pb_hexpire, NULL, 0, 0),
	CMDB("hpexpireat", "HPEXPIREAT", rcp_pb_hexpire, NULL, 0, 0),
	CMDB("httl", "HTTL", rcp_pb_fields, NULL, 0, 0),
	CMDB("hpttl", "HPTTL", rcp_pb_fields, NULL, 0, 0),
	CMDB("hexpiretime", "HEXPIRETIME", rcp_pb_fields, NULL, 0, 0),
	CMDB("hpexpiretime", "HPEXPIRETIME", rcp_pb_fields, NULL, 0, 0),
	CMDB("hpersist", "HPERSIST", rcp_pb_fields, NULL, 0, 0),
	CMDB("hgetdel", "HGETDEL", rcp_pb_fields, NULL, 0, 0),
	CMDB("hgetex", "HGETEX", rcp_pb_hgetex, NULL, 0, 0),
	CMDB("hsetex", "HSETEX", rcp_pb_hsetex, NULL, 0, 0),
	CMDB("himport", "HIMPORT", rcp_pb_himport, NULL, 0, 0),
	/* strings, keys, lists, sets, sorted sets */
	CMDB("msetex", "MSETEX", rcp_pb_msetex, NULL, 0, 0),
	CMDB("increx", "INCREX", rcp_pb_increx, NULL, 0, 0),
	CMDB("lmovem", "LMOVEM", rcp_pb_lmovem, NULL, 4, 0),
	CMDB("blmovem", "BLMOVEM", rcp_pb_lmovem, NULL, 5, 0),
	CMD("sdiffcard", "SDIFFCARD", rcp_pf_intercard, NULL),
	CMD("sunioncard", "SUNIONCARD", rcp_pf_sunioncard, NULL),
	CMD("zrangestore", "ZRANGESTORE", rcp_pf_zrangestore, NULL),
	/* streams */
	CMDB("xackdel", "XACKDEL", rcp_pb_ids, NULL, 2, 0),
	CMDB("xdelex", "XDELEX", rcp_pb_ids, NULL, 1, 0),
	CMDB("xnack", "XNACK", rcp_pb_ids, o_xnack, 2, 1),
	CMDB("xcfgset", "XCFGSET", rcp_pb_head_opts, o_xcfgset, 1, 0),
	/* server */
	CMDB("hotkeys", "HOTKEYS", rcp_pb_hotkeys, NULL, 0, 0),
	CMDB("bless", "BLESS", rcp_pb_bless, NULL, 0, 0),
	/* arrays (AR*) */
	CMD("ardel", "ARDEL", rcp_pf_variadic, NULL),
	CMD("arinsert", "ARINSERT", rcp_pf_variadic, NULL),
	CMD("armget", "ARMGET", rcp_pf_variadic, NULL),
	CMDP("arring", "ARRING", rcp_pf_variadic, NULL, 2, 0, 0),
	CMDP("arset", "ARSET", rcp_pf_variadic, NULL, 2, 0, 0),
	CMD("armset", "ARMSET", rcp_pf_hmset, NULL),
	CMDB("ardelrange", "ARDELRANGE", rcp_pb_ardelrange, NULL, 0, 0),
	CMDB("argrep", "ARGREP", rcp_pb_argrep, o_argrep, 0, 0),
	CMDB("arop", "AROP", rcp_pb_arop, NULL, 0, 0),
	CMDB("arinfo", "ARINFO", rcp_pb_head_opts, o_arinfo, 1, 0),
	CMDB("arlastitems", "ARLASTITEMS", rcp_pb_head_opts, o_arlastitems, 2, 0),
	CMDB("arscan", "ARSCAN", rcp_pb_head_opts, o_arscan, 3, 0),
	/* vector sets */
	CMDB("vadd", "VADD", rcp_pb_vadd, o_vadd, 0, 0),
	CMDB("vemb", "VEMB", rcp_pb_head_opts, o_vemb, 2, 0),
	CMDB("vgetattr", "VGETATTR", rcp_pb_vlast, NULL, 0, 0),
	CMDB("vlinks", "VLINKS", rcp_pb_vlast, NULL, 1, 0),
	CMDB("vrandmember", "VRANDMEMBER", rcp_pb_vlast, NULL, 2, 0),
	CMDB("vsetattr", "VSETATTR", rcp_pb_vlast, NULL, 3, 0),
	CMDB("vsim", "VSIM", rcp_pb_vsim, o_vsim, 0, 0),
};

/* Reply parsers (a separate table: several commands have only one of the two) */
static const rcp_pd_row rcp_rcmds[] = {
	PARSE("hgetall", "HGETALL", rcp_pr_assoc, 0),
	PARSE("config", "CONFIG", rcp_pr_assoc, 0),
	PARSE("zpopmin", "ZPOPMIN", rcp_pr_zpop, 0),
	PARSE("zpopmax", "ZPOPMAX", rcp_pr_zpop, 0),
	PARSEP("zrange", "ZRANGE", rcp_pr_zrange, 0, RCP_PD_READS_ARGS),
	PARSEP("zrevrange", "ZREVRANGE", rcp_pr_zrange, 0, RCP_PD_READS_ARGS),
	PARSEP("zrangebyscore", "ZRANGEBYSCORE", rcp_pr_zrange, 1, RCP_PD_READS_ARGS),
	PARSEP("zrevrangebyscore", "ZREVRANGEBYSCORE", rcp_pr_zrange, 1, RCP_PD_READS_ARGS),
	PARSE("zrandmember", "ZRANDMEMBER", rcp_pr_withscores_last, RCP_PD_READS_ARGS),
	PARSE("zdiff", "ZDIFF", rcp_pr_withscores_last, RCP_PD_READS_ARGS),
	PARSE("zinter", "ZINTER", rcp_pr_withscores_last, RCP_PD_READS_ARGS),
	PARSE("zunion", "ZUNION", rcp_pr_withscores_last, RCP_PD_READS_ARGS),
	PARSEP("zscan", "ZSCAN", rcp_pr_scan, 0, 0),
	PARSEP("hscan", "HSCAN", rcp_pr_scan, 1, RCP_PD_READS_ARGS),
	PARSE("xrange", "XRANGE", rcp_pr_xrange, 0),
	PARSE("xrevrange", "XREVRANGE", rcp_pr_xrange, 0),
	PARSE("xread", "XREAD", rcp_pr_xread, 0),
	PARSE("xread_v4", "XREAD", rcp_pr_xread, 0),
	PARSE("lmpop", "LMPOP", rcp_pr_lmpop, 0),
	PARSE("blmpop", "BLMPOP", rcp_pr_lmpop, 0),
	PARSE("zmpop", "ZMPOP", rcp_pr_zmpop, 0),
	PARSE("bzmpop", "BZMPOP", rcp_pr_zmpop, 0),
	PARSE("bzpopmin", "BZPOPMIN", rcp_pr_bzpop, 0),
	PARSE("bzpopmax", "BZPOPMAX", rcp_pr_bzpop, 0),
	PARSE("lcs", "LCS", rcp_pr_lcs, 0),
	PARSE("randomkey", "RANDOMKEY", rcp_pr_randomkey, 0),
	PARSE("bgsave", "BGSAVE", rcp_pr_bgsave, 0),
	PARSE("bgrewriteaof", "BGREWRITEAOF", rcp_pr_bgrewriteaof, 0),
	PARSE("type", "TYPE", rcp_pr_type, 0),
	PARSE("xpending", "XPENDING", rcp_pr_xpending, RCP_PD_READS_ARGS),
	PARSE("xclaim", "XCLAIM", rcp_pr_xclaim, 0),
	PARSE("xinfo", "XINFO", rcp_pr_xinfo, RCP_PD_READS_ARGS),
	PARSE("slowlog", "SLOWLOG", rcp_pr_slowlog, 0),
	PARSE("client", "CLIENT", rcp_pr_client, RCP_PD_READS_ARGS),
	PARSE("pubsub", "PUBSUB", rcp_pr_pubsub, RCP_PD_READS_ARGS),
	PARSE("sentinel", "SENTINEL", rcp_pr_sentinel, RCP_PD_READS_ARGS),
	PARSE("hrandfield", "HRANDFIELD", rcp_pr_hrandfield, 0),
	PARSE("geosearch", "GEOSEARCH", rcp_pr_geosearch, 0),
	PARSE("info", "INFO", rcp_pr_info, 0),
	/* added by Predis 3.7 */
	PARSE("vadd", "VADD", rcp_pr_bool, 0),
	PARSE("vrem", "VREM", rcp_pr_bool, 0),
	PARSE("vsetattr", "VSETATTR", rcp_pr_bool, 0),
	PARSE("vemb", "VEMB", rcp_pr_vemb, RCP_PD_READS_ARGS),
	PARSE("vgetattr", "VGETATTR", rcp_pr_vgetattr, RCP_PD_READS_GIVEN),
	PARSE("vinfo", "VINFO", rcp_pr_dict_list, 0),
	PARSE("vlinks", "VLINKS", rcp_pr_vlinks, RCP_PD_READS_ARGS | RCP_PD_READS_GIVEN),
	PARSE("vsim", "VSIM", rcp_pr_vsim, RCP_PD_READS_ARGS),
	PARSE("arinfo", "ARINFO", rcp_pr_dict_list, 0),
	PARSE("hotkeys", "HOTKEYS", rcp_pr_hotkeys, 0),
	PARSE("increx", "INCREX", rcp_pr_increx, 0),
};

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* The transaction verbs (rcp_predis_cmd.tx) */
static const struct {
	const char *lc, *uc;
	rcp_predis_tx tx;
} rcp_ptx[] = {
	{"multi", "MULTI", RCP_PREDIS_TX_MULTI},
	{"exec", "EXEC", RCP_PREDIS_TX_EXEC},
	{"discard", "DISCARD", RCP_PREDIS_TX_DISCARD},
	{"watch", "WATCH", RCP_PREDIS_TX_WATCH},
	{"unwatch", "UNWATCH", RCP_PREDIS_TX_UNWATCH},
};

/*
 * Dispatch: one persistent HashTable, built in MINIT and read-only afterwards, maps a lower-case method
 * name to its rcp_predis_cmd: every top-level command of the built-in table, every method of the two
 * Predis tables, the transaction verbs. One lookup resolves a call.
 */
static HashTable rcp_ptbl;
static rcp_predis_cmd *rcp_pents;
static bool rcp_ptbl_ready;

static rcp_predis_cmd *rcp_pent_for(const char *lc, size_t len, const char *id, size_t *used)
{
	rcp_predis_cmd *e = zend_hash_str_find_ptr(&rcp_ptbl, lc, len);

	if (!e) {
		e = &rcp_pents[(*used)++];
		memset(e, 0, sizeof(*e));
		/* Predis' ID; the built-in table's entry for it (for a built-in name: that very entry) */
		e->id = id;
		e->idlen = strlen(id);
		e->builtin = rcp_cmd_builtin(id);
		zend_hash_str_add_ptr(&rcp_ptbl, lc, len, e);
	}
	return e;
}

void rcp_predis_minit(void)
{
	size_t used = 0, cap = rcp_cmd_count + NELEMS(rcp_pcmds) + NELEMS(rcp_rcmds) + NELEMS(rcp_ptx);
	char lc[RCP_PNAME_MAX];

	if (rcp_ptbl_ready) {
		return;
	}
	rcp_pents = pemalloc(sizeof(rcp_predis_cmd) * cap, 1);
	zend_hash_init(&rcp_ptbl, (uint32_t)cap, NULL, NULL, 1);
	for (size_t i = 0; i < rcp_cmd_count; i++) {
		const char *name = rcp_cmd_table[i].name;
		size_t len = strlen(name);
		if (strchr(name, '|') || len >= sizeof(lc)) {
			continue; /* a subcommand: an argument of its container */
		}
		zend_str_tolower_copy(lc, name, len);
		rcp_pent_for(lc, len, name, &used);
	}
	for (size_t i = 0; i < NELEMS(rcp_pcmds); i++) {
		rcp_pent_for(rcp_pcmds[i].lc, strlen(rcp_pcmds[i].lc), rcp_pcmds[i].uc, &used)->filter = &rcp_pcmds[i];
	}
	for (size_t i = 0; i < NELEMS(rcp_rcmds); i++) {
		rcp_predis_cmd *e = rcp_pent_for(rcp_rcmds[i].lc, strlen(rcp_rcmds[i].lc), rcp_rcmds[i].uc, &used);
		e->parser = &rcp_rcmds[i];
		e->parser_reads_args = (rcp_rcmds[i].reads & RCP_PD_READS_ARGS) != 0;
		e->parser_reads_given = (rcp_rcmds[i].reads & RCP_PD_READS_GIVEN) != 0;
	}
	for (size_t i = 0; i < NELEMS(rcp_ptx); i++) {
		rcp_pent_for(rcp_ptx[i].lc, strlen(rcp_ptx[i].lc), rcp_ptx[i].uc, &used)->tx = (uint8_t)rcp_ptx[i].tx;
	}
	rcp_ptbl_ready = true;
}

void rcp_predis_mshutdown(void)
{
	if (!rcp_ptbl_ready) {
		return;
	}
	zend_hash_destroy(&rcp_ptbl);
	pefree(rcp_pents, 1);
	rcp_pents = NULL;
	rcp_ptbl_ready = false;
}

const rcp_predis_cmd *rcp_predis_lookup(const char *lcname, size_t len)
{
	if (UNEXPECTED(!rcp_ptbl_ready)) {
		rcp_predis_minit();
	}
	return zend_hash_str_find_ptr(&rcp_ptbl, lcname, len);
}

const rcp_predis_cmd *rcp_predis_lookup_ci(const char *name, size_t len)
{
	char lc[RCP_PNAME_MAX];

	if (len >= sizeof(lc)) {
		return NULL; /* longer than any name in the table */
	}
	zend_str_tolower_copy(lc, name, len);
	return rcp_predis_lookup(lc, len);
}

zend_result rcp_predis_filter(const rcp_predis_cmd *c, HashTable *in, zval *out)
{
	if (!c || !c->filter) {
		return rcp_pa_pass(in, out);
	}
	if (c->filter->args(c->filter, in, out) == FAILURE) {
		ZVAL_UNDEF(out);
		return FAILURE;
	}
	return SUCCESS;
}

void rcp_predis_parse(const rcp_predis_cmd *c, HashTable *args, HashTable *given, zval *reply)
{
	zval *d = reply, res;

	if (!c || !c->parser) {
		return;
	}
	ZVAL_DEREF(d);
	if (Z_TYPE_P(d) == IS_OBJECT) {
		return;
	}
	/* what the parser does not read is not passed: a parser wrongly flagged as not reading it would crash
	 * in the reply corpus (tests/compat) rather than answer from nothing */
	if (c->parser->reply(c->parser, c->parser_reads_args ? args : NULL, c->parser_reads_given ? given : NULL, d,
	                     &res)) {
		zval_ptr_dtor(d);
		ZVAL_COPY_VALUE(d, &res);
	}
}

zend_result rcp_predis_args(const char *lcname, size_t len, HashTable *in, zval *out)
{
	return rcp_predis_filter(rcp_predis_lookup(lcname, len), in, out);
}

void rcp_predis_reply(const char *lcname, size_t len, HashTable *args, HashTable *given, zval *reply)
{
	rcp_predis_parse(rcp_predis_lookup(lcname, len), args, given, reply);
}

const char *rcp_predis_command_id(const char *lcname, size_t len, size_t *idlen)
{
	/* Predis sends a command's ID, upper case: so do we (a server echoes the name as sent in its "unknown
	 * command" error, which must read the same through both clients); a name the built-in table does not
	 * know is sent as called */
	const rcp_predis_cmd *c = rcp_predis_lookup(lcname, len);

	return c && c->builtin ? rcp_predis_send_name(c, lcname, len, idlen) : NULL;
}

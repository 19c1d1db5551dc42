/*
 * exec.c - routing and execution of one command (see rcp_exec.h).
 *
 *   argv --keys--> slot --map--> primary --pool--> connection --io--> reply
 *                                  ^                                    |
 *                                  +---- MOVED: patch slot, retry ------+  (refresh requested, rate-limited)
 *                                  +---- ASK: ASKING + command on target (no map change)
 *                                  +---- TRYAGAIN / CLUSTERDOWN: back off, under the command's deadline
 *                                  +---- READONLY from a "primary": it was demoted (failover): refresh, re-route
 *
 * A write is re-sent only when it is certain nothing reached the server: the connection failed before any
 * byte was written (a pooled socket found dead at first write). Every loop is bounded by
 * RCP_MAX_REDIRECTS and by the deadline.
 */
#include <unistd.h>
#include "php.h"
#include "zend_smart_str.h"
#include "ext/random/php_random.h"
#include <hiredis/hiredis.h>
#include "rcp_exec.h"
#include "rcp_resp_format.h"
#include "rcp_pool.h"
#include "rcp_reply.h"
#include "rcp_slot.h"
#include "rcp_shm.h"
#include "rcp_scripts.h"
#include "rcp_cmdlearn.h"
#include "rcp_metrics.h"
#include "php_redis_cluster_pool.h"

typedef struct {
	char host[RCP_HOST_MAX];
	uint16_t port;
	bool ro;                  /* a replica read: the connection with READONLY */
	bool read;                /* a read-only command: safe to send again after its connection was reset */
	bool has_slot;            /* slot is the keys' slot: a demoted primary (READONLY) can be routed around */
	uint16_t slot;
} rcp_target;

/* A MOVED, a connection failure or an uncovered slot asks for a full refresh (rate-limited, single flight). */
static void rcp_want_refresh(rcp_cluster *cc)
{
	cc->refresh_wanted = true;
	if (cc->shared) {
		rcp_shm_want_refresh(cc->shared);
	}
}

static void rcp_cluster_count(rcp_cluster *cc, rcp_shm_counter c)
{
	if (cc->shared) {
		rcp_shm_count(cc->shared, c);
	}
}

#define RCP_SUSPECT_MS 5000

static int rcp_local_node(rcp_cluster *cc, const char *host, uint16_t port)
{
	if (!cc->map) {
		return -1;
	}
	for (uint16_t i = 0; i < cc->map->nnodes; i++) {
		if (cc->map->nodes[i].port == port && !strcmp(cc->map->nodes[i].host, host)) {
			return i;
		}
	}
	return -1;
}

/* A connection to a node failed: mark it suspect for every worker, and ask for a topology refresh. */
static void rcp_node_failed(rcp_cluster *cc, const char *host, uint16_t port)
{
	int idx = rcp_local_node(cc, host, port);

	if (cc->shared && idx >= 0 && cc->shared_gen == rcp_shm_generation(cc->shared)) {
		char addr[RCP_ADDR_MAX];
		rcp_shm_mark_suspect(cc->shared, (uint16_t)idx, rcp_now_ms() + RCP_SUSPECT_MS);
		rcp_node_addr(&cc->map->nodes[idx], addr, sizeof(addr));
		rcp_ns_add(rcp_metrics_node(addr), RCP_NS_SUSPECT_MARKS, 1);
	}
	rcp_want_refresh(cc);
}

/* What a failed exchange with a node says about the cluster: I/O failures make the node suspect (and ask for a
 * refresh); a refused login or a reply too large for memory_limit say nothing about the topology; anything
 * else (an unexpected reply) asks for a refresh. */
static void rcp_node_outcome(rcp_cluster *cc, const char *host, uint16_t port, rcp_status code)
{
	switch (code) {
		case RCP_OK:
		case RCP_E_AUTH:
		case RCP_E_MEMORY:
			break;
		case RCP_E_CONNECTION:
		case RCP_E_TIMEOUT:
		case RCP_E_PROTOCOL:
			rcp_node_failed(cc, host, port);
			break;
		default:
			rcp_want_refresh(cc);
	}
}

static void rcp_node_ok(rcp_cluster *cc, const char *host, uint16_t port)
{
	if (cc->shared) {
		int idx = rcp_local_node(cc, host, port);
		if (idx >= 0 && cc->shared_gen == rcp_shm_generation(cc->shared)) {
			rcp_shm_clear_suspect(cc->shared, (uint16_t)idx);
		}
	}
}

/* ---- credentials ------------------------------------------------------------------------------ */

void rcp_client_set_auth(rcp_client *cl, const char *user, size_t ulen, const char *pass, size_t plen)
{
	const char *argv[3];
	size_t lens[3];
	int argc = 0;
	char *cmd;
	int len;
	uint64_t h = 1469598103934665603ULL; /* FNV-1a of the password: tells credentials apart, reveals nothing useful */

	cl->cred_len = 0;
	if (ulen > 60) {
		ulen = 60;
	}
	memcpy(cl->cred, user ? user : "", user ? ulen : 0);
	cl->cred_len = user ? ulen : 0;
	cl->cred[cl->cred_len++] = '\0';
	for (size_t i = 0; pass && i < plen; i++) {
		h = (h ^ (unsigned char)pass[i]) * 1099511628211ULL;
	}
	cl->cred_len += (size_t)snprintf(cl->cred + cl->cred_len, sizeof(cl->cred) - cl->cred_len, "%016llx",
		pass ? (unsigned long long)h : 0ULL);
	if (!pass) {
		return;
	}
	argv[argc] = "AUTH"; lens[argc++] = 4;
	if (user && ulen) {
		argv[argc] = user; lens[argc++] = ulen;
	}
	argv[argc] = pass; lens[argc++] = plen;
	len = rcp_format_command(&cmd, argc, argv, lens);
	if (len > 0) {
		cl->setup = emalloc((size_t)len);
		memcpy(cl->setup, cmd, (size_t)len);
		cl->setup_len = (size_t)len;
		cl->setup_replies = 1;
		explicit_bzero(cmd, (size_t)len);
		rcp_free_command(cmd);
	}
}

void rcp_client_free(rcp_client *cl)
{
	if (cl->err_full) {
		zend_string_release(cl->err_full);
		cl->err_full = NULL;
	}
	zval_ptr_dtor(&cl->partial);
	ZVAL_UNDEF(&cl->partial);
	if (cl->ro_setup) {
		explicit_bzero(cl->ro_setup, cl->ro_setup_len);
		efree(cl->ro_setup);
		cl->ro_setup = NULL;
	}
	if (cl->setup) {
		explicit_bzero(cl->setup, cl->setup_len);
		efree(cl->setup);
		cl->setup = NULL;
	}
}

/* ---- one batch against one node --------------------------------------------------------------- */

static const char rcp_readonly_cmd[] = "*1\r\n$8\r\nREADONLY\r\n";

/*
 * The pooled connection to a node. ro: a replica read, on a connection of its own (pool key + "\0ro") whose
 * setup sends READONLY after AUTH, once per connection; a primary's connection never carries READONLY (after
 * a failover it would serve stale reads where MOVED is due).
 */
/*
 * CLIENT SETINFO lib-name/lib-ver, so operators see the library in CLIENT LIST: appended to the connection setup
 * (same flight as AUTH, no round trip of its own) once the cluster's command table shows the servers have it
 * (Redis 7.2+, Valkey); never sent to older servers. A refusal (an ACL without +client|setinfo) is ignored.
 */
static void rcp_client_setinfo(rcp_client *cl)
{
	static const char si[] = "*4\r\n$6\r\nCLIENT\r\n$7\r\nSETINFO\r\n$8\r\nLIB-NAME\r\n$18\r\nredis_cluster_pool\r\n";
	const rcp_cmd *c;
	smart_str ver = {0};
	rcp_cmdtab *t = rcp_cluster_cmds(cl->cluster);

	if (cl->setinfo_checked || !t) {
		return;
	}
	cl->setinfo_checked = true;
	c = rcp_cmdtab_lookup(t, "CLIENT", 6, "SETINFO", 7);
	if (!c || !(c->flags & RCP_CMD_LEARNED) || strcmp(c->name, "CLIENT|SETINFO")) {
		return;
	}
	smart_str_appends(&ver, "*4\r\n$6\r\nCLIENT\r\n$7\r\nSETINFO\r\n$7\r\nLIB-VER\r\n$");
	smart_str_append_long(&ver, (zend_long)strlen(PHP_REDIS_CLUSTER_POOL_VERSION));
	smart_str_appends(&ver, "\r\n" PHP_REDIS_CLUSTER_POOL_VERSION "\r\n");
	cl->setup = erealloc(cl->setup, cl->setup_len + sizeof(si) - 1 + ZSTR_LEN(ver.s));
	memcpy(cl->setup + cl->setup_len, si, sizeof(si) - 1);
	memcpy(cl->setup + cl->setup_len + sizeof(si) - 1, ZSTR_VAL(ver.s), ZSTR_LEN(ver.s));
	cl->setup_len += sizeof(si) - 1 + ZSTR_LEN(ver.s);
	cl->setup_replies += 2;
	smart_str_free(&ver);
	if (cl->ro_setup) { /* rebuilt from the new setup on next use */
		explicit_bzero(cl->ro_setup, cl->ro_setup_len);
		efree(cl->ro_setup);
		cl->ro_setup = NULL;
	}
}

static rcp_conn *rcp_client_conn_ro(rcp_client *cl, const char *host, uint16_t port, bool ro)
{
	rcp_client_setinfo(cl);
	if (!ro) {
		return rcp_pool_get(host, port, cl->cred, cl->cred_len, cl->tls, cl->setup, cl->setup_len, cl->setup_replies);
	}
	if (!cl->ro_setup) {
		cl->ro_setup_len = cl->setup_len + sizeof(rcp_readonly_cmd) - 1;
		cl->ro_setup = emalloc(cl->ro_setup_len);
		if (cl->setup_len) {
			memcpy(cl->ro_setup, cl->setup, cl->setup_len);
		}
		memcpy(cl->ro_setup + cl->setup_len, rcp_readonly_cmd, sizeof(rcp_readonly_cmd) - 1);
		memcpy(cl->ro_cred, cl->cred, cl->cred_len);
		memcpy(cl->ro_cred + cl->cred_len, "\0ro", 3);
		cl->ro_cred_len = cl->cred_len + 3;
	}
	return rcp_pool_get(host, port, cl->ro_cred, cl->ro_cred_len, cl->tls, cl->ro_setup, cl->ro_setup_len,
		cl->setup_replies + 1);
}

static rcp_conn *rcp_client_conn(rcp_client *cl, const char *host, uint16_t port)
{
	return rcp_client_conn_ro(cl, host, port, false);
}

/* Start of an operation: its overall deadline (option "deadline", else read_write_timeout). */
static void rcp_begin(rcp_client *cl)
{
	if (cl->err_full) { /* the last operation's long message: thrown by now */
		zend_string_release(cl->err_full);
		cl->err_full = NULL;
	}
	cl->cmd_deadline = rcp_now_ms() + (cl->deadline_ms ? cl->deadline_ms : cl->rw_timeout_ms);
}

/* Deadline of one I/O: read_write_timeout from now, never past the operation's deadline. */
static uint64_t rcp_deadline(rcp_client *cl)
{
	uint64_t d = rcp_now_ms() + cl->rw_timeout_ms;
	return cl->cmd_deadline && cl->cmd_deadline < d ? cl->cmd_deadline : d;
}

/* A part on connection c, nothing to send yet. Field by field: its rcp_err (~800 bytes) is only read once
 * rcp_io_run() set its code (and rcp_err_set() fills the rest of it). */
static void rcp_part_init(rcp_part *part, rcp_conn *c)
{
	part->conn = c;
	part->buf = NULL;
	part->len = 0;
	part->nreplies = part->got = 0;
	part->replies = NULL;
	part->wrote_any = part->done = false;
	part->done_us = 0;
	part->stats = NULL;
	part->err.code = RCP_OK;
	part->err.node[0] = '\0';
	part->err.full = NULL;
}

/* One batch of one part: buf (nreplies commands) on connection c, replies into replies[] (UNDEF first). */
static void rcp_run_one(rcp_client *cl, rcp_part *part, rcp_conn *c, const char *buf, size_t len, uint32_t nreplies,
                        zval *replies, uint64_t deadline)
{
	rcp_part_init(part, c);
	part->buf = buf;
	part->len = len;
	part->nreplies = nreplies;
	part->replies = replies;
	for (uint32_t i = 0; i < nreplies; i++) {
		ZVAL_UNDEF(&replies[i]);
	}
	rcp_io_run(part, 1, deadline, rcp_now_ms() + cl->connect_timeout_ms);
}

/*
 * What one exchange with a node sends: bytes already encoded (buf), or a command (argv) encoded into the
 * connection's own reusable buffer once the connection is known (no allocation per command), optionally behind
 * ASKING (an ASK redirect).
 */
typedef struct {
	const char *buf;              /* RESP bytes (nreplies commands), or NULL: encode argv */
	size_t len;
	int argc;
	const char *const *argv;
	const size_t *argvlen;
	uint32_t nreplies;            /* replies to buf (1 for argv) */
	bool asking;                  /* ASKING first (its reply dropped) */
} rcp_req;

static const char rcp_asking_cmd[] = "*1\r\n$6\r\nASKING\r\n";

/* The bytes of req on connection c: req->buf itself when nothing is to be added, else c->wbuf. NULL: out of
 * memory. */
static const char *rcp_req_bytes(const rcp_req *req, rcp_conn *c, size_t *len)
{
	if (req->buf && !req->asking) {
		*len = req->len;
		return req->buf;
	}
	rcp_wbuf_reset(&c->wbuf);
	if ((req->asking && !rcp_wbuf_append(&c->wbuf, rcp_asking_cmd, sizeof(rcp_asking_cmd) - 1)) ||
	    (req->buf ? !rcp_wbuf_append(&c->wbuf, req->buf, req->len)
	              : !rcp_wbuf_command(&c->wbuf, req->argc, req->argv, req->argvlen))) {
		return NULL;
	}
	*len = c->wbuf.len;
	return c->wbuf.p;
}

/* Send req to host:port, collect its replies (replies[0] is ASKING's when req->asking). A pooled connection
 * that fails (closed or reset by the server: an idle timeout, CLIENT KILL, a restart) is replaced by a fresh
 * one and the bytes sent again, once, within the deadline, when that is safe: nothing was written yet, or the
 * commands are reads (repeatable). A write that may have reached the server is never sent twice. */
static rcp_status rcp_send_req(rcp_client *cl, const char *host, uint16_t port, bool ro, bool repeatable,
                               const rcp_req *req, zval *replies, uint64_t deadline, rcp_err *err, char *addr_out)
{
	uint32_t nreplies = req->nreplies + (req->asking ? 1 : 0);

	for (int attempt = 0; attempt < 2; attempt++) {
		rcp_part part;
		rcp_conn *c = rcp_client_conn_ro(cl, host, port, ro);
		bool was_new = c->state == RCP_CONN_NEW;
		size_t len;
		const char *buf = rcp_req_bytes(req, c, &len);

		if (!buf) {
			return rcp_err_set(err, RCP_E_MEMORY, NULL, "out of memory encoding a command for %s:%u", host,
				(unsigned)port);
		}
		rcp_run_one(cl, &part, c, buf, len, nreplies, replies, deadline);
		if (part.conn) {
			rcp_wbuf_trim(&c->wbuf);
		}
		if (part.err.code == RCP_OK && addr_out) {
			memcpy(addr_out, c->addr, strlen(c->addr) + 1); /* the node that answered */
		}
		rcp_pool_sweep_parts(&part, 1);
		if (part.err.code == RCP_OK) {
			return RCP_OK;
		}
		for (uint32_t i = 0; i < nreplies; i++) {
			zval_ptr_dtor(&replies[i]);
			ZVAL_UNDEF(&replies[i]);
		}
		*err = part.err;
		if (was_new || part.err.code != RCP_E_CONNECTION || (part.wrote_any && !repeatable) ||
		    rcp_now_ms() >= deadline) {
			break;
		}
		if (part.wrote_any) {
			cl->cluster->read_retries++;
			rcp_cluster_count(cl->cluster, RCP_SC_READ_RETRIES);
		}
	}
	return err->code;
}

static rcp_status rcp_send_node(rcp_client *cl, const char *host, uint16_t port, const char *buf, size_t len,
                                uint32_t nreplies, zval *replies, uint64_t deadline, rcp_err *err)
{
	rcp_req req = {.buf = buf, .len = len, .nreplies = nreplies};

	return rcp_send_req(cl, host, port, false, false, &req, replies, deadline, err, NULL);
}

/* After a batch whose commands were encoded into its connections' buffers: huge buffers are not kept. */
static void rcp_parts_trim(rcp_part *parts, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (parts[i].conn) {
			rcp_wbuf_trim(&parts[i].conn->wbuf);
		}
	}
}

/* ---- topology --------------------------------------------------------------------------------- */

static const char rcp_cluster_slots_cmd[] = "*2\r\n$7\r\nCLUSTER\r\n$5\r\nSLOTS\r\n";
static const char rcp_command_cmd[] = "*1\r\n$7\r\nCOMMAND\r\n";

#define RCP_CMDS_RETRY_MS 60000

/* Should this discovery also read the server's command table? Once per cluster entry (shared by every worker),
 * and after a failure not before RCP_CMDS_RETRY_MS. */
static bool rcp_want_cmds(rcp_cluster *cc)
{
	return !rcp_cluster_cmds(cc) && rcp_now_ms() >= cc->cmds_retry_ms;
}

/* The COMMAND reply that came with CLUSTER SLOTS from host: learn it, or note why not (the built-in table
 * stays in use; never a reason to fail the discovery). */
static void rcp_learn_cmds(rcp_cluster *cc, const char *host, uint16_t port, zval *reply)
{
	zend_string *blob = NULL;
	uint32_t ncmds = 0;
	rcp_err e = {0};

	if (rcp_reply_is_error(reply)) {
		zend_string *m = rcp_error_message(reply);
		snprintf(cc->cmds_note, sizeof(cc->cmds_note), "%s:%u answered COMMAND with %.*s", host, port,
			(int)MIN(ZSTR_LEN(m), 120), ZSTR_VAL(m));
	} else if (rcp_cmds_pack(reply, RCP_SHM_CMDS_MAX, &blob, &ncmds, &e) != RCP_OK) {
		snprintf(cc->cmds_note, sizeof(cc->cmds_note), "%s:%u: %s", host, port, e.msg);
	} else if (rcp_cluster_cmds_learned(cc, ZSTR_VAL(blob), ZSTR_LEN(blob))) {
		zend_string_release(blob);
		return;
	}
	if (blob) {
		zend_string_release(blob);
	}
	cc->cmds_retry_ms = rcp_now_ms() + RCP_CMDS_RETRY_MS;
}

static const char rcp_cluster_shards_cmd[] = "*2\r\n$7\r\nCLUSTER\r\n$6\r\nSHARDS\r\n";

/*
 * The topology from one node: CLUSTER SHARDS (Redis 7.0+: node health, hostnames, TLS ports), else CLUSTER SLOTS.
 * A node that answers SHARDS with an error (an older server, or an ACL user without +cluster|shards) is asked
 * SLOTS at once, and this process asks SLOTS from then on (cc->no_shards). The server's command table rides
 * along with the first discovery (COMMAND in the same flight): no extra round trip.
 */
static rcp_status rcp_fetch_slots(rcp_client *cl, const char *host, uint16_t port, rcp_map **out, rcp_err *err)
{
	rcp_cluster *cc = cl->cluster;
	zval replies[2], *reply = &replies[0];
	rcp_status st;
	rcp_map *map;
	bool learn = rcp_want_cmds(cc), shards;
	char buf[sizeof(rcp_cluster_shards_cmd) + sizeof(rcp_command_cmd)];

	for (;;) {
		const char *topo = cc->no_shards ? rcp_cluster_slots_cmd : rcp_cluster_shards_cmd;
		size_t tlen = cc->no_shards ? sizeof(rcp_cluster_slots_cmd) - 1 : sizeof(rcp_cluster_shards_cmd) - 1;

		shards = !cc->no_shards;
		memcpy(buf, topo, tlen);
		memcpy(buf + tlen, rcp_command_cmd, sizeof(rcp_command_cmd) - 1);
		st = rcp_send_node(cl, host, port, buf, tlen + (learn ? sizeof(rcp_command_cmd) - 1 : 0), learn ? 2 : 1,
			replies, rcp_deadline(cl), err);
		cc->cluster_slots_sent++;
		rcp_cluster_count(cc, RCP_SC_CLUSTER_SLOTS);
		if (st != RCP_OK) {
			return st;
		}
		if (learn) {
			rcp_learn_cmds(cc, host, port, &replies[1]);
			zval_ptr_dtor(&replies[1]);
			learn = false;
		}
		if (shards && rcp_reply_is_error(reply)) {
			zval_ptr_dtor(reply);
			cc->no_shards = true;
			continue;
		}
		break;
	}
	if (rcp_reply_is_error(reply)) {
		zend_string *m = rcp_error_message(reply);
		char addr[RCP_ADDR_MAX];
		snprintf(addr, sizeof(addr), "%s:%u", host, port);
		bool noperm = ZSTR_LEN(m) >= 6 && !memcmp(ZSTR_VAL(m), "NOPERM", 6);
		rcp_err_set(err, noperm ? RCP_E_AUTH : RCP_E_CLUSTER, addr, "%s answered CLUSTER SLOTS with %.*s%s", addr,
			(int)MIN(ZSTR_LEN(m), 200), ZSTR_VAL(m),
			noperm ? " (the ACL user needs +cluster|shards or +cluster|slots to discover the cluster; see the README's "
				"ACL rules)" : "");
		if (noperm) {
			snprintf(err->etype, sizeof(err->etype), "NOPERM");
		}
		zval_ptr_dtor(reply);
		return err->code;
	}
	map = malloc(sizeof(*map));
	st = shards ? rcp_map_from_shards_reply(reply, host, cl->tls != NULL, map, err)
		: rcp_map_from_slots_reply(reply, host, map, err);
	zval_ptr_dtor(reply);
	if (st != RCP_OK) {
		free(map);
		if (shards && st == RCP_E_PROTOCOL) {
			/* a CLUSTER SHARDS of a shape we do not read (a newer server?): CLUSTER SLOTS from now on */
			cc->no_shards = true;
			return rcp_fetch_slots(cl, host, port, out, err);
		}
		return st;
	}
	*out = map;
	return RCP_OK;
}

static const char rcp_hello_cmd[] = "*1\r\n$5\r\nHELLO\r\n";

/*
 * The nodes' availability zones (Valkey 8.0+: HELLO's availability_zone, the node's availability-zone config),
 * for the zone read policies: one HELLO to every node of a new map, all written before any is read (one round
 * trip, on the connections later reads use), once per topology refresh and only in a process where a client
 * has a zone. A node that does not answer, or has no zone (Redis), stays of unknown zone: never a reason to
 * fail the refresh. The zones travel with the map to every worker (shared segment).
 */
static void rcp_read_zones(rcp_client *cl, rcp_map *map)
{
	uint32_t nn = map->nnodes;
	rcp_part *parts = safe_emalloc(nn ? nn : 1, sizeof(rcp_part), 0);
	zval *replies = safe_emalloc(nn ? nn : 1, sizeof(zval), 0);
	uint64_t deadline = rcp_deadline(cl);

	for (uint32_t i = 0; i < nn; i++) {
		memset(&parts[i], 0, sizeof(rcp_part));
		parts[i].conn = rcp_client_conn_ro(cl, map->nodes[i].host, map->nodes[i].port, map->nodes[i].replica != 0);
		parts[i].buf = rcp_hello_cmd;
		parts[i].len = sizeof(rcp_hello_cmd) - 1;
		parts[i].nreplies = 1;
		parts[i].replies = &replies[i];
		ZVAL_UNDEF(&replies[i]);
	}
	rcp_io_run(parts, (int)nn, deadline, rcp_now_ms() + cl->connect_timeout_ms);
	for (uint32_t i = 0; i < nn; i++) {
		zval *az = parts[i].err.code == RCP_OK ? rcp_flat_get(&replies[i], "availability_zone") : NULL;
		if (az && Z_TYPE_P(az) == IS_STRING) {
			rcp_map_set_zone(map, (uint16_t)i, Z_STRVAL_P(az), Z_STRLEN_P(az));
		}
		zval_ptr_dtor(&replies[i]);
	}
	rcp_pool_sweep_parts(parts, (int)nn);
	map->zones_read = 1;
	efree(replies);
	efree(parts);
}

/* Next periodic refresh: interval +/- jitter, so a fleet does not refresh in step. */
static uint64_t rcp_next_refresh(rcp_client *cl)
{
	uint64_t iv = cl->refresh_interval_ms, j;

	if (!iv) {
		return UINT64_MAX;
	}
	j = iv * cl->refresh_jitter_pct / 100;
	if (j) {
		iv = iv - j + (uint64_t)php_mt_rand_range(0, (zend_long)(2 * j));
	}
	return rcp_now_ms() + iv;
}

rcp_status rcp_client_refresh(rcp_client *cl, rcp_err *err)
{
	rcp_cluster *cc = cl->cluster;
	uint32_t n = cc->nseeds + (cc->map ? cc->map->nnodes : 0), i;
	rcp_target *cand = safe_emalloc(n, sizeof(rcp_target), 0);
	smart_str why = {0};
	rcp_map *map = NULL;
	rcp_status st = RCP_E_CLUSTER;
	uint32_t k = 0;
	bool all_io = true, all_timeout = true, all_auth = true;
	char auth_etype[16] = "";

	/* known healthy nodes first (they are current), then suspect ones, then the seeds; each group in random
	 * order, so a fleet never walks the nodes in the same order */
	uint32_t healthy = 0;
	if (cc->map) {
		uint64_t now = rcp_now_ms();
		for (int pass = 0; pass < 2; pass++) {
			for (i = 0; i < cc->map->nnodes; i++) {
				bool suspect = cc->shared && cc->shared_gen == rcp_shm_generation(cc->shared) &&
					rcp_shm_is_suspect(cc->shared, (uint16_t)i, now);
				if (suspect != (pass == 1)) {
					continue;
				}
				memcpy(cand[k].host, cc->map->nodes[i].host, RCP_HOST_MAX);
				cand[k].port = cc->map->nodes[i].port;
				k++;
			}
			if (pass == 0) {
				healthy = k;
			}
		}
	}
	for (i = 0; i < cc->nseeds; i++, k++) {
		memcpy(cand[k].host, cc->seeds[i].host, RCP_HOST_MAX);
		cand[k].port = cc->seeds[i].port;
	}
	uint32_t known = cc->map ? cc->map->nnodes : 0;
	for (i = 0; i + 1 < healthy; i++) {
		uint32_t j = i + (uint32_t)php_mt_rand_range(0, (zend_long)(healthy - i - 1));
		rcp_target t = cand[i]; cand[i] = cand[j]; cand[j] = t;
	}
	for (i = healthy; i + 1 < known; i++) {
		uint32_t j = i + (uint32_t)php_mt_rand_range(0, (zend_long)(known - i - 1));
		rcp_target t = cand[i]; cand[i] = cand[j]; cand[j] = t;
	}
	for (i = known; i + 1 < n; i++) {
		uint32_t j = i + (uint32_t)php_mt_rand_range(0, (zend_long)(n - i - 1));
		rcp_target t = cand[i]; cand[i] = cand[j]; cand[j] = t;
	}
	cc->last_refresh_ms = rcp_now_ms();
	for (i = 0; i < n; i++) {
		rcp_err e = {0};
		bool dup = false;
		for (uint32_t j = 0; j < i; j++) {
			if (cand[j].port == cand[i].port && !strcmp(cand[j].host, cand[i].host)) {
				dup = true;
				break;
			}
		}
		if (dup) {
			continue;
		}
		st = rcp_fetch_slots(cl, cand[i].host, cand[i].port, &map, &e);
		if (st == RCP_OK) {
			break;
		}
		smart_str_appends(&why, why.s ? "; " : "");
		smart_str_appends(&why, e.full && *e.full ? ZSTR_VAL(*e.full) : e.msg);
		all_io = all_io && (e.code == RCP_E_CONNECTION || e.code == RCP_E_TIMEOUT);
		all_timeout = all_timeout && e.code == RCP_E_TIMEOUT;
		all_auth = all_auth && e.code == RCP_E_AUTH;
		if (e.code == RCP_E_AUTH) {
			memcpy(auth_etype, e.etype, sizeof(auth_etype));
		}
	}
	efree(cand);
	if (st == RCP_OK) {
		if (cc->zones_wanted || (cc->shared && rcp_shm_zones_wanted(cc->shared))) {
			rcp_read_zones(cl, map);
		}
		rcp_cluster_publish(cc, map);
		cc->refreshes++;
		cc->refresh_wanted = false;
		rcp_cluster_count(cc, RCP_SC_REFRESHES);
		cc->next_refresh_ms = rcp_next_refresh(cl);
	} else {
		cc->refresh_failures++;
		rcp_cluster_count(cc, RCP_SC_REFRESH_FAILURES);
		smart_str_0(&why);
		rcp_err_set_long(err, &cl->err_full, RCP_E_CLUSTER, NULL, "Cannot discover the cluster topology: %s",
			why.s ? ZSTR_VAL(why.s) : "no seeds");
		if (all_io && why.s) {
			/* no node could be reached at all; every one of them stalled: a timeout */
			err->code = all_timeout ? RCP_E_TIMEOUT : RCP_E_CONNECTION;
		} else if (all_auth && why.s) {
			/* every node refused the credentials or the ACL user's permissions */
			err->code = RCP_E_AUTH;
			memcpy(err->etype, auth_etype, sizeof(err->etype));
		}
	}
	smart_str_free(&why);
	return st;
}

/* A client reading by zone finds a map made before anyone wanted zones (rcp_read_zones): refresh now, whatever
 * the refresh policy, but not more than once per minimum refresh interval. */
static bool rcp_zones_missing(rcp_client *cl)
{
	rcp_cluster *cc = cl->cluster;

	if (!RCP_READ_BY_ZONE(cl->read_policy) || !cc->map || cc->map->zones_read || rcp_now_ms() < cc->zones_retry_ms) {
		return false;
	}
	cc->zones_retry_ms = rcp_now_ms() + cl->refresh_min_interval_ms;
	return true;
}

/*
 * With a shared entry: whoever needs a refresh takes the lease (CAS); everybody else keeps using the map
 * they have, or, having none yet, waits for the holder to publish (bounded by the holder's lease) — so a
 * cold FPM pool sends one CLUSTER SLOTS, not one per worker. A dead or late holder is taken over.
 */
static rcp_status rcp_shared_refresh(rcp_client *cl, bool must, rcp_err *err)
{
	rcp_cluster *cc = cl->cluster;
	rcp_shm_cluster *sc = cc->shared;
	uint64_t lease_ms = 2 * (cl->connect_timeout_ms + cl->rw_timeout_ms) + 1000;
	uint64_t give_up = rcp_now_ms() + lease_ms + cl->connect_timeout_ms;
	rcp_status st;
	bool took_over;

	for (;;) {
		uint64_t now = rcp_now_ms();

		if (rcp_shm_lease_try(sc, now, lease_ms, &took_over)) {
			rcp_cluster_sync(cc);
			if (cc->map && !rcp_shm_refresh_due(sc, now, cl->refresh_min_interval_ms) &&
			    !(RCP_READ_BY_ZONE(cl->read_policy) && !cc->map->zones_read)) {
				rcp_shm_lease_release(sc); /* someone refreshed while we were deciding */
				return RCP_OK;
			}
			st = rcp_client_refresh(cl, err);
			if (st == RCP_OK) {
				rcp_shm_refreshed(sc, rcp_now_ms(), cc->next_refresh_ms);
			} else {
				/* keep the request for a refresh, but not before the minimum interval */
				rcp_shm_refreshed(sc, rcp_now_ms(), rcp_now_ms() + cl->refresh_min_interval_ms);
				rcp_shm_want_refresh(sc);
			}
			rcp_shm_lease_release(sc);
			return (st == RCP_OK || !must || cc->map) ? RCP_OK : st;
		}
		if (!must) {
			return RCP_OK; /* another worker is refreshing; our map still works */
		}
		if (rcp_cluster_sync(cc) || cc->map) {
			return RCP_OK;
		}
		if (now > give_up) {
			return rcp_err_set(err, RCP_E_CLUSTER, NULL,
				"Cannot discover the cluster topology: worker %d holds the refresh lease and published no map in time",
				(int)rcp_shm_lease_holder(sc));
		}
		usleep(2000);
	}
}

rcp_status rcp_client_ready(rcp_client *cl, rcp_err *err)
{
	rcp_cluster *cc = cl->cluster;
	uint64_t now;

	if (!cl->cmd_deadline || cl->cmd_deadline < rcp_now_ms()) {
		rcp_begin(cl); /* called on its own (getSlotMap(), scanAll()...): an operation of its own */
	}
	if (cc->shared) {
		rcp_cluster_sync(cc);
		if (!cc->map) {
			return rcp_shared_refresh(cl, true, err);
		}
		if (rcp_zones_missing(cl) || rcp_shm_refresh_due(cc->shared, rcp_now_ms(), cl->refresh_min_interval_ms)) {
			rcp_err ignored = {0};
			rcp_shared_refresh(cl, false, &ignored);
		}
		return RCP_OK;
	}
	if (!cc->map) {
		return rcp_client_refresh(cl, err);
	}
	now = rcp_now_ms();
	if ((cc->refresh_wanted && now - cc->last_refresh_ms >= cl->refresh_min_interval_ms) ||
	    now >= cc->next_refresh_ms || rcp_zones_missing(cl)) {
		rcp_err ignored = {0};
		/* the old map still works: a failed refresh is retried later, not reported */
		if (rcp_client_refresh(cl, &ignored) != RCP_OK) {
			cc->next_refresh_ms = now + cl->refresh_min_interval_ms;
		}
	}
	return RCP_OK;
}

/* ---- redirects -------------------------------------------------------------------------------- */

/* Parse "MOVED 3999 127.0.0.1:6381" / "ASK ..." into slot and target (empty host: keep current). */
static bool rcp_parse_redirect(zend_string *msg, size_t skip, const rcp_target *cur, int *slot, rcp_target *t)
{
	const char *p = ZSTR_VAL(msg) + skip, *end = ZSTR_VAL(msg) + ZSTR_LEN(msg), *sp, *colon;
	char *pe;
	long s, port;

	s = strtol(p, &pe, 10);
	if (pe == p || *pe != ' ' || s < 0 || s >= RCP_SLOTS) {
		return false;
	}
	sp = pe + 1;
	colon = NULL;
	for (const char *q = end; q > sp; q--) {
		if (q[-1] == ':') {
			colon = q - 1;
			break;
		}
	}
	if (!colon || (size_t)(colon - sp) >= RCP_HOST_MAX) {
		return false;
	}
	port = strtol(colon + 1, &pe, 10);
	if (pe != end || port < 1 || port > 65535) {
		return false;
	}
	if (colon == sp) {
		memcpy(t->host, cur->host, RCP_HOST_MAX);
	} else {
		const char *h = sp, *he = colon;
		if (*h == '[' && he[-1] == ']') {
			h++; he--;
		}
		memcpy(t->host, h, (size_t)(he - h));
		t->host[he - h] = '\0';
	}
	t->port = (uint16_t)port;
	*slot = (int)s;
	return true;
}

/* A reply of a batch (split part, pipeline) that is re-run alone through rcp_exec_at(): a redirect (MOVED, ASK),
 * TRYAGAIN, or READONLY from a demoted primary (the kinds the reader classified it as). */
static bool rcp_is_rerouted(const zval *r)
{
	return ((1u << rcp_reply_kind_of(r)) & RCP_RK_REROUTE_MASK) != 0;
}

/*
 * MOVED: the server names the slot's owner, which is authoritative for that slot. When the owner is a
 * primary we already know, patching the slot is all that is needed (a reshard between known primaries
 * costs no CLUSTER SLOTS at all); an unknown owner (a new node, a failover) asks for a full refresh,
 * rate-limited and single-flight.
 */
static void rcp_map_patch(rcp_cluster *cc, int slot, const rcp_target *t)
{
	uint16_t idx, i;
	bool known = false;

	if (!cc->map) {
		return;
	}
	for (i = 0; i < cc->map->nnodes; i++) {
		if (cc->map->nodes[i].port == t->port && !strcmp(cc->map->nodes[i].host, t->host) && !cc->map->nodes[i].replica) {
			known = true;
			break;
		}
	}
	idx = rcp_map_node(cc->map, t->host, strlen(t->host), t->port, false);
	if (idx != RCP_NO_NODE) {
		cc->map->slots[slot] = idx;
		cc->generation++;
	}
	if (cc->shared) {
		/* every worker stops hitting this MOVED at once; our own copy already has the patch */
		bool current = rcp_shm_generation(cc->shared) == cc->shared_gen;
		if (rcp_shm_patch_slot(cc->shared, slot, t->host, t->port) && current) {
			cc->shared_gen = rcp_shm_generation(cc->shared);
		}
	}
	if (!known) {
		rcp_want_refresh(cc);
	}
}

/*
 * A write answered "-READONLY You can't write against a read only replica" by the node the map calls the slot's
 * primary: that node was demoted (a failover, a managed service replacing a primary) and the map is stale. The
 * error means the command was refused, not applied, so it may be sent again: ask for a refresh now (single flight:
 * the lease holder refreshes, the others pick its map up from the segment) and return the slot's primary in the
 * map we have then, in *t. False when the map still names the same node: the caller backs off and asks again,
 * within the command's deadline.
 */
static bool rcp_reroute_demoted(rcp_client *cl, rcp_target *t)
{
	rcp_cluster *cc = cl->cluster;
	rcp_err ignored = {0};
	uint16_t idx;

	rcp_want_refresh(cc);
	if (cc->shared) {
		rcp_shared_refresh(cl, false, &ignored);
		rcp_cluster_sync(cc);
	} else if (rcp_now_ms() - cc->last_refresh_ms >= cl->refresh_min_interval_ms) {
		rcp_client_refresh(cl, &ignored);
	}
	if (!cc->map || (idx = cc->map->slots[t->slot]) == RCP_NO_NODE ||
	    (cc->map->nodes[idx].port == t->port && !strcmp(cc->map->nodes[idx].host, t->host))) {
		return false;
	}
	memcpy(t->host, cc->map->nodes[idx].host, RCP_HOST_MAX);
	t->port = cc->map->nodes[idx].port;
	return true;
}

/* Wait *ms, then double it up to 200 ms: the pause between retries of TRYAGAIN, CLUSTERDOWN and redirects
 * that go back and forth (the callers bound the total by the command's deadline). */
static void rcp_backoff(uint32_t *ms);

/* After a READONLY from t (its primary demoted): wait, within the deadline, for a map that names another primary
 * of t->slot (the refresh is single flight and rate-limited; sending the write to the demoted node again would
 * only be refused again). True with t pointing at the new primary. */
static bool rcp_await_new_primary(rcp_client *cl, rcp_target *t, uint64_t deadline, uint32_t *backoff_ms)
{
	for (int tries = 0; !rcp_reroute_demoted(cl, t); tries++) {
		if (rcp_now_ms() + *backoff_ms >= deadline || tries >= 16) {
			return false;
		}
		rcp_backoff(backoff_ms);
	}
	return true;
}

static void rcp_backoff(uint32_t *ms)
{
	usleep(*ms * 1000);
	*ms = *ms * 2 > 200 ? 200 : *ms * 2;
}

/* Send one command (req: bytes or argv) to a target, following redirects. */
static rcp_status rcp_exec_at(rcp_client *cl, rcp_target target, const rcp_req *cmdreq, const char *name,
                              zval *reply, rcp_err *err)
{
	uint64_t deadline = rcp_deadline(cl);
	uint32_t hops = 0, backoff_ms = 10;
	rcp_req req = *cmdreq;
	rcp_reply_kind kind;
	rcp_status st;

	req.asking = false;
	for (;;) {
		zval replies[2];

		st = rcp_send_req(cl, target.host, target.port, target.ro, target.read, &req, replies, deadline, err,
			cl->last_node);
		if (st != RCP_OK) {
			rcp_node_outcome(cl->cluster, target.host, target.port, err->code);
			/* name the command; never its arguments */
			rcp_err_append(err, " (command %s)", name);
			return st;
		}
		if (req.asking) {
			zval_ptr_dtor(&replies[0]);
			ZVAL_COPY_VALUE(reply, &replies[1]);
		} else {
			ZVAL_COPY_VALUE(reply, &replies[0]);
		}
		rcp_node_ok(cl->cluster, target.host, target.port);
		req.asking = false;
		kind = rcp_reply_kind_of(reply);
		if (kind == RCP_RK_MOVED || kind == RCP_RK_ASK) {
			bool moved = kind == RCP_RK_MOVED;
			int slot;
			rcp_target next = {0};

			if (!rcp_parse_redirect(rcp_error_message(reply), moved ? 6 : 4, &target, &slot, &next)) {
				return RCP_OK; /* not a redirect we understand: hand the error to the caller */
			}
			zval_ptr_dtor(reply);
			ZVAL_UNDEF(reply);
			/* nodes that disagree for a moment (a slot just moved, its new owner not yet known to all) can
			 * send us back and forth: past a few immediate hops, back off and let the cluster converge, within
			 * the command's deadline */
			if (++hops > RCP_MAX_REDIRECTS && (hops > 16 || rcp_now_ms() + backoff_ms >= deadline)) {
				return rcp_err_set(err, RCP_E_CLUSTER, NULL,
					"%s: too many redirects (%u), last to %s:%u for slot %d: the cluster is resharding or misconfigured",
					name, hops - 1, next.host, next.port, slot);
			}
			if (hops > 2) {
				rcp_backoff(&backoff_ms);
			}
			if (moved) {
				cl->cluster->moved_seen++;
				rcp_cluster_count(cl->cluster, RCP_SC_MOVED);
				rcp_map_patch(cl->cluster, slot, &next);
			} else {
				cl->cluster->ask_seen++;
				rcp_cluster_count(cl->cluster, RCP_SC_ASK);
				req.asking = true;
			}
			next.read = target.read;
			target = next;
			continue;
		}
		if (kind == RCP_RK_TRYAGAIN || kind == RCP_RK_CLUSTERDOWN) {
			if (rcp_now_ms() + backoff_ms < deadline && hops++ < 16) {
				zval_ptr_dtor(reply);
				ZVAL_UNDEF(reply);
				rcp_backoff(&backoff_ms);
				continue;
			}
		}
		if (!target.ro && kind == RCP_RK_READONLY) {
			/* a primary of our map that is a replica now: never applied, so sent again to the slot's new primary */
			cl->cluster->readonly_seen++;
			rcp_want_refresh(cl->cluster);
			if (target.has_slot) {
				/* wait for a map that names another primary (the refresh is single flight and rate-limited):
				 * sending the write to the demoted node again would only be refused again */
				rcp_target next = target;
				if (rcp_await_new_primary(cl, &next, deadline, &backoff_ms)) {
					target = next;
					zval_ptr_dtor(reply);
					ZVAL_UNDEF(reply);
					continue;
				}
			}
		}
		return RCP_OK;
	}
}

/* ---- reads from replicas ------------------------------------------------------------------------ */

int rcp_read_policy_parse(const char *s, size_t len)
{
	static const char *const names[] = {"primary", "prefer_replica", "replica", "any", "az_affinity",
		"az_affinity_replicas_and_primary"};
	for (int i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++) {
		if (strlen(names[i]) == len && !memcmp(names[i], s, len)) {
			return i;
		}
	}
	return -1;
}

/* Whether a command goes through the read policy: read-only, keyed, and the policy is not "primary". */
static bool rcp_is_policy_read(const rcp_client *cl, const rcp_cmd *cmd)
{
	return cl->read_policy != RCP_READ_PRIMARY && (cmd->flags & RCP_CMD_READONLY) &&
		(cmd->route == RCP_ROUTE_KEYED || cmd->route == RCP_ROUTE_MULTI_SHARD);
}

#define RCP_MAX_READ_CANDIDATES 32

/* Shuffle out[from .. to - 1]. */
static void rcp_shuffle(uint16_t *out, int from, int to)
{
	for (int i = from; i + 1 < to; i++) {
		int j = i + (int)php_mt_rand_range(0, to - i - 1);
		uint16_t t = out[i]; out[i] = out[j]; out[j] = t;
	}
}

/*
 * The nodes a read of a slot owned by `primary` may go to, in the order to try them: its healthy replicas in
 * random order, then the primary, then replicas marked suspect by some worker (a recent connection failure:
 * nobody pays their timeout again while another node can answer). "replica" leaves the primary out unless the
 * slot has no replica at all; "any" puts the primary at a random place among the healthy replicas. The zone
 * policies put the healthy replicas of the client's zone first (each group in random order): "az_affinity"
 * then the other replicas, then the primary; "az_affinity_replicas_and_primary" the primary next when it is
 * in the zone too. Nodes of unknown zone (a server without zones) count as another zone.
 */
static int rcp_read_candidates(rcp_client *cl, uint16_t primary, uint16_t *out, int cap)
{
	rcp_cluster *cc = cl->cluster;
	rcp_map *map = cc->map;
	uint64_t now = rcp_now_ms();
	uint16_t suspect[RCP_MAX_READ_CANDIDATES];
	int n = 0, ns = 0, local = 0;
	bool shared_ok = cc->shared && cc->shared_gen == rcp_shm_generation(cc->shared);
	bool by_zone = RCP_READ_BY_ZONE(cl->read_policy);
	uint8_t zone = 0;

	if (by_zone) {
		zone = rcp_map_zone(map, cl->zone);
	}
	for (uint16_t k = 0; k < map->nnodes; k++) {
		/* a replica still loading its data set (or failed) serves no reads: as if it were not there */
		if (!map->nodes[k].replica || map->nodes[k].primary != primary || map->nodes[k].health != RCP_HEALTH_ONLINE) continue;
		if (shared_ok && rcp_shm_is_suspect(cc->shared, k, now)) {
			if (ns < RCP_MAX_READ_CANDIDATES) suspect[ns++] = k;
		} else if (n < cap - 1) {
			out[n++] = k;
			if (zone && map->nodes[k].zone == zone) { /* in-zone replicas to the front */
				uint16_t t = out[local]; out[local] = k; out[n - 1] = t;
				local++;
			}
		}
	}
	rcp_shuffle(out, 0, local);
	rcp_shuffle(out, local, n);
	if (cl->read_policy == RCP_READ_ANY) {
		int at = n ? (int)php_mt_rand_range(0, n) : 0;
		memmove(out + at + 1, out + at, (size_t)(n - at) * sizeof(uint16_t));
		out[at] = primary;
		n++;
	} else if (cl->read_policy == RCP_READ_AZ_AFFINITY_RP && zone && map->nodes[primary].zone == zone) {
		memmove(out + local + 1, out + local, (size_t)(n - local) * sizeof(uint16_t));
		out[local] = primary;
		n++;
	} else if (cl->read_policy != RCP_READ_REPLICA || n + ns == 0) {
		out[n++] = primary;
	}
	for (int i = 0; i < ns && n < cap; i++) {
		out[n++] = suspect[i];
	}
	return n;
}

/*
 * A read by the policy: try the candidates in turn; a connection failure or timeout moves on to the next
 * (reads are safe to repeat) while the operation's deadline allows. The failed node was marked suspect in
 * the shared segment by rcp_exec_at, so other workers skip it.
 */
static rcp_status rcp_exec_read(rcp_client *cl, uint16_t primary, const rcp_req *req, const char *name,
                                zval *reply, rcp_err *err)
{
	uint16_t cand[RCP_MAX_READ_CANDIDATES];
	int n = rcp_read_candidates(cl, primary, cand, RCP_MAX_READ_CANDIDATES);
	rcp_status st = RCP_OK;
	rcp_map *map = cl->cluster->map;

	for (int i = 0; i < n; i++) {
		rcp_target t = {0};
		memcpy(t.host, map->nodes[cand[i]].host, RCP_HOST_MAX);
		t.port = map->nodes[cand[i]].port;
		t.ro = map->nodes[cand[i]].replica != 0;
		t.read = true;
		st = rcp_exec_at(cl, t, req, name, reply, err);
		if (st == RCP_OK || (st != RCP_E_CONNECTION && st != RCP_E_TIMEOUT) || rcp_now_ms() >= cl->cmd_deadline) {
			break;
		}
		cl->cluster->read_retries++;
		rcp_cluster_count(cl->cluster, RCP_SC_READ_RETRIES);
		map = cl->cluster->map;
	}
	return st;
}

/* ---- fan-out to all primaries (or all nodes) -------------------------------------------------- */

static void rcp_merge_replies(const rcp_cmd *cmd, rcp_part *parts, int n, zval *reply)
{
	int i;
	zval *first_err = NULL;

	for (i = 0; i < n; i++) {
		if (rcp_reply_is_error(&parts[i].replies[0])) {
			if (!first_err) {
				first_err = &parts[i].replies[0];
			}
		}
	}
	switch (cmd->merge) {
		case RCP_MERGE_ONE_SUCCEEDED:
			for (i = 0; i < n; i++) {
				if (&parts[i].replies[0] != first_err &&
				    !rcp_reply_is_error(&parts[i].replies[0])) {
					ZVAL_COPY(reply, &parts[i].replies[0]);
					return;
				}
			}
			ZVAL_COPY(reply, first_err);
			return;
		case RCP_MERGE_PER_NODE:
			array_init_size(reply, (uint32_t)n);
			for (i = 0; i < n; i++) {
				Z_TRY_ADDREF(parts[i].replies[0]);
				add_assoc_zval(reply, parts[i].conn ? parts[i].conn->addr : "?", &parts[i].replies[0]);
			}
			return;
		default:
			break;
	}
	if (first_err) {
		ZVAL_COPY(reply, first_err);
		return;
	}
	switch (cmd->merge) {
		case RCP_MERGE_AGG_SUM:
		case RCP_MERGE_AGG_MIN:
		case RCP_MERGE_AGG_MAX: {
			zend_long acc = 0;
			for (i = 0; i < n; i++) {
				zend_long v = zval_get_long(&parts[i].replies[0]);
				if (i == 0) acc = v;
				else if (cmd->merge == RCP_MERGE_AGG_SUM) acc += v;
				else if (cmd->merge == RCP_MERGE_AGG_MIN) acc = MIN(acc, v);
				else acc = MAX(acc, v);
			}
			ZVAL_LONG(reply, acc);
			return;
		}
		case RCP_MERGE_AGG_LOGICAL_AND:
		case RCP_MERGE_AGG_LOGICAL_OR: {
			zval *v;
			ZVAL_COPY(reply, &parts[0].replies[0]);
			if (Z_TYPE_P(reply) != IS_ARRAY) {
				return;
			}
			SEPARATE_ARRAY(reply);
			for (i = 1; i < n; i++) {
				zend_ulong idx;
				if (Z_TYPE(parts[i].replies[0]) != IS_ARRAY) continue;
				ZEND_HASH_FOREACH_NUM_KEY_VAL(Z_ARRVAL(parts[i].replies[0]), idx, v) {
					zval *cur = zend_hash_index_find(Z_ARRVAL_P(reply), idx);
					if (cur) {
						bool r = cmd->merge == RCP_MERGE_AGG_LOGICAL_AND
							? (zval_get_long(cur) && zval_get_long(v)) : (zval_get_long(cur) || zval_get_long(v));
						ZVAL_LONG(cur, r ? 1 : 0);
					}
				} ZEND_HASH_FOREACH_END();
			}
			return;
		}
		case RCP_MERGE_CONCAT: {
			zval *v;
			array_init(reply);
			for (i = 0; i < n; i++) {
				if (Z_TYPE(parts[i].replies[0]) != IS_ARRAY) continue;
				ZEND_HASH_FOREACH_VAL(Z_ARRVAL(parts[i].replies[0]), v) {
					Z_TRY_ADDREF_P(v);
					add_next_index_zval(reply, v);
				} ZEND_HASH_FOREACH_END();
			}
			return;
		}
		default: /* ALL_SUCCEEDED, NONE: the first reply stands for all */
			ZVAL_COPY(reply, &parts[0].replies[0]);
			return;
	}
}

static rcp_status rcp_exec_fanout(rcp_client *cl, const rcp_cmd *cmd, const rcp_req *req, zval *reply,
                                  rcp_err *err)
{
	rcp_wbuf wb = {0};             /* one encoding for every node */
	rcp_map *map = cl->cluster->map;
	bool all = cmd->route == RCP_ROUTE_ALL_NODES;
	rcp_part *parts = safe_emalloc(map->nnodes, sizeof(rcp_part), 0);
	zval *replies = safe_emalloc(map->nnodes, sizeof(zval), 0);
	int n = 0, i;
	rcp_status st = RCP_OK;

	if (!rcp_wbuf_command(&wb, req->argc, req->argv, req->argvlen)) {
		efree(parts);
		efree(replies);
		return rcp_err_set(err, RCP_E_MEMORY, NULL, "%s: out of memory encoding the command", cmd->name);
	}
	for (uint16_t k = 0; k < map->nnodes; k++) {
		if (map->nodes[k].replica && !all) {
			continue;
		}
		rcp_part_init(&parts[n], NULL);
		parts[n].conn = rcp_client_conn(cl, map->nodes[k].host, map->nodes[k].port);
		parts[n].buf = wb.p;
		parts[n].len = wb.len;
		parts[n].nreplies = 1;
		parts[n].replies = &replies[n];
		ZVAL_UNDEF(&replies[n]);
		n++;
	}
	rcp_io_run(parts, n, rcp_deadline(cl), rcp_now_ms() + cl->connect_timeout_ms);
	for (i = 0; i < n; i++) {
		if (parts[i].err.code != RCP_OK) {
			*err = parts[i].err;
			rcp_err_append(err, " (command %s sent to all %s)", cmd->name,
				all ? "nodes" : "primaries");
			st = err->code;
			if (parts[i].conn) {
				rcp_node_outcome(cl->cluster, parts[i].conn->host, (uint16_t)parts[i].conn->port, parts[i].err.code);
			} else {
				rcp_want_refresh(cl->cluster);
			}
			break;
		}
	}
	if (st == RCP_OK) {
		for (i = 0; i < n; i++) {
			if (!all && rcp_reply_kind_of(&replies[i]) == RCP_RK_READONLY) {
				/* a primary of our map was demoted: the map is stale (nothing to re-route: every primary) */
				cl->cluster->readonly_seen++;
				rcp_want_refresh(cl->cluster);
			}
		}
		rcp_merge_replies(cmd, parts, n, reply);
		for (i = 0; i < n; i++) {
			if (rcp_reply_is_error(&replies[i]) && parts[i].conn) {
				snprintf(cl->last_node, sizeof(cl->last_node), "%s", parts[i].conn->addr);
				break;
			}
		}
	}
	rcp_pool_sweep_parts(parts, n);
	for (i = 0; i < n; i++) {
		zval_ptr_dtor(&replies[i]);
	}
	efree(parts);
	efree(replies);
	rcp_wbuf_free(&wb, false);
	return st;
}


/* ---- multi-key commands split by slot (MGET, MSET, DEL, UNLINK, EXISTS, TOUCH) ------------------- */

/*
 * Redis refuses a multi-key command whose keys span slots even when one node owns them all, so the
 * command is cut into one sub-command per slot; the sub-commands of one node travel in one write, and all
 * nodes are written before any reply is read: one round trip in parallel, whatever the number of nodes.
 * A key "unit" is the key and the arguments up to the next key (MSET: key value).
 */
typedef struct {
	int slot;
	uint16_t primary;     /* owner of the slot */
	uint16_t node;        /* where the part goes: the primary, or for a policy read a replica of it */
	uint32_t nunits;
	uint32_t *units;      /* indexes into the key list, in caller order */
	uint32_t part;        /* which batch part carries it */
	uint32_t reply_idx;   /* index of its reply in that part */
} rcp_group;

/*
 * Some parts of a split command failed (I/O failure or error reply) while others succeeded: keep, for the
 * binding's PartialFailureException, what succeeded and what failed, so nothing is silently dropped:
 *   cl->partial = ["results"   => MGET: [key index => value] of the keys that were read;
 *                                 summed commands: the sum over the parts that succeeded; MSET: null,
 *                  "succeeded" => keys whose part succeeded (caller order, as sent),
 *                  "failures"  => one entry per failing node: ["node", "keys", "error", "code" (rcp_status)]]
 */
static void rcp_split_partial(rcp_client *cl, const rcp_cmd *cmd, const char *const *argv, const size_t *argvlen,
                              const int *pos, int nkeys, const rcp_group *groups, uint32_t ngroups,
                              const rcp_part *parts, rcp_err *const *gerr, const rcp_map *map)
{
	uint32_t *group_of_key = safe_emalloc((size_t)nkeys, sizeof(uint32_t), 0);
	bool *group_ok = ecalloc(ngroups, sizeof(bool));
	zval *vals = NULL, results, succeeded, failures, *f;
	HashTable by_node;
	zend_long sum = 0;
	uint32_t g, u;

	zend_hash_init(&by_node, 4, NULL, NULL, 0);
	for (g = 0; g < ngroups; g++) {
		const zval *r = &parts[groups[g].part].replies[groups[g].reply_idx];
		for (u = 0; u < groups[g].nunits; u++) {
			group_of_key[groups[g].units[u]] = g;
		}
		group_ok[g] = !gerr[g] && !rcp_reply_is_error(r);
	}
	if (cmd->merge == RCP_MERGE_AGG_SUM) {
		for (g = 0; g < ngroups; g++) {
			if (group_ok[g]) sum += zval_get_long(&parts[groups[g].part].replies[groups[g].reply_idx]);
		}
		ZVAL_LONG(&results, sum);
	} else if (cmd->merge == RCP_MERGE_ALL_SUCCEEDED) {
		ZVAL_NULL(&results);
	} else {
		vals = ecalloc((size_t)nkeys, sizeof(zval)); /* IS_UNDEF */
		for (g = 0; g < ngroups; g++) {
			const zval *r = &parts[groups[g].part].replies[groups[g].reply_idx];
			zval *v;
			if (!group_ok[g] || Z_TYPE_P(r) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(r)) != groups[g].nunits) {
				group_ok[g] = false;
				continue;
			}
			u = 0;
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(r), v) {
				ZVAL_COPY(&vals[groups[g].units[u++]], v);
			} ZEND_HASH_FOREACH_END();
		}
		array_init(&results);
	}
	array_init(&succeeded);
	for (int k = 0; k < nkeys; k++) {
		g = group_of_key[k];
		if (group_ok[g]) {
			add_next_index_stringl(&succeeded, argv[pos[k]], argvlen[pos[k]]);
			if (vals) add_index_zval(&results, (zend_ulong)k, &vals[k]);
			continue;
		}
		/* failed: file the key under its node (first failure of that node gives the error) */
		char addr[RCP_ADDR_MAX];
		const zval *r = &parts[groups[g].part].replies[groups[g].reply_idx];
		if (gerr[g] && gerr[g]->node[0]) {
			snprintf(addr, sizeof(addr), "%s", gerr[g]->node);
		} else {
			rcp_node_addr(&map->nodes[groups[g].node], addr, sizeof(addr));
		}
		if (!(f = zend_hash_str_find(&by_node, addr, strlen(addr)))) {
			zval entry, keys;
			array_init_size(&entry, 4);
			add_assoc_string(&entry, "node", addr);
			array_init(&keys);
			add_assoc_zval(&entry, "keys", &keys);
			if (gerr[g]) {
				add_assoc_string(&entry, "error", gerr[g]->msg);
				add_assoc_long(&entry, "code", gerr[g]->code);
			} else if (!rcp_reply_is_error(r)) {
				add_assoc_string(&entry, "error", "unexpected reply to the part");
				add_assoc_long(&entry, "code", RCP_E_PROTOCOL);
			} else {
				add_assoc_str(&entry, "error", zend_string_copy(rcp_error_message((zval *)r)));
				add_assoc_long(&entry, "code", RCP_E_SERVER);
			}
			f = zend_hash_str_add_new(&by_node, addr, strlen(addr), &entry);
		}
		add_next_index_stringl(zend_hash_str_find(Z_ARRVAL_P(f), "keys", 4), argv[pos[k]], argvlen[pos[k]]);
	}
	array_init_size(&failures, zend_hash_num_elements(&by_node));
	ZEND_HASH_FOREACH_VAL(&by_node, f) {
		add_next_index_zval(&failures, f);
	} ZEND_HASH_FOREACH_END();
	zend_hash_destroy(&by_node); /* no destructor: the entries moved into failures */
	zval_ptr_dtor(&cl->partial);
	array_init_size(&cl->partial, 3);
	add_assoc_zval(&cl->partial, "results", &results);
	add_assoc_zval(&cl->partial, "succeeded", &succeeded);
	add_assoc_zval(&cl->partial, "failures", &failures);
	if (vals) efree(vals); /* values moved into results; failed ones were never set */
	efree(group_ok);
	efree(group_of_key);
}

#define RCP_SPLIT_LINEAR 64

/* The arguments of group g's sub-command into sub_argv/sub_lens (room for argc): the command name and anything
 * before the first key, then each of its key units. Returns how many. */
static int rcp_group_argv(const rcp_group *g, int argc, const char *const *argv, const size_t *argvlen,
                          const int *pos, int nkeys, const char **sub_argv, size_t *sub_lens)
{
	int n = 0;

	for (int a = 0; a < pos[0]; a++) {
		sub_argv[n] = argv[a];
		sub_lens[n++] = argvlen[a];
	}
	for (uint32_t i = 0; i < g->nunits; i++) {
		int k = (int)g->units[i];
		int end = k + 1 < nkeys ? pos[k + 1] : argc;
		for (int a = pos[k]; a < end; a++) {
			sub_argv[n] = argv[a];
			sub_lens[n++] = argvlen[a];
		}
	}
	return n;
}

static rcp_status rcp_exec_split(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                                 const size_t *argvlen, const int *pos, int nkeys, zval *reply, rcp_err *err)
{
	rcp_map *map = cl->cluster->map;
	rcp_group *groups = safe_emalloc((size_t)MIN(nkeys, RCP_SLOTS), sizeof(rcp_group), 0);
	/* the group of each slot: a table of every slot only for many keys; a few keys search the groups so far
	 * (a 32 KiB table to clear cost more than the whole split of a MGET of 10) */
	int16_t *group_of_slot = nkeys > RCP_SPLIT_LINEAR ? emalloc(sizeof(int16_t) * RCP_SLOTS) : NULL;
	uint32_t *group_of_k = safe_emalloc((size_t)nkeys, sizeof(uint32_t), 0); /* each key's group: slot computed once */
	uint32_t *unit_mem = safe_emalloc((size_t)nkeys, sizeof(uint32_t), 0);
	uint32_t ngroups = 0, nparts = 0, g, i;
	rcp_part *parts = NULL;
	zval *replies = NULL;
	bool replies_set = false;
	rcp_status st = RCP_OK;
	const char **sub_argv = NULL;
	size_t *sub_lens = NULL;
	int32_t *part_of_node = NULL;
	rcp_err **gerr = NULL;       /* per group: its I/O failure (its part's error, or its re-run's), NULL when fine */
	rcp_err *rerr = NULL;        /* errors of redirected groups whose re-run failed */
	uint32_t *rerr_group = NULL, nrerr = 0, maxparts;

	bool policy_read = rcp_is_policy_read(cl, cmd);
	uint16_t *read_node = NULL;  /* policy reads: the node chosen for each primary, once per command */
	size_t room = rcp_mem_headroom();

	if (room != SIZE_MAX) {
		/* what splitting takes in request memory (the sub-commands' bytes, per-slot groups and replies, the
		 * merged reply), refused before anything is sent rather than dying half-way under memory_limit */
		size_t bytes = 0, need;
		for (int a = 0; a < argc; a++) {
			bytes += argvlen[a] + 16;
		}
		need = 2 * bytes + (size_t)argc * 16 + (size_t)nkeys * 56 +
			(size_t)MIN(nkeys, RCP_SLOTS) * (sizeof(rcp_group) + 16 + 200);
		if (need > room) {
			if (group_of_slot) {
				efree(group_of_slot);
			}
			efree(group_of_k);
			efree(unit_mem);
			efree(groups);
			return rcp_err_set(err, RCP_E_MEMORY, NULL, "%s of %d keys over several slots needs about %zu bytes of "
				"request memory to split and merge, more than memory_limit (%lld bytes, %zu in use) leaves; nothing "
				"was sent", cmd->name, nkeys, need, (long long)PG(memory_limit), zend_memory_usage(true));
		}
	}

	if (policy_read) {
		read_node = safe_emalloc(map->nnodes, sizeof(uint16_t), 0);
		memset(read_node, 0xff, sizeof(uint16_t) * map->nnodes);
	}
	if (group_of_slot) {
		memset(group_of_slot, 0xff, sizeof(int16_t) * RCP_SLOTS);
	}
	/* 1. group the keys by slot, remembering the caller's order */
	for (int k = 0; k < nkeys; k++) {
		int slot = rcp_key_slot(argv[pos[k]], argvlen[pos[k]]);
		int32_t found = -1;
		if (group_of_slot) {
			found = group_of_slot[slot];
		} else {
			for (uint32_t q = ngroups; q-- > 0; ) { /* the latest first: keys of a slot often come together */
				if (groups[q].slot == slot) {
					found = (int32_t)q;
					break;
				}
			}
		}
		if (found >= 0) {
			group_of_k[k] = (uint32_t)found;
		} else {
			if (map->slots[slot] == RCP_NO_NODE) {
				rcp_want_refresh(cl->cluster);
				st = rcp_err_set(err, RCP_E_CLUSTER, NULL, "%s: slot %d is not served by any node", cmd->name, slot);
				goto out_groups;
			}
			if (group_of_slot) {
				group_of_slot[slot] = (int16_t)ngroups;
			}
			group_of_k[k] = ngroups;
			groups[ngroups].slot = slot;
			groups[ngroups].primary = map->slots[slot];
			groups[ngroups].node = map->slots[slot];
			if (policy_read) {
				uint16_t pr = map->slots[slot];
				if (read_node[pr] == RCP_NO_NODE) {
					uint16_t cand[RCP_MAX_READ_CANDIDATES];
					rcp_read_candidates(cl, pr, cand, RCP_MAX_READ_CANDIDATES);
					read_node[pr] = cand[0];
				}
				groups[ngroups].node = read_node[pr];
			}
			groups[ngroups].nunits = 0;
			ngroups++;
		}
	}
	{
		/* lay the unit lists out contiguously, group by group */
		uint32_t off = 0;
		uint32_t *count = ecalloc(ngroups, sizeof(uint32_t));
		for (int k = 0; k < nkeys; k++) {
			count[group_of_k[k]]++;
		}
		for (g = 0; g < ngroups; g++) {
			groups[g].units = unit_mem + off;
			off += count[g];
		}
		efree(count);
		for (int k = 0; k < nkeys; k++) {
			rcp_group *gr = &groups[group_of_k[k]];
			gr->units[gr->nunits++] = (uint32_t)k;
		}
	}
	/* 2. the arguments of a group's sub-command are picked from argv when it is encoded (step 3, or a re-run) */
	sub_argv = safe_emalloc((size_t)argc, sizeof(char *), 0);
	sub_lens = safe_emalloc((size_t)argc, sizeof(size_t), 0);
	/* 3. one part per node, its sub-commands pipelined */
	part_of_node = emalloc(sizeof(int32_t) * map->nnodes);
	memset(part_of_node, 0xff, sizeof(int32_t) * map->nnodes);
	/* per node, not per slot: a part (with its error context) for each node the keys live on */
	maxparts = MIN(ngroups, (uint32_t)map->nnodes);
	parts = safe_emalloc(maxparts, sizeof(rcp_part), 0);
	replies = safe_emalloc(ngroups, sizeof(zval), 0);
	for (g = 0; g < ngroups; g++) {
		int32_t pi = part_of_node[groups[g].node];
		if (pi < 0) {
			pi = (int32_t)nparts++;
			part_of_node[groups[g].node] = pi;
			rcp_part_init(&parts[pi], NULL);
			parts[pi].conn = rcp_client_conn_ro(cl, map->nodes[groups[g].node].host, map->nodes[groups[g].node].port,
				map->nodes[groups[g].node].replica != 0);
			rcp_wbuf_reset(&parts[pi].conn->wbuf);
		}
		groups[g].part = (uint32_t)pi;
		groups[g].reply_idx = parts[pi].nreplies++;
		/* the sub-command encoded straight into the connection's buffer (no copy, no allocation once warm) */
		if (!rcp_wbuf_command(&parts[pi].conn->wbuf, rcp_group_argv(&groups[g], argc, argv, argvlen, pos, nkeys,
		                      sub_argv, sub_lens), sub_argv, sub_lens)) {
			st = rcp_err_set(err, RCP_E_MEMORY, NULL, "%s: out of memory encoding the command", cmd->name);
			nparts = 0;
			goto out;
		}
	}
	{
		/* replies of a part are contiguous: lay them out part by part */
		uint32_t off = 0;
		for (i = 0; i < nparts; i++) {
			parts[i].replies = replies + off;
			parts[i].buf = parts[i].conn->wbuf.p;
			parts[i].len = parts[i].conn->wbuf.len;
			off += parts[i].nreplies;
		}
		for (i = 0; i < ngroups; i++) {
			ZVAL_UNDEF(&replies[i]);
		}
		replies_set = true;
	}
	rcp_io_run(parts, (int)nparts, rcp_deadline(cl), rcp_now_ms() + cl->connect_timeout_ms);
	gerr = ecalloc(ngroups, sizeof(rcp_err *));
	for (i = 0; i < nparts; i++) {
		if (parts[i].err.code != RCP_OK && !parts[i].err.node[0] && parts[i].conn) {
			snprintf(parts[i].err.node, sizeof(parts[i].err.node), "%s", parts[i].conn->addr);
		}
	}
	for (g = 0; g < ngroups; g++) {
		rcp_part *pt = &parts[groups[g].part];
		gerr[g] = pt->err.code != RCP_OK ? &pt->err : NULL;
	}
	for (i = 0; i < nparts; i++) {
		if (parts[i].err.code != RCP_OK) {
			if (parts[i].conn) {
				rcp_node_outcome(cl->cluster, parts[i].conn->host, (uint16_t)parts[i].conn->port, parts[i].err.code);
			} else {
				rcp_want_refresh(cl->cluster);
			}
		}
	}
	rcp_parts_trim(parts, nparts);
	rcp_pool_sweep_parts(parts, (int)nparts);
	/* 4. a sub-command that was redirected (MOVED/ASK/TRYAGAIN) is re-run alone, following redirects;
	 * only that part moves, the others keep their replies. A policy read whose node failed is re-run on
	 * the slot's other nodes. */
	for (g = 0; g < ngroups; g++) {
		zval *r = &parts[groups[g].part].replies[groups[g].reply_idx];
		if (policy_read && gerr[g] && (gerr[g]->code == RCP_E_CONNECTION || gerr[g]->code == RCP_E_TIMEOUT) &&
		    rcp_now_ms() < cl->cmd_deadline) {
			zval again;
			rcp_err e2 = {0};
			zval_ptr_dtor(r);
			ZVAL_UNDEF(r);
			cl->cluster->read_retries++;
			rcp_cluster_count(cl->cluster, RCP_SC_READ_RETRIES);
			rcp_req req = {.argv = sub_argv, .argvlen = sub_lens, .nreplies = 1};
			req.argc = rcp_group_argv(&groups[g], argc, argv, argvlen, pos, nkeys, sub_argv, sub_lens);
			if (rcp_exec_read(cl, groups[g].primary, &req, cmd->name, &again, &e2) == RCP_OK) {
				ZVAL_COPY_VALUE(r, &again);
				gerr[g] = NULL;
			}
			map = cl->cluster->map;
			continue;
		}
		if (!gerr[g] && (parts[groups[g].part].kinds & RCP_RK_REROUTE_MASK) && rcp_is_rerouted(r)) {
			rcp_target t = {0};
			zval again;
			rcp_req req = {.argv = sub_argv, .argvlen = sub_lens, .nreplies = 1};
			req.argc = rcp_group_argv(&groups[g], argc, argv, argvlen, pos, nkeys, sub_argv, sub_lens);
			memcpy(t.host, map->nodes[groups[g].node].host, RCP_HOST_MAX);
			t.port = map->nodes[groups[g].node].port;
			t.ro = map->nodes[groups[g].node].replica != 0;
			t.read = (cmd->flags & RCP_CMD_READONLY) != 0;
			t.has_slot = true;
			t.slot = (uint16_t)groups[g].slot;
			zval_ptr_dtor(r);
			ZVAL_UNDEF(r);
			rerr = erealloc(rerr, sizeof(rcp_err) * (nrerr + 1)); /* rare: a redirected part that then failed */
			if (rcp_exec_at(cl, t, &req, cmd->name, &again, &rerr[nrerr]) == RCP_OK) {
				ZVAL_COPY_VALUE(r, &again);
			} else {
				if (!rerr[nrerr].node[0]) {
					snprintf(rerr[nrerr].node, sizeof(rerr[nrerr].node), "%s:%u", t.host, (unsigned)t.port);
				}
				rerr_group = erealloc(rerr_group, sizeof(uint32_t) * (nrerr + 1));
				rerr_group[nrerr++] = g;
			}
			map = cl->cluster->map;
		}
	}
	for (i = 0; i < nrerr; i++) { /* rerr no longer moves */
		gerr[rerr_group[i]] = &rerr[i];
	}
	/* 5. merge. Any failed part (I/O failure or error reply) makes the whole command fail; when other
	 * parts succeeded, what they returned is kept in cl->partial for the binding's PartialFailureException */
	{
		uint32_t io_failed = 0, err_replies = 0, first_io = UINT32_MAX, first_erep = UINT32_MAX;
		for (g = 0; g < ngroups; g++) {
			zval *r = &parts[groups[g].part].replies[groups[g].reply_idx];
			if (gerr[g]) {
				io_failed++;
				if (first_io == UINT32_MAX) first_io = g;
			} else if (rcp_reply_is_error(r)) {
				err_replies++;
				if (first_erep == UINT32_MAX) first_erep = g;
			}
		}
		if (io_failed || err_replies) {
			if (io_failed + err_replies < ngroups) {
				rcp_split_partial(cl, cmd, argv, argvlen, pos, nkeys, groups, ngroups, parts, gerr, map);
			}
			if (io_failed) {
				uint32_t affected = 0;
				*err = *gerr[first_io];
				for (g = 0; g < ngroups; g++) {
					if (gerr[g]) affected += groups[g].nunits;
				}
				rcp_err_append(err, " (command %s: %u of its %d keys failed%s)", cmd->name,
					affected, nkeys, !Z_ISUNDEF(cl->partial) ? ((cmd->flags & RCP_CMD_WRITE)
						? "; the parts sent to other nodes were applied" : "; the other parts succeeded") : "");
				st = err->code;
			} else {
				zval *r = &parts[groups[first_erep].part].replies[groups[first_erep].reply_idx];
				rcp_node_addr(&map->nodes[groups[first_erep].node], cl->last_node, sizeof(cl->last_node));
				ZVAL_COPY(reply, r);
			}
			goto out;
		}
	}
	if (cmd->merge == RCP_MERGE_AGG_SUM) {
		zend_long sum = 0;
		for (g = 0; g < ngroups; g++) {
			sum += zval_get_long(&parts[groups[g].part].replies[groups[g].reply_idx]);
		}
		ZVAL_LONG(reply, sum);
	} else if (cmd->merge == RCP_MERGE_ALL_SUCCEEDED) {
		ZVAL_COPY(reply, &parts[groups[0].part].replies[groups[0].reply_idx]);
	} else {
		/* values in key order (MGET), moved out of the parts' replies (ours alone: no reference counting) into
		 * a packed array filled in one pass */
		zval *out = ecalloc((size_t)nkeys, sizeof(zval));
		for (g = 0; g < ngroups; g++) {
			zval *r = &parts[groups[g].part].replies[groups[g].reply_idx], *v;
			uint32_t u = 0;
			if (Z_TYPE_P(r) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(r)) != groups[g].nunits) {
				st = rcp_err_set(err, RCP_E_PROTOCOL, NULL, "%s: a node answered a part with an unexpected reply", cmd->name);
				for (int k = 0; k < nkeys; k++) zval_ptr_dtor(&out[k]);
				efree(out);
				goto out;
			}
			SEPARATE_ARRAY(r);
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(r), v) {
				ZVAL_COPY_VALUE(&out[groups[g].units[u++]], v);
				ZVAL_NULL(v);
			} ZEND_HASH_FOREACH_END();
		}
		array_init_size(reply, (uint32_t)nkeys);
		zend_hash_real_init_packed(Z_ARRVAL_P(reply));
		ZEND_HASH_FILL_PACKED(Z_ARRVAL_P(reply)) {
			for (int k = 0; k < nkeys; k++) {
				ZEND_HASH_FILL_ADD(&out[k]);
			}
		} ZEND_HASH_FILL_END();
		efree(out);
	}
out:
	for (i = 0; i < ngroups && replies_set; i++) {
		zval_ptr_dtor(&replies[i]);
	}
	efree(parts);
	efree(replies);
	if (gerr) efree(gerr);
	if (rerr) efree(rerr);
	if (rerr_group) efree(rerr_group);
out_groups:
	if (sub_argv) efree((void *)sub_argv);
	if (sub_lens) efree(sub_lens);
	if (part_of_node) efree(part_of_node);
	if (read_node) efree(read_node);
	efree(unit_mem);
	if (group_of_slot) {
		efree(group_of_slot);
	}
	efree(group_of_k);
	efree(groups);
	return st;
}

/* ---- scripts: NOSCRIPT fallback ---------------------------------------------------------------- */

/* Remember the body of an EVAL / EVAL_RO / SCRIPT LOAD, for a later NOSCRIPT on EVALSHA. */
static void rcp_script_note(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen)
{
	if (!(cmd->flags & RCP_CMD_NOSCRIPT)) {
		return; /* cheap filter: every scripting command has the "noscript" flag */
	}
	if ((!strcmp(cmd->name, "EVAL") || !strcmp(cmd->name, "EVAL_RO")) && argc > 1) {
		rcp_script_learn(argv[1], argvlen[1]);
	} else if (!strcmp(cmd->name, "SCRIPT|LOAD") && argc > 2) {
		rcp_script_learn(argv[2], argvlen[2]);
	}
}

/* An EVALSHA / EVALSHA_RO answered NOSCRIPT whose body this process knows. */
static bool rcp_noscript_recoverable(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                                     zval *reply)
{
	return (cmd->flags & RCP_CMD_NOSCRIPT) && argc > 1 && rcp_reply_kind_of(reply) == RCP_RK_NOSCRIPT &&
		(!strcmp(cmd->name, "EVALSHA") || !strcmp(cmd->name, "EVALSHA_RO")) &&
		rcp_script_body(argv[1], argvlen[1]) != NULL;
}

/* Re-send an EVALSHA that got NOSCRIPT as EVAL with the body (same keys and arguments, same node). */
static rcp_status rcp_noscript_fallback(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                                        const size_t *argvlen, rcp_target target, zval *reply, rcp_err *err)
{
	zend_string *body = rcp_script_body(argv[1], argvlen[1]);
	const char **av = safe_emalloc((size_t)argc, sizeof(char *), 0);
	size_t *lens = safe_emalloc((size_t)argc, sizeof(size_t), 0);
	bool ro = !strcmp(cmd->name, "EVALSHA_RO");
	rcp_req req = {.argc = argc, .argv = av, .argvlen = lens, .nreplies = 1};
	rcp_status st;

	av[0] = ro ? "EVAL_RO" : "EVAL";
	lens[0] = ro ? 7 : 4;
	av[1] = ZSTR_VAL(body);
	lens[1] = ZSTR_LEN(body);
	for (int i = 2; i < argc; i++) {
		av[i] = argv[i];
		lens[i] = argvlen[i];
	}
	zval_ptr_dtor(reply);
	ZVAL_UNDEF(reply);
	cl->cluster->noscript_fallbacks++;
	rcp_cluster_count(cl->cluster, RCP_SC_NOSCRIPT_FALLBACKS);
	st = rcp_exec_at(cl, target, &req, ro ? "EVAL_RO" : "EVAL", reply, err);
	efree(av);
	efree(lens);
	return st;
}

/* ---- commands for chosen nodes ------------------------------------------------------------------ */

rcp_status rcp_exec_on_nodes(rcp_client *cl, const rcp_node_batch *b, uint32_t nn, zval *replies, rcp_err *err)
{
	rcp_map *map = cl->cluster->map;
	rcp_part *parts = safe_emalloc(nn ? nn : 1, sizeof(rcp_part), 0);
	bool *retry = ecalloc(nn ? nn : 1, sizeof(bool)), *was_new = ecalloc(nn ? nn : 1, sizeof(bool));
	uint32_t *which = safe_emalloc(nn ? nn : 1, sizeof(uint32_t), 0);
	rcp_status st = RCP_OK;
	uint64_t deadline;

	rcp_begin(cl);
	deadline = rcp_deadline(cl);
	for (int attempt = 0; attempt < 2; attempt++) {
		uint32_t np = 0;

		for (uint32_t i = 0; i < nn; i++) {
			const rcp_node *node = &map->nodes[b[i].node];
			if (attempt == 1 && !retry[i]) {
				continue;
			}
			rcp_part_init(&parts[np], NULL);
			parts[np].conn = rcp_client_conn_ro(cl, node->host, node->port, node->replica != 0);
			was_new[np] = parts[np].conn->state == RCP_CONN_NEW;
			parts[np].buf = b[i].buf;
			parts[np].len = b[i].len;
			parts[np].nreplies = b[i].count;
			parts[np].replies = replies + b[i].first;
			for (uint32_t r = 0; r < b[i].count; r++) {
				ZVAL_UNDEF(&parts[np].replies[r]);
			}
			which[np++] = i;
		}
		if (np == 0) {
			break;
		}
		rcp_io_run(parts, (int)np, deadline, rcp_now_ms() + cl->connect_timeout_ms);
		memset(retry, 0, nn * sizeof(bool));
		for (uint32_t k = 0; k < np; k++) {
			const rcp_node *node = &map->nodes[b[which[k]].node];
			if (parts[k].err.code == RCP_OK) {
				continue;
			}
			for (uint32_t r = 0; r < parts[k].nreplies; r++) {
				zval_ptr_dtor(&parts[k].replies[r]);
				ZVAL_UNDEF(&parts[k].replies[r]);
			}
			if (attempt == 0 && !was_new[k] && !parts[k].wrote_any && parts[k].err.code == RCP_E_CONNECTION) {
				retry[which[k]] = true;
				continue;
			}
			rcp_node_outcome(cl->cluster, node->host, node->port, parts[k].err.code);
			if (st == RCP_OK) {
				*err = parts[k].err;
				st = err->code;
			}
		}
		rcp_pool_sweep_parts(parts, (int)np);
	}
	efree(which);
	efree(was_new);
	efree(retry);
	efree(parts);
	return st;
}

/* ---- entry point ------------------------------------------------------------------------------ */

bool rcp_cmd_node_cursor(const rcp_cmd *cmd)
{
	return !strcmp(cmd->name, "SCAN");
}

bool rcp_cmd_node_only(const rcp_cmd *cmd)
{
	/* SCAN's cursor is one node's; the CLUSTER administration subcommands (SETSLOT, ADDSLOTS, DELSLOTSRANGE,
	 * COUNTKEYSINSLOT, FORGET, MEET, REPLICATE, FAILOVER, RESET...) act on, or ask, the node they are sent to
	 * and leave no state on the connection: meaningful only where the caller names the node */
	return rcp_cmd_node_cursor(cmd) || !strncmp(cmd->name, "CLUSTER|", 8);
}

rcp_status rcp_cmd_unsupported(const rcp_cmd *cmd, rcp_err *err)
{
	if (rcp_cmd_node_cursor(cmd)) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"SCAN cannot be sent to a cluster as one command: every node has its own cursor; use "
			"RedisClusterPool::scanAll() to walk the keys of every primary");
	}
	if (rcp_cmd_node_only(cmd)) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"CLUSTER %s acts on the node it is sent to: send it to a named node with rawOnNodes() (Predis: "
			"$client->getConnection()->getConnectionById('host:port')->executeCommand(...))", cmd->name + 8);
	}
	return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
		"%s is not supported by RedisClusterPool: it changes or depends on per-connection state that a "
		"shared pool cannot keep", cmd->name);
}

#define RCP_SLOTS_SHOWN 8

rcp_status rcp_exec_node(rcp_client *cl, const char *host, uint16_t port, int argc, const char *const *argv,
                         const size_t *argvlen, const char *name, zval *reply, rcp_err *err)
{
	rcp_target t = {0};
	rcp_req req = {.argc = argc, .argv = argv, .argvlen = argvlen, .nreplies = 1};

	ZVAL_UNDEF(reply);
	rcp_begin(cl);
	if (strlen(host) >= RCP_HOST_MAX) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s: node host name too long", name);
	}
	snprintf(t.host, sizeof(t.host), "%s", host);
	t.port = port;
	return rcp_exec_at(cl, t, &req, name, reply, err);
}

static rcp_status rcp_exec_one(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                               const size_t *argvlen, zval *reply, rcp_err *err);

/* Every command of the API goes through one of the three entries below: counted per name (pool-wide metrics). */
rcp_status rcp_exec(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                    zval *reply, rcp_err *err)
{
	rcp_status st = rcp_exec_one(cl, cmd, argc, argv, argvlen, reply, err);

	rcp_metrics_command(cl->cluster->shared, cmd, st != RCP_OK || rcp_metrics_is_error(reply));
	return st;
}

static rcp_status rcp_exec_one(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                               const size_t *argvlen, zval *reply, rcp_err *err)
{
	int stackpos[RCP_KEYS_STACK], *pos = stackpos, nkeys, i;
	char ebuf[256];
	int slot = -1;
	rcp_target target;
	rcp_req req = {.argc = argc, .argv = argv, .argvlen = argvlen, .nreplies = 1};
	rcp_status st;

	ZVAL_UNDEF(reply);
	rcp_begin(cl);
	zval_ptr_dtor(&cl->partial); /* only ever describes the last command */
	ZVAL_UNDEF(&cl->partial);
	if (cmd->route == RCP_ROUTE_UNSUPPORTED) {
		return rcp_cmd_unsupported(cmd, err);
	}
	rcp_script_note(cmd, argc, argv, argvlen);
	nkeys = rcp_cmd_keys_into(cmd, argc, argv, argvlen, stackpos, &pos, ebuf, sizeof(ebuf));
	if (nkeys < 0) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s", ebuf);
	}
	for (i = 0; i < nkeys; i++) {
		int s = rcp_key_slot(argv[pos[i]], argvlen[pos[i]]);
		if (slot < 0) {
			slot = s;
		} else if (s != slot && cmd->route == RCP_ROUTE_MULTI_SHARD) {
			slot = -2; /* split below, once the map is known */
			break;
		} else if (s != slot) {
			smart_str slots = {0};
			int shown = 0;
			for (int j = 0; j < nkeys && shown < RCP_SLOTS_SHOWN; j++, shown++) {
				smart_str_appends(&slots, j ? ", " : "");
				smart_str_append_long(&slots, rcp_key_slot(argv[pos[j]], argvlen[pos[j]]));
			}
			if (nkeys > RCP_SLOTS_SHOWN) {
				smart_str_appends(&slots, ", ...");
			}
			smart_str_0(&slots);
			rcp_err_set(err, RCP_E_CLUSTER, NULL,
				"%s: keys hash to different slots (%s); a command spanning slots cannot be sent to one node "
				"(use a {hash tag} to keep the keys in one slot)", cmd->name, ZSTR_VAL(slots.s));
			smart_str_free(&slots);
			if (pos != stackpos) {
				efree(pos);
			}
			return RCP_E_CLUSTER;
		}
	}
	if (slot == -2) {
		if ((st = rcp_client_ready(cl, err)) == RCP_OK) {
			st = rcp_exec_split(cl, cmd, argc, argv, argvlen, pos, nkeys, reply, err);
		}
		if (pos != stackpos) {
			efree(pos);
		}
		return st;
	}
	if (pos != stackpos) {
		efree(pos);
	}
	if ((st = rcp_client_ready(cl, err)) != RCP_OK) {
		return st;
	}
	if (nkeys == 0 && (cmd->route == RCP_ROUTE_ALL_PRIMARIES || cmd->route == RCP_ROUTE_ALL_NODES)) {
		return rcp_exec_fanout(cl, cmd, &req, reply, err);
	}
	{
		rcp_map *map = cl->cluster->map;
		uint16_t idx;

		if (slot >= 0) {
			idx = map->slots[slot];
			if (idx == RCP_NO_NODE) {
				rcp_want_refresh(cl->cluster);
				return rcp_err_set(err, RCP_E_CLUSTER, NULL, "%s: slot %d is not served by any node "
					"(CLUSTERDOWN: the cluster does not cover all slots)", cmd->name, slot);
			}
		} else {
			/* keyless: a random primary */
			uint16_t pick = (uint16_t)php_mt_rand_range(0, map->nprimaries ? map->nprimaries - 1 : 0), seen = 0;
			idx = 0;
			for (uint16_t k = 0; k < map->nnodes; k++) {
				if (!map->nodes[k].replica && seen++ == pick) {
					idx = k;
					break;
				}
			}
		}
		memcpy(target.host, map->nodes[idx].host, strlen(map->nodes[idx].host) + 1);
		target.port = map->nodes[idx].port;
		target.ro = false;
		target.read = (cmd->flags & RCP_CMD_READONLY) != 0;
		target.has_slot = slot >= 0;
		target.slot = slot >= 0 ? (uint16_t)slot : 0;
		if (slot >= 0 && rcp_is_policy_read(cl, cmd)) {
			return rcp_exec_read(cl, idx, &req, cmd->name, reply, err);
		}
	}
	st = rcp_exec_at(cl, target, &req, cmd->name, reply, err);
	if (st == RCP_OK && rcp_noscript_recoverable(cmd, argc, argv, argvlen, reply)) {
		st = rcp_noscript_fallback(cl, cmd, argc, argv, argvlen, target, reply, err);
	}
	return st;
}

/* ---- pipelines -------------------------------------------------------------------------------- */

/* The node (index in the map) a command goes to when it can travel in a batch, or -1 (run it alone). */
static int rcp_pipe_target(rcp_client *cl, const rcp_pipe_cmd *pc, uint16_t *read_node)
{
	rcp_map *map = cl->cluster->map;
	int stackpos[RCP_KEYS_STACK], *pos = stackpos, nkeys, slot = -1, i, node = -1;
	char ebuf[256];

	if (pc->cmd->route == RCP_ROUTE_UNSUPPORTED || pc->cmd->route == RCP_ROUTE_ALL_PRIMARIES ||
	    pc->cmd->route == RCP_ROUTE_ALL_NODES) {
		return -1;
	}
	nkeys = rcp_cmd_keys_into(pc->cmd, pc->argc, pc->argv, pc->argvlen, stackpos, &pos, ebuf, sizeof(ebuf));
	for (i = 0; i < nkeys; i++) {
		int s = rcp_key_slot(pc->argv[pos[i]], pc->argvlen[pos[i]]);
		if (slot >= 0 && s != slot) {
			slot = -2;
			break;
		}
		slot = s;
	}
	if (pos != stackpos) {
		efree(pos);
	}
	if (nkeys < 0 || slot == -2) {
		return -1;
	}
	if (slot >= 0) {
		node = map->slots[slot] == RCP_NO_NODE ? -1 : map->slots[slot];
		if (node >= 0 && rcp_is_policy_read(cl, pc->cmd)) {
			/* one read node per primary for the whole pipeline: one part per node */
			if (read_node[node] == RCP_NO_NODE) {
				uint16_t cand[RCP_MAX_READ_CANDIDATES];
				rcp_read_candidates(cl, (uint16_t)node, cand, RCP_MAX_READ_CANDIDATES);
				read_node[node] = cand[0];
			}
			node = read_node[node];
		}
	} else {
		for (uint16_t k = 0; k < map->nnodes; k++) {
			if (!map->nodes[k].replica) {
				node = k;
				break;
			}
		}
	}
	return node;
}

static rcp_status rcp_exec_pipeline_run(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err);

rcp_status rcp_exec_pipeline(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err)
{
	rcp_status st = rcp_exec_pipeline_run(cl, cmds, n, err);

	for (int i = 0; i < n; i++) {
		rcp_metrics_command(cl->cluster->shared, cmds[i].cmd, st != RCP_OK || rcp_metrics_is_error(&cmds[i].reply));
	}
	return st;
}

static rcp_status rcp_exec_pipeline_run(rcp_client *cl, rcp_pipe_cmd *cmds, int n, rcp_err *err)
{
	rcp_map *map;
	int *target = NULL, *part_of_node = NULL, i;
	uint16_t *read_node = NULL;  /* policy reads: the node chosen for each primary */
	bool *rerun = NULL;          /* commands to re-run alone (their read node failed) */
	rcp_part *parts = NULL;
	zval *replies = NULL;
	uint32_t *reply_idx = NULL, nparts = 0;
	uint32_t kinds_seen = 0;     /* kinds of error replies the batch's readers saw (rcp_reply_kind bits) */
	rcp_status st, first_fail = RCP_OK;

	for (i = 0; i < n; i++) {
		ZVAL_UNDEF(&cmds[i].reply);
	}
	if (n == 0) {
		return RCP_OK;
	}
	rcp_begin(cl);
	if ((st = rcp_client_ready(cl, err)) != RCP_OK) {
		return st;
	}
	map = cl->cluster->map;
	target = safe_emalloc((size_t)n, sizeof(int), 0);
	rerun = ecalloc((size_t)n, sizeof(bool));
	reply_idx = safe_emalloc((size_t)n, sizeof(uint32_t), 0);
	part_of_node = safe_emalloc(map->nnodes, sizeof(int), 0);
	memset(part_of_node, 0xff, sizeof(int) * map->nnodes);
	read_node = safe_emalloc(map->nnodes, sizeof(uint16_t), 0);
	memset(read_node, 0xff, sizeof(uint16_t) * map->nnodes);
	parts = safe_emalloc((size_t)n, sizeof(rcp_part), 0);

	/* 1. group the batchable commands by node, encoded back to back */
	for (i = 0; i < n; i++) {
		int pi;

		rcp_script_note(cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen);
		target[i] = rcp_pipe_target(cl, &cmds[i], read_node);
		if (target[i] < 0) {
			continue;
		}
		pi = part_of_node[target[i]];
		if (pi < 0) {
			pi = (int)nparts++;
			part_of_node[target[i]] = pi;
			rcp_part_init(&parts[pi], NULL);
			parts[pi].conn = rcp_client_conn_ro(cl, map->nodes[target[i]].host, map->nodes[target[i]].port,
				map->nodes[target[i]].replica != 0);
			rcp_wbuf_reset(&parts[pi].conn->wbuf);
		}
		/* encoded straight into the connection's buffer */
		if (!rcp_wbuf_command(&parts[pi].conn->wbuf, cmds[i].argc, cmds[i].argv, cmds[i].argvlen)) {
			first_fail = rcp_err_set(err, RCP_E_MEMORY, NULL, "pipeline of %d commands: out of memory encoding "
				"command %d", n, i + 1);
			nparts = 0;
			break;
		}
		reply_idx[i] = parts[pi].nreplies++;
	}
	/* 2. one round trip for all nodes */
	if (nparts) {
		uint32_t off = 0, total = 0, p;
		for (p = 0; p < nparts; p++) {
			total += parts[p].nreplies;
		}
		replies = safe_emalloc(total, sizeof(zval), 0);
		for (p = 0; p < nparts; p++) {
			parts[p].replies = replies + off;
			parts[p].buf = parts[p].conn->wbuf.p;
			parts[p].len = parts[p].conn->wbuf.len;
			for (uint32_t r = 0; r < parts[p].nreplies; r++) {
				ZVAL_UNDEF(&parts[p].replies[r]);
			}
			off += parts[p].nreplies;
		}
		rcp_io_run(parts, (int)nparts, rcp_deadline(cl), rcp_now_ms() + cl->connect_timeout_ms);
		for (p = 0; p < nparts; p++) {
			bool reads_only = parts[p].err.code == RCP_E_CONNECTION || parts[p].err.code == RCP_E_TIMEOUT;
			for (i = 0; i < n && reads_only; i++) {
				if (target[i] >= 0 && part_of_node[target[i]] == (int)p && !rcp_is_policy_read(cl, cmds[i].cmd)) {
					reads_only = false;
				}
			}
			if (reads_only) {
				/* only policy reads on this node: each is re-run alone below, on the slot's other nodes */
				if (parts[p].conn) {
					rcp_node_outcome(cl->cluster, parts[p].conn->host, (uint16_t)parts[p].conn->port, parts[p].err.code);
				}
				for (i = 0; i < n; i++) {
					if (target[i] >= 0 && part_of_node[target[i]] == (int)p) {
						zval_ptr_dtor(&parts[p].replies[reply_idx[i]]);
						ZVAL_UNDEF(&parts[p].replies[reply_idx[i]]);
						rerun[i] = true;
					}
				}
				cl->cluster->read_retries++;
				rcp_cluster_count(cl->cluster, RCP_SC_READ_RETRIES);
				continue;
			}
			if (parts[p].err.code != RCP_OK && first_fail == RCP_OK) {
				*err = parts[p].err;
				rcp_err_append(err, " (pipeline of %d commands)", n);
				first_fail = err->code;
				if (parts[p].conn) {
					rcp_node_outcome(cl->cluster, parts[p].conn->host, (uint16_t)parts[p].conn->port, parts[p].err.code);
				}
			}
		}
		for (i = 0; i < n; i++) {
			if (target[i] >= 0) {
				zval *r = &parts[part_of_node[target[i]]].replies[reply_idx[i]];
				ZVAL_COPY_VALUE(&cmds[i].reply, r);
				ZVAL_UNDEF(r);
			}
		}
		for (p = 0; p < nparts; p++) {
			kinds_seen |= parts[p].kinds;
		}
		rcp_parts_trim(parts, nparts);
		rcp_pool_sweep_parts(parts, (int)nparts);
	}
	/* 3. redirected commands and the ones that cannot travel in a batch run alone, in call order */
	for (i = 0; i < n && first_fail == RCP_OK; i++) {
		zval *r = &cmds[i].reply;
		/* (a NOSCRIPT whose body is known is re-run too: rcp_exec falls back to EVAL) */
		bool redirected = target[i] >= 0 && (rerun[i] || ((kinds_seen & RCP_RK_REROUTE_MASK) && rcp_is_rerouted(r)) ||
			((kinds_seen & (1u << RCP_RK_NOSCRIPT)) &&
			 rcp_noscript_recoverable(cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen, r)));
		if (target[i] >= 0 && !redirected) {
			continue;
		}
		zval_ptr_dtor(r);
		ZVAL_UNDEF(r);
		st = rcp_exec(cl, cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen, r, err);
		if (st != RCP_OK) {
			first_fail = st;
		}
	}
	if (replies) {
		efree(replies);
	}
	efree(parts);
	efree(part_of_node);
	efree(read_node);
	efree(rerun);
	efree(reply_idx);
	efree(target);
	return first_fail;
}

/* ---- transactions (MULTI ... EXEC, WATCH) ------------------------------------------------------ */

/*
 * A transaction runs on one node, so every key of every command (and every WATCHed key) must hash to one
 * slot; this is checked before anything is sent. The queued commands travel in one write, MULTI + commands
 * + EXEC: one round trip. WATCH is sent at once (it must precede the reads of a check-and-set) on the
 * pooled connection of the slot's owner, and the EXEC must go out on that very connection: if it was
 * replaced in between (peer closed, I/O error) the WATCH is gone, and the transaction is refused rather
 * than run unguarded. A connection left with a WATCH in force is closed at request end (pool.c).
 *
 * Redirects: nothing of a transaction runs until EXEC, and a queued command answered MOVED/ASK makes the
 * server discard it (EXECABORT), so without WATCH the whole transaction is safely re-sent to the new owner
 * (MOVED: map patched; ASK: "ASKING" first, which holds for the whole MULTI block). With WATCH, a moved slot
 * means the WATCH is on the wrong node: the transaction counts as aborted (the caller's retry re-WATCHes).
 */

static rcp_status rcp_fold_slot(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                                int *slot, rcp_err *err);

/* Fold the keys of one command into *slot (-1: none yet). Refuses commands that cannot be queued. */
rcp_status rcp_tx_slot(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen, int *slot,
                       rcp_err *err)
{
	if (cmd->route == RCP_ROUTE_UNSUPPORTED) {
		return rcp_cmd_unsupported(cmd, err);
	}
	if (cmd->route == RCP_ROUTE_ALL_PRIMARIES || cmd->route == RCP_ROUTE_ALL_NODES) {
		return rcp_err_set(err, RCP_E_ARGUMENT, NULL,
			"%s cannot be part of a transaction: it runs on every %s, a transaction on one node", cmd->name,
			cmd->route == RCP_ROUTE_ALL_NODES ? "node" : "primary");
	}
	return rcp_fold_slot(cmd, argc, argv, argvlen, slot, err);
}

/* Fold the slot of every key of argv into *slot; RCP_E_CLUSTER when one hashes elsewhere. */
static rcp_status rcp_fold_slot(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                                int *slot, rcp_err *err)
{
	int stackpos[RCP_KEYS_STACK], *pos = stackpos, nkeys, i;
	char ebuf[256];
	rcp_status st = RCP_OK;

	nkeys = rcp_cmd_keys_into(cmd, argc, argv, argvlen, stackpos, &pos, ebuf, sizeof(ebuf));
	if (nkeys < 0) {
		st = rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s", ebuf);
	}
	for (i = 0; i < nkeys && st == RCP_OK; i++) {
		int s = rcp_key_slot(argv[pos[i]], argvlen[pos[i]]);
		if (*slot < 0) {
			*slot = s;
		} else if (s != *slot) {
			st = rcp_err_set(err, RCP_E_CLUSTER, NULL,
				"%s: a transaction runs on one node, so all its keys must hash to one slot; this key hashes to "
				"slot %d, earlier keys of the transaction to slot %d (use a {hash tag})", cmd->name, s, *slot);
		}
	}
	if (pos != stackpos) {
		efree(pos);
	}
	return st;
}

/* The node a transaction on `slot` goes to (-1: no key at all -> the first primary). */
static rcp_status rcp_tx_target(rcp_client *cl, int slot, rcp_target *t, rcp_err *err)
{
	rcp_map *map = cl->cluster->map;
	uint16_t idx = RCP_NO_NODE;

	if (slot >= 0) {
		idx = map->slots[slot];
		if (idx == RCP_NO_NODE) {
			rcp_want_refresh(cl->cluster);
			return rcp_err_set(err, RCP_E_CLUSTER, NULL, "transaction: slot %d is not served by any node", slot);
		}
	} else {
		for (uint16_t k = 0; k < map->nnodes && idx == RCP_NO_NODE; k++) {
			if (!map->nodes[k].replica) idx = k;
		}
	}
	memcpy(t->host, map->nodes[idx].host, RCP_HOST_MAX);
	t->port = map->nodes[idx].port;
	return RCP_OK;
}

/* Send on the connection that holds the WATCH (never a replacement: the WATCH would be lost). */
static rcp_status rcp_send_pinned(rcp_client *cl, rcp_watch *w, const char *buf, size_t len, uint32_t nreplies,
                                  zval *replies, rcp_err *err)
{
	rcp_conn *c = rcp_client_conn(cl, w->host, w->port);
	rcp_part part;

	if (c->id != w->conn_id) {
		for (uint32_t i = 0; i < nreplies; i++) {
			ZVAL_UNDEF(&replies[i]);
		}
		char addr[RCP_ADDR_MAX];
		snprintf(addr, sizeof(addr), strchr(w->host, ':') ? "[%s]:%u" : "%s:%u", w->host, (unsigned)w->port);
		w->active = false;
		return rcp_err_set(err, RCP_E_CONNECTION, addr,
			"The connection to %s that held the WATCH was lost before EXEC: the transaction was not sent", addr);
	}
	rcp_run_one(cl, &part, c, buf, len, nreplies, replies, rcp_deadline(cl));
	if (part.err.code != RCP_OK) {
		*err = part.err;
		w->active = false;
		rcp_node_outcome(cl->cluster, w->host, w->port, part.err.code);
	}
	rcp_pool_sweep_parts(&part, 1);
	if (err->code == RCP_OK) {
		snprintf(cl->last_node, sizeof(cl->last_node), "%s", c->addr);
	}
	return part.err.code;
}

rcp_status rcp_tx_watch(rcp_client *cl, rcp_watch *w, int argc, const char *const *argv, const size_t *argvlen,
                        rcp_err *err)
{
	const rcp_cmd *cmd = rcp_cmd_lookup("WATCH", 5, NULL, 0);
	int slot = w->active ? w->slot : -1;
	bool had_watch = w->active;   /* keys of this transaction are already WATCHed on w's node */
	rcp_wbuf wb = {0};
	zval reply;
	rcp_status st;

	rcp_begin(cl);
	if ((st = rcp_fold_slot(cmd, argc, argv, argvlen, &slot, err)) != RCP_OK) {
		return st;
	}
	if ((st = rcp_client_ready(cl, err)) != RCP_OK) {
		return st;
	}
	if (!rcp_wbuf_command(&wb, argc, argv, argvlen)) {
		rcp_wbuf_free(&wb, false);
		return rcp_err_set(err, RCP_E_MEMORY, NULL, "WATCH: out of memory encoding the command");
	}
	for (int hops = 0;; hops++) {
		if (!w->active) {
			rcp_target t = {0};
			rcp_conn *c;
			if ((st = rcp_tx_target(cl, slot, &t, err)) != RCP_OK) {
				break;
			}
			c = rcp_client_conn(cl, t.host, t.port);
			memcpy(w->host, t.host, RCP_HOST_MAX);
			w->port = t.port;
			w->conn_id = c->id;
			w->slot = slot;
			w->active = true;
		}
		if ((st = rcp_send_pinned(cl, w, wb.p, wb.len, 1, &reply, err)) != RCP_OK) {
			break;
		}
		if (rcp_reply_kind_of(&reply) == RCP_RK_MOVED && hops < RCP_MAX_REDIRECTS && !had_watch) {
			/* the slot moved before anything was WATCHed: WATCH on the new owner instead */
			int s;
			rcp_target next = {0}, cur = {0};
			memcpy(cur.host, w->host, RCP_HOST_MAX);
			cur.port = w->port;
			if (rcp_parse_redirect(rcp_error_message(&reply), 6, &cur, &s, &next)) {
				rcp_map_patch(cl->cluster, s, &next);
				zval_ptr_dtor(&reply);
				rcp_tx_unwatch(cl, w);
				continue;
			}
		}
		if (rcp_reply_is_error(&reply)) {
			zend_string *m = rcp_error_message(&reply);
			st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s", (int)MIN(ZSTR_LEN(m), 400), ZSTR_VAL(m));
			zval_ptr_dtor(&reply);
			rcp_tx_unwatch(cl, w);
			break;
		}
		zval_ptr_dtor(&reply);
		rcp_client_conn(cl, w->host, w->port)->watching = true;
		break;
	}
	rcp_wbuf_free(&wb, false);
	return st;
}

void rcp_tx_unwatch(rcp_client *cl, rcp_watch *w)
{
	static const char unwatch[] = "*1\r\n$7\r\nUNWATCH\r\n";
	rcp_conn *c;
	zval reply;
	rcp_err ignored = {0};

	if (!w->active) {
		return;
	}
	rcp_begin(cl);
	c = rcp_client_conn(cl, w->host, w->port);
	if (c->id == w->conn_id && rcp_send_pinned(cl, w, unwatch, sizeof(unwatch) - 1, 1, &reply, &ignored) == RCP_OK) {
		zval_ptr_dtor(&reply);
		c->watching = false;
	}
	w->active = false;
}

static rcp_status rcp_exec_transaction_run(rcp_client *cl, rcp_watch *w, rcp_pipe_cmd *cmds, int n, zval *exec_reply,
                                const char **aborted, rcp_err *err);

rcp_status rcp_exec_transaction(rcp_client *cl, rcp_watch *w, rcp_pipe_cmd *cmds, int n, zval *exec_reply,
                                const char **aborted, rcp_err *err)
{
	rcp_status st;

	*aborted = NULL;
	st = rcp_exec_transaction_run(cl, w, cmds, n, exec_reply, aborted, err);

	for (int i = 0; i < n; i++) {
		rcp_metrics_command(cl->cluster->shared, cmds[i].cmd, st != RCP_OK || *aborted != NULL);
	}
	return st;
}

static rcp_status rcp_exec_transaction_run(rcp_client *cl, rcp_watch *w, rcp_pipe_cmd *cmds, int n, zval *exec_reply,
                                const char **aborted, rcp_err *err)
{
	static const char multi[] = "*1\r\n$5\r\nMULTI\r\n", exec[] = "*1\r\n$4\r\nEXEC\r\n";
	int slot = w->active ? w->slot : -1, i;
	uint64_t deadline;
	uint32_t backoff_ms = 10;
	rcp_target t = {0};
	bool asking = false;
	rcp_wbuf body = {0};          /* the queued commands and EXEC */
	zval *replies;
	rcp_status st = RCP_OK;

	bool watched = w->active;

	rcp_begin(cl);
	ZVAL_NULL(exec_reply);
	*aborted = NULL;
	for (i = 0; i < n && st == RCP_OK; i++) {
		st = rcp_tx_slot(cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen, &slot, err);
	}
	if (st != RCP_OK || (st = rcp_client_ready(cl, err)) != RCP_OK) {
		rcp_tx_unwatch(cl, w);
		return st;
	}
	for (i = 0; i < n; i++) {
		rcp_script_note(cmds[i].cmd, cmds[i].argc, cmds[i].argv, cmds[i].argvlen);
		if (!rcp_wbuf_command(&body, cmds[i].argc, cmds[i].argv, cmds[i].argvlen)) {
			rcp_wbuf_free(&body, false);
			rcp_tx_unwatch(cl, w);
			return rcp_err_set(err, RCP_E_MEMORY, NULL, "transaction of %d commands: out of memory encoding it", n);
		}
	}
	rcp_wbuf_append(&body, exec, sizeof(exec) - 1);
	if (w->active) {
		memcpy(t.host, w->host, RCP_HOST_MAX);
		t.port = w->port;
	} else if ((st = rcp_tx_target(cl, slot, &t, err)) != RCP_OK) {
		rcp_wbuf_free(&body, false);
		return st;
	}
	replies = safe_emalloc((size_t)n + 3, sizeof(zval), 0);
	deadline = rcp_deadline(cl);
	for (uint32_t hops = 0;; hops++) {
		smart_str out = {0};
		uint32_t nrep = (uint32_t)n + 2 + (asking ? 1 : 0), first = asking ? 1 : 0;
		zval *redirect = NULL;

		if (asking) {
			smart_str_appendl(&out, rcp_asking_cmd, sizeof(rcp_asking_cmd) - 1);
		}
		smart_str_appendl(&out, multi, sizeof(multi) - 1);
		smart_str_appendl(&out, body.p, body.len);
		if (w->active) {
			st = rcp_send_pinned(cl, w, ZSTR_VAL(out.s), ZSTR_LEN(out.s), nrep, replies, err);
		} else {
			st = rcp_send_node(cl, t.host, t.port, ZSTR_VAL(out.s), ZSTR_LEN(out.s), nrep, replies, deadline, err);
			if (st == RCP_OK) {
				snprintf(cl->last_node, sizeof(cl->last_node), strchr(t.host, ':') ? "[%s]:%u" : "%s:%u", t.host,
					(unsigned)t.port);
			} else if (err->code == RCP_E_CONNECTION || err->code == RCP_E_TIMEOUT) {
				rcp_node_failed(cl->cluster, t.host, t.port);
			}
		}
		smart_str_free(&out);
		if (st != RCP_OK) {
			rcp_err_append(err, " (transaction of %d commands: if the failure came after the write, EXEC may have run)", n);
			break;
		}
		/* the EXEC ran (or was refused): a WATCH is over either way */
		if (w->active) {
			rcp_client_conn(cl, w->host, w->port)->watching = false;
			w->active = false;
		}
		/* the reply to MULTI, then one per queued command, then EXEC's */
		if (!rcp_reply_is_status(&replies[first])) {
			st = rcp_err_set(err, RCP_E_PROTOCOL, cl->last_node, "MULTI: node %s did not answer OK", cl->last_node);
		}
		for (i = 0; i < n && st == RCP_OK && !redirect; i++) {
			zval *r = &replies[first + 1 + i];
			rcp_reply_kind k = rcp_reply_kind_of(r);
			if (k == RCP_RK_MOVED || k == RCP_RK_ASK || k == RCP_RK_TRYAGAIN || k == RCP_RK_READONLY) {
				redirect = r;
			} else if (rcp_reply_is_error(r)) {
				zend_string *m = rcp_error_message(r);
				st = rcp_err_set(err, RCP_E_SERVER, cl->last_node,
					"%.*s (command %s, queued in a transaction: the server discarded the transaction, nothing was "
					"executed)", (int)MIN(ZSTR_LEN(m), 300), ZSTR_VAL(m), cmds[i].cmd->name);
			}
		}
		if (st == RCP_OK && redirect) {
			int s;
			rcp_target next = {0};
			rcp_reply_kind rk = rcp_reply_kind_of(redirect);
			bool moved = rk == RCP_RK_MOVED, ask = rk == RCP_RK_ASK, demoted = rk == RCP_RK_READONLY;
			zend_string *m = rcp_error_message(redirect);

			if ((moved || ask) && !rcp_parse_redirect(m, moved ? 6 : 4, &t, &s, &next)) {
				st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s", (int)MIN(ZSTR_LEN(m), 300), ZSTR_VAL(m));
			} else {
				if (moved) {
					cl->cluster->moved_seen++;
					rcp_cluster_count(cl->cluster, RCP_SC_MOVED);
					rcp_map_patch(cl->cluster, s, &next);
				} else if (ask) {
					cl->cluster->ask_seen++;
					rcp_cluster_count(cl->cluster, RCP_SC_ASK);
				}
				if (watched) {
					/* the WATCH is on this node: re-sending elsewhere (or later) would run unguarded.
					 * Nothing ran (the server discarded the transaction); the caller may retry. */
					*aborted = moved ? "its slot moved to another node while WATCHed"
					         : ask ? "its slot is being migrated to another node"
					         : demoted ? "its node was demoted to a replica while WATCHed" : "the cluster answered TRYAGAIN";
					if (demoted) {
						rcp_want_refresh(cl->cluster);
					}
					for (uint32_t k = 0; k < nrep; k++) zval_ptr_dtor(&replies[k]);
					break;
				}
				if (hops >= RCP_MAX_REDIRECTS) {
					st = rcp_err_set(err, RCP_E_CLUSTER, NULL, "transaction: too many redirects (%u), last: %.*s",
						hops + 1, (int)MIN(ZSTR_LEN(m), 200), ZSTR_VAL(m));
				} else if (moved || ask) {
					t = next;
					asking = ask;
				} else if (demoted) {
					/* a primary demoted under us (managed failover): the server refused the queued write, so EXEC
					 * ran nothing; refresh (single flight) and send the whole transaction to the new primary */
					cl->cluster->readonly_seen++;
					t.has_slot = slot >= 0;
					t.slot = (uint16_t)(slot >= 0 ? slot : 0);
					if (!t.has_slot || !rcp_await_new_primary(cl, &t, deadline, &backoff_ms)) {
						if (!t.has_slot) {
							rcp_want_refresh(cl->cluster);
						}
						st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s (a queued command of a transaction: the "
							"server discarded the transaction, nothing was executed)", (int)MIN(ZSTR_LEN(m), 300), ZSTR_VAL(m));
					}
					asking = false;
				} else if (rcp_now_ms() + backoff_ms < deadline) { /* TRYAGAIN */
					rcp_backoff(&backoff_ms);
				} else {
					st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s", (int)MIN(ZSTR_LEN(m), 300), ZSTR_VAL(m));
				}
				if (st == RCP_OK) {
					for (uint32_t k = 0; k < nrep; k++) zval_ptr_dtor(&replies[k]);
					continue;
				}
			}
		}
		if (st == RCP_OK) {
			zval *r = &replies[nrep - 1];
			if (Z_TYPE_P(r) == IS_NULL) {
				*aborted = "a WATCHed key was modified";
			} else if (rcp_reply_is_error(r)) {
				zend_string *m = rcp_error_message(r);
				st = rcp_err_set(err, RCP_E_SERVER, cl->last_node, "%.*s", (int)MIN(ZSTR_LEN(m), 400), ZSTR_VAL(m));
			} else if (Z_TYPE_P(r) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(r)) != (uint32_t)n) {
				st = rcp_err_set(err, RCP_E_PROTOCOL, cl->last_node, "EXEC: node %s sent %s instead of %d replies",
					cl->last_node, Z_TYPE_P(r) == IS_ARRAY ? "a different number of replies" : "no array", n);
			} else {
				ZVAL_COPY_VALUE(exec_reply, r);
				ZVAL_UNDEF(r);
			}
		}
		for (uint32_t k = 0; k < nrep; k++) zval_ptr_dtor(&replies[k]);
		break;
	}
	w->conn_id = 0;
	w->active = false;
	efree(replies);
	rcp_wbuf_free(&body, false);
	return st;
}

/* ---- keys only the server can find ------------------------------------------------------------------- */

rcp_status rcp_client_getkeys(rcp_client *cl, const rcp_cmd *cmd, int argc, const char *const *argv,
                              const size_t *argvlen, rcp_err *err)
{
	const rcp_cmd *gk = rcp_cmd_lookup("COMMAND", 7, "GETKEYS", 7);
	const char **av = safe_emalloc((size_t)argc + 2, sizeof(char *), 0);
	size_t *al = safe_emalloc((size_t)argc + 2, sizeof(size_t), 0);
	int *pos = NULL, n = 0;
	zval reply, *k;
	rcp_status st;

	av[0] = "COMMAND"; al[0] = 7;
	av[1] = "GETKEYS"; al[1] = 7;
	memcpy(av + 2, argv, sizeof(char *) * (size_t)argc);
	memcpy(al + 2, argvlen, sizeof(size_t) * (size_t)argc);
	st = rcp_exec(cl, gk, argc + 2, av, al, &reply, err);
	efree(av);
	efree(al);
	if (st != RCP_OK) {
		return st;
	}
	cl->cluster->getkeys_sent++;
	rcp_cluster_count(cl->cluster, RCP_SC_GETKEYS);
	if (rcp_reply_is_error(&reply)) {
		zend_string *m = rcp_error_message(&reply);
		rcp_err_set(err, RCP_E_ARGUMENT, NULL, "%s: the server cannot tell where the keys of this call are "
			"(COMMAND GETKEYS answered %.*s); it is not sent", cmd->name, (int)MIN(ZSTR_LEN(m), 200), ZSTR_VAL(m));
		zval_ptr_dtor(&reply);
		return err->code;
	}
	if (Z_TYPE(reply) != IS_ARRAY) {
		zval_ptr_dtor(&reply);
		return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "%s: COMMAND GETKEYS answered with something else than a list",
			cmd->name);
	}
	pos = safe_emalloc(zend_hash_num_elements(Z_ARRVAL(reply)) + 1, sizeof(int), 0);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL(reply), k) {
		int p = 0;
		/* the key's position: the first argument with its bytes not already taken (equal bytes, equal slot) */
		for (int i = 1; k && Z_TYPE_P(k) == IS_STRING && i < argc && !p; i++) {
			bool taken = false;
			for (int j = 0; j < n; j++) {
				taken |= pos[j] == i;
			}
			if (!taken && argvlen[i] == Z_STRLEN_P(k) && !memcmp(argv[i], Z_STRVAL_P(k), argvlen[i])) {
				p = i;
			}
		}
		if (!p) {
			efree(pos);
			zval_ptr_dtor(&reply);
			return rcp_err_set(err, RCP_E_PROTOCOL, NULL, "%s: COMMAND GETKEYS named a key that is not one of the "
				"arguments; the call is not sent", cmd->name);
		}
		pos[n++] = p;
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&reply);
	for (int i = 1; i < n; i++) { /* ascending, as rcp_cmd_keys() gives them */
		for (int j = i; j > 0 && pos[j - 1] > pos[j]; j--) {
			int t = pos[j]; pos[j] = pos[j - 1]; pos[j - 1] = t;
		}
	}
	rcp_shape_note(cmd, argc, argv, argvlen, pos, n);
	efree(pos);
	return RCP_OK;
}

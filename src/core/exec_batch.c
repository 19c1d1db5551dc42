/*
 * exec_batch.c - a client's connections and one exchange with one node (see rcp_exec_int.h).
 *
 * The credentials and connection setup (AUTH, CLIENT SETINFO, READONLY for replica reads), the operation's
 * deadline, and rcp_send_req(): one request (bytes, or a command encoded into the connection's own buffer) to
 * one node, retried once on a fresh connection when that is safe. Also the batch builder every multi-node path
 * uses (rcp_nodebatch_*: fan-out, split, pipelines, rawOnNodes, zones): one part per node, commands encoded
 * straight into each node's connection.
 */
#include "rcp_exec_int.h"
#include "rcp_hash.h"
#include "ext/hash/php_hash.h"
#include "ext/hash/php_hash_sha.h"

/* ---- credentials ------------------------------------------------------------------------------ */

/*
 * The pool key of these credentials (cl->cred): connections are shared by clients with equal keys only, so two
 * different users must never have the same key, whatever their names' length. A name of up to RCP_CRED_USER_MAX
 * bytes is kept as it is; a longer one (or one holding a NUL byte) is kept as 'h' + the hex SHA-256 of the name
 * (65 bytes: longer than any name kept as it is, so the two forms never meet). Then "\0" + the keyed hash of the
 * password (rcp_secret_hash: SipHash under the process' startup key): it tells passwords apart, and nobody can
 * make two passwords of one user with one hash, as they could with FNV (not collision-resistant), to share a
 * socket authenticated by the other. AUTH itself always sends the whole name.
 */
void rcp_client_set_auth(rcp_client *cl, const char *user, size_t ulen, const char *pass, size_t plen)
{
	const char *argv[3];
	size_t lens[3];
	int argc = 0;
	char *cmd;
	int len;

	if (!user) {
		ulen = 0;
	}
	if (ulen <= RCP_CRED_USER_MAX && !memchr(user ? user : "", '\0', ulen)) {
		memcpy(cl->cred, user ? user : "", ulen);
		cl->cred_len = ulen;
	} else {
		PHP_SHA256_CTX ctx;
		unsigned char digest[32];
		PHP_SHA256Init(&ctx);
		PHP_SHA256Update(&ctx, (const unsigned char *)user, ulen);
		PHP_SHA256Final(digest, &ctx);
		cl->cred[0] = 'h';
		for (int i = 0; i < 32; i++) {
			snprintf(cl->cred + 1 + 2 * i, 3, "%02x", digest[i]);
		}
		cl->cred_len = 65;
	}
	cl->cred[cl->cred_len++] = '\0';
	cl->cred_len += (size_t)snprintf(cl->cred + cl->cred_len, sizeof(cl->cred) - cl->cred_len, "%016llx",
		pass ? (unsigned long long)rcp_secret_hash(pass, plen) : 0ULL);
	if (!pass) {
		return;
	}
	argv[argc] = "AUTH"; lens[argc++] = 4;
	if (ulen) {
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
	rcp_partial_free(&cl->partial);
	rcp_client_cache_free(cl);
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
	rcp_cmdtab *t;

	if (cl->setinfo_checked || !(t = rcp_cluster_cmds(cl->cluster))) {
		return; /* (the flag first: known once, then one test per connection fetched) */
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

rcp_conn *rcp_client_conn_ro(rcp_client *cl, const char *host, uint16_t port, bool ro)
{
	rcp_client_setinfo(cl);
	if (!ro) {
		return rcp_pool_get(host, port, cl->cred, cl->cred_len, cl->tls, cl->setup, cl->setup_len, cl->setup_replies,
			cl->connect_timeout_ms);
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
		cl->setup_replies + 1, cl->connect_timeout_ms);
}

rcp_conn *rcp_client_conn(rcp_client *cl, const char *host, uint16_t port)
{
	return rcp_client_conn_ro(cl, host, port, false);
}

/*
 * Start of an operation: its overall deadline (option "deadline", else read_write_timeout). Returns the clock
 * reading it was computed from (ms). That one reading also serves the operation's first I/O deadline
 * (rcp_deadline) and the start of its first batch (rcp_run_one, rcp_nodebatch_run): a GET reads the clock here and
 * once more when its reply arrives (the engine), not at every step. Each is used once; later steps (a redirect's
 * hop, a retry after a backoff) read the clock again.
 */
uint64_t rcp_begin(rcp_client *cl)
{
	return rcp_begin_at(cl, rcp_now_us());
}

uint64_t rcp_begin_at(rcp_client *cl, uint64_t now_us)
{
	uint64_t now = now_us / 1000;

	cl->op_clock_us = now_us;
	cl->batch_start_us = 0;

	if (cl->err_full) { /* the last operation's long message: thrown by now */
		zend_string_release(cl->err_full);
		cl->err_full = NULL;
	}
	cl->cmd_deadline = now + (cl->deadline_ms ? cl->deadline_ms : cl->rw_timeout_ms);
	return now;
}

/* Deadline of one I/O: read_write_timeout from now, never past the operation's deadline. */
uint64_t rcp_deadline(rcp_client *cl)
{
	uint64_t now_us = cl->op_clock_us ? cl->op_clock_us : rcp_now_us(), d = now_us / 1000 + cl->rw_timeout_ms;

	cl->op_clock_us = 0;
	cl->batch_start_us = now_us; /* the next batch starts now */
	return cl->cmd_deadline && cl->cmd_deadline < d ? cl->cmd_deadline : d;
}

/* The start of the batch about to run: the reading its deadline was computed from, once, else 0 (the engine reads
 * the clock). */
static zend_always_inline uint64_t rcp_batch_start(rcp_client *cl)
{
	uint64_t s = cl->batch_start_us;

	cl->batch_start_us = 0;
	return s;
}

/* A part on connection c, nothing to send yet. Field by field: its rcp_err (~800 bytes) is only read once
 * rcp_io_run() set its code (and rcp_err_set() fills the rest of it). */
void rcp_part_init(rcp_part *part, rcp_conn *c)
{
	part->conn = c;
	part->buf = NULL;
	part->len = 0;
	part->nreplies = part->got = 0;
	part->replies = NULL;
	part->wrote_any = part->done = part->unwrap1 = false;
	part->done_us = 0;
	part->stats = NULL;
	part->err.code = RCP_OK;
	part->err.node[0] = '\0';
	part->err.full = NULL;
}

/* One batch of one part: buf (nreplies commands) on connection c, replies into replies[] (UNDEF first). */
void rcp_run_one(rcp_client *cl, rcp_part *part, rcp_conn *c, const char *buf, size_t len, uint32_t nreplies,
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
	/* the connect deadline only matters to a connection that is not connected yet (no clock read for others) */
	uint64_t start_us = rcp_batch_start(cl);
	rcp_io_run(part, 1, deadline, c->state == RCP_CONN_READY ? deadline
		: (start_us ? start_us / 1000 : rcp_now_ms()) + cl->connect_timeout_ms, start_us);
}



/* The bytes of req on connection c: req->buf itself when nothing is to be added, else c->wbuf. NULL: out of
 * memory. */
static const char *rcp_req_bytes(const rcp_req *req, rcp_conn *c, size_t *len)
{
	if (req->buf && !req->asking) {
		*len = req->len;
		return req->buf;
	}
	rcp_wbuf_reset(&c->wbuf);
	if ((req->asking && !rcp_wbuf_append(&c->wbuf, RCP_ASKING_CMD, sizeof(RCP_ASKING_CMD) - 1)) ||
	    (req->buf ? !rcp_wbuf_append(&c->wbuf, req->buf, req->len)
	              : !rcp_wbuf_command(&c->wbuf, req->argc, req->argv, req->argvlen))) {
		return NULL;
	}
	*len = c->wbuf.len;
	return c->wbuf.p;
}

/*
 * The one retry rule, for every path that sends (rcp_send_req, the batch builder, rcp_exec_on_nodes, transactions):
 * whether a part that failed may be sent again, once, on a fresh connection to the same node. Only a pooled
 * connection that the server closed or reset (an idle timeout, CLIENT KILL, a restart: not a connection that could
 * not be opened, which a fresh one would not change), within the deadline, and only when that is safe: nothing was
 * written yet, or every command of it is a read (repeatable). A write that may have reached the server is never
 * sent twice.
 */
bool rcp_retry_safe(const rcp_part *part, bool was_new, bool repeatable, uint64_t deadline)
{
	return part->err.code == RCP_E_CONNECTION && !was_new && (!part->wrote_any || repeatable) &&
		rcp_now_ms() < deadline;
}

/* Send req to host:port, collect its replies (replies[0] is ASKING's when req->asking), retried under
 * rcp_retry_safe()'s rule (repeatable: the commands are reads). */
rcp_status rcp_send_req(rcp_client *cl, const char *host, uint16_t port, bool ro, bool repeatable,
                               const rcp_req *req, zval *replies, uint64_t deadline, rcp_err *err, char *addr_out)
{
	uint32_t nreplies = req->nreplies + (req->asking ? 1 : 0);

	for (int attempt = 0; attempt < 2; attempt++) {
		rcp_part part;
		rcp_conn *c = rcp_client_conn_ro(cl, host, port, ro);
		bool was_new = c->state == RCP_CONN_NEW;
		size_t len;
		const char *buf = rcp_req_bytes(req, c, &len);

		if (was_new) {
			c->first_reads = repeatable; /* reads ride behind a new connection's AUTH, anything else waits for it */
		}
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
		if (!rcp_retry_safe(&part, was_new, repeatable, deadline)) {
			break;
		}
		if (part.wrote_any) {
			rcp_count_cluster(cl->cluster, RCP_CEV_READ_RETRY);
		}
	}
	return err->code;
}

rcp_status rcp_send_node(rcp_client *cl, const char *host, uint16_t port, const char *buf, size_t len,
                                uint32_t nreplies, zval *replies, uint64_t deadline, rcp_err *err)
{
	rcp_req req = {.buf = buf, .len = len, .nreplies = nreplies};

	/* (its one caller sends the topology requests, CLUSTER SHARDS/SLOTS and COMMAND: reads) */
	return rcp_send_req(cl, host, port, false, true, &req, replies, deadline, err, NULL);
}

/* After a batch whose commands were encoded into its connections' buffers: huge buffers are not kept. */
void rcp_parts_trim(rcp_part *parts, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (parts[i].conn) {
			rcp_wbuf_trim(&parts[i].conn->wbuf);
		}
	}
}

/* ---- the batch builder ------------------------------------------------------------------------- */

void rcp_nodebatch_init(rcp_nodebatch *b, const rcp_map *map, uint32_t maxparts, bool replica_reads)
{
	b->replica_reads = replica_reads;
	b->map = map;
	maxparts = MIN(maxparts, (uint32_t)map->nnodes);
	if (!maxparts) {
		maxparts = 1;
	}
	/* the parts, then each part's node and flags, in one allocation */
	b->parts = safe_emalloc(maxparts, sizeof(rcp_part) + sizeof(uint16_t) + 1, 0);
	b->node_of_part = (uint16_t *)(b->parts + maxparts);
	b->part_new = (uint8_t *)(b->node_of_part + maxparts);
	b->reads = NULL;
	b->reads_ctx = NULL;
	b->nparts = 0;
	b->part_of_node = safe_emalloc(map->nnodes ? map->nnodes : 1, sizeof(int32_t), 0);
	memset(b->part_of_node, 0xff, sizeof(int32_t) * map->nnodes);
	b->replies = NULL;
	b->nreplies = 0;
	b->block_ms = 0;
}

bool rcp_nodebatch_add(rcp_nodebatch *b, rcp_client *cl, const rcp_map *map, uint16_t idx, const rcp_req *req,
                       uint32_t *part, uint32_t *reply_idx)
{
	int32_t pi = b->part_of_node[idx];
	rcp_wbuf *wb;

	if (pi < 0) {
		const rcp_node *node = &map->nodes[idx];
		rcp_conn *c = rcp_client_conn_ro(cl, node->host, node->port, b->replica_reads && node->replica);
		pi = (int32_t)b->nparts++;
		b->part_of_node[idx] = pi;
		b->node_of_part[pi] = idx;
		b->part_new[pi] = c->state == RCP_CONN_NEW;
		rcp_part_init(&b->parts[pi], c);
		rcp_wbuf_reset(&c->wbuf);
	}
	wb = &b->parts[pi].conn->wbuf;
	if (req->buf ? !rcp_wbuf_append(wb, req->buf, req->len)
	             : req->head ? !rcp_wbuf_command_after(wb, req->head, req->headlen, req->argc, req->argv, req->argvlen)
	             : !rcp_wbuf_command(wb, req->argc, req->argv, req->argvlen)) {
		return false;
	}
	*part = (uint32_t)pi;
	*reply_idx = b->parts[pi].nreplies;
	b->parts[pi].nreplies += req->nreplies;
	b->nreplies += req->nreplies;
	return true;
}

/*
 * Parts whose pooled connection the server closed or reset mid-batch are sent again, once, on a fresh connection
 * to the same node, under the one retry rule (rcp_retry_safe: nothing written, or only reads). The bytes move to
 * the new connection's buffer (the old connection is discarded); its replies start again from the first. Whether a
 * written part holds only reads is asked of the caller (b->reads) here only. Rare: one part at a time.
 */
static void rcp_nodebatch_retry(rcp_nodebatch *b, rcp_client *cl, uint64_t deadline)
{
	for (uint32_t p = 0; p < b->nparts; p++) {
		rcp_part *pt = &b->parts[p];
		const rcp_node *node;
		rcp_conn *c;
		rcp_wbuf bytes;

		if (pt->err.code == RCP_OK || !pt->conn ||
		    !rcp_retry_safe(pt, b->part_new[p], b->reads && b->reads(b, p, b->reads_ctx), deadline)) {
			continue;
		}
		if (pt->wrote_any) {
			rcp_count_cluster(cl->cluster, RCP_CEV_READ_RETRY);
		}
		bytes = pt->conn->wbuf;
		memset(&pt->conn->wbuf, 0, sizeof(bytes));
		rcp_pool_sweep_parts(pt, 1); /* the broken connection is discarded (and counted) */
		node = &b->map->nodes[b->node_of_part[p]];
		c = rcp_client_conn_ro(cl, node->host, node->port, b->replica_reads && node->replica);
		rcp_wbuf_free(&c->wbuf, false);
		c->wbuf = bytes;
		c->first_reads = b->reads && b->reads(b, p, b->reads_ctx);
		for (uint32_t r = 0; r < pt->nreplies; r++) {
			zval_ptr_dtor(&pt->replies[r]);
		}
		b->part_new[p] = 1; /* never a second time */
		/* (a split's one-key part is read as an array of one this time: rcp_part_init clears unwrap1) */
		rcp_run_one(cl, pt, c, bytes.p, bytes.len, pt->nreplies, pt->replies, deadline);
	}
}

/* rcp_nodebatch_run() makes its replies UNDEF by zeroing them */
_Static_assert(IS_UNDEF == 0, "IS_UNDEF is 0");

bool rcp_nodebatch_reads_cmd(const rcp_nodebatch *b, uint32_t part, const void *ctx)
{
	return (((const rcp_cmd *)ctx)->flags & RCP_CMD_READONLY) != 0;
}

void rcp_nodebatch_run(rcp_nodebatch *b, rcp_client *cl)
{
	uint32_t off = 0;
	uint64_t deadline;

	b->replies = ecalloc(b->nreplies ? b->nreplies : 1, sizeof(zval)); /* IS_UNDEF is 0: every reply UNDEF */
	for (uint32_t p = 0; p < b->nparts; p++) {
		/* the bytes stay where they were encoded; the replies of a part are contiguous */
		b->parts[p].buf = b->parts[p].conn->wbuf.p;
		b->parts[p].len = b->parts[p].conn->wbuf.len;
		b->parts[p].replies = b->replies + off;
		off += b->parts[p].nreplies;
		if (b->part_new[p] && b->parts[p].conn->setup_auth) {
			/* a part of reads rides behind a new connection's AUTH, any other waits for it (asked only here) */
			b->parts[p].conn->first_reads = b->reads && b->reads(b, p, b->reads_ctx);
		}
	}
	if (b->nparts) {
		uint64_t start_us;
		deadline = rcp_deadline(cl) + b->block_ms;
		start_us = rcp_batch_start(cl);
		rcp_io_run(b->parts, (int)b->nparts, deadline, start_us / 1000 + cl->connect_timeout_ms, start_us);
		/* (the parts looked at here rather than rcp_io_run()'s count: no caller reads that, so LTO drops it
		 * from the one-command path) */
		for (uint32_t p = 0; p < b->nparts; p++) {
			if (b->parts[p].err.code != RCP_OK) {
				rcp_nodebatch_retry(b, cl, deadline);
				break;
			}
		}
	}
	rcp_parts_trim(b->parts, b->nparts);
}

int rcp_nodebatch_outcomes(rcp_nodebatch *b, rcp_client *cl)
{
	int first = -1;

	for (uint32_t p = 0; p < b->nparts; p++) {
		rcp_part *pt = &b->parts[p];
		if (pt->err.code == RCP_OK) {
			continue;
		}
		if (pt->conn) {
			if (!pt->err.node[0]) {
				snprintf(pt->err.node, sizeof(pt->err.node), "%s", pt->conn->addr);
			}
			rcp_node_outcome(cl->cluster, pt->conn->host, (uint16_t)pt->conn->port, pt->err.code);
		} else {
			rcp_want_refresh(cl->cluster); /* its connection is gone: the node is not known any more */
		}
		if (first < 0) {
			first = (int)p;
		}
	}
	return first;
}

void rcp_nodebatch_free(rcp_nodebatch *b)
{
	if (b->replies) {
		for (uint32_t i = 0; i < b->nreplies; i++) {
			zval_ptr_dtor(&b->replies[i]);
		}
		efree(b->replies);
	}
	efree(b->parts);
	efree(b->part_of_node);
}

/*
 * pubsub.c - a subscriber (see rcp_pubsub.h): connections of its own that hold SUBSCRIBE, PSUBSCRIBE and SSUBSCRIBE
 * subscriptions, the frames they bring, and shard channels that follow their slot when it moves.
 *
 *   rcp_pubsub_send()  --commands-->  connection to a random primary: channels, patterns   (one)
 *        |                            connections to the slots' primaries: shard channels  (one per node)
 *        +-- waits for each name's confirmation (read_write_timeout)
 *   rcp_pubsub_next()  <--frames---   one poll() over every connection, a read on the readable ones
 *
 * The connections are conn.c's (rcp_conn_new: TCP, TLS, the client's AUTH and CLIENT SETINFO as their setup, the RESP
 * reader), never the pool's: a connection with a subscription can carry nothing else, and must die with its
 * subscriber. Each has a sink (rcp_conn.sink): every frame it reads goes to this file's inbox as it is built, and is
 * looked at once the batch is over (rcp_ps_process), never inside the loop; commands the frames call for (a
 * re-subscription) are sent then. Between two reads nothing reads the connections (engine.c stops reading a
 * subscriber's connection when its part is done): what arrives waits in the socket.
 *
 * What a frame is. Every command sent has an entry in its connection's queue (rcp_ps_cmd) saying how many frames it
 * will get (one per name; one for PING; one error reply instead when refused), oldest first: the server answers in
 * order. A frame of the kind the oldest entry waits for is its answer; message, pmessage and smessage frames are
 * messages; and one frame comes unasked: SUNSUBSCRIBE for a shard channel whose slot this node no longer serves (a
 * slot migrated, a failover). Per name the subscriber keeps a state (PENDING until confirmed, ACTIVE, LEAVING once an
 * unsubscribe went, MOVING while a shard channel is re-subscribed): a sunsubscribe frame for a LEAVING name is the
 * answer to ours, for an ACTIVE one on the connection that holds it the server's own. The count in the confirmation
 * frames the caller sees is what this subscriber holds over all its connections (the server's is per connection).
 *
 * A slot that moves. The old owner sends SUNSUBSCRIBE for each shard channel of the slot when it lets the slot go
 * (CLUSTER SETSLOT ... NODE, learnt from the new owner through the cluster bus, or a failover): the channel is
 * re-subscribed on the slot's owner in the map, which is usually the old one still, which answers MOVED with the new
 * owner (the map is patched, as for any MOVED) and the SSUBSCRIBE goes there. What is lost: messages published on the
 * new owner between the moment it took the slot and the moment our SSUBSCRIBE reached it (a publisher that was
 * answered MOVED by the old owner retries on the new one at the same time as we do). A client cannot close that window:
 * the cluster announces the move only once it happened (the new owner refuses SSUBSCRIBE while the slot is only
 * IMPORTING: MOVED back to the old owner), and a message published where nobody is subscribed is gone (SPUBLISH then
 * answers 0 receivers). Every message the old owner accepted before it let the slot go is delivered (it comes before
 * the SUNSUBSCRIBE on the same connection). README "Pub/sub" says it for users; tests/pubsub/slot_moves.phpt measures.
 *
 * It uses the execution core's internal interface (rcp_exec_int.h: the MOVED parse and map patch of exec_redirect.c,
 * the client's deadline of exec_batch.c), as one more layer on top of it. Core code: never throws (a PHP signal
 * handler it lets run while it waits may; see rcp_ps_interrupt).
 */
#include <poll.h>
#include <errno.h>
#include "rcp_exec_int.h"
#include "rcp_pubsub.h"

/* A name's state (channels, patterns: an IS_LONG; shard channels: rcp_ps_shard.state). */
enum { RCP_PS_PENDING = 0, RCP_PS_ACTIVE, RCP_PS_LEAVING, RCP_PS_MOVING };

static const char *const rcp_ps_cmd_names[RCP_PS_VERBS] = {
	"SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "UNSUBSCRIBE", "PUNSUBSCRIBE", "SUNSUBSCRIBE", "PING"
};
static const char *const rcp_ps_kinds[RCP_PS_VERBS] = {
	"subscribe", "psubscribe", "ssubscribe", "unsubscribe", "punsubscribe", "sunsubscribe", "pong"
};

/* A command sent and not fully answered yet. */
typedef struct {
	uint8_t verb;
	bool shown;           /* the caller's: its frames are queued for rcp_pubsub_next (a re-subscription's are not) */
	uint8_t hops;         /* redirects and retries followed (a shard command), saturating */
	uint64_t since_ms;    /* when its first redirect or retry came (0: none yet): they go on for read_write_timeout */
	uint16_t slot;        /* a shard command's slot */
	uint32_t left;        /* frames still due */
	uint64_t serial;      /* the rcp_pubsub_send() call it belongs to; 0: the subscriber's own (re-subscription) */
	uint32_t nnames;
	zend_string **names;  /* what it names (re-sent elsewhere, or forgotten, when refused) */
	uint64_t at_ms;       /* a command waiting to be sent again (rcp_pubsub.later): not before then */
} rcp_ps_cmd;

typedef struct {
	rcp_pubsub *ps;
	uint32_t idx;         /* its index in ps->conns (connections go only all at once: rcp_pubsub_close) */
	rcp_conn *c;
	rcp_ps_cmd *q;        /* commands in the order they were sent */
	uint32_t qhead, qlen, qcap;
	bool pending_out;     /* c->wbuf holds commands to send */
} rcp_ps_conn;

/* A shard channel: its slot, its state, the connection holding it (or where it is being subscribed). */
typedef struct {
	uint16_t slot;
	uint8_t state;
	uint32_t conn;
} rcp_ps_shard;

struct rcp_pubsub {
	rcp_client *cl;
	rcp_ps_conn **conns;
	uint32_t nconns, capconns;
	int32_t main;                 /* the connection of channels and patterns, -1: none yet */
	HashTable channels, patterns; /* name => state (IS_LONG) */
	HashTable shards;             /* name => rcp_ps_shard * */
	uint32_t held;                /* names confirmed and not yet gone: the count the caller sees */
	zval *in;                     /* the inbox: frames as read, in order, with their connection */
	uint32_t *in_conn;
	uint32_t inlen, incap;
	zval *out;                    /* frames for the caller: a ring */
	uint32_t outhead, outlen, outcap;
	rcp_ps_cmd *later;            /* shard commands to send again after a pause (TRYAGAIN, CLUSTERDOWN) or to route
	                                 (a re-subscription) */
	uint32_t nlater, caplater;
	uint64_t serial;
	uint64_t err_serial;          /* the call whose command was refused (cmd_err), 0: none */
	rcp_err cmd_err;
	bool failed;                  /* an internal failure for the next rcp_pubsub_next() */
	rcp_err failure;
	uint64_t resubscribed, moved;
};

/* ---- small helpers ------------------------------------------------------------------------------------------- */

const char *rcp_pubsub_kind_name(rcp_ps_verb verb)
{
	return rcp_ps_kinds[verb];
}

static void rcp_ps_shard_dtor(zval *z)
{
	efree(Z_PTR_P(z));
}

rcp_pubsub *rcp_pubsub_new(rcp_client *cl)
{
	rcp_pubsub *ps = ecalloc(1, sizeof(*ps));

	ps->cl = cl;
	ps->main = -1;
	zend_hash_init(&ps->channels, 8, NULL, NULL, 0);
	zend_hash_init(&ps->patterns, 8, NULL, NULL, 0);
	zend_hash_init(&ps->shards, 8, NULL, rcp_ps_shard_dtor, 0);
	return ps;
}

static void rcp_ps_cmd_free(rcp_ps_cmd *cmd)
{
	for (uint32_t i = 0; i < cmd->nnames; i++) {
		zend_string_release(cmd->names[i]);
	}
	if (cmd->names) {
		efree(cmd->names);
	}
	cmd->names = NULL;
	cmd->nnames = 0;
}

static rcp_ps_cmd *rcp_ps_head(rcp_ps_conn *pc)
{
	return pc->qlen ? &pc->q[pc->qhead] : NULL;
}

static void rcp_ps_pop(rcp_ps_conn *pc)
{
	rcp_ps_cmd_free(&pc->q[pc->qhead]);
	pc->qhead = (pc->qhead + 1) % pc->qcap;
	pc->qlen--;
}

/* Append cmd (its names move with it) to the commands sent on pc. */
static void rcp_ps_push(rcp_ps_conn *pc, const rcp_ps_cmd *cmd)
{
	if (pc->qlen == pc->qcap) {
		uint32_t cap = pc->qcap ? pc->qcap * 2 : 8;
		rcp_ps_cmd *q = safe_emalloc(cap, sizeof(*q), 0);
		for (uint32_t i = 0; i < pc->qlen; i++) {
			q[i] = pc->q[(pc->qhead + i) % pc->qcap];
		}
		if (pc->q) {
			efree(pc->q);
		}
		pc->q = q;
		pc->qhead = 0;
		pc->qcap = cap;
	}
	pc->q[(pc->qhead + pc->qlen++) % pc->qcap] = *cmd;
}

static void rcp_ps_out_push(rcp_pubsub *ps, zval *frame)
{
	if (ps->outlen == ps->outcap) {
		uint32_t cap = ps->outcap ? ps->outcap * 2 : 16;
		zval *q = safe_emalloc(cap, sizeof(zval), 0);
		for (uint32_t i = 0; i < ps->outlen; i++) {
			ZVAL_COPY_VALUE(&q[i], &ps->out[(ps->outhead + i) % ps->outcap]);
		}
		if (ps->out) {
			efree(ps->out);
		}
		ps->out = q;
		ps->outhead = 0;
		ps->outcap = cap;
	}
	ZVAL_COPY_VALUE(&ps->out[(ps->outhead + ps->outlen++) % ps->outcap], frame);
}

/* A confirmation frame for the caller: [kind, name or null, what is held now]. */
static void rcp_ps_out_confirm(rcp_pubsub *ps, rcp_ps_verb verb, zend_string *name)
{
	zval f;

	array_init_size(&f, 3);
	add_next_index_string(&f, rcp_ps_kinds[verb]);
	if (name) {
		add_next_index_str(&f, zend_string_copy(name));
	} else {
		add_next_index_null(&f);
	}
	add_next_index_long(&f, (zend_long)ps->held);
	rcp_ps_out_push(ps, &f);
}

static HashTable *rcp_ps_table(rcp_pubsub *ps, rcp_ps_verb verb)
{
	switch (verb) {
		case RCP_PS_SUBSCRIBE: case RCP_PS_UNSUBSCRIBE: return &ps->channels;
		case RCP_PS_PSUBSCRIBE: case RCP_PS_PUNSUBSCRIBE: return &ps->patterns;
		default: return &ps->shards;
	}
}

/* A name's state in its table (shard channels included), -1 when it has none. */
static int rcp_ps_state(rcp_pubsub *ps, rcp_ps_verb verb, zend_string *name)
{
	zval *z = zend_hash_find(rcp_ps_table(ps, verb), name);

	if (!z) {
		return -1;
	}
	return Z_TYPE_P(z) == IS_LONG ? (int)Z_LVAL_P(z) : ((rcp_ps_shard *)Z_PTR_P(z))->state;
}

/* Set a channel's or pattern's state, keeping held (names confirmed and not gone) true. */
static void rcp_ps_set(rcp_pubsub *ps, HashTable *t, zend_string *name, int state)
{
	zval *z = zend_hash_find(t, name), v;
	bool was = z && Z_LVAL_P(z) != RCP_PS_PENDING;

	if (state < 0) {
		if (z) {
			zend_hash_del(t, name);
		}
	} else {
		ZVAL_LONG(&v, state);
		zend_hash_update(t, name, &v);
	}
	ps->held = ps->held - (was ? 1 : 0) + (state > RCP_PS_PENDING ? 1 : 0);
}

static rcp_ps_shard *rcp_ps_shard_of(rcp_pubsub *ps, zend_string *name)
{
	zval *z = zend_hash_find(&ps->shards, name);

	return z ? Z_PTR_P(z) : NULL;
}

static void rcp_ps_shard_drop(rcp_pubsub *ps, zend_string *name)
{
	rcp_ps_shard *s = rcp_ps_shard_of(ps, name);

	if (s) {
		if (s->state != RCP_PS_PENDING) {
			ps->held--;
		}
		zend_hash_del(&ps->shards, name);
	}
}

/* ---- connections ---------------------------------------------------------------------------------------------- */

/* The reader's sink of a subscriber's connection: every frame into the inbox, looked at after the batch. */
static int rcp_ps_sink(void *arg, zval *frame)
{
	rcp_ps_conn *pc = arg;
	rcp_pubsub *ps = pc->ps;

	if (ps->inlen == ps->incap) {
		ps->incap = ps->incap ? ps->incap * 2 : 64;
		ps->in = safe_erealloc(ps->in, ps->incap, sizeof(zval), 0);
		ps->in_conn = safe_erealloc(ps->in_conn, ps->incap, sizeof(uint32_t), 0);
	}
	ZVAL_COPY_VALUE(&ps->in[ps->inlen], frame);
	ps->in_conn[ps->inlen++] = pc->idx;
	return RCP_RESP_GO_ON;
}

/* The subscriber's connection to host:port, a new one (unconnected: io connects it at its first send) when it has
 * none. Returns its index. */
static uint32_t rcp_ps_conn_to(rcp_pubsub *ps, const char *host, uint16_t port)
{
	rcp_client *cl = ps->cl;
	rcp_ps_conn *pc;

	for (uint32_t i = 0; i < ps->nconns; i++) {
		if (ps->conns[i]->c->port == port && !strcmp(ps->conns[i]->c->host, host)) {
			return i;
		}
	}
	if (ps->nconns == ps->capconns) {
		ps->capconns = ps->capconns ? ps->capconns * 2 : 4;
		ps->conns = safe_erealloc(ps->conns, ps->capconns, sizeof(*ps->conns), 0);
	}
	pc = ecalloc(1, sizeof(*pc));
	pc->ps = ps;
	pc->idx = ps->nconns;
	pc->c = rcp_conn_new(host, port, cl->tls, cl->setup, cl->setup_len, cl->setup_replies);
	pc->c->sink = rcp_ps_sink;
	pc->c->sink_arg = pc;
	rcp_ns_add(pc->c->stats, RCP_NS_CONN_OPENED, 1);
	ps->conns[ps->nconns] = pc;
	return ps->nconns++;
}

/* The connection of channels and patterns: to a primary picked at random, an online one when there is (a PUBLISH
 * reaches every node of the cluster). */
static rcp_status rcp_ps_main(rcp_pubsub *ps, uint32_t *idx, rcp_err *err)
{
	const rcp_map *map = ps->cl->cluster->map;
	uint16_t prim[RCP_MAX_NODES], n = 0, online = 0, pick;

	if (ps->main >= 0) {
		*idx = (uint32_t)ps->main;
		return RCP_OK;
	}
	for (uint16_t i = 0; map && i < map->nnodes; i++) {
		if (map->nodes[i].replica) {
			continue;
		}
		prim[n++] = i;
		if (map->nodes[i].health == RCP_HEALTH_ONLINE) { /* the online ones first */
			prim[n - 1] = prim[online];
			prim[online++] = i;
		}
	}
	if (!n) {
		return rcp_err_set(err, RCP_E_CLUSTER, NULL, "pub/sub: the cluster's map has no primary to subscribe on");
	}
	pick = prim[php_mt_rand_range(0, (online ? online : n) - 1)];
	*idx = rcp_ps_conn_to(ps, map->nodes[pick].host, map->nodes[pick].port);
	ps->main = (int32_t)*idx;
	return RCP_OK;
}

/* Encode cmd (verb and its names, or PING's payload) into connection idx's buffer, sent at the next flush, and put
 * it in the connection's queue (its names move with it). */
static void rcp_ps_queue(rcp_pubsub *ps, uint32_t idx, rcp_ps_cmd *cmd, const char *payload, size_t plen)
{
	rcp_ps_conn *pc = ps->conns[idx];
	uint32_t argc = 1 + (cmd->verb == RCP_PS_PING ? (payload ? 1 : 0) : cmd->nnames);
	const char **argv = safe_emalloc(argc, sizeof(char *), 0);
	size_t *lens = safe_emalloc(argc, sizeof(size_t), 0);

	argv[0] = rcp_ps_cmd_names[cmd->verb];
	lens[0] = strlen(argv[0]);
	if (cmd->verb == RCP_PS_PING) {
		if (payload) {
			argv[1] = payload;
			lens[1] = plen;
		}
		cmd->left = 1;
	} else {
		for (uint32_t i = 0; i < cmd->nnames; i++) {
			argv[1 + i] = ZSTR_VAL(cmd->names[i]);
			lens[1 + i] = ZSTR_LEN(cmd->names[i]);
		}
		cmd->left = cmd->nnames;
	}
	if (!rcp_wbuf_command(&pc->c->wbuf, (int)argc, argv, lens)) {
		zend_error_noreturn(E_ERROR, "pub/sub: out of memory encoding a command");
	}
	efree(argv);
	efree(lens);
	rcp_ps_push(pc, cmd);
	pc->pending_out = true;
}

/* A shard command to send later (a re-subscription, a retry after TRYAGAIN): merged with one of the same slot and
 * call that waits already. Its names move with it. */
static void rcp_ps_later(rcp_pubsub *ps, rcp_ps_cmd *cmd)
{
	for (uint32_t i = 0; i < ps->nlater; i++) {
		rcp_ps_cmd *l = &ps->later[i];
		if (l->slot == cmd->slot && l->serial == cmd->serial && l->verb == cmd->verb && l->shown == cmd->shown) {
			l->names = safe_erealloc(l->names, l->nnames + cmd->nnames, sizeof(zend_string *), 0);
			memcpy(l->names + l->nnames, cmd->names, cmd->nnames * sizeof(zend_string *));
			l->nnames += cmd->nnames;
			l->hops = MAX(l->hops, cmd->hops);
			l->since_ms = !l->since_ms ? cmd->since_ms : !cmd->since_ms ? l->since_ms : MIN(l->since_ms, cmd->since_ms);
			l->at_ms = MAX(l->at_ms, cmd->at_ms);
			if (cmd->names) {
				efree(cmd->names);
			}
			cmd->names = NULL;
			cmd->nnames = 0;
			return;
		}
	}
	if (ps->nlater == ps->caplater) {
		ps->caplater = ps->caplater ? ps->caplater * 2 : 4;
		ps->later = safe_erealloc(ps->later, ps->caplater, sizeof(rcp_ps_cmd), 0);
	}
	ps->later[ps->nlater++] = *cmd;
	cmd->names = NULL;
	cmd->nnames = 0;
}

/* ---- what frames say ----------------------------------------------------------------------------------------- */

/* Record a failure: the caller's (its rcp_pubsub_send() returns it), or the subscriber's own (rcp_pubsub_next()
 * returns it). The first one wins. */
static void rcp_ps_fail(rcp_pubsub *ps, uint64_t serial, rcp_status code, const char *node, const char *fmt, ...)
	ZEND_ATTRIBUTE_FORMAT(printf, 5, 6);
static void rcp_ps_fail(rcp_pubsub *ps, uint64_t serial, rcp_status code, const char *node, const char *fmt, ...)
{
	char msg[RCP_ERRSTR_MAX];
	va_list ap;
	rcp_err *e;

	if (serial ? ps->err_serial == serial : ps->failed) {
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (serial) {
		ps->err_serial = serial;
		e = &ps->cmd_err;
	} else {
		ps->failed = true;
		e = &ps->failure;
	}
	memset(e, 0, sizeof(*e));
	rcp_err_set(e, code, node, "%s", msg);
}

/* A shard command's names are not subscribed after all (refused, or nowhere to send them). */
static void rcp_ps_drop_names(rcp_pubsub *ps, const rcp_ps_cmd *cmd)
{
	for (uint32_t i = 0; i < cmd->nnames; i++) {
		if (cmd->verb == RCP_PS_SSUBSCRIBE) {
			rcp_ps_shard_drop(ps, cmd->names[i]);
		} else if ((cmd->verb == RCP_PS_SUBSCRIBE || cmd->verb == RCP_PS_PSUBSCRIBE) &&
		           rcp_ps_state(ps, cmd->verb, cmd->names[i]) == RCP_PS_PENDING) {
			rcp_ps_set(ps, rcp_ps_table(ps, cmd->verb), cmd->names[i], -1);
		} else if (cmd->verb == RCP_PS_UNSUBSCRIBE || cmd->verb == RCP_PS_PUNSUBSCRIBE) {
			if (rcp_ps_state(ps, cmd->verb, cmd->names[i]) == RCP_PS_LEAVING) {
				rcp_ps_set(ps, rcp_ps_table(ps, cmd->verb), cmd->names[i], RCP_PS_ACTIVE);
			}
		} else if (cmd->verb == RCP_PS_SUNSUBSCRIBE) {
			rcp_ps_shard *s = rcp_ps_shard_of(ps, cmd->names[i]);
			if (s && s->state == RCP_PS_LEAVING) {
				s->state = RCP_PS_ACTIVE;
			}
		}
	}
}

/*
 * How a shard command refused for now (MOVED, ASK, TRYAGAIN, CLUSTERDOWN, a slot no node serves) is tried again: the
 * first RCP_REDIRECTS_IMMEDIATE MOVED at once; then after a pause, 2 ms for a MOVED (two nodes that disagree for a
 * moment: the old owner let the slot go, the new one does not hold it yet, each says MOVED to the other; the pause
 * is short because messages published on the new owner while we wait are lost), 10 ms doubling to 200 ms for the
 * others (a slot or a cluster in flux: its publishers are refused too); for as long as the client's
 * read_write_timeout since the first refusal, then the names are given up (the caller is told). Returns the time to
 * send it again, 0: at once, UINT64_MAX: give up.
 */
static uint64_t rcp_ps_retry_at(rcp_pubsub *ps, rcp_ps_cmd *cmd, bool moved)
{
	uint64_t now = rcp_now_ms();

	if (!cmd->since_ms) {
		cmd->since_ms = now;
	}
	if (cmd->hops < UINT8_MAX) {
		cmd->hops++;
	}
	if (now - cmd->since_ms > ps->cl->rw_timeout_ms) {
		return UINT64_MAX;
	}
	if (moved) {
		return cmd->hops <= RCP_REDIRECTS_IMMEDIATE ? 0 : now + 2;
	}
	return now + MIN(10u << MIN(cmd->hops - 1u, 5u), 200u);
}

/* Whether a MOVED or ASK message names slot. */
static bool rcp_ps_redirect_is(zend_string *msg, rcp_reply_kind kind, uint16_t slot)
{
	size_t skip = kind == RCP_RK_MOVED ? 6 : 4;

	return ZSTR_LEN(msg) > skip && strtol(ZSTR_VAL(msg) + skip, NULL, 10) == (long)slot;
}

/*
 * An error reply on connection idx: the answer to its oldest command. A shard command answered MOVED goes to the
 * node named (the map is patched, as for any MOVED); TRYAGAIN, CLUSTERDOWN or ASK (a slot in flux): again after a
 * pause; a SUNSUBSCRIBE answered so concerns channels the node no longer holds: they are gone. Anything else is a
 * refusal: the names are not subscribed (or stay so), and the caller is told.
 */
static void rcp_ps_refused(rcp_pubsub *ps, uint32_t idx, zval *f)
{
	rcp_ps_conn *pc = ps->conns[idx];
	rcp_ps_cmd *head = rcp_ps_head(pc), cmd;
	zend_string *msg = rcp_error_message(f);
	rcp_reply_kind kind = rcp_reply_kind_of(f);
	bool redirect = kind == RCP_RK_MOVED || kind == RCP_RK_ASK || kind == RCP_RK_TRYAGAIN || kind == RCP_RK_CLUSTERDOWN;

	if ((kind == RCP_RK_MOVED || kind == RCP_RK_ASK) && (!head || (head->verb != RCP_PS_SSUBSCRIBE &&
	    head->verb != RCP_PS_SUNSUBSCRIBE) || !rcp_ps_redirect_is(msg, kind, head->slot))) {
		/* only a shard command is redirected: this one answers a SUNSUBSCRIBE whose channels' frames the server sent
		 * as their slot moved, and which was taken as answered by them (rcp_ps_confirmed) */
		return;
	}
	if (!head) {
		rcp_ps_fail(ps, 0, RCP_E_PROTOCOL, pc->c->addr, "pub/sub: %s sent an error reply to no command: %.*s",
			pc->c->addr, (int)MIN(ZSTR_LEN(msg), 200), ZSTR_VAL(msg));
		return;
	}
	cmd = *head;
	head->names = NULL;
	head->nnames = 0;
	rcp_ps_pop(pc);
	if (redirect && cmd.verb == RCP_PS_SSUBSCRIBE) {
		rcp_target cur = {0}, t = {0};
		int slot = -1;

		bool moved = kind == RCP_RK_MOVED;
		uint64_t at;

		snprintf(cur.host, sizeof(cur.host), "%s", pc->c->host);
		cur.port = (uint16_t)pc->c->port;
		if (moved && rcp_parse_redirect(msg, 6, &cur, &slot, &t) && slot == cmd.slot) {
			/* the node named owns the slot: the map says so from now on (as for any MOVED) */
			rcp_map_patch(ps->cl->cluster, slot, &t);
			ps->moved++;
		} else {
			moved = false;
		}
		at = rcp_ps_retry_at(ps, &cmd, moved);
		if (at == UINT64_MAX) {
			rcp_ps_drop_names(ps, &cmd);
			rcp_ps_fail(ps, cmd.serial, RCP_E_CLUSTER, pc->c->addr, "pub/sub: SSUBSCRIBE of %u shard channel(s) of "
				"slot %u still refused after read_write_timeout, %u times (last: %.*s); they are not subscribed",
				cmd.nnames, cmd.slot, cmd.hops, (int)MIN(ZSTR_LEN(msg), 200), ZSTR_VAL(msg));
		} else if (at == 0) {
			uint32_t to = rcp_ps_conn_to(ps, t.host, t.port);

			for (uint32_t i = 0; i < cmd.nnames; i++) {
				rcp_ps_shard *s = rcp_ps_shard_of(ps, cmd.names[i]);
				if (s) {
					s->conn = to;
				}
			}
			rcp_ps_queue(ps, to, &cmd, NULL, 0);
			return;
		} else {
			cmd.at_ms = at; /* routed by the map then (patched above for a MOVED) */
			rcp_ps_later(ps, &cmd);
		}
		rcp_ps_cmd_free(&cmd);
		return;
	}
	if (redirect && cmd.verb == RCP_PS_SUNSUBSCRIBE) {
		/* the node let the slot go: it holds none of the slot's channels any more (its own SUNSUBSCRIBE for them
		 * may be on its way: a name gone by then is ignored) */
		for (uint32_t i = 0; i < cmd.nnames; i++) {
			rcp_ps_shard *s = rcp_ps_shard_of(ps, cmd.names[i]);
			if (s && s->state == RCP_PS_LEAVING) {
				rcp_ps_shard_drop(ps, cmd.names[i]);
			}
			if (cmd.shown) {
				rcp_ps_out_confirm(ps, RCP_PS_SUNSUBSCRIBE, cmd.names[i]);
			}
		}
		rcp_ps_cmd_free(&cmd);
		return;
	}
	rcp_ps_drop_names(ps, &cmd);
	if (cmd.serial) {
		rcp_ps_fail(ps, cmd.serial, RCP_E_SERVER, pc->c->addr, "%.*s (%s on %s)", (int)MIN(ZSTR_LEN(msg), 300),
			ZSTR_VAL(msg), rcp_ps_cmd_names[cmd.verb], pc->c->addr);
	} else {
		rcp_ps_fail(ps, 0, RCP_E_SERVER, pc->c->addr, "%.*s (pub/sub: %s of %u shard channel(s) of slot %u on %s, "
			"after the slot moved; they are no longer subscribed)", (int)MIN(ZSTR_LEN(msg), 300), ZSTR_VAL(msg),
			rcp_ps_cmd_names[cmd.verb], cmd.nnames, cmd.slot, pc->c->addr);
	}
	rcp_ps_cmd_free(&cmd);
}

/* A confirmation frame (subscribe, ..., sunsubscribe) for name (NULL: none) on connection idx. */
static void rcp_ps_confirmed(rcp_pubsub *ps, uint32_t idx, rcp_ps_verb verb, zend_string *name)
{
	rcp_ps_conn *pc = ps->conns[idx];
	rcp_ps_cmd *head = rcp_ps_head(pc);
	bool answer = head && head->verb == verb;
	rcp_ps_shard *s = name ? rcp_ps_shard_of(ps, name) : NULL;

	switch (verb) {
		case RCP_PS_SUBSCRIBE:
		case RCP_PS_PSUBSCRIBE:
			if (name) {
				rcp_ps_set(ps, rcp_ps_table(ps, verb), name, RCP_PS_ACTIVE);
			}
			break;
		case RCP_PS_UNSUBSCRIBE:
		case RCP_PS_PUNSUBSCRIBE:
			if (name) {
				rcp_ps_set(ps, rcp_ps_table(ps, verb), name, -1);
			}
			break;
		case RCP_PS_SSUBSCRIBE:
			if (s) {
				if (s->state == RCP_PS_PENDING) {
					ps->held++;
				}
				if (s->state != RCP_PS_LEAVING) { /* an unsubscribe on its way stays so */
					s->state = RCP_PS_ACTIVE;
				}
				s->conn = idx;
			} else if (name) {
				/* confirmed after the caller gave it up (a re-subscription crossing an unsubscribe): let it go */
				rcp_ps_cmd un = {.verb = RCP_PS_SUNSUBSCRIBE, .slot = (uint16_t)rcp_key_slot(ZSTR_VAL(name),
					ZSTR_LEN(name)), .nnames = 1, .names = emalloc(sizeof(zend_string *))};
				un.names[0] = zend_string_copy(name);
				if (answer && --head->left == 0) {
					rcp_ps_pop(pc);
				}
				rcp_ps_queue(ps, idx, &un, NULL, 0);
				return;
			}
			break;
		case RCP_PS_SUNSUBSCRIBE:
			/* the answer to ours names the name our oldest SUNSUBSCRIBE waits for next (the server answers its names
			 * in order); any other is the server's own: it let the slot go. (A slot that moves just as we
			 * unsubscribe: its channels' own SUNSUBSCRIBE frames may stand for the answer, the MOVED that answers
			 * ours then finds no command waiting for it and is let go: rcp_ps_refused.) */
			answer = answer && (!name || (head->names && zend_string_equals(head->names[head->nnames - head->left], name)));
			if (answer) {
				if (s && s->conn == idx && s->state != RCP_PS_PENDING) {
					rcp_ps_shard_drop(ps, name);
				}
			} else if (name) {
				if (s && s->conn == idx && (s->state == RCP_PS_ACTIVE || s->state == RCP_PS_MOVING)) {
					/* this node let the slot go: subscribe again where the slot is now */
					rcp_ps_cmd again = {.verb = RCP_PS_SSUBSCRIBE, .slot = s->slot, .nnames = 1,
						.names = emalloc(sizeof(zend_string *))};
					again.names[0] = zend_string_copy(name);
					s->state = RCP_PS_MOVING;
					ps->resubscribed++;
					rcp_ps_later(ps, &again);
				}
			}
			break;
		default:
			break;
	}
	if (answer) {
		bool shown = head->shown;
		if (--head->left == 0) {
			rcp_ps_pop(pc);
		}
		if (shown) {
			rcp_ps_out_confirm(ps, verb, name);
		}
	}
}

/* One frame read on connection idx (ownership taken). */
static void rcp_ps_frame(rcp_pubsub *ps, uint32_t idx, zval *f)
{
	rcp_ps_conn *pc = idx < ps->nconns ? ps->conns[idx] : NULL;
	rcp_ps_cmd *head;
	zval *k, *name;
	uint32_t n, v;

	if (!pc) {
		zval_ptr_dtor(f);
		return;
	}
	head = rcp_ps_head(pc);
	if (rcp_reply_is_error(f)) {
		rcp_ps_refused(ps, idx, f);
		zval_ptr_dtor(f);
		return;
	}
	if (Z_TYPE_P(f) != IS_ARRAY) {
		/* a connection that holds no subscription is out of pub/sub mode: PING is answered +PONG, or its payload */
		if (head && head->verb == RCP_PS_PING) {
			zval pong;
			bool shown = head->shown;
			rcp_ps_pop(pc);
			if (shown) {
				array_init_size(&pong, 2);
				add_next_index_string(&pong, "pong");
				if (Z_TYPE_P(f) == IS_STRING) {
					add_next_index_str(&pong, zend_string_copy(Z_STR_P(f)));
				} else {
					add_next_index_string(&pong, "");
				}
				rcp_ps_out_push(ps, &pong);
			}
		} else {
			rcp_ps_fail(ps, 0, RCP_E_PROTOCOL, pc->c->addr, "pub/sub: %s sent a reply that is not a pub/sub frame",
				pc->c->addr);
		}
		zval_ptr_dtor(f);
		return;
	}
	n = zend_hash_num_elements(Z_ARRVAL_P(f));
	k = zend_hash_index_find(Z_ARRVAL_P(f), 0);
	if (!k || Z_TYPE_P(k) != IS_STRING) {
		rcp_ps_fail(ps, 0, RCP_E_PROTOCOL, pc->c->addr, "pub/sub: %s sent a frame without a kind", pc->c->addr);
		zval_ptr_dtor(f);
		return;
	}
	if ((n == 3 && (zend_string_equals_literal(Z_STR_P(k), "message") ||
	                zend_string_equals_literal(Z_STR_P(k), "smessage"))) ||
	    (n == 4 && zend_string_equals_literal(Z_STR_P(k), "pmessage"))) {
		rcp_ps_out_push(ps, f); /* as the reader built it */
		return;
	}
	for (v = 0; v < RCP_PS_VERBS && !zend_string_equals_cstr(Z_STR_P(k), rcp_ps_kinds[v], strlen(rcp_ps_kinds[v])); v++) {
	}
	name = zend_hash_index_find(Z_ARRVAL_P(f), 1);
	if (v == RCP_PS_PING && n == 2 && name) {
		if (head && head->verb == RCP_PS_PING) {
			bool shown = head->shown;
			rcp_ps_pop(pc);
			if (shown) {
				rcp_ps_out_push(ps, f);
				return;
			}
		}
	} else if (v < RCP_PS_PING && n == 3 && name && (Z_TYPE_P(name) == IS_STRING || Z_TYPE_P(name) == IS_NULL)) {
		rcp_ps_confirmed(ps, idx, (rcp_ps_verb)v, Z_TYPE_P(name) == IS_STRING ? Z_STR_P(name) : NULL);
	} else {
		rcp_ps_fail(ps, 0, RCP_E_PROTOCOL, pc->c->addr, "pub/sub: %s sent a frame of an unknown kind", pc->c->addr);
	}
	zval_ptr_dtor(f);
}

/* Look at the frames read, in order. */
static void rcp_ps_process(rcp_pubsub *ps)
{
	for (uint32_t i = 0; i < ps->inlen; i++) {
		rcp_ps_frame(ps, ps->in_conn[i], &ps->in[i]);
	}
	ps->inlen = 0;
}

/* ---- sending and reading ------------------------------------------------------------------------------------ */

static void rcp_ps_failed_io(rcp_pubsub *ps, const rcp_err *e, rcp_err *err)
{
	*err = *e;
	err->full = NULL;
	rcp_err_append(err, " (pub/sub: the subscriber's connections are closed and its subscriptions gone; "
		"subscribe again to go on)");
	rcp_pubsub_close(ps);
}

/* The shard commands waiting in ps->later whose time came: each to its slot's primary in the map. */
static void rcp_ps_route_due(rcp_pubsub *ps)
{
	uint64_t now = rcp_now_ms();
	uint32_t kept = 0;
	bool ready = false;
	rcp_err e = {0};

	for (uint32_t i = 0; i < ps->nlater; i++) {
		rcp_ps_cmd cmd = ps->later[i];
		uint16_t owner;
		uint32_t to, n = 0;

		if (cmd.at_ms > now) {
			ps->later[kept++] = cmd;
			continue;
		}
		/* the names still wanted (the caller may have let one go meanwhile) */
		for (uint32_t j = 0; j < cmd.nnames; j++) {
			rcp_ps_shard *s = rcp_ps_shard_of(ps, cmd.names[j]);
			if (s && (cmd.serial || s->state == RCP_PS_PENDING || s->state == RCP_PS_MOVING)) {
				cmd.names[n++] = cmd.names[j];
			} else {
				zend_string_release(cmd.names[j]);
			}
		}
		cmd.nnames = n;
		if (!n) {
			rcp_ps_cmd_free(&cmd);
			continue;
		}
		if (!ready && rcp_client_ready(ps->cl, &e) != RCP_OK) {
			rcp_ps_drop_names(ps, &cmd);
			rcp_ps_fail(ps, cmd.serial, e.code, e.node, "%s (pub/sub: SSUBSCRIBE of %u shard channel(s) of slot %u)",
				e.msg, cmd.nnames, cmd.slot);
			rcp_ps_cmd_free(&cmd);
			continue;
		}
		ready = true;
		owner = ps->cl->cluster->map->slots[cmd.slot];
		if (owner == RCP_NO_NODE) {
			uint64_t at = rcp_ps_retry_at(ps, &cmd, false);
			if (at == UINT64_MAX) {
				rcp_ps_drop_names(ps, &cmd);
				rcp_ps_fail(ps, cmd.serial, RCP_E_CLUSTER, NULL, "pub/sub: slot %u is served by no node: %u shard "
					"channel(s) are not subscribed", cmd.slot, cmd.nnames);
				rcp_ps_cmd_free(&cmd);
			} else {
				rcp_want_refresh(ps->cl->cluster);
				cmd.at_ms = at;
				ps->later[kept++] = cmd;
			}
			continue;
		}
		to = rcp_ps_conn_to(ps, ps->cl->cluster->map->nodes[owner].host, ps->cl->cluster->map->nodes[owner].port);
		for (uint32_t j = 0; j < cmd.nnames; j++) {
			rcp_ps_shard *s = rcp_ps_shard_of(ps, cmd.names[j]);
			if (s) {
				s->conn = to;
			}
		}
		rcp_ps_queue(ps, to, &cmd, NULL, 0);
	}
	ps->nlater = kept;
}

/* Send what the connections have to send (connecting new ones): one batch. A failure closes the subscriber. */
static rcp_status rcp_ps_flush(rcp_pubsub *ps, rcp_err *err)
{
	rcp_client *cl = ps->cl;
	rcp_part *parts;
	uint32_t n = 0;
	uint64_t now;

	if (ps->nlater) {
		rcp_ps_route_due(ps);
	}
	for (uint32_t i = 0; i < ps->nconns; i++) {
		n += ps->conns[i]->pending_out;
	}
	if (!n) {
		return RCP_OK;
	}
	parts = safe_emalloc(n, sizeof(rcp_part), 0);
	n = 0;
	for (uint32_t i = 0; i < ps->nconns; i++) {
		rcp_ps_conn *pc = ps->conns[i];
		if (pc->pending_out) {
			memset(&parts[n], 0, sizeof(rcp_part));
			parts[n].conn = pc->c;
			parts[n].buf = pc->c->wbuf.p;
			parts[n++].len = pc->c->wbuf.len;
			pc->pending_out = false;
		}
	}
	now = rcp_now_ms();
	if (rcp_io_run(parts, (int)n, now + cl->rw_timeout_ms, now + cl->connect_timeout_ms, 0) > 0) {
		for (uint32_t i = 0; i < n; i++) {
			if (parts[i].err.code != RCP_OK) {
				rcp_ps_failed_io(ps, &parts[i].err, err);
				break;
			}
		}
		efree(parts);
		return err->code;
	}
	for (uint32_t i = 0; i < ps->nconns; i++) {
		rcp_wbuf_trim(&ps->conns[i]->c->wbuf);
	}
	efree(parts);
	return RCP_OK;
}

/*
 * A signal arrived while we waited (poll: EINTR). With pcntl_async_signals on, its PHP handler is pending
 * (EG(vm_interrupt)): run it now, as the engine does between two opcodes, so that a subscriber blocked here still
 * answers its SIGTERM / SIGINT / SIGALRM handlers (a worker's graceful stop). A handler may throw (the caller then
 * returns with the exception pending) or use this subscriber (stop(), subscribe(): the caller looks at the state
 * again). A memory_limit error pending (delayed OOM) is left to the engine: the caller returns.
 */
static void rcp_ps_interrupt(void)
{
	if (!zend_atomic_bool_load_ex(&EG(vm_interrupt)) || rcp_oom_pending()) {
		return;
	}
	zend_atomic_bool_store_ex(&EG(vm_interrupt), false);
	if (zend_atomic_bool_load_ex(&EG(timed_out))) {
		zend_timeout();
	}
	if (zend_interrupt_function) {
		zend_interrupt_function(EG(current_execute_data));
	}
}

/*
 * Wait until a connection has bytes, or until deadline_ms (absolute; 0: no end), or until a command in ps->later is
 * due, then read what the readable ones have (into the inbox). A failure closes the subscriber.
 */
static rcp_status rcp_ps_read(rcp_pubsub *ps, uint64_t deadline_ms, rcp_err *err)
{
	struct pollfd *pfd = safe_emalloc(ps->nconns ? ps->nconns : 1, sizeof(struct pollfd), 0);
	uint32_t *which = safe_emalloc(ps->nconns ? ps->nconns : 1, sizeof(uint32_t), 0);
	uint64_t until = deadline_ms, now;
	uint32_t n = 0, nr = 0;
	int timeout, r;

	for (uint32_t i = 0; i < ps->nlater; i++) {
		if (!until || ps->later[i].at_ms < until) {
			until = ps->later[i].at_ms;
		}
	}
	for (uint32_t i = 0; i < ps->nconns; i++) {
		uv_os_fd_t fd;
		if (ps->conns[i]->c->state == RCP_CONN_READY && uv_fileno((uv_handle_t *)&ps->conns[i]->c->tcp, &fd) == 0) {
			pfd[n].fd = fd;
			pfd[n].events = POLLIN;
			pfd[n].revents = 0;
			which[n++] = i;
		}
	}
	if (!n && !until) {
		/* nothing to wait on (cannot happen while something is held: it has a connection) */
		efree(pfd);
		efree(which);
		rcp_ps_fail(ps, 0, RCP_E_CONNECTION, NULL, "pub/sub: no connection left to wait on");
		return RCP_OK;
	}
	now = rcp_now_ms();
	timeout = !until ? -1 : until > now ? (int)MIN(until - now, (uint64_t)INT_MAX) : 0;
	r = poll(pfd, n, timeout);
	if (r < 0) {
		int e = errno;
		efree(pfd);
		efree(which);
		if (e == EINTR) {
			rcp_ps_interrupt();
			return RCP_OK;
		}
		rcp_err fail = {0};
		rcp_err_set(&fail, RCP_E_CONNECTION, NULL, "pub/sub: waiting for frames failed: %s", strerror(e));
		rcp_ps_failed_io(ps, &fail, err);
		return err->code;
	}
	if (r > 0) {
		rcp_part *parts = safe_emalloc(r, sizeof(rcp_part), 0);
		for (uint32_t k = 0; k < n; k++) {
			if (pfd[k].revents) {
				memset(&parts[nr], 0, sizeof(rcp_part));
				parts[nr++].conn = ps->conns[which[k]]->c; /* len 0: read what is there (engine.c) */
			}
		}
		now = rcp_now_ms();
		if (rcp_io_run(parts, (int)nr, now + ps->cl->rw_timeout_ms, now + ps->cl->connect_timeout_ms, 0) > 0) {
			for (uint32_t k = 0; k < nr; k++) {
				if (parts[k].err.code != RCP_OK) {
					rcp_ps_failed_io(ps, &parts[k].err, err);
					break;
				}
			}
		}
		efree(parts);
	}
	efree(pfd);
	efree(which);
	return err->code;
}

/* Commands of call serial still waiting for frames (sent, or to be sent again). */
static uint32_t rcp_ps_due(const rcp_pubsub *ps, uint64_t serial)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < ps->nconns; i++) {
		const rcp_ps_conn *pc = ps->conns[i];
		for (uint32_t k = 0; k < pc->qlen; k++) {
			n += pc->q[(pc->qhead + k) % pc->qcap].serial == serial;
		}
	}
	for (uint32_t i = 0; i < ps->nlater; i++) {
		n += ps->later[i].serial == serial;
	}
	return n;
}

static bool rcp_ps_forked(rcp_pubsub *ps, rcp_err *err)
{
	if (ps->nconns && ps->conns[0]->c->pid != rcp_pid()) {
		rcp_err_set(err, RCP_E_CONNECTION, NULL, "pub/sub: this subscriber's connections belong to the process that "
			"made it (%d), not to this one (a fork): make a subscriber in this process", (int)ps->conns[0]->c->pid);
		return true;
	}
	return false;
}

/* ---- the API --------------------------------------------------------------------------------------------------- */

rcp_status rcp_pubsub_send(rcp_pubsub *ps, rcp_ps_verb verb, uint32_t n, const char *const *names,
                           const size_t *lens, rcp_err *err)
{
	rcp_client *cl = ps->cl;
	uint64_t serial, deadline;
	uint32_t idx, nsynth = 0;
	zend_string **synth = NULL;     /* names answered here, without a round trip (un-verbs of names not held) */
	bool synth_null = false;
	HashTable *t = rcp_ps_table(ps, verb);
	rcp_status st;

	err->code = RCP_OK;
	if (rcp_ps_forked(ps, err) || rcp_client_ready(cl, err) != RCP_OK) {
		return err->code;
	}
	serial = ++ps->serial;
	ps->err_serial = 0;
	deadline = rcp_now_ms() + cl->rw_timeout_ms;
	switch (verb) {
		case RCP_PS_SUBSCRIBE:
		case RCP_PS_PSUBSCRIBE: {
			rcp_ps_cmd cmd = {.verb = verb, .shown = true, .serial = serial, .nnames = n,
				.names = safe_emalloc(n, sizeof(zend_string *), 0)};
			if (rcp_ps_main(ps, &idx, err) != RCP_OK) {
				efree(cmd.names);
				return err->code;
			}
			for (uint32_t i = 0; i < n; i++) {
				cmd.names[i] = zend_string_init(names[i], lens[i], 0);
				if (rcp_ps_state(ps, verb, cmd.names[i]) < 0) {
					rcp_ps_set(ps, t, cmd.names[i], RCP_PS_PENDING);
				}
			}
			rcp_ps_queue(ps, idx, &cmd, NULL, 0);
			break;
		}
		case RCP_PS_UNSUBSCRIBE:
		case RCP_PS_PUNSUBSCRIBE: {
			rcp_ps_cmd cmd = {.verb = verb, .shown = true, .serial = serial};
			zend_string *k;

			/* no names: every one held, named (the server then answers exactly one frame each) */
			cmd.names = safe_emalloc(n ? n : zend_hash_num_elements(t) + 1, sizeof(zend_string *), 0);
			if (n) {
				for (uint32_t i = 0; i < n; i++) {
					cmd.names[cmd.nnames++] = zend_string_init(names[i], lens[i], 0);
				}
			} else {
				ZEND_HASH_FOREACH_STR_KEY(t, k) {
					cmd.names[cmd.nnames++] = zend_string_copy(k);
				} ZEND_HASH_FOREACH_END();
			}
			if (!cmd.nnames || ps->main < 0) {
				/* nothing held (or never subscribed): the frames the server would send, without asking it */
				synth = cmd.names;
				nsynth = cmd.nnames;
				synth_null = !cmd.nnames;
				break;
			}
			for (uint32_t i = 0; i < cmd.nnames; i++) {
				if (rcp_ps_state(ps, verb, cmd.names[i]) == RCP_PS_ACTIVE) {
					rcp_ps_set(ps, t, cmd.names[i], RCP_PS_LEAVING);
				}
			}
			rcp_ps_queue(ps, (uint32_t)ps->main, &cmd, NULL, 0);
			break;
		}
		case RCP_PS_SSUBSCRIBE:
			/* one SSUBSCRIBE per slot (the server refuses CROSSSLOT), routed by the map when flushed */
			for (uint32_t i = 0; i < n; i++) {
				zend_string *name = zend_string_init(names[i], lens[i], 0);
				rcp_ps_cmd cmd = {.verb = verb, .shown = true, .serial = serial, .nnames = 1,
					.slot = (uint16_t)rcp_key_slot(names[i], lens[i]), .names = emalloc(sizeof(zend_string *))};
				if (!rcp_ps_shard_of(ps, name)) {
					rcp_ps_shard *s = ecalloc(1, sizeof(*s));
					zval v;
					s->slot = cmd.slot;
					s->state = RCP_PS_PENDING;
					ZVAL_PTR(&v, s);
					zend_hash_add(&ps->shards, name, &v);
				}
				cmd.names[0] = name;
				rcp_ps_later(ps, &cmd);
			}
			break;
		case RCP_PS_SUNSUBSCRIBE: {
			/* the names held, per connection and slot (the server refuses CROSSSLOT; a node answers MOVED for a slot
			 * it no longer serves); the others are answered here */
			HashTable groups; /* conn * RCP_SLOTS + slot => index in cmds */
			rcp_ps_cmd *cmds;
			uint32_t *conn_of;  /* each command's connection */
			zend_string **list, *k;
			uint32_t ncmds = 0, total = 0;

			list = safe_emalloc(n ? n : zend_hash_num_elements(&ps->shards) + 1, sizeof(zend_string *), 0);
			if (n) {
				for (uint32_t i = 0; i < n; i++) {
					list[total++] = zend_string_init(names[i], lens[i], 0);
				}
			} else {
				ZEND_HASH_FOREACH_STR_KEY(&ps->shards, k) {
					list[total++] = zend_string_copy(k);
				} ZEND_HASH_FOREACH_END();
			}
			zend_hash_init(&groups, 8, NULL, NULL, 0);
			cmds = safe_emalloc(total ? total : 1, sizeof(rcp_ps_cmd), 0);
			conn_of = safe_emalloc(total ? total : 1, sizeof(uint32_t), 0);
			synth = safe_emalloc(total ? total : 1, sizeof(zend_string *), 0);
			for (uint32_t i = 0; i < total; i++) {
				rcp_ps_shard *s = rcp_ps_shard_of(ps, list[i]);
				zend_ulong key;
				zval *g;

				if (!s || (s->state != RCP_PS_ACTIVE && s->state != RCP_PS_LEAVING)) {
					/* not held, or being (re-)subscribed: forgotten here (a confirmation still to come is undone
					 * then: rcp_ps_confirmed); a name given twice goes twice (the server answers each) */
					rcp_ps_shard_drop(ps, list[i]);
					synth[nsynth++] = list[i];
					continue;
				}
				s->state = RCP_PS_LEAVING;
				key = (zend_ulong)s->conn * RCP_SLOTS + s->slot;
				if ((g = zend_hash_index_find(&groups, key)) == NULL) {
					zval v;
					cmds[ncmds] = (rcp_ps_cmd){.verb = verb, .shown = true, .serial = serial, .slot = s->slot,
						.names = safe_emalloc(total, sizeof(zend_string *), 0)};
					conn_of[ncmds] = s->conn;
					ZVAL_LONG(&v, ncmds++);
					g = zend_hash_index_add(&groups, key, &v);
				}
				cmds[Z_LVAL_P(g)].names[cmds[Z_LVAL_P(g)].nnames++] = list[i];
			}
			for (uint32_t i = 0; i < ncmds; i++) {
				rcp_ps_queue(ps, conn_of[i], &cmds[i], NULL, 0);
			}
			efree(cmds);
			efree(conn_of);
			efree(list);
			zend_hash_destroy(&groups);
			synth_null = !total;
			break;
		}
		case RCP_PS_PING:
		default:
			/* every connection (one is opened when there is none): a pong once all answered */
			if (!ps->nconns && rcp_ps_main(ps, &idx, err) != RCP_OK) {
				return err->code;
			}
			for (uint32_t i = 0; i < ps->nconns; i++) {
				rcp_ps_cmd cmd = {.verb = RCP_PS_PING, .shown = i == 0, .serial = serial};
				rcp_ps_queue(ps, i, &cmd, n ? names[0] : NULL, n ? lens[0] : 0);
			}
			break;
	}
	/* send, then wait for this call's frames (the others that come meanwhile are looked at too) */
	st = rcp_ps_flush(ps, err);
	while (st == RCP_OK && rcp_ps_due(ps, serial) && !EG(exception)) {
		if (rcp_now_ms() >= deadline) {
			st = rcp_err_set(err, RCP_E_TIMEOUT, ps->nconns ? ps->conns[0]->c->addr : NULL, "pub/sub: %s not confirmed "
				"within read_write_timeout (%.3f s); its frames are still taken when they come",
				rcp_ps_cmd_names[verb], (double)cl->rw_timeout_ms / 1000);
			break;
		}
		if ((st = rcp_ps_read(ps, deadline, err)) == RCP_OK) {
			rcp_ps_process(ps);
			st = rcp_ps_flush(ps, err);
		}
	}
	for (uint32_t i = 0; i < nsynth; i++) {
		rcp_ps_out_confirm(ps, verb, synth[i]);
		zend_string_release(synth[i]);
	}
	if (synth_null && verb != RCP_PS_PING && st == RCP_OK) {
		rcp_ps_out_confirm(ps, verb, NULL);
	}
	if (synth) {
		efree(synth);
	}
	if (st == RCP_OK && ps->err_serial == serial) {
		*err = ps->cmd_err;
		st = err->code;
	}
	return st;
}

rcp_status rcp_pubsub_next(rcp_pubsub *ps, uint64_t timeout_ms, zval *frame, rcp_err *err)
{
	uint64_t end = timeout_ms ? rcp_now_ms() + timeout_ms : 0;

	ZVAL_UNDEF(frame);
	err->code = RCP_OK;
	for (;;) {
		if (ps->failed) {
			*err = ps->failure;
			ps->failed = false;
			return err->code;
		}
		if (ps->outlen) {
			ZVAL_COPY_VALUE(frame, &ps->out[ps->outhead]);
			ps->outhead = (ps->outhead + 1) % ps->outcap;
			ps->outlen--;
			return RCP_OK;
		}
		if (!rcp_pubsub_waiting(ps)) {
			rcp_pubsub_close(ps); /* it holds nothing and nothing can come: its connections go (a subscribe reopens) */
			return RCP_OK;
		}
		if (EG(exception) || (end && rcp_now_ms() >= end)) {
			return RCP_OK;
		}
		if (rcp_oom_pending()) {
			return rcp_err_set(err, RCP_E_MEMORY, NULL, "pub/sub: memory_limit exhausted");
		}
		if (rcp_ps_forked(ps, err) || rcp_ps_flush(ps, err) != RCP_OK || rcp_ps_read(ps, end, err) != RCP_OK) {
			return err->code;
		}
		rcp_ps_process(ps);
	}
}

bool rcp_pubsub_waiting(const rcp_pubsub *ps)
{
	if (ps->outlen || ps->held || ps->nlater || ps->failed) {
		return true;
	}
	for (uint32_t i = 0; i < ps->nconns; i++) {
		if (ps->conns[i]->qlen) {
			return true;
		}
	}
	return false;
}

uint32_t rcp_pubsub_held(const rcp_pubsub *ps, rcp_ps_verb verb)
{
	return zend_hash_num_elements(rcp_ps_table((rcp_pubsub *)ps, verb));
}

void rcp_pubsub_close(rcp_pubsub *ps)
{
	for (uint32_t i = 0; i < ps->nconns; i++) {
		rcp_ps_conn *pc = ps->conns[i];
		while (pc->qlen) {
			rcp_ps_pop(pc);
		}
		if (pc->q) {
			efree(pc->q);
		}
		rcp_resp_reset(&pc->c->rd); /* request memory: freed now, not in a later request's loop turn */
		pc->c->sink = NULL;
		rcp_conn_close(pc->c);
		efree(pc);
	}
	if (ps->conns) {
		efree(ps->conns);
		rcp_io_flush();
	}
	ps->conns = NULL;
	ps->nconns = ps->capconns = 0;
	ps->main = -1;
	zend_hash_clean(&ps->channels);
	zend_hash_clean(&ps->patterns);
	zend_hash_clean(&ps->shards);
	ps->held = 0;
	for (uint32_t i = 0; i < ps->inlen; i++) {
		zval_ptr_dtor(&ps->in[i]);
	}
	ps->inlen = 0;
	while (ps->outlen) {
		zval_ptr_dtor(&ps->out[ps->outhead]);
		ps->outhead = (ps->outhead + 1) % ps->outcap;
		ps->outlen--;
	}
	for (uint32_t i = 0; i < ps->nlater; i++) {
		rcp_ps_cmd_free(&ps->later[i]);
	}
	ps->nlater = 0;
}

void rcp_pubsub_free(rcp_pubsub *ps)
{
	rcp_pubsub_close(ps);
	zend_hash_destroy(&ps->channels);
	zend_hash_destroy(&ps->patterns);
	zend_hash_destroy(&ps->shards);
	if (ps->in) {
		efree(ps->in);
		efree(ps->in_conn);
	}
	if (ps->out) {
		efree(ps->out);
	}
	if (ps->later) {
		efree(ps->later);
	}
	efree(ps);
}

static void rcp_ps_describe_table(const rcp_pubsub *ps, HashTable *t, bool shard, const char *strip,
                                  size_t striplen, zval *out)
{
	zend_string *k;
	zval *z;

	array_init(out);
	ZEND_HASH_FOREACH_STR_KEY_VAL(t, k, z) {
		uint32_t conn = ps->main >= 0 ? (uint32_t)ps->main : UINT32_MAX;
		int state = shard ? ((rcp_ps_shard *)Z_PTR_P(z))->state : (int)Z_LVAL_P(z);
		zend_string *name;
		zval addr;

		if (shard) {
			conn = ((rcp_ps_shard *)Z_PTR_P(z))->conn;
		}
		if (state == RCP_PS_PENDING || conn >= ps->nconns) {
			continue;
		}
		name = striplen && ZSTR_LEN(k) >= striplen && !memcmp(ZSTR_VAL(k), strip, striplen)
			? zend_string_init(ZSTR_VAL(k) + striplen, ZSTR_LEN(k) - striplen, 0) : zend_string_copy(k);
		ZVAL_STRING(&addr, ps->conns[conn]->c->addr);
		zend_symtable_update(Z_ARRVAL_P(out), name, &addr);
		zend_string_release(name);
	} ZEND_HASH_FOREACH_END();
}

void rcp_pubsub_describe(const rcp_pubsub *ps, const char *strip, size_t striplen, zval *out)
{
	zval t;

	array_init(out);
	rcp_ps_describe_table(ps, (HashTable *)&ps->channels, false, strip, striplen, &t);
	add_assoc_zval(out, "channels", &t);
	rcp_ps_describe_table(ps, (HashTable *)&ps->patterns, false, strip, striplen, &t);
	add_assoc_zval(out, "patterns", &t);
	rcp_ps_describe_table(ps, (HashTable *)&ps->shards, true, strip, striplen, &t);
	add_assoc_zval(out, "shard_channels", &t);
	add_assoc_long(out, "resubscribed", (zend_long)ps->resubscribed);
	add_assoc_long(out, "moved", (zend_long)ps->moved);
}

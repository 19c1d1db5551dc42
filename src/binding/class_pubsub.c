/*
 * class_pubsub.c - RedisClusterPool::pubSubLoop() and RedisClusterPool\PubSubConsumer: pub/sub in the shape of
 * Predis' consumer (Predis\Consumer\PubSub\Consumer in v3, Predis\PubSub\Consumer in v2) over the core's subscriber
 * (src/pubsub.c: connections of its own, the frames, shard channels that follow their slot).
 *
 * What Predis does and what is kept: subscribe()/psubscribe()/ssubscribe() and their un- forms write the command;
 * iterating yields every frame as an object (kind, channel, payload; pmessage: kind, pattern, channel, payload;
 * pong: kind, payload) — confirmations included, their payload being the count of subscriptions held; the iteration
 * ends after the frame that brings that count to 0; stop() unsubscribes from everything (the iteration then yields
 * the unsubscribe frames and ends), stop(true) drops the connections at once; pubSubLoop($options, $callback) runs the
 * loop and stops it when the callback returns false; options "subscribe", "ssubscribe", "psubscribe" subscribe at
 * creation. What differs, and why (README "Pub/sub"): a subscribe call waits for the server's confirmations (so a
 * refused channel throws there, and a publisher may go once it returned); sharded messages are "smessage" frames (the
 * server's kind; Predis' consumer does not know them); the option "timeout" (seconds; 0, the default, waits as long as
 * it takes) makes the iteration yield a "timeout" frame (kind "timeout", channel and payload null) when nothing came
 * in that time, where Predis' read_write_timeout ends the loop with an exception and a closed connection; ping()
 * checks every connection and waits for their answers (one pong frame).
 *
 * The "prefix" option applies to every name, as Predis' prefix processor applies it to SUBSCRIBE, PSUBSCRIBE and
 * their UNSUBSCRIBEs and as it applies to PUBLISH's and SPUBLISH's channel: channels, patterns and shard channels
 * get it; it is taken off the names (channels and patterns) of frames and of subscriptions().
 */
#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "rcp_binding.h"
#include "rcp_exceptions.h"
#include "rcp_pubsub.h"

zend_class_entry *rcp_ce_consumer;
static zend_object_handlers rcp_consumer_handlers;

typedef struct {
	zval pool;             /* the RedisClusterPool: its client (credentials, TLS, the map) */
	zval current;          /* the frame the iteration is on (an object), UNDEF: none read yet */
	bool delivered;        /* current() returned it: a new foreach (rewind()) moves past it, as Predis' consumer,
	                          which reads a new frame at every current(), never yields one twice */
	rcp_pubsub *ps;
	uint64_t timeout_ms;   /* option "timeout": 0 waits as long as it takes */
	zend_long position;
	zend_object std;
} rcp_consumer_object;

static inline rcp_consumer_object *rcp_consumer_from(zend_object *o)
{
	return (rcp_consumer_object *)((char *)o - XtOffsetOf(rcp_consumer_object, std));
}

/* Property names and kinds of the frame objects, interned once. */
static zend_string *rcp_s_kind, *rcp_s_channel, *rcp_s_payload, *rcp_s_pattern, *rcp_s_timeout;

static zend_object *rcp_consumer_create(zend_class_entry *ce)
{
	rcp_consumer_object *c = zend_object_alloc(sizeof(rcp_consumer_object), ce);

	memset(c, 0, XtOffsetOf(rcp_consumer_object, std));
	ZVAL_UNDEF(&c->pool);
	ZVAL_UNDEF(&c->current);
	zend_object_std_init(&c->std, ce);
	c->std.handlers = &rcp_consumer_handlers;
	return &c->std;
}

static void rcp_consumer_free(zend_object *o)
{
	rcp_consumer_object *c = rcp_consumer_from(o);

	if (c->ps) {
		rcp_pubsub_free(c->ps); /* closes its connections: the server drops their subscriptions */
		c->ps = NULL;
	}
	zval_ptr_dtor(&c->current);
	zval_ptr_dtor(&c->pool);
	zend_object_std_dtor(o);
}

static HashTable *rcp_consumer_get_gc(zend_object *o, zval **table, int *n)
{
	rcp_consumer_object *c = rcp_consumer_from(o);

	*table = &c->pool;
	*n = 2; /* pool, current are adjacent */
	return NULL;
}

void rcp_class_pubsub_minit(void)
{
	rcp_ce_consumer->create_object = rcp_consumer_create;
	memcpy(&rcp_consumer_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	rcp_consumer_handlers.offset = XtOffsetOf(rcp_consumer_object, std);
	rcp_consumer_handlers.free_obj = rcp_consumer_free;
	rcp_consumer_handlers.clone_obj = NULL;
	rcp_consumer_handlers.get_gc = rcp_consumer_get_gc;
	rcp_s_kind = zend_string_init_interned("kind", 4, 1);
	rcp_s_channel = zend_string_init_interned("channel", 7, 1);
	rcp_s_payload = zend_string_init_interned("payload", 7, 1);
	rcp_s_pattern = zend_string_init_interned("pattern", 7, 1);
	rcp_s_timeout = zend_string_init_interned("timeout", 7, 1);
}

/* The pool behind the consumer, NULL after throwing (a consumer made by hand: its constructor is private). */
static rcp_pool_object *rcp_consumer_pool(rcp_consumer_object *c)
{
	if (!c->ps || Z_TYPE(c->pool) != IS_OBJECT) {
		zend_throw_error(NULL, "RedisClusterPool\\PubSubConsumer is made by RedisClusterPool::pubSubLoop()");
		return NULL;
	}
	return rcp_pool_checked(&c->pool);
}

/* ---- frames as objects --------------------------------------------------------------------------------------- */

/* A channel's or a pattern's name as the caller knows it: without the pool's prefix. */
static void rcp_unprefixed(rcp_pool_object *p, zval *name, zval *dst)
{
	size_t pl = p->prefix ? ZSTR_LEN(p->prefix) : 0;

	if (pl && Z_TYPE_P(name) == IS_STRING && Z_STRLEN_P(name) >= pl && !memcmp(Z_STRVAL_P(name), ZSTR_VAL(p->prefix), pl)) {
		ZVAL_STRINGL(dst, Z_STRVAL_P(name) + pl, Z_STRLEN_P(name) - pl);
	} else {
		ZVAL_COPY(dst, name);
	}
}

/* The core's frame (an array, taken) as the object Predis' consumer makes of it (UNDEF: the "timeout" frame). */
static void rcp_frame_object(rcp_pool_object *p, zval *frame, zval *dst)
{
	HashTable *props = zend_new_array(4);
	zval *kind, v;

	if (Z_ISUNDEF_P(frame)) {
		ZVAL_INTERNED_STR(&v, rcp_s_timeout);
		zend_hash_add_new(props, rcp_s_kind, &v);
		ZVAL_NULL(&v);
		zend_hash_add_new(props, rcp_s_channel, &v);
		zend_hash_add_new(props, rcp_s_payload, &v);
		object_and_properties_init(dst, zend_standard_class_def, props);
		return;
	}
	kind = zend_hash_index_find(Z_ARRVAL_P(frame), 0);
	Z_TRY_ADDREF_P(kind);
	zend_hash_add_new(props, rcp_s_kind, kind);
	if (zend_string_equals_literal(Z_STR_P(kind), "pong")) {
		ZVAL_COPY(&v, zend_hash_index_find(Z_ARRVAL_P(frame), 1));
		zend_hash_add_new(props, rcp_s_payload, &v);
	} else if (zend_string_equals_literal(Z_STR_P(kind), "pmessage")) {
		rcp_unprefixed(p, zend_hash_index_find(Z_ARRVAL_P(frame), 1), &v);
		zend_hash_add_new(props, rcp_s_pattern, &v);
		rcp_unprefixed(p, zend_hash_index_find(Z_ARRVAL_P(frame), 2), &v);
		zend_hash_add_new(props, rcp_s_channel, &v);
		ZVAL_COPY(&v, zend_hash_index_find(Z_ARRVAL_P(frame), 3));
		zend_hash_add_new(props, rcp_s_payload, &v);
	} else {
		/* message, smessage, and the confirmations (their payload: the count held; an unsubscribe of everything
		 * held nothing: its channel is null) */
		rcp_unprefixed(p, zend_hash_index_find(Z_ARRVAL_P(frame), 1), &v);
		zend_hash_add_new(props, rcp_s_channel, &v);
		ZVAL_COPY(&v, zend_hash_index_find(Z_ARRVAL_P(frame), 2));
		zend_hash_add_new(props, rcp_s_payload, &v);
	}
	zval_ptr_dtor(frame);
	object_and_properties_init(dst, zend_standard_class_def, props);
}

/* Make sure c->current holds the next frame, waiting for one; false when none can come or after throwing. */
static bool rcp_consumer_fetch(rcp_consumer_object *c)
{
	rcp_pool_object *p;
	rcp_err err;
	zval frame;

	if (!Z_ISUNDEF(c->current)) {
		return true;
	}
	if (!(p = rcp_consumer_pool(c))) {
		return false;
	}
	if (rcp_pubsub_next(c->ps, c->timeout_ms, &frame, &err) != RCP_OK) {
		rcp_throw_err(&err);
		return false;
	}
	if (EG(exception)) {
		zval_ptr_dtor(&frame);
		return false; /* a signal handler threw while we waited */
	}
	if (Z_ISUNDEF(frame) && !(c->timeout_ms && rcp_pubsub_waiting(c->ps))) {
		return false; /* nothing is subscribed any more: the iteration is over */
	}
	rcp_frame_object(p, &frame, &c->current);
	return true;
}

/* ---- subscribing --------------------------------------------------------------------------------------------- */

/* Whether v can be a name: a string, or an int or a float (made its string, as a string parameter takes it in weak
 * mode; a TypeError under strict_types). */
static bool rcp_name_arg(zval *v, bool strict)
{
	return Z_TYPE_P(v) == IS_STRING || (!strict && (Z_TYPE_P(v) == IS_LONG || Z_TYPE_P(v) == IS_DOUBLE));
}

/* The names of a call (strings, or arrays of them: Predis' normalizeArguments), the prefix applied to each, sent
 * with verb. False after throwing. */
static bool rcp_consumer_send(rcp_consumer_object *c, rcp_ps_verb verb, zval *args, uint32_t argc, const char *what)
	/* what: the method's name, or 'option "<name>"' */
{
	rcp_pool_object *p = rcp_consumer_pool(c);
	uint32_t n = 0, cap = 0;
	zend_string **strs;
	const char **names;
	size_t *lens;
	rcp_err err;
	bool ok = false;

	if (!p) {
		return false;
	}
	for (uint32_t i = 0; i < argc; i++) {
		cap += Z_TYPE(args[i]) == IS_ARRAY ? zend_hash_num_elements(Z_ARRVAL(args[i])) : 1;
	}
	strs = safe_emalloc(cap ? cap : 1, sizeof(zend_string *), 0);
	for (uint32_t i = 0; i < argc; i++) {
		zval *v;
		uint32_t j = 0;

		if (Z_TYPE(args[i]) != IS_ARRAY) {
			strs[n++] = zval_get_string(&args[i]); /* a string already: ZPP checked string|array */
			continue;
		}
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(args[i]), v) {
			ZVAL_DEREF(v);
			j++;
			if (!rcp_name_arg(v, false)) {
				if (what[0] == 'o') { /* an option of pubSubLoop() */
					rcp_throw(rcp_ce_invalid_argument, "pubSubLoop(): %s must hold names (strings), its element %u is %s",
						what, j, zend_zval_type_name(v));
				} else {
					zend_argument_type_error(i + 1, "must hold names (strings), its element %u is %s", j,
						zend_zval_type_name(v));
				}
				goto done;
			}
			strs[n++] = zval_get_string(v);
		} ZEND_HASH_FOREACH_END();
	}
	if (!n && verb <= RCP_PS_SSUBSCRIBE) {
		rcp_throw(rcp_ce_invalid_argument, what[0] == 'o' ? "pubSubLoop(): %s needs at least one %s" : "%s() needs at "
			"least one %s", what, verb == RCP_PS_PSUBSCRIBE ? "pattern" : "channel");
		goto done;
	}
	if (p->prefix && ZSTR_LEN(p->prefix)) {
		for (uint32_t i = 0; i < n; i++) {
			zend_string *full = zend_string_concat2(ZSTR_VAL(p->prefix), ZSTR_LEN(p->prefix), ZSTR_VAL(strs[i]),
				ZSTR_LEN(strs[i]));
			zend_string_release(strs[i]);
			strs[i] = full;
		}
	}
	names = safe_emalloc(n ? n : 1, sizeof(char *), 0);
	lens = safe_emalloc(n ? n : 1, sizeof(size_t), 0);
	for (uint32_t i = 0; i < n; i++) {
		names[i] = ZSTR_VAL(strs[i]);
		lens[i] = ZSTR_LEN(strs[i]);
	}
	if (rcp_pubsub_send(c->ps, verb, n, names, lens, &err) != RCP_OK) {
		rcp_throw_err(&err);
	} else {
		ok = !EG(exception);
	}
	efree(names);
	efree(lens);
done:
	while (n) {
		zend_string_release(strs[--n]);
	}
	efree(strs);
	return ok;
}

/* A method taking names: string|array ...$names (arrays of names: Predis' normalizeArguments). */
#define RCP_CONSUMER_SEND(method, verb) \
	ZEND_METHOD(RedisClusterPool_PubSubConsumer, method) \
	{ \
		zval *args = NULL; \
		uint32_t argc = 0; \
		ZEND_PARSE_PARAMETERS_START(0, -1) \
			Z_PARAM_VARIADIC('*', args, argc) \
		ZEND_PARSE_PARAMETERS_END(); \
		for (uint32_t i = 0; i < argc; i++) { \
			if (Z_TYPE(args[i]) != IS_ARRAY && !rcp_name_arg(&args[i], ZEND_ARG_USES_STRICT_TYPES())) { \
				zend_argument_type_error(i + 1, "must be of type array|string, %s given", zend_zval_type_name(&args[i])); \
				RETURN_THROWS(); \
			} \
		} \
		rcp_consumer_send(rcp_consumer_from(Z_OBJ_P(ZEND_THIS)), verb, args, argc, #method); \
	}

RCP_CONSUMER_SEND(subscribe, RCP_PS_SUBSCRIBE)
RCP_CONSUMER_SEND(psubscribe, RCP_PS_PSUBSCRIBE)
RCP_CONSUMER_SEND(ssubscribe, RCP_PS_SSUBSCRIBE)
RCP_CONSUMER_SEND(unsubscribe, RCP_PS_UNSUBSCRIBE)
RCP_CONSUMER_SEND(punsubscribe, RCP_PS_PUNSUBSCRIBE)
RCP_CONSUMER_SEND(sunsubscribe, RCP_PS_SUNSUBSCRIBE)

ZEND_METHOD(RedisClusterPool_PubSubConsumer, ping)
{
	rcp_consumer_object *c = rcp_consumer_from(Z_OBJ_P(ZEND_THIS));
	zend_string *payload = NULL;
	rcp_err err;
	const char *name;
	size_t len;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(payload)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_consumer_pool(c)) {
		RETURN_THROWS();
	}
	name = payload ? ZSTR_VAL(payload) : NULL;
	len = payload ? ZSTR_LEN(payload) : 0;
	if (rcp_pubsub_send(c->ps, RCP_PS_PING, payload ? 1 : 0, &name, &len, &err) != RCP_OK) {
		rcp_throw_err(&err);
		RETURN_THROWS();
	}
}

ZEND_METHOD(RedisClusterPool_PubSubConsumer, stop)
{
	rcp_consumer_object *c = rcp_consumer_from(Z_OBJ_P(ZEND_THIS));
	bool drop = false;
	static const rcp_ps_verb un[] = {RCP_PS_UNSUBSCRIBE, RCP_PS_PUNSUBSCRIBE, RCP_PS_SUNSUBSCRIBE};
	static const rcp_ps_verb of[] = {RCP_PS_SUBSCRIBE, RCP_PS_PSUBSCRIBE, RCP_PS_SSUBSCRIBE};

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL(drop)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_consumer_pool(c)) {
		RETURN_THROWS();
	}
	if (!rcp_pubsub_waiting(c->ps) && Z_ISUNDEF(c->current)) {
		RETURN_FALSE; /* nothing to stop (Predis: not valid) */
	}
	if (drop) {
		rcp_pubsub_close(c->ps);
		zval_ptr_dtor(&c->current);
		ZVAL_UNDEF(&c->current);
		c->delivered = false;
		RETURN_FALSE;
	}
	for (int i = 0; i < 3; i++) {
		rcp_err err;
		if (rcp_pubsub_held(c->ps, of[i]) && rcp_pubsub_send(c->ps, un[i], 0, NULL, NULL, &err) != RCP_OK) {
			rcp_throw_err(&err);
			RETURN_THROWS();
		}
	}
	RETURN_TRUE;
}

ZEND_METHOD(RedisClusterPool_PubSubConsumer, subscriptions)
{
	rcp_consumer_object *c = rcp_consumer_from(Z_OBJ_P(ZEND_THIS));
	rcp_pool_object *p;

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(p = rcp_consumer_pool(c))) {
		RETURN_THROWS();
	}
	rcp_pubsub_describe(c->ps, p->prefix ? ZSTR_VAL(p->prefix) : NULL, p->prefix ? ZSTR_LEN(p->prefix) : 0,
		return_value);
}

ZEND_METHOD(RedisClusterPool_PubSubConsumer, getClient)
{
	rcp_consumer_object *c = rcp_consumer_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (!rcp_consumer_pool(c)) {
		RETURN_THROWS();
	}
	RETURN_COPY(&c->pool);
}

/* ---- iteration ----------------------------------------------------------------------------------------------- */

ZEND_METHOD(RedisClusterPool_PubSubConsumer, __construct)
{
	zend_throw_error(NULL, "Use RedisClusterPool::pubSubLoop() to make a pub/sub consumer");
}

/* Moves past the current frame (the iteration is on a frame only until it moves on). */
static void rcp_consumer_advance(rcp_consumer_object *c)
{
	if (!Z_ISUNDEF(c->current)) {
		zval_ptr_dtor(&c->current);
		ZVAL_UNDEF(&c->current);
		c->position++;
	}
	c->delivered = false;
}

ZEND_METHOD(RedisClusterPool_PubSubConsumer, rewind)
{
	rcp_consumer_object *c = rcp_consumer_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (c->delivered) {
		rcp_consumer_advance(c); /* a foreach left with break: the next one starts at the next frame */
	}
}

ZEND_METHOD(RedisClusterPool_PubSubConsumer, valid)
{
	rcp_consumer_object *c = rcp_consumer_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (!rcp_consumer_fetch(c) && EG(exception)) {
		RETURN_THROWS();
	}
	RETURN_BOOL(!Z_ISUNDEF(c->current));
}

ZEND_METHOD(RedisClusterPool_PubSubConsumer, current)
{
	rcp_consumer_object *c = rcp_consumer_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (!rcp_consumer_fetch(c)) {
		if (EG(exception)) {
			RETURN_THROWS();
		}
		RETURN_NULL();
	}
	c->delivered = true;
	RETURN_COPY(&c->current);
}

ZEND_METHOD(RedisClusterPool_PubSubConsumer, key)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(rcp_consumer_from(Z_OBJ_P(ZEND_THIS))->position);
}

ZEND_METHOD(RedisClusterPool_PubSubConsumer, next)
{
	rcp_consumer_object *c = rcp_consumer_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	rcp_consumer_advance(c);
}

/* ---- RedisClusterPool::pubSubLoop() --------------------------------------------------------------------------- */

/* pubSubLoop()'s options; false after throwing. */
static bool rcp_consumer_options(rcp_consumer_object *c, HashTable *opts)
{
	static const char *const known[] = {"subscribe", "ssubscribe", "psubscribe", "timeout", NULL};
	static const char *const what[] = {"option \"subscribe\"", "option \"ssubscribe\"", "option \"psubscribe\""};
	static const rcp_ps_verb verbs[] = {RCP_PS_SUBSCRIBE, RCP_PS_SSUBSCRIBE, RCP_PS_PSUBSCRIBE};
	zval *subs[3] = {NULL, NULL, NULL}, *v;
	zend_string *k;
	uint32_t pos = 0;

	ZEND_HASH_FOREACH_STR_KEY_VAL(opts, k, v) {
		int i;
		ZVAL_DEREF(v);
		pos++;
		if (!k) {
			rcp_throw(rcp_ce_invalid_argument, "pubSubLoop(): options must be an array with string keys "
				"(subscribe, ssubscribe, psubscribe, timeout)");
			return false;
		}
		for (i = 0; known[i] && !zend_string_equals_cstr(k, known[i], strlen(known[i])); i++) {
		}
		if (!known[i]) {
			rcp_throw_unknown_key("pubSubLoop(): unknown option", pos, k, known);
			return false;
		}
		if (i == 3) {
			double s = Z_TYPE_P(v) == IS_LONG ? (double)Z_LVAL_P(v) : Z_TYPE_P(v) == IS_DOUBLE ? Z_DVAL_P(v) : -1;
			if ((Z_TYPE_P(v) != IS_LONG && Z_TYPE_P(v) != IS_DOUBLE) || !(s >= 0 && s <= 86400 * 365)) {
				rcp_throw(rcp_ce_invalid_argument, "pubSubLoop(): option \"timeout\" must be a number of seconds "
					"from 0 (wait as long as it takes) to a year, %s given", Z_TYPE_P(v) == IS_LONG ||
					Z_TYPE_P(v) == IS_DOUBLE ? "a number out of range" : zend_zval_type_name(v));
				return false;
			}
			c->timeout_ms = (uint64_t)(s * 1000 + 0.5);
			if (s > 0 && !c->timeout_ms) {
				c->timeout_ms = 1;
			}
		} else if (Z_TYPE_P(v) != IS_ARRAY && !rcp_name_arg(v, false)) {
			rcp_throw(rcp_ce_invalid_argument, "pubSubLoop(): option \"%s\" must be a name or an array of names, %s "
				"given", known[i], zend_zval_type_name(v));
			return false;
		} else {
			subs[i] = v;
		}
	} ZEND_HASH_FOREACH_END();
	/* Predis v3's order: subscribe, ssubscribe, psubscribe */
	for (int i = 0; i < 3; i++) {
		if (subs[i] && !rcp_consumer_send(c, verbs[i], subs[i], 1, what[i])) {
			return false;
		}
	}
	return true;
}

ZEND_METHOD(RedisClusterPool, pubSubLoop)
{
	zval *first = NULL, consumer, args[2], rv;
	zend_fcall_info fci = empty_fcall_info;
	zend_fcall_info_cache fcc = empty_fcall_info_cache;
	HashTable *opts = NULL;
	rcp_pool_object *p;
	rcp_consumer_object *c;

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(first)
		Z_PARAM_FUNC_OR_NULL(fci, fcc)
	ZEND_PARSE_PARAMETERS_END();
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (first && Z_TYPE_P(first) == IS_ARRAY) {
		opts = Z_ARRVAL_P(first);
	} else if (first && Z_TYPE_P(first) != IS_NULL) {
		char *error = NULL;
		if (ZEND_FCI_INITIALIZED(fci)) {
			zend_argument_type_error(1, "must be of type ?array when a callback is given as argument #2, %s given",
				zend_zval_type_name(first));
			RETURN_THROWS();
		}
		if (zend_fcall_info_init(first, 0, &fci, &fcc, NULL, &error) != SUCCESS) {
			zend_argument_type_error(1, "must be of type array|callable|null, %s given", zend_zval_type_name(first));
			if (error) {
				efree(error);
			}
			RETURN_THROWS();
		}
		if (error) {
			efree(error);
		}
	}
	object_init_ex(&consumer, rcp_ce_consumer);
	c = rcp_consumer_from(Z_OBJ(consumer));
	ZVAL_COPY(&c->pool, ZEND_THIS);
	c->ps = rcp_pubsub_new(&p->client);
	if (opts && !rcp_consumer_options(c, opts)) {
		zval_ptr_dtor(&consumer);
		RETURN_THROWS();
	}
	if (!ZEND_FCI_INITIALIZED(fci)) {
		RETURN_COPY_VALUE(&consumer);
	}
	/* Predis' form with a callback: every frame to callback($consumer, $frame); false stops the loop (unsubscribes
	 * from everything, then reads on until that is confirmed) */
	while (rcp_consumer_fetch(c)) {
		ZVAL_COPY_VALUE(&args[0], &consumer);
		ZVAL_COPY_VALUE(&args[1], &c->current);
		fci.retval = &rv;
		fci.params = args;
		fci.param_count = 2;
		if (zend_call_function(&fci, &fcc) != SUCCESS || EG(exception)) {
			break;
		}
		if (Z_TYPE(rv) == IS_FALSE) {
			zend_call_method_with_0_params(Z_OBJ(consumer), rcp_ce_consumer, NULL, "stop", NULL);
		}
		zval_ptr_dtor(&rv);
		if (EG(exception)) {
			break;
		}
		rcp_consumer_advance(c);
	}
	zval_ptr_dtor(&consumer);
	if (EG(exception)) {
		RETURN_THROWS();
	}
	RETURN_NULL();
}

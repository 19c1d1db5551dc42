/*
 * class_transaction.c - RedisClusterPool\Transaction (Predis' MultiExec shape) and the pool's raw
 * MULTI / EXEC / DISCARD / WATCH / UNWATCH methods, on top of rcp_exec_transaction() (exec.c).
 *
 *   $pool->transaction(fn ($tx) => $tx->set('{u}a', 1)->incr('{u}b'));           callback form
 *   $pool->transaction()->set('{u}a', 1)->incr('{u}b')->execute();               fluent form
 *   $pool->transaction(['watch' => '{u}a', 'cas' => true, 'retry' => 3], function ($tx) {
 *       $v = $tx->get('{u}a');            // CAS: runs at once, after the WATCH
 *       $tx->multi();                     // from here on, queued
 *       $tx->set('{u}a', $v + 1);
 *   });                                                                          check-and-set with retries
 *   $pool->multi(); $pool->set('{u}a', 1); $pool->exec();                        raw form (QUEUED statuses)
 *
 * Commands are queued here (their arguments checked at the call site) and sent at execute() as MULTI +
 * commands + EXEC in one write: one round trip. Differences from Predis, which sends every command to the
 * server as it is queued: an error the server gives at queue time (wrong arity...) surfaces at execute(),
 * as a ServerException; nothing has run then.
 */
#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "rcp_binding.h"
#include "rcp_exceptions.h"
#include "../predis/rcp_predis.h"
#include "rcp_reply.h"

zend_class_entry *rcp_ce_transaction;
zend_class_entry *rcp_ce_aborted;
static zend_object_handlers rcp_tx_handlers;

typedef struct {
	zval pool;             /* the RedisClusterPool */
	zval watch_keys;       /* the "watch" option: keys WATCHed at the start of every attempt, or UNDEF */
	rcp_cmdq queue;        /* the commands queued */
	rcp_watch watch;
	zend_long retry;       /* attempts after the first, when a WATCHed key changed (callback form only) */
	bool cas;              /* check-and-set: commands run at once until multi() */
	bool in_multi;         /* commands are queued */
	bool discarded;
	bool exceptions;
	bool raw;              /* the pool's own MULTI (QUEUED statuses rather than $this) */
	zend_object std;
} rcp_tx_object;

static inline rcp_tx_object *rcp_tx_from(zend_object *o)
{
	return (rcp_tx_object *)((char *)o - XtOffsetOf(rcp_tx_object, std));
}

static zend_object *rcp_tx_create(zend_class_entry *ce)
{
	rcp_tx_object *t = zend_object_alloc(sizeof(rcp_tx_object), ce);

	memset(t, 0, XtOffsetOf(rcp_tx_object, std));
	zend_object_std_init(&t->std, ce);
	t->std.handlers = &rcp_tx_handlers;
	return &t->std;
}

static void rcp_tx_free(zend_object *o)
{
	rcp_tx_object *t = rcp_tx_from(o);

	if (t->watch.active && Z_TYPE(t->pool) == IS_OBJECT) {
		rcp_pool_object *p = rcp_pool_from(Z_OBJ(t->pool));
		if (p->constructed) {
			rcp_tx_unwatch(&p->client, &t->watch); /* a WATCH never outlives its transaction */
		}
	}
	zval_ptr_dtor(&t->pool);
	rcp_cmdq_clear(&t->queue);
	zval_ptr_dtor(&t->watch_keys);
	zend_object_std_dtor(o);
}

static HashTable *rcp_tx_get_gc(zend_object *o, zval **table, int *n)
{
	rcp_tx_object *t = rcp_tx_from(o);

	zend_get_gc_buffer *buf = zend_get_gc_buffer_create();

	zend_get_gc_buffer_add_zval(buf, &t->pool);
	zend_get_gc_buffer_add_zval(buf, &t->watch_keys);
	rcp_cmdq_gc(&t->queue, buf);
	zend_get_gc_buffer_use(buf, table, n);
	return NULL;
}

static rcp_hot_set rcp_tx_hot;

static zend_function *rcp_tx_get_method(zend_object **obj, zend_string *name, const zval *key)
{
	return rcp_hot_get_method(&rcp_tx_hot, obj, name, key);
}

static ZEND_NAMED_FUNCTION(rcp_tx_hot_call);

void rcp_class_transaction_minit(void)
{
	memcpy(&rcp_tx_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	rcp_tx_handlers.offset = XtOffsetOf(rcp_tx_object, std);
	rcp_tx_handlers.free_obj = rcp_tx_free;
	rcp_tx_handlers.clone_obj = NULL;
	rcp_tx_handlers.get_gc = rcp_tx_get_gc;
	rcp_tx_handlers.get_method = rcp_tx_get_method;
	rcp_ce_transaction->create_object = rcp_tx_create;
	rcp_hot_init(&rcp_tx_hot, rcp_ce_transaction, rcp_tx_hot_call);
}

/*
 * A command run at once while a WATCH may be in force (check-and-set): always on the primary, whatever the
 * read policy. A replica may lag: a value read there, then written back under a WATCH held on the primary,
 * would be a lost update that EXEC cannot detect.
 */
static void rcp_tx_call_now(rcp_pool_object *p, zend_string *name, HashTable *args, zval *return_value)
{
	uint8_t policy = p->client.read_policy;

	p->client.read_policy = RCP_READ_PRIMARY;
	rcp_pool_call(p, name, args, return_value);
	p->client.read_policy = policy;
}

/* Drop what is queued. */
static void rcp_tx_clear_queue(rcp_tx_object *t)
{
	rcp_cmdq_clear(&t->queue);
}

/* The checked pool of a transaction, or NULL after throwing. */
static rcp_pool_object *rcp_tx_pool(rcp_tx_object *t)
{
	if (Z_TYPE(t->pool) != IS_OBJECT) {
		zend_throw_error(NULL, "Use RedisClusterPool::transaction() to create a transaction");
		return NULL;
	}
	return rcp_pool_checked(&t->pool);
}

/* WATCH keys (strings; a nested array is flattened one level, as Predis does) now. */
static bool rcp_tx_do_watch(rcp_tx_object *t, rcp_pool_object *p, HashTable *keys)
{
	zval flat, *k;
	rcp_argv a;
	rcp_err err;
	bool ok;

	array_init(&flat);
	ZEND_HASH_FOREACH_VAL(keys, k) {
		ZVAL_DEREF(k);
		if (Z_TYPE_P(k) == IS_ARRAY) {
			zval *kk;
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(k), kk) {
				Z_TRY_ADDREF_P(kk);
				add_next_index_zval(&flat, kk);
			} ZEND_HASH_FOREACH_END();
		} else {
			Z_TRY_ADDREF_P(k);
			add_next_index_zval(&flat, k);
		}
	} ZEND_HASH_FOREACH_END();
	if (!zend_hash_num_elements(Z_ARRVAL(flat))) {
		zval_ptr_dtor(&flat);
		rcp_throw(rcp_ce_invalid_argument, "WATCH needs at least one key");
		return false;
	}
	if (!rcp_argv_build(&a, "WATCH", 5, NULL, Z_ARRVAL(flat), "WATCH")) {
		zval_ptr_dtor(&flat);
		return false;
	}
	ok = !p->prefix || rcp_argv_prefix(&a, rcp_cmd_lookup("WATCH", 5, NULL, 0), p->prefix);
	if (ok) {
		err.code = RCP_OK;
		if (rcp_tx_watch(&p->client, &t->watch, a.argc, a.argv, a.lens, &err) != RCP_OK) {
			rcp_throw_err(&err);
			ok = false;
		}
	}
	rcp_argv_free(&a);
	zval_ptr_dtor(&flat);
	return ok;
}

/* Start an attempt: empty queue, the "watch" option's WATCH, MULTI unless check-and-set. */
static bool rcp_tx_begin(rcp_tx_object *t, rcp_pool_object *p)
{
	rcp_tx_clear_queue(t);
	t->discarded = false;
	t->in_multi = !t->cas;
	if (Z_TYPE(t->watch_keys) == IS_ARRAY) {
		return rcp_tx_do_watch(t, p, Z_ARRVAL(t->watch_keys));
	}
	return true;
}

/* Parse the options array (Predis' names); false after throwing. */
static bool rcp_tx_options(rcp_tx_object *t, rcp_pool_object *p, HashTable *opts, bool has_callback)
{
	zend_string *k;
	zval *v;

	static const char *const names[] = {"watch", "cas", "retry", "exceptions", NULL};
	uint32_t pos = 0;

	t->exceptions = p->exceptions;
	ZEND_HASH_FOREACH_STR_KEY_VAL(opts, k, v) {
		ZVAL_DEREF(v);
		pos++;
		if (!k) {
			rcp_throw(rcp_ce_invalid_argument, "transaction(): options must be an array with string keys "
				"(watch, cas, retry, exceptions)");
			return false;
		}
		if (zend_string_equals_literal(k, "watch")) {
			if (Z_TYPE_P(v) == IS_STRING) {
				array_init(&t->watch_keys);
				Z_TRY_ADDREF_P(v); /* (an interned string has no refcount) */
				add_next_index_zval(&t->watch_keys, v);
			} else if (Z_TYPE_P(v) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(v))) {
				ZVAL_COPY(&t->watch_keys, v);
			} else {
				rcp_throw(rcp_ce_invalid_argument, "transaction(): option \"watch\" must be a key or a non-empty "
					"array of keys, %s given", zend_zval_type_name(v));
				return false;
			}
		} else if (zend_string_equals_literal(k, "cas")) {
			if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
				rcp_throw(rcp_ce_invalid_argument, "transaction(): option \"cas\" must be a bool, %s given",
					zend_zval_type_name(v));
				return false;
			}
			t->cas = Z_TYPE_P(v) == IS_TRUE;
		} else if (zend_string_equals_literal(k, "retry")) {
			if (Z_TYPE_P(v) != IS_LONG || Z_LVAL_P(v) < 0) {
				rcp_throw(rcp_ce_invalid_argument, "transaction(): option \"retry\" must be an int >= 0");
				return false;
			}
			t->retry = Z_LVAL_P(v);
		} else if (zend_string_equals_literal(k, "exceptions")) {
			if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
				rcp_throw(rcp_ce_invalid_argument, "transaction(): option \"exceptions\" must be a bool, %s given",
					zend_zval_type_name(v));
				return false;
			}
			t->exceptions = Z_TYPE_P(v) == IS_TRUE;
		} else {
			rcp_throw_unknown_key("transaction(): unknown option", pos, k, names);
			return false;
		}
	} ZEND_HASH_FOREACH_END();
	if (t->retry && !has_callback) {
		rcp_throw(rcp_ce_invalid_argument, "transaction(): automatic retries (option \"retry\") need a callback "
			"that can be run again");
		return false;
	}
	return true;
}

bool rcp_tx_new(zval *pool, HashTable *opts, bool has_callback, zval *dst)
{
	rcp_pool_object *p = rcp_pool_from(Z_OBJ_P(pool));
	rcp_tx_object *t;

	object_init_ex(dst, rcp_ce_transaction);
	t = rcp_tx_from(Z_OBJ_P(dst));
	ZVAL_COPY(&t->pool, pool);
	t->exceptions = p->exceptions;
	if ((opts && !rcp_tx_options(t, p, opts, has_callback)) || (!has_callback && !rcp_tx_begin(t, p))) {
		zval_ptr_dtor(dst);
		ZVAL_UNDEF(dst);
		return false;
	}
	return true;
}

/* Run what is queued. return_value: the replies in call order (Predis' shapes), or null when nothing was
 * queued or the transaction was discarded. *aborted: set when a WATCHed key changed (no exception thrown). */
static void rcp_tx_run(rcp_tx_object *t, rcp_pool_object *p, const char **aborted, zval *return_value)
{
	zval exec_reply;
	rcp_cmdq queue;
	rcp_queue q;
	rcp_err err;

	*aborted = NULL;
	ZVAL_NULL(return_value);
	rcp_cmdq_take(&t->queue, &queue);
	t->in_multi = false;
	if (t->discarded || !queue.n) {
		rcp_tx_unwatch(&p->client, &t->watch);
		rcp_cmdq_clear(&queue);
		return;
	}
	if (rcp_queue_prepare(p, &queue, &q)) {
		err.code = RCP_OK;
		if (rcp_exec_transaction(&p->client, &t->watch, q.cmds, (int)q.n, &exec_reply, aborted, &err) != RCP_OK) {
			rcp_throw_err(&err);
		} else if (!*aborted) {
			zval *r;
			uint32_t k = 0;
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL(exec_reply), r) {
				ZVAL_COPY(&q.cmds[k++].reply, r);
			} ZEND_HASH_FOREACH_END();
			zval_ptr_dtor(&exec_reply);
			rcp_queue_results(p, &queue, &q, t->exceptions, return_value);
		}
	} else {
		rcp_tx_unwatch(&p->client, &t->watch);
	}
	rcp_queue_free(&q);
	rcp_cmdq_clear(&queue);
}

static void rcp_tx_throw_aborted(const char *why)
{
	rcp_throw(rcp_ce_aborted, "The transaction was aborted by the server and nothing of it ran: %s", why);
}

/* execute()/exec(): with a callback, run it (again, up to "retry" times, while a WATCHed key changes). */
static void rcp_tx_execute(rcp_tx_object *t, zend_fcall_info *fci, zend_fcall_info_cache *fcc, zval *return_value)
{
	rcp_pool_object *p = rcp_tx_pool(t);
	zend_long attempts;
	const char *aborted;
	zval self;

	if (!p) {
		return;
	}
	if (fci && t->queue.n) {
		rcp_throw(rcp_ce_invalid_argument, "transaction: a callback cannot be given once commands are queued");
		return;
	}
	attempts = fci ? t->retry : 0;
	ZVAL_OBJ(&self, &t->std);
	for (;;) {
		if (fci) {
			zval rv;
			if (!rcp_tx_begin(t, p)) {
				return;
			}
			ZVAL_UNDEF(&rv);
			zend_fcall_info_argn(fci, 1, &self);
			fci->retval = &rv;
			if (zend_call_function(fci, fcc) != SUCCESS || EG(exception)) {
				/* the block threw: nothing is sent, the WATCH is released */
				zend_fcall_info_args_clear(fci, 1);
				zval_ptr_dtor(&rv);
				rcp_tx_clear_queue(t);
				rcp_tx_unwatch(&p->client, &t->watch);
				return;
			}
			zend_fcall_info_args_clear(fci, 1);
			zval_ptr_dtor(&rv);
		}
		rcp_tx_run(t, p, &aborted, return_value);
		if (EG(exception) || !aborted) {
			return;
		}
		if (attempts-- <= 0) {
			rcp_tx_throw_aborted(aborted);
			return;
		}
	}
}

/* ---- RedisClusterPool\Transaction ------------------------------------------------------------ */

ZEND_METHOD(RedisClusterPool_Transaction, __construct)
{
	zend_throw_error(NULL, "Use RedisClusterPool::transaction() to create a transaction");
}

/*
 * A command after discard() starts the transaction anew, as Predis' MultiExec does (its next command sends MULTI
 * again, out of check-and-set mode): it is queued and execute() sends it, never dropped.
 */
static void rcp_tx_undiscard(rcp_tx_object *t)
{
	if (t->discarded) {
		t->discarded = false;
		t->cas = false;
		t->in_multi = true;
	}
}

/* Queue a command, or in check-and-set mode before multi() run it now. */
static void rcp_tx_command(rcp_tx_object *t, zend_string *name, HashTable *args, zval *this_zv, zval *return_value)
{
	rcp_pool_object *p;

	if (!(p = rcp_tx_pool(t))) {
		return;
	}
	rcp_tx_undiscard(t);
	if (t->cas && !t->in_multi) {
		rcp_tx_call_now(p, name, args, return_value); /* check-and-set: runs now (after the WATCH) */
		return;
	}
	if (rcp_cmdq_add(&t->queue, name, args)) {
		ZVAL_COPY(return_value, this_zv);
	}
}

ZEND_METHOD(RedisClusterPool_Transaction, __call)
{
	zend_string *name;
	HashTable *args;

	if (!rcp_call_params(execute_data, &name, &args)) {
		RETURN_THROWS();
	}
	rcp_tx_command(rcp_tx_from(Z_OBJ_P(ZEND_THIS)), name, args, ZEND_THIS, return_value);
}

/* A command method (rcp_hot_names): __call() with the method's name and arguments. */
static ZEND_NAMED_FUNCTION(rcp_tx_hot_call)
{
	rcp_tx_object *t = rcp_tx_from(Z_OBJ_P(ZEND_THIS));
	zval args;

	rcp_tx_undiscard(t);
	if (!t->cas || t->in_multi) {
		/* queued: from the frame's arguments (rcp_tx_command's checks first) */
		if (rcp_tx_pool(t) && rcp_cmdq_add_frame(&t->queue, &rcp_tx_hot, execute_data)) {
			RETURN_COPY(ZEND_THIS);
		}
		return;
	}
	rcp_hot_args(execute_data, &args);
	rcp_tx_command(t, EX(func)->common.function_name, Z_ARRVAL(args), ZEND_THIS, return_value);
	zval_ptr_dtor(&args);
}

ZEND_METHOD(RedisClusterPool_Transaction, multi)
{
	rcp_tx_object *t = rcp_tx_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (!rcp_tx_pool(t)) {
		RETURN_THROWS();
	}
	rcp_tx_undiscard(t);
	t->in_multi = true;
	RETURN_COPY(ZEND_THIS);
}

ZEND_METHOD(RedisClusterPool_Transaction, watch)
{
	rcp_tx_object *t = rcp_tx_from(Z_OBJ_P(ZEND_THIS));
	rcp_pool_object *p;
	zval *argv = NULL, keys;
	uint32_t argc = 0;
	bool ok;

	ZEND_PARSE_PARAMETERS_START(0, -1)
		Z_PARAM_VARIADIC('*', argv, argc)
	ZEND_PARSE_PARAMETERS_END();
	if (!(p = rcp_tx_pool(t))) {
		RETURN_THROWS();
	}
	if (t->in_multi && !t->raw) {
		rcp_throw(rcp_ce_invalid_argument, "WATCH after MULTI is not allowed: WATCH before queuing commands "
			"(option \"watch\", or \"cas\" => true and watch() before multi())");
		RETURN_THROWS();
	}
	array_init_size(&keys, argc);
	for (uint32_t i = 0; i < argc; i++) {
		Z_TRY_ADDREF(argv[i]);
		add_next_index_zval(&keys, &argv[i]);
	}
	ok = rcp_tx_do_watch(t, p, Z_ARRVAL(keys));
	zval_ptr_dtor(&keys);
	if (!ok) {
		RETURN_THROWS();
	}
	rcp_status_new(return_value, "OK", 2);
}

ZEND_METHOD(RedisClusterPool_Transaction, unwatch)
{
	rcp_tx_object *t = rcp_tx_from(Z_OBJ_P(ZEND_THIS));
	rcp_pool_object *p;

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(p = rcp_tx_pool(t))) {
		RETURN_THROWS();
	}
	rcp_tx_unwatch(&p->client, &t->watch);
	rcp_status_new(return_value, "OK", 2);
}

ZEND_METHOD(RedisClusterPool_Transaction, discard)
{
	rcp_tx_object *t = rcp_tx_from(Z_OBJ_P(ZEND_THIS));
	rcp_pool_object *p;

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(p = rcp_tx_pool(t))) {
		RETURN_THROWS();
	}
	rcp_tx_clear_queue(t);
	rcp_tx_unwatch(&p->client, &t->watch);
	t->discarded = true;
	RETURN_COPY(ZEND_THIS);
}

ZEND_METHOD(RedisClusterPool_Transaction, execute)
{
	rcp_tx_object *t = rcp_tx_from(Z_OBJ_P(ZEND_THIS));
	zend_fcall_info fci = empty_fcall_info;
	zend_fcall_info_cache fcc = empty_fcall_info_cache;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_FUNC_OR_NULL(fci, fcc)
	ZEND_PARSE_PARAMETERS_END();
	rcp_tx_execute(t, ZEND_FCI_INITIALIZED(fci) ? &fci : NULL, &fcc, return_value);
	if (EG(exception)) {
		zval_ptr_dtor(return_value);
		RETURN_THROWS();
	}
}

ZEND_METHOD(RedisClusterPool_Transaction, exec)
{
	rcp_tx_object *t = rcp_tx_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	rcp_tx_execute(t, NULL, NULL, return_value);
	if (EG(exception)) {
		zval_ptr_dtor(return_value);
		RETURN_THROWS();
	}
}

/* ---- RedisClusterPool::transaction() and the pool's raw MULTI ... EXEC ------------------------ */

ZEND_METHOD(RedisClusterPool, transaction)
{
	zval *a1 = NULL, tx;
	HashTable *opts = NULL;
	zend_fcall_info fci = empty_fcall_info, fci2 = empty_fcall_info;
	zend_fcall_info_cache fcc = empty_fcall_info_cache, fcc2 = empty_fcall_info_cache;
	bool cb = false;
	char *cb_error = NULL;

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(a1)
		Z_PARAM_FUNC_OR_NULL(fci2, fcc2)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_pool_checked(ZEND_THIS)) {
		RETURN_THROWS();
	}
	/* Predis' forms: (), (callable), (array options), (array options, callable); a type that is none of those is
	 * a TypeError, as ZPP gives for a declared type */
	if (a1 && Z_TYPE_P(a1) == IS_ARRAY && !zend_is_callable(a1, 0, NULL)) {
		opts = Z_ARRVAL_P(a1);
		if (ZEND_FCI_INITIALIZED(fci2)) {
			fci = fci2;
			fcc = fcc2;
			cb = true;
		}
	} else if (a1 && Z_TYPE_P(a1) != IS_NULL) {
		if (zend_fcall_info_init(a1, 0, &fci, &fcc, NULL, &cb_error) != SUCCESS) {
			zend_argument_type_error(1, "must be an array of options, a valid callback or null, %s given%s%s",
				zend_zval_type_name(a1), cb_error ? ": " : "", cb_error ? cb_error : "");
			if (cb_error) efree(cb_error);
			RETURN_THROWS();
		}
		if (cb_error) efree(cb_error);
		cb = true;
		if (ZEND_FCI_INITIALIZED(fci2)) {
			rcp_throw(rcp_ce_invalid_argument, "transaction(): expected ([options], [callable]), the options array first");
			RETURN_THROWS();
		}
	} else if (ZEND_FCI_INITIALIZED(fci2)) {
		fci = fci2; /* transaction(null, callable) */
		fcc = fcc2;
		cb = true;
	}
	if (!rcp_tx_new(ZEND_THIS, opts, cb, &tx)) {
		RETURN_THROWS();
	}
	if (!cb) {
		RETURN_COPY_VALUE(&tx);
	}
	rcp_tx_execute(rcp_tx_from(Z_OBJ(tx)), &fci, &fcc, return_value);
	zval_ptr_dtor(&tx);
	if (EG(exception)) {
		zval_ptr_dtor(return_value);
		RETURN_THROWS();
	}
}

/* The pool's current raw transaction, created on demand. */
static rcp_tx_object *rcp_pool_tx(zval *pool, bool create)
{
	rcp_pool_object *p = rcp_pool_from(Z_OBJ_P(pool));

	if (Z_TYPE(p->tx) != IS_OBJECT) {
		if (!create || !rcp_tx_new(pool, NULL, true, &p->tx)) {
			return NULL;
		}
		rcp_tx_from(Z_OBJ(p->tx))->raw = true;
	}
	return rcp_tx_from(Z_OBJ(p->tx));
}

static void rcp_pool_tx_end(zval *pool)
{
	rcp_pool_object *p = rcp_pool_from(Z_OBJ_P(pool));

	zval_ptr_dtor(&p->tx);
	ZVAL_UNDEF(&p->tx);
}

bool rcp_tx_pool_call(zval *pool, const rcp_call_res *res, zend_string *name, HashTable *args, zval *return_value)
{
	rcp_pool_object *p = rcp_pool_from(Z_OBJ_P(pool));
	rcp_tx_object *t = Z_TYPE(p->tx) == IS_OBJECT ? rcp_tx_from(Z_OBJ(p->tx)) : NULL;
	rcp_predis_tx verb = res->pd ? (rcp_predis_tx)res->pd->tx : RCP_PREDIS_TX_NONE; /* the resolution says which */

	if (verb == RCP_PREDIS_TX_MULTI) {
		if (zend_hash_num_elements(args)) {
			rcp_throw(rcp_ce_invalid_argument, "MULTI takes no arguments");
		} else if (t && t->in_multi) {
			rcp_throw(rcp_ce_invalid_argument, "MULTI calls can not be nested: EXEC or DISCARD the open one first");
		} else if ((t = rcp_pool_tx(pool, true))) {
			rcp_tx_clear_queue(t);
			t->in_multi = true;
			t->discarded = false;
			rcp_status_new(return_value, "OK", 2);
		}
		return true;
	}
	if (verb == RCP_PREDIS_TX_EXEC) {
		const char *aborted;
		if (!t || !t->in_multi) {
			rcp_throw(rcp_ce_invalid_argument, "EXEC without MULTI");
			return true;
		}
		rcp_tx_run(t, p, &aborted, return_value);
		rcp_pool_tx_end(pool);
		if (!EG(exception) && aborted) {
			zval_ptr_dtor(return_value);
			ZVAL_NULL(return_value); /* like EXEC itself: null when a WATCHed key changed */
		}
		return true;
	}
	if (verb == RCP_PREDIS_TX_DISCARD) {
		if (!t || !t->in_multi) {
			rcp_throw(rcp_ce_invalid_argument, "DISCARD without MULTI");
			return true;
		}
		rcp_tx_unwatch(&p->client, &t->watch);
		rcp_pool_tx_end(pool);
		rcp_status_new(return_value, "OK", 2);
		return true;
	}
	if (verb == RCP_PREDIS_TX_WATCH) {
		if (t && t->in_multi) {
			rcp_throw(rcp_ce_invalid_argument, "WATCH inside MULTI is not allowed");
		} else if ((t = rcp_pool_tx(pool, true)) && rcp_tx_do_watch(t, p, args)) {
			rcp_status_new(return_value, "OK", 2);
		}
		return true;
	}
	if (verb == RCP_PREDIS_TX_UNWATCH) {
		if (t) {
			rcp_tx_unwatch(&p->client, &t->watch);
			if (!t->in_multi) {
				rcp_pool_tx_end(pool);
			}
		}
		rcp_status_new(return_value, "OK", 2);
		return true;
	}
	if (t && t->in_multi) {
		if (rcp_cmdq_add(&t->queue, name, args)) {
			rcp_status_new(return_value, "QUEUED", 6);
		}
		return true;
	}
	if (t && t->watch.active) {
		rcp_tx_call_now(p, name, args, return_value); /* between WATCH and MULTI: from the primary */
		return true;
	}
	return false;
}

/*
 * class_pipeline.c - RedisClusterPool\Pipeline: commands queued with Predis' method syntax, sent with
 * execute() in one parallel round trip per node (rcp_exec_pipeline), replies in call order in Predis'
 * shapes. An error reply stays in its place (an Error object) or, with the "exceptions" option, is thrown as
 * a ServerException once the whole pipeline has completed: no command is ever silently dropped.
 */
#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "rcp_binding.h"
#include "rcp_errors.h"
#include "rcp_predis.h"
#include "rcp_reply.h"

zend_class_entry *rcp_ce_pipeline;
static zend_object_handlers rcp_pipeline_handlers;

typedef struct {
	zval pool;      /* the RedisClusterPool it belongs to */
	zval queue;     /* list of [lcname, method name, flat args, the caller's args] */
	zend_object std;
} rcp_pipeline_object;

static inline rcp_pipeline_object *rcp_pipe_from(zend_object *o)
{
	return (rcp_pipeline_object *)((char *)o - XtOffsetOf(rcp_pipeline_object, std));
}

static zend_object *rcp_pipeline_create(zend_class_entry *ce)
{
	rcp_pipeline_object *p = zend_object_alloc(sizeof(rcp_pipeline_object), ce);

	ZVAL_UNDEF(&p->pool);
	array_init(&p->queue);
	zend_object_std_init(&p->std, ce);
	p->std.handlers = &rcp_pipeline_handlers;
	return &p->std;
}

static void rcp_pipeline_free(zend_object *o)
{
	rcp_pipeline_object *p = rcp_pipe_from(o);

	zval_ptr_dtor(&p->pool);
	zval_ptr_dtor(&p->queue);
	zend_object_std_dtor(o);
}

static HashTable *rcp_pipeline_get_gc(zend_object *o, zval **table, int *n)
{
	rcp_pipeline_object *p = rcp_pipe_from(o);

	*table = &p->pool;
	*n = 2; /* pool and queue are adjacent */
	return NULL;
}

void rcp_class_pipeline_minit(void)
{
	memcpy(&rcp_pipeline_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	rcp_pipeline_handlers.offset = XtOffsetOf(rcp_pipeline_object, std);
	rcp_pipeline_handlers.free_obj = rcp_pipeline_free;
	rcp_pipeline_handlers.clone_obj = NULL;
	rcp_pipeline_handlers.get_gc = rcp_pipeline_get_gc;
	rcp_ce_pipeline->create_object = rcp_pipeline_create;
}

void rcp_pipeline_new(zval *pool, zval *dst)
{
	object_init_ex(dst, rcp_ce_pipeline);
	ZVAL_COPY(&rcp_pipe_from(Z_OBJ_P(dst))->pool, pool);
}

ZEND_METHOD(RedisClusterPool_Pipeline, __construct)
{
	zend_throw_error(NULL, "Use RedisClusterPool::pipeline() to create a pipeline");
}

/* Queue a command (Predis' argument rewriting happens now, so bad arguments throw at the call site). */
bool rcp_queue_add(zval *queue, zend_string *name, HashTable *args)
{
	zend_string *lc = zend_string_tolower(name);
	zval flat, given, entry;

	if (rcp_predis_args(ZSTR_VAL(lc), ZSTR_LEN(lc), args, &flat) == FAILURE) {
		zend_string_release(lc);
		return false;
	}
	/* the caller's own arguments are kept for the reply: a few Predis parsers read a flag that is not sent
	 * (an immutable array, a literal passed to __call() directly, is copied: it cannot be referenced) */
	if (GC_FLAGS(args) & IS_ARRAY_IMMUTABLE) {
		ZVAL_ARR(&given, zend_array_dup(args));
	} else {
		GC_ADDREF(args);
		ZVAL_ARR(&given, args);
	}
	array_init_size(&entry, 4);
	add_next_index_str(&entry, lc);
	add_next_index_str(&entry, zend_string_copy(name));
	add_next_index_zval(&entry, &flat);
	add_next_index_zval(&entry, &given);
	add_next_index_zval(queue, &entry);
	return true;
}

ZEND_METHOD(RedisClusterPool_Pipeline, __call)
{
	zend_string *name;
	HashTable *args;
	rcp_pipeline_object *p = rcp_pipe_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_ARRAY_HT(args)
	ZEND_PARSE_PARAMETERS_END();
	if (Z_TYPE(p->pool) != IS_OBJECT) {
		zend_throw_error(NULL, "Use RedisClusterPool::pipeline() to create a pipeline");
		RETURN_THROWS();
	}
	if (!rcp_queue_add(&p->queue, name, args)) {
		RETURN_THROWS();
	}
	RETURN_COPY(ZEND_THIS);
}

/* ---- queues of commands, shared with transactions ------------------------------------------------ */

bool rcp_queue_prepare(rcp_pool_object *pool, HashTable *queue, rcp_queue *q)
{
	uint32_t n = zend_hash_num_elements(queue);
	zval *entry;
	rcp_err err;

	q->n = 0;
	q->argvs = safe_emalloc(n ? n : 1, sizeof(rcp_argv), 0);
	q->cmds = safe_emalloc(n ? n : 1, sizeof(rcp_pipe_cmd), 0);
	ZEND_HASH_FOREACH_VAL(queue, entry) {
		zval *lcz = zend_hash_index_find(Z_ARRVAL_P(entry), 0), *namez = zend_hash_index_find(Z_ARRVAL_P(entry), 1);
		zval *flat = zend_hash_index_find(Z_ARRVAL_P(entry), 2);
		size_t idlen;
		const char *id = rcp_predis_command_id(Z_STRVAL_P(lcz), Z_STRLEN_P(lcz), &idlen);
		rcp_argv *a = &q->argvs[q->n];
		rcp_pipe_cmd *c = &q->cmds[q->n];

		if (!rcp_argv_build(a, id ? id : Z_STRVAL_P(namez), id ? idlen : Z_STRLEN_P(namez), Z_ARRVAL_P(flat),
		                    Z_STRVAL_P(namez))) {
			return false;
		}
		q->n++;
		ZVAL_UNDEF(&c->reply);
		c->cmd = rcp_argv_lookup(a, &pool->client);
		if (!c->cmd || (pool->prefix && !rcp_argv_prefix(a, c->cmd, pool->prefix))) {
			return false;
		}
		if (c->cmd->route == RCP_ROUTE_UNSUPPORTED) {
			rcp_cmd_unsupported(c->cmd, &err);
			rcp_throw_err(&err);
			return false;
		}
		c->argc = a->argc;
		c->argv = a->argv;
		c->argvlen = a->lens;
	} ZEND_HASH_FOREACH_END();
	return true;
}

void rcp_queue_free(rcp_queue *q)
{
	for (uint32_t k = 0; k < q->n; k++) {
		rcp_argv_free(&q->argvs[k]);
		zval_ptr_dtor(&q->cmds[k].reply);
	}
	efree(q->argvs);
	efree(q->cmds);
}

bool rcp_queue_results(rcp_pool_object *pool, HashTable *queue, rcp_queue *q, bool exceptions, zval *out)
{
	zend_string *first_error = NULL;
	char first_error_node[RCP_ADDR_MAX] = "";

	array_init_size(out, q->n);
	for (uint32_t k = 0; k < q->n; k++) {
		zval *r = &q->cmds[k].reply;
		if (Z_ISUNDEF_P(r)) {
			ZVAL_NULL(r); /* its node failed: reported by the caller */
		} else if (Z_TYPE_P(r) == IS_OBJECT && Z_OBJCE_P(r) == rcp_ce_error) {
			if (exceptions && !first_error) {
				first_error = zend_string_copy(rcp_error_message(r));
				snprintf(first_error_node, sizeof(first_error_node), "%s", pool->client.last_node);
			}
		} else if (Z_TYPE_P(r) != IS_OBJECT) {
			HashTable *entry = Z_ARRVAL_P(zend_hash_index_find(queue, k));
			zval *lcz = zend_hash_index_find(entry, 0), *given = zend_hash_index_find(entry, 3);
			zval sent;
			array_init_size(&sent, (uint32_t)q->argvs[k].argc);
			for (int j = 1; j < q->argvs[k].argc; j++) {
				add_next_index_str(&sent, zend_string_copy(q->argvs[k].strs[j]));
			}
			rcp_predis_reply(Z_STRVAL_P(lcz), Z_STRLEN_P(lcz), Z_ARRVAL(sent), Z_ARRVAL_P(given), r);
			zval_ptr_dtor(&sent);
		}
		add_next_index_zval(out, r);
		ZVAL_UNDEF(r);
	}
	if (first_error) {
		zend_object *ex;
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		ex = zend_throw_exception(rcp_ce_server, ZSTR_VAL(first_error), 0);
		if (ex) {
			zend_update_property_string(rcp_ce_server, ex, "node", sizeof("node") - 1, first_error_node);
		}
		zend_string_release(first_error);
		return false;
	}
	return true;
}

/* Send everything queued; returns the replies in call order and empties the queue. */
ZEND_METHOD(RedisClusterPool_Pipeline, execute)
{
	rcp_pipeline_object *p = rcp_pipe_from(Z_OBJ_P(ZEND_THIS));
	rcp_pool_object *pool;
	rcp_queue q;
	zval queue;
	rcp_err err;

	ZEND_PARSE_PARAMETERS_NONE();
	if (Z_TYPE(p->pool) != IS_OBJECT || !(pool = rcp_pool_checked(&p->pool))) {
		if (!EG(exception)) zend_throw_error(NULL, "Use RedisClusterPool::pipeline() to create a pipeline");
		RETURN_THROWS();
	}
	ZVAL_COPY_VALUE(&queue, &p->queue);
	array_init(&p->queue);
	/* everything is checked before anything is sent */
	if (rcp_queue_prepare(pool, Z_ARRVAL(queue), &q)) {
		err.code = RCP_OK;
		if (rcp_exec_pipeline(&pool->client, q.cmds, (int)q.n, &err) != RCP_OK) {
			rcp_throw_err(&err);
		} else {
			rcp_queue_results(pool, Z_ARRVAL(queue), &q, pool->exceptions, return_value);
		}
	}
	rcp_queue_free(&q);
	zval_ptr_dtor(&queue);
	if (EG(exception)) {
		RETURN_THROWS();
	}
}

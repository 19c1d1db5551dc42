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
#include "rcp_exceptions.h"
#include "../predis/rcp_predis.h"
#include "rcp_reply.h"

zend_class_entry *rcp_ce_pipeline;
static zend_object_handlers rcp_pipeline_handlers;

typedef struct {
	zval pool;      /* the RedisClusterPool it belongs to */
	rcp_cmdq queue; /* the commands queued */
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
	memset(&p->queue, 0, sizeof(p->queue));
	zend_object_std_init(&p->std, ce);
	p->std.handlers = &rcp_pipeline_handlers;
	return &p->std;
}

static void rcp_pipeline_free(zend_object *o)
{
	rcp_pipeline_object *p = rcp_pipe_from(o);

	zval_ptr_dtor(&p->pool);
	rcp_cmdq_clear(&p->queue);
	zend_object_std_dtor(o);
}

static HashTable *rcp_pipeline_get_gc(zend_object *o, zval **table, int *n)
{
	rcp_pipeline_object *p = rcp_pipe_from(o);

	zend_get_gc_buffer *buf = zend_get_gc_buffer_create();

	zend_get_gc_buffer_add_zval(buf, &p->pool);
	rcp_cmdq_gc(&p->queue, buf);
	zend_get_gc_buffer_use(buf, table, n);
	return NULL;
}

static rcp_hot_set rcp_pipeline_hot;

static zend_function *rcp_pipeline_get_method(zend_object **obj, zend_string *name, const zval *key)
{
	return rcp_hot_get_method(&rcp_pipeline_hot, obj, name, key);
}

static ZEND_NAMED_FUNCTION(rcp_pipeline_hot_call);

void rcp_class_pipeline_minit(void)
{
	memcpy(&rcp_pipeline_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	rcp_pipeline_handlers.offset = XtOffsetOf(rcp_pipeline_object, std);
	rcp_pipeline_handlers.free_obj = rcp_pipeline_free;
	rcp_pipeline_handlers.clone_obj = NULL;
	rcp_pipeline_handlers.get_gc = rcp_pipeline_get_gc;
	rcp_pipeline_handlers.get_method = rcp_pipeline_get_method;
	rcp_ce_pipeline->create_object = rcp_pipeline_create;
	rcp_hot_init(&rcp_pipeline_hot, rcp_ce_pipeline, rcp_pipeline_hot_call);
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

ZEND_METHOD(RedisClusterPool_Pipeline, __call)
{
	zend_string *name;
	HashTable *args;
	rcp_pipeline_object *p = rcp_pipe_from(Z_OBJ_P(ZEND_THIS));

	if (!rcp_call_params(execute_data, &name, &args)) {
		RETURN_THROWS();
	}
	if (Z_TYPE(p->pool) != IS_OBJECT) {
		zend_throw_error(NULL, "Use RedisClusterPool::pipeline() to create a pipeline");
		RETURN_THROWS();
	}
	if (!rcp_cmdq_add(&p->queue, name, args)) {
		RETURN_THROWS();
	}
	RETURN_COPY(ZEND_THIS);
}

/* A command method (rcp_hot_names): __call() with the method's name and arguments. */
static ZEND_NAMED_FUNCTION(rcp_pipeline_hot_call)
{
	rcp_pipeline_object *p = rcp_pipe_from(Z_OBJ_P(ZEND_THIS));

	if (Z_TYPE(p->pool) != IS_OBJECT) {
		zend_throw_error(NULL, "Use RedisClusterPool::pipeline() to create a pipeline");
		RETURN_THROWS();
	}
	if (!rcp_cmdq_add_frame(&p->queue, &rcp_pipeline_hot, execute_data)) {
		RETURN_THROWS();
	}
	RETURN_COPY(ZEND_THIS);
}

/* Send everything queued; returns the replies in call order and empties the queue. */
ZEND_METHOD(RedisClusterPool_Pipeline, execute)
{
	rcp_pipeline_object *p = rcp_pipe_from(Z_OBJ_P(ZEND_THIS));
	rcp_pool_object *pool;
	rcp_queue q;
	rcp_cmdq queue;
	rcp_err err;

	ZEND_PARSE_PARAMETERS_NONE();
	if (Z_TYPE(p->pool) != IS_OBJECT || !(pool = rcp_pool_checked(&p->pool))) {
		if (!EG(exception)) zend_throw_error(NULL, "Use RedisClusterPool::pipeline() to create a pipeline");
		RETURN_THROWS();
	}
	rcp_cmdq_take(&p->queue, &queue);
	/* everything is checked before anything is sent */
	if (rcp_queue_prepare(pool, &queue, &q)) {
		err.code = RCP_OK;
		if (rcp_exec_pipeline(&pool->client, q.cmds, (int)q.n, &err) != RCP_OK) {
			rcp_throw_err(&err);
		} else {
			rcp_queue_results(pool, &queue, &q, pool->exceptions, return_value);
		}
	}
	rcp_queue_free(&q);
	rcp_cmdq_clear(&queue);
	if (EG(exception)) {
		RETURN_THROWS();
	}
}

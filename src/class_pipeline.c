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
	zval queue;     /* list of [lcname, method name, flat args] */
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
ZEND_METHOD(RedisClusterPool_Pipeline, __call)
{
	zend_string *name, *lc;
	HashTable *args;
	rcp_pipeline_object *p = rcp_pipe_from(Z_OBJ_P(ZEND_THIS));
	zval flat, entry;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_ARRAY_HT(args)
	ZEND_PARSE_PARAMETERS_END();
	if (Z_TYPE(p->pool) != IS_OBJECT) {
		zend_throw_error(NULL, "Use RedisClusterPool::pipeline() to create a pipeline");
		RETURN_THROWS();
	}
	lc = zend_string_tolower(name);
	if (rcp_predis_args(ZSTR_VAL(lc), ZSTR_LEN(lc), args, &flat) == FAILURE) {
		zend_string_release(lc);
		RETURN_THROWS();
	}
	array_init_size(&entry, 3);
	add_next_index_str(&entry, lc);
	add_next_index_str(&entry, zend_string_copy(name));
	add_next_index_zval(&entry, &flat);
	add_next_index_zval(&p->queue, &entry);
	RETURN_COPY(ZEND_THIS);
}

/* Send everything queued; returns the replies in call order and empties the queue. */
ZEND_METHOD(RedisClusterPool_Pipeline, execute)
{
	rcp_pipeline_object *p = rcp_pipe_from(Z_OBJ_P(ZEND_THIS));
	rcp_pool_object *pool;
	uint32_t n, i = 0;
	rcp_argv *argvs;
	rcp_pipe_cmd *cmds;
	zval *entry, queue;
	rcp_err err;
	rcp_status st;
	bool ok = true;
	zend_string *first_error = NULL;
	char first_error_node[RCP_ADDR_MAX] = "";

	ZEND_PARSE_PARAMETERS_NONE();
	if (Z_TYPE(p->pool) != IS_OBJECT || !(pool = rcp_pool_checked(&p->pool))) {
		if (!EG(exception)) zend_throw_error(NULL, "Use RedisClusterPool::pipeline() to create a pipeline");
		RETURN_THROWS();
	}
	ZVAL_COPY_VALUE(&queue, &p->queue);
	array_init(&p->queue);
	n = zend_hash_num_elements(Z_ARRVAL(queue));
	argvs = safe_emalloc(n ? n : 1, sizeof(rcp_argv), 0);
	cmds = safe_emalloc(n ? n : 1, sizeof(rcp_pipe_cmd), 0);

	/* everything is checked before anything is sent */
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL(queue), entry) {
		zval *lcz = zend_hash_index_find(Z_ARRVAL_P(entry), 0), *namez = zend_hash_index_find(Z_ARRVAL_P(entry), 1);
		zval *flat = zend_hash_index_find(Z_ARRVAL_P(entry), 2);
		size_t idlen;
		const char *id = rcp_predis_command_id(Z_STRVAL_P(lcz), Z_STRLEN_P(lcz), &idlen);

		if (!rcp_argv_build(&argvs[i], id ? id : Z_STRVAL_P(namez), id ? idlen : Z_STRLEN_P(namez), Z_ARRVAL_P(flat),
		                    Z_STRVAL_P(namez))) {
			ok = false;
			break;
		}
		cmds[i].cmd = rcp_argv_lookup(&argvs[i]);
		i++;
		if (!cmds[i - 1].cmd || (pool->prefix && !rcp_argv_prefix(&argvs[i - 1], cmds[i - 1].cmd, pool->prefix))) {
			ok = false;
			break;
		}
		if (cmds[i - 1].cmd->route == RCP_ROUTE_UNSUPPORTED) {
			rcp_cmd_unsupported(cmds[i - 1].cmd, &err);
			rcp_throw_err(&err);
			ok = false;
			break;
		}
		cmds[i - 1].argc = argvs[i - 1].argc;
		cmds[i - 1].argv = argvs[i - 1].argv;
		cmds[i - 1].argvlen = argvs[i - 1].lens;
	} ZEND_HASH_FOREACH_END();

	if (ok) {
		err.code = RCP_OK;
		st = rcp_exec_pipeline(&pool->client, cmds, (int)n, &err);
		array_init_size(return_value, n);
		for (uint32_t k = 0; k < n; k++) {
			zval *r = &cmds[k].reply;
			if (Z_ISUNDEF_P(r)) {
				ZVAL_NULL(r); /* its node failed: reported below */
			} else if (Z_TYPE_P(r) == IS_OBJECT && Z_OBJCE_P(r) == rcp_ce_error) {
				if (pool->exceptions && !first_error) {
					first_error = zend_string_copy(rcp_error_message(r));
					snprintf(first_error_node, sizeof(first_error_node), "%s", pool->client.last_node);
				}
			} else if (Z_TYPE_P(r) != IS_OBJECT) {
				zval *lcz = zend_hash_index_find(Z_ARRVAL_P(zend_hash_index_find(Z_ARRVAL(queue), k)), 0);
				zval sent;
				array_init_size(&sent, (uint32_t)argvs[k].argc);
				for (int j = 1; j < argvs[k].argc; j++) {
					add_next_index_str(&sent, zend_string_copy(argvs[k].strs[j]));
				}
				rcp_predis_reply(Z_STRVAL_P(lcz), Z_STRLEN_P(lcz), Z_ARRVAL(sent), r);
				zval_ptr_dtor(&sent);
			}
			add_next_index_zval(return_value, r);
		}
		if (st != RCP_OK) {
			zval_ptr_dtor(return_value);
			ZVAL_UNDEF(return_value);
			rcp_throw_err(&err);
		} else if (first_error) {
			zend_object *ex;
			zval_ptr_dtor(return_value);
			ZVAL_UNDEF(return_value);
			ex = zend_throw_exception(rcp_ce_server, ZSTR_VAL(first_error), 0);
			if (ex) {
				zend_update_property_string(rcp_ce_server, ex, "node", sizeof("node") - 1, first_error_node);
			}
		}
	}
	if (first_error) {
		zend_string_release(first_error);
	}
	for (uint32_t k = 0; k < i; k++) {
		rcp_argv_free(&argvs[k]);
	}
	efree(argvs);
	efree(cmds);
	zval_ptr_dtor(&queue);
	if (EG(exception)) {
		RETURN_THROWS();
	}
}

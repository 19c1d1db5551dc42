/*
 * queue.c - the queues of pipelines and transactions (see rcp_binding.h): the calls as queued (their values, or
 * Predis' filtered array), then at execution each call resolved, its argv and route made (rcp_queue_prepare, what
 * call.c does for one call), and the replies in call order and Predis' shapes (rcp_queue_results).
 */
#include "php.h"
#include "rcp_binding.h"
#include "rcp_call.h"
#include "rcp_exceptions.h"
#include "../predis/rcp_predis.h"
#include "rcp_reply.h"

static rcp_qcall *rcp_cmdq_push(rcp_cmdq *q, zend_string *name)
{
	rcp_qcall *c;

	if (q->n == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 16;
		q->calls = safe_erealloc(q->calls, q->cap, sizeof(rcp_qcall), 0);
	}
	c = &q->calls[q->n++];
	c->name = zend_string_copy(name);
	c->first = c->n = 0;
	ZVAL_UNDEF(&c->flat);
	ZVAL_UNDEF(&c->given);
	return c;
}

bool rcp_cmdq_add(rcp_cmdq *q, zend_string *name, HashTable *args)
{
	const rcp_predis_cmd *pd = rcp_predis_lookup_ci(ZSTR_VAL(name), ZSTR_LEN(name));
	zval flat;
	rcp_qcall *c;

	if (rcp_predis_filter(pd, args, &flat) == FAILURE) {
		return false;
	}
	c = rcp_cmdq_push(q, name);
	ZVAL_COPY_VALUE(&c->flat, &flat);
	if (pd && pd->parser && pd->parser_reads_given) {
		/* a few Predis parsers read a flag that is not sent (an immutable array, a literal passed to __call()
		 * directly, is copied: it cannot be referenced) */
		if (GC_FLAGS(args) & IS_ARRAY_IMMUTABLE) {
			ZVAL_ARR(&c->given, zend_array_dup(args));
		} else {
			GC_ADDREF(args);
			ZVAL_ARR(&c->given, args);
		}
	}
	return true;
}

bool rcp_cmdq_add_frame(rcp_cmdq *q, rcp_hot_set *set, zend_execute_data *execute_data)
{
	zend_string *name = EX(func)->common.function_name;
	uint32_t n = ZEND_NUM_ARGS();
	zval *vals = ZEND_CALL_ARG(execute_data, 1);
	rcp_qcall *c;

	if ((ZEND_CALL_INFO(execute_data) & ZEND_CALL_HAS_EXTRA_NAMED_PARAMS) ||
	    rcp_hot_frame_needs_array(set, execute_data)) {
		zval args;
		bool ok;
		rcp_hot_args(execute_data, &args);
		ok = rcp_cmdq_add(q, name, Z_ARRVAL(args));
		zval_ptr_dtor(&args);
		return ok;
	}
	if (q->nvals + n > q->capvals) {
		q->capvals = MAX(q->capvals * 2, q->nvals + n + 32);
		q->vals = safe_erealloc(q->vals, q->capvals, sizeof(zval), 0);
	}
	c = rcp_cmdq_push(q, name);
	c->first = q->nvals;
	c->n = n;
	for (uint32_t i = 0; i < n; i++) {
		ZVAL_COPY(&q->vals[q->nvals++], &vals[i]);
	}
	return true;
}

void rcp_cmdq_clear(rcp_cmdq *q)
{
	for (uint32_t k = 0; k < q->n; k++) {
		zend_string_release(q->calls[k].name);
		zval_ptr_dtor(&q->calls[k].flat);
		zval_ptr_dtor(&q->calls[k].given);
	}
	for (uint32_t i = 0; i < q->nvals; i++) {
		zval_ptr_dtor(&q->vals[i]);
	}
	if (q->calls) {
		efree(q->calls);
	}
	if (q->vals) {
		efree(q->vals);
	}
	memset(q, 0, sizeof(*q));
}

void rcp_cmdq_take(rcp_cmdq *from, rcp_cmdq *to)
{
	*to = *from;
	memset(from, 0, sizeof(*from));
}

void rcp_cmdq_gc(rcp_cmdq *q, zend_get_gc_buffer *buf)
{
	for (uint32_t k = 0; k < q->n; k++) {
		zend_get_gc_buffer_add_zval(buf, &q->calls[k].flat);
		zend_get_gc_buffer_add_zval(buf, &q->calls[k].given);
	}
	for (uint32_t i = 0; i < q->nvals; i++) {
		zend_get_gc_buffer_add_zval(buf, &q->vals[i]);
	}
}

bool rcp_queue_prepare(rcp_pool_object *pool, rcp_cmdq *queue, rcp_queue *q)
{
	uint32_t n = queue->n;
	uint64_t last_serial = 0;
	rcp_err err;

	q->n = 0;
	q->argvs = safe_emalloc(n ? n : 1, sizeof(rcp_argv), 0);
	q->cmds = safe_emalloc(n ? n : 1, sizeof(rcp_pipe_cmd), 0);
	q->res = safe_emalloc(n ? n : 1, sizeof(rcp_call_res), 0);
	for (uint32_t k = 0; k < n; k++) {
		rcp_qcall *e = &queue->calls[k];
		zend_string *name = e->name;
		rcp_argv *a = &q->argvs[k];
		rcp_pipe_cmd *c = &q->cmds[k];
		rcp_call_res *r = &q->res[k];
		const char *id;
		size_t idlen;
		bool built;
		const rcp_cmd *cmd;

		uint64_t serial = rcp_cmdtab_serial(rcp_cluster_cmds(pool->client.cluster));

		if (k > 0 && name == queue->calls[k - 1].name && serial == last_serial) {
			*r = q->res[k - 1]; /* the same method again, against the same table: resolved already */
		} else {
			rcp_call_resolve(name, &pool->client, r);
		}
		if (!rcp_call_known(r, name, &pool->client)) {
			return false;
		}
		last_serial = serial;
		id = r->id ? r->id : ZSTR_VAL(name);
		idlen = r->id ? r->idlen : ZSTR_LEN(name);
		built = Z_ISUNDEF(e->flat)
			? rcp_argv_build_vals(a, id, idlen, r->id ? NULL : name, &queue->vals[e->first], e->n, ZSTR_VAL(name))
			: rcp_argv_build(a, id, idlen, r->id ? NULL : name, Z_ARRVAL(e->flat), ZSTR_VAL(name));
		if (!built) {
			return false;
		}
		ZVAL_UNDEF(&c->reply);
		if (!(cmd = rcp_call_cmd(r, a, &pool->client)) || !rcp_argv_route(a, cmd, pool->prefix, &c->route)) {
			rcp_argv_free(a);
			return false;
		}
		q->n++; /* its argv and route are freed by rcp_queue_free() */
		if (cmd->route == RCP_ROUTE_UNSUPPORTED) {
			rcp_cmd_unsupported(cmd, &err);
			rcp_throw_err(&err);
			return false;
		}
	}
	return true;
}

void rcp_queue_free(rcp_queue *q)
{
	for (uint32_t k = 0; k < q->n; k++) {
		rcp_argv_free(&q->argvs[k]);
		rcp_route_free(&q->cmds[k].route);
		zval_ptr_dtor(&q->cmds[k].reply);
	}
	efree(q->argvs);
	efree(q->cmds);
	efree(q->res);
}

bool rcp_queue_results(rcp_pool_object *pool, rcp_cmdq *queue, rcp_queue *q, bool exceptions, zval *out)
{
	zend_string *first_error = NULL;
	char first_error_node[RCP_ADDR_MAX] = "";

	array_init_size(out, q->n);
	zend_hash_real_init_packed(Z_ARRVAL_P(out));
	ZEND_HASH_FILL_PACKED(Z_ARRVAL_P(out)) {
		for (uint32_t k = 0; k < q->n; k++) {
			zval *r = &q->cmds[k].reply;
			const rcp_call_res *res = &q->res[k];
			if (Z_ISUNDEF_P(r)) {
				ZVAL_NULL(r); /* its node failed: reported by the caller */
			} else if (Z_TYPE_P(r) == IS_OBJECT && Z_OBJCE_P(r) == rcp_ce_error) {
				rcp_scrub_reply(r, &q->argvs[k]);
				if (exceptions && !first_error) {
					first_error = zend_string_copy(rcp_error_message(r));
					snprintf(first_error_node, sizeof(first_error_node), "%s", pool->client.last_node);
				}
			} else if (res->pd && res->pd->parser) {
				zval *given = &queue->calls[k].given;
				rcp_call_parse(res, &q->argvs[k], Z_TYPE_P(given) == IS_ARRAY ? Z_ARRVAL_P(given) : NULL, r);
			}
			ZEND_HASH_FILL_ADD(r);
			ZVAL_UNDEF(r);
		}
	} ZEND_HASH_FILL_END();
	if (first_error) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		rcp_throw_server(first_error, first_error_node);
		zend_string_release(first_error);
		return false;
	}
	return true;
}


/*
 * class_pool.c - the RedisClusterPool class: its object (handlers, var_dump), the command methods (__call and the
 * hot methods, executeRaw), and the factories of what it hands out (pipeline(), scanAll(); transaction() is
 * class_transaction.c's). The constructor and its option schema are class_pool_new.c; the informational methods
 * (keySlot, commandInfo, getSlotMap, nodeForKey, stats, poolStats, metrics, predisArgs, predisReply) are
 * class_pool_info.c.
 *
 * Everything that can be said without zvals lives in the core files; the call path (call.c) turns PHP values into
 * argv and a route, calls rcp_exec(), and turns rcp_err / error replies into exceptions.
 */
#include <unistd.h>
#include "php.h"
#include "zend_smart_str.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "php_redis_cluster_pool.h"
#include "rcp_commands.h"
#include "rcp_exceptions.h"
#include "rcp_exec.h"
#include "rcp_pool.h"
#include "../predis/rcp_predis.h"
#include "rcp_reply.h"
#include "rcp_slot.h"
#include "rcp_topology.h"
#include "rcp_shm.h"
#include "rcp_count.h"
#include "rcp_binding.h"
#include "rcp_options.h"
#include "rcp_observe.h"

zend_class_entry *rcp_ce_pool;

static zend_object_handlers rcp_pool_handlers;


static zend_object *rcp_pool_create(zend_class_entry *ce)
{
	rcp_pool_object *p = zend_object_alloc(sizeof(rcp_pool_object), ce);

	memset(p, 0, XtOffsetOf(rcp_pool_object, std));
	zend_object_std_init(&p->std, ce);
	object_properties_init(&p->std, ce);
	p->std.handlers = &rcp_pool_handlers;
	return &p->std;
}

static HashTable *rcp_pool_get_gc(zend_object *o, zval **table, int *n)
{
	rcp_pool_object *p = rcp_pool_from(o);

	*table = &p->tx; /* an open raw transaction refers back to the pool */
	*n = 1;
	return zend_std_get_properties(o);
}

static void rcp_pool_free(zend_object *o)
{
	rcp_pool_object *p = rcp_pool_from(o);

	if (p->client.private_conns) {
		rcp_pool_close_cred(p->client.cred, p->client.cred_len);
	}
	zval_ptr_dtor(&p->tx);
	rcp_client_free(&p->client);
	if (p->prefix) {
		zend_string_release(p->prefix);
	}
	zend_object_std_dtor(o);
}

/* var_dump()/print_r(): what a user may see; never credentials. */
static HashTable *rcp_pool_debug_info(zend_object *o, int *is_temp)
{
	rcp_pool_object *p = rcp_pool_from(o);
	HashTable *ht = zend_new_array(4);
	zval z, seeds;

	*is_temp = 1;
	array_init(&seeds);
	if (p->client.cluster) {
		for (uint32_t i = 0; i < p->client.cluster->nseeds; i++) {
			char addr[RCP_ADDR_MAX];
			add_next_index_stringl(&seeds, addr, rcp_addr_fmt(addr, sizeof(addr), p->client.cluster->seeds[i].host,
				p->client.cluster->seeds[i].port));
		}
	}
	zend_hash_str_update(ht, "seeds", sizeof("seeds") - 1, &seeds);
	if (p->prefix) {
		ZVAL_STR_COPY(&z, p->prefix);
	} else {
		ZVAL_NULL(&z);
	}
	zend_hash_str_update(ht, "prefix", sizeof("prefix") - 1, &z);
	ZVAL_BOOL(&z, p->exceptions);
	zend_hash_str_update(ht, "exceptions", sizeof("exceptions") - 1, &z);
	ZVAL_BOOL(&z, p->client.setup != NULL);
	zend_hash_str_update(ht, "authenticated", sizeof("authenticated") - 1, &z);
	ZVAL_BOOL(&z, p->client.tls != NULL);
	zend_hash_str_update(ht, "tls", sizeof("tls") - 1, &z); /* its settings stay private (the passphrase) */
	return ht;
}

static rcp_hot_set rcp_pool_hot;

static zend_function *rcp_pool_get_method(zend_object **obj, zend_string *name, const zval *key)
{
	return rcp_hot_get_method(&rcp_pool_hot, obj, name, key);
}

static ZEND_NAMED_FUNCTION(rcp_pool_hot_call);

void rcp_class_pool_minit(void)
{
	memcpy(&rcp_pool_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	rcp_pool_handlers.offset = XtOffsetOf(rcp_pool_object, std);
	rcp_pool_handlers.free_obj = rcp_pool_free;
	rcp_pool_handlers.get_gc = rcp_pool_get_gc;
	rcp_pool_handlers.clone_obj = NULL;
	rcp_pool_handlers.get_debug_info = rcp_pool_debug_info;
	rcp_pool_handlers.get_method = rcp_pool_get_method;
	rcp_ce_pool->create_object = rcp_pool_create;
	rcp_hot_init(&rcp_pool_hot, rcp_ce_pool, rcp_pool_hot_call);
}

ZEND_METHOD(RedisClusterPool, __call)
{
	zend_string *name;
	HashTable *args;
	rcp_pool_object *p;
	rcp_call_res r;

	if (!rcp_call_params(execute_data, &name, &args)) {
		RETURN_THROWS();
	}
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	rcp_call_resolve(name, &p->client, &r); /* once: the transaction verbs are told by it too */
	if (rcp_tx_pool_call(ZEND_THIS, &r, name, args, return_value)) {
		return; /* MULTI / EXEC / DISCARD / WATCH / UNWATCH, or a command queued after MULTI */
	}
	rcp_pool_call_res(p, &r, name, args, return_value);
}

static zend_never_inline void rcp_pool_hot_call_full(zend_execute_data *execute_data, zval *return_value, bool looked);

/* A command method (rcp_hot_names): __call() with the method's name and arguments. A read the read cache answers
 * first, in this small frame (issue 23: a hit at its floor). */
static ZEND_NAMED_FUNCTION(rcp_pool_hot_call)
{
	rcp_pool_object *p = rcp_pool_from(Z_OBJ_P(ZEND_THIS));
	bool looked = false;

	if (EXPECTED(p->constructed) && UNEXPECTED(p->client.cache != NULL) &&
	    rcp_pool_hot_cached(p, &rcp_pool_hot, execute_data, return_value, &looked)) {
		return;
	}
	rcp_pool_hot_call_full(execute_data, return_value, looked);
}

static zend_never_inline void rcp_pool_hot_call_full(zend_execute_data *execute_data, zval *return_value, bool looked)
{
	rcp_pool_object *p;
	rcp_call_res r;
	zval args;

	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (rcp_pool_call_frame(p, &rcp_pool_hot, execute_data, return_value, looked)) {
		return;
	}
	/* a raw transaction open on the pool, or named arguments: __call()'s way */
	rcp_hot_args(execute_data, &args);
	rcp_call_resolve(EX(func)->common.function_name, &p->client, &r);
	if (!rcp_tx_pool_call(ZEND_THIS, &r, EX(func)->common.function_name, Z_ARRVAL(args), return_value)) {
		rcp_pool_call_res(p, &r, EX(func)->common.function_name, Z_ARRVAL(args), return_value);
	}
	zval_ptr_dtor(&args);
}

ZEND_METHOD(RedisClusterPool, executeRaw)
{
	HashTable *args;
	zval *error = NULL, *first;
	rcp_pool_object *p;
	rcp_argv a;
	zend_string *name;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_ARRAY_HT(args)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(error)
	ZEND_PARSE_PARAMETERS_END();
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (zend_hash_num_elements(args) == 0) {
		rcp_throw(rcp_ce_invalid_argument, "executeRaw() needs the command name as its first element, an empty array was given");
		RETURN_THROWS();
	}
	first = zend_hash_get_current_data(args);
	{
		HashPosition hp;
		zend_hash_internal_pointer_reset_ex(args, &hp);
		first = zend_hash_get_current_data_ex(args, &hp);
	}
	ZVAL_DEREF(first);
	if (Z_TYPE_P(first) != IS_STRING || Z_STRLEN_P(first) == 0) {
		rcp_throw(rcp_ce_invalid_argument, "executeRaw(): the first element must be the command name (a non-empty string)");
		RETURN_THROWS();
	}
	name = Z_STR_P(first);
	if (rcp_name_sensitive(ZSTR_VAL(name), ZSTR_LEN(name))) {
		rcp_redact_args(execute_data, 1, 1);
	}
	if (!rcp_argv_build_list(&a, name, args, "executeRaw()")) {
		RETURN_THROWS();
	}
	rcp_pool_run_argv(p, &a, return_value);
	rcp_argv_free(&a);
	if (EG(exception)) {
		RETURN_THROWS();
	}
	/* like Predis\Client::executeRaw(): status and error replies come back as strings */
	if (error) {
		ZEND_TRY_ASSIGN_REF_FALSE(error);
	}
	if (Z_TYPE_P(return_value) == IS_OBJECT) {
		bool is_err = Z_OBJCE_P(return_value) == rcp_ce_error;
		zend_string *s = zval_get_string(return_value);
		zval_ptr_dtor(return_value);
		RETVAL_STR(s);
		if (is_err && error) {
			ZEND_TRY_ASSIGN_REF_TRUE(error);
		}
	}
}

ZEND_METHOD(RedisClusterPool, scanAll)
{
	zend_string *match = NULL, *type = NULL;
	zend_long count = 0;

	ZEND_PARSE_PARAMETERS_START(0, 3)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(match)
		Z_PARAM_LONG(count)
		Z_PARAM_STR_OR_NULL(type)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_pool_checked(ZEND_THIS)) {
		RETURN_THROWS();
	}
	if (count < 0) {
		rcp_throw(rcp_ce_invalid_argument, "scanAll(): $count must be 0 (the server's default) or a positive COUNT hint, "
			ZEND_LONG_FMT " given", count);
		RETURN_THROWS();
	}
	if (type && !ZSTR_LEN(type)) {
		rcp_throw(rcp_ce_invalid_argument, "scanAll(): $type must be a Redis type name (string, list, set, zset, hash, "
			"stream) or null, \"\" given");
		RETURN_THROWS();
	}
	rcp_scan_new(ZEND_THIS, match, count, type, return_value);
}

ZEND_METHOD(RedisClusterPool, pipeline)
{
	zend_fcall_info fci = empty_fcall_info;
	zend_fcall_info_cache fcc = empty_fcall_info_cache;
	zval pipe, rv;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_FUNC_OR_NULL(fci, fcc)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_pool_checked(ZEND_THIS)) {
		RETURN_THROWS();
	}
	rcp_pipeline_new(ZEND_THIS, &pipe);
	if (!ZEND_FCI_INITIALIZED(fci)) {
		RETURN_COPY_VALUE(&pipe);
	}
	ZVAL_UNDEF(&rv);
	zend_fcall_info_argn(&fci, 1, &pipe);
	fci.retval = &rv;
	if (zend_call_function(&fci, &fcc) == SUCCESS && !EG(exception)) {
		zend_call_method_with_0_params(Z_OBJ(pipe), rcp_ce_pipeline, NULL, "execute", return_value);
	}
	zend_fcall_info_args_clear(&fci, 1);
	zval_ptr_dtor(&rv);
	zval_ptr_dtor(&pipe);
}

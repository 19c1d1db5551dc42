/*
 * status.c - RedisClusterPool\Status and RedisClusterPool\Error: tiny immutable objects holding one
 * string (a status payload, or an error message), the counterparts of Predis\Response\Status / Error. Their
 * object handlers and methods; the reader makes them through src/core/reply.c's constructors (the object's layout,
 * rcp_str_object, is include/rcp_reply.h's), and this file's MINIT gives those classes their handlers.
 *
 * Status::get('OK') / ('QUEUED') / ('NOKEY') / ('PONG') return one shared instance per request, like Predis, so that
 * code comparing replies by identity (Symfony: `$reply === Status::get('OK')`-style checks) works.
 */
#include "php.h"
#include "zend_interfaces.h"
#include "rcp_exceptions.h"
#include "rcp_reply.h"

static zend_object_handlers rcp_str_object_handlers;

static zend_object *rcp_str_object_create(zend_class_entry *ce)
{
	rcp_str_object *o = zend_object_alloc(sizeof(rcp_str_object), ce);

	zend_object_std_init(&o->std, ce);
	o->std.handlers = &rcp_str_object_handlers;
	o->str = NULL;
	o->kind = RCP_RK_ERROR;
	return &o->std;
}

static void rcp_str_object_free(zend_object *obj)
{
	rcp_str_object *o = rcp_str_from_obj(obj);

	if (o->str) {
		zend_string_release(o->str);
	}
	zend_object_std_dtor(obj);
}

/* var_dump / print_r show the payload as a pseudo-property. */
static HashTable *rcp_str_object_debug_info(zend_object *obj, int *is_temp)
{
	rcp_str_object *o = rcp_str_from_obj(obj);
	HashTable *ht = zend_new_array(1);
	zval zv;

	*is_temp = 1;
	ZVAL_STR_COPY(&zv, o->str ? o->str : ZSTR_EMPTY_ALLOC());
	zend_hash_str_update(ht, obj->ce == rcp_ce_status ? "payload" : "message",
		obj->ce == rcp_ce_status ? sizeof("payload") - 1 : sizeof("message") - 1, &zv);
	return ht;
}

static zend_object *rcp_str_object_clone(zend_object *old)
{
	zend_object *n = rcp_str_object_create(old->ce);
	rcp_str_object *src = rcp_str_from_obj(old);

	rcp_str_from_obj(n)->str = src->str ? zend_string_copy(src->str) : NULL;
	return n;
}

void rcp_status_minit(void)
{
	memcpy(&rcp_str_object_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	rcp_str_object_handlers.offset = XtOffsetOf(rcp_str_object, std);
	rcp_str_object_handlers.free_obj = rcp_str_object_free;
	rcp_str_object_handlers.clone_obj = rcp_str_object_clone;
	rcp_str_object_handlers.get_debug_info = rcp_str_object_debug_info;
	rcp_ce_status->create_object = rcp_str_object_create;
	rcp_ce_error->create_object = rcp_str_object_create;
}

/* ---- methods ------------------------------------------------------------------------------------ */

static void rcp_str_construct(INTERNAL_FUNCTION_PARAMETERS)
{
	zend_string *s;
	rcp_str_object *o = rcp_str_from_obj(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(s)
	ZEND_PARSE_PARAMETERS_END();
	if (o->str) {
		zend_throw_error(NULL, "Cannot modify readonly object %s", ZSTR_VAL(Z_OBJCE_P(ZEND_THIS)->name));
		RETURN_THROWS();
	}
	o->str = zend_string_copy(s);
	o->kind = (uint8_t)rcp_reply_classify(ZSTR_VAL(s), ZSTR_LEN(s));
}

static void rcp_str_get(INTERNAL_FUNCTION_PARAMETERS)
{
	rcp_str_object *o = rcp_str_from_obj(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_STR_COPY(o->str ? o->str : ZSTR_EMPTY_ALLOC());
}

ZEND_METHOD(RedisClusterPool_Status, __construct) { rcp_str_construct(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(RedisClusterPool_Status, getPayload) { rcp_str_get(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(RedisClusterPool_Status, __toString) { rcp_str_get(INTERNAL_FUNCTION_PARAM_PASSTHRU); }

ZEND_METHOD(RedisClusterPool_Status, get)
{
	zend_string *s;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(s)
	ZEND_PARSE_PARAMETERS_END();
	rcp_status_new(return_value, ZSTR_VAL(s), ZSTR_LEN(s));
}

ZEND_METHOD(RedisClusterPool_Error, __construct) { rcp_str_construct(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(RedisClusterPool_Error, getMessage) { rcp_str_get(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(RedisClusterPool_Error, __toString) { rcp_str_get(INTERNAL_FUNCTION_PARAM_PASSTHRU); }

ZEND_METHOD(RedisClusterPool_Error, getErrorType)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_STR(rcp_error_type_of(rcp_error_message(ZEND_THIS)));
}

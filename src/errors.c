/*
 * errors.c - the exception classes and the single place where core error contexts become exceptions.
 * Classes are declared in stubs/redis_cluster_pool.stub.php and registered in redis_cluster_pool.c.
 */
#include <stdarg.h>
#include "php.h"
#include "zend_exceptions.h"
#include "rcp_errors.h"

zend_class_entry *rcp_ce_exception;
zend_class_entry *rcp_ce_invalid_argument;
zend_class_entry *rcp_ce_server;
zend_class_entry *rcp_ce_cluster;
zend_class_entry *rcp_ce_connection;
zend_class_entry *rcp_ce_timeout;
zend_class_entry *rcp_ce_protocol;

rcp_status rcp_err_set(rcp_err *err, rcp_status code, const char *node, const char *fmt, ...)
{
	va_list ap;

	err->code = code;
	snprintf(err->node, sizeof(err->node), "%s", node ? node : "");
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return code;
}

static zend_class_entry *rcp_ce_for(rcp_status code)
{
	switch (code) {
		case RCP_E_ARGUMENT:   return rcp_ce_invalid_argument;
		case RCP_E_SERVER:     return rcp_ce_server;
		case RCP_E_CLUSTER:    return rcp_ce_cluster;
		case RCP_E_CONNECTION: return rcp_ce_connection;
		case RCP_E_TIMEOUT:    return rcp_ce_timeout;
		case RCP_E_PROTOCOL:   return rcp_ce_protocol;
		default:               return rcp_ce_exception;
	}
}

void rcp_throw_err(const rcp_err *err)
{
	zend_class_entry *ce = rcp_ce_for(err->code);
	zend_object *ex = zend_throw_exception(ce, err->msg, 0);

	if (ex && err->node[0] && (instanceof_function(ce, rcp_ce_connection) || ce == rcp_ce_server)) {
		zend_update_property_string(ce, ex, "node", sizeof("node") - 1, err->node);
	}
}

void rcp_throw(zend_class_entry *ce, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	zend_vspprintf(&msg, 0, fmt, ap);
	va_end(ap);
	zend_throw_exception(ce, msg, 0);
	efree(msg);
}

/* The first word of an error message: "WRONGTYPE Operation against ..." -> "WRONGTYPE". */
static zend_string *rcp_error_type(zend_string *msg)
{
	const char *s = ZSTR_VAL(msg);
	const char *sp = memchr(s, ' ', ZSTR_LEN(msg));
	return zend_string_init(s, sp ? (size_t)(sp - s) : ZSTR_LEN(msg), 0);
}

ZEND_METHOD(RedisClusterPool_ServerException, getErrorType)
{
	zval rv, *msg;

	ZEND_PARSE_PARAMETERS_NONE();
	msg = zend_read_property(zend_ce_exception, Z_OBJ_P(ZEND_THIS), "message", sizeof("message") - 1, 1, &rv);
	if (Z_TYPE_P(msg) != IS_STRING) {
		RETURN_EMPTY_STRING();
	}
	RETURN_STR(rcp_error_type(Z_STR_P(msg)));
}

static void rcp_get_node(INTERNAL_FUNCTION_PARAMETERS)
{
	zval rv, *node;

	ZEND_PARSE_PARAMETERS_NONE();
	node = zend_read_property(Z_OBJCE_P(ZEND_THIS), Z_OBJ_P(ZEND_THIS), "node", sizeof("node") - 1, 1, &rv);
	RETURN_COPY_DEREF(node);
}

ZEND_METHOD(RedisClusterPool_ServerException, getNode)
{
	rcp_get_node(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

ZEND_METHOD(RedisClusterPool_ConnectionException, getNode)
{
	rcp_get_node(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

/* Exported for status.c (RedisClusterPool\Error::getErrorType). */
zend_string *rcp_error_type_of(zend_string *msg)
{
	return rcp_error_type(msg);
}

/*
 * reply.c - the reply objects the reader makes (Status, Error: their class entries, set by the binding's MINIT,
 * src/binding/status.c, which owns their handlers and methods) and what kind of error reply a message is (MOVED,
 * ASK, ...), decided once when the reader reads it and kept in the Error object.
 */
#include "php.h"
#include "rcp_reply.h"

zend_class_entry *rcp_ce_status;
zend_class_entry *rcp_ce_error;


rcp_reply_kind rcp_reply_classify(const char *msg, size_t len)
{
#define RCP_PREFIX(lit) (len >= sizeof(lit) - 1 && !memcmp(msg, lit, sizeof(lit) - 1))
	switch (len ? msg[0] : 0) {
		case 'M':
			return RCP_PREFIX("MOVED ") ? RCP_RK_MOVED : RCP_RK_ERROR;
		case 'A':
			return RCP_PREFIX("ASK ") ? RCP_RK_ASK : RCP_RK_ERROR;
		case 'T':
			return RCP_PREFIX("TRYAGAIN") ? RCP_RK_TRYAGAIN : RCP_RK_ERROR;
		case 'C':
			return RCP_PREFIX("CLUSTERDOWN") ? RCP_RK_CLUSTERDOWN : RCP_RK_ERROR;
		case 'R':
			return RCP_PREFIX("READONLY ") ? RCP_RK_READONLY : RCP_RK_ERROR;
		case 'N':
			return RCP_PREFIX("NOSCRIPT") ? RCP_RK_NOSCRIPT : RCP_RK_ERROR;
		default:
			return RCP_RK_ERROR;
	}
#undef RCP_PREFIX
}

/* ---- the reply objects ------------------------------------------------------------------------ */

static void rcp_str_new(zval *dst, zend_class_entry *ce, zend_string *s)
{
	object_init_ex(dst, ce);
	rcp_str_from_obj(Z_OBJ_P(dst))->str = s;
}

/* ---- shared Status instances -------------------------------------------------------------------- */

/* (zero: IS_UNDEF until the first of each is made in a request) */
ZEND_TLS zval rcp_status_ok, rcp_status_queued, rcp_status_pong, rcp_status_nokey;   /* request objects: per thread under ZTS */

static zval *rcp_status_shared_slot(const char *p, size_t len)
{
	if (len == 2 && memcmp(p, "OK", 2) == 0) {
		return &rcp_status_ok;
	}
	if (len == 6 && memcmp(p, "QUEUED", 6) == 0) {
		return &rcp_status_queued;
	}
	if (len == 4 && memcmp(p, "PONG", 4) == 0) {
		return &rcp_status_pong;
	}
	if (len == 5 && memcmp(p, "NOKEY", 5) == 0) {
		return &rcp_status_nokey;
	}
	return NULL;
}

bool rcp_status_is_object(const char *payload, size_t len)
{
	return rcp_status_shared_slot(payload, len) != NULL;
}

void rcp_status_new(zval *dst, const char *payload, size_t len)
{
	zval *shared = rcp_status_shared_slot(payload, len);

	if (shared) {
		if (Z_TYPE_P(shared) != IS_OBJECT) {
			rcp_str_new(shared, rcp_ce_status, zend_string_init_interned(payload, len, 0));
		}
		ZVAL_COPY(dst, shared);
		return;
	}
	rcp_str_new(dst, rcp_ce_status, zend_string_init(payload, len, 0));
}

void rcp_status_rshutdown(void)
{
	zval_ptr_dtor(&rcp_status_ok);
	zval_ptr_dtor(&rcp_status_queued);
	zval_ptr_dtor(&rcp_status_pong);
	zval_ptr_dtor(&rcp_status_nokey);
	ZVAL_UNDEF(&rcp_status_nokey);
	ZVAL_UNDEF(&rcp_status_ok);
	ZVAL_UNDEF(&rcp_status_queued);
	ZVAL_UNDEF(&rcp_status_pong);
}

void rcp_error_new_kind(zval *dst, const char *msg, size_t len, rcp_reply_kind kind)
{
	rcp_str_new(dst, rcp_ce_error, zend_string_init(msg, len, 0));
	rcp_str_from_obj(Z_OBJ_P(dst))->kind = (uint8_t)kind;
}

void rcp_error_new(zval *dst, const char *msg, size_t len)
{
	rcp_error_new_kind(dst, msg, len, rcp_reply_classify(msg, len));
}

rcp_reply_kind rcp_reply_kind_of(const zval *z)
{
	if (Z_TYPE_P(z) != IS_OBJECT || Z_OBJCE_P(z) != rcp_ce_error) {
		return RCP_RK_VALUE;
	}
	return (rcp_reply_kind)rcp_str_from_obj(Z_OBJ_P(z))->kind;
}

bool rcp_reply_is_status(const zval *z)
{
	return Z_TYPE_P(z) == IS_OBJECT && Z_OBJCE_P(z) == rcp_ce_status;
}

zend_string *rcp_error_message(zval *err)
{
	zend_string *s = rcp_str_from_obj(Z_OBJ_P(err))->str;
	return s ? s : ZSTR_EMPTY_ALLOC();
}

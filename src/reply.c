/*
 * reply.c - hiredis reader callbacks that build zvals directly (no intermediate redisReply tree).
 *
 * Ownership: the reader asks us to create each object; a top-level object lives in an emalloc'd zval
 * holder that the reader hands back from redisReaderGetReply() (rcp_reply_take() moves it out), or that
 * the reader frees through rcp_free_object() when it fails mid-reply. A nested object is written in place
 * into its parent array. The slot pointer we return (hiredis keeps it as task->obj while it fills a nested
 * array) stays valid even when the parent's storage grows: the reader fills depth-first, so the array
 * holding that slot gets no new element until the nested one is complete.
 *
 * Everything here runs inside libuv read callbacks, in request memory; io.c guards against bailouts.
 */
#ifdef HAVE_CONFIG_H
#include "config.h" /* RCP_HIREDIS_1 (config.m4) */
#endif
#include "php.h"
#include "rcp_reply.h"

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

static zval *rcp_reply_slot(const redisReadTask *task)
{
	if (task->parent) {
		zval tmp, *parent = (zval *)task->parent->obj;

		ZVAL_NULL(&tmp);
		return zend_hash_next_index_insert(Z_ARRVAL_P(parent), &tmp);
	}
	return emalloc(sizeof(zval));
}

/* On a PHP with delayed OOM, stop building as soon as memory_limit was crossed: the reader then fails
 * ("Out of memory") and io.c abandons the batch (see rcp_oom_pending()). */
#define RCP_OOM_GUARD() do { \
		if (rcp_oom_pending()) { \
			return NULL; \
		} \
	} while (0)

static void *rcp_create_string(const redisReadTask *task, char *str, size_t len)
{
	zval *zv;

	RCP_OOM_GUARD();
	zv = rcp_reply_slot(task);

	switch (task->type) {
		case REDIS_REPLY_STATUS:
			/* like Predis v3 (Resp2Strategy::parseSimpleString): these four are Status objects,
			 * every other status reply ("string", "Background saving started", ...) is a plain string */
			if (rcp_status_is_object(str, len)) {
				rcp_status_new(zv, str, len);
			} else {
				ZVAL_STRINGL_FAST(zv, str, len);
			}
			break;
		case REDIS_REPLY_ERROR: {
			/* classified here, once: the core routes on the kind */
			rcp_reply_kind kind = rcp_reply_classify(str, len);
			rcp_reader_state *rs = task->privdata;
			rcp_error_new_kind(zv, str, len, kind);
			if (rs) {
				rs->kinds |= 1u << kind;
			}
			break;
		}
		default:
			ZVAL_STRINGL_FAST(zv, str, len);
			break;
	}
	return zv;
}

/* hiredis 1.x passes element counts as size_t, 0.14 as int (config.m4 tells which); the count was
 * checked against RCP_MAX_ARRAY_ELEMENTS by the scanner (resp_scan.c) before the reader saw it. */
#ifdef RCP_HIREDIS_1
typedef size_t rcp_nelements;
#else
typedef int rcp_nelements;
#endif

static void *rcp_create_array(const redisReadTask *task, rcp_nelements elements)
{
	zval *zv;

	RCP_OOM_GUARD();
	zv = rcp_reply_slot(task);
	/* Pre-size, but not beyond RCP_ARRAY_PRESIZE_MAX: a 12-byte header must not reserve a gigabyte of
	 * request memory (a memory_limit fatal) before any element arrived; past that the array grows as real
	 * elements come in. */
	array_init_size(zv, (uint32_t)MIN((size_t)elements, (size_t)RCP_ARRAY_PRESIZE_MAX));
	zend_hash_real_init_packed(Z_ARRVAL_P(zv));
	return zv;
}

static void *rcp_create_integer(const redisReadTask *task, long long value)
{
	zval *zv;

	RCP_OOM_GUARD();
	zv = rcp_reply_slot(task);

	ZVAL_LONG(zv, (zend_long)value);
	return zv;
}

static void *rcp_create_nil(const redisReadTask *task)
{
	zval *zv;

	RCP_OOM_GUARD();
	zv = rcp_reply_slot(task);

	ZVAL_NULL(zv);
	return zv;
}

/* Only ever called by hiredis on a top-level object (r->reply). */
static void rcp_free_object(void *obj)
{
	zval *zv = obj;

	zval_ptr_dtor(zv);
	efree(zv);
}

/* Designated: hiredis 1.x has more members (RESP3 doubles and booleans, never received: the scanner lets
 * only RESP2 through). */
redisReplyObjectFunctions rcp_reply_functions = {
	.createString = rcp_create_string,
	.createArray = rcp_create_array,
	.createInteger = rcp_create_integer,
	.createNil = rcp_create_nil,
	.freeObject = rcp_free_object,
};

void rcp_reply_take(void *obj, zval *dst)
{
	zval *zv = obj;

	ZVAL_COPY_VALUE(dst, zv);
	efree(zv);
}

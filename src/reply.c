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
#include "php.h"
#include "rcp_reply.h"

static zval *rcp_reply_slot(const redisReadTask *task)
{
	if (task->parent) {
		zval tmp, *parent = (zval *)task->parent->obj;

		ZVAL_NULL(&tmp);
		return zend_hash_next_index_insert(Z_ARRVAL_P(parent), &tmp);
	}
	return emalloc(sizeof(zval));
}

#define RCP_OOM_GUARD() do { \
		if (rcp_oom_pending()) { \
			snprintf(rcp_reply_refusal, sizeof(rcp_reply_refusal), "memory_limit exhausted while building the reply"); \
			return NULL; \
		} \
	} while (0)

static void *rcp_create_string(const redisReadTask *task, char *str, size_t len)
{
	zval *zv;

	RCP_OOM_GUARD();
	/* hiredis 0.14 takes len bytes and skips the next two without looking at them; they are in the buffer
	 * (it only calls us once len + 2 bytes are there) and must be CRLF, or the stream is out of step */
	if (task->type == REDIS_REPLY_STRING && (str[len] != '\r' || str[len + 1] != '\n')) {
		snprintf(rcp_reply_refusal, sizeof(rcp_reply_refusal), "bulk string of %zu bytes not followed by CRLF", len);
		return NULL;
	}
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
		case REDIS_REPLY_ERROR:
			rcp_error_new(zv, str, len);
			break;
		default:
			ZVAL_STRINGL_FAST(zv, str, len);
			break;
	}
	return zv;
}

char rcp_reply_refusal[128];

static void *rcp_create_array(const redisReadTask *task, int elements)
{
	zval *zv;

	RCP_OOM_GUARD();
	if (elements < 0 || elements > RCP_MAX_ARRAY_ELEMENTS) {
		/* the reader fails with "Out of memory"; io.c reports a protocol error naming the count */
		snprintf(rcp_reply_refusal, sizeof(rcp_reply_refusal), "array of %d elements is over the limit of %d",
			elements, RCP_MAX_ARRAY_ELEMENTS);
		return NULL;
	}
	zv = rcp_reply_slot(task);
	/* Pre-size, but not beyond RCP_ARRAY_PRESIZE_MAX: a 12-byte header must not reserve a gigabyte of
	 * request memory (a memory_limit fatal) before any element arrived; past that the array grows as real
	 * elements come in. */
	array_init_size(zv, (uint32_t)MIN(elements, RCP_ARRAY_PRESIZE_MAX));
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

redisReplyObjectFunctions rcp_reply_functions = {
	rcp_create_string,
	rcp_create_array,
	rcp_create_integer,
	rcp_create_nil,
	rcp_free_object,
};

void rcp_reply_take(void *obj, zval *dst)
{
	zval *zv = obj;

	ZVAL_COPY_VALUE(dst, zv);
	efree(zv);
}

/* The reader keeps r->pos at the start of the item being parsed (just after its type byte) until the whole
 * item is there; so what lies between pos and len is the unfinished item's header line (and, for a bulk
 * string, its partial payload). */
bool rcp_reply_over_limits(const redisReader *r, char *msg, size_t cap)
{
	const char *p, *crlf;
	size_t avail;
	int type;

	if (r->err || r->ridx < 0 || r->pos >= r->len) {
		return false;
	}
	type = r->rstack[r->ridx].type;
	p = r->buf + r->pos;
	avail = r->len - r->pos;
	crlf = NULL;
	for (size_t i = 0; i + 1 < avail && i < RCP_MAX_LINE_LEN; i++) {
		if (p[i] == '\r' && p[i + 1] == '\n') {
			crlf = p + i;
			break;
		}
	}
	switch (type) {
		case REDIS_REPLY_STRING:
			if (crlf) {
				long long len = 0;
				const char *q = p;
				bool neg = q < crlf && *q == '-';
				if (neg) {
					q++;
				}
				for (; q < crlf && *q >= '0' && *q <= '9' && len <= RCP_MAX_BULK_LEN; q++) {
					len = len * 10 + (*q - '0');
				}
				if (!neg && len > RCP_MAX_BULK_LEN) {
					snprintf(msg, cap, "bulk string length %.*s is over the limit of %lld bytes",
						(int)MIN(crlf - p, 30), p, RCP_MAX_BULK_LEN);
					return true;
				}
				return false;
			}
			if (avail > 32) {
				snprintf(msg, cap, "bulk string length line longer than 32 bytes");
				return true;
			}
			return false;
		case REDIS_REPLY_ARRAY:
			if (!crlf && avail > 32) {
				snprintf(msg, cap, "array length line longer than 32 bytes");
				return true;
			}
			return false;
		case REDIS_REPLY_STATUS:
		case REDIS_REPLY_ERROR:
		case REDIS_REPLY_INTEGER:
			if (!crlf && avail >= RCP_MAX_LINE_LEN) {
				snprintf(msg, cap, "reply line longer than %d bytes", RCP_MAX_LINE_LEN);
				return true;
			}
			return false;
		default:
			return false;
	}
}

/*
 * resp_read.c - the RESP2 reader: framing, limits and zvals in one pass over the bytes (see rcp_resp_read.h).
 *
 * Cost: one pass. Bulk payloads are copied once, straight into their zend_string; status and error lines are
 * read in place (copied only when a line spans two reads); digits are read in a tight loop.
 */
#include "php.h"
#include "rcp_resp_read.h"
#include "rcp_reply.h"

enum {
	S_TYPE = 0,    /* next byte is a type byte */
	S_LINE,        /* inside the line of an item */
	S_LINE_LF,     /* the line's '\r' was seen */
	S_BULK,        /* inside a bulk payload */
	S_BULK_CR,     /* after a payload: '\r' due */
	S_BULK_LF,     /* then '\n' */
};

/* What an element costs in request memory once built (zval in its array, string header). */
#define RCP_RESP_ELEM_COST 48
/* Left free under memory_limit: what a reply may not take (the allocator's next chunk, the caller's own
 * work with the reply). */
#define RCP_RESP_MEM_SLACK (1024 * 1024)
/* What a feed may take before memory_limit is looked up at all (well within the slack). */
#define RCP_RESP_UNCHECKED (64 * 1024)

void rcp_resp_init(rcp_resp *r)
{
	memset(r, 0, sizeof(*r));
	ZVAL_UNDEF(&r->top);
}

void rcp_resp_reset(rcp_resp *r)
{
	if (!Z_ISUNDEF(r->top)) {
		zval_ptr_dtor(&r->top);
	}
	if (r->bulk) {
		zend_string_efree(r->bulk);
	}
	smart_str_free(&r->line);
	rcp_resp_init(r);
}

size_t rcp_mem_headroom(void)
{
	zend_long limit = PG(memory_limit);
	size_t real;

	if (limit <= 0 || (zend_ulong)limit >= (zend_ulong)ZEND_LONG_MAX) {
		return SIZE_MAX;
	}
	/* memory_limit is checked against the memory the allocator took from the system (whole 2 MiB chunks
	 * and huge blocks), not against what is in use inside them */
	real = zend_memory_usage(true) + RCP_RESP_MEM_SLACK;
	return (size_t)limit > real ? (size_t)limit - real : 0;
}

size_t rcp_mem_cost(size_t len)
{
	if (len <= 3072) {
		return len + RCP_RESP_ELEM_COST;          /* a small bin inside a chunk */
	}
	if (len < 2 * 1024 * 1024 - 4096) {
		/* a run of pages inside a chunk: a run over half a chunk leaves the rest of it unusable for the
		 * next one, so count what it can cost, up to the whole chunk */
		return MIN(2 * len, (size_t)2 * 1024 * 1024) + RCP_RESP_ELEM_COST;
	}
	return ZEND_MM_ALIGNED_SIZE_EX(len, 4096) + RCP_RESP_ELEM_COST; /* a huge block of its own */
}

/* "\r" -> \r, printable as is, others as \xHH (the wording hiredis used for a bad type byte). */
static void rcp_resp_byte_repr(char c, char *out, size_t cap)
{
	switch (c) {
		case '\r': snprintf(out, cap, "\"\\r\""); break;
		case '\n': snprintf(out, cap, "\"\\n\""); break;
		case '\t': snprintf(out, cap, "\"\\t\""); break;
		case '"':  snprintf(out, cap, "\"\\\"\""); break;
		case '\\': snprintf(out, cap, "\"\\\\\""); break;
		default:
			if (c >= 0x20 && c < 0x7f) {
				snprintf(out, cap, "\"%c\"", c);
			} else {
				snprintf(out, cap, "\"\\x%02x\"", (unsigned char)c);
			}
	}
}

/* Where the next element goes: the top-level reply, or a new last element of the innermost open array. */
static zend_always_inline zval *rcp_resp_slot(rcp_resp *r)
{
	if (r->depth == 0) {
		return &r->top;
	}
	HashTable *ht = Z_ARRVAL_P(r->open[r->depth - 1]);
	zval tmp, *zv;
	if (EXPECTED(HT_IS_PACKED(ht) && ht->nNumUsed < ht->nTableSize)) {
		/* within the size the array was made with: the next packed slot, as zend_hash_next_index_insert_new()
		 * would fill it */
		zv = ht->arPacked + ht->nNumUsed;
		ht->nNumUsed++;
		ht->nNumOfElements++;
		ht->nNextFreeElement = (zend_long)ht->nNumUsed;
		ZVAL_NULL(zv);
		return zv;
	}
	ZVAL_NULL(&tmp);
	return zend_hash_next_index_insert_new(ht, &tmp);
}

/* An element was written into its slot: close the arrays it completes. True when the top-level reply is. */
static zend_always_inline bool rcp_resp_done(rcp_resp *r)
{
	while (r->depth > 0) {
		if (--r->remaining[r->depth - 1] > 0) {
			return false;
		}
		r->depth--;
	}
	return true;
}

/* rcp_resp_fits() for a small need early in a read (the common case), without a call. */
static zend_always_inline bool rcp_resp_fits_small(rcp_resp *r, size_t need)
{
	if (!r->room_known && need < RCP_RESP_UNCHECKED && r->pending < RCP_RESP_UNCHECKED) {
		r->pending += need;
		return true;
	}
	return false;
}

/* Whether `need` more bytes of request memory fit; else fill msg, if any ("<what> of <n> <unit> does not fit ..."). */
static bool rcp_resp_fits(rcp_resp *r, size_t need, const char *what, int64_t n, const char *unit, char *msg,
                          size_t cap)
{
	size_t room;

	if (!r->room_known && need < RCP_RESP_UNCHECKED && r->pending < RCP_RESP_UNCHECKED) {
		/* small: within the slack rcp_mem_headroom() keeps, so the limit is looked up once this feed took more */
		r->pending += need;
		return true;
	}
	if (!r->room_known) {
		r->room = rcp_mem_headroom();
		r->room_known = true;
	}
	room = r->room;
	if (room == SIZE_MAX || (r->pending <= room && need <= room - r->pending)) {
		r->pending += need;
		return true;
	}
	if (msg) {
		snprintf(msg, cap, "%s of %lld %s does not fit in memory_limit (%lld bytes, %zu in use)",
			what, (long long)n, unit, (long long)PG(memory_limit), zend_memory_usage(true));
	}
	return false;
}

/* A status or error line (without its CRLF) is complete: its value. */
static void rcp_resp_line_value(rcp_resp *r, zval *zv, const char *str, size_t len)
{
	if (r->type == '+') {
		/* like Predis v3 (Resp2Strategy::parseSimpleString): these four are Status objects, every other status
		 * reply ("string", "Background saving started", ...) is a plain string */
		if (rcp_status_is_object(str, len)) {
			rcp_status_new(zv, str, len);
		} else {
			ZVAL_STRINGL_FAST(zv, str, len);
		}
	} else {
		/* classified here, once: the core routes on the kind */
		rcp_reply_kind kind = rcp_reply_classify(str, len);
		rcp_error_new_kind(zv, str, len, kind);
		r->kinds |= 1u << kind;
	}
}

/* A negative length: -1 is nil (a bulk or an array), anything else a protocol error. */
static rcp_resp_result rcp_resp_nil(rcp_resp *r, bool *top, const char *what, char *msg, size_t cap)
{
	if (r->num != 1) {
		snprintf(msg, cap, "%s length out of range", what);
		return RCP_RESP_PROTOCOL;
	}
	r->state = S_TYPE;
	ZVAL_NULL(rcp_resp_slot(r));
	*top = rcp_resp_done(r);
	return RCP_RESP_OK;
}

/* The line of a numeric item (':', '$', '*') is complete (without its CRLF). *top: a top-level reply is. */
static rcp_resp_result rcp_resp_number_done(rcp_resp *r, bool *top, char *msg, size_t cap)
{
	bool valid = r->ndigits > 0 && r->ndigits == r->linelen - (r->neg ? 1 : 0) && !(r->neg && r->num == 0);
	zval *zv;

	switch (r->type) {
		case ':':
			if (!valid) {
				snprintf(msg, cap, "Bad integer value");
				return RCP_RESP_PROTOCOL;
			}
			r->state = S_TYPE;
			zv = rcp_resp_slot(r);
			ZVAL_LONG(zv, (zend_long)(r->neg ? -r->num : r->num));
			*top = rcp_resp_done(r);
			return RCP_RESP_OK;
		case '$':
			if (!valid) {
				snprintf(msg, cap, "Bad bulk string length");
				return RCP_RESP_PROTOCOL;
			}
			if (r->neg) {
				return rcp_resp_nil(r, top, "Bulk string", msg, cap);
			}
			if (r->num > RCP_MAX_BULK_LEN) {
				snprintf(msg, cap, "bulk string length %lld is over the limit of %lld bytes", (long long)r->num,
					RCP_MAX_BULK_LEN);
				return RCP_RESP_PROTOCOL;
			}
			if (!rcp_resp_fits(r, rcp_mem_cost((size_t)r->num), "a bulk string", r->num, "bytes", msg, cap)) {
				return RCP_RESP_MEMORY;
			}
			r->bulk_len = r->left = (uint64_t)r->num;
			r->bulk = zend_string_alloc((size_t)r->num, 0);
			r->state = r->left ? S_BULK : S_BULK_CR;
			return rcp_oom_pending() ? RCP_RESP_OOM : RCP_RESP_OK;
		case '*':
			if (!valid) {
				snprintf(msg, cap, "Bad multi-bulk length");
				return RCP_RESP_PROTOCOL;
			}
			r->state = S_TYPE;
			if (r->neg) {
				return rcp_resp_nil(r, top, "Multi-bulk", msg, cap);
			}
			if (r->num > RCP_MAX_ARRAY_ELEMENTS) {
				snprintf(msg, cap, "array of %lld elements is over the limit of %d", (long long)r->num,
					RCP_MAX_ARRAY_ELEMENTS);
				return RCP_RESP_PROTOCOL;
			}
			if (!rcp_resp_fits(r, rcp_mem_cost((size_t)r->num * sizeof(zval)), "an array", r->num, "elements", msg,
			                   cap)) {
				return RCP_RESP_MEMORY;
			}
			zv = rcp_resp_slot(r);
			/* Pre-sized, but not beyond RCP_ARRAY_PRESIZE_MAX: a 12-byte header must not reserve a gigabyte of
			 * request memory before any element arrived; past that the array grows as elements come in. The
			 * pointer to a nested array stays valid while it is filled: its parent gets no new element before. */
			array_init_size(zv, (uint32_t)MIN(r->num, (int64_t)RCP_ARRAY_PRESIZE_MAX));
			zend_hash_real_init_packed(Z_ARRVAL_P(zv));
			if (r->num == 0) {
				*top = rcp_resp_done(r);
			} else {
				r->open[r->depth] = zv;
				r->remaining[r->depth++] = r->num;
			}
			return rcp_oom_pending() ? RCP_RESP_OOM : RCP_RESP_OK;
		default:
			return RCP_RESP_OK; /* not reached: type bytes are checked when read */
	}
}

/* A byte of a numeric item's line (not its CRLF), off the fast path: every check. */
static rcp_resp_result rcp_resp_line_byte(rcp_resp *r, char c, char *msg, size_t cap)
{
	r->linelen++;
	if (r->linelen == 1 && c == '-') {
		r->neg = true;
	} else if (c >= '0' && c <= '9' && r->ndigits + 1 == r->linelen - (r->neg ? 1 : 0) &&
	           !(r->ndigits == 1 && r->num == 0) && r->ndigits < 19) {
		int64_t d = c - '0';
		if (r->num > (INT64_MAX - d) / 10) {
			r->ndigits = UINT32_MAX / 2; /* overflow: the line stays invalid */
		} else {
			r->num = r->num * 10 + d;
			r->ndigits++;
		}
	} else {
		r->ndigits = UINT32_MAX / 2; /* not a number: invalid, reported at the line's end */
	}
	if ((r->type == '$' || r->type == '*') && r->linelen > 32) {
		snprintf(msg, cap, "%s length line longer than 32 bytes", r->type == '$' ? "bulk string" : "array");
		return RCP_RESP_PROTOCOL;
	}
	if (r->linelen >= RCP_MAX_LINE_LEN) {
		snprintf(msg, cap, "reply line longer than %d bytes", RCP_MAX_LINE_LEN);
		return RCP_RESP_PROTOCOL;
	}
	return RCP_RESP_OK;
}

/* Add n bytes to the status or error line being read, within RCP_MAX_LINE_LEN. */
static rcp_resp_result rcp_resp_line_add(rcp_resp *r, const char *p, size_t n, char *msg, size_t cap)
{
	if (n >= (size_t)(RCP_MAX_LINE_LEN - r->linelen)) {
		snprintf(msg, cap, "reply line longer than %d bytes", RCP_MAX_LINE_LEN);
		return RCP_RESP_PROTOCOL;
	}
	r->linelen += (uint32_t)n;
	smart_str_appendl(&r->line, p, n);
	return RCP_RESP_OK;
}

/* The status or error line read into r->line is complete. */
static bool rcp_resp_line_done(rcp_resp *r)
{
	zval *zv = rcp_resp_slot(r);

	rcp_resp_line_value(r, zv, r->line.s ? ZSTR_VAL(r->line.s) : "", r->line.s ? ZSTR_LEN(r->line.s) : 0);
	smart_str_free(&r->line);
	r->state = S_TYPE;
	return rcp_resp_done(r);
}

/*
 * The common case in one step: a bulk string, an integer or an array header whose whole line (and, for a bulk, its
 * payload and CRLF) is in this read, its number well-formed and short (1 to 17 digits, no leading zero). Returns
 * the bytes it took, or 0 when the item is not that simple (the general path then reads it, from the same state:
 * nothing was changed). *top: a top-level reply is complete.
 */
static zend_always_inline size_t rcp_resp_fast(rcp_resp *r, const char *p, const char *end, bool *top)
{
	const char *q = p + 1, *lim = end - 1;
	int64_t n;
	char t = *p;
	zval *zv;

	if (q >= lim || *q < '1' || *q > '9') {
		if (q < lim && *q == '0' && q[1] == '\r') {
			n = 0; /* "$0" / "*0" */
			q++;
			goto line_end;
		}
		return 0;
	}
	n = *q++ - '0';
	while (q < lim && *q >= '0' && *q <= '9') {
		if (q - p > 17) {
			return 0;
		}
		n = n * 10 + (*q++ - '0');
	}
line_end:
	if (q >= lim || q[0] != '\r' || q[1] != '\n') {
		return 0;
	}
	q += 2;
	switch (t) {
		case '$':
			/* refused (over a limit, or no room): the general path says why */
			if (n > end - q - 2 || q[n] != '\r' || q[n + 1] != '\n' || n > RCP_RESP_UNCHECKED ||
			    (!rcp_resp_fits_small(r, n <= 3072 ? (size_t)n + RCP_RESP_ELEM_COST : rcp_mem_cost((size_t)n)) &&
			     !rcp_resp_fits(r, rcp_mem_cost((size_t)n), NULL, 0, NULL, NULL, 0))) {
				return 0;
			}
			zv = rcp_resp_slot(r);
			ZVAL_STRINGL_FAST(zv, q, (size_t)n);
			*top = rcp_resp_done(r);
			return (size_t)(q + n + 2 - p);
		case ':':
			zv = rcp_resp_slot(r);
			ZVAL_LONG(zv, (zend_long)n);
			*top = rcp_resp_done(r);
			return (size_t)(q - p);
		default: /* '*' */
			if (n == 1 && r->depth == 0 && r->unwrap1 && q < end && *q == '$') {
				/* its element, a bulk string (or nil), is the top-level reply */
				r->unwrapping = true;
				return (size_t)(q - p);
			}
			if (r->depth >= RCP_MAX_DEPTH || n > RCP_ARRAY_PRESIZE_MAX ||
			    (!rcp_resp_fits_small(r, (size_t)n <= 3072 / sizeof(zval) ? (size_t)n * sizeof(zval) + RCP_RESP_ELEM_COST
			                                           : rcp_mem_cost((size_t)n * sizeof(zval))) &&
			     !rcp_resp_fits(r, rcp_mem_cost((size_t)n * sizeof(zval)), NULL, 0, NULL, NULL, 0))) {
				return 0;
			}
			zv = rcp_resp_slot(r);
			array_init_size(zv, (uint32_t)n);
			zend_hash_real_init_packed(Z_ARRVAL_P(zv));
			if (n == 0) {
				*top = rcp_resp_done(r);
			} else {
				r->open[r->depth] = zv;
				r->remaining[r->depth++] = n;
			}
			return (size_t)(q - p);
	}
}

rcp_resp_result rcp_resp_feed(rcp_resp *r, const char *p, size_t len, rcp_resp_sink sink, void *ctx, size_t *used,
                              char *msg, size_t cap)
{
	const char *const start = p, *const end = p + len;
	rcp_resp_result res = RCP_RESP_OK;
	bool top = false;

	r->pending = 0; /* what earlier feeds took is in memory_limit's usage now */
	r->room_known = false;
	while (p < end) {
		char c = *p;

		switch (r->state) {
			case S_TYPE:
				if (c == '$' || c == ':' || c == '*') {
					size_t took = rcp_resp_fast(r, p, end, &top);
					if (took) {
						p += took;
						break;
					}
				}
				if (c != '+' && c != '-' && c != ':' && c != '$' && c != '*') {
					char repr[16];
					rcp_resp_byte_repr(c, repr, sizeof(repr));
					snprintf(msg, cap, "Protocol error, got %s as reply type byte", repr);
					res = RCP_RESP_PROTOCOL;
					goto out;
				}
				if (c == '*' && r->depth >= RCP_MAX_DEPTH) {
					snprintf(msg, cap, "No support for nested multi bulk replies with depth > %d", RCP_MAX_DEPTH - 1);
					res = RCP_RESP_PROTOCOL;
					goto out;
				}
				r->type = c;
				r->neg = false;
				r->linelen = r->ndigits = 0;
				r->num = 0;
				r->state = S_LINE;
				p++;
				break;
			case S_LINE:
				if (r->type == '+' || r->type == '-') {
					/* a status or error line ends at "\r\n" (a lone '\r' is part of it) */
					const char *cr = memchr(p, '\r', (size_t)(end - p));
					size_t n = (size_t)((cr ? cr : end) - p);
					if (cr && cr + 1 < end && cr[1] == '\n' && !r->line.s) {
						/* the whole line in this read: in place */
						zval *zv;
						if (n >= RCP_MAX_LINE_LEN) {
							snprintf(msg, cap, "reply line longer than %d bytes", RCP_MAX_LINE_LEN);
							res = RCP_RESP_PROTOCOL;
							goto out;
						}
						zv = rcp_resp_slot(r);
						rcp_resp_line_value(r, zv, p, n);
						p = cr + 2;
						r->state = S_TYPE;
						top = rcp_resp_done(r);
						break;
					}
					if (cr && cr + 1 < end && cr[1] != '\n') {
						n++; /* a lone '\r': part of the line */
					}
					if ((res = rcp_resp_line_add(r, p, n, msg, cap)) != RCP_RESP_OK) {
						goto out;
					}
					p += n;
					if (cr && p == cr) {
						if (cr + 1 < end) {
							p += 2; /* "\r\n" */
							top = rcp_resp_line_done(r);
						} else {
							p++;
							r->state = S_LINE_LF;
						}
					}
					break;
				}
				if (c == '\r') {
					r->state = S_LINE_LF;
					p++;
					break;
				}
				/* digits of a well-formed number, the common case, without rcp_resp_line_byte()'s general
				 * checks: the same outcome while every byte so far was a digit (no leading zero, no overflow
				 * possible under 18 digits, far from the 32-byte limit) */
				while (c >= '0' && c <= '9' && r->ndigits == r->linelen - (r->neg ? 1 : 0) && r->ndigits < 18 &&
				       !(r->ndigits == 1 && r->num == 0)) {
					r->num = r->num * 10 + (c - '0');
					r->ndigits++;
					r->linelen++;
					if (++p == end) {
						break;
					}
					c = *p;
				}
				if (p == end || c == '\r') {
					break;
				}
				if ((res = rcp_resp_line_byte(r, c, msg, cap)) != RCP_RESP_OK) {
					goto out;
				}
				p++;
				break;
			case S_LINE_LF:
				if (c == '\n') {
					p++;
					if (r->type == '+' || r->type == '-') {
						top = rcp_resp_line_done(r);
					} else if ((res = rcp_resp_number_done(r, &top, msg, cap)) != RCP_RESP_OK) {
						goto out;
					}
					break;
				}
				/* a lone '\r' is part of the line; c is looked at again */
				r->state = S_LINE;
				if (r->type == '+' || r->type == '-') {
					res = rcp_resp_line_add(r, "\r", 1, msg, cap);
				} else {
					res = rcp_resp_line_byte(r, '\r', msg, cap);
				}
				if (res != RCP_RESP_OK) {
					goto out;
				}
				break;
			case S_BULK: {
				size_t take = (size_t)MIN((uint64_t)(end - p), r->left);
				memcpy(ZSTR_VAL(r->bulk) + (r->bulk_len - r->left), p, take);
				p += take;
				r->left -= take;
				if (r->left == 0) {
					r->state = S_BULK_CR;
				}
				break;
			}
			case S_BULK_CR:
				if (c == '\r' && p + 1 < end && p[1] == '\n') {
					p += 2; /* the usual case: the CRLF in one read */
				} else if (c == '\r') {
					p++;
					r->state = S_BULK_LF;
					break;
				} else {
					snprintf(msg, cap, "bulk string of %llu bytes not followed by CRLF", (unsigned long long)r->bulk_len);
					res = RCP_RESP_PROTOCOL;
					goto out;
				}
				ZEND_FALLTHROUGH;
			case S_BULK_LF:
				if (r->state == S_BULK_LF) {
					if (c != '\n') {
						snprintf(msg, cap, "bulk string of %llu bytes not followed by CRLF",
							(unsigned long long)r->bulk_len);
						res = RCP_RESP_PROTOCOL;
						goto out;
					}
					p++;
				}
				{
					zval *zv = rcp_resp_slot(r);
					ZSTR_VAL(r->bulk)[r->bulk_len] = '\0';
					ZVAL_STR(zv, r->bulk);
					r->bulk = NULL;
					r->state = S_TYPE;
					top = rcp_resp_done(r);
				}
				break;
		}
		if (top) {
			zval reply;
			top = false;
			ZVAL_COPY_VALUE(&reply, &r->top);
			ZVAL_UNDEF(&r->top);
			r->unwrapping = false;
			if (sink(ctx, &reply) == RCP_RESP_STOP) {
				break;
			}
		}
	}
out:
	*used = (size_t)(p - start);
	return res;
}

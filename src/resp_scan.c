/*
 * resp_scan.c - RESP2 framing and limits checked on incoming bytes, before the hiredis reader sees them
 * (see rcp_resp_scan.h).
 *
 * Why a scanner of our own beside hiredis' reader: the reader is only asked for complete replies, so by the
 * time it reports a bulk string it has buffered all of it (malloc'd, outside memory_limit) and we are about
 * to copy it into a zend_string: too late to refuse a value that cannot fit. Its partial state (the task
 * stack) is private and differs between hiredis 0.14 and 1.x, and its checks and messages differ too. The
 * scanner sees each header as soon as its line is complete, so a 64 MiB value is refused after its 12-byte
 * header, and every refusal reads the same on every hiredis.
 *
 * Cost: one pass over the bytes; bulk payloads are skipped in one step, lines are read byte by byte (they
 * are short: headers, integers, status replies).
 */
#include "php.h"
#include "rcp_resp_scan.h"

enum {
	S_TYPE = 0,    /* next byte is a type byte */
	S_LINE,        /* inside the line of an item */
	S_LINE_LF,     /* the line's '\r' was seen */
	S_BULK,        /* inside a bulk payload */
	S_BULK_CR,     /* after a payload: '\r' due */
	S_BULK_LF,     /* then '\n' */
};

/* What an element costs in request memory once the reader built it (zval in its array, string header). */
#define RCP_SCAN_ELEM_COST 48
/* Left free under memory_limit: what a reply may not take (the allocator's next chunk, the caller's own
 * work with the reply). */
#define RCP_SCAN_MEM_SLACK (1024 * 1024)

void rcp_scan_init(rcp_scan *s)
{
	memset(s, 0, sizeof(*s));
}

bool rcp_scan_idle(const rcp_scan *s)
{
	return s->state == S_TYPE && s->depth == 0;
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
	real = zend_memory_usage(true) + RCP_SCAN_MEM_SLACK;
	return (size_t)limit > real ? (size_t)limit - real : 0;
}

size_t rcp_mem_cost(size_t len)
{
	if (len <= 3072) {
		return len + RCP_SCAN_ELEM_COST;          /* a small bin inside a chunk */
	}
	if (len < 2 * 1024 * 1024 - 4096) {
		/* a run of pages inside a chunk: a run over half a chunk leaves the rest of it unusable for the
		 * next one, so count what it can cost, up to the whole chunk */
		return MIN(2 * len, (size_t)2 * 1024 * 1024) + RCP_SCAN_ELEM_COST;
	}
	return ZEND_MM_ALIGNED_SIZE_EX(len, 4096) + RCP_SCAN_ELEM_COST; /* a huge block of its own */
}

/* "\r" -> \r, printable as is, others as \xHH (hiredis' wording for a bad type byte). */
static void rcp_scan_byte_repr(char c, char *out, size_t cap)
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

/* One element (scalar, nil, empty or completed array) is complete: close the arrays it completes. */
static void rcp_scan_element_done(rcp_scan *s)
{
	while (s->depth > 0) {
		if (--s->remaining[s->depth - 1] > 0) {
			return;
		}
		s->depth--;
	}
}

/* Whether `need` more bytes of request memory fit; else fill msg ("<what> of <n> <unit> does not fit ..."). */
static bool rcp_scan_fits(rcp_scan *s, size_t need, const char *what, int64_t n, const char *unit, char *msg,
                          size_t cap)
{
	size_t room;

	if (!s->room_known) {
		s->room = rcp_mem_headroom();
		s->room_known = true;
	}
	room = s->room;
	if (room == SIZE_MAX || (s->pending <= room && need <= room - s->pending)) {
		s->pending += need;
		return true;
	}
	snprintf(msg, cap, "%s of %lld %s does not fit in memory_limit (%lld bytes, %zu in use)",
		what, (long long)n, unit, (long long)PG(memory_limit), zend_memory_usage(true));
	return false;
}

/* The line of the current item is complete (without its CRLF). */
static rcp_scan_result rcp_scan_line_done(rcp_scan *s, char *msg, size_t cap)
{
	bool valid = s->ndigits > 0 && s->ndigits == s->linelen - (s->neg ? 1 : 0) && !(s->neg && s->num == 0);

	switch (s->type) {
		case '+':
		case '-':
			s->state = S_TYPE;
			rcp_scan_element_done(s);
			return RCP_SCAN_OK;
		case ':':
			if (!valid) {
				snprintf(msg, cap, "Bad integer value");
				return RCP_SCAN_PROTOCOL;
			}
			s->state = S_TYPE;
			rcp_scan_element_done(s);
			return RCP_SCAN_OK;
		case '$':
			if (!valid) {
				snprintf(msg, cap, "Bad bulk string length");
				return RCP_SCAN_PROTOCOL;
			}
			if (s->neg) {
				if (s->num != 1) {
					snprintf(msg, cap, "Bulk string length out of range");
					return RCP_SCAN_PROTOCOL;
				}
				s->state = S_TYPE; /* nil */
				rcp_scan_element_done(s);
				return RCP_SCAN_OK;
			}
			if (s->num > RCP_MAX_BULK_LEN) {
				snprintf(msg, cap, "bulk string length %lld is over the limit of %lld bytes", (long long)s->num,
					RCP_MAX_BULK_LEN);
				return RCP_SCAN_PROTOCOL;
			}
			if (!rcp_scan_fits(s, rcp_mem_cost((size_t)s->num), "a bulk string", s->num, "bytes", msg, cap)) {
				return RCP_SCAN_MEMORY;
			}
			s->bulk_len = s->left = (uint64_t)s->num;
			s->state = s->left ? S_BULK : S_BULK_CR;
			return RCP_SCAN_OK;
		case '*':
			if (!valid) {
				snprintf(msg, cap, "Bad multi-bulk length");
				return RCP_SCAN_PROTOCOL;
			}
			s->state = S_TYPE;
			if (s->neg) {
				if (s->num != 1) {
					snprintf(msg, cap, "Multi-bulk length out of range");
					return RCP_SCAN_PROTOCOL;
				}
				rcp_scan_element_done(s); /* nil array */
				return RCP_SCAN_OK;
			}
			if (s->num > RCP_MAX_ARRAY_ELEMENTS) {
				snprintf(msg, cap, "array of %lld elements is over the limit of %d", (long long)s->num,
					RCP_MAX_ARRAY_ELEMENTS);
				return RCP_SCAN_PROTOCOL;
			}
			if (!rcp_scan_fits(s, rcp_mem_cost((size_t)s->num * sizeof(zval)), "an array", s->num, "elements", msg,
			                   cap)) {
				return RCP_SCAN_MEMORY;
			}
			if (s->num == 0) {
				rcp_scan_element_done(s);
			} else {
				s->remaining[s->depth++] = s->num;
			}
			return RCP_SCAN_OK;
		default:
			return RCP_SCAN_OK; /* not reached: type bytes are checked when read */
	}
}

/* A byte of the current item's line (not its CRLF). */
static rcp_scan_result rcp_scan_line_byte(rcp_scan *s, char c, char *msg, size_t cap)
{
	bool numeric = s->type == ':' || s->type == '$' || s->type == '*';

	s->linelen++;
	if (numeric) {
		if (s->linelen == 1 && c == '-') {
			s->neg = true;
		} else if (c >= '0' && c <= '9' && s->ndigits + 1 == s->linelen - (s->neg ? 1 : 0) &&
		           !(s->ndigits == 1 && s->num == 0) && s->ndigits < 19) {
			int64_t d = c - '0';
			if (s->num > (INT64_MAX - d) / 10) {
				s->ndigits = UINT32_MAX / 2; /* overflow: the line stays invalid */
			} else {
				s->num = s->num * 10 + d;
				s->ndigits++;
			}
		} else {
			s->ndigits = UINT32_MAX / 2; /* not a number: invalid, reported at the line's end */
		}
	}
	if ((s->type == '$' || s->type == '*') && s->linelen > 32) {
		snprintf(msg, cap, "%s length line longer than 32 bytes", s->type == '$' ? "bulk string" : "array");
		return RCP_SCAN_PROTOCOL;
	}
	if (s->linelen >= RCP_MAX_LINE_LEN) {
		snprintf(msg, cap, "reply line longer than %d bytes", RCP_MAX_LINE_LEN);
		return RCP_SCAN_PROTOCOL;
	}
	return RCP_SCAN_OK;
}

rcp_scan_result rcp_scan_feed(rcp_scan *s, const char *p, size_t len, char *msg, size_t cap)
{
	const char *end = p + len;
	rcp_scan_result r;

	/* what earlier calls counted was built since (the reader is drained between calls), except a bulk
	 * still arriving */
	s->pending = (s->state == S_BULK || s->state == S_BULK_CR || s->state == S_BULK_LF)
		? rcp_mem_cost((size_t)s->bulk_len) : 0;
	s->room_known = false;
	while (p < end) {
		char c = *p;

		switch (s->state) {
			case S_TYPE:
				if (c != '+' && c != '-' && c != ':' && c != '$' && c != '*') {
					char repr[16];
					rcp_scan_byte_repr(c, repr, sizeof(repr));
					snprintf(msg, cap, "Protocol error, got %s as reply type byte", repr);
					return RCP_SCAN_PROTOCOL;
				}
				if (c == '*' && s->depth >= RCP_MAX_DEPTH) {
					snprintf(msg, cap, "No support for nested multi bulk replies with depth > %d", RCP_MAX_DEPTH - 1);
					return RCP_SCAN_PROTOCOL;
				}
				s->type = c;
				s->neg = false;
				s->linelen = s->ndigits = 0;
				s->num = 0;
				s->state = S_LINE;
				p++;
				break;
			case S_LINE:
				if (c == '\r') {
					s->state = S_LINE_LF;
					p++;
					break;
				}
				if (s->type == '+' || s->type == '-') {
					/* a status or error line: only its length matters, up to its '\r' */
					const char *cr = memchr(p, '\r', (size_t)(end - p));
					size_t n = (size_t)((cr ? cr : end) - p);
					if (n >= (size_t)(RCP_MAX_LINE_LEN - s->linelen)) {
						snprintf(msg, cap, "reply line longer than %d bytes", RCP_MAX_LINE_LEN);
						return RCP_SCAN_PROTOCOL;
					}
					s->linelen += (uint32_t)n;
					p += n;
					break;
				}
				/* digits of a well-formed number, the common case, without rcp_scan_line_byte()'s general
				 * checks: the same outcome while every byte so far was a digit (no leading zero, no overflow
				 * possible under 18 digits, far from the 32-byte limit) */
				while (c >= '0' && c <= '9' && s->ndigits == s->linelen - (s->neg ? 1 : 0) && s->ndigits < 18 &&
				       !(s->ndigits == 1 && s->num == 0)) {
					s->num = s->num * 10 + (c - '0');
					s->ndigits++;
					s->linelen++;
					if (++p == end) {
						break;
					}
					c = *p;
				}
				if (p == end || c == '\r') {
					break;
				}
				if ((r = rcp_scan_line_byte(s, c, msg, cap)) != RCP_SCAN_OK) {
					return r;
				}
				p++;
				break;
			case S_LINE_LF:
				if (c == '\n') {
					p++;
					if ((r = rcp_scan_line_done(s, msg, cap)) != RCP_SCAN_OK) {
						return r;
					}
					break;
				}
				/* a lone '\r' is part of the line (hiredis looks for "\r\n"); c is looked at again */
				s->state = S_LINE;
				if ((r = rcp_scan_line_byte(s, '\r', msg, cap)) != RCP_SCAN_OK) {
					return r;
				}
				break;
			case S_BULK: {
				size_t take = (size_t)MIN((uint64_t)(end - p), s->left);
				p += take;
				s->left -= take;
				if (s->left == 0) {
					s->state = S_BULK_CR;
				}
				break;
			}
			case S_BULK_CR:
			case S_BULK_LF:
				if (c != (s->state == S_BULK_CR ? '\r' : '\n')) {
					snprintf(msg, cap, "bulk string of %llu bytes not followed by CRLF", (unsigned long long)s->bulk_len);
					return RCP_SCAN_PROTOCOL;
				}
				p++;
				if (s->state == S_BULK_CR) {
					s->state = S_BULK_LF;
				} else {
					s->state = S_TYPE;
					rcp_scan_element_done(s);
				}
				break;
		}
	}
	return RCP_SCAN_OK;
}

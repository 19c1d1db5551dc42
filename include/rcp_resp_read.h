/*
 * rcp_resp_read.h - the RESP2 reader: bytes from a node into zvals, in one pass, within limits.
 *
 * Every byte read from a node goes through rcp_resp_feed(), which follows RESP2 framing and builds each reply
 * as it goes (request memory, emalloc): bulk -> string, nil -> null, integer -> int, array -> packed array,
 * status -> RedisClusterPool\Status or string, error -> RedisClusterPool\Error classified by kind (rcp_reply.h).
 * A complete top-level reply is handed to the caller's sink at once. There is no intermediate buffer: a bulk
 * string is allocated at its header and its payload copied into it as it arrives, lines are read in place.
 *
 * It refuses a stream as soon as it is known to be bad or too large:
 *  - a type byte that is not RESP2, a malformed length or integer line, a bulk not followed by CRLF;
 *  - a line longer than RCP_MAX_LINE_LEN, a length line longer than 32 bytes, nesting deeper than
 *    RCP_MAX_DEPTH, an array over RCP_MAX_ARRAY_ELEMENTS, a bulk over RCP_MAX_BULK_LEN;
 *  - a bulk or an array whose value would not fit in what memory_limit leaves (checked at its header,
 *    before a byte of its payload is read: a zend_string over twice the limit makes a PHP with delayed OOM
 *    exit the process).
 *
 * Why not hiredis' reader (docs/DESIGN.md, "The RESP reader"): it only hands out complete replies, so a
 * second pass of our own had to check the limits before it buffered a payload (outside memory_limit), and
 * every reply was parsed twice. One pass costs a fraction of the two (bash benchmarks/run.sh instr).
 *
 * The reader is per connection (rcp_conn.rd), process memory; what it holds between two feeds (a reply
 * partly received) is request memory and is freed by rcp_resp_reset() in the same request (a connection
 * with a partial reply is never reused: it is closed by the batch's sweep).
 */
#ifndef RCP_RESP_READ_H
#define RCP_RESP_READ_H

#include "php.h"
#include "zend_smart_str.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest array reply element count we accept (protects against *2147483647 from a broken peer). */
#define RCP_MAX_ARRAY_ELEMENTS (64 * 1024 * 1024)

/* Largest bulk string we accept (Redis' default proto-max-bulk-len). */
#define RCP_MAX_BULK_LEN (512LL * 1024 * 1024)

/* Longest status/error/integer line accepted. */
#define RCP_MAX_LINE_LEN (1024 * 1024)

/* Most arrays open at once (hiredis 0.14's limit, which the extension always had). */
#define RCP_MAX_DEPTH 8

/* Arrays are pre-sized to their element count up to this many elements (1 MiB of zvals). */
#define RCP_ARRAY_PRESIZE_MAX (64 * 1024)

typedef enum {
	RCP_RESP_OK = 0,
	RCP_RESP_PROTOCOL,   /* not RESP2, or over a fixed limit */
	RCP_RESP_MEMORY,     /* would not fit in memory_limit: refused at its header */
	RCP_RESP_OOM,        /* memory_limit was crossed while building (a PHP with delayed OOM) */
} rcp_resp_result;

typedef struct {
	uint8_t state;           /* where in an item we are (resp_read.c) */
	char type;               /* type byte of the item whose line is being read */
	bool neg;                /* its line started with '-' */
	uint8_t depth;           /* arrays open */
	bool room_known;
	bool unwrap1;            /* set by the owner: a top-level array of one bulk string (or nil) whose element is
	                            in the same read may be read as that element (the owner takes either form) */
	bool unwrapping;         /* such an array's header was read, its element not yet */
	uint32_t linelen;        /* bytes of the line so far */
	uint32_t ndigits;
	uint32_t kinds;          /* bit (1 << rcp_reply_kind) of every error reply read since the owner cleared it */
	int64_t num;             /* the line's number so far */
	uint64_t left;           /* bulk payload bytes still to come */
	uint64_t bulk_len;       /* the bulk being read */
	zend_string *bulk;       /* ... and where it goes */
	zval top;                /* the top-level reply being built, UNDEF when none */
	zval *open[RCP_MAX_DEPTH];                /* the arrays being filled, outermost first */
	int64_t remaining[RCP_MAX_DEPTH];         /* elements still to come in each */
	smart_str line;          /* a status or error line that spans two reads */
	size_t pending;          /* request memory taken during this feed (room is from its start) */
	size_t room;             /* rcp_mem_headroom() at the first header of this feed that needed it */
} rcp_resp;

/* What the sink says after taking a reply. */
#define RCP_RESP_GO_ON 0
#define RCP_RESP_STOP 1

/* Receives each complete top-level reply (ownership moves to it). RCP_RESP_STOP: read no further. */
typedef int (*rcp_resp_sink)(void *ctx, zval *reply);

/* A reader at the start of a stream. */
void rcp_resp_init(rcp_resp *r);

/* Free what a reader holds (a reply partly received) and set it back to the start of a stream. */
void rcp_resp_reset(rcp_resp *r);

/* Whether the reader is between replies (no reply partly received). */
static zend_always_inline bool rcp_resp_idle(const rcp_resp *r)
{
	return r->state == 0 && Z_ISUNDEF(r->top) && !r->unwrapping;
}

/* Request memory still free under memory_limit (what the allocator may still take from the system, less a
 * margin); SIZE_MAX when there is no limit. */
size_t rcp_mem_headroom(void);

/* What a string of len bytes may take from memory_limit once allocated (allocator rounding and waste). */
size_t rcp_mem_cost(size_t len);

/*
 * Read len more bytes of the stream, handing each complete reply to sink(ctx, reply) as soon as it is built.
 * *used: how many bytes were read (less than len only when the sink said RCP_RESP_STOP). Anything but
 * RCP_RESP_OK: msg (cap bytes) says why the stream is refused; the connection must be dropped (the reader is
 * then in no usable state but rcp_resp_reset()). Must run where a bailout is caught (it allocates).
 */
rcp_resp_result rcp_resp_feed(rcp_resp *r, const char *p, size_t len, rcp_resp_sink sink, void *ctx, size_t *used,
                              char *msg, size_t cap);

#endif

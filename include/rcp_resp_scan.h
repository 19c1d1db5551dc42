/*
 * rcp_resp_scan.h - the limits of what a node may send us, checked on the bytes as they arrive.
 *
 * Every byte read from a node goes through rcp_scan_feed() before the hiredis reader sees it. The scanner
 * follows RESP2 framing (type byte, line, bulk payload, array counts and nesting) without building
 * anything, and refuses a stream as soon as it is known to be bad or too large:
 *  - a type byte that is not RESP2, a malformed length or integer line, a bulk not followed by CRLF;
 *  - a line longer than RCP_MAX_LINE_LEN, a length line longer than 32 bytes, nesting deeper than
 *    RCP_MAX_DEPTH, an array over RCP_MAX_ARRAY_ELEMENTS, a bulk over RCP_MAX_BULK_LEN;
 *  - a bulk or an array whose value would not fit in what memory_limit leaves (checked at its header,
 *    before a byte of its payload is buffered: the reader's buffer is malloc'd, outside memory_limit, and
 *    a zend_string over twice the limit makes a PHP with delayed OOM exit the process).
 * So the reader only ever parses well-formed RESP2 within the limits, and the errors (and their wording)
 * are the same whatever hiredis version the extension is built with.
 *
 * The scanner is per connection (rcp_conn.scan), plain data, no allocation.
 */
#ifndef RCP_RESP_SCAN_H
#define RCP_RESP_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest array reply element count we accept (protects against *2147483647 from a broken peer). */
#define RCP_MAX_ARRAY_ELEMENTS (64 * 1024 * 1024)

/* Largest bulk string we accept (Redis' default proto-max-bulk-len). */
#define RCP_MAX_BULK_LEN (512LL * 1024 * 1024)

/* Longest status/error/integer line accepted. */
#define RCP_MAX_LINE_LEN (1024 * 1024)

/* Most arrays open at once (hiredis 0.14's own limit, kept for every hiredis version). */
#define RCP_MAX_DEPTH 8

typedef enum {
	RCP_SCAN_OK = 0,
	RCP_SCAN_PROTOCOL,   /* not RESP2, or over a fixed limit */
	RCP_SCAN_MEMORY,     /* would not fit in memory_limit */
} rcp_scan_result;

typedef struct {
	uint8_t state;           /* where in an item we are (resp_scan.c) */
	char type;               /* type byte of the item whose line is being read */
	bool neg;                /* its line started with '-' */
	uint8_t depth;           /* arrays open */
	uint32_t linelen;        /* bytes of the line so far */
	uint32_t ndigits;
	int64_t num;             /* the line's number so far */
	uint64_t left;           /* bulk payload bytes still to come */
	uint64_t bulk_len;       /* the bulk being skipped */
	int64_t remaining[RCP_MAX_DEPTH + 1]; /* elements still to come in each open array */
	size_t pending;          /* request memory the items seen but not yet built will take */
	size_t room;             /* rcp_mem_headroom() during one rcp_scan_feed() (nothing is allocated while it
	                            scans), looked up at the first header that needs it; valid when room_known */
	bool room_known;
} rcp_scan;

/* A scanner at the start of a stream. */
void rcp_scan_init(rcp_scan *s);

/* Whether the scanner is between replies (no reply partly received). */
bool rcp_scan_idle(const rcp_scan *s);

/* Request memory still free under memory_limit (what the allocator may still take from the system, less a
 * margin); SIZE_MAX when there is no limit. */
size_t rcp_mem_headroom(void);

/* What a string of len bytes may take from memory_limit once allocated (allocator rounding and waste). */
size_t rcp_mem_cost(size_t len);

/*
 * Check len more bytes of the stream. RCP_SCAN_OK: they may be fed to the reader. Otherwise msg (cap bytes)
 * says why the stream is refused; the connection must be dropped (the scanner is then in no usable state).
 * The reader must be drained (its replies built) between two calls: what earlier calls counted as pending
 * is then in memory_limit's usage, and only the unfinished bulk string is still counted.
 */
rcp_scan_result rcp_scan_feed(rcp_scan *s, const char *p, size_t len, char *msg, size_t cap);

#endif

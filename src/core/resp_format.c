/*
 * resp_format.c - RESP2 encoding of commands (see rcp_resp_format.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "rcp_resp_format.h"

static size_t rcp_digits(size_t v)
{
	size_t n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* Write v in decimal at p (its rcp_digits(v) bytes); returns the end. */
static char *rcp_put_uint(char *p, size_t v, size_t digits)
{
	char *end = p + digits;
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return p + digits;
}

/* rcp_wbuf_room() when the buffer must grow. */
static __attribute__((noinline)) bool rcp_wbuf_grow(rcp_wbuf *b, size_t n)
{
	size_t need = b->len + n + 1, cap;
	char *p;

	if (need < b->len) {
		return false; /* overflow */
	}
	cap = b->cap ? b->cap : 256;
	while (cap < need) {
		cap = cap * 2 > cap ? cap * 2 : need;
	}
	p = realloc(b->p, cap);
	if (!p) {
		return false;
	}
	b->p = p;
	b->cap = cap;
	return true;
}

/* Room for n more bytes (and a NUL after them). */
static inline __attribute__((always_inline)) bool rcp_wbuf_room(rcp_wbuf *b, size_t n)
{
	size_t need = b->len + n + 1;

	return (need <= b->cap && need > b->len) || rcp_wbuf_grow(b, n);
}

/* A length in decimal at p; returns the end. Lengths under 100 (most arguments) without a loop. */
static inline __attribute__((always_inline)) char *rcp_put_len(char *p, size_t v)
{
	if (v < 10) {
		*p = (char)('0' + v);
		return p + 1;
	}
	if (v < 100) {
		p[0] = (char)('0' + v / 10);
		p[1] = (char)('0' + v % 10);
		return p + 2;
	}
	return rcp_put_uint(p, v, rcp_digits(v));
}

/* n bytes from s to d: short ones (names, most keys) with a few moves instead of a call to memcpy(). */
static inline __attribute__((always_inline)) void rcp_copy(char *d, const char *s, size_t n)
{
	if (n <= 16) {
		if (n >= 8) {
			uint64_t a, b;
			memcpy(&a, s, 8);
			memcpy(&b, s + n - 8, 8);
			memcpy(d, &a, 8);
			memcpy(d + n - 8, &b, 8);
		} else if (n >= 4) {
			uint32_t a, b;
			memcpy(&a, s, 4);
			memcpy(&b, s + n - 4, 4);
			memcpy(d, &a, 4);
			memcpy(d + n - 4, &b, 4);
		} else {
			for (size_t i = 0; i < n; i++) {
				d[i] = s[i];
			}
		}
		return;
	}
	memcpy(d, s, n);
}

/* The most a header ("*<n>\r\n" or "$<n>\r\n") takes: type byte, 20 digits, CRLF. */
#define RCP_RESP_HEADER_MAX 23

/* argc arguments as bulk strings at p (room checked by the caller); returns the end. */
static inline __attribute__((always_inline)) char *rcp_put_args(char *p, int argc, const char *const *argv, const size_t *argvlen)
{
	for (size_t i = 0; i < (size_t)argc; i++) {
		size_t n = argvlen[i];
		*p++ = '$';
		p = rcp_put_len(p, n);
		*p++ = '\r';
		*p++ = '\n';
		rcp_copy(p, argv[i], n);
		p += n;
		*p++ = '\r';
		*p++ = '\n';
	}
	return p;
}

/* Room for argc arguments and head bytes before them; false on overflow or out of memory. */
static inline __attribute__((always_inline)) bool rcp_wbuf_args_room(rcp_wbuf *b, size_t head, int argc, const size_t *argvlen)
{
	size_t bound = head;

	for (size_t i = 0; i < (size_t)argc; i++) {
		bound += RCP_RESP_HEADER_MAX + argvlen[i] + 2;
		if (bound < argvlen[i]) {
			return false; /* overflow */
		}
	}
	return rcp_wbuf_room(b, bound);
}

bool rcp_wbuf_command(rcp_wbuf *b, int argc, const char *const *argv, const size_t *argvlen)
{
	char *p, *start;

	if (!rcp_wbuf_args_room(b, RCP_RESP_HEADER_MAX, argc, argvlen)) {
		return false;
	}
	p = start = b->p + b->len;
	*p++ = '*';
	p = rcp_put_len(p, (size_t)argc);
	*p++ = '\r';
	*p++ = '\n';
	p = rcp_put_args(p, argc, argv, argvlen);
	*p = '\0';
	b->len += (size_t)(p - start);
	return true;
}

bool rcp_wbuf_command_after(rcp_wbuf *b, const char *head, size_t headlen, int argc, const char *const *argv,
                            const size_t *argvlen)
{
	char *p, *start;

	if (!rcp_wbuf_args_room(b, headlen, argc, argvlen)) {
		return false;
	}
	p = start = b->p + b->len;
	rcp_copy(p, head, headlen);
	p = rcp_put_args(p + headlen, argc, argv, argvlen);
	*p = '\0';
	b->len += (size_t)(p - start);
	return true;
}

bool rcp_wbuf_append(rcp_wbuf *b, const char *s, size_t n)
{
	if (!rcp_wbuf_room(b, n)) {
		return false;
	}
	if (n) {
		memcpy(b->p + b->len, s, n);
	}
	b->len += n;
	b->p[b->len] = '\0';
	return true;
}

void rcp_wbuf_trim(rcp_wbuf *b)
{
	b->len = 0;
	if (b->cap > RCP_WBUF_KEEP) {
		free(b->p);
		b->p = NULL;
		b->cap = 0;
	}
}

void rcp_wbuf_free(rcp_wbuf *b, bool secret)
{
	if (b->p && secret) {
		memset(b->p, 0, b->cap);
	}
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

long rcp_format_command(char **out, int argc, const char *const *argv, const size_t *argvlen)
{
	rcp_wbuf b = {0};

	if (!rcp_wbuf_command(&b, argc, argv, argvlen)) {
		free(b.p);
		*out = NULL;
		return -1;
	}
	*out = b.p;
	return (long)b.len;
}

void rcp_free_command(char *cmd)
{
	free(cmd);
}

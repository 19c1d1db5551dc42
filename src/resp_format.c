/*
 * resp_format.c - RESP2 encoding of commands (see rcp_resp_format.h).
 */
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

/* Room for n more bytes (and a NUL after them). */
static bool rcp_wbuf_room(rcp_wbuf *b, size_t n)
{
	size_t need = b->len + n + 1, cap;
	char *p;

	if (need <= b->cap) {
		return true;
	}
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

bool rcp_wbuf_command(rcp_wbuf *b, int argc, const char *const *argv, const size_t *argvlen)
{
	size_t total = 1 + rcp_digits((size_t)argc) + 2, i;
	char *p;

	for (i = 0; i < (size_t)argc; i++) {
		total += 1 + rcp_digits(argvlen[i]) + 2 + argvlen[i] + 2;
	}
	if (!rcp_wbuf_room(b, total)) {
		return false;
	}
	p = b->p + b->len;
	*p++ = '*';
	p = rcp_put_uint(p, (size_t)argc, rcp_digits((size_t)argc));
	*p++ = '\r';
	*p++ = '\n';
	for (i = 0; i < (size_t)argc; i++) {
		*p++ = '$';
		p = rcp_put_uint(p, argvlen[i], rcp_digits(argvlen[i]));
		*p++ = '\r';
		*p++ = '\n';
		if (argvlen[i]) {
			memcpy(p, argv[i], argvlen[i]);
		}
		p += argvlen[i];
		*p++ = '\r';
		*p++ = '\n';
	}
	*p = '\0';
	b->len += total;
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

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

long rcp_format_command(char **out, int argc, const char *const *argv, const size_t *argvlen)
{
	size_t total = 1 + rcp_digits((size_t)argc) + 2, i;
	char *buf, *p;

	for (i = 0; i < (size_t)argc; i++) {
		total += 1 + rcp_digits(argvlen[i]) + 2 + argvlen[i] + 2;
	}
	buf = malloc(total + 1);
	if (!buf) {
		*out = NULL;
		return -1;
	}
	p = buf;
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
	*out = buf;
	return (long)total;
}

void rcp_free_command(char *cmd)
{
	free(cmd);
}

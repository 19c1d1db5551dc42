/*
 * rcp_resp_format.h - RESP2 encoding of commands (arrays of bulk strings), without printf: the exact size is
 * computed first, lengths written with a small integer formatter, bytes appended to a buffer that is reused.
 * Replaces hiredis' redisFormatCommandArgv, whose three sprintf calls per argument were a third of the
 * client's instructions per command.
 *
 * Who owns what: an rcp_wbuf is process memory (malloc), owned by whoever embeds it: every connection has one
 * (rcp_conn.wbuf: the bytes of the command(s) being sent on it, reused from command to command, so a command
 * in steady state costs no allocation); a few rare paths (fan-out to every node, transactions) use one of their
 * own on the stack and free it.
 */
#ifndef RCP_RESP_FORMAT_H
#define RCP_RESP_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
	char *p;          /* malloc'd, or NULL while nothing was written */
	size_t len, cap;
} rcp_wbuf;

/* A buffer larger than this after a command is freed (rcp_wbuf_trim) rather than kept with its connection. */
#define RCP_WBUF_KEEP (64 * 1024)

/* Append the RESP of argv (argv[0] is the command name) to b. False when out of memory (b unchanged). */
bool rcp_wbuf_command(rcp_wbuf *b, int argc, const char *const *argv, const size_t *argvlen);

/* rcp_wbuf_command() of a command whose first arguments are already encoded in head (its array header counting
 * every argument, argv's included: "*2\r\n$4\r\nMGET\r\n" before one key): head, then argv. */
bool rcp_wbuf_command_after(rcp_wbuf *b, const char *head, size_t headlen, int argc, const char *const *argv,
                            const size_t *argvlen);

/* Append raw bytes (already RESP) to b. False when out of memory (b unchanged). */
bool rcp_wbuf_append(rcp_wbuf *b, const char *s, size_t n);

/* Forget the bytes, keep the memory. */
static inline void rcp_wbuf_reset(rcp_wbuf *b)
{
	b->len = 0;
}

/* Forget the bytes; free the memory when it grew past RCP_WBUF_KEEP (one huge command). */
void rcp_wbuf_trim(rcp_wbuf *b);

/* Free the memory (zeroed first when secret: AUTH). */
void rcp_wbuf_free(rcp_wbuf *b, bool secret);

/* *out: the RESP bytes of one command (malloc'd; free with rcp_free_command). Returns their length, or -1
 * (out of memory). For bytes that outlive any connection (a connection's setup). */
long rcp_format_command(char **out, int argc, const char *const *argv, const size_t *argvlen);
void rcp_free_command(char *cmd);

#endif

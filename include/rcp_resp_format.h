/*
 * rcp_resp_format.h - RESP2 encoding of a command (an array of bulk strings), without printf: the exact size is
 * computed first, one allocation, lengths written with a small integer formatter. Replaces hiredis'
 * redisFormatCommandArgv, whose three sprintf calls per argument were a third of the client's instructions per
 * command.
 */
#ifndef RCP_RESP_FORMAT_H
#define RCP_RESP_FORMAT_H

#include <stddef.h>

/* *out: the RESP bytes (malloc'd; free with rcp_free_command). Returns their length, or -1 (out of memory). */
long rcp_format_command(char **out, int argc, const char *const *argv, const size_t *argvlen);
void rcp_free_command(char *cmd);

#endif

/*
 * rcp_cmdpack.h - the packed form of a learned command table: what src/core/cmdlearn.c makes from a server's COMMAND
 * reply, what the shared segment keeps beside the slot map (no pointers: offsets), and what rcp_cmdtab_load()
 * turns into a process' rcp_cmd array.
 *
 *   rcp_cmdpack_hdr | rcp_cmdpack_cmd[ncmds] (sorted by name, strcmp) | rcp_cmdpack_spec[nspecs] | strings
 *
 * Strings (names, keywords) are NUL-terminated, referenced by their offset in the strings area.
 */
#ifndef RCP_CMDPACK_H
#define RCP_CMDPACK_H

#include <stdint.h>

#define RCP_CMDPACK_MAGIC 0x31435052u /* "RPC1" */
#define RCP_CMDPACK_NONE  UINT32_MAX  /* no keyword */

typedef struct {
	uint32_t magic;
	uint32_t ncmds;
	uint32_t nspecs;
	uint32_t strlen;
} rcp_cmdpack_hdr;

typedef struct {
	uint32_t name;        /* string offset */
	int16_t  arity;
	uint16_t flags;       /* RCP_CMD_* */
	uint8_t  route, merge, nspecs, pad;
	uint32_t spec;        /* index of the first spec */
} rcp_cmdpack_cmd;

typedef struct {
	uint8_t  bs_type, fk_type;
	int16_t  bs_a;
	uint32_t kw;          /* string offset, RCP_CMDPACK_NONE */
	int16_t  fk_a, fk_b, fk_c;
	uint16_t flags;       /* RCP_KS_* */
} rcp_cmdpack_spec;

#endif

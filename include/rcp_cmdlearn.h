/*
 * rcp_cmdlearn.h - a command table learned from the server's COMMAND reply (see src/core/cmdlearn.c).
 */
#ifndef RCP_CMDLEARN_H
#define RCP_CMDLEARN_H

#include "php.h"
#include "rcp_err.h"
#include "rcp_commands.h"

/* Pack a COMMAND reply (as the reply reader built it) into the rcp_cmdpack.h form, at most cap bytes.
 * Returns RCP_OK with *out (emalloc'd) and *ncmds, or RCP_E_PROTOCOL with a message. */
rcp_status rcp_cmds_pack(zval *reply, size_t cap, zend_string **out, uint32_t *ncmds, rcp_err *err);

#endif

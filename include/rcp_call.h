/*
 * rcp_call.h - resolving a method call once (src/call.c): everything the binding needs to know about a method
 * name before it looks at the arguments, found with one probe of a per-process cache.
 */
#ifndef RCP_CALL_H
#define RCP_CALL_H

#include "php.h"
#include "rcp_commands.h"
#include "rcp_exec.h"
#include "rcp_predis.h"

typedef struct {
	const rcp_predis_cmd *pd;  /* Predis' resolution (filter, parser and what it reads, transaction verb), or
	                              NULL: sent and returned as they are */
	const char *id;            /* the command name to send (Predis' ID, static), or NULL: the method name as called */
	size_t idlen;
	const rcp_cmd *cmd;        /* its command table entry (a container's own: its subcommand is in the arguments),
	                              or NULL: unknown to the tables so far (rcp_argv_lookup() decides) */
} rcp_call_res;

/*
 * Resolve a method name (any case: "get", "GET", "xread_v4") against the command table of cl's cluster (the
 * built-in one when cl is NULL or the cluster's own is not learned yet). Cached per process: the cache is keyed
 * by the name and the table's serial (rcp_cmdtab_serial), so a newly learned table is never answered from an
 * older one. No allocation.
 */
void rcp_call_resolve(zend_string *method, rcp_client *cl, rcp_call_res *out);

#endif

/*
 * rcp_scripts.h - this process' cache of Lua script bodies, by SHA1, for the NOSCRIPT fallback.
 *
 * EVALSHA answered with NOSCRIPT (the node lost its script cache: restart, failover to a replica that never
 * saw SCRIPT LOAD, SCRIPT FLUSH) is re-sent as EVAL with the body when this process has seen that body in an
 * EVAL / EVAL_RO or SCRIPT LOAD, as Predis' script commands do. Process memory (lives across requests),
 * bounded: at most RCP_SCRIPTS_MAX bodies of at most RCP_SCRIPT_MAX_LEN bytes; once full, new bodies are not
 * remembered (their EVALSHA then fails with NOSCRIPT as it would without the cache).
 */
#ifndef RCP_SCRIPTS_H
#define RCP_SCRIPTS_H

#include "php.h"

#define RCP_SCRIPTS_MAX 1024
#define RCP_SCRIPT_MAX_LEN (256 * 1024)

/* Remember a script body (called for EVAL, EVAL_RO and SCRIPT LOAD arguments). */
void rcp_script_learn(const char *body, size_t len);

/* The body whose SHA1 (40 hex digits, any case) is sha, or NULL (borrowed: valid until MSHUTDOWN). */
zend_string *rcp_script_body(const char *sha, size_t len);

/* MSHUTDOWN: free the cache. */
void rcp_scripts_mshutdown(void);

#endif

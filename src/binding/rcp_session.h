/*
 * rcp_session.h - session.save_handler = redis_cluster_pool: PHP sessions stored in the cluster through this
 * extension's pool (the shared slot map and this worker's pooled sockets), with optional locking.
 *
 * Built only when PHP has the session extension (HAVE_PHP_SESSION); otherwise these do nothing and no
 * handler is registered. See README "Sessions" and docs/DESIGN.md "Sessions".
 */
#ifndef RCP_SESSION_H
#define RCP_SESSION_H

#include "php.h"

/* MINIT: the redis_cluster_pool.session_* ini settings, the save handler, the masking of passwords when
 * phpinfo() shows session.save_path. */
void rcp_session_minit(int module_number);
void rcp_session_mshutdown(void);

/*
 * RSHUTDOWN, before the pool's own request-end cleanup: a session still open with this handler is written
 * and closed now (its lock released) while the pool is still in its request state. The session extension
 * would do it in its own RSHUTDOWN, which PHP runs after ours (modules shut down in reverse load order).
 */
void rcp_session_rshutdown(void);

/* MINFO: a row saying whether the save handler is available. */
void rcp_session_minfo(void);

#endif

/*
 * rcp_options.h - building an rcp_client from options already parsed: the one place that says what a new
 * client's defaults are and how seeds + credentials become a cluster entry and a pool key. Used by the
 * RedisClusterPool constructor (src/class_pool.c) and the session handler (src/session.c), so that a session
 * and a RedisClusterPool object with the same seeds and credentials share the slot map and the sockets.
 */
#ifndef RCP_OPTIONS_H
#define RCP_OPTIONS_H

#include "php.h"
#include "rcp_exec.h"
#include "rcp_topology.h"

/* The defaults of a new client (cl zeroed by the caller): the ini read policy, 5 s connect and read/write
 * timeouts. Call before applying options. */
void rcp_client_defaults(rcp_client *cl);

/*
 * Attach a client whose options are set to its cluster: credentials (AUTH setup, secret-free pool key; a
 * private pool key when cl->private_conns), the process' cluster entry for the seeds and user, and the refresh
 * policy from the ini settings. user/pass may be NULL. Nothing is sent: connections are made on first use.
 * Free with rcp_client_free().
 */
void rcp_client_attach(rcp_client *cl, const rcp_seed *seeds, uint32_t nseeds, zend_string *user, zend_string *pass);

#endif

/*
 * rcp_options.h - building an rcp_client from options already parsed: the one place that says what a new
 * client's defaults are and how seeds + credentials + TLS settings become a cluster entry and a pool key. Used by
 * the RedisClusterPool constructor (src/binding/class_pool.c) and the session handler (src/binding/session.c), so that a session
 * and a RedisClusterPool object with the same seeds and credentials share the slot map and the sockets.
 */
#ifndef RCP_OPTIONS_H
#define RCP_OPTIONS_H

#include "php.h"
#include "rcp_exec.h"
#include "rcp_tls.h"
#include "rcp_topology.h"

/* The defaults of a new client (cl zeroed by the caller): the ini read policy, 5 s connect and read/write
 * timeouts. Call before applying options. */
void rcp_client_defaults(rcp_client *cl);

/*
 * parameters.ssl: PHP's stream-context "ssl" keys as Predis passes them (cafile, capath, local_cert, local_pk,
 * passphrase, verify_peer, verify_peer_name, peer_name, ciphers, crypto_method, allow_self_signed, SNI_enabled)
 * into o (strings borrowed from ssl, which must outlive o). RCP_E_ARGUMENT naming the key for an unknown or
 * unsupported key, a value of the wrong type, or keys that contradict each other (local_pk without local_cert).
 */
rcp_status rcp_tls_opts_parse(HashTable *ssl, rcp_tls_opts *o, rcp_err *err);

/*
 * Decide whether the client speaks TLS, from the seeds' schemes (tls:// rediss:// / tcp:// redis://) and
 * parameters.scheme (RCP_SCHEME_NONE when not given), and fill the ini default CA (redis_cluster_pool.tls_cafile)
 * when neither cafile nor capath is given. ssl_given: parameters.ssl was set. RCP_E_ARGUMENT when they
 * disagree (tls:// and tcp:// seeds mixed, parameters.scheme against a seed, parameters.ssl for a plaintext
 * client): never a silent plaintext connection where TLS was asked for.
 */
rcp_status rcp_tls_opts_resolve(rcp_tls_opts *o, const rcp_seed *seeds, uint32_t nseeds, int scheme, bool ssl_given,
                                rcp_err *err);

/*
 * Attach a client whose options are set to its cluster: credentials (AUTH setup, secret-free pool key; a
 * private pool key when cl->private_conns), the TLS configuration (loaded once per process and settings; its
 * hash joins the pool key), the process' cluster entry for the seeds, user and transport, and the refresh
 * policy from the ini settings. user/pass may be NULL; tls NULL or disabled: plaintext. Nothing is sent:
 * connections are made on first use. RCP_E_ARGUMENT when a TLS file does not load. Free with rcp_client_free().
 */
rcp_status rcp_client_attach(rcp_client *cl, const rcp_seed *seeds, uint32_t nseeds, zend_string *user,
                             zend_string *pass, const rcp_tls_opts *tls, rcp_err *err);

#endif

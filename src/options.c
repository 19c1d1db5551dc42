/*
 * options.c - a client's defaults and its attachment to a cluster (see rcp_options.h).
 *
 * Option parsing itself stays with each binding (the constructor's array options in class_pool.c, the
 * session handler's session.save_path in session.c), since each names its own options in its messages; what
 * they produce ends here, so that equal seeds and credentials always give the same cluster entry and the same
 * pooled connections.
 */
#include "php.h"
#include "php_redis_cluster_pool.h"
#include "rcp_options.h"

void rcp_client_defaults(rcp_client *cl)
{
	cl->read_policy = (uint8_t)RCP_G(read_policy);
	cl->connect_timeout_ms = 5000;
	cl->rw_timeout_ms = 5000;
}

void rcp_client_attach(rcp_client *cl, const rcp_seed *seeds, uint32_t nseeds, zend_string *user, zend_string *pass)
{
	rcp_client_set_auth(cl, user ? ZSTR_VAL(user) : NULL, user ? ZSTR_LEN(user) : 0,
		pass ? ZSTR_VAL(pass) : NULL, pass ? ZSTR_LEN(pass) : 0);
	if (cl->private_conns) {
		/* a pool key of its own: these connections are never shared and close with the object */
		static uint64_t rcp_private_serial;
		cl->cred_len += (size_t)snprintf(cl->cred + cl->cred_len,
			sizeof(cl->cred) - cl->cred_len, "%cnp%llu", 0, (unsigned long long)++rcp_private_serial);
	}
	cl->cluster = rcp_cluster_get(seeds, nseeds, user ? ZSTR_VAL(user) : "", user ? ZSTR_LEN(user) : 0);
	cl->refresh_interval_ms = (uint64_t)RCP_G(refresh_interval) * 1000;
	cl->refresh_min_interval_ms = (uint64_t)RCP_G(refresh_min_interval);
	cl->refresh_jitter_pct = (uint32_t)RCP_G(refresh_jitter);
}

/*
 * rcp_cache_module.h - the read cache's glue to the module (src/binding/cache_module.c): the ini settings turned into the
 * segment and the listener's sockets at MINIT, the per-request and shutdown hooks, the conversion of a client's TLS
 * settings into what the listener is sent, and the internal test functions.
 */
#ifndef RCP_CACHE_MODULE_H
#define RCP_CACHE_MODULE_H

#include "php.h"
#include "rcp_cache.h"
#include "rcp_tls.h"
#include "rcp_exec.h"

/* MINIT, after the shared segment: the cache segment (bytes: redis_cluster_pool.cache_memory, 0 = off), room for
 * `clusters` clusters (redis_cluster_pool.shm_clusters), the bound (redis_cluster_pool.cache_max_lag), the miss a
 * read's reply is stored from (admit: redis_cluster_pool.cache_admit, 1 or 2), the listener's
 * sockets (and the listener itself under php-fpm / Apache), and with test_hooks the internal functions
 * RedisClusterPool\Internal\cache_*() (redis_cluster_pool.cache_test_hooks=1: tests only). A setting that does not
 * work gives one E_CORE_WARNING naming it and leaves the cache off; the module loads either way. */
void rcp_cache_minit(const char *sapi_name, zend_long bytes, zend_long clusters, zend_long max_lag_ms, zend_long admit,
                     bool test_hooks, int module_type);
/* RINIT: a worker's first request closes its copy of the master pipe. */
void rcp_cache_rinit(void);
/* MSHUTDOWN: the listener of this master stops; the segment is unmapped. */
void rcp_cache_mshutdown(void);


/* poolStats()['cache']: the cache's figures, or null when it is off; clusters a list (keyed: by their key, for the
 * test hooks' cache_stats()). */
void rcp_cache_stats_zval(zval *out, bool keyed);

#endif

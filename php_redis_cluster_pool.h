/* redis_cluster_pool - a Redis Cluster client for PHP-FPM with a shared slot map and pooled sockets. */
#ifndef PHP_REDIS_CLUSTER_POOL_H
#define PHP_REDIS_CLUSTER_POOL_H

extern zend_module_entry redis_cluster_pool_module_entry;
#define phpext_redis_cluster_pool_ptr &redis_cluster_pool_module_entry

#define PHP_REDIS_CLUSTER_POOL_VERSION "0.1.0"

ZEND_BEGIN_MODULE_GLOBALS(redis_cluster_pool)
	zend_long refresh_interval;      /* seconds; 0 = no periodic refresh */
	zend_long refresh_min_interval;  /* milliseconds between two refreshes of one cluster */
	zend_long idle_timeout;          /* seconds a pooled connection may stay idle; 0 = forever */
	zend_long max_connections_per_node; /* sockets the process holds to one node; 0 = no cap (PHP_INI_SYSTEM) */
	zend_long refresh_jitter;        /* percent of refresh_interval, random +/- */
	zend_long shm_size;              /* bytes of the shared segment (PHP_INI_SYSTEM) */
	zend_long shm_clusters;          /* cluster entries in the segment (PHP_INI_SYSTEM) */
	zend_long read_policy;           /* rcp_read_policy: default of the "read" option */
	char *zone;                      /* the client's availability zone: default of the "zone" option */
	char *tls_cafile;                /* default CA file of TLS connections (parameters.ssl.cafile) */
	bool metrics;                    /* pool-wide metrics in the shared segment (PHP_INI_SYSTEM) */
	zend_long cache_memory;          /* bytes of the read cache's segment, 0 = off (PHP_INI_SYSTEM) */
	zend_long cache_max_lag;         /* ms: entries of a link not confirmed within this are misses (PHP_INI_SYSTEM) */
	zend_long cache_admit;           /* a read's reply is stored from its 1st or its 2nd miss (PHP_INI_SYSTEM) */
	bool cache_test_hooks;           /* RedisClusterPool\Internal\cache_*() for tests/cache (PHP_INI_SYSTEM) */
#ifdef ZTS
	pthread_t owner;                 /* the thread these globals are (GINIT runs in it): GSHUTDOWN frees its state */
#endif
ZEND_END_MODULE_GLOBALS(redis_cluster_pool)

ZEND_EXTERN_MODULE_GLOBALS(redis_cluster_pool)
#define RCP_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(redis_cluster_pool, v)

#if defined(ZTS) && defined(COMPILE_DL_REDIS_CLUSTER_POOL)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

extern zend_class_entry *rcp_ce_pool;
void rcp_class_pool_minit(void);
void rcp_status_minit(void);

#endif

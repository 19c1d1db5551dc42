/*
 * redis_cluster_pool.c - module entry: class registration, ini settings, request and process hooks.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "SAPI.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "php_redis_cluster_pool.h"
#include "src/binding/rcp_exceptions.h"
#include "rcp_reply.h"
#include "rcp_pool.h"
#include "rcp_topology.h"
#include "rcp_conn.h"
#include "src/predis/rcp_predis.h"
#include "rcp_shm.h"
#include "src/binding/rcp_binding.h"
#include "rcp_exec.h"
#include "rcp_scripts.h"
#include "src/binding/rcp_session.h"
#include "rcp_count.h"
#include "rcp_thread.h"
#include "src/binding/rcp_cache_module.h"
#include "src/binding/rcp_observe.h"
#include "rcp_hash.h"
#include <openssl/crypto.h>
#include "zend_attributes.h"
#include "stubs/redis_cluster_pool_arginfo.h"

static ZEND_INI_MH(rcp_ini_nonneg)
{
	zend_long v = ZEND_STRTOL(ZSTR_VAL(new_value), NULL, 10);

	if (v < 0) {
		php_error_docref(NULL, E_WARNING, "%s must be >= 0, \"%s\" given", ZSTR_VAL(entry->name), ZSTR_VAL(new_value));
		return FAILURE;
	}
	return OnUpdateLong(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

static ZEND_INI_MH(rcp_ini_percent)
{
	zend_long v = ZEND_STRTOL(ZSTR_VAL(new_value), NULL, 10);

	if (v < 0 || v > 100) {
		php_error_docref(NULL, E_WARNING, "%s must be between 0 and 100, \"%s\" given", ZSTR_VAL(entry->name), ZSTR_VAL(new_value));
		return FAILURE;
	}
	return OnUpdateLong(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

static ZEND_INI_MH(rcp_ini_read_policy)
{
	int pol = rcp_read_policy_parse(ZSTR_VAL(new_value), ZSTR_LEN(new_value));

	if (pol < 0) {
		php_error_docref(NULL, E_WARNING, "%s must be " RCP_READ_POLICY_NAMES ", \"%s\" given",
			ZSTR_VAL(entry->name), ZSTR_VAL(new_value));
		return FAILURE;
	}
	RCP_G(read_policy) = pol;
	return SUCCESS;
}

/* An availability zone name: what Valkey's availability-zone holds (under RCP_ZONE_MAX bytes). */
static ZEND_INI_MH(rcp_ini_zone)
{
	if (ZSTR_LEN(new_value) >= RCP_ZONE_MAX) {
		php_error_docref(NULL, E_WARNING, "%s must be shorter than %d bytes, %zu given", ZSTR_VAL(entry->name),
			RCP_ZONE_MAX, ZSTR_LEN(new_value));
		return FAILURE;
	}
	return OnUpdateString(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

PHP_INI_BEGIN()
	PHP_INI_ENTRY("redis_cluster_pool.read_policy", "primary", PHP_INI_ALL, rcp_ini_read_policy)
	STD_PHP_INI_ENTRY("redis_cluster_pool.refresh_interval", "60", PHP_INI_ALL, rcp_ini_nonneg,
		refresh_interval, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.refresh_min_interval", "1000", PHP_INI_ALL, rcp_ini_nonneg,
		refresh_min_interval, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.idle_timeout", "0", PHP_INI_ALL, rcp_ini_nonneg,
		idle_timeout, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.max_connections_per_node", "0", PHP_INI_SYSTEM, rcp_ini_nonneg,
		max_connections_per_node, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.refresh_jitter", "20", PHP_INI_ALL, rcp_ini_percent,
		refresh_jitter, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.shm_size", "4M", PHP_INI_SYSTEM, OnUpdateLong,
		shm_size, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.shm_clusters", "8", PHP_INI_SYSTEM, rcp_ini_nonneg,
		shm_clusters, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_BOOLEAN("redis_cluster_pool.metrics", "1", PHP_INI_SYSTEM, OnUpdateBool,
		metrics, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.zone", "", PHP_INI_ALL, rcp_ini_zone,
		zone, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.tls_cafile", "", PHP_INI_ALL, OnUpdateString,
		tls_cafile, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	/* the read cache (docs/CACHE.md); validated in MINIT (rcp_cache_minit: a warning naming the setting) */
	STD_PHP_INI_ENTRY("redis_cluster_pool.cache_memory", "32M", PHP_INI_SYSTEM, OnUpdateLong,
		cache_memory, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.cache_max_lag", "100", PHP_INI_SYSTEM, OnUpdateLong,
		cache_max_lag, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_ENTRY("redis_cluster_pool.cache_admit", "2", PHP_INI_SYSTEM, OnUpdateLong,
		cache_admit, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
	STD_PHP_INI_BOOLEAN("redis_cluster_pool.cache_test_hooks", "0", PHP_INI_SYSTEM, OnUpdateBool,
		cache_test_hooks, zend_redis_cluster_pool_globals, redis_cluster_pool_globals)
PHP_INI_END()

static PHP_GINIT_FUNCTION(redis_cluster_pool)
{
#if defined(COMPILE_DL_REDIS_CLUSTER_POOL) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(redis_cluster_pool_globals, 0, sizeof(*redis_cluster_pool_globals));
#ifdef ZTS
	redis_cluster_pool_globals->owner = pthread_self();
#endif
}

/* What a thread keeps between its requests (per thread under ZTS, ZEND_TLS: its loop, pooled connections,
 * cluster entries and map copies, SSL_CTXs, script bodies), closed and freed; after the sessions' end. */
static void rcp_thread_state_free(void)
{
	rcp_pool_mshutdown();
	rcp_clusters_mshutdown();
	rcp_io_shutdown();
	rcp_tls_mshutdown(); /* after the connections' close callbacks (SSL objects) ran */
	rcp_scripts_mshutdown();
}

#ifdef ZTS
/* A thread's end (ts_free_thread(): FrankenPHP, the embed SAPI, a thread pool shrinking): its state goes with it,
 * its sockets closed. The main thread's was freed by MSHUTDOWN before (nothing left: these calls do nothing); the
 * globals of another thread, freed from this one at the process' end (tsrm_shutdown), are not this thread's to
 * touch: what that thread kept goes with the process. */
static PHP_GSHUTDOWN_FUNCTION(redis_cluster_pool)
{
	if (pthread_equal(redis_cluster_pool_globals->owner, pthread_self())) {
		rcp_thread_state_free();
		rcp_thread_block_free();
	}
}
#endif

PHP_MINIT_FUNCTION(redis_cluster_pool)
{
	zend_class_entry *ce_client, *ce_pipeline_if, *ce_transaction_if;

	REGISTER_INI_ENTRIES();
	{
		/* the segment is mapped here, in the FPM master, so that every worker inherits it */
		char err[512];
		if (RCP_G(shm_size) <= 0 || RCP_G(shm_clusters) <= 0 || RCP_G(shm_clusters) > 4096 ||
		    !rcp_shm_init((size_t)RCP_G(shm_size), (uint32_t)RCP_G(shm_clusters), err, sizeof(err))) {
			if (RCP_G(shm_size) <= 0 || RCP_G(shm_clusters) <= 0 || RCP_G(shm_clusters) > 4096) {
				snprintf(err, sizeof(err), "redis_cluster_pool.shm_size must be > 0 and redis_cluster_pool.shm_clusters "
					"between 1 and 4096");
			}
			zend_error(E_CORE_WARNING, "redis_cluster_pool: %s", err);
			return FAILURE;
		}
	}

	rcp_metrics_on = RCP_G(metrics);
	rcp_pool_minit(RCP_G(max_connections_per_node));
	if (!rcp_hash_key_init()) { /* the key of hashes of secrets: made here, so that every worker shares it */
		zend_error(E_CORE_WARNING, "redis_cluster_pool: the system gave no random bytes (getrandom, /dev/urandom)");
		return FAILURE;
	}
	rcp_cache_minit(sapi_module.name, RCP_G(cache_memory), RCP_G(shm_clusters), RCP_G(cache_max_lag),
		RCP_G(cache_admit), RCP_G(cache_test_hooks), type);

	/* the interfaces first, and RedisClusterPool after the classes its methods return (Pipeline, Transaction,
	 * KeyspaceIterator), so that its methods are checked against ClientInterface's with every class known */
	ce_client = register_class_RedisClusterPool_ClientInterface();
	ce_pipeline_if = register_class_RedisClusterPool_PipelineInterface();
	ce_transaction_if = register_class_RedisClusterPool_TransactionInterface();
	rcp_ce_exception = register_class_RedisClusterPool_Exception(zend_ce_exception);
	rcp_ce_invalid_argument = register_class_RedisClusterPool_InvalidArgumentException(rcp_ce_exception);
	rcp_ce_server = register_class_RedisClusterPool_ServerException(rcp_ce_exception);
	rcp_ce_cluster = register_class_RedisClusterPool_ClusterException(rcp_ce_exception);
	rcp_ce_partial = register_class_RedisClusterPool_PartialFailureException(rcp_ce_cluster);
	rcp_ce_connection = register_class_RedisClusterPool_ConnectionException(rcp_ce_exception);
	rcp_ce_timeout = register_class_RedisClusterPool_TimeoutException(rcp_ce_connection);
	rcp_ce_protocol = register_class_RedisClusterPool_ProtocolException(rcp_ce_connection);
	rcp_ce_auth = register_class_RedisClusterPool_AuthenticationException(rcp_ce_connection);
	rcp_ce_memory = register_class_RedisClusterPool_MemoryLimitException(rcp_ce_exception);
	rcp_ce_status = register_class_RedisClusterPool_Status(zend_ce_stringable);
	rcp_ce_error = register_class_RedisClusterPool_Error(zend_ce_stringable);
	rcp_ce_pipeline = register_class_RedisClusterPool_Pipeline(ce_pipeline_if);
	rcp_ce_keyspace = register_class_RedisClusterPool_KeyspaceIterator(zend_ce_iterator);
	rcp_ce_consumer = register_class_RedisClusterPool_PubSubConsumer(zend_ce_iterator);
	rcp_ce_transaction = register_class_RedisClusterPool_Transaction(ce_transaction_if);
	rcp_ce_pool = register_class_RedisClusterPool(ce_client);
	rcp_ce_aborted = register_class_RedisClusterPool_AbortedMultiExecException(rcp_ce_exception);

	rcp_status_minit();
	rcp_class_pool_minit();
	rcp_class_pipeline_minit();
	rcp_class_scan_minit();
	rcp_class_pubsub_minit();
	rcp_class_transaction_minit();
	rcp_predis_minit();
	rcp_session_minit(module_number);
	return SUCCESS;
}

PHP_MSHUTDOWN_FUNCTION(redis_cluster_pool)
{
	rcp_session_mshutdown();
	rcp_thread_state_free();
	rcp_pool_cap_mshutdown();
	rcp_predis_mshutdown();
	rcp_cache_mshutdown();
	rcp_shm_shutdown();
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

PHP_RINIT_FUNCTION(redis_cluster_pool)
{
#if defined(COMPILE_DL_REDIS_CLUSTER_POOL) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	rcp_pool_rinit();
	rcp_cache_rinit();
	return SUCCESS;
}

PHP_RSHUTDOWN_FUNCTION(redis_cluster_pool)
{
	rcp_session_rshutdown(); /* first: a session still open is written while the pool is in its request state */
	rcp_pool_rshutdown((uint64_t)RCP_G(idle_timeout) * 1000);
	rcp_status_rshutdown();
	return SUCCESS;
}

PHP_MINFO_FUNCTION(redis_cluster_pool)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "redis_cluster_pool support", "enabled");
	php_info_print_table_row(2, "Version", PHP_REDIS_CLUSTER_POOL_VERSION);
	rcp_observe_minfo_pool();
	php_info_print_table_row(2, "libuv (running)", uv_version_string());
	php_info_print_table_row(2, "OpenSSL (running)", OpenSSL_version(OPENSSL_VERSION));
	rcp_observe_minfo_clusters();
	rcp_session_minfo();
	php_info_print_table_end();
	DISPLAY_INI_ENTRIES();
}

/* The session extension, when PHP has it as a shared module, is loaded first: the save handler registers
 * itself with it in MINIT. */
static const zend_module_dep rcp_module_deps[] = {
	ZEND_MOD_OPTIONAL("session")
	ZEND_MOD_END
};

zend_module_entry redis_cluster_pool_module_entry = {
	STANDARD_MODULE_HEADER_EX,
	NULL,
	rcp_module_deps,
	"redis_cluster_pool",
	NULL,
	PHP_MINIT(redis_cluster_pool),
	PHP_MSHUTDOWN(redis_cluster_pool),
	PHP_RINIT(redis_cluster_pool),
	PHP_RSHUTDOWN(redis_cluster_pool),
	PHP_MINFO(redis_cluster_pool),
	PHP_REDIS_CLUSTER_POOL_VERSION,
	PHP_MODULE_GLOBALS(redis_cluster_pool),
	PHP_GINIT(redis_cluster_pool),
#ifdef ZTS
	PHP_GSHUTDOWN(redis_cluster_pool),
#else
	NULL,
#endif
	NULL,
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_REDIS_CLUSTER_POOL
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(redis_cluster_pool)
#endif

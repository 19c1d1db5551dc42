/*
 * util.c - the bottom layer's process-wide state, defined once: the pid cache of include/rcp_util.h (everything
 * else there is static inline), the key of include/rcp_hash.h's keyed hash and, under ZTS, the per-thread block of
 * include/rcp_thread.h. Every layer may use them; this file
 * uses no other file of the extension.
 */
#include "php.h"
#include "ext/random/php_random.h"
#define RCP_UTIL_IMPL
#include "rcp_util.h"
#include "rcp_hash.h"
#include "rcp_thread.h"

/* ---- the process' secret hash key (rcp_hash.h) ------------------------------------------------ */

uint64_t rcp_hash_key[2];

bool rcp_hash_key_init(void)
{
	return php_random_bytes_silent(rcp_hash_key, sizeof(rcp_hash_key)) == SUCCESS;
}

/* ---- per-thread state under ZTS (rcp_thread.h) ------------------------------------------------------ */

#ifdef ZTS
__thread char *rcp_thread_base __attribute__((tls_model("initial-exec")));
static size_t rcp_thread_size;   /* grows while the module loads (constructors), fixed afterwards */

size_t rcp_thread_register(size_t size)
{
	size_t at = (rcp_thread_size + 63) & ~(size_t)63;   /* each file's state on its own cache lines */

	rcp_thread_size = at + size;
	return at;
}

char *rcp_thread_block_alloc(void)
{
	if (!rcp_thread_base) {
		rcp_thread_base = calloc(1, rcp_thread_size ? rcp_thread_size : 1);
		if (!rcp_thread_base) {
			zend_error_noreturn(E_CORE_ERROR, "redis_cluster_pool: out of memory for a thread's state (%zu bytes)",
				rcp_thread_size);
		}
	}
	return rcp_thread_base;
}

void rcp_thread_block_free(void)
{
	free(rcp_thread_base);
	rcp_thread_base = NULL;
}
#endif

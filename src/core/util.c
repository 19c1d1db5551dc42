/*
 * util.c - the bottom layer's process-wide state, defined once: the pid cache of include/rcp_util.h (everything
 * else there is static inline) and the key of include/rcp_hash.h's keyed hash. Every layer may use both; this file
 * uses no other file of the extension.
 */
#include "php.h"
#include "ext/random/php_random.h"
#define RCP_UTIL_IMPL
#include "rcp_util.h"
#include "rcp_hash.h"

/* ---- the process' secret hash key (rcp_hash.h) ------------------------------------------------ */

uint64_t rcp_hash_key[2];

bool rcp_hash_key_init(void)
{
	return php_random_bytes_silent(rcp_hash_key, sizeof(rcp_hash_key)) == SUCCESS;
}

/*
 * fuzz_reply.c - libFuzzer harness for the reply reader (hiredis 0.14 reader + src/reply.c, which builds
 * zvals) and, with -DRCP_FUZZ_SLOTS, the CLUSTER SLOTS parser (src/topology.c) on top of it.
 *
 * The Zend engine comes from Debian's libphp8.2-embed (php's embed SAPI); a tiny module registers the two
 * reply classes (RedisClusterPool\Status, \Error) the reader builds, the way the extension's MINIT does.
 * Input: byte 0 chooses how the rest is cut into reads (1..256 bytes per feed, 0 = all at once), so partial
 * replies and every resume point of the reader are exercised, as over a real socket.
 * Each input runs in a zend_try: a PHP bailout (memory_limit while pre-sizing a huge array) is an expected
 * outcome, handled like io.c does (drop the reader), after which the request is restarted.
 * Build and run: fuzz/build.sh, fuzz/run.sh (see docs/FAULTS.md).
 */
#include <stdint.h>
#include <stddef.h>
#include "sapi/embed/php_embed.h"
#include "php_main.h"
#include "rcp_reply.h"
#include "rcp_topology.h"
#include "rcp_shm.h"

void rcp_status_minit(void);

/* topology.c's shared-memory hooks: the parser under test never reaches them */
rcp_shm_cluster *rcp_shm_cluster_get(const char *key, size_t len) { (void)key; (void)len; return NULL; }
uint64_t rcp_shm_generation(rcp_shm_cluster *sc) { (void)sc; return 0; }
uint64_t rcp_shm_read_map(rcp_shm_cluster *sc, rcp_map *dst) { (void)sc; (void)dst; return 0; }
uint64_t rcp_shm_publish(rcp_shm_cluster *sc, const rcp_map *src) { (void)sc; (void)src; return 0; }

static PHP_MINIT_FUNCTION(rcp_fuzz)
{
	zend_class_entry ce;

	INIT_CLASS_ENTRY(ce, "RedisClusterPool\\Status", NULL);
	rcp_ce_status = zend_register_internal_class(&ce);
	INIT_CLASS_ENTRY(ce, "RedisClusterPool\\Error", NULL);
	rcp_ce_error = zend_register_internal_class(&ce);
	rcp_status_minit();
	return SUCCESS;
}

static zend_module_entry rcp_fuzz_module = {
	STANDARD_MODULE_HEADER, "rcp_fuzz", NULL, PHP_MINIT(rcp_fuzz), NULL, NULL, NULL, NULL, "0",
	STANDARD_MODULE_PROPERTIES
};

static int rcp_fuzz_startup(sapi_module_struct *sapi)
{
	return php_module_startup(sapi, &rcp_fuzz_module);
}

#ifdef RCP_FUZZ_SLOTS
static rcp_map rcp_fuzz_map;
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	php_embed_module.php_ini_ignore = 1;    /* no php.ini, no conf.d extensions */
	php_embed_module.ini_entries = "memory_limit=256M\n";
	php_embed_module.startup = rcp_fuzz_startup;
	php_embed_init(0, NULL);
	return 0;
}

static void rcp_fuzz_use(zval *reply)
{
#ifdef RCP_FUZZ_SLOTS
	rcp_err err = {0};
	if (rcp_map_from_slots_reply(reply, "127.0.0.1", &rcp_fuzz_map, &err) == RCP_OK) {
		/* every covered slot names a node that exists and is a primary */
		for (int s = 0; s < RCP_SLOTS; s++) {
			uint16_t n = rcp_fuzz_map.slots[s];
			if (n != RCP_NO_NODE && (n >= rcp_fuzz_map.nnodes || rcp_fuzz_map.nodes[n].replica)) {
				__builtin_trap();
			}
		}
	} else if (!err.msg[0]) {
		__builtin_trap(); /* an error must say why */
	}
#else
	(void)reply;
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	redisReader *volatile r = NULL;
	volatile bool bailed = false;
	rcp_scan scan;

	if (size < 1) {
		return 0;
	}
	zend_try {
		size_t chunk = data[0] ? data[0] : size, off = 1;
		char why[160];

		r = redisReaderCreateWithFunctions(&rcp_reply_functions);
		rcp_scan_init(&scan);
		while (off < size) {
			size_t n = size - off < chunk ? size - off : chunk;
			void *obj;

			/* as io.c: the scanner first; the reader only ever sees what it let through */
			if (rcp_scan_feed(&scan, (const char *)data + off, n, why, sizeof(why)) != RCP_SCAN_OK) {
				if (!why[0]) {
					__builtin_trap(); /* a refusal must say why */
				}
				goto done;
			}
			redisReaderFeed(r, (const char *)data + off, n);
			off += n;
			for (;;) {
				zval reply;
				if (redisReaderGetReply(r, &obj) != REDIS_OK) {
					/* the scanner let it through, so only memory_limit (delayed OOM) may stop the reader */
					if (!rcp_oom_pending()) {
						__builtin_trap();
					}
					goto done;
				}
				if (!obj) {
					break;
				}
				rcp_reply_take(obj, &reply);
				rcp_fuzz_use(&reply);
				zval_ptr_dtor(&reply);
			}
		}
done:
		redisReaderFree(r);
		r = NULL;
	} zend_catch {
		bailed = true;
	} zend_end_try();
	if (bailed) {
		/* as io.c: the reader (and the partial reply it holds, in request memory) is abandoned with the
		 * request; restart the request */
		if (r) {
			r->reply = NULL; /* its zvals died with the request's memory */
			redisReaderFree(r);
		}
		php_request_shutdown(NULL);
		php_request_startup();
	}
	return 0;
}

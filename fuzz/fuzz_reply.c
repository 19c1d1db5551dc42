/*
 * fuzz_reply.c - libFuzzer harness for the RESP reader (src/core/resp_read.c, which builds zvals in one pass) and,
 * with -DRCP_FUZZ_SLOTS, the CLUSTER SLOTS parser (src/core/topology.c) on top of it.
 *
 * The Zend engine comes from Debian's libphp8.2-embed (php's embed SAPI); a tiny module registers the two
 * reply classes (RedisClusterPool\Status, \Error) the reader builds, the way the extension's MINIT does.
 * Input: byte 0 chooses how the rest is cut into reads (1..256 bytes per feed, 0 = all at once), so partial
 * replies and every resume point of the reader are exercised, as over a real socket. Differential: the same
 * bytes are also read in one feed, and both reads must give the same replies (type, value, error kind) and the
 * same refusal (a memory_limit refusal aside: what fits depends on what was built before the header). Inputs with
 * byte 0 odd are read as a split MGET's part (rcp_resp.unwrap1), where an array of one string may come as the
 * string alone: both forms count as the same reply.
 * Each input runs in a zend_try: a PHP bailout (memory_limit while pre-sizing a huge array) is an expected
 * outcome, handled like the engine (engine.c) does (drop the reader), after which the request is restarted.
 * Build and run: fuzz/build.sh, fuzz/run.sh (see docs/FAULTS.md).
 */
#include <stdint.h>
#include <stddef.h>
#include "sapi/embed/php_embed.h"
#include "php_main.h"
#include "rcp_reply.h"
#include "rcp_topology.h"
#include "rcp_shm.h"
#include "rcp_commands.h"

void rcp_status_minit(void);

/* topology.c's shared-memory hooks: the parser under test never reaches them */
rcp_shm_cluster *rcp_shm_cluster_get(const char *key, size_t len) { (void)key; (void)len; return NULL; }
uint64_t rcp_shm_generation(rcp_shm_cluster *sc) { (void)sc; return 0; }
uint64_t rcp_shm_read_map(rcp_shm_cluster *sc, rcp_map *dst) { (void)sc; (void)dst; return 0; }
uint64_t rcp_shm_publish(rcp_shm_cluster *sc, const rcp_map *src) { (void)sc; (void)src; return 0; }
bool rcp_shm_cmds_publish(rcp_shm_cluster *sc, const void *blob, size_t len) { (void)sc; (void)blob; (void)len; return false; }
const void *rcp_shm_cmds_get(rcp_shm_cluster *sc, size_t *len) { (void)sc; *len = 0; return NULL; }
/* ... and its command-table hooks (a cluster's learned COMMAND table) */
rcp_cmdtab *rcp_cmdtab_load(const void *blob, size_t len) { (void)blob; (void)len; return NULL; }
void rcp_cmdtab_free(rcp_cmdtab *t) { (void)t; }
void rcp_shapes_free(void) {}

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

/* A canonical text of a reply: what the two reads are compared on. */
static void rcp_fuzz_print(smart_str *out, zval *z)
{
	zval *e;

	switch (Z_TYPE_P(z)) {
		case IS_NULL:
			smart_str_appendc(out, 'n');
			break;
		case IS_LONG:
			smart_str_appendc(out, 'i');
			smart_str_append_long(out, Z_LVAL_P(z));
			break;
		case IS_STRING:
			smart_str_appendc(out, 's');
			smart_str_append_long(out, (zend_long)Z_STRLEN_P(z));
			smart_str_appendc(out, ':');
			smart_str_append(out, Z_STR_P(z));
			break;
		case IS_ARRAY:
			smart_str_appendc(out, 'a');
			smart_str_append_long(out, zend_hash_num_elements(Z_ARRVAL_P(z)));
			smart_str_appendc(out, '{');
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(z), e) {
				rcp_fuzz_print(out, e);
			} ZEND_HASH_FOREACH_END();
			smart_str_appendc(out, '}');
			break;
		case IS_OBJECT:
			smart_str_appendc(out, rcp_reply_is_status(z) ? 't' : 'e');
			smart_str_append_long(out, rcp_reply_kind_of(z));
			smart_str_appendc(out, ':');
			smart_str_append(out, rcp_error_message(z));
			break;
		default:
			__builtin_trap(); /* the reader builds nothing else */
	}
}

typedef struct {
	smart_str text;   /* every reply read, printed */
	bool unwrap1;     /* the reader's rcp_resp.unwrap1: a top-level array of one string may come as the string */
} rcp_fuzz_run;

static int rcp_fuzz_sink(void *ctx, zval *reply)
{
	rcp_fuzz_run *run = ctx;
	zval *one;

	if (run->unwrap1 && Z_TYPE_P(reply) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(reply)) == 1 &&
	    (one = zend_hash_index_find(Z_ARRVAL_P(reply), 0)) && (Z_TYPE_P(one) == IS_STRING || Z_TYPE_P(one) == IS_NULL)) {
		rcp_fuzz_print(&run->text, one); /* either form is the same reply to the owner */
	} else {
		rcp_fuzz_print(&run->text, reply);
	}
	rcp_fuzz_use(reply);
	zval_ptr_dtor(reply);
	return RCP_RESP_GO_ON;
}

/* Read data in feeds of chunk bytes; returns how it ended (RCP_RESP_OK: every byte read), msg says why not. */
static rcp_resp_result rcp_fuzz_read(const uint8_t *data, size_t size, size_t chunk, rcp_fuzz_run *run, char *msg,
                                     size_t cap)
{
	rcp_resp rd;
	rcp_resp_result res = RCP_RESP_OK;
	size_t off = 0;

	rcp_resp_init(&rd);
	rd.unwrap1 = run->unwrap1;
	msg[0] = '\0';
	while (off < size) {
		size_t n = size - off < chunk ? size - off : chunk, used = 0;

		res = rcp_resp_feed(&rd, (const char *)data + off, n, rcp_fuzz_sink, run, &used, msg, cap);
		if (res != RCP_RESP_OK) {
			if (res != RCP_RESP_OOM && !msg[0]) {
				__builtin_trap(); /* a refusal must say why */
			}
			break;
		}
		if (used != n) {
			__builtin_trap(); /* the sink never stops it: every byte is read */
		}
		off += n;
	}
	if (res == RCP_RESP_OK && rcp_resp_idle(&rd) != (off == size && rd.state == 0 && Z_ISUNDEF(rd.top))) {
		__builtin_trap();
	}
	rcp_resp_reset(&rd); /* a reply partly read is freed (ASAN/LSan: nothing leaks, nothing is freed twice) */
	return res;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	volatile bool bailed = false;

	if (size < 1) {
		return 0;
	}
	zend_try {
		size_t chunk = data[0] ? data[0] : size - 1;
		rcp_fuzz_run a = {0}, b = {0};
		a.unwrap1 = b.unwrap1 = (data[0] & 1) != 0; /* half the inputs read as a split MGET's part */
		char why_a[160], why_b[160];
		rcp_resp_result ra, rb;

		ra = rcp_fuzz_read(data + 1, size - 1, chunk ? chunk : 1, &a, why_a, sizeof(why_a));
		rb = rcp_fuzz_read(data + 1, size - 1, size - 1 ? size - 1 : 1, &b, why_b, sizeof(why_b));
		smart_str_0(&a.text);
		smart_str_0(&b.text);
		if (ra != RCP_RESP_MEMORY && rb != RCP_RESP_MEMORY && ra != RCP_RESP_OOM && rb != RCP_RESP_OOM) {
			/* cut anywhere, the same bytes read the same */
			if (ra != rb || (ra != RCP_RESP_OK && strcmp(why_a, why_b)) ||
			    (a.text.s ? ZSTR_LEN(a.text.s) : 0) != (b.text.s ? ZSTR_LEN(b.text.s) : 0) ||
			    (a.text.s && memcmp(ZSTR_VAL(a.text.s), ZSTR_VAL(b.text.s), ZSTR_LEN(a.text.s)))) {
				__builtin_trap();
			}
		}
		smart_str_free(&a.text);
		smart_str_free(&b.text);
	} zend_catch {
		bailed = true;
	} zend_end_try();
	if (bailed) {
		/* as engine.c: what the reader holds (request memory) is abandoned with the request; restart the request */
		php_request_shutdown(NULL);
		php_request_startup();
	}
	return 0;
}

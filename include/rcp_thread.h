/*
 * rcp_thread.h - a file's per-thread state, reached in a few instructions under ZTS.
 *
 * NTS: the state is a plain static struct of its file (one per process), exactly as a static variable.
 * ZTS: one per thread. ZEND_TLS (__thread) would do, but in an extension (a dlopen()ed, position-independent
 * module) every such access calls __tls_get_addr(): about 25 calls per GET on the hot path, +13% instructions.
 * Instead each file's struct gets an offset in one per-thread block (registered when the module is loaded,
 * before any thread runs), and the block's address is in one initial-exec TLS pointer (8 bytes of static TLS, as
 * PHP's own TSRM cache): a load from %fs and an add. The block is allocated (zeroed) on the thread's first use
 * and freed at the thread's end (rcp_thread_block_free(), from GSHUTDOWN).
 *
 *   typedef struct { ... } rcp_engine_state;
 *   RCP_THREAD_STATE(rcp_engine_state, rcp_engine);          at file scope
 *   #define rcp_batch (RCP_THREAD(rcp_engine_state, rcp_engine)->batch)
 */
#ifndef RCP_THREAD_H
#define RCP_THREAD_H

#include "php.h"

#ifdef ZTS
extern __thread char *rcp_thread_base __attribute__((tls_model("initial-exec")));

/* Reserve size bytes of every thread's block (at load time: a constructor); returns their offset. */
size_t rcp_thread_register(size_t size);
/* This thread's block, allocated on first use. */
char *rcp_thread_block_alloc(void);
/* Free this thread's block (its state was released before). */
void rcp_thread_block_free(void);

# define RCP_THREAD_STATE(type, name)                                                                            \
	static size_t name##_offset;                                                                                 \
	static void __attribute__((constructor)) name##_register(void)                                               \
	{                                                                                                            \
		name##_offset = rcp_thread_register(sizeof(type));                                                       \
	}                                                                                                            \
	typedef type name##_type_
# define RCP_THREAD(type, name)                                                                                  \
	((type *)((EXPECTED(rcp_thread_base != NULL) ? rcp_thread_base : rcp_thread_block_alloc()) + name##_offset))
#else
# define RCP_THREAD_STATE(type, name) static type name##_storage
# define RCP_THREAD(type, name) (&name##_storage)
#endif

#endif

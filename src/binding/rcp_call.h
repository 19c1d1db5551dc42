/*
 * rcp_call.h - resolving a method call once (src/binding/call.c): everything the binding needs to know about a method
 * name before it looks at the arguments, found with one probe of a per-process cache.
 */
#ifndef RCP_CALL_H
#define RCP_CALL_H

#include "php.h"
#include "rcp_commands.h"
#include "rcp_exec.h"
#include "../predis/rcp_predis.h"

typedef struct {
	const rcp_predis_cmd *pd;  /* Predis' resolution (filter, parser and what it reads, transaction verb), or
	                              NULL: sent and returned as they are */
	const char *id;            /* the command name to send (Predis' ID, static), or NULL: the method name as called */
	size_t idlen;
	const rcp_cmd *cmd;        /* its command table entry (a container's own: its subcommand is in the arguments),
	                              or NULL: unknown to the tables so far (rcp_argv_lookup() decides) */
	uint64_t cache_sh;         /* a read the cache may answer before it is built (RCP_CMD_CACHE_ONE, its key its one
	                              argument, no Predis filter, no parser reading the arguments as sent): its
	                              signature's hash (the name and its NUL: rcp_cache_sig_hash), made once */
	uint32_t cache_siglen;     /* and that signature's length, 0: not such a read */
	bool cache_given;          /* ... only with the caller's arguments at hand (its parser reads them as given) */
} rcp_call_res;

/*
 * Resolve a method name (any case: "get", "GET", "xread_v4") against the command table of cl's cluster (the
 * built-in one when cl is NULL or the cluster's own is not learned yet). Cached per process: the cache is keyed
 * by the name and the table's serial (rcp_cmdtab_serial), so a newly learned table is never answered from an
 * older one. No allocation.
 */
void rcp_call_resolve(zend_string *method, rcp_client *cl, rcp_call_res *out);

/*
 * Command methods without the __call trampoline. The most used commands (rcp_hot_names) are methods the object
 * handlers' get_method() finds directly (rcp_hot_get_method): internal functions `name(mixed ...$arguments):
 * mixed`, one set per class, whose handler reads the method name from its own function (the engine caches the
 * function per call site, so a call in steady state looks nothing up). They are not declared in the class
 * (Reflection and the stubs list __call() only; the interfaces' @method tags type them) and do exactly what
 * __call() does with the same name and arguments. A call spelled otherwise ($pool->GET()) goes through __call().
 */
#define RCP_HOT_NAMES 48
extern const char *const rcp_hot_names[RCP_HOT_NAMES];

/* What a set learns at run time: per thread under ZTS (the command tables it points into are the thread's). */
typedef struct {
	uint8_t needs_array[RCP_HOT_NAMES];        /* rcp_hot_frame_needs_array(): 0 not known yet, 1 no, 2 yes */
	rcp_call_res res[RCP_HOT_NAMES];           /* each method's last resolution (cmd NULL: none) */
	uint64_t res_serial[RCP_HOT_NAMES];        /* and the serial of the command table it was made against */
} rcp_hot_memo;

typedef struct {
	HashTable byname;                          /* lower-case name -> zend_function (MINIT; read-only after) */
	zend_internal_function fns[RCP_HOT_NAMES];
#ifdef ZTS
	uint32_t id;                               /* its memo in the thread's rcp_hot_memos[] (call.c) */
#else
	rcp_hot_memo memo;
#endif
} rcp_hot_set;

/* Build a class's set (MINIT): every function runs handler. */
void rcp_hot_init(rcp_hot_set *set, zend_class_entry *ce, zif_handler handler);

/* An object handler's get_method(): the set's function for name spelled as declared, else zend_std_get_method(). */
zend_function *rcp_hot_get_method(rcp_hot_set *set, zend_object **obj, zend_string *name, const zval *key);

/* __call()'s $arguments for a command method's frame: the positional arguments, then the named ones by name. */
void rcp_hot_args(zend_execute_data *execute_data, zval *out);

/* Whether a call resolved to pd needs its arguments as an array (a Predis filter rewrites them, or the reply
 * parser reads them as given). */
static zend_always_inline bool rcp_hot_needs_array(const rcp_predis_cmd *pd)
{
	return pd && (pd->filter || (pd->parser && pd->parser_reads_given));
}

/* The same for the command method running in execute_data (one of set's functions), known once per method. */
bool rcp_hot_frame_needs_array(rcp_hot_set *set, zend_execute_data *execute_data);

#endif

/*
 * rcp_binding.h - what the PHP classes share (class_pool.c, class_pipeline.c, class_scan.c): the RedisClusterPool object
 * and the turning of PHP arguments into argv. Internal to the binding layer.
 */
#ifndef RCP_BINDING_H
#define RCP_BINDING_H

#include "php.h"
#include "rcp_commands.h"
#include "rcp_exec.h"
#include "rcp_call.h"

typedef struct {
	rcp_client client;
	zend_string *prefix;
	bool exceptions;
	bool constructed;
	zval tx;                /* the open raw transaction ($pool->multi() / watch()), or UNDEF */
	zend_object std;
} rcp_pool_object;

static inline rcp_pool_object *rcp_pool_from(zend_object *o)
{
	return (rcp_pool_object *)((char *)o - XtOffsetOf(rcp_pool_object, std));
}

/* The object behind $this, or NULL after throwing when its constructor never ran. */
rcp_pool_object *rcp_pool_checked(zval *this_zv);

/* argv of one command: strings owned here, stack storage for up to 16 arguments. */
typedef struct {
	int argc;
	bool has_null;          /* an argument was null (checked against the key positions at lookup) */
	zend_string **strs;
	const char **argv;
	size_t *lens;
	zend_string *stack_strs[16];
	const char *stack_argv[16];
	size_t stack_lens[16];
} rcp_argv;

/* argv[0] = name (not copied: static, or held through name_str when given), then every element of args
 * stringified like PHP's (string) cast (throws on arrays/objects). src/binding/call.c. */
bool rcp_argv_build(rcp_argv *a, const char *name, size_t name_len, zend_string *name_str, HashTable *args,
                    const char *what);
/* The same from n values in a row (a method's arguments as the engine passes them). */
bool rcp_argv_build_vals(rcp_argv *a, const char *name, size_t name_len, zend_string *name_str, zval *vals,
                         uint32_t n, const char *what);
/* A command given as one list, [name, arg...] (executeRaw(), rawPipeline(), rawOnNodes()): argv[0] = name (the list's
 * first element, checked by the caller), then every other element, without a copy of the list. */
bool rcp_argv_build_list(rcp_argv *a, zend_string *name, HashTable *list, const char *what);
/* The same from the running method's arguments (commandInfo(string ...$argv)): name is its first, checked by the
 * caller; the others through rcp_frame_arg() (their own values when redacted). */
bool rcp_argv_build_frame(rcp_argv *a, zend_string *name, zend_execute_data *execute_data, uint32_t argc,
                          const char *what);
void rcp_argv_free(rcp_argv *a);
zend_string *rcp_arg_string(zval *v, const char *cmd, uint32_t idx);

/* The table entry for argv, its arguments checked: the server's arity (throws InvalidArgumentException, or
 * "Unknown command", and returns NULL); a null in a key position is refused by rcp_argv_route(). cl: the client whose cluster's learned
 * command table applies (NULL: the built-in table); a call whose keys only the server can find (a module's
 * getkeys-api) has them resolved here (COMMAND GETKEYS, once per call shape). */
const rcp_cmd *rcp_argv_lookup(rcp_argv *a, rcp_client *cl);

/* The entry of argv[0] (and argv[1] for a container) without checking the arguments (throws "Unknown command"
 * and returns NULL); cl NULL: the built-in table. */
const rcp_cmd *rcp_argv_find(rcp_argv *a, rcp_client *cl);

/* Look argv up, check it and run it (executeRaw()): the reply, an Error object, or an exception thrown. */
void rcp_pool_run_argv(rcp_pool_object *p, rcp_argv *a, zval *return_value);

/* rcp_argv_lookup()'s checks of argv against cmd, its entry found already (rcp_call_resolve). */
const rcp_cmd *rcp_argv_check(rcp_argv *a, const rcp_cmd *cmd, rcp_client *cl);

/* The route of argv (rcp_route.h), after rcp_argv_check(): the key positions found once, a null in a key position
 * refused, the prefix (NULL: none) put on every key (and on KEYS' pattern, PUBLISH's channel, SORT's BY/GET
 * patterns, as Predis' prefix processor does), then each key's slot. False after throwing (r freed then);
 * else free r with rcp_route_free() once the command ran. */
bool rcp_argv_route(rcp_argv *a, const rcp_cmd *cmd, zend_string *prefix, rcp_route *r);

/* Prepend the prefix to every key argument and those patterns (rcp_argv_route() without keeping the route). */
bool rcp_argv_prefix(rcp_argv *a, const rcp_cmd *cmd, zend_string *prefix);

/*
 * Arguments that hold secrets (src/binding/secrets.c). The commands whose arguments may hold a password (AUTH, HELLO ... AUTH,
 * MIGRATE ... AUTH/AUTH2, ACL SETUSER >pass, CONFIG SET requirepass/masterauth) have, whatever their subcommand,
 * their arguments kept out of traces the way PHP's #[\SensitiveParameter] does it: the method's frame arguments
 * after the command name become SensitiveParameterValue objects before anything can throw, so neither an
 * exception's trace nor debug_backtrace() shows them (with or without zend.exception_ignore_args). No message
 * ever repeats an argument of a command (src/binding/errors.c names arguments by position).
 */
/* Whether a command or method name is one of those (any case: "auth", "CONFIG"). */
bool rcp_name_sensitive(const char *name, size_t len);
bool rcp_zv_sensitive(zval *name);
/* Whether a list of commands ([name, args...] each, rawPipeline()'s form) holds one. */
bool rcp_cmds_sensitive(HashTable *cmds);
/* The frame's arguments first..last (1-based; last 0: all the others) become SensitiveParameterValue objects
 * holding them (they stay alive there until the frame ends: pointers taken from them stay valid). Never a
 * by-reference parameter. */
void rcp_redact_args(zend_execute_data *execute_data, uint32_t first, uint32_t last);
/* For a method whose first argument names a command: when it is one of those, rcp_redact_args(2, 0) and true (call
 * it before the parameters are parsed: a TypeError of ZPP would carry the arguments; parse them with
 * rcp_frame_arg() then). */
bool rcp_redact_named(zend_execute_data *execute_data);
/* Argument i (1-based) of the frame, its own value when it was wrapped by rcp_redact_args() (dereferenced). */
zval *rcp_frame_arg(zend_execute_data *execute_data, uint32_t i);
/* argc values (wrapped or not) checked as ZPP checks a `string ...$x` parameter numbered first_num (converted in
 * place in weak mode; TypeError otherwise): false after throwing. */
bool rcp_parse_strings(zval *args, uint32_t argc, uint32_t first_num);

/* An error reply to argv a (a RedisClusterPool\Error; anything else is left alone) that repeats an argument of a in
 * a position that may hold a secret (AUTH's, HELLO/MIGRATE's after AUTH, ACL SETUSER's rules, CONFIG SET's value of
 * requirepass, masterauth...) becomes one that names it "(argument N)": a server may echo an argument in its error
 * (ACL SETUSER echoes a bad rule, which may be a password given without its '>'). Only whole tokens, never the
 * error type. The one scrub of every path: thrown (ServerException) or returned in place (exceptions off,
 * pipelines, executeRaw(), rawPipeline(), rawOnNodes()). a may be NULL (nothing to do). */
void rcp_scrub_reply(zval *reply, const rcp_argv *a);
/* The same for an error context's message (and its whole message, when longer): a server's error reply that ended
 * the command run as argv a (ServerException) or is quoted in its failure. */
void rcp_err_scrub(rcp_err *err, const rcp_argv *a);
/* __call(string $name, array $arguments)'s parameters (and predisArgs()'s, the same), the arguments redacted
 * first when the name is one of those: false after throwing. */
bool rcp_call_params(zend_execute_data *execute_data, zend_string **name, HashTable **args);

/* With exceptions on, an Error reply becomes a ServerException naming the node (rv is then NULL). */
bool rcp_reply_throw_if_error(rcp_pool_object *p, zval *rv);

/*
 * The commands a pipeline or transaction queued, in C arrays: per call its name and its arguments, either the
 * call's own values in a row (no Predis filter: vals[first .. first + n)) or the array Predis' filter made;
 * the caller's own arguments are kept only for a reply parser that reads them. Zeroed = empty.
 */
typedef struct {
	zend_string *name;      /* the method name as called (a reference) */
	uint32_t first, n;      /* the arguments in the queue's vals, when flat is UNDEF */
	zval flat;              /* UNDEF, or the arguments as Predis rewrote them (an array) */
	zval given;             /* UNDEF, or the caller's arguments (an array), for a parser that reads them */
} rcp_qcall;

typedef struct {
	rcp_qcall *calls;
	uint32_t n, cap;
	zval *vals;
	uint32_t nvals, capvals;
} rcp_cmdq;

/* Queue one method call (Predis' argument rewriting happens now, so bad arguments throw at the call site);
 * false after throwing. From __call()'s name and $arguments: */
bool rcp_cmdq_add(rcp_cmdq *q, zend_string *name, HashTable *args);
/* From a command method's frame (rcp_hot_*): */
bool rcp_cmdq_add_frame(rcp_cmdq *q, rcp_hot_set *set, zend_execute_data *execute_data);
/* Drop everything queued (the queue is empty and usable afterwards). */
void rcp_cmdq_clear(rcp_cmdq *q);
/* Move the queue out of *from into *to (from is empty afterwards). */
void rcp_cmdq_take(rcp_cmdq *from, rcp_cmdq *to);
/* Everything the queue holds, for an object's get_gc(). */
void rcp_cmdq_gc(rcp_cmdq *q, zend_get_gc_buffer *buf);

/* Queued commands turned into argv and table entries. */
typedef struct {
	uint32_t n;             /* entries prepared (argvs to free) */
	rcp_argv *argvs;
	rcp_pipe_cmd *cmds;     /* replies UNDEF until executed */
	rcp_call_res *res;      /* each entry's resolution */
} rcp_queue;

/* ---- call.c's steps that queue.c shares ---- */

/* A call resolved to r whose name no table knows is refused before its arguments are looked at (r resolved again
 * when a discovery taught the name). False after throwing. */
bool rcp_call_known(rcp_call_res *r, zend_string *name, rcp_client *cl);
/* The table entry of a call resolved to r, its arguments a checked. NULL after throwing. */
const rcp_cmd *rcp_call_cmd(const rcp_call_res *r, rcp_argv *a, rcp_client *cl);
/* Predis' reply shape for a call resolved to r (given: the caller's arguments, for a parser that reads them): most
 * commands (GET...) have no parser, and cost one test. */
void rcp_call_parse_with(const rcp_call_res *r, const rcp_argv *a, HashTable *given, zval *reply);
static zend_always_inline void rcp_call_parse(const rcp_call_res *r, const rcp_argv *a, HashTable *given, zval *reply)
{
	if (r->pd && r->pd->parser) {
		rcp_call_parse_with(r, a, given, reply);
	}
}
/* Throw a ServerException with msg naming node. */
void rcp_throw_server(zend_string *msg, const char *node);

/* Build and check every queued command before anything is sent; false after throwing. Free with
 * rcp_queue_free() in every case. */
bool rcp_queue_prepare(rcp_pool_object *pool, rcp_cmdq *queue, rcp_queue *q);
void rcp_queue_free(rcp_queue *q);

/* The replies (cmds[k].reply, moved out) in call order and Predis' shapes into out. With exceptions, the
 * first error reply is thrown as ServerException (out is then UNDEF) and false returned. */
bool rcp_queue_results(rcp_pool_object *pool, rcp_cmdq *queue, rcp_queue *q, bool exceptions, zval *out);

/* RedisClusterPool::__call's work: Predis argument rewriting, run, Predis reply shape. */
void rcp_pool_call(rcp_pool_object *p, zend_string *name, HashTable *args, zval *return_value);
/* The same for a name resolved already (r: rcp_call_resolve()'s, resolved again when a discovery teaches an unknown
 * name): one resolution per call. */
void rcp_pool_call_res(rcp_pool_object *p, rcp_call_res *r, zend_string *name, HashTable *args, zval *return_value);

/* The same for the command method running in execute_data (one of set's functions), straight from the frame's
 * arguments (as an array when Predis rewrites them: resolved once either way): false (nothing done) when __call()'s
 * way is to be taken (a raw transaction open on p, named arguments). */
bool rcp_pool_call_frame(rcp_pool_object *p, rcp_hot_set *set, zend_execute_data *execute_data, zval *return_value,
                         bool looked);
/* A command method's read of one key and nothing else (GET, HGETALL...: rcp_call_res.cache_siglen) answered by the read
 * cache before anything else is looked at (the method's resolution from its memo; a small frame: the caller keeps the
 * full path in a function of its own). true: answered. *looked: looked up and missed (its ticket kept: pass it to
 * rcp_pool_call_frame, which does not look it up again). */
bool rcp_pool_hot_cached(rcp_pool_object *p, rcp_hot_set *set, zend_execute_data *execute_data, zval *return_value,
                         bool *looked);


extern zend_class_entry *rcp_ce_pipeline;
void rcp_class_pipeline_minit(void);
void rcp_pipeline_new(zval *pool, zval *dst);

extern zend_class_entry *rcp_ce_transaction;
extern zend_class_entry *rcp_ce_aborted;
void rcp_class_transaction_minit(void);
/* A Transaction on pool (options may be NULL); without a callback its first attempt starts now (the
 * "watch" option's WATCH is sent). False after throwing. */
bool rcp_tx_new(zval *pool, HashTable *opts, bool has_callback, zval *dst);
/* The pool's raw MULTI/EXEC/DISCARD/WATCH/UNWATCH (res: the name's resolution, rcp_call_resolve(), whose Predis
 * entry says which verb it is), and commands queued after MULTI: true when handled (return_value set, or an
 * exception thrown); false: an ordinary command. */
bool rcp_tx_pool_call(zval *pool, const rcp_call_res *res, zend_string *name, HashTable *args, zval *return_value);

extern zend_class_entry *rcp_ce_keyspace;
void rcp_class_scan_minit(void);
/* A KeyspaceIterator over every primary (arguments already checked; match/type may be NULL). */
void rcp_scan_new(zval *pool, zend_string *match, zend_long count, zend_string *type, zval *dst);

/* RedisClusterPool\PubSubConsumer (src/class_pubsub.c), made by RedisClusterPool::pubSubLoop(). */
extern zend_class_entry *rcp_ce_consumer;
void rcp_class_pubsub_minit(void);

#endif

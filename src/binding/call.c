/*
 * call.c - one method call of the binding, from PHP values to the core and back: resolve the method name once
 * (rcp_call_resolve: Predis' filter/parser/ID and the command table's entry, cached per process), turn the
 * arguments into argv (stringified like PHP's (string) cast, the key prefix applied), run it (rcp_exec), and
 * turn the outcome into the reply in Predis' shape or one exception. The queues of pipelines and transactions,
 * which do the same for many calls at once, are queue.c; the secrets of arguments and replies secrets.c.
 *
 * Used by the class files (class_pool.c, class_pipeline.c, class_transaction.c, class_raw.c, class_scan.c), which
 * depend on this file and never on each other for it (the pool object itself, rcp_pool_checked(), is here too):
 * the order is class_pool -> class_pipeline/_scan/_transaction/_raw -> call -> exec (core).
 */
#include "php.h"
#include "zend_exceptions.h"
#include "zend_attributes.h"
#include "rcp_binding.h"
#include "rcp_call.h"
#include "rcp_exceptions.h"
#include "../predis/rcp_predis.h"
#include "rcp_reply.h"
#include "rcp_thread.h"

/* ---- the pool object ------------------------------------------------------------------------------ */

rcp_pool_object *rcp_pool_checked(zval *this_zv)
{
	rcp_pool_object *p = rcp_pool_from(Z_OBJ_P(this_zv));

	if (!p->constructed) {
		zend_throw_error(NULL, "RedisClusterPool object is not initialized (its constructor was not called)");
		return NULL;
	}
	return p;
}

/* ---- resolving a method name, once ------------------------------------------------------------------ */

/*
 * The resolution of a method name depends on the name and on the command table that applies (the built-in one,
 * or the one learned from the cluster's servers: identified by its serial, never by its address, which a later
 * table may reuse). Process-wide, direct-mapped: a call in steady state costs one hash of the name (cached in
 * the zend_string), one compare, no allocation. Names longer than RCP_CALL_NAME_MAX are resolved each time.
 */
#define RCP_CALL_CACHE 256
#define RCP_CALL_NAME_MAX 40

typedef struct {
	bool used;
	uint8_t len;
	char name[RCP_CALL_NAME_MAX];
	zend_ulong hash;
	uint64_t tab_serial;
	rcp_call_res res;
} rcp_call_slot;

#ifdef ZTS
/* per thread, like the tables it points into (rcp_thread.h); with the hot sets' memos (below) */
typedef struct {
	rcp_call_slot call_cache[RCP_CALL_CACHE];
	rcp_hot_memo hot_memos[4];   /* RCP_COMMAND_CLASSES */
} rcp_call_state;
RCP_THREAD_STATE(rcp_call_state, rcp_call_st);
# define rcp_call_cache (RCP_THREAD(rcp_call_state, rcp_call_st)->call_cache)
#else
static rcp_call_slot rcp_call_cache[RCP_CALL_CACHE];
#endif

void rcp_call_resolve(zend_string *method, rcp_client *cl, rcp_call_res *out)
{
	rcp_cmdtab *t = cl ? rcp_cluster_cmds(cl->cluster) : NULL;
	uint64_t serial = rcp_cmdtab_serial(t);
	zend_ulong h = ZSTR_HASH(method);
	size_t len = ZSTR_LEN(method);
	rcp_call_slot *s = &rcp_call_cache[h & (RCP_CALL_CACHE - 1)];

	if (s->used && s->hash == h && s->tab_serial == serial && s->len == len && !memcmp(s->name, ZSTR_VAL(method), len)) {
		*out = s->res;
	} else {
		const rcp_predis_cmd *pd = rcp_predis_lookup_ci(ZSTR_VAL(method), len);

		out->pd = pd;
		/* Predis sends its command ID (upper case) for what the built-in table knows, else the name as called */
		out->id = pd && pd->builtin ? pd->id : NULL;
		out->idlen = pd && pd->builtin ? pd->idlen : 0;
		out->cmd = rcp_cmdtab_lookup(t, out->id ? out->id : ZSTR_VAL(method), out->id ? out->idlen : len, NULL, 0);
		out->cache_siglen = 0;
		out->cache_sh = 0;
		out->cache_given = false;
		if (out->cmd && (out->cmd->flags & RCP_CMD_CACHE_ONE) && out->cmd->arity == 2 &&
		    !(pd && (pd->filter || (pd->parser && pd->parser_reads_args)))) {
			out->cache_siglen = (uint32_t)strlen(out->cmd->name) + 1;
			out->cache_sh = rcp_cache_sig_hash(out->cmd->name, out->cache_siglen);
			out->cache_given = pd && pd->parser && pd->parser_reads_given;
		}
		if (out->cmd && len < RCP_CALL_NAME_MAX) { /* an unknown name is looked up again (after a discovery) */
			s->used = true;
			s->hash = h;
			s->tab_serial = serial;
			s->len = (uint8_t)len;
			memcpy(s->name, ZSTR_VAL(method), len);
			s->res = *out;
		}
	}
}

/* ---- a method's parameters --------------------------------------------------------------------------- */

bool rcp_call_params(zend_execute_data *execute_data, zend_string **name, HashTable **args)
{
	zval *v;

	if (!rcp_redact_named(execute_data)) {
		ZEND_PARSE_PARAMETERS_START(2, 2)
			Z_PARAM_STR(*name)
			Z_PARAM_ARRAY_HT(*args)
		ZEND_PARSE_PARAMETERS_END_EX(return false);
		return true;
	}
	/* the name is a string (rcp_redact_named() said so); the arguments are kept aside in their wrapper */
	if (ZEND_NUM_ARGS() != 2) {
		zend_wrong_parameters_count_error(2, 2);
		return false;
	}
	*name = Z_STR_P(rcp_frame_arg(execute_data, 1));
	if (Z_TYPE_P(v = rcp_frame_arg(execute_data, 2)) != IS_ARRAY) {
		zend_wrong_parameter_type_error(2, Z_EXPECTED_ARRAY, v);
		return false;
	}
	*args = Z_ARRVAL_P(v);
	return true;
}

bool rcp_parse_strings(zval *args, uint32_t argc, uint32_t first_num)
{
	for (uint32_t i = 0; i < argc; i++) {
		zend_string *s;
		zval *v = &args[i];

		if (Z_TYPE_P(v) == IS_OBJECT && Z_OBJCE_P(v) == zend_ce_sensitive_parameter_value) {
			v = OBJ_PROP_NUM(Z_OBJ_P(v), 0);
		}
		if (!zend_parse_arg_str(v, &s, false, first_num + i)) {
			zend_wrong_parameter_type_error(first_num + i, Z_EXPECTED_STRING, v);
			return false;
		}
	}
	return true;
}

/* ---- arguments -------------------------------------------------------------------------------------- */

void rcp_argv_free(rcp_argv *a)
{
	for (int i = 0; i < a->argc; i++) {
		if (a->strs[i]) {
			zend_string_release(a->strs[i]);
		}
	}
	if (a->strs != a->stack_strs) {
		efree(a->strs);
		efree(a->argv);
		efree(a->lens);
	}
	a->argc = 0;
}

/* Stringify one argument as PHP's (string) cast would, refusing what cannot be sent. */
/*
 * null becomes "" like Predis does, but as this distinct (interned, never freed) empty string, so a null in
 * a key position can be refused once the command's key positions are known (rcp_argv_lookup).
 */
static struct {
	zend_string s;
	char nul;
} rcp_null_holder;

static zend_string *rcp_null_str(void)
{
	zend_string *s = &rcp_null_holder.s;
	if (GC_TYPE_INFO(s) == 0) {
		GC_SET_REFCOUNT(s, 1);
		GC_TYPE_INFO(s) = GC_STRING | ((IS_STR_INTERNED | IS_STR_PERSISTENT) << GC_FLAGS_SHIFT);
		ZSTR_LEN(s) = 0;
		ZSTR_VAL(s)[0] = '\0';
	}
	return s;
}

zend_string *rcp_arg_string(zval *v, const char *cmd, uint32_t idx)
{
	ZVAL_DEREF(v);
	switch (Z_TYPE_P(v)) {
		case IS_STRING:
			return zend_string_copy(Z_STR_P(v));
		case IS_LONG:
			return zend_long_to_str(Z_LVAL_P(v));
		case IS_DOUBLE:
			return zend_double_to_str(Z_DVAL_P(v));
		case IS_TRUE:
			return ZSTR_CHAR('1');
		case IS_FALSE:
			return ZSTR_EMPTY_ALLOC();
		case IS_NULL:
			return rcp_null_str();
		case IS_OBJECT:
			if (Z_OBJCE_P(v)->__tostring) {
				return zval_try_get_string(v);
			}
			ZEND_FALLTHROUGH;
		default:
			rcp_throw(rcp_ce_invalid_argument, "%s: argument %u must be a string or a number, %s given",
				cmd, idx, zend_zval_type_name(v));
			return NULL;
	}
}

/* argv[0] = name (see rcp_argv_build), room for n arguments after it; false after throwing. */
static bool rcp_argv_begin(rcp_argv *a, const char *name, size_t name_len, zend_string *name_str, uint32_t nargs,
                           const char *what)
{
	uint32_t n = 1 + nargs;

	if (n > 16) {
		if (n > (uint32_t)INT_MAX / 2) {
			rcp_throw(rcp_ce_invalid_argument, "%s: too many arguments (%u)", what, n);
			return false;
		}
		a->strs = safe_emalloc(n, sizeof(zend_string *), 0);
		a->argv = safe_emalloc(n, sizeof(char *), 0);
		a->lens = safe_emalloc(n, sizeof(size_t), 0);
	} else {
		a->strs = a->stack_strs;
		a->argv = a->stack_argv;
		a->lens = a->stack_lens;
	}
	a->argc = 1;
	a->has_null = false;
	a->strs[0] = name_str ? zend_string_copy(name_str) : NULL; /* no copy of the bytes: a static command ID, or
	                                                              a reference to the name as called */
	a->argv[0] = name;
	a->lens[0] = name_len;
	return true;
}

/* Append one argument, stringified; false after throwing (a is freed then). */
static zend_always_inline bool rcp_argv_push(rcp_argv *a, zval *v, const char *what)
{
	zend_string *s = rcp_arg_string(v, what, (uint32_t)a->argc);

	if (!s) {
		rcp_argv_free(a);
		return false;
	}
	a->has_null |= s == &rcp_null_holder.s;
	a->strs[a->argc] = s;
	a->argv[a->argc] = ZSTR_VAL(s);
	a->lens[a->argc] = ZSTR_LEN(s);
	a->argc++;
	return true;
}

/* argv[0] = name, then every element of args. */
bool rcp_argv_build(rcp_argv *a, const char *name, size_t name_len, zend_string *name_str, HashTable *args,
                    const char *what)
{
	zval *v;

	if (!rcp_argv_begin(a, name, name_len, name_str, zend_hash_num_elements(args), what)) {
		return false;
	}
	ZEND_HASH_FOREACH_VAL(args, v) {
		if (!rcp_argv_push(a, v, what)) {
			return false;
		}
	} ZEND_HASH_FOREACH_END();
	return true;
}

/* The same from n values in a row (a method's arguments as the engine passes them). */
bool rcp_argv_build_vals(rcp_argv *a, const char *name, size_t name_len, zend_string *name_str, zval *vals,
                         uint32_t n, const char *what)
{
	if (!rcp_argv_begin(a, name, name_len, name_str, n, what)) {
		return false;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (!rcp_argv_push(a, &vals[i], what)) {
			return false;
		}
	}
	return true;
}

bool rcp_argv_build_list(rcp_argv *a, zend_string *name, HashTable *list, const char *what)
{
	bool first = true;
	zval *v;

	if (!rcp_argv_begin(a, ZSTR_VAL(name), ZSTR_LEN(name), name, zend_hash_num_elements(list) - 1, what)) {
		return false;
	}
	ZEND_HASH_FOREACH_VAL(list, v) {
		if (first) {
			first = false; /* the name */
		} else if (!rcp_argv_push(a, v, what)) {
			return false;
		}
	} ZEND_HASH_FOREACH_END();
	return true;
}

bool rcp_argv_build_frame(rcp_argv *a, zend_string *name, zend_execute_data *execute_data, uint32_t argc,
                          const char *what)
{
	if (!rcp_argv_begin(a, ZSTR_VAL(name), ZSTR_LEN(name), name, argc - 1, what)) {
		return false;
	}
	for (uint32_t i = 2; i <= argc; i++) {
		if (!rcp_argv_push(a, rcp_frame_arg(execute_data, i), what)) {
			return false;
		}
	}
	return true;
}

/* Methods of Predis\Client that are not commands (docs/MIGRATION.md), and what to use instead. */
static const struct {
	const char *name;
	const char *instead;
} rcp_predis_client_methods[] = {
	{"createCommand", "RedisClusterPool has no command objects: call the command as a method ($pool->get('k')) or "
		"with executeRaw(['GET', 'k'])"},
	{"executeCommand", "RedisClusterPool has no command objects: call the command as a method ($pool->get('k')) or "
		"with executeRaw(['GET', 'k'])"},
	{"getCommandFactory", "commandInfo() says how RedisClusterPool routes a command"},
	{"getConnection", "RedisClusterPool has no connection objects: rawOnNodes() sends commands to the nodes it names"},
	{"getClientBy", "RedisClusterPool has no connection objects: rawOnNodes() sends commands to the nodes it names"},
};

/*
 * Refuse a name no command table knows: "Unknown command '<name>'" (a command's name as called is shown, as the rule
 * in rcp_errors.h allows), with what to use instead when it is a method of Predis\Client. Its arguments are never
 * looked at, and the running method's frame (__call()'s $arguments, executeRaw()'s list...) keeps them only
 * redacted, as for AUTH: a call through a name that is not a command may carry anything (createCommand('auth',
 * [$password]) reaches __call() as a command named createCommand).
 */
/* The classes whose methods are commands (RedisClusterPool, Pipeline, Transaction): each registers its command methods
 * with rcp_hot_init() at MINIT, which notes its class entry here. */
#define RCP_COMMAND_CLASSES 4
#ifdef ZTS
_Static_assert(sizeof(((rcp_call_state *)0)->hot_memos) / sizeof(rcp_hot_memo) == RCP_COMMAND_CLASSES,
	"rcp_call_state.hot_memos: one per command class");
#endif
static zend_class_entry *rcp_command_classes[RCP_COMMAND_CLASSES];
static int rcp_command_classes_n;

/* A hot set's run-time memo (rcp_hot_memo): the set's own on NTS, the thread's under ZTS. */
#ifdef ZTS
# define RCP_HOT_MEMO(set) (&RCP_THREAD(rcp_call_state, rcp_call_st)->hot_memos[(set)->id])
#else
# define RCP_HOT_MEMO(set) (&(set)->memo)
#endif

static bool rcp_is_command_class(const zend_class_entry *ce)
{
	for (int i = 0; i < rcp_command_classes_n; i++) {
		if (ce == rcp_command_classes[i]) {
			return true;
		}
	}
	return false;
}

static void rcp_throw_unknown_command(const char *name, size_t len)
{
	zend_execute_data *ex = EG(current_execute_data);
	const char *instead = NULL;

	if (ex && ex->func && ex->func->type == ZEND_INTERNAL_FUNCTION && rcp_is_command_class(ex->func->common.scope)) {
		/* every argument but __call()'s name, up to the first by-reference one (executeRaw()'s $error) */
		uint32_t first = zend_string_equals_literal_ci(ex->func->common.function_name, "__call") ? 2 : 1, last = first;
		while (last <= ZEND_CALL_NUM_ARGS(ex) &&
		       (last > ex->func->common.num_args || !ZEND_ARG_SEND_MODE(&ex->func->common.arg_info[last - 1]))) {
			last++;
		}
		if (last > first) {
			rcp_redact_args(ex, first, last - 1);
		}
	}
	for (size_t i = 0; i < sizeof(rcp_predis_client_methods) / sizeof(rcp_predis_client_methods[0]); i++) {
		if (len == strlen(rcp_predis_client_methods[i].name) && !strncasecmp(name, rcp_predis_client_methods[i].name, len)) {
			instead = rcp_predis_client_methods[i].instead;
			break;
		}
	}
	if (instead) {
		rcp_throw(rcp_ce_invalid_argument, "Unknown command '%.*s': %.*s() is a method of Predis\\Client, not a command. "
			"%s (code that needs Predis\\Client's own API keeps Predis\\Client, with the adapter: docs/MIGRATION.md)",
			(int)len, name, (int)len, name, instead);
	} else {
		rcp_throw(rcp_ce_invalid_argument, "Unknown command '%.*s'", (int)MIN(len, 64), name);
	}
}

/* The table entry of name (and sub, a container's subcommand, or NULL) from the table the cluster's servers gave
 * (cl NULL: the built-in table). A name neither table knows, before the cluster was ever discovered, is looked up
 * again after the discovery (which learns the server's table). NULL after throwing: unknown, or no discovery. */
static const rcp_cmd *rcp_cmd_find(rcp_client *cl, const char *name, size_t len, const char *sub, size_t sublen)
{
	const rcp_cmd *cmd = rcp_cmdtab_lookup(cl ? rcp_cluster_cmds(cl->cluster) : NULL, name, len, sub, sublen);

	if (!cmd && cl && !rcp_cluster_cmds(cl->cluster) && !cl->cluster->map) {
		rcp_err err = {0};
		if (rcp_client_ready(cl, &err) != RCP_OK) {
			rcp_throw_err(&err);
			return NULL;
		}
		cmd = rcp_cmdtab_lookup(rcp_cluster_cmds(cl->cluster), name, len, sub, sublen);
	}
	if (!cmd) {
		rcp_throw_unknown_command(name, len);
	}
	return cmd;
}

/* The table entry of argv[0] (and argv[1] for a container), without checking the arguments (rcp_cmd_find). */
const rcp_cmd *rcp_argv_find(rcp_argv *a, rcp_client *cl)
{
	return rcp_cmd_find(cl, a->argv[0], a->lens[0], a->argc > 1 ? a->argv[1] : NULL, a->argc > 1 ? a->lens[1] : 0);
}

/* A call resolved to r (rcp_call_resolve) whose name no table knows is refused before its arguments are looked
 * at: a wrong type among them would otherwise be reported first, and the name is what is wrong. r is resolved
 * again when a discovery taught the name. False after throwing. */
bool rcp_call_known(rcp_call_res *r, zend_string *name, rcp_client *cl)
{
	if (r->cmd) {
		return true;
	}
	if (!rcp_cmd_find(cl, r->id ? r->id : ZSTR_VAL(name), r->id ? r->idlen : ZSTR_LEN(name), NULL, 0)) {
		return false;
	}
	rcp_call_resolve(name, cl, r);
	return true;
}

const rcp_cmd *rcp_argv_lookup(rcp_argv *a, rcp_client *cl)
{
	const rcp_cmd *cmd = rcp_argv_find(a, cl);

	return cmd ? rcp_argv_check(a, cmd, cl) : NULL;
}

const rcp_cmd *rcp_argv_check(rcp_argv *a, const rcp_cmd *cmd, rcp_client *cl)
{
	/* the server's arity, checked before anything is sent (argc counts the name, and the subcommand of
	 * a container command, as Redis does) */
	if ((cmd->arity > 0 && a->argc != cmd->arity) || (cmd->arity < 0 && a->argc < -cmd->arity)) {
		const char *bar = strchr(cmd->name, '|');
		int words = bar ? 2 : 1, want = (cmd->arity > 0 ? cmd->arity : -cmd->arity) - words;
		rcp_throw(rcp_ce_invalid_argument, "%.*s%s%s: wrong number of arguments (%d given, %s %d expected)",
			bar ? (int)(bar - cmd->name) : (int)strlen(cmd->name), cmd->name, bar ? " " : "", bar ? bar + 1 : "",
			a->argc - words, cmd->arity > 0 ? "exactly" : "at least", want);
		return NULL;
	}
	if ((cmd->flags & RCP_CMD_GETKEYS) && !rcp_shape_known(cmd, a->argc, a->argv, a->lens)) {
		/* keys only the server can find (a module's getkeys-api): ask it, once per call shape */
		rcp_err err = {0};
		if (!cl) {
			rcp_throw(rcp_ce_invalid_argument, "%s: only the server can tell where its keys are", cmd->name);
			return NULL;
		}
		if (rcp_client_getkeys(cl, cmd, a->argc, a->argv, a->lens, &err) != RCP_OK) {
			rcp_throw_err(&err);
			return NULL;
		}
	}
	return cmd;
}

/* Argument i of a, prefixed. */
static void rcp_argv_prefix_at(rcp_argv *a, int i, zend_string *prefix)
{
	zend_string *s = zend_string_concat2(ZSTR_VAL(prefix), ZSTR_LEN(prefix), a->argv[i], a->lens[i]);

	if (a->strs[i]) {
		zend_string_release(a->strs[i]);
	}
	a->strs[i] = s;
	a->argv[i] = ZSTR_VAL(s);
	a->lens[i] = ZSTR_LEN(s);
}

#define RCP_ARG_IS(a, i, w) ((a)->lens[i] == sizeof(w) - 1 && !strncasecmp((a)->argv[i], (w), sizeof(w) - 1))

/*
 * Arguments that are not keys but name keys or a channel, which Predis' KeyPrefixProcessor prefixes too (so a pool
 * and Predis clients with one prefix see the same names; tests/compat/prefix_vs_predis.phpt): KEYS' pattern,
 * PUBLISH's channel (SPUBLISH's is a key for the command table already), and SORT's and SORT_RO's BY and GET
 * patterns (not GET #: the element itself). The command table's key specs do not list them: KEYS' pattern is no
 * key to route by (KEYS goes to every primary).
 */
static void rcp_argv_prefix_patterns(rcp_argv *a, const rcp_cmd *cmd, zend_string *prefix)
{
	const char *n = cmd->name;

	if (!strcmp(n, "KEYS") || !strcmp(n, "PUBLISH")) {
		if (a->argc > 1) {
			rcp_argv_prefix_at(a, 1, prefix);
		}
	} else if (!strcmp(n, "SORT") || !strcmp(n, "SORT_RO")) {
		for (int i = 2; i + 1 < a->argc; i++) { /* SORT key [BY p] [LIMIT o c] [GET p ...] [ASC|DESC] [ALPHA] [STORE d] */
			if (RCP_ARG_IS(a, i, "BY")) {
				rcp_argv_prefix_at(a, ++i, prefix);
			} else if (RCP_ARG_IS(a, i, "GET")) {
				if (!(a->lens[++i] == 1 && a->argv[i][0] == '#')) {
					rcp_argv_prefix_at(a, i, prefix);
				}
			} else if (RCP_ARG_IS(a, i, "LIMIT")) {
				i += 2;
			} else if (RCP_ARG_IS(a, i, "STORE")) {
				i++; /* a key: prefixed by its key spec */
			}
		}
	}
}

/* rcp_argv_route()'s body, inlined into rcp_pool_run() (a command's hot path); the other callers call it out of line. */
static zend_always_inline bool rcp_argv_route_inline(rcp_argv *a, const rcp_cmd *cmd, zend_string *prefix, rcp_route *r)
{
	rcp_route_keys(r, cmd, a->argc, a->argv, a->lens);
	if (a->has_null) {
		/* a null where a key goes would silently become the key "" */
		for (int i = 0; i < r->nkeys; i++) {
			if (a->strs[r->pos[i]] == &rcp_null_holder.s) {
				rcp_throw(rcp_ce_invalid_argument, "%s: argument %d is a key and must not be null", cmd->name, r->pos[i]);
				rcp_route_free(r);
				return false;
			}
		}
	}
	if (prefix) {
		/* Predis' "prefix" option: on every key argument (the route's positions; their slots come after), and on
		 * the few other arguments Predis' prefix processor prefixes */
		if (r->nkeys < 0) {
			char ebuf[256];
			rcp_route_keys_error(r, ebuf, sizeof(ebuf));
			rcp_throw(rcp_ce_invalid_argument, "%s", ebuf);
			rcp_route_free(r);
			return false;
		}
		for (int i = 0; i < r->nkeys; i++) {
			rcp_argv_prefix_at(a, r->pos[i], prefix);
		}
		if (UNEXPECTED(r->nkeys == 0 || (cmd->name[0] == 'S' && cmd->name[1] == 'O'))) { /* (KEYS, PUBLISH: no key) */
			rcp_argv_prefix_patterns(a, cmd, prefix);
		}
	}
	rcp_route_slots(r);
	return true;
}

bool rcp_argv_route(rcp_argv *a, const rcp_cmd *cmd, zend_string *prefix, rcp_route *r)
{
	return rcp_argv_route_inline(a, cmd, prefix, r);
}

/* Prepend the prefix to every key argument (Predis' "prefix" option): a WATCH's, whose route the transaction makes. */
bool rcp_argv_prefix(rcp_argv *a, const rcp_cmd *cmd, zend_string *prefix)
{
	rcp_route r;

	if (!rcp_argv_route(a, cmd, prefix, &r)) {
		return false;
	}
	rcp_route_free(&r);
	return true;
}

/* ---- running ---------------------------------------------------------------------------------- */

/* Run argv (cmd: its checked table entry): its route (keys, prefix, slots) made here, once. On a failure, throw; an
 * error reply is left in return_value as an Error object. Returns the reply's kind as the reader recorded it (-1:
 * nothing to shape: it threw, or failed). */
static int rcp_pool_run(rcp_pool_object *p, rcp_argv *a, const rcp_cmd *cmd, zval *return_value)
{
	rcp_err err;
	rcp_route r;
	int kind = -1;

	if (!rcp_argv_route_inline(a, cmd, p->prefix, &r)) {
		return -1;
	}
	err.code = RCP_OK;
	if (rcp_exec(&p->client, &r, return_value, &err) != RCP_OK) {
		rcp_err_scrub(&err, a);
		if (p->client.partial.nkeys) {
			rcp_throw_partial(&p->client.partial, &err, cmd->name, (cmd->flags & RCP_CMD_WRITE) != 0,
				p->prefix ? ZSTR_LEN(p->prefix) : 0);
		} else {
			rcp_throw_err(&err);
		}
	} else if (p->client.partial.nkeys && p->exceptions) {
		/* some parts answered with an error reply, the others succeeded */
		rcp_throw_partial(&p->client.partial, NULL, cmd->name, (cmd->flags & RCP_CMD_WRITE) != 0,
			p->prefix ? ZSTR_LEN(p->prefix) : 0);
		zval_ptr_dtor(return_value);
		ZVAL_NULL(return_value);
	} else {
		kind = r.reply_kind;
	}
	rcp_partial_free(&p->client.partial);
	rcp_route_free(&r);
	return kind;
}

/* Throw a ServerException with msg naming node. */
void rcp_throw_server(zend_string *msg, const char *node)
{
	zend_object *ex = zend_throw_exception(rcp_ce_server, ZSTR_VAL(msg), 0);

	if (ex) {
		zend_update_property_string(rcp_ce_server, ex, "node", sizeof("node") - 1, node);
	}
}

static zend_always_inline bool rcp_reply_is_error_object(const zval *rv)
{
	return Z_TYPE_P(rv) == IS_OBJECT && Z_OBJCE_P(rv) == rcp_ce_error;
}

/* rcp_reply_throw_if_error() for the reply to argv a, the reply's kind known (the reader's record: an Error object
 * when not RCP_RK_VALUE): its message scrubbed of a's secrets, thrown or kept. */
static bool rcp_reply_throw_kind(rcp_pool_object *p, zval *rv, const rcp_argv *a, int kind)
{
	if (kind == RCP_RK_VALUE) {
		return false;
	}
	rcp_scrub_reply(rv, a);
	if (p->exceptions) {
		rcp_throw_server(rcp_error_message(rv), p->client.last_node);
		zval_ptr_dtor(rv);
		ZVAL_NULL(rv);
		return true;
	}
	return false;
}

bool rcp_reply_throw_if_error(rcp_pool_object *p, zval *rv)
{
	return rcp_reply_throw_kind(p, rv, NULL, rcp_reply_is_error_object(rv) ? RCP_RK_ERROR : RCP_RK_VALUE);
}

void rcp_pool_run_argv(rcp_pool_object *p, rcp_argv *a, zval *return_value)
{
	const rcp_cmd *cmd = rcp_argv_lookup(a, &p->client);

	if (cmd) {
		rcp_pool_run(p, a, cmd, return_value);
		if (!EG(exception)) {
			rcp_scrub_reply(return_value, a);
		}
	}
}

/* The table entry of a call resolved by rcp_call_resolve(): a container's subcommand looked up in argv[1], the
 * arguments checked (rcp_argv_lookup's checks). NULL after throwing. */
const rcp_cmd *rcp_call_cmd(const rcp_call_res *r, rcp_argv *a, rcp_client *cl)
{
	if (!r->cmd || (r->cmd->flags & RCP_CMD_HAS_SUBCMDS)) {
		return rcp_argv_lookup(a, cl); /* unknown so far (a discovery may teach it), or a container */
	}
	return rcp_argv_check(a, r->cmd, cl);
}

/* Predis' reply shape for a call resolved to r: the arguments as sent are built only for a parser that reads
 * them (most parsers, and GET's none at all, do not). */
void rcp_call_parse_with(const rcp_call_res *r, const rcp_argv *a, HashTable *given, zval *reply)
{
	zval sent;

	if (Z_TYPE_P(reply) == IS_OBJECT) {
		return;
	}
	if (!r->pd->parser_reads_args) {
		rcp_predis_parse(r->pd, NULL, given, reply);
		return;
	}
	/* Predis parses the reply against the arguments as sent (after the prefix) */
	array_init_size(&sent, (uint32_t)a->argc);
	for (int i = 1; i < a->argc; i++) {
		add_next_index_str(&sent, zend_string_copy(a->strs[i]));
	}
	rcp_predis_parse(r->pd, Z_ARRVAL(sent), given, reply);
	zval_ptr_dtor(&sent);
}

/* Run argv built for a call resolved to r, and shape its reply (given: the caller's arguments, for a parser that
 * reads them). Frees argv. */
static zend_always_inline void rcp_pool_call_argv(rcp_pool_object *p, const rcp_call_res *r, rcp_argv *a, HashTable *given,
                               zval *return_value)
{
	const rcp_cmd *cmd = rcp_call_cmd(r, a, &p->client);
	int kind;

	if (cmd && (kind = rcp_pool_run(p, a, cmd, return_value)) >= 0 && !EG(exception) &&
	    !rcp_reply_throw_kind(p, return_value, a, kind)) {
		rcp_call_parse(r, a, given, return_value);
	}
	rcp_argv_free(a);
}

/* The read cache's answer to a read of one key and nothing else (issue 23), looked up before its argv and route are
 * built: true when it answered (return_value set, shaped as Predis would). Else the command runs as always, then
 * rcp_exec_cache_get_end() when *looked (a miss's ticket was kept for it). given: the caller's arguments, or NULL. */
static zend_always_inline bool rcp_call_cached(rcp_pool_object *p, const rcp_call_res *r, const zval *key,
                                               HashTable *given, zval *return_value, bool *looked)
{
	if (EXPECTED(!p->client.cache) || !r->cache_siglen || Z_TYPE_P(key) != IS_STRING || p->prefix ||
	    (r->cache_given && !given)) {
		return false;
	}
	*looked = true;
	if (!rcp_exec_cached_get(&p->client, r->cmd, r->cache_sh, r->cache_siglen, Z_STRVAL_P(key), Z_STRLEN_P(key),
	                         return_value)) {
		return false;
	}
	rcp_call_parse(r, NULL, given, return_value);
	return true;
}

/* Whether an MGET of the keys in one array (as Predis takes them) is for the read cache's lookup before it is built. */
static zend_always_inline bool rcp_call_mget_cacheable(const rcp_pool_object *p, const rcp_call_res *r)
{
	return r->cmd && (r->cmd->flags & RCP_CMD_CACHE_MGET) && !p->prefix && !(r->pd && r->pd->parser);
}

/* rcp_pool_call_res(); mget_looked: the command method looked this MGET up already (rcp_pool_call_frame) and missed. */
static void rcp_pool_call_res_ex(rcp_pool_object *p, rcp_call_res *r, zend_string *name, HashTable *args,
                                 zval *return_value, bool mget_looked)
{
	zval flat, *key = NULL;
	rcp_argv a;
	bool looked = mget_looked;

	if (!rcp_call_known(r, name, &p->client)) {
		goto out;
	}
	if (UNEXPECTED(p->client.cache != NULL) && !mget_looked) {
		if (zend_hash_num_elements(args) == 1 && (key = zend_hash_index_find(args, 0)) &&
		    rcp_call_cached(p, r, key, args, return_value, &looked)) {
			return;
		}
		/* MGET's keys, as Predis takes them (one array, or each an argument), answered when every one hits */
		if (rcp_call_mget_cacheable(p, r)) {
			looked = true;
			if (rcp_exec_cached_mget(&p->client, r->cmd, zend_hash_num_elements(args) == 1 && key &&
			    Z_TYPE_P(key) == IS_ARRAY ? Z_ARRVAL_P(key) : args, return_value)) {
				return;
			}
		}
	}
	if (rcp_predis_filter(r->pd, args, &flat) == FAILURE) {
		goto out;
	}
	if (rcp_argv_build(&a, r->id ? r->id : ZSTR_VAL(name), r->id ? r->idlen : ZSTR_LEN(name), r->id ? NULL : name,
	                    Z_ARRVAL(flat), ZSTR_VAL(name))) {
		rcp_pool_call_argv(p, r, &a, args, return_value);
	}
	zval_ptr_dtor(&flat);
out:
	if (looked) {
		rcp_exec_cache_get_end(&p->client);
	}
}

void rcp_pool_call_res(rcp_pool_object *p, rcp_call_res *r, zend_string *name, HashTable *args, zval *return_value)
{
	rcp_pool_call_res_ex(p, r, name, args, return_value, false);
}

void rcp_pool_call(rcp_pool_object *p, zend_string *name, HashTable *args, zval *return_value)
{
	rcp_call_res r;

	rcp_call_resolve(name, &p->client, &r);
	rcp_pool_call_res(p, &r, name, args, return_value);
}

void rcp_hot_args(zend_execute_data *execute_data, zval *out)
{
	uint32_t n = ZEND_NUM_ARGS();
	zval *vals = ZEND_CALL_ARG(execute_data, 1);

	/* as the engine builds __call()'s $arguments: the positional ones, then the named ones by name */
	array_init_size(out, n);
	for (uint32_t i = 0; i < n; i++) {
		Z_TRY_ADDREF(vals[i]);
		zend_hash_next_index_insert_new(Z_ARRVAL_P(out), &vals[i]);
	}
	if (ZEND_CALL_INFO(execute_data) & ZEND_CALL_HAS_EXTRA_NAMED_PARAMS) {
		zend_string *k;
		zval *v;
		ZEND_HASH_FOREACH_STR_KEY_VAL(execute_data->extra_named_params, k, v) {
			Z_TRY_ADDREF_P(v);
			zend_hash_add_new(Z_ARRVAL_P(out), k, v);
		} ZEND_HASH_FOREACH_END();
	}
}

static zend_always_inline void rcp_hot_resolve(rcp_hot_set *set, zend_execute_data *execute_data, rcp_client *cl,
                                               rcp_call_res *out);

static size_t rcp_hot_index(rcp_hot_set *set, zend_execute_data *execute_data);

bool rcp_pool_hot_cached(rcp_pool_object *p, rcp_hot_set *set, zend_execute_data *execute_data, zval *return_value,
                         bool *looked)
{
	const rcp_cmdtab *t = p->client.cluster->cmds;
	const rcp_call_res *r;
	rcp_hot_memo *m;
	size_t i;

	if (ZEND_NUM_ARGS() != 1 || Z_TYPE(p->tx) == IS_OBJECT ||
	    (ZEND_CALL_INFO(execute_data) & ZEND_CALL_HAS_EXTRA_NAMED_PARAMS) || !t) {
		return false;
	}
	i = rcp_hot_index(set, execute_data);
	m = RCP_HOT_MEMO(set);
	r = &m->res[i];
	if (!r->cmd || m->res_serial[i] != rcp_cmdtab_serial(t)) {
		return false; /* (not resolved yet: the method's full path resolves it, then looks it up) */
	}
	return rcp_call_cached(p, r, ZEND_CALL_ARG(execute_data, 1), NULL, return_value, looked);
}

bool rcp_pool_call_frame(rcp_pool_object *p, rcp_hot_set *set, zend_execute_data *execute_data, zval *return_value,
                         bool looked)
{
	zend_string *name = EX(func)->common.function_name;
	rcp_call_res r;
	rcp_argv a;

	if (Z_TYPE(p->tx) == IS_OBJECT || (ZEND_CALL_INFO(execute_data) & ZEND_CALL_HAS_EXTRA_NAMED_PARAMS)) {
		return false;
	}
	rcp_hot_resolve(set, execute_data, &p->client, &r);
	/* a read of one key the read cache answers (when rcp_pool_hot_cached() could not tell) */
	if (UNEXPECTED(p->client.cache != NULL) && !looked && ZEND_NUM_ARGS() == 1 &&
	    rcp_call_cached(p, &r, ZEND_CALL_ARG(execute_data, 1), NULL, return_value, &looked)) {
		return true;
	}
	if (UNEXPECTED(p->client.cache != NULL) && ZEND_NUM_ARGS() == 1 && Z_TYPE_P(ZEND_CALL_ARG(execute_data, 1)) == IS_ARRAY &&
	    rcp_call_mget_cacheable(p, &r)) {
		/* an MGET of one array of keys: answered by the read cache when every key hits, before its arguments are
		 * copied into an array of the call's (its misses: as below, not looked up again) */
		if (rcp_exec_cached_mget(&p->client, r.cmd, Z_ARRVAL_P(ZEND_CALL_ARG(execute_data, 1)), return_value)) {
			return true;
		}
		looked = true;
	}
	if (rcp_hot_needs_array(r.pd)) {
		/* Predis rewrites the arguments (MGET's, SET's...), or its parser reads them as given: as an array, the way
		 * __call() gets them, with the resolution made here (no command method is a transaction verb, and no raw
		 * transaction is open: rcp_tx_pool_call() has nothing to do) */
		zval args;
		rcp_hot_args(execute_data, &args);
		rcp_pool_call_res_ex(p, &r, name, Z_ARRVAL(args), return_value, looked);
		zval_ptr_dtor(&args);
		return true;
	}
	if (rcp_argv_build_vals(&a, r.id ? r.id : ZSTR_VAL(name), r.id ? r.idlen : ZSTR_LEN(name), r.id ? NULL : name,
	                        ZEND_CALL_ARG(execute_data, 1), ZEND_NUM_ARGS(), ZSTR_VAL(name))) {
		rcp_pool_call_argv(p, &r, &a, NULL, return_value);
	}
	if (looked) {
		rcp_exec_cache_get_end(&p->client);
	}
	return true;
}

/* ---- command methods without the __call trampoline --------------------------------------------------- */

const char *const rcp_hot_names[RCP_HOT_NAMES] = {
	"get", "set", "mget", "mset", "del", "exists", "incr", "incrby", "decr", "decrby", "expire", "ttl", "setex",
	"setnx", "unlink", "hget", "hset", "hmget", "hmset", "hgetall", "hdel", "hexists", "hincrby", "hlen", "sadd",
	"srem", "smembers", "sismember", "scard", "zadd", "zrem", "zrange", "zscore", "zincrby", "zcard", "lpush",
	"rpush", "lpop", "rpop", "lrange", "llen", "eval", "evalsha", "getex", "pexpire", "persist", "type", "strlen"
};

void rcp_hot_init(rcp_hot_set *set, zend_class_entry *ce, zif_handler handler)
{
	ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_rcp_hot, 0, 0, IS_MIXED, 0)
		ZEND_ARG_VARIADIC_TYPE_INFO(0, arguments, IS_MIXED, 0)
	ZEND_END_ARG_INFO()

	ZEND_ASSERT(rcp_command_classes_n < RCP_COMMAND_CLASSES);
#ifdef ZTS
	set->id = (uint32_t)rcp_command_classes_n;   /* the thread's memos start zeroed */
#else
	memset(&set->memo, 0, sizeof(set->memo));
#endif
	rcp_command_classes[rcp_command_classes_n++] = ce;
	(void)rcp_null_str();   /* made here, in MINIT, before any thread can race on its first use */

	zend_hash_init(&set->byname, RCP_HOT_NAMES, NULL, NULL, 1);
	for (uint32_t i = 0; i < RCP_HOT_NAMES; i++) {
		zend_internal_function *f = &set->fns[i];
		const char *name = rcp_hot_names[i];

		memset(f, 0, sizeof(*f));
		f->type = ZEND_INTERNAL_FUNCTION;
		f->fn_flags = ZEND_ACC_PUBLIC | ZEND_ACC_VARIADIC | ZEND_ACC_HAS_RETURN_TYPE;
		f->function_name = zend_string_init_interned(name, strlen(name), 1);
		f->scope = ce;
		f->num_args = 0;          /* the variadic one is not counted */
		f->required_num_args = 0;
		f->arg_info = (zend_internal_arg_info *)arginfo_rcp_hot + 1;
		f->handler = handler;
		f->module = EG(current_module);
		/* no run-time cache: the engine allocates the caches of the functions in its tables only, and the observer
		 * API (8.2+) skips a function without one, where it would read a cache never allocated */
		ZEND_MAP_PTR_INIT(f->run_time_cache, NULL);
		zend_hash_add_new_ptr(&set->byname, f->function_name, f);
	}
}

/* Which of set's methods runs in execute_data (the engine may run a copy: a closure's, $pool->get(...)). */
static size_t rcp_hot_index(rcp_hot_set *set, zend_execute_data *execute_data)
{
	const zend_internal_function *f = &EX(func)->internal_function;

	if ((uintptr_t)f < (uintptr_t)set->fns || (uintptr_t)f >= (uintptr_t)(set->fns + RCP_HOT_NAMES)) {
		f = zend_hash_find_ptr(&set->byname, f->function_name);
	}
	return (size_t)(f - set->fns);
}

bool rcp_hot_frame_needs_array(rcp_hot_set *set, zend_execute_data *execute_data)
{
	size_t i = rcp_hot_index(set, execute_data);
	rcp_hot_memo *m = RCP_HOT_MEMO(set);

	if (!m->needs_array[i]) { /* 0: not known yet (the Predis table is built after the classes) */
		const char *name = rcp_hot_names[i];
		m->needs_array[i] = rcp_hot_needs_array(rcp_predis_lookup(name, strlen(name))) ? 2 : 1;
	}
	return m->needs_array[i] == 2;
}

/* rcp_call_resolve() for the command method running in execute_data, kept per method and command table. */
static zend_always_inline void rcp_hot_resolve(rcp_hot_set *set, zend_execute_data *execute_data, rcp_client *cl,
                                               rcp_call_res *out)
{
	size_t i = rcp_hot_index(set, execute_data);
	/* (the process' command table, once loaded: rcp_cluster_cmds() loads it) */
	uint64_t serial = rcp_cmdtab_serial(EXPECTED(cl->cluster->cmds != NULL) ? cl->cluster->cmds : rcp_cluster_cmds(cl->cluster));
	rcp_hot_memo *m = RCP_HOT_MEMO(set);

	if (m->res[i].cmd && m->res_serial[i] == serial) {
		*out = m->res[i];
		return;
	}
	rcp_call_resolve(EX(func)->common.function_name, cl, out);
	if (out->cmd) {
		m->res[i] = *out;
		m->res_serial[i] = serial;
	}
}

zend_function *rcp_hot_get_method(rcp_hot_set *set, zend_object **obj, zend_string *name, const zval *key)
{
	zend_function *f;

	if (key) {
		f = zend_hash_find_ptr(&set->byname, Z_STR_P(key));
	} else {
		zend_string *lc = zend_string_tolower(name);
		f = zend_hash_find_ptr(&set->byname, lc);
		zend_string_release(lc);
	}
	/* only a call spelled as declared: any other spelling keeps going through __call(), which sees the name as
	 * called (and says it in its messages) */
	if (f && zend_string_equals(name, f->common.function_name)) {
		return f;
	}
	return zend_std_get_method(obj, name, key);
}

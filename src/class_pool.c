/*
 * class_pool.c - the RedisClusterPool class: constructor option parsing, argument shaping (Predis'
 * flattening, stringification, key prefix) and the PHP face of routing/execution.
 *
 * Everything that can be said without zvals lives in the core files; this file turns PHP values into
 * argv, calls rcp_exec(), and turns rcp_err / error replies into exceptions.
 */
#include <unistd.h>
#include "php.h"
#include "zend_smart_str.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "php_redis_cluster_pool.h"
#include "rcp_commands.h"
#include "rcp_errors.h"
#include "rcp_exec.h"
#include "rcp_pool.h"
#include "rcp_predis.h"
#include "rcp_reply.h"
#include "rcp_slot.h"
#include "rcp_topology.h"
#include "rcp_shm.h"
#include "rcp_metrics.h"
#include "rcp_binding.h"
#include "rcp_options.h"

#define RCP_MAX_SEEDS 64


static zend_object_handlers rcp_pool_handlers;


static zend_object *rcp_pool_create(zend_class_entry *ce)
{
	rcp_pool_object *p = zend_object_alloc(sizeof(rcp_pool_object), ce);

	memset(p, 0, XtOffsetOf(rcp_pool_object, std));
	zend_object_std_init(&p->std, ce);
	object_properties_init(&p->std, ce);
	p->std.handlers = &rcp_pool_handlers;
	return &p->std;
}

static HashTable *rcp_pool_get_gc(zend_object *o, zval **table, int *n)
{
	rcp_pool_object *p = rcp_pool_from(o);

	*table = &p->tx; /* an open raw transaction refers back to the pool */
	*n = 1;
	return zend_std_get_properties(o);
}

static void rcp_pool_free(zend_object *o)
{
	rcp_pool_object *p = rcp_pool_from(o);

	if (p->client.private_conns) {
		rcp_pool_close_cred(p->client.cred, p->client.cred_len);
	}
	zval_ptr_dtor(&p->tx);
	rcp_client_free(&p->client);
	if (p->prefix) {
		zend_string_release(p->prefix);
	}
	zend_object_std_dtor(o);
}

/* var_dump()/print_r(): what a user may see; never credentials. */
static HashTable *rcp_pool_debug_info(zend_object *o, int *is_temp)
{
	rcp_pool_object *p = rcp_pool_from(o);
	HashTable *ht = zend_new_array(4);
	zval z, seeds;

	*is_temp = 1;
	array_init(&seeds);
	if (p->client.cluster) {
		for (uint32_t i = 0; i < p->client.cluster->nseeds; i++) {
			add_next_index_str(&seeds, strpprintf(0, "%s:%u", p->client.cluster->seeds[i].host,
				(unsigned)p->client.cluster->seeds[i].port));
		}
	}
	zend_hash_str_update(ht, "seeds", sizeof("seeds") - 1, &seeds);
	if (p->prefix) {
		ZVAL_STR_COPY(&z, p->prefix);
	} else {
		ZVAL_NULL(&z);
	}
	zend_hash_str_update(ht, "prefix", sizeof("prefix") - 1, &z);
	ZVAL_BOOL(&z, p->exceptions);
	zend_hash_str_update(ht, "exceptions", sizeof("exceptions") - 1, &z);
	ZVAL_BOOL(&z, p->client.setup != NULL);
	zend_hash_str_update(ht, "authenticated", sizeof("authenticated") - 1, &z);
	ZVAL_BOOL(&z, p->client.tls != NULL);
	zend_hash_str_update(ht, "tls", sizeof("tls") - 1, &z); /* its settings stay private (the passphrase) */
	return ht;
}

static rcp_hot_set rcp_pool_hot;

static zend_function *rcp_pool_get_method(zend_object **obj, zend_string *name, const zval *key)
{
	return rcp_hot_get_method(&rcp_pool_hot, obj, name, key);
}

static ZEND_NAMED_FUNCTION(rcp_pool_hot_call);

void rcp_class_pool_minit(void)
{
	memcpy(&rcp_pool_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	rcp_pool_handlers.offset = XtOffsetOf(rcp_pool_object, std);
	rcp_pool_handlers.free_obj = rcp_pool_free;
	rcp_pool_handlers.get_gc = rcp_pool_get_gc;
	rcp_pool_handlers.clone_obj = NULL;
	rcp_pool_handlers.get_debug_info = rcp_pool_debug_info;
	rcp_pool_handlers.get_method = rcp_pool_get_method;
	rcp_ce_pool->create_object = rcp_pool_create;
	rcp_hot_init(&rcp_pool_hot, rcp_ce_pool, rcp_pool_hot_call);
}

#define RCP_THIS_POOL() rcp_pool_from(Z_OBJ_P(ZEND_THIS))

rcp_pool_object *rcp_pool_checked(zval *this_zv)
{
	rcp_pool_object *p = rcp_pool_from(Z_OBJ_P(this_zv));

	if (!p->constructed) {
		zend_throw_error(NULL, "RedisClusterPool object is not initialized (its constructor was not called)");
		return NULL;
	}
	return p;
}

/* ---- constructor ------------------------------------------------------------------------------ */

static bool rcp_opt_timeout(zval *v, const char *name, uint64_t *out)
{
	double d;

	if (Z_TYPE_P(v) == IS_LONG) {
		d = (double)Z_LVAL_P(v);
	} else if (Z_TYPE_P(v) == IS_DOUBLE) {
		d = Z_DVAL_P(v);
	} else if (Z_TYPE_P(v) == IS_STRING && is_numeric_string(Z_STRVAL_P(v), Z_STRLEN_P(v), NULL, &d, 0) != 0) {
		d = zval_get_double(v);
	} else {
		rcp_throw(rcp_ce_invalid_argument, "Option \"%s\" must be a number of seconds, %s given",
			name, zend_zval_type_name(v));
		return false;
	}
	if (!(d > 0) || d > 86400) {
		/* a number is repeated, a string never (it could be a password in the wrong place) */
		if (Z_TYPE_P(v) == IS_STRING) {
			rcp_throw(rcp_ce_invalid_argument, "Option \"%s\" must be > 0 and <= 86400 seconds, a numeric string "
				"out of that range given", name);
		} else {
			rcp_throw(rcp_ce_invalid_argument, "Option \"%s\" must be > 0 and <= 86400 seconds, %g given", name, d);
		}
		return false;
	}
	*out = (uint64_t)(d * 1000.0 + 0.5);
	if (*out == 0) {
		*out = 1;
	}
	return true;
}

static bool rcp_opt_string(zval *v, const char *name, zend_string **out)
{
	if (Z_TYPE_P(v) == IS_NULL) {
		*out = NULL;
		return true;
	}
	if (Z_TYPE_P(v) != IS_STRING) {
		rcp_throw(rcp_ce_invalid_argument, "Option \"parameters.%s\" must be a string or null, %s given",
			name, zend_zval_type_name(v));
		return false;
	}
	*out = Z_STR_P(v);
	return true;
}

/* "tcp"/"redis" -> RCP_SCHEME_TCP, "tls"/"rediss" -> RCP_SCHEME_TLS (Predis' schemes), else -1. */
static int rcp_scheme_parse(zval *v)
{
	if (Z_TYPE_P(v) != IS_STRING) {
		return -1;
	}
	if (zend_string_equals_literal_ci(Z_STR_P(v), "tcp") || zend_string_equals_literal_ci(Z_STR_P(v), "redis")) {
		return RCP_SCHEME_TCP;
	}
	if (zend_string_equals_literal_ci(Z_STR_P(v), "tls") || zend_string_equals_literal_ci(Z_STR_P(v), "rediss")) {
		return RCP_SCHEME_TLS;
	}
	return -1;
}

/* The constructor's options and parameters, by name (their values are never repeated in messages). */
static const char *const rcp_option_names[] = {"parameters", "prefix", "exceptions", "persistent", "read", "zone",
	"deadline", "cluster", NULL};
static const char *const rcp_parameter_names[] = {"username", "password", "timeout", "read_write_timeout", "database",
	"scheme", "ssl", NULL};
static const char *const rcp_seed_keys[] = {"host", "port", "scheme", NULL};

/* The name of "parameters" that k is (misplaced, at the top of the options or in a seed array), or NULL. */
static const char *rcp_parameter_name(zend_string *k)
{
	for (const char *const *pn = rcp_parameter_names; *pn; pn++) {
		if (zend_string_equals_cstr(k, *pn, strlen(*pn))) {
			return *pn;
		}
	}
	return NULL;
}

/* One seed ("host:port" or ["host" => .., "port" => .., "scheme" => ..]) into out; false with err filled. */
static bool rcp_parse_seed_zv(zval *s, rcp_seed *out, rcp_err *err)
{
	if (Z_TYPE_P(s) == IS_STRING) {
		return rcp_seed_parse(Z_STRVAL_P(s), Z_STRLEN_P(s), out, err) == RCP_OK;
	}
	if (Z_TYPE_P(s) == IS_ARRAY) {
		zval *host = zend_hash_str_find_deref(Z_ARRVAL_P(s), "host", 4);
		zval *port = zend_hash_str_find_deref(Z_ARRVAL_P(s), "port", 4);
		zend_string *k;
		zend_long pv;
		uint32_t pos = 0;

		ZEND_HASH_FOREACH_STR_KEY(Z_ARRVAL_P(s), k) {
			pos++;
			if (k && zend_string_equals_literal(k, "ssl")) {
				rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed array: TLS settings (\"ssl\") apply to every node: "
					"put them in the \"parameters\" option (\"parameters\" => [\"ssl\" => [...]])");
				return false;
			}
			if (!k) {
				rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed array: key #%u is an integer (allowed: host, port, "
					"scheme; put credentials and timeouts in the \"parameters\" option)", pos);
				return false;
			}
			if (!zend_string_equals_literal(k, "host") && !zend_string_equals_literal(k, "port") &&
			    !zend_string_equals_literal(k, "scheme")) {
				const char *param = rcp_parameter_name(k);
				if (param) { /* a name of ours: it may be repeated */
					rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed array: \"%s\" goes in the \"parameters\" "
						"option, which applies to every node (allowed here: host, port, scheme)", param);
				} else {
					rcp_err_unknown_key(err, "Invalid seed array: unknown key", pos, ZSTR_VAL(k), ZSTR_LEN(k), rcp_seed_keys);
					rcp_err_append(err, " (put credentials and timeouts in the \"parameters\" option)");
				}
				return false;
			}
		} ZEND_HASH_FOREACH_END();
		if (!host || Z_TYPE_P(host) != IS_STRING || Z_STRLEN_P(host) == 0 || Z_STRLEN_P(host) >= RCP_HOST_MAX ||
		    memchr(Z_STRVAL_P(host), '\0', Z_STRLEN_P(host))) {
			rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed array: \"host\" must be a non-empty string "
				"without NUL bytes, shorter than %d bytes", RCP_HOST_MAX);
			return false;
		}
		if (!port) {
			pv = 6379;
		} else if (Z_TYPE_P(port) == IS_LONG) {
			pv = Z_LVAL_P(port);
		} else if (Z_TYPE_P(port) == IS_STRING && is_numeric_string(Z_STRVAL_P(port), Z_STRLEN_P(port), &pv, NULL, 0) == IS_LONG) {
			/* pv set */
		} else {
			rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed array: \"port\" must be an integer, %s given",
				zend_zval_type_name(port));
			return false;
		}
		if (pv < 1 || pv > 65535) {
			if (Z_TYPE_P(port) == IS_LONG) {
				rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed array: port must be 1..65535, " ZEND_LONG_FMT
					" given", pv);
			} else {
				rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed array: port must be 1..65535, a numeric string "
					"out of that range given");
			}
			return false;
		}
		zval *scheme = zend_hash_str_find_deref(Z_ARRVAL_P(s), "scheme", 6);
		int sc = scheme ? rcp_scheme_parse(scheme) : RCP_SCHEME_NONE;
		if (sc < 0) {
			rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed array: \"scheme\" must be \"tcp\", \"redis\", "
				"\"tls\" or \"rediss\"");
			return false;
		}
		memcpy(out->host, Z_STRVAL_P(host), Z_STRLEN_P(host) + 1);
		out->port = (uint16_t)pv;
		out->scheme = (uint8_t)sc;
		return true;
	}
	rcp_err_set(err, RCP_E_ARGUMENT, NULL, "Invalid seed: expected \"host:port\" or [\"host\" => ..., \"port\" => ...], "
		"%s given", zend_zval_type_name(s));
	return false;
}

ZEND_METHOD(RedisClusterPool, __construct)
{
	zend_string *seeds_str = NULL;
	HashTable *seeds_ht = NULL, *options = NULL;
	rcp_pool_object *p = RCP_THIS_POOL();
	rcp_seed seeds[RCP_MAX_SEEDS];
	uint32_t nseeds = 0;
	zend_string *user = NULL, *pass = NULL, *k;
	zval *v;
	rcp_tls_opts tls;
	int scheme = RCP_SCHEME_NONE;
	bool ssl_given = false;
	rcp_err err = {0};

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_ARRAY_HT_OR_STR(seeds_ht, seeds_str)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (p->constructed) {
		zend_throw_error(NULL, "Cannot call RedisClusterPool::__construct() twice");
		RETURN_THROWS();
	}
	p->exceptions = true;
	rcp_client_defaults(&p->client);
	rcp_tls_opts_init(&tls);

	if (seeds_str) {
		zval tmp;
		if (!ZSTR_LEN(seeds_str)) {
			rcp_throw(rcp_ce_invalid_argument, "RedisClusterPool needs at least one seed node, an empty string was given");
			RETURN_THROWS();
		}
		ZVAL_STR(&tmp, seeds_str);
		if (!rcp_parse_seed_zv(&tmp, &seeds[0], &err)) {
			rcp_throw_err(&err);
			RETURN_THROWS();
		}
		nseeds = 1;
	} else {
		if (zend_hash_num_elements(seeds_ht) == 0) {
			rcp_throw(rcp_ce_invalid_argument, "RedisClusterPool needs at least one seed node, an empty list was given");
			RETURN_THROWS();
		}
		if (zend_hash_num_elements(seeds_ht) > RCP_MAX_SEEDS) {
			rcp_throw(rcp_ce_invalid_argument, "Too many seed nodes (%u, at most %d): a few per cluster are enough",
				zend_hash_num_elements(seeds_ht), RCP_MAX_SEEDS);
			RETURN_THROWS();
		}
		ZEND_HASH_FOREACH_VAL(seeds_ht, v) {
			ZVAL_DEREF(v);
			if (!rcp_parse_seed_zv(v, &seeds[nseeds], &err)) {
				if (zend_hash_num_elements(seeds_ht) > 1) {
					rcp_err_append(&err, " (seed #%u)", nseeds + 1);
				}
				rcp_throw_err(&err);
				RETURN_THROWS();
			}
			nseeds++;
		} ZEND_HASH_FOREACH_END();
	}

	if (options) {
		uint32_t pos = 0;
		ZEND_HASH_FOREACH_STR_KEY_VAL(options, k, v) {
			ZVAL_DEREF(v);
			pos++;
			if (!k) {
				rcp_throw(rcp_ce_invalid_argument, "Options must be an array keyed by option name");
				RETURN_THROWS();
			}
			if (zend_string_equals_literal(k, "prefix")) {
				if (Z_TYPE_P(v) == IS_NULL) {
					continue;
				}
				if (Z_TYPE_P(v) != IS_STRING) {
					rcp_throw(rcp_ce_invalid_argument, "Option \"prefix\" must be a string, %s given", zend_zval_type_name(v));
					RETURN_THROWS();
				}
				if (Z_STRLEN_P(v)) {
					p->prefix = zend_string_copy(Z_STR_P(v));
				}
			} else if (zend_string_equals_literal(k, "exceptions")) {
				if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
					rcp_throw(rcp_ce_invalid_argument, "Option \"exceptions\" must be a bool, %s given", zend_zval_type_name(v));
					RETURN_THROWS();
				}
				p->exceptions = Z_TYPE_P(v) == IS_TRUE;
			} else if (zend_string_equals_literal(k, "persistent")) {
				if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
					rcp_throw(rcp_ce_invalid_argument, "Option \"persistent\" must be a bool, %s given", zend_zval_type_name(v));
					RETURN_THROWS();
				}
				p->client.private_conns = Z_TYPE_P(v) == IS_FALSE;
			} else if (zend_string_equals_literal(k, "read")) {
				int pol = Z_TYPE_P(v) == IS_STRING ? rcp_read_policy_parse(Z_STRVAL_P(v), Z_STRLEN_P(v)) : -1;
				if (pol < 0) {
					rcp_throw(rcp_ce_invalid_argument, "Option \"read\" must be one of " RCP_READ_POLICY_NAMES
						", %s given", Z_TYPE_P(v) == IS_STRING ? "another string" : zend_zval_type_name(v));
					RETURN_THROWS();
				}
				p->client.read_policy = (uint8_t)pol;
			} else if (zend_string_equals_literal(k, "zone")) {
				/* the client's availability zone, for the az_affinity read policies (Valkey's availability-zone) */
				if (Z_TYPE_P(v) != IS_STRING || Z_STRLEN_P(v) >= RCP_ZONE_MAX || memchr(Z_STRVAL_P(v), '\0', Z_STRLEN_P(v))) {
					rcp_throw(rcp_ce_invalid_argument, "Option \"zone\" must be a string shorter than %d bytes without NUL, "
						"%s given", RCP_ZONE_MAX, Z_TYPE_P(v) == IS_STRING ? "a longer or NUL-holding string" : zend_zval_type_name(v));
					RETURN_THROWS();
				}
				memcpy(p->client.zone, Z_STRVAL_P(v), Z_STRLEN_P(v));
				p->client.zone[Z_STRLEN_P(v)] = '\0';
			} else if (zend_string_equals_literal(k, "deadline")) {
				if (!rcp_opt_timeout(v, "deadline", &p->client.deadline_ms)) RETURN_THROWS();
			} else if (zend_string_equals_literal(k, "cluster")) {
				/* Predis' "cluster" => "redis" selects Redis Cluster: that is what we are */
				if (Z_TYPE_P(v) != IS_STRING || !zend_string_equals_literal(Z_STR_P(v), "redis")) {
					rcp_throw(rcp_ce_invalid_argument, "Option \"cluster\" may only be \"redis\" (Redis Cluster)");
					RETURN_THROWS();
				}
			} else if (zend_string_equals_literal(k, "parameters")) {
				zend_string *pk;
				zval *pv;
				uint32_t ppos = 0;
				if (Z_TYPE_P(v) != IS_ARRAY) {
					rcp_throw(rcp_ce_invalid_argument, "Option \"parameters\" must be an array, %s given", zend_zval_type_name(v));
					RETURN_THROWS();
				}
				ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(v), pk, pv) {
					ZVAL_DEREF(pv);
					ppos++;
					if (!pk) {
						rcp_throw(rcp_ce_invalid_argument, "Option \"parameters\" must be keyed by parameter name");
						RETURN_THROWS();
					}
					if (zend_string_equals_literal(pk, "username")) {
						if (!rcp_opt_string(pv, "username", &user)) RETURN_THROWS();
					} else if (zend_string_equals_literal(pk, "password")) {
						if (!rcp_opt_string(pv, "password", &pass)) RETURN_THROWS();
					} else if (zend_string_equals_literal(pk, "timeout")) {
						if (!rcp_opt_timeout(pv, "parameters.timeout", &p->client.connect_timeout_ms)) RETURN_THROWS();
					} else if (zend_string_equals_literal(pk, "read_write_timeout")) {
						if (!rcp_opt_timeout(pv, "parameters.read_write_timeout", &p->client.rw_timeout_ms)) RETURN_THROWS();
					} else if (zend_string_equals_literal(pk, "database")) {
						if (!((Z_TYPE_P(pv) == IS_LONG && Z_LVAL_P(pv) == 0) ||
						      (Z_TYPE_P(pv) == IS_STRING && zend_string_equals_literal(Z_STR_P(pv), "0")) ||
						      Z_TYPE_P(pv) == IS_NULL)) {
							rcp_throw(rcp_ce_invalid_argument,
								"Option \"parameters.database\" must be 0: Redis Cluster has a single database");
							RETURN_THROWS();
						}
					} else if (zend_string_equals_literal(pk, "scheme")) {
						if ((scheme = rcp_scheme_parse(pv)) < 0) {
							rcp_throw(rcp_ce_invalid_argument,
								"Option \"parameters.scheme\" must be \"tcp\", \"redis\", \"tls\" or \"rediss\"");
							RETURN_THROWS();
						}
					} else if (zend_string_equals_literal(pk, "ssl")) {
						if (Z_TYPE_P(pv) == IS_NULL) {
							continue;
						}
						if (Z_TYPE_P(pv) != IS_ARRAY) {
							rcp_throw(rcp_ce_invalid_argument, "Option \"parameters.ssl\" must be an array of TLS settings, %s given",
								zend_zval_type_name(pv));
							RETURN_THROWS();
						}
						if (rcp_tls_opts_parse(Z_ARRVAL_P(pv), &tls, &err) != RCP_OK) {
							rcp_throw_err(&err);
							RETURN_THROWS();
						}
						ssl_given = true;
					} else {
						rcp_throw_unknown_key("Option \"parameters\": unknown key", ppos, pk, rcp_parameter_names);
						RETURN_THROWS();
					}
				} ZEND_HASH_FOREACH_END();
			} else {
				const char *param = rcp_parameter_name(k);
				if (param) { /* a name of ours: it may be repeated */
					rcp_throw(rcp_ce_invalid_argument, "Option \"%s\" goes in the \"parameters\" option: "
						"\"parameters\" => [\"%s\" => ...]", param, param);
					RETURN_THROWS();
				}
				rcp_throw_unknown_key("Unknown option", pos, k, rcp_option_names);
				RETURN_THROWS();
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (user && !pass) {
		rcp_throw(rcp_ce_invalid_argument, "Option \"parameters.username\" needs \"parameters.password\" as well");
		RETURN_THROWS();
	}
	if (rcp_tls_opts_resolve(&tls, seeds, nseeds, scheme, ssl_given, &err) != RCP_OK ||
	    rcp_client_attach(&p->client, seeds, nseeds, user, pass, &tls, &err) != RCP_OK) {
		rcp_throw_err(&err);
		RETURN_THROWS();
	}
	p->constructed = true;
}

ZEND_METHOD(RedisClusterPool, __call)
{
	zend_string *name;
	HashTable *args;
	rcp_pool_object *p;

	if (!rcp_call_params(execute_data, &name, &args)) {
		RETURN_THROWS();
	}
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (rcp_tx_pool_call(ZEND_THIS, name, args, return_value)) {
		return; /* MULTI / EXEC / DISCARD / WATCH / UNWATCH, or a command queued after MULTI */
	}
	rcp_pool_call(p, name, args, return_value);
}

/* A command method (rcp_hot_names): __call() with the method's name and arguments. */
static ZEND_NAMED_FUNCTION(rcp_pool_hot_call)
{
	rcp_pool_object *p;
	zval args;

	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (rcp_pool_call_frame(p, &rcp_pool_hot, execute_data, return_value)) {
		return;
	}
	rcp_hot_args(execute_data, &args);
	if (!rcp_tx_pool_call(ZEND_THIS, EX(func)->common.function_name, Z_ARRVAL(args), return_value)) {
		rcp_pool_call(p, EX(func)->common.function_name, Z_ARRVAL(args), return_value);
	}
	zval_ptr_dtor(&args);
}

ZEND_METHOD(RedisClusterPool, executeRaw)
{
	HashTable *args;
	zval *error = NULL, *first;
	rcp_pool_object *p;
	rcp_argv a;
	zend_string *name;
	HashTable rest;
	uint32_t i = 0;
	zval *v;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_ARRAY_HT(args)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(error)
	ZEND_PARSE_PARAMETERS_END();
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (zend_hash_num_elements(args) == 0) {
		rcp_throw(rcp_ce_invalid_argument, "executeRaw() needs the command name as its first element, an empty array was given");
		RETURN_THROWS();
	}
	first = zend_hash_get_current_data(args);
	{
		HashPosition hp;
		zend_hash_internal_pointer_reset_ex(args, &hp);
		first = zend_hash_get_current_data_ex(args, &hp);
	}
	ZVAL_DEREF(first);
	if (Z_TYPE_P(first) != IS_STRING || Z_STRLEN_P(first) == 0) {
		rcp_throw(rcp_ce_invalid_argument, "executeRaw(): the first element must be the command name (a non-empty string)");
		RETURN_THROWS();
	}
	name = Z_STR_P(first);
	if (rcp_name_sensitive(ZSTR_VAL(name), ZSTR_LEN(name))) {
		rcp_redact_args(execute_data, 1, 1);
	}
	zend_hash_init(&rest, zend_hash_num_elements(args), NULL, NULL, 0);
	ZEND_HASH_FOREACH_VAL(args, v) {
		if (i++ > 0) {
			zend_hash_next_index_insert_new(&rest, v);
		}
	} ZEND_HASH_FOREACH_END();
	if (!rcp_argv_build(&a, ZSTR_VAL(name), ZSTR_LEN(name), name, &rest, "executeRaw()")) {
		zend_hash_destroy(&rest);
		RETURN_THROWS();
	}
	zend_hash_destroy(&rest);
	rcp_pool_run_argv(p, &a, return_value);
	rcp_argv_free(&a);
	if (EG(exception)) {
		RETURN_THROWS();
	}
	/* like Predis\Client::executeRaw(): status and error replies come back as strings */
	if (error) {
		ZEND_TRY_ASSIGN_REF_FALSE(error);
	}
	if (Z_TYPE_P(return_value) == IS_OBJECT) {
		bool is_err = Z_OBJCE_P(return_value) == rcp_ce_error;
		zend_string *s = zval_get_string(return_value);
		zval_ptr_dtor(return_value);
		RETVAL_STR(s);
		if (is_err && error) {
			ZEND_TRY_ASSIGN_REF_TRUE(error);
		}
	}
}

/* ---- static helpers --------------------------------------------------------------------------- */

ZEND_METHOD(RedisClusterPool, poolStats)
{
	ZEND_PARSE_PARAMETERS_NONE();
	rcp_metrics_pool_stats(return_value);
}

ZEND_METHOD(RedisClusterPool, metrics)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_STR(rcp_metrics_prometheus());
}

ZEND_METHOD(RedisClusterPool, keySlot)
{
	zend_string *key;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(key)
	ZEND_PARSE_PARAMETERS_END();
	RETURN_LONG(rcp_key_slot(ZSTR_VAL(key), ZSTR_LEN(key)));
}

static const char *const rcp_route_names[] = {"keyed", "any", "all_primaries", "all_nodes", "multi_shard", "unsupported",
	"after_write"};
static const char *const rcp_merge_names[] = {"none", "all_succeeded", "one_succeeded", "sum", "min", "max",
	"logical_and", "logical_or", "concat", "per_node"};

ZEND_METHOD(RedisClusterPool, commandInfo)
{
	zval *args = NULL;
	uint32_t argc = 0, i;
	rcp_argv a;
	HashTable rest;
	const rcp_cmd *cmd;
	int stackpos[RCP_KEYS_STACK], *pos = stackpos, n;
	char ebuf[256];
	zval keys;

	rcp_redact_named(execute_data); /* commandInfo('AUTH', ...): the rest is a secret */
	ZEND_PARSE_PARAMETERS_START(0, -1)
		Z_PARAM_VARIADIC('+', args, argc)
	ZEND_PARSE_PARAMETERS_END();
	/* string ...$argv: checked as ZPP would check each (the engine checks an internal function's variadic
	 * arguments only when told, and Z_PARAM_VARIADIC does not) */
	if (!rcp_parse_strings(args, argc, 1)) {
		RETURN_THROWS();
	}
	if (argc == 0) {
		rcp_throw(rcp_ce_invalid_argument, "commandInfo() needs a command name");
		RETURN_THROWS();
	}
	zend_hash_init(&rest, argc, NULL, NULL, 0);
	for (i = 1; i < argc; i++) {
		zend_hash_next_index_insert_new(&rest, rcp_frame_arg(execute_data, i + 1));
	}
	if (!rcp_argv_build(&a, Z_STRVAL(args[0]), Z_STRLEN(args[0]), Z_STR(args[0]), &rest, "commandInfo()")) {
		zend_hash_destroy(&rest);
		RETURN_THROWS();
	}
	zend_hash_destroy(&rest);
	if (!(cmd = rcp_argv_find(&a, NULL))) {
		rcp_argv_free(&a);
		RETURN_THROWS();
	}
	n = rcp_cmd_keys_into(cmd, a.argc, a.argv, a.lens, stackpos, &pos, ebuf, sizeof(ebuf));
	rcp_argv_free(&a);
	if (n < 0) {
		rcp_throw(rcp_ce_invalid_argument, "%s", ebuf);
		RETURN_THROWS();
	}
	array_init_size(&keys, (uint32_t)n);
	for (int k = 0; k < n; k++) {
		add_next_index_long(&keys, pos[k]);
	}
	if (pos != stackpos) {
		efree(pos);
	}
	array_init(return_value);
	add_assoc_string(return_value, "name", cmd->name);
	add_assoc_zval(return_value, "keys", &keys);
	add_assoc_bool(return_value, "write", (cmd->flags & RCP_CMD_WRITE) != 0);
	add_assoc_bool(return_value, "readonly", (cmd->flags & RCP_CMD_READONLY) != 0);
	add_assoc_string(return_value, "route", (char *)rcp_route_names[cmd->route]);
	add_assoc_string(return_value, "merge", (char *)rcp_merge_names[cmd->merge]);
}

ZEND_METHOD(RedisClusterPool, predisArgs)
{
	zend_string *method, *lc;
	HashTable *args;
	zval flat, *v;
	uint32_t i = 1;

	if (!rcp_call_params(execute_data, &method, &args)) {
		RETURN_THROWS();
	}
	lc = zend_string_tolower(method);
	if (rcp_predis_args(ZSTR_VAL(lc), ZSTR_LEN(lc), args, &flat) == FAILURE) {
		zend_string_release(lc);
		RETURN_THROWS();
	}
	zend_string_release(lc);
	array_init_size(return_value, zend_hash_num_elements(Z_ARRVAL(flat)));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL(flat), v) {
		zend_string *s = rcp_arg_string(v, ZSTR_VAL(method), i++);
		if (!s) {
			zval_ptr_dtor(&flat);
			RETURN_THROWS();
		}
		add_next_index_str(return_value, s);
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&flat);
}

ZEND_METHOD(RedisClusterPool, predisReply)
{
	zend_string *method, *lc;
	HashTable *args, *given = NULL;
	zval *reply;

	if (rcp_redact_named(execute_data)) {
		/* predisReply('auth', [secret...], ...): parsed from the values kept aside (ZPP would see the wrappers) */
		uint32_t n = ZEND_NUM_ARGS();
		zval *v;
		if (n < 3 || n > 4) {
			zend_wrong_parameters_count_error(3, 4);
			RETURN_THROWS();
		}
		method = Z_STR_P(rcp_frame_arg(execute_data, 1));
		if (Z_TYPE_P(v = rcp_frame_arg(execute_data, 2)) != IS_ARRAY) {
			zend_wrong_parameter_type_error(2, Z_EXPECTED_ARRAY, v);
			RETURN_THROWS();
		}
		args = Z_ARRVAL_P(v);
		reply = rcp_frame_arg(execute_data, 3);
		if (n == 4 && Z_TYPE_P(v = rcp_frame_arg(execute_data, 4)) != IS_NULL) {
			if (Z_TYPE_P(v) != IS_ARRAY) {
				zend_wrong_parameter_type_error(4, Z_EXPECTED_ARRAY_OR_NULL, v);
				RETURN_THROWS();
			}
			given = Z_ARRVAL_P(v);
		}
	} else {
		ZEND_PARSE_PARAMETERS_START(3, 4)
			Z_PARAM_STR(method)
			Z_PARAM_ARRAY_HT(args)
			Z_PARAM_ZVAL(reply)
			Z_PARAM_OPTIONAL
			Z_PARAM_ARRAY_HT_OR_NULL(given)
		ZEND_PARSE_PARAMETERS_END();
	}
	lc = zend_string_tolower(method);
	ZVAL_COPY(return_value, reply);
	rcp_predis_reply(ZSTR_VAL(lc), ZSTR_LEN(lc), args, given, return_value);
	zend_string_release(lc);
}

ZEND_METHOD(RedisClusterPool, getSlotMap)
{
	rcp_pool_object *p;
	rcp_err err;
	rcp_map *map;
	zval nodes, slots;
	char addr[RCP_ADDR_MAX];

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (rcp_client_ready(&p->client, &err) != RCP_OK) {
		rcp_throw_err(&err);
		RETURN_THROWS();
	}
	map = p->client.cluster->map;
	array_init(&nodes);
	for (uint16_t i = 0; i < map->nnodes; i++) {
		zval n;
		array_init(&n);
		add_assoc_string(&n, "role", map->nodes[i].replica ? "replica" : "primary");
		if (map->nodes[i].replica && map->nodes[i].primary != RCP_NO_NODE) {
			rcp_node_addr(&map->nodes[map->nodes[i].primary], addr, sizeof(addr));
			add_assoc_string(&n, "primary", addr);
		}
		if (map->nodes[i].zone) {
			add_assoc_string(&n, "zone", map->zones[map->nodes[i].zone - 1]);
		}
		rcp_node_addr(&map->nodes[i], addr, sizeof(addr));
		add_assoc_zval(&nodes, addr, &n);
	}
	array_init(&slots);
	for (int s = 0; s < RCP_SLOTS;) {
		int e = s;
		uint16_t idx = map->slots[s];
		while (e + 1 < RCP_SLOTS && map->slots[e + 1] == idx) {
			e++;
		}
		if (idx != RCP_NO_NODE) {
			zval r, reps;
			array_init(&r);
			add_next_index_long(&r, s);
			add_next_index_long(&r, e);
			rcp_node_addr(&map->nodes[idx], addr, sizeof(addr));
			add_next_index_string(&r, addr);
			array_init(&reps);
			for (uint16_t k = 0; k < map->nnodes; k++) {
				if (map->nodes[k].replica && map->nodes[k].primary == idx) {
					rcp_node_addr(&map->nodes[k], addr, sizeof(addr));
					add_next_index_string(&reps, addr);
				}
			}
			add_next_index_zval(&r, &reps);
			add_next_index_zval(&slots, &r);
		}
		s = e + 1;
	}
	array_init(return_value);
	add_assoc_zval(return_value, "nodes", &nodes);
	add_assoc_zval(return_value, "slots", &slots);
}

ZEND_METHOD(RedisClusterPool, scanAll)
{
	zend_string *match = NULL, *type = NULL;
	zend_long count = 0;

	ZEND_PARSE_PARAMETERS_START(0, 3)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(match)
		Z_PARAM_LONG(count)
		Z_PARAM_STR_OR_NULL(type)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_pool_checked(ZEND_THIS)) {
		RETURN_THROWS();
	}
	if (count < 0) {
		rcp_throw(rcp_ce_invalid_argument, "scanAll(): $count must be 0 (the server's default) or a positive COUNT hint, "
			ZEND_LONG_FMT " given", count);
		RETURN_THROWS();
	}
	if (type && !ZSTR_LEN(type)) {
		rcp_throw(rcp_ce_invalid_argument, "scanAll(): $type must be a Redis type name (string, list, set, zset, hash, "
			"stream) or null, \"\" given");
		RETURN_THROWS();
	}
	rcp_scan_new(ZEND_THIS, match, count, type, return_value);
}

ZEND_METHOD(RedisClusterPool, nodeForKey)
{
	rcp_pool_object *p;
	zend_string *key, *full;
	rcp_err err;
	uint16_t idx;
	char addr[RCP_ADDR_MAX];

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(key)
	ZEND_PARSE_PARAMETERS_END();
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (rcp_client_ready(&p->client, &err) != RCP_OK) {
		rcp_throw_err(&err);
		RETURN_THROWS();
	}
	full = p->prefix ? zend_string_concat2(ZSTR_VAL(p->prefix), ZSTR_LEN(p->prefix), ZSTR_VAL(key), ZSTR_LEN(key))
	                 : zend_string_copy(key);
	idx = p->client.cluster->map->slots[rcp_key_slot(ZSTR_VAL(full), ZSTR_LEN(full))];
	zend_string_release(full);
	if (idx == RCP_NO_NODE) {
		rcp_throw(rcp_ce_cluster, "The slot of this key is not served by any node");
		RETURN_THROWS();
	}
	rcp_node_addr(&p->client.cluster->map->nodes[idx], addr, sizeof(addr));
	RETURN_STRING(addr);
}

ZEND_METHOD(RedisClusterPool, stats)
{
	rcp_pool_object *p;
	rcp_cluster *cc;
	zval conns, cl;

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	cc = p->client.cluster;
	array_init(return_value);
	add_assoc_long(return_value, "pid", (zend_long)getpid());

	array_init(&conns);
	add_assoc_long(&conns, "pooled", (zend_long)rcp_pool_size());
	add_assoc_long(&conns, "opened", (zend_long)rcp_pool_counters.opened);
	add_assoc_long(&conns, "reused", (zend_long)rcp_pool_counters.reused);
	add_assoc_long(&conns, "discarded_broken", (zend_long)rcp_pool_counters.discarded_broken);
	add_assoc_long(&conns, "discarded_closed_by_peer", (zend_long)rcp_pool_counters.discarded_closed);
	add_assoc_long(&conns, "discarded_unread_reply", (zend_long)rcp_pool_counters.discarded_unread);
	add_assoc_long(&conns, "discarded_forked", (zend_long)rcp_pool_counters.discarded_forked);
	add_assoc_long(&conns, "discarded_idle", (zend_long)rcp_pool_counters.discarded_idle);
	add_assoc_long(&conns, "auth_refused", (zend_long)rcp_pool_counters.auth_refused);
	add_assoc_long(&conns, "tls_handshakes", (zend_long)rcp_tls_counters.handshakes);
	add_assoc_long(&conns, "tls_resumed", (zend_long)rcp_tls_counters.resumed);
	add_assoc_long(&conns, "tls_handshake_failures", (zend_long)rcp_tls_counters.failures);
	add_assoc_zval(return_value, "connections", &conns);

	array_init(&cl);
	add_assoc_long(&cl, "generation", (zend_long)cc->generation);
	add_assoc_long(&cl, "nodes", cc->map ? cc->map->nnodes : 0);
	add_assoc_long(&cl, "primaries", cc->map ? cc->map->nprimaries : 0);
	add_assoc_long(&cl, "refreshes", (zend_long)cc->refreshes);
	add_assoc_long(&cl, "refresh_failures", (zend_long)cc->refresh_failures);
	add_assoc_long(&cl, "cluster_slots_sent", (zend_long)cc->cluster_slots_sent);
	add_assoc_string(&cl, "topology_from", cc->no_shards ? "CLUSTER SLOTS" : "CLUSTER SHARDS");
	add_assoc_long(&cl, "moved", (zend_long)cc->moved_seen);
	add_assoc_long(&cl, "ask", (zend_long)cc->ask_seen);
	add_assoc_long(&cl, "noscript_fallbacks", (zend_long)cc->noscript_fallbacks);
	add_assoc_long(&cl, "read_retries", (zend_long)cc->read_retries);
	add_assoc_long(&cl, "read_auth_fallbacks", (zend_long)cc->read_auth_fallbacks);
	add_assoc_long(&cl, "readonly_redirects", (zend_long)cc->readonly_seen);
	{
		/* where command routing comes from: the servers' own table (COMMAND), or the built-in one */
		zval cmds;
		rcp_cmdtab *t = rcp_cluster_cmds(cc);
		array_init(&cmds);
		add_assoc_string(&cmds, "source", t ? "server" : "built-in");
		add_assoc_long(&cmds, "count", (zend_long)(t ? rcp_cmdtab_count(t) : rcp_cmd_count));
		add_assoc_long(&cmds, "packed_bytes", (zend_long)rcp_cmdtab_bytes(t));
		add_assoc_long(&cmds, "getkeys_sent", (zend_long)cc->getkeys_sent);
		add_assoc_string(&cmds, "why_built_in", !t && cc->cmds_note[0] ? cc->cmds_note : "");
		add_assoc_zval(&cl, "commands", &cmds);
	}
	add_assoc_bool(&cl, "shared", cc->shared != NULL);
	{
		/* pool-wide figures from the shared segment; a cluster the segment does not hold (it is full, or off)
		 * is this process's alone: its own figures then */
		zval pool, suspects;
		char addr[RCP_ADDR_MAX];
		rcp_shm_cluster *sh = cc->shared;
		array_init(&pool);
		array_init(&suspects);
		add_assoc_long(&pool, "generation", (zend_long)(sh ? rcp_shm_generation(sh) : cc->generation));
		add_assoc_long(&pool, "cluster_slots_sent", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_CLUSTER_SLOTS)
			: cc->cluster_slots_sent));
		add_assoc_long(&pool, "refreshes", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_REFRESHES) : cc->refreshes));
		add_assoc_long(&pool, "refresh_failures", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_REFRESH_FAILURES)
			: cc->refresh_failures));
		add_assoc_long(&pool, "moved", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_MOVED) : cc->moved_seen));
		add_assoc_long(&pool, "ask", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_ASK) : cc->ask_seen));
		add_assoc_long(&pool, "lease_takeovers", (zend_long)(sh ? rcp_shm_counter_get(sh, RCP_SC_LEASE_TAKEOVERS) : 0));
		add_assoc_long(&pool, "lease_holder", (zend_long)(sh ? rcp_shm_lease_holder(sh) : 0));
		if (sh) {
			/* suspects are marked by the index of a node in the shared map: named from this process's copy when
			 * it is that map, else from the shared map itself */
			rcp_map *map = cc->map, *copy = NULL;
			uint64_t now = rcp_now_ms();
			if (!map || cc->shared_gen != rcp_shm_generation(sh)) {
				copy = emalloc(sizeof(rcp_map));
				map = rcp_shm_read_map(sh, copy) ? copy : NULL;
			}
			for (uint16_t i = 0; map && i < map->nnodes; i++) {
				if (rcp_shm_is_suspect(sh, i, now)) {
					rcp_node_addr(&map->nodes[i], addr, sizeof(addr));
					add_next_index_string(&suspects, addr);
				}
			}
			if (copy) {
				efree(copy);
			}
		}
		add_assoc_zval(&pool, "suspect_nodes", &suspects);
		add_assoc_zval(&cl, "pool", &pool);
	}
	add_assoc_zval(return_value, "cluster", &cl);
	{
		/* every key always (zeros without a segment: redis_cluster_pool.shm_size=0) */
		rcp_shm_info si;
		zval shm;
		memset(&si, 0, sizeof(si));
		array_init(&shm);
		if (!rcp_shm_get_info(&si)) {
			memset(&si, 0, sizeof(si));
		}
		add_assoc_long(&shm, "bytes_total", (zend_long)si.size);
		add_assoc_long(&shm, "bytes_used", (zend_long)si.used);
		add_assoc_long(&shm, "clusters_max", si.clusters_max);
		add_assoc_long(&shm, "clusters_used", si.clusters_used);
		add_assoc_long(&shm, "clusters_table_full", si.clusters_full);
		add_assoc_long(&shm, "clusters_key_too_long", si.clusters_key_too_long);
		add_assoc_zval(return_value, "shm", &shm);
	}
}

ZEND_METHOD(RedisClusterPool, pipeline)
{
	zend_fcall_info fci = empty_fcall_info;
	zend_fcall_info_cache fcc = empty_fcall_info_cache;
	zval pipe, rv;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_FUNC_OR_NULL(fci, fcc)
	ZEND_PARSE_PARAMETERS_END();
	if (!rcp_pool_checked(ZEND_THIS)) {
		RETURN_THROWS();
	}
	rcp_pipeline_new(ZEND_THIS, &pipe);
	if (!ZEND_FCI_INITIALIZED(fci)) {
		RETURN_COPY_VALUE(&pipe);
	}
	ZVAL_UNDEF(&rv);
	zend_fcall_info_argn(&fci, 1, &pipe);
	fci.retval = &rv;
	if (zend_call_function(&fci, &fcc) == SUCCESS && !EG(exception)) {
		zend_call_method_with_0_params(Z_OBJ(pipe), rcp_ce_pipeline, NULL, "execute", return_value);
	}
	zend_fcall_info_args_clear(&fci, 1);
	zval_ptr_dtor(&rv);
	zval_ptr_dtor(&pipe);
}

/*
 * class_pool_new.c - RedisClusterPool::__construct(): the seeds (host:port, URIs, Predis' arrays) and the options
 * (parameters, prefix, exceptions, persistent, read, zone, deadline, TLS), each checked with a message naming it and
 * never repeating a value that may be a secret; then the client attached to its cluster (options.c).
 */
#include "php.h"
#include "zend_smart_str.h"
#include "zend_exceptions.h"
#include "php_redis_cluster_pool.h"
#include "rcp_commands.h"
#include "rcp_exceptions.h"
#include "rcp_exec.h"
#include "rcp_pool.h"
#include "../predis/rcp_predis.h"
#include "rcp_reply.h"
#include "rcp_slot.h"
#include "rcp_topology.h"
#include "rcp_shm.h"
#include "rcp_count.h"
#include "rcp_binding.h"
#include "rcp_options.h"
#include "rcp_observe.h"

#define RCP_MAX_SEEDS 64
#define RCP_THIS_POOL() rcp_pool_from(Z_OBJ_P(ZEND_THIS))

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
	"deadline", "cluster", "cache", NULL};
static const char *const rcp_cache_option_names[] = {"prefixes", "ttl", "untracked", NULL};

/* The 'cache' option (issue 23): true, false, or ['prefixes' => [...], 'ttl' => seconds, 'untracked' => bool] into
 * o (prefixes as given, zend_strings borrowed from v); false with an exception thrown. */
static bool rcp_opt_cache(zval *v, bool *on, rcp_cache_opts *o, zend_string ***prefixes)
{
	zend_string *k;
	zval *e;
	uint32_t pos = 0;

	memset(o, 0, sizeof(*o));
	*prefixes = NULL;
	if (Z_TYPE_P(v) == IS_TRUE || Z_TYPE_P(v) == IS_FALSE || Z_TYPE_P(v) == IS_NULL) {
		*on = Z_TYPE_P(v) == IS_TRUE;
		return true;
	}
	if (Z_TYPE_P(v) != IS_ARRAY) {
		rcp_throw(rcp_ce_invalid_argument, "Option \"cache\" must be a bool or an array (prefixes, ttl, untracked), %s "
			"given", zend_zval_type_name(v));
		return false;
	}
	*on = true;
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(v), k, e) {
		ZVAL_DEREF(e);
		pos++;
		if (!k) {
			rcp_throw(rcp_ce_invalid_argument, "Option \"cache\" must be keyed by setting name (prefixes, ttl, untracked)");
			return false;
		}
		if (zend_string_equals_literal(k, "ttl")) {
			uint64_t ms;
			if (!rcp_opt_timeout(e, "cache.ttl", &ms)) {
				return false;
			}
			o->ttl_ms = (uint32_t)ms;
		} else if (zend_string_equals_literal(k, "untracked")) {
			if (Z_TYPE_P(e) != IS_TRUE && Z_TYPE_P(e) != IS_FALSE) {
				rcp_throw(rcp_ce_invalid_argument, "Option \"cache.untracked\" must be a bool, %s given",
					zend_zval_type_name(e));
				return false;
			}
			o->untracked = Z_TYPE_P(e) == IS_TRUE;
		} else if (zend_string_equals_literal(k, "prefixes")) {
			zval *pz;
			uint32_t n = 0;
			if (Z_TYPE_P(e) != IS_ARRAY || !zend_hash_num_elements(Z_ARRVAL_P(e))) {
				rcp_throw(rcp_ce_invalid_argument, "Option \"cache.prefixes\" must be a non-empty list of strings, %s "
					"given", Z_TYPE_P(e) == IS_ARRAY ? "an empty array" : zend_zval_type_name(e));
				return false;
			}
			if (*prefixes) {
				efree(*prefixes);
			}
			*prefixes = safe_emalloc(zend_hash_num_elements(Z_ARRVAL_P(e)), sizeof(zend_string *), 0);
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(e), pz) {
				ZVAL_DEREF(pz);
				if (Z_TYPE_P(pz) != IS_STRING || !Z_STRLEN_P(pz)) {
					rcp_throw(rcp_ce_invalid_argument, "Option \"cache.prefixes\": item #%u must be a non-empty string, "
						"%s given", n + 1, Z_TYPE_P(pz) == IS_STRING ? "an empty string" : zend_zval_type_name(pz));
					efree(*prefixes);
					*prefixes = NULL;
					return false;
				}
				(*prefixes)[n++] = Z_STR_P(pz);
			} ZEND_HASH_FOREACH_END();
			o->nprefixes = n;
		} else {
			rcp_throw_unknown_key("Option \"cache\": unknown setting", pos, k, rcp_cache_option_names);
			if (*prefixes) {
				efree(*prefixes);
				*prefixes = NULL;
			}
			return false;
		}
	} ZEND_HASH_FOREACH_END();
	if (o->untracked && !o->ttl_ms) {
		rcp_throw(rcp_ce_invalid_argument, "Option \"cache\": 'untracked' => true needs a 'ttl' (the longest an entry "
			"is served where the servers send no invalidations)");
		if (*prefixes) {
			efree(*prefixes);
			*prefixes = NULL;
		}
		return false;
	}
	return true;
}
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
	bool ssl_given = false, cache = false;
	rcp_cache_opts cache_opts = {0};
	zend_string **cache_prefixes = NULL;
	zval *cache_zv = NULL;
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
			} else if (zend_string_equals_literal(k, "cache")) {
				cache_zv = v; /* read after the others (it allocates) */
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
	if (cache_zv && !rcp_opt_cache(cache_zv, &cache, &cache_opts, &cache_prefixes)) {
		RETURN_THROWS();
	}
	if (rcp_tls_opts_resolve(&tls, seeds, nseeds, scheme, ssl_given, &err) != RCP_OK ||
	    rcp_client_attach(&p->client, seeds, nseeds, user, pass, &tls, &err) != RCP_OK) {
		rcp_throw_err(&err);
		goto fail;
	}
	if (cache) {
		/* the read cache (issue 23): the prefixes as the server sees the keys, after the pool's key prefix */
		const char **pv = NULL;
		size_t *pl = NULL;
		if (cache_opts.nprefixes) {
			pv = safe_emalloc(cache_opts.nprefixes, sizeof(char *), 0);
			pl = safe_emalloc(cache_opts.nprefixes, sizeof(size_t), 0);
			for (uint32_t i = 0; i < cache_opts.nprefixes; i++) {
				zend_string *full = p->prefix ? zend_string_concat2(ZSTR_VAL(p->prefix), ZSTR_LEN(p->prefix),
					ZSTR_VAL(cache_prefixes[i]), ZSTR_LEN(cache_prefixes[i])) : zend_string_copy(cache_prefixes[i]);
				cache_prefixes[i] = full; /* (released below) */
				pv[i] = ZSTR_VAL(full);
				pl[i] = ZSTR_LEN(full);
			}
		}
		cache_opts.prefixes = pv;
		cache_opts.prefix_lens = pl;
		rcp_client_cache_on(&p->client, &cache_opts, user ? ZSTR_VAL(user) : NULL, user ? ZSTR_LEN(user) : 0,
			pass ? ZSTR_VAL(pass) : NULL, pass ? ZSTR_LEN(pass) : 0, &tls);
		for (uint32_t i = 0; i < cache_opts.nprefixes; i++) {
			zend_string_release(cache_prefixes[i]);
		}
		if (pv) {
			efree(pv);
			efree(pl);
		}
	}
	if (cache_prefixes) {
		efree(cache_prefixes);
	}
	p->constructed = true;
	return;
fail:
	if (cache_prefixes) {
		efree(cache_prefixes);
	}
	RETURN_THROWS();
}

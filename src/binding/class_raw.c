/*
 * class_raw.c - the raw API of RedisClusterPool, for adapters that parse replies themselves (the Predis
 * backend in adapters/predis/): rawPipeline() and rawOnNodes().
 *
 * Both send argv lists as given (no Predis argument rewriting; the object's prefix, if any, is applied to
 * key arguments like executeRaw() does) and return the replies as the reader built them: status replies
 * OK/QUEUED/NOKEY/PONG as RedisClusterPool\Status, other statuses as strings, error replies as
 * RedisClusterPool\Error objects *in place* (never thrown: the caller decides, as Predis' connections do).
 * Only failures that leave no reply to return throw: I/O (ConnectionException and subclasses, naming the
 * node), routing (ClusterException), bad input (InvalidArgumentException).
 *
 * Invariant: everything is validated before anything is sent; commands that need per-connection state
 * (MULTI, WATCH, SELECT, SUBSCRIBE, ...: route "unsupported") are refused, because the sockets are shared
 * by every RedisClusterPool object of the process and must never be left in such a state.
 */
#include "php.h"
#include "zend_smart_str.h"
#include "php_redis_cluster_pool.h"
#include "rcp_binding.h"
#include "rcp_resp_format.h"
#include "rcp_exceptions.h"
#include "rcp_exec.h"
#include "rcp_engine.h"
#include "rcp_pool.h"
#include "rcp_topology.h"

/* Build, look up, prefix and check one raw command (element `idx` of the caller's list), its route into *r (free
 * it with rcp_route_free()). on_node: sent to a node the caller chose, where a SCAN cursor is meaningful (through
 * the routed path it is refused). */
static bool rcp_raw_argv(rcp_pool_object *p, zval *cmdz, uint32_t idx, const char *what, bool on_node, rcp_argv *a,
                         const rcp_cmd **cmd, rcp_route *r)
{
	HashTable *args;
	zval *first = NULL;

	ZVAL_DEREF(cmdz);
	if (Z_TYPE_P(cmdz) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(cmdz)) == 0) {
		rcp_throw(rcp_ce_invalid_argument, "%s: command #%u must be a non-empty array (the command name, then "
			"its arguments), %s given", what, idx, Z_TYPE_P(cmdz) == IS_ARRAY ? "an empty array" : zend_zval_type_name(cmdz));
		return false;
	}
	args = Z_ARRVAL_P(cmdz);
	ZEND_HASH_FOREACH_VAL(args, first) {
		break; /* the name */
	} ZEND_HASH_FOREACH_END();
	ZVAL_DEREF(first);
	if (Z_TYPE_P(first) != IS_STRING || Z_STRLEN_P(first) == 0) {
		rcp_throw(rcp_ce_invalid_argument, "%s: the first element of command #%u must be the command name "
			"(a non-empty string)", what, idx);
		return false;
	}
	if (!rcp_argv_build_list(a, Z_STR_P(first), args, what)) {
		return false;
	}
	if (!(*cmd = rcp_argv_lookup(a, &p->client)) || !rcp_argv_route(a, *cmd, p->prefix, r)) {
		rcp_argv_free(a);
		return false;
	}
	if ((*cmd)->route == RCP_ROUTE_UNSUPPORTED && !(on_node && rcp_cmd_node_only(*cmd))) {
		rcp_err err;
		rcp_cmd_unsupported(*cmd, &err);
		rcp_throw_err(&err);
		rcp_route_free(r);
		rcp_argv_free(a);
		return false;
	}
	return true;
}

/* Replies in call order (error replies scrubbed of the secrets of their command); an UNDEF (never expected without
 * a failure) becomes null. */
static void rcp_raw_collect(rcp_pipe_cmd *cmds, const rcp_argv *argvs, uint32_t n, zval *return_value)
{
	array_init_size(return_value, n);
	for (uint32_t k = 0; k < n; k++) {
		if (Z_ISUNDEF(cmds[k].reply)) {
			ZVAL_NULL(&cmds[k].reply);
		}
		rcp_scrub_reply(&cmds[k].reply, &argvs[k]);
		add_next_index_zval(return_value, &cmds[k].reply);
		ZVAL_UNDEF(&cmds[k].reply);
	}
}

ZEND_METHOD(RedisClusterPool, rawPipeline)
{
	HashTable *list;
	rcp_pool_object *p;
	rcp_argv *argvs;
	rcp_pipe_cmd *cmds;
	uint32_t n, built = 0;
	zval *cmdz;
	rcp_err err;
	bool ok = true;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(list)
	ZEND_PARSE_PARAMETERS_END();
	if (rcp_cmds_sensitive(list)) {
		rcp_redact_args(execute_data, 1, 1);
	}
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	n = zend_hash_num_elements(list);
	if (n == 0) {
		RETURN_EMPTY_ARRAY();
	}
	argvs = safe_emalloc(n, sizeof(rcp_argv), 0);
	cmds = safe_emalloc(n, sizeof(rcp_pipe_cmd), 0);
	ZEND_HASH_FOREACH_VAL(list, cmdz) {
		const rcp_cmd *cmd;
		if (!rcp_raw_argv(p, cmdz, built, "rawPipeline()", false, &argvs[built], &cmd, &cmds[built].route)) {
			ok = false;
			break;
		}
		ZVAL_UNDEF(&cmds[built].reply);
		built++;
	} ZEND_HASH_FOREACH_END();
	if (ok) {
		err.code = RCP_OK;
		if (rcp_exec_pipeline(&p->client, cmds, (int)n, &err) != RCP_OK) {
			for (uint32_t k = 0; k < n; k++) {
				zval_ptr_dtor(&cmds[k].reply);
			}
			rcp_throw_err(&err);
		} else {
			rcp_raw_collect(cmds, argvs, n, return_value);
		}
	}
	for (uint32_t k = 0; k < built; k++) {
		rcp_route_free(&cmds[k].route);
		rcp_argv_free(&argvs[k]);
	}
	efree(argvs);
	efree(cmds);
	if (EG(exception)) {
		RETURN_THROWS();
	}
}

/* ---- rawOnNodes ------------------------------------------------------------------------------- */

/* One node's share: its map index, where its replies start in the flat array and how many, its write buffer. */
typedef struct {
	uint16_t node;
	uint32_t first, count;
	smart_str buf;
} rcp_raw_node;

/* The map index of the node named "host:port" (as getSlotMap() names it), or -1. */
static int rcp_raw_find_node(const rcp_map *map, zend_string *name)
{
	char addr[RCP_ADDR_MAX];

	for (uint16_t k = 0; k < map->nnodes; k++) {
		rcp_node_addr(&map->nodes[k], addr, sizeof(addr));
		if (strlen(addr) == ZSTR_LEN(name) && memcmp(addr, ZSTR_VAL(name), ZSTR_LEN(name)) == 0) {
			return k;
		}
	}
	return -1;
}

ZEND_METHOD(RedisClusterPool, rawOnNodes)
{
	HashTable *by_node;
	rcp_pool_object *p;
	zend_string *name;
	zval *list, *cmdz, *replies = NULL;
	rcp_argv *argvs = NULL;
	rcp_route *routes = NULL;
	rcp_raw_node *nodes = NULL;
	uint32_t total = 0, built = 0, nn = 0, kpos = 0;
	rcp_err err;
	bool ok = true;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(by_node)
	ZEND_PARSE_PARAMETERS_END();
	ZEND_HASH_FOREACH_VAL(by_node, list) {
		ZVAL_DEREF(list);
		if (Z_TYPE_P(list) == IS_ARRAY && rcp_cmds_sensitive(Z_ARRVAL_P(list))) {
			rcp_redact_args(execute_data, 1, 1);
			break;
		}
	} ZEND_HASH_FOREACH_END();
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(by_node, name, list) {
		ZVAL_DEREF(list);
		if (!name || Z_TYPE_P(list) != IS_ARRAY) {
			rcp_throw(rcp_ce_invalid_argument, "rawOnNodes() expects [\"host:port\" => [[command, args...], ...], ...]");
			RETURN_THROWS();
		}
		total += zend_hash_num_elements(Z_ARRVAL_P(list));
	} ZEND_HASH_FOREACH_END();
	err.code = RCP_OK;
	if (rcp_client_ready(&p->client, &err) != RCP_OK) {
		rcp_throw_err(&err);
		RETURN_THROWS();
	}
	nodes = ecalloc(zend_hash_num_elements(by_node) + 1, sizeof(rcp_raw_node));
	argvs = safe_emalloc(total + 1, sizeof(rcp_argv), 0);
	routes = safe_emalloc(total + 1, sizeof(rcp_route), 0); /* (kept for the read cache: a write's keys) */
	replies = safe_emalloc(total + 1, sizeof(zval), 0);

	/* 1. validate everything and encode each node's commands back to back */
	ZEND_HASH_FOREACH_STR_KEY_VAL(by_node, name, list) {
		int idx = rcp_raw_find_node(p->client.cluster->map, name);
		uint32_t i = 0;

		kpos++;
		ZVAL_DEREF(list);
		if (idx < 0) {
			/* named when it is an address ("host:port"); anything else by position (it could be a secret) */
			rcp_seed addr;
			rcp_err e;
			if (rcp_seed_parse(ZSTR_VAL(name), ZSTR_LEN(name), &addr, &e) == RCP_OK && addr.scheme == RCP_SCHEME_NONE) {
				rcp_throw(rcp_ce_invalid_argument, "rawOnNodes(): %s:%u is not a node of this cluster (see getSlotMap())",
					addr.host, (unsigned)addr.port);
			} else {
				rcp_throw(rcp_ce_invalid_argument, "rawOnNodes(): key #%u is not a node of this cluster: nodes are named "
					"\"host:port\" as getSlotMap() names them", kpos);
			}
			ok = false;
			break;
		}
		nodes[nn].node = (uint16_t)idx;
		nodes[nn].first = built;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(list), cmdz) {
			const rcp_cmd *cmd;
			char *buf;
			int len;

			/* the node is the caller's: only the checks, the prefix and the keys (for the read cache) apply */
			if (!rcp_raw_argv(p, cmdz, i++, "rawOnNodes()", true, &argvs[built], &cmd, &routes[built])) {
				ok = false;
				break;
			}
			len = rcp_format_command(&buf, argvs[built].argc, (const char **)argvs[built].argv, argvs[built].lens);
			smart_str_appendl(&nodes[nn].buf, buf, (size_t)len);
			rcp_free_command(buf);
			built++;
		} ZEND_HASH_FOREACH_END();
		nodes[nn].count = built - nodes[nn].first;
		if (nodes[nn].count) {
			smart_str_0(&nodes[nn].buf);
			nn++;
		} else {
			smart_str_free(&nodes[nn].buf);
		}
		if (!ok) {
			break;
		}
	} ZEND_HASH_FOREACH_END();

	/* 2. one round trip; replies grouped back by node, in the caller's order */
	if (ok) {
		rcp_node_batch *batches = safe_emalloc(nn ? nn : 1, sizeof(rcp_node_batch), 0);
		for (uint32_t k = 0; k < nn; k++) {
			batches[k].node = nodes[k].node;
			batches[k].first = nodes[k].first;
			batches[k].count = nodes[k].count;
			batches[k].buf = ZSTR_VAL(nodes[k].buf.s);
			batches[k].len = ZSTR_LEN(nodes[k].buf.s);
			batches[k].routes = &routes[nodes[k].first];
		}
		err.code = RCP_OK;
		if (rcp_exec_on_nodes(&p->client, batches, nn, replies, &err) != RCP_OK) {
			ok = false;
		}
		efree(batches);
	}
	if (!ok && err.code != RCP_OK) {
		for (uint32_t k = 0; k < nn; k++) {
			for (uint32_t r = 0; r < nodes[k].count; r++) {
				zval_ptr_dtor(&replies[nodes[k].first + r]);
			}
		}
		rcp_throw_err(&err);
	}
	if (ok) {
		uint32_t k = 0;
		array_init_size(return_value, zend_hash_num_elements(by_node));
		ZEND_HASH_FOREACH_STR_KEY_VAL(by_node, name, list) {
			zval out;
			ZVAL_DEREF(list);
			array_init_size(&out, zend_hash_num_elements(Z_ARRVAL_P(list)));
			if (zend_hash_num_elements(Z_ARRVAL_P(list))) {
				for (uint32_t r = 0; r < nodes[k].count; r++) {
					rcp_scrub_reply(&replies[nodes[k].first + r], &argvs[nodes[k].first + r]);
					add_next_index_zval(&out, &replies[nodes[k].first + r]);
				}
				k++;
			}
			zend_hash_update(Z_ARRVAL_P(return_value), name, &out);
		} ZEND_HASH_FOREACH_END();
	}
	for (uint32_t k = 0; k <= nn; k++) { /* nodes[nn]: the one being built when validation failed */
		smart_str_free(&nodes[k].buf);
	}
	for (uint32_t k = 0; k < built; k++) {
		rcp_route_free(&routes[k]);
		rcp_argv_free(&argvs[k]);
	}
	efree(nodes);
	efree(argvs);
	efree(routes);
	efree(replies);
	if (EG(exception)) {
		RETURN_THROWS();
	}
}

/*
 * class_pool_info.c - what RedisClusterPool says about itself and the cluster without sending a command of the
 * caller's: keySlot(), commandInfo() (the command table and a call's keys, as the route finds them), getSlotMap(),
 * nodeForKey(), stats(), poolStats() and metrics() (the figures, read by observe.c), and Predis' argument and reply
 * shapes on their own (predisArgs(), predisReply()).
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
	uint32_t argc = 0;
	rcp_argv a;
	const rcp_cmd *cmd;
	rcp_route r;
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
	if (!rcp_argv_build_frame(&a, Z_STR(args[0]), execute_data, argc, "commandInfo()")) {
		RETURN_THROWS();
	}
	if (!(cmd = rcp_argv_find(&a, NULL))) {
		rcp_argv_free(&a);
		RETURN_THROWS();
	}
	/* the keys as a command's route finds them (one function for both) */
	if (rcp_route_keys(&r, cmd, a.argc, a.argv, a.lens) < 0) {
		char ebuf[256];
		rcp_route_keys_error(&r, ebuf, sizeof(ebuf));
		rcp_route_free(&r);
		rcp_argv_free(&a);
		rcp_throw(rcp_ce_invalid_argument, "%s", ebuf);
		RETURN_THROWS();
	}
	array_init_size(&keys, (uint32_t)r.nkeys);
	for (int k = 0; k < r.nkeys; k++) {
		add_next_index_long(&keys, r.pos[k]);
	}
	rcp_route_free(&r);
	rcp_argv_free(&a);
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

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(p = rcp_pool_checked(ZEND_THIS))) {
		RETURN_THROWS();
	}
	rcp_observe_stats(p->client.cluster, return_value);
}

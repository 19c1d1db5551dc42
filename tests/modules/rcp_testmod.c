/*
 * rcp_testmod.c - a Redis module loaded into every node of the test cluster (tests/cluster/cluster.sh), so the
 * suite can check how the extension routes commands it learns from the server: module commands that are in no
 * built-in table.
 *
 *   RCPTEST.SET key value          write, key at 1 (legacy first/last/step: the server derives a key spec)
 *   RCPTEST.GET key                readonly, key at 1 (read policies apply to learned read-only commands)
 *   RCPTEST.STORE value STORE key  write, the key found by a keyword key spec set with SetCommandInfo
 *   RCPTEST.GK value [KEY key]...  write, keys reported by the module's own getkeys callback ("getkeys-api"):
 *                                  no key spec the client could interpret; COMMAND GETKEYS resolves them
 *
 * Builds with only the vendored redismodule.h; loads into Redis 7.0, Redis 8.0 and Valkey 8.1.
 */
#include <string.h>
#include <strings.h>
#include "redismodule.h"

static int rcp_set(RedisModuleCtx *ctx, RedisModuleString *key, RedisModuleString *val)
{
	RedisModuleKey *k = RedisModule_OpenKey(ctx, key, REDISMODULE_WRITE);
	int rc = RedisModule_StringSet(k, val);

	RedisModule_CloseKey(k);
	return rc;
}

static int SetCmd(RedisModuleCtx *ctx, RedisModuleString **argv, int argc)
{
	if (argc != 3) {
		return RedisModule_WrongArity(ctx);
	}
	if (rcp_set(ctx, argv[1], argv[2]) != REDISMODULE_OK) {
		return RedisModule_ReplyWithError(ctx, "WRONGTYPE Operation against a key holding the wrong kind of value");
	}
	RedisModule_ReplicateVerbatim(ctx);
	return RedisModule_ReplyWithSimpleString(ctx, "OK");
}

static int GetCmd(RedisModuleCtx *ctx, RedisModuleString **argv, int argc)
{
	RedisModuleKey *k;
	size_t len;
	char *p;

	if (argc != 2) {
		return RedisModule_WrongArity(ctx);
	}
	k = RedisModule_OpenKey(ctx, argv[1], REDISMODULE_READ);
	if (RedisModule_KeyType(k) == REDISMODULE_KEYTYPE_EMPTY) {
		RedisModule_CloseKey(k);
		return RedisModule_ReplyWithNull(ctx);
	}
	p = RedisModule_StringDMA(k, &len, REDISMODULE_READ);
	RedisModule_ReplyWithStringBuffer(ctx, p, len);
	RedisModule_CloseKey(k);
	return REDISMODULE_OK;
}

static int StoreCmd(RedisModuleCtx *ctx, RedisModuleString **argv, int argc)
{
	if (argc != 4 || strcasecmp(RedisModule_StringPtrLen(argv[2], NULL), "STORE") != 0) {
		return RedisModule_ReplyWithError(ctx, "ERR syntax error");
	}
	rcp_set(ctx, argv[3], argv[1]);
	RedisModule_ReplicateVerbatim(ctx);
	return RedisModule_ReplyWithSimpleString(ctx, "OK");
}

static int GkCmd(RedisModuleCtx *ctx, RedisModuleString **argv, int argc)
{
	long long n = 0;

	if (RedisModule_IsKeysPositionRequest(ctx)) {
		for (int i = 2; i + 1 < argc; i++) {
			if (strcasecmp(RedisModule_StringPtrLen(argv[i], NULL), "KEY") == 0) {
				RedisModule_KeyAtPos(ctx, ++i);
			}
		}
		return REDISMODULE_OK;
	}
	if (argc < 2) {
		return RedisModule_WrongArity(ctx);
	}
	for (int i = 2; i < argc; i++) {
		if (strcasecmp(RedisModule_StringPtrLen(argv[i], NULL), "KEY") != 0 || i + 1 >= argc) {
			return RedisModule_ReplyWithError(ctx, "ERR syntax error");
		}
		rcp_set(ctx, argv[++i], argv[1]);
		n++;
	}
	RedisModule_ReplicateVerbatim(ctx);
	return RedisModule_ReplyWithLongLong(ctx, n);
}

int RedisModule_OnLoad(RedisModuleCtx *ctx, RedisModuleString **argv, int argc)
{
	RedisModuleCommand *store;
	static RedisModuleCommandKeySpec store_specs[] = {
		{.notes = NULL, .flags = REDISMODULE_CMD_KEY_OW | REDISMODULE_CMD_KEY_UPDATE,
		 .begin_search_type = REDISMODULE_KSPEC_BS_KEYWORD, .bs.keyword = {"STORE", 1},
		 .find_keys_type = REDISMODULE_KSPEC_FK_RANGE, .fk.range = {0, 1, 0}},
		{0}
	};
	static RedisModuleCommandInfo store_info = {
		.version = REDISMODULE_COMMAND_INFO_VERSION, .arity = 4, .key_specs = store_specs,
	};

	(void)argv;
	(void)argc;
	if (RedisModule_Init(ctx, "rcptest", 1, REDISMODULE_APIVER_1) == REDISMODULE_ERR ||
	    RedisModule_CreateCommand(ctx, "rcptest.set", SetCmd, "write deny-oom", 1, 1, 1) == REDISMODULE_ERR ||
	    RedisModule_CreateCommand(ctx, "rcptest.get", GetCmd, "readonly fast", 1, 1, 1) == REDISMODULE_ERR ||
	    RedisModule_CreateCommand(ctx, "rcptest.store", StoreCmd, "write deny-oom", 0, 0, 0) == REDISMODULE_ERR ||
	    RedisModule_CreateCommand(ctx, "rcptest.gk", GkCmd, "write getkeys-api", 0, 0, 0) == REDISMODULE_ERR) {
		return REDISMODULE_ERR;
	}
	store = RedisModule_GetCommand(ctx, "rcptest.store");
	if (!store || RedisModule_SetCommandInfo(store, &store_info) == REDISMODULE_ERR) {
		return REDISMODULE_ERR;
	}
	return REDISMODULE_OK;
}

/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: c858d096260362fafc2f9b7cd38c656c63349f01 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_ClientInterface___call, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, arguments, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_ClientInterface_executeRaw, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, arguments, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(1, error, IS_MIXED, 0, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_RedisClusterPool_ClientInterface_pipeline, 0, 0, RedisClusterPool\\PipelineInterface, MAY_BE_ARRAY)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, callback, IS_CALLABLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_RedisClusterPool_ClientInterface_transaction, 0, 0, RedisClusterPool\\TransactionInterface, MAY_BE_ARRAY|MAY_BE_NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, optionsOrCallback, IS_MIXED, 0, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, callback, IS_CALLABLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_ClientInterface_scanAll, 0, 0, Iterator, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, match, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, type, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_ClientInterface_getSlotMap, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_ClientInterface_nodeForKey, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_ClientInterface_stats arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_PipelineInterface___call, 0, 2, RedisClusterPool\\PipelineInterface, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, arguments, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_PipelineInterface_execute arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

#define arginfo_class_RedisClusterPool_TransactionInterface___call arginfo_class_RedisClusterPool_ClientInterface___call

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_TransactionInterface_multi, 0, 0, RedisClusterPool\\TransactionInterface, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_TransactionInterface_watch, 0, 0, RedisClusterPool\\Status, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, keys, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_TransactionInterface_unwatch, 0, 0, RedisClusterPool\\Status, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_TransactionInterface_discard arginfo_class_RedisClusterPool_TransactionInterface_multi

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_TransactionInterface_execute, 0, 0, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, callback, IS_CALLABLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_TransactionInterface_exec, 0, 0, IS_ARRAY, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_RedisClusterPool_Pipeline___construct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_Pipeline___call, 0, 2, RedisClusterPool\\Pipeline, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, arguments, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_Pipeline_execute arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

#define arginfo_class_RedisClusterPool_KeyspaceIterator___construct arginfo_class_RedisClusterPool_Pipeline___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_KeyspaceIterator_current, 0, 0, IS_STRING, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_KeyspaceIterator_key, 0, 0, IS_LONG, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_KeyspaceIterator_next, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_KeyspaceIterator_rewind arginfo_class_RedisClusterPool_KeyspaceIterator_next

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_KeyspaceIterator_valid, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_PubSubConsumer___construct arginfo_class_RedisClusterPool_Pipeline___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_PubSubConsumer_subscribe, 0, 0, IS_VOID, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, channels, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_PubSubConsumer_psubscribe, 0, 0, IS_VOID, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, patterns, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_PubSubConsumer_ssubscribe arginfo_class_RedisClusterPool_PubSubConsumer_subscribe

#define arginfo_class_RedisClusterPool_PubSubConsumer_unsubscribe arginfo_class_RedisClusterPool_PubSubConsumer_subscribe

#define arginfo_class_RedisClusterPool_PubSubConsumer_punsubscribe arginfo_class_RedisClusterPool_PubSubConsumer_psubscribe

#define arginfo_class_RedisClusterPool_PubSubConsumer_sunsubscribe arginfo_class_RedisClusterPool_PubSubConsumer_subscribe

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_PubSubConsumer_ping, 0, 0, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, payload, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_PubSubConsumer_stop, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, drop, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_PubSubConsumer_subscriptions arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_PubSubConsumer_getClient, 0, 0, RedisClusterPool, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_PubSubConsumer_current, 0, 0, IS_OBJECT, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_PubSubConsumer_key, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_PubSubConsumer_next arginfo_class_RedisClusterPool_KeyspaceIterator_next

#define arginfo_class_RedisClusterPool_PubSubConsumer_rewind arginfo_class_RedisClusterPool_KeyspaceIterator_next

#define arginfo_class_RedisClusterPool_PubSubConsumer_valid arginfo_class_RedisClusterPool_KeyspaceIterator_valid

#define arginfo_class_RedisClusterPool_Transaction___construct arginfo_class_RedisClusterPool_Pipeline___construct

#define arginfo_class_RedisClusterPool_Transaction___call arginfo_class_RedisClusterPool_ClientInterface___call

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_Transaction_multi, 0, 0, RedisClusterPool\\Transaction, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_Transaction_watch arginfo_class_RedisClusterPool_TransactionInterface_watch

#define arginfo_class_RedisClusterPool_Transaction_unwatch arginfo_class_RedisClusterPool_TransactionInterface_unwatch

#define arginfo_class_RedisClusterPool_Transaction_discard arginfo_class_RedisClusterPool_Transaction_multi

#define arginfo_class_RedisClusterPool_Transaction_execute arginfo_class_RedisClusterPool_TransactionInterface_execute

#define arginfo_class_RedisClusterPool_Transaction_exec arginfo_class_RedisClusterPool_TransactionInterface_exec

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_ServerException_getErrorType, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_ServerException_getNode arginfo_class_RedisClusterPool_ServerException_getErrorType

#define arginfo_class_RedisClusterPool_PartialFailureException_getFailures arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

#define arginfo_class_RedisClusterPool_PartialFailureException_getFailedKeys arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

#define arginfo_class_RedisClusterPool_PartialFailureException_getSucceededKeys arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_PartialFailureException_getResults, 0, 0, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_ConnectionException_getNode arginfo_class_RedisClusterPool_ServerException_getErrorType

#define arginfo_class_RedisClusterPool_AuthenticationException_getErrorType arginfo_class_RedisClusterPool_ServerException_getErrorType

#define arginfo_class_RedisClusterPool_MemoryLimitException_getNode arginfo_class_RedisClusterPool_ServerException_getErrorType

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_RedisClusterPool_Status___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, payload, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_Status_get, 0, 1, RedisClusterPool\\Status, 0)
	ZEND_ARG_TYPE_INFO(0, payload, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_Status_getPayload arginfo_class_RedisClusterPool_ServerException_getErrorType

#define arginfo_class_RedisClusterPool_Status___toString arginfo_class_RedisClusterPool_ServerException_getErrorType

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_RedisClusterPool_Error___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, message, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_Error_getMessage arginfo_class_RedisClusterPool_ServerException_getErrorType

#define arginfo_class_RedisClusterPool_Error_getErrorType arginfo_class_RedisClusterPool_ServerException_getErrorType

#define arginfo_class_RedisClusterPool_Error___toString arginfo_class_RedisClusterPool_ServerException_getErrorType

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_RedisClusterPool___construct, 0, 0, 1)
	ZEND_ARG_TYPE_MASK(0, seeds, MAY_BE_ARRAY|MAY_BE_STRING, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool___call arginfo_class_RedisClusterPool_ClientInterface___call

#define arginfo_class_RedisClusterPool_executeRaw arginfo_class_RedisClusterPool_ClientInterface_executeRaw

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_keySlot, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_commandInfo, 0, 0, IS_ARRAY, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, argv, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_predisArgs, 0, 2, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, method, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, arguments, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_predisReply, 0, 3, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, method, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, redisArguments, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, reply, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, callerArguments, IS_ARRAY, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_getSlotMap arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

#define arginfo_class_RedisClusterPool_stats arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

#define arginfo_class_RedisClusterPool_poolStats arginfo_class_RedisClusterPool_ClientInterface_getSlotMap

#define arginfo_class_RedisClusterPool_metrics arginfo_class_RedisClusterPool_ServerException_getErrorType

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_RedisClusterPool_pipeline, 0, 0, RedisClusterPool\\Pipeline, MAY_BE_ARRAY)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, callback, IS_CALLABLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_scanAll, 0, 0, RedisClusterPool\\KeyspaceIterator, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, match, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, type, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_RedisClusterPool_transaction, 0, 0, RedisClusterPool\\Transaction, MAY_BE_ARRAY|MAY_BE_NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, optionsOrCallback, IS_MIXED, 0, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, callback, IS_CALLABLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisClusterPool_pubSubLoop, 0, 0, RedisClusterPool\\PubSubConsumer, 1)
	ZEND_ARG_TYPE_MASK(0, optionsOrCallback, MAY_BE_ARRAY|MAY_BE_CALLABLE|MAY_BE_NULL, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, callback, IS_CALLABLE, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisClusterPool_nodeForKey arginfo_class_RedisClusterPool_ClientInterface_nodeForKey

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_rawPipeline, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, commands, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisClusterPool_rawOnNodes, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, commandsByNode, IS_ARRAY, 0)
ZEND_END_ARG_INFO()


ZEND_METHOD(RedisClusterPool_Pipeline, __construct);
ZEND_METHOD(RedisClusterPool_Pipeline, __call);
ZEND_METHOD(RedisClusterPool_Pipeline, execute);
ZEND_METHOD(RedisClusterPool_KeyspaceIterator, __construct);
ZEND_METHOD(RedisClusterPool_KeyspaceIterator, current);
ZEND_METHOD(RedisClusterPool_KeyspaceIterator, key);
ZEND_METHOD(RedisClusterPool_KeyspaceIterator, next);
ZEND_METHOD(RedisClusterPool_KeyspaceIterator, rewind);
ZEND_METHOD(RedisClusterPool_KeyspaceIterator, valid);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, __construct);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, subscribe);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, psubscribe);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, ssubscribe);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, unsubscribe);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, punsubscribe);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, sunsubscribe);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, ping);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, stop);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, subscriptions);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, getClient);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, current);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, key);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, next);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, rewind);
ZEND_METHOD(RedisClusterPool_PubSubConsumer, valid);
ZEND_METHOD(RedisClusterPool_Transaction, __construct);
ZEND_METHOD(RedisClusterPool_Transaction, __call);
ZEND_METHOD(RedisClusterPool_Transaction, multi);
ZEND_METHOD(RedisClusterPool_Transaction, watch);
ZEND_METHOD(RedisClusterPool_Transaction, unwatch);
ZEND_METHOD(RedisClusterPool_Transaction, discard);
ZEND_METHOD(RedisClusterPool_Transaction, execute);
ZEND_METHOD(RedisClusterPool_Transaction, exec);
ZEND_METHOD(RedisClusterPool_ServerException, getErrorType);
ZEND_METHOD(RedisClusterPool_ServerException, getNode);
ZEND_METHOD(RedisClusterPool_PartialFailureException, getFailures);
ZEND_METHOD(RedisClusterPool_PartialFailureException, getFailedKeys);
ZEND_METHOD(RedisClusterPool_PartialFailureException, getSucceededKeys);
ZEND_METHOD(RedisClusterPool_PartialFailureException, getResults);
ZEND_METHOD(RedisClusterPool_ConnectionException, getNode);
ZEND_METHOD(RedisClusterPool_AuthenticationException, getErrorType);
ZEND_METHOD(RedisClusterPool_MemoryLimitException, getNode);
ZEND_METHOD(RedisClusterPool_Status, __construct);
ZEND_METHOD(RedisClusterPool_Status, get);
ZEND_METHOD(RedisClusterPool_Status, getPayload);
ZEND_METHOD(RedisClusterPool_Status, __toString);
ZEND_METHOD(RedisClusterPool_Error, __construct);
ZEND_METHOD(RedisClusterPool_Error, getMessage);
ZEND_METHOD(RedisClusterPool_Error, getErrorType);
ZEND_METHOD(RedisClusterPool_Error, __toString);
ZEND_METHOD(RedisClusterPool, __construct);
ZEND_METHOD(RedisClusterPool, __call);
ZEND_METHOD(RedisClusterPool, executeRaw);
ZEND_METHOD(RedisClusterPool, keySlot);
ZEND_METHOD(RedisClusterPool, commandInfo);
ZEND_METHOD(RedisClusterPool, predisArgs);
ZEND_METHOD(RedisClusterPool, predisReply);
ZEND_METHOD(RedisClusterPool, getSlotMap);
ZEND_METHOD(RedisClusterPool, stats);
ZEND_METHOD(RedisClusterPool, poolStats);
ZEND_METHOD(RedisClusterPool, metrics);
ZEND_METHOD(RedisClusterPool, pipeline);
ZEND_METHOD(RedisClusterPool, scanAll);
ZEND_METHOD(RedisClusterPool, transaction);
ZEND_METHOD(RedisClusterPool, pubSubLoop);
ZEND_METHOD(RedisClusterPool, nodeForKey);
ZEND_METHOD(RedisClusterPool, rawPipeline);
ZEND_METHOD(RedisClusterPool, rawOnNodes);


static const zend_function_entry class_RedisClusterPool_ClientInterface_methods[] = {
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_ClientInterface, __call, arginfo_class_RedisClusterPool_ClientInterface___call, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_ClientInterface, executeRaw, arginfo_class_RedisClusterPool_ClientInterface_executeRaw, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_ClientInterface, pipeline, arginfo_class_RedisClusterPool_ClientInterface_pipeline, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_ClientInterface, transaction, arginfo_class_RedisClusterPool_ClientInterface_transaction, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_ClientInterface, scanAll, arginfo_class_RedisClusterPool_ClientInterface_scanAll, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_ClientInterface, getSlotMap, arginfo_class_RedisClusterPool_ClientInterface_getSlotMap, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_ClientInterface, nodeForKey, arginfo_class_RedisClusterPool_ClientInterface_nodeForKey, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_ClientInterface, stats, arginfo_class_RedisClusterPool_ClientInterface_stats, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_PipelineInterface_methods[] = {
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_PipelineInterface, __call, arginfo_class_RedisClusterPool_PipelineInterface___call, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_PipelineInterface, execute, arginfo_class_RedisClusterPool_PipelineInterface_execute, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_TransactionInterface_methods[] = {
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_TransactionInterface, __call, arginfo_class_RedisClusterPool_TransactionInterface___call, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_TransactionInterface, multi, arginfo_class_RedisClusterPool_TransactionInterface_multi, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_TransactionInterface, watch, arginfo_class_RedisClusterPool_TransactionInterface_watch, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_TransactionInterface, unwatch, arginfo_class_RedisClusterPool_TransactionInterface_unwatch, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_TransactionInterface, discard, arginfo_class_RedisClusterPool_TransactionInterface_discard, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_TransactionInterface, execute, arginfo_class_RedisClusterPool_TransactionInterface_execute, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_ABSTRACT_ME_WITH_FLAGS(RedisClusterPool_TransactionInterface, exec, arginfo_class_RedisClusterPool_TransactionInterface_exec, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_Pipeline_methods[] = {
	ZEND_ME(RedisClusterPool_Pipeline, __construct, arginfo_class_RedisClusterPool_Pipeline___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(RedisClusterPool_Pipeline, __call, arginfo_class_RedisClusterPool_Pipeline___call, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Pipeline, execute, arginfo_class_RedisClusterPool_Pipeline_execute, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_KeyspaceIterator_methods[] = {
	ZEND_ME(RedisClusterPool_KeyspaceIterator, __construct, arginfo_class_RedisClusterPool_KeyspaceIterator___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(RedisClusterPool_KeyspaceIterator, current, arginfo_class_RedisClusterPool_KeyspaceIterator_current, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_KeyspaceIterator, key, arginfo_class_RedisClusterPool_KeyspaceIterator_key, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_KeyspaceIterator, next, arginfo_class_RedisClusterPool_KeyspaceIterator_next, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_KeyspaceIterator, rewind, arginfo_class_RedisClusterPool_KeyspaceIterator_rewind, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_KeyspaceIterator, valid, arginfo_class_RedisClusterPool_KeyspaceIterator_valid, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_PubSubConsumer_methods[] = {
	ZEND_ME(RedisClusterPool_PubSubConsumer, __construct, arginfo_class_RedisClusterPool_PubSubConsumer___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(RedisClusterPool_PubSubConsumer, subscribe, arginfo_class_RedisClusterPool_PubSubConsumer_subscribe, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, psubscribe, arginfo_class_RedisClusterPool_PubSubConsumer_psubscribe, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, ssubscribe, arginfo_class_RedisClusterPool_PubSubConsumer_ssubscribe, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, unsubscribe, arginfo_class_RedisClusterPool_PubSubConsumer_unsubscribe, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, punsubscribe, arginfo_class_RedisClusterPool_PubSubConsumer_punsubscribe, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, sunsubscribe, arginfo_class_RedisClusterPool_PubSubConsumer_sunsubscribe, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, ping, arginfo_class_RedisClusterPool_PubSubConsumer_ping, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, stop, arginfo_class_RedisClusterPool_PubSubConsumer_stop, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, subscriptions, arginfo_class_RedisClusterPool_PubSubConsumer_subscriptions, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, getClient, arginfo_class_RedisClusterPool_PubSubConsumer_getClient, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, current, arginfo_class_RedisClusterPool_PubSubConsumer_current, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, key, arginfo_class_RedisClusterPool_PubSubConsumer_key, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, next, arginfo_class_RedisClusterPool_PubSubConsumer_next, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, rewind, arginfo_class_RedisClusterPool_PubSubConsumer_rewind, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PubSubConsumer, valid, arginfo_class_RedisClusterPool_PubSubConsumer_valid, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_Transaction_methods[] = {
	ZEND_ME(RedisClusterPool_Transaction, __construct, arginfo_class_RedisClusterPool_Transaction___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(RedisClusterPool_Transaction, __call, arginfo_class_RedisClusterPool_Transaction___call, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Transaction, multi, arginfo_class_RedisClusterPool_Transaction_multi, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Transaction, watch, arginfo_class_RedisClusterPool_Transaction_watch, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Transaction, unwatch, arginfo_class_RedisClusterPool_Transaction_unwatch, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Transaction, discard, arginfo_class_RedisClusterPool_Transaction_discard, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Transaction, execute, arginfo_class_RedisClusterPool_Transaction_execute, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Transaction, exec, arginfo_class_RedisClusterPool_Transaction_exec, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_AbortedMultiExecException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_Exception_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_InvalidArgumentException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_ServerException_methods[] = {
	ZEND_ME(RedisClusterPool_ServerException, getErrorType, arginfo_class_RedisClusterPool_ServerException_getErrorType, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_ServerException, getNode, arginfo_class_RedisClusterPool_ServerException_getNode, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_ClusterException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_PartialFailureException_methods[] = {
	ZEND_ME(RedisClusterPool_PartialFailureException, getFailures, arginfo_class_RedisClusterPool_PartialFailureException_getFailures, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PartialFailureException, getFailedKeys, arginfo_class_RedisClusterPool_PartialFailureException_getFailedKeys, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PartialFailureException, getSucceededKeys, arginfo_class_RedisClusterPool_PartialFailureException_getSucceededKeys, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_PartialFailureException, getResults, arginfo_class_RedisClusterPool_PartialFailureException_getResults, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_ConnectionException_methods[] = {
	ZEND_ME(RedisClusterPool_ConnectionException, getNode, arginfo_class_RedisClusterPool_ConnectionException_getNode, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_TimeoutException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_ProtocolException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_AuthenticationException_methods[] = {
	ZEND_ME(RedisClusterPool_AuthenticationException, getErrorType, arginfo_class_RedisClusterPool_AuthenticationException_getErrorType, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_MemoryLimitException_methods[] = {
	ZEND_ME(RedisClusterPool_MemoryLimitException, getNode, arginfo_class_RedisClusterPool_MemoryLimitException_getNode, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_Status_methods[] = {
	ZEND_ME(RedisClusterPool_Status, __construct, arginfo_class_RedisClusterPool_Status___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Status, get, arginfo_class_RedisClusterPool_Status_get, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(RedisClusterPool_Status, getPayload, arginfo_class_RedisClusterPool_Status_getPayload, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Status, __toString, arginfo_class_RedisClusterPool_Status___toString, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_Error_methods[] = {
	ZEND_ME(RedisClusterPool_Error, __construct, arginfo_class_RedisClusterPool_Error___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Error, getMessage, arginfo_class_RedisClusterPool_Error_getMessage, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Error, getErrorType, arginfo_class_RedisClusterPool_Error_getErrorType, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool_Error, __toString, arginfo_class_RedisClusterPool_Error___toString, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisClusterPool_methods[] = {
	ZEND_ME(RedisClusterPool, __construct, arginfo_class_RedisClusterPool___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, __call, arginfo_class_RedisClusterPool___call, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, executeRaw, arginfo_class_RedisClusterPool_executeRaw, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, keySlot, arginfo_class_RedisClusterPool_keySlot, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(RedisClusterPool, commandInfo, arginfo_class_RedisClusterPool_commandInfo, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(RedisClusterPool, predisArgs, arginfo_class_RedisClusterPool_predisArgs, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(RedisClusterPool, predisReply, arginfo_class_RedisClusterPool_predisReply, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(RedisClusterPool, getSlotMap, arginfo_class_RedisClusterPool_getSlotMap, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, stats, arginfo_class_RedisClusterPool_stats, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, poolStats, arginfo_class_RedisClusterPool_poolStats, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(RedisClusterPool, metrics, arginfo_class_RedisClusterPool_metrics, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(RedisClusterPool, pipeline, arginfo_class_RedisClusterPool_pipeline, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, scanAll, arginfo_class_RedisClusterPool_scanAll, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, transaction, arginfo_class_RedisClusterPool_transaction, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, pubSubLoop, arginfo_class_RedisClusterPool_pubSubLoop, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, nodeForKey, arginfo_class_RedisClusterPool_nodeForKey, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, rawPipeline, arginfo_class_RedisClusterPool_rawPipeline, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisClusterPool, rawOnNodes, arginfo_class_RedisClusterPool_rawOnNodes, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_RedisClusterPool_ClientInterface(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "ClientInterface", class_RedisClusterPool_ClientInterface_methods);
	class_entry = zend_register_internal_interface(&ce);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_PipelineInterface(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "PipelineInterface", class_RedisClusterPool_PipelineInterface_methods);
	class_entry = zend_register_internal_interface(&ce);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_TransactionInterface(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "TransactionInterface", class_RedisClusterPool_TransactionInterface_methods);
	class_entry = zend_register_internal_interface(&ce);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_Pipeline(zend_class_entry *class_entry_RedisClusterPool_PipelineInterface)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "Pipeline", class_RedisClusterPool_Pipeline_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_RedisClusterPool_PipelineInterface);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_KeyspaceIterator(zend_class_entry *class_entry_Iterator)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "KeyspaceIterator", class_RedisClusterPool_KeyspaceIterator_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_Iterator);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_PubSubConsumer(zend_class_entry *class_entry_Iterator)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "PubSubConsumer", class_RedisClusterPool_PubSubConsumer_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_Iterator);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_Transaction(zend_class_entry *class_entry_RedisClusterPool_TransactionInterface)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "Transaction", class_RedisClusterPool_Transaction_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_RedisClusterPool_TransactionInterface);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_AbortedMultiExecException(zend_class_entry *class_entry_RedisClusterPool_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "AbortedMultiExecException", class_RedisClusterPool_AbortedMultiExecException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_Exception);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_Exception(zend_class_entry *class_entry_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "Exception", class_RedisClusterPool_Exception_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Exception);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_InvalidArgumentException(zend_class_entry *class_entry_RedisClusterPool_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "InvalidArgumentException", class_RedisClusterPool_InvalidArgumentException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_Exception);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_ServerException(zend_class_entry *class_entry_RedisClusterPool_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "ServerException", class_RedisClusterPool_ServerException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_Exception);

	zval property_node_default_value;
	ZVAL_EMPTY_STRING(&property_node_default_value);
	zend_string *property_node_name = zend_string_init("node", sizeof("node") - 1, 1);
	zend_declare_typed_property(class_entry, property_node_name, &property_node_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_node_name);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_ClusterException(zend_class_entry *class_entry_RedisClusterPool_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "ClusterException", class_RedisClusterPool_ClusterException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_Exception);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_PartialFailureException(zend_class_entry *class_entry_RedisClusterPool_ClusterException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "PartialFailureException", class_RedisClusterPool_PartialFailureException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_ClusterException);

	zval property_failures_default_value;
	ZVAL_EMPTY_ARRAY(&property_failures_default_value);
	zend_string *property_failures_name = zend_string_init("failures", sizeof("failures") - 1, 1);
	zend_declare_typed_property(class_entry, property_failures_name, &property_failures_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_failures_name);

	zval property_succeededKeys_default_value;
	ZVAL_EMPTY_ARRAY(&property_succeededKeys_default_value);
	zend_string *property_succeededKeys_name = zend_string_init("succeededKeys", sizeof("succeededKeys") - 1, 1);
	zend_declare_typed_property(class_entry, property_succeededKeys_name, &property_succeededKeys_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_succeededKeys_name);

	zval property_results_default_value;
	ZVAL_NULL(&property_results_default_value);
	zend_string *property_results_name = zend_string_init("results", sizeof("results") - 1, 1);
	zend_declare_typed_property(class_entry, property_results_name, &property_results_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ANY));
	zend_string_release(property_results_name);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_ConnectionException(zend_class_entry *class_entry_RedisClusterPool_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "ConnectionException", class_RedisClusterPool_ConnectionException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_Exception);

	zval property_node_default_value;
	ZVAL_EMPTY_STRING(&property_node_default_value);
	zend_string *property_node_name = zend_string_init("node", sizeof("node") - 1, 1);
	zend_declare_typed_property(class_entry, property_node_name, &property_node_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_node_name);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_TimeoutException(zend_class_entry *class_entry_RedisClusterPool_ConnectionException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "TimeoutException", class_RedisClusterPool_TimeoutException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_ConnectionException);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_ProtocolException(zend_class_entry *class_entry_RedisClusterPool_ConnectionException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "ProtocolException", class_RedisClusterPool_ProtocolException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_ConnectionException);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_AuthenticationException(zend_class_entry *class_entry_RedisClusterPool_ConnectionException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "AuthenticationException", class_RedisClusterPool_AuthenticationException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_ConnectionException);

	zval property_errorType_default_value;
	ZVAL_EMPTY_STRING(&property_errorType_default_value);
	zend_string *property_errorType_name = zend_string_init("errorType", sizeof("errorType") - 1, 1);
	zend_declare_typed_property(class_entry, property_errorType_name, &property_errorType_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_errorType_name);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_MemoryLimitException(zend_class_entry *class_entry_RedisClusterPool_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "MemoryLimitException", class_RedisClusterPool_MemoryLimitException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisClusterPool_Exception);

	zval property_node_default_value;
	ZVAL_EMPTY_STRING(&property_node_default_value);
	zend_string *property_node_name = zend_string_init("node", sizeof("node") - 1, 1);
	zend_declare_typed_property(class_entry, property_node_name, &property_node_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_node_name);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_Status(zend_class_entry *class_entry_Stringable)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "Status", class_RedisClusterPool_Status_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_Stringable);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool_Error(zend_class_entry *class_entry_Stringable)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "RedisClusterPool", "Error", class_RedisClusterPool_Error_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_Stringable);

	return class_entry;
}

static zend_class_entry *register_class_RedisClusterPool(zend_class_entry *class_entry_RedisClusterPool_ClientInterface)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisClusterPool", class_RedisClusterPool_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_RedisClusterPool_ClientInterface);

	zval const_VERSION_value;
	zend_string *const_VERSION_value_str = zend_string_init(PHP_REDIS_CLUSTER_POOL_VERSION, strlen(PHP_REDIS_CLUSTER_POOL_VERSION), 1);
	ZVAL_STR(&const_VERSION_value, const_VERSION_value_str);
	zend_string *const_VERSION_name = zend_string_init_interned("VERSION", sizeof("VERSION") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_VERSION_name, &const_VERSION_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_VERSION_name);
	ZEND_ASSERT(strcmp(PHP_REDIS_CLUSTER_POOL_VERSION, "0.1.0") == 0);


	zend_add_parameter_attribute(zend_hash_str_find_ptr(&class_entry->function_table, "__construct", sizeof("__construct") - 1), 0, ZSTR_KNOWN(ZEND_STR_SENSITIVEPARAMETER), 0);

	zend_add_parameter_attribute(zend_hash_str_find_ptr(&class_entry->function_table, "__construct", sizeof("__construct") - 1), 1, ZSTR_KNOWN(ZEND_STR_SENSITIVEPARAMETER), 0);

	return class_entry;
}

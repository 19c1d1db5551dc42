/*
 * rcp_binding.h - what the PHP classes share (class_pool.c, class_pipeline.c, class_scan.c): the RedisClusterPool object
 * and the turning of PHP arguments into argv. Internal to the binding layer.
 */
#ifndef RCP_BINDING_H
#define RCP_BINDING_H

#include "php.h"
#include "rcp_commands.h"
#include "rcp_exec.h"

typedef struct {
	rcp_client client;
	zend_string *prefix;
	bool exceptions;
	bool constructed;
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
	zend_string **strs;
	const char **argv;
	size_t *lens;
	zend_string *stack_strs[16];
	const char *stack_argv[16];
	size_t stack_lens[16];
} rcp_argv;

/* argv[0] = name, then every element of args stringified like PHP's (string) cast (throws on arrays/objects). */
bool rcp_argv_build(rcp_argv *a, const char *name, size_t name_len, HashTable *args, const char *what);
void rcp_argv_free(rcp_argv *a);
zend_string *rcp_arg_string(zval *v, const char *cmd, uint32_t idx);

/* The table entry for argv (throws "Unknown command" and returns NULL). */
const rcp_cmd *rcp_argv_lookup(rcp_argv *a);

/* Prepend the prefix to every key argument. */
bool rcp_argv_prefix(rcp_argv *a, const rcp_cmd *cmd, zend_string *prefix);

/* With exceptions on, an Error reply becomes a ServerException naming the node (rv is then NULL). */
bool rcp_reply_throw_if_error(rcp_pool_object *p, zval *rv);

extern zend_class_entry *rcp_ce_pipeline;
void rcp_class_pipeline_minit(void);
void rcp_pipeline_new(zval *pool, zval *dst);

extern zend_class_entry *rcp_ce_keyspace;
void rcp_class_scan_minit(void);
/* A KeyspaceIterator over every primary (arguments already checked; match/type may be NULL). */
void rcp_scan_new(zval *pool, zend_string *match, zend_long count, zend_string *type, zval *dst);

#endif

/*
 * class_scan.c - RedisClusterPool\KeyspaceIterator: SCAN over every primary of the cluster, node by node,
 * each node with its own cursor (RedisClusterPool::scanAll()).
 *
 * A SCAN cursor is only meaningful on the node that returned it, which is why a bare SCAN through the pool
 * is refused (rcp_cmd_unsupported) and this iterator exists. The primaries are those of the slot map when
 * the iteration starts (rewind); SCAN's guarantee holds per node: a key that stays on one node for the
 * whole iteration is returned at least once, and may be returned more than once. Keys moved between nodes
 * while the iteration runs (resharding) may be missed or returned twice. A node that fails ends the
 * iteration with its exception.
 *
 * With the pool's "prefix" option, MATCH gets the prefix (glob characters escaped) and the prefix is taken
 * off the keys returned, so the caller sees its own key names.
 */
#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "zend_smart_str.h"
#include "rcp_binding.h"
#include "rcp_exceptions.h"
#include "rcp_reply.h"

zend_class_entry *rcp_ce_keyspace;
static zend_object_handlers rcp_scan_handlers;

typedef struct {
	zval pool;             /* the RedisClusterPool */
	zval batch;            /* keys of the last SCAN reply (array), or UNDEF */
	zval current;          /* the current key, or UNDEF */
	zend_string *match;    /* MATCH pattern as sent (prefix included), or NULL */
	zend_string *type;     /* TYPE filter, or NULL */
	zend_long count;       /* COUNT hint, 0 = the server's default */
	rcp_node *nodes;       /* the primaries when the iteration started (emalloc) */
	uint32_t nnodes;
	uint32_t node;         /* index of the node being scanned */
	zend_string *cursor;   /* cursor on that node */
	bool node_done;        /* that node returned cursor 0 */
	uint32_t batch_pos;
	zend_long position;    /* key(): 0, 1, 2, ... */
	size_t strip;          /* bytes of prefix to take off each key */
	bool started;
	zend_object std;
} rcp_scan_object;

static inline rcp_scan_object *rcp_scan_from(zend_object *o)
{
	return (rcp_scan_object *)((char *)o - XtOffsetOf(rcp_scan_object, std));
}

static void rcp_scan_reset(rcp_scan_object *s)
{
	zval_ptr_dtor(&s->batch);
	ZVAL_UNDEF(&s->batch);
	zval_ptr_dtor(&s->current);
	ZVAL_UNDEF(&s->current);
	if (s->cursor) {
		zend_string_release(s->cursor);
		s->cursor = NULL;
	}
	if (s->nodes) {
		efree(s->nodes);
		s->nodes = NULL;
	}
	s->nnodes = s->node = s->batch_pos = 0;
	s->node_done = false;
	s->position = 0;
}

static zend_object *rcp_scan_create(zend_class_entry *ce)
{
	rcp_scan_object *s = zend_object_alloc(sizeof(rcp_scan_object), ce);

	memset(s, 0, XtOffsetOf(rcp_scan_object, std));
	zend_object_std_init(&s->std, ce);
	s->std.handlers = &rcp_scan_handlers;
	return &s->std;
}

static void rcp_scan_free(zend_object *o)
{
	rcp_scan_object *s = rcp_scan_from(o);

	rcp_scan_reset(s);
	zval_ptr_dtor(&s->pool);
	if (s->match) zend_string_release(s->match);
	if (s->type) zend_string_release(s->type);
	zend_object_std_dtor(o);
}

static HashTable *rcp_scan_get_gc(zend_object *o, zval **table, int *n)
{
	rcp_scan_object *s = rcp_scan_from(o);

	*table = &s->pool;
	*n = 3; /* pool, batch, current are adjacent */
	return NULL;
}

void rcp_class_scan_minit(void)
{
	memcpy(&rcp_scan_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	rcp_scan_handlers.offset = XtOffsetOf(rcp_scan_object, std);
	rcp_scan_handlers.free_obj = rcp_scan_free;
	rcp_scan_handlers.clone_obj = NULL;
	rcp_scan_handlers.get_gc = rcp_scan_get_gc;
	rcp_ce_keyspace->create_object = rcp_scan_create;
}

/* Called by RedisClusterPool::scanAll() once the arguments are checked. */
void rcp_scan_new(zval *pool, zend_string *match, zend_long count, zend_string *type, zval *dst)
{
	rcp_pool_object *p = rcp_pool_from(Z_OBJ_P(pool));
	rcp_scan_object *s;

	object_init_ex(dst, rcp_ce_keyspace);
	s = rcp_scan_from(Z_OBJ_P(dst));
	ZVAL_COPY(&s->pool, pool);
	s->count = count;
	s->type = type ? zend_string_copy(type) : NULL;
	if (p->prefix && ZSTR_LEN(p->prefix)) {
		/* the prefix is literal text: escape the glob characters it may contain */
		smart_str m = {0};
		for (size_t i = 0; i < ZSTR_LEN(p->prefix); i++) {
			char c = ZSTR_VAL(p->prefix)[i];
			if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') {
				smart_str_appendc(&m, '\\');
			}
			smart_str_appendc(&m, c);
		}
		if (match) {
			smart_str_append(&m, match);
		} else {
			smart_str_appendc(&m, '*');
		}
		smart_str_0(&m);
		s->match = m.s;
		s->strip = ZSTR_LEN(p->prefix);
	} else {
		s->match = match ? zend_string_copy(match) : NULL;
	}
}

/* Snapshot the primaries of the current slot map. */
static bool rcp_scan_start(rcp_scan_object *s)
{
	rcp_pool_object *p = rcp_pool_checked(&s->pool);
	rcp_err err;
	rcp_map *map;

	rcp_scan_reset(s);
	s->started = true;
	if (!p) {
		return false;
	}
	err.code = RCP_OK;
	if (rcp_client_ready(&p->client, &err) != RCP_OK) {
		rcp_throw_err(&err);
		return false;
	}
	map = p->client.cluster->map;
	s->nodes = safe_emalloc(map->nnodes ? map->nnodes : 1, sizeof(rcp_node), 0);
	for (uint16_t i = 0; i < map->nnodes; i++) {
		if (!map->nodes[i].replica) {
			s->nodes[s->nnodes++] = map->nodes[i];
		}
	}
	s->cursor = zend_string_init("0", 1, 0);
	return true;
}

/* SCAN the current node once; fills batch and moves the cursor. */
static bool rcp_scan_fetch(rcp_scan_object *s)
{
	rcp_pool_object *p = rcp_pool_checked(&s->pool);
	const char *argv[8];
	size_t lens[8];
	char countbuf[32];
	int argc = 0;
	zval reply, *cur, *keys;
	rcp_err err;

	if (!p) {
		return false;
	}
	argv[argc] = "SCAN"; lens[argc++] = 4;
	argv[argc] = ZSTR_VAL(s->cursor); lens[argc++] = ZSTR_LEN(s->cursor);
	if (s->match) {
		argv[argc] = "MATCH"; lens[argc++] = 5;
		argv[argc] = ZSTR_VAL(s->match); lens[argc++] = ZSTR_LEN(s->match);
	}
	if (s->count > 0) {
		argv[argc] = "COUNT"; lens[argc++] = 5;
		lens[argc] = (size_t)snprintf(countbuf, sizeof(countbuf), ZEND_LONG_FMT, s->count);
		argv[argc++] = countbuf;
	}
	if (s->type) {
		argv[argc] = "TYPE"; lens[argc++] = 4;
		argv[argc] = ZSTR_VAL(s->type); lens[argc++] = ZSTR_LEN(s->type);
	}
	err.code = RCP_OK;
	if (rcp_exec_node(&p->client, s->nodes[s->node].host, s->nodes[s->node].port, argc, argv, lens, "SCAN", &reply,
	                  &err) != RCP_OK) {
		rcp_throw_err(&err);
		return false;
	}
	if (rcp_reply_throw_if_error(p, &reply)) {
		return false;
	}
	if (Z_TYPE(reply) == IS_OBJECT) { /* an Error object with exceptions off: nothing sensible to iterate */
		zend_string *m = rcp_error_message(&reply);
		rcp_throw(rcp_ce_server, "%.*s", (int)ZSTR_LEN(m), ZSTR_VAL(m));
		zval_ptr_dtor(&reply);
		return false;
	}
	if (Z_TYPE(reply) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL(reply)) != 2 ||
	    !(cur = zend_hash_index_find(Z_ARRVAL(reply), 0)) || Z_TYPE_P(cur) != IS_STRING ||
	    !(keys = zend_hash_index_find(Z_ARRVAL(reply), 1)) || Z_TYPE_P(keys) != IS_ARRAY) {
		zval_ptr_dtor(&reply);
		rcp_throw(rcp_ce_protocol, "SCAN: node %s sent a reply that is not [cursor, keys]", p->client.last_node);
		return false;
	}
	zend_string_release(s->cursor);
	s->cursor = zend_string_copy(Z_STR_P(cur));
	s->node_done = zend_string_equals_literal(s->cursor, "0");
	zval_ptr_dtor(&s->batch);
	ZVAL_COPY(&s->batch, keys);
	s->batch_pos = 0;
	zval_ptr_dtor(&reply);
	return true;
}

/* Move to the next key (across batches and nodes); current is UNDEF at the end. */
static void rcp_scan_advance(rcp_scan_object *s)
{
	zval_ptr_dtor(&s->current);
	ZVAL_UNDEF(&s->current);
	for (;;) {
		if (Z_TYPE(s->batch) == IS_ARRAY && s->batch_pos < zend_hash_num_elements(Z_ARRVAL(s->batch))) {
			zval *k = zend_hash_index_find(Z_ARRVAL(s->batch), s->batch_pos++);
			if (!k || Z_TYPE_P(k) != IS_STRING) {
				continue;
			}
			if (s->strip && Z_STRLEN_P(k) >= s->strip) {
				ZVAL_STRINGL(&s->current, Z_STRVAL_P(k) + s->strip, Z_STRLEN_P(k) - s->strip);
			} else {
				ZVAL_COPY(&s->current, k);
			}
			return;
		}
		if (s->node >= s->nnodes) {
			return;
		}
		if (s->node_done) {
			if (++s->node >= s->nnodes) {
				return;
			}
			zend_string_release(s->cursor);
			s->cursor = zend_string_init("0", 1, 0);
			s->node_done = false;
		}
		if (!rcp_scan_fetch(s)) {
			s->node = s->nnodes; /* a failed node ends the iteration */
			return;
		}
	}
}

ZEND_METHOD(RedisClusterPool_KeyspaceIterator, __construct)
{
	zend_throw_error(NULL, "Use RedisClusterPool::scanAll() to iterate over the keyspace");
}

ZEND_METHOD(RedisClusterPool_KeyspaceIterator, rewind)
{
	rcp_scan_object *s = rcp_scan_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (rcp_scan_start(s)) {
		rcp_scan_advance(s);
	}
}

ZEND_METHOD(RedisClusterPool_KeyspaceIterator, valid)
{
	rcp_scan_object *s = rcp_scan_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (!s->started && rcp_scan_start(s)) {
		rcp_scan_advance(s);
	}
	RETURN_BOOL(!Z_ISUNDEF(s->current));
}

ZEND_METHOD(RedisClusterPool_KeyspaceIterator, current)
{
	rcp_scan_object *s = rcp_scan_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (!s->started && rcp_scan_start(s)) {
		rcp_scan_advance(s);
	}
	if (Z_ISUNDEF(s->current)) {
		RETURN_NULL();
	}
	RETURN_COPY(&s->current);
}

ZEND_METHOD(RedisClusterPool_KeyspaceIterator, key)
{
	rcp_scan_object *s = rcp_scan_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (Z_ISUNDEF(s->current)) {
		RETURN_NULL();
	}
	RETURN_LONG(s->position);
}

ZEND_METHOD(RedisClusterPool_KeyspaceIterator, next)
{
	rcp_scan_object *s = rcp_scan_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (!s->started && (!rcp_scan_start(s) || (rcp_scan_advance(s), EG(exception)))) {
		return;
	}
	if (!Z_ISUNDEF(s->current)) {
		s->position++;
		rcp_scan_advance(s);
	}
}

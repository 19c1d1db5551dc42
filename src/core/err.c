/*
 * err.c - the core's error context (include/rcp_err.h): an rcp_status and a message filled once where the failure is
 * seen, handed up to the binding, which alone turns it into an exception (src/binding/errors.c); and the record of
 * a split command that failed on some nodes only (rcp_partial).
 */
#include <stdarg.h>
#include "php.h"
#include "rcp_err.h"

rcp_status rcp_err_set(rcp_err *err, rcp_status code, const char *node, const char *fmt, ...)
{
	va_list ap;

	err->code = code;
	err->full = NULL;
	err->etype[0] = '\0';
	snprintf(err->node, sizeof(err->node), "%s", node ? node : "");
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return code;
}

rcp_status rcp_err_set_long(rcp_err *err, zend_string **owner, rcp_status code, const char *node, const char *fmt, ...)
{
	va_list ap;
	zend_string *m;

	va_start(ap, fmt);
	m = zend_vstrpprintf(0, fmt, ap);
	va_end(ap);
	rcp_err_set(err, code, node, "%s", ZSTR_VAL(m));
	if (ZSTR_LEN(m) < sizeof(err->msg)) {
		zend_string_release(m);
		return code;
	}
	if (*owner) {
		zend_string_release(*owner);
	}
	*owner = m;
	err->full = owner;
	return code;
}

void rcp_err_append(rcp_err *err, const char *fmt, ...)
{
	va_list ap;
	size_t l = strlen(err->msg);

	va_start(ap, fmt);
	vsnprintf(err->msg + l, sizeof(err->msg) - l, fmt, ap);
	va_end(ap);
	if (err->full && *err->full) {
		zend_string *more, *all;
		va_start(ap, fmt);
		more = zend_vstrpprintf(0, fmt, ap);
		va_end(ap);
		all = zend_string_concat2(ZSTR_VAL(*err->full), ZSTR_LEN(*err->full), ZSTR_VAL(more), ZSTR_LEN(more));
		zend_string_release(more);
		zend_string_release(*err->full);
		*err->full = all;
	}
}

/* ---- a partial failure -------------------------------------------------------------------------- */

void rcp_partial_alloc(rcp_partial *p, uint32_t nkeys, size_t keybytes, uint32_t maxnodes)
{
	size_t o_end = (size_t)maxnodes * sizeof(rcp_partial_node);
	size_t o_node = o_end + (size_t)nkeys * sizeof(size_t);
	size_t o_keys = o_node + (size_t)nkeys * sizeof(int32_t);
	char *m;

	rcp_partial_free(p);
	m = p->mem = emalloc(o_keys + keybytes + 1);
	p->nodes = (rcp_partial_node *)m;
	p->key_end = (size_t *)(m + o_end);
	p->key_node = (int32_t *)(m + o_node);
	p->keys = m + o_keys;
	p->nnodes = 0;
	p->nkeys = 0;
	ZVAL_UNDEF(&p->results);
}

void rcp_partial_release(rcp_partial *p)
{
	for (uint32_t i = 0; i < p->nnodes; i++) {
		zend_string_release(p->nodes[i].error);
	}
	zval_ptr_dtor(&p->results);
	efree(p->mem);
	memset(p, 0, sizeof(*p)); /* results: IS_UNDEF */
}

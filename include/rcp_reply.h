/*
 * rcp_reply.h - RESP replies straight into zvals, and the two reply object classes.
 *
 * The reader (rcp_resp_read.h) builds every reply directly as a zval (request memory, emalloc): bulk ->
 * string, nil -> null, integer -> int, array -> packed array, status OK/QUEUED/NOKEY/PONG ->
 * RedisClusterPool\Status (one shared instance each), any other status -> string (as Predis v3 does), error ->
 * RedisClusterPool\Error with its kind.
 */
#ifndef RCP_REPLY_H
#define RCP_REPLY_H

#include "php.h"
#include "rcp_resp_read.h"

extern zend_class_entry *rcp_ce_status;
extern zend_class_entry *rcp_ce_error;

/* A Status or Error object: its one string (and an Error's kind). The binding gives the classes their handlers
 * (src/binding/status.c); the core makes and reads them (src/core/reply.c). */
typedef struct {
	zend_string *str;
	uint8_t kind;            /* Error: its rcp_reply_kind (classified when it was made) */
	zend_object std;
} rcp_str_object;

static inline rcp_str_object *rcp_str_from_obj(zend_object *obj)
{
	return (rcp_str_object *)((char *)obj - XtOffsetOf(rcp_str_object, std));
}

/* Whether a memory_limit error is pending. PHP builds with delayed OOM handling (EG(delayed_oom),
 * ZEND_HAS_OOM()) do not bail out at the allocation that crosses memory_limit: allocations go on and the
 * fatal error is raised at the next safe point, and past a hard limit (2x) the process exits at once.
 * Building a reply must stop as soon as this is true. Always false on PHP builds without it. */
static zend_always_inline bool rcp_oom_pending(void)
{
#ifdef ZEND_HAS_OOM
	return ZEND_HAS_OOM();
#else
	return false;
#endif
}

/*
 * What a reply is, as far as routing cares: the reader classifies every error reply by its prefix when it reads
 * it (rcp_reply_classify, stored with the Error object), so the core decides on a C enum and never looks at
 * PHP class entries or compares messages.
 */
typedef enum {
	RCP_RK_VALUE = 0,      /* not an error reply */
	RCP_RK_ERROR,          /* an error reply of any other kind (ERR, WRONGTYPE, NOPERM, ...) */
	RCP_RK_MOVED,          /* "MOVED <slot> <host:port>": the slot lives elsewhere */
	RCP_RK_ASK,            /* "ASK <slot> <host:port>": this once, elsewhere (a slot being migrated) */
	RCP_RK_TRYAGAIN,       /* keys of a slot being migrated: retry later */
	RCP_RK_CLUSTERDOWN,    /* the cluster is down (or a slot is not served) */
	RCP_RK_READONLY,       /* "READONLY ...": a write reached a replica (a demoted primary) */
	RCP_RK_NOSCRIPT,       /* EVALSHA of a script the node does not have */
	RCP_RK_COUNT
} rcp_reply_kind;

/* Bits of rcp_resp.kinds (the error replies a reader read) that the core re-routes on (redirects, retries, a
 * demoted primary): a batch's command answered so is re-run alone through the redirect loop (rcp_exec_at), which
 * follows it or backs off. Each means the command was refused, not applied, so sending it again is safe. */
#define RCP_RK_REROUTE_MASK ((1u << RCP_RK_MOVED) | (1u << RCP_RK_ASK) | (1u << RCP_RK_TRYAGAIN) | \
                             (1u << RCP_RK_CLUSTERDOWN) | (1u << RCP_RK_READONLY))

/* The kind of an error reply, from its message. */
rcp_reply_kind rcp_reply_classify(const char *msg, size_t len);

/* The kind of a reply value: RCP_RK_VALUE for anything but an Error object, else its kind. */
rcp_reply_kind rcp_reply_kind_of(const zval *z);

static zend_always_inline bool rcp_reply_is_error(const zval *z)
{
	return rcp_reply_kind_of(z) != RCP_RK_VALUE;
}

/* Whether z is a Status object (OK, QUEUED, ...). */
bool rcp_reply_is_status(const zval *z);

/* New Status / Error objects. Status for OK/QUEUED/PONG is a shared per-request instance. */
void rcp_status_new(zval *dst, const char *payload, size_t len);
void rcp_error_new(zval *dst, const char *msg, size_t len);   /* classified with rcp_reply_classify() */
void rcp_error_new_kind(zval *dst, const char *msg, size_t len, rcp_reply_kind kind);

/* Whether a status payload becomes a Status object (OK, QUEUED, NOKEY, PONG) rather than a string. */
bool rcp_status_is_object(const char *payload, size_t len);

/* For an Error object: its message (borrowed). */
zend_string *rcp_error_message(zval *err);

/* Drop the shared Status instances (RSHUTDOWN). */
void rcp_status_rshutdown(void);

#endif

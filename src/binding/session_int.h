/*
 * session_int.h - what the session handler (session.c) and its configuration (session_config.c) share. Internal to
 * the binding; only with HAVE_PHP_SESSION.
 */
#ifndef RCP_SESSION_INT_H
#define RCP_SESSION_INT_H

#include "php.h"
#include "rcp_topology.h"

#define RCP_SESSION_DEFAULT_PREFIX "PHPREDIS_CLUSTER_SESSION:"
#define RCP_SESSION_MAX_SEEDS 64          /* as the RedisClusterPool constructor */
#define RCP_SESSION_PREFIX_MAX 256
#define RCP_SESSION_LOCK_SUFFIX "_LOCK"
#define RCP_SESSION_SID_TRIES 3           /* new ids generated before giving up on collisions, as ext/session */

/* session.save_path, parsed (session_config.c) */
enum { RCP_AUTH_NONE, RCP_AUTH_STRING, RCP_AUTH_LIST, RCP_AUTH_NAMED };

typedef struct {
	rcp_seed *seeds;                  /* emalloc'd, RCP_SESSION_MAX_SEEDS */
	uint32_t nseeds;
	uint64_t connect_ms, rw_ms;       /* 0: the client's default */
	zend_string *user, *pass, *prefix;
	int auth_form;                    /* RCP_AUTH_*: which of phpredis' forms auth was given in */
	uint32_t auth_list;               /* auth[] elements seen */
} rcp_session_conf;

/* Parse a save_path into c (false: why says what is wrong, naming the part, never a secret); free c in every case. */
bool rcp_session_conf_parse(const char *path, rcp_session_conf *c, char *why, size_t whylen);
void rcp_session_conf_free(rcp_session_conf *c);

/* An ini setting's current value (never NULL). */
zend_string *rcp_session_ini(const char *name, size_t len);
/* redis_cluster_pool.<n> as an integer (validated when set) */
#define RCP_SESSION_INI_LONG(n) \
	ZEND_STRTOL(ZSTR_VAL(rcp_session_ini("redis_cluster_pool." n, sizeof("redis_cluster_pool." n) - 1)), NULL, 10)


/* PS(save_path) pointed at a copy with its passwords masked, before a failure is returned (ext/session prints it);
 * restored by unhide (the next open, request end). */
void rcp_session_hide_path(void);
void rcp_session_unhide_path(void);
/* The save_path open() was given, unmasked when it is the masked copy. */
const char *rcp_session_path_unmasked(const char *save_path);

/* The ini entries and session.save_path's masking displayer (MINIT / MSHUTDOWN). */
void rcp_session_config_minit(int module_number);
void rcp_session_config_mshutdown(void);

#endif

/*
 * secrets.c - the arguments that may hold a secret, kept out of sight (see rcp_binding.h): the commands whose
 * arguments may hold a password (rcp_name_sensitive), the frame arguments of a method call wrapped as
 * #[\SensitiveParameter] does (rcp_redact_args), and error replies that repeat such an argument, scrubbed of it
 * (rcp_scrub_reply for a reply, rcp_err_scrub for an error context), by position, the positions Redis itself
 * redacts from its logs. Used by call.c and the class files; uses nothing of theirs.
 */
#include "php.h"
#include "zend_exceptions.h"
#include "zend_attributes.h"
#include "zend_smart_str.h"
#include "rcp_binding.h"
#include "rcp_reply.h"

/* ---- arguments that hold secrets --------------------------------------------------------------------- */

bool rcp_name_sensitive(const char *name, size_t len)
{
	switch (len) {
		case 3: return !strncasecmp(name, "acl", 3);
		case 4: return !strncasecmp(name, "auth", 4);
		case 5: return !strncasecmp(name, "hello", 5);
		case 6: return !strncasecmp(name, "config", 6);
		case 7: return !strncasecmp(name, "migrate", 7);
		default: return false;
	}
}

bool rcp_zv_sensitive(zval *name)
{
	ZVAL_DEREF(name);
	return Z_TYPE_P(name) == IS_STRING && rcp_name_sensitive(Z_STRVAL_P(name), Z_STRLEN_P(name));
}

bool rcp_cmds_sensitive(HashTable *cmds)
{
	zval *c, *first;

	ZEND_HASH_FOREACH_VAL(cmds, c) {
		ZVAL_DEREF(c);
		if (rcp_zv_sensitive(c)) {
			return true; /* one command given flat (['AUTH', 'secret']): refused, but its arguments are in the list */
		}
		if (Z_TYPE_P(c) == IS_ARRAY) {
			/* the first element in order, whatever its key (as rcp_raw_argv() reads it) */
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(c), first) {
				if (rcp_zv_sensitive(first)) {
					return true;
				}
				break;
			} ZEND_HASH_FOREACH_END();
		}
	} ZEND_HASH_FOREACH_END();
	return false;
}

void rcp_redact_args(zend_execute_data *execute_data, uint32_t first, uint32_t last)
{
	uint32_t n = ZEND_CALL_NUM_ARGS(execute_data);

	for (uint32_t i = first; i <= n && (!last || i <= last); i++) {
		zval *arg = ZEND_CALL_ARG(execute_data, i), obj;

		if (Z_TYPE_P(arg) == IS_UNDEF ||
		    (Z_TYPE_P(arg) == IS_OBJECT && Z_OBJCE_P(arg) == zend_ce_sensitive_parameter_value)) {
			continue;
		}
		object_init_ex(&obj, zend_ce_sensitive_parameter_value);
		zend_call_known_instance_method_with_1_params(zend_ce_sensitive_parameter_value->constructor, Z_OBJ(obj), NULL, arg);
		zval_ptr_dtor(arg);
		ZVAL_COPY_VALUE(arg, &obj);
	}
}

zval *rcp_frame_arg(zend_execute_data *execute_data, uint32_t i)
{
	zval *arg = ZEND_CALL_ARG(execute_data, i);

	if (Z_TYPE_P(arg) == IS_OBJECT && Z_OBJCE_P(arg) == zend_ce_sensitive_parameter_value) {
		arg = OBJ_PROP_NUM(Z_OBJ_P(arg), 0); /* its one property, $value */
	}
	ZVAL_DEREF(arg);
	return arg;
}

bool rcp_redact_named(zend_execute_data *execute_data)
{
	if (ZEND_CALL_NUM_ARGS(execute_data) < 1 || !rcp_zv_sensitive(ZEND_CALL_ARG(execute_data, 1))) {
		return false;
	}
	rcp_redact_args(execute_data, 2, 0);
	return true;
}

/* ---- error replies that repeat a secret --------------------------------------------------------- */

/* ACL SETUSER rules that are keywords: never a secret, and some are words of the server's own messages ("or the
 * 'allkeys' flag", "Try 'resetkeys'"). Any other rule may be a password (">pw", or one given without its '>'). */
static const char *const rcp_acl_keywords[] = {"on", "off", "nopass", "resetpass", "reset", "allkeys", "resetkeys",
	"allchannels", "resetchannels", "allcommands", "nocommands", "clearselectors", "sanitize-payload",
	"skip-sanitize-payload", NULL};

/* CONFIG SET parameters whose value is a secret: those Redis flags SENSITIVE_CONFIG (and redacts in its logs) */
static const char *const rcp_config_secrets[] = {"requirepass", "masterauth", "masteruser", "tls-key-file-pass",
	"tls-client-key-file-pass", NULL};

static bool rcp_word_is(const char *s, size_t len, const char *word)
{
	return len == strlen(word) && !strncasecmp(s, word, len);
}

static bool rcp_word_in(const char *s, size_t len, const char *const *words)
{
	for (; *words; words++) {
		if (rcp_word_is(s, len, *words)) {
			return true;
		}
	}
	return false;
}

/*
 * Mark in secret[1 .. argc) the arguments of a command that may hold a secret, the positions Redis itself redacts
 * from its logs (redactClientCommandArgument): AUTH's arguments; HELLO's two after AUTH; MIGRATE's one after AUTH,
 * two after AUTH2; ACL SETUSER's rules after the user name but the keywords; CONFIG SET's values of the
 * parameters above. False when there is none (any other command).
 */
static bool rcp_secret_args(int argc, const char *const *argv, const size_t *lens, bool *secret)
{
	bool any = false;
	int j;

#define RCP_SECRET(i) do { if ((i) < argc) { secret[i] = any = true; } } while (0)
	if (rcp_word_is(argv[0], lens[0], "auth")) {
		for (j = 1; j < argc; j++) {
			RCP_SECRET(j);
		}
	} else if (rcp_word_is(argv[0], lens[0], "hello")) {
		for (j = 2; j < argc; j++) {
			if (rcp_word_is(argv[j], lens[j], "auth")) {
				RCP_SECRET(j + 1);
				RCP_SECRET(j + 2);
				j += 2;
			} else if (rcp_word_is(argv[j], lens[j], "setname")) {
				j++;
			}
		}
	} else if (rcp_word_is(argv[0], lens[0], "migrate")) {
		/* MIGRATE host port key db timeout [COPY] [REPLACE] [AUTH pw | AUTH2 user pw] [KEYS key...] */
		for (j = 6; j < argc && !rcp_word_is(argv[j], lens[j], "keys"); j++) {
			if (rcp_word_is(argv[j], lens[j], "auth")) {
				RCP_SECRET(j + 1);
				j++;
			} else if (rcp_word_is(argv[j], lens[j], "auth2")) {
				RCP_SECRET(j + 1);
				RCP_SECRET(j + 2);
				j += 2;
			}
		}
	} else if (argc > 1 && rcp_word_is(argv[0], lens[0], "acl") && rcp_word_is(argv[1], lens[1], "setuser")) {
		for (j = 3; j < argc; j++) {
			if (!rcp_word_in(argv[j], lens[j], rcp_acl_keywords)) {
				RCP_SECRET(j);
			}
		}
	} else if (argc > 1 && rcp_word_is(argv[0], lens[0], "config") && rcp_word_is(argv[1], lens[1], "set")) {
		for (j = 2; j + 1 < argc; j += 2) {
			if (rcp_word_in(argv[j], lens[j], rcp_config_secrets)) {
				RCP_SECRET(j + 1);
			}
		}
	}
#undef RCP_SECRET
	return any;
}

/* What may stand on either side of a word of a message: a secret is replaced only as a whole token. */
static bool rcp_token_edge(char c)
{
	return strchr(" \t\r\n'\"`()[]{}<>,;:=", c) != NULL && c != '\0';
}

/*
 * msg with every whole-token occurrence of a secret argument of argv (rcp_secret_args) replaced by
 * "(argument N)", N its position after the command name; NULL when there is nothing to replace. The first word,
 * the error type ("ERR", "WRONGTYPE"), is never touched, nor a word that only contains a secret ("NOAUTH" for
 * "AUTH"). One pass over msg, the longest secret first where several match: a replacement is never matched again.
 */
static zend_string *rcp_scrub(const char *msg, size_t len, int argc, const char *const *argv, const size_t *lens)
{
	bool stack_secret[32] = {0}, *secret = argc <= 32 ? stack_secret : ecalloc((size_t)argc, sizeof(bool));
	const char *sp = memchr(msg, ' ', len);
	smart_str out = {0};
	size_t p, done = 0;

	if (argc > 1 && sp && rcp_secret_args(argc, argv, lens, secret)) {
		for (p = (size_t)(sp - msg) + 1; p < len; p++) {
			int best = 0;
			if (!rcp_token_edge(msg[p - 1])) {
				continue;
			}
			for (int i = 1; i < argc; i++) {
				if (secret[i] && lens[i] && lens[i] <= len - p && (!best || lens[i] > lens[best]) &&
				    !memcmp(msg + p, argv[i], lens[i]) && (p + lens[i] == len || rcp_token_edge(msg[p + lens[i]]))) {
					best = i;
				}
			}
			if (best) {
				smart_str_appendl(&out, msg + done, p - done);
				smart_str_append_printf(&out, "(argument %d)", best);
				done = p + lens[best];
				p = done - 1; /* then the loop's p++: the character after the secret, an edge */
			}
		}
	}
	if (secret != stack_secret) {
		efree(secret);
	}
	if (!out.s) {
		return NULL;
	}
	smart_str_appendl(&out, msg + done, len - done);
	smart_str_0(&out);
	return out.s;
}

void rcp_scrub_reply(zval *reply, const rcp_argv *a)
{
	zend_string *msg, *m;
	zval clean;

	if (!a || Z_TYPE_P(reply) != IS_OBJECT || Z_OBJCE_P(reply) != rcp_ce_error || !rcp_name_sensitive(a->argv[0], a->lens[0])) {
		return;
	}
	msg = rcp_error_message(reply);
	if (!(m = rcp_scrub(ZSTR_VAL(msg), ZSTR_LEN(msg), a->argc, a->argv, a->lens))) {
		return;
	}
	rcp_error_new_kind(&clean, ZSTR_VAL(m), ZSTR_LEN(m), rcp_reply_kind_of(reply));
	zend_string_release(m);
	zval_ptr_dtor(reply);
	ZVAL_COPY_VALUE(reply, &clean);
}

void rcp_err_scrub(rcp_err *err, const rcp_argv *a)
{
	zend_string *m;

	if (!rcp_name_sensitive(a->argv[0], a->lens[0])) {
		return;
	}
	if ((m = rcp_scrub(err->msg, strlen(err->msg), a->argc, a->argv, a->lens))) {
		snprintf(err->msg, sizeof(err->msg), "%s", ZSTR_VAL(m));
		zend_string_release(m);
	}
	if (err->full && *err->full && (m = rcp_scrub(ZSTR_VAL(*err->full), ZSTR_LEN(*err->full), a->argc, a->argv, a->lens))) {
		zend_string_release(*err->full);
		*err->full = m;
	}
}

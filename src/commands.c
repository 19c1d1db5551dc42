/*
 * commands.c - command lookup and key positions (see rcp_commands.h).
 *
 * Key positions are found by interpreting Redis 7 key specifications the way the server does
 * (db.c getKeysUsingKeySpecs): begin_search by index or keyword, find_keys by range or keynum. Two commands
 * whose specs are incomplete get the server's own special handling: SORT/SORT_RO (the STORE destination,
 * skipping BY/GET patterns and LIMIT) and MIGRATE (the empty key placeholder when KEYS is used).
 * Pure C: no allocation, no zvals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "php.h"
#include "rcp_commands.h"
#include "commands_table.h"

#define RCP_CMD_NAME_MAX 64

static int rcp_cmd_cmp(const void *key, const void *elem)
{
	return strcmp((const char *)key, ((const rcp_cmd *)elem)->name);
}

static const rcp_cmd *rcp_cmd_find(const char *upper)
{
	return bsearch(upper, rcp_cmd_table, rcp_cmd_count, sizeof(rcp_cmd), rcp_cmd_cmp);
}

/* Upper-case name (and "|sub") into buf; false when too long or not a plausible command name. */
static int rcp_cmd_upper(char *buf, size_t cap, const char *name, size_t len, const char *sub, size_t sublen)
{
	size_t n = 0, i;

	if (len == 0 || len + (sub ? sublen + 1 : 0) + 1 > cap) {
		return 0;
	}
	for (i = 0; i < len; i++) {
		char c = name[i];
		if (c == '\0' || c == '|') {
			return 0;
		}
		buf[n++] = (c >= 'a' && c <= 'z') ? (char)(c - 32) : c;
	}
	if (sub) {
		buf[n++] = '|';
		for (i = 0; i < sublen; i++) {
			char c = sub[i];
			if (c == '\0') {
				return 0;
			}
			buf[n++] = (c >= 'a' && c <= 'z') ? (char)(c - 32) : c;
		}
	}
	buf[n] = '\0';
	return 1;
}

const rcp_cmd *rcp_cmd_lookup(const char *name, size_t len, const char *sub, size_t sublen)
{
	char buf[RCP_CMD_NAME_MAX];
	const rcp_cmd *cmd;

	if (!rcp_cmd_upper(buf, sizeof(buf), name, len, NULL, 0) || !(cmd = rcp_cmd_find(buf))) {
		return NULL;
	}
	if ((cmd->flags & RCP_CMD_HAS_SUBCMDS) && sub && sublen) {
		const rcp_cmd *s;
		if (rcp_cmd_upper(buf, sizeof(buf), name, len, sub, sublen) && (s = rcp_cmd_find(buf))) {
			return s;
		}
	}
	return cmd;
}

int rcp_cmd_arity_ok(const rcp_cmd *cmd, int argc)
{
	return cmd->arity >= 0 ? argc == cmd->arity : argc >= -cmd->arity;
}

static int rcp_ieq(const char *a, size_t alen, const char *b)
{
	size_t blen = strlen(b);
	return alen == blen && strncasecmp(a, b, blen) == 0;
}

/* A non-negative decimal integer that fits an int. */
static int rcp_parse_count(const char *s, size_t len, long *out)
{
	long v = 0;

	if (len == 0 || len > 9) {
		return 0;
	}
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9') {
			return 0;
		}
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return 1;
}

typedef struct {
	int *pos;
	int maxpos;
	int n;
} rcp_keyset;

static void rcp_keyset_add(rcp_keyset *ks, int p)
{
	int i, j;
	int limit = ks->n < ks->maxpos ? ks->n : ks->maxpos;

	/* key specs mostly yield positions in increasing order: append in O(1) (a MGET of a million keys would
	 * otherwise cost a million scans of the list) */
	if (limit == 0 || ks->pos[limit - 1] < p) {
		if (ks->n < ks->maxpos) {
			ks->pos[ks->n] = p;
		}
		ks->n++;
		return;
	}
	/* keep positions sorted and unique (the buffer holds the smallest maxpos of them) */
	for (i = 0; i < limit; i++) {
		if (ks->pos[i] == p) {
			return;
		}
		if (ks->pos[i] > p) {
			break;
		}
	}
	if (ks->n >= ks->maxpos && i >= ks->maxpos) {
		ks->n++;
		return;
	}
	for (j = (ks->n < ks->maxpos ? ks->n : ks->maxpos - 1); j > i; j--) {
		ks->pos[j] = ks->pos[j - 1];
	}
	ks->pos[i] = p;
	ks->n++;
}

/* SORT / SORT_RO: the key, then the STORE destination if any (BY/GET take patterns, LIMIT two numbers). */
static void rcp_sort_keys(int argc, const char *const *argv, const size_t *argvlen, rcp_keyset *ks)
{
	rcp_keyset_add(ks, 1);
	for (int i = 2; i < argc; i++) {
		if (rcp_ieq(argv[i], argvlen[i], "LIMIT")) {
			i += 2;
		} else if (rcp_ieq(argv[i], argvlen[i], "GET") || rcp_ieq(argv[i], argvlen[i], "BY")) {
			i += 1;
		} else if (rcp_ieq(argv[i], argvlen[i], "STORE") && i + 1 < argc) {
			rcp_keyset_add(ks, i + 1);
			i += 1;
		}
	}
}

int rcp_cmd_keys(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen,
                 int *pos, int maxpos, char *errbuf, size_t errlen)
{
	rcp_keyset ks = {pos, maxpos, 0};
	int migrate_keys = 0;

	if (cmd->flags & RCP_CMD_HAS_SUBCMDS) {
		return 0; /* a container without a known subcommand */
	}
	if (!strcmp(cmd->name, "SORT") || !strcmp(cmd->name, "SORT_RO")) {
		if (argc >= 2) {
			rcp_sort_keys(argc, argv, argvlen, &ks);
		}
		return ks.n;
	}
	for (int s = 0; s < cmd->nspecs; s++) {
		const rcp_key_spec *sp = &cmd->specs[s];
		int first = 0, last, step, i;

		if (sp->bs_type == RCP_BS_INDEX) {
			first = sp->bs_a;
			if (first >= argc) {
				continue;
			}
		} else if (sp->bs_type == RCP_BS_KEYWORD) {
			int start = sp->bs_a > 0 ? sp->bs_a : argc + sp->bs_a;
			int end = sp->bs_a > 0 ? argc - 1 : 1;
			for (i = start; ; i = start <= end ? i + 1 : i - 1) {
				if (i >= argc || i < 1) {
					break;
				}
				if (rcp_ieq(argv[i], argvlen[i], sp->bs_kw)) {
					first = i + 1;
					break;
				}
				if (i == end) {
					break;
				}
			}
			if (!first) {
				continue;
			}
			if (!strcmp(cmd->name, "MIGRATE")) {
				migrate_keys = 1;
			}
		} else {
			continue;
		}

		if (sp->fk_type == RCP_FK_RANGE) {
			if (sp->fk_a >= 0) {
				last = first + sp->fk_a;
			} else if (!sp->fk_c) {
				last = argc + sp->fk_a;
			} else {
				last = first + ((argc - first) / sp->fk_c + sp->fk_a);
			}
			step = sp->fk_b;
		} else if (sp->fk_type == RCP_FK_KEYNUM) {
			long numkeys;
			int ni = first + sp->fk_a;
			if (ni >= argc || !rcp_parse_count(argv[ni], argvlen[ni], &numkeys)) {
				snprintf(errbuf, errlen, "%s: numkeys must be a non-negative integer", cmd->name);
				return -1;
			}
			first += sp->fk_b;
			if (numkeys == 0) {
				continue;
			}
			last = first + (int)numkeys - 1;
			step = sp->fk_c;
			if (last >= argc) {
				snprintf(errbuf, errlen, "%s: numkeys (%ld) is larger than the number of key arguments given",
					cmd->name, numkeys);
				return -1;
			}
		} else {
			continue;
		}
		if (step <= 0 || last >= argc || last < first || first >= argc) {
			continue; /* a syntax error the server will report */
		}
		for (i = first; i <= last; i += step) {
			rcp_keyset_add(&ks, i);
		}
	}
	if (migrate_keys && argc > 3 && argvlen[3] == 0) {
		/* MIGRATE host port "" db timeout ... KEYS k1 k2: the empty key is a placeholder */
		int limit = ks.n < ks.maxpos ? ks.n : ks.maxpos;
		for (int i = 0; i < limit; i++) {
			if (ks.pos[i] == 3) {
				memmove(&ks.pos[i], &ks.pos[i + 1], sizeof(int) * (size_t)(limit - i - 1));
				ks.n--;
				break;
			}
		}
	}
	return ks.n;
}

int rcp_cmd_keys_into(const rcp_cmd *cmd, int argc, const char *const *argv, const size_t *argvlen, int *stack,
                      int **pos, char *errbuf, size_t errlen)
{
	int n = rcp_cmd_keys(cmd, argc, argv, argvlen, stack, RCP_KEYS_STACK, errbuf, errlen);

	*pos = stack;
	if (n > RCP_KEYS_STACK) {
		*pos = safe_emalloc((size_t)n, sizeof(int), 0);
		n = rcp_cmd_keys(cmd, argc, argv, argvlen, *pos, n, errbuf, errlen);
	}
	return n;
}

/*
 * reply.c - what kind of error reply a message is (MOVED, ASK, ...), decided once when the reader reads it.
 */
#include "php.h"
#include "rcp_reply.h"

rcp_reply_kind rcp_reply_classify(const char *msg, size_t len)
{
#define RCP_PREFIX(lit) (len >= sizeof(lit) - 1 && !memcmp(msg, lit, sizeof(lit) - 1))
	switch (len ? msg[0] : 0) {
		case 'M':
			return RCP_PREFIX("MOVED ") ? RCP_RK_MOVED : RCP_RK_ERROR;
		case 'A':
			return RCP_PREFIX("ASK ") ? RCP_RK_ASK : RCP_RK_ERROR;
		case 'T':
			return RCP_PREFIX("TRYAGAIN") ? RCP_RK_TRYAGAIN : RCP_RK_ERROR;
		case 'C':
			return RCP_PREFIX("CLUSTERDOWN") ? RCP_RK_CLUSTERDOWN : RCP_RK_ERROR;
		case 'R':
			return RCP_PREFIX("READONLY ") ? RCP_RK_READONLY : RCP_RK_ERROR;
		case 'N':
			return RCP_PREFIX("NOSCRIPT") ? RCP_RK_NOSCRIPT : RCP_RK_ERROR;
		default:
			return RCP_RK_ERROR;
	}
#undef RCP_PREFIX
}

/*
 * rcp_pubsub.h - a subscriber (pub/sub consumer): connections of its own, never pooled, that hold SUBSCRIBE,
 * PSUBSCRIBE and SSUBSCRIBE subscriptions, and the frames they bring (src/pubsub.c).
 *
 * Core code: C strings in, frames out as the reader built them (PHP arrays), rcp_status + rcp_err for failures;
 * the binding (src/class_pubsub.c) makes objects and exceptions of them. Names come in as they are sent (the
 * binding applied the "prefix" option where it applies).
 *
 * Routing: channels and patterns live on one connection (the "main" one, to a primary picked at random: a
 * PUBLISH reaches every node of the cluster); shard channels (SSUBSCRIBE) on a connection to the primary of
 * their slot, one per node, all read together (one poll() over them). A shard channel whose slot moves is
 * re-subscribed on the new owner (the old one says SUNSUBSCRIBE; a MOVED reply names the new one): see
 * src/pubsub.c for what can be lost meanwhile.
 *
 * Who owns what: the rcp_pubsub is request memory (emalloc), its connections process memory (rcp_conn_new),
 * closed by rcp_pubsub_close()/rcp_pubsub_free(); the client (credentials, TLS, the cluster's map) is the
 * caller's and must outlive it.
 */
#ifndef RCP_PUBSUB_H
#define RCP_PUBSUB_H

#include "php.h"
#include "rcp_err.h"
#include "rcp_exec.h"

/* What a subscriber sends. The order is the frames' kinds' (rcp_pubsub_kind_name). */
typedef enum {
	RCP_PS_SUBSCRIBE = 0,
	RCP_PS_PSUBSCRIBE,
	RCP_PS_SSUBSCRIBE,
	RCP_PS_UNSUBSCRIBE,
	RCP_PS_PUNSUBSCRIBE,
	RCP_PS_SUNSUBSCRIBE,
	RCP_PS_PING,
	RCP_PS_VERBS
} rcp_ps_verb;

typedef struct rcp_pubsub rcp_pubsub;

/* A subscriber with nothing subscribed and no connection yet, for client cl. */
rcp_pubsub *rcp_pubsub_new(rcp_client *cl);

/* Close its connections (never written to again; inherited from a parent process: only our copy of the socket
 * is closed) and forget its subscriptions and frames: it holds nothing, and may subscribe again. */
void rcp_pubsub_close(rcp_pubsub *ps);

/* rcp_pubsub_close(), then free it. */
void rcp_pubsub_free(rcp_pubsub *ps);

/*
 * Send verb for n names (lens: their lengths) and wait, under the client's read_write_timeout, until the server
 * confirmed each (one frame per name, queued for rcp_pubsub_next() in order with the messages that arrived
 * meanwhile). Un-verbs with n 0: everything of that kind this subscriber holds (a name it does not hold gets its
 * frame without a round trip). PING (n 0 or 1: the payload) goes to every connection (one is opened when there is
 * none) and one pong frame is queued once all answered. A refusal (NOPERM, ...) is RCP_E_SERVER naming the node;
 * a connection that fails closes the subscriber (rcp_pubsub_close) and is returned.
 */
rcp_status rcp_pubsub_send(rcp_pubsub *ps, rcp_ps_verb verb, uint32_t n, const char *const *names,
                           const size_t *lens, rcp_err *err);

/*
 * The next frame into *frame (ownership to the caller), as a packed array: [kind, channel, payload] (message,
 * smessage), [kind, pattern, channel, payload] (pmessage), [kind, name or null, count] (subscribe, psubscribe,
 * ssubscribe and their un- kinds: count is what this subscriber holds then, over all its connections),
 * [pong, payload]. Waits for one up to timeout_ms (0: as long as it takes); *frame is UNDEF when that passed, or
 * when nothing can come (rcp_pubsub_waiting() false: its connections are then closed, a subscribe reopens). PHP signal handlers (pcntl_async_signals) run while it
 * waits; one that throws ends the wait (RCP_OK, UNDEF, the exception pending). A connection that fails closes
 * the subscriber and is returned (RCP_E_CONNECTION, ...); so is an internal re-subscription the cluster refused.
 */
rcp_status rcp_pubsub_next(rcp_pubsub *ps, uint64_t timeout_ms, zval *frame, rcp_err *err);

/* Whether a frame is queued or may still come (something is subscribed, or a command awaits its frames). */
bool rcp_pubsub_waiting(const rcp_pubsub *ps);

/* How many names of verb's kind (channels, patterns, shard channels) it holds or is subscribing to. */
uint32_t rcp_pubsub_held(const rcp_pubsub *ps, rcp_ps_verb verb);

/* The kind of frames verb makes ("subscribe", ..., "pong"). */
const char *rcp_pubsub_kind_name(rcp_ps_verb verb);

/*
 * What it holds, into out (an array): "channels", "patterns", "shard_channels" => [name => "host:port" of the
 * connection holding it], "resubscribed" => shard channels re-subscribed after their slot moved, "moved" => MOVED
 * replies followed. strip: bytes to take off every name (the prefix), when it starts with them.
 */
void rcp_pubsub_describe(const rcp_pubsub *ps, const char *strip, size_t striplen, zval *out);

#endif

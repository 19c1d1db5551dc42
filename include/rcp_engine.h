/*
 * rcp_engine.h - the batch engine (src/core/engine.c): parts on several connections written at once and their
 * replies read as they arrive, one round trip, under one deadline (libuv; the direct path with plain syscalls in
 * the steady state).
 */
#ifndef RCP_ENGINE_H
#define RCP_ENGINE_H

#include "rcp_conn.h"

/*
 * Run a batch: connect where needed, write every part, then read every part's replies as they arrive,
 * until all are complete or deadline_ms (absolute, rcp_now_ms() clock) passes. connect_deadline_ms bounds
 * connection establishment. start_us: when the batch started on rcp_now_us()'s clock, when the caller read it a
 * moment ago (the operation's reading), else 0 (read here); each part's latency is counted from it. Parts must
 * use distinct connections. Each part's outcome is in part->err; a part that failed leaves its connection BROKEN
 * (the caller closes it) and its replies UNDEF where missing. Returns the number of failed parts. If a PHP bailout (fatal error) happens while building a
 * reply, every connection of the batch is closed and the bailout continues after the loop is consistent.
 * A part on a connection with a sink (a subscriber's) has nreplies 0: it is done once its bytes are written
 * (len > 0; a new connection is connected and its setup sent first), or, with nothing to write (len 0), at the
 * end of the first read that brought bytes, whatever they held (a reply may be partial: the reader keeps it).
 * Reading stops when such a part is done: bytes that arrive while nobody reads for it wait in the socket.
 */
int rcp_io_run(rcp_part *parts, int nparts, uint64_t deadline_ms, uint64_t connect_deadline_ms, uint64_t start_us);

#endif

/*
 * rcp_metrics.h - pool-wide metrics: what every worker counts into the shared segment (per node: commands,
 * errors by kind, bytes, a latency histogram, connections; per cluster and command name: calls and errors). See
 * src/core/metrics.c; the two ways to read them (poolStats(), metrics()) are the binding's, src/binding/observe.c.
 */
#ifndef RCP_METRICS_H
#define RCP_METRICS_H

#include "php.h"
#include "rcp_io.h"
#include "rcp_shm.h"
#include "rcp_commands.h"

/* ini redis_cluster_pool.metrics (set in MINIT): when off, nothing is counted. */
extern bool rcp_metrics_on;

/* The metrics slot of node "host:port" (NULL when metrics are off or there is no segment). */
rcp_shm_nodestat *rcp_metrics_node(const char *addr);

/* A batch part finished (rcp_io_run): its node's commands, batches, bytes sent, latency, errors by kind. */
void rcp_metrics_part(const rcp_part *p, uint64_t start_us);

/* One command of a cluster ran: calls and, when it failed or got an error reply, errors. */
void rcp_metrics_command(rcp_shm_cluster *sc, const rcp_cmd *cmd, bool error);

/* Whether reply is an error reply. */
bool rcp_metrics_is_error(const zval *reply);


#endif

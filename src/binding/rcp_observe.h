/*
 * rcp_observe.h - the one reader of the figures (src/binding/observe.c): RedisClusterPool::stats(), ::poolStats(),
 * ::metrics() and phpinfo()'s rows. The counting side is the core's (include/rcp_count.h).
 */
#ifndef RCP_OBSERVE_H
#define RCP_OBSERVE_H

#include "php.h"
#include "rcp_topology.h"

/* RedisClusterPool::poolStats(): every cluster and node of the segment, as an array. */
void rcp_metrics_pool_stats(zval *out);

/* RedisClusterPool::metrics(): the same as Prometheus / OpenMetrics text. */
zend_string *rcp_metrics_prometheus(void);

/* RedisClusterPool::stats(): this worker's connection figures and cluster cc's (its own, and the pool's beside them
 * from the shared segment: what poolStats() says of it), the segment's use. */
void rcp_observe_stats(rcp_cluster *cc, zval *out);

/* phpinfo(): the module section's rows of this process' pool and the segment's use; then of the metrics and each
 * cluster of the segment. */
void rcp_observe_minfo_pool(void);
void rcp_observe_minfo_clusters(void);

#endif

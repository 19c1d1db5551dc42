/*
 * rcp_observe.h - reading the pool-wide metrics (src/binding/observe.c): RedisClusterPool::poolStats() and
 * ::metrics(). The counting side is the core's (include/rcp_metrics.h).
 */
#ifndef RCP_OBSERVE_H
#define RCP_OBSERVE_H

#include "php.h"

/* RedisClusterPool::poolStats(): every cluster and node of the segment, as an array. */
void rcp_metrics_pool_stats(zval *out);

/* RedisClusterPool::metrics(): the same as Prometheus / OpenMetrics text. */
zend_string *rcp_metrics_prometheus(void);

#endif

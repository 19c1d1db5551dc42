<?php

declare(strict_types=1);

namespace RedisClusterPool\Laravel;

/** A Laravel Redis feature the loaded redis_cluster_pool extension does not have (the message names it). */
class NotSupportedException extends \RuntimeException
{
}

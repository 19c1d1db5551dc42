<?php

declare(strict_types=1);

namespace RedisClusterPool\Laravel;

/** config/database.php's redis configuration cannot make a redis_cluster_pool connection: the message says why. */
class ConfigurationException extends \InvalidArgumentException
{
}

--TEST--
Laravel connector configuration: clusters as config/database.php writes them (host/port/password/database, url, a single connection as the seed), options.prefix from redis.options, clusters.options or the cluster's own options (Laravel's order), an ACL user (username/password per node, or phpredis' options.password [user, pass]), TLS forms (tls:// host, scheme tls/rediss, ssl/context) and timeouts mapped to the extension's options; bad configurations are a ConfigurationException naming the key (database other than 0, unknown keys, options.cluster other than 'redis', phpredis serializer, mixed TLS, a Unix socket, username without password, two passwords), the password in no message; the provider works whether Laravel made its Redis and cache managers before or after it
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/laravel.inc';
rcp_laravel_autoload();
use Illuminate\Support\Facades\Redis;
use RedisClusterPool\Laravel\Connector;

rcp_laravel_flush();
[$h, $p] = explode(':', rcp_seeds()[0]);

// the forms Laravel's config takes
$forms = [
    'clusters' => [],
    'url' => ['clusters' => ['default' => [['url' => "tcp://$h:$p"]]]],
    'cluster options prefix' => ['clusters' => ['options' => ['prefix' => 'from_clusters_options_']]],
    'own options prefix' => ['clusters' => ['options' => ['prefix' => 'x_'], 'default' => ['options' => ['prefix' => 'own_']]]],
];
foreach ($forms as $name => $extra) {
    rcp_laravel_app('connector', $extra);
    Redis::set('cfg', $name);
    $prefix = Redis::connection()->getOptions()->prefix;
    echo "$name: ", get_class(Redis::connection()), ", prefix $prefix, raw ",
        json_encode(rcp_raw(Redis::connection()->client()->nodeForKey('cfg'))->cmd('GET', "{$prefix}cfg")), "\n";
}
// a single connection (redis.default: one host) is the seed of its cluster
$app = rcp_laravel_app('connector', ['default' => ['host' => $h, 'port' => $p, 'database' => '0']]);
$app['config']->set('database.redis.clusters', []);
Redis::purge();
Redis::set('single', 'yes');
echo 'single connection: ', Redis::get('single'), ' ', json_encode(Redis::mget(['single', 'cfg', 'nope'])), "\n";

// the provider registered after Laravel made its Redis and cache managers: it extends them at once
$app = rcp_laravel_app('connector');
$app->forgetInstance('redis');
$app->forgetInstance('cache');
Illuminate\Support\Facades\Facade::clearResolvedInstances();
$early = new Illuminate\Container\Container();
$early->instance('config', $app['config']);
$early->singleton('events', fn ($c) => new Illuminate\Events\Dispatcher($c));
(new Illuminate\Redis\RedisServiceProvider($early))->register();
(new Illuminate\Cache\CacheServiceProvider($early))->register();
$early->make('redis');
$early->make('cache');
(new RedisClusterPool\Laravel\RedisClusterPoolServiceProvider($early))->register();
echo 'provider after the managers: ', get_class($early['redis']->connection()), ', ', get_class($early['cache']->store()->getStore()), "\n";

// an ACL user, on every node (ACLs are per node)
$nodes = rcp_seeds();
foreach ($nodes as $n) rcp_raw($n)->cmd('ACL', 'SETUSER', 'lara', 'on', '>s3cret-pw', '~*', '&*', '+@all');
try {
    foreach ([
        'per node' => ['clusters' => ['default' => array_map(fn ($n) => ['username' => 'lara', 'password' => 's3cret-pw'] + $n, rcp_laravel_nodes())]],
        'phpredis options.password [user, pass]' => ['options' => ['password' => ['lara', 's3cret-pw']]],
    ] as $name => $extra) {
        rcp_laravel_app('connector', $extra);
        Redis::set('acl', 1);
        $node = Redis::connection()->client()->nodeForKey('acl');
        echo "ACL user, $name: ", Redis::incr('acl'), ', CLIENT LIST shows user=lara: ',
            json_encode(str_contains(rcp_raw($node)->cmd('CLIENT', 'LIST'), 'user=lara')), "\n";
    }
    rcp_laravel_app('connector', ['clusters' => ['default' => array_map(fn ($n) => ['username' => 'lara', 'password' => 'wrong-pw'] + $n, rcp_laravel_nodes())]]);
    try {
        Redis::get('acl');
    } catch (Throwable $e) {
        echo 'wrong password: ', get_class($e), ', password in the message: ', json_encode(str_contains($e->getMessage(), 'wrong-pw')), "\n";
    }
} finally {
    foreach ($nodes as $n) rcp_raw($n)->cmd('ACL', 'DELUSER', 'lara');
}

// how the configuration becomes the extension's arguments (no server needed)
echo "\narguments:\n";
foreach ([
    'tls:// host, ssl' => [[['host' => 'tls://10.0.0.1', 'port' => 6380, 'ssl' => ['cafile' => '/ca.pem']], ['host' => 'tls://10.0.0.2', 'port' => 6380]], []],
    'scheme tls, phpredis context' => [[['host' => '10.0.0.1', 'port' => 6380, 'scheme' => 'tls']], ['context' => ['stream' => ['verify_peer' => false]]]],
    'scheme rediss, IPv6' => [[['host' => '::1', 'port' => 7000, 'scheme' => 'rediss']], []],
    'timeouts (phpredis)' => [[['host' => '10.0.0.1', 'port' => 6379, 'timeout' => 1.5, 'read_timeout' => 3]], ['prefix' => 'app_', 'read' => 'prefer_replica']],
    'timeouts (predis)' => [[['host' => '10.0.0.1', 'port' => 6379]], ['parameters' => ['timeout' => 2, 'read_write_timeout' => 4]]],
    'no read timeout (predis -1, phpredis -1)' => [[['host' => '10.0.0.1', 'port' => 6379, 'read_write_timeout' => -1], ['host' => '10.0.0.2', 'port' => 6379, 'read_timeout' => -1]], []],
    'phpredis read_timeout 0 (its default)' => [[['host' => '10.0.0.1', 'port' => 6379, 'read_timeout' => 0]], []],
    'Laravel default keys' => [[['host' => '10.0.0.1', 'port' => '6379', 'username' => null, 'password' => null, 'database' => '0',
        'max_retries' => 3, 'backoff_algorithm' => 'decorrelated_jitter', 'backoff_base' => 100, 'backoff_cap' => 1000]],
        ['cluster' => 'redis', 'prefix' => 'laravel_database_', 'persistent' => false]],
] as $name => [$nodes, $options]) {
    echo "$name: ", json_encode(Connector::poolArguments($nodes, $options), JSON_UNESCAPED_SLASHES), "\n";
}

echo "\nrefused:\n";
$node = ['host' => '10.0.0.1', 'port' => 6379];
foreach ([
    'database 1' => [[$node + ['database' => '1']], []],
    'typo in an option' => [[$node], ['prefx' => 'app_']],
    'unknown node key' => [[$node + ['hots' => 'x']], []],
    'options.cluster predis' => [[$node], ['cluster' => [RedisClusterPool\Predis\ClusterConnection::class, 'create']]],
    'phpredis serializer' => [[$node], ['serializer' => 2]],
    'mixed TLS' => [[$node, ['host' => 'tls://10.0.0.2', 'port' => 6379]], []],
    'unix socket' => [[['path' => '/run/redis.sock']], []],
    'no node' => [[], []],
    'no host' => [[['port' => 6379]], []],
    'bad port' => [[['host' => 'h', 'port' => 'x']], []],
    'username without password' => [[$node + ['username' => 'u']], []],
    'two passwords' => [[$node + ['password' => 'pw-one'], $node + ['password' => 'pw-two']], []],
    'bad url' => [['tcp://user:pw-three@'], []],
] as $name => [$nodes, $options]) {
    try {
        Connector::poolArguments($nodes, $options);
        echo "$name: accepted\n";
    } catch (RedisClusterPool\Laravel\ConfigurationException $e) {
        echo "$name: ", $e->getMessage(), preg_match('/pw-(one|two|three)/', $e->getMessage()) ? ' PASSWORD SHOWN' : '', "\n";
    }
}
// the extension's own checks come through as ConfigurationException too
try {
    rcp_laravel_app('connector', ['options' => ['read' => 'sometimes']]);
    Redis::get('x');
} catch (RedisClusterPool\Laravel\ConfigurationException $e) {
    echo 'bad read policy: ', get_class($e->getPrevious()), "\n";
}
?>
--EXPECT--
clusters: RedisClusterPool\Laravel\ClusterConnection, prefix laravel_database_, raw "clusters"
url: RedisClusterPool\Laravel\ClusterConnection, prefix laravel_database_, raw "url"
cluster options prefix: RedisClusterPool\Laravel\ClusterConnection, prefix from_clusters_options_, raw "cluster options prefix"
own options prefix: RedisClusterPool\Laravel\ClusterConnection, prefix own_, raw "own options prefix"
single connection: yes ["yes","url",null]
provider after the managers: RedisClusterPool\Laravel\ClusterConnection, RedisClusterPool\Laravel\CacheStore
ACL user, per node: 2, CLIENT LIST shows user=lara: true
ACL user, phpredis options.password [user, pass]: 2, CLIENT LIST shows user=lara: true
wrong password: RedisClusterPool\AuthenticationException, password in the message: false

arguments:
tls:// host, ssl: [["tls://10.0.0.1:6380","tls://10.0.0.2:6380"],{"parameters":{"ssl":{"cafile":"/ca.pem"}}}]
scheme tls, phpredis context: [["tls://10.0.0.1:6380"],{"parameters":{"ssl":{"verify_peer":false}}}]
scheme rediss, IPv6: [["tls://[::1]:7000"],{"parameters":[]}]
timeouts (phpredis): [["10.0.0.1:6379"],{"parameters":{"timeout":1.5,"read_write_timeout":3},"prefix":"app_","read":"prefer_replica"}]
timeouts (predis): [["10.0.0.1:6379"],{"parameters":{"timeout":2,"read_write_timeout":4}}]
no read timeout (predis -1, phpredis -1): [["10.0.0.1:6379","10.0.0.2:6379"],{"parameters":{"read_write_timeout":86400}}]
phpredis read_timeout 0 (its default): [["10.0.0.1:6379"],{"parameters":[]}]
Laravel default keys: [["10.0.0.1:6379"],{"parameters":[],"prefix":"laravel_database_"}]

refused:
database 1: redis_cluster_pool: database 1: a Redis Cluster has database 0 only (Laravel's default config gives the 'cache' connection REDIS_CACHE_DB=1: set it to 0, and keep cache keys apart with a prefix)
typo in an option: redis_cluster_pool: unknown option 'prefx' (known: prefix, cluster, parameters, read, zone, deadline, cache, serializer, compression, compression_level)
unknown node key: redis_cluster_pool: unknown key 'hots' in node 0 (known: host, port, scheme, username, password, database, timeout, read_timeout, read_write_timeout, ssl, context, prefix, options, path)
options.cluster predis: redis_cluster_pool: options.cluster must be 'redis' (or left out): the client is a Redis Cluster client itself (a Predis cluster backend such as RedisClusterPool\Predis\ClusterConnection goes with 'client' => 'predis')
phpredis serializer: redis_cluster_pool: options.serializer is phpredis' own value encoding, which this client does not have: values are stored as Laravel serializes them (remove 'serializer')
mixed TLS: redis_cluster_pool: the nodes mix TLS and plaintext: a cluster is reached one way
unix socket: redis_cluster_pool: node 0: a Unix socket ('path') cannot reach a cluster: give host and port
no node: redis_cluster_pool: the cluster has no node: list its nodes, e.g. [['host' => '10.0.0.1', 'port' => 6379], ...]
no host: redis_cluster_pool: node 0 has no host
bad port: redis_cluster_pool: node 0: port must be 1..65535, not 'x'
username without password: redis_cluster_pool: username without password: an ACL user needs its password
two passwords: redis_cluster_pool: node 1 has another password than node 0: one user and password reach the whole cluster
bad url: redis_cluster_pool: a node is not host:port or a URL: 'tcp://***@'
bad read policy: RedisClusterPool\InvalidArgumentException

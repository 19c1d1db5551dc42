<?php

/*
 * Connector - Laravel's `'client' => 'redis_cluster_pool'`: config/database.php's redis section, as
 * Laravel's own connectors read it, made into a RedisClusterPool and a ClusterConnection over it.
 *
 * A cluster (`clusters.NAME`: a list of nodes) gives its nodes as seeds; a single connection (`default`,
 * `cache`: one host) gives that one node as the seed of its cluster. Options merge as Laravel's connectors
 * merge them: `redis.options`, then `clusters.options`, then the cluster's own `options`; the first seed's
 * credentials, timeouts and TLS settings apply to every node (one user for the whole cluster).
 *
 * Invariants: every key is either used, or known to belong to another client and ignored (the list below,
 * with why), or refused with a ConfigurationException naming it (a typo such as `prefx` must not leave keys
 * unprefixed); no message ever contains a password.
 */

declare(strict_types=1);

namespace RedisClusterPool\Laravel;

use Illuminate\Contracts\Redis\Connector as ConnectorContract;

class Connector implements ConnectorContract
{
    /**
     * Keys of a node's configuration that other clients read and this one has no use for: phpredis' retry,
     * backoff and socket settings (the extension has its own retry policy and keeps its sockets pooled),
     * Predis' connection details.
     */
    private const IGNORED = [
        'persistent', 'persistent_id', 'retry_interval', 'max_retries', 'backoff_algorithm', 'backoff_base',
        'backoff_cap', 'tcp_keepalive', 'name', 'scan', 'failover', 'pack_ignore_numbers', 'alias', 'weight',
        'async_connect', 'conn_uninitialized', 'read_write_timeout_disabled', 'replication', 'service',
        'aggregate', 'exceptions', 'profile', 'connections',
    ];

    /** Node keys used: where the node is, and (from the first seed) how to reach every node. */
    private const NODE = ['host', 'port', 'scheme', 'username', 'password', 'database', 'timeout', 'read_timeout',
        'read_write_timeout', 'ssl', 'context', 'prefix', 'options', 'path'];

    /** Options used (besides the node keys phpredis' cluster mode reads from the options: password, timeout...). */
    private const OPTIONS = ['prefix', 'cluster', 'parameters', 'read', 'zone', 'deadline', 'cache', 'serializer',
        'compression', 'compression_level'];

    /**
     * A single connection (redis.default, redis.cache...): its node as the seed of a cluster.
     *
     * @param  array<string, mixed>  $config
     * @param  array<string, mixed>  $options
     */
    public function connect(#[\SensitiveParameter] array $config, #[\SensitiveParameter] array $options)
    {
        $nodeOptions = self::pullOptions($config);
        if (isset($config['prefix'])) {
            $nodeOptions['prefix'] = $config['prefix'];
        }

        return $this->connection([$config], array_merge($options, $nodeOptions));
    }

    /**
     * A cluster (redis.clusters.NAME): its nodes as seeds.
     *
     * @param  array<int|string, mixed>  $config
     * @param  array<string, mixed>  $clusterOptions
     * @param  array<string, mixed>  $options
     */
    public function connectToCluster(
        #[\SensitiveParameter] array $config,
        #[\SensitiveParameter] array $clusterOptions,
        #[\SensitiveParameter] array $options
    ) {
        $ownOptions = self::pullOptions($config);
        if (isset($config['prefix'])) {
            $ownOptions['prefix'] = $config['prefix'];
            unset($config['prefix']);
        }

        return $this->connection(array_values($config), array_merge($options, $clusterOptions, $ownOptions));
    }

    /**
     * @param  list<mixed>  $nodes
     * @param  array<string, mixed>  $options
     */
    private function connection(#[\SensitiveParameter] array $nodes, #[\SensitiveParameter] array $options): ClusterConnection
    {
        ExtensionNotLoadedException::check(self::class);
        [$seeds, $poolOptions] = self::poolArguments($nodes, $options);
        try {
            $pool = new \RedisClusterPool($seeds, $poolOptions);
        } catch (\RedisClusterPool\InvalidArgumentException $e) {
            throw new ConfigurationException('redis_cluster_pool: ' . $e->getMessage(), 0, $e);
        }

        return new ClusterConnection($pool, (string) ($poolOptions['prefix'] ?? ''));
    }

    /**
     * The RedisClusterPool constructor's arguments for Laravel's configuration (no extension needed: the
     * configuration is checked here).
     *
     * @param  list<mixed>  $nodes
     * @param  array<string, mixed>  $options
     * @return array{0: list<string>, 1: array<string, mixed>}
     */
    public static function poolArguments(#[\SensitiveParameter] array $nodes, #[\SensitiveParameter] array $options): array
    {
        if ($nodes === []) {
            throw new ConfigurationException('redis_cluster_pool: the cluster has no node: list its nodes, e.g. [[\'host\' => \'10.0.0.1\', \'port\' => 6379], ...]');
        }
        foreach (array_keys($options) as $k) {
            if (!in_array($k, self::OPTIONS, true) && !in_array($k, self::NODE, true) && !in_array($k, self::IGNORED, true)) {
                throw new ConfigurationException("redis_cluster_pool: unknown option '$k' (known: " . implode(', ', self::OPTIONS) . ')');
            }
        }
        if (isset($options['cluster']) && $options['cluster'] !== 'redis') {
            throw new ConfigurationException(
                "redis_cluster_pool: options.cluster must be 'redis' (or left out): the client is a Redis Cluster client itself "
                . '(a Predis cluster backend such as RedisClusterPool\Predis\ClusterConnection goes with \'client\' => \'predis\')'
            );
        }
        foreach (['serializer', 'compression'] as $k) {
            if (!empty($options[$k]) && $options[$k] !== 'none') {
                throw new ConfigurationException("redis_cluster_pool: options.$k is phpredis' own value encoding, which this client does not have: values are stored as Laravel serializes them (remove '$k')");
            }
        }
        // phpredis' cluster mode takes the credentials and timeouts from the options; Predis from "parameters"
        $defaults = is_array($options['parameters'] ?? null) ? $options['parameters'] : [];
        foreach (['username', 'password', 'timeout', 'read_timeout', 'context'] as $k) {
            if (isset($options[$k])) {
                $defaults[$k] = $options[$k];
            }
        }
        if (is_array($defaults['password'] ?? null)) {
            // phpredis' [user, password]
            [$defaults['username'], $defaults['password']] = array_values($defaults['password']) + [null, null];
        }

        $seeds = [];
        $first = null;
        $tls = null;
        foreach ($nodes as $i => $node) {
            if (is_string($node)) {
                $node = self::parseUrlSeed($node);
            }
            if (!is_array($node)) {
                throw new ConfigurationException("redis_cluster_pool: node $i must be an array (host, port, ...), not " . get_debug_type($node));
            }
            foreach (array_keys($node) as $k) {
                if (!in_array($k, self::NODE, true) && !in_array($k, self::IGNORED, true)) {
                    throw new ConfigurationException("redis_cluster_pool: unknown key '$k' in node $i (known: " . implode(', ', self::NODE) . ')');
                }
            }
            if (isset($node['path'])) {
                throw new ConfigurationException("redis_cluster_pool: node $i: a Unix socket ('path') cannot reach a cluster: give host and port");
            }
            foreach ($defaults as $k => $v) {
                // Laravel's default config lists 'password' => env('REDIS_PASSWORD') on every node: null there
                // leaves the cluster-wide value (phpredis' options.password, Predis' parameters) in force
                if (!isset($node[$k]) || $node[$k] === '') {
                    $node[$k] = $v;
                }
            }
            $first ??= $node;
            $host = (string) ($node['host'] ?? '');
            $scheme = strtolower((string) ($node['scheme'] ?? 'tcp'));
            if (preg_match('#^(tls|rediss|tcp|redis)://#i', $host, $m)) {
                $scheme = strtolower($m[1]);
                $host = substr($host, strlen($m[0]));
            }
            if (!in_array($scheme, ['tcp', 'redis', 'tls', 'rediss'], true)) {
                throw new ConfigurationException("redis_cluster_pool: node $i: scheme '$scheme' is not one of tcp, tls (redis, rediss)");
            }
            $nodeTls = $scheme === 'tls' || $scheme === 'rediss';
            if ($tls !== null && $tls !== $nodeTls) {
                throw new ConfigurationException('redis_cluster_pool: the nodes mix TLS and plaintext: a cluster is reached one way');
            }
            $tls = $nodeTls;
            if ($host === '') {
                throw new ConfigurationException("redis_cluster_pool: node $i has no host");
            }
            $port = $node['port'] ?? 6379;
            if (!is_numeric($port) || (int) $port < 1 || (int) $port > 65535) {
                throw new ConfigurationException("redis_cluster_pool: node $i: port must be 1..65535, not '" . (is_scalar($port) ? $port : get_debug_type($port)) . "'");
            }
            if (str_contains($host, ':') && $host[0] !== '[') {
                $host = "[$host]";
            }
            $seeds[] = ($nodeTls ? 'tls://' : '') . $host . ':' . (int) $port;
        }

        $parameters = [];
        foreach (['username', 'password'] as $k) {
            if (isset($first[$k]) && $first[$k] !== '') {
                $parameters[$k] = (string) $first[$k];
            }
        }
        if (isset($parameters['username']) && !isset($parameters['password'])) {
            throw new ConfigurationException('redis_cluster_pool: username without password: an ACL user needs its password');
        }
        foreach ($nodes as $i => $node) {
            if (is_array($node)) {
                foreach (['username', 'password'] as $k) {
                    if (isset($node[$k]) && $node[$k] !== '' && (string) $node[$k] !== ($parameters[$k] ?? null)) {
                        throw new ConfigurationException("redis_cluster_pool: node $i has another $k than node 0: one user and password reach the whole cluster");
                    }
                }
            }
        }
        if (isset($first['timeout']) && (float) $first['timeout'] > 0) {
            $parameters['timeout'] = (float) $first['timeout'];
        }
        // Predis' read_write_timeout, phpredis' read_timeout: how long one command may take. Predis' 0 or less
        // and phpredis' -1 mean "no timeout" (blocking commands: a queue's block_for): the extension wants a
        // deadline, a day (as the Predis adapter does); phpredis' 0 is its default
        $rw = $first['read_write_timeout'] ?? null;
        if ($rw === null && isset($first['read_timeout']) && (float) $first['read_timeout'] != 0) {
            $rw = $first['read_timeout'];
        }
        if ($rw !== null) {
            $parameters['read_write_timeout'] = (float) $rw > 0 ? min((float) $rw, 86400.0) : 86400.0;
        }
        if (isset($first['database']) && $first['database'] !== '' && (int) $first['database'] !== 0) {
            throw new ConfigurationException(
                "redis_cluster_pool: database {$first['database']}: a Redis Cluster has database 0 only (Laravel's default config "
                . "gives the 'cache' connection REDIS_CACHE_DB=1: set it to 0, and keep cache keys apart with a prefix)"
            );
        }
        if ($tls) {
            $ssl = $first['ssl'] ?? null;
            if ($ssl === null && is_array($first['context'] ?? null)) {
                // phpredis' stream context: ['stream' => [ssl keys]] (single connections) or the ssl keys
                $ssl = $first['context']['stream'] ?? $first['context'];
            }
            if ($ssl !== null) {
                if (!is_array($ssl)) {
                    throw new ConfigurationException('redis_cluster_pool: ssl must be an array of PHP stream-context ssl keys (cafile, local_cert, verify_peer...)');
                }
                $parameters['ssl'] = $ssl;
            }
        }

        $poolOptions = ['parameters' => $parameters];
        if (isset($options['prefix']) && $options['prefix'] !== '') {
            $poolOptions['prefix'] = (string) $options['prefix'];
        }
        foreach (['read', 'zone', 'deadline', 'cache'] as $k) {
            if (isset($options[$k])) {
                $poolOptions[$k] = $options[$k];
            }
        }

        return [$seeds, $poolOptions];
    }

    /** @param array<string, mixed> $config */
    private static function pullOptions(array &$config): array
    {
        $options = $config['options'] ?? [];
        unset($config['options']);
        if (!is_array($options)) {
            throw new ConfigurationException('redis_cluster_pool: a connection\'s options must be an array');
        }

        return $options;
    }

    /** A node given as a URL string ("tls://10.0.0.1:6379"): host, port, scheme. */
    private static function parseUrlSeed(string $url): array
    {
        $p = parse_url(str_contains($url, '://') ? $url : "tcp://$url");
        if ($p === false || !isset($p['host'])) {
            throw new ConfigurationException("redis_cluster_pool: a node is not host:port or a URL: '" . preg_replace('#//[^@/]*@#', '//***@', $url) . "'");
        }

        return array_filter(['scheme' => $p['scheme'] ?? null, 'host' => trim($p['host'], '[]'), 'port' => $p['port'] ?? null,
            'username' => isset($p['user']) ? rawurldecode($p['user']) : null, 'password' => isset($p['pass']) ? rawurldecode($p['pass']) : null],
            fn ($v) => $v !== null);
    }
}

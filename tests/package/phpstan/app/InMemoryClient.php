<?php
/*
 * A test double for RedisClusterPool\ClientInterface, as an application's unit tests would write one: plain
 * PHP, no server. PHPStan checks it at level 9 (tests/package/phpstan_level9.phpt) and
 * tests/package/client_interface_double.phpt runs the sample app's functions on it and on the real pool:
 * same results. Only what the sample app uses: strings, counters, pipelines, transactions.
 */
declare(strict_types=1);

namespace RcpSampleApp;

use RedisClusterPool\ClientInterface;
use RedisClusterPool\PipelineInterface;
use RedisClusterPool\Status;
use RedisClusterPool\TransactionInterface;

/** @phpstan-import-type Stats from ClientInterface */
final class InMemoryClient implements ClientInterface
{
    /** @var array<string, string> */
    private array $data = [];

    /** @var list<string> the commands run, for assertions */
    public array $log = [];

    public function __call(string $name, array $arguments): mixed
    {
        $name = strtolower($name);
        $this->log[] = $name;
        $key = is_scalar($arguments[0] ?? null) ? (string) $arguments[0] : '';
        switch ($name) {
            case 'get':
                return $this->data[$key] ?? null;
            case 'set':
            case 'setex':
                $value = $arguments[$name === 'setex' ? 2 : 1] ?? '';
                $this->data[$key] = is_scalar($value) ? (string) $value : '';
                return Status::get('OK');
            case 'incr':
                $n = (int) ($this->data[$key] ?? 0) + 1;
                $this->data[$key] = (string) $n;
                return $n;
            case 'del':
                $keys = is_array($arguments[0] ?? null) ? $arguments[0] : $arguments;
                $n = 0;
                foreach ($keys as $k) {
                    if (is_scalar($k) && isset($this->data[(string) $k])) {
                        unset($this->data[(string) $k]);
                        $n++;
                    }
                }
                return $n;
            case 'ping':
                return Status::get('PONG');
        }
        throw new \RedisClusterPool\InvalidArgumentException("InMemoryClient: no $name");
    }

    public function executeRaw(array $arguments, mixed &$error = null): mixed
    {
        $error = false;
        $name = array_shift($arguments);
        return $this->__call(is_string($name) ? $name : '', $arguments);
    }

    public function pipeline(?callable $callback = null): PipelineInterface|array
    {
        $pipe = new InMemoryPipeline($this);
        if ($callback === null) {
            return $pipe;
        }
        $callback($pipe);
        return $pipe->execute();
    }

    /**
     * A double declares its own types here: ClientInterface's are generic over check-and-set mode.
     * @param array<string, mixed>|callable|null $optionsOrCallback
     * @return InMemoryTransaction|list<mixed>|null
     */
    public function transaction(mixed $optionsOrCallback = null, ?callable $callback = null): TransactionInterface|array|null
    {
        if (is_callable($optionsOrCallback)) {
            [$options, $callback] = [[], $optionsOrCallback];
        } else {
            $options = is_array($optionsOrCallback) ? $optionsOrCallback : [];
        }
        $tx = new InMemoryTransaction($this, !empty($options['cas']));
        return $callback === null ? $tx : $tx->execute($callback);
    }

    public function scanAll(?string $match = null, int $count = 0, ?string $type = null): \Iterator
    {
        $keys = array_keys($this->data);
        $keys = array_values(array_filter(array_map('strval', $keys), fn(string $k): bool => $match === null || fnmatch($match, $k)));
        return new \ArrayIterator($keys);
    }

    public function getSlotMap(): array
    {
        return ['nodes' => ['memory:0' => ['role' => 'primary']], 'slots' => [[0, 16383, 'memory:0', []]]];
    }

    public function nodeForKey(string $key): string
    {
        return 'memory:0';
    }

    public function stats(): array
    {
        $s = self::emptyStats();
        $s['connections']['reused'] = count($this->log);
        return $s;
    }

    /**
     * stats() of a double: every key the pool's stats() has (ClientInterface's Stats shape), zero.
     * @return Stats
     */
    public static function emptyStats(): array
    {
        $connections = ['pooled' => 0, 'opened' => 0, 'reused' => 0, 'discarded_broken' => 0, 'discarded_closed_by_peer' => 0,
            'discarded_unread_reply' => 0, 'discarded_forked' => 0, 'discarded_idle' => 0, 'auth_refused' => 0,
            'tls_handshakes' => 0, 'tls_resumed' => 0, 'tls_handshake_failures' => 0,
            'cap_waits' => 0, 'cap_wait_timeouts' => 0, 'cap_refused' => 0, 'cap_handoffs' => 0];
        return [
            'pid' => getmypid() ?: 0,
            'connections' => $connections,
            'cluster' => ['generation' => 0, 'nodes' => 0, 'primaries' => 0, 'refreshes' => 0, 'refresh_failures' => 0,
                'cluster_slots_sent' => 0, 'topology_from' => 'CLUSTER SHARDS', 'moved' => 0, 'ask' => 0,
                'noscript_fallbacks' => 0, 'read_retries' => 0, 'read_auth_fallbacks' => 0, 'readonly_redirects' => 0,
                'commands' => ['source' => 'built-in', 'count' => 0, 'packed_bytes' => 0, 'getkeys_sent' => 0,
                    'why_built_in' => 'a test double'],
                'shared' => false,
                'pool' => ['generation' => 0, 'cluster_slots_sent' => 0, 'refreshes' => 0, 'refresh_failures' => 0,
                    'moved' => 0, 'ask' => 0, 'lease_takeovers' => 0, 'lease_holder' => 0, 'suspect_nodes' => []]],
            'shm' => ['bytes_total' => 0, 'bytes_used' => 0, 'clusters_max' => 0, 'clusters_used' => 0,
                'clusters_table_full' => 0, 'clusters_key_too_long' => 0],
        ];
    }
}

final class InMemoryPipeline implements PipelineInterface
{
    /** @var list<array{string, array<mixed>}> */
    private array $queue = [];

    public function __construct(private InMemoryClient $client)
    {
    }

    public function __call(string $name, array $arguments): PipelineInterface
    {
        $this->queue[] = [$name, $arguments];
        return $this;
    }

    public function execute(): array
    {
        $replies = [];
        foreach ($this->queue as [$name, $arguments]) {
            $replies[] = $this->client->__call($name, $arguments);
        }
        $this->queue = [];
        return $replies;
    }
}

/** @implements TransactionInterface<bool> */
final class InMemoryTransaction implements TransactionInterface
{
    /** @var list<array{string, array<mixed>}> */
    private array $queue = [];

    public function __construct(private InMemoryClient $client, private bool $cas)
    {
    }

    public function __call(string $name, array $arguments): mixed
    {
        if ($this->cas) {
            return $this->client->__call($name, $arguments);
        }
        $this->queue[] = [$name, $arguments];
        return $this;
    }

    /** @phpstan-self-out self */
    public function multi(): TransactionInterface
    {
        $this->cas = false;
        return $this;
    }

    public function watch(mixed ...$keys): Status
    {
        return Status::get('OK');
    }

    public function unwatch(): Status
    {
        return Status::get('OK');
    }

    public function discard(): TransactionInterface
    {
        $this->queue = [];
        return $this;
    }

    /** @param callable|null $callback */
    public function execute(?callable $callback = null): ?array
    {
        if ($callback !== null) {
            $callback($this);
        }
        if (!$this->queue) {
            return null;
        }
        $replies = [];
        foreach ($this->queue as [$name, $arguments]) {
            $replies[] = $this->client->__call($name, $arguments);
        }
        $this->queue = [];
        return $replies;
    }

    public function exec(): ?array
    {
        return $this->execute();
    }
}


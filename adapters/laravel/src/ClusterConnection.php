<?php

/*
 * ClusterConnection - Laravel's Redis connection over RedisClusterPool, without Predis in between.
 *
 * Laravel's cache, locks, limiters, queue and session code picks its cluster-safe paths by class: it asks
 * `instanceof PredisClusterConnection` (one command per key instead of a cross-slot MULTI in
 * RedisStore::putMany(), DEL per key in RedisTaggedCache::flush(), pipelines in RedisQueue::bulk()) and
 * `instanceof PredisConnection` (where the key prefix is read). This class extends
 * PredisClusterConnection for those checks only: every method that would touch a Predis object is
 * replaced here, and Predis need not be installed. The extension returns replies in Predis v3's shapes
 * (Status objects for OK, member => score for WITHSCORES and ZSCAN, ...), which is what those paths of
 * Laravel read, so commands go through to RedisClusterPool unchanged (Connection::command(): events and
 * all).
 *
 * Invariants:
 *  - the client is the extension's object (or a RedisClusterPool\ClientInterface double): it routes every
 *    command by key slot; commands with no single node (FLUSHDB, KEYS, DBSIZE) run on every primary there;
 *  - SCAN, whose cursor belongs to one node, is walked node after node here (scan()), with a cursor that
 *    names the node: Laravel's tag and key helpers see one keyspace;
 *  - what the client cannot do (pub/sub on a ClientInterface double or an extension build without
 *    pubSubLoop()) is a NotSupportedException naming what is missing, never a Predis call.
 */

declare(strict_types=1);

namespace RedisClusterPool\Laravel;

use Closure;
use Illuminate\Redis\Connections\PredisClusterConnection;
use RedisClusterPool\ClientInterface;

class ClusterConnection extends PredisClusterConnection
{
    /** @var ClientInterface the extension's object (RedisClusterPool) */
    protected $client;

    /** The "prefix" option the client was made with (RedisStore reads it through getOptions()). */
    private string $prefix;

    public function __construct(ClientInterface $client, string $prefix = '')
    {
        parent::__construct($client);
        $this->prefix = $prefix;
    }

    /**
     * What Laravel reads from Predis' options: the key prefix (RedisStore::currentTags(),
     * RedisTaggedCache::flush()). Only `prefix` is there (null when none, as Predis has it).
     */
    public function getOptions(): object
    {
        return new class ($this->prefix === '' ? null : $this->prefix) {
            public function __construct(public readonly ?string $prefix)
            {
            }
        };
    }

    /**
     * FLUSHDB on every primary, in parallel (the extension sends it to each and checks that all succeeded);
     * FLUSHDB ASYNC as well.
     */
    public function flushdb()
    {
        return $this->command('flushdb', func_get_args());
    }

    /**
     * KEYS on every primary, the lists concatenated, the keys with their prefix. The pattern gets the
     * connection's prefix from the extension's prefix option, as Predis' prefix processor gives it.
     */
    public function keys(string $pattern)
    {
        return $this->command('keys', [$pattern]);
    }

    /**
     * SCAN over the whole cluster, Predis' reply shape: [next cursor, keys]. A SCAN cursor belongs to one node,
     * so the cursor given back names the node too ("node:cursor", opaque; "0" once every primary is done): pass
     * it back as it is, and stop at "0", as with any SCAN. Start with 0, "0" or null. Keys come back with the
     * connection's prefix and the MATCH pattern is sent as given (as Predis does: Laravel adds the prefix
     * itself). Options: match, count, type (Predis' names); node ("host:port": that node only, its own
     * cursor, as phpredis' cluster scan takes it).
     * SCAN's guarantees hold per node; a key whose slot moves to another node during the walk may be missed or
     * returned twice, and so may the keys of a node that stops or starts being a primary during the walk (the
     * cursor names the node by its position among the primaries, sorted by address). Like phpredis' cluster
     * scan(), it fires no CommandExecuted event.
     *
     * @param  int|string|null  $cursor
     * @param  array{match?: string, count?: int, type?: string, node?: string}  $options
     * @return array{0: string, 1: list<string>}
     */
    public function scan($cursor, $options = [])
    {
        $args = [];
        foreach (['match' => 'MATCH', 'count' => 'COUNT', 'type' => 'TYPE'] as $k => $word) {
            if (isset($options[$k])) {
                $args[] = $word;
                $args[] = (string) $options[$k];
            }
        }
        if (isset($options['node'])) {
            return $this->scanNode((string) $options['node'], (string) ($cursor ?? '0'), $args);
        }
        [$index, $nodeCursor] = self::parseScanCursor($cursor);
        $nodes = $this->primaries();
        if ($index >= count($nodes)) {
            return ['0', []];
        }
        [$next, $keys] = $this->scanNode($nodes[$index], $nodeCursor, $args);
        if ($next === '0') {
            // that node is done: the next call starts the next one, or the walk is over
            $index++;

            return [$index < count($nodes) ? "$index:0" : '0', $keys];
        }

        return ["$index:$next", $keys];
    }

    /** One SCAN on one node (the extension's node API: routed nowhere else, no redirect). */
    private function scanNode(string $node, string $cursor, array $args): array
    {
        $reply = $this->client->rawOnNodes([$node => [['SCAN', $cursor, ...$args]]])[$node][0];
        if ($reply instanceof \RedisClusterPool\Error) {
            throw new \RedisClusterPool\ServerException("$node: " . $reply->getMessage());
        }

        return [(string) $reply[0], $reply[1]];
    }

    /** The primaries that own slots, "host:port", sorted (the order scan() walks them). */
    private function primaries(): array
    {
        $nodes = [];
        foreach ($this->client->getSlotMap()['slots'] as $range) {
            $nodes[$range[2]] = true;
        }
        $nodes = array_keys($nodes);
        sort($nodes, SORT_STRING);

        return $nodes;
    }

    /** @return array{0: int, 1: string} [node index, that node's cursor] */
    private static function parseScanCursor(mixed $cursor): array
    {
        if ($cursor === null || $cursor === 0 || $cursor === '0') {
            return [0, '0'];
        }
        if (is_string($cursor) && preg_match('/^(\d{1,4}):(\d{1,20})$/D', $cursor, $m)) {
            return [(int) $m[1], $m[2]];
        }
        throw new \InvalidArgumentException(
            'scan(): the cursor must be 0 to start or the one the previous scan() returned ("node:cursor"), not '
            . (is_string($cursor) ? "'$cursor'" : get_debug_type($cursor))
        );
    }

    /**
     * SUBSCRIBE / PSUBSCRIBE (Redis::subscribe(), Redis::psubscribe()) through the extension's pubSubLoop()
     * consumer (Predis' shape: subscribe()/psubscribe() on the loop, then messages with kind, channel,
     * payload), on a connection of its own. Extensions without pub/sub say so.
     *
     * @param  array|string  $channels
     * @param  string  $method
     */
    public function createSubscription($channels, Closure $callback, $method = 'subscribe')
    {
        if (!method_exists($this->client, 'pubSubLoop')) {
            throw new NotSupportedException(
                "Redis::$method() needs pub/sub (RedisClusterPool::pubSubLoop()), which the redis_cluster_pool extension "
                . (phpversion('redis_cluster_pool') ?: '') . ' loaded here does not have yet: use a build with pub/sub, '
                . "or another Redis connection (client 'phpredis' or 'predis') for subscriptions"
            );
        }
        $loop = $this->client->pubSubLoop();
        $loop->{$method}(...array_values((array) $channels));
        foreach ($loop as $message) {
            if ($message->kind === 'message' || $message->kind === 'pmessage') {
                $callback($message->payload, $message->channel);
            }
        }
        unset($loop);
    }

    /**
     * Nothing to close: the sockets belong to the extension's per-process pool and serve the next request
     * (Laravel calls this from Redis::purge() and its queue worker between jobs).
     */
    public function disconnect()
    {
    }
}

<?php

/**
 * @generate-class-entries
 * @undocumentable
 */

namespace RedisClusterPool {
    /**
     * What RedisClusterPool does, as an interface (like Predis\ClientInterface): type your code against it and
     * a test double (a PHPUnit mock, an anonymous class) can stand in for the pool. RedisClusterPool implements
     * it; the static methods (keySlot(), commandInfo(), poolStats(), metrics(), predisArgs(), predisReply()) and
     * the adapter API (rawPipeline(), rawOnNodes()) stay on the class.
     *
     * Every Redis command is a method through __call() (the most used ones, get() set() mget()..., are found
     * by the engine directly, and do exactly what __call() does), typed below (@method): the arguments Predis v3 takes
     * and the replies in the shapes the extension returns them. Those types assume the default "exceptions"
     * option (true): with "exceptions" => false an error reply comes back as a RedisClusterPool\Error in place
     * of the value; and between the raw multi() and exec(), commands return the Status QUEUED.
     *
     * The shapes of the arrays the API returns (the C code builds exactly these; tests/package/stats_shapes.phpt
     * checks them against what it returns, recursively), for PHPStan and Psalm:
     * @phpstan-type SlotMap array{
     *     nodes: array<string, array{role: 'primary'|'replica', primary?: string, zone?: string}>,
     *     slots: list<array{int, int, string, list<string>}>
     * }
     * @phpstan-type Stats array{
     *     pid: int,
     *     connections: array{pooled: int, opened: int, reused: int, discarded_broken: int,
     *         discarded_closed_by_peer: int, discarded_unread_reply: int, discarded_forked: int, discarded_idle: int,
     *         auth_refused: int, tls_handshakes: int, tls_resumed: int, tls_handshake_failures: int,
     *         cap_waits: int, cap_wait_timeouts: int, cap_refused: int, cap_handoffs: int},
     *     cluster: array{generation: int, nodes: int, primaries: int, refreshes: int, refresh_failures: int,
     *         cluster_slots_sent: int, topology_from: 'CLUSTER SHARDS'|'CLUSTER SLOTS', moved: int, ask: int,
     *         noscript_fallbacks: int, read_retries: int, read_auth_fallbacks: int, readonly_redirects: int,
     *         commands: array{source: 'server'|'built-in', count: int, packed_bytes: int, getkeys_sent: int,
     *             why_built_in: string},
     *         shared: bool,
     *         pool: array{generation: int, cluster_slots_sent: int, refreshes: int, refresh_failures: int,
     *             moved: int, ask: int, lease_takeovers: int, lease_holder: int, suspect_nodes: list<string>}},
     *     shm: array{bytes_total: int, bytes_used: int, clusters_max: int, clusters_used: int,
     *         clusters_table_full: int, clusters_key_too_long: int}
     * }
     * @phpstan-type NodeMetrics array{commands: int, batches: int, error_replies: int, redirects: int, timeouts: int,
     *     connection_errors: int, other_errors: int, bytes_sent: int, bytes_received: int, latency_sum_us: int,
     *     connections_opened: int, connections_reused: int, connections_closed: int, discarded_broken: int,
     *     discarded_closed_by_peer: int, discarded_unread_reply: int, discarded_forked: int, discarded_idle: int,
     *     suspect_marks: int, tls_handshakes_full: int, tls_handshakes_resumed: int, tls_handshake_failures: int,
     *     auth_refusals: int, connections_open: int, latency: array{count: int, sum_us: int, buckets_us: array<int, int>}}
     * @phpstan-type ClusterNode array{commands?: int, batches?: int, error_replies?: int, redirects?: int,
     *     timeouts?: int, connection_errors?: int, other_errors?: int, bytes_sent?: int, bytes_received?: int,
     *     latency_sum_us?: int, connections_opened?: int, connections_reused?: int, connections_closed?: int,
     *     discarded_broken?: int, discarded_closed_by_peer?: int, discarded_unread_reply?: int,
     *     discarded_forked?: int, discarded_idle?: int, suspect_marks?: int, tls_handshakes_full?: int,
     *     tls_handshakes_resumed?: int, tls_handshake_failures?: int, auth_refusals?: int, connections_open?: int,
     *     latency?: array{count: int, sum_us: int, buckets_us: array<int, int>},
     *     role: 'primary'|'replica', primary?: string, health: 'online'|'loading'|'fail', zone?: string,
     *     suspect: bool, auth_refused: bool}
     * @phpstan-type PoolClusterCounters array{topology_requests: int, refreshes: int, moved: int, ask: int,
     *     lease_takeovers: int, refresh_failures: int, read_retries: int, getkeys_sent: int, noscript_fallbacks: int,
     *     read_auth_fallbacks: int}
     * @phpstan-type CacheCounters array{hits: int, misses: int, first_misses: int, fills: int, fills_refused_race: int,
     *     fills_refused_unconfirmed: int, fills_too_large: int, torn_reads: int, invalidations: int,
     *     own_invalidations: int, flushes_link_lost: int, flushes_server: int, flushes_own: int, slot_moves: int}
     * @phpstan-type CacheLink array{addr: string, state: 'idle'|'connecting'|'up'|'down'|'refused'|'failed',
     *     generation: int, mode: int, lag_ms: int, rtt_us: int, rtt_max_us: int, invalidations: int, flushes: int,
     *     losses: int, connects: int, last_error: string}
     * @phpstan-type CacheStats array{memory: int, ring_bytes: int, ring_used: int, value_max: int, entries: int,
     *     evictions: int, seen_clears: int, index_slots: int, key_sequences: int, max_lag_ms: int, counters: CacheCounters,
     *     listener: array{pid: int, beat_age_ms: int, started: int, links_up: int},
     *     clusters: list<array{hits: int, misses: int, first_misses: int, fills: int, fills_refused_race: int,
     *         fills_refused_unconfirmed: int, fills_too_large: int, torn_reads: int, invalidations: int,
     *         own_invalidations: int, flushes_link_lost: int, flushes_server: int, flushes_own: int, slot_moves: int,
     *         links: array<string, CacheLink>, cluster: string}>}
     * @phpstan-type PoolStats array{
     *     segment: array{size?: int, used?: int, clusters_max?: int, clusters_used?: int, clusters_full?: int,
     *         clusters_key_too_long?: int},
     *     clusters: list<array{seeds: list<string>, user: string|null, generation: int, map_age_seconds: float,
     *         counters: PoolClusterCounters,
     *         commands: array<string, array{calls: int, errors: int}>,
     *         nodes: array<string, ClusterNode>}>,
     *     worker: array{pid: int,
     *         private_clusters: list<array{seeds: list<string>, user: string|null, generation: int,
     *             map_age_seconds: float, counters: PoolClusterCounters,
     *             commands: array<string, array{calls: int, errors: int}>,
     *             nodes: array<string, ClusterNode>, private: 'table_full'|'key_too_long'}>},
     *     nodes: array<string, NodeMetrics>,
     *     cache: CacheStats|null
     * }
     */
    interface ClientInterface
    {
        /**
         * Any Redis command, by name: $pool->get('k'), $pool->zadd('z', ['m' => 1.5]).
         * @phpstan-param array<mixed> $arguments
         * @throws Exception
         */
        public function __call(string $name, array $arguments): mixed;

        /**
         * A command as given (no Predis argument rewriting, no reply conversion); status and error replies
         * come back as strings, and $error is set to true for an error reply (Predis\Client::executeRaw()).
         * @phpstan-param list<string|int|float> $arguments
         * @throws Exception
         */
        public function executeRaw(array $arguments, mixed &$error = null): mixed;

        /**
         * With a callback: run it on a pipeline, send what it queued, return the replies in call order.
         * Without: return the pipeline (->execute() sends it).
         * @phpstan-param (callable(PipelineInterface): mixed)|null $callback
         * @phpstan-return ($callback is null ? PipelineInterface : list<mixed>)
         * @throws Exception
         */
        public function pipeline(?callable $callback = null): PipelineInterface|array;

        /**
         * MULTI/EXEC on one slot: transaction() returns the transaction, transaction(callable) and
         * transaction(array $options, callable) run the block and return EXEC's replies (null when nothing was
         * queued). In check-and-set mode (['cas' => true]) commands run at once and return their reply until
         * $tx->multi(); after it (and without 'cas') they are queued and return the transaction.
         * @phpstan-template TCas of bool = false
         * @phpstan-param array{watch?: string|array<string>, cas?: TCas, retry?: int, exceptions?: bool}|(callable(TransactionInterface<false>): mixed)|null $optionsOrCallback
         * @phpstan-param (callable(TransactionInterface<TCas>): mixed)|null $callback
         * @phpstan-return ($optionsOrCallback is callable ? list<mixed>|null : ($callback is null ? TransactionInterface<TCas> : list<mixed>|null))
         * @throws Exception
         */
        public function transaction(mixed $optionsOrCallback = null, ?callable $callback = null): TransactionInterface|array|null;

        /**
         * The keys of every primary (SCAN node by node): foreach ($pool->scanAll('user:*', 1000) as $key).
         * @phpstan-return \Iterator<int, string>
         * @throws Exception
         */
        public function scanAll(?string $match = null, int $count = 0, ?string $type = null): \Iterator;

        /**
         * The slot map in use: nodes and slot ranges.
         * @phpstan-return SlotMap
         */
        public function getSlotMap(): array;

        /** The primary ("host:port") owning a key's slot. */
        public function nodeForKey(string $key): string;

        /**
         * Counters of this process and of the cluster.
         * @phpstan-return Stats
         */
        public function stats(): array;
    }

    /**
     * A pipeline (RedisClusterPool::pipeline(), Pipeline): commands are methods that queue and return the
     * pipeline ($pipe->set('a', 1)->get('a')), execute() sends them.
     */
    interface PipelineInterface
    {
        /**
         * Queue a command; returns the pipeline.
         * @phpstan-param array<mixed> $arguments
         */
        public function __call(string $name, array $arguments): PipelineInterface;

        /**
         * Send the queued commands; replies in call order.
         * @phpstan-return list<mixed>
         */
        public function execute(): array;
    }

    /**
     * A MULTI/EXEC transaction (RedisClusterPool::transaction(), Transaction). TCas (for PHPStan) is true in
     * check-and-set mode before multi(): a command runs at once and returns its reply; otherwise it is queued
     * and returns the transaction.
     * @template TCas of bool = false
     */
    interface TransactionInterface
    {
        /**
         * Queue a command (returns the transaction), or in check-and-set mode before multi(), run it now.
         * @phpstan-param array<mixed> $arguments
         */
        public function __call(string $name, array $arguments): mixed;

        /**
         * Start queuing (ends check-and-set mode).
         * @phpstan-return TransactionInterface<false>
         * @phpstan-self-out TransactionInterface<false>
         */
        public function multi(): TransactionInterface;

        /**
         * WATCH keys now (check-and-set mode, before multi()).
         * @phpstan-param string|array<string> ...$keys
         */
        public function watch(mixed ...$keys): Status;

        /** Release the WATCHed keys. */
        public function unwatch(): Status;

        /**
         * Drop what is queued and the WATCH; execute() then returns null.
         * @phpstan-return $this
         */
        public function discard(): TransactionInterface;

        /**
         * Send MULTI + queued commands + EXEC; replies in call order, or null when nothing was queued.
         * @phpstan-param (callable(TransactionInterface<TCas>): mixed)|null $callback
         * @phpstan-return list<mixed>|null
         * @throws AbortedMultiExecException when a WATCHed key changed
         */
        public function execute(?callable $callback = null): ?array;

        /**
         * Alias of execute() without a callback.
         * @phpstan-return list<mixed>|null
         */
        public function exec(): ?array;
    }
}

namespace RedisClusterPool {
    /**
     * Commands queued with method syntax ($pipe->set('a', 1)->get('a')), sent by execute().
     * @strict-properties
     * @not-serializable
     */
    final class Pipeline implements PipelineInterface
    {
        private function __construct() {}

        /** Queue a command; returns the pipeline. */
        public function __call(string $name, array $arguments): Pipeline {}

        /**
         * Send the queued commands; replies in call order.
         * @phpstan-return list<mixed>
         */
        public function execute(): array {}
    }

    /**
     * The keys of every primary, from RedisClusterPool::scanAll(): values are keys, keys are positions
     * 0, 1, 2... (like Predis' Keyspace iterator). rewind() starts a new SCAN of every node.
     * @implements \Iterator<int, string>
     * @strict-properties
     * @not-serializable
     */
    final class KeyspaceIterator implements \Iterator
    {
        private function __construct() {}

        /**
         * The current key (null only past the end, when valid() is false).
         * @phpstan-return string
         */
        public function current(): ?string {}

        /**
         * Its position (null only past the end).
         * @phpstan-return int
         */
        public function key(): ?int {}

        public function next(): void {}

        public function rewind(): void {}

        public function valid(): bool {}
    }

    /**
     * A pub/sub subscriber, from RedisClusterPool::pubSubLoop(): Predis' consumer (Predis\Consumer\PubSub\Consumer)
     * on connections of its own, never pooled, closed when it ends or goes away. Channels and patterns are
     * subscribed on one primary (a PUBLISH reaches every node); shard channels (SSUBSCRIBE) on the primary of their
     * slot, and follow the slot when it moves. Iterating yields every frame as an object: kind "message" / "smessage"
     * (channel, payload), "pmessage" (pattern, channel, payload), "subscribe", "psubscribe", "ssubscribe" and their
     * "un" kinds (channel; payload: how many subscriptions the consumer holds then), "pong" (payload), "timeout"
     * (with the "timeout" option, when nothing came in that time). The iteration ends once nothing is subscribed.
     *   foreach ($loop as $m) { if ($m->kind === 'message') handle($m->channel, $m->payload); }
     * @implements \Iterator<int, object>
     * @strict-properties
     * @not-serializable
     */
    final class PubSubConsumer implements \Iterator
    {
        private function __construct() {}

        /**
         * Subscribe to channels (strings, or arrays of them), on one primary; waits for the server's
         * confirmations (yielded by the iteration as "subscribe" frames).
         * @phpstan-param string|list<string> ...$channels
         * @throws ServerException when the server refuses (NOPERM: the ACL user's channels)
         * @throws ConnectionException when a connection fails (every connection is then closed)
         */
        public function subscribe(mixed ...$channels): void {}

        /** Subscribe to channel patterns (glob-style, e.g. "news.*"), like subscribe(). */
        public function psubscribe(mixed ...$patterns): void {}

        /**
         * Subscribe to shard channels (Redis 7.0+: SPUBLISH), each on the primary of its slot (the "prefix"
         * option applies to every name, as to SPUBLISH's channel); when a slot moves, its channels are subscribed again on the
         * new owner (README "Pub/sub" says what may be lost meanwhile).
         */
        public function ssubscribe(mixed ...$channels): void {}

        /** Unsubscribe from channels; none given: from every channel this consumer holds. */
        public function unsubscribe(mixed ...$channels): void {}

        /** Unsubscribe from patterns; none given: from every pattern. */
        public function punsubscribe(mixed ...$patterns): void {}

        /** Unsubscribe from shard channels; none given: from every shard channel. */
        public function sunsubscribe(mixed ...$channels): void {}

        /**
         * PING every connection of the consumer (one is opened when it has none) and wait for their answers;
         * the iteration then yields one "pong" frame with the payload.
         * @throws ConnectionException when a connection fails
         */
        public function ping(?string $payload = null): void {}

        /**
         * Unsubscribe from everything (the iteration yields the unsubscribe frames, then ends); with $drop, close
         * the connections at once instead. False when there was nothing to stop, or with $drop.
         */
        public function stop(bool $drop = false): bool {}

        /**
         * What the consumer holds, confirmed by the server: ["channels" => [name => "host:port"], "patterns" =>
         * [...], "shard_channels" => [...], "resubscribed" => shard channels subscribed again after their slot
         * moved, "moved" => MOVED replies followed].
         * @return array{channels: array<string, string>, patterns: array<string, string>, shard_channels: array<string, string>, resubscribed: int, moved: int}
         */
        public function subscriptions(): array {}

        /** The pool the consumer was made by. */
        public function getClient(): \RedisClusterPool {}

        /**
         * The current frame, waiting for one when none is read yet (null once nothing is subscribed).
         * @throws ConnectionException when a connection fails (every connection is then closed)
         */
        public function current(): ?object {}

        public function key(): int {}

        public function next(): void {}

        /** Nothing to do: a subscription has no beginning to go back to. */
        public function rewind(): void {}

        /** Whether a frame is there, waiting for one as long as something is subscribed (or the "timeout" option's time). */
        public function valid(): bool {}
    }

    /**
     * A MULTI/EXEC transaction (RedisClusterPool::transaction()), like Predis' MultiExec: commands are
     * methods ($tx->set('{u}a', 1)->incr('{u}b')) and are queued (in check-and-set mode, run at once until
     * multi()); execute() sends MULTI + commands + EXEC in one write and returns the replies.
     * @template TCas of bool = false
     * @implements TransactionInterface<TCas>
     * @strict-properties
     * @not-serializable
     */
    final class Transaction implements TransactionInterface
    {
        private function __construct() {}

        /** Queue a command (returns the transaction), or in check-and-set mode before multi(), run it now. */
        public function __call(string $name, array $arguments): mixed {}

        /**
         * Start queuing (ends check-and-set mode).
         * @phpstan-return Transaction<false>
         * @phpstan-self-out Transaction<false>
         */
        public function multi(): Transaction {}

        /**
         * WATCH keys now (check-and-set mode, before multi()); they must hash to the transaction's slot.
         * @phpstan-param string|array<string> ...$keys
         */
        public function watch(mixed ...$keys): Status {}

        /** Release the WATCHed keys. */
        public function unwatch(): Status {}

        /**
         * Drop what is queued and the WATCH; execute() then returns null.
         * @phpstan-return $this
         */
        public function discard(): Transaction {}

        /**
         * Send MULTI + queued commands + EXEC; replies in call order (Predis' shapes), or null when nothing was
         * queued. With a callback (only before anything is queued), run it first, as transaction() does.
         * @phpstan-param (callable(Transaction<TCas>): mixed)|null $callback
         * @phpstan-return list<mixed>|null
         * @throws AbortedMultiExecException when a WATCHed key changed
         */
        public function execute(?callable $callback = null): ?array {}

        /**
         * Alias of execute() without a callback.
         * @phpstan-return list<mixed>|null
         */
        public function exec(): ?array {}
    }

    /**
     * A transaction was aborted by the server and nothing of it ran: a WATCHed key was modified (or the
     * WATCHed slot moved to another node) and no retry was left. Like Predis\Transaction\AbortedMultiExecException.
     */
    class AbortedMultiExecException extends Exception {}

    /** Base class of every exception this extension throws. */
    class Exception extends \Exception {}

    /** Malformed seeds, options or command arguments. */
    class InvalidArgumentException extends Exception {}

    /** An error reply from Redis ("WRONGTYPE ...", "ERR ...", "NOSCRIPT ..."). */
    class ServerException extends Exception
    {
        /** The node that replied, "host:port". */
        protected string $node = "";

        /** The first word of the error, e.g. "WRONGTYPE" or "ERR". */
        public function getErrorType(): string {}

        public function getNode(): string {}
    }

    /** A cluster-level failure: cross-slot keys, uncovered slot, too many redirects, no reachable seed. */
    class ClusterException extends Exception {}

    /**
     * A multi-key command split over several nodes (MGET, MSET, DEL, UNLINK, EXISTS, TOUCH) failed on some
     * nodes and succeeded on others. Nothing is silently dropped: the exception says which nodes and keys
     * failed and carries what the other parts returned. For writes (MSET, DEL, UNLINK, TOUCH) the parts on
     * healthy nodes WERE applied. getPrevious() is the exception the first failure alone would have raised
     * (ConnectionException, TimeoutException, ServerException...). Keys are given without the "prefix" option.
     * When no part succeeds, that exception is thrown directly instead.
     */
    class PartialFailureException extends ClusterException
    {
        /** @var list<array{node: string, keys: list<string>, error: string, exception: class-string}> */
        protected array $failures = [];

        /** @var list<string> */
        protected array $succeededKeys = [];

        protected mixed $results = null;

        /**
         * One entry per failing node: ["node" => "host:port", "keys" => [...], "error" => message,
         * "exception" => the class that failure alone would have raised].
         * @return list<array{node: string, keys: list<string>, error: string, exception: class-string}>
         */
        public function getFailures(): array {}

        /** The keys whose part failed, in the caller's order. @return list<string> */
        public function getFailedKeys(): array {}

        /** The keys whose part succeeded (for writes: were applied), in the caller's order. @return list<string> */
        public function getSucceededKeys(): array {}

        /**
         * What the parts that succeeded returned: MGET: [position in the caller's key list => value] for the
         * keys that were read; DEL/UNLINK/EXISTS/TOUCH: the count over the keys that succeeded; MSET: null.
         */
        public function getResults(): mixed {}
    }

    /** I/O with a node failed (refused, reset, closed). */
    class ConnectionException extends Exception
    {
        /** The node, "host:port" ("" when no node could be named). */
        protected string $node = "";

        public function getNode(): string {}
    }

    /** A connect or read/write deadline passed. */
    class TimeoutException extends ConnectionException {}

    /** A node sent bytes that are not valid RESP, or a reply over the limits; its socket was discarded. */
    class ProtocolException extends ConnectionException {}

    /**
     * A node refused the credentials (AUTH: WRONGPASS) or a connection setup command the ACL user may not
     * run (READONLY for replica reads: NOPERM). The failure is remembered by the whole pool for a few
     * seconds (see README "Authentication and ACL"), so the workers do not reconnect in a loop.
     */
    class AuthenticationException extends ConnectionException
    {
        /** The server's error type: "WRONGPASS", "NOPERM", "NOAUTH", "ERR". */
        protected string $errorType = "";

        public function getErrorType(): string {}
    }

    /**
     * A reply would not fit in what memory_limit leaves: refused at its header, before its payload was read
     * (the connection was closed). The request goes on; the same pool serves the next command.
     */
    class MemoryLimitException extends Exception
    {
        /** The node that sent the reply, "host:port". */
        protected string $node = "";

        public function getNode(): string {}
    }

    /**
     * A status reply ("+OK", "+QUEUED", "+PONG", ...), like Predis\Response\Status.
     * Status::get("OK") always returns the same instance, so `===` comparisons work.
     * @strict-properties
     * @not-serializable
     */
    final class Status implements \Stringable
    {
        public function __construct(string $payload) {}

        public static function get(string $payload): Status {}

        public function getPayload(): string {}

        public function __toString(): string {}
    }

    /**
     * An error reply returned (not thrown) when the "exceptions" option is false, or nested inside an
     * array reply (EXEC, scripts). Like Predis\Response\Error.
     * @strict-properties
     * @not-serializable
     */
    final class Error implements \Stringable
    {
        public function __construct(string $message) {}

        public function getMessage(): string {}

        /** The first word of the message, e.g. "WRONGTYPE". */
        public function getErrorType(): string {}

        public function __toString(): string {}
    }
}

namespace {
    /**
     * A Redis Cluster client for PHP-FPM: routes every command by key slot, keeps the slot map and the
     * node sockets across requests, and returns replies in Predis v3's shapes.
     *
     * Commands are methods (case-insensitive) taking Predis' arguments:
     *   $pool->set('k', 'v', 'EX', 10); $pool->mget(['a', 'b']); $pool->hgetall('h');
     * Their typed signatures are RedisClusterPool\ClientInterface's @method tags: type your code against that
     * interface, and a test double can stand in for the pool.
     *
     * @phpstan-import-type SlotMap from RedisClusterPool\ClientInterface
     * @phpstan-import-type Stats from RedisClusterPool\ClientInterface
     * @phpstan-import-type PoolStats from RedisClusterPool\ClientInterface
     * @strict-properties
     * @not-serializable
     */
    final class RedisClusterPool implements RedisClusterPool\ClientInterface
    {
        /**
         * The extension's version (the same as phpversion("redis_cluster_pool") and package.xml's release).
         * @var string
         * @cvalue PHP_REDIS_CLUSTER_POOL_VERSION
         */
        public const VERSION = "0.1.0";

        /**
         * Seeds: "host:port", "tcp://host:port", "redis://host:port" or ["host" => .., "port" => ..].
         * Options: "parameters" => ["username" => ?string, "password" => ?string, "timeout" => float (connect, s, default 5.0),
         *                         "read_write_timeout" => float (per command, s, default 5.0), "database" => 0],
         *        "prefix" => string (prepended to every key argument),
         *        "exceptions" => bool (default true; false returns RedisClusterPool\Error objects instead of throwing).
         * @throws RedisClusterPool\InvalidArgumentException on malformed seeds or options
         */
        public function __construct(#[\SensitiveParameter] array|string $seeds, #[\SensitiveParameter] array $options = []) {}

        /**
         * Any Redis command, by name: $pool->get('k'), $pool->zadd('z', ['m' => 1.5]).
         * @throws RedisClusterPool\Exception
         */
        public function __call(string $name, array $arguments): mixed {}

        /**
         * Send a command as given (no Predis argument rewriting, no reply conversion; the prefix is still
         * applied to key arguments). Like Predis\Client::executeRaw(), status and error replies come back as
         * strings, and $error is set to true for an error reply.
         * $arguments: the command name and its arguments.
         * @phpstan-param list<string|int|float> $arguments
         * @throws RedisClusterPool\Exception
         */
        public function executeRaw(array $arguments, mixed &$error = null): mixed {}

        /** The cluster hash slot (0..16383) of a key, honouring {hash tags}. Binary safe. */
        public static function keySlot(string $key): int {}

        /**
         * How the extension routes a command: its table entry, key positions (argv[0] is the command name),
         * write/readonly flags, routing and merge policy. Needs no server.
         * @return array{name: string, keys: list<int>, write: bool, readonly: bool, route: string, merge: string}
         * @throws RedisClusterPool\InvalidArgumentException for an unknown command or bad movable-key arguments
         */
        public static function commandInfo(string ...$argv): array {}

        /**
         * Adapter API (README, "Adapter API"): the Redis arguments (after the command name) that a method call
         * with these arguments sends, after Predis' argument rewriting (e.g. zadd('z', ['m' => 1]) -> ['z', '1',
         * 'm']). For adapters that want Predis' conversions without the rest; no server needed.
         * @return list<string>
         * @throws RedisClusterPool\InvalidArgumentException where the call would refuse the arguments
         */
        public static function predisArgs(string $method, array $arguments): array {}

        /**
         * Adapter API (README, "Adapter API"): convert a raw reply into Predis' shape for a command sent with
         * $redisArguments (after the name); a reply without a parser comes back unchanged. No server needed.
         * $callerArguments: the method call's own arguments, for the few Predis parsers that depend on a flag
         * that is not sent (vgetattr()'s $asJson, vlinks()'s $withScores); without them those parsers decide
         * from $redisArguments alone.
         */
        public static function predisReply(string $method, array $redisArguments, mixed $reply, ?array $callerArguments = null): mixed {}

        /**
         * The slot map this process uses: ["nodes" => ["host:port" => ["role" => "primary"|"replica", ...]],
         * "slots" => [[from, to, "host:port" (primary), [replicas...]], ...]]. Discovers the cluster if needed.
         * @phpstan-return SlotMap
         */
        public function getSlotMap(): array {}

        /**
         * Counters of this process (pooled connections opened/reused/discarded and why) and of this
         * object's cluster (topology generation, nodes, refreshes, CLUSTER SLOTS sent, MOVED/ASK seen), every key
         * always there. ["cluster"]["pool"]: the pool-wide figures from the shared segment (["cluster"]["shared"]
         * true), or, for a cluster the segment does not hold, this process's own. ["shm"]: zeros without a
         * segment. Never contains credentials.
         * @phpstan-return Stats
         */
        public function stats(): array {}

        /**
         * Pool-wide metrics from the shared segment, for every cluster this FPM pool (or CLI process) talks to:
         * summed over all workers, no instance and no round trip needed. ["segment" => [...], "clusters" =>
         * [["seeds" => [...], "user" => ?string, "generation" => int, "map_age_seconds" => float, "counters" =>
         * [...], "commands" => ["GET" => ["calls" => int, "errors" => int], ...], "nodes" => ["host:port" =>
         * [role, primary, health, suspect, commands, errors by kind, bytes, connections, latency histogram]]]],
         * "nodes" => [every node with metrics]]. A node of a cluster that no worker has sent anything to yet has
         * its role, health and suspect mark only. Never contains credentials.
         * @phpstan-return PoolStats
         */
        public static function poolStats(): array {}

        /**
         * The same metrics as Prometheus / OpenMetrics text (names prefixed redis_cluster_pool_, labels cluster,
         * node, command, kind, reason), for a status endpoint: `header('Content-Type: text/plain; version=0.0.4');
         * echo RedisClusterPool::metrics();`.
         */
        public static function metrics(): string {}

        /**
         * Predis-style pipeline. With a callback: the callback queues commands on the pipeline it receives,
         * then they are sent and the replies returned in call order. Without: returns the pipeline
         * (`$pool->pipeline()->set('a', 1)->get('a')->execute()`). Commands are grouped by node and every node is
         * written before any reply is read: one round trip in parallel. Redirects are followed per command.
         * An error reply stays in its place (exceptions off) or is thrown after the whole pipeline completed.
         * @phpstan-param (callable(RedisClusterPool\Pipeline): mixed)|null $callback
         * @phpstan-return ($callback is null ? RedisClusterPool\Pipeline : list<mixed>)
         */
        public function pipeline(?callable $callback = null): RedisClusterPool\Pipeline|array {}

        /**
         * Iterate over the keys of the whole cluster: SCAN on every primary in turn, each with its own cursor
         * (a bare SCAN through the pool is refused, since a cursor belongs to one node).
         * $match: MATCH glob; $count: COUNT hint per SCAN call (0: the server's default); $type: TYPE filter.
         * With the "prefix" option, only keys under the prefix are returned, without it.
         * SCAN's guarantees hold per node; keys moved between nodes during the iteration may be missed or
         * returned twice. foreach ($pool->scanAll('user:*', 1000) as $key) { ... }
         * @phpstan-return RedisClusterPool\KeyspaceIterator
         * @throws RedisClusterPool\InvalidArgumentException for a negative $count
         */
        public function scanAll(?string $match = null, int $count = 0, ?string $type = null): RedisClusterPool\KeyspaceIterator {}

        /**
         * Predis-style MULTI/EXEC transaction. All keys of all its commands (and WATCHed keys) must hash to one
         * slot (use a {hash tag}): checked before anything is sent, then MULTI + commands + EXEC travel in one
         * write to that slot's node. Forms: transaction() returns the Transaction (fluent, ->execute());
         * transaction(callable) and transaction(array $options, callable) run the block and return EXEC's
         * replies in Predis' shapes (null when nothing was queued or the block called discard()).
         * Options: "watch" => key|keys (WATCHed at the start of every attempt), "cas" => bool (commands run at
         * once until $tx->multi()), "retry" => int (re-run the block when a WATCHed key changed; needs a
         * callback), "exceptions" => bool (default: the pool's).
         * The raw form works too: $pool->watch($k); $pool->multi(); $pool->set(...) (returns QUEUED);
         * $pool->exec() (null when a WATCHed key changed); $pool->discard(); $pool->unwatch().
         * @phpstan-template TCas of bool = false
         * @phpstan-param array{watch?: string|array<string>, cas?: TCas, retry?: int, exceptions?: bool}|(callable(RedisClusterPool\Transaction<false>): mixed)|null $optionsOrCallback
         * @phpstan-param (callable(RedisClusterPool\Transaction<TCas>): mixed)|null $callback
         * @phpstan-return ($optionsOrCallback is callable ? list<mixed>|null : ($callback is null ? RedisClusterPool\Transaction<TCas> : list<mixed>|null))
         * @throws RedisClusterPool\AbortedMultiExecException when a WATCHed key changed and no retry is left
         * @throws RedisClusterPool\ClusterException when keys hash to different slots
         */
        public function transaction(mixed $optionsOrCallback = null, ?callable $callback = null): RedisClusterPool\Transaction|array|null {}

        /**
         * Pub/sub, Predis' way: a RedisClusterPool\PubSubConsumer on connections of its own (README "Pub/sub").
         * Options: "subscribe", "ssubscribe", "psubscribe" => name or names (subscribed at once), "timeout" =>
         * seconds (0, the default: wait as long as it takes; else the iteration yields a "timeout" frame when
         * nothing came in that time). With a callback (alone, or after the options): every frame goes to
         * $callback($consumer, $frame), returning false unsubscribes from everything (the loop ends once that is
         * confirmed), and pubSubLoop() returns null when the loop ends.
         *   foreach ($pool->pubSubLoop(['subscribe' => 'news']) as $m) { ... }
         * @phpstan-param array{subscribe?: string|list<string>, ssubscribe?: string|list<string>, psubscribe?: string|list<string>, timeout?: int|float}|(callable(RedisClusterPool\PubSubConsumer, object): mixed)|null $optionsOrCallback
         * @phpstan-param (callable(RedisClusterPool\PubSubConsumer, object): mixed)|null $callback
         * @throws RedisClusterPool\InvalidArgumentException for an unknown option or a bad value
         */
        public function pubSubLoop(array|callable|null $optionsOrCallback = null, ?callable $callback = null): ?RedisClusterPool\PubSubConsumer {}

        /** The primary node ("host:port") that owns a key's slot. Discovers the cluster if needed. */
        public function nodeForKey(string $key): string {}

        // ---- raw API for adapters that parse replies themselves (src/class_raw.c; used by adapters/predis) ----

        /**
         * Adapter API (README, "Adapter API"), for adapters that parse replies themselves (the Predis backend
         * is built on it); applications use the command methods and pipeline() instead.
         * Send a list of commands ([name, arg, ...] each) as given, routed by key like pipeline(): grouped by
         * node, one parallel round trip, cross-slot MGET/MSET/DEL/EXISTS/... split, redirects followed. The
         * prefix, if any, is applied to key arguments. Replies in call order, as the protocol reader built them
         * (no Predis conversion): OK/QUEUED/NOKEY/PONG as RedisClusterPool\Status, other status replies as
         * strings, error replies as RedisClusterPool\Error objects in place: never thrown.
         * @throws RedisClusterPool\ConnectionException when a node fails (no replies are returned then)
         * @throws RedisClusterPool\ClusterException for keys that cannot be routed (unsplittable cross-slot)
         * @throws RedisClusterPool\InvalidArgumentException for malformed, unknown or connection-state commands
         * @phpstan-param list<list<string|int|float|bool|null>> $commands
         * @phpstan-return list<mixed>
         */
        public function rawPipeline(array $commands): array {}

        /**
         * Adapter API (README, "Adapter API"), for adapters that parse replies themselves (the Predis backend
         * is built on it).
         * Send commands to given nodes ("host:port" as getSlotMap() names them), whatever their keys: every
         * node's commands in one write, all nodes written before any reply is read. Replies as rawPipeline(),
         * keyed like the input: ["host:port" => [reply, ...], ...]. No redirect is followed (a MOVED comes
         * back as an Error). Only nodes of the cluster's current map are accepted.
         * @throws RedisClusterPool\ConnectionException when a node fails (no replies are returned then)
         * @throws RedisClusterPool\InvalidArgumentException for an unknown node or a malformed, unknown or
         *         connection-state command
         * @phpstan-param array<string, list<list<string|int|float|bool|null>>> $commandsByNode
         * @phpstan-return array<string, list<mixed>>
         */
        public function rawOnNodes(array $commandsByNode): array {}
    }
}

<?php

/*
 * IDE stub of the redis_cluster_pool extension (PhpStorm, PHPStan, Psalm).
 * Generated from stubs/redis_cluster_pool.stub.php by tools/gen_ide_stub.php (tools/gen_arginfo.sh runs it): do not edit.
 * For tools only: PHP itself must not load it next to the extension.
 */

namespace {
    /**
     * A Redis Cluster client for PHP-FPM: routes every command by key slot, keeps the slot map and the
     * node sockets across requests, and returns replies in Predis v3's shapes.
     *
     * Commands are methods (case-insensitive) taking Predis' arguments:
     *   $pool->set('k', 'v', 'EX', 10); $pool->mget(['a', 'b']); $pool->hgetall('h');
     *
     * @method mixed acl(mixed ...$arguments)
     * @method mixed append(mixed ...$arguments)
     * @method mixed bgrewriteaof(mixed ...$arguments)
     * @method mixed bgsave(mixed ...$arguments)
     * @method mixed bitcount(mixed ...$arguments)
     * @method mixed bitfield(mixed ...$arguments)
     * @method mixed bitfield_ro(mixed ...$arguments)
     * @method mixed bitop(mixed ...$arguments)
     * @method mixed bitpos(mixed ...$arguments)
     * @method mixed blmove(mixed ...$arguments)
     * @method mixed blmpop(mixed ...$arguments)
     * @method mixed blpop(mixed ...$arguments)
     * @method mixed brpop(mixed ...$arguments)
     * @method mixed brpoplpush(mixed ...$arguments)
     * @method mixed bzmpop(mixed ...$arguments)
     * @method mixed bzpopmax(mixed ...$arguments)
     * @method mixed bzpopmin(mixed ...$arguments)
     * @method mixed client(mixed ...$arguments)
     * @method mixed cluster(mixed ...$arguments)
     * @method mixed command(mixed ...$arguments)
     * @method mixed commandlog(mixed ...$arguments)
     * @method mixed config(mixed ...$arguments)
     * @method mixed copy(mixed ...$arguments)
     * @method mixed dbsize(mixed ...$arguments)
     * @method mixed debug(mixed ...$arguments)
     * @method mixed decr(mixed ...$arguments)
     * @method mixed decrby(mixed ...$arguments)
     * @method mixed del(mixed ...$arguments)
     * @method mixed dump(mixed ...$arguments)
     * @method mixed echo(mixed ...$arguments)
     * @method mixed eval(mixed ...$arguments)
     * @method mixed eval_ro(mixed ...$arguments)
     * @method mixed evalsha(mixed ...$arguments)
     * @method mixed evalsha_ro(mixed ...$arguments)
     * @method mixed exists(mixed ...$arguments)
     * @method mixed expire(mixed ...$arguments)
     * @method mixed expireat(mixed ...$arguments)
     * @method mixed expiretime(mixed ...$arguments)
     * @method mixed fcall(mixed ...$arguments)
     * @method mixed fcall_ro(mixed ...$arguments)
     * @method mixed flushall(mixed ...$arguments)
     * @method mixed flushdb(mixed ...$arguments)
     * @method mixed function(mixed ...$arguments)
     * @method mixed geoadd(mixed ...$arguments)
     * @method mixed geodist(mixed ...$arguments)
     * @method mixed geohash(mixed ...$arguments)
     * @method mixed geopos(mixed ...$arguments)
     * @method mixed georadius(mixed ...$arguments)
     * @method mixed georadius_ro(mixed ...$arguments)
     * @method mixed georadiusbymember(mixed ...$arguments)
     * @method mixed georadiusbymember_ro(mixed ...$arguments)
     * @method mixed geosearch(mixed ...$arguments)
     * @method mixed geosearchstore(mixed ...$arguments)
     * @method mixed get(mixed ...$arguments)
     * @method mixed getbit(mixed ...$arguments)
     * @method mixed getdel(mixed ...$arguments)
     * @method mixed getex(mixed ...$arguments)
     * @method mixed getrange(mixed ...$arguments)
     * @method mixed getset(mixed ...$arguments)
     * @method mixed hdel(mixed ...$arguments)
     * @method mixed hexists(mixed ...$arguments)
     * @method mixed hexpire(mixed ...$arguments)
     * @method mixed hexpireat(mixed ...$arguments)
     * @method mixed hexpiretime(mixed ...$arguments)
     * @method mixed hget(mixed ...$arguments)
     * @method mixed hgetall(mixed ...$arguments)
     * @method mixed hgetdel(mixed ...$arguments)
     * @method mixed hgetex(mixed ...$arguments)
     * @method mixed hincrby(mixed ...$arguments)
     * @method mixed hincrbyfloat(mixed ...$arguments)
     * @method mixed hkeys(mixed ...$arguments)
     * @method mixed hlen(mixed ...$arguments)
     * @method mixed hmget(mixed ...$arguments)
     * @method mixed hmset(mixed ...$arguments)
     * @method mixed hpersist(mixed ...$arguments)
     * @method mixed hpexpire(mixed ...$arguments)
     * @method mixed hpexpireat(mixed ...$arguments)
     * @method mixed hpexpiretime(mixed ...$arguments)
     * @method mixed hpttl(mixed ...$arguments)
     * @method mixed hrandfield(mixed ...$arguments)
     * @method mixed hscan(mixed ...$arguments)
     * @method mixed hset(mixed ...$arguments)
     * @method mixed hsetex(mixed ...$arguments)
     * @method mixed hsetnx(mixed ...$arguments)
     * @method mixed hstrlen(mixed ...$arguments)
     * @method mixed httl(mixed ...$arguments)
     * @method mixed hvals(mixed ...$arguments)
     * @method mixed incr(mixed ...$arguments)
     * @method mixed incrby(mixed ...$arguments)
     * @method mixed incrbyfloat(mixed ...$arguments)
     * @method mixed info(mixed ...$arguments)
     * @method mixed keys(mixed ...$arguments)
     * @method mixed lastsave(mixed ...$arguments)
     * @method mixed latency(mixed ...$arguments)
     * @method mixed lcs(mixed ...$arguments)
     * @method mixed lindex(mixed ...$arguments)
     * @method mixed linsert(mixed ...$arguments)
     * @method mixed llen(mixed ...$arguments)
     * @method mixed lmove(mixed ...$arguments)
     * @method mixed lmpop(mixed ...$arguments)
     * @method mixed lolwut(mixed ...$arguments)
     * @method mixed lpop(mixed ...$arguments)
     * @method mixed lpos(mixed ...$arguments)
     * @method mixed lpush(mixed ...$arguments)
     * @method mixed lpushx(mixed ...$arguments)
     * @method mixed lrange(mixed ...$arguments)
     * @method mixed lrem(mixed ...$arguments)
     * @method mixed lset(mixed ...$arguments)
     * @method mixed ltrim(mixed ...$arguments)
     * @method mixed memory(mixed ...$arguments)
     * @method mixed mget(mixed ...$arguments)
     * @method mixed migrate(mixed ...$arguments)
     * @method mixed module(mixed ...$arguments)
     * @method mixed mset(mixed ...$arguments)
     * @method mixed msetnx(mixed ...$arguments)
     * @method mixed object(mixed ...$arguments)
     * @method mixed persist(mixed ...$arguments)
     * @method mixed pexpire(mixed ...$arguments)
     * @method mixed pexpireat(mixed ...$arguments)
     * @method mixed pexpiretime(mixed ...$arguments)
     * @method mixed pfadd(mixed ...$arguments)
     * @method mixed pfcount(mixed ...$arguments)
     * @method mixed pfmerge(mixed ...$arguments)
     * @method mixed ping(mixed ...$arguments)
     * @method mixed psetex(mixed ...$arguments)
     * @method mixed pttl(mixed ...$arguments)
     * @method mixed publish(mixed ...$arguments)
     * @method mixed pubsub(mixed ...$arguments)
     * @method mixed randomkey(mixed ...$arguments)
     * @method mixed rename(mixed ...$arguments)
     * @method mixed renamenx(mixed ...$arguments)
     * @method mixed restore(mixed ...$arguments)
     * @method mixed role(mixed ...$arguments)
     * @method mixed rpop(mixed ...$arguments)
     * @method mixed rpoplpush(mixed ...$arguments)
     * @method mixed rpush(mixed ...$arguments)
     * @method mixed rpushx(mixed ...$arguments)
     * @method mixed sadd(mixed ...$arguments)
     * @method mixed save(mixed ...$arguments)
     * @method mixed scard(mixed ...$arguments)
     * @method mixed script(mixed ...$arguments)
     * @method mixed sdiff(mixed ...$arguments)
     * @method mixed sdiffstore(mixed ...$arguments)
     * @method mixed set(mixed ...$arguments)
     * @method mixed setbit(mixed ...$arguments)
     * @method mixed setex(mixed ...$arguments)
     * @method mixed setnx(mixed ...$arguments)
     * @method mixed setrange(mixed ...$arguments)
     * @method mixed sinter(mixed ...$arguments)
     * @method mixed sintercard(mixed ...$arguments)
     * @method mixed sinterstore(mixed ...$arguments)
     * @method mixed sismember(mixed ...$arguments)
     * @method mixed slowlog(mixed ...$arguments)
     * @method mixed smembers(mixed ...$arguments)
     * @method mixed smismember(mixed ...$arguments)
     * @method mixed smove(mixed ...$arguments)
     * @method mixed sort(mixed ...$arguments)
     * @method mixed sort_ro(mixed ...$arguments)
     * @method mixed spop(mixed ...$arguments)
     * @method mixed spublish(mixed ...$arguments)
     * @method mixed srandmember(mixed ...$arguments)
     * @method mixed srem(mixed ...$arguments)
     * @method mixed sscan(mixed ...$arguments)
     * @method mixed strlen(mixed ...$arguments)
     * @method mixed substr(mixed ...$arguments)
     * @method mixed sunion(mixed ...$arguments)
     * @method mixed sunionstore(mixed ...$arguments)
     * @method mixed time(mixed ...$arguments)
     * @method mixed touch(mixed ...$arguments)
     * @method mixed ttl(mixed ...$arguments)
     * @method mixed type(mixed ...$arguments)
     * @method mixed unlink(mixed ...$arguments)
     * @method mixed vadd(mixed ...$arguments)
     * @method mixed vcard(mixed ...$arguments)
     * @method mixed vdim(mixed ...$arguments)
     * @method mixed vemb(mixed ...$arguments)
     * @method mixed vgetattr(mixed ...$arguments)
     * @method mixed vinfo(mixed ...$arguments)
     * @method mixed vismember(mixed ...$arguments)
     * @method mixed vlinks(mixed ...$arguments)
     * @method mixed vrandmember(mixed ...$arguments)
     * @method mixed vrem(mixed ...$arguments)
     * @method mixed vsetattr(mixed ...$arguments)
     * @method mixed vsim(mixed ...$arguments)
     * @method mixed xack(mixed ...$arguments)
     * @method mixed xadd(mixed ...$arguments)
     * @method mixed xautoclaim(mixed ...$arguments)
     * @method mixed xclaim(mixed ...$arguments)
     * @method mixed xdel(mixed ...$arguments)
     * @method mixed xgroup(mixed ...$arguments)
     * @method mixed xinfo(mixed ...$arguments)
     * @method mixed xlen(mixed ...$arguments)
     * @method mixed xpending(mixed ...$arguments)
     * @method mixed xrange(mixed ...$arguments)
     * @method mixed xread(mixed ...$arguments)
     * @method mixed xread_v4(mixed ...$arguments)
     * @method mixed xreadgroup(mixed ...$arguments)
     * @method mixed xreadgroup_claim(mixed ...$arguments)
     * @method mixed xrevrange(mixed ...$arguments)
     * @method mixed xsetid(mixed ...$arguments)
     * @method mixed xtrim(mixed ...$arguments)
     * @method mixed zadd(mixed ...$arguments)
     * @method mixed zcard(mixed ...$arguments)
     * @method mixed zcount(mixed ...$arguments)
     * @method mixed zdiff(mixed ...$arguments)
     * @method mixed zdiffstore(mixed ...$arguments)
     * @method mixed zincrby(mixed ...$arguments)
     * @method mixed zinter(mixed ...$arguments)
     * @method mixed zintercard(mixed ...$arguments)
     * @method mixed zinterstore(mixed ...$arguments)
     * @method mixed zlexcount(mixed ...$arguments)
     * @method mixed zmpop(mixed ...$arguments)
     * @method mixed zmscore(mixed ...$arguments)
     * @method mixed zpopmax(mixed ...$arguments)
     * @method mixed zpopmin(mixed ...$arguments)
     * @method mixed zrandmember(mixed ...$arguments)
     * @method mixed zrange(mixed ...$arguments)
     * @method mixed zrangebylex(mixed ...$arguments)
     * @method mixed zrangebyscore(mixed ...$arguments)
     * @method mixed zrangestore(mixed ...$arguments)
     * @method mixed zrank(mixed ...$arguments)
     * @method mixed zrem(mixed ...$arguments)
     * @method mixed zremrangebylex(mixed ...$arguments)
     * @method mixed zremrangebyrank(mixed ...$arguments)
     * @method mixed zremrangebyscore(mixed ...$arguments)
     * @method mixed zrevrange(mixed ...$arguments)
     * @method mixed zrevrangebylex(mixed ...$arguments)
     * @method mixed zrevrangebyscore(mixed ...$arguments)
     * @method mixed zrevrank(mixed ...$arguments)
     * @method mixed zscan(mixed ...$arguments)
     * @method mixed zscore(mixed ...$arguments)
     * @method mixed zunion(mixed ...$arguments)
     * @method mixed zunionstore(mixed ...$arguments)
     */
    final class RedisClusterPool
    {
        /**
         * The extension's version (the same as phpversion("redis_cluster_pool") and package.xml's release).
         * @var string
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
         * The Redis arguments (after the command name) that a method call with these arguments sends,
         * after Predis' argument rewriting (e.g. zadd('z', ['m' => 1]) -> ['z', '1', 'm']).
         * @return list<string>
         */
        public static function predisArgs(string $method, array $arguments): array {}

        /**
         * Convert a raw reply into Predis' shape for a command sent with $redisArguments (after the name).
         * $callerArguments: the method call's own arguments, for the few Predis parsers that depend on a flag
         * that is not sent (vgetattr()'s $asJson, vlinks()'s $withScores); without them those parsers decide
         * from $redisArguments alone.
         */
        public static function predisReply(string $method, array $redisArguments, mixed $reply, ?array $callerArguments = null): mixed {}

        /**
         * The slot map this process uses: ["nodes" => ["host:port" => ["role" => "primary"|"replica", ...]],
         * "slots" => [[from, to, "host:port" (primary), [replicas...]], ...]]. Discovers the cluster if needed.
         */
        public function getSlotMap(): array {}

        /**
         * Counters of this process (pooled connections opened/reused/discarded and why) and of this
         * object's cluster (topology generation, nodes, refreshes, CLUSTER SLOTS sent, MOVED/ASK seen).
         * Never contains credentials.
         */
        public function stats(): array {}

        /**
         * Pool-wide metrics from the shared segment, for every cluster this FPM pool (or CLI process) talks to:
         * summed over all workers, no instance and no round trip needed. ["segment" => [...], "clusters" =>
         * [["seeds" => [...], "user" => ?string, "generation" => int, "map_age_seconds" => float, "counters" =>
         * [...], "commands" => ["GET" => ["calls" => int, "errors" => int], ...], "nodes" => ["host:port" =>
         * [role, primary, health, suspect, commands, errors by kind, bytes, connections, latency histogram]]]],
         * "nodes" => [every node with metrics]]. Never contains credentials.
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
         */
        public function pipeline(?callable $callback = null): RedisClusterPool\Pipeline|array {}

        /**
         * Iterate over the keys of the whole cluster: SCAN on every primary in turn, each with its own cursor
         * (a bare SCAN through the pool is refused, since a cursor belongs to one node).
         * $match: MATCH glob; $count: COUNT hint per SCAN call (0: the server's default); $type: TYPE filter.
         * With the "prefix" option, only keys under the prefix are returned, without it.
         * SCAN's guarantees hold per node; keys moved between nodes during the iteration may be missed or
         * returned twice. foreach ($pool->scanAll('user:*', 1000) as $key) { ... }
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
         * @throws RedisClusterPool\AbortedMultiExecException when a WATCHed key changed and no retry is left
         * @throws RedisClusterPool\ClusterException when keys hash to different slots
         */
        public function transaction(mixed $optionsOrCallback = null, ?callable $callback = null): RedisClusterPool\Transaction|array|null {}

        /** The primary node ("host:port") that owns a key's slot. Discovers the cluster if needed. */
        public function nodeForKey(string $key): string {}

        // ---- raw API for adapters that parse replies themselves (src/class_raw.c; used by adapters/predis) ----

        /**
         * Send a list of commands ([name, arg, ...] each) as given, routed by key like pipeline(): grouped by
         * node, one parallel round trip, cross-slot MGET/MSET/DEL/EXISTS/... split, redirects followed. The
         * prefix, if any, is applied to key arguments. Replies in call order, as the protocol reader built them
         * (no Predis conversion): OK/QUEUED/NOKEY/PONG as RedisClusterPool\Status, other status replies as
         * strings, error replies as RedisClusterPool\Error objects in place: never thrown.
         * @throws RedisClusterPool\ConnectionException when a node fails (no replies are returned then)
         * @throws RedisClusterPool\ClusterException for keys that cannot be routed (unsplittable cross-slot)
         * @throws RedisClusterPool\InvalidArgumentException for malformed, unknown or connection-state commands
         */
        public function rawPipeline(array $commands): array {}

        /**
         * Send commands to given nodes ("host:port" as getSlotMap() names them), whatever their keys: every
         * node's commands in one write, all nodes written before any reply is read. Replies as rawPipeline(),
         * keyed like the input: ["host:port" => [reply, ...], ...]. No redirect is followed (a MOVED comes
         * back as an Error). Only nodes of the cluster's current map are accepted.
         * @throws RedisClusterPool\ConnectionException when a node fails (no replies are returned then)
         * @throws RedisClusterPool\InvalidArgumentException for an unknown node or a malformed, unknown or
         *         connection-state command
         */
        public function rawOnNodes(array $commandsByNode): array {}
    }
}

namespace RedisClusterPool {
    /**
     * Commands queued with method syntax ($pipe->set('a', 1)->get('a')), sent by execute().
     *
     * @method Pipeline acl(mixed ...$arguments) queues acl
     * @method Pipeline append(mixed ...$arguments) queues append
     * @method Pipeline bgrewriteaof(mixed ...$arguments) queues bgrewriteaof
     * @method Pipeline bgsave(mixed ...$arguments) queues bgsave
     * @method Pipeline bitcount(mixed ...$arguments) queues bitcount
     * @method Pipeline bitfield(mixed ...$arguments) queues bitfield
     * @method Pipeline bitfield_ro(mixed ...$arguments) queues bitfield_ro
     * @method Pipeline bitop(mixed ...$arguments) queues bitop
     * @method Pipeline bitpos(mixed ...$arguments) queues bitpos
     * @method Pipeline blmove(mixed ...$arguments) queues blmove
     * @method Pipeline blmpop(mixed ...$arguments) queues blmpop
     * @method Pipeline blpop(mixed ...$arguments) queues blpop
     * @method Pipeline brpop(mixed ...$arguments) queues brpop
     * @method Pipeline brpoplpush(mixed ...$arguments) queues brpoplpush
     * @method Pipeline bzmpop(mixed ...$arguments) queues bzmpop
     * @method Pipeline bzpopmax(mixed ...$arguments) queues bzpopmax
     * @method Pipeline bzpopmin(mixed ...$arguments) queues bzpopmin
     * @method Pipeline client(mixed ...$arguments) queues client
     * @method Pipeline cluster(mixed ...$arguments) queues cluster
     * @method Pipeline command(mixed ...$arguments) queues command
     * @method Pipeline commandlog(mixed ...$arguments) queues commandlog
     * @method Pipeline config(mixed ...$arguments) queues config
     * @method Pipeline copy(mixed ...$arguments) queues copy
     * @method Pipeline dbsize(mixed ...$arguments) queues dbsize
     * @method Pipeline debug(mixed ...$arguments) queues debug
     * @method Pipeline decr(mixed ...$arguments) queues decr
     * @method Pipeline decrby(mixed ...$arguments) queues decrby
     * @method Pipeline del(mixed ...$arguments) queues del
     * @method Pipeline dump(mixed ...$arguments) queues dump
     * @method Pipeline echo(mixed ...$arguments) queues echo
     * @method Pipeline eval(mixed ...$arguments) queues eval
     * @method Pipeline eval_ro(mixed ...$arguments) queues eval_ro
     * @method Pipeline evalsha(mixed ...$arguments) queues evalsha
     * @method Pipeline evalsha_ro(mixed ...$arguments) queues evalsha_ro
     * @method Pipeline exists(mixed ...$arguments) queues exists
     * @method Pipeline expire(mixed ...$arguments) queues expire
     * @method Pipeline expireat(mixed ...$arguments) queues expireat
     * @method Pipeline expiretime(mixed ...$arguments) queues expiretime
     * @method Pipeline fcall(mixed ...$arguments) queues fcall
     * @method Pipeline fcall_ro(mixed ...$arguments) queues fcall_ro
     * @method Pipeline flushall(mixed ...$arguments) queues flushall
     * @method Pipeline flushdb(mixed ...$arguments) queues flushdb
     * @method Pipeline function(mixed ...$arguments) queues function
     * @method Pipeline geoadd(mixed ...$arguments) queues geoadd
     * @method Pipeline geodist(mixed ...$arguments) queues geodist
     * @method Pipeline geohash(mixed ...$arguments) queues geohash
     * @method Pipeline geopos(mixed ...$arguments) queues geopos
     * @method Pipeline georadius(mixed ...$arguments) queues georadius
     * @method Pipeline georadius_ro(mixed ...$arguments) queues georadius_ro
     * @method Pipeline georadiusbymember(mixed ...$arguments) queues georadiusbymember
     * @method Pipeline georadiusbymember_ro(mixed ...$arguments) queues georadiusbymember_ro
     * @method Pipeline geosearch(mixed ...$arguments) queues geosearch
     * @method Pipeline geosearchstore(mixed ...$arguments) queues geosearchstore
     * @method Pipeline get(mixed ...$arguments) queues get
     * @method Pipeline getbit(mixed ...$arguments) queues getbit
     * @method Pipeline getdel(mixed ...$arguments) queues getdel
     * @method Pipeline getex(mixed ...$arguments) queues getex
     * @method Pipeline getrange(mixed ...$arguments) queues getrange
     * @method Pipeline getset(mixed ...$arguments) queues getset
     * @method Pipeline hdel(mixed ...$arguments) queues hdel
     * @method Pipeline hexists(mixed ...$arguments) queues hexists
     * @method Pipeline hexpire(mixed ...$arguments) queues hexpire
     * @method Pipeline hexpireat(mixed ...$arguments) queues hexpireat
     * @method Pipeline hexpiretime(mixed ...$arguments) queues hexpiretime
     * @method Pipeline hget(mixed ...$arguments) queues hget
     * @method Pipeline hgetall(mixed ...$arguments) queues hgetall
     * @method Pipeline hgetdel(mixed ...$arguments) queues hgetdel
     * @method Pipeline hgetex(mixed ...$arguments) queues hgetex
     * @method Pipeline hincrby(mixed ...$arguments) queues hincrby
     * @method Pipeline hincrbyfloat(mixed ...$arguments) queues hincrbyfloat
     * @method Pipeline hkeys(mixed ...$arguments) queues hkeys
     * @method Pipeline hlen(mixed ...$arguments) queues hlen
     * @method Pipeline hmget(mixed ...$arguments) queues hmget
     * @method Pipeline hmset(mixed ...$arguments) queues hmset
     * @method Pipeline hpersist(mixed ...$arguments) queues hpersist
     * @method Pipeline hpexpire(mixed ...$arguments) queues hpexpire
     * @method Pipeline hpexpireat(mixed ...$arguments) queues hpexpireat
     * @method Pipeline hpexpiretime(mixed ...$arguments) queues hpexpiretime
     * @method Pipeline hpttl(mixed ...$arguments) queues hpttl
     * @method Pipeline hrandfield(mixed ...$arguments) queues hrandfield
     * @method Pipeline hscan(mixed ...$arguments) queues hscan
     * @method Pipeline hset(mixed ...$arguments) queues hset
     * @method Pipeline hsetex(mixed ...$arguments) queues hsetex
     * @method Pipeline hsetnx(mixed ...$arguments) queues hsetnx
     * @method Pipeline hstrlen(mixed ...$arguments) queues hstrlen
     * @method Pipeline httl(mixed ...$arguments) queues httl
     * @method Pipeline hvals(mixed ...$arguments) queues hvals
     * @method Pipeline incr(mixed ...$arguments) queues incr
     * @method Pipeline incrby(mixed ...$arguments) queues incrby
     * @method Pipeline incrbyfloat(mixed ...$arguments) queues incrbyfloat
     * @method Pipeline info(mixed ...$arguments) queues info
     * @method Pipeline keys(mixed ...$arguments) queues keys
     * @method Pipeline lastsave(mixed ...$arguments) queues lastsave
     * @method Pipeline latency(mixed ...$arguments) queues latency
     * @method Pipeline lcs(mixed ...$arguments) queues lcs
     * @method Pipeline lindex(mixed ...$arguments) queues lindex
     * @method Pipeline linsert(mixed ...$arguments) queues linsert
     * @method Pipeline llen(mixed ...$arguments) queues llen
     * @method Pipeline lmove(mixed ...$arguments) queues lmove
     * @method Pipeline lmpop(mixed ...$arguments) queues lmpop
     * @method Pipeline lolwut(mixed ...$arguments) queues lolwut
     * @method Pipeline lpop(mixed ...$arguments) queues lpop
     * @method Pipeline lpos(mixed ...$arguments) queues lpos
     * @method Pipeline lpush(mixed ...$arguments) queues lpush
     * @method Pipeline lpushx(mixed ...$arguments) queues lpushx
     * @method Pipeline lrange(mixed ...$arguments) queues lrange
     * @method Pipeline lrem(mixed ...$arguments) queues lrem
     * @method Pipeline lset(mixed ...$arguments) queues lset
     * @method Pipeline ltrim(mixed ...$arguments) queues ltrim
     * @method Pipeline memory(mixed ...$arguments) queues memory
     * @method Pipeline mget(mixed ...$arguments) queues mget
     * @method Pipeline migrate(mixed ...$arguments) queues migrate
     * @method Pipeline module(mixed ...$arguments) queues module
     * @method Pipeline mset(mixed ...$arguments) queues mset
     * @method Pipeline msetnx(mixed ...$arguments) queues msetnx
     * @method Pipeline object(mixed ...$arguments) queues object
     * @method Pipeline persist(mixed ...$arguments) queues persist
     * @method Pipeline pexpire(mixed ...$arguments) queues pexpire
     * @method Pipeline pexpireat(mixed ...$arguments) queues pexpireat
     * @method Pipeline pexpiretime(mixed ...$arguments) queues pexpiretime
     * @method Pipeline pfadd(mixed ...$arguments) queues pfadd
     * @method Pipeline pfcount(mixed ...$arguments) queues pfcount
     * @method Pipeline pfmerge(mixed ...$arguments) queues pfmerge
     * @method Pipeline ping(mixed ...$arguments) queues ping
     * @method Pipeline psetex(mixed ...$arguments) queues psetex
     * @method Pipeline pttl(mixed ...$arguments) queues pttl
     * @method Pipeline publish(mixed ...$arguments) queues publish
     * @method Pipeline pubsub(mixed ...$arguments) queues pubsub
     * @method Pipeline randomkey(mixed ...$arguments) queues randomkey
     * @method Pipeline rename(mixed ...$arguments) queues rename
     * @method Pipeline renamenx(mixed ...$arguments) queues renamenx
     * @method Pipeline restore(mixed ...$arguments) queues restore
     * @method Pipeline role(mixed ...$arguments) queues role
     * @method Pipeline rpop(mixed ...$arguments) queues rpop
     * @method Pipeline rpoplpush(mixed ...$arguments) queues rpoplpush
     * @method Pipeline rpush(mixed ...$arguments) queues rpush
     * @method Pipeline rpushx(mixed ...$arguments) queues rpushx
     * @method Pipeline sadd(mixed ...$arguments) queues sadd
     * @method Pipeline save(mixed ...$arguments) queues save
     * @method Pipeline scard(mixed ...$arguments) queues scard
     * @method Pipeline script(mixed ...$arguments) queues script
     * @method Pipeline sdiff(mixed ...$arguments) queues sdiff
     * @method Pipeline sdiffstore(mixed ...$arguments) queues sdiffstore
     * @method Pipeline set(mixed ...$arguments) queues set
     * @method Pipeline setbit(mixed ...$arguments) queues setbit
     * @method Pipeline setex(mixed ...$arguments) queues setex
     * @method Pipeline setnx(mixed ...$arguments) queues setnx
     * @method Pipeline setrange(mixed ...$arguments) queues setrange
     * @method Pipeline sinter(mixed ...$arguments) queues sinter
     * @method Pipeline sintercard(mixed ...$arguments) queues sintercard
     * @method Pipeline sinterstore(mixed ...$arguments) queues sinterstore
     * @method Pipeline sismember(mixed ...$arguments) queues sismember
     * @method Pipeline slowlog(mixed ...$arguments) queues slowlog
     * @method Pipeline smembers(mixed ...$arguments) queues smembers
     * @method Pipeline smismember(mixed ...$arguments) queues smismember
     * @method Pipeline smove(mixed ...$arguments) queues smove
     * @method Pipeline sort(mixed ...$arguments) queues sort
     * @method Pipeline sort_ro(mixed ...$arguments) queues sort_ro
     * @method Pipeline spop(mixed ...$arguments) queues spop
     * @method Pipeline spublish(mixed ...$arguments) queues spublish
     * @method Pipeline srandmember(mixed ...$arguments) queues srandmember
     * @method Pipeline srem(mixed ...$arguments) queues srem
     * @method Pipeline sscan(mixed ...$arguments) queues sscan
     * @method Pipeline strlen(mixed ...$arguments) queues strlen
     * @method Pipeline substr(mixed ...$arguments) queues substr
     * @method Pipeline sunion(mixed ...$arguments) queues sunion
     * @method Pipeline sunionstore(mixed ...$arguments) queues sunionstore
     * @method Pipeline time(mixed ...$arguments) queues time
     * @method Pipeline touch(mixed ...$arguments) queues touch
     * @method Pipeline ttl(mixed ...$arguments) queues ttl
     * @method Pipeline type(mixed ...$arguments) queues type
     * @method Pipeline unlink(mixed ...$arguments) queues unlink
     * @method Pipeline vadd(mixed ...$arguments) queues vadd
     * @method Pipeline vcard(mixed ...$arguments) queues vcard
     * @method Pipeline vdim(mixed ...$arguments) queues vdim
     * @method Pipeline vemb(mixed ...$arguments) queues vemb
     * @method Pipeline vgetattr(mixed ...$arguments) queues vgetattr
     * @method Pipeline vinfo(mixed ...$arguments) queues vinfo
     * @method Pipeline vismember(mixed ...$arguments) queues vismember
     * @method Pipeline vlinks(mixed ...$arguments) queues vlinks
     * @method Pipeline vrandmember(mixed ...$arguments) queues vrandmember
     * @method Pipeline vrem(mixed ...$arguments) queues vrem
     * @method Pipeline vsetattr(mixed ...$arguments) queues vsetattr
     * @method Pipeline vsim(mixed ...$arguments) queues vsim
     * @method Pipeline xack(mixed ...$arguments) queues xack
     * @method Pipeline xadd(mixed ...$arguments) queues xadd
     * @method Pipeline xautoclaim(mixed ...$arguments) queues xautoclaim
     * @method Pipeline xclaim(mixed ...$arguments) queues xclaim
     * @method Pipeline xdel(mixed ...$arguments) queues xdel
     * @method Pipeline xgroup(mixed ...$arguments) queues xgroup
     * @method Pipeline xinfo(mixed ...$arguments) queues xinfo
     * @method Pipeline xlen(mixed ...$arguments) queues xlen
     * @method Pipeline xpending(mixed ...$arguments) queues xpending
     * @method Pipeline xrange(mixed ...$arguments) queues xrange
     * @method Pipeline xread(mixed ...$arguments) queues xread
     * @method Pipeline xread_v4(mixed ...$arguments) queues xread_v4
     * @method Pipeline xreadgroup(mixed ...$arguments) queues xreadgroup
     * @method Pipeline xreadgroup_claim(mixed ...$arguments) queues xreadgroup_claim
     * @method Pipeline xrevrange(mixed ...$arguments) queues xrevrange
     * @method Pipeline xsetid(mixed ...$arguments) queues xsetid
     * @method Pipeline xtrim(mixed ...$arguments) queues xtrim
     * @method Pipeline zadd(mixed ...$arguments) queues zadd
     * @method Pipeline zcard(mixed ...$arguments) queues zcard
     * @method Pipeline zcount(mixed ...$arguments) queues zcount
     * @method Pipeline zdiff(mixed ...$arguments) queues zdiff
     * @method Pipeline zdiffstore(mixed ...$arguments) queues zdiffstore
     * @method Pipeline zincrby(mixed ...$arguments) queues zincrby
     * @method Pipeline zinter(mixed ...$arguments) queues zinter
     * @method Pipeline zintercard(mixed ...$arguments) queues zintercard
     * @method Pipeline zinterstore(mixed ...$arguments) queues zinterstore
     * @method Pipeline zlexcount(mixed ...$arguments) queues zlexcount
     * @method Pipeline zmpop(mixed ...$arguments) queues zmpop
     * @method Pipeline zmscore(mixed ...$arguments) queues zmscore
     * @method Pipeline zpopmax(mixed ...$arguments) queues zpopmax
     * @method Pipeline zpopmin(mixed ...$arguments) queues zpopmin
     * @method Pipeline zrandmember(mixed ...$arguments) queues zrandmember
     * @method Pipeline zrange(mixed ...$arguments) queues zrange
     * @method Pipeline zrangebylex(mixed ...$arguments) queues zrangebylex
     * @method Pipeline zrangebyscore(mixed ...$arguments) queues zrangebyscore
     * @method Pipeline zrangestore(mixed ...$arguments) queues zrangestore
     * @method Pipeline zrank(mixed ...$arguments) queues zrank
     * @method Pipeline zrem(mixed ...$arguments) queues zrem
     * @method Pipeline zremrangebylex(mixed ...$arguments) queues zremrangebylex
     * @method Pipeline zremrangebyrank(mixed ...$arguments) queues zremrangebyrank
     * @method Pipeline zremrangebyscore(mixed ...$arguments) queues zremrangebyscore
     * @method Pipeline zrevrange(mixed ...$arguments) queues zrevrange
     * @method Pipeline zrevrangebylex(mixed ...$arguments) queues zrevrangebylex
     * @method Pipeline zrevrangebyscore(mixed ...$arguments) queues zrevrangebyscore
     * @method Pipeline zrevrank(mixed ...$arguments) queues zrevrank
     * @method Pipeline zscan(mixed ...$arguments) queues zscan
     * @method Pipeline zscore(mixed ...$arguments) queues zscore
     * @method Pipeline zunion(mixed ...$arguments) queues zunion
     * @method Pipeline zunionstore(mixed ...$arguments) queues zunionstore
     */
    final class Pipeline
    {
        private function __construct() {}

        /** Queue a command; returns the pipeline. */
        public function __call(string $name, array $arguments): Pipeline {}

        /** Send the queued commands; replies in call order. */
        public function execute(): array {}
    }

    /**
     * The keys of every primary, from RedisClusterPool::scanAll(): values are keys, keys are positions
     * 0, 1, 2... (like Predis' Keyspace iterator). rewind() starts a new SCAN of every node.
     */
    final class KeyspaceIterator implements \Iterator
    {
        private function __construct() {}

        public function current(): ?string {}

        public function key(): ?int {}

        public function next(): void {}

        public function rewind(): void {}

        public function valid(): bool {}
    }

    /**
     * A MULTI/EXEC transaction (RedisClusterPool::transaction()), like Predis' MultiExec: commands are
     * methods ($tx->set('{u}a', 1)->incr('{u}b')) and are queued (in check-and-set mode, run at once until
     * multi()); execute() sends MULTI + commands + EXEC in one write and returns the replies.
     */
    final class Transaction
    {
        private function __construct() {}

        /** Queue a command (returns the transaction), or in check-and-set mode before multi(), run it now. */
        public function __call(string $name, array $arguments): mixed {}

        /** Start queuing (ends check-and-set mode). */
        public function multi(): Transaction {}

        /** WATCH keys now (check-and-set mode, before multi()); they must hash to the transaction's slot. */
        public function watch(mixed ...$keys): Status {}

        /** Release the WATCHed keys. */
        public function unwatch(): Status {}

        /** Drop what is queued and the WATCH; execute() then returns null. */
        public function discard(): Transaction {}

        /**
         * Send MULTI + queued commands + EXEC; replies in call order (Predis' shapes), or null when nothing was
         * queued. With a callback (only before anything is queued), run it first, as transaction() does.
         * @throws AbortedMultiExecException when a WATCHed key changed
         */
        public function execute(?callable $callback = null): ?array {}

        /** Alias of execute() without a callback. */
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

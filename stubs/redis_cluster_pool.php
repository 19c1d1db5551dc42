<?php

/*
 * IDE stub of the redis_cluster_pool extension (PhpStorm, PHPStan, Psalm).
 * Generated from stubs/redis_cluster_pool.stub.php by tools/gen_ide_stub.php (tools/gen_arginfo.sh runs it): do not edit.
 * For tools only: PHP itself must not load it next to the extension.
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
     *
     * @method mixed acl(mixed ...$arguments)
     * @method int append(string $key, string|int|float $value)
     * @method bool bgrewriteaof()
     * @method true|string bgsave()
     * @method int bitcount(string $key, int|null $start = null, int|null $end = null, string $index = 'byte')
     * @method list<int|null> bitfield(string $key, string $subcommand, string|int ...$subcommandArg)
     * @method list<int> bitfield_ro(string $key, array<string, int>|null $encodingOffsetMap = null)
     * @method int bitop(string $operation, string $destkey, string|array<string> $keyOrKeys, string ...$keys)
     * @method int bitpos(string $key, int $bit, int|null $start = null, int|null $end = null, string $index = 'byte')
     * @method string|null blmove(string $source, string $destination, string $where, string $to, int|float $timeout)
     * @method array<string, list<string>>|null blmpop(int|float $timeout, array<string> $keys, string $modifier = 'left', int $count = 1)
     * @method array{string, string}|null blpop(string|array<string> $keyOrKeys, string|int|float ...$keysAndTimeout)
     * @method array{string, string}|null brpop(string|array<string> $keyOrKeys, string|int|float ...$keysAndTimeout)
     * @method string|null brpoplpush(string $source, string $destination, int|float $timeout)
     * @method array<string, array<string, string>>|null bzmpop(int|float $timeout, array<string> $keys, string $modifier = 'min', int $count = 1)
     * @method array<string, array<string, string>>|array{null} bzpopmax(array<string> $keys, int|float $timeout)
     * @method array<string, array<string, string>>|array{null} bzpopmin(array<string> $keys, int|float $timeout)
     * @method mixed client(mixed ...$arguments)
     * @method mixed cluster(mixed ...$arguments)
     * @method array<mixed>|int command(string ...$subcommandAndArguments)
     * @method mixed commandlog(mixed ...$arguments)
     * @method array<string, string>|\RedisClusterPool\Status config(string $subcommand, string|int|float ...$arguments)
     * @method int copy(string $source, string $destination, int $db = -1, bool $replace = false)
     * @method int dbsize()
     * @method mixed debug(mixed ...$arguments)
     * @method int decr(string $key)
     * @method int decrby(string $key, int $decrement)
     * @method int del(string|array<string> $keyOrKeys, string ...$keys)
     * @method \RedisClusterPool\Status discard()
     * @method string|null dump(string $key)
     * @method string echo(string|int|float $message)
     * @method mixed eval(string $script, int $numkeys, string|int|float ...$keyOrArg)
     * @method mixed eval_ro(string $script, array<string> $keys, string|int|float ...$argument)
     * @method mixed evalsha(string $sha1, int $numkeys, string|int|float ...$keyOrArg)
     * @method mixed evalsha_ro(string $sha1, array<string> $keys, string|int|float ...$argument)
     * @method list<mixed>|null exec()
     * @method int exists(string $key, string ...$keys)
     * @method int expire(string $key, int $seconds, string|null $expireOption = null)
     * @method int expireat(string $key, int $timestamp, string|null $expireOption = null)
     * @method int expiretime(string $key)
     * @method mixed fcall(string $function, array<string> $keys, string|int|float ...$args)
     * @method mixed fcall_ro(string $function, array<string> $keys, string|int|float ...$args)
     * @method \RedisClusterPool\Status flushall(string ...$mode)
     * @method \RedisClusterPool\Status flushdb(string ...$mode)
     * @method mixed function(mixed ...$arguments)
     * @method int geoadd(string $key, array<array{float|int|string, float|int|string, string|int|float}>|float|int|string $longitudeOrTriples, float|int|string ...$latitudeMemberAndMore)
     * @method string|null geodist(string $key, string|int|float $member1, string|int|float $member2, string|null $unit = null)
     * @method list<string|null> geohash(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method list<array{string, string}|null> geopos(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method list<mixed>|int georadius(string $key, int|float|string $longitude, int|float|string $latitude, int|float|string $radius, string $unit, array<mixed>|null $options = null)
     * @method mixed georadius_ro(mixed ...$arguments)
     * @method list<mixed>|int georadiusbymember(string $key, string|int|float $member, int|float|string $radius, string $unit, array<mixed>|null $options = null)
     * @method mixed georadiusbymember_ro(mixed ...$arguments)
     * @method list<string>|array<string, array<string, float|int>> geosearch(string $key, \Predis\Command\Argument\Geospatial\FromInterface $from, \Predis\Command\Argument\Geospatial\ByInterface $by, string|null $sorting = null, int $count = -1, bool $any = false, bool $withCoord = false, bool $withDist = false, bool $withHash = false)
     * @method int geosearchstore(string $destination, string $source, \Predis\Command\Argument\Geospatial\FromInterface $from, \Predis\Command\Argument\Geospatial\ByInterface $by, string|null $sorting = null, int $count = -1, bool $any = false, bool $storeDist = false)
     * @method string|null get(string $key)
     * @method int getbit(string $key, int $offset)
     * @method string|null getdel(string $key)
     * @method string|null getex(string $key, string $modifier = '', int|false $value = false)
     * @method string getrange(string $key, int $start, int $end)
     * @method string|null getset(string $key, string|int|float $value)
     * @method int hdel(string $key, string|int|float|array<string|int|float> $fieldOrFields, string|int|float ...$fields)
     * @method int hexists(string $key, string|int|float $field)
     * @method list<int>|null hexpire(string $key, int $seconds, array<string|int|float> $fields, string|null $flag = null)
     * @method list<int>|null hexpireat(string $key, int $unixTimeSeconds, array<string|int|float> $fields, string|null $flag = null)
     * @method list<int>|null hexpiretime(string $key, array<string|int|float> $fields)
     * @method string|null hget(string $key, string|int|float $field)
     * @method array<string, string> hgetall(string $key)
     * @method list<string|null> hgetdel(string $key, array<string|int|float> $fields)
     * @method list<string|null>|null hgetex(string $key, array<string|int|float> $fields, string $modifier = '', int|bool $modifierValue = false)
     * @method int hincrby(string $key, string|int|float $field, int $increment)
     * @method string hincrbyfloat(string $key, string|int|float $field, int|float|string $increment)
     * @method list<string> hkeys(string $key)
     * @method int hlen(string $key)
     * @method list<string|null> hmget(string $key, string|int|float|array<string|int|float> $fieldOrFields, string|int|float ...$fields)
     * @method \RedisClusterPool\Status hmset(string $key, array<string|int|float>|string|int|float $dictionaryOrField, string|int|float ...$valuesAndFields)
     * @method list<int>|null hpersist(string $key, array<string|int|float> $fields)
     * @method list<int>|null hpexpire(string $key, int $milliseconds, array<string|int|float> $fields, string|null $flag = null)
     * @method list<int>|null hpexpireat(string $key, int $unixTimeMilliseconds, array<string|int|float> $fields, string|null $flag = null)
     * @method list<int>|null hpexpiretime(string $key, array<string|int|float> $fields)
     * @method list<int>|null hpttl(string $key, array<string|int|float> $fields)
     * @method string|list<string>|null hrandfield(string $key, int|null $count = null, bool $withValues = false)
     * @phpstan-method ($count is null ? string|null : list<string>) hrandfield(string $key, int|null $count = null, bool $withValues = false)
     * @method array{string, array<string, string>|list<string>} hscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @method int hset(string $key, string|int|float $field, string|int|float $value, string|int|float ...$fieldsAndValues)
     * @method int hsetex(string $key, array<string|int|float> $fieldValueMap, string $setModifier = '', string $ttlModifier = '', int|bool $ttlModifierValue = false)
     * @method int hsetnx(string $key, string|int|float $field, string|int|float $value)
     * @method int hstrlen(string $key, string|int|float $field)
     * @method list<int>|null httl(string $key, array<string|int|float> $fields)
     * @method list<string> hvals(string $key)
     * @method int incr(string $key)
     * @method int incrby(string $key, int $increment)
     * @method string incrbyfloat(string $key, int|float|string $increment)
     * @method array<string, mixed> info(string ...$section)
     * @method list<string> keys(string $pattern)
     * @method int lastsave()
     * @method mixed latency(mixed ...$arguments)
     * @method string|int|array<string, mixed> lcs(string $key1, string $key2, bool $len = false, bool $idx = false, int $minMatchLen = 0, bool $withMatchLen = false)
     * @phpstan-method ($idx is true ? array{matches: list<mixed>, len: int} : ($len is true ? int : string)) lcs(string $key1, string $key2, bool $len = false, bool $idx = false, int $minMatchLen = 0, bool $withMatchLen = false)
     * @method string|null lindex(string $key, int $index)
     * @method int linsert(string $key, string $whence, string|int|float $pivot, string|int|float $value)
     * @method int llen(string $key)
     * @method string|null lmove(string $source, string $destination, string $where, string $to)
     * @method array<string, list<string>>|null lmpop(array<string> $keys, string $modifier = 'left', int $count = 1)
     * @method mixed lolwut(mixed ...$arguments)
     * @method string|list<string>|null lpop(string $key, int|null $count = null)
     * @phpstan-method ($count is null ? string|null : list<string>|null) lpop(string $key, int|null $count = null)
     * @method mixed lpos(mixed ...$arguments)
     * @method int lpush(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method int lpushx(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method list<string> lrange(string $key, int $start, int $stop)
     * @method int lrem(string $key, int $count, string|int|float $value)
     * @method \RedisClusterPool\Status lset(string $key, int $index, string|int|float $value)
     * @method \RedisClusterPool\Status ltrim(string $key, int $start, int $stop)
     * @method mixed memory(mixed ...$arguments)
     * @method list<string|null> mget(string|array<string> $keyOrKeys, string ...$keys)
     * @method mixed migrate(mixed ...$arguments)
     * @method mixed module(mixed ...$arguments)
     * @method \RedisClusterPool\Status mset(array<string, string|int|float>|string $dictionaryOrKey, string|int|float ...$valuesAndKeys)
     * @method int msetnx(array<string, string|int|float>|string $dictionaryOrKey, string|int|float ...$valuesAndKeys)
     * @method \RedisClusterPool\Status multi()
     * @method string|int|null object(string $subcommand, string $key)
     * @method int persist(string $key)
     * @method int pexpire(string $key, int $milliseconds, string|null $option = null)
     * @method int pexpireat(string $key, int $timestamp, string|null $option = null)
     * @method int pexpiretime(string $key)
     * @method int pfadd(string $key, string|int|float|array<string|int|float> $elementOrElements, string|int|float ...$elements)
     * @method int pfcount(string|array<string> $keyOrKeys, string ...$keys)
     * @method \RedisClusterPool\Status pfmerge(string $destinationKey, string|array<string> $sourceKeyOrKeys, string ...$sourceKeys)
     * @method \RedisClusterPool\Status|string ping(string|int|float|null $message = null)
     * @phpstan-method ($message is null ? \RedisClusterPool\Status : string) ping(string|int|float|null $message = null)
     * @method \RedisClusterPool\Status psetex(string $key, int $milliseconds, string|int|float $value)
     * @method int pttl(string $key)
     * @method int publish(string $channel, string|int|float $message)
     * @method list<string>|array<string, int>|int pubsub(string $subcommand, string|int ...$arguments)
     * @method string|null randomkey()
     * @method \RedisClusterPool\Status rename(string $key, string $target)
     * @method int renamenx(string $key, string $target)
     * @method mixed restore(mixed ...$arguments)
     * @method mixed role(mixed ...$arguments)
     * @method string|list<string>|null rpop(string $key, int|null $count = null)
     * @phpstan-method ($count is null ? string|null : list<string>|null) rpop(string $key, int|null $count = null)
     * @method string|null rpoplpush(string $source, string $destination)
     * @method int rpush(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method int rpushx(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method int sadd(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method \RedisClusterPool\Status save()
     * @method int scard(string $key)
     * @method \RedisClusterPool\Status|string|list<int> script(string $subcommand, string ...$arguments)
     * @method list<string> sdiff(string|array<string> $keyOrKeys, string ...$keys)
     * @method int sdiffstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @method \RedisClusterPool\Status|string|null set(string $key, string|int|float $value, string|int|null $expireResolution = null, string|int|null $expireTTL = null, string|int|null $flag = null, string|int|null $flagValue = null, string|int ...$moreOptions)
     * @method int setbit(string $key, int $offset, int|string $value)
     * @method \RedisClusterPool\Status setex(string $key, int $seconds, string|int|float $value)
     * @method int setnx(string $key, string|int|float $value)
     * @method int setrange(string $key, int $offset, string|int|float $value)
     * @method list<string> sinter(string|array<string> $keyOrKeys, string ...$keys)
     * @method int sintercard(array<string> $keys, int|bool $limit = 0)
     * @method int sinterstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @method int sismember(string $key, string|int|float $member)
     * @method list<array<string, mixed>>|int|\RedisClusterPool\Status slowlog(string $subcommand, int ...$arguments)
     * @method list<string> smembers(string $key)
     * @method list<int> smismember(string $key, string|int|float ...$members)
     * @method int smove(string $source, string $destination, string|int|float $member)
     * @method list<string|null>|int sort(string $key, array<mixed>|null $options = null)
     * @method list<string|null> sort_ro(string $key, string|null $byPattern = null, \Predis\Command\Argument\Server\LimitOffsetCount|null $limit = null, array<string> $getPatterns = [], string|null $sorting = null, bool $alpha = false)
     * @method string|list<string>|null spop(string $key, int|null $count = null)
     * @phpstan-method ($count is null ? string|null : list<string>) spop(string $key, int|null $count = null)
     * @method int spublish(string $shardChannel, string|int|float $message)
     * @method string|list<string>|null srandmember(string $key, int|null $count = null)
     * @phpstan-method ($count is null ? string|null : list<string>) srandmember(string $key, int|null $count = null)
     * @method int srem(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method array{string, list<string>} sscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @method int strlen(string $key)
     * @method mixed substr(mixed ...$arguments)
     * @method list<string> sunion(string|array<string> $keyOrKeys, string ...$keys)
     * @method int sunionstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @method array{string, string} time()
     * @method int touch(string|array<string> $keyOrKeys, string ...$keys)
     * @method int ttl(string $key)
     * @method string type(string $key)
     * @method int unlink(string|array<string> $keyOrKeys, string ...$keys)
     * @method \RedisClusterPool\Status unwatch()
     * @method bool vadd(string $key, string|array<float|int> $vector, string|int|float $elem, int|null $dim = null, bool $cas = false, string|null $quant = null, int|null $bef = null, string|array<mixed>|null $attributes = null, int|null $numlinks = null)
     * @method int vcard(string $key)
     * @method int vdim(string $key)
     * @method list<float|string> vemb(string $key, string $elem, bool $raw = false)
     * @method string|array<mixed>|null vgetattr(string $key, string $elem, bool $asJson = false)
     * @phpstan-method ($asJson is true ? string|null : array<mixed>|null) vgetattr(string $key, string $elem, bool $asJson = false)
     * @method array<string, mixed>|null vinfo(string $key)
     * @method mixed vismember(mixed ...$arguments)
     * @method list<list<string>|array<string, float>>|null vlinks(string $key, string $elem, bool $withScores = false)
     * @method string|list<string>|null vrandmember(string $key, int|null $count = null)
     * @phpstan-method ($count is null ? string|null : list<string>) vrandmember(string $key, int|null $count = null)
     * @method bool vrem(string $key, string $elem)
     * @method bool vsetattr(string $key, string $elem, string|array<mixed> $attributes)
     * @method list<string>|array<string, float> vsim(string $key, string|array<float|int> $vectorOrElem, bool $isElem = false, bool $withScores = false, int|null $count = null, float|null $epsilon = null, int|null $ef = null, string|null $filter = null, int|null $filterEf = null, bool $truth = false, bool $noThread = false)
     * @phpstan-method ($withScores is true ? array<string, float> : list<string>) vsim(string $key, string|array<float|int> $vectorOrElem, bool $isElem = false, bool $withScores = false, int|null $count = null, float|null $epsilon = null, int|null $ef = null, string|null $filter = null, int|null $filterEf = null, bool $truth = false, bool $noThread = false)
     * @method mixed wait(mixed ...$arguments)
     * @method array<mixed> waitaof(int $numLocal, int $numReplicas, int $timeout)
     * @method \RedisClusterPool\Status watch(string|array<string> $keyOrKeys, string ...$keys)
     * @method int xack(string $key, string $group, string ...$id)
     * @method string|null xadd(string $key, array<string|int, string|int|float> $dictionary, string $id = '*', array<mixed>|null $options = null)
     * @method list<mixed> xautoclaim(string $key, string $group, string $consumer, int $minIdleTime, string $start, int|null $count = null, bool $justId = false)
     * @method array<string, array<string, string>>|list<string> xclaim(string $key, string $group, string $consumer, int $minIdleTime, string|array<string> $ids, int|null $idle = null, int|null $time = null, int|null $retryCount = null, bool $force = false, bool $justId = false, string|null $lastId = null)
     * @method int xdel(string $key, string|array<string> $idOrIds, string ...$ids)
     * @method mixed xgroup(mixed ...$arguments)
     * @method mixed xinfo(mixed ...$arguments)
     * @method int xlen(string $key)
     * @method list<mixed> xpending(string $key, string $group, int|null $minIdleTime = null, string|null $start = null, string|null $end = null, int|null $count = null, string|null $consumer = null)
     * @method array<string, array<string, string>> xrange(string $key, string $start, string $end, int|null $count = null)
     * @method array<string, mixed> xread(int|null $count = null, int|null $block = null, array<string>|null $streams = null, string ...$id)
     * @method array<string, mixed> xread_v4(array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, int|null $maxCount = null, int|null $maxSize = null)
     * @method list<mixed>|null xreadgroup(string $group, string $consumer, int|null $count = null, int|null $blockMs = null, bool $noAck = false, string ...$keyOrId)
     * @method list<mixed>|null xreadgroup_claim(string $group, string $consumer, array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, bool $noAck = false, int|null $claim = null, int|null $maxCount = null, int|null $maxSize = null)
     * @method array<string, array<string, string>> xrevrange(string $key, string $end, string $start, int|null $count = null)
     * @method \RedisClusterPool\Status xsetid(string $key, string $lastId, int|null $entriesAdded = null, string|null $maxDeleteId = null)
     * @method int xtrim(string $key, string|array<string> $strategy, string|int $threshold, array<mixed>|null $options = null)
     * @method int|string|null zadd(string $key, array<string|int, int|float|string>|string|int|float ...$membersAndScoresDictionary)
     * @method int zcard(string $key)
     * @method int zcount(string $key, int|float|string $min, int|float|string $max)
     * @method list<string>|array<string, string> zdiff(array<string> $keys, bool $withScores = false)
     * @phpstan-method ($withScores is true ? array<string, string> : list<string>) zdiff(array<string> $keys, bool $withScores = false)
     * @method int zdiffstore(string $destination, array<string> $keys)
     * @method string zincrby(string $key, int|float|string $increment, string|int|float $member)
     * @method list<string>|array<string, string> zinter(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @phpstan-method ($withScores is true ? array<string, string> : list<string>) zinter(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @method int zintercard(array<string> $keys, int|bool $limit = 0)
     * @method int zinterstore(string $destination, array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum')
     * @method int zlexcount(string $key, string $min, string $max)
     * @method array<string, array<string, string>>|null zmpop(array<string> $keys, string $modifier = 'min', int $count = 1)
     * @method list<string|null> zmscore(string $key, string|int|float ...$member)
     * @method array<string, string> zpopmax(string $key, int $count = 1)
     * @method array<string, string> zpopmin(string $key, int $count = 1)
     * @method string|list<string>|array<string, string>|null zrandmember(string $key, int|null $count = null, bool $withScores = false)
     * @phpstan-method ($count is null ? string|null : ($withScores is true ? array<string, string> : list<string>)) zrandmember(string $key, int|null $count = null, bool $withScores = false)
     * @method list<string>|array<string, string> zrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @phpstan-method ($options is null ? list<string> : list<string>|array<string, string>) zrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @method list<string> zrangebylex(string $key, string $start, string $stop, array<mixed>|null $options = null)
     * @method list<string>|array<string, string> zrangebyscore(string $key, int|float|string $min, int|float|string $max, array<mixed>|string|null $options = null)
     * @phpstan-method ($options is null ? list<string> : list<string>|array<string, string>) zrangebyscore(string $key, int|float|string $min, int|float|string $max, array<mixed>|string|null $options = null)
     * @method int zrangestore(string $destination, string $source, int|string $min, int|string $max, string|bool $by = false, bool $reversed = false, bool $limit = false, int $offset = 0, int $count = 0)
     * @method int|null zrank(string $key, string|int|float $member)
     * @method int zrem(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method int zremrangebylex(string $key, string $min, string $max)
     * @method int zremrangebyrank(string $key, int|string $start, int|string $stop)
     * @method int zremrangebyscore(string $key, int|float|string $min, int|float|string $max)
     * @method list<string>|array<string, string> zrevrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @phpstan-method ($options is null ? list<string> : list<string>|array<string, string>) zrevrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @method list<string> zrevrangebylex(string $key, string $start, string $stop, array<mixed>|null $options = null)
     * @method list<string>|array<string, string> zrevrangebyscore(string $key, int|float|string $max, int|float|string $min, array<mixed>|string|null $options = null)
     * @phpstan-method ($options is null ? list<string> : list<string>|array<string, string>) zrevrangebyscore(string $key, int|float|string $max, int|float|string $min, array<mixed>|string|null $options = null)
     * @method int|null zrevrank(string $key, string|int|float $member)
     * @method array{string, array<string, float>} zscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @method string|null zscore(string $key, string|int|float $member)
     * @method list<string>|array<string, string> zunion(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @phpstan-method ($withScores is true ? array<string, string> : list<string>) zunion(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @method int zunionstore(string $destination, array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum')
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
     *
     * @method $this acl(mixed ...$arguments)
     * @method $this append(string $key, string|int|float $value)
     * @method $this bgrewriteaof()
     * @method $this bgsave()
     * @method $this bitcount(string $key, int|null $start = null, int|null $end = null, string $index = 'byte')
     * @method $this bitfield(string $key, string $subcommand, string|int ...$subcommandArg)
     * @method $this bitfield_ro(string $key, array<string, int>|null $encodingOffsetMap = null)
     * @method $this bitop(string $operation, string $destkey, string|array<string> $keyOrKeys, string ...$keys)
     * @method $this bitpos(string $key, int $bit, int|null $start = null, int|null $end = null, string $index = 'byte')
     * @method $this blmove(string $source, string $destination, string $where, string $to, int|float $timeout)
     * @method $this blmpop(int|float $timeout, array<string> $keys, string $modifier = 'left', int $count = 1)
     * @method $this blpop(string|array<string> $keyOrKeys, string|int|float ...$keysAndTimeout)
     * @method $this brpop(string|array<string> $keyOrKeys, string|int|float ...$keysAndTimeout)
     * @method $this brpoplpush(string $source, string $destination, int|float $timeout)
     * @method $this bzmpop(int|float $timeout, array<string> $keys, string $modifier = 'min', int $count = 1)
     * @method $this bzpopmax(array<string> $keys, int|float $timeout)
     * @method $this bzpopmin(array<string> $keys, int|float $timeout)
     * @method $this client(mixed ...$arguments)
     * @method $this cluster(mixed ...$arguments)
     * @method $this command(string ...$subcommandAndArguments)
     * @method $this commandlog(mixed ...$arguments)
     * @method $this config(string $subcommand, string|int|float ...$arguments)
     * @method $this copy(string $source, string $destination, int $db = -1, bool $replace = false)
     * @method $this dbsize()
     * @method $this debug(mixed ...$arguments)
     * @method $this decr(string $key)
     * @method $this decrby(string $key, int $decrement)
     * @method $this del(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this dump(string $key)
     * @method $this echo(string|int|float $message)
     * @method $this eval(string $script, int $numkeys, string|int|float ...$keyOrArg)
     * @method $this eval_ro(string $script, array<string> $keys, string|int|float ...$argument)
     * @method $this evalsha(string $sha1, int $numkeys, string|int|float ...$keyOrArg)
     * @method $this evalsha_ro(string $sha1, array<string> $keys, string|int|float ...$argument)
     * @method $this exists(string $key, string ...$keys)
     * @method $this expire(string $key, int $seconds, string|null $expireOption = null)
     * @method $this expireat(string $key, int $timestamp, string|null $expireOption = null)
     * @method $this expiretime(string $key)
     * @method $this fcall(string $function, array<string> $keys, string|int|float ...$args)
     * @method $this fcall_ro(string $function, array<string> $keys, string|int|float ...$args)
     * @method $this flushall(string ...$mode)
     * @method $this flushdb(string ...$mode)
     * @method $this function(mixed ...$arguments)
     * @method $this geoadd(string $key, array<array{float|int|string, float|int|string, string|int|float}>|float|int|string $longitudeOrTriples, float|int|string ...$latitudeMemberAndMore)
     * @method $this geodist(string $key, string|int|float $member1, string|int|float $member2, string|null $unit = null)
     * @method $this geohash(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this geopos(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this georadius(string $key, int|float|string $longitude, int|float|string $latitude, int|float|string $radius, string $unit, array<mixed>|null $options = null)
     * @method $this georadius_ro(mixed ...$arguments)
     * @method $this georadiusbymember(string $key, string|int|float $member, int|float|string $radius, string $unit, array<mixed>|null $options = null)
     * @method $this georadiusbymember_ro(mixed ...$arguments)
     * @method $this geosearch(string $key, \Predis\Command\Argument\Geospatial\FromInterface $from, \Predis\Command\Argument\Geospatial\ByInterface $by, string|null $sorting = null, int $count = -1, bool $any = false, bool $withCoord = false, bool $withDist = false, bool $withHash = false)
     * @method $this geosearchstore(string $destination, string $source, \Predis\Command\Argument\Geospatial\FromInterface $from, \Predis\Command\Argument\Geospatial\ByInterface $by, string|null $sorting = null, int $count = -1, bool $any = false, bool $storeDist = false)
     * @method $this get(string $key)
     * @method $this getbit(string $key, int $offset)
     * @method $this getdel(string $key)
     * @method $this getex(string $key, string $modifier = '', int|false $value = false)
     * @method $this getrange(string $key, int $start, int $end)
     * @method $this getset(string $key, string|int|float $value)
     * @method $this hdel(string $key, string|int|float|array<string|int|float> $fieldOrFields, string|int|float ...$fields)
     * @method $this hexists(string $key, string|int|float $field)
     * @method $this hexpire(string $key, int $seconds, array<string|int|float> $fields, string|null $flag = null)
     * @method $this hexpireat(string $key, int $unixTimeSeconds, array<string|int|float> $fields, string|null $flag = null)
     * @method $this hexpiretime(string $key, array<string|int|float> $fields)
     * @method $this hget(string $key, string|int|float $field)
     * @method $this hgetall(string $key)
     * @method $this hgetdel(string $key, array<string|int|float> $fields)
     * @method $this hgetex(string $key, array<string|int|float> $fields, string $modifier = '', int|bool $modifierValue = false)
     * @method $this hincrby(string $key, string|int|float $field, int $increment)
     * @method $this hincrbyfloat(string $key, string|int|float $field, int|float|string $increment)
     * @method $this hkeys(string $key)
     * @method $this hlen(string $key)
     * @method $this hmget(string $key, string|int|float|array<string|int|float> $fieldOrFields, string|int|float ...$fields)
     * @method $this hmset(string $key, array<string|int|float>|string|int|float $dictionaryOrField, string|int|float ...$valuesAndFields)
     * @method $this hpersist(string $key, array<string|int|float> $fields)
     * @method $this hpexpire(string $key, int $milliseconds, array<string|int|float> $fields, string|null $flag = null)
     * @method $this hpexpireat(string $key, int $unixTimeMilliseconds, array<string|int|float> $fields, string|null $flag = null)
     * @method $this hpexpiretime(string $key, array<string|int|float> $fields)
     * @method $this hpttl(string $key, array<string|int|float> $fields)
     * @method $this hrandfield(string $key, int|null $count = null, bool $withValues = false)
     * @method $this hscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @method $this hset(string $key, string|int|float $field, string|int|float $value, string|int|float ...$fieldsAndValues)
     * @method $this hsetex(string $key, array<string|int|float> $fieldValueMap, string $setModifier = '', string $ttlModifier = '', int|bool $ttlModifierValue = false)
     * @method $this hsetnx(string $key, string|int|float $field, string|int|float $value)
     * @method $this hstrlen(string $key, string|int|float $field)
     * @method $this httl(string $key, array<string|int|float> $fields)
     * @method $this hvals(string $key)
     * @method $this incr(string $key)
     * @method $this incrby(string $key, int $increment)
     * @method $this incrbyfloat(string $key, int|float|string $increment)
     * @method $this info(string ...$section)
     * @method $this keys(string $pattern)
     * @method $this lastsave()
     * @method $this latency(mixed ...$arguments)
     * @method $this lcs(string $key1, string $key2, bool $len = false, bool $idx = false, int $minMatchLen = 0, bool $withMatchLen = false)
     * @method $this lindex(string $key, int $index)
     * @method $this linsert(string $key, string $whence, string|int|float $pivot, string|int|float $value)
     * @method $this llen(string $key)
     * @method $this lmove(string $source, string $destination, string $where, string $to)
     * @method $this lmpop(array<string> $keys, string $modifier = 'left', int $count = 1)
     * @method $this lolwut(mixed ...$arguments)
     * @method $this lpop(string $key, int|null $count = null)
     * @method $this lpos(mixed ...$arguments)
     * @method $this lpush(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method $this lpushx(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method $this lrange(string $key, int $start, int $stop)
     * @method $this lrem(string $key, int $count, string|int|float $value)
     * @method $this lset(string $key, int $index, string|int|float $value)
     * @method $this ltrim(string $key, int $start, int $stop)
     * @method $this memory(mixed ...$arguments)
     * @method $this mget(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this migrate(mixed ...$arguments)
     * @method $this module(mixed ...$arguments)
     * @method $this mset(array<string, string|int|float>|string $dictionaryOrKey, string|int|float ...$valuesAndKeys)
     * @method $this msetnx(array<string, string|int|float>|string $dictionaryOrKey, string|int|float ...$valuesAndKeys)
     * @method $this object(string $subcommand, string $key)
     * @method $this persist(string $key)
     * @method $this pexpire(string $key, int $milliseconds, string|null $option = null)
     * @method $this pexpireat(string $key, int $timestamp, string|null $option = null)
     * @method $this pexpiretime(string $key)
     * @method $this pfadd(string $key, string|int|float|array<string|int|float> $elementOrElements, string|int|float ...$elements)
     * @method $this pfcount(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this pfmerge(string $destinationKey, string|array<string> $sourceKeyOrKeys, string ...$sourceKeys)
     * @method $this ping(string|int|float|null $message = null)
     * @method $this psetex(string $key, int $milliseconds, string|int|float $value)
     * @method $this pttl(string $key)
     * @method $this publish(string $channel, string|int|float $message)
     * @method $this pubsub(string $subcommand, string|int ...$arguments)
     * @method $this randomkey()
     * @method $this rename(string $key, string $target)
     * @method $this renamenx(string $key, string $target)
     * @method $this restore(mixed ...$arguments)
     * @method $this role(mixed ...$arguments)
     * @method $this rpop(string $key, int|null $count = null)
     * @method $this rpoplpush(string $source, string $destination)
     * @method $this rpush(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method $this rpushx(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method $this sadd(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this save()
     * @method $this scard(string $key)
     * @method $this script(string $subcommand, string ...$arguments)
     * @method $this sdiff(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this sdiffstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @method $this set(string $key, string|int|float $value, string|int|null $expireResolution = null, string|int|null $expireTTL = null, string|int|null $flag = null, string|int|null $flagValue = null, string|int ...$moreOptions)
     * @method $this setbit(string $key, int $offset, int|string $value)
     * @method $this setex(string $key, int $seconds, string|int|float $value)
     * @method $this setnx(string $key, string|int|float $value)
     * @method $this setrange(string $key, int $offset, string|int|float $value)
     * @method $this sinter(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this sintercard(array<string> $keys, int|bool $limit = 0)
     * @method $this sinterstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @method $this sismember(string $key, string|int|float $member)
     * @method $this slowlog(string $subcommand, int ...$arguments)
     * @method $this smembers(string $key)
     * @method $this smismember(string $key, string|int|float ...$members)
     * @method $this smove(string $source, string $destination, string|int|float $member)
     * @method $this sort(string $key, array<mixed>|null $options = null)
     * @method $this sort_ro(string $key, string|null $byPattern = null, \Predis\Command\Argument\Server\LimitOffsetCount|null $limit = null, array<string> $getPatterns = [], string|null $sorting = null, bool $alpha = false)
     * @method $this spop(string $key, int|null $count = null)
     * @method $this spublish(string $shardChannel, string|int|float $message)
     * @method $this srandmember(string $key, int|null $count = null)
     * @method $this srem(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this sscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @method $this strlen(string $key)
     * @method $this substr(mixed ...$arguments)
     * @method $this sunion(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this sunionstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @method $this time()
     * @method $this touch(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this ttl(string $key)
     * @method $this type(string $key)
     * @method $this unlink(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this vadd(string $key, string|array<float|int> $vector, string|int|float $elem, int|null $dim = null, bool $cas = false, string|null $quant = null, int|null $bef = null, string|array<mixed>|null $attributes = null, int|null $numlinks = null)
     * @method $this vcard(string $key)
     * @method $this vdim(string $key)
     * @method $this vemb(string $key, string $elem, bool $raw = false)
     * @method $this vgetattr(string $key, string $elem, bool $asJson = false)
     * @method $this vinfo(string $key)
     * @method $this vismember(mixed ...$arguments)
     * @method $this vlinks(string $key, string $elem, bool $withScores = false)
     * @method $this vrandmember(string $key, int|null $count = null)
     * @method $this vrem(string $key, string $elem)
     * @method $this vsetattr(string $key, string $elem, string|array<mixed> $attributes)
     * @method $this vsim(string $key, string|array<float|int> $vectorOrElem, bool $isElem = false, bool $withScores = false, int|null $count = null, float|null $epsilon = null, int|null $ef = null, string|null $filter = null, int|null $filterEf = null, bool $truth = false, bool $noThread = false)
     * @method $this wait(mixed ...$arguments)
     * @method $this waitaof(int $numLocal, int $numReplicas, int $timeout)
     * @method $this xack(string $key, string $group, string ...$id)
     * @method $this xadd(string $key, array<string|int, string|int|float> $dictionary, string $id = '*', array<mixed>|null $options = null)
     * @method $this xautoclaim(string $key, string $group, string $consumer, int $minIdleTime, string $start, int|null $count = null, bool $justId = false)
     * @method $this xclaim(string $key, string $group, string $consumer, int $minIdleTime, string|array<string> $ids, int|null $idle = null, int|null $time = null, int|null $retryCount = null, bool $force = false, bool $justId = false, string|null $lastId = null)
     * @method $this xdel(string $key, string|array<string> $idOrIds, string ...$ids)
     * @method $this xgroup(mixed ...$arguments)
     * @method $this xinfo(mixed ...$arguments)
     * @method $this xlen(string $key)
     * @method $this xpending(string $key, string $group, int|null $minIdleTime = null, string|null $start = null, string|null $end = null, int|null $count = null, string|null $consumer = null)
     * @method $this xrange(string $key, string $start, string $end, int|null $count = null)
     * @method $this xread(int|null $count = null, int|null $block = null, array<string>|null $streams = null, string ...$id)
     * @method $this xread_v4(array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, int|null $maxCount = null, int|null $maxSize = null)
     * @method $this xreadgroup(string $group, string $consumer, int|null $count = null, int|null $blockMs = null, bool $noAck = false, string ...$keyOrId)
     * @method $this xreadgroup_claim(string $group, string $consumer, array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, bool $noAck = false, int|null $claim = null, int|null $maxCount = null, int|null $maxSize = null)
     * @method $this xrevrange(string $key, string $end, string $start, int|null $count = null)
     * @method $this xsetid(string $key, string $lastId, int|null $entriesAdded = null, string|null $maxDeleteId = null)
     * @method $this xtrim(string $key, string|array<string> $strategy, string|int $threshold, array<mixed>|null $options = null)
     * @method $this zadd(string $key, array<string|int, int|float|string>|string|int|float ...$membersAndScoresDictionary)
     * @method $this zcard(string $key)
     * @method $this zcount(string $key, int|float|string $min, int|float|string $max)
     * @method $this zdiff(array<string> $keys, bool $withScores = false)
     * @method $this zdiffstore(string $destination, array<string> $keys)
     * @method $this zincrby(string $key, int|float|string $increment, string|int|float $member)
     * @method $this zinter(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @method $this zintercard(array<string> $keys, int|bool $limit = 0)
     * @method $this zinterstore(string $destination, array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum')
     * @method $this zlexcount(string $key, string $min, string $max)
     * @method $this zmpop(array<string> $keys, string $modifier = 'min', int $count = 1)
     * @method $this zmscore(string $key, string|int|float ...$member)
     * @method $this zpopmax(string $key, int $count = 1)
     * @method $this zpopmin(string $key, int $count = 1)
     * @method $this zrandmember(string $key, int|null $count = null, bool $withScores = false)
     * @method $this zrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @method $this zrangebylex(string $key, string $start, string $stop, array<mixed>|null $options = null)
     * @method $this zrangebyscore(string $key, int|float|string $min, int|float|string $max, array<mixed>|string|null $options = null)
     * @method $this zrangestore(string $destination, string $source, int|string $min, int|string $max, string|bool $by = false, bool $reversed = false, bool $limit = false, int $offset = 0, int $count = 0)
     * @method $this zrank(string $key, string|int|float $member)
     * @method $this zrem(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this zremrangebylex(string $key, string $min, string $max)
     * @method $this zremrangebyrank(string $key, int|string $start, int|string $stop)
     * @method $this zremrangebyscore(string $key, int|float|string $min, int|float|string $max)
     * @method $this zrevrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @method $this zrevrangebylex(string $key, string $start, string $stop, array<mixed>|null $options = null)
     * @method $this zrevrangebyscore(string $key, int|float|string $max, int|float|string $min, array<mixed>|string|null $options = null)
     * @method $this zrevrank(string $key, string|int|float $member)
     * @method $this zscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @method $this zscore(string $key, string|int|float $member)
     * @method $this zunion(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @method $this zunionstore(string $destination, array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum')
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
     *
     * @method mixed acl(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) acl(mixed ...$arguments)
     * @method $this|int append(string $key, string|int|float $value)
     * @phpstan-method (TCas is true ? int : $this) append(string $key, string|int|float $value)
     * @method $this|bool bgrewriteaof()
     * @phpstan-method (TCas is true ? bool : $this) bgrewriteaof()
     * @method $this|true|string bgsave()
     * @phpstan-method (TCas is true ? true|string : $this) bgsave()
     * @method $this|int bitcount(string $key, int|null $start = null, int|null $end = null, string $index = 'byte')
     * @phpstan-method (TCas is true ? int : $this) bitcount(string $key, int|null $start = null, int|null $end = null, string $index = 'byte')
     * @method $this|list<int|null> bitfield(string $key, string $subcommand, string|int ...$subcommandArg)
     * @phpstan-method (TCas is true ? list<int|null> : $this) bitfield(string $key, string $subcommand, string|int ...$subcommandArg)
     * @method $this|list<int> bitfield_ro(string $key, array<string, int>|null $encodingOffsetMap = null)
     * @phpstan-method (TCas is true ? list<int> : $this) bitfield_ro(string $key, array<string, int>|null $encodingOffsetMap = null)
     * @method $this|int bitop(string $operation, string $destkey, string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? int : $this) bitop(string $operation, string $destkey, string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|int bitpos(string $key, int $bit, int|null $start = null, int|null $end = null, string $index = 'byte')
     * @phpstan-method (TCas is true ? int : $this) bitpos(string $key, int $bit, int|null $start = null, int|null $end = null, string $index = 'byte')
     * @method $this|string|null blmove(string $source, string $destination, string $where, string $to, int|float $timeout)
     * @phpstan-method (TCas is true ? string|null : $this) blmove(string $source, string $destination, string $where, string $to, int|float $timeout)
     * @method $this|array<string, list<string>>|null blmpop(int|float $timeout, array<string> $keys, string $modifier = 'left', int $count = 1)
     * @phpstan-method (TCas is true ? array<string, list<string>>|null : $this) blmpop(int|float $timeout, array<string> $keys, string $modifier = 'left', int $count = 1)
     * @method $this|array{string, string}|null blpop(string|array<string> $keyOrKeys, string|int|float ...$keysAndTimeout)
     * @phpstan-method (TCas is true ? array{string, string}|null : $this) blpop(string|array<string> $keyOrKeys, string|int|float ...$keysAndTimeout)
     * @method $this|array{string, string}|null brpop(string|array<string> $keyOrKeys, string|int|float ...$keysAndTimeout)
     * @phpstan-method (TCas is true ? array{string, string}|null : $this) brpop(string|array<string> $keyOrKeys, string|int|float ...$keysAndTimeout)
     * @method $this|string|null brpoplpush(string $source, string $destination, int|float $timeout)
     * @phpstan-method (TCas is true ? string|null : $this) brpoplpush(string $source, string $destination, int|float $timeout)
     * @method $this|array<string, array<string, string>>|null bzmpop(int|float $timeout, array<string> $keys, string $modifier = 'min', int $count = 1)
     * @phpstan-method (TCas is true ? array<string, array<string, string>>|null : $this) bzmpop(int|float $timeout, array<string> $keys, string $modifier = 'min', int $count = 1)
     * @method $this|array<string, array<string, string>>|array{null} bzpopmax(array<string> $keys, int|float $timeout)
     * @phpstan-method (TCas is true ? array<string, array<string, string>>|array{null} : $this) bzpopmax(array<string> $keys, int|float $timeout)
     * @method $this|array<string, array<string, string>>|array{null} bzpopmin(array<string> $keys, int|float $timeout)
     * @phpstan-method (TCas is true ? array<string, array<string, string>>|array{null} : $this) bzpopmin(array<string> $keys, int|float $timeout)
     * @method mixed client(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) client(mixed ...$arguments)
     * @method mixed cluster(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) cluster(mixed ...$arguments)
     * @method $this|array<mixed>|int command(string ...$subcommandAndArguments)
     * @phpstan-method (TCas is true ? array<mixed>|int : $this) command(string ...$subcommandAndArguments)
     * @method mixed commandlog(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) commandlog(mixed ...$arguments)
     * @method $this|array<string, string>|\RedisClusterPool\Status config(string $subcommand, string|int|float ...$arguments)
     * @phpstan-method (TCas is true ? array<string, string>|\RedisClusterPool\Status : $this) config(string $subcommand, string|int|float ...$arguments)
     * @method $this|int copy(string $source, string $destination, int $db = -1, bool $replace = false)
     * @phpstan-method (TCas is true ? int : $this) copy(string $source, string $destination, int $db = -1, bool $replace = false)
     * @method $this|int dbsize()
     * @phpstan-method (TCas is true ? int : $this) dbsize()
     * @method mixed debug(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) debug(mixed ...$arguments)
     * @method $this|int decr(string $key)
     * @phpstan-method (TCas is true ? int : $this) decr(string $key)
     * @method $this|int decrby(string $key, int $decrement)
     * @phpstan-method (TCas is true ? int : $this) decrby(string $key, int $decrement)
     * @method $this|int del(string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? int : $this) del(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|string|null dump(string $key)
     * @phpstan-method (TCas is true ? string|null : $this) dump(string $key)
     * @method $this|string echo(string|int|float $message)
     * @phpstan-method (TCas is true ? string : $this) echo(string|int|float $message)
     * @method mixed eval(string $script, int $numkeys, string|int|float ...$keyOrArg)
     * @phpstan-method (TCas is true ? mixed : $this) eval(string $script, int $numkeys, string|int|float ...$keyOrArg)
     * @method mixed eval_ro(string $script, array<string> $keys, string|int|float ...$argument)
     * @phpstan-method (TCas is true ? mixed : $this) eval_ro(string $script, array<string> $keys, string|int|float ...$argument)
     * @method mixed evalsha(string $sha1, int $numkeys, string|int|float ...$keyOrArg)
     * @phpstan-method (TCas is true ? mixed : $this) evalsha(string $sha1, int $numkeys, string|int|float ...$keyOrArg)
     * @method mixed evalsha_ro(string $sha1, array<string> $keys, string|int|float ...$argument)
     * @phpstan-method (TCas is true ? mixed : $this) evalsha_ro(string $sha1, array<string> $keys, string|int|float ...$argument)
     * @method $this|int exists(string $key, string ...$keys)
     * @phpstan-method (TCas is true ? int : $this) exists(string $key, string ...$keys)
     * @method $this|int expire(string $key, int $seconds, string|null $expireOption = null)
     * @phpstan-method (TCas is true ? int : $this) expire(string $key, int $seconds, string|null $expireOption = null)
     * @method $this|int expireat(string $key, int $timestamp, string|null $expireOption = null)
     * @phpstan-method (TCas is true ? int : $this) expireat(string $key, int $timestamp, string|null $expireOption = null)
     * @method $this|int expiretime(string $key)
     * @phpstan-method (TCas is true ? int : $this) expiretime(string $key)
     * @method mixed fcall(string $function, array<string> $keys, string|int|float ...$args)
     * @phpstan-method (TCas is true ? mixed : $this) fcall(string $function, array<string> $keys, string|int|float ...$args)
     * @method mixed fcall_ro(string $function, array<string> $keys, string|int|float ...$args)
     * @phpstan-method (TCas is true ? mixed : $this) fcall_ro(string $function, array<string> $keys, string|int|float ...$args)
     * @method $this|\RedisClusterPool\Status flushall(string ...$mode)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) flushall(string ...$mode)
     * @method $this|\RedisClusterPool\Status flushdb(string ...$mode)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) flushdb(string ...$mode)
     * @method mixed function(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) function(mixed ...$arguments)
     * @method $this|int geoadd(string $key, array<array{float|int|string, float|int|string, string|int|float}>|float|int|string $longitudeOrTriples, float|int|string ...$latitudeMemberAndMore)
     * @phpstan-method (TCas is true ? int : $this) geoadd(string $key, array<array{float|int|string, float|int|string, string|int|float}>|float|int|string $longitudeOrTriples, float|int|string ...$latitudeMemberAndMore)
     * @method $this|string|null geodist(string $key, string|int|float $member1, string|int|float $member2, string|null $unit = null)
     * @phpstan-method (TCas is true ? string|null : $this) geodist(string $key, string|int|float $member1, string|int|float $member2, string|null $unit = null)
     * @method $this|list<string|null> geohash(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @phpstan-method (TCas is true ? list<string|null> : $this) geohash(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this|list<array{string, string}|null> geopos(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @phpstan-method (TCas is true ? list<array{string, string}|null> : $this) geopos(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this|list<mixed>|int georadius(string $key, int|float|string $longitude, int|float|string $latitude, int|float|string $radius, string $unit, array<mixed>|null $options = null)
     * @phpstan-method (TCas is true ? list<mixed>|int : $this) georadius(string $key, int|float|string $longitude, int|float|string $latitude, int|float|string $radius, string $unit, array<mixed>|null $options = null)
     * @method mixed georadius_ro(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) georadius_ro(mixed ...$arguments)
     * @method $this|list<mixed>|int georadiusbymember(string $key, string|int|float $member, int|float|string $radius, string $unit, array<mixed>|null $options = null)
     * @phpstan-method (TCas is true ? list<mixed>|int : $this) georadiusbymember(string $key, string|int|float $member, int|float|string $radius, string $unit, array<mixed>|null $options = null)
     * @method mixed georadiusbymember_ro(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) georadiusbymember_ro(mixed ...$arguments)
     * @method $this|list<string>|array<string, array<string, float|int>> geosearch(string $key, \Predis\Command\Argument\Geospatial\FromInterface $from, \Predis\Command\Argument\Geospatial\ByInterface $by, string|null $sorting = null, int $count = -1, bool $any = false, bool $withCoord = false, bool $withDist = false, bool $withHash = false)
     * @phpstan-method (TCas is true ? list<string>|array<string, array<string, float|int>> : $this) geosearch(string $key, \Predis\Command\Argument\Geospatial\FromInterface $from, \Predis\Command\Argument\Geospatial\ByInterface $by, string|null $sorting = null, int $count = -1, bool $any = false, bool $withCoord = false, bool $withDist = false, bool $withHash = false)
     * @method $this|int geosearchstore(string $destination, string $source, \Predis\Command\Argument\Geospatial\FromInterface $from, \Predis\Command\Argument\Geospatial\ByInterface $by, string|null $sorting = null, int $count = -1, bool $any = false, bool $storeDist = false)
     * @phpstan-method (TCas is true ? int : $this) geosearchstore(string $destination, string $source, \Predis\Command\Argument\Geospatial\FromInterface $from, \Predis\Command\Argument\Geospatial\ByInterface $by, string|null $sorting = null, int $count = -1, bool $any = false, bool $storeDist = false)
     * @method $this|string|null get(string $key)
     * @phpstan-method (TCas is true ? string|null : $this) get(string $key)
     * @method $this|int getbit(string $key, int $offset)
     * @phpstan-method (TCas is true ? int : $this) getbit(string $key, int $offset)
     * @method $this|string|null getdel(string $key)
     * @phpstan-method (TCas is true ? string|null : $this) getdel(string $key)
     * @method $this|string|null getex(string $key, string $modifier = '', int|false $value = false)
     * @phpstan-method (TCas is true ? string|null : $this) getex(string $key, string $modifier = '', int|false $value = false)
     * @method $this|string getrange(string $key, int $start, int $end)
     * @phpstan-method (TCas is true ? string : $this) getrange(string $key, int $start, int $end)
     * @method $this|string|null getset(string $key, string|int|float $value)
     * @phpstan-method (TCas is true ? string|null : $this) getset(string $key, string|int|float $value)
     * @method $this|int hdel(string $key, string|int|float|array<string|int|float> $fieldOrFields, string|int|float ...$fields)
     * @phpstan-method (TCas is true ? int : $this) hdel(string $key, string|int|float|array<string|int|float> $fieldOrFields, string|int|float ...$fields)
     * @method $this|int hexists(string $key, string|int|float $field)
     * @phpstan-method (TCas is true ? int : $this) hexists(string $key, string|int|float $field)
     * @method $this|list<int>|null hexpire(string $key, int $seconds, array<string|int|float> $fields, string|null $flag = null)
     * @phpstan-method (TCas is true ? list<int>|null : $this) hexpire(string $key, int $seconds, array<string|int|float> $fields, string|null $flag = null)
     * @method $this|list<int>|null hexpireat(string $key, int $unixTimeSeconds, array<string|int|float> $fields, string|null $flag = null)
     * @phpstan-method (TCas is true ? list<int>|null : $this) hexpireat(string $key, int $unixTimeSeconds, array<string|int|float> $fields, string|null $flag = null)
     * @method $this|list<int>|null hexpiretime(string $key, array<string|int|float> $fields)
     * @phpstan-method (TCas is true ? list<int>|null : $this) hexpiretime(string $key, array<string|int|float> $fields)
     * @method $this|string|null hget(string $key, string|int|float $field)
     * @phpstan-method (TCas is true ? string|null : $this) hget(string $key, string|int|float $field)
     * @method $this|array<string, string> hgetall(string $key)
     * @phpstan-method (TCas is true ? array<string, string> : $this) hgetall(string $key)
     * @method $this|list<string|null> hgetdel(string $key, array<string|int|float> $fields)
     * @phpstan-method (TCas is true ? list<string|null> : $this) hgetdel(string $key, array<string|int|float> $fields)
     * @method $this|list<string|null>|null hgetex(string $key, array<string|int|float> $fields, string $modifier = '', int|bool $modifierValue = false)
     * @phpstan-method (TCas is true ? list<string|null>|null : $this) hgetex(string $key, array<string|int|float> $fields, string $modifier = '', int|bool $modifierValue = false)
     * @method $this|int hincrby(string $key, string|int|float $field, int $increment)
     * @phpstan-method (TCas is true ? int : $this) hincrby(string $key, string|int|float $field, int $increment)
     * @method $this|string hincrbyfloat(string $key, string|int|float $field, int|float|string $increment)
     * @phpstan-method (TCas is true ? string : $this) hincrbyfloat(string $key, string|int|float $field, int|float|string $increment)
     * @method $this|list<string> hkeys(string $key)
     * @phpstan-method (TCas is true ? list<string> : $this) hkeys(string $key)
     * @method $this|int hlen(string $key)
     * @phpstan-method (TCas is true ? int : $this) hlen(string $key)
     * @method $this|list<string|null> hmget(string $key, string|int|float|array<string|int|float> $fieldOrFields, string|int|float ...$fields)
     * @phpstan-method (TCas is true ? list<string|null> : $this) hmget(string $key, string|int|float|array<string|int|float> $fieldOrFields, string|int|float ...$fields)
     * @method $this|\RedisClusterPool\Status hmset(string $key, array<string|int|float>|string|int|float $dictionaryOrField, string|int|float ...$valuesAndFields)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) hmset(string $key, array<string|int|float>|string|int|float $dictionaryOrField, string|int|float ...$valuesAndFields)
     * @method $this|list<int>|null hpersist(string $key, array<string|int|float> $fields)
     * @phpstan-method (TCas is true ? list<int>|null : $this) hpersist(string $key, array<string|int|float> $fields)
     * @method $this|list<int>|null hpexpire(string $key, int $milliseconds, array<string|int|float> $fields, string|null $flag = null)
     * @phpstan-method (TCas is true ? list<int>|null : $this) hpexpire(string $key, int $milliseconds, array<string|int|float> $fields, string|null $flag = null)
     * @method $this|list<int>|null hpexpireat(string $key, int $unixTimeMilliseconds, array<string|int|float> $fields, string|null $flag = null)
     * @phpstan-method (TCas is true ? list<int>|null : $this) hpexpireat(string $key, int $unixTimeMilliseconds, array<string|int|float> $fields, string|null $flag = null)
     * @method $this|list<int>|null hpexpiretime(string $key, array<string|int|float> $fields)
     * @phpstan-method (TCas is true ? list<int>|null : $this) hpexpiretime(string $key, array<string|int|float> $fields)
     * @method $this|list<int>|null hpttl(string $key, array<string|int|float> $fields)
     * @phpstan-method (TCas is true ? list<int>|null : $this) hpttl(string $key, array<string|int|float> $fields)
     * @method $this|string|list<string>|null hrandfield(string $key, int|null $count = null, bool $withValues = false)
     * @phpstan-method (TCas is true ? ($count is null ? string|null : list<string>) : $this) hrandfield(string $key, int|null $count = null, bool $withValues = false)
     * @method $this|array{string, array<string, string>|list<string>} hscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @phpstan-method (TCas is true ? array{string, array<string, string>|list<string>} : $this) hscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @method $this|int hset(string $key, string|int|float $field, string|int|float $value, string|int|float ...$fieldsAndValues)
     * @phpstan-method (TCas is true ? int : $this) hset(string $key, string|int|float $field, string|int|float $value, string|int|float ...$fieldsAndValues)
     * @method $this|int hsetex(string $key, array<string|int|float> $fieldValueMap, string $setModifier = '', string $ttlModifier = '', int|bool $ttlModifierValue = false)
     * @phpstan-method (TCas is true ? int : $this) hsetex(string $key, array<string|int|float> $fieldValueMap, string $setModifier = '', string $ttlModifier = '', int|bool $ttlModifierValue = false)
     * @method $this|int hsetnx(string $key, string|int|float $field, string|int|float $value)
     * @phpstan-method (TCas is true ? int : $this) hsetnx(string $key, string|int|float $field, string|int|float $value)
     * @method $this|int hstrlen(string $key, string|int|float $field)
     * @phpstan-method (TCas is true ? int : $this) hstrlen(string $key, string|int|float $field)
     * @method $this|list<int>|null httl(string $key, array<string|int|float> $fields)
     * @phpstan-method (TCas is true ? list<int>|null : $this) httl(string $key, array<string|int|float> $fields)
     * @method $this|list<string> hvals(string $key)
     * @phpstan-method (TCas is true ? list<string> : $this) hvals(string $key)
     * @method $this|int incr(string $key)
     * @phpstan-method (TCas is true ? int : $this) incr(string $key)
     * @method $this|int incrby(string $key, int $increment)
     * @phpstan-method (TCas is true ? int : $this) incrby(string $key, int $increment)
     * @method $this|string incrbyfloat(string $key, int|float|string $increment)
     * @phpstan-method (TCas is true ? string : $this) incrbyfloat(string $key, int|float|string $increment)
     * @method $this|array<string, mixed> info(string ...$section)
     * @phpstan-method (TCas is true ? array<string, mixed> : $this) info(string ...$section)
     * @method $this|list<string> keys(string $pattern)
     * @phpstan-method (TCas is true ? list<string> : $this) keys(string $pattern)
     * @method $this|int lastsave()
     * @phpstan-method (TCas is true ? int : $this) lastsave()
     * @method mixed latency(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) latency(mixed ...$arguments)
     * @method $this|string|int|array<string, mixed> lcs(string $key1, string $key2, bool $len = false, bool $idx = false, int $minMatchLen = 0, bool $withMatchLen = false)
     * @phpstan-method (TCas is true ? ($idx is true ? array{matches: list<mixed>, len: int} : ($len is true ? int : string)) : $this) lcs(string $key1, string $key2, bool $len = false, bool $idx = false, int $minMatchLen = 0, bool $withMatchLen = false)
     * @method $this|string|null lindex(string $key, int $index)
     * @phpstan-method (TCas is true ? string|null : $this) lindex(string $key, int $index)
     * @method $this|int linsert(string $key, string $whence, string|int|float $pivot, string|int|float $value)
     * @phpstan-method (TCas is true ? int : $this) linsert(string $key, string $whence, string|int|float $pivot, string|int|float $value)
     * @method $this|int llen(string $key)
     * @phpstan-method (TCas is true ? int : $this) llen(string $key)
     * @method $this|string|null lmove(string $source, string $destination, string $where, string $to)
     * @phpstan-method (TCas is true ? string|null : $this) lmove(string $source, string $destination, string $where, string $to)
     * @method $this|array<string, list<string>>|null lmpop(array<string> $keys, string $modifier = 'left', int $count = 1)
     * @phpstan-method (TCas is true ? array<string, list<string>>|null : $this) lmpop(array<string> $keys, string $modifier = 'left', int $count = 1)
     * @method mixed lolwut(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) lolwut(mixed ...$arguments)
     * @method $this|string|list<string>|null lpop(string $key, int|null $count = null)
     * @phpstan-method (TCas is true ? ($count is null ? string|null : list<string>|null) : $this) lpop(string $key, int|null $count = null)
     * @method mixed lpos(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) lpos(mixed ...$arguments)
     * @method $this|int lpush(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @phpstan-method (TCas is true ? int : $this) lpush(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method $this|int lpushx(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @phpstan-method (TCas is true ? int : $this) lpushx(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method $this|list<string> lrange(string $key, int $start, int $stop)
     * @phpstan-method (TCas is true ? list<string> : $this) lrange(string $key, int $start, int $stop)
     * @method $this|int lrem(string $key, int $count, string|int|float $value)
     * @phpstan-method (TCas is true ? int : $this) lrem(string $key, int $count, string|int|float $value)
     * @method $this|\RedisClusterPool\Status lset(string $key, int $index, string|int|float $value)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) lset(string $key, int $index, string|int|float $value)
     * @method $this|\RedisClusterPool\Status ltrim(string $key, int $start, int $stop)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) ltrim(string $key, int $start, int $stop)
     * @method mixed memory(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) memory(mixed ...$arguments)
     * @method $this|list<string|null> mget(string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? list<string|null> : $this) mget(string|array<string> $keyOrKeys, string ...$keys)
     * @method mixed migrate(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) migrate(mixed ...$arguments)
     * @method mixed module(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) module(mixed ...$arguments)
     * @method $this|\RedisClusterPool\Status mset(array<string, string|int|float>|string $dictionaryOrKey, string|int|float ...$valuesAndKeys)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) mset(array<string, string|int|float>|string $dictionaryOrKey, string|int|float ...$valuesAndKeys)
     * @method $this|int msetnx(array<string, string|int|float>|string $dictionaryOrKey, string|int|float ...$valuesAndKeys)
     * @phpstan-method (TCas is true ? int : $this) msetnx(array<string, string|int|float>|string $dictionaryOrKey, string|int|float ...$valuesAndKeys)
     * @method $this|string|int|null object(string $subcommand, string $key)
     * @phpstan-method (TCas is true ? string|int|null : $this) object(string $subcommand, string $key)
     * @method $this|int persist(string $key)
     * @phpstan-method (TCas is true ? int : $this) persist(string $key)
     * @method $this|int pexpire(string $key, int $milliseconds, string|null $option = null)
     * @phpstan-method (TCas is true ? int : $this) pexpire(string $key, int $milliseconds, string|null $option = null)
     * @method $this|int pexpireat(string $key, int $timestamp, string|null $option = null)
     * @phpstan-method (TCas is true ? int : $this) pexpireat(string $key, int $timestamp, string|null $option = null)
     * @method $this|int pexpiretime(string $key)
     * @phpstan-method (TCas is true ? int : $this) pexpiretime(string $key)
     * @method $this|int pfadd(string $key, string|int|float|array<string|int|float> $elementOrElements, string|int|float ...$elements)
     * @phpstan-method (TCas is true ? int : $this) pfadd(string $key, string|int|float|array<string|int|float> $elementOrElements, string|int|float ...$elements)
     * @method $this|int pfcount(string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? int : $this) pfcount(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|\RedisClusterPool\Status pfmerge(string $destinationKey, string|array<string> $sourceKeyOrKeys, string ...$sourceKeys)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) pfmerge(string $destinationKey, string|array<string> $sourceKeyOrKeys, string ...$sourceKeys)
     * @method $this|\RedisClusterPool\Status|string ping(string|int|float|null $message = null)
     * @phpstan-method (TCas is true ? ($message is null ? \RedisClusterPool\Status : string) : $this) ping(string|int|float|null $message = null)
     * @method $this|\RedisClusterPool\Status psetex(string $key, int $milliseconds, string|int|float $value)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) psetex(string $key, int $milliseconds, string|int|float $value)
     * @method $this|int pttl(string $key)
     * @phpstan-method (TCas is true ? int : $this) pttl(string $key)
     * @method $this|int publish(string $channel, string|int|float $message)
     * @phpstan-method (TCas is true ? int : $this) publish(string $channel, string|int|float $message)
     * @method $this|list<string>|array<string, int>|int pubsub(string $subcommand, string|int ...$arguments)
     * @phpstan-method (TCas is true ? list<string>|array<string, int>|int : $this) pubsub(string $subcommand, string|int ...$arguments)
     * @method $this|string|null randomkey()
     * @phpstan-method (TCas is true ? string|null : $this) randomkey()
     * @method $this|\RedisClusterPool\Status rename(string $key, string $target)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) rename(string $key, string $target)
     * @method $this|int renamenx(string $key, string $target)
     * @phpstan-method (TCas is true ? int : $this) renamenx(string $key, string $target)
     * @method mixed restore(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) restore(mixed ...$arguments)
     * @method mixed role(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) role(mixed ...$arguments)
     * @method $this|string|list<string>|null rpop(string $key, int|null $count = null)
     * @phpstan-method (TCas is true ? ($count is null ? string|null : list<string>|null) : $this) rpop(string $key, int|null $count = null)
     * @method $this|string|null rpoplpush(string $source, string $destination)
     * @phpstan-method (TCas is true ? string|null : $this) rpoplpush(string $source, string $destination)
     * @method $this|int rpush(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @phpstan-method (TCas is true ? int : $this) rpush(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method $this|int rpushx(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @phpstan-method (TCas is true ? int : $this) rpushx(string $key, string|int|float|array<string|int|float> $valueOrValues, string|int|float ...$values)
     * @method $this|int sadd(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @phpstan-method (TCas is true ? int : $this) sadd(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this|\RedisClusterPool\Status save()
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) save()
     * @method $this|int scard(string $key)
     * @phpstan-method (TCas is true ? int : $this) scard(string $key)
     * @method $this|\RedisClusterPool\Status|string|list<int> script(string $subcommand, string ...$arguments)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status|string|list<int> : $this) script(string $subcommand, string ...$arguments)
     * @method $this|list<string> sdiff(string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? list<string> : $this) sdiff(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|int sdiffstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? int : $this) sdiffstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|\RedisClusterPool\Status|string|null set(string $key, string|int|float $value, string|int|null $expireResolution = null, string|int|null $expireTTL = null, string|int|null $flag = null, string|int|null $flagValue = null, string|int ...$moreOptions)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status|string|null : $this) set(string $key, string|int|float $value, string|int|null $expireResolution = null, string|int|null $expireTTL = null, string|int|null $flag = null, string|int|null $flagValue = null, string|int ...$moreOptions)
     * @method $this|int setbit(string $key, int $offset, int|string $value)
     * @phpstan-method (TCas is true ? int : $this) setbit(string $key, int $offset, int|string $value)
     * @method $this|\RedisClusterPool\Status setex(string $key, int $seconds, string|int|float $value)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) setex(string $key, int $seconds, string|int|float $value)
     * @method $this|int setnx(string $key, string|int|float $value)
     * @phpstan-method (TCas is true ? int : $this) setnx(string $key, string|int|float $value)
     * @method $this|int setrange(string $key, int $offset, string|int|float $value)
     * @phpstan-method (TCas is true ? int : $this) setrange(string $key, int $offset, string|int|float $value)
     * @method $this|list<string> sinter(string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? list<string> : $this) sinter(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|int sintercard(array<string> $keys, int|bool $limit = 0)
     * @phpstan-method (TCas is true ? int : $this) sintercard(array<string> $keys, int|bool $limit = 0)
     * @method $this|int sinterstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? int : $this) sinterstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|int sismember(string $key, string|int|float $member)
     * @phpstan-method (TCas is true ? int : $this) sismember(string $key, string|int|float $member)
     * @method $this|list<array<string, mixed>>|int|\RedisClusterPool\Status slowlog(string $subcommand, int ...$arguments)
     * @phpstan-method (TCas is true ? list<array<string, mixed>>|int|\RedisClusterPool\Status : $this) slowlog(string $subcommand, int ...$arguments)
     * @method $this|list<string> smembers(string $key)
     * @phpstan-method (TCas is true ? list<string> : $this) smembers(string $key)
     * @method $this|list<int> smismember(string $key, string|int|float ...$members)
     * @phpstan-method (TCas is true ? list<int> : $this) smismember(string $key, string|int|float ...$members)
     * @method $this|int smove(string $source, string $destination, string|int|float $member)
     * @phpstan-method (TCas is true ? int : $this) smove(string $source, string $destination, string|int|float $member)
     * @method $this|list<string|null>|int sort(string $key, array<mixed>|null $options = null)
     * @phpstan-method (TCas is true ? list<string|null>|int : $this) sort(string $key, array<mixed>|null $options = null)
     * @method $this|list<string|null> sort_ro(string $key, string|null $byPattern = null, \Predis\Command\Argument\Server\LimitOffsetCount|null $limit = null, array<string> $getPatterns = [], string|null $sorting = null, bool $alpha = false)
     * @phpstan-method (TCas is true ? list<string|null> : $this) sort_ro(string $key, string|null $byPattern = null, \Predis\Command\Argument\Server\LimitOffsetCount|null $limit = null, array<string> $getPatterns = [], string|null $sorting = null, bool $alpha = false)
     * @method $this|string|list<string>|null spop(string $key, int|null $count = null)
     * @phpstan-method (TCas is true ? ($count is null ? string|null : list<string>) : $this) spop(string $key, int|null $count = null)
     * @method $this|int spublish(string $shardChannel, string|int|float $message)
     * @phpstan-method (TCas is true ? int : $this) spublish(string $shardChannel, string|int|float $message)
     * @method $this|string|list<string>|null srandmember(string $key, int|null $count = null)
     * @phpstan-method (TCas is true ? ($count is null ? string|null : list<string>) : $this) srandmember(string $key, int|null $count = null)
     * @method $this|int srem(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @phpstan-method (TCas is true ? int : $this) srem(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this|array{string, list<string>} sscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @phpstan-method (TCas is true ? array{string, list<string>} : $this) sscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @method $this|int strlen(string $key)
     * @phpstan-method (TCas is true ? int : $this) strlen(string $key)
     * @method mixed substr(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) substr(mixed ...$arguments)
     * @method $this|list<string> sunion(string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? list<string> : $this) sunion(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|int sunionstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? int : $this) sunionstore(string $destination, string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|array{string, string} time()
     * @phpstan-method (TCas is true ? array{string, string} : $this) time()
     * @method $this|int touch(string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? int : $this) touch(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|int ttl(string $key)
     * @phpstan-method (TCas is true ? int : $this) ttl(string $key)
     * @method $this|string type(string $key)
     * @phpstan-method (TCas is true ? string : $this) type(string $key)
     * @method $this|int unlink(string|array<string> $keyOrKeys, string ...$keys)
     * @phpstan-method (TCas is true ? int : $this) unlink(string|array<string> $keyOrKeys, string ...$keys)
     * @method $this|bool vadd(string $key, string|array<float|int> $vector, string|int|float $elem, int|null $dim = null, bool $cas = false, string|null $quant = null, int|null $bef = null, string|array<mixed>|null $attributes = null, int|null $numlinks = null)
     * @phpstan-method (TCas is true ? bool : $this) vadd(string $key, string|array<float|int> $vector, string|int|float $elem, int|null $dim = null, bool $cas = false, string|null $quant = null, int|null $bef = null, string|array<mixed>|null $attributes = null, int|null $numlinks = null)
     * @method $this|int vcard(string $key)
     * @phpstan-method (TCas is true ? int : $this) vcard(string $key)
     * @method $this|int vdim(string $key)
     * @phpstan-method (TCas is true ? int : $this) vdim(string $key)
     * @method $this|list<float|string> vemb(string $key, string $elem, bool $raw = false)
     * @phpstan-method (TCas is true ? list<float|string> : $this) vemb(string $key, string $elem, bool $raw = false)
     * @method $this|string|array<mixed>|null vgetattr(string $key, string $elem, bool $asJson = false)
     * @phpstan-method (TCas is true ? ($asJson is true ? string|null : array<mixed>|null) : $this) vgetattr(string $key, string $elem, bool $asJson = false)
     * @method $this|array<string, mixed>|null vinfo(string $key)
     * @phpstan-method (TCas is true ? array<string, mixed>|null : $this) vinfo(string $key)
     * @method mixed vismember(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) vismember(mixed ...$arguments)
     * @method $this|list<list<string>|array<string, float>>|null vlinks(string $key, string $elem, bool $withScores = false)
     * @phpstan-method (TCas is true ? list<list<string>|array<string, float>>|null : $this) vlinks(string $key, string $elem, bool $withScores = false)
     * @method $this|string|list<string>|null vrandmember(string $key, int|null $count = null)
     * @phpstan-method (TCas is true ? ($count is null ? string|null : list<string>) : $this) vrandmember(string $key, int|null $count = null)
     * @method $this|bool vrem(string $key, string $elem)
     * @phpstan-method (TCas is true ? bool : $this) vrem(string $key, string $elem)
     * @method $this|bool vsetattr(string $key, string $elem, string|array<mixed> $attributes)
     * @phpstan-method (TCas is true ? bool : $this) vsetattr(string $key, string $elem, string|array<mixed> $attributes)
     * @method $this|list<string>|array<string, float> vsim(string $key, string|array<float|int> $vectorOrElem, bool $isElem = false, bool $withScores = false, int|null $count = null, float|null $epsilon = null, int|null $ef = null, string|null $filter = null, int|null $filterEf = null, bool $truth = false, bool $noThread = false)
     * @phpstan-method (TCas is true ? ($withScores is true ? array<string, float> : list<string>) : $this) vsim(string $key, string|array<float|int> $vectorOrElem, bool $isElem = false, bool $withScores = false, int|null $count = null, float|null $epsilon = null, int|null $ef = null, string|null $filter = null, int|null $filterEf = null, bool $truth = false, bool $noThread = false)
     * @method mixed wait(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) wait(mixed ...$arguments)
     * @method $this|array<mixed> waitaof(int $numLocal, int $numReplicas, int $timeout)
     * @phpstan-method (TCas is true ? array<mixed> : $this) waitaof(int $numLocal, int $numReplicas, int $timeout)
     * @method $this|int xack(string $key, string $group, string ...$id)
     * @phpstan-method (TCas is true ? int : $this) xack(string $key, string $group, string ...$id)
     * @method $this|string|null xadd(string $key, array<string|int, string|int|float> $dictionary, string $id = '*', array<mixed>|null $options = null)
     * @phpstan-method (TCas is true ? string|null : $this) xadd(string $key, array<string|int, string|int|float> $dictionary, string $id = '*', array<mixed>|null $options = null)
     * @method $this|list<mixed> xautoclaim(string $key, string $group, string $consumer, int $minIdleTime, string $start, int|null $count = null, bool $justId = false)
     * @phpstan-method (TCas is true ? list<mixed> : $this) xautoclaim(string $key, string $group, string $consumer, int $minIdleTime, string $start, int|null $count = null, bool $justId = false)
     * @method $this|array<string, array<string, string>>|list<string> xclaim(string $key, string $group, string $consumer, int $minIdleTime, string|array<string> $ids, int|null $idle = null, int|null $time = null, int|null $retryCount = null, bool $force = false, bool $justId = false, string|null $lastId = null)
     * @phpstan-method (TCas is true ? array<string, array<string, string>>|list<string> : $this) xclaim(string $key, string $group, string $consumer, int $minIdleTime, string|array<string> $ids, int|null $idle = null, int|null $time = null, int|null $retryCount = null, bool $force = false, bool $justId = false, string|null $lastId = null)
     * @method $this|int xdel(string $key, string|array<string> $idOrIds, string ...$ids)
     * @phpstan-method (TCas is true ? int : $this) xdel(string $key, string|array<string> $idOrIds, string ...$ids)
     * @method mixed xgroup(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) xgroup(mixed ...$arguments)
     * @method mixed xinfo(mixed ...$arguments)
     * @phpstan-method (TCas is true ? mixed : $this) xinfo(mixed ...$arguments)
     * @method $this|int xlen(string $key)
     * @phpstan-method (TCas is true ? int : $this) xlen(string $key)
     * @method $this|list<mixed> xpending(string $key, string $group, int|null $minIdleTime = null, string|null $start = null, string|null $end = null, int|null $count = null, string|null $consumer = null)
     * @phpstan-method (TCas is true ? list<mixed> : $this) xpending(string $key, string $group, int|null $minIdleTime = null, string|null $start = null, string|null $end = null, int|null $count = null, string|null $consumer = null)
     * @method $this|array<string, array<string, string>> xrange(string $key, string $start, string $end, int|null $count = null)
     * @phpstan-method (TCas is true ? array<string, array<string, string>> : $this) xrange(string $key, string $start, string $end, int|null $count = null)
     * @method $this|array<string, mixed> xread(int|null $count = null, int|null $block = null, array<string>|null $streams = null, string ...$id)
     * @phpstan-method (TCas is true ? array<string, mixed> : $this) xread(int|null $count = null, int|null $block = null, array<string>|null $streams = null, string ...$id)
     * @method $this|array<string, mixed> xread_v4(array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, int|null $maxCount = null, int|null $maxSize = null)
     * @phpstan-method (TCas is true ? array<string, mixed> : $this) xread_v4(array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, int|null $maxCount = null, int|null $maxSize = null)
     * @method $this|list<mixed>|null xreadgroup(string $group, string $consumer, int|null $count = null, int|null $blockMs = null, bool $noAck = false, string ...$keyOrId)
     * @phpstan-method (TCas is true ? list<mixed>|null : $this) xreadgroup(string $group, string $consumer, int|null $count = null, int|null $blockMs = null, bool $noAck = false, string ...$keyOrId)
     * @method $this|list<mixed>|null xreadgroup_claim(string $group, string $consumer, array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, bool $noAck = false, int|null $claim = null, int|null $maxCount = null, int|null $maxSize = null)
     * @phpstan-method (TCas is true ? list<mixed>|null : $this) xreadgroup_claim(string $group, string $consumer, array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, bool $noAck = false, int|null $claim = null, int|null $maxCount = null, int|null $maxSize = null)
     * @method $this|array<string, array<string, string>> xrevrange(string $key, string $end, string $start, int|null $count = null)
     * @phpstan-method (TCas is true ? array<string, array<string, string>> : $this) xrevrange(string $key, string $end, string $start, int|null $count = null)
     * @method $this|\RedisClusterPool\Status xsetid(string $key, string $lastId, int|null $entriesAdded = null, string|null $maxDeleteId = null)
     * @phpstan-method (TCas is true ? \RedisClusterPool\Status : $this) xsetid(string $key, string $lastId, int|null $entriesAdded = null, string|null $maxDeleteId = null)
     * @method $this|int xtrim(string $key, string|array<string> $strategy, string|int $threshold, array<mixed>|null $options = null)
     * @phpstan-method (TCas is true ? int : $this) xtrim(string $key, string|array<string> $strategy, string|int $threshold, array<mixed>|null $options = null)
     * @method $this|int|string|null zadd(string $key, array<string|int, int|float|string>|string|int|float ...$membersAndScoresDictionary)
     * @phpstan-method (TCas is true ? int|string|null : $this) zadd(string $key, array<string|int, int|float|string>|string|int|float ...$membersAndScoresDictionary)
     * @method $this|int zcard(string $key)
     * @phpstan-method (TCas is true ? int : $this) zcard(string $key)
     * @method $this|int zcount(string $key, int|float|string $min, int|float|string $max)
     * @phpstan-method (TCas is true ? int : $this) zcount(string $key, int|float|string $min, int|float|string $max)
     * @method $this|list<string>|array<string, string> zdiff(array<string> $keys, bool $withScores = false)
     * @phpstan-method (TCas is true ? ($withScores is true ? array<string, string> : list<string>) : $this) zdiff(array<string> $keys, bool $withScores = false)
     * @method $this|int zdiffstore(string $destination, array<string> $keys)
     * @phpstan-method (TCas is true ? int : $this) zdiffstore(string $destination, array<string> $keys)
     * @method $this|string zincrby(string $key, int|float|string $increment, string|int|float $member)
     * @phpstan-method (TCas is true ? string : $this) zincrby(string $key, int|float|string $increment, string|int|float $member)
     * @method $this|list<string>|array<string, string> zinter(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @phpstan-method (TCas is true ? ($withScores is true ? array<string, string> : list<string>) : $this) zinter(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @method $this|int zintercard(array<string> $keys, int|bool $limit = 0)
     * @phpstan-method (TCas is true ? int : $this) zintercard(array<string> $keys, int|bool $limit = 0)
     * @method $this|int zinterstore(string $destination, array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum')
     * @phpstan-method (TCas is true ? int : $this) zinterstore(string $destination, array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum')
     * @method $this|int zlexcount(string $key, string $min, string $max)
     * @phpstan-method (TCas is true ? int : $this) zlexcount(string $key, string $min, string $max)
     * @method $this|array<string, array<string, string>>|null zmpop(array<string> $keys, string $modifier = 'min', int $count = 1)
     * @phpstan-method (TCas is true ? array<string, array<string, string>>|null : $this) zmpop(array<string> $keys, string $modifier = 'min', int $count = 1)
     * @method $this|list<string|null> zmscore(string $key, string|int|float ...$member)
     * @phpstan-method (TCas is true ? list<string|null> : $this) zmscore(string $key, string|int|float ...$member)
     * @method $this|array<string, string> zpopmax(string $key, int $count = 1)
     * @phpstan-method (TCas is true ? array<string, string> : $this) zpopmax(string $key, int $count = 1)
     * @method $this|array<string, string> zpopmin(string $key, int $count = 1)
     * @phpstan-method (TCas is true ? array<string, string> : $this) zpopmin(string $key, int $count = 1)
     * @method $this|string|list<string>|array<string, string>|null zrandmember(string $key, int|null $count = null, bool $withScores = false)
     * @phpstan-method (TCas is true ? ($count is null ? string|null : ($withScores is true ? array<string, string> : list<string>)) : $this) zrandmember(string $key, int|null $count = null, bool $withScores = false)
     * @method $this|list<string>|array<string, string> zrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @phpstan-method (TCas is true ? ($options is null ? list<string> : list<string>|array<string, string>) : $this) zrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @method $this|list<string> zrangebylex(string $key, string $start, string $stop, array<mixed>|null $options = null)
     * @phpstan-method (TCas is true ? list<string> : $this) zrangebylex(string $key, string $start, string $stop, array<mixed>|null $options = null)
     * @method $this|list<string>|array<string, string> zrangebyscore(string $key, int|float|string $min, int|float|string $max, array<mixed>|string|null $options = null)
     * @phpstan-method (TCas is true ? ($options is null ? list<string> : list<string>|array<string, string>) : $this) zrangebyscore(string $key, int|float|string $min, int|float|string $max, array<mixed>|string|null $options = null)
     * @method $this|int zrangestore(string $destination, string $source, int|string $min, int|string $max, string|bool $by = false, bool $reversed = false, bool $limit = false, int $offset = 0, int $count = 0)
     * @phpstan-method (TCas is true ? int : $this) zrangestore(string $destination, string $source, int|string $min, int|string $max, string|bool $by = false, bool $reversed = false, bool $limit = false, int $offset = 0, int $count = 0)
     * @method $this|int|null zrank(string $key, string|int|float $member)
     * @phpstan-method (TCas is true ? int|null : $this) zrank(string $key, string|int|float $member)
     * @method $this|int zrem(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @phpstan-method (TCas is true ? int : $this) zrem(string $key, string|int|float|array<string|int|float> $memberOrMembers, string|int|float ...$members)
     * @method $this|int zremrangebylex(string $key, string $min, string $max)
     * @phpstan-method (TCas is true ? int : $this) zremrangebylex(string $key, string $min, string $max)
     * @method $this|int zremrangebyrank(string $key, int|string $start, int|string $stop)
     * @phpstan-method (TCas is true ? int : $this) zremrangebyrank(string $key, int|string $start, int|string $stop)
     * @method $this|int zremrangebyscore(string $key, int|float|string $min, int|float|string $max)
     * @phpstan-method (TCas is true ? int : $this) zremrangebyscore(string $key, int|float|string $min, int|float|string $max)
     * @method $this|list<string>|array<string, string> zrevrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @phpstan-method (TCas is true ? ($options is null ? list<string> : list<string>|array<string, string>) : $this) zrevrange(string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null)
     * @method $this|list<string> zrevrangebylex(string $key, string $start, string $stop, array<mixed>|null $options = null)
     * @phpstan-method (TCas is true ? list<string> : $this) zrevrangebylex(string $key, string $start, string $stop, array<mixed>|null $options = null)
     * @method $this|list<string>|array<string, string> zrevrangebyscore(string $key, int|float|string $max, int|float|string $min, array<mixed>|string|null $options = null)
     * @phpstan-method (TCas is true ? ($options is null ? list<string> : list<string>|array<string, string>) : $this) zrevrangebyscore(string $key, int|float|string $max, int|float|string $min, array<mixed>|string|null $options = null)
     * @method $this|int|null zrevrank(string $key, string|int|float $member)
     * @phpstan-method (TCas is true ? int|null : $this) zrevrank(string $key, string|int|float $member)
     * @method $this|array{string, array<string, float>} zscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @phpstan-method (TCas is true ? array{string, array<string, float>} : $this) zscan(string $key, int|string $cursor, array<string, mixed>|null $options = null)
     * @method $this|string|null zscore(string $key, string|int|float $member)
     * @phpstan-method (TCas is true ? string|null : $this) zscore(string $key, string|int|float $member)
     * @method $this|list<string>|array<string, string> zunion(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @phpstan-method (TCas is true ? ($withScores is true ? array<string, string> : list<string>) : $this) zunion(array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum', bool $withScores = false)
     * @method $this|int zunionstore(string $destination, array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum')
     * @phpstan-method (TCas is true ? int : $this) zunionstore(string $destination, array<string> $keys, array<mixed> $weights = [], string $aggregate = 'sum')
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
     */
    final class RedisClusterPool implements RedisClusterPool\ClientInterface
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

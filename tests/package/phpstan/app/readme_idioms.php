<?php
/*
 * The README's idioms as an application would write them (strict types, PHPStan level 9): analysed by
 * tests/package/phpstan_level9.phpt, which must find no error in this directory; and run against the real
 * cluster and against InMemoryClient by tests/package/client_interface_double.phpt.
 */
declare(strict_types=1);

namespace RcpSampleApp;

use RedisClusterPool;
use RedisClusterPool\AbortedMultiExecException;
use RedisClusterPool\ClientInterface;
use RedisClusterPool\ClusterException;
use RedisClusterPool\ConnectionException;
use RedisClusterPool\Exception as RedisException;
use RedisClusterPool\PartialFailureException;
use RedisClusterPool\PipelineInterface;
use RedisClusterPool\ServerException;
use RedisClusterPool\Status;
use RedisClusterPool\TimeoutException;
use RedisClusterPool\Transaction;
use RedisClusterPool\TransactionInterface;

/**
 * The constructor with options; seeds in the three forms.
 * @param list<string> $seeds "host:port"
 */
function connect(array $seeds, string $prefix = 'app:'): RedisClusterPool
{
    [$host, $port] = explode(':', $seeds[1] ?? $seeds[0]);
    return new RedisClusterPool(
        [$seeds[0], 'tcp://' . ($seeds[2] ?? $seeds[0]), ['host' => $host, 'port' => (int) $port]],
        [
            // getenv() returns false when a variable is unset: `?: null` means "no ACL user / no AUTH"
            'parameters' => ['username' => getenv('REDIS_USERNAME') ?: null, 'password' => getenv('REDIS_PASSWORD') ?: null,
                             'timeout' => 1.0, 'read_write_timeout' => 2.0],
            'prefix'     => $prefix,
        ]
    );
}

/** The README's first example, through the interface (any ClientInterface: the pool or a test double). */
function basics(ClientInterface $redis): string
{
    $ok = $redis->set('user:{42}:name', 'Ada', 'EX', 3600);
    $name = $redis->get('user:{42}:name');                     // ?string
    $values = $redis->mget(['a', 'b', 'c']);                  // list<?string>
    $values2 = $redis->mget('a', 'b');
    $redis->hmset('h', ['field' => 'value', 'n' => 1]);
    $hash = $redis->hgetall('h');                             // array<string, string>
    $redis->zadd('z', ['m' => 1.5, 'n' => 2]);
    $scores = $redis->zrange('z', 0, -1, ['withscores' => true]);
    $members = $redis->zrange('z', 0, -1);                    // list<string>
    $count = $redis->incr('counter');                         // int
    $redis->expire('counter', 60);
    $deleted = $redis->del('a', 'b');
    $pong = $redis->ping();

    $out = ($ok === Status::get('OK') ? 'OK' : 'not set') . ' ' . ($name ?? '(nil)') . ' ' . strtoupper($name ?? '');
    $out .= ' mget:' . implode(',', array_map(fn(?string $v): string => $v ?? 'nil', $values)) . '/' . count($values2);
    foreach ($hash as $field => $value) {
        $out .= " $field=" . strlen($value);
    }
    foreach ($scores as $member => $score) {
        $out .= " $member:" . (float) $score;
    }
    $out .= ' members:' . implode(',', $members) . ' count:' . ($count + 1) . ' deleted:' . $deleted;
    return $out . ' ' . $pong->getPayload();
}

/**
 * pipeline() in Predis' two forms.
 * @return array{list<mixed>, list<mixed>}
 */
function pipelines(ClientInterface $redis): array
{
    $replies = $redis->pipeline(function (PipelineInterface $pipe): void {
        $pipe->set('p:{1}', 'x')->get('p:{1}');
        $pipe->incr('p:{1}:n');
    });
    $fluent = $redis->pipeline()->set('p:{2}', 'y')->get('p:{2}')->execute();
    return [$replies, $fluent];
}

/**
 * transaction(): the callback form, the fluent form, check-and-set with retry.
 * @return list<list<mixed>|null>
 */
function transactions(ClientInterface $redis): array
{
    $block = $redis->transaction(fn(TransactionInterface $tx) => $tx->set('{u}a', 1)->incr('{u}b'));
    $fluent = $redis->transaction()->set('{u}a', 2)->incr('{u}b')->execute();
    $cas = $redis->transaction(['watch' => '{u}a', 'cas' => true, 'retry' => 3], function ($tx): void {
        $v = $tx->get('{u}a');                                 // runs now: ?string
        $tx->multi();
        $tx->set('{u}a', (int) $v + 1);                        // queued
    });
    // check-and-set without a callback: the transaction object
    $tx = $redis->transaction(['cas' => true]);
    $tx->watch('{u}a', ['{u}b']);
    $v = $tx->get('{u}a');
    $end = $tx->multi()->set('{u}a', "$v!")->execute();
    return [$block, $fluent, $cas, $end];
}

/** The same on the concrete class: the pool's own Transaction. */
function concreteTransaction(RedisClusterPool $pool): int
{
    $r = $pool->transaction(function (Transaction $tx): void {
        $tx->set('{c}a', 'v')->incr('{c}n');
    });
    $n = $r[1] ?? 0;
    return is_int($n) ? $n : -1;
}

/**
 * The raw form: watch(), multi(), commands (QUEUED), exec().
 * @return list<mixed>|null
 */
function rawMultiExec(ClientInterface $redis): ?array
{
    $redis->watch('{r}a');
    $v = $redis->get('{r}a');
    $redis->multi();
    $redis->set('{r}a', $v === null ? 'first' : "$v+");
    $redis->incr('{r}n');
    return $redis->exec();
}

/**
 * scanAll(): the keys of every primary.
 * @return list<string>
 */
function keysLike(ClientInterface $redis, string $match): array
{
    $keys = [];
    foreach ($redis->scanAll($match, 1000) as $key) {
        $keys[] = strtolower($key);                            // a string, never null
    }
    sort($keys);
    return $keys;
}

/** executeRaw(): a command as given, $error set for an error reply. */
function raw(ClientInterface $redis): string
{
    $reply = $redis->executeRaw(['SET', 'raw', 'v']);
    $bad = $redis->executeRaw(['INCR', 'raw'], $error);
    return var_export($reply, true) . ' ' . ($error === true && is_string($bad) ? 'error: ' . $bad : 'no error');
}

/** Exceptions caught by class. */
function guarded(ClientInterface $redis): string
{
    try {
        $redis->set('s', 'text');
        return (string) $redis->incr('s');
    } catch (ServerException $e) {
        $kind = $e->getErrorType() . ' from ' . ($e->getNode() !== '' ? 'a node' : 'nowhere');
    }
    try {
        $redis->mget('k1', 'k2');
    } catch (PartialFailureException $e) {
        return 'partial: ' . implode(',', $e->getFailedKeys()) . ' ok: ' . implode(',', $e->getSucceededKeys());
    } catch (TimeoutException | ConnectionException $e) {
        return 'down: ' . $e->getNode();
    } catch (ClusterException $e) {
        return 'cluster: ' . $e->getMessage();
    } catch (AbortedMultiExecException $e) {
        return 'aborted';
    } catch (RedisException $e) {
        return get_class($e);
    }
    return $kind;
}

/**
 * README "Operations" and docs/FAQ.md: what to watch in stats() and poolStats(), as they write it (every key of
 * stats() is always there; a poolStats() node no worker used yet has its role, health and suspect mark only).
 */
function operations(RedisClusterPool $pool): string
{
    $s = $pool->stats();
    $out = sprintf('reused %d of %d', $s['connections']['reused'], $s['connections']['reused'] + $s['connections']['opened']);
    foreach (['discarded_closed_by_peer', 'discarded_unread_reply', 'discarded_forked', 'auth_refused'] as $why) {
        $out .= " $why=" . $s['connections'][$why];
    }
    $out .= ' tls=' . ($s['connections']['tls_handshakes'] - $s['connections']['tls_resumed']);
    if ($s['shm']['clusters_table_full'] > 0) {
        $out .= ' raise redis_cluster_pool.shm_clusters';
    }
    $out .= ' shm ' . $s['shm']['bytes_used'] . '/' . $s['shm']['bytes_total'];
    foreach ($s['cluster']['pool']['suspect_nodes'] as $node) {
        $out .= " avoided: $node";
    }
    $out .= ' slots sent pool-wide ' . $s['cluster']['pool']['cluster_slots_sent'] . ', moved ' . $s['cluster']['moved']
        . ', read retries ' . $s['cluster']['read_retries'] . ', readonly ' . $s['cluster']['readonly_redirects']
        . ', noscript ' . $s['cluster']['noscript_fallbacks'] . ', table ' . $s['cluster']['commands']['source']
        . ($s['cluster']['commands']['why_built_in'] !== '' ? ' (' . $s['cluster']['commands']['why_built_in'] . ')' : '')
        . ' ' . $s['cluster']['commands']['packed_bytes'] . ' B';
    foreach ($pool->getSlotMap()['nodes'] as $addr => $node) {
        $out .= " $addr:" . $node['role'] . ($node['zone'] ?? '');
    }
    $p = RedisClusterPool::poolStats();
    $out .= ' segment ' . ($p['segment']['used'] ?? 0);
    foreach ($p['clusters'] as $c) {
        $out .= ' cluster ' . implode(',', $c['seeds']) . ' user ' . ($c['user'] ?? '(default)') . ' generation '
            . $c['generation'] . ' age ' . round($c['map_age_seconds'], 1) . ' refreshes ' . $c['counters']['refreshes'];
        foreach ($c['commands'] as $name => $cs) {
            $out .= " $name:{$cs['calls']}/{$cs['errors']}";
        }
        foreach ($c['nodes'] as $addr => $n) {
            $out .= " $addr {$n['role']} {$n['health']}" . ($n['suspect'] ? ' suspect' : '') . ' ' . ($n['commands'] ?? 0);
        }
    }
    foreach ($p['nodes'] as $addr => $n) {
        $out .= " $addr p99 bucket " . array_key_last($n['latency']['buckets_us']) . ' of ' . $n['latency']['count']
            . ', open ' . $n['connections_open'];
    }
    return $out;
}

/** The static, instance-free API: pool-wide metrics for a status endpoint. */
function metricsEndpoint(): string
{
    $stats = RedisClusterPool::poolStats();
    $text = RedisClusterPool::metrics();
    return count($stats) . ' sections, ' . strlen($text) . ' bytes, slot of "a": ' . RedisClusterPool::keySlot('a');
}

/** A function typed with the interface takes the real pool. */
function usesTheInterface(RedisClusterPool $pool): string
{
    return cached($pool, 'k', fn(): string => 'computed');
}

/** @param callable(): string $compute */
function cached(ClientInterface $redis, string $key, callable $compute): string
{
    $hit = $redis->get($key);
    if ($hit !== null) {
        return $hit;
    }
    $value = $compute();
    $redis->setex($key, 60, $value);
    return $value;
}

--TEST--
Hash field expiry (HSETEX, HEXPIRE, HGETDEL, Predis 3.7's argument shapes): through the class method, a pipeline, a transaction, executeRaw() and the Predis adapter each lands on the owner of its key (read back on that node directly), on keys owned by every primary; a server without these commands (Redis 7.0, Valkey 8.1) gives its exact "unknown command" error, from the key's owner; bad arguments are typed exceptions before anything is sent
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../adapter/adapter.inc';
rcp_predis_autoload('3.7', true);
$pool = rcp_pool();
$predis = rcp_adapter_client();
$info = (new RcpRaw(rcp_primaries()[0]))->cmd('COMMAND', 'INFO', 'HSETEX', 'HEXPIRE', 'HGETDEL');
$supported = is_array($info) && !in_array(null, $info, true);
echo "server: ", $supported ? 'has' : 'lacks', " HSETEX, HEXPIRE, HGETDEL\n";

/** What the three calls send for key $k (Predis 3.7's shapes), and what the owner answers. */
function hfe_argv(string $k): array
{
    return [
        ['HSETEX', $k, 'EX', '100', 'FIELDS', '2', 'f', 'v', 'g', 'w'],
        ['HEXPIRE', $k, '500', 'FIELDS', '2', 'g', 'nope'],
        ['HGETDEL', $k, 'FIELDS', '1', 'f'],
    ];
}

/** The server's error for a command it does not know: the name and the first arguments, as sent. */
function hfe_unknown(array $argv): string
{
    return "ERR unknown command '{$argv[0]}', with args beginning with: "
        . implode('', array_map(fn($a) => "'$a' ", array_slice($argv, 1)));
}

// Each way of sending returns [replies, or the error messages the user gets (and, where the API says, the node)].
$ways = [
    'class method' => function (string $k) use ($pool) {
        $out = [];
        foreach ([fn() => $pool->hsetex($k, ['f' => 'v', 'g' => 'w'], '', 'ex', 100), fn() => $pool->hexpire($k, 500, ['g', 'nope']),
                  fn() => $pool->hgetdel($k, ['f'])] as $call) {
            try {
                $out[] = $call();
            } catch (RedisClusterPool\ServerException $e) {
                $out[] = ['error' => $e->getMessage(), 'node' => $e->getNode()];
            }
        }
        return $out;
    },
    'pipeline' => function (string $k) use ($pool) {
        // exceptions off: every error reply stays in its place
        $p = rcp_pool(['exceptions' => false])->pipeline();
        $r = $p->hsetex($k, ['f' => 'v', 'g' => 'w'], '', 'ex', 100)->hexpire($k, 500, ['g', 'nope'])->hgetdel($k, ['f'])->execute();
        return array_map(fn($x) => $x instanceof RedisClusterPool\Error ? ['error' => $x->getMessage()] : $x, $r);
    },
    'transaction' => function (string $k) use ($pool) {
        try {
            return $pool->transaction(fn($tx) => $tx->hsetex($k, ['f' => 'v', 'g' => 'w'], '', 'ex', 100)
                ->hexpire($k, 500, ['g', 'nope'])->hgetdel($k, ['f']));
        } catch (RedisClusterPool\ServerException $e) {
            // the server refuses an unknown command while queuing it: the first such error, nothing ran
            return [['error' => $e->getMessage()]];
        }
    },
    'executeRaw' => function (string $k) use ($pool) {
        $out = [];
        foreach (hfe_argv($k) as $argv) {
            $r = $pool->executeRaw($argv, $error);
            $out[] = $error ? ['error' => $r] : $r;
        }
        return $out;
    },
    'Predis adapter' => function (string $k) use ($predis) {
        $out = [];
        foreach ([fn() => $predis->hsetex($k, ['f' => 'v', 'g' => 'w'], '', 'ex', 100), fn() => $predis->hexpire($k, 500, ['g', 'nope']),
                  fn() => $predis->hgetdel($k, ['f'])] as $call) {
            try {
                $out[] = $call();
            } catch (Predis\Response\ServerException $e) {
                $out[] = ['error' => $e->getMessage()];
            }
        }
        return $out;
    },
];

foreach ($ways as $way => $run) {
    $problems = [];
    foreach (rcp_primaries() as $i => $primary) {
        $k = rcp_key_on($primary, 'hfe:' . strtr($way, ' ', '_') . ":$i");
        $owner = rcp_owner_of_slot(RedisClusterPool::keySlot($k));
        $node = new RcpRaw($owner);
        $r = $run($k);
        if ($supported) {
            if ($r !== [1, [1, -2], ['v']]) $problems[] = "$k: replies " . json_encode($r);
            // on the owner itself: f deleted by HGETDEL, g kept with HEXPIRE's TTL (not HSETEX's 100 s)
            $all = $node->cmd('HGETALL', $k);
            $ttl = $node->cmd('HTTL', $k, 'FIELDS', '1', 'g');
            if ($all !== ['g', 'w']) $problems[] = "$k on $owner: HGETALL " . json_encode($all);
            if (!is_array($ttl) || $ttl[0] < 490 || $ttl[0] > 500) $problems[] = "$k on $owner: HTTL g " . json_encode($ttl);
        } else {
            $argv = hfe_argv($k);
            $want = match ($way) {
                'class method' => array_map(fn($a) => ['error' => hfe_unknown($a), 'node' => $owner], $argv),
                'transaction' => [['error' => hfe_unknown($argv[0])
                    . ' (command HSETEX, queued in a transaction: the server discarded the transaction, nothing was executed)']],
                default => array_map(fn($a) => ['error' => hfe_unknown($a)], $argv),
            };
            if ($r !== $want) $problems[] = "$k: " . json_encode($r) . ' expected ' . json_encode($want);
            // nothing was written anywhere: the key does not exist on its owner
            if ($node->cmd('EXISTS', $k) !== 0) $problems[] = "$k exists on $owner";
        }
    }
    echo "$way: ", $problems ? implode("\n  ", ['PROBLEMS', ...$problems]) : 'ok', "\n";
}

// Bad arguments: typed exceptions at the call site (pipelines included), nothing sent
$k = 'hfe:bad';
foreach ([
    fn() => $pool->hexpire($k, 50, 'f'),
    fn() => $pool->hexpire($k, 50, []),
    fn() => $pool->hexpire($k, 50, ['f'], 'sometimes'),
    fn() => $pool->hgetdel($k, []),
    fn() => $pool->hgetdel($k, null),
    fn() => $pool->hsetex($k, 'f'),
    fn() => $pool->hsetex($k, ['f' => 'v'], 'nx'),
    fn() => $pool->hsetex($k, ['f' => 'v'], '', 'ex', '10'),
    fn() => $pool->hgetex($k, ['f'], 'ex'),
    fn() => $pool->hexpire($k, 50, [['nested']]),
    fn() => $pool->pipeline()->hexpire($k, 50, 'f'),
] as $i => $call) {
    try {
        $call();
        echo "bad input #$i: no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo "written: ", (new RcpRaw(rcp_owner_of_slot(RedisClusterPool::keySlot($k))))->cmd('EXISTS', $k), "\n";
?>
--EXPECTF--
server: %s HSETEX, HEXPIRE, HGETDEL
class method: ok
pipeline: ok
transaction: ok
executeRaw: ok
Predis adapter: ok
RedisClusterPool\InvalidArgumentException: HEXPIRE: the FIELDS argument must be an array, string given
RedisClusterPool\InvalidArgumentException: HEXPIRE: wrong number of arguments (4 given, at least 5 expected)
RedisClusterPool\InvalidArgumentException: HEXPIRE: Unsupported flag value
RedisClusterPool\InvalidArgumentException: HGETDEL: wrong number of arguments (3 given, at least 4 expected)
RedisClusterPool\InvalidArgumentException: HGETDEL: the FIELDS argument must be an array, null given
RedisClusterPool\InvalidArgumentException: HSETEX: the field => value argument must be an array, string given
RedisClusterPool\InvalidArgumentException: HSETEX: Modifier argument accepts only: fnx, fxx values
RedisClusterPool\InvalidArgumentException: HSETEX: Modifier value is missing or incorrect type
RedisClusterPool\InvalidArgumentException: HGETEX: Modifier value is missing or incorrect type
RedisClusterPool\InvalidArgumentException: hexpire: argument 5 must be a string or a number, array given
RedisClusterPool\InvalidArgumentException: HEXPIRE: the FIELDS argument must be an array, string given
written: 0

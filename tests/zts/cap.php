<?php
/*
 * redis_cluster_pool.max_connections_per_node on real threads (issue 24), run by the embed harness
 * (tests/zts/embed.c) through `bash scripts/zts.sh cap`. RCP_CAP_DIR: a directory for the threads' notes.
 *
 *   RCP_CAP_MODE=w1    W1 (tests/zts/w1.php) on every request; each request also writes the process' cap figures
 *                      (stats()['connections']: cap_waits, cap_handoffs, ...) to RCP_CAP_DIR/stats (the last
 *                      writer's are the latest: the counts only grow)
 *   RCP_CAP_MODE=hold  two threads, cap 1: thread 0 opens a transaction (WATCH, MULTI, a queued SET) on the
 *                      node of {cap} and holds it until thread 1 is done; thread 1 waits (the client's connect
 *                      timeout, 0.5 s) for a connection to that node and must get the ConnectionException that
 *                      names the cap (and the node is not marked suspect for it); then thread 0's EXEC applies its
 *                      SET. Both print OK when so. Coordinated
 *                      with files in RCP_CAP_DIR (a command to another node would need a slot too).
 *   RCP_CAP_MODE=between two threads, cap 1: thread 0's request sends a GET to the node of {cap} every 20 ms (PHP
 *                      work between them) until thread 1 is done (at most 30 s); thread 1 asks for that node
 *                      meanwhile, with a connect timeout of 2 s. The connection goes to the thread waiting at the
 *                      end of thread 0's next operation, not at the end of its request (which waits for thread 1):
 *                      thread 1's GET is answered (without it: a ConnectionException after the 2 s), and thread 0's
 *                      GETs go on (a connection of its own again once thread 1's is gone). Both print OK when so.
 */
require __DIR__ . '/w1.php';

$dir = (string) getenv('RCP_CAP_DIR');
$mode = (string) getenv('RCP_CAP_MODE');

function cap_stats(RedisClusterPool $pool, string $dir): void
{
    $c = $pool->stats()['connections'];
    $keys = ['cap_waits', 'cap_wait_timeouts', 'cap_refused', 'cap_handoffs'];
    file_put_contents("$dir/stats.tmp." . getmypid() . '.' . $_SERVER['RCP_EMBED_THREAD'],
        json_encode(array_intersect_key($c, array_flip($keys))));
    rename("$dir/stats.tmp." . getmypid() . '.' . $_SERVER['RCP_EMBED_THREAD'], "$dir/stats");
}

/** Until file $f exists (at most 30 s): true when it does. */
function cap_await(string $f): bool
{
    for ($i = 0; $i < 3000 && !file_exists($f); $i++) usleep(10000);
    return file_exists($f);
}

if ($mode === 'w1') {
    if (($_SERVER['RCP_EMBED_WORKER'] ?? '0') === '1') {
        $pool = new RedisClusterPool($seeds);
        while (rcp_embed_handle_request(function () use ($pool, $cross, $dir): void {
            echo w1($pool, $cross), "\n";
            cap_stats($pool, $dir);
        })) {
        }
        return;
    }
    $pool = new RedisClusterPool($seeds);
    echo w1($pool, $cross), "\n";
    cap_stats($pool, $dir);
    return;
}

if ($mode === 'hold') {
    $pool = new RedisClusterPool($seeds, ['parameters' => ['timeout' => 0.5]]);
    $key = '{cap}:hold';
    if ($_SERVER['RCP_EMBED_THREAD'] === '0') {
        $pool->set($key, 'before');
        $tx = $pool->transaction(['watch' => $key, 'cas' => true]);
        $tx->multi();
        $tx->set($key, 'after');
        touch("$dir/holding");                          // the connection is in this thread's transaction now
        $waited = cap_await("$dir/tried");
        $r = $tx->execute();
        $v = $pool->get($key);
        echo $waited && $v === 'after' && count($r) === 1 ? 'OK' : 'thread 0: ' . w1_show([$waited, $r, $v]), "\n";
        return;
    }
    if (!cap_await("$dir/holding")) {
        echo "thread 1: thread 0 never held its transaction\n";
        return;
    }
    try {
        $v = $pool->get($key);
        echo 'thread 1: no exception, GET replied ', w1_show($v), "\n";
    } catch (RedisClusterPool\ConnectionException $e) {
        $st = $pool->stats()['connections'];
        $want = 'max_connections_per_node = 1 connections to it already, and no other thread gave one back within '
            . 'the connect timeout';
        // the refusal is the process' own limit: the node is not marked suspect
        $suspects = $pool->stats()['cluster']['pool']['suspect_nodes'];
        echo str_contains($e->getMessage(), $want) && $st['cap_wait_timeouts'] >= 1 && $st['cap_refused'] >= 1
            && $suspects === []
            ? 'OK' : 'thread 1: ' . get_class($e) . ': ' . $e->getMessage() . ' ' . json_encode($st)
            . ' suspect nodes ' . json_encode($suspects), "\n";
    } finally {
        touch("$dir/tried");
    }
    return;
}
if ($mode === 'between') {
    $pool = new RedisClusterPool($seeds, ['parameters' => ['timeout' => 2.0]]);
    $key = '{cap}:between';
    if ($_SERVER['RCP_EMBED_THREAD'] === '0') {
        $pool->set($key, 'v');
        touch("$dir/started");
        $n = $bad = 0;
        for ($i = 0; $i < 1500 && !file_exists("$dir/done"); $i++) {
            $n++;
            $bad += $pool->get($key) !== 'v';
            usleep(20000);
        }
        $st = $pool->stats()['connections'];
        echo file_exists("$dir/done") && $bad === 0 && $st['cap_handoffs'] >= 1 ? 'OK'
            : "thread 0: $n GETs, $bad wrong, " . (file_exists("$dir/done") ? '' : 'thread 1 never done, ') . json_encode($st), "\n";
        return;
    }
    try {
        if (!cap_await("$dir/started")) {
            echo "thread 1: thread 0 never started\n";
            return;
        }
        $v = $pool->get($key);
        echo $v === 'v' ? 'OK' : 'thread 1: GET replied ' . w1_show($v), "\n";
    } catch (RedisClusterPool\ConnectionException $e) {
        echo 'thread 1: ', get_class($e), ': ', $e->getMessage(), "\n";
    } finally {
        touch("$dir/done");
    }
    return;
}
echo "cap.php: RCP_CAP_MODE must be w1, hold or between\n";

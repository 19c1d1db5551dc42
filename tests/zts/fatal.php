<?php
/*
 * Fatal errors mid-transaction on real threads (issue 24's proof): every RCP_FATAL_EVERY-th request of a thread
 * (default 10), the first RCP_FATAL_COUNT times (default 20), dies of a PHP fatal error while its connection
 * is inside a transaction, in turn:
 *   watch    - a Transaction that WATCHed a key, then MULTI and a queued SET (the pinned connection is in
 *              MULTI with a WATCH)
 *   raw      - a raw MULTI on the pool ($pool->multi()), then a SET (replied QUEUED): the connection is in MULTI
 *   memory   - the raw MULTI and SET, then memory_limit exhausted
 * (trigger_error(E_USER_ERROR) for the first two: a fatal error, not an exception a worker loop would catch). Every other request is W1 (tests/zts/w1.php), whose
 * checks catch a connection left dirty: a SET on a connection still in MULTI replies QUEUED, a WATCH left set
 * aborts nothing but a stale reply shifts every later one. So: the run passes when the only failed requests
 * are the deliberate fatal ones ("PHP Fatal error: ... rcp_fatal_..." / "Allowed memory size ...") and every
 * W1 is OK. Run by the embed harness (worker mode too: a fatal error ends the worker script, which the
 * harness starts again with a new client, as FrankenPHP restarts a worker) or by Apache (?n=NUMBER).
 */
require __DIR__ . '/w1.php';

function rcp_fatal_request(RedisClusterPool $pool, int $n): void
{
    $key = '{w1}:fatal:' . bin2hex(random_bytes(4));
    // PHP 8.4 deprecates E_USER_ERROR (it is still fatal): its notice would come first in the request's output
    error_reporting(E_ALL & ~E_DEPRECATED);
    switch (intdiv($n, (int) (getenv('RCP_FATAL_EVERY') ?: 10)) % 3) {
        case 0:
            $tx = $pool->transaction(['cas' => true]);
            $tx->watch($key);
            $tx->get($key);
            $tx->multi();
            $tx->set($key, 'never');
            trigger_error('rcp_fatal: mid WATCH + MULTI', E_USER_ERROR);
        case 1:
            $pool->multi();
            $pool->set($key, 'never');
            trigger_error('rcp_fatal: mid raw MULTI', E_USER_ERROR);
        default:
            ini_set('memory_limit', '16M');
            $pool->multi();
            $pool->set($key, 'never');
            $big = str_repeat('x', 64 << 20);
    }
}

/** Whether request $n of its thread is one of the fatal ones. */
function rcp_fatal_due(int $n): bool
{
    $every = (int) (getenv('RCP_FATAL_EVERY') ?: 10);
    $count = (int) (getenv('RCP_FATAL_COUNT') ?: 20);
    return $n % $every === 1 && intdiv($n, $every) < $count;
}

if (($_SERVER['RCP_EMBED_WORKER'] ?? '0') === '1') {
    // worker mode: a fatal error ends this script and the harness starts it again (RCP_EMBED_REQUEST: the run's
    // number); the first RCP_FATAL_COUNT runs each die at their RCP_FATAL_EVERY-th handled request
    $run = (int) $_SERVER['RCP_EMBED_REQUEST'];
    $pool = new RedisClusterPool($seeds);
    $h = 0;
    while (rcp_embed_handle_request(function () use ($pool, $cross, $run, &$h): void {
        $h++;
        if ($h === (int) (getenv('RCP_FATAL_EVERY') ?: 10) && $run <= (int) (getenv('RCP_FATAL_COUNT') ?: 20)) {
            rcp_fatal_request($pool, $run * 10);
        }
        echo w1($pool, $cross), "\n";
    })) {
    }
    return;
}
$n = (int) ($_SERVER['RCP_EMBED_REQUEST'] ?? $_GET['n'] ?? 0);
$pool = new RedisClusterPool($seeds);
if (rcp_fatal_due($n)) {
    rcp_fatal_request($pool, $n);
}
echo w1($pool, $cross), "\n";
if (($f = getenv('RCP_FATAL_STATS')) !== false && $f !== '') {
    // `zts.sh capfatal`: the process' cap figures after this request (the last writer's are the latest)
    $c = $pool->stats()['connections'];
    $t = "$f.tmp." . $_SERVER['RCP_EMBED_THREAD'];
    file_put_contents($t, json_encode(array_intersect_key($c, array_flip(['cap_waits', 'cap_wait_timeouts',
        'cap_refused', 'cap_handoffs', 'opened', 'reused']))));
    rename($t, $f);
}

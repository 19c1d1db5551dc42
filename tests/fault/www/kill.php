<?php
// Page for tests/fault/fpm_killed_mid_reply.phpt. ?mode=
//   setup    3 MiB values on every primary (fault:big:{0..2})
//   timeout  a GET on a node whose clients are paused for 1 s (CLIENT PAUSE) under a 0.2 s read_write_timeout (the
//            reply arrives after the request gave up; a blocking command would be waited for: its own timeout is
//            added to its deadline)
//   memory   memory_limit 4M, then MGET of the big values on every primary: each 3 MiB value is refused at its
//            header (MemoryLimitException), with the other nodes' replies still on their sockets
//   time     set_time_limit(1), then MGETs of the big values until the time limit's fatal error
//   check    (default) SET/MGET/DEL of a random value: is the reply ours? plus this worker's counters
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$mode = $_GET['mode'] ?? 'check';
$pool = new RedisClusterPool($seeds, ['parameters' => ['read_write_timeout' => $mode === 'timeout' ? 0.2 : 5.0]]);
$big = ['fault:big:{0}', 'fault:big:{1}', 'fault:big:{2}', 'fault:big:{3}', 'fault:big:{4}', 'fault:big:{5}'];
$out = ['pid' => getmypid()];
switch ($mode) {
    case 'setup':
        foreach ($big as $k) $pool->set($k, str_repeat('x', 3 << 20));
        $out['nodes'] = count(array_unique(array_map([$pool, 'nodeForKey'], $big)));
        break;
    case 'timeout':
        try {
            $k = 'fault:never:' . getmypid();
            $raw = stream_socket_client('tcp://' . $pool->nodeForKey($k), $errno, $errstr, 5);
            fwrite($raw, "*4\r\n\$6\r\nCLIENT\r\n\$5\r\nPAUSE\r\n\$4\r\n1000\r\n\$3\r\nALL\r\n");
            fgets($raw);
            $pool->get($k);
        } catch (RedisClusterPool\Exception $e) {
            $out['exception'] = get_class($e);
        }
        break;
    case 'memory':
        ini_set('memory_limit', '4M');
        try {
            $pool->mget($big);
            $out['survived'] = true; // never reached
        } catch (RedisClusterPool\Exception $e) {
            $out['exception'] = get_class($e);
        }
        break;
    case 'time':
        set_time_limit(1);
        for ($t = microtime(true); microtime(true) - $t < 30;) $pool->mget($big);
        $out['survived'] = true;     // never reached
        break;
    default:
        $i = $_GET['i'] ?? '0';
        $k = "fault:fpm:{{$i}}";
        $v = "v$i:" . bin2hex(random_bytes(4));
        $pool->set($k, $v);
        $got = $pool->mget([$k, "$k:none"]);
        $out['own_reply'] = $got[0] === $v && $got[1] === null;
        $pool->del($k);
        $out['stats'] = $pool->stats()['connections'];
}
echo json_encode($out);

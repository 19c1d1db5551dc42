<?php
// Page for tests/fault/fpm_reply_over_memory_limit.phpt. ?mode=
//   huge     memory_limit 32M, GET of a 64 MiB value: refused at its header, before its payload is read
//   mget     memory_limit 16M, MGET of 100,000 keys over every primary: refused before anything is sent
//   mget64   the same under 64M: it fits (per-node buffers, not per-slot ones)
//   tight    memory_limit 16M, MGET of 40 values of 1 MiB in one slot: each fits alone, not all together
//   check    (default) SET/GET of a random value on this worker: is the reply ours?
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$pool = new RedisClusterPool($seeds);
$mode = $_GET['mode'] ?? 'check';
$out = ['pid' => getmypid()];
try {
    switch ($mode) {
        case 'huge':
            ini_set('memory_limit', '32M');
            $v = $pool->get('mem:huge');
            $out['got'] = strlen($v);
            break;
        case 'mget':
        case 'mget64':
            ini_set('memory_limit', $mode === 'mget' ? '16M' : '64M');
            $keys = [];
            for ($i = 0; $i < 100000; $i++) $keys[] = "mem:k:$i";
            $vals = $pool->mget($keys);
            $ok = count($vals) === 100000;
            foreach ([0, 1, 4242, 99999] as $i) $ok = $ok && $vals[$i] === "v$i";
            $out['got'] = $ok ? 'all 100000 values, in order' : 'WRONG';
            break;
        case 'tight':
            ini_set('memory_limit', '16M');
            $keys = [];
            for ($i = 0; $i < 40; $i++) $keys[] = "mem:mb:{m}$i";
            $vals = $pool->mget($keys);
            $out['got'] = count($vals);
            break;
        default:
            $k = 'mem:check:{' . ($_GET['i'] ?? 0) . '}';
            $v = bin2hex(random_bytes(8));
            $pool->set($k, $v);
            $out['own_reply'] = $pool->get($k) === $v;
            $pool->del($k);
    }
} catch (RedisClusterPool\Exception $e) {
    $out['exception'] = get_class($e);
    $out['message'] = $e->getMessage();
    if ($e instanceof RedisClusterPool\PartialFailureException) {
        $out['previous'] = get_class($e->getPrevious());
    }
}
echo json_encode($out);

--TEST--
TLS: a key's passphrase enters the settings hash (the start of the shared segment's TLS session keys) only as its keyed hash (rcp_secret_hash, a random key made at startup): two pools started apart with the same encrypted key and passphrase key their sessions in the segment differently, where the same settings without a passphrase key them alike; the passphrase is nowhere in the segment (gh21 follow-up item 2)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
$so = getenv('RCP_EXT_SO');
if (!$so) { echo "RCP_EXT_SO is not set: run the suite with scripts/test.sh\n"; exit(1); }
$pass = trim(file_get_contents(rcp_tls_cert('client-enc.pass')));
// a php (its own MINIT: its own segment and hash key) that talks TLS to the cluster, then reads the session keys
// from its segment (/proc/self/mem): a slot is key (8 bytes), length (4), then the session's DER (a SEQUENCE)
$code = <<<'PHP'
[$seeds, $ssl, $pass] = [explode(',', $argv[1]), json_decode($argv[2], true), $argv[3]];
$p = new RedisClusterPool(array_map(fn($s) => "tls://$s", $seeds), ['parameters' => ['ssl' => $ssl]]);
for ($i = 0; $i < 20; $i++) $p->get("pkh:$i");          // a connection per primary; the tickets come with the replies
$seg = null;
foreach (file('/proc/self/maps') as $l) {
    if (!preg_match('/^([0-9a-f]+)-([0-9a-f]+) rw-s .*\/dev\/zero/', $l, $m)) continue;
    $f = fopen('/proc/self/mem', 'rb');
    fseek($f, hexdec($m[1]));
    $bytes = stream_get_contents($f, hexdec($m[2]) - hexdec($m[1]));
    if (str_starts_with($bytes, strrev('RCPSHM01'))) $seg = $bytes;
}
if ($seg === null) { echo json_encode(['error' => 'no segment']); exit; }
$keys = [];
preg_match_all('/\x30\x82(..)/s', $seg, $all, PREG_OFFSET_CAPTURE);
foreach ($all[1] as [$len2, $at]) {
    $der = unpack('n', $len2)[1] + 4;
    if ($at < 14 || unpack('V', substr($seg, $at - 6, 4))[1] !== $der) continue;   // the slot's length is the DER's
    $keys[] = bin2hex(substr($seg, $at - 14, 8));
}
sort($keys);
echo json_encode(['keys' => $keys, 'passphrase' => str_contains($seg, $pass)]);
PHP;
$run = function (array $ssl) use ($so, $code, $pass) {
    $out = shell_exec(PHP_BINARY . ' -n -d pcre.jit=0 -d extension=' . escapeshellarg($so) . ' -r ' . escapeshellarg($code) . ' '
        . escapeshellarg(implode(',', rcp_seeds())) . ' ' . escapeshellarg(json_encode(rcp_tls_ssl($ssl))) . ' '
        . escapeshellarg($pass) . ' 2>&1');
    return json_decode($out, true) ?? ['error' => $out];
};
$enc = ['local_cert' => rcp_tls_cert('client.crt'), 'local_pk' => rcp_tls_cert('client-enc.key'), 'passphrase' => $pass];
$plain = ['local_cert' => rcp_tls_cert('client.crt'), 'local_pk' => rcp_tls_cert('client.key')];
[$a, $b, $c, $d] = [$run($enc), $run($enc), $run($plain), $run($plain)];
foreach ([$a, $b, $c, $d] as $r) if (isset($r['error'])) echo "error: ", $r['error'], "\n";
echo "sessions in the segment: ", count($a['keys']) > 0 && count($c['keys']) > 0 ? 'yes' : 'no', "\n";
// (both talk to the 3 primaries; the node each discovers the cluster from is picked at random)
echo "without a passphrase, two pools started apart key them alike: ", count(array_intersect($c['keys'], $d['keys'])) >= 3 ? 'yes' : 'no', "\n";
echo "with a passphrase, they key them differently: ", array_intersect($a['keys'], $b['keys']) === [] ? 'yes' : 'no', "\n";
echo "the passphrase in the segment: ", $a['passphrase'] || $b['passphrase'] ? 'yes' : 'no', "\n";
?>
--EXPECT--
sessions in the segment: yes
without a passphrase, two pools started apart key them alike: yes
with a passphrase, they key them differently: yes
the passphrase in the segment: no

--TEST--
The shared segment's remembered AUTH refusals are keyed by a keyed hash (SipHash-2-4, a random key made at startup and kept in process memory): read from the segment's own bytes, the entry of a refused password holds neither the password, nor its FNV-1a, nor the FNV-1a of the pool key (node + user + FNV-1a of the password) a reader could test guesses against, and two pools started apart hash the same refusal differently (issue 21 item 4)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$so = getenv('RCP_EXT_SO');
if (!$so) { echo "RCP_EXT_SO is not set: run the suite with scripts/test.sh\n"; exit(1); }
$node = rcp_primaries()[0];
$user = 'rcp_keyed_' . bin2hex(random_bytes(3));
$right = 'right-' . bin2hex(random_bytes(8));
$wrong = 'wrong-' . bin2hex(random_bytes(8));
(new RcpRaw($node))->cmd('ACL', 'SETUSER', $user, 'reset', 'on', ">$right", '~*', '+@all');
// a php (its own MINIT: its own segment and key) whose pool is refused, then reads its segment from /proc/self/mem
$code = <<<'PHP'
[$node, $user, $wrong] = array_slice($argv, 1);
try {
    (new RedisClusterPool([$node], ['parameters' => ['username' => $user, 'password' => $wrong]]))->get('x');
} catch (RedisClusterPool\AuthenticationException $e) {}
$seg = null;
foreach (file('/proc/self/maps') as $l) {
    if (!preg_match('/^([0-9a-f]+)-([0-9a-f]+) rw-s .*\/dev\/zero/', $l, $m)) continue;
    $f = fopen('/proc/self/mem', 'rb');
    fseek($f, hexdec($m[1]));
    $bytes = stream_get_contents($f, hexdec($m[2]) - hexdec($m[1]));
    if (str_starts_with($bytes, strrev('RCPSHM01'))) $seg = $bytes;     // the segment's magic, little-endian
}
if ($seg === null) { echo json_encode(['error' => 'no segment']); exit; }
// the remembered refusal: seq, key hash, node hash, until, error type "WRONGPASS", message
$at = strpos($seg, "WRONGPASS\0");
$keyHash = $at === false ? null : bin2hex(strrev(substr($seg, $at - 24, 8)));
// what a reader would test guesses against if the key were the old unkeyed hash: FNV-1a of "host:port\0user\0<FNV-1a
// of the password>", as src/core/exec_batch.c and src/core/pool.c computed them (offset basis 1469598103934665603), in hex
function fnv(string $s): string {
    [$hi, $lo] = [intdiv(1469598103934665603, 1 << 32), 1469598103934665603 & 0xffffffff];
    for ($i = 0; $i < strlen($s); $i++) {
        $lo ^= ord($s[$i]);
        $t = $lo * 0x1b3;                                   // h * 0x100000001b3 mod 2^64, in 32-bit halves
        [$hi, $lo] = [($hi * 0x1b3 + $lo * 0x100 + ($t >> 32)) & 0xffffffff, $t & 0xffffffff];
    }
    return sprintf('%08x%08x', $hi, $lo);
}
$poolKey = "$node\0$user\0" . fnv($wrong);
$fnvKey = fnv($poolKey);
echo json_encode(['key_hash' => $keyHash, 'msg' => $at === false ? null : strtok(substr($seg, $at + 16, 384), "\0"),
    'fnv_of_pool_key' => $keyHash === $fnvKey || str_contains($seg, strrev(hex2bin($fnvKey))),
    'fnv_of_password' => str_contains($seg, strrev(hex2bin(fnv($wrong)))) || str_contains($seg, fnv($wrong)),
    'password' => str_contains($seg, $wrong)]);
PHP;
$run = fn() => json_decode(shell_exec(PHP_BINARY . ' -n -d pcre.jit=0 -d extension=' . escapeshellarg($so) . ' -r ' . escapeshellarg($code) . ' '
    . escapeshellarg($node) . ' ' . escapeshellarg($user) . ' ' . escapeshellarg($wrong) . ' 2>&1'), true);
$a = $run();
$b = $run();
(new RcpRaw($node))->cmd('ACL', 'DELUSER', $user);
echo "the refusal remembered in the segment: ", $a['key_hash'] !== null ? 'yes' : 'no', " (", str_replace($node, 'NODE', (string) $a['msg']), ")\n";
echo "its key is the unkeyed FNV-1a of node + user + FNV-1a(password): ", $a['fnv_of_pool_key'] ? 'yes' : 'no', "\n";
echo "the password's FNV-1a anywhere in the segment: ", $a['fnv_of_password'] ? 'yes' : 'no', ", the password: ", $a['password'] ? 'yes' : 'no', "\n";
echo "two pools started apart hash the same refusal differently: ", $a['key_hash'] !== null && $b['key_hash'] !== null && $a['key_hash'] !== $b['key_hash'] ? 'yes' : 'no', "\n";
?>
--EXPECT--
the refusal remembered in the segment: yes (AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.; check the username and password)
its key is the unkeyed FNV-1a of node + user + FNV-1a(password): no
the password's FNV-1a anywhere in the segment: no, the password: no
two pools started apart hash the same refusal differently: yes

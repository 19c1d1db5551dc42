<?php
/*
 * Generates src/core/commands_table.h from a Redis server's own COMMAND output (Redis 7 key specifications,
 * flags and request/response policy tips), plus the overrides below.
 *
 *   php tools/gen_commands.php                 starts a throwaway redis-server on a free loopback port
 *   php tools/gen_commands.php --server redis-server --server valkey-server
 *                                              the union of both servers' tables (the first wins)
 *   php tools/gen_commands.php --port 6379     uses a running server on 127.0.0.1:6379
 *
 * Regenerate after upgrading Redis; review the diff of src/core/commands_table.h and docs/COMMANDS.md.
 */
$root = dirname(__DIR__);
$opt = getopt('', ['port:', 'host:', 'out:', 'server:']);
$host = $opt['host'] ?? '127.0.0.1';
$out = $opt['out'] ?? "$root/src/core/commands_table.h";

/* Start a throwaway server (binary $bin) on a free loopback port; returns [proc, port]. */
function start_server(string $bin): array
{
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) explode(':', stream_socket_get_name($s, false))[1];
    fclose($s);
    $proc = proc_open([$bin, '--port', (string) $port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
    return [$proc, $port];
}
function connect_server(string $host, int $port)
{
    for ($i = 0; $i < 100; $i++) {          // wait until the server answers PING
        $sock = @fsockopen($host, $port, $errno, $errstr, 5);
        if ($sock) {
            try { if (resp_cmd($sock, ['PING']) === 'PONG') return $sock; } catch (Throwable $e) {}
            fclose($sock);
        }
        usleep(50000);
    }
    die("cannot connect to $host:$port\n");
}
function resp_cmd($sock, array $argv): mixed
{
    $o = '*' . count($argv) . "\r\n";
    foreach ($argv as $a) $o .= '$' . strlen($a) . "\r\n$a\r\n";
    fwrite($sock, $o);
    return resp_read($sock);
}
function resp_read($sock): mixed
{
    $l = fgets($sock);
    if ($l === false) throw new RuntimeException('connection closed');
    $l = substr($l, 0, -2);
    $p = substr($l, 1);
    switch ($l[0]) {
        case '+': return $p;
        case '-': throw new RuntimeException($p);
        case ':': return (int) $p;
        case '$': if ((int) $p < 0) return null; $d = ''; while (strlen($d) < (int) $p + 2) $d .= fread($sock, (int) $p + 2 - strlen($d)); return substr($d, 0, -2);
        case '*': if ((int) $p < 0) return null; $a = []; for ($i = 0; $i < (int) $p; $i++) $a[] = resp_read($sock); return $a;
    }
    throw new RuntimeException("bad line $l");
}
function kv(array $flat): array { $r = []; for ($i = 0; $i + 1 < count($flat); $i += 2) $r[$flat[$i]] = $flat[$i + 1]; return $r; }

/* The servers to read: each --server binary started on a free port (default redis-server), or the running
 * server at --host/--port. Their tables are merged: a command several servers know is taken from the first. */
$sources = [];
if (isset($opt['port'])) {
    $sources[] = [null, (int) $opt['port']];
} else {
    foreach ((array) ($opt['server'] ?? ['redis-server']) as $bin) $sources[] = start_server($bin);
}
$versions = [];
$replies = [];
foreach ($sources as [$proc, $port]) {
    $sock = connect_server($host, $port);
    $version = '';
    foreach (explode("\n", resp_cmd($sock, ['INFO', 'server'])) as $l) {
        if (str_starts_with($l, 'redis_version:')) $version = 'Redis ' . trim(substr($l, 14));
        if (str_starts_with($l, 'valkey_version:')) $version = 'Valkey ' . trim(substr($l, 15));
    }
    $versions[] = $version;
    $replies[] = resp_cmd($sock, ['COMMAND']);
    fclose($sock);
    if ($proc) { proc_terminate($proc); proc_close($proc); }
}
$version = implode(' and ', $versions);

/* Overrides: routing decisions the tips do not express (or express differently than a pool needs). */
$ANY = ['PING', 'ECHO', 'TIME', 'LASTSAVE', 'INFO', 'LOLWUT', 'RANDOMKEY', 'PUBLISH', 'SPUBLISH', 'DEBUG', 'ROLE',
    'CONFIG|GET', 'COMMAND', 'LATENCY|DOCTOR', 'MEMORY|DOCTOR', 'MEMORY|STATS', 'MEMORY|MALLOC-STATS', 'MEMORY|PURGE',
    'SLOWLOG|GET', 'SLOWLOG|LEN', 'SLOWLOG|RESET', 'CLIENT|LIST', 'CLIENT|INFO', 'CLIENT|ID', 'CLIENT|GETNAME',
    'CLIENT|KILL', 'CLIENT|PAUSE', 'CLIENT|UNPAUSE', 'PUBSUB|CHANNELS', 'PUBSUB|NUMSUB', 'PUBSUB|NUMPAT',
    'PUBSUB|SHARDCHANNELS', 'PUBSUB|SHARDNUMSUB', 'FUNCTION|LIST', 'FUNCTION|DUMP', 'FUNCTION|STATS', 'SCRIPT|KILL',
    'FUNCTION|KILL', 'ACL|WHOAMI', 'ACL|LIST', 'ACL|USERS', 'ACL|GETUSER', 'ACL|CAT', 'ACL|GENPASS', 'ACL|LOG',
    'BGSAVE', 'BGREWRITEAOF', 'SAVE'];
$ALL_OK = ['FLUSHALL', 'FLUSHDB', 'SCRIPT|FLUSH', 'SCRIPT|LOAD', 'FUNCTION|LOAD', 'FUNCTION|DELETE', 'FUNCTION|FLUSH',
    'FUNCTION|RESTORE', 'CONFIG|SET', 'CONFIG|RESETSTAT', 'ACL|SETUSER', 'ACL|DELUSER'];
$UNSUPPORTED = ['SUBSCRIBE', 'PSUBSCRIBE', 'SSUBSCRIBE', 'UNSUBSCRIBE', 'PUNSUBSCRIBE', 'SUNSUBSCRIBE', 'MONITOR',
    'SELECT', 'SWAPDB', 'MOVE', 'SYNC', 'PSYNC', 'REPLCONF', 'RESET', 'QUIT', 'SHUTDOWN', 'FAILOVER', 'REPLICAOF',
    'SLAVEOF', 'MULTI', 'EXEC', 'DISCARD', 'WATCH', 'UNWATCH', 'AUTH', 'HELLO', 'CLIENT|SETNAME', 'CLIENT|REPLY',
    'CLIENT|TRACKING', 'CLIENT|CACHING', 'CLIENT|NO-EVICT', 'CLIENT|NO-TOUCH', 'CLIENT|SETINFO', 'CLIENT|CAPA',
    'CLIENT|IMPORT-SOURCE', 'CLIENT|GETREDIR', 'CLIENT|TRACKINGINFO', 'READONLY',
    'READWRITE', 'ASKING', 'CLUSTER|FAILOVER', 'CLUSTER|RESET', 'CLUSTER|SETSLOT', 'CLUSTER|ADDSLOTS',
    'CLUSTER|ADDSLOTSRANGE', 'CLUSTER|DELSLOTS', 'CLUSTER|DELSLOTSRANGE', 'CLUSTER|FORGET', 'CLUSTER|MEET',
    'CLUSTER|REPLICATE', 'CLUSTER|SAVECONFIG', 'CLUSTER|FLUSHSLOTS', 'CLUSTER|BUMPEPOCH', 'CLUSTER|SET-CONFIG-EPOCH',
    'CLUSTER|COUNT-FAILURE-REPORTS', 'CLUSTER|COUNTKEYSINSLOT', 'CLUSTER|GETKEYSINSLOT', 'CLUSTER|SLAVES',
    'CLUSTER|REPLICAS', 'SCRIPT|DEBUG', 'PFSELFTEST', 'PFDEBUG',
    'SCAN' /* a cursor belongs to one node: RedisClusterPool::scanAll() */];
/* They wait for the replication of the writes sent before them on their connection: only right after a write, in a
 * pipeline or a transaction (sent to that write's node in the same flight), refused anywhere else. */
$AFTER_WRITE = ['WAIT', 'WAITAOF'];
/* The reads the read cache answers (issue 23, docs/CACHE.md): one key each, and MGET key by key. */
$CACHE_ONE = ['GET', 'HGET', 'HMGET', 'HGETALL', 'EXISTS', 'STRLEN', 'SMEMBERS', 'SISMEMBER', 'ZSCORE', 'LRANGE'];
$CACHE_MGET = ['MGET'];
$reasons = [];

$flagMap = ['write' => 'RCP_CMD_WRITE', 'readonly' => 'RCP_CMD_READONLY', 'admin' => 'RCP_CMD_ADMIN',
    'pubsub' => 'RCP_CMD_PUBSUB', 'noscript' => 'RCP_CMD_NOSCRIPT', 'blocking' => 'RCP_CMD_BLOCKING',
    'movablekeys' => 'RCP_CMD_MOVABLEKEYS', 'no_multi' => 'RCP_CMD_NO_MULTI', 'fast' => 'RCP_CMD_FAST'];
$ksFlagMap = ['RO' => 'RCP_KS_RO', 'RW' => 'RCP_KS_RW', 'OW' => 'RCP_KS_OW', 'RM' => 'RCP_KS_RM',
    'INCOMPLETE' => 'RCP_KS_INCOMPLETE', 'VARIABLE_FLAGS' => 'RCP_KS_VARIABLE'];
$mergeMap = ['agg_sum' => 'RCP_MERGE_AGG_SUM', 'agg_min' => 'RCP_MERGE_AGG_MIN', 'agg_max' => 'RCP_MERGE_AGG_MAX',
    'agg_logical_and' => 'RCP_MERGE_AGG_LOGICAL_AND', 'agg_logical_or' => 'RCP_MERGE_AGG_LOGICAL_OR',
    'all_succeeded' => 'RCP_MERGE_ALL_SUCCEEDED', 'one_succeeded' => 'RCP_MERGE_ONE_SUCCEEDED', 'special' => 'RCP_MERGE_PER_NODE'];

$entries = [];
$walk = function (array $c, ?string $parent) use (&$walk, &$entries, $flagMap, $ksFlagMap, $mergeMap, $ANY, $ALL_OK, $UNSUPPORTED, $AFTER_WRITE, $CACHE_ONE, $CACHE_MGET) {
    [$name, $arity, $flags] = $c;
    $name = strtoupper($parent ? $name : $name);           // subcommands come as "container|sub"
    $tips = $c[7] ?? [];
    $specs = $c[8] ?? [];
    $subs = $c[9] ?? [];
    $f = [];
    foreach ($flags as $fl) if (isset($flagMap[$fl])) $f[] = $flagMap[$fl];
    if ($subs) $f[] = 'RCP_CMD_HAS_SUBCMDS';
    if (in_array($name, $CACHE_ONE, true)) $f[] = 'RCP_CMD_CACHE_ONE';
    if (in_array($name, $CACHE_MGET, true)) $f[] = 'RCP_CMD_CACHE_MGET';
    $ks = [];
    foreach ($specs as $spec) {
        $s = kv($spec);
        $bs = kv($s['begin_search']);
        $fk = kv($s['find_keys']);
        $bss = kv($bs['spec'] ?? []);
        $fks = kv($fk['spec'] ?? []);
        $k = ['bs' => 'RCP_BS_UNKNOWN', 'bs_a' => 0, 'kw' => 'NULL', 'fk' => 'RCP_FK_UNKNOWN', 'a' => 0, 'b' => 0, 'c' => 0];
        if ($bs['type'] === 'index') { $k['bs'] = 'RCP_BS_INDEX'; $k['bs_a'] = $bss['index']; }
        elseif ($bs['type'] === 'keyword') { $k['bs'] = 'RCP_BS_KEYWORD'; $k['bs_a'] = $bss['startfrom']; $k['kw'] = '"' . strtoupper($bss['keyword']) . '"'; }
        if ($fk['type'] === 'range') { $k['fk'] = 'RCP_FK_RANGE'; $k['a'] = $fks['lastkey']; $k['b'] = $fks['keystep']; $k['c'] = $fks['limit']; }
        elseif ($fk['type'] === 'keynum') { $k['fk'] = 'RCP_FK_KEYNUM'; $k['a'] = $fks['keynumidx']; $k['b'] = $fks['firstkey']; $k['c'] = $fks['keystep']; }
        $kf = [];
        foreach ($s['flags'] ?? [] as $x) if (isset($ksFlagMap[$x])) $kf[] = $ksFlagMap[$x];
        $k['flags'] = $kf ? implode(' | ', $kf) : '0';
        $ks[] = $k;
    }
    $req = null; $resp = null;
    foreach ($tips as $t) {
        if (str_starts_with($t, 'request_policy:')) $req = substr($t, 15);
        if (str_starts_with($t, 'response_policy:')) $resp = substr($t, 16);
    }
    $hasKeys = (bool) array_filter($ks, fn($k) => $k['bs'] !== 'RCP_BS_UNKNOWN');
    $route = $hasKeys ? 'RCP_ROUTE_KEYED' : 'RCP_ROUTE_ANY';
    $merge = 'RCP_MERGE_NONE';
    if ($req === 'multi_shard' && $hasKeys) { $route = 'RCP_ROUTE_MULTI_SHARD'; $merge = $mergeMap[$resp] ?? 'RCP_MERGE_NONE'; }
    elseif (!$hasKeys && $req === 'all_shards') { $route = 'RCP_ROUTE_ALL_PRIMARIES'; $merge = $mergeMap[$resp] ?? 'RCP_MERGE_PER_NODE'; }
    elseif (!$hasKeys && $req === 'all_nodes') { $route = 'RCP_ROUTE_ALL_NODES'; $merge = $mergeMap[$resp] ?? 'RCP_MERGE_PER_NODE'; }
    if ($name === 'MSETNX') { $route = 'RCP_ROUTE_KEYED'; $merge = 'RCP_MERGE_NONE'; }   // atomic: never split
    if ($name === 'KEYS') { $route = 'RCP_ROUTE_ALL_PRIMARIES'; $merge = 'RCP_MERGE_CONCAT'; }
    if ($name === 'DBSIZE') { $route = 'RCP_ROUTE_ALL_PRIMARIES'; $merge = 'RCP_MERGE_AGG_SUM'; }
    if ($name === 'SCRIPT|EXISTS') { $route = 'RCP_ROUTE_ALL_PRIMARIES'; $merge = 'RCP_MERGE_AGG_LOGICAL_AND'; }
    if (in_array($name, $ALL_OK, true)) { $route = 'RCP_ROUTE_ALL_PRIMARIES'; $merge = 'RCP_MERGE_ALL_SUCCEEDED'; }
    if (in_array($name, $ANY, true) || ($parent && in_array($parent, ['COMMAND', 'CLUSTER', 'LATENCY', 'OBJECT|HELP'], true) && !$hasKeys)) {
        $route = 'RCP_ROUTE_ANY'; $merge = 'RCP_MERGE_NONE';
    }
    if (in_array($name, $UNSUPPORTED, true)) { $route = 'RCP_ROUTE_UNSUPPORTED'; $merge = 'RCP_MERGE_NONE'; }
    if (in_array($name, $AFTER_WRITE, true)) { $route = 'RCP_ROUTE_AFTER_WRITE'; $merge = 'RCP_MERGE_NONE'; }
    if (!isset($entries[$name])) $entries[$name] = ['arity' => $arity, 'flags' => $f ? implode(' | ', $f) : '0', 'route' => $route, 'merge' => $merge,
        'specs' => $ks, 'req' => $req, 'resp' => $resp, 'keyless' => !$hasKeys];
    foreach ($subs as $sc) $walk($sc, $name);
};
foreach ($replies as $reply) foreach ($reply as $c) $walk($c, null);
ksort($entries, SORT_STRING);

$h = "/*\n * GENERATED by tools/gen_commands.php from the COMMAND output of $version. Do not edit:\n"
   . " * regenerate with `php tools/gen_commands.php` (see docs/COMMANDS.md).\n */\n\n";
$i = 0;
foreach ($entries as $name => $e) {
    if (!$e['specs']) continue;
    $h .= 'static const rcp_key_spec rcp_ks_' . $i . "[] = {\n";
    foreach ($e['specs'] as $k) {
        $h .= sprintf("\t{%s, %d, %s, %s, %d, %d, %d, %s},\n", $k['bs'], $k['bs_a'], $k['kw'], $k['fk'], $k['a'], $k['b'], $k['c'], $k['flags']);
    }
    $h .= "};\n";
    $entries[$name]['ksname'] = 'rcp_ks_' . $i++;
}
$h .= "\nconst rcp_cmd rcp_cmd_table[] = {\n";
foreach ($entries as $name => $e) {
    $h .= sprintf("\t{\"%s\", %d, %s, %s, %s, %d, %s},\n", $name, $e['arity'], $e['flags'], $e['route'], $e['merge'],
        count($e['specs']), $e['ksname'] ?? 'NULL');
}
$h .= "};\n\nconst size_t rcp_cmd_count = " . count($entries) . ";\n";
file_put_contents($out, $h);

// docs/COMMANDS.md: how routing works, and every decision that is not "to the owner of the keys"
$doc = <<<MD
# Commands: key positions, routing and merging

GENERATED by `tools/gen_commands.php` from the `COMMAND` output of $version; regenerate it together with
`src/core/commands_table.h` (`php tools/gen_commands.php`, which starts a throwaway `redis-server`).

* **Keys** are found from each command's Redis 7 key specifications (begin_search: index or keyword;
  find_keys: range or keynum), interpreted in `src/core/commands.c` like the server's `getKeysUsingKeySpecs`.
  SORT/SORT_RO (STORE destination) and MIGRATE (the empty key placeholder of the KEYS form) get the
  server's own special handling. `tests/commands/keys_vs_server.phpt` compares the result with
  `COMMAND GETKEYS` for every command family.
* **Keyed** commands go to the primary owning their slot; all keys must share one slot, except the
  `multi_shard` commands, which are split per slot and sent to all nodes at once (MGET: values in key
  order; MSET: OK when every part is OK; DEL/UNLINK/EXISTS/TOUCH: counts summed). MSETNX is tagged
  multi_shard by Redis 7.0 but is atomic, so it is never split.
* **Keyless** commands follow the server's `request_policy`/`response_policy` tips, with the overrides
  written in `tools/gen_commands.php` (\$ANY, \$ALL_OK, \$UNSUPPORTED, \$AFTER_WRITE lists):
  * `any`: one node (a random primary): PING, ECHO, TIME, INFO, CLUSTER INFO/NODES/SLOTS/..., COMMAND ...
  * `all_primaries` with a merge: DBSIZE (sum), KEYS (concatenated), FLUSHALL/FLUSHDB, SCRIPT LOAD/FLUSH,
    FUNCTION LOAD/DELETE/FLUSH/RESTORE, CONFIG SET (all must succeed; the first reply stands for all),
    SCRIPT EXISTS (element-wise logical and);
  * `unsupported`: commands that change or depend on per-connection state a shared pool cannot keep
    (and `SCAN`, whose cursor belongs to one node: `RedisClusterPool::scanAll()` walks every primary)
    (SUBSCRIBE family, MONITOR, SELECT, MULTI/EXEC/WATCH, AUTH/HELLO, CLIENT SETNAME/TRACKING,
    READONLY/ASKING, ...) and cluster administration that must target one chosen node (CLUSTER SETSLOT,
    ADDSLOTS, FORGET, MEET, REPLICATE, FAILOVER, COUNTKEYSINSLOT, GETKEYSINSLOT, ...): they throw
    `InvalidArgumentException` before anything is sent. Use a direct connection for those; the SUBSCRIBE
    family has one of its own: `RedisClusterPool::pubSubLoop()` (README "Pub/sub").
  * `after_write`: WAIT and WAITAOF (\$AFTER_WRITE) wait for the replication of the writes sent before them on
    their connection: accepted only after a write with keys, in a pipeline (sent to that write's node in the
    same flight) or a transaction (sent after EXEC); anywhere else `InvalidArgumentException`.
* A command missing from the table is refused (`Unknown command`) rather than sent somewhere it might
  not belong.

## Every command that is not routed by its keys

| command | route | merge |
|---|---|---|

MD;
foreach ($entries as $name => $e) {
    if ($e['route'] === 'RCP_ROUTE_KEYED') continue;
    $doc .= sprintf("| `%s` | %s | %s |\n", str_replace("|", "\\|", $name), strtolower(substr($e['route'], 10)), strtolower(substr($e['merge'], 10)));
}
file_put_contents("$root/docs/COMMANDS.md", $doc);
fwrite(STDERR, count($entries) . " commands and subcommands from $version written to $out\n");

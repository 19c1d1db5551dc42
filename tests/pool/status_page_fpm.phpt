--TEST--
Pool-wide metrics under php-fpm: RedisClusterPool::poolStats() and ::metrics() (no instance, no round trip) sum every worker's commands (equal to the servers' own counts), node figures and a valid Prometheus text; tools/status.php renders them in headless Chromium (screenshot, rates drawn by its script)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../fpm/fcgi.inc';
[$dir, $addr] = rcp_fpm_start(4);
$page = realpath(__DIR__ . '/../fpm/www/page.php');
$status = realpath(__DIR__ . '/../../tools/status.php');
/** Calls of $cmd on the primaries (replicas also count the writes they replicate). */
function on_primaries(string $cmd): int {
    $t = 0;
    foreach (rcp_primaries() as $n) {
        preg_match('/cmdstat_' . $cmd . ':calls=(\d+)/', (new RcpRaw($n))->cmd('INFO', 'commandstats'), $m);
        $t += (int) ($m[1] ?? 0);
    }
    return $t;
}
$before = ['set' => on_primaries('set'), 'mget' => on_primaries('mget'), 'del' => on_primaries('del')];
$conns = [];
for ($c = 0; $c < 4; $c++) $conns[] = new RcpFcgi($addr);
$pids = [];
for ($i = 0; $i < 400; $i++) {
    $r = json_decode($conns[$i % 4]->get($page, "i=$i"), true);
    $pids[$r['pid']] = true;
}
$json = json_decode($conns[0]->get($status, 'format=json'), true);   // (4 keep-alive connections hold the 4 workers)
$cl = $json['clusters'][0];
echo "workers that ran the requests: ", count($pids), "\n";
foreach (['SET', 'MGET', 'DEL'] as $name) {
    $server = on_primaries(strtolower($name)) - $before[strtolower($name)];
    echo "$name: pool-wide calls = the servers' count ($server): ", $cl['commands'][$name]['calls'] === $server ? 'yes' : "no ({$cl['commands'][$name]['calls']})", ", errors: {$cl['commands'][$name]['errors']}\n";
}
$nodeCommands = array_sum(array_column($cl['nodes'], 'commands'));
echo "commands counted on the nodes >= 1,200: ", $nodeCommands >= 1200 ? 'yes' : "no ($nodeCommands)", "\n";
$prim = array_filter($cl['nodes'], fn($n) => $n['role'] === 'primary');
echo "primaries: ", count($prim), ", all online: ", count(array_filter($prim, fn($n) => $n['health'] === 'online')) === 3 ? 'yes' : 'no', "\n";
$n0 = current($prim);
echo "latency histogram count = batches: ", $n0['latency']['count'] === $n0['batches'] ? 'yes' : "no ({$n0['latency']['count']} vs {$n0['batches']})", "\n";
echo "open sockets <= 4 workers per primary: ", max(array_column($prim, 'connections_open')) <= 4 ? 'yes' : 'no', "\n";
echo "no credentials anywhere: ", preg_match('/pass/i', json_encode($json)) ? 'no' : 'yes', "\n";

// Prometheus text: every line a comment or a well-formed sample; the counters agree with poolStats()
$prom = $conns[0]->get($status, 'format=prometheus');
$bad = 0;
$samples = [];
foreach (explode("\n", rtrim($prom, "\n")) as $line) {
    if (preg_match('/^# (HELP|TYPE) redis_cluster_pool_[a-z_]+ .+$|^# EOF$/', $line)) continue;
    if (preg_match('/^(redis_cluster_pool_[a-z_]+)\{((?:[a-z]+="(?:[^"\\\\]|\\\\.)*",?)+)\} ([0-9.e+-]+)$/', $line, $m)) { $samples[] = [$m[1], $m[2], $m[3]]; continue; }
    $bad++; echo "bad line: $line\n";
}
echo "Prometheus lines malformed: $bad, ends with # EOF: ", str_ends_with($prom, "# EOF\n") ? 'yes' : 'no', "\n";
$set = array_values(array_filter($samples, fn($s) => $s[0] === 'redis_cluster_pool_command_calls_total' && str_contains($s[1], 'command="SET"')));
echo "command_calls_total{command=SET} = poolStats: ", $set && (int) $set[0][2] === $cl['commands']['SET']['calls'] ? 'yes' : 'no', "\n";
$buckets = array_values(array_filter($samples, fn($s) => $s[0] === 'redis_cluster_pool_batch_duration_seconds_bucket' && str_contains($s[1], 'node="' . array_key_first($prim) . '"')));
$vals = array_map(fn($s) => (int) $s[2], $buckets);
$sorted = $vals; sort($sorted);
echo "histogram buckets cumulative, +Inf = count: ", $vals === $sorted && str_contains(end($buckets)[1], 'le="+Inf"') ? 'yes' : 'no', "\n";

// the status page in a real browser: php -S forwards HTTP to the pool over FastCGI
$conns = [];   // the workers are free again
$s = stream_socket_server('tcp://127.0.0.1:0');
$port = (int) explode(':', stream_socket_get_name($s, false))[1];
fclose($s);
$proxy = proc_open([PHP_BINARY, '-n', '-S', "127.0.0.1:$port", __DIR__ . '/status_proxy.inc'],
    [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, null,
    ['RCP_STATUS_FPM' => $addr, 'RCP_STATUS_PAGE' => $status] + getenv());
for ($t = 0; $t < 100 && !@fsockopen('127.0.0.1', $port); $t++) usleep(50000);
// traffic while the browser watches, so that the rates it draws are not zero
$load = proc_open([PHP_BINARY, '-r', 'require ' . var_export(__DIR__ . '/../fpm/fcgi.inc', true) . '; $c = new RcpFcgi(' . var_export($addr, true) . '); for ($i = 0; $i < 3000; $i++) $c->get(' . var_export($page, true) . ', "i=$i");'],
    [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $lp, null, getenv());
$shot = (getenv('RCP_REPO_ROOT') ?: sys_get_temp_dir()) . '/.scratch/status-page.png';
@mkdir(dirname($shot), 0777, true);
@unlink($shot);
$chrome = ['chromium', '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--user-data-dir=' . $dir . '/chromium',
    '--window-size=1500,1000', '--virtual-time-budget=7000'];
$url = "http://127.0.0.1:$port/status";
exec(implode(' ', array_map('escapeshellarg', array_merge($chrome, ["--screenshot=$shot", $url]))) . ' 2>/dev/null', $o1, $rc1);
exec(implode(' ', array_map('escapeshellarg', array_merge($chrome, ['--dump-dom', $url]))) . ' 2>/dev/null', $dom, $rc2);
proc_terminate($load); proc_close($load);
proc_terminate($proxy); proc_close($proxy);
$dom = implode("\n", $dom);
$png = @file_get_contents($shot);
$ihdr = $png && strlen($png) > 24 ? unpack('Nw/Nh', substr($png, 16, 8)) : ['w' => 0, 'h' => 0];
echo "screenshot: PNG ", $png && str_starts_with($png, "\x89PNG\r\n\x1a\n") ? 'yes' : 'no', ", {$ihdr['w']}x{$ihdr['h']}, over 30 KB: ", strlen((string) $png) > 30000 ? 'yes' : 'no (' . strlen((string) $png) . ')', "\n";
echo "page after its script ran: every primary listed: ", count(array_filter(array_keys($prim), fn($a) => str_contains($dom, "data-node=\"$a\""))) === 3 ? 'yes' : 'no',
    ", rates drawn: ", preg_match_all('#class="num rate">[0-9.]+/s<#', $dom) >= 3 ? 'yes' : 'no', ", sparklines: ", substr_count($dom, '<polyline') >= 3 ? 'yes' : 'no', "\n";
?>
--EXPECT--
workers that ran the requests: 4
SET: pool-wide calls = the servers' count (400): yes, errors: 0
MGET: pool-wide calls = the servers' count (400): yes, errors: 0
DEL: pool-wide calls = the servers' count (400): yes, errors: 0
commands counted on the nodes >= 1,200: yes
primaries: 3, all online: yes
latency histogram count = batches: yes
open sockets <= 4 workers per primary: yes
no credentials anywhere: yes
Prometheus lines malformed: 0, ends with # EOF: yes
command_calls_total{command=SET} = poolStats: yes
histogram buckets cumulative, +Inf = count: yes
screenshot: PNG yes, 1500x1000, over 30 KB: yes
page after its script ran: every primary listed: yes, rates drawn: yes, sparklines: yes

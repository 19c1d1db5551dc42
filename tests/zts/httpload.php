<?php
/*
 * A small HTTP load client (the machine's PHP, no extension): REQUESTS GET requests of URL, CONCURRENCY at a
 * time (one connection each, HTTP/1.0), stopping early after SECONDS. A request passes when the reply is
 * HTTP 200 and its body, trimmed, is "OK" (tests/zts/w1.php); anything else fails it, with a reason: the
 * status and the body's first line, or "connection closed without a reply" (the server's process died
 * mid-request), "refused", "timed out" (30 s). The distinct reasons are counted.
 *
 *   php tests/zts/httpload.php URL REQUESTS CONCURRENCY [SECONDS]
 *
 * With RCP_HTTPLOAD_STOP=FILE in the environment it also stops issuing requests once FILE exists.
 *
 * Last line: httpload: requests N, ok N, failed N, seconds S, per second R
 * Before it, when some failed: "httpload: failures from A s to B s" (when the first and the last failed request
 * ended, seconds since the start: the failover window of a run where a node was killed).
 */
[, $url, $total, $conc] = $argv + [null, null, null, null];
$limit = (float) ($argv[4] ?? 600);
$stop = (string) getenv('RCP_HTTPLOAD_STOP');   // a file: once it exists, no new request (tests/zts/cache_load.php)
if (!$url || (int) $total < 1 || (int) $conc < 1) {
    fwrite(STDERR, "usage: php httpload.php URL REQUESTS CONCURRENCY [SECONDS]\n");
    exit(2);
}
$u = parse_url($url);
$addr = "tcp://{$u['host']}:{$u['port']}";
$req = "GET " . ($u['path'] ?? '/') . (isset($u['query']) ? "?{$u['query']}" : '') . " HTTP/1.0\r\nHost: {$u['host']}\r\n\r\n";
$total = (int) $total;
$t0 = microtime(true);
$sent = $ok = $failed = 0;
$reasons = [];
$conns = [];   // id => [socket, buffer, started, written]

$firstFail = $lastFail = null;
$fail = function (string $why) use (&$failed, &$reasons, &$firstFail, &$lastFail, $t0): void {
    $failed++;
    $lastFail = microtime(true) - $t0;
    $firstFail ??= $lastFail;
    $reasons[$why] = ($reasons[$why] ?? 0) + 1;
};
$finish = function (string $buf) use (&$ok, $fail): void {
    if ($buf === '') { $fail('connection closed without a reply'); return; }
    [$head, $body] = explode("\r\n\r\n", $buf, 2) + [1 => ''];
    $status = (int) (explode(' ', $head, 3)[1] ?? 0);
    $body = trim($body);
    if ($status === 200 && $body === 'OK') { $ok++; return; }
    $fail("HTTP $status: " . substr(strtok($body === '' ? '(empty body)' : $body, "\n"), 0, 300));
};
while ($sent < $total || $conns) {
    while ($sent < $total && count($conns) < (int) $conc && microtime(true) - $t0 < $limit && !($stop !== '' && file_exists($stop))) {
        $s = @stream_socket_client($addr, $errno, $errstr, 5, STREAM_CLIENT_CONNECT);
        $sent++;
        if (!$s) { $fail("refused: $errstr"); continue; }
        stream_set_blocking($s, false);
        fwrite($s, $req);
        $conns[(int) $s] = [$s, '', microtime(true)];
    }
    if (!$conns) break;
    $r = array_map(fn($c) => $c[0], $conns);
    $w = $e = null;
    if (@stream_select($r, $w, $e, 0, 200000) === false) break;
    foreach ($r as $s) {
        $id = (int) $s;
        $chunk = @fread($s, 65536);
        if ($chunk !== '' && $chunk !== false) { $conns[$id][1] .= $chunk; }
        if (feof($s) || $chunk === false) {
            $finish($conns[$id][1]);
            fclose($s);
            unset($conns[$id]);
        }
    }
    foreach ($conns as $id => [$s, $buf, $started]) {
        if (microtime(true) - $started > 30) { $fail('timed out (30 s)'); fclose($s); unset($conns[$id]); }
    }
}
$secs = microtime(true) - $t0;
arsort($reasons);
foreach ($reasons as $why => $n) echo "httpload: failed $n x $why\n";
if ($failed) printf("httpload: failures from %.2f s to %.2f s\n", $firstFail, $lastFail);
printf("httpload: requests %d, ok %d, failed %d, seconds %.2f, per second %.0f\n", $ok + $failed, $ok, $failed, $secs,
    ($ok + $failed) / max($secs, 0.001));

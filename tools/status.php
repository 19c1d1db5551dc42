<?php
/*
 * redis_cluster_pool status page: the pool's clusters, slot maps, nodes (role, health, marks, rates, latency) and
 * sockets at a glance, from RedisClusterPool::poolStats() (pool-wide: every worker of this php-fpm pool, read
 * from the shared segment; no round trip to Redis). Clusters the segment does not hold are shown for the worker
 * that rendered the page, said to be its own.
 *
 * Install: copy this one file into a php-fpm pool's document root, or include it from a route of your
 * application, and restrict who may see it (it shows node addresses, never credentials). Read it with a
 * browser (it refreshes itself every 2 s and draws each node's command rate), or:
 *   ?format=json         RedisClusterPool::poolStats() as JSON
 *   ?format=prometheus   RedisClusterPool::metrics() (Prometheus / OpenMetrics text)
 */
declare(strict_types=1);

if (!extension_loaded('redis_cluster_pool')) {
    http_response_code(503);
    header('Content-Type: text/plain');
    echo "the redis_cluster_pool extension is not loaded in this PHP\n";
    return;
}
$format = $_GET['format'] ?? 'html';
if ($format === 'json') {
    header('Content-Type: application/json');
    header('Cache-Control: no-store');
    echo json_encode(['time' => microtime(true)] + RedisClusterPool::poolStats(), JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR);
    return;
}
if ($format === 'prometheus') {
    header('Content-Type: text/plain; version=0.0.4');
    header('Cache-Control: no-store');
    echo RedisClusterPool::metrics();
    return;
}

$stats = RedisClusterPool::poolStats();
$h = static fn($v): string => htmlspecialchars((string) $v, ENT_QUOTES);
$bytes = static function (int $n): string {
    foreach (['B', 'KiB', 'MiB', 'GiB'] as $i => $u) {
        if ($n < 1024 ** ($i + 1) || $u === 'GiB') return $i ? sprintf('%.1f %s', $n / 1024 ** $i, $u) : "$n B";
    }
    return "$n B";
};
/** The upper bound (microseconds) of the histogram bucket holding quantile $q, or null without samples. */
$quantile = static function (array $lat, float $q): ?int {
    $count = $lat['count'] ?? 0;
    if (!$count) return null;
    $seen = 0;
    foreach ($lat['buckets_us'] as $le => $n) {
        $seen += $n;
        if ($seen >= $q * $count) return (int) $le;
    }
    return -1;
};
$us = static fn(?int $v): string => $v === null ? '–' : ($v < 0 ? '> 8 s' : ($v >= 1000 ? '≤ ' . round($v / 1000, 1) . ' ms' : "≤ $v µs"));
$seg = $stats['segment'];
?><!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>redis_cluster_pool status</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #1d2330; background: #f5f6f8; }
h1 { font-size: 20px; margin: 0 0 .2em; } h2 { font-size: 16px; margin: 1.2em 0 .4em; }
.sub { color: #5b6475; }
.card { overflow-x: auto; background: #fff; border: 1px solid #dde1e8; border-radius: 6px; padding: 1em 1.2em; margin: 1em 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: right; padding: .3em .5em; border-bottom: 1px solid #edf0f4; white-space: nowrap; }
th:first-child, td:first-child, td.l, th.l { text-align: left; }
th { font-weight: 600; color: #5b6475; font-size: 12px; text-transform: uppercase; letter-spacing: .03em; }
.badge { display: inline-block; padding: 0 .5em; border-radius: 9px; font-size: 12px; color: #fff; }
.online { background: #2f9e44; } .loading { background: #e8a317; } .fail { background: #d9480f; } .suspect { background: #c92a2a; }
.primary { color: #1c4ed8; font-weight: 600; } .replica { color: #5b6475; }
.bar { background: #e7ebf2; height: 10px; border-radius: 5px; position: relative; min-width: 120px; }
.bar > span { position: absolute; left: 0; top: 0; bottom: 0; background: #4c6ef5; border-radius: 5px; }
.kv { display: flex; flex-wrap: wrap; gap: .4em 1.6em; } .kv div b { font-variant-numeric: tabular-nums; }
.num { font-variant-numeric: tabular-nums; } .err { color: #c92a2a; }
svg.spark { vertical-align: middle; }
</style>
</head>
<body>
<h1>redis_cluster_pool status</h1>
<div class="sub">version <?= $h(phpversion('redis_cluster_pool')) ?> · PHP <?= $h(PHP_VERSION) ?> · pid <?= getmypid() ?> ·
 <?= $h(date('Y-m-d H:i:s')) ?> · pool-wide figures (every worker of this pool) · refreshes every 2 s</div>

<div class="card">
  <h2>Shared segment</h2>
  <?php $used = $seg['used'] ?? 0; $size = max(1, $seg['size'] ?? 1); ?>
  <div class="kv">
    <div>used <b><?= $bytes($used) ?></b> of <b><?= $bytes($size) ?></b></div>
    <div>clusters <b><?= (int) ($seg['clusters_used'] ?? 0) ?></b> of <b><?= (int) ($seg['clusters_max'] ?? 0) ?></b></div>
    <div>table full events <b><?= (int) ($seg['clusters_full'] ?? 0) ?></b></div>
    <div>seed lists too long <b><?= (int) ($seg['clusters_key_too_long'] ?? 0) ?></b></div>
  </div>
  <div class="bar" style="margin-top:.5em"><span style="width:<?= round(100 * $used / $size, 1) ?>%"></span></div>
</div>

<?php $cache = $stats['cache'] ?? null; if ($cache): $cn = $cache['counters']; $look = max(1, $cn['hits'] + $cn['misses']); ?>
<div class="card" data-cache="1">
  <h2>Read cache</h2>
  <div class="kv">
    <div>hit rate <b><?= round(100 * $cn['hits'] / $look, 1) ?> %</b> (<b><?= (int) $cn['hits'] ?></b> hits, <b><?= (int) $cn['misses'] ?></b> misses)</div>
    <div>fills <b><?= (int) $cn['fills'] ?></b> · refused by the race <b><?= (int) $cn['fills_refused_race'] ?></b> · unconfirmed link <b><?= (int) $cn['fills_refused_unconfirmed'] ?></b> · too large <b><?= (int) $cn['fills_too_large'] ?></b></div>
    <div>invalidations <b><?= (int) $cn['invalidations'] ?></b> (own writes <b><?= (int) $cn['own_invalidations'] ?></b>)</div>
    <div>flushes: link lost <b><?= (int) $cn['flushes_link_lost'] ?></b> · server <b><?= (int) $cn['flushes_server'] ?></b> · own <b><?= (int) $cn['flushes_own'] ?></b> · slots moved <b><?= (int) $cn['slot_moves'] ?></b></div>
    <div>entries <b><?= (int) $cache['entries'] ?></b> · evictions <b><?= (int) $cache['evictions'] ?></b></div>
    <div>ring <b><?= $bytes((int) $cache['ring_used']) ?></b> of <b><?= $bytes((int) $cache['ring_bytes']) ?></b> (cache_memory <?= $bytes((int) $cache['memory']) ?>)</div>
    <div>bound <b><?= (int) $cache['max_lag_ms'] ?> ms</b> · listener pid <b><?= (int) $cache['listener']['pid'] ?></b> (heartbeat <?= (int) $cache['listener']['beat_age_ms'] ?> ms ago)</div>
  </div>
  <table>
    <tr><th class="l">cluster</th><th class="l">node</th><th class="l">link</th><th>lag</th><th>rtt</th><th>invalidations</th><th>losses</th><th class="l">last error</th></tr>
    <?php foreach ($cache['clusters'] as $cc) foreach ($cc['links'] as $addr => $l): ?>
    <tr data-link="<?= $h($addr) ?>"><td><?= $h($cc['cluster']) ?></td><td class="l"><?= $h($addr) ?></td>
      <td class="l"><span class="badge <?= $l['state'] === 'up' ? 'online' : ($l['state'] === 'connecting' || $l['state'] === 'idle' ? 'loading' : 'fail') ?>"><?= $h($l['state']) ?></span></td>
      <td class="num"><?= $l['lag_ms'] < 0 ? '–' : (int) $l['lag_ms'] . ' ms' ?></td><td class="num"><?= (int) $l['rtt_us'] ?> µs</td>
      <td class="num"><?= (int) $l['invalidations'] ?></td><td class="num"><?= (int) $l['losses'] ?></td>
      <td class="l err"><?= $h($l['last_error']) ?></td></tr>
    <?php endforeach; ?>
  </table>
</div>
<?php endif; ?>

<?php if (!$stats['clusters']): ?>
<div class="card">No cluster yet: no worker of this pool has created a <code>RedisClusterPool</code> since it started.</div>
<?php endif; ?>

<?php
// the shared segment's clusters (pool-wide), then those of the worker that rendered this page which the segment
// does not hold (its table full, or seeds + user over 1,024 bytes): each worker keeps such clusters to itself
$private = $stats['worker']['private_clusters'] ?? [];
$why = ['table_full' => 'the shared table is full (raise redis_cluster_pool.shm_clusters)', 'key_too_long' => 'its seeds and user are over 1,024 bytes'];
foreach (array_merge($stats['clusters'], $private) as $ci => $c): $cnt = $c['counters']; ?>
<div class="card" data-cluster="<?= $ci ?>">
  <h2>Cluster <?= $ci + 1 ?>: <?= $h(implode(', ', $c['seeds'])) ?><?= $c['user'] !== null && $c['user'] !== '' ? ' · user ' . $h($c['user']) : '' ?></h2>
  <?php if (isset($c['private'])): ?>
  <div class="sub private">kept by worker <?= (int) $stats['worker']['pid'] ?> only, not in the shared segment: <?= $h($why[$c['private']] ?? $c['private']) ?>; its figures are that worker's (other workers keep their own copy)</div>
  <?php endif; ?>
  <div class="kv">
    <div>slot map generation <b><?= (int) $c['generation'] ?></b></div>
    <div>map age <b><?= $c['map_age_seconds'] < 0 ? '–' : $h(round($c['map_age_seconds'], 1) . ' s') ?></b></div>
    <div>topology requests <b><?= (int) $cnt['topology_requests'] ?></b></div>
    <div>refreshes <b><?= (int) $cnt['refreshes'] ?></b> (failed <b><?= (int) $cnt['refresh_failures'] ?></b>)</div>
    <div>MOVED <b><?= (int) $cnt['moved'] ?></b> · ASK <b><?= (int) $cnt['ask'] ?></b></div>
    <div>read retries <b><?= (int) $cnt['read_retries'] ?></b></div>
    <div>reads moved off a node refusing the credentials <b><?= (int) ($cnt['read_auth_fallbacks'] ?? 0) ?></b></div>
    <div>lease takeovers <b><?= (int) $cnt['lease_takeovers'] ?></b></div>
  </div>
  <h2>Nodes</h2>
  <table>
    <tr><th class="l">node</th><th class="l">role</th><th class="l">health</th><th>commands</th><th>rate</th><th class="l">last 2 min</th>
        <th>errors</th><th>redirects</th><th>timeouts</th><th>conn. errors</th><th>p50</th><th>p99</th><th>sent</th><th>received</th><th>open sockets</th></tr>
    <?php foreach ($c['nodes'] as $addr => $n): $lat = $n['latency'] ?? ['count' => 0, 'buckets_us' => []]; ?>
    <tr data-node="<?= $h($addr) ?>">
      <td><?= $h($addr) ?></td>
      <td class="l <?= $h($n['role']) ?>"><?= $h($n['role']) ?><?= isset($n['primary']) ? ' of ' . $h($n['primary']) : '' ?></td>
      <td class="l"><span class="badge <?= $h($n['health']) ?>"><?= $h($n['health']) ?></span><?= $n['suspect'] ? ' <span class="badge suspect">suspect</span>' : '' ?><?= !empty($n['auth_refused']) ? ' <span class="badge suspect" title="refused some credentials in the last 2 s: reads skip it for them">auth refused</span>' : '' ?></td>
      <td class="num commands"><?= (int) ($n['commands'] ?? 0) ?></td>
      <td class="num rate">–</td>
      <td class="l"><svg class="spark" width="120" height="22"></svg></td>
      <td class="num <?= ($n['error_replies'] ?? 0) ? 'err' : '' ?>"><?= (int) ($n['error_replies'] ?? 0) ?></td>
      <td class="num"><?= (int) ($n['redirects'] ?? 0) ?></td>
      <td class="num <?= ($n['timeouts'] ?? 0) ? 'err' : '' ?>"><?= (int) ($n['timeouts'] ?? 0) ?></td>
      <td class="num <?= ($n['connection_errors'] ?? 0) ? 'err' : '' ?>"><?= (int) ($n['connection_errors'] ?? 0) ?></td>
      <td class="num"><?= $us($quantile($lat, 0.5)) ?></td>
      <td class="num"><?= $us($quantile($lat, 0.99)) ?></td>
      <td class="num"><?= $bytes((int) ($n['bytes_sent'] ?? 0)) ?></td>
      <td class="num"><?= $bytes((int) ($n['bytes_received'] ?? 0)) ?></td>
      <td class="num" title="<?= (int) ($n['connections_opened'] ?? 0) ?> opened since the pool started"><?= (int) ($n['connections_open'] ?? 0) ?></td>
    </tr>
    <?php endforeach; ?>
  </table>
  <?php $cmds = $c['commands']; uasort($cmds, fn($a, $b) => $b['calls'] <=> $a['calls']); $top = max(1, ...array_column($cmds, 'calls') ?: [1]); ?>
  <h2>Commands</h2>
  <table>
    <tr><th class="l">command</th><th>calls</th><th>errors</th><th class="l" style="width:40%">share</th></tr>
    <?php foreach (array_slice($cmds, 0, 25, true) as $name => $cs): ?>
    <tr><td><?= $h($name) ?></td><td class="num"><?= (int) $cs['calls'] ?></td>
        <td class="num <?= $cs['errors'] ? 'err' : '' ?>"><?= (int) $cs['errors'] ?></td>
        <td class="l"><div class="bar"><span style="width:<?= round(100 * $cs['calls'] / $top, 1) ?>%"></span></div></td></tr>
    <?php endforeach; ?>
  </table>
</div>
<?php endforeach; ?>

<script>
// every 2 s: the pool-wide counters again, each node's command rate and a 2-minute sparkline of it
const hist = {};   // node -> [rate, ...]
let last = null;
function draw(svg, values) {
  const w = 120, hgt = 22, max = Math.max(1, ...values);
  const pts = values.map((v, i) => `${(i * w / 59).toFixed(1)},${(hgt - 2 - v / max * (hgt - 4)).toFixed(1)}`).join(' ');
  svg.innerHTML = `<polyline fill="none" stroke="#4c6ef5" stroke-width="1.5" points="${pts}"/>`;
}
async function tick() {
  try {
    const r = await fetch(location.pathname + '?format=json', {cache: 'no-store'});
    const s = await r.json();
    const now = s.time;
    const nodes = s.nodes || {};
    if (last) {
      const dt = Math.max(0.001, now - last.time);
      for (const [addr, n] of Object.entries(nodes)) {
        const before = (last.nodes[addr] || {}).commands || 0;
        const rate = Math.max(0, (n.commands - before) / dt);
        (hist[addr] = hist[addr] || []).push(rate);
        if (hist[addr].length > 60) hist[addr].shift();
      }
    }
    document.querySelectorAll('tr[data-node]').forEach(tr => {
      const addr = tr.dataset.node, n = nodes[addr];
      if (!n) return;
      tr.querySelector('.commands').textContent = n.commands;
      const h = hist[addr];
      if (h && h.length) {
        tr.querySelector('.rate').textContent = h[h.length - 1].toFixed(1) + '/s';
        draw(tr.querySelector('svg.spark'), h);
      }
    });
    last = {time: now, nodes};
  } catch (e) { /* the next tick tries again */ }
}
tick();
setInterval(tick, 2000);
</script>
</body>
</html>

--TEST--
Docs: the ```php blocks marked `tls` run as written against a TLS-only cluster (the run's own on the TLS leg, else the TLS cluster scripts/test.sh starts for tests/tls, else one started here), /etc/ssl/redis-ca.pem being the test CA: no error, warning or uncaught exception, and every client the block made answers over TLS
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/docs.inc';

if (getenv('RCP_TEST_TLS') !== '1') {
    if (getenv('RCP_TLS_TEST_SEEDS')) {
        RcpTestCluster::$env = 'RCP_TLS_TEST_';   // the TLS cluster of tests/tls
    } else {
        // no TLS cluster in this run (tests/tls not selected): one of our own (about 15 s)
        $sh = rcp_doc_root() . '/tests/cluster/cluster.sh';
        $dir = sys_get_temp_dir() . '/rcp-doc-tls-' . getmypid();
        exec('RCP_TLS=1 RCP_SERVER=' . escapeshellarg(getenv('RCP_TEST_SERVER') ?: 'redis') . ' bash ' . escapeshellarg($sh)
            . ' start ' . escapeshellarg($dir) . ' 2>&1', $o, $rc);
        if ($rc !== 0) { echo "the TLS cluster did not start:\n", implode("\n", $o), "\n"; exit(1); }
        register_shutdown_function(fn() => exec('bash ' . escapeshellarg($sh) . ' stop ' . escapeshellarg($dir) . ' 2>&1'));
        foreach (file("$dir/env", FILE_IGNORE_NEW_LINES) as $l) putenv($l);
    }
}
$ca = rcp_cluster_cert('ca.crt');
$seeds = array_map(fn($s) => "tls://$s", rcp_seeds());
$before = rcp_doc_keys();
$predis = 'require_once ' . var_export(rcp_doc_predis_autoload(), true) . ';';
$n = 0;
foreach (rcp_doc_blocks(['php']) as $b) {
    if (rcp_doc_marker($b)[0] !== 'tls') continue;
    $n++;
    // node N of the docs is the Nth TLS node (host:port: the block writes tls:// itself); the prelude's $redis and
    // $seeds are TLS ones, trusting the test CA (redis_cluster_pool.tls_cafile)
    $tlsPrelude = $predis . ' $seeds = ' . rcp_doc_export_list($seeds) . '; $redis = new RedisClusterPool($seeds, [\'prefix\' => \'app:\']);';
    $r = rcp_doc_run_cli($b, rcp_seeds(), [], $tlsPrelude, rcp_doc_ping_clients(), $ca, ['-d', "redis_cluster_pool.tls_cafile=$ca"]);
    echo $b['id'], ': ', ($why = rcp_doc_failure($r)) ? "FAILED (line {$b['line']}): $why" : 'ran as written over TLS', "\n";
}
if ($n === 0) echo "no block is marked tls\n";
rcp_doc_cleanup($before);
?>
--EXPECT--
README.md "TLS" #1: ran as written over TLS

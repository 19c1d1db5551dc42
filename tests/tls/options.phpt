--TEST--
TLS options in Predis' shapes: tls://, rediss://, ['scheme' => 'tls'], parameters.scheme 'tls'/'rediss' with host:port seeds, parameters.ssl with PHP stream-context keys, the ini default CA (redis_cluster_pool.tls_cafile); unknown, unsupported, mistyped and contradictory settings are InvalidArgumentExceptions naming the key, and TLS asked for never falls back to plaintext
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
[$h, $port] = explode(':', rcp_primaries()[0]);
$ca = ['cafile' => rcp_tls_cert('ca.crt')];
$try = function (string $label, $seeds, array $options) {
    echo str_pad($label, 44), rcp_tls_throws(function () use ($seeds, $options) {
        $p = new RedisClusterPool($seeds, $options);
        $p->set('opt:{x}', $label = bin2hex(random_bytes(4)));
        if ($p->get('opt:{x}') !== $label) echo "wrong reply ";
        if (!str_contains(print_r($p, true), '[tls] => 1')) echo "not TLS ";
    }), "\n";
};
echo "-- the shapes that turn TLS on\n";
$try('tls://', ["tls://$h:$port"], ['parameters' => ['ssl' => $ca]]);
$try('rediss://', ["rediss://$h:$port"], ['parameters' => ['ssl' => $ca]]);
$try('TLS:// (case)', ["TLS://$h:$port"], ['parameters' => ['ssl' => $ca]]);
$try("['scheme' => 'tls']", [['host' => $h, 'port' => $port, 'scheme' => 'tls']], ['parameters' => ['ssl' => $ca]]);
$try("parameters.scheme tls, host:port seed", ["$h:$port"], ['parameters' => ['scheme' => 'tls', 'ssl' => $ca]]);
$try("parameters.scheme rediss, tls:// seed", ["tls://$h:$port"], ['parameters' => ['scheme' => 'rediss', 'ssl' => $ca]]);
$try('a single string seed', "tls://$h:$port", ['parameters' => ['ssl' => $ca]]);
$try('crypto_method TLS 1.3 only', "tls://$h:$port",
    ['parameters' => ['ssl' => $ca + ['crypto_method' => STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT]]]);
$try('ciphers (TLS 1.2)', "tls://$h:$port", ['parameters' => ['ssl' => $ca + ['ciphers' => 'ECDHE-ECDSA-AES128-GCM-SHA256',
    'crypto_method' => STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT]]]);
$try('capath', "tls://$h:$port", ['parameters' => ['ssl' => ['capath' => rcp_tls_env('TLS_DIR') . '/capath']]]);
echo "-- the ini default CA\n";
$try('no CA at all', "tls://$h:$port", []);
ini_set('redis_cluster_pool.tls_cafile', rcp_tls_cert('ca.crt'));
$try('redis_cluster_pool.tls_cafile', "tls://$h:$port", []);
$try('parameters.ssl.cafile wins over it', "tls://$h:$port", ['parameters' => ['ssl' => ['cafile' => rcp_tls_cert('other-ca.crt')]]]);
ini_set('redis_cluster_pool.tls_cafile', '');
echo "-- refused\n";
$cases = [
    'mixed seeds' => [["tls://$h:$port", "tcp://$h:1"], []],
    'scheme tcp, tls:// seed' => [["tls://$h:$port"], ['parameters' => ['scheme' => 'tcp']]],
    'scheme tls, redis:// seed' => [["redis://$h:$port"], ['parameters' => ['scheme' => 'tls']]],
    'ssl for a plaintext client' => [["$h:$port"], ['parameters' => ['ssl' => $ca]]],
    'scheme unix' => [["$h:$port"], ['parameters' => ['scheme' => 'unix']]],
    "seed scheme 'ssl'" => [[['host' => $h, 'port' => $port, 'scheme' => 'ssl']], []],
    'ssl in a seed array' => [[['host' => $h, 'port' => $port, 'scheme' => 'tls', 'ssl' => $ca]], []],
    'ssl not an array' => [["tls://$h:$port"], ['parameters' => ['ssl' => true]]],
    'unknown key' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['cafile_' => 'x']]]],
    'unsupported PHP key' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['peer_fingerprint' => 'x']]]],
    'integer key' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['x']]]],
    'verify_peer a string' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['verify_peer' => 'no']]]],
    'cafile an array' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['cafile' => []]]]],
    'cafile empty' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['cafile' => '']]]],
    'cafile missing' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['cafile' => '/nonexistent/ca.pem']]]],
    'local_pk without local_cert' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['local_pk' => rcp_tls_cert('client.key')]]]],
    'passphrase without local_cert' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['passphrase' => 'secret-pp']]]],
    'passphrase an int' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['passphrase' => 1234]]]],
    'crypto_method SSLv3' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['crypto_method' => STREAM_CRYPTO_METHOD_SSLv3_CLIENT]]]],
    'crypto_method no version' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['crypto_method' => 1]]]],
    'crypto_method a string' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['crypto_method' => 'tls1.2']]]],
    'ciphers none usable' => [["tls://$h:$port"], ['parameters' => ['ssl' => ['ciphers' => 'NOT-A-CIPHER']]]],
    'rediss:// with a path' => [["rediss://$h:$port/0"], []],
];
foreach ($cases as $label => [$seeds, $options]) {
    echo str_pad($label, 32), rcp_tls_throws(fn() => new RedisClusterPool($seeds, $options)), "\n";
}
echo "-- parameters.ssl => null is no setting\n";
echo rcp_tls_throws(fn() => new RedisClusterPool(["$h:1"], ['parameters' => ['ssl' => null]])), "\n";
?>
--EXPECT--
-- the shapes that turn TLS on
tls://                                      no exception
rediss://                                   no exception
TLS:// (case)                               no exception
['scheme' => 'tls']                         no exception
parameters.scheme tls, host:port seed       no exception
parameters.scheme rediss, tls:// seed       no exception
a single string seed                        no exception
crypto_method TLS 1.3 only                  no exception
ciphers (TLS 1.2)                           no exception
capath                                      no exception
-- the ini default CA
no CA at all                                RedisClusterPool\ConnectionException: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: self-signed certificate in certificate chain (certificate at depth 1: /CN=redis_cluster_pool test CA); unknown CA: the server's certificate is not signed by a CA of parameters.ssl.cafile/capath (or redis_cluster_pool.tls_cafile, or the system's CA store) (command SET)
redis_cluster_pool.tls_cafile               no exception
parameters.ssl.cafile wins over it          RedisClusterPool\ConnectionException: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: self-signed certificate in certificate chain (certificate at depth 1: /CN=redis_cluster_pool test CA); unknown CA: the server's certificate is not signed by a CA of parameters.ssl.cafile/capath (or redis_cluster_pool.tls_cafile, or the system's CA store) (command SET)
-- refused
mixed seeds                     RedisClusterPool\InvalidArgumentException: Seeds mix TLS and plaintext: '127.0.0.1:PORT' is tls:// (or rediss://) and '127.0.0.1:PORT' tcp:// (or redis://); a cluster is reached one way
scheme tcp, tls:// seed         RedisClusterPool\InvalidArgumentException: Option "parameters.scheme" is "tcp" but the seed '127.0.0.1:PORT' is tls://
scheme tls, redis:// seed       RedisClusterPool\InvalidArgumentException: Option "parameters.scheme" is "tls" but the seed '127.0.0.1:PORT' is tcp://
ssl for a plaintext client      RedisClusterPool\InvalidArgumentException: Option "parameters.ssl" is given but the connection is not TLS: use tls:// (or rediss://) seeds or "parameters.scheme" => "tls"
scheme unix                     RedisClusterPool\InvalidArgumentException: Option "parameters.scheme" must be "tcp", "redis", "tls" or "rediss"
seed scheme 'ssl'               RedisClusterPool\InvalidArgumentException: Invalid seed array: "scheme" must be "tcp", "redis", "tls" or "rediss"
ssl in a seed array             RedisClusterPool\InvalidArgumentException: Invalid seed array: TLS settings ("ssl") apply to every node: put them in the "parameters" option ("parameters" => ["ssl" => [...]])
ssl not an array                RedisClusterPool\InvalidArgumentException: Option "parameters.ssl" must be an array of TLS settings, bool given
unknown key                     RedisClusterPool\InvalidArgumentException: Option "parameters.ssl": unknown key #1, did you mean "cafile"? (an unknown name is not repeated: it could be a misplaced secret); known: cafile, capath, local_cert, local_pk, passphrase, verify_peer, verify_peer_name, peer_name, ciphers, crypto_method, allow_self_signed, SNI_enabled
unsupported PHP key             RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.peer_fingerprint" is a PHP stream-context key redis_cluster_pool does not support (supported: cafile, capath, local_cert, local_pk, passphrase, verify_peer, verify_peer_name, peer_name, ciphers, crypto_method, allow_self_signed, SNI_enabled)
integer key                     RedisClusterPool\InvalidArgumentException: Option "parameters.ssl" must be keyed by name (cafile, capath, local_cert, local_pk, passphrase, verify_peer, verify_peer_name, peer_name, ciphers, crypto_method, allow_self_signed, SNI_enabled)
verify_peer a string            RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.verify_peer" must be a bool, string given
cafile an array                 RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.cafile" must be a non-empty string, array given
cafile empty                    RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.cafile" must be a non-empty string, an empty or NUL-holding string given
cafile missing                  RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.cafile": cannot load CA certificates from '/nonexistent/ca.pem' (No such file or directory)
local_pk without local_cert     RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.local_pk" needs "parameters.ssl.local_cert" (the client certificate)
passphrase without local_cert   RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.passphrase" needs "parameters.ssl.local_cert" (it unlocks the client key)
passphrase an int               RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.passphrase" must be a non-empty string (without NUL bytes), int given
crypto_method SSLv3             RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.crypto_method": SSLv2 and SSLv3 are not supported (use the STREAM_CRYPTO_METHOD_TLSv1_x_CLIENT constants)
crypto_method no version        RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.crypto_method" selects no TLS version (1 given; e.g. STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT | STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT)
crypto_method a string          RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.crypto_method" must be an int (STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT | STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT, ...), string given
ciphers none usable             RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.ciphers": no usable cipher in 'NOT-A-CIPHER' (no cipher match)
rediss:// with a path           RedisClusterPool\InvalidArgumentException: Invalid seed: put parameters in the "parameters" option, not in the URI
-- parameters.ssl => null is no setting
no exception

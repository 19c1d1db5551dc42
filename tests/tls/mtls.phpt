--TEST--
Mutual TLS: nodes requiring a client certificate (tls-auth-clients yes) refuse a client without one (ConnectionException saying so); local_cert + local_pk, one PEM holding both, and an encrypted key with its passphrase work; a wrong or missing passphrase and a key that does not match are InvalidArgumentExceptions naming the key; the passphrase never appears in messages, var_dump, stats or phpinfo
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('CONFIG', 'SET', 'tls-auth-clients', 'yes');
$seed = 'tls://' . rcp_primaries()[1];
$pass = trim(file_get_contents(rcp_tls_cert('client-enc.pass')));
$pool = fn(array $ssl) => new RedisClusterPool([$seed], ['parameters' => ['timeout' => 2, 'ssl' => rcp_tls_ssl($ssl)]]);
$try = function (array $ssl) use ($pool) {
    echo rcp_tls_throws(function () use ($pool, $ssl) {
        $p = $pool($ssl);
        $p->set('mtls:{a}', 'x');
        if ($p->get('mtls:{a}') !== 'x') echo "wrong reply\n";
    }), "\n";
};
echo "-- no client certificate\n";
$try([]);
echo "-- local_cert + local_pk\n";
$try(['local_cert' => rcp_tls_cert('client.crt'), 'local_pk' => rcp_tls_cert('client.key')]);
echo "-- one PEM file with the certificate and the key\n";
$both = tempnam(sys_get_temp_dir(), 'rcp-mtls');
file_put_contents($both, file_get_contents(rcp_tls_cert('client.crt')) . file_get_contents(rcp_tls_cert('client.key')));
$try(['local_cert' => $both]);
unlink($both);
echo "-- an encrypted key with its passphrase\n";
$ssl = ['local_cert' => rcp_tls_cert('client.crt'), 'local_pk' => rcp_tls_cert('client-enc.key'), 'passphrase' => $pass];
$try($ssl);
echo "-- ... a wrong passphrase\n";
$try(['passphrase' => 'not-the-passphrase'] + $ssl);
echo "-- ... no passphrase\n";
$try(array_diff_key($ssl, ['passphrase' => 1]));
echo "-- a key that is not the certificate's\n";
$try(['local_cert' => rcp_tls_cert('client.crt'), 'local_pk' => rcp_tls_cert('server.key')]);
echo "-- a certificate file that does not exist\n";
$try(['local_cert' => rcp_tls_cert('nope.crt')]);
echo "-- a client certificate of another CA\n";
$try(['local_cert' => rcp_tls_cert('other-ca.crt'), 'local_pk' => rcp_tls_cert('other-ca.key')]);

// the passphrase is nowhere to be seen
$p = $pool($ssl);
$p->get('mtls:{a}');
ob_start();
var_dump($p);
print_r($p->stats());
phpinfo(INFO_MODULES);
try { $pool(['passphrase' => 'wrong-' . $pass] + $ssl); } catch (Throwable $e) { echo $e->getMessage(), $e->getTraceAsString(); }
$all = ob_get_clean();
echo "passphrase shown anywhere: ", str_contains($all, $pass) ? 'yes' : 'no', "\n";
echo "tls => true in var_dump: ", str_contains($all, '["tls"]=>' . "\n  bool(true)") ? 'yes' : 'no', "\n";
foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('CONFIG', 'SET', 'tls-auth-clients', 'optional');
?>
--CLEAN--
<?php
require __DIR__ . '/tls.inc';
foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('CONFIG', 'SET', 'tls-auth-clients', 'optional');
?>
--EXPECT--
-- no client certificate
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: TLS error from 127.0.0.1:PORT: tlsv13 alert certificate required (the server wants a client certificate: parameters.ssl.local_cert)
-- local_cert + local_pk
no exception
-- one PEM file with the certificate and the key
no exception
-- an encrypted key with its passphrase
no exception
-- ... a wrong passphrase
RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.local_pk": cannot load the private key from 'TLSDIR/client-enc.key' (it could not be decrypted; is parameters.ssl.passphrase right?)
-- ... no passphrase
RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.local_pk": cannot load the private key from 'TLSDIR/client-enc.key' (it is encrypted: give parameters.ssl.passphrase)
-- a key that is not the certificate's
RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.local_pk": cannot load the private key from 'TLSDIR/server.key' (key values mismatch: it is not the key of the certificate in parameters.ssl.local_cert)
-- a certificate file that does not exist
RedisClusterPool\InvalidArgumentException: Option "parameters.ssl.local_cert": cannot load a certificate from 'TLSDIR/nope.crt' (No such file or directory)
-- a client certificate of another CA
RedisClusterPool\ConnectionException: TLS error from 127.0.0.1:PORT: tlsv1 alert unknown ca (the server refused our client certificate) (command SET)
passphrase shown anywhere: no
tls => true in var_dump: yes

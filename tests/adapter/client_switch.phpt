--TEST--
Predis adapter: the one-line switch (array callable, closure) with Predis' own parameter handling (ACL user and password, prefix, exceptions option) reaching the extension; OK is the Predis\Response\Status::get('OK') instance; cross-slot MGET/MSET/DEL/EXISTS that Predis' cluster refuses give the expected answers; unsupported settings fail with clear exceptions
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_predis_autoload('3.7', true);
use RedisClusterPool\Predis\ClusterConnection;
rcp_flush_cluster();
$raw = rcp_pool();   // the extension directly, to see what really is on the server

echo "-- the switch\n";
$c = rcp_adapter_client();
var_dump(get_class($c->getConnection()));
var_dump($c->set('sw:a', 'v') === Predis\Response\Status::get('OK'));   // Symfony compares by identity
var_dump($c->get('sw:a'), $c->type('sw:a'), get_class($c->ping()) . ' ' . $c->ping());
var_dump($c->executeRaw(['GET', 'sw:a']), $c->executeRaw(['SET', 'sw:a', 'v']));
$closure = new Predis\Client(rcp_seeds(), ['cluster' => fn ($params, $options) => ClusterConnection::create($params, $options)]);
var_dump($closure->get('sw:a'));
// the same values as Predis' own cluster connection for replies it parses (HGETALL, WITHSCORES, INFO)
$c->hset('sw:h', 'f', '1', 'g', '2'); $c->zadd('sw:z', ['m' => 1.5]);
$p = rcp_predis_cluster_client();
var_dump($c->hgetall('sw:h') === $p->hgetall('sw:h'), $c->zrange('sw:z', 0, -1, ['withscores' => true]) === $p->zrange('sw:z', 0, -1, ['withscores' => true]));

echo "-- errors: exceptions on, then off\n";
try { $c->lpush('sw:a', 'x'); } catch (Predis\Response\ServerException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
$noex = rcp_adapter_client(['exceptions' => false]);
$err = $noex->lpush('sw:a', 'x');
var_dump(get_class($err), $err->getErrorType());
var_dump($noex->executeRaw(['LPUSH', 'sw:a', 'x'], $isError), $isError);

echo "-- prefix: Predis prefixes the keys once (the extension adds nothing)\n";
$pre = rcp_adapter_client(['prefix' => 'app:']);
$pre->set('k1', 'one'); $pre->mset(['k2' => 'two', 'k3' => 'three']);
var_dump($raw->mget('app:k1', 'app:k2', 'app:k3', 'app:app:k1'), $pre->mget('k1', 'k2', 'k3'));

echo "-- cross-slot multi-key commands (Predis' own cluster refuses them)\n";
$keys = [rcp_key_on(rcp_primaries()[0], 'x'), rcp_key_on(rcp_primaries()[1], 'x'), rcp_key_on(rcp_primaries()[2], 'x')];
try { $p->mget($keys); } catch (Predis\NotSupportedException $e) { echo "Predis' cluster: ", get_class($e), "\n"; }
var_dump($c->mset(array_combine($keys, ['1', '2', '3'])) === Predis\Response\Status::get('OK'));
var_dump($c->mget(array_merge($keys, ['x:missing'])));
var_dump($c->exists(...$keys), $c->del($keys[0], $keys[2], 'x:missing'), $c->mget($keys));
// a command that cannot be split: Predis' exception class, the extension's explanation
try { $c->rename($keys[0], $keys[1]); } catch (Predis\NotSupportedException $e) { echo get_class($e), ': ', str_contains($e->getMessage(), 'different slots') ? 'names the slots' : $e->getMessage(), "\n"; }

echo "-- parameters reach the extension: ACL user + password\n";
$secret = 'S3cr3t-' . bin2hex(random_bytes(4));
foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('ACL', 'SETUSER', 'adapteruser', 'on', ">$secret", '~acl:*', '+@all');
$acl = rcp_adapter_client(['parameters' => ['username' => 'adapteruser', 'password' => $secret]]);
var_dump($acl->set('acl:1', 'x') == 'OK', $acl->get('acl:1'));
try { $acl->set('notallowed', 'x'); } catch (Predis\Response\ServerException $e) { echo get_class($e), ': ', strtok($e->getMessage(), ' '), "\n"; }
$wrong = rcp_adapter_client(['parameters' => ['username' => 'adapteruser', 'password' => 'bad']]);
try { $wrong->get('acl:1'); } catch (Predis\Connection\ConnectionException $e) {
    echo get_class($e), ' on ', get_class($e->getConnection()), ' ', preg_match('/^[\d.]+:\d+$/', (string) $e->getConnection()), ', secret in message: ';
    var_dump(str_contains($e->getMessage(), $secret));
}
ob_start(); var_dump($acl->getConnection()); print_r($acl->getConnection()->getConnectionById(rcp_primaries()[0])); $dump = ob_get_clean();
echo 'secret in var_dump/print_r of the adapter: '; var_dump(str_contains($dump, $secret));
foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('ACL', 'DELUSER', 'adapteruser');
// per-seed URI parameters work too
$uri = array_map(fn ($s) => "tcp://$s?timeout=2&read_write_timeout=0", rcp_seeds());
var_dump(rcp_adapter_client([], $uri)->get('sw:a'));

echo "-- what the extension cannot do is refused clearly\n";
foreach ([
    fn () => rcp_adapter_client(['parameters' => ['protocol' => 3]])->get('a'),
    fn () => rcp_adapter_client([], ['unix:///tmp/redis.sock'])->get('a'),
    fn () => rcp_adapter_client(['parameters' => ['database' => 2]])->get('a'),
    fn () => $c->executeRaw(['SUBSCRIBE', 'ch']),
    fn () => $c->executeRaw(['NOSUCHCOMMAND']),
    fn () => $c->scan(0),
    fn () => (new ClusterConnection())->getPool(),
] as $f) {
    try { $f(); echo "no exception\n"; } catch (Throwable $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
echo "-- a seed that refuses connections: Predis' ConnectionException naming the node\n";
try { rcp_adapter_client([], ['tcp://127.0.0.1:1'])->get('a'); } catch (Predis\Connection\ConnectionException $e) { echo get_class($e), ': ', $e->getConnection(), "\n"; }
$c->del('sw:a', 'sw:h', 'sw:z', 'app:k1', 'app:k2', 'app:k3', $keys[1], 'acl:1');
?>
--EXPECTF--
-- the switch
string(41) "RedisClusterPool\Predis\ClusterConnection"
bool(true)
string(1) "v"
string(6) "string"
string(27) "Predis\Response\Status PONG"
string(1) "v"
string(2) "OK"
string(1) "v"
bool(true)
bool(true)
-- errors: exceptions on, then off
Predis\Response\ServerException: WRONGTYPE Operation against a key holding the wrong kind of value
string(21) "Predis\Response\Error"
string(9) "WRONGTYPE"
string(65) "WRONGTYPE Operation against a key holding the wrong kind of value"
bool(true)
-- prefix: Predis prefixes the keys once (the extension adds nothing)
array(4) {
  [0]=>
  string(3) "one"
  [1]=>
  string(3) "two"
  [2]=>
  string(5) "three"
  [3]=>
  NULL
}
array(3) {
  [0]=>
  string(3) "one"
  [1]=>
  string(3) "two"
  [2]=>
  string(5) "three"
}
-- cross-slot multi-key commands (Predis' own cluster refuses them)
Predis' cluster: Predis\NotSupportedException
bool(true)
array(4) {
  [0]=>
  string(1) "1"
  [1]=>
  string(1) "2"
  [2]=>
  string(1) "3"
  [3]=>
  NULL
}
int(3)
int(2)
array(3) {
  [0]=>
  NULL
  [1]=>
  string(1) "2"
  [2]=>
  NULL
}
Predis\NotSupportedException: names the slots
-- parameters reach the extension: ACL user + password
bool(true)
string(1) "x"
Predis\Response\ServerException: NOPERM
Predis\Connection\ConnectionException on RedisClusterPool\Predis\NodeConnection 1, secret in message: bool(false)
secret in var_dump/print_r of the adapter: bool(false)
string(1) "v"
-- what the extension cannot do is refused clearly
Predis\NotSupportedException: redis_cluster_pool speaks RESP2 only: remove the "protocol" parameter or set it to 2
Predis\NotSupportedException: redis_cluster_pool connects over TCP or TLS only (scheme 'unix' given)
InvalidArgumentException: %s
Predis\NotSupportedException: SUBSCRIBE cannot run on the pool's shared connections: a subscription needs a connection of its own; use RedisClusterPool::pubSubLoop() (through the Predis adapter: Predis\Client::pubSubLoop())
Predis\NotSupportedException: Unknown command 'NOSUCHCOMMAND'
Predis\NotSupportedException: Cannot use 'SCAN' with redis-cluster: iterate the nodes, foreach ($client as $node) $node->scan(...)
Predis\ClientException: No seed node: %s
-- a seed that refuses connections: Predis' ConnectionException naming the node
Predis\Connection\ConnectionException: 127.0.0.1:1

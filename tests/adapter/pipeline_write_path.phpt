--TEST--
Predis adapter: a Predis v3 cluster pipeline's commands are queued from the command objects (getConnectionByCommand() then write() of that command's serialization), and what is written is what is sent: other bytes written after getConnectionByCommand() (another command of the same length, two commands, bytes on a node-bound connection) are parsed and sent as written; argument values as Predis serializes them (empty, CR LF, binary, null, booleans, floats); replies read out of order are refused
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_predis_autoload('3.7', true);
rcp_flush_cluster();
$c = rcp_adapter_client();
$conn = $c->getConnection();
$raw = rcp_pool();

echo "-- after getConnectionByCommand(a), the bytes of another command of the same length: that one is sent\n";
$a = $c->createCommand('set', ['wp:a', 'A']);
$b = $c->createCommand('set', ['wp:b', 'B']);
var_dump(strlen($a->serializeCommand()) === strlen($b->serializeCommand()));
$node = $conn->getConnectionByCommand($a);
$node->write($b->serializeCommand());
var_dump((string) $node->readResponse($b), $raw->get('wp:a'), $raw->get('wp:b'));

echo "-- two commands in one write, after getConnectionByCommand() of the first\n";
$x = $c->createCommand('incr', ['wp:n']);
$y = $c->createCommand('get', ['wp:n']);
$node = $conn->getConnectionByCommand($x);
$node->write($x->serializeCommand() . $y->serializeCommand());
var_dump($node->readResponse($x), $node->readResponse($y));

echo "-- the command's own bytes, but on a node-bound connection: sent to that node as written\n";
$key = rcp_key_on(rcp_primaries()[1], 'wp');
$s = $c->createCommand('set', [$key, 'on-node']);
$conn->getConnectionByCommand($s);
$bound = $conn->getConnectionById(rcp_primaries()[1]);
$bound->write($s->serializeCommand());
var_dump((string) $bound->read(), $raw->get($key));

echo "-- argument values through a pipeline: stored as Predis serializes them\n";
$values = ['', "a\r\nb", "\r\n", "bin\0\xff", null, false, true, 0, -7, 1.5, 0.1, '0', str_repeat('x', 70000)];
$r = $c->pipeline(function ($p) use ($values) {
    foreach ($values as $i => $v) {
        $p->set("wp:v:$i", $v);
        $p->get("wp:v:$i");
    }
});
$ok = true;
foreach ($values as $i => $v) {
    $want = "$v";
    if ($r[2 * $i + 1] !== $want || $raw->get("wp:v:$i") !== $want) {
        $ok = false;
        echo "value #$i: ", json_encode([$r[2 * $i + 1], $raw->get("wp:v:$i"), $want]), "\n";
    }
}
var_dump($ok, count($r));
// the same keys as arguments with CR LF (a key the bytes could not be split on)
$r = $c->pipeline(fn ($p) => $p->set("wp:{k}\r\n1", 'x')->append("wp:{k}\r\n1", "\r\n")->get("wp:{k}\r\n1")->strlen("wp:{k}\r\n1"));
echo json_encode(rcp_predis_norm($r, true)), "\n";

echo "-- replies read out of order\n";
$g1 = $c->createCommand('get', ['wp:a']);
$g2 = $c->createCommand('incr', ['wp:n']);
$conn->getConnectionByCommand($g1)->write($g1->serializeCommand());
try {
    $conn->getConnectionByCommand($g2)->readResponse($g2);
    echo "no exception\n";
} catch (Predis\ClientException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($c->get('wp:b'));   // the connection is usable again
?>
--EXPECT--
-- after getConnectionByCommand(a), the bytes of another command of the same length: that one is sent
bool(true)
string(2) "OK"
NULL
string(1) "B"
-- two commands in one write, after getConnectionByCommand() of the first
int(1)
string(1) "1"
-- the command's own bytes, but on a node-bound connection: sent to that node as written
string(2) "OK"
string(7) "on-node"
-- argument values through a pipeline: stored as Predis serializes them
bool(true)
int(26)
["Predis\\Response\\Status:OK",3,"x\r\n",3]
-- replies read out of order
Predis\ClientException: Replies read out of order: the next reply is for GET, not INCR
string(1) "B"

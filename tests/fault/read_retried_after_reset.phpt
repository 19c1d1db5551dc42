--TEST--
A read whose pooled socket the server closes after receiving it (reset, CLIENT KILL, restart) is sent once more on a fresh connection, also with read => primary; a write is never sent twice (gh11 item 5)
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
// A fake node: a real server cannot be made to drop a connection exactly between receiving a command and
// answering it. Connection 0 (the pooled one) is closed when it receives GET reset:read or SET reset:write.
require __DIR__ . '/fake.inc';
$fake = rcp_fake_start(function (array $argv, array $ctx) {
    static $sets = 0, $gets = 0;
    $cmd = strtoupper($argv[0]);
    if ($cmd === 'GET' && $argv[1] === 'reset:count') return rcp_resp_encode("gets=$gets sets=$sets");
    if ($cmd === 'GET' && str_starts_with($argv[1], 'reset:read')) {
        $gets++;
        return $gets === 1 ? [RCP_FAKE_CLOSE] : rcp_resp_encode('fresh');
    }
    if ($cmd === 'SET' && $argv[1] === 'reset:write') {
        $sets++;
        return [RCP_FAKE_CLOSE];
    }
    return rcp_fake_default($argv, $ctx);
});
$pool = new RedisClusterPool($fake['addrs'], ['read' => 'primary', 'parameters' => ['read_write_timeout' => 2]]);
var_dump($pool->get('warm'));                      // connection 0 is now pooled
echo "read: ", json_encode($pool->get('reset:read')), "\n";
$s = $pool->stats();
echo "read retries counted: {$s['cluster']['read_retries']}\n";
var_dump($pool->get('warm'));                      // a fresh connection is pooled now; make it the one to fail
try {
    $pool->set('reset:write', 'x');
    echo "no exception\n";
} catch (RedisClusterPool\ConnectionException $e) {
    echo get_class($e), ': ', rcp_fake_msg($e), "\n";
}
echo $pool->get('reset:count'), "\n";
rcp_fake_stop($fake);
?>
--EXPECT--
string(6) "v:warm"
read: "fresh"
read retries counted: 1
string(6) "v:warm"
RedisClusterPool\ConnectionException: connection to ADDR closed by the server (command SET)
gets=2 sets=1

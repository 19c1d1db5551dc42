<?php
// One benchmark request: SET + GET + MGET of 10 keys sharing a hash tag, through the client named in ?client=.
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$tag = '{bench}';
$keys = array_map(fn($i) => "b:$tag:$i", range(0, 9));
$i = $_GET['i'] ?? '0';
$v = "x$i";
$k = "b:$tag:k$i";   // one key per request: concurrent requests must not race on one key
switch ($_GET['client'] ?? '') {
    case 'rcp':
        $c = new RedisClusterPool($seeds);
        $c->set($k, $v); $r = $c->get($k); $c->mget($keys);
        break;
    case 'predis':
        require getenv('RCP_PREDIS3_AUTOLOAD');
        $c = new Predis\Client($seeds, ['cluster' => 'redis']);
        $c->set($k, $v); $r = $c->get($k); $c->mget($keys);
        break;
    case 'phpredis':
        ini_set('redis.clusters.cache_slots', '1');
        $c = new RedisCluster(null, $seeds, 1.5, 1.5, true);
        $c->set($k, $v); $r = $c->get($k); $c->mget($keys);
        break;
    case 'ceiling':
        [$h, $p] = explode(':', $_GET['node']);
        $c = new Redis();
        $c->pconnect($h, (int) $p, 1.5);
        $c->set($k, $v); $r = $c->get($k); $c->mget($keys);
        break;
    default:
        http_response_code(400); exit('unknown client');
}
echo $r === $v ? 'ok' : 'bad';

--TEST--
Predis adapter under a framework: Symfony's RedisAdapter and RedisTagAwareAdapter (symfony/cache, installed with Composer) over Predis\Client with the extension as cluster backend: get/save/deferred commit/multi-get across nodes/delete/get-with-callback/namespace clear (per-node SCAN through the iterated primaries)/tag invalidation give the same results as over Predis' own cluster connection
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_predis_autoload('3.7', true);
use Symfony\Component\Cache\Adapter\RedisAdapter;
use Symfony\Component\Cache\Adapter\RedisTagAwareAdapter;

/** The calls an application makes through Symfony's cache; every result logged. */
function rcp_symfony_scenario(Predis\Client $client): array
{
    $log = [];
    $cache = new RedisAdapter($client, 'app', 0);
    $other = new RedisAdapter($client, 'other', 0);
    $log['miss'] = $cache->getItem('user.42')->isHit();
    $log['save'] = $cache->save($cache->getItem('user.42')->set(['name' => 'Ada', 'id' => 42]));
    $log['hit'] = [$cache->getItem('user.42')->isHit(), $cache->getItem('user.42')->get()];
    foreach (range(1, 40) as $i) {
        $cache->saveDeferred($cache->getItem("k$i")->set($i * 10));
    }
    $log['commit'] = $cache->commit();
    $items = [];
    foreach ($cache->getItems(['k1', 'k7', 'k40', 'missing']) as $k => $item) {
        $items[$k] = [$item->isHit(), $item->get()];
    }
    $log['getItems'] = $items;
    $log['delete'] = [$cache->hasItem('k3'), $cache->deleteItems(['k3', 'k4']), $cache->hasItem('k3'), $cache->hasItem('k5')];
    $calls = 0;
    $compute = function () use (&$calls) { $calls++; return 'computed'; };
    $log['callback'] = [$cache->get('lazy', $compute), $cache->get('lazy', $compute), $calls];
    $log['other'] = $other->save($other->getItem('keep')->set('kept'));
    $log['clear'] = $cache->clear();
    $log['after clear'] = [$cache->hasItem('user.42'), $cache->hasItem('k40'), $cache->hasItem('lazy'), $other->getItem('keep')->get()];

    $tags = new RedisTagAwareAdapter($client, 'tagged', 0);
    $tags->save($tags->getItem('a')->set('A')->tag(['t1']));
    $tags->save($tags->getItem('b')->set('B')->tag(['t1', 't2']));
    $tags->save($tags->getItem('c')->set('C')->tag(['t2']));
    $tags->save($tags->getItem('d')->set('D'));
    $log['tagged'] = [$tags->getItem('a')->get(), $tags->getItem('b')->get(), $tags->getItem('c')->get()];
    $log['invalidate t1'] = $tags->invalidateTags(['t1']);
    $log['after t1'] = [$tags->hasItem('a'), $tags->hasItem('b'), $tags->hasItem('c'), $tags->hasItem('d')];
    $log['invalidate t2'] = $tags->invalidateTags(['t2']);
    $log['after t2'] = [$tags->hasItem('c'), $tags->hasItem('d')];
    $log['tag clear'] = $tags->clear();
    $log['after tag clear'] = [$tags->hasItem('d'), $other->getItem('keep')->get()];
    return $log;
}

rcp_flush_cluster();
$predis = rcp_predis_cluster_client();
$predis->getConnection()->askSlotMap();
$theirs = rcp_outcome(fn () => rcp_symfony_scenario($predis));
rcp_flush_cluster();
$ours = rcp_outcome(fn () => rcp_symfony_scenario(rcp_adapter_client()));
var_dump($ours === $theirs);
echo json_encode($ours, JSON_PRETTY_PRINT), "\n";
if ($ours !== $theirs) echo "Predis' own cluster: ", json_encode($theirs, JSON_PRETTY_PRINT), "\n";
?>
--EXPECT--
bool(true)
[
    "ok",
    {
        "miss": false,
        "save": true,
        "hit": [
            true,
            {
                "name": "Ada",
                "id": 42
            }
        ],
        "commit": true,
        "getItems": {
            "k1": [
                true,
                10
            ],
            "k7": [
                true,
                70
            ],
            "k40": [
                true,
                400
            ],
            "missing": [
                false,
                null
            ]
        },
        "delete": [
            true,
            true,
            false,
            true
        ],
        "callback": [
            "computed",
            "computed",
            1
        ],
        "other": true,
        "clear": true,
        "after clear": [
            false,
            false,
            false,
            "kept"
        ],
        "tagged": [
            "A",
            "B",
            "C"
        ],
        "invalidate t1": true,
        "after t1": [
            false,
            false,
            true,
            true
        ],
        "invalidate t2": true,
        "after t2": [
            false,
            true
        ],
        "tag clear": true,
        "after tag clear": [
            false,
            "kept"
        ]
    }
]

--TEST--
Laravel connector, Redis::subscribe()/psubscribe() while the extension has no pub/sub: a NotSupportedException naming what is missing (RedisClusterPool::pubSubLoop()); the connection's subscription code, run over a client double that has a Predis-shaped pubSubLoop(), hands Laravel's callback the message and pmessage payloads with their channels and nothing else. Once the extension has pubSubLoop(), this test says to enable tests/laravel/subscribe.phpt.pending instead
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/laravel.inc';
rcp_laravel_autoload();
use Illuminate\Support\Facades\Redis;

if (method_exists(RedisClusterPool::class, 'pubSubLoop')) {
    echo "RedisClusterPool has pubSubLoop() now: rename tests/laravel/subscribe.phpt.pending to subscribe.phpt, delete this test, and update docs/LARAVEL.md's pub/sub section\n";
    exit(1);
}

rcp_laravel_app('connector');
foreach (['subscribe', 'psubscribe'] as $method) {
    try {
        Redis::$method(['news'], fn () => null);
        echo "$method: returned\n";
    } catch (RedisClusterPool\Laravel\NotSupportedException $e) {
        echo "$method: ", get_class($e), ': ', preg_replace('/extension \S+ loaded/', 'extension VERSION loaded', $e->getMessage()), "\n";
    }
}

/** A RedisClusterPool stand-in with a pubSubLoop() of Predis' shape (a consumer to subscribe on, then iterate). */
$double = new class implements RedisClusterPool\ClientInterface {
    public array $calls = [];
    public function __call(string $name, array $arguments): mixed { throw new LogicException("unexpected $name"); }
    public function executeRaw(array $arguments, mixed &$error = null): mixed { return null; }
    public function pipeline(?callable $callback = null): RedisClusterPool\PipelineInterface|array { return []; }
    public function transaction(mixed $optionsOrCallback = null, ?callable $callback = null): RedisClusterPool\TransactionInterface|array|null { return null; }
    public function scanAll(?string $match = null, int $count = 0, ?string $type = null): Iterator { return new ArrayIterator([]); }
    public function getSlotMap(): array { return ['nodes' => [], 'slots' => []]; }
    public function nodeForKey(string $key): string { return ''; }
    public function stats(): array { return []; }
    public function pubSubLoop(): IteratorAggregate
    {
        $double = $this;
        return new class ($double) implements IteratorAggregate {
            public function __construct(private object $double) {}
            public function __call(string $m, array $a): void { $this->double->calls[] = [$m, $a]; }
            public function getIterator(): Generator
            {
                yield (object) ['kind' => 'subscribe', 'channel' => 'news', 'payload' => 1];
                yield (object) ['kind' => 'message', 'channel' => 'news', 'payload' => 'hello'];
                yield (object) ['kind' => 'pmessage', 'channel' => 'news.eu', 'payload' => 'bonjour', 'pattern' => 'news.*'];
                yield (object) ['kind' => 'pong', 'channel' => null, 'payload' => 'PONG'];
            }
        };
    }
};
$c = new RedisClusterPool\Laravel\ClusterConnection($double);
$got = [];
$c->subscribe(['news', 'sport'], function ($payload, $channel) use (&$got) { $got[] = [$payload, $channel]; });
$c->psubscribe('news.*', function ($payload, $channel) use (&$got) { $got[] = [$payload, $channel]; });
echo 'loop calls: ', json_encode($double->calls), "\n";
echo 'callback got: ', json_encode($got), "\n";
?>
--EXPECT--
subscribe: RedisClusterPool\Laravel\NotSupportedException: Redis::subscribe() needs pub/sub (RedisClusterPool::pubSubLoop()), which the redis_cluster_pool extension VERSION loaded here does not have yet: use a build with pub/sub, or another Redis connection (client 'phpredis' or 'predis') for subscriptions
psubscribe: RedisClusterPool\Laravel\NotSupportedException: Redis::psubscribe() needs pub/sub (RedisClusterPool::pubSubLoop()), which the redis_cluster_pool extension VERSION loaded here does not have yet: use a build with pub/sub, or another Redis connection (client 'phpredis' or 'predis') for subscriptions
loop calls: [["subscribe",["news","sport"]],["psubscribe",["news.*"]]]
callback got: [["hello","news"],["bonjour","news.eu"],["hello","news"],["bonjour","news.eu"]]

--TEST--
Predis adapter, Predis 3.6: Predis' own pubSubLoop() over the adapter: subscribe, psubscribe and ssubscribe on its consumer, 400 messages from a publisher process (another Predis client) each received once (sharded ones as "message" frames, which Predis' consumer knows), ping, stop() ending the loop, the callback form, Predis' DispatcherLoop over shard channels, read_write_timeout as Predis' timeout exception, disconnect() closing the subscription
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/pubsub.inc';
rcp_adapter_pubsub_run('3.6');
?>
--EXPECT--
Predis 3.6.x
Predis\Consumer\PubSub\Consumer
{"kind":"subscribe","channel":"ad:a","payload":1}
{"kind":"subscribe","channel":"ad:b","payload":2}
{"kind":"psubscribe","channel":"ad:p*","payload":3}
{"kind":"ssubscribe","channel":"S0","payload":4}
{"kind":"ssubscribe","channel":"S2","payload":5}
ad:a: 100 messages, each once: true
ad:pq: 100 messages, each once: true
S0: 100 messages, each once: true
S2: 100 messages, each once: true
a message: {"kind":"message","channel":"CHANNEL","payload":"CHANNEL#N"}
a pattern's: {"kind":"pmessage","pattern":"ad:p*","channel":"CHANNEL","payload":"CHANNEL#N"}
a shard channel's: {"kind":"message","channel":"CHANNEL","payload":"CHANNEL#N"}
{"kind":"pong","payload":"hi"}
stop(): true
frames after stop(): unsubscribe 4, unsubscribe 3, punsubscribe 2, sunsubscribe 1, sunsubscribe 0; for ad:a, ad:b, ad:p*, S0, S2
the loop ended; PUBSUB NUMSUB ad:a: 0
callback: {"kind":"subscribe","channel":"ad:cb","payload":1}
callback: {"kind":"message","channel":"ad:cb","payload":"one"}
callback: {"kind":"unsubscribe","channel":"ad:cb","payload":0}
pubSubLoop(options, callback): null
dispatched: to the dispatcher
the dispatcher ended
{"kind":"subscribe","channel":"ad:quiet","payload":1}
Predis\TimeoutException, previous: RedisClusterPool\TimeoutException: no pub/sub frame within read_write_timeout
after disconnect(): PUBSUB NUMSUB ad:quiet: 0

--TEST--
What the staleness bound relies on, checked on this leg's server: on a connection with CLIENT TRACKING on BCAST (RESP3), the invalidation of a write acknowledged to another client always arrives before the reply to a PING sent after that acknowledgement (2,000 writes on each primary, none out of order); the same over RESP2 with REDIRECT to itself and SUBSCRIBE
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';

/** A connection that reads RESP3 (pushes, maps, nulls) as [type, value]. */
final class Resp3
{
    private $s;
    public function __construct(string $addr)
    {
        $ssl = rcp_raw_ssl();
        $this->s = $ssl === null ? stream_socket_client("tcp://$addr", $e, $es, 5)
            : stream_socket_client("tls://$addr", $e, $es, 5, STREAM_CLIENT_CONNECT, stream_context_create(['ssl' => $ssl]));
        stream_set_timeout($this->s, 10);
    }
    public function send(string ...$argv): void
    {
        $o = '*' . count($argv) . "\r\n";
        foreach ($argv as $a) $o .= '$' . strlen($a) . "\r\n$a\r\n";
        fwrite($this->s, $o);
    }
    public function read(): array
    {
        $l = fgets($this->s);
        if ($l === false) throw new RuntimeException('closed or timed out');
        [$t, $p] = [$l[0], substr($l, 1, -2)];
        switch ($t) {
            case '$': case '=':
                if ((int) $p < 0) return [$t, null];
                $d = '';
                while (strlen($d) < (int) $p + 2) $d .= fread($this->s, (int) $p + 2 - strlen($d));
                return [$t, substr($d, 0, -2)];
            case '*': case '>': case '~': case '%':
                if ((int) $p < 0) return [$t, null];
                $a = [];
                for ($i = 0; $i < (int) $p * ($t === '%' ? 2 : 1); $i++) $a[] = $this->read()[1];
                return [$t, $a];
            default:
                return [$t, $p];
        }
    }
}

foreach (['RESP3 BCAST' => 3, 'RESP2 BCAST REDIRECT + SUBSCRIBE' => 2] as $name => $proto) {
    $late = $total = 0;
    foreach (rcp_primaries() as $p) {
        $t = new Resp3($p);
        if ($proto === 3) {
            $t->send('HELLO', '3');
            $t->read();
            $t->send('CLIENT', 'TRACKING', 'on', 'BCAST');
            $t->read();
        } else {
            $t->send('CLIENT', 'ID');
            $id = $t->read()[1];
            $t->send('CLIENT', 'TRACKING', 'on', 'BCAST', 'REDIRECT', $id);
            $t->read();
            $t->send('SUBSCRIBE', '__redis__:invalidate');
            $t->read();
        }
        $w = rcp_raw($p);
        $k = rcp_key_on($p, 'corder');
        for ($i = 0; $i < 2000; $i++) {
            $w->cmd('SET', $k, (string) $i);        // acknowledged
            $t->send('PING');                        // sent after the acknowledgement
            $seen = false;
            while (true) {
                [$type, $v] = $t->read();
                $pong = $proto === 3 ? $type === '+' && $v === 'PONG' : is_array($v) && ($v[0] ?? '') === 'pong';
                if ($pong) break;
                $keys = $proto === 3 ? (($v[0] ?? '') === 'invalidate' ? $v[1] : null)
                    : (($v[0] ?? '') === 'message' ? $v[2] : null);
                if (is_array($keys) && in_array($k, $keys, true)) $seen = true;
            }
            $late += !$seen;
            $total++;
        }
        $w->cmd('DEL', $k);
    }
    echo "$name: $total writes, invalidation after the PONG: $late\n";
}
?>
--EXPECT--
RESP3 BCAST: 6000 writes, invalidation after the PONG: 0
RESP2 BCAST REDIRECT + SUBSCRIBE: 6000 writes, invalidation after the PONG: 0

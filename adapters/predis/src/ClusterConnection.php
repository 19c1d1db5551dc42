<?php

/*
 * ClusterConnection - a Predis cluster connection backed by the redis_cluster_pool extension.
 *
 *   new Predis\Client($seeds, ['cluster' => [RedisClusterPool\Predis\ClusterConnection::class, 'create']]);
 *
 * Predis keeps doing what it does above the connection (command objects, argument handling, the key
 * prefix, reply parsing, the "exceptions" option, pipelines and transactions); this class only moves
 * commands: every command becomes an argv sent with RedisClusterPool::rawPipeline() / rawOnNodes(), and
 * the replies come back in the shapes Predis' own RESP2 connection gives (Predis\Response\Status for
 * OK/QUEUED/NOKEY/PONG, strings for other status replies, Predis\Response\Error for error replies) so
 * that $command->parseResponse() and Predis\Client do the rest, exactly as with Predis' own cluster.
 *
 * Invariants:
 *  - the extension object is created without a prefix and with exceptions irrelevant (the raw API never
 *    throws error replies): Predis' prefix processor has already prefixed the keys in the command object;
 *  - extension exceptions never escape: they become Predis exceptions (translate());
 *  - commands written without being read (pipelines: write()/writeRequest() then readResponse()) are
 *    queued and sent together at the first read, in one parallel round trip;
 *  - a command is queued as its object's id and arguments, never re-encoded: Predis v2's pipelines hand the
 *    objects over (writeRequest()); Predis v3's ask getConnectionByCommand() for each and then write its
 *    serialization to that node, which is taken as that command when the bytes are exactly its serialization
 *    (queueBuffer(); other bytes are parsed and sent as written). Replies are converted when they are read;
 *  - what is sent is what Predis wrote: nothing is re-routed by Predis' choice of node (the extension routes
 *    every command by its keys), and nothing written is dropped or sent twice;
 *  - MULTI/EXEC/DISCARD/WATCH/UNWATCH go through a dedicated Predis connection to the slot's node (see
 *    NodeConnection): per-connection state never touches the extension's shared sockets.
 *
 * Works with Predis v2 and v3 (the v3-only interface methods are simply extra methods under v2).
 */

declare(strict_types=1);

namespace RedisClusterPool\Predis;

use ArrayIterator;
use Countable;
use IteratorAggregate;
use Predis\ClientException;
use Predis\Cluster\RedisStrategy;
use Predis\Cluster\StrategyInterface;
use Predis\Command\CommandInterface;
use Predis\Command\RawCommand;
use Predis\Configuration\OptionsInterface;
use Predis\Connection\Cluster\ClusterInterface;
use Predis\Connection\ConnectionException;
use Predis\Connection\Factory;
use Predis\Connection\FactoryInterface;
use Predis\Connection\NodeConnectionInterface;
use Predis\Connection\ParametersInterface;
use Predis\NotSupportedException;
use Predis\Response\Error;
use Predis\Response\Status;
use RedisClusterPool;
use Traversable;

// Imported so that PHP compiles them as the engine's own opcodes, not as calls looked up at run time in this
// namespace first (the hot paths: every command and every pipelined command goes through them).
use function array_is_list;
use function count;
use function is_array;
use function is_object;
use function is_string;
use function strlen;
use function strtoupper;

final class ClusterConnection implements ClusterInterface, IteratorAggregate, Countable
{
    /** Commands that give a connection a state: sent on a dedicated Predis connection (NodeConnection). */
    public const STATEFUL = ['MULTI' => true, 'EXEC' => true, 'DISCARD' => true, 'WATCH' => true, 'UNWATCH' => true];
    /** The commands executeCommand() cannot send as they are: the stateful ones, and SCAN (refused, with why) */
    private const SPECIAL = self::STATEFUL + ['SCAN' => true];

    private ?RedisClusterPool $pool;
    private ParametersInterface $parameters;
    private FactoryInterface $factory;
    private ?StrategyInterface $strategy = null;
    /** @var list<NodeConnectionInterface> seeds given to Predis\Client (added by Predis before first use) */
    private array $seeds = [];
    /** @var array<string, NodeConnection> node objects bound to one node, by "host:port" */
    private array $nodes = [];
    /** @var array<string, NodeConnection> node objects whose commands are routed by key, by "host:port" */
    private array $routed = [];
    /** @var ?list<array{0: int, 1: int, 2: string}> slot ranges [from, to, primary] of the extension's map */
    private ?array $ranges = null;
    /** @var array<int, string> slot => "host:port" learnt from MOVED replies on transaction connections */
    private array $moved = [];
    /** @var list<list<mixed>> commands written, not yet sent: argv lists ([name, arg, ...]) */
    private array $queue = [];
    /** @var array<int, string> the queued commands bound to a node (the others go by key): index => "host:port" */
    private array $queueNodes = [];
    /** @var list<CommandInterface|string> the queued commands' objects (or names, for bytes parsed back) */
    private array $queueFor = [];
    /** @var list<mixed> replies received, not yet read, in the extension's shapes (converted when read) */
    private array $replies = [];
    /** @var list<CommandInterface|string> what each unread reply answers (the queue's entries, sent) */
    private array $repliesFor = [];
    private int $next = 0;
    /** the command getConnectionByCommand() was last asked about: Predis v3 writes its serialization next */
    private ?CommandInterface $routing = null;
    /** @var ?list<mixed> that command's argv, when getConnectionByCommand() built it */
    private ?array $routingArgv = null;
    /** @var array<int, NodeConnection> routed node objects by slot (-1: keyless), while the slot map is kept */
    private array $bySlot = [];
    /** @var array<string, true> command names (as the command objects give them) that are not SPECIAL */
    private array $plain = [];
    /** @var array<string, true> command names whose first key is their first argument (slotOf()) */
    private static array $keyFirst = [];
    /** the node whose dedicated connection holds a MULTI or WATCH begun through executeCommand() */
    private ?NodeConnection $transactionNode = null;
    /** MULTI was sent as a command without a key: it goes out with the next command, to that one's node */
    private bool $deferredMulti = false;
    /** the extension's pub/sub consumer that Predis' consumer (pubSubLoop()) writes to and reads from */
    private ?RedisClusterPool\PubSubConsumer $pubsub = null;

    /**
     * @param array<string, mixed>|ParametersInterface $parameters defaults for every node (Predis' "parameters"
     *        option: username, password, timeout, read_write_timeout); seeds come through add()
     * @param ?FactoryInterface $factory Predis' connection factory, used for the dedicated transaction
     *        connections (it applies the same parameters)
     * @param ?RedisClusterPool $pool an extension object to use instead of one built from the parameters
     * @param mixed $cache the extension's read cache option ('cache' => true or [...]: README "The read cache"),
     *        from Predis\Client's "cache" option; null: none
     */
    public function __construct(
        #[\SensitiveParameter] array|ParametersInterface $parameters = [],
        ?FactoryInterface $factory = null,
        ?RedisClusterPool $pool = null,
        private mixed $cache = null
    ) {
        ExtensionNotLoadedException::check(self::class);
        $this->parameters = new ConnectionParameters(self::withoutRetry($parameters instanceof ParametersInterface ? $parameters->toArray() : $parameters));
        if ($factory === null) {
            $factory = new Factory();
            $factory->setDefaultParameters($this->parameters->toArray());
        }
        $this->factory = $factory;
        $this->pool = $pool;
    }

    /**
     * The "cluster" option's initializer (Predis calls it with the seeds, the client options and the option):
     * 'cluster' => [RedisClusterPool\Predis\ClusterConnection::class, 'create'].
     */
    public static function create(#[\SensitiveParameter] mixed $parameters = null, ?OptionsInterface $options = null): self
    {
        $defaults = $options !== null && $options->defined('parameters') ? (array) $options->parameters : [];
        $factory = $options?->connections;
        $cache = $options !== null && $options->defined('cache') ? $options->cache : null;

        return new self($defaults, $factory instanceof FactoryInterface ? $factory : null, null, $cache);
    }

    // ---- Predis\Connection\ConnectionInterface ----------------------------------------------------

    public function connect()
    {
        $this->slotRanges(true);
    }

    /**
     * Closes the dedicated transaction connections. Commands written and not read yet are sent first (their
     * replies dropped): Predis' fire-and-forget pipeline writes, then disconnects.
     */
    public function disconnect()
    {
        try {
            if ($this->queue !== []) {
                $this->flush();
            }
        } finally {
            $this->queue = $this->queueNodes = $this->queueFor = [];
            $this->replies = $this->repliesFor = [];
            $this->next = 0;
            $this->routing = $this->routingArgv = null;
            $this->transactionNode = null;
            $this->deferredMulti = false;
            $this->pubsub = null;   // its connections close: the subscriptions end
            foreach ([...array_values($this->nodes), ...array_values($this->routed)] as $node) {
                $node->disconnect();
            }
        }
    }

    public function isConnected()
    {
        return $this->pool !== null;
    }

    public function writeRequest(CommandInterface $command)
    {
        if ($this->pubSubWrite($command)) {
            return;
        }
        $this->queue[] = [$command->getId(), ...$command->getArguments()];
        $this->queueFor[] = $command;
    }

    public function readResponse(CommandInterface $command)
    {
        return $this->nextReply($command);
    }

    /** Predis v3 writes serialized commands; they are queued like writeRequest(). */
    public function write(string $buffer): void
    {
        $this->queueBuffer($buffer, null);
    }

    public function executeCommand(CommandInterface $command)
    {
        $id = $command->getId();
        if ($this->transactionNode === null && !$this->deferredMulti && (isset($this->plain[$id]) || $this->isPlain($id))) {
            // the common case, no connection state: the command routed by key (runOne(), inlined: this is the
            // path of every command a Predis\Client runs, and the call costs ~2% of it)
            try {
                $r = ($this->pool ?? $this->pool())->rawPipeline([[$id, ...$command->getArguments()]])[0];
            } catch (RedisClusterPool\Exception $e) {
                throw $this->translate($e);
            }

            return is_object($r) || is_array($r) ? self::toPredis($r) : $r;
        }
        // Inside MULTI, everything Predis sends through the cluster connection belongs to the transaction:
        // Predis 3.6 sends the queued commands here rather than to the node's connection. They must reach the
        // node's dedicated connection (and be QUEUED there), never run at once on a pooled socket: a
        // transaction is all or nothing. While only a WATCH is held, the commands of the WATCHed slot go there.
        if ($this->transactionNode !== null) {
            if ($this->transactionNode->holds($command, $command->getSlot() ?? self::slotOf([$command->getId(), ...$command->getArguments()]))) {
                return $this->transactionNode->executeCommand($command);
            }
            if (!$this->transactionNode->inTransaction()) {
                $this->transactionNode = null;
            }
        }
        $id = strtoupper($id);
        if ($this->deferredMulti) {
            // MULTI sent as a command, with no key to choose a node: it goes, with this command, to the node of
            // the transaction's first key (as Predis 3.7's own strategy defers MULTI)
            if ($id === 'EXEC' || $id === 'DISCARD') {
                $this->deferredMulti = false;

                return $id === 'EXEC' ? [] : Status::get('OK');
            }
            if ($id !== 'MULTI') {
                $node = $this->getConnectionByCommand($command);
                $multi = $node->executeCommand(RawCommand::create('MULTI'));
                $this->deferredMulti = false;
                if ($node->inTransaction()) {
                    $this->transactionNode = $node;

                    return $node->executeCommand($command);
                }

                return $multi;   // MULTI refused: its error, and nothing was queued
            }
        }
        if ($id === 'MULTI' && $command->getSlot() === null) {
            $this->deferredMulti = true;

            return Status::get('OK');
        }
        if (isset(self::STATEFUL[$id])) {
            $node = $this->getConnectionByCommand($command);
            $reply = $node->executeCommand($command);
            if ($node->inTransaction()) {
                $this->transactionNode = $node;
            }

            return $reply;
        }

        return $this->send([[$command->getId(), ...$command->getArguments()]])[0];
    }

    public function getParameters()
    {
        return $this->parameters;
    }

    // ---- Predis\Connection\AggregateConnectionInterface -------------------------------------------

    /** Predis adds the client's seed nodes here; they seed the extension's discovery. */
    public function add(NodeConnectionInterface $connection)
    {
        $this->seeds[] = $connection;
    }

    /** Nodes come and go with the cluster's own topology (the extension's slot map): nothing to remove. */
    public function remove(NodeConnectionInterface $connection)
    {
        return false;
    }

    /**
     * The node of the command's first key (a routed node object: what is written to it goes by key). Predis v3's
     * pipelines ask this, then write the command's serialization to that node: the command is remembered so that
     * write() can queue its argv instead of parsing the bytes back (queueBuffer()).
     */
    public function getConnectionByCommand(CommandInterface $command)
    {
        $this->routing = $command;
        $slot = $command->getSlot();
        if ($slot === null) {
            $this->routingArgv = $argv = [$command->getId(), ...$command->getArguments()];
            $slot = isset(self::$keyFirst[$argv[0]], $argv[1]) && array_is_list($argv)
                ? RedisClusterPool::keySlot((string) $argv[1])   // slotOf()'s first case, inlined
                : self::slotOf($argv);
            if ($slot === null) {
                return $this->bySlot[-1] ??= $this->routedNode($this->primaries()[0]);
            }
            $command->setSlot($slot);   // as Predis' own strategy does: pipelines ask twice per command
        } else {
            $this->routingArgv = null;
        }

        return $this->bySlot[$slot] ??= $this->routedNode($this->ownerOf($slot));
    }

    public function getConnectionById($connectionID)
    {
        $id = (string) $connectionID;
        if (!isset($this->nodes[$id])) {
            if (!isset($this->slotMap()['nodes'][$id])) {
                return null;
            }
            $this->nodes[$id] = $this->newNode($id, false);
        }

        return $this->nodes[$id];
    }

    // ---- Predis\Connection\Cluster\ClusterInterface (v3) ------------------------------------------

    /** The command on every primary, in parallel (one round trip); raw replies in primaries' order. */
    public function executeCommandOnEachNode(CommandInterface $command): array
    {
        $argv = self::argv($command);
        $batch = [];
        foreach ($this->primaries() as $id) {
            $batch[$id] = [$argv];
        }

        return array_map(static fn (array $r) => $r[0], array_values($this->sendOnNodes($batch)));
    }

    public function getClusterStrategy(): StrategyInterface
    {
        return $this->strategy ??= new RedisStrategy();
    }

    // ---- what Predis' RedisCluster also offers ----------------------------------------------------

    /** The node serving $slot (commands written to it are routed by key). */
    public function getConnectionBySlot($slot)
    {
        if (!is_int($slot) || $slot < 0 || $slot > 16383) {
            throw new \OutOfBoundsException('Invalid slot [' . (is_scalar($slot) ? $slot : get_debug_type($slot)) . '].');
        }

        return $this->routedNode($this->ownerOf($slot));
    }

    public function getConnectionByKey($key)
    {
        return $this->getConnectionBySlot(RedisClusterPool::keySlot((string) $key));
    }

    /** The primaries, as node connections bound to them (Symfony's cache clear walks them). */
    public function getIterator(): Traversable
    {
        $nodes = [];
        foreach ($this->primaries() as $id) {
            $nodes[$id] = $this->getConnectionById($id);
        }

        return new ArrayIterator($nodes);
    }

    public function count(): int
    {
        return count($this->primaries());
    }

    /** var_dump()/print_r(): what may be shown; never the parameters (they hold the password). */
    public function __debugInfo(): array
    {
        return [
            'seeds' => array_map(static fn ($s) => (string) $s, $this->seeds),
            'pool' => $this->pool,
            'queued' => count($this->queue),
            'unread' => count($this->replies) - $this->next,
        ];
    }

    /** The extension object (created on first use from the seeds and parameters). */
    public function getPool(): RedisClusterPool
    {
        return $this->pool();
    }

    // ---- Predis' pub/sub consumer (Predis 3: Client::pubSubLoop()) --------------------------------

    /** Commands Predis' consumer writes, and the extension consumer's method for each. */
    private const PUBSUB = ['SUBSCRIBE' => 'subscribe', 'PSUBSCRIBE' => 'psubscribe', 'SSUBSCRIBE' => 'ssubscribe',
        'UNSUBSCRIBE' => 'unsubscribe', 'PUNSUBSCRIBE' => 'punsubscribe', 'SUNSUBSCRIBE' => 'sunsubscribe'];

    /**
     * Predis' consumer writes SUBSCRIBE & co. (and PING) with writeRequest(), then read()s the frames: they go to
     * the extension's consumer (RedisClusterPool::pubSubLoop()), on connections of its own, never the pooled
     * sockets. PING is the consumer's while one is open (on Predis' own connection, a PING while subscribed is the
     * pub/sub PING); else it is an ordinary command. True when the command was taken here.
     */
    private function pubSubWrite(CommandInterface $command): bool
    {
        $id = $command->getId();
        if (!isset(self::PUBSUB[$id]) && ($id !== 'PING' || $this->pubsub === null)) {
            return false;
        }
        try {
            if ($this->pubsub === null) {
                // Predis' read_write_timeout bounds a read: with it, a read that times out throws (as Predis'
                // socket read does); without it, or 0 or less, a read waits as long as it takes
                $all = ($this->seeds ? $this->seeds[0]->getParameters()->toArray() : []) + $this->parameters->toArray();
                $rw = (float) ($all['read_write_timeout'] ?? 0);
                $this->pubsub = $this->pool()->pubSubLoop($rw > 0 ? ['timeout' => $rw] : []);
            }
            $arguments = array_values(array_filter($command->getArguments(), static fn ($a) => $a !== null));
            if ($id === 'PING') {
                $this->pubsub->ping(...$arguments);
            } else {
                $this->pubsub->{self::PUBSUB[$id]}(...$arguments);
            }
        } catch (RedisClusterPool\Exception $e) {
            throw $this->translate($e);
        }

        return true;
    }

    /**
     * The next pub/sub frame, as Predis' connection reads it: [kind, channel, payload], [pmessage, pattern, channel,
     * payload], [pong, payload]. A sharded message comes as a "message" frame: Predis' consumer knows no "smessage"
     * (it would throw on it), and its DispatcherLoop dispatches sharded messages as "message".
     */
    public function read()
    {
        try {
            if ($this->pubsub === null || !$this->pubsub->valid()) {
                throw new ClientException('No pub/sub frame to read: nothing is subscribed on this connection');
            }
            $m = $this->pubsub->current();
            $this->pubsub->next();
        } catch (RedisClusterPool\Exception $e) {
            throw $this->translate($e);
        }

        return match ($m->kind) {
            'pmessage' => ['pmessage', $m->pattern, $m->channel, $m->payload],
            'pong' => ['pong', $m->payload],
            'smessage' => ['message', $m->channel, $m->payload],
            'timeout' => throw $this->translate(new RedisClusterPool\TimeoutException(
                'no pub/sub frame within read_write_timeout'
            )),
            default => [$m->kind, $m->channel, $m->payload],
        };
    }

    // ---- used by NodeConnection -------------------------------------------------------------------

    /** @internal Run one command on $node ("host:port"), or routed by its keys when $node is null. */
    public function executeOn(?string $node, CommandInterface $command): mixed
    {
        $argv = [$command->getId(), ...$command->getArguments()];
        if ($node === null) {
            return isset(self::SPECIAL[strtoupper($argv[0])]) ? $this->send([$argv])[0] : $this->runOne($argv);
        }

        return $this->sendOnNodes([$node => [$argv]])[$node][0];
    }

    /**
     * @internal Queue serialized commands (one or more RESP arrays) for $node, or by key when null.
     * Predis v3's cluster pipelines write each command's serialization to the node getConnectionByCommand() gave
     * for it: when the bytes are exactly that command's serialization, its argv is queued as it is (no parsing);
     * anything else is parsed back into argv lists.
     */
    public function queueBuffer(string $buffer, ?string $node): void
    {
        $command = $this->routing;
        if ($command !== null) {
            $this->routing = null;
            if ($node === null) {
                $argv = $this->routingArgv ?? [$command->getId(), ...$command->getArguments()];
                // the bytes Predis' Command::serializeCommand() makes of $argv (values as PHP casts them)?
                $n = count($argv);
                $expected = "*{$n}\r\n";
                foreach ($argv as $arg) {
                    $len = strlen((string) $arg);
                    $expected .= "\${$len}\r\n{$arg}\r\n";
                }
                if ($buffer === $expected) {
                    $this->queue[] = $argv;
                    $this->queueFor[] = $command;

                    return;
                }
            }
        }
        foreach (self::parseRequests($buffer) as $argv) {
            if ($node !== null) {
                $this->queueNodes[count($this->queue)] = $node;
            }
            $this->queue[] = $argv;
            $this->queueFor[] = $argv[0];
        }
    }

    /** @internal Queue a command object for $node, or by key when null. */
    public function queueCommand(CommandInterface $command, ?string $node): void
    {
        if ($node !== null) {
            $this->queueNodes[count($this->queue)] = $node;
        }
        $this->queue[] = [$command->getId(), ...$command->getArguments()];
        $this->queueFor[] = $command;
    }

    /** @internal True when replies were received and not read yet, or commands wait to be sent. */
    public function hasPending(): bool
    {
        return $this->queue !== [] || isset($this->repliesFor[$this->next]);
    }

    /**
     * @internal The next reply of the queued commands, sending them all first (one round trip) if needed.
     * With $command, checks that the reply is the one of that command (Predis reads in write order).
     */
    public function nextReply(?CommandInterface $command): mixed
    {
        $i = $this->next;
        if (!isset($this->repliesFor[$i])) {
            $this->flush();
            $i = 0;
            if (!isset($this->repliesFor[0])) {
                throw new ClientException('No reply to read: no command was written on this connection');
            }
        }
        $for = $this->repliesFor[$i];
        $reply = $this->replies[$i];
        if (isset($this->repliesFor[++$i])) {
            $this->next = $i;
        } else {
            $this->replies = $this->repliesFor = [];
            $this->next = 0;
        }
        if ($command !== null && $for !== $command) {
            $name = is_string($for) ? $for : (string) $for->getId();
            if (strcasecmp($name, $command->getId()) !== 0) {
                $this->disconnect();
                throw new ClientException("Replies read out of order: the next reply is for $name, not {$command->getId()}");
            }
        }

        return is_object($reply) || is_array($reply) ? self::toPredis($reply) : $reply;
    }

    /**
     * @internal A MOVED reply seen on a transaction connection (those bypass the extension, which follows
     * MOVED itself): the slot's node for the next transactions. The server's answer is authoritative.
     */
    public function applyMoved(string $message): void
    {
        $parts = explode(' ', $message);
        if (count($parts) === 3 && $parts[0] === 'MOVED' && ctype_digit($parts[1]) && (int) $parts[1] < 16384) {
            $this->moved[(int) $parts[1]] = $parts[2];
            unset($this->bySlot[(int) $parts[1]]);
        }
    }

    /** @internal A dedicated Predis connection to one node (transactions), with the client's parameters. */
    public function openStream(string $node): NodeConnectionInterface
    {
        [$host, $port] = self::splitAddress($node);

        return $this->factory->create(['host' => $host, 'port' => $port] + $this->nodeParameters());
    }

    // ---- internals --------------------------------------------------------------------------------

    private function pool(): RedisClusterPool
    {
        if ($this->pool !== null) {
            return $this->pool;
        }
        $seeds = [];
        $first = null;
        $tls = null;
        foreach ($this->seeds as $seed) {
            $p = $seed->getParameters();
            $first ??= $p;
            $scheme = strtolower((string) ($p->scheme ?? 'tcp'));
            if (!in_array($scheme, ['tcp', 'redis', 'tls', 'rediss'], true)) {
                throw new NotSupportedException("redis_cluster_pool connects over TCP or TLS only (scheme '$scheme' given)");
            }
            $seedTls = $scheme === 'tls' || $scheme === 'rediss';
            if ($tls !== null && $tls !== $seedTls) {
                throw new NotSupportedException('redis_cluster_pool reaches a cluster one way: the seeds mix TLS and plaintext schemes');
            }
            $tls = $seedTls;
            $host = (string) $p->host;
            $seeds[] = ($seedTls ? 'tls://' : '') . (str_contains($host, ':') ? "[$host]" : $host) . ':' . (int) ($p->port ?? 6379);
        }
        if ($seeds === []) {
            throw new ClientException('No seed node: give Predis\Client the cluster nodes, e.g. new Predis\Client(["tcp://10.0.0.1:6379", ...], ["cluster" => [' . self::class . '::class, "create"]])');
        }
        $all = ($first ? $first->toArray() : []) + $this->parameters->toArray();
        if (isset($all['protocol']) && (int) $all['protocol'] !== 2) {
            throw new NotSupportedException('redis_cluster_pool speaks RESP2 only: remove the "protocol" parameter or set it to 2');
        }
        $params = [];
        foreach (['username', 'password'] as $k) {
            if (isset($all[$k]) && $all[$k] !== '') {
                $params[$k] = (string) $all[$k];
            }
        }
        if (isset($all['timeout']) && (float) $all['timeout'] > 0) {
            $params['timeout'] = min((float) $all['timeout'], 86400.0);
        }
        if (isset($all['read_write_timeout'])) {
            // Predis: 0 or less means "no timeout" (blocking commands); the extension wants a deadline
            $t = (float) $all['read_write_timeout'];
            $params['read_write_timeout'] = $t > 0 ? min($t, 86400.0) : 86400.0;
        }
        if (isset($all['database'])) {
            $params['database'] = (int) $all['database'];
        }
        if ($tls && isset($all['ssl'])) {
            // Predis' own "ssl" parameter: PHP stream-context keys, which the extension takes as they are (as Predis,
            // it applies only to TLS connections; nodes discovered later get the same settings)
            $params['ssl'] = (array) $all['ssl'];
        }
        try {
            return $this->pool = new RedisClusterPool($seeds, ['parameters' => $params]
                + ($this->cache !== null && $this->cache !== false ? ['cache' => $this->cache] : []));
        } catch (RedisClusterPool\Exception $e) {
            throw new \InvalidArgumentException($e->getMessage(), 0, $e);
        }
    }

    /** The client's node parameters (seed's first, then defaults), for dedicated connections. */
    private function nodeParameters(): array
    {
        $first = $this->seeds ? $this->seeds[0]->getParameters()->toArray() : [];
        $all = $first + $this->parameters->toArray();
        unset($all['host'], $all['port'], $all['path'], $all['alias']);

        return self::withoutRetry($all);
    }

    /**
     * Parameters with Predis v3's "retry" turned off (v2 has none). Predis reads it from the connection it is
     * given — the cluster connection for pipelines, a node connection for a per-node client — and would send a
     * whole pipeline again after a timeout, writes included; the extension's own retry policy applies instead.
     */
    private static function withoutRetry(array $parameters): array
    {
        unset($parameters['retry']);
        if (class_exists(\Predis\Retry\Retry::class)) {
            $parameters['retry'] = new \Predis\Retry\Retry(new \Predis\Retry\Strategy\NoBackoff(), 0);
        }

        return $parameters;
    }

    /** Whether a command name (any case) is not SPECIAL; remembered in $plain. */
    private function isPlain(string $id): bool
    {
        if (isset(self::SPECIAL[strtoupper($id)])) {
            return false;
        }

        return $this->plain[$id] = true;
    }

    /** One command without connection state, routed by key: its reply in Predis' raw shape. */
    private function runOne(array $argv): mixed
    {
        try {
            $r = ($this->pool ?? $this->pool())->rawPipeline([$argv])[0];
        } catch (RedisClusterPool\Exception $e) {
            throw $this->translate($e);
        }

        return is_object($r) || is_array($r) ? self::toPredis($r) : $r;
    }

    /**
     * @param list<list<mixed>> $argvs
     * @return list<mixed> replies in Predis' raw shapes
     */
    private function send(array $argvs): array
    {
        foreach ($argvs as $argv) {
            if (strcasecmp((string) $argv[0], 'SCAN') === 0) {
                throw self::scanRefused();
            }
        }
        try {
            return self::toPredis($this->pool()->rawPipeline($argvs));
        } catch (RedisClusterPool\Exception $e) {
            throw $this->translate($e);
        }
    }

    /**
     * @param array<string, list<list<mixed>>> $batch
     * @return array<string, list<mixed>>
     */
    private function sendOnNodes(array $batch): array
    {
        try {
            return self::toPredis($this->pool()->rawOnNodes($batch));
        } catch (RedisClusterPool\Exception $e) {
            throw $this->translate($e);
        }
    }

    /**
     * Send every queued command in one round trip: all by key in one rawPipeline() (Predis' pipelines), else
     * those by key in one rawPipeline() and the node-bound ones in one rawOnNodes(). The replies are kept in the
     * extension's shapes; nextReply() converts each as it is read.
     */
    private function flush(): void
    {
        $queue = $this->queue;
        $for = $this->queueFor;
        $nodes = $this->queueNodes;
        $this->queue = $this->queueFor = $this->queueNodes = [];
        $this->replies = $this->repliesFor = [];
        $this->next = 0;
        if ($queue === []) {
            return;
        }
        $pool = $this->pool ?? $this->pool();
        try {
            if ($nodes === []) {
                $replies = $pool->rawPipeline($queue);
            } else {
                $byKey = $byNode = $replies = [];
                foreach ($queue as $i => $argv) {
                    if (isset($nodes[$i])) {
                        $byNode[$nodes[$i]][$i] = $argv;
                    } else {
                        $byKey[$i] = $argv;
                    }
                }
                if ($byKey) {
                    foreach (array_combine(array_keys($byKey), $pool->rawPipeline(array_values($byKey))) as $i => $r) {
                        $replies[$i] = $r;
                    }
                }
                if ($byNode) {
                    $got = $pool->rawOnNodes(array_map('array_values', $byNode));
                    foreach ($byNode as $node => $argvs) {
                        foreach (array_keys($argvs) as $k => $i) {
                            $replies[$i] = $got[$node][$k];
                        }
                    }
                }
                ksort($replies);
            }
        } catch (RedisClusterPool\Exception $e) {
            foreach ($queue as $i => $argv) {
                if (!isset($nodes[$i]) && strcasecmp((string) $argv[0], 'SCAN') === 0) {
                    throw self::scanRefused();
                }
            }
            throw $this->translate($e);
        }
        $this->replies = $replies;
        $this->repliesFor = $for;
    }

    /** SCAN through the client: its cursor belongs to one node, a routed SCAN would walk a random primary per call. */
    private static function scanRefused(): NotSupportedException
    {
        return new NotSupportedException("Cannot use 'SCAN' with redis-cluster: iterate the nodes, foreach (\$client as \$node) \$node->scan(...)");
    }

    /** The extension's reply values (or lists of them), as Predis' RESP2 connection returns them. */
    private static function toPredis(mixed $r): mixed
    {
        if ($r instanceof RedisClusterPool\Status) {
            return Status::get($r->getPayload());
        }
        if ($r instanceof RedisClusterPool\Error) {
            return new Error($r->getMessage());
        }
        if (is_array($r)) {
            foreach ($r as $k => $v) {
                if (is_object($v) || is_array($v)) {
                    $r[$k] = self::toPredis($v);
                }
            }
        }

        return $r;
    }

    /** An extension exception as the Predis exception a Predis user catches. */
    private function translate(RedisClusterPool\Exception $e): \Throwable
    {
        if ($e instanceof RedisClusterPool\ConnectionException) {
            $this->ranges = null;
            $this->bySlot = [];
            $node = $e->getNode() !== '' ? $e->getNode() : $this->seedId();
            if ($e instanceof RedisClusterPool\TimeoutException && class_exists(\Predis\TimeoutException::class)) {
                // Predis v3's own type (and message) for a timeout; the extension's message is in getPrevious()
                return new \Predis\TimeoutException($this->nodeObject($node), 0, $e);
            }

            return new ConnectionException($this->nodeObject($node), $e->getMessage(), 0, $e);
        }
        if ($e instanceof RedisClusterPool\ClusterException) {
            $this->ranges = null;
            $this->bySlot = [];
            if (str_starts_with($e->getMessage(), 'Cannot discover the cluster topology')) {
                return new ConnectionException($this->nodeObject($this->seedId()), $e->getMessage(), 0, $e);
            }
            if (str_contains($e->getMessage(), 'hash to different slots')) {
                return new NotSupportedException($e->getMessage(), 0, $e);
            }

            return new ClientException($e->getMessage(), 0, $e);
        }
        if ($e instanceof RedisClusterPool\InvalidArgumentException) {
            if (preg_match('/^rawOnNodes\(\): (\S+) is not a node of this cluster/', $e->getMessage(), $m)) {
                // a node object kept from an earlier map (iteration) whose node has left the cluster
                $this->ranges = null;
                $this->bySlot = [];

                return new ConnectionException($this->nodeObject($m[1]), "$m[1] is no longer a node of the cluster", 0, $e);
            }

            return new NotSupportedException($e->getMessage(), 0, $e);
        }

        return new ClientException($e->getMessage(), 0, $e);
    }

    private function seedId(): string
    {
        if (!$this->seeds) {
            return '?:0';
        }
        $p = $this->seeds[0]->getParameters();

        return $p->host . ':' . ($p->port ?? 6379);
    }

    /** A node object for an exception (bound to the node; never connects by itself). */
    private function nodeObject(string $id): NodeConnection
    {
        return $this->nodes[$id] ??= $this->newNode($id, false);
    }

    private function routedNode(string $id): NodeConnection
    {
        return $this->routed[$id] ??= $this->newNode($id, true);
    }

    private function newNode(string $id, bool $routed): NodeConnection
    {
        [$host, $port] = self::splitAddress($id);

        return new NodeConnection($this, $id, $routed, new ConnectionParameters(['host' => $host, 'port' => $port] + $this->nodeParameters()));
    }

    /** @return list<string> the primaries, "host:port", in the slot map's order */
    private function primaries(): array
    {
        $out = [];
        foreach ($this->slotRanges() as [, , $primary]) {
            $out[$primary] = true;
        }

        return array_keys($out);
    }

    private function ownerOf(int $slot): string
    {
        if (isset($this->moved[$slot])) {
            return $this->moved[$slot];
        }
        foreach ($this->slotRanges() as [$from, $to, $primary]) {
            if ($slot >= $from && $slot <= $to) {
                return $primary;
            }
        }

        return $this->primaries()[0];
    }

    /** @return list<array{0: int, 1: int, 2: string}> */
    private function slotRanges(bool $reload = false): array
    {
        if ($this->ranges === null || $reload) {
            $this->ranges = [];
            $this->moved = [];
            $this->bySlot = [];
            foreach ($this->slotMap()['slots'] as [$from, $to, $primary]) {
                $this->ranges[] = [$from, $to, $primary];
            }
            if ($this->ranges === []) {
                throw new ClientException('The cluster serves no slot');
            }
        }

        return $this->ranges;
    }

    /** The extension's slot map (discovering the cluster if needed). */
    private function slotMap(): array
    {
        try {
            return $this->pool()->getSlotMap();
        } catch (RedisClusterPool\Exception $e) {
            throw $this->translate($e);
        }
    }

    /**
     * The slot of a command's first key (by the extension's command table), or null when keyless. A command
     * whose first key the table once put at its first argument always has it there (in that table a movable
     * first key never starts at the first argument: EVAL's is after numkeys, XREAD's after STREAMS, ZUNION's
     * after numkeys), so that is remembered per command name and the table is not asked again.
     */
    private static function slotOf(array $argv): ?int
    {
        $list = array_is_list($argv);
        if ($list && isset(self::$keyFirst[$argv[0]], $argv[1])) {
            return RedisClusterPool::keySlot((string) $argv[1]);
        }
        $strings = array_map('strval', $list ? $argv : array_values($argv));
        try {
            $keys = RedisClusterPool::commandInfo(...$strings)['keys'];
        } catch (RedisClusterPool\Exception) {
            return null;
        }
        if (!$keys) {
            return null;
        }
        if ($keys[0] === 1 && $list) {
            self::$keyFirst[$argv[0]] = true;
        }

        return RedisClusterPool::keySlot($strings[$keys[0]]);
    }

    /** @return list<mixed> the command name and its arguments */
    private static function argv(CommandInterface $command): array
    {
        return [$command->getId(), ...array_values($command->getArguments())];
    }

    /** @return array{0: string, 1: int} */
    private static function splitAddress(string $id): array
    {
        $i = strrpos($id, ':');
        $host = substr($id, 0, (int) $i);

        return [trim($host, '[]'), (int) substr($id, (int) $i + 1)];
    }

    /**
     * Commands serialized by Predis (RESP arrays of bulk strings, back to back).
     * @return list<list<string>>
     */
    private static function parseRequests(string $buffer): array
    {
        $out = [];
        $pos = 0;
        $len = strlen($buffer);
        while ($pos < $len) {
            $argv = [];
            $n = self::header($buffer, $pos, '*');
            for ($i = 0; $i < $n; $i++) {
                $size = self::header($buffer, $pos, '$');
                if ($size < 0 || $pos + $size + 2 > $len || substr($buffer, $pos + $size, 2) !== "\r\n") {
                    throw new ClientException('Malformed request buffer: a bulk string is truncated');
                }
                $argv[] = substr($buffer, $pos, $size);
                $pos += $size + 2;
            }
            if ($argv === []) {
                throw new ClientException('Malformed request buffer: empty command');
            }
            $out[] = $argv;
        }

        return $out;
    }

    private static function header(string $buffer, int &$pos, string $type): int
    {
        $end = strpos($buffer, "\r\n", $pos);
        if ($end === false || ($buffer[$pos] ?? '') !== $type || !ctype_digit(substr($buffer, $pos + 1, $end - $pos - 1))) {
            throw new ClientException("Malformed request buffer: expected '$type' at offset $pos");
        }
        $n = (int) substr($buffer, $pos + 1, $end - $pos - 1);
        $pos = $end + 2;

        return $n;
    }
}

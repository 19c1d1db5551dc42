<?php
/*
 * For bench_split.php: a Predis cluster connection that answers every GET with "v:<key>" and does nothing else,
 * to measure what Predis\Client costs by itself. Predis v2 and v3 (v3's interface methods are extra methods
 * under v2). Loaded after Predis.
 */
final class NoopNode implements Predis\Connection\NodeConnectionInterface {
    public function __construct(private NoopCluster $cluster) {}
    public function __toString() { return 'noop:0'; }
    public function getResource() {}
    public function getParameters() { return $this->cluster->getParameters(); }
    public function getClientId(): ?int { return null; }
    public function addConnectCommand(Predis\Command\CommandInterface $command) {}
    public function read() {}
    public function write(string $buffer): void {}
    public function hasDataToRead(): bool { return false; }
    public function connect() {}
    public function disconnect() {}
    public function isConnected() { return true; }
    public function writeRequest(Predis\Command\CommandInterface $command) {}
    public function readResponse(Predis\Command\CommandInterface $command) { return 'v:' . $command->getArguments()[0]; }
    public function executeCommand(Predis\Command\CommandInterface $command) { return 'v:' . $command->getArguments()[0]; }
}
final class NoopCluster implements Predis\Connection\Cluster\ClusterInterface {
    private NoopNode $node;
    private Predis\Connection\Parameters $parameters;
    public function __construct() {
        $this->node = new NoopNode($this);
        // the parameters object the adapter reports (retry off under Predis v3; v2 has none): Predis reads its
        // "protocol" for every command, which that object makes cheaper than Predis' own Parameters
        $this->parameters = new RedisClusterPool\Predis\ConnectionParameters(class_exists(Predis\Retry\Retry::class)
            ? ['retry' => new Predis\Retry\Retry(new Predis\Retry\Strategy\NoBackoff(), 0)] : []);
    }
    public function executeCommandOnEachNode(Predis\Command\CommandInterface $command): array { return []; }
    public function getClusterStrategy(): Predis\Cluster\StrategyInterface { return new Predis\Cluster\RedisStrategy(); }
    public function add(Predis\Connection\NodeConnectionInterface $connection) {}
    public function remove(Predis\Connection\NodeConnectionInterface $connection) { return false; }
    public function getConnectionByCommand(Predis\Command\CommandInterface $command) { return $this->node; }
    public function getConnectionById($connectionID) { return $this->node; }
    public function connect() {}
    public function disconnect() {}
    public function isConnected() { return true; }
    public function writeRequest(Predis\Command\CommandInterface $command) {}
    public function readResponse(Predis\Command\CommandInterface $command) { return 'v:' . $command->getArguments()[0]; }
    public function write(string $buffer): void {}
    public function executeCommand(Predis\Command\CommandInterface $command) { return 'v:' . $command->getArguments()[0]; }
    public function getParameters() { return $this->parameters; }
}

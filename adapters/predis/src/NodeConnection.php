<?php

/*
 * NodeConnection - one cluster node as Predis sees it (Predis\Connection\NodeConnectionInterface).
 *
 * Two kinds, both named "host:port" (what __toString() returns, as Predis' StreamConnection does):
 *  - bound to the node (iteration, getConnectionById(), exceptions): commands run on that node through
 *    the extension's pooled socket (RedisClusterPool::rawOnNodes());
 *  - routed (getConnectionByCommand()/getConnectionBySlot()): Predis picked the node from a key, so the
 *    extension routes the command by its keys again (following MOVED/ASK, splitting cross-slot MGET...).
 *
 * Transactions: MULTI, EXEC, DISCARD, WATCH, UNWATCH and every command between MULTI (or WATCH) and the
 * end of the transaction go through a dedicated Predis connection to this node, created with the client's
 * own connection factory and parameters: that state lives on a socket nobody else uses, never on the
 * extension's shared ones.
 */

declare(strict_types=1);

namespace RedisClusterPool\Predis;

use Predis\Command\CommandInterface;
use Predis\Command\RawCommand;
use Predis\Connection\NodeConnectionInterface;
use Predis\Connection\ParametersInterface;
use Predis\NotSupportedException;
use Predis\Response\ErrorInterface;

final class NodeConnection implements NodeConnectionInterface
{
    private ?NodeConnectionInterface $stream = null;
    private bool $inMulti = false;
    private bool $watching = false;

    /** @internal created by ClusterConnection */
    public function __construct(
        private readonly ClusterConnection $cluster,
        private readonly string $id,
        private readonly bool $routed,
        private readonly ParametersInterface $parameters
    ) {
    }

    /** var_dump()/print_r(): never the parameters (they hold the password). */
    public function __debugInfo(): array
    {
        return ['node' => $this->id, 'routed' => $this->routed, 'in_transaction' => $this->inMulti || $this->watching];
    }

    public function __toString(): string
    {
        return $this->id;
    }

    public function connect()
    {
        $this->cluster->connect();
    }

    public function disconnect()
    {
        $this->stream?->disconnect();
        $this->stream = null;
        $this->inMulti = $this->watching = false;
    }

    public function isConnected()
    {
        return $this->stream?->isConnected() || $this->cluster->isConnected();
    }

    /** Whether this node's dedicated connection is inside MULTI or holds a WATCH. */
    public function inTransaction(): bool
    {
        return $this->inMulti || $this->watching;
    }

    public function executeCommand(CommandInterface $command)
    {
        $id = strtoupper($command->getId());
        if ($this->inMulti || $this->watching || isset(ClusterConnection::STATEFUL[$id])) {
            return $this->executeInTransaction($command, $id);
        }

        return $this->cluster->executeOn($this->routed ? null : $this->id, $command);
    }

    public function writeRequest(CommandInterface $command)
    {
        $this->cluster->queueCommand($command, $this->routed ? null : $this->id);
    }

    public function readResponse(CommandInterface $command)
    {
        return $this->cluster->nextReply($command);
    }

    public function write(string $buffer): void
    {
        $this->cluster->queueBuffer($buffer, $this->routed ? null : $this->id);
    }

    public function read()
    {
        return $this->cluster->nextReply(null);
    }

    public function hasDataToRead(): bool
    {
        return $this->cluster->hasPending();
    }

    public function getParameters()
    {
        return $this->parameters;
    }

    public function getClientId(): ?int
    {
        return null;
    }

    /** The extension authenticates its sockets itself, with the client's parameters. */
    public function addConnectCommand(CommandInterface $command)
    {
    }

    public function getResource()
    {
        throw new NotSupportedException(
            "The node $this->id is served by the redis_cluster_pool extension's pooled sockets: there is no PHP stream resource"
        );
    }

    private function discardOpenMulti(): void
    {
        try {
            $this->stream?->executeCommand(RawCommand::create('DISCARD'));
        } catch (\Throwable $e) {
            $this->disconnect();
            $this->stream = $this->cluster->openStream($this->id);
        }
        $this->inMulti = $this->watching = false;
    }

    /** MULTI/EXEC/WATCH and what runs between them: on this node's dedicated Predis connection. */
    private function executeInTransaction(CommandInterface $command, string $id): mixed
    {
        $this->stream ??= $this->cluster->openStream($this->id);
        if ($id === 'MULTI' && $this->inMulti) {
            // a transaction given up without EXEC or DISCARD (Predis 3.6 returns null on a refused queued
            // command and sends neither): discard it, or this MULTI would fail as nested and the transaction
            // after it would abort too
            $this->discardOpenMulti();
        }
        try {
            $reply = $this->stream->executeCommand($command);
        } catch (\Throwable $e) {
            $this->disconnect();
            throw $e;
        }
        $failed = $reply instanceof ErrorInterface;
        if ($failed && str_starts_with($reply->getMessage(), 'MOVED ')) {
            $this->cluster->applyMoved($reply->getMessage());
        }
        switch ($id) {
            case 'MULTI':
                $this->inMulti = !$failed;
                break;
            case 'WATCH':
                $this->watching = $this->watching || !$failed;
                break;
            case 'UNWATCH':
                $this->watching = false;
                break;
            case 'EXEC':
            case 'DISCARD':
                $this->inMulti = $this->watching = false;
                break;
        }

        return $reply;
    }
}

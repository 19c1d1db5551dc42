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
use Predis\Response\Error;
use Predis\Response\ErrorInterface;
use Predis\Response\Status;

final class NodeConnection implements NodeConnectionInterface
{
    private ?NodeConnectionInterface $stream = null;
    private bool $inMulti = false;
    private bool $watching = false;
    /** the open MULTI was sent by Predis' transaction code (it carries a slot), not as a caller's command */
    private bool $predisMulti = false;
    /** the adapter DISCARDed Predis' transaction after an error reply: the DISCARD or EXEC to come is answered here */
    private bool $discarded = false;
    /** the slot of the WATCHed keys or of the transaction, when known */
    private ?int $slot = null;

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
        $this->inMulti = $this->watching = $this->predisMulti = $this->discarded = false;
        $this->slot = null;
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

    /**
     * @internal Whether $command, sent through the cluster connection, belongs to this node's transaction:
     * inside MULTI every command does (it is QUEUED, or refused by the server, never run apart); while only
     * WATCH is held, MULTI/EXEC/DISCARD/WATCH/UNWATCH and the commands of the WATCHed slot do.
     */
    public function holds(CommandInterface $command, ?int $slot): bool
    {
        return $this->inMulti || ($this->watching &&
            (isset(ClusterConnection::STATEFUL[strtoupper($command->getId())]) || ($slot !== null && $slot === $this->slot)));
    }

    public function executeCommand(CommandInterface $command)
    {
        $id = strtoupper($command->getId());
        if ($this->discarded) {
            $this->discarded = false;
            if ($id === 'EXEC') {
                return new Error('EXECABORT Transaction discarded because of previous errors.');
            }
            if ($id === 'DISCARD') {
                return Status::get('OK');
            }
        }
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

    /** DISCARD on the dedicated connection (a broken one is closed: the server drops its MULTI with it). */
    private function discardOpenMulti(): void
    {
        try {
            $this->stream?->executeCommand(RawCommand::create('DISCARD'));
        } catch (\Throwable) {
            $this->stream?->disconnect();
            $this->stream = null;
        }
        $this->inMulti = $this->watching = $this->predisMulti = false;
        $this->slot = null;
    }

    /**
     * MULTI/EXEC/WATCH and what runs between them: on this node's dedicated Predis connection.
     *
     * Two kinds of MULTI. One sent by Predis' transaction code (MultiExec's cluster strategy) carries the
     * transaction's slot: Predis gives such a transaction up at the first error reply inside it — 3.6 returns
     * null and sends neither EXEC nor DISCARD, 3.7 sends DISCARD — so the adapter DISCARDs it there and then
     * (EXEC could only answer EXECABORT: nothing is lost), and answers a DISCARD or EXEC that follows itself.
     * The connection is never left inside MULTI to queue the client's next, unrelated commands. A MULTI sent
     * as a command by the caller ($client->multi(), a node client) keeps Redis' own semantics: after an error
     * reply the transaction stays open and EXEC answers EXECABORT.
     */
    private function executeInTransaction(CommandInterface $command, string $id): mixed
    {
        $fromPredis = $command->getSlot() !== null;
        if ($id === 'MULTI' && $this->inMulti && $fromPredis && !$this->predisMulti) {
            // a caller's MULTI given up without EXEC or DISCARD, and now a transaction of Predis' begins
            $this->discardOpenMulti();
        }
        $this->stream ??= $this->cluster->openStream($this->id);
        $inMulti = $this->inMulti;
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
        if (($id === 'EXEC' || $id === 'DISCARD') && $inMulti) {
            $this->inMulti = $this->watching = $this->predisMulti = false;   // EXEC and DISCARD also unwatch
            $this->slot = null;
        } elseif ($inMulti) {
            if ($failed && $this->predisMulti) {
                $this->discardOpenMulti();   // a nested MULTI too: Predis 3.6 sends MULTI twice in CAS mode
                $this->discarded = true;
            }
        } elseif ($id === 'MULTI' && !$failed) {
            $this->inMulti = true;
            $this->predisMulti = $fromPredis;
            $this->slot ??= $command->getSlot();
        } elseif ($id === 'WATCH' && !$failed) {
            $this->watching = true;
            $this->slot ??= $command->getSlot();
        } elseif ($id === 'UNWATCH') {
            $this->watching = false;
            $this->slot = $this->inMulti ? $this->slot : null;
        }

        return $reply;
    }
}

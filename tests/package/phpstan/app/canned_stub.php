<?php
/*
 * A PHPUnit-style stub as an anonymous class, beside InMemoryClient (the same checks and runs).
 */
declare(strict_types=1);

namespace RcpSampleApp;

use RedisClusterPool\ClientInterface;
use RedisClusterPool\PipelineInterface;
use RedisClusterPool\Status;
use RedisClusterPool\TransactionInterface;

/**
 * A PHPUnit-style stub as an anonymous class: canned replies, every call reported to $record.
 * @param \Closure(string): void $record
 */
function cannedStub(\Closure $record): ClientInterface
{
    return new class ($record) implements ClientInterface {
        /** @param \Closure(string): void $record */
        public function __construct(private \Closure $record)
        {
        }

        public function __call(string $name, array $arguments): mixed
        {
            ($this->record)($name . '(' . implode(', ', array_map(fn($a) => is_scalar($a) ? (string) $a : get_debug_type($a), $arguments)) . ')');
            return match ($name) {
                'get' => 'from the stub',
                'setex' => Status::get('OK'),
                default => null,
            };
        }

        public function executeRaw(array $arguments, mixed &$error = null): mixed
        {
            return null;
        }

        public function pipeline(?callable $callback = null): PipelineInterface|array
        {
            return $callback === null ? new InMemoryPipeline(new InMemoryClient()) : [];
        }

        public function transaction(mixed $optionsOrCallback = null, ?callable $callback = null): TransactionInterface|array|null
        {
            return null;
        }

        public function scanAll(?string $match = null, int $count = 0, ?string $type = null): \Iterator
        {
            return new \ArrayIterator([]);
        }

        public function getSlotMap(): array
        {
            return ['nodes' => [], 'slots' => []];
        }

        public function nodeForKey(string $key): string
        {
            return 'stub:0';
        }

        public function stats(): array
        {
            return InMemoryClient::emptyStats();
        }
    };
}

<?php
/*
 * A PHPUnit mock of RedisClusterPool\ClientInterface standing in for the pool, as an application's unit test
 * would write it: checked by PHPStan at level 9 (tests/package/phpstan_level9.phpt) and run by PHPUnit
 * (tests/package/client_interface_double.phpt).
 */
declare(strict_types=1);

namespace RcpSampleApp\Tests;

use PHPUnit\Framework\TestCase;
use RedisClusterPool\ClientInterface;
use RedisClusterPool\PipelineInterface;
use RedisClusterPool\Status;

use function RcpSampleApp\cached;
use function RcpSampleApp\pipelines;

require_once __DIR__ . '/readme_idioms.php';

final class ClientInterfaceMockTest extends TestCase
{
    public function testCacheMissComputesAndStores(): void
    {
        $calls = [];
        $redis = $this->createMock(ClientInterface::class);
        $redis->expects($this->exactly(2))->method('__call')->willReturnCallback(
            function (string $name, array $arguments) use (&$calls): mixed {
                $calls[] = [$name, $arguments];
                return $name === 'setex' ? Status::get('OK') : null;
            }
        );
        $this->assertSame('computed', cached($redis, 'k', fn(): string => 'computed'));
        $this->assertSame([['get', ['k']], ['setex', ['k', 60, 'computed']]], $calls);
    }

    public function testCacheHit(): void
    {
        $redis = $this->createMock(ClientInterface::class);
        $redis->method('__call')->willReturnMap([['get', ['k'], 'cached value']]);
        $this->assertSame('cached value', cached($redis, 'k', fn(): string => 'not called'));
    }

    public function testPipelines(): void
    {
        $pipe = $this->createMock(PipelineInterface::class);
        $pipe->method('__call')->willReturnSelf();
        $pipe->method('execute')->willReturn([Status::get('OK'), 'y']);
        $redis = $this->createMock(ClientInterface::class);
        $redis->method('pipeline')->willReturnCallback(
            function (?callable $callback = null) use ($pipe): PipelineInterface|array {
                if ($callback === null) {
                    return $pipe;
                }
                $callback($pipe);
                return ['from the callback form'];
            }
        );
        $this->assertSame([['from the callback form'], [Status::get('OK'), 'y']], pipelines($redis));
    }
}

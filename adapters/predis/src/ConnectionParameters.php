<?php

/*
 * ConnectionParameters - the parameters the adapter's connections report (getParameters()): Predis' own
 * Parameters, with the two that Predis reads on its hot paths as declared properties.
 *
 * Predis\Client reads `$connection->getParameters()->protocol` for every command it runs, and Predis v3's
 * pipelines read `->retry` and `->protocol` for every pipeline. On Predis' Parameters those are magic
 * (__get(): ~850 instructions a read, 7 % of a GET over the adapter); a declared property is read directly.
 * They are read-only, as the adapter makes them: RESP2 only (another protocol is refused when the extension's
 * object is made), and a retry of 0 (see ClusterConnection::withoutRetry()).
 */

declare(strict_types=1);

namespace RedisClusterPool\Predis;

use Predis\Connection\Parameters;

final class ConnectionParameters extends Parameters
{
    /** Predis' "protocol" parameter, as __get() would return it */
    public readonly mixed $protocol;
    /** Predis v3's "retry" parameter, as __get() would return it (null under Predis v2, which has none) */
    public readonly mixed $retry;

    public function __construct(#[\SensitiveParameter] array $parameters = [])
    {
        parent::__construct($parameters);
        $all = $this->toArray();
        $this->protocol = $all['protocol'] ?? null;
        $this->retry = $all['retry'] ?? null;
    }
}

<?php
/* Shared by tools/gen_ide_stub.php and tools/gen_command_signatures.php. */

/**
 * Method names of the Redis commands __call accepts: the command table's top-level commands, except those
 * refused (RCP_ROUTE_UNSUPPORTED; for a command with subcommands: when all of them are), lowercase, plus the
 * Predis names of the compatibility layer that differ from their command (xread_v4, ...).
 * @return list<string> sorted
 */
function rcp_command_methods(string $root): array
{
    $table = @file_get_contents("$root/src/core/commands_table.h");
    if ($table === false || !preg_match_all('/^\s*\{"([A-Z0-9_|\-]+)",\s*-?\d+,\s*[^,]*,\s*(RCP_ROUTE_\w+),/m', $table, $m, PREG_SET_ORDER)) {
        throw new RuntimeException('no command in src/core/commands_table.h');
    }
    $ok = [];
    foreach ($m as [, $name, $route]) {
        $top = strtolower(explode('|', $name)[0]);
        $supported = $route !== 'RCP_ROUTE_UNSUPPORTED';
        $ok[$top] = ($ok[$top] ?? false) || $supported;
    }
    $compat = (string) @file_get_contents("$root/src/predis/table.c");
    preg_match_all('/\bCMD\("([a-z0-9_]+)",\s*"([A-Z0-9 |_\-]+)"/', $compat, $cm, PREG_SET_ORDER);
    foreach ($cm as [, $method, $command]) {
        $top = strtolower(explode(' ', $command)[0]);
        if ($method !== $top && ($ok[$top] ?? false)) $ok[$method] = true;
    }
    $names = array_keys(array_filter($ok));
    // a PHP method name; and a command cannot hide a real method of the classes
    $names = array_values(array_filter($names, fn($n) => preg_match('/^[a-z_][a-z0-9_]*$/', $n)
        && !in_array($n, ['pipeline', 'execute', 'executeraw', 'stats', 'getslotmap', 'nodeforkey', 'keyslot',
            'commandinfo', 'predisargs', 'predisreply', '__call', '__construct'], true)));
    sort($names);
    return $names;
}

/**
 * The pool's own transaction methods, which __call handles before any command (src/binding/class_transaction.c,
 * rcp_tx_pool_call()): MULTI, EXEC... are refused as commands (a pipeline has none of them, a transaction has
 * them as real methods), but $pool->multi() ... $pool->exec() work.
 * @return list<string>
 */
function rcp_pool_only_methods(): array
{
    return ['discard', 'exec', 'multi', 'unwatch', 'watch'];
}

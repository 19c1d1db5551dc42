<?php
/*
 * Writes tools/command_signatures.php, the typed signature of every Redis command method (argument names and
 * types, reply shape) that tools/gen_ide_stub.php puts in the IDE stub's @method tags. Derived from the
 * @method lines of Predis 3.7's Predis\ClientInterface (the arguments Predis v3 takes, which the extension takes
 * too: src/predis/), with Predis' types mapped onto this extension's (Predis\Response\Status ->
 * \RedisClusterPool\Status, Predis' argument objects by their full names, ...) and corrected where Predis'
 * docblock does not say what the call accepts or returns: the CORRECTIONS below, each with its reason,
 * checked against src/predis/ and replies of a real cluster (tests/predis/stub_reply_types.phpt runs
 * the differential corpus and checks every reply against its declared type; tests/package/phpstan_level9.phpt
 * has PHPStan accept every call of that corpus).
 *
 * Predis is needed only here, when the table is made: the table is committed, so that the IDE stub is made
 * (and checked) from the repository alone. Commands Predis has no @method for keep `mixed ...$arguments`.
 *
 *   php tools/gen_command_signatures.php [--predis DIR]           rewrite tools/command_signatures.php
 *   php tools/gen_command_signatures.php --check [--predis DIR]   exit 1 (and say why) if it differs
 *
 * DIR: Predis' package directory (vendor/predis/predis) of a 3.7 install; by default the one scripts/test.sh
 * installs for the adapter tests, .scratch/adapter-v3/vendor/predis/predis (RCP_ADAPTER3_AUTOLOAD's).
 */
/** The value types of a Redis argument the extension sends as a string (bool and null are cast too, but not meant). */
const RCP_V = 'string|int|float';

$root = dirname(__DIR__);
$dst = "$root/tools/command_signatures.php";
$check = in_array('--check', $argv, true);
$predis = null;
foreach ($argv as $i => $a) {
    if ($a === '--predis') $predis = $argv[$i + 1] ?? null;
    elseif (str_starts_with($a, '--predis=')) $predis = substr($a, 9);
}
if ($predis === null) {
    $auto = getenv('RCP_ADAPTER3_AUTOLOAD');
    $predis = $auto ? dirname($auto) . '/predis/predis' : "$root/.scratch/adapter-v3/vendor/predis/predis";
}
require_once __DIR__ . '/ide_stub_lib.php';

try {
    $out = rcp_sig_generate($root, $predis);
} catch (RuntimeException $e) {
    fwrite(STDERR, 'gen_command_signatures: ' . $e->getMessage() . "\n");
    exit(2);
}
if ($check) {
    $cur = @file_get_contents($dst);
    if ($cur === $out) exit(0);
    echo "tools/command_signatures.php differs from what Predis in $predis gives: run php tools/gen_command_signatures.php\n";
    exit(1);
}
if (@file_get_contents($dst) !== $out) {
    file_put_contents($dst, $out);
    echo "Saved $dst\n";
}

/**
 * Corrections of Predis' @method lines, by method: 'params' and/or 'return' replace Predis' (already mapped),
 * 'phpstan' adds a conditional return type for PHPStan (a second, @phpstan-method tag; 'return' stays the plain
 * type for IDEs without conditional types). Every entry says why.
 * @return array<string, array{params?: string, return?: string, phpstan?: string, why: string}>
 */
function rcp_sig_corrections(): array
{
    $v = RCP_V;
    $S = '\RedisClusterPool\Status';
    $keys = "string|array<string> \$keyOrKeys, string ...\$keys";
    return [
        // --- replies: Predis' docblock says array/mixed where the shape is known, or a wrong type ---
        'bgrewriteaof' => ['return' => 'bool', 'why' => "Predis' parser makes the status a bool"],
        'bgsave' => ['return' => 'true|string', 'why' => "Predis' parser: true for 'Background saving started', else the status text"],
        'bitfield' => ['params' => 'string $key, string $subcommand, string|int ...$subcommandArg', 'return' => 'list<int|null>', 'why' => 'one integer per GET/SET/INCRBY, null for OVERFLOW FAIL'],
        'bitfield_ro' => ['params' => 'string $key, array<string, int>|null $encodingOffsetMap = null', 'return' => 'list<int>', 'why' => 'one integer per GET'],
        'bitop' => ['params' => "string \$operation, string \$destkey, string|array<string> \$keyOrKeys, string ...\$keys", 'why' => 'BITOP takes several source keys, or one array of them (Predis\' filter)'],
        'blmove' => ['params' => 'string $source, string $destination, string $where, string $to, int|float $timeout', 'return' => 'string|null', 'why' => 'the timeout may be fractional; null when it expires'],
        'blmpop' => ['params' => 'int|float $timeout, array<string> $keys, string $modifier = \'left\', int $count = 1', 'return' => 'array<string, list<string>>|null', 'why' => "Predis' parser: [key => [elements]]; null when the timeout expires"],
        'blpop' => ['params' => "string|array<string> \$keyOrKeys, string|int|float ...\$keysAndTimeout", 'return' => 'array{string, string}|null', 'why' => 'blpop([keys], timeout) or blpop(key, ..., timeout); [key, element], null when the timeout expires'],
        'brpop' => ['params' => "string|array<string> \$keyOrKeys, string|int|float ...\$keysAndTimeout", 'return' => 'array{string, string}|null', 'why' => 'as blpop'],
        'bzmpop' => ['params' => 'int|float $timeout, array<string> $keys, string $modifier = \'min\', int $count = 1', 'return' => 'array<string, array<string, string>>|null', 'why' => "Predis' parser: [key => [member => score]]; null when the timeout expires"],
        'bzpopmax' => ['params' => 'array<string> $keys, int|float $timeout', 'return' => 'array<string, array<string, string>>|array{null}', 'why' => "Predis' parser: [key => [member => score]], [null] when the timeout expires"],
        'bzpopmin' => ['params' => 'array<string> $keys, int|float $timeout', 'return' => 'array<string, array<string, string>>|array{null}', 'why' => 'as bzpopmax'],
        'command' => ['params' => 'string ...$subcommandAndArguments', 'return' => 'array<mixed>|int', 'why' => 'COMMAND (no subcommand), INFO, DOCS, LIST give arrays, COUNT an integer'],
        'config' => ['params' => 'string $subcommand, string|int|float ...$arguments', 'return' => "array<string, string>|$S", 'why' => "CONFIG GET: [parameter => value] (Predis' parser); SET, RESETSTAT, REWRITE: OK"],
        'del' => ['params' => $keys, 'why' => 'variadic keys, or one array of them'],
        'discard' => ['return' => $S, 'why' => "the pool's raw DISCARD: OK"],
        'echo' => ['params' => "$v \$message", 'why' => 'any scalar is sent as a string'],
        'eval' => ['params' => "string \$script, int \$numkeys, $v ...\$keyOrArg", 'why' => 'a variadic argument has no default'],
        'eval_ro' => ['params' => "string \$script, array<string> \$keys, $v ...\$argument", 'why' => 'arguments are sent as strings'],
        'evalsha' => ['params' => "string \$sha1, int \$numkeys, $v ...\$keyOrArg", 'why' => 'a variadic argument has no default'],
        'evalsha_ro' => ['params' => "string \$sha1, array<string> \$keys, $v ...\$argument", 'why' => 'arguments are sent as strings'],
        'exists' => ['params' => 'string $key, string ...$keys', 'why' => 'EXISTS takes several keys (no array form: Predis has no filter for it)'],
        'exec' => ['return' => 'list<mixed>|null', 'why' => "the pool's raw EXEC: the replies (Predis' shapes), null when a WATCHed key changed"],
        'expire' => ['params' => 'string $key, int $seconds, string|null $expireOption = null', 'why' => "NX/XX/GT/LT; null (or nothing) sends none"],
        'expireat' => ['params' => 'string $key, int $timestamp, string|null $expireOption = null', 'why' => 'as expire'],
        'fcall' => ['params' => "string \$function, array<string> \$keys, $v ...\$args", 'why' => 'arguments are sent as strings'],
        'fcall_ro' => ['params' => "string \$function, array<string> \$keys, $v ...\$args", 'why' => 'arguments are sent as strings'],
        'flushall' => ['params' => 'string ...$mode', 'return' => $S, 'why' => 'OK from every primary; ASYNC/SYNC'],
        'flushdb' => ['params' => 'string ...$mode', 'return' => $S, 'why' => 'OK from every primary; ASYNC/SYNC'],
        'geoadd' => ['params' => "string \$key, array<array{float|int|string, float|int|string, $v}>|float|int|string \$longitudeOrTriples, float|int|string ...\$latitudeMemberAndMore", 'why' => 'geoadd(key, lon, lat, member, ...) or geoadd(key, [[lon, lat, member], ...]) (Predis\' filter); NX/XX/CH first are sent as given'],
        'geohash' => ['params' => "string \$key, $v|array<$v> \$memberOrMembers, $v ...\$members", 'return' => 'list<string|null>', 'why' => 'variadic members or one array of them; null for a missing member'],
        'geopos' => ['params' => "string \$key, $v|array<$v> \$memberOrMembers, $v ...\$members", 'return' => 'list<array{string, string}|null>', 'why' => '[longitude, latitude] per member, null for a missing one'],
        'georadius' => ['return' => 'list<mixed>|int', 'why' => 'members, or [member, dist/hash/coordinates...] with WITH* options (no parser in Predis); STORE gives a count'],
        'georadiusbymember' => ['return' => 'list<mixed>|int', 'why' => 'as georadius'],
        'geosearch' => ['return' => 'list<string>|array<string, array<string, float|int>>', 'why' => "Predis' parser: members, or with WITH* options [member => ['dist' => float, 'hash' => int, 'lng' => float, 'lat' => float]]"],
        'getdel' => ['return' => 'string|null', 'why' => 'null for a missing key'],
        'getex' => ['params' => "string \$key, string \$modifier = '', int|false \$value = false", 'return' => 'string|null', 'why' => 'GETEX returns the value (null for a missing key), not an integer'],
        'hdel' => ['params' => "string \$key, $v|array<$v> \$fieldOrFields, $v ...\$fields", 'why' => 'variadic fields or one array of them (normalizeVariadic)'],
        'hexists' => ['params' => "string \$key, $v \$field", 'why' => 'fields are sent as strings'],
        'hexpire' => ['params' => "string \$key, int \$seconds, array<$v> \$fields, string|null \$flag = null", 'return' => 'list<int>|null', 'why' => 'one code per field'],
        'hexpireat' => ['params' => "string \$key, int \$unixTimeSeconds, array<$v> \$fields, string|null \$flag = null", 'return' => 'list<int>|null', 'why' => 'one code per field'],
        'hexpiretime' => ['params' => "string \$key, array<$v> \$fields", 'return' => 'list<int>|null', 'why' => 'one time per field'],
        'hget' => ['params' => "string \$key, $v \$field", 'why' => 'fields are sent as strings'],
        'hgetall' => ['return' => 'array<string, string>', 'why' => "Predis' parser: [field => value] (a numeric field name becomes an integer key, as in any PHP array)"],
        'hgetdel' => ['params' => "string \$key, array<$v> \$fields", 'return' => 'list<string|null>', 'why' => 'one value per field, null for a missing one'],
        'hgetex' => ['params' => "string \$key, array<$v> \$fields, string \$modifier = '', int|bool \$modifierValue = false", 'return' => 'list<string|null>|null', 'why' => 'one value per field, null for a missing one'],
        'hincrby' => ['params' => "string \$key, $v \$field, int \$increment", 'why' => 'fields are sent as strings'],
        'hincrbyfloat' => ['params' => "string \$key, $v \$field, int|float|string \$increment", 'why' => 'fields are sent as strings'],
        'hkeys' => ['return' => 'list<string>', 'why' => 'the field names'],
        'hmget' => ['params' => "string \$key, $v|array<$v> \$fieldOrFields, $v ...\$fields", 'return' => 'list<string|null>', 'why' => 'variadic fields or one array of them; null for a missing field'],
        'hmset' => ['params' => "string \$key, array<$v>|$v \$dictionaryOrField, $v ...\$valuesAndFields", 'return' => $S, 'why' => "hmset(key, [field => value]) (Predis' filter) or hmset(key, field, value, ...); OK"],
        'hpersist' => ['params' => "string \$key, array<$v> \$fields", 'return' => 'list<int>|null', 'why' => 'one code per field'],
        'hpexpire' => ['params' => "string \$key, int \$milliseconds, array<$v> \$fields, string|null \$flag = null", 'return' => 'list<int>|null', 'why' => 'one code per field'],
        'hpexpireat' => ['params' => "string \$key, int \$unixTimeMilliseconds, array<$v> \$fields, string|null \$flag = null", 'return' => 'list<int>|null', 'why' => 'one code per field'],
        'hpexpiretime' => ['params' => "string \$key, array<$v> \$fields", 'return' => 'list<int>|null', 'why' => 'one time per field'],
        'hpttl' => ['params' => "string \$key, array<$v> \$fields", 'return' => 'list<int>|null', 'why' => 'one TTL per field'],
        'hrandfield' => ['params' => 'string $key, int|null $count = null, bool $withValues = false', 'return' => 'string|list<string>|null', 'phpstan' => '($count is null ? string|null : list<string>)', 'why' => 'without a count: one field or null; with one: a list (field, value, field, value... with $withValues: Predis flattens the pairs)'],
        'hscan' => ['params' => 'string $key, int|string $cursor, array<string, mixed>|null $options = null', 'return' => 'array{string, array<string, string>|list<string>}', 'why' => "[next cursor, [field => value]] (Predis' parser), [next cursor, [fields]] with 'novalues'"],
        'hset' => ['params' => "string \$key, $v \$field, $v \$value, $v ...\$fieldsAndValues", 'why' => 'HSET takes several field/value pairs'],
        'hsetex' => ['params' => "string \$key, array<$v> \$fieldValueMap, string \$setModifier = '', string \$ttlModifier = '', int|bool \$ttlModifierValue = false", 'why' => 'the map is [field => value]'],
        'hsetnx' => ['params' => "string \$key, $v \$field, $v \$value", 'why' => 'fields and values are sent as strings'],
        'hstrlen' => ['params' => "string \$key, $v \$field", 'why' => 'fields are sent as strings'],
        'httl' => ['params' => "string \$key, array<$v> \$fields", 'return' => 'list<int>|null', 'why' => 'one TTL per field'],
        'hvals' => ['return' => 'list<string>', 'why' => 'the values'],
        'incrbyfloat' => ['params' => 'string $key, int|float|string $increment', 'why' => 'a numeric string is sent as given'],
        'info' => ['return' => 'array<string, mixed>', 'why' => "Predis' parser: [section => [field => value]] (old servers: [field => value]); a variadic argument has no default"],
        'keys' => ['return' => 'list<string>', 'why' => 'the keys of every primary'],
        'lcs' => ['return' => 'string|int|array<string, mixed>', 'phpstan' => "(\$idx is true ? array{matches: list<mixed>, len: int} : (\$len is true ? int : string))", 'why' => "the common string; its length with \$len; with \$idx Predis' parser gives ['matches' => ..., 'len' => int]"],
        'lmove' => ['return' => 'string|null', 'why' => 'null when the source is empty'],
        'lmpop' => ['return' => 'array<string, list<string>>|null', 'why' => "Predis' parser: [key => [elements]]; null when every list is empty"],
        'lpop' => ['params' => 'string $key, int|null $count = null', 'return' => 'string|list<string>|null', 'phpstan' => '($count is null ? string|null : list<string>|null)', 'why' => 'LPOP takes a count (then a list)'],
        'lpush' => ['params' => "string \$key, $v|array<$v> \$valueOrValues, $v ...\$values", 'why' => 'variadic values or one array of them (normalizeVariadic)'],
        'lpushx' => ['params' => "string \$key, $v|array<$v> \$valueOrValues, $v ...\$values", 'why' => 'as lpush'],
        'lrem' => ['params' => "string \$key, int \$count, $v \$value", 'why' => 'values are sent as strings'],
        'lset' => ['params' => "string \$key, int \$index, $v \$value", 'return' => $S, 'why' => 'OK'],
        'ltrim' => ['return' => $S, 'why' => 'OK'],
        'mget' => ['params' => $keys, 'return' => 'list<string|null>', 'why' => 'variadic keys or one array of them; one value per key, null for a missing one (split over the nodes, replies in the caller\'s order)'],
        'mset' => ['params' => "array<string, $v>|string \$dictionaryOrKey, $v ...\$valuesAndKeys", 'return' => $S, 'why' => "mset([key => value]) (Predis' filter) or mset(key, value, ...); OK"],
        'msetnx' => ['params' => "array<string, $v>|string \$dictionaryOrKey, $v ...\$valuesAndKeys", 'why' => 'as mset'],
        'multi' => ['return' => $S, 'why' => "the pool's raw MULTI: OK (then commands return QUEUED until exec())"],
        'object' => ['return' => 'string|int|null', 'why' => 'ENCODING: a string; FREQ, IDLETIME, REFCOUNT: an integer; null for a missing key'],
        'pfadd' => ['params' => "string \$key, $v|array<$v> \$elementOrElements, $v ...\$elements", 'why' => 'variadic elements or one array of them (normalizeVariadic)'],
        'pfcount' => ['params' => $keys, 'why' => 'a variadic argument has no default'],
        'pfmerge' => ['params' => 'string $destinationKey, string|array<string> $sourceKeyOrKeys, string ...$sourceKeys', 'return' => $S, 'why' => 'variadic source keys or one array of them; OK'],
        'ping' => ['params' => "$v|null \$message = null", 'return' => "$S|string", 'phpstan' => "(\$message is null ? $S : string)", 'why' => 'PONG (a Status); with a message, the message'],
        'pubsub' => ['params' => 'string $subcommand, string|int ...$arguments', 'return' => 'list<string>|array<string, int>|int', 'why' => "CHANNELS: a list; NUMSUB: [channel => count] (Predis' parser); NUMPAT: an integer"],
        'rename' => ['return' => $S, 'why' => 'OK'],
        'rpop' => ['params' => 'string $key, int|null $count = null', 'return' => 'string|list<string>|null', 'phpstan' => '($count is null ? string|null : list<string>|null)', 'why' => 'RPOP takes a count (then a list)'],
        'rpush' => ['params' => "string \$key, $v|array<$v> \$valueOrValues, $v ...\$values", 'why' => 'as lpush'],
        'rpushx' => ['params' => "string \$key, $v|array<$v> \$valueOrValues, $v ...\$values", 'why' => 'as lpush'],
        'sadd' => ['params' => "string \$key, $v|array<$v> \$memberOrMembers, $v ...\$members", 'why' => 'variadic members or one array of them (normalizeVariadic)'],
        'save' => ['return' => $S, 'why' => 'OK'],
        'script' => ['params' => 'string $subcommand, string ...$arguments', 'return' => "$S|string|list<int>", 'why' => 'LOAD: the SHA1; EXISTS: one 0/1 per script (every primary asked, each answer the logical and); FLUSH, KILL: OK'],
        'sdiff' => ['params' => $keys, 'why' => 'variadic keys or one array of them'],
        'sdiffstore' => ['params' => 'string $destination, string|array<string> $keyOrKeys, string ...$keys', 'why' => 'variadic keys or one array of them'],
        'set' => ['params' => "string \$key, $v \$value, string|int|null \$expireResolution = null, string|int|null \$expireTTL = null, string|int|null \$flag = null, string|int|null \$flagValue = null, string|int ...\$moreOptions", 'return' => "$S|string|null", 'why' => 'OK; null when NX/XX did not set; with GET the old value (string or null)'],
        'setbit' => ['params' => 'string $key, int $offset, int|string $value', 'why' => 'the bit: 0 or 1'],
        'sinter' => ['params' => $keys, 'why' => 'variadic keys or one array of them'],
        'sintercard' => ['params' => 'array<string> $keys, int|bool $limit = 0', 'why' => "a limit, true, or false (Predis' filter)"],
        'sinterstore' => ['params' => 'string $destination, string|array<string> $keyOrKeys, string ...$keys', 'why' => 'variadic keys or one array of them'],
        'sismember' => ['params' => "string \$key, $v \$member", 'why' => 'members are sent as strings'],
        'slowlog' => ['params' => 'string $subcommand, int ...$arguments', 'return' => "list<array<string, mixed>>|int|$S", 'why' => "GET: one entry per command (Predis' parser); LEN: an integer; RESET: OK"],
        'smismember' => ['params' => "string \$key, $v ...\$members", 'return' => 'list<int>', 'why' => 'one 0/1 per member'],
        'smove' => ['params' => "string \$source, string \$destination, $v \$member", 'why' => 'members are sent as strings'],
        'sort' => ['return' => 'list<string|null>|int', 'why' => "the elements (null for a missing GET pattern's key); with 'store': the count"],
        'sort_ro' => ['return' => 'list<string|null>', 'why' => "the elements (null for a missing GET pattern's key)"],
        'spop' => ['return' => 'string|list<string>|null', 'phpstan' => '($count is null ? string|null : list<string>)', 'why' => 'one member (null for an empty set); with a count, a list'],
        'spublish' => ['params' => "string \$shardChannel, $v \$message", 'why' => 'as publish'],
        'srandmember' => ['return' => 'string|list<string>|null', 'phpstan' => '($count is null ? string|null : list<string>)', 'why' => 'one member (null for an empty set); with a count, a list'],
        'srem' => ['params' => "string \$key, $v|array<$v> \$memberOrMembers, $v ...\$members", 'why' => 'variadic members or one array of them (normalizeVariadic)'],
        'sscan' => ['params' => 'string $key, int|string $cursor, array<string, mixed>|null $options = null', 'return' => 'array{string, list<string>}', 'why' => '[next cursor, [members]]'],
        'sunion' => ['params' => $keys, 'why' => 'variadic keys or one array of them'],
        'sunionstore' => ['params' => 'string $destination, string|array<string> $keyOrKeys, string ...$keys', 'why' => 'variadic keys or one array of them'],
        'time' => ['return' => 'array{string, string}', 'why' => '[seconds, microseconds]'],
        'touch' => ['params' => $keys, 'why' => 'a variadic argument has no default'],
        'type' => ['return' => 'string', 'why' => "'string', 'list', ..., 'none' (a plain string, as Predis v3 gives it)"],
        'unlink' => ['params' => $keys, 'why' => 'a variadic argument has no default'],
        'unwatch' => ['return' => $S, 'why' => 'OK'],
        'vadd' => ['params' => "string \$key, string|array<float|int> \$vector, $v \$elem, int|null \$dim = null, bool \$cas = false, string|null \$quant = null, int|null \$bef = null, string|array<mixed>|null \$attributes = null, int|null \$numlinks = null", 'why' => 'as Predis, nullable defaults spelled out'],
        'vemb' => ['return' => 'list<float|string>', 'why' => 'floats; with $raw the first two elements as sent (the quantization and the raw blob)'],
        'vgetattr' => ['phpstan' => '($asJson is true ? string|null : array<mixed>|null)', 'why' => "json_decode()d attributes (Predis' parser); with \$asJson the JSON text"],
        'vinfo' => ['return' => 'array<string, mixed>|null', 'why' => "Predis' parser: [field => value]"],
        'vlinks' => ['return' => 'list<list<string>|array<string, float>>|null', 'why' => "one list per level; with \$withScores [element => score] (Predis' parser)"],
        'vrandmember' => ['return' => 'string|list<string>|null', 'phpstan' => '($count is null ? string|null : list<string>)', 'why' => 'one element (null for a missing key); with a count, a list'],
        'vsim' => ['params' => "string \$key, string|array<float|int> \$vectorOrElem, bool \$isElem = false, bool \$withScores = false, int|null \$count = null, float|null \$epsilon = null, int|null \$ef = null, string|null \$filter = null, int|null \$filterEf = null, bool \$truth = false, bool \$noThread = false", 'return' => 'list<string>|array<string, float>', 'phpstan' => '($withScores is true ? array<string, float> : list<string>)', 'why' => "elements; with \$withScores [element => score] (Predis' parser)"],
        'watch' => ['params' => $keys, 'return' => $S, 'why' => 'variadic keys or one array of them; OK'],
        'xadd' => ['params' => "string \$key, array<string|int, $v> \$dictionary, string \$id = '*', array<mixed>|null \$options = null", 'return' => 'string|null', 'why' => "the entry's ID; null with 'nomkstream' and no stream"],
        'xautoclaim' => ['return' => 'list<mixed>', 'why' => "[next ID, entries, deleted IDs] as the server sends it (no parser in Predis)"],
        'xclaim' => ['params' => 'string $key, string $group, string $consumer, int $minIdleTime, string|array<string> $ids, int|null $idle = null, int|null $time = null, int|null $retryCount = null, bool $force = false, bool $justId = false, string|null $lastId = null', 'return' => 'array<string, array<string, string>>|list<string>', 'why' => "one ID or an array of them; Predis' parser: [id => [field => value]], with \$justId the IDs"],
        'xdel' => ['params' => 'string $key, string|array<string> $idOrIds, string ...$ids', 'why' => 'variadic IDs or one array of them (normalizeVariadic)'],
        'xpending' => ['return' => 'list<mixed>', 'why' => "summary: [count, first ID, last ID, [consumer => count]] (Predis' parser); extended form: one [id, consumer, idle, deliveries] per entry"],
        'xrange' => ['return' => 'array<string, array<string, string>>', 'why' => "Predis' parser: [id => [field => value]]"],
        'xrevrange' => ['return' => 'array<string, array<string, string>>', 'why' => "Predis' parser: [id => [field => value]]"],
        'xread' => ['params' => 'int|null $count = null, int|null $block = null, array<string>|null $streams = null, string ...$id', 'return' => 'array<string, mixed>', 'why' => "Predis' parser: [stream => entries], [] when nothing was read"],
        'xread_v4' => ['params' => 'array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, int|null $maxCount = null, int|null $maxSize = null', 'return' => 'array<string, mixed>', 'why' => "Predis' parser: [stream => entries], [] when nothing was read"],
        'xreadgroup' => ['return' => 'list<mixed>|null', 'why' => 'as the server sends it (Predis only parses RESP3 maps); null when nothing was read'],
        'xreadgroup_claim' => ['params' => 'string $group, string $consumer, array<string, string> $keyIdDict, int|null $count = null, int|null $blockMs = null, bool $noAck = false, int|null $claim = null, int|null $maxCount = null, int|null $maxSize = null', 'return' => 'list<mixed>|null', 'why' => '[stream => ID]; replies as xreadgroup'],
        'xtrim' => ['params' => 'string $key, string|array<string> $strategy, string|int $threshold, array<mixed>|null $options = null', 'return' => 'int', 'why' => 'XTRIM returns the number of entries removed'],
        'zadd' => ['params' => "string \$key, array<string|int, int|float|string>|$v ...\$membersAndScoresDictionary", 'return' => 'int|string|null', 'why' => "zadd(key, [member => score]) or zadd(key, [flags...,] score, member, ...); the count, or with INCR the new score (null when NX/XX did not apply)"],
        'zcount' => ['params' => 'string $key, int|float|string $min, int|float|string $max', 'why' => 'scores may be floats'],
        'zdiff' => ['return' => 'list<string>|array<string, string>', 'phpstan' => '($withScores is true ? array<string, string> : list<string>)', 'why' => "members; with \$withScores [member => score] (Predis' parser)"],
        'zincrby' => ['params' => "string \$key, int|float|string \$increment, $v \$member", 'why' => 'the increment may be a float'],
        'zinter' => ['params' => "array<string> \$keys, array<mixed> \$weights = [], string \$aggregate = 'sum', bool \$withScores = false", 'return' => 'list<string>|array<string, string>', 'phpstan' => '($withScores is true ? array<string, string> : list<string>)', 'why' => "members; with \$withScores [member => score] (Predis' parser)"],
        'zinterstore' => ['params' => "string \$destination, array<string> \$keys, array<mixed> \$weights = [], string \$aggregate = 'sum'", 'why' => "weights, or ['weights' => [...], 'aggregate' => ...] (Predis' filter)"],
        'zintercard' => ['params' => 'array<string> $keys, int|bool $limit = 0', 'why' => "a limit, true, or false (Predis' filter)"],
        'zmpop' => ['return' => 'array<string, array<string, string>>|null', 'why' => "Predis' parser: [key => [member => score]]; null when every set is empty"],
        'zmscore' => ['params' => "string \$key, $v ...\$member", 'return' => 'list<string|null>', 'why' => 'one score per member, null for a missing one'],
        'zpopmax' => ['return' => 'array<string, string>', 'why' => "Predis' parser: [member => score]"],
        'zpopmin' => ['return' => 'array<string, string>', 'why' => "Predis' parser: [member => score]"],
        'zrandmember' => ['params' => 'string $key, int|null $count = null, bool $withScores = false', 'return' => 'string|list<string>|array<string, string>|null', 'phpstan' => '($count is null ? string|null : ($withScores is true ? array<string, string> : list<string>))', 'why' => "one member (null for a missing key); with a count, a list; with \$withScores [member => score] (Predis' parser)"],
        'zrange' => ['params' => 'string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null', 'return' => 'list<string>|array<string, string>', 'phpstan' => '($options is null ? list<string> : list<string>|array<string, string>)', 'why' => "members; with 'withscores' [member => score] (Predis' parser); the 4th argument may be 'WITHSCORES'"],
        'zrangebylex' => ['return' => 'list<string>', 'why' => 'members'],
        'zrangebyscore' => ['params' => 'string $key, int|float|string $min, int|float|string $max, array<mixed>|string|null $options = null', 'return' => 'list<string>|array<string, string>', 'phpstan' => '($options is null ? list<string> : list<string>|array<string, string>)', 'why' => 'as zrange'],
        'zrank' => ['params' => "string \$key, $v \$member", 'why' => 'members are sent as strings'],
        'zrem' => ['params' => "string \$key, $v|array<$v> \$memberOrMembers, $v ...\$members", 'why' => 'variadic members or one array of them (normalizeVariadic)'],
        'zremrangebyscore' => ['params' => 'string $key, int|float|string $min, int|float|string $max', 'why' => 'scores may be floats'],
        'zrevrange' => ['params' => 'string $key, int|string $start, int|string $stop, array<mixed>|string|null $options = null', 'return' => 'list<string>|array<string, string>', 'phpstan' => '($options is null ? list<string> : list<string>|array<string, string>)', 'why' => 'as zrange'],
        'zrevrangebylex' => ['return' => 'list<string>', 'why' => 'members'],
        'zrevrangebyscore' => ['params' => 'string $key, int|float|string $max, int|float|string $min, array<mixed>|string|null $options = null', 'return' => 'list<string>|array<string, string>', 'phpstan' => '($options is null ? list<string> : list<string>|array<string, string>)', 'why' => 'as zrange'],
        'zrevrank' => ['params' => "string \$key, $v \$member", 'why' => 'members are sent as strings'],
        'zscan' => ['params' => 'string $key, int|string $cursor, array<string, mixed>|null $options = null', 'return' => 'array{string, array<string, float>}', 'why' => "Predis' parser: [next cursor, [member => (float) score]]"],
        'zscore' => ['params' => "string \$key, $v \$member", 'why' => 'members are sent as strings'],
        'zunion' => ['params' => "array<string> \$keys, array<mixed> \$weights = [], string \$aggregate = 'sum', bool \$withScores = false", 'return' => 'list<string>|array<string, string>', 'phpstan' => '($withScores is true ? array<string, string> : list<string>)', 'why' => 'as zinter'],
        'zunionstore' => ['params' => "string \$destination, array<string> \$keys, array<mixed> \$weights = [], string \$aggregate = 'sum'", 'why' => 'as zinterstore'],
    ];
}

/** The text of tools/command_signatures.php. */
function rcp_sig_generate(string $root, string $predis): string
{
    $file = "$predis/src/ClientInterface.php";
    $src = @file_get_contents($file);
    $client = @file_get_contents("$predis/src/Client.php");
    if ($src === false || $client === false || !preg_match("/const VERSION = '([0-9.]+)'/", $client, $vm)) {
        throw new RuntimeException("no Predis in $predis (install Predis 3.7: bash tests/adapter/install_predis.sh .scratch/adapter-v3 '3.7.*')");
    }
    if (!str_starts_with($vm[1], '3.7.')) {
        throw new RuntimeException("$predis is Predis {$vm[1]}, not 3.7 (the line src/predis/ ports)");
    }
    if (is_file(dirname($predis, 2) . '/autoload.php')) {
        require_once dirname($predis, 2) . '/autoload.php';   // for the class constants used as defaults
    }
    // use statements: short name => full name
    $uses = [];
    preg_match_all('/^use ([\w\\\\]+)(?: as (\w+))?;/m', $src, $um, PREG_SET_ORDER);
    foreach ($um as $u) $uses[$u[2] ?? substr(strrchr('\\' . $u[1], '\\'), 1)] = $u[1];
    preg_match_all('/^ \* @method\s+(\S+)\s+(\w+)\((.*)\)\s*$/m', $src, $mm, PREG_SET_ORDER);
    $methods = [];
    foreach ($mm as [, $ret, $name, $params]) $methods[strtolower($name)] = [$ret, $params];

    $corr = rcp_sig_corrections();
    $ours = array_merge(rcp_command_methods($root), rcp_pool_only_methods());
    sort($ours);
    $rows = [];
    $stats = ['predis' => 0, 'corrected' => 0, 'unknown' => 0];
    $problems = [];
    foreach ($ours as $name) {
        if (!isset($methods[$name])) {
            if (isset($corr[$name])) throw new RuntimeException("correction for $name, which Predis has no @method for");
            $stats['unknown']++;
            continue;
        }
        [$ret, $params] = $methods[$name];
        $mapped = ['params' => rcp_sig_params($params, $uses, $name), 'return' => rcp_sig_type($ret, $uses, true)];
        $row = $mapped;
        if (isset($corr[$name])) {
            $c = $corr[$name];
            if (!isset($c['params']) && !isset($c['return']) && !isset($c['phpstan'])) {
                $problems[] = "the correction of $name changes nothing: remove it";
            }
            foreach (['params', 'return'] as $k) {
                if (isset($c[$k]) && $c[$k] === $mapped[$k]) $problems[] = "the correction of $name repeats Predis' $k: remove that part";
                if (isset($c[$k])) $row[$k] = $c[$k];
            }
            if (isset($c['phpstan'])) $row['phpstan'] = $c['phpstan'];
            $row['why'] = $c['why'];
            $row['predis'] = trim("$ret $name($params)");
            $stats['corrected']++;
        } else {
            $stats['predis']++;
        }
        $rows[$name] = $row;
    }
    foreach (array_keys($corr) as $name) {
        if (!in_array($name, $ours, true)) $problems[] = "correction for $name, which is not a command method of the extension";
    }
    if ($problems) throw new RuntimeException(implode("\n", $problems));

    $out = "<?php\n/*\n * Typed signatures of the Redis command methods, for the IDE stub's @method tags (tools/gen_ide_stub.php).\n"
        . " * Generated by tools/gen_command_signatures.php from Predis {$vm[1]}'s Predis\\ClientInterface: do not edit (edit\n"
        . " * the generator's corrections and run it again). {$stats['predis']} signatures as Predis gives them (types mapped),\n"
        . " * {$stats['corrected']} corrected (the reason and Predis' line below each); " . $stats['unknown']
        . " command methods Predis has no @method for are\n * left out: they keep `mixed ...\$arguments`.\n"
        . " * name => [arguments, reply type, PHPStan's conditional reply type or null]\n */\nreturn [\n";
    foreach ($rows as $name => $r) {
        if (isset($r['why'])) {
            $out .= "    // {$r['why']}\n    // Predis: {$r['predis']}\n";
        }
        $out .= '    ' . var_export($name, true) . ' => [' . var_export($r['params'], true) . ', '
            . var_export($r['return'], true) . ', ' . var_export($r['phpstan'] ?? null, true) . "],\n";
    }
    return str_replace('NULL]', 'null]', $out) . "];\n";
}

/** A Predis docblock type in this extension's terms: class names in full, Status as \RedisClusterPool\Status. */
function rcp_sig_type(string $t, array $uses, bool $reply = false): string
{
    $parts = [];
    foreach (explode('|', $t) as $p) {
        if (str_starts_with($p, '?')) {
            $parts[] = 'null';
            $p = substr($p, 1);
        }
        if ($p === 'Status') {
            $p = '\RedisClusterPool\Status';
        } elseif (str_ends_with($p, '[]')) {
            $p = ($reply ? 'list<' : 'array<') . rcp_sig_type(substr($p, 0, -2), $uses) . '>';
        } elseif ($reply && $p === 'array') {
            $p = 'array<mixed>';
        } elseif (isset($uses[$p])) {
            $p = '\\' . $uses[$p];
        } elseif (preg_match('/^[A-Z]/', $p)) {
            throw new RuntimeException("type $p: not imported in ClientInterface.php");
        } elseif ($p === 'array') {
            $p = 'array<mixed>';
        }
        $parts[] = $p;
    }
    // null last, no duplicates
    $parts = array_values(array_unique($parts));
    if (($i = array_search('null', $parts, true)) !== false) {
        array_splice($parts, $i, 1);
        $parts[] = 'null';
    }
    return implode('|', $parts);
}

/** Predis' argument list mapped: types as rcp_sig_type(), defaults resolved, nullable defaults, no variadic default. */
function rcp_sig_params(string $params, array $uses, string $method): string
{
    if (trim($params) === '') return '';
    $out = [];
    foreach (rcp_sig_split($params) as $p) {
        if (!preg_match('/^(?:(?<type>[^$.&]+?)\s+)?(?<variadic>\.\.\.)?\$(?<name>\w+)(?:\s*=\s*(?<default>.+))?$/', trim($p), $m)) {
            throw new RuntimeException("$method: cannot read the argument '$p'");
        }
        $type = trim($m['type'] ?? '') === '' ? rcp_sig_untyped($m['name']) : rcp_sig_type(trim($m['type']), $uses);
        if ($type === 'array<mixed>' && in_array($m['name'], ['keys', 'sourceKeys', 'getPatterns'], true)) {
            $type = 'array<string>';
        }
        $default = isset($m['default']) && $m['default'] !== '' ? trim($m['default']) : null;
        if ($m['variadic'] !== '') {
            $default = null;    // Predis writes `string ...$keys = null`, which PHP would not parse
        } elseif ($default !== null && preg_match('/^(\w+)::(\w+)$/', $default, $cm)) {
            // (ClientInterface.php uses HGETEX::NULL without importing HGETEX: Predis' command classes are meant)
            $class = $uses[$cm[1]] ?? "Predis\\Command\\Redis\\{$cm[1]}";
            if (!defined("$class::{$cm[2]}")) throw new RuntimeException("$method: $class::{$cm[2]} is not defined (is Predis' autoloader there?)");
            $default = var_export(constant("$class::{$cm[2]}"), true);
            $default = $default === 'NULL' ? 'null' : $default;
        }
        if ($default === 'null' && $type !== 'mixed' && !in_array('null', explode('|', $type), true)) {
            $type .= '|null';
        }
        $out[] = "$type {$m['variadic']}\${$m['name']}" . ($default !== null ? " = $default" : '');
    }
    return implode(', ', $out);
}

/**
 * The type of an argument Predis leaves untyped, by its name: values the extension sends as strings, integer
 * offsets, coordinates, keywords; anything else stays mixed.
 */
function rcp_sig_untyped(string $name): string
{
    return match ($name) {
        'value', 'member', 'member1', 'member2', 'field', 'message', 'pivot', 'elem' => RCP_V,
        'start', 'end', 'offset', 'bit', 'seconds', 'milliseconds', 'timestamp' => 'int',
        'longitude', 'latitude', 'radius' => 'int|float|string',
        'unit', 'whence', 'subcommand', 'modifier', 'channel', 'operation' => 'string',
        'key', 'destkey', 'cursor' => $name === 'cursor' ? 'int|string' : 'string',
        default => 'mixed',
    };
}

/** Split an argument list on its top-level commas. @return list<string> */
function rcp_sig_split(string $s): array
{
    $parts = [];
    $depth = 0;
    $cur = '';
    foreach (str_split($s) as $ch) {
        if ($ch === '<' || $ch === '(' || $ch === '[' || $ch === '{') $depth++;
        if ($ch === '>' || $ch === ')' || $ch === ']' || $ch === '}') $depth--;
        if ($ch === ',' && $depth === 0) {
            $parts[] = $cur;
            $cur = '';
            continue;
        }
        $cur .= $ch;
    }
    $parts[] = $cur;
    return $parts;
}

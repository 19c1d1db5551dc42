/*
 * rcp_util.h - the bottom layer: the few helpers every layer needs, in one header so that no file keeps a private
 * copy of them and none has to call upwards (into the engine or the metrics) to reach them. No zval, no libuv, no
 * PHP: plain C that any file, core or binding, may include.
 *
 *   rcp_now_ns(), rcp_now_us(), rcp_now_ms()   the monotonic clock (CLOCK_MONOTONIC through the vDSO, as libuv's
 *                                uv_hrtime() and the read cache's bound): one reading serves every unit (divide it)
 *   rcp_pid()                    this process' pid without a system call, refreshed in a fork child
 *   rcp_fnv1a()                  64-bit FNV-1a, incremental (RCP_FNV1A_INIT to start): the TLS settings' hash, TLS
 *                                session keys; never a secret (those are rcp_hash.h's keyed rcp_secret_hash())
 *   rcp_addr_fmt()               the one address format, "host:port", "[v6]:port" for an IPv6 host (brackets, so
 *                                the port can be told from the address), without printf
 *
 * Invariants: every function is static inline except rcp_pid()'s first call in a process, which reads getpid()
 * and registers a pthread_atfork() child handler; its cache and that function are defined once, in the one
 * translation unit that defines RCP_UTIL_IMPL before including this header (a file of the bottom layer).
 *
 * Self-test (no PHP needed): cc -DRCP_UTIL_SELFTEST -x c include/rcp_util.h -o /tmp/u && /tmp/u
 */
#ifndef RCP_UTIL_H
#define RCP_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/types.h>

#if defined(RCP_UTIL_SELFTEST) && !defined(RCP_UTIL_IMPL)
# define RCP_UTIL_IMPL
#endif

/* The clock and the pid are a few instructions on the hot path: always inlined. */
#if defined(__GNUC__) || defined(__clang__)
# define RCP_UTIL_INLINE static inline __attribute__((always_inline))
# define RCP_UTIL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
# define RCP_UTIL_INLINE static inline
# define RCP_UTIL_UNLIKELY(x) (x)
#endif

/* ---- the monotonic clock -------------------------------------------------------------------------------------- */

/* Nanoseconds on the monotonic clock (the clock of uv_hrtime(), of every deadline and of the read cache's bound).
 * CLOCK_MONOTONIC, not _COARSE: the coarse clock lags by more than its resolution, and a deadline or a staleness
 * bound needs the time itself. */
RCP_UTIL_INLINE uint64_t rcp_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Microseconds and milliseconds on the same clock. A caller that needs two units reads rcp_now_ns() once and
 * divides: rcp_now_ms() == rcp_now_ns() / 1000000 for the same instant. */
RCP_UTIL_INLINE uint64_t rcp_now_us(void)
{
	return rcp_now_ns() / 1000u;
}

RCP_UTIL_INLINE uint64_t rcp_now_ms(void)
{
	return rcp_now_ns() / 1000000u;
}

/* ---- the process' pid ---------------------------------------------------------------------------------------- */

/* 0 until the first rcp_pid() of the process; set again in a fork child (pthread_atfork). */
extern pid_t rcp_util_pid;

/* getpid() into the cache, and (once per process) the fork handler that keeps it true. */
void rcp_util_pid_init(void);

/* This process' pid. getpid() is a system call since glibc 2.25; the pid changes only in a fork child, where the
 * pthread_atfork() handler refreshes the cache before any code of the child runs. */
RCP_UTIL_INLINE pid_t rcp_pid(void)
{
	if (RCP_UTIL_UNLIKELY(!rcp_util_pid)) {
		rcp_util_pid_init();
	}
	return rcp_util_pid;
}

#ifdef RCP_UTIL_IMPL
pid_t rcp_util_pid;

static void rcp_util_atfork_child(void)
{
	rcp_util_pid = getpid();
}

void rcp_util_pid_init(void)
{
	static bool registered;

	rcp_util_pid = getpid();
	if (!registered) {
		registered = true;
		pthread_atfork(NULL, NULL, rcp_util_atfork_child);
	}
}
#endif

/* ---- FNV-1a -------------------------------------------------------------------------------------------------- */

/* FNV's 64-bit offset basis. (The copies this header replaced started from 1469598103934665603, this number with
 * its last digit lost; nothing hashed with it outlived the process' build.) FNV-1a is for what holds no secret
 * (the TLS settings, a TLS session's key in the segment); a hash of anything holding a password is rcp_hash.h's. */
#define RCP_FNV1A_INIT 14695981039346656037ULL

/* h folded with len bytes at p (start with RCP_FNV1A_INIT; fold more with the result). Not a cryptographic hash:
 * it tells keys apart, and hashes of a password are only ever compared, never shown. */
static inline uint64_t rcp_fnv1a(uint64_t h, const void *p, size_t len)
{
	const unsigned char *b = (const unsigned char *)p;

	for (size_t i = 0; i < len; i++) {
		h = (h ^ b[i]) * 1099511628211ULL;
	}
	return h;
}

/* ---- addresses ----------------------------------------------------------------------------------------------- */

/* "host:port", or "[host]:port" when host is an IPv6 address (it holds a ':'), into out; returns its length (what
 * snprintf would return: out is cut short, NUL-terminated, when cap is too small). No printf when it fits: it runs
 * for every new connection and every error that names a node. cap >= RCP_ADDR_MAX (rcp_conn.h) always fits. */
static inline size_t rcp_addr_fmt(char *out, size_t cap, const char *host, unsigned port)
{
	size_t hl = strlen(host), n = 0;
	bool v6 = memchr(host, ':', hl) != NULL;
	char digits[8];
	int nd = 0;

	if (cap < 2 + hl + 1 + 5 + 1) {
		return (size_t)snprintf(out, cap, v6 ? "[%s]:%u" : "%s:%u", host, port);
	}
	if (v6) {
		out[n++] = '[';
	}
	memcpy(out + n, host, hl);
	n += hl;
	if (v6) {
		out[n++] = ']';
	}
	out[n++] = ':';
	do {
		digits[nd++] = (char)('0' + port % 10);
		port /= 10;
	} while (port && nd < 7);
	while (nd) {
		out[n++] = digits[--nd];
	}
	out[n] = '\0';
	return n;
}

/* ---- self-test ----------------------------------------------------------------------------------------------- */

#ifdef RCP_UTIL_SELFTEST
#include <stdlib.h>
#include <sys/wait.h>

static int rcp_util_failed;

#define RCP_UTIL_CHECK(cond) do {                                                                       \
		if (!(cond)) {                                                                                  \
			fprintf(stderr, "rcp_util.h self-test: line %d: %s\n", __LINE__, #cond);                    \
			rcp_util_failed++;                                                                          \
		}                                                                                               \
	} while (0)

int main(void)
{
	char buf[300];
	volatile size_t small = 6, tiny = 8; /* not constants: gcc would warn about the truncation that is tested */
	int status;
	pid_t child;
	uint64_t ns, us, ms, a, b;

	/* addresses: IPv4, a name, IPv6 in brackets, port 0 and 65535, too small a buffer (as snprintf) */
	RCP_UTIL_CHECK(rcp_addr_fmt(buf, sizeof(buf), "127.0.0.1", 6379) == 14 && !strcmp(buf, "127.0.0.1:6379"));
	RCP_UTIL_CHECK(rcp_addr_fmt(buf, sizeof(buf), "redis-0.example", 7000) == 20 && !strcmp(buf, "redis-0.example:7000"));
	RCP_UTIL_CHECK(rcp_addr_fmt(buf, sizeof(buf), "::1", 65535) == 11 && !strcmp(buf, "[::1]:65535"));
	RCP_UTIL_CHECK(rcp_addr_fmt(buf, sizeof(buf), "fe80::1%eth0", 0) == 16 && !strcmp(buf, "[fe80::1%eth0]:0"));
	RCP_UTIL_CHECK(rcp_addr_fmt(buf, small, "::1", 6379) == 10 && !strcmp(buf, "[::1]"));
	RCP_UTIL_CHECK(rcp_addr_fmt(buf, tiny, "a", 1) == 3 && !strcmp(buf, "a:1"));

	/* FNV-1a: the published 64-bit vectors, and folding in pieces equals folding at once */
	RCP_UTIL_CHECK(rcp_fnv1a(RCP_FNV1A_INIT, "", 0) == 0xcbf29ce484222325ULL);
	RCP_UTIL_CHECK(rcp_fnv1a(RCP_FNV1A_INIT, "a", 1) == 0xaf63dc4c8601ec8cULL);
	RCP_UTIL_CHECK(rcp_fnv1a(RCP_FNV1A_INIT, "foobar", 6) == 0x85944171f73967e8ULL);
	RCP_UTIL_CHECK(rcp_fnv1a(rcp_fnv1a(RCP_FNV1A_INIT, "foo", 3), "bar", 3) == 0x85944171f73967e8ULL);

	/* the clock: monotonic, every unit from one clock (as uv_hrtime()'s: CLOCK_MONOTONIC) */
	a = rcp_now_us();
	usleep(2000);
	b = rcp_now_us();
	RCP_UTIL_CHECK(b >= a + 2000 && b - a < 5000000);
	ns = rcp_now_ns();
	us = rcp_now_us();
	ms = rcp_now_ms();
	RCP_UTIL_CHECK(us >= ns / 1000 && us - ns / 1000 < 1000000);
	RCP_UTIL_CHECK(ms >= us / 1000 && ms - us / 1000 < 1000);
	{
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		RCP_UTIL_CHECK(rcp_now_ms() >= (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
	}

	/* the pid: cached, and right again in a fork child */
	RCP_UTIL_CHECK(rcp_pid() == getpid() && rcp_util_pid == getpid());
	child = fork();
	if (child == 0) {
		_exit(rcp_pid() == getpid() && rcp_pid() != 0 ? 0 : 1);
	}
	RCP_UTIL_CHECK(child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0);

	if (rcp_util_failed) {
		return 1;
	}
	printf("rcp_util.h self-test: ok\n");
	return 0;
}
#endif

#endif

/*
 * rcp_hash.h - hashing a secret: SipHash-2-4 keyed with a random key this process tree made at startup.
 *
 * Wherever a hash stands for something that holds a password (a pool key: node + user + password; a TLS
 * passphrase), it is this keyed hash, never a plain one: a plain 64-bit hash (FNV) of a password is a fast
 * offline test of guesses for whoever reads it, and FNV's steps can be undone, so a hash of a longer string
 * that ends in one gives it away too. The key is made in MINIT (rcp_hash_key_init(), src/core/util.c), in the FPM
 * master before it forks, so every worker computes the same values; it lives only in process memory, never in
 * the shared segment, which therefore holds values nobody can test a guess against.
 *
 * SipHash-2-4 (Aumasson, Bernstein 2012): a PRF for short inputs, about 1 ns a byte. Checked against the
 * reference test vector (key 00..0f, message 00..0e -> 0xa129ca6149be45e5).
 */
#ifndef RCP_HASH_H
#define RCP_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The process' key (two words), made by rcp_hash_key_init() in MINIT. */
extern uint64_t rcp_hash_key[2];

/* MINIT (defined in src/core/util.c): fill rcp_hash_key from the system's CSPRNG (php_random_bytes: getrandom, else
 * /dev/urandom), before the FPM master forks, so every worker has the same key. False: no random bytes. */
bool rcp_hash_key_init(void);

#define RCP_ROTL64(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define RCP_SIPROUND(v0, v1, v2, v3)                                                                        \
	do {                                                                                                   \
		v0 += v1; v1 = RCP_ROTL64(v1, 13); v1 ^= v0; v0 = RCP_ROTL64(v0, 32);                              \
		v2 += v3; v3 = RCP_ROTL64(v3, 16); v3 ^= v2;                                                       \
		v0 += v3; v3 = RCP_ROTL64(v3, 21); v3 ^= v0;                                                       \
		v2 += v1; v1 = RCP_ROTL64(v1, 17); v1 ^= v2; v2 = RCP_ROTL64(v2, 32);                              \
	} while (0)

/* SipHash-2-4 of p (len bytes) under key k. */
static inline uint64_t rcp_siphash24(const uint64_t k[2], const void *p, size_t len)
{
	const unsigned char *in = p;
	uint64_t v0 = 0x736f6d6570736575ULL ^ k[0], v1 = 0x646f72616e646f6dULL ^ k[1];
	uint64_t v2 = 0x6c7967656e657261ULL ^ k[0], v3 = 0x7465646279746573ULL ^ k[1];
	uint64_t m, b = (uint64_t)len << 56;
	size_t i, left = len & 7;

	for (i = 0; i + 8 <= len; i += 8) {
		m = 0;
		for (int j = 7; j >= 0; j--) {
			m = (m << 8) | in[i + (size_t)j]; /* little-endian, whatever the machine */
		}
		v3 ^= m;
		RCP_SIPROUND(v0, v1, v2, v3);
		RCP_SIPROUND(v0, v1, v2, v3);
		v0 ^= m;
	}
	for (size_t j = 0; j < left; j++) {
		b |= (uint64_t)in[i + j] << (8 * j);
	}
	v3 ^= b;
	RCP_SIPROUND(v0, v1, v2, v3);
	RCP_SIPROUND(v0, v1, v2, v3);
	v0 ^= b;
	v2 ^= 0xff;
	RCP_SIPROUND(v0, v1, v2, v3);
	RCP_SIPROUND(v0, v1, v2, v3);
	RCP_SIPROUND(v0, v1, v2, v3);
	RCP_SIPROUND(v0, v1, v2, v3);
	return v0 ^ v1 ^ v2 ^ v3;
}

#undef RCP_SIPROUND
#undef RCP_ROTL64

/* The one way to hash a secret, or anything holding one: SipHash-2-4 under the process' key. */
static inline uint64_t rcp_secret_hash(const void *p, size_t len)
{
	return rcp_siphash24(rcp_hash_key, p, len);
}

#endif

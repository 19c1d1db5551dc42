/*
 * fcgi_load: the benchmarks' FastCGI load driver in C (benchmarks/lib.inc drive(), with RCP_BENCH_DRIVER=c).
 *
 * The same requests as the PHP driver (tests/fpm/fcgi.inc RcpFcgi over forked keep-alive clients), for a fraction of
 * its CPU: on a 2-core machine the driver shares the cores with php-fpm and the servers, and each request it makes
 * costs CPU that the page under test then does not get. `php benchmarks/cache_bench.php` reports the driver's own CPU
 * per request next to its figures.
 *
 *   fcgi_load HOST:PORT SCRIPT QUERY REQUESTS CLIENTS [random]
 *
 * CLIENTS forked processes, each with one keep-alive connection (FCGI_KEEP_CONN, so one php-fpm worker each), make
 * REQUESTS requests together: client w makes requests w, w + CLIENTS, ... Each request is a GET of SCRIPT with
 * QUERY&i=<the request's number> (with `random`: a random number). A request whose body is not "ok" is a failure.
 * Prints one JSON object: {"wall": seconds, "lat": [ms of each request], "bad": failures, "errs": [the first 20
 * failed bodies, 160 bytes each]}. Exit status 0, or 2 on bad usage or a connection that failed (said on stderr).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ERRS_MAX 20
#define ERR_LEN  160

typedef struct {
	int bad;
	int nerr;
	char errs[ERRS_MAX][ERR_LEN + 1];
} client_out;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static size_t rec(unsigned char *b, int type, int id, const void *content, size_t len)
{
	size_t pad = (8 - len % 8) % 8;
	b[0] = 1;
	b[1] = (unsigned char)type;
	b[2] = (unsigned char)(id >> 8);
	b[3] = (unsigned char)id;
	b[4] = (unsigned char)(len >> 8);
	b[5] = (unsigned char)len;
	b[6] = (unsigned char)pad;
	b[7] = 0;
	if (len) {
		memcpy(b + 8, content, len);
	}
	memset(b + 8 + len, 0, pad);
	return 8 + len + pad;
}

static size_t nv(unsigned char *b, const char *n, const char *v)
{
	size_t nl = strlen(n), vl = strlen(v), o = 0;
	size_t ls[2] = {nl, vl};
	for (int i = 0; i < 2; i++) {
		if (ls[i] < 128) {
			b[o++] = (unsigned char)ls[i];
		} else {
			uint32_t l = htonl((uint32_t)ls[i] | 0x80000000u);
			memcpy(b + o, &l, 4);
			o += 4;
		}
	}
	memcpy(b + o, n, nl);
	memcpy(b + o + nl, v, vl);
	return o + nl + vl;
}

/* Buffered reader of one connection: one read() takes what is there (a whole small response, as a rule). */
typedef struct {
	int fd;
	unsigned char buf[65536];
	size_t off, len;
} reader;

static int take(reader *r, unsigned char *out, size_t n)
{
	while (n) {
		if (r->off == r->len) {
			ssize_t got = read(r->fd, r->buf, sizeof(r->buf));
			if (got < 0 && errno == EINTR) {
				continue;
			}
			if (got <= 0) {
				return -1;
			}
			r->off = 0;
			r->len = (size_t)got;
		}
		size_t k = r->len - r->off < n ? r->len - r->off : n;
		if (out) {
			memcpy(out, r->buf + r->off, k);
			out += k;
		}
		r->off += k;
		n -= k;
	}
	return 0;
}

static int client(const struct sockaddr_in *sa, const char *script, const char *query, long from, long n, long step,
                  int random_i, double *lat, client_out *o)
{
	static reader rd;
	static unsigned char req[16384], params[8192], body[65536];
	const char *base = strrchr(script, '/');
	char name[1024], q[4096], num[32];
	struct timeval tv = {30, 0};
	int one = 1, id = 0;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	snprintf(name, sizeof(name), "/%s", base ? base + 1 : script);
	if (fd < 0 || connect(fd, (const struct sockaddr *)sa, sizeof(*sa)) != 0) {
		fprintf(stderr, "fcgi_load: connect: %s\n", strerror(errno));
		return -1;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	rd.fd = fd;
	srandom((unsigned)(getpid() ^ (unsigned)(now_s() * 1e6)));
	for (long i = from; i < n; i += step) {
		unsigned char begin[8] = {0, 1, 1, 0, 0, 0, 0, 0}; /* role: responder; flags: KEEP_CONN */
		size_t pl = 0, rl = 0, bl = 0;
		int truncated = 0; /* a STDOUT record that did not fit the body's buffer: the request fails */
		double t0 = now_s();

		id = id % 65535 + 1;
		snprintf(num, sizeof(num), "%ld", random_i ? (long)random() : i);
		snprintf(q, sizeof(q), "%s&i=%s", query, num);
		pl += nv(params + pl, "SCRIPT_FILENAME", script);
		pl += nv(params + pl, "SCRIPT_NAME", name);
		pl += nv(params + pl, "REQUEST_METHOD", "GET");
		pl += nv(params + pl, "QUERY_STRING", q);
		pl += nv(params + pl, "SERVER_PROTOCOL", "HTTP/1.1");
		pl += nv(params + pl, "GATEWAY_INTERFACE", "CGI/1.1");
		rl += rec(req + rl, 1, id, begin, 8);
		rl += rec(req + rl, 4, id, params, pl);
		rl += rec(req + rl, 4, id, NULL, 0);
		rl += rec(req + rl, 5, id, NULL, 0);
		if (write(fd, req, rl) != (ssize_t)rl) {
			fprintf(stderr, "fcgi_load: write: %s\n", strerror(errno));
			return -1;
		}
		for (;;) {
			unsigned char h[8];
			size_t len, pad;
			if (take(&rd, h, 8) != 0) {
				fprintf(stderr, "fcgi_load: the connection closed or timed out\n");
				return -1;
			}
			len = (size_t)h[4] << 8 | h[5];
			pad = h[6];
			if (h[1] == 6 && bl + len <= sizeof(body)) { /* STDOUT */
				if (take(&rd, body + bl, len) != 0 || take(&rd, NULL, pad) != 0) {
					return -1;
				}
				bl += len;
			} else if ((truncated |= h[1] == 6), take(&rd, NULL, len + pad) != 0) {
				return -1;
			}
			if (h[1] == 3) { /* END_REQUEST */
				break;
			}
		}
		lat[i] = (now_s() - t0) * 1000.0;
		{
			unsigned char *b = memmem(body, bl, "\r\n\r\n", 4);
			size_t off = b ? (size_t)(b - body) + 4 : 0;
			if (truncated || !(bl - off == 2 && memcmp(body + off, "ok", 2) == 0)) {
				o->bad++;
				if (o->nerr < ERRS_MAX) {
					size_t k = bl - off < ERR_LEN ? bl - off : ERR_LEN;
					memcpy(o->errs[o->nerr], body + off, k);
					o->errs[o->nerr++][k] = 0;
				}
			}
		}
	}
	close(fd);
	return 0;
}

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			printf("\\%c", c);
		} else if (c < 0x20 || c >= 0x7f) {
			printf("\\u%04x", c);
		} else {
			putchar(c);
		}
	}
	putchar('"');
}

int main(int argc, char **argv)
{
	struct sockaddr_in sa = {0};
	char host[256];
	const char *colon;
	long n, conc;
	double *lat, t0, wall;
	client_out *outs;
	int bad = 0, failed = 0, first = 1;

	if (argc < 6 || !(colon = strrchr(argv[1], ':')) || (size_t)(colon - argv[1]) >= sizeof(host) ||
	    (n = atol(argv[4])) <= 0 || (conc = atol(argv[5])) <= 0 || conc > 256) {
		fprintf(stderr, "usage: fcgi_load HOST:PORT SCRIPT QUERY REQUESTS CLIENTS [random]\n");
		return 2;
	}
	if (strlen(argv[2]) > 1000 || strlen(argv[3]) > 4000) { /* (the request's buffers) */
		fprintf(stderr, "fcgi_load: SCRIPT over 1,000 bytes or QUERY over 4,000\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN); /* a write to a closed connection fails (EPIPE), said and counted */
	memcpy(host, argv[1], (size_t)(colon - argv[1]));
	host[colon - argv[1]] = 0;
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)atoi(colon + 1));
	if (inet_pton(AF_INET, host, &sa.sin_addr) != 1) {
		fprintf(stderr, "fcgi_load: %s is not an IPv4 address\n", host);
		return 2;
	}
	lat = mmap(NULL, sizeof(double) * (size_t)n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	outs = mmap(NULL, sizeof(client_out) * (size_t)conc, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (lat == MAP_FAILED || outs == MAP_FAILED) {
		fprintf(stderr, "fcgi_load: mmap: %s\n", strerror(errno));
		return 2;
	}
	t0 = now_s();
	for (long w = 0; w < conc; w++) {
		pid_t pid = fork();
		if (pid == 0) {
			_exit(client(&sa, argv[2], argv[3], w, n, conc, argc > 6 && strcmp(argv[6], "random") == 0, lat,
			             &outs[w]) != 0);
		}
		if (pid < 0) {
			fprintf(stderr, "fcgi_load: fork: %s\n", strerror(errno));
			failed++;
			break;
		}
	}
	/* every client waited for; one that did not end with status 0 (its connection failed, or a signal) fails the run */
	for (;;) {
		int st;
		pid_t pid = wait(&st);
		if (pid < 0) {
			if (errno == EINTR) {
				continue;
			}
			break;
		}
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
			failed++;
		}
	}
	wall = now_s() - t0;
	printf("{\"wall\":%.6f,\"lat\":[", wall);
	for (long i = 0; i < n; i++) {
		printf("%s%.4f", i ? "," : "", lat[i]);
	}
	printf("],\"errs\":[");
	for (long w = 0; w < conc; w++) {
		bad += outs[w].bad;
		for (int e = 0; e < outs[w].nerr; e++) {
			printf("%s", first ? "" : ",");
			json_str(outs[w].errs[e]);
			first = 0;
		}
	}
	printf("],\"bad\":%d}\n", bad);
	return failed ? 2 : 0;
}

/*
 * rcp-embed: a FrankenPHP-like harness for a ZTS PHP's embed SAPI (libphp.so of --enable-zts --enable-embed).
 *
 * One process, the PHP module started once in the main thread (MINIT of every extension there, as FrankenPHP
 * and Apache's parent do), then N pthreads, each with its own TSRM globals, each running M requests of SCRIPT:
 * every request a full php_request_startup() / php_execute_script() / php_request_shutdown() on that thread.
 * With -w K the first K threads are in worker mode (FrankenPHP's frankenphp_handle_request() loop): one PHP
 * request runs SCRIPT, which calls rcp_embed_handle_request($handler) in a loop; each call runs $handler once
 * as one "request" (the M requests of that thread), until it returns false. A worker script that ends early
 * (a fatal error, an exit) is started again, as FrankenPHP restarts its workers.
 *
 * A request (or a handled worker request) passes when its whole output, trimmed, is "OK"; anything else (a
 * PHP error, an uncaught exception, a wrong value the script reports) fails it, and its first line is kept as
 * the reason (the distinct reasons are counted and printed at the end). Errors are displayed into the output
 * (display_errors=1, html_errors=0), so a warning fails the request too.
 *
 *   rcp-embed [-t THREADS] [-n REQUESTS] [-w WORKERS] [-T SECONDS] [-d NAME=VALUE]... [-S STOPFILE] SCRIPT
 *     -t  threads (default 16)          -n  requests per thread (default 100)
 *     -w  how many of the threads run in worker mode (default 0)
 *     -T  watchdog: after SECONDS, the threads still running are reported as hung and the process exits 3
 *     -d  an ini setting, as php -d (extension=/path/to/redis_cluster_pool.so, ...); no php.ini is read
 *     -S  a stop file: once FILE exists, no thread starts another request (a run as long as its driver wants:
 *         -n is then the most a thread runs; the summary counts the requests that ran)
 *
 * SCRIPT sees $_SERVER['RCP_EMBED_THREAD'] (0..N-1), ['RCP_EMBED_WORKER'] ("1" in worker mode, else "0"),
 * ['RCP_EMBED_REQUEST'] (the request's number on its thread, 1..M; in worker mode the number of the worker
 * script's run) and the process environment.
 *
 * The last line is the summary, always printed (also when a thread crashes: the signal handler prints it
 * with the crash, counts the requests running at that moment as failed, as a server's clients would see them,
 * and then lets the signal kill the process, so the exit status says which):
 *   rcp-embed: threads T (W worker), requests R, ok O, failed F, crashes C, hung H, seconds S
 * Exit status: 0 every request passed; 1 some failed; 2 usage or startup error; 3 hung; a crash: the signal's.
 */
#include <php.h>
#include <php_main.h>
#include <php_variables.h>
#include <SAPI.h>
#include <TSRM.h>
#include <zend_exceptions.h>
#include <zend_interfaces.h>

#include <ctype.h>
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef ZTS
#error "rcp-embed needs a ZTS PHP (--enable-zts)"
#endif

/* One thread of the harness: what it runs, what it has done, and the output of its current request. */
typedef struct {
	int index;
	int worker;
	int requests;         /* to run */
	_Atomic int current;  /* the request running now (1..requests), 0 when none */
	_Atomic int done;     /* requests finished, passed or not */
	_Atomic int running;  /* 1 until the thread has finished */
	int runs;             /* worker mode: how many times the worker script was started */
	pthread_t tid;
	char *out;            /* the current request's output (malloc: it outlives the request's memory) */
	size_t out_len, out_cap;
} rcp_thread;

static const char *script;
static rcp_thread *threads;
static int nthreads = 16, nrequests = 100, nworkers = 0, timeout_s = 0;
static const char *stop_file;
static _Atomic long total_ok, total_failed;
static struct timespec t_start;
static __thread rcp_thread *cur;  /* the harness thread this OS thread is, NULL in main */

/* The distinct failure reasons (their first line), counted; under a mutex (failures are rare). */
#define MAX_REASONS 32
static struct { char *text; long count; } reasons[MAX_REASONS];
static long reasons_other;
static pthread_mutex_t reasons_lock = PTHREAD_MUTEX_INITIALIZER;

static double elapsed(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t_start.tv_sec) + (double)(now.tv_nsec - t_start.tv_nsec) / 1e9;
}

/* -S: the driver asked the run to end (no new request starts) */
static int stopping(void)
{
	return stop_file && access(stop_file, F_OK) == 0;
}

static void out_append(rcp_thread *t, const char *s, size_t n)
{
	if (t->out_len + n + 1 > t->out_cap) {
		size_t cap = t->out_cap ? t->out_cap : 4096;
		while (cap < t->out_len + n + 1) cap *= 2;
		char *p = realloc(t->out, cap);
		if (!p) return;
		t->out = p;
		t->out_cap = cap;
	}
	memcpy(t->out + t->out_len, s, n);
	t->out_len += n;
	t->out[t->out_len] = '\0';
}

static void note_failure(const char *why)
{
	char line[400];
	size_t n = 0;
	while (why[n] && why[n] != '\n' && n < sizeof line - 1) n++;
	for (size_t i = 0; i < n; i++) {
		/* a reason is printed on one line: control bytes and non-ASCII (a corrupted message) as '?' */
		unsigned char ch = (unsigned char)why[i];
		line[i] = ch < 0x20 || ch >= 0x7f ? '?' : (char)ch;
	}
	line[n] = '\0';
	atomic_fetch_add(&total_failed, 1);
	pthread_mutex_lock(&reasons_lock);
	int i;
	for (i = 0; i < MAX_REASONS && reasons[i].text; i++) {
		if (strcmp(reasons[i].text, line) == 0) break;
	}
	if (i == MAX_REASONS) reasons_other++;
	else {
		if (!reasons[i].text) reasons[i].text = strdup(line);
		reasons[i].count++;
	}
	pthread_mutex_unlock(&reasons_lock);
}

/* A request's verdict from its output: passed when it is "OK" once trimmed. */
static void judge(rcp_thread *t, const char *extra)
{
	const char *s = t->out ? t->out : "";
	size_t b = 0, e = t->out_len;
	while (b < e && isspace((unsigned char)s[b])) b++;
	while (e > b && isspace((unsigned char)s[e - 1])) e--;
	if (!extra && e - b == 2 && memcmp(s + b, "OK", 2) == 0) {
		atomic_fetch_add(&total_ok, 1);
	} else if (extra) {
		note_failure(extra);
	} else if (e == b) {
		note_failure("(no output)");
	} else {
		note_failure(s + b);
	}
	t->out_len = 0;
}

/* --- the SAPI ------------------------------------------------------------------------------------------ */

static size_t sapi_rcp_ub_write(const char *str, size_t len)
{
	if (cur) out_append(cur, str, len);
	else if (write(STDERR_FILENO, str, len) < 0) return 0;
	return len;
}

static void sapi_rcp_flush(void *ctx) {}
static void sapi_rcp_send_header(sapi_header_struct *h, void *ctx) {}
static char *sapi_rcp_read_cookies(void) { return NULL; }

static void sapi_rcp_log_message(const char *message, int syslog_type)
{
	if (cur) {
		out_append(cur, message, strlen(message));
		out_append(cur, "\n", 1);
	} else {
		fprintf(stderr, "%s\n", message);
	}
}

static void sapi_rcp_register_variables(zval *vars)
{
	char buf[32];
	php_import_environment_variables(vars);
	if (!cur) return;
	snprintf(buf, sizeof buf, "%d", cur->index);
	php_register_variable("RCP_EMBED_THREAD", buf, vars);
	php_register_variable("RCP_EMBED_WORKER", cur->worker ? "1" : "0", vars);
	snprintf(buf, sizeof buf, "%d", cur->worker ? cur->runs : atomic_load(&cur->current));
	php_register_variable("RCP_EMBED_REQUEST", buf, vars);
	php_register_variable("SCRIPT_FILENAME", (char *)script, vars);
}

static int sapi_rcp_startup(sapi_module_struct *m) { return php_module_startup(m, NULL); }

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_rcp_embed_handle_request, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, handler, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

/* rcp_embed_handle_request(callable $handler): bool — worker mode: run $handler as the thread's next
 * request; false once the thread has run all its requests (the worker script then ends). */
static ZEND_FUNCTION(rcp_embed_handle_request)
{
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;
	zval rv;
	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_FUNC(fci, fcc)
	ZEND_PARSE_PARAMETERS_END();
	rcp_thread *t = cur;
	if (!t || !t->worker) {
		zend_throw_error(NULL, "rcp_embed_handle_request() is for the worker threads of rcp-embed -w");
		RETURN_THROWS();
	}
	if (atomic_load(&t->done) >= t->requests || stopping()) RETURN_FALSE;
	/* the output of the worker script outside the handler (before the first call) is not a request's */
	t->out_len = 0;
	atomic_store(&t->current, atomic_load(&t->done) + 1);
	ZVAL_UNDEF(&rv);
	fci.retval = &rv;
	zend_call_function(&fci, &fcc);
	zval_ptr_dtor(&rv);
	if (EG(exception)) {
		/* what an uncaught exception would say: its class and message */
		zend_object *ex = EG(exception);
		zval tmp, *msg = zend_read_property(ex->ce, ex, "message", sizeof("message") - 1, 1, &tmp);
		zend_string *m = zval_get_string(msg);
		char why[400];
		snprintf(why, sizeof why, "Uncaught %s: %s", ZSTR_VAL(ex->ce->name), ZSTR_VAL(m));
		zend_string_release(m);
		zend_clear_exception();
		judge(t, why);
	} else {
		judge(t, NULL);
	}
	atomic_store(&t->current, 0);
	atomic_fetch_add(&t->done, 1);
	RETURN_TRUE;
}

static const zend_function_entry sapi_rcp_functions[] = {
	ZEND_FE(rcp_embed_handle_request, arginfo_rcp_embed_handle_request)
	ZEND_FE_END
};

static sapi_module_struct rcp_sapi = {
	"embed",                      /* name: extensions see the embed SAPI */
	"rcp-embed (threaded embed harness)",
	sapi_rcp_startup,
	php_module_shutdown_wrapper,
	NULL,                         /* activate */
	NULL,                         /* deactivate */
	sapi_rcp_ub_write,
	sapi_rcp_flush,
	NULL, NULL,                   /* get uid, getenv */
	php_error,
	NULL, NULL,                   /* header handler, send headers */
	sapi_rcp_send_header,
	NULL,                         /* read POST */
	sapi_rcp_read_cookies,
	sapi_rcp_register_variables,
	sapi_rcp_log_message,
	NULL, NULL,                   /* request time, child terminate */
	STANDARD_SAPI_MODULE_PROPERTIES
};

/* --- requests ------------------------------------------------------------------------------------------ */

/* One PHP request of SCRIPT on this thread; returns its exit status (255 after a fatal error), -1 when the
 * request did not start. */
static int run_request(rcp_thread *t)
{
	zend_file_handle fh;
	int status;
	SG(options) |= SAPI_OPTION_NO_CHDIR;
	SG(request_info).path_translated = (char *)script;
	SG(request_info).argc = 0;
	SG(request_info).argv = NULL;
	SG(server_context) = t;
	if (php_request_startup() == FAILURE) {
		SG(server_context) = NULL;
		return -1;
	}
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;
	zend_stream_init_filename(&fh, script);
	zend_try {
		php_execute_script(&fh);
	} zend_end_try();
	status = EG(exit_status);
	zend_destroy_file_handle(&fh);
	php_request_shutdown(NULL);
	SG(server_context) = NULL;
	return status;
}

static void *thread_main(void *arg)
{
	rcp_thread *t = arg;
	(void)ts_resource(0);
	cur = t;
	if (!t->worker) {
		for (int i = 1; i <= t->requests && !stopping(); i++) {
			atomic_store(&t->current, i);
			t->out_len = 0;
			int st = run_request(t);
			if (st < 0) judge(t, "php_request_startup() failed");
			else if (st != 0 && t->out_len == 0) judge(t, "exit status not 0, no output");
			else judge(t, NULL);
			atomic_store(&t->current, 0);
			atomic_fetch_add(&t->done, 1);
		}
	} else {
		while (atomic_load(&t->done) < t->requests && !stopping()) {
			int before = atomic_load(&t->done);
			t->runs++;
			t->out_len = 0;
			int st = run_request(t);
			if (atomic_load(&t->current) != 0) {
				/* the worker script died inside a handled request (fatal error, exit): that request failed */
				judge(t, t->out_len ? NULL : "worker script ended inside a request");
				atomic_store(&t->current, 0);
				atomic_fetch_add(&t->done, 1);
			} else if (st < 0 || (atomic_load(&t->done) == before && !stopping())) {
				/* a worker script that handles nothing would be restarted forever: its requests fail */
				char why[200];
				snprintf(why, sizeof why, "worker script handled no request (exit status %d)", st);
				int left = t->requests - atomic_load(&t->done);
				for (int i = 0; i < left; i++) note_failure(why);
				atomic_fetch_add(&t->done, left);
			}
		}
	}
	cur = NULL;
	ts_free_thread();
	atomic_store(&t->running, 0);
	return NULL;
}

/* --- reports ------------------------------------------------------------------------------------------- */

/* One line to stdout with write(2), formatted on the stack: the reports after a crash or a hang must not
 * need malloc or stdio's locks (a thread may have died holding them, or corrupted the heap). */
static void say(const char *fmt, ...)
{
	char line[600];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof line - 1) n = (int)sizeof line - 1;
	if (n > 0 && write(STDOUT_FILENO, line, (size_t)n) < 0) {}
}

static void summary(int crashes, int hung)
{
	long ok = atomic_load(&total_ok), failed = atomic_load(&total_failed);
	/* after a crash or a hang the lock may be held by a thread that will never release it: then no reasons */
	if (crashes || hung ? pthread_mutex_trylock(&reasons_lock) == 0 : pthread_mutex_lock(&reasons_lock) == 0) {
		for (int i = 0; i < MAX_REASONS && reasons[i].text; i++) {
			say("rcp-embed: failed %ld x %s\n", reasons[i].count, reasons[i].text);
		}
		if (reasons_other) say("rcp-embed: failed %ld x (other reasons)\n", reasons_other);
		pthread_mutex_unlock(&reasons_lock);
	}
	say("rcp-embed: threads %d (%d worker), requests %ld, ok %ld, failed %ld, crashes %d, hung %d, seconds %.2f\n",
		nthreads, nworkers, ok + failed, ok, failed, crashes, hung, elapsed());
}

static _Atomic int crashing;

static void on_crash(int sig)
{
	/* the first thread to crash reports; any other that crashes meanwhile waits for the process to die */
	if (atomic_exchange(&crashing, 1)) {
		for (;;) pause();
	}
	/* should the report itself block (a lock a dead thread held), the process dies anyway in 10 s (SIGALRM) */
	alarm(10);
	say("rcp-embed: CRASH signal %d (%s) in thread %d%s, its request %d\n", sig, sig == SIGSEGV ? "Segmentation fault"
		: sig == SIGABRT ? "Aborted" : sig == SIGBUS ? "Bus error" : sig == SIGFPE ? "Floating point exception" : "Illegal instruction",
		cur ? cur->index : -1, cur && cur->worker ? " (worker)" : "", cur ? atomic_load(&cur->current) : 0);
	/* the requests running now die with the process: failed, as a server's client would see them */
	int inflight = 0;
	for (int i = 0; threads && i < nthreads; i++) inflight += atomic_load(&threads[i].current) != 0;
	atomic_fetch_add(&total_failed, inflight);
	say("rcp-embed: failed %d x the process crashed while the request ran\n", inflight);
	summary(1, 0);
	/* the stack last (libgcc's unwinder, loaded at start-up: see main) */
	void *frames[48];
	int nf = backtrace(frames, 48);
	backtrace_symbols_fd(frames, nf, STDERR_FILENO);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void usage(void)
{
	fprintf(stderr, "usage: rcp-embed [-t THREADS] [-n REQUESTS] [-w WORKERS] [-T SECONDS] [-d NAME=VALUE]... [-S STOPFILE] SCRIPT\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static const char defaults[] =
		"html_errors=0\ndisplay_errors=1\nlog_errors=0\nerror_reporting=-1\nregister_argc_argv=0\n"
		"implicit_flush=1\noutput_buffering=0\nmax_execution_time=0\nmax_input_time=-1\n";
	size_t ini_len = sizeof defaults - 1, ini_cap = 4096;
	char *ini = malloc(ini_cap);
	memcpy(ini, defaults, ini_len);
	int c;
	while ((c = getopt(argc, argv, "t:n:w:T:d:S:")) != -1) {
		switch (c) {
		case 't': nthreads = atoi(optarg); break;
		case 'n': nrequests = atoi(optarg); break;
		case 'w': nworkers = atoi(optarg); break;
		case 'T': timeout_s = atoi(optarg); break;
		case 'S': stop_file = optarg; break;
		case 'd': {
			/* as php -d: a value that starts with neither a letter, a digit nor a quote is quoted */
			const char *eq = strchr(optarg, '=');
			size_t need = strlen(optarg) + 8;
			while (ini_len + need + 1 > ini_cap) ini = realloc(ini, ini_cap *= 2);
			if (!eq) ini_len += sprintf(ini + ini_len, "%s=1\n", optarg);
			else if (!isalnum((unsigned char)eq[1]) && eq[1] != '"' && eq[1] != '\'' && eq[1] != '\0')
				ini_len += sprintf(ini + ini_len, "%.*s=\"%s\"\n", (int)(eq - optarg), optarg, eq + 1);
			else ini_len += sprintf(ini + ini_len, "%s\n", optarg);
			break;
		}
		default: usage();
		}
	}
	if (optind != argc - 1 || nthreads < 1 || nrequests < 1 || nworkers < 0 || nworkers > nthreads) usage();
	script = argv[optind];
	if (access(script, R_OK) != 0) { perror(script); return 2; }
	ini[ini_len] = '\0';

	signal(SIGPIPE, SIG_IGN);
	/* backtrace() loads libgcc's unwinder (dlopen, malloc) on first use: now, not in the crash handler */
	void *frame[1];
	(void)backtrace(frame, 1);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_crash;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGABRT, &sa, NULL);
	sigaction(SIGFPE, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);

	php_tsrm_startup();
	zend_signal_startup();
	sapi_startup(&rcp_sapi);
	rcp_sapi.ini_entries = ini;
	rcp_sapi.php_ini_ignore = 1;
	rcp_sapi.additional_functions = sapi_rcp_functions;
	rcp_sapi.executable_location = argv[0];
	if (rcp_sapi.startup(&rcp_sapi) == FAILURE) {
		fprintf(stderr, "rcp-embed: PHP module startup failed\n");
		return 2;
	}

	clock_gettime(CLOCK_MONOTONIC, &t_start);
	threads = calloc(nthreads, sizeof *threads);
	for (int i = 0; i < nthreads; i++) {
		rcp_thread *t = &threads[i];
		t->index = i;
		t->worker = i < nworkers;
		t->requests = nrequests;
		atomic_store(&t->running, 1);
		pthread_attr_t attr;
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, 8 << 20);  /* PHP's default for threads it runs on */
		if (pthread_create(&t->tid, &attr, thread_main, t) != 0) {
			fprintf(stderr, "rcp-embed: pthread_create failed\n");
			return 2;
		}
		pthread_attr_destroy(&attr);
	}
	/* wait for every thread, or the watchdog */
	int hung = 0;
	for (;;) {
		int left = 0;
		for (int i = 0; i < nthreads; i++) left += atomic_load(&threads[i].running);
		if (!left) break;
		if (timeout_s && elapsed() > timeout_s) {
			for (int i = 0; i < nthreads; i++) {
				if (!atomic_load(&threads[i].running)) continue;
				hung++;
				say("rcp-embed: HUNG thread %d%s in its request %d (%d of %d done)\n", i,
					threads[i].worker ? " (worker)" : "", atomic_load(&threads[i].current),
					atomic_load(&threads[i].done), threads[i].requests);
			}
			summary(0, hung);
			_exit(3);
		}
		usleep(20000);
	}
	for (int i = 0; i < nthreads; i++) pthread_join(threads[i].tid, NULL);
	summary(0, 0);
	php_module_shutdown();
	sapi_shutdown();
	tsrm_shutdown();
	free(ini);
	return atomic_load(&total_failed) ? 1 : 0;
}

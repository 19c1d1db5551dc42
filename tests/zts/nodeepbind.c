/*
 * nodeepbind.so - preloaded before ThreadSanitizer's runtime by scripts/zts.sh race: PHP dlopen()s extensions with
 * RTLD_DEEPBIND, which the sanitizer runtimes refuse (google/sanitizers#611); this dlopen() drops that flag and
 * hands the call on (to the runtime's interceptor). Test tooling only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>

void *dlopen(const char *file, int flags)
{
	static void *(*next)(const char *, int);

	if (!next) {
		next = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
	}
	return next(file, flags & ~RTLD_DEEPBIND);
}

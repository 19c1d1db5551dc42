dnl config.m4 for redis_cluster_pool
PHP_ARG_ENABLE([redis_cluster_pool],
  [whether to enable redis_cluster_pool support],
  [AS_HELP_STRING([--enable-redis-cluster-pool], [Enable redis_cluster_pool support])],
  [yes])

PHP_ARG_WITH([libuv], [for libuv],
  [AS_HELP_STRING([[--with-libuv[=DIR]]], [redis_cluster_pool: libuv install prefix (default: pkg-config)])],
  [yes], [no])

dnl OpenSSL 3 for TLS connections (tls:// seeds). The same option name as PHP's own ext/openssl: in a phpize
dnl build (PECL, PIE) it is this extension's; both want the same library.
PHP_ARG_WITH([openssl], [for OpenSSL],
  [AS_HELP_STRING([[--with-openssl[=DIR]]], [redis_cluster_pool: OpenSSL 3 install prefix, for TLS (default: pkg-config)])],
  [yes], [no])

dnl Link-time optimization (on when the toolchain can; see below).
PHP_ARG_ENABLE([redis-cluster-pool-lto], [whether to build redis_cluster_pool with link-time optimization],
  [AS_HELP_STRING([--disable-redis-cluster-pool-lto], [redis_cluster_pool: no link-time optimization])], [yes], [no])

if test "$PHP_REDIS_CLUSTER_POOL" != "no"; then
  dnl ---- ZTS ----------------------------------------------------------------
  dnl PHP_THREAD_SAFETY: set by phpize from the target PHP's php_config.h (ZTS), or by --enable-zts in-tree. A
  dnl thread-safe PHP is supported (issue 24): each thread keeps its own loop, pool and map copies, the segment
  dnl is shared (docs/THREADS.md). Said here so a build log tells which kind it is.
  AC_MSG_CHECKING([ZTS])
  if test "$PHP_THREAD_SAFETY" = "yes"; then
    AC_MSG_RESULT([yes: thread-safe build (docs/THREADS.md)])
  else
    AC_MSG_RESULT([no])
  fi

  PKG_PROG_PKG_CONFIG

  dnl ---- libuv --------------------------------------------------------------
  if test "$PHP_LIBUV" != "yes" && test "$PHP_LIBUV" != "no"; then
    if test -r "$PHP_LIBUV/include/uv.h"; then
      LIBUV_CFLAGS="-I$PHP_LIBUV/include"
      LIBUV_LIBS="-L$PHP_LIBUV/$PHP_LIBDIR -luv"
    else
      AC_MSG_ERROR([uv.h not found under $PHP_LIBUV/include])
    fi
  else
    PKG_CHECK_MODULES([LIBUV], [libuv >= 1.30], [],
      [AC_MSG_ERROR([libuv >= 1.30 not found by pkg-config; install libuv1-dev or use --with-libuv=DIR])])
  fi
  PHP_EVAL_INCLINE($LIBUV_CFLAGS)
  PHP_EVAL_LIBLINE($LIBUV_LIBS, REDIS_CLUSTER_POOL_SHARED_LIBADD)

  dnl ---- OpenSSL (TLS) --------------------------------------------------------
  if test "$PHP_OPENSSL" = "no"; then
    AC_MSG_ERROR([redis_cluster_pool needs OpenSSL 3 for TLS connections; install libssl-dev or use --with-openssl=DIR])
  elif test "$PHP_OPENSSL" != "yes"; then
    if test -r "$PHP_OPENSSL/include/openssl/ssl.h"; then
      RCP_OPENSSL_CFLAGS="-I$PHP_OPENSSL/include"
      RCP_OPENSSL_LIBS="-L$PHP_OPENSSL/$PHP_LIBDIR -lssl -lcrypto"
    else
      AC_MSG_ERROR([openssl/ssl.h not found under $PHP_OPENSSL/include])
    fi
  else
    PKG_CHECK_MODULES([RCP_OPENSSL], [openssl >= 3.0], [],
      [AC_MSG_ERROR([OpenSSL >= 3.0 not found by pkg-config; install libssl-dev or use --with-openssl=DIR])])
  fi
  AC_MSG_CHECKING([for OpenSSL 3 headers])
  old_CPPFLAGS=$CPPFLAGS
  CPPFLAGS="$CPPFLAGS $RCP_OPENSSL_CFLAGS"
  AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <openssl/ssl.h>]], [[
#if OPENSSL_VERSION_MAJOR < 3
#error OpenSSL 3 is needed
#endif
SSL_CTX *c = SSL_CTX_new(TLS_client_method()); (void)c;]])],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_ERROR([OpenSSL 3 headers not found (openssl/ssl.h with OPENSSL_VERSION_MAJOR >= 3)])])
  CPPFLAGS=$old_CPPFLAGS
  PHP_EVAL_INCLINE($RCP_OPENSSL_CFLAGS)
  PHP_EVAL_LIBLINE($RCP_OPENSSL_LIBS, REDIS_CLUSTER_POOL_SHARED_LIBADD)

  dnl Link-time optimization when the compiler and linker can do it (gcc 10+ -flto=auto, clang -flto=thin): the
  dnl hot path crosses files (call -> exec -> io -> reader), and LTO inlines across them (about 4% fewer
  dnl instructions per GET, bash benchmarks/run.sh profile). --disable-redis-cluster-pool-lto turns it off.
  if test "$PHP_REDIS_CLUSTER_POOL_LTO" != "no"; then
    rcp_lto_ok=
    for rcp_lto in -flto=auto -flto=thin; do
      AC_MSG_CHECKING([whether $CC links with $rcp_lto])
      old_CFLAGS=$CFLAGS; old_LDFLAGS=$LDFLAGS
      CFLAGS="$CFLAGS $rcp_lto"; LDFLAGS="$LDFLAGS $rcp_lto"
      AC_LINK_IFELSE([AC_LANG_PROGRAM([[int rcp_lto_probe(int x);]], [[return 0;]])],
        [AC_MSG_RESULT([yes]); rcp_lto_ok=$rcp_lto], [AC_MSG_RESULT([no])])
      CFLAGS=$old_CFLAGS; LDFLAGS=$old_LDFLAGS
      test -n "$rcp_lto_ok" && break
    done
    if test -n "$rcp_lto_ok"; then
      CFLAGS="$CFLAGS $rcp_lto_ok"
      LDFLAGS="$LDFLAGS $rcp_lto_ok"
    fi
  fi

  PHP_SUBST(REDIS_CLUSTER_POOL_SHARED_LIBADD)
  AC_DEFINE(HAVE_REDIS_CLUSTER_POOL, 1, [ Have redis_cluster_pool support ])

  dnl The layers in folders (docs/DESIGN.md, "Layout"): src/core (no zend_object, no exception), src/binding (PHP
  dnl values in, exceptions out), src/predis (Predis' argument and reply shapes); include/ is the core's API, the
  dnl binding's and Predis' headers sit beside their files. Only include/ is on the include path: a core file cannot
  dnl include a binding header. tools/check_layers.php reads this list (the one list of the sources).
  dnl -fvisibility=hidden: every symbol but get_module (ZEND_GET_MODULE exports it) stays inside the .so, so calls
  dnl between its files are direct, not through the PLT
  PHP_NEW_EXTENSION(redis_cluster_pool,
    redis_cluster_pool.c dnl
    src/core/util.c src/core/err.c src/core/slot.c src/core/commands.c src/core/cmdlearn.c src/core/shm.c src/core/topology.c dnl
    src/core/resp_format.c src/core/resp_read.c src/core/reply.c src/core/scripts.c src/core/tls.c dnl
    src/core/conn.c src/core/engine.c src/core/pool.c src/core/count.c dnl
    src/core/exec_health.c src/core/route.c src/core/exec_batch.c src/core/exec_refresh.c src/core/exec_redirect.c src/core/exec_read.c dnl
    src/core/exec_split.c src/core/exec.c src/core/exec_pipeline.c src/core/exec_transaction.c src/core/pubsub.c dnl
    src/core/cache.c src/core/cache_listener.c src/core/exec_cache.c dnl
    src/binding/errors.c src/binding/status.c src/binding/options.c src/binding/secrets.c src/binding/call.c dnl
    src/binding/queue.c src/binding/class_pool.c dnl
    src/binding/class_pool_new.c src/binding/class_pool_info.c dnl
    src/binding/class_pipeline.c src/binding/class_scan.c src/binding/class_transaction.c src/binding/class_raw.c src/binding/class_pubsub.c dnl
    src/binding/observe.c src/binding/session_config.c src/binding/session.c src/binding/cache_module.c dnl
    src/predis/value.c src/predis/traits.c src/predis/reply_values.c src/predis/filters.c src/predis/filters_streams.c dnl
    src/predis/builders.c src/predis/replies.c src/predis/replies_streams.c src/predis/replies_server.c src/predis/table.c,
    $ext_shared,, -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -fvisibility=hidden)
  dnl the session save handler (src/binding/session.c) registers with ext/session when PHP has it (HAVE_PHP_SESSION)
  PHP_ADD_EXTENSION_DEP(redis_cluster_pool, session, true)
  PHP_ADD_INCLUDE([$ext_srcdir/include])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/core])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/binding])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/predis])
fi

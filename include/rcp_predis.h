/*
 * rcp_predis.h - Predis v3 compatibility: argument rewriting (Command::setArguments) and reply shapes
 * (Command::parseResponse) for the Redis 7.0 commands whose Predis command class changes them.
 * See docs/PREDIS_COMPAT.md for the list and the known differences.
 */
#ifndef RCP_PREDIS_H
#define RCP_PREDIS_H

#include "php.h"

/* Rewrite a method call's PHP arguments into Redis' argument list after the command name (values still
 * PHP scalars: the caller stringifies). out receives a new packed array. FAILURE: an exception was thrown. */
zend_result rcp_predis_args(const char *lcname, size_t len, HashTable *in, zval *out);

/* Convert a raw reply in place into Predis' shape for that command; args are the Redis arguments after the
 * command name, as sent. Status and error objects are left alone, as Predis does. */
void rcp_predis_reply(const char *lcname, size_t len, HashTable *args, zval *reply);

void rcp_predis_minit(void);
void rcp_predis_mshutdown(void);

#endif

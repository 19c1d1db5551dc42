/*
 * rcp_slot.h - key -> hash slot, exactly as Redis Cluster's keyHashSlot() (cluster.c):
 * CRC16-XMODEM of the key, or of the hash tag (the bytes between the first '{' and the first '}' after
 * it) when that tag is non-empty, masked to 14 bits. Binary safe. Pure functions.
 */
#ifndef RCP_SLOT_H
#define RCP_SLOT_H

#include <stddef.h>
#include <stdint.h>

#define RCP_SLOTS 16384

uint16_t rcp_crc16(const char *buf, size_t len);
uint16_t rcp_key_slot(const char *key, size_t len);

#endif

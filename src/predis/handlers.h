/*
 * handlers.h - the entry points of the filter and parser tables (table.c): the argument filters, the
 * builders of the commands Predis 3.7 added, the reply parsers. Each is a port of one Predis command
 * class' setArguments() or parseResponse(); their signatures are the table's function types
 * (predis_int.h).
 */
#ifndef RCP_PREDIS_HANDLERS_H
#define RCP_PREDIS_HANDLERS_H

#include "predis_int.h"

#define RCP_PD_FILTER(fn) zend_result fn(const rcp_pd_row *c, HashTable *in, zval *out)
#define RCP_PD_BUILDER(fn) zend_result fn(const rcp_pd_row *c, HashTable *in, HashTable *r)
#define RCP_PD_PARSER(fn) bool fn(const rcp_pd_row *c, HashTable *args, HashTable *given, zval *d, zval *res)

/* argument filters (filters.c, filters_streams.c; builders.c: the ones of the commands Predis 3.7 added) */
RCP_PD_FILTER(rcp_pf_normalize); RCP_PD_FILTER(rcp_pf_variadic); RCP_PD_FILTER(rcp_pf_watch);
RCP_PD_FILTER(rcp_pf_blpop); RCP_PD_FILTER(rcp_pf_mset); RCP_PD_FILTER(rcp_pf_hmset); RCP_PD_FILTER(rcp_pf_zadd);
RCP_PD_FILTER(rcp_pf_geoadd); RCP_PD_FILTER(rcp_pf_scan); RCP_PD_FILTER(rcp_pf_zrange);
RCP_PD_FILTER(rcp_pf_zsetop); RCP_PD_FILTER(rcp_pf_zdiff); RCP_PD_FILTER(rcp_pf_keys);
RCP_PD_FILTER(rcp_pf_intercard); RCP_PD_FILTER(rcp_pf_lmpop); RCP_PD_FILTER(rcp_pf_zmpop);
RCP_PD_FILTER(rcp_pf_copy); RCP_PD_FILTER(rcp_pf_pop_bool); RCP_PD_FILTER(rcp_pf_last_enum);
RCP_PD_FILTER(rcp_pf_set); RCP_PD_FILTER(rcp_pf_getex); RCP_PD_FILTER(rcp_pf_lcs); RCP_PD_FILTER(rcp_pf_sort);
RCP_PD_FILTER(rcp_pf_sort_ro); RCP_PD_FILTER(rcp_pf_bitop); RCP_PD_FILTER(rcp_pf_bitfield_ro);
RCP_PD_FILTER(rcp_pf_georadius); RCP_PD_FILTER(rcp_pf_geosearch); RCP_PD_FILTER(rcp_pf_geosearchstore);
RCP_PD_FILTER(rcp_pf_migrate); RCP_PD_FILTER(rcp_pf_fcall_ro); RCP_PD_FILTER(rcp_pf_failover);
RCP_PD_FILTER(rcp_pf_shutdown); RCP_PD_FILTER(rcp_pf_slaveof); RCP_PD_FILTER(rcp_pf_client);
RCP_PD_FILTER(rcp_pf_function); RCP_PD_FILTER(rcp_pf_xadd); RCP_PD_FILTER(rcp_pf_xtrim);
RCP_PD_FILTER(rcp_pf_xrange); RCP_PD_FILTER(rcp_pf_xread); RCP_PD_FILTER(rcp_pf_xread_v4);
RCP_PD_FILTER(rcp_pf_xreadgroup); RCP_PD_FILTER(rcp_pf_xreadgroup_claim); RCP_PD_FILTER(rcp_pf_xautoclaim);
RCP_PD_FILTER(rcp_pf_xclaim); RCP_PD_FILTER(rcp_pf_xgroup); RCP_PD_FILTER(rcp_pf_xinfo);
RCP_PD_FILTER(rcp_pf_xpending); RCP_PD_FILTER(rcp_pf_xsetid); RCP_PD_FILTER(rcp_pb_run);
RCP_PD_FILTER(rcp_pf_zrangestore); RCP_PD_FILTER(rcp_pf_sunioncard);

/* builders (builders.c), run by rcp_pb_run() */
RCP_PD_BUILDER(rcp_pb_head_opts); RCP_PD_BUILDER(rcp_pb_hexpire); RCP_PD_BUILDER(rcp_pb_fields);
RCP_PD_BUILDER(rcp_pb_hgetex); RCP_PD_BUILDER(rcp_pb_hsetex); RCP_PD_BUILDER(rcp_pb_msetex);
RCP_PD_BUILDER(rcp_pb_lmovem); RCP_PD_BUILDER(rcp_pb_increx); RCP_PD_BUILDER(rcp_pb_hotkeys);
RCP_PD_BUILDER(rcp_pb_bless); RCP_PD_BUILDER(rcp_pb_himport); RCP_PD_BUILDER(rcp_pb_ids);
RCP_PD_BUILDER(rcp_pb_ardelrange); RCP_PD_BUILDER(rcp_pb_argrep); RCP_PD_BUILDER(rcp_pb_arop);
RCP_PD_BUILDER(rcp_pb_vadd); RCP_PD_BUILDER(rcp_pb_vsim); RCP_PD_BUILDER(rcp_pb_vlast);

/* reply parsers (replies.c, replies_streams.c, replies_server.c) */
RCP_PD_PARSER(rcp_pr_assoc); RCP_PD_PARSER(rcp_pr_zpop); RCP_PD_PARSER(rcp_pr_zrange);
RCP_PD_PARSER(rcp_pr_withscores_last); RCP_PD_PARSER(rcp_pr_scan); RCP_PD_PARSER(rcp_pr_lmpop);
RCP_PD_PARSER(rcp_pr_zmpop); RCP_PD_PARSER(rcp_pr_bzpop); RCP_PD_PARSER(rcp_pr_lcs);
RCP_PD_PARSER(rcp_pr_randomkey); RCP_PD_PARSER(rcp_pr_bgsave); RCP_PD_PARSER(rcp_pr_bgrewriteaof);
RCP_PD_PARSER(rcp_pr_type); RCP_PD_PARSER(rcp_pr_hrandfield); RCP_PD_PARSER(rcp_pr_geosearch);
RCP_PD_PARSER(rcp_pr_bool); RCP_PD_PARSER(rcp_pr_dict_list); RCP_PD_PARSER(rcp_pr_vemb);
RCP_PD_PARSER(rcp_pr_vgetattr); RCP_PD_PARSER(rcp_pr_vlinks); RCP_PD_PARSER(rcp_pr_vsim);
RCP_PD_PARSER(rcp_pr_hotkeys); RCP_PD_PARSER(rcp_pr_increx); RCP_PD_PARSER(rcp_pr_xrange);
RCP_PD_PARSER(rcp_pr_xread); RCP_PD_PARSER(rcp_pr_xpending); RCP_PD_PARSER(rcp_pr_xclaim);
RCP_PD_PARSER(rcp_pr_xinfo); RCP_PD_PARSER(rcp_pr_slowlog); RCP_PD_PARSER(rcp_pr_client);
RCP_PD_PARSER(rcp_pr_pubsub); RCP_PD_PARSER(rcp_pr_sentinel); RCP_PD_PARSER(rcp_pr_info);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Network device events, on the kernel's net_dev_*, netif_* tracepoints
 * (<trace/events/net.h>), napi_poll (<trace/events/napi.h>) and the skb
 * frees (<trace/events/skb.h>). Probe module: probes/ltt-probe-net.c.
 *
 * As in the kernel's events: skbaddr is the socket buffer's address, len
 * its length in bytes (net_dev_xmit: the length before the driver took
 * it, the tracepoint's skb_len), name the device's name.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM net
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "net.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/net.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_NET_HELPERS_H
#define _TRACE_LTT_NET_HELPERS_H
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <trace/events/napi.h>
#include <trace/events/skb.h>

/* napi_poll's dev_name: the kernel's "no_device" for a NAPI without one. */
static inline const char *ltt_napi_dev_name(const struct napi_struct *napi)
{
	return napi->dev ? napi->dev->name : "no_device";
}
#endif

#if !defined(_TRACE_LTT_NET_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_NET_H

/* A packet handed to a device's driver: rc its netdev_tx_t. */
LTT_EVENT(net_dev_xmit,
	LTT_PROTO(struct sk_buff *skb, int rc, struct net_device *dev,
		  unsigned int skb_len),
	LTT_ARGS(skb, rc, dev, skb_len),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, skbaddr, (unsigned long)skb)
		ltt_field_integer(unsigned int, len, skb_len)
		ltt_field_integer(int, rc, rc)
		ltt_field_string(name, dev->name)
	)
)

/* Queued for transmission, received by the stack, or by netif_rx(). */
LTT_EVENT_CLASS(net_dev_template,
	LTT_PROTO(struct sk_buff *skb),
	LTT_ARGS(skb),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, skbaddr, (unsigned long)skb)
		ltt_field_integer(unsigned int, len, skb->len)
		ltt_field_string(name, skb->dev->name)
	)
)
LTT_EVENT_INSTANCE(net_dev_template, net_dev_queue)
LTT_EVENT_INSTANCE(net_dev_template, netif_receive_skb)
LTT_EVENT_INSTANCE(net_dev_template, netif_rx)

/* One NAPI poll: work packets handled out of budget. */
LTT_EVENT(napi_poll,
	LTT_PROTO(struct napi_struct *napi, int work, int budget),
	LTT_ARGS(napi, work, budget),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, napi, (unsigned long)napi)
		ltt_field_string(dev_name, ltt_napi_dev_name(napi))
		ltt_field_integer(int, work, work)
		ltt_field_integer(int, budget, budget)
	)
)

/*
 * A packet dropped at location, for reason (enum skb_drop_reason, whose
 * numbering is the running kernel's: NOT_SPECIFIED is 1 on 6.1, 2 on
 * 6.12, where SKB_CONSUMED comes before it; NO_SOCKET follows it).
 * 6.12 adds the receiving socket, which is not recorded.
 */
LTT_EVENT_ALT(kfree_skb, 1, kfree_skb,
	LTT_PROTO(struct sk_buff *skb, void *location,
		  enum skb_drop_reason reason, struct sock *rx_sk),
	LTT_ARGS(skb, location, reason, rx_sk),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, skbaddr, (unsigned long)skb)
		ltt_field_integer_hex(unsigned long, location,
				      (unsigned long)location)
		ltt_field_integer(unsigned short, protocol, ntohs(skb->protocol))
		ltt_field_integer(int, reason, reason)
	)
)
LTT_EVENT_ALT(kfree_skb, 2, kfree_skb,
	LTT_PROTO(struct sk_buff *skb, void *location,
		  enum skb_drop_reason reason),
	LTT_ARGS(skb, location, reason),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, skbaddr, (unsigned long)skb)
		ltt_field_integer_hex(unsigned long, location,
				      (unsigned long)location)
		ltt_field_integer(unsigned short, protocol, ntohs(skb->protocol))
		ltt_field_integer(int, reason, reason)
	)
)

/* A packet freed after use (not a drop); 6.12 adds its location. */
LTT_EVENT_ALT(consume_skb, 1, consume_skb,
	LTT_PROTO(struct sk_buff *skb, void *location),
	LTT_ARGS(skb, location),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, skbaddr, (unsigned long)skb)
	)
)
LTT_EVENT_ALT(consume_skb, 2, consume_skb,
	LTT_PROTO(struct sk_buff *skb),
	LTT_ARGS(skb),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, skbaddr, (unsigned long)skb)
	)
)

#endif /* _TRACE_LTT_NET_H */

#include "ltt-define-events.h"

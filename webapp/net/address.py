"""Which addresses the server may connect to on someone else's word (a push endpoint, a
followed source's URL or its redirect): public unicast addresses only, unless a policy says
otherwise. Decided on the address actually connected to, after DNS, so a name resolving to
127.0.0.1 or 169.254.169.254 is refused as the literal would be."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

IP = ipaddress.IPv4Address | ipaddress.IPv6Address

# Written out rather than left to `ipaddress.is_global`, whose lists differ between Python
# versions (3.11 calls multicast and 192.88.99/24 global).
_V4_NOT_PUBLIC = tuple(
    ipaddress.IPv4Network(n)
    for n in (
        "0.0.0.0/8",  # "this network"; 0.0.0.0 reaches the host itself on Linux
        "10.0.0.0/8",
        "100.64.0.0/10",  # carrier-grade NAT
        "127.0.0.0/8",
        "169.254.0.0/16",  # link-local, cloud metadata services
        "172.16.0.0/12",
        "192.0.0.0/24",  # IETF protocol assignments
        "192.0.2.0/24",  # documentation
        "192.88.99.0/24",  # 6to4 relay anycast
        "192.168.0.0/16",
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",  # documentation
        "203.0.113.0/24",  # documentation
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, and the broadcast address
    )
)
_V6_NOT_PUBLIC = tuple(
    ipaddress.IPv6Network(n)
    for n in (
        "::/96",  # unspecified, loopback, and the deprecated IPv4-compatible addresses
        "::ffff:0:0/96",  # IPv4-mapped: judged by the IPv4 address below, never as such
        "64:ff9b:1::/48",  # local-use NAT64
        "100::/64",  # discard
        "2001::/23",  # IETF protocol assignments (Teredo, ORCHID, benchmarking...)
        "2001:db8::/32",  # documentation
        "3fff::/20",  # documentation
        "5f00::/16",  # segment routing
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local
        "ff00::/8",  # multicast
    )
)
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_6TO4 = ipaddress.IPv6Network("2002::/16")


class Refused(OSError):
    """An address or a scheme the policy does not allow; str() says which and why."""


def embedded_v4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one stands for (mapped, NAT64, 6to4), which is where a packet
    to it ends up; None for a plain IPv6 address."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip in _6TO4:
        return ip.sixtofour
    return None


def is_public(ip: IP) -> bool:
    """True for a public unicast address: not private, loopback, link-local, CGNAT, multicast,
    reserved, unspecified or documentation, nor an IPv6 form of any of those."""
    if isinstance(ip, ipaddress.IPv6Address):
        v4 = embedded_v4(ip)
        if v4 is not None:
            return is_public(v4)
        return not any(ip in net for net in _V6_NOT_PUBLIC)
    return not any(ip in net for net in _V4_NOT_PUBLIC)


def _kind(ip: IP) -> str:
    """What a refused address is, in the words of the refusal."""
    if isinstance(ip, ipaddress.IPv6Address) and embedded_v4(ip) is not None:
        return _kind(embedded_v4(ip))  # type: ignore[arg-type]
    for test, name in (
        (lambda a: a.is_loopback, "loopback"),
        (lambda a: a.is_unspecified, "unspecified"),
        (lambda a: a.is_link_local, "link-local"),
        (lambda a: a.is_multicast, "multicast"),
        (lambda a: a.is_reserved, "reserved"),  # before private, which 240/4 also is in Python
        (lambda a: a.is_private, "private"),
    ):
        if test(ip):
            return name
    if isinstance(ip, ipaddress.IPv4Address) and ip in ipaddress.IPv4Network("100.64.0.0/10"):
        return "private"  # CGNAT: inside someone's network all the same
    return "reserved"


def _loopback(ip: IP) -> bool:
    v4 = embedded_v4(ip) if isinstance(ip, ipaddress.IPv6Address) else None
    return (v4 or ip).is_loopback


@dataclass(frozen=True)
class AddressPolicy:
    """Which addresses and schemes a connection may go to. The default: public addresses
    over http or https."""

    allow_loopback: bool = False  # tests only (push: the PUSH_LOOPBACK setting)
    allow_private: bool = False  # private, loopback, link-local too (an organizer's own source)
    schemes: tuple[str, ...] = ("http", "https")

    def check_scheme(self, scheme: str) -> None:
        if scheme not in self.schemes:
            raise Refused(f"{scheme or 'no'} scheme: only {' or '.join(self.schemes)} is allowed")

    def check(self, ip: str) -> None:
        """Return if a connection to `ip` is allowed; else raise Refused naming it and why."""
        try:
            address = ipaddress.ip_address(ip.split("%", 1)[0])  # an IPv6 zone says nothing here
        except ValueError:
            raise Refused(f"{ip!r} is not an IP address") from None
        if is_public(address):
            return
        kind = _kind(address)
        if self.allow_loopback and _loopback(address):
            return
        if self.allow_private and kind in ("private", "loopback", "link-local"):
            return
        v4 = embedded_v4(address) if isinstance(address, ipaddress.IPv6Address) else None
        name = f"{address} (that is {v4})" if v4 is not None else str(address)
        raise Refused(f"{name} is a {kind} address, not a public one")

"""Which addresses the server connects to on an outsider's word: public unicast only, every
special range refused, IPv6 forms of IPv4 addresses judged by the IPv4 address they reach."""

from __future__ import annotations

import ipaddress

import pytest

from webapp.net import AddressPolicy, Refused, is_public

NOT_PUBLIC = [
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "100.64.0.1",  # CGNAT
    "127.0.0.1",
    "127.255.255.254",
    "169.254.169.254",  # cloud metadata
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "192.88.99.1",
    "192.168.1.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::127.0.0.1",  # IPv4-compatible (deprecated)
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::127.0.0.1",  # NAT64
    "64:ff9b::a9fe:a9fe",
    "64:ff9b:1::1",
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2002:a00:1::1",  # 6to4 of 10.0.0.1
    "2001::1",  # Teredo
    "2001:db8::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fec0::1",
    "ff02::1",
    "100::1",
]
PUBLIC = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2a00:1450:4007::5",
]


@pytest.mark.parametrize("ip", NOT_PUBLIC)
def test_special_addresses_are_not_public_and_refused(ip: str) -> None:
    assert not is_public(ipaddress.ip_address(ip))
    with pytest.raises(Refused, match="not a public one"):
        AddressPolicy().check(ip)


@pytest.mark.parametrize("ip", PUBLIC)
def test_public_addresses_pass(ip: str) -> None:
    assert is_public(ipaddress.ip_address(ip))
    AddressPolicy().check(ip)


@pytest.mark.parametrize("ip", ["127.0.0.1", "127.0.0.53", "::1", "::ffff:127.0.0.1"])
def test_loopback_only_when_the_policy_allows_it(ip: str) -> None:
    AddressPolicy(allow_loopback=True).check(ip)
    with pytest.raises(Refused, match="loopback"):
        AddressPolicy().check(ip)


@pytest.mark.parametrize("ip", ["10.0.0.1", "169.254.169.254", "192.168.1.1", "fd00::1", "::ffff:10.1.2.3"])
def test_allowing_loopback_still_refuses_private_and_link_local(ip: str) -> None:
    with pytest.raises(Refused):
        AddressPolicy(allow_loopback=True).check(ip)


@pytest.mark.parametrize("ip", ["10.0.0.1", "192.168.1.1", "127.0.0.1", "fd00::1", "fe80::1", "100.64.0.1"])
def test_an_organizers_own_source_may_be_private(ip: str) -> None:
    AddressPolicy(allow_private=True).check(ip)


@pytest.mark.parametrize("ip", ["224.0.0.1", "0.0.0.0", "255.255.255.255", "ff02::1"])
def test_even_a_private_policy_refuses_multicast_unspecified_and_broadcast(ip: str) -> None:
    with pytest.raises(Refused):
        AddressPolicy(allow_private=True).check(ip)


def test_a_refusal_names_the_address_and_why() -> None:
    with pytest.raises(Refused) as caught:
        AddressPolicy().check("::ffff:169.254.169.254")
    assert "169.254.169.254" in str(caught.value) and "link-local" in str(caught.value)


@pytest.mark.parametrize("scheme", ["ftp", "file", "gopher", ""])
def test_only_the_policys_schemes_pass(scheme: str) -> None:
    with pytest.raises(Refused, match="scheme"):
        AddressPolicy().check_scheme(scheme)
    with pytest.raises(Refused, match="scheme"):
        AddressPolicy(schemes=("https",)).check_scheme("http")
    AddressPolicy().check_scheme("https")

"""Outbound HTTP on someone else's word (push endpoints, followed sources): only to the
addresses a policy allows, checked after DNS on the address actually connected to, and
bounded by one total deadline however slowly the peer answers. Plain Python, no Flask."""

from .address import AddressPolicy, Refused, is_public
from .connect import Connection, connect, read_at_most
from .deadline import Deadline

__all__ = ["AddressPolicy", "Connection", "Deadline", "Refused", "connect", "is_public", "read_at_most"]

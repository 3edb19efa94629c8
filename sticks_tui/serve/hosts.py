"""Which requests are the room's: the Host a browser asked for, and the page that asks.

Any web page a browser shows may open a websocket to any address, the teacher's own machine
included: a page of ``evil.example`` open on the teacher's laptop could play in the room, read
its screens (the students' names) and fill its places. And a name of the attacker's that
resolves to the teacher's machine (DNS rebinding) makes the browser send requests there under
that name. So every request must name the room in its ``Host`` header, and a request that says
which page it comes from (``Origin``, which a browser always sends with a websocket) must come
from a page of the room:

* the Host's name must be one of :meth:`HostPolicy.names` (the ``--host`` address, a localhost
  name, this machine's names, ``--public-url``'s host, each ``--allow-host``), or an address
  literal that is the address this request came in on, or a loopback one;
* the Origin's host and port (a default port written or not: ``http://x`` is ``http://x:80``)
  must be the Host's, or ``--public-url``'s (behind a proxy that names the server by another
  host); a Host without a port matches an Origin on a default port.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

#: The port an address means when it writes none.
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
#: The addresses that listen on every network (no name of their own).
WILDCARDS = ("0.0.0.0", "::", "")


def split_host(host: str) -> tuple[str, int | None]:
    """A Host header's name (lower case, brackets and final dot taken off) and port (None when
    it names none). ValueError when it is not a host at all."""
    try:
        parts = urlsplit(f"//{host.strip()}")
        name, port = parts.hostname, parts.port
    except ValueError as error:  # a port that is not a number, brackets that do not close
        raise ValueError(str(error)) from None
    if not name or any(c.isspace() or c in "/?#@" for c in host):
        raise ValueError("not a host")
    return name.rstrip(".").lower(), port


def split_origin(origin: str) -> tuple[str, int]:
    """An Origin header's host and port (its scheme's default where it writes none);
    ValueError when it is not one (``null``, a page of a file)."""
    try:
        parts = urlsplit(origin.strip())
        name, port = parts.hostname, parts.port
    except ValueError as error:
        raise ValueError(str(error)) from None
    scheme = parts.scheme.lower()
    if not name or scheme not in DEFAULT_PORTS:
        raise ValueError("not an origin")
    return name.rstrip(".").lower(), port if port is not None else DEFAULT_PORTS[scheme]


def is_loopback_name(name: str) -> bool:
    """``localhost`` and its subdomains (which browsers resolve to this machine themselves),
    and the loopback addresses."""
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return _address(name).is_loopback
    except ValueError:
        return False


def machine_names() -> set[str]:
    """This machine's own names and the addresses they resolve to."""
    names: set[str] = set()
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names.add(name.rstrip(".").lower())
            try:
                for *_, where in socket.getaddrinfo(name, None):
                    names.add(str(where[0]).lower())
            except OSError:
                pass
    return names


@dataclass
class HostPolicy:
    """The names a request may give the room in its Host (see the module's words)."""

    listen_host: str
    public_url: str | None = None
    allowed: Iterable[str] = ()
    #: This machine's names (:func:`machine_names`), read once.
    machine: set[str] = field(default_factory=machine_names)

    def __post_init__(self) -> None:
        names = {n.rstrip(".").lower() for n in self.allowed} | self.machine
        listen = self.listen_host.strip("[]").lower()
        if listen not in WILDCARDS:
            names.add(listen)
        self.public: tuple[str, int] | None = None
        if self.public_url is not None:
            self.public = split_origin(self.public_url)
            names.add(self.public[0])
        self._names = names

    def names(self) -> set[str]:
        return set(self._names)

    def refusal(self, host: str | None, origin: str | None, arrived_on: str | None) -> str | None:
        """Why a request with this Host and Origin, come in on the address ``arrived_on``, is
        not the room's (a few words for the teacher's console); None when it is."""
        if not host:
            return "no Host header"
        try:
            name, port = split_host(host)
        except ValueError:
            return "a Host header that is not a host"
        if not self._host_allowed(name, arrived_on):
            return f"Host {name} is not a name of this room (--allow-host adds one)"
        if origin is None:  # not a browser's page (a browser always sends it with a websocket)
            return None
        try:
            page = split_origin(origin)
        except ValueError:
            return "an Origin that is not a web page's"
        if self.public is not None and page == self.public:
            return None
        if page[0] == name and (page[1] == port or (port is None and page[1] in (80, 443))):
            return None
        return f"a page of another site ({page[0]}:{page[1]})"

    def _host_allowed(self, name: str, arrived_on: str | None) -> bool:
        if name in self._names or is_loopback_name(name):
            return True
        if arrived_on is None:
            return False
        try:  # an address typed as it is: the one the request came in on
            return _address(name) == _address(arrived_on)
        except ValueError:
            return False


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An address, an IPv4 one written as IPv6 (``::ffff:10.0.0.5``) as IPv4."""
    address = ipaddress.ip_address(text.split("%")[0])
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address

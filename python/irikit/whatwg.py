# SPDX-License-Identifier: MIT OR Apache-2.0
"""irikit.whatwg: the WHATWG URL Standard, irikit's second processing mode (irikit/whatwg.h).

RFC 3987 (the rest of irikit) is strict, and a reference means what its characters say. Browsers,
Node and crawlers process links by the WHATWG URL Standard instead: lenient where pages contain
junk (spaces, backslashes, tabs), strict where a URL must be usable (hosts, ports), and it
rewrites what it accepts. This module is the library's implementation of that Standard, bound
directly: the same hrefs, validation-error names and byte offsets as the C++ API and
``iri parse --spec whatwg``.

    >>> from irikit.whatwg import URL
    >>> u = URL("HTTP://EXAMPLE.com:80/a/./b/../c?q=1 2#f")
    >>> u.href
    'http://example.com/a/c?q=1%202#f'
    >>> URL("../d", base=u).href
    'http://example.com/d'
    >>> URL.can_parse("http://h:99999/"), URL.parse("http://h:99999/")
    (False, None)

Objects
    URL              ``URL(input, base=None, encoding=None)``: the URL class (§6.1), its
                     query in ``encoding`` (an Encoding Standard label); href, origin, protocol,
                     username, password, host, hostname, port, pathname, search, hash (getters
                     and the Standard's setters); search_params; validation_errors; the URL
                     record (scheme, host_type, port_number, path_segments, query, fragment);
                     to_rfc3986 / to_iri and URL.from_iri (the bridge to RFC 3987)
    URLSearchParams  the Standard's URLSearchParams (§6.2): append, delete, get, get_all, has,
                     set, sort; iterates over (name, value) pairs; str() serializes
    Validation       (code, offset): a validation error that is not a failure
    Host             (type, serialized, ipv4, ipv6, validation_errors): a host (parse_host)

Failure raises irikit.IRIError: ``.code`` is the Standard's validation-error name
("port-out-of-range", "IPv4-too-many-parts"), ``.offset`` the byte offset in the UTF-8 input.

Functions
    compare_specs              what a string means to RFC 3987 and to the URL Standard
                               (SpecComparison)
    parse_host                 the host parser (§3.5): a Host, or IRIError
    domain_to_ascii            domain to ASCII (§3.3): str, or IRIError
    domain_to_unicode          domain to Unicode (§3.3): str
    percent_encode             UTF-8 percent-encode in one of the percent-encode sets (§1.3): str
    percent_decode             percent-decode (§1.3): bytes, as the Standard defines it
    parse_form_urlencoded      the application/x-www-form-urlencoded parser (§5.1): (name, value) pairs
    serialize_form_urlencoded  the application/x-www-form-urlencoded serializer (§5.2): str

    >>> from irikit.whatwg import parse_host, percent_encode
    >>> parse_host("0x7f.1").serialized, percent_encode("a b#c", "fragment")
    ('127.0.0.1', 'a%20b#c')
"""

from __future__ import annotations

from ._irikit import (
    URL,
    URLSearchParams,
    compare_specs,
    domain_to_ascii,
    domain_to_unicode,
    parse_form_urlencoded,
    parse_host,
    percent_decode,
    percent_encode,
    serialize_form_urlencoded,
)
from ._types import Host, SpecComparison, SpecDifference, Validation

__all__ = [
    "URL",
    "URLSearchParams",
    "Validation",
    "Host",
    "SpecComparison",
    "SpecDifference",
    "compare_specs",
    "parse_host",
    "domain_to_ascii",
    "domain_to_unicode",
    "percent_encode",
    "percent_decode",
    "parse_form_urlencoded",
    "serialize_form_urlencoded",
]

# The classes live in the private extension module; show them as this module's own.
for _name in __all__:
    _obj = globals()[_name]
    if getattr(_obj, "__module__", None) in ("irikit._irikit", "irikit._types"):
        try:
            _obj.__module__ = "irikit.whatwg"
        except (AttributeError, TypeError):
            pass

# SPDX-License-Identifier: MIT OR Apache-2.0
"""Mistakes that the stubs must catch (test_typing.py expects mypy to report each line marked E)."""

import irikit
import irikit.whatwg

irikit.is_valid(5)  # E: not str / bytes
irikit.to_uri("http://a/", idna="idna2008")  # E: not an idna mode
irikit.parse("a").host.upper()  # E: host may be None
irikit.IRIReference("a") / "b"  # E: only an IRI is a base
irikit.normalize("a", level="full")  # E: not a level
irikit.whatwg.URL("http://a/").port_number + 1  # E: may be None
irikit.whatwg.URL("http://a/").set("origin", "x")  # E: origin has no setter
irikit.whatwg.URL("http://a/").origin = "x"  # E: origin is read-only
irikit.whatwg.percent_encode("a", "url")  # E: not a percent-encode set
irikit.whatwg.percent_decode("%41").upper() + "x"  # E: bytes, not str
irikit.whatwg.parse_host("h", True)  # E: opaque is keyword-only
irikit.whatwg.parse_host("h").ipv4 + 1  # E: may be None
irikit.display_host("a.de", level="lax")  # E: not a restriction level
irikit.registrable_domain("a.de").upper()  # E: Optional[str]

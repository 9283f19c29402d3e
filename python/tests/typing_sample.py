# SPDX-License-Identifier: MIT OR Apache-2.0
"""Code a user writes against irikit, checked with mypy --strict by test_typing.py (not run)."""

from typing import List, Optional, Tuple, Union

import irikit


def hosts(texts: List[str]) -> List[Optional[str]]:
    return [irikit.parse(t).host for t in texts if irikit.is_valid(t, rule="iri")]


def first_error(texts: List[str]) -> Optional[irikit.IRIError]:
    for error in irikit.validate_many(texts):
        if error is not None:
            return error
    return None


def uris(texts: List[Optional[str]]) -> List[Union[str, irikit.IRIError, None]]:
    return irikit.to_uri_many(texts, idna="uts46", on_error="return")


base: irikit.IRI = irikit.IRI("http://a/b/c")
target: irikit.IRI = base / "../g"
relative: irikit.IRIReference = base.relativize(target)
port: Optional[int] = target.port_number
segments: tuple[str, ...] = target.path_segments
normal: irikit.IRI = target.normalize("scheme")
spans = [m.span for m in irikit.extract("see http://a/")]
codes = [f.rule for f in irikit.lint("http://a/%c3%a9", severities={"not-nfc": "off"})]
try:
    irikit.validate(b"http://a/\xff")
except irikit.IRIError as e:
    where: int = e.offset
    code: str = e.code

# Editing: new objects from the immutable ones, a Builder for many edits.
moved: irikit.IRI = base.with_host("例え.jp").with_port(8080).with_param("q", "x y", flavor="form")
relative_again: irikit.IRIReference = moved.without_scheme()
first: Optional[str] = moved.params.get("q")
every: List[Optional[str]] = moved.form_params.get_all("q")
decoded: tuple[str, ...] = moved.joinpath("a b").segments
builder = irikit.Builder(moved).set_path("/x").remove_fragment()
builder.segments.append("y")
builder.params["k"] = None
built: irikit.IRIReference = builder.build()

# The WHATWG URL Standard.
from irikit import whatwg
from irikit.whatwg import URL, URLSearchParams, compare_specs

url = URL("../d", base="http://a/b/c")
url.port = "8080"
url.search_params.append("k", "v")
href: str = url.href
maybe: Optional[URL] = URL.parse("x", url)
notes: List[tuple[str, int]] = [(n.code, n.offset) for n in url.validation_errors]
refused: Optional[irikit.IRIError] = url.set("protocol", "file")
pairs: List[tuple[str, str]] = list(URLSearchParams({"a": "1"}))
differs: bool = not compare_specs("http://0x7f.1/").same
host: whatwg.Host = whatwg.parse_host("0x7f.1", opaque=False)
address: Optional[int] = host.ipv4
pieces: Optional[Tuple[int, ...]] = whatwg.parse_host("[::1]").ipv6
host_notes: List[tuple[str, int]] = [(n.code, n.offset) for n in host.validation_errors]
ascii_host: str = whatwg.domain_to_unicode(whatwg.domain_to_ascii("bücher.example"))
encoded: str = whatwg.percent_encode("a b", "query", space_as_plus=True) + whatwg.percent_encode(b"\xff")
decoded_bytes: bytes = whatwg.percent_decode("%41")
form: str = whatwg.serialize_form_urlencoded(whatwg.parse_form_urlencoded("a=1") + [("b", "2")])
form_from_mapping: str = whatwg.serialize_form_urlencoded({"a": "1"})

# Hosts and the bidi checks (issue 35).
suffix: str = irikit.public_suffix("www.example.co.uk")
registrable: Optional[str] = irikit.registrable_domain(b"example.co.uk")
a_label: irikit.ALabel = irikit.decode_a_label("xn--bcher-kva")
a_label_status: str = a_label.status
shown_host: irikit.HostDisplay = irikit.display_host("xn--bcher-kva.de", level="single-script", trust_tld_script=False)
label_reasons: List[str] = [label.reason for label in shown_host.labels]
rule_conditions: List[int] = [v.condition for v in irikit.check_bidi_rule("a.b")]
component_kinds: List[str] = [c.kind for c in irikit.bidi_components("http://a/")]
edges: List[Optional[str]] = [v.edge for v in irikit.check_bidi_structure("http://a/")]
policy_iri: str = irikit.to_iri("http://a/", idna_to_unicode=True, level="ascii-only", display_policy=False)

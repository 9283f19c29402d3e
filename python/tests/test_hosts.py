# SPDX-License-Identifier: MIT OR Apache-2.0
"""The host functions (irikit/host.h: public suffix list, A-labels, the display policy) and the bidi
checks (irikit/bidi.h: RFC 3987 §4.2, RFC 5893 §2) from Python (issue 35), with bad input."""

import pytest

import irikit
from irikit import IRIError


def test_public_suffix_and_registrable_domain():
    # https://publicsuffix.org/list/: "co.uk" is a rule; "*" (the last label) when none matches
    assert irikit.public_suffix("www.example.co.uk") == "co.uk"
    assert irikit.public_suffix(b"a.b.example") == "example"
    assert irikit.public_suffix("") == ""
    assert irikit.registrable_domain("www.example.co.uk") == "example.co.uk"
    assert irikit.registrable_domain("co.uk") is None and irikit.registrable_domain("") is None
    assert irikit.registrable_domain("www.例え.jp") == "例え.jp"
    assert irikit.public_suffix_list_version()


def test_decode_a_label():
    # RFC 3492 Punycode, RFC 5891 §5.4 checks; statuses are irikit/host.h's a_label_status names
    assert irikit.decode_a_label("xn--bcher-kva") == ("ok", "bücher", "a valid A-label")
    assert irikit.decode_a_label(b"Xn--Bcher-Kva").unicode == "bücher"
    assert irikit.decode_a_label("xn--abc-")[:2] == ("decodes-to-ascii", "abc")
    assert irikit.decode_a_label("example").status == "not-an-a-label"
    assert irikit.decode_a_label("xn--99999999999a").status == "overflow"
    assert irikit.decode_a_label("xn--e-xbb").status == "not-nfc"


def test_display_host_policy_and_options():
    shown = irikit.display_host("xn--bcher-kva.de")
    assert shown.shown == "bücher.de"
    assert [(l.span, l.shown, l.unicode, l.reason) for l in shown.labels] == [
        ((0, 13), "bücher", True, "safe"),
        ((14, 16), "de", False, "ascii"),
    ]
    # Cyrillic "аррӏе" has the skeleton of an ASCII label (UTS #39 §4): its A-label is kept
    kept = irikit.display_host("xn--80ak6aa92e.com")
    assert kept.shown == "xn--80ak6aa92e.com"
    assert kept.labels[0].reason == "ascii-lookalike" and kept.labels[0].message
    # spans count code points of a str host, bytes of a bytes host
    assert irikit.display_host("bücher.de").labels[1].span == (7, 9)
    assert irikit.display_host("bücher.de").labels[1].byte_span == (8, 10)
    assert irikit.display_host("bücher.de".encode()).labels[1].span == (8, 10)
    # options: the restriction level (UTS #39 §5.2)
    strict = irikit.display_host("xn--bcher-kva.de", level="ascii-only")
    assert strict.shown == "xn--bcher-kva.de" and strict.labels[0].reason == "restriction-level"
    with pytest.raises(ValueError, match="unknown level 'lax'"):
        irikit.display_host("a.de", level="lax")


def test_to_iri_takes_the_display_policy_options():
    # RFC 3987 §3.2.1 ToUnicode, limited by the display policy (§7.5, §8)
    assert irikit.to_iri("http://xn--rsum-bpad.example.org/", idna_to_unicode=True) == "http://résumé.example.org/"
    assert irikit.to_iri("http://xn--80ak6aa92e.com/", idna_to_unicode=True) == "http://xn--80ak6aa92e.com/"
    assert irikit.to_iri("http://xn--80ak6aa92e.com/", idna_to_unicode=True, display_policy=False) == "http://аррӏе.com/"
    assert (
        irikit.to_iri("http://xn--rsum-bpad.example.org/", idna_to_unicode=True, level="ascii-only")
        == "http://xn--rsum-bpad.example.org/"
    )
    with pytest.raises(ValueError):
        irikit.to_iri("http://a/", idna_to_unicode=True, level="nope")


def test_bidi_rule_components_and_structure():
    # RFC 5893 §2 condition 1: the first character of a label in a Bidi domain name is L, R or AL
    assert irikit.check_bidi_rule("example.com") == []
    (v,) = irikit.check_bidi_rule("اختبار.123")
    assert (v.condition, v.span, v.character, v.byte_span) == (1, (7, 10), "1", (13, 16))
    kinds = [c.kind for c in irikit.bidi_components("http://a.b/c.txt?x=1#f")]
    assert kinds == ["host label", "host label", "path segment", "path extension", "query name", "query value", "fragment"]
    # RFC 3987 §4.2 rule 1 (mixed directions) and rule 2 (right-to-left at both ends)
    found = irikit.check_bidi_structure("http://ab\u05d0.com/")
    assert [(v.kind, v.component.kind, v.component.span, v.edge, v.at_start) for v in found] == [
        ("mixed-direction", "host label", (7, 10), None, None),
        ("rtl-edge", "host label", (7, 10), "a", True),
    ]
    assert irikit.check_bidi_structure("http://example.org/abc") == []
    with pytest.raises(IRIError) as e:
        irikit.check_bidi_structure("http://a b/")
    assert (e.value.code, e.value.offset) == ("invalid-host-char", 8)


FUNCTIONS = [
    irikit.public_suffix,
    irikit.registrable_domain,
    irikit.decode_a_label,
    irikit.display_host,
    irikit.check_bidi_rule,
    irikit.bidi_components,
    irikit.check_bidi_structure,
]


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__name__)
def test_bad_input(function):
    for wrong in (None, 5, ["a"]):
        with pytest.raises(TypeError, match=f"irikit.{function.__name__}\\(\\) argument"):
            function(wrong)
    with pytest.raises(IRIError) as e:
        function("ab\ud800")  # a lone surrogate has no UTF-8 form (RFC 3629 §3)
    assert (e.value.code, e.value.offset, e.value.char_offset) == ("utf8-surrogate", 2, 2)
    with pytest.raises(IRIError) as e:
        function(b"ab\xff")  # not UTF-8
    assert (e.value.code, e.value.offset, e.value.char_offset) == ("utf8-invalid-byte", 2, None)
    function(bytearray(b"a.b"))  # bytearray as bytes

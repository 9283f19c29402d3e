# SPDX-License-Identifier: MIT OR Apache-2.0
"""The Python API over each library operation: concrete expected values, with the spec section
each one comes from."""

import copy
import pickle

import pytest

import irikit
from irikit import IRI, IRIError, IRIReference


# --- Validation and parsing (RFC 3987 §2.2, RFC 3986 §3-§4) ---------------------------------


def test_is_valid_rules():
    assert irikit.is_valid("http://例え.jp/パス")
    assert not irikit.is_valid("http://例え.jp/パス", rule="uri")  # RFC 3986: ASCII only
    assert irikit.is_valid("../g", rule="relative-ref")
    assert not irikit.is_valid("../g", rule="iri")  # RFC 3987 IRI needs a scheme
    assert not irikit.is_valid("http://a/#f", rule="absolute-iri")  # absolute-IRI has no fragment
    assert irikit.is_valid("http://a/\U000e0001", rule="leiri")  # 3987bis §6 leiri-ucschar has the tags
    assert irikit.is_valid("http://a/?\U000e0001", allow_iprivate_tags=True)
    assert not irikit.is_valid("http://a/?\U000e0001")
    assert irikit.is_valid(b"http://a/")
    assert irikit.is_valid(bytearray(b"http://a/"))


def test_is_valid_rejects_non_unicode_text_as_invalid():
    assert irikit.is_valid("http://a/\ud800") is False
    assert irikit.is_valid(b"http://a/\xff") is False


def test_unknown_rule_is_a_value_error():
    with pytest.raises(ValueError, match="unknown rule 'url'"):
        irikit.is_valid("http://a/", rule="url")


def test_parse_components():
    r = irikit.parse("http://user@例え.jp:8080/a/b/?q=1#frag")
    assert isinstance(r, IRI)
    assert (r.scheme, r.authority, r.userinfo, r.host, r.port, r.port_number) == (
        "http",
        "user@例え.jp:8080",
        "user",
        "例え.jp",
        "8080",
        8080,
    )
    assert (r.path, r.path_segments, r.query, r.fragment) == ("/a/b/", ("a", "b", ""), "q=1", "frag")
    assert r.host_type == "reg-name"
    assert r.is_absolute and r.has_authority
    assert str(r.without_fragment()) == "http://user@例え.jp:8080/a/b/?q=1"  # RFC 3986 §5.1


def test_absent_is_none_and_empty_is_empty():
    # RFC 3986 §3: "a:b?" has an empty query, "a:b" none.
    assert irikit.parse("a:b?").query == ""
    assert irikit.parse("a:b").query is None
    r = irikit.parse("a:b")
    assert (r.authority, r.userinfo, r.host, r.host_type, r.port, r.fragment) == (None,) * 6
    assert irikit.parse("http://h:/").port == ""
    assert irikit.parse("http://h:/").port_number is None
    assert irikit.parse("http://h:99999/").port_number is None


def test_host_types():
    assert irikit.parse("http://192.0.2.1/").host_type == "ipv4"
    assert irikit.parse("http://[::1]/").host == "[::1]"
    assert irikit.parse("http://[::1]/").host_type == "ipv6"
    assert irikit.parse("http://[v7.x]/").host_type == "ipvfuture"
    assert irikit.parse("http://256.0.0.1/").host_type == "reg-name"  # RFC 3986 §3.2.2 first-match


def test_parse_returns_reference_for_relative():
    r = irikit.parse("../a?b")
    assert type(r) is IRIReference
    assert repr(r) == "IRIReference('../a?b')"
    assert r.scheme is None and not r.is_absolute


def test_parse_with_uri_rule_words_the_message_for_rfc3986():
    with pytest.raises(IRIError) as e:
        irikit.parse("http://a/b c", rule="uri")
    assert e.value.code == "invalid-path-char"
    assert "RFC 3986 §3.3 pchar" in e.value.message


def test_validate_raises():
    assert irikit.validate("http://a/") is None
    with pytest.raises(IRIError) as e:
        irikit.validate("b", rule="iri")
    assert (e.value.code, e.value.offset) == ("missing-scheme", 0)


# --- Objects ----------------------------------------------------------------------------------


def test_objects_are_immutable_hashable_and_compare_texts():
    a = IRI("http://a/b")
    with pytest.raises(AttributeError):
        a.path = "/c"
    with pytest.raises(AttributeError):
        a.anything = 1
    assert a == IRIReference("http://a/b")
    assert hash(a) == hash(IRIReference("http://a/b")) == hash("http://a/b")
    assert a != IRI("http://a/B")
    assert a != "http://a/b"  # an object is not its text
    assert len({IRI("http://a/b"), IRI("http://a/b"), IRI("http://a/c")}) == 2
    assert str(a) == a.text == "http://a/b"
    assert copy.copy(a) is a and copy.deepcopy(a) is a


@pytest.mark.parametrize("obj", [IRI("http://例え.jp/パス?q#f"), IRIReference("../a?b#c"), IRIReference("")])
def test_objects_pickle(obj):
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(obj, protocol))
        assert back == obj and type(back) is type(obj)
        assert back.path == obj.path


def test_iri_requires_a_scheme():
    with pytest.raises(IRIError) as e:
        IRI("../a")
    assert e.value.code == "missing-scheme"
    assert IRI(IRIReference("http://a/")) == IRI("http://a/")
    assert IRIReference(b"http://a/").text == "http://a/"


def test_iri_resolve_join_and_slash():
    # RFC 3986 §5.4.1
    base = IRI("http://a/b/c/d;p?q")
    assert base / "g" == IRI("http://a/b/c/g")
    assert base.join("../g") == IRI("http://a/b/g")
    assert base.resolve("?y") == IRI("http://a/b/c/d;p?y")
    assert base.resolve(IRIReference("#s")) == IRI("http://a/b/c/d;p?q#s")
    assert base.resolve("http:g", strict=False) == IRI("http://a/b/c/g")  # §5.4.2
    assert base.relativize("http://a/b/g?y#s") == IRIReference("../g?y#s")
    with pytest.raises(TypeError):
        IRIReference("../a") / "b"  # only an absolute IRI is a base (§5.1)


def test_object_methods():
    r = IRI("http://例え.jp/ros%c3%a9")
    assert r.to_uri(idna="uts46") == IRI("http://xn--r8jz45g.jp/ros%c3%a9")
    assert IRI("http://a/D%C3%BCrst").to_iri() == IRI("http://a/Dürst")
    assert IRI("HTTP://A/./b/%7e").normalize() == IRI("http://a/b/~")
    assert IRI("HTTP://A:80").normalize("scheme") == IRI("http://a/")
    assert IRI("http://a").equivalent("http://a:80/", "scheme")
    assert not IRI("http://a").equivalent("http://a:80/")


# --- Errors -----------------------------------------------------------------------------------


def test_error_code_offset_and_message():
    with pytest.raises(IRIError) as e:
        irikit.parse("http://exa mple.org/")
    err = e.value
    assert isinstance(err, ValueError)
    assert (err.code, err.offset, err.char_offset, err.text) == ("invalid-host-char", 10, 10, "http://exa mple.org/")
    assert err.message == "U+0020 is not allowed in ihost (RFC 3987 §2.2 ireg-name)"
    assert str(err) == (
        "byte 10: invalid-host-char: U+0020 is not allowed in ihost (RFC 3987 §2.2 ireg-name)\n"
        "  http://exa mple.org/\n"
        "            ^"
    )


def test_error_offsets_in_bytes_and_code_points():
    # "http://例え.jp/パ<space>": the space is code point 14 and UTF-8 byte 20.
    with pytest.raises(IRIError) as e:
        irikit.parse("http://例え.jp/パ ス")
    assert (e.value.code, e.value.offset, e.value.char_offset) == ("invalid-path-char", 20, 14)
    # The caret counts wide characters as two columns.
    assert str(e.value).splitlines()[2] == "  " + " " * (7 + 4 + 4 + 2) + "^"


def test_error_pickles():
    with pytest.raises(IRIError) as e:
        irikit.parse("http://exa mple.org/")
    back = pickle.loads(pickle.dumps(e.value))
    assert (back.code, back.offset, back.char_offset, back.text, str(back)) == (
        e.value.code,
        e.value.offset,
        e.value.char_offset,
        e.value.text,
        str(e.value),
    )


def test_error_excerpt_of_long_text():
    text = "http://a/" + "x" * 100 + " " + "y" * 100
    with pytest.raises(IRIError) as e:
        irikit.parse(text)
    lines = str(e.value).splitlines()
    assert e.value.offset == 109
    assert lines[1] == "  …" + "x" * 40 + " " + "y" * 39 + "…"
    assert lines[2] == "  " + " " * 41 + "^"


def test_bytes_that_are_not_utf8():
    # RFC 3629: 0xFF never appears; 0xC3 0x28 is a truncated sequence; ED A0 80 a surrogate.
    cases = [
        (b"http://a/\xff", "utf8-invalid-byte", 9),
        (b"http://a/\xc3(", "utf8-truncated", 9),
        (b"http://a/\xc0\xaf", "utf8-overlong", 9),
        (b"http://a/\xed\xa0\x80", "utf8-surrogate", 9),
        (b"http://\xf4\x90\x80\x80/", "utf8-out-of-range", 7),
    ]
    for data, code, offset in cases:
        for function in (irikit.parse, irikit.to_uri, irikit.to_iri, irikit.normalize, irikit.lint, irikit.extract):
            with pytest.raises(IRIError) as e:
                function(data)
            assert (e.value.code, e.value.offset, e.value.char_offset) == (code, offset, None), function


def test_lone_surrogates_in_str():
    for function in (irikit.parse, irikit.to_uri, irikit.host_to_ascii, irikit.display, irikit.extract):
        with pytest.raises(IRIError) as e:
            function("http://a/é\ud800x")
        # code point 10; UTF-8 byte 11 (é takes two bytes)
        assert (e.value.code, e.value.offset, e.value.char_offset) == ("utf8-surrogate", 11, 10)
        assert e.value.message.startswith("U+D800 (bytes ED A0 80) is a lone surrogate")


@pytest.mark.parametrize("bad", [None, 3, 2.5, ["http://a/"], object()])
def test_non_text_is_a_type_error(bad):
    with pytest.raises(TypeError, match="must be str or bytes, not"):
        irikit.parse(bad)
    with pytest.raises(TypeError, match=r"irikit.resolve\(\) argument 'reference' must be str or bytes"):
        irikit.resolve("http://a/", bad)
    with pytest.raises(TypeError):
        irikit.is_valid(bad)


def test_resolve_reports_which_argument_failed():
    with pytest.raises(IRIError) as e:
        irikit.resolve("a/b", "c")
    assert (e.value.code, e.value.text) == ("missing-scheme", "a/b")
    with pytest.raises(IRIError) as e:
        irikit.resolve("http://a/", "c d")
    assert (e.value.code, e.value.offset, e.value.text) == ("invalid-path-char", 1, "c d")


# --- Conversion (RFC 3987 §3) -----------------------------------------------------------------


def test_to_uri():
    # RFC 3987 §3.1 example: "http://www.example.org/red%09ros%C3%A9#red"
    assert irikit.to_uri("http://www.example.org/red%09rosé#red") == "http://www.example.org/red%09ros%C3%A9#red"
    assert irikit.to_uri("http://résumé.example.org") == "http://r%C3%A9sum%C3%A9.example.org"
    assert irikit.to_uri("http://résumé.example.org", idna="uts46") == "http://xn--rsum-bpad.example.org"
    assert irikit.to_uri("http://faß.de/", idna="uts46") == "http://xn--fa-hia.de/"
    assert irikit.to_uri("http://faß.de/", idna="uts46-transitional") == "http://fass.de/"
    assert irikit.to_uri("http://faß.de/", idna="idna2003") == "http://fass.de/"
    assert irikit.to_uri("http://a/a b", encode_unsafe_ascii=True) == "http://a/a%20b"
    with pytest.raises(IRIError) as e:
        irikit.to_uri("http://a/a b")
    assert (e.value.code, e.value.offset) == ("unsafe-ascii-char", 10)
    # 3987bis §3.5: the query of an http IRI in the document's charset
    assert irikit.to_uri("http://a/é?é", query_charset="ISO-8859-1") == "http://a/%C3%A9?%E9"
    with pytest.raises(IRIError) as e:
        irikit.to_uri("http://a/?é", query_charset="no-such-charset")
    assert e.value.code == "unknown-charset"
    with pytest.raises(IRIError) as e:
        irikit.to_uri("http://xn--a.ä/", idna="uts46")  # "xn--a" is not valid Punycode (RFC 3492)
    assert (e.value.code, e.value.offset) == ("idna-failed", 7)
    assert irikit.to_uri("http://a..b/", idna="uts46") == "http://a..b/"  # ASCII hosts never change
    with pytest.raises(ValueError, match="unknown idna mode"):
        irikit.to_uri("http://a/", idna="idna2008")


def test_to_iri():
    # RFC 3987 §3.2 examples
    assert irikit.to_iri("http://www.example.org/D%C3%BCrst") == "http://www.example.org/Dürst"
    assert irikit.to_iri("http://www.example.org/D%FCrst") == "http://www.example.org/D%FCrst"
    # §3.2.1: U+202E (bidi formatting) stays encoded, re-encoded with uppercase hex
    assert irikit.to_iri("http://xn--99zt52a.example.org/%e2%80%ae") == "http://xn--99zt52a.example.org/%E2%80%AE"
    assert irikit.to_iri("http://xn--99zt52a.example.org/", idna_to_unicode=True) == "http://納豆.example.org/"


def test_leiri_charsets_and_candidates():
    assert irikit.leiri_to_iri("http://a/b c<d>") == "http://a/b%20c%3Cd%3E"
    assert irikit.from_charset("http://a/r\xe9sum\xe9".encode("latin-1"), "ISO-8859-1") == "http://a/résumé"
    assert irikit.from_charset("http://例え.jp/".encode("shift_jis"), "Shift_JIS") == "http://例え.jp/"
    with pytest.raises(IRIError) as e:
        irikit.from_charset(b"\x82", "Shift_JIS")
    assert (e.value.code, e.value.offset) == ("charset-decode-failed", 0)
    with pytest.raises(IRIError) as e:
        irikit.from_charset(b"a", "no-such-charset")
    assert e.value.code == "unknown-charset"
    assert irikit.interpret_candidates("/r%E9sum%E9", ["ISO-8859-1"]) == ["/r%E9sum%E9", "/résumé"]


def test_hosts():
    assert irikit.host_to_ascii("Bücher.de") == "xn--bcher-kva.de"
    assert irikit.host_to_ascii("例え。テスト") == "xn--r8jz45g.xn--zckzah"  # U+3002 separates labels
    assert irikit.host_to_unicode("xn--rsum-bpad.example.org") == "résumé.example.org"
    assert irikit.host_to_ascii("x", idna="none") == "x"
    with pytest.raises(IRIError) as e:
        irikit.host_to_ascii("a.xn--a.b")
    assert (e.value.code, e.value.offset) == ("idna-failed", 2)


def test_host_options():
    # A fully qualified name keeps its root label unless UTS #46 is asked for exactly (§4.2 step 3,
    # VerifyDnsLength: the empty label after the last "." is error A4_2, at byte 16).
    assert irikit.host_to_ascii("Bücher.example.") == "xn--bcher-kva.example."
    with pytest.raises(IRIError) as e:
        irikit.host_to_ascii("Bücher.example.", keep_root_label=False)
    assert (e.value.code, e.value.offset) == ("idna-failed", 16)
    # RFC 3490 AllowUnassigned: U+0221 is unassigned in Unicode 3.2, IDNA2003's version.
    with pytest.raises(IRIError):
        irikit.host_to_ascii("ȡ.example", idna="idna2003")
    assert irikit.host_to_ascii("ȡ.example", idna="idna2003", allow_unassigned=True) == "xn--6la.example"


# --- Resolution, normalization (RFC 3986 §5, RFC 3987 §5.3) -----------------------------------


def test_resolve_and_relativize():
    base = "http://a/b/c/d;p?q"
    assert irikit.resolve(base, "../g?y#s") == "http://a/b/g?y#s"
    assert irikit.resolve(base, "../../../g") == "http://a/g"  # §5.4.2
    assert irikit.resolve("http://a/b/./c", "?y") == "http://a/b/./c?y"  # §5.2.2 T.path = Base.path
    assert irikit.resolve("http://a/b/./c", "?y", remove_dots_from_base_path=True) == "http://a/b/c?y"
    assert irikit.resolve("http://a/b/c", "%2E%2E/g") == "http://a/g"
    assert irikit.resolve("http://a/b/c", "%2E%2E/g", percent_encoded_dots=False) == "http://a/b/%2E%2E/g"
    assert irikit.relativize(base, "http://a/b/g?y#s") == "../g?y#s"
    with pytest.raises(IRIError) as e:
        irikit.relativize("http://h/s", "http://h/a/../b")
    assert e.value.code == "not-relativizable"
    assert irikit.remove_dot_segments("mid/content=5/../6") == "mid/6"  # §5.2.4 example 2
    assert irikit.remove_dot_segments("/a/b/c/./../../g") == "/a/g"  # §5.2.4 example 1


def test_normalize_and_equivalent():
    assert irikit.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9") == "example://a/b/c/%7Bfoo%7D/rosé"
    assert irikit.normalize("http://a/ros%C3%A9", iri_form=False) == "http://a/ros%C3%A9"
    assert irikit.normalize("HTTP://A", level="simple") == "HTTP://A"
    assert irikit.normalize("http://xn--rsum-bpad.example.org:80", level="scheme") == "http://résumé.example.org/"
    assert irikit.normalize("http://a/\u0065\u0301", nfc=True) == "http://a/\u00e9"
    assert irikit.equivalent("http://example.com", "http://example.com:80/", level="scheme")
    assert not irikit.equivalent("http://a/#x", "http://a/#y")
    assert irikit.equivalent("http://a/#x", "http://a/#y", include_fragment=False)
    assert irikit.equivalent("http://a/\u00e9", "http://a/e\u0301", nfc=True)
    with pytest.raises(ValueError, match="unknown normalization level"):
        irikit.normalize("http://a/", level="full")


# --- Lint, display, extraction (RFC 3987 §4, §6-§8) -------------------------------------------


def test_lint():
    findings = irikit.lint("http://раураl.com/%c3%a9")
    rules = [(f.rule, f.span, f.byte_span) for f in findings]
    assert ("confusable-host", (7, 13), (7, 18)) in rules  # Cyrillic letters take two bytes
    assert ("lowercase-percent-hex", (18, 21), (23, 26)) in rules
    assert all(f.severity in ("info", "warning", "error") for f in findings)
    quiet = irikit.lint("http://example.org/%c3%a9", disable=["lowercase-percent-hex"])
    assert quiet == []
    loud = irikit.lint("http://example.org/%c3%a9", severities={"lowercase-percent-hex": "error"})
    assert {f.severity for f in loud} == {"error"}
    with pytest.raises(ValueError, match="unknown lint rule 'nope'"):
        irikit.lint("http://a/", disable=["nope"])
    with pytest.raises(IRIError):
        irikit.lint("http://a b/")
    assert len(irikit.lint_rules()) == len({r.id for r in irikit.lint_rules()}) > 10


def test_display():
    # RFC 3987 §4.4 example 1
    assert irikit.visual_order("http://ab.אבגדהו.ij/kl") == "http://ab.והדגבא.ij/kl"
    assert irikit.display("http://ab.אבגדהו.ij/kl", surrounding="ltr") == "http://ab.אבגדהו.ij/kl"
    assert irikit.display("http://ab/אב", surrounding="ltr") == "\u202ahttp://ab/אב\u202c"
    assert irikit.display("http://ab/אב", surrounding="ltr", style="isolate") == "\u2066http://ab/אב\u2069"
    assert irikit.needs_embedding("http://ab/אב", "ltr")
    assert not irikit.needs_embedding("http://ab/x", "ltr")
    assert irikit.needs_embedding("http://ab/")  # in a right-to-left paragraph the final "/" would move
    assert irikit.display("http://ab/") == "\u202ahttp://ab/\u202c"


def test_extract_spans():
    text = "See https://例え.jp/パス, or <http://a/b c>, and (https://en.wikipedia.org/wiki/Rust_(language))."
    found = irikit.extract(text)
    assert [m.iri for m in found] == ["https://例え.jp/パス", "http://a/b", "https://en.wikipedia.org/wiki/Rust_(language)"]
    for m in found:
        assert text[m.span[0] : m.span[1]] == m.iri
        assert text.encode()[m.byte_span[0] : m.byte_span[1]].decode() == m.iri
    assert [m.form for m in irikit.extract("<http://a/> www.example.org", www=True)] == ["delimited", "www"]
    data = text.encode()
    assert [m.span for m in irikit.extract(data)] == [m.byte_span for m in found]


def test_versions():
    assert irikit.__version__ == "0.1.0"
    major, minor = irikit.unicode_version().split(".")[:2]
    assert int(major) >= 15 and minor.isdigit()


# Issue 39: the scheme registry, the scheme rules and their profiles, the scheme rung per the
# registry (RFC 3987 §5.3.3, RFC 8141 §3).
def test_scheme_registry():
    names = [s.name for s in irikit.schemes()]
    assert names[:5] == ["http", "https", "ws", "wss", "ftp"]
    assert "urn:uuid" in names and "did" in names and "tel" in names
    http = irikit.scheme_info("HTTP")
    assert http == irikit.SchemeInfo(
        "http", "RFC 9110 §4.2.1", 80, True, True, 'default port 80 removed, empty path as "/", IDN host in Unicode form'
    )
    assert irikit.scheme_info("urn").default_port is None
    assert irikit.scheme_info("nope") is None


def test_lint_profiles_and_scheme_rules():
    assert irikit.lint_profiles() == ["default", "rdf", "web", "strict"]
    # The examples: each breaks its scheme's own rule (RFC 9110 §4.2.1, RFC 8141 §2,
    # RFC 9562 §4, RFC 6068 §2, RFC 2397 §3, DID Core §3.1).
    cases = {
        "http://": ("scheme-http-missing-host", (5, 7)),
        "urn:a:b": ("scheme-urn-nid", (4, 5)),
        "urn:uuid:not-a-uuid": ("scheme-uuid-syntax", (9, 19)),
        "mailto:@": ("scheme-mailto-address", (7, 8)),
        "data:;base64,@@@": ("scheme-data-base64", (13, 14)),
        "did:Example:1": ("scheme-did-syntax", (4, 11)),
    }
    for text, (rule, span) in cases.items():
        findings = irikit.lint(text)
        assert [(f.rule, f.severity, f.span) for f in findings] == [(rule, "warning", span)], text
        strict = irikit.lint(text, profile="strict")
        assert [f.severity for f in strict] == ["error"], text
    assert irikit.lint("urn:a:b", profile="web")[0].severity == "info"
    assert irikit.lint("urn:a:b", profile="strict", disable=["scheme-urn-nid"]) == []
    # Spans count code points for str: "é" is one.
    assert irikit.lint("did:example:é")[0].span == (12, 13)
    with pytest.raises(ValueError, match="unknown lint profile 'loose'"):
        irikit.lint("urn:a:b", profile="loose")


def test_scheme_rung_per_registry():
    uuid = "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"
    assert irikit.normalize(uuid, "scheme") == "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
    assert irikit.normalize(uuid, "syntax") == "urn:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"
    assert irikit.normalize("mailto:Joe@Example.COM", "scheme") == "mailto:Joe@example.com"
    assert irikit.equivalent("urn:example:a123,z456", "URN:EXAMPLE:a123,z456?=xyz#789", "scheme")
    assert not irikit.equivalent("urn:example:a123,z456", "urn:example:A123,z456", "scheme")
    # "irikit tables 17.0; ICU 72.1 for legacy charsets, ..." (irikit/version.h)
    backend = irikit.unicode_backend_version()
    assert backend.startswith("irikit tables 17.0; ICU ") and backend.split()[4][0].isdigit()


def test_import_is_cheap():
    """`import irikit` loads no more than the extension and IRIError (issue 35: at most twice the
    cost of `import urllib.parse`; python/bench/import_time.py measures it): typing, the record
    types, the editing views and irikit.whatwg load on first use."""
    import subprocess
    import sys

    lazy = ["typing", "irikit._types", "irikit._edit", "irikit.whatwg", "irikit.pandas", "irikit.dask"]
    code = f"import sys, irikit; print([m for m in {lazy!r} if m in sys.modules])"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
    code = "import irikit; print(irikit.LintFinding.__module__, irikit.whatwg.URL.__name__, 'whatwg' in dir(irikit))"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert shown.split() == ["irikit", "URL", "True"]

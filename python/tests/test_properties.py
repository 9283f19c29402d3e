# SPDX-License-Identifier: MIT OR Apache-2.0
"""Properties checked with hypothesis over generated IRIs and random text and bytes:
parse/serialize round trips, to_iri(to_uri(x)) invariants, resolve/relativize round trips, and
no function failing otherwise than with IRIError on any input."""

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import irikit  # noqa: E402
from irikit import IRIError  # noqa: E402

# Pieces of IRIs: ASCII of each class, percent-encodings, non-ASCII letters (RFC 3987 ucschar),
# and characters that are never allowed (space, controls, bidi formatting, private use).
UNRESERVED = "abcXYZ019-._~"
SUB_DELIMS = "!$&'()*+,;="
PIECES = st.one_of(
    st.sampled_from(list(UNRESERVED + SUB_DELIMS + ":@")),
    st.sampled_from(["%41", "%7e", "%C3%A9", "%2E", "%2e%2E", "%25", "%E2%80%AE", "%FC"]),
    st.sampled_from(["é", "例", "パ", "ß", "ς", "א", "ب", "\U00010400", "\u0301"]),
)
SEGMENT = st.lists(PIECES, max_size=6).map("".join)
PATH = st.lists(st.one_of(SEGMENT, st.sampled_from([".", ".."])), max_size=5).map("/".join)
HOST = st.one_of(
    st.lists(st.sampled_from(["a", "b", "例え", "bücher", "xn--r8jz45g", "1", "-"]), min_size=1, max_size=3).map(".".join),
    st.sampled_from(["127.0.0.1", "[::1]", "[v7.x]", ""]),
)


@st.composite
def iris(draw, absolute=True):
    scheme = draw(st.sampled_from(["http", "https", "foo", "urn"])) + ":" if absolute else ""
    text = scheme
    if draw(st.booleans()):
        userinfo = draw(st.one_of(st.just(""), SEGMENT.map(lambda s: s.replace("@", "") + "@")))
        port = draw(st.sampled_from(["", ":", ":80", ":8080"]))
        text += "//" + userinfo + draw(HOST) + port + "/" + draw(PATH)
    else:
        path = draw(PATH)
        if not absolute and ":" in path.split("/")[0]:
            path = "./" + path
        text += path if absolute or not path.startswith("//") else "/." + path
    if draw(st.booleans()):
        text += "?" + draw(SEGMENT) + draw(st.sampled_from(["", "/?", "&x=\ue000"]))
    if draw(st.booleans()):
        text += "#" + draw(SEGMENT)
    return text


RANDOM_TEXT = st.text(alphabet=st.characters(), max_size=40) | st.builds(lambda a, b: a + b, iris(), st.text(max_size=8))
RANDOM_BYTES = st.binary(max_size=40) | iris().map(lambda s: s.encode() + b"\xff"[: len(s) % 2])


def recompose(r):
    """RFC 3986 §5.3 component recomposition."""
    text = ""
    if r.scheme is not None:
        text += r.scheme + ":"
    if r.authority is not None:
        text += "//" + r.authority
    text += r.path
    if r.query is not None:
        text += "?" + r.query
    if r.fragment is not None:
        text += "#" + r.fragment
    return text


@given(st.one_of(iris(), iris(absolute=False)))
def test_parse_serialize_round_trip(text):
    if not irikit.is_valid(text):
        return
    r = irikit.parse(text)
    assert str(r) == text
    assert recompose(r) == text
    assert irikit.parse(str(r)) == r
    assert "/".join(r.path_segments) == (r.path[1:] if r.path.startswith("/") else r.path)
    if r.authority is not None:
        expected = ("" if r.userinfo is None else r.userinfo + "@") + r.host + ("" if r.port is None else ":" + r.port)
        assert r.authority == expected


@given(st.one_of(iris(), iris(absolute=False)))
def test_to_uri_to_iri_invariants(text):
    if not irikit.is_valid(text):
        return
    uri = irikit.to_uri(text)
    assert irikit.is_valid(uri, rule="uri-reference")  # RFC 3987 §3.1: the result is a URI
    assert irikit.to_uri(uri) == uri  # identity on URIs, so idempotent
    iri = irikit.to_iri(uri)
    assert irikit.is_valid(iri)  # RFC 3987 §3.2: the result is an IRI
    # to_uri(to_iri(u)) == u up to the case of percent-encodings (and encoded unreserved ASCII)
    assert irikit.normalize(irikit.to_uri(iri), iri_form=False) == irikit.normalize(uri, iri_form=False)
    assert irikit.to_iri(irikit.to_uri(iri)) == iri
    # the two forms are equivalent at the syntax rung (§5.3.2.3)
    assert irikit.equivalent(text, uri)


@given(iris(), st.one_of(iris(), iris(absolute=False)))
def test_resolve_relativize_round_trip(base, reference):
    if not (irikit.is_valid(base, rule="iri") and irikit.is_valid(reference)):
        return
    target = irikit.resolve(base, reference)
    assert irikit.is_valid(target, rule="iri")
    assert irikit.IRI(base) / reference == irikit.IRI(target)
    try:
        relative = irikit.relativize(base, target)
    except IRIError as e:
        assert e.code == "not-relativizable"  # the target keeps dot-segments (RFC 3986 §5.2.4)
        return
    assert irikit.resolve(base, relative) == target
    assert len(relative) <= len(target)


def text_functions():
    return [
        irikit.is_valid,
        irikit.validate,
        irikit.parse,
        irikit.to_uri,
        lambda t: irikit.to_uri(t, idna="uts46", encode_unsafe_ascii=True),
        lambda t: irikit.to_uri(t, query_charset="Shift_JIS"),
        irikit.to_iri,
        lambda t: irikit.to_iri(t, idna_to_unicode=True),
        irikit.leiri_to_iri,
        irikit.host_to_ascii,
        irikit.host_to_unicode,
        lambda t: irikit.resolve("http://a/b/c", t),
        lambda t: irikit.resolve(t, "../g"),
        lambda t: irikit.relativize("http://a/b/c", t),
        irikit.remove_dot_segments,
        irikit.normalize,
        lambda t: irikit.normalize(t, "scheme", nfc=True),
        lambda t: irikit.equivalent(t, "http://a/", "scheme"),
        irikit.lint,
        irikit.display,
        irikit.visual_order,
        irikit.needs_embedding,
        lambda t: irikit.extract(t, www=True),
        irikit.IRIReference,
        irikit.IRI,
        lambda t: irikit.interpret_candidates(t, ["ISO-8859-1", "Shift_JIS"]),
        lambda t: irikit.from_charset(t.encode("utf-8", "surrogatepass") if isinstance(t, str) else t, "Shift_JIS"),
        lambda t: irikit.validate_many([t, t]),
        lambda t: irikit.to_uri_many([t]),
        lambda t: irikit.normalize_many([t]),
        lambda t: irikit.resolve_many("http://a/", [t]),
    ]


def check_every_function(text):
    for function in text_functions():
        try:
            result = function(text)
        except IRIError as e:
            assert e.code and e.code == e.code.lower() and 0 <= e.offset <= len(
                text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
            )
            assert str(e)  # the message renders
            continue
        if isinstance(result, str):
            assert "\ud800" not in result  # output is always valid Unicode
            result.encode("utf-8")


@given(RANDOM_TEXT)
def test_random_text_never_fails_otherwise(text):
    check_every_function(text)


@given(RANDOM_BYTES)
def test_random_bytes_never_fail_otherwise(data):
    check_every_function(data)


@given(st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=3), iris())
def test_surrogates_are_errors_at_their_offset(surrogates, text):
    with pytest.raises(IRIError) as e:
        irikit.parse(text + surrogates)
    assert e.value.code == "utf8-surrogate"
    assert e.value.char_offset == len(text)
    assert e.value.offset == len(text.encode())

# SPDX-License-Identifier: MIT OR Apache-2.0
"""Editing (irikit/edit.h) from Python: with_* / without_* on the immutable objects, the decoded
segments and params views, and irikit.Builder. Concrete values; a failed edit raises IRIError with
the library's code and offset and changes nothing; a hypothesis property checks that random
edits always give text that parses to the same components."""

import pytest

import irikit
from irikit import IRI, Builder, IRIError, IRIReference


def error_of(call):
    with pytest.raises(IRIError) as info:
        call()
    return info.value.code, info.value.offset


# ---- IRIReference / IRI: each edit returns a new object --------------------------------------


def test_setters_encode_what_each_component_does_not_allow():
    r = IRI("https://example.org")
    edited = (
        r.with_host("例え.jp")
        .with_userinfo("us@er:pw")
        .with_port(8080)
        .with_path("/a b/c?d")
        .with_query("q=x y#")
        .with_fragment("章 1")
    )
    # RFC 3987 §2.2: non-ASCII ucschar stays; "@" in iuserinfo, "?" in ipath, "#" in iquery,
    # space everywhere are encoded; ":" stays in iuserinfo.
    assert str(edited) == "https://us%40er:pw@例え.jp:8080/a%20b/c%3Fd?q=x%20y%23#章%201"
    assert isinstance(edited, IRI)
    assert str(r) == "https://example.org"  # the original is immutable
    assert edited.port_number == 8080 and edited.host == "例え.jp"
    assert str(r.with_host("::1")) == "https://[::1]"  # an IPv6 address gets its brackets
    assert str(r.with_port("")) == "https://example.org:"
    assert str(r.with_path("/100%")) == "https://example.org/100%25"  # "%" is always encoded


def test_encoded_flavour_validates_and_keeps():
    r = IRI("http://h/")
    assert str(r.with_path("/a%2Fb", encoded=True)) == "http://h/a%2Fb"
    assert str(r.with_query("a=%41+b", encoded=True)) == "http://h/?a=%41+b"
    assert str(r.with_host("EXAMPLE.org", encoded=True)) == "http://EXAMPLE.org/"
    assert error_of(lambda: r.with_host("exa mple", encoded=True)) == ("invalid-host-char", 3)
    assert error_of(lambda: r.with_path("/a%zz", encoded=True)) == ("invalid-percent-encoding", 2)
    assert error_of(lambda: r.with_query("a b", encoded=True)) == ("invalid-query-char", 1)
    assert error_of(lambda: r.with_fragment("a#b", encoded=True)) == ("invalid-fragment-char", 1)


def test_scheme_changes_the_type():
    rel = IRIReference("//h/p")
    absolute = rel.with_scheme("https")
    assert type(absolute) is IRI and str(absolute) == "https://h/p"
    back = absolute.without_scheme()
    assert type(back) is IRIReference and str(back) == "//h/p"


def test_removals():
    r = IRI("http://u@h:80/p?q#f")
    assert str(r.without_userinfo()) == "http://h:80/p?q#f"
    assert str(r.without_port()) == "http://u@h/p?q#f"
    assert str(r.without_query()) == "http://u@h:80/p#f"
    assert str(r.without_fragment()) == "http://u@h:80/p?q"
    assert str(r.without_authority()) == "http:/p?q#f"
    # RFC 3986 §3.3: without an authority a path cannot start with "//": "/." is put first.
    assert str(IRI("http://h//a").without_authority()) == "http:/.//a"
    assert str(IRI("a:b").without_fragment()) == "a:b"  # absent: the same text


def test_errors_have_the_library_code_and_offset_and_change_nothing():
    r = IRI("http://u@example.org:80/a/b?q=1#f")
    cases = [
        (lambda: r.with_scheme("ht:tp"), ("invalid-scheme-char", 2)),
        (lambda: r.with_scheme(""), ("empty-scheme", 0)),
        (lambda: r.with_port("80a"), ("invalid-port-char", 2)),
        (lambda: r.with_host("[::1"), ("invalid-ip-literal", 0)),
        (lambda: r.with_host("[1::2::3]"), ("invalid-ipv6", 6)),
        (lambda: r.with_path(b"/a\xff"), ("utf8-invalid-byte", 2)),
        (lambda: r.with_fragment("\ud800"), ("utf8-surrogate", 0)),
    ]
    for call, expected in cases:
        assert error_of(call) == expected
        assert str(r) == "http://u@example.org:80/a/b?q=1#f"
    with pytest.raises(IRIError) as info:
        r.with_userinfo("é\ud800")
    assert (info.value.offset, info.value.char_offset) == (2, 1)  # bytes and code points
    with pytest.raises(ValueError, match="0..65535"):
        r.with_port(65536)
    with pytest.raises(TypeError):
        r.with_path(3)


def test_segments_are_decoded_and_written_encoded():
    r = IRI("http://h/a/b%2Fc/%E4%BE%8B/")
    assert r.segments == ("a", "b/c", "例", "")
    assert r.path_segments == ("a", "b%2Fc", "%E4%BE%8B", "")  # as written
    assert IRI("http://h/%FF").segments == ("\ufffd",)  # not UTF-8: U+FFFD, as urllib.parse
    assert IRI("http://h").segments == ()
    assert str(r.with_segments(["x y", "c/d", ".."])) == "http://h/x%20y/c%2Fd/.."
    assert str(IRIReference("a/b").with_segments(["c:d"])) == "c%3Ad"  # RFC 3986 §4.2
    # joinpath as pathlib: a path ending with "/" loses its empty last segment first.
    assert str(r.joinpath("z", "w")) == "http://h/a/b%2Fc/%E4%BE%8B/z/w"
    assert str(IRI("http://h/a").joinpath("b c")) == "http://h/a/b%20c"
    assert str(IRI("http://h").joinpath("a")) == "http://h/a"


def test_params_view():
    r = IRI("http://h/?a=1&b=x+y&a=%26&flag&c=")
    p = r.params
    assert isinstance(p, irikit.QueryParams)
    assert p["a"] == "1" and p.get_all("a") == ["1", "&"]
    assert p["b"] == "x+y" and r.form_params["b"] == "x y"
    assert p["flag"] is None and p["c"] == ""
    assert "flag" in p and "z" not in p and p.get("z") is None
    assert list(p) == ["a", "b", "flag", "c"] and len(p) == 4
    assert p.pairs() == [("a", "1"), ("b", "x+y"), ("a", "&"), ("flag", None), ("c", "")]
    with pytest.raises(KeyError):
        p["z"]
    assert IRI("http://h/").params == {} and len(IRI("http://h/?").params) == 0


def test_param_edits():
    r = IRI("http://h/?a=1&b=2&a=3")
    assert str(r.with_param("a", "x&y")) == "http://h/?a=x%26y&b=2"
    assert str(r.with_param("a", "x y", flavor="form")) == "http://h/?a=x+y&b=2"
    assert str(r.with_param("c", "1+1")) == "http://h/?a=1&b=2&a=3&c=1+1"
    assert str(r.with_param("c", "1+1", flavor="form")) == "http://h/?a=1&b=2&a=3&c=1%2B1"
    assert str(r.with_param("a", None)) == "http://h/?b=2&a"
    assert str(r.without_param("a")) == "http://h/?b=2"
    assert str(r.without_param("a").without_param("b")) == "http://h/"  # the last one: no query
    assert str(r.with_params({"k": "v w", "flag": None, "x=y": "&"})) == "http://h/?k=v%20w&flag&x%3Dy=%26"
    assert str(r.with_params([("k", "1"), ("k", "2")], flavor="form")) == "http://h/?k=1&k=2"
    assert str(r.with_params({})) == "http://h/"
    assert str(IRI("http://h/?a+b=1").without_param("a b", flavor="form")) == "http://h/"
    assert str(IRI("http://h/?a+b=1").without_param("a b")) == "http://h/?a+b=1"  # RFC 3986: "a+b"
    with pytest.raises(ValueError, match="flavor"):
        r.with_param("a", "1", flavor="html")
    with pytest.raises(TypeError):
        r.with_params(["ab"])
    with pytest.raises(IRIError):
        r.with_params([("ok", "1"), ("bad", "\ud800")])
    assert str(r) == "http://h/?a=1&b=2&a=3"


# ---- Builder ------------------------------------------------------------------------------------


def test_builder_assembles_from_parts():
    b = Builder()
    assert str(b) == "" and repr(b) == "Builder('')"
    assert b.set_scheme("https") is b  # chains
    b.set_host("例え.jp").set_path("/docs")
    b.segments.append("a/b c")
    b.form_params.append("q", "rock & roll")
    b.params["lang"] = "ja"
    b.set_fragment("章 1")
    assert b.text == "https://例え.jp/docs/a%2Fb%20c?q=rock+%26+roll&lang=ja#章%201"
    built = b.build()
    assert type(built) is IRI and str(built) == b.text
    assert str(Builder("a/b").build()) == "a/b" and type(Builder("a/b").build()) is IRIReference
    assert str(Builder(IRI("http://h/x"))) == "http://h/x"


def test_builder_segments_view():
    b = Builder("http://h/a/b%2Fc")
    s = b.segments
    assert list(s) == ["a", "b/c"] and len(s) == 2 and s[-1] == "b/c" and s[0:1] == ["a"]
    s.insert(0, "x:y")
    s.append("..")
    assert str(b) == "http://h/x:y/a/b%2Fc/.."
    s[1] = "é?"
    del s[0]
    assert str(b) == "http://h/é%3F/b%2Fc/.."  # ucschar stays in a segment, "?" is encoded
    b.remove_dot_segments()
    assert list(b.segments) == ["é?", ""]
    s.extend(["p", "q"])  # after the empty last segment, as Boost.URL's push_back
    assert str(b) == "http://h/é%3F//p/q"
    del s[0:2]
    assert str(b) == "http://h/p/q"
    s.insert(99, "end")  # clamped, as list.insert
    assert str(b) == "http://h/p/q/end"
    with pytest.raises(IndexError):
        s[5] = "x"
    with pytest.raises(IndexError):
        del s[-4]
    with pytest.raises(IndexError):
        b._segment_erase(9)  # the private method checks too (the library asserts)
    with pytest.raises(TypeError):
        s[0:1] = ["x"]
    assert str(b) == "http://h/p/q/end"


def test_builder_params_view():
    b = Builder("http://h/?a=1&b=x+y&a=3")
    p = b.params
    assert p["a"] == "1" and p.get_all("a") == ["1", "3"] and b.form_params["b"] == "x y"
    p["a"] = "new value"
    assert str(b) == "http://h/?a=new%20value&b=x+y"
    b.form_params["a"] = "new value"
    assert str(b) == "http://h/?a=new+value&b=x+y"
    p.append("z", "1")
    p.append("flag")
    p.sort()
    assert str(b) == "http://h/?a=new+value&b=x+y&flag&z=1"
    del p["b"]
    with pytest.raises(KeyError):
        del p["nope"]
    assert p.pop("z") == "1"
    assert dict(p) == {"a": "new+value", "flag": None}
    p.clear()
    assert str(b) == "http://h/" and len(p) == 0


def test_builder_failed_edits_change_nothing():
    b = Builder("http://u@example.org:80/a/b?q=1#f")
    before = str(b)
    cases = [
        (lambda: b.set_scheme("1a"), ("invalid-scheme-char", 0)),
        (lambda: b.set_port("8o"), ("invalid-port-char", 1)),
        (lambda: b.set_host("exa mple", encoded=True), ("invalid-host-char", 3)),
        (lambda: b.set_userinfo("a@b", encoded=True), ("invalid-userinfo-char", 1)),
        (lambda: b.set_path(b"/\xc0\xaf"), ("utf8-overlong", 1)),
        (lambda: b.segments.append(b"x\xff"), ("utf8-invalid-byte", 1)),
        (lambda: b.params.append("k", "\udfff"), ("utf8-surrogate", 0)),
        (lambda: b.params.__setitem__("\ud800", "v"), ("utf8-surrogate", 0)),
    ]
    for call, expected in cases:
        assert error_of(call) == expected
        assert str(b) == before


def test_builder_parse_errors():
    with pytest.raises(IRIError) as info:
        Builder("http://exa mple.org/")
    assert (info.value.code, info.value.offset) == ("invalid-host-char", 10)


# ---- Property: random edits keep the text valid ---------------------------------------------------

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ARGS = st.lists(
    st.sampled_from(
        ["a", "b", " ", ":", "/", "?", "#", "%", "%41", "@", "[", "]", "&", "=", "+", ".", "..", "例", "é",
         "\u200e", "\ue000", "1", "::1", "[::1]", "[v1.x]", "8080"]
    ),
    max_size=5,
).map("".join)
SETTERS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]
REMOVERS = ["scheme", "userinfo", "port", "authority", "query", "fragment"]
EDITS = st.one_of(
    st.tuples(st.just("set"), st.sampled_from(SETTERS), ARGS, st.booleans()),
    st.tuples(st.just("remove"), st.sampled_from(REMOVERS)),
    st.tuples(st.just("segment"), ARGS),
    st.tuples(st.just("param"), ARGS, ARGS, st.sampled_from(["rfc3986", "form"])),
    st.tuples(st.just("erase"), ARGS),
    st.tuples(st.just("dots")),
)
START = st.sampled_from(["", "http://u@h:1/a/b?x=1&y#f", "a:b", "//h", "a/b", "?q", "urn:x:y"])
COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def apply(b, edit):
    kind = edit[0]
    if kind == "set":
        getattr(b, "set_" + edit[1])(edit[2], encoded=edit[3])
    elif kind == "remove":
        getattr(b, "remove_" + edit[1])()
    elif kind == "segment":
        b.segments.append(edit[1])
    elif kind == "param":
        (b.params if edit[3] == "rfc3986" else b.form_params)[edit[1]] = edit[2]
    elif kind == "erase":
        b.params.pop(edit[1], None)
    else:
        b.remove_dot_segments()


@settings(max_examples=300, deadline=None)
@given(START, st.lists(EDITS, max_size=8))
def test_random_edits_reparse_to_the_same_components(start, edits):
    b = Builder(start)
    for edit in edits:
        before = str(b)
        try:
            apply(b, edit)
        except IRIError:
            assert str(b) == before  # a failed edit changes nothing
        built = b.build()
        again = IRIReference(str(b))  # the text parses (RFC 3987 IRI-reference) ...
        for name in COMPONENTS:  # ... to the components the builder has
            assert getattr(again, name) == getattr(built, name)
    if edits and edits[-1][0] == "param":  # the last parameter set reads back decoded
        _, key, value, flavor = edits[-1]
        assert (built.params if flavor == "rfc3986" else built.form_params)[key] == value

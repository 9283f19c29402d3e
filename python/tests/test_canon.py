# SPDX-License-Identifier: MIT OR Apache-2.0
"""Canonical keys (irikit/canon.h, issue 52): canonicalize, canonicalize_explain,
canonicalize_many, lookup_expressions and the pandas accessor, against the upstreams' documented
examples and against `iri canon` (IRIKIT_IRI, set by CTest)."""

import json
import os
import subprocess

import pytest

import irikit

# --- the profiles, each on its upstream's documented examples ----------------------------------


def test_rfc3987_is_the_default():
    # RFC 3987 §5.3.2 (case, percent-encoding, dot segments) and §5.3.3 (default port, empty path)
    assert irikit.canonicalize("HTTP://Example.COM:80/a/./b/%7e") == "http://example.com/a/b/~"
    assert irikit.canonicalize("http://example.com") == "http://example.com/"
    # equivalence-preserving only: the query order, "www." and the fragment stay
    assert irikit.canonicalize("http://www.example.com/?b=1&a=2#f") == "http://www.example.com/?b=1&a=2#f"


def test_ia_surt_keys():
    # the `surt` package's README and the header's example (surt(url), the CDX urlkey)
    assert irikit.canonicalize("http://www.Archive.org:80/goo/?b=2&a=1#f", "ia", "surt") == "org,archive)/goo?a=1&b=2"
    url = "http://archive.org/goo/?a=2&b&a=1"
    assert irikit.canonicalize(url, "ia", "surt") == "org,archive)/goo?a=1&a=2&b"
    assert irikit.canonicalize(url, "ia", "surt", trailing_comma=True) == "org,archive,)/goo?a=1&a=2&b"
    assert irikit.canonicalize(url, "ia", "surt", with_scheme=True) == "http://(org,archive)/goo?a=1&a=2&b"


def test_lookup_expressions():
    # "Suffix/Prefix Expressions": the documented list for http://a.b.c/1/2.html?param=1
    assert irikit.lookup_expressions("http://a.b.c/1/2.html?param=1") == [
        "a.b.c/1/2.html?param=1",
        "a.b.c/1/2.html",
        "a.b.c/",
        "a.b.c/1/",
        "b.c/1/2.html?param=1",
        "b.c/1/2.html",
        "b.c/",
        "b.c/1/",
    ]
    assert irikit.lookup_expressions("http://1.2.3.4/1/") == ["1.2.3.4/1/", "1.2.3.4/"]
    # canonicalize_explain(expressions=True): the same list, of the canonical URL (iri canon --expressions)
    r = irikit.canonicalize_explain("HTTP://a.b.c/1/2.html?param=1", expressions=True)
    assert r.url == "http://a.b.c/1/2.html?param=1" and r.expressions == irikit.lookup_expressions(r.url)
    assert irikit.canonicalize_explain("http://a.b.c/", "ia").expressions == []


def test_strip_params():
    url = "http://e.com/p?utm_source=x&id=7&fbclid=1&utm_medium=y"
    assert irikit.canonicalize(url, strip_params="tracking") == "http://e.com/p?id=7"
    assert irikit.canonicalize(url, strip_params=["utm_*"]) == "http://e.com/p?id=7&fbclid=1"
    assert irikit.canonicalize(url, strip_params="id,utm_*") == "http://e.com/p?fbclid=1"
    assert irikit.canonicalize(url, strip_params=[]) == url
    with pytest.raises(TypeError):
        irikit.canonicalize(url, strip_params=[1])


def test_explain_lists_each_step():
    r = irikit.canonicalize_explain("http://a.Example/x/../y")
    assert r.output == r.url == irikit.canonicalize("http://a.Example/x/../y") == "http://a.example/y"
    assert [(s.step, s.rung) for s in r.explain] == [("host-case", "syntax"), ("path-dot-segments", "syntax")]
    assert r.explain[0].before == "http://a.Example/x/../y" and r.explain[-1].after == "http://a.example/y"
    for first, second in zip(r.explain, r.explain[1:]):
        assert first.after == second.before
    surt = irikit.canonicalize_explain("http://www.archive.org/", "ia", "surt")
    assert surt.output == "org,archive)/" and surt.url == "http://archive.org/"
    assert "host-www" in [s.step for s in surt.explain]
    assert isinstance(surt, irikit.Canonicalization) and isinstance(surt.explain[0], irikit.CanonStep)


def test_names():
    profiles = irikit.canon_profiles()
    assert profiles[:2] == ["rfc3987", "none"] and "ia" in profiles
    steps = irikit.canon_steps()
    assert len(steps) == 36 and steps[0].name == "trim" and steps[-1].name == "character-nfc"
    assert {s.rung for s in irikit.canon_steps("rfc3987")} <= {"syntax", "scheme", "protocol"}
    assert "host-www" in [s.name for s in irikit.canon_steps("ia")]
    assert irikit.canon_steps("none") == []
    with pytest.raises(ValueError, match="unknown profile 'surt'"):
        irikit.canonicalize("http://a/", "surt")
    with pytest.raises(ValueError, match="unknown key"):
        irikit.canonicalize("http://a/", "ia", "cdx")
    with pytest.raises(ValueError, match="unknown profile"):
        irikit.canon_steps("x")


# --- bad input -----------------------------------------------------------------------------------


def test_errors_carry_code_and_offset():
    with pytest.raises(irikit.IRIError) as e:
        irikit.canonicalize("http://exa mple/")  # rfc3987 parses strictly
    assert (e.value.code, e.value.offset) == ("invalid-host-char", 10)
    with pytest.raises(irikit.IRIError) as e:
        irikit.canonicalize("http://h:99999/", "ia")
    assert e.value.code == "port-out-of-range"
    with pytest.raises(TypeError):
        irikit.canonicalize(5)


def test_raw_bytes_are_read_as_crawlers_see_them():
    # not UTF-8: the rfc3987 profile reports the byte, the crawler profiles answer
    with pytest.raises(irikit.IRIError) as e:
        irikit.canonicalize(b"http://a/\xff")
    assert (e.value.code, e.value.offset) == ("utf8-invalid-byte", 9)
    assert irikit.canonicalize(b"http://a/\xff", "ia") == "http://a/%ff"
    assert irikit.canonicalize_many([b"http://a/\xff"], "ia", "surt") == ["a)/%ff"]


def test_idempotent_on_a_sample():
    urls = [
        "HTTP://www.Example.COM:80/a/./b/../%7e?b=2&a=1&utm_source=x#f",
        "http://0x7f.1/%2541",
        "https://user@例え.jp/パス?q=é",
        "www.example.com/a//b/",
    ]
    # w3lib's canonicalize_url decodes once per call, so %2541 -> %41 -> A: upstream is not
    # idempotent there and the w3lib profile follows it (docs/canonicalization.md).
    upstream_not_idempotent = {("w3lib", "http://0x7f.1/%2541")}
    for profile in irikit.canon_profiles():
        for url in urls:
            try:
                once = irikit.canonicalize(url, profile)
            except irikit.IRIError:
                continue
            twice = irikit.canonicalize(once, profile)
            if (profile, url) in upstream_not_idempotent:
                assert twice != once, (profile, url)
            else:
                assert twice == once, (profile, url)


# --- the batch form ------------------------------------------------------------------------------


def test_many_matches_one_by_one():
    urls = ["http://www.Archive.org/goo/?b=2&a=1", None, "http://h:99999/", b"http://a/\xff", "x y"] * 300
    for profile in irikit.canon_profiles():
        for key in ("url", "surt"):
            many = irikit.canonicalize_many(urls, profile, key, threads=2)
            assert len(many) == len(urls)
            for url, got in zip(urls, many):
                if url is None:
                    assert got is None
                    continue
                try:
                    want = irikit.canonicalize(url, profile, key)
                except irikit.IRIError as e:
                    assert isinstance(got, irikit.IRIError) and (got.code, got.offset) == (e.code, e.offset)
                else:
                    assert got == want
    assert irikit.canonicalize_many(["x y"], on_error="none") == [None]
    with pytest.raises(irikit.IRIError):
        irikit.canonicalize_many(["x y"], on_error="raise")


# --- the pandas accessor -------------------------------------------------------------------------


def test_pandas_accessor():
    pd = pytest.importorskip("pandas")
    import irikit.pandas  # noqa: F401

    s = pd.Series(["http://www.Archive.org/goo/?b=2&a=1", None, "http://archive.org/goo?a=1&b=2", "http://h:99999/"],
                  index=[5, 6, 7, 8])
    keys = s.iri.canonicalize("ia", "surt")
    assert list(keys.index) == [5, 6, 7, 8]
    assert keys.tolist() == ["org,archive)/goo?a=1&b=2", None, "org,archive)/goo?a=1&b=2", None]
    assert keys.dropna().nunique() == 1
    frame = s.iri.canonicalize("ia", "surt", errors=True)
    assert frame["error"].tolist() == [None, None, None, "port-out-of-range"]


# --- the same keys as `iri canon` ----------------------------------------------------------------


@pytest.fixture
def iri_tool():
    tool = os.environ.get("IRIKIT_IRI")
    if not tool or not os.path.exists(tool):
        pytest.skip("the iri tool is not given (IRIKIT_IRI, set by CTest)")
    return tool


def test_matches_the_iri_tool(iri_tool):
    if subprocess.run([iri_tool, "canon", "--help"], capture_output=True, check=False).returncode != 0:
        pytest.skip("this iri has no canon command")
    lines = [
        "HTTP://www.Example.COM:80/a/./b/../%7e?b=2&a=&a=1&utm_source=x#f",
        "www.example.com/a//b/;jsessionid=1?PHPSESSID=2&x=1",
        "http://0x7f.1/%2541",
        "https://user@例え.jp/パス?q=é",
        "http://exa mple/",
        "http://h:99999/",
    ]
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    for profile in irikit.canon_profiles():
        for key, options, flags in (
            ("url", {}, []),
            ("surt", {"with_scheme": True}, ["--with-scheme"]),
            ("ssurt", {"keep_fragment": True}, ["--keep-fragment"]),
            ("url", {"strip_params": "tracking", "drop_blank_values": True},
             ["--strip-params", "tracking", "--drop-blank-values"]),
        ):
            run = subprocess.run([iri_tool, "canon", "--json", "--profile", profile, "--key", key, *flags],
                                 input=data, capture_output=True, check=False)
            assert run.returncode in (0, 1), run.stderr
            records = [json.loads(r) for r in run.stdout.decode("utf-8").splitlines()]
            assert len(records) == len(lines)
            for line, record in zip(lines, records):
                try:
                    got = irikit.canonicalize(line, profile, key, **options)
                except irikit.IRIError as e:
                    assert "error" in record, (profile, key, line)
                    assert (e.code, e.offset) == (record["error"]["code"], record["error"]["offset"])
                else:
                    assert record.get("output") == got, (profile, key, line, record)

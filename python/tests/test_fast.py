# SPDX-License-Identifier: MIT OR Apache-2.0
"""is_valid, validate and validate_many are plain CPython functions (METH_FASTCALL, fast.cpp), not
pybind11 bindings: their arguments are matched by hand, so every way of passing them is checked
here (positional, keyword, defaults, errors) against what the pybind11 functions accepted."""

import inspect

import pytest

import irikit
from irikit import IRIError


def test_positional_and_keyword_arguments():
    assert irikit.is_valid("../g", "relative-ref") is True
    assert irikit.is_valid("../g", rule="relative-ref") is True
    assert irikit.is_valid(text="../g", rule="iri") is False
    assert irikit.is_valid(rule="uri", text="http://例え.jp/") is False
    assert irikit.is_valid("http://a/?\U000e0001", "iri", allow_iprivate_tags=True) is True
    assert irikit.is_valid("http://a/?\U000e0001", allow_iprivate_tags=False) is False
    # The same rule object, then another: the remembered rule must follow the argument.
    rule = "uri"
    assert [irikit.is_valid("http://é/", rule) for _ in range(3)] == [False] * 3
    assert irikit.is_valid("http://é/", "iri") is True
    assert irikit.validate("http://a/", "iri") is None
    assert irikit.validate(text="http://a/", rule="iri", allow_iprivate_tags=True) is None
    assert irikit.validate_many(texts=["a", "http://a/"], rule="iri", threads=1)[1] is None


def test_bad_arguments_are_type_errors():
    cases = [
        (lambda: irikit.is_valid(), r"missing required argument 'text' \(pos 1\)"),
        (lambda: irikit.is_valid("a", "iri", False), r"takes at most 2 positional arguments \(3 given\)"),
        (lambda: irikit.is_valid("a", rulee="iri"), r"unexpected keyword argument 'rulee'"),
        (lambda: irikit.is_valid("a", "iri", rule="iri"), r"multiple values for argument 'rule'"),
        (lambda: irikit.is_valid("a", text="a"), r"multiple values for argument 'text'"),
        (lambda: irikit.is_valid("a", rule=5), r"argument 'rule' must be str, not int"),
        (lambda: irikit.validate(None), r"irikit.validate\(\) argument 'text' must be str or bytes, not NoneType"),
        (lambda: irikit.validate_many(["a"], threads="2"), r"argument 'threads' must be int or None, not str"),
        (lambda: irikit.validate_many(["a"], threads=-1), r"'threads' must be 0..65535"),
    ]
    for call, message in cases:
        with pytest.raises(TypeError, match=message):
            call()
    with pytest.raises(ValueError, match="unknown rule 'url'"):
        irikit.validate("http://a/", "url")
    with pytest.raises(ValueError, match="unknown rule 'url'"):
        irikit.validate_many(["http://a/"], rule="url")


def test_validate_errors_carry_the_rule_in_the_message():
    with pytest.raises(IRIError) as e:
        irikit.validate("http://例え.jp/", rule="uri")
    assert (e.value.code, e.value.offset, e.value.char_offset) == ("non-ascii-in-uri", 7, 7)
    with pytest.raises(IRIError) as e:
        irikit.validate(b"http://a/\xc3", rule="uri")
    assert (e.value.code, e.value.offset, e.value.char_offset) == ("utf8-truncated", 9, None)


def test_validate_many_across_blocks_and_threads():
    # More items than one block (65,536): the special items (non-ASCII, bytes, surrogates) must
    # keep their own errors and texts at the right index in every block.
    texts = []
    for i in range(70_000):
        k = i % 5
        texts.append(["http://a/", "http://a b/", "http://é/", b"http://a/\xff", "http://a/\ud800"][k])
    for threads in (1, 2):
        results = irikit.validate_many(texts, "iri", threads=threads)
        assert len(results) == len(texts)
        for i, r in enumerate(results):
            want = [None, ("invalid-host-char", 8), None, ("utf8-invalid-byte", 9), ("utf8-surrogate", 9)][i % 5]
            assert (r if r is None else (r.code, r.offset)) == want, i
    assert results[3].text == b"http://a/\xff" and results[4].text == "http://a/\ud800"
    assert results[1].message.startswith("U+0020 is not allowed in ihost")


def test_signatures_and_names():
    assert str(inspect.signature(irikit.is_valid)) == "(text, rule='iri-reference', *, allow_iprivate_tags=False)"
    assert str(inspect.signature(irikit.validate_many)) == "(texts, rule='iri-reference', *, threads=None)"
    assert irikit.is_valid.__module__ == "irikit" and irikit.validate.__name__ == "validate"

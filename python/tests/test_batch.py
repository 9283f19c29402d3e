# SPDX-License-Identifier: MIT OR Apache-2.0
"""The batch functions: one result per input, in order, equal to the single-text functions, on
one thread or many."""

import random

import pytest

import irikit
from irikit import IRIError

TEXTS = [
    "http://例え.jp/パス",
    "http://exa mple.org/",
    "../g?q",
    "HTTP://A/./b/%7e",
    b"http://a/\xff",
    "http://a/\ud800",
    "",
    "mailto:a@b",
    "http://[::1]:80/",
    "http://a/%zz",
]


def many(n: int):
    rng = random.Random(19)
    return [rng.choice(TEXTS) for _ in range(n)]


def same(batch_item, single):
    """A batch item matches calling the single function: the value, or an equal error."""
    try:
        expected = single()
    except IRIError as e:
        return isinstance(batch_item, IRIError) and (batch_item.code, batch_item.offset) == (e.code, e.offset)
    return batch_item == expected


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_validate_many_matches_validate(threads):
    texts = many(5000)
    results = irikit.validate_many(texts, threads=threads)
    assert len(results) == len(texts)
    for text, result in zip(texts, results):
        assert same(result, lambda: irikit.validate(text))


@pytest.mark.parametrize("threads", [1, 3])
def test_map_functions_match_single_calls(threads):
    texts = many(3000) + [None]
    checks = [
        (irikit.to_uri_many(texts, idna="uts46", threads=threads), lambda t: irikit.to_uri(t, idna="uts46")),
        (irikit.to_iri_many(texts, threads=threads), irikit.to_iri),
        (irikit.normalize_many(texts, "scheme", threads=threads), lambda t: irikit.normalize(t, "scheme")),
        (irikit.resolve_many("http://a/b/c", texts, threads=threads), lambda t: irikit.resolve("http://a/b/c", t)),
    ]
    for results, single in checks:
        assert len(results) == len(texts)
        assert results[-1] is None  # None in, None out
        for text, result in zip(texts[:-1], results):
            assert same(result, lambda: single(text))


def test_parse_many():
    results = irikit.parse_many(["http://a/b", "c", "d e", None])
    assert results[0] == irikit.IRI("http://a/b") and type(results[0]) is irikit.IRI
    assert type(results[1]) is irikit.IRIReference
    assert isinstance(results[2], IRIError) and (results[2].code, results[2].offset) == ("invalid-path-char", 1)
    assert results[3] is None


def test_errors_in_place_and_on_error_modes():
    texts = ["http://a/", "http://a b/", "http://b/"]
    returned = irikit.to_uri_many(texts)
    assert returned[0] == "http://a/" and returned[2] == "http://b/"
    assert (returned[1].code, returned[1].offset, returned[1].text) == ("unsafe-ascii-char", 8, "http://a b/")
    assert irikit.to_uri_many(texts, on_error="none") == ["http://a/", None, "http://b/"]
    with pytest.raises(IRIError) as e:
        irikit.to_uri_many(texts, on_error="raise")
    assert e.value.offset == 8
    with pytest.raises(ValueError, match="unknown on_error"):
        irikit.to_uri_many(texts, on_error="skip")


def test_any_iterable_and_bad_items():
    assert irikit.validate_many(t for t in ["http://a/", "b"]) == [None, None]
    assert irikit.validate_many([]) == []
    assert irikit.to_uri_many(iter(())) == []
    with pytest.raises(TypeError, match=r"item 1 must be str or bytes or None, not int"):
        irikit.to_uri_many(["http://a/", 5])
    with pytest.raises(TypeError, match=r"item 1 must be str or bytes or None, not int"):
        irikit.validate_many(["http://a/", 5])
    with pytest.raises(TypeError):
        irikit.validate_many(5)


def test_resolve_many_base_must_be_an_iri():
    with pytest.raises(IRIError) as e:
        irikit.resolve_many("a/b", ["c"])
    assert e.value.code == "missing-scheme"


def test_text_errors_in_batches():
    results = irikit.validate_many([b"http://a/\xff", "http://a/\ud800"])
    assert [(r.code, r.offset, r.char_offset) for r in results] == [
        ("utf8-invalid-byte", 9, None),
        ("utf8-surrogate", 9, 9),
    ]


def test_results_stay_in_place_across_blocks():
    # The functions work 32768 items at a time: errors and None around the block edges stay put.
    n = 70000
    texts = ["http://a/%d" % i for i in range(n)]
    bad = [0, 32767, 32768, 65535, 65536, n - 1]
    for i in bad:
        texts[i] = "http://a b/%d" % i
    texts[40000] = None
    results = irikit.to_uri_many(texts)
    assert len(results) == n and results[40000] is None
    assert [i for i, r in enumerate(results) if isinstance(r, IRIError)] == bad
    assert results[1] == "http://a/1" and results[69998] == "http://a/69998"
    assert results[65536].text == "http://a b/65536"
    with pytest.raises(IRIError) as e:
        irikit.to_uri_many(texts[1:], on_error="raise")
    assert e.value.text == "http://a b/32767"  # the first error in input order
    checked = irikit.validate_many([t or "" for t in texts])
    assert [i for i, r in enumerate(checked) if r is not None] == bad


def test_validate_many_takes_none_as_the_others_do():
    # a missing value gives None (issue 35), as parse_many / to_uri_many do; "" would be no "iri"
    assert irikit.validate_many([None, "http://a/", None, "b"], rule="iri")[0] is None
    results = irikit.validate_many([None, "http://a/", None, "b"], rule="iri")
    assert results[:3] == [None, None, None] and results[3].code == "missing-scheme"
    assert irikit.parse_many([None], rule="iri") == [None] == irikit.to_uri_many([None])
    texts = ["http://a b/"] * 70000
    texts[65535] = texts[65536] = None  # across validate_many's block of 65536
    results = irikit.validate_many(texts, rule="iri")
    assert results[65535] is None and results[65536] is None
    assert results[65534].code == results[65537].code == "invalid-host-char"


def test_bytearray_items_are_copied_before_the_gil_is_released():
    # Another thread resizes and rewrites the bytearray while the batch runs without the GIL: each
    # result is the answer for one of the two values it held, never for torn or freed memory.
    import threading

    valid = b"http://a/" + b"p" * 4000
    invalid = b"http://a b/"
    data = bytearray(valid)
    stop = threading.Event()

    def mutate():
        while not stop.is_set():
            data[:] = invalid
            data[:] = valid

    worker = threading.Thread(target=mutate)
    worker.start()
    try:
        for _ in range(20):
            checked = irikit.validate_many([data] * 2000, rule="iri", threads=2)
            assert {None if r is None else (r.code, r.offset) for r in checked} <= {None, ("invalid-host-char", 8)}
            mapped = irikit.to_uri_many([data] * 2000, threads=2)
            assert {r if isinstance(r, str) else (r.code, r.offset) for r in mapped} <= {
                valid.decode(),
                ("invalid-host-char", 8),
            }
    finally:
        stop.set()
        worker.join()

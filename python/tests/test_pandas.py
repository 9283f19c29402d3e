# SPDX-License-Identifier: MIT OR Apache-2.0
"""The Series.iri accessor (Debian python3-pandas): results aligned with the input."""

import math

import pytest

pd = pytest.importorskip("pandas")
import irikit.pandas  # noqa: E402,F401  (registers the accessor)


@pytest.fixture
def series():
    return pd.Series(
        ["http://例え.jp/パス?q#f", None, "http://exa mple/", math.nan, "../a", b"http://a/"],
        index=[10, 11, 12, 13, 14, 15],
        name="links",
    )


def test_is_valid(series):
    valid = series.iri.is_valid()
    assert str(valid.dtype) == "boolean"
    assert list(valid.index) == list(series.index) and valid.name == "links"
    assert valid.tolist() == [True, pd.NA, False, pd.NA, True, True]
    assert series.iri.is_valid(rule="iri").tolist() == [True, pd.NA, False, pd.NA, False, True]


def test_error_columns(series):
    errors = series.iri.error()
    assert errors["error"].tolist() == [None, None, "invalid-host-char", None, None, None]
    assert errors["offset"].tolist() == [None, None, 10, None, None, None]
    assert list(errors.index) == list(series.index)


def test_conversions(series):
    uris = series.iri.to_uri(idna="uts46")
    assert uris.tolist() == [
        "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q#f",
        None,
        None,
        None,
        "../a",
        "http://a/",
    ]
    frame = series.iri.to_uri(errors=True)
    assert list(frame.columns) == ["value", "error", "offset"]
    assert frame.loc[12, "error"] == "unsafe-ascii-char" and frame.loc[12, "offset"] == 10
    assert frame.loc[11, "error"] is None
    assert series.iri.to_iri().loc[14] == "../a"
    assert series.iri.normalize("scheme").loc[15] == "http://a/"
    assert series.iri.resolve("http://h/x/y").tolist() == [
        "http://例え.jp/パス?q#f",
        None,
        None,
        None,
        "http://h/a",
        "http://a/",
    ]


def test_components(series):
    assert series.iri.host.tolist() == ["例え.jp", None, None, None, None, "a"]
    assert series.iri.scheme.tolist() == ["http", None, None, None, None, "http"]
    assert series.iri.path.tolist() == ["/パス", None, None, None, "../a", "/"]
    assert series.iri.query.tolist() == ["q", None, None, None, None, None]
    assert series.iri.fragment.tolist() == ["f", None, None, None, None, None]
    assert list(series.iri.port.index) == list(series.index)

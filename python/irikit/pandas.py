# SPDX-License-Identifier: MIT OR Apache-2.0
"""The ``Series.iri`` accessor: irikit over a pandas Series (importing this module registers it).

Every method returns a Series aligned with the input (same index and length). A missing value
(None, NaN, pd.NA) gives a missing value. A text the library rejects gives None, and with
``errors=True`` the methods that convert return a DataFrame whose ``error`` and ``offset``
columns hold the IRIError's code and byte offset for those rows (None elsewhere).

    >>> import pandas as pd
    >>> import irikit.pandas  # noqa: F401
    >>> s = pd.Series(["http://例え.jp/パス", None, "http://exa mple/"])
    >>> s.iri.is_valid().tolist()
    [True, <NA>, False]
    >>> s.iri.to_uri().tolist()
    ['http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9', None, None]
    >>> s.iri.host.tolist()
    ['例え.jp', None, None]
    >>> s.iri.to_uri(idna="uts46", errors=True)["error"].tolist()
    [None, None, 'unsafe-ascii-char']
    >>> pd.Series(["http://www.Archive.org/goo/?b=2&a=1"]).iri.canonicalize("ia", "surt").tolist()
    ['org,archive)/goo?a=1&b=2']
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Union

import pandas as pd  # type: ignore[import]  # (Debian's pandas has no type stubs)

from . import _irikit
from ._errors import IRIError

__all__ = ["IRIAccessor"]


def _texts(series: pd.Series) -> List[Any]:
    """The items with every missing value (None, NaN, NA) as None."""
    return [None if v is None or (not isinstance(v, (str, bytes)) and pd.isna(v)) else v for v in series]


@pd.api.extensions.register_series_accessor("iri")
class IRIAccessor:
    """irikit operations on a Series of IRIs (``series.iri.…``)."""

    def __init__(self, series: pd.Series) -> None:
        self._series = series

    def _frame_or_series(self, results: List[Any], errors: bool) -> Union[pd.Series, pd.DataFrame]:
        values = [None if isinstance(r, IRIError) else r for r in results]
        index = self._series.index
        series = pd.Series(values, index=index, dtype=object, name=self._series.name)
        if not errors:
            return series
        return pd.DataFrame(
            {
                "value": series,
                "error": pd.Series([r.code if isinstance(r, IRIError) else None for r in results], index=index, dtype=object),
                "offset": pd.Series(
                    [r.offset if isinstance(r, IRIError) else None for r in results], index=index, dtype=object
                ),
            }
        )

    # Validation -----------------------------------------------------------------------------

    def is_valid(self, rule: str = "iri-reference") -> pd.Series:
        """Whether each text matches ``rule`` (nullable boolean: missing in, <NA> out)."""
        texts = _texts(self._series)
        present = [t for t in texts if t is not None]
        found = iter(_irikit.validate_many(present, rule))  # type: ignore[arg-type]
        values = [pd.NA if t is None else next(found) is None for t in texts]
        return pd.Series(values, index=self._series.index, dtype="boolean", name=self._series.name)

    def error(self, rule: str = "iri-reference") -> pd.DataFrame:
        """For each text: the IRIError code and byte offset (None for valid and missing texts)."""
        texts = _texts(self._series)
        present = [t for t in texts if t is not None]
        found = iter(_irikit.validate_many(present, rule))  # type: ignore[arg-type]
        results: List[Optional[IRIError]] = [None if t is None else next(found) for t in texts]
        index = self._series.index
        return pd.DataFrame(
            {
                "error": pd.Series([e.code if e else None for e in results], index=index, dtype=object),
                "offset": pd.Series([e.offset if e else None for e in results], index=index, dtype=object),
            }
        )

    # Conversion -----------------------------------------------------------------------------

    def to_uri(self, *, errors: bool = False, **options: Any) -> Union[pd.Series, pd.DataFrame]:
        """irikit.to_uri on each text (keyword options as to_uri)."""
        return self._frame_or_series(_irikit.to_uri_many(_texts(self._series), **options), errors)

    def to_iri(self, *, errors: bool = False, **options: Any) -> Union[pd.Series, pd.DataFrame]:
        """irikit.to_iri on each text."""
        return self._frame_or_series(_irikit.to_iri_many(_texts(self._series), **options), errors)

    def normalize(self, level: str = "syntax", *, errors: bool = False, **options: Any) -> Union[pd.Series, pd.DataFrame]:
        """irikit.normalize on each text."""
        results = _irikit.normalize_many(_texts(self._series), level, **options)  # type: ignore[arg-type]
        return self._frame_or_series(results, errors)

    def resolve(self, base: str, *, errors: bool = False, **options: Any) -> Union[pd.Series, pd.DataFrame]:
        """Each text resolved as a reference against ``base``."""
        return self._frame_or_series(_irikit.resolve_many(base, _texts(self._series), **options), errors)

    def canonicalize(
        self, profile: str = "rfc3987", key: str = "url", *, errors: bool = False, **options: Any
    ) -> Union[pd.Series, pd.DataFrame]:
        """irikit.canonicalize on each text: the canonical key of ``profile`` ("rfc3987", "none",
        "ia") in the form ``key`` ("url", "surt", "ssurt"); keyword options as
        canonicalize (``strip_params``, ``keep_fragment``, ...). A unique key per resource:
        ``s.iri.canonicalize("ia", "surt").drop_duplicates()``."""
        results = _irikit.canonicalize_many(_texts(self._series), profile, key, **options)  # type: ignore[arg-type]
        return self._frame_or_series(results, errors)

    # Components -----------------------------------------------------------------------------

    def _component(self, get: Callable[[_irikit.IRIReference], Any]) -> pd.Series:
        parsed = _irikit.parse_many(_texts(self._series), on_error="none")
        values = [None if p is None or isinstance(p, IRIError) else get(p) for p in parsed]
        return pd.Series(values, index=self._series.index, dtype=object, name=self._series.name)

    @property
    def scheme(self) -> pd.Series:
        """The scheme of each IRI (None when absent, missing or invalid)."""
        return self._component(lambda r: r.scheme)

    @property
    def authority(self) -> pd.Series:
        return self._component(lambda r: r.authority)

    @property
    def userinfo(self) -> pd.Series:
        return self._component(lambda r: r.userinfo)

    @property
    def host(self) -> pd.Series:
        """The host of each IRI as written (None when absent, missing or invalid)."""
        return self._component(lambda r: r.host)

    @property
    def port(self) -> pd.Series:
        return self._component(lambda r: r.port)

    @property
    def path(self) -> pd.Series:
        return self._component(lambda r: r.path)

    @property
    def query(self) -> pd.Series:
        return self._component(lambda r: r.query)

    @property
    def fragment(self) -> pd.Series:
        return self._component(lambda r: r.fragment)

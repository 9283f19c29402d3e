# SPDX-License-Identifier: MIT OR Apache-2.0
"""The views of editing (irikit/edit.h): query parameters as mappings and path segments as a
sequence. The decoding, encoding and every edit are the library's (the extension's Builder and
IRIReference); these classes only give them Python's collection protocols."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator, List, MutableMapping, MutableSequence, Mapping
from typing import Optional, Tuple, Union, overload

if TYPE_CHECKING:
    from ._irikit import Builder

Pair = Tuple[str, Optional[str]]


class _ParamsReading(Mapping[str, Optional[str]]):
    """What both parameter views read: a key maps to the value of its first parameter (None when
    it has no '='); ``get_all`` gives every value of a repeated key; ``pairs`` all parameters in
    order. Keys iterate once each, in order of first appearance."""

    def pairs(self) -> List[Pair]:
        raise NotImplementedError

    def __getitem__(self, key: str) -> Optional[str]:
        for k, v in self.pairs():
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys(k for k, _ in self.pairs()))

    def __len__(self) -> int:
        return len(dict.fromkeys(k for k, _ in self.pairs()))

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.pairs())

    def get_all(self, key: str) -> List[Optional[str]]:
        """Every value of ``key``, in order ([] when absent)."""
        return [v for k, v in self.pairs() if k == key]


class QueryParams(_ParamsReading):
    """The query parameters of an IRIReference, decoded; read-only (edit with ``with_param``,
    ``without_param``, ``with_params``, or a Builder).

    >>> from irikit import IRIReference
    >>> p = IRIReference("?a=1&b=x+y&a=%26&flag").params
    >>> p["a"], p.get_all("a"), p["b"], p["flag"], len(p)
    ('1', ['1', '&'], 'x+y', None, 3)
    >>> IRIReference("?b=x+y").form_params["b"]
    'x y'
    """

    __slots__ = ("_pairs",)

    def __init__(self, pairs: Iterable[Pair]) -> None:
        self._pairs = list(pairs)

    def pairs(self) -> List[Pair]:
        """Every parameter as (key, value), in order."""
        return list(self._pairs)

    def __repr__(self) -> str:
        return f"QueryParams({self._pairs!r})"


class BuilderParams(_ParamsReading, MutableMapping[str, Optional[str]]):
    """The query parameters of a Builder, decoded when read and encoded when written, in one flavour
    ("rfc3986": '+' is a plus sign; "form": '+' is a space). ``params[key] = value`` is
    URLSearchParams.set (the first ``key`` gets the value, later ones go; appended when absent; None
    writes the key without '='); ``del params[key]`` removes every ``key``; ``append`` adds one
    more; ``sort`` sorts by key (stable). Removing the last parameter removes the query."""

    __slots__ = ("_builder", "_flavor")

    def __init__(self, builder: Builder, flavor: str) -> None:
        self._builder = builder
        self._flavor = flavor

    def pairs(self) -> List[Pair]:
        """Every parameter as (key, value), in order."""
        return self._builder._params(self._flavor)

    def __setitem__(self, key: str, value: Optional[str]) -> None:
        self._builder._param_set(self._flavor, key, value)

    def __delitem__(self, key: str) -> None:
        if self._builder._param_erase(self._flavor, key) == 0:
            raise KeyError(key)

    def append(self, key: str, value: Optional[str] = None) -> None:
        """Adds "key=value" (or "key" when value is None) at the end."""
        self._builder._param_append(self._flavor, key, value)

    def sort(self) -> None:
        """Sorts the parameters by decoded key, code point order, keeping equal keys in order."""
        self._builder._param_sort(self._flavor)

    def clear(self) -> None:
        self._builder.remove_query()

    def __repr__(self) -> str:
        return f"BuilderParams({self.pairs()!r}, flavor={self._flavor!r})"


class BuilderSegments(MutableSequence[str]):
    """The path segments of a Builder, decoded when read and encoded when written ('/' too).
    "/a/b/" has the segments 'a', 'b', ''; "" and "/" have none. ".." and "." stay dot-segments:
    use Builder.remove_dot_segments() to apply them (RFC 3986 §5.2.4)."""

    __slots__ = ("_builder",)

    def __init__(self, builder: Builder) -> None:
        self._builder = builder

    def __len__(self) -> int:
        return len(self._builder._segments())

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> MutableSequence[str]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[str, MutableSequence[str]]:
        segments = self._builder._segments()
        if isinstance(index, slice):
            return list(segments[index])
        return segments[index]

    def _index(self, index: int) -> int:
        n = len(self)
        if not -n <= index < n:
            raise IndexError("segment index out of range")
        return index % n

    @overload
    def __setitem__(self, index: int, value: str) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: Iterable[str]) -> None: ...

    def __setitem__(self, index: Union[int, slice], value: Union[str, Iterable[str]]) -> None:
        if isinstance(index, slice) or not isinstance(value, (str, bytes)):
            raise TypeError("segments are replaced one at a time: segments[i] = 'text'")
        self._builder._segment_replace(self._index(index), value)

    @overload
    def __delitem__(self, index: int) -> None: ...

    @overload
    def __delitem__(self, index: slice) -> None: ...

    def __delitem__(self, index: Union[int, slice]) -> None:
        if isinstance(index, slice):
            for i in sorted(range(len(self))[index], reverse=True):
                self._builder._segment_erase(i)
            return
        self._builder._segment_erase(self._index(index))

    def insert(self, index: int, value: str) -> None:
        """Inserts a segment before ``index`` (clamped, as list.insert)."""
        n = len(self)
        if index < 0:
            index = max(0, n + index)
        self._builder._segment_insert(min(index, n), value)

    def __repr__(self) -> str:
        return f"BuilderSegments({list(self._builder._segments())!r})"

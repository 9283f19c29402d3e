# SPDX-License-Identifier: MIT OR Apache-2.0
"""irikit.IRIError: the library's error (code, offset, message) as a Python exception."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at run time (mypy knows the name)
if TYPE_CHECKING:
    from typing import Optional, Union

__all__ = ["IRIError"]

# How much of a long text the message shows on each side of the error.
_CONTEXT = 40


def _width(text: str) -> int:
    """Terminal columns of ``text`` (wide East Asian characters take two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _printable(text: str) -> str:
    """The text with controls and other invisible characters shown as U+FFFD, one column each."""
    return "".join(c if c.isprintable() else "\ufffd" for c in text)


class IRIError(ValueError):
    """Text that is not a valid IRI (or cannot be converted): the library's error, unchanged.

    Attributes:
        code: the stable kebab-case error name, e.g. ``"invalid-host-char"`` (the same names as
            the ``iri`` tool's ``--json`` output and the C++ ``irikit::code_name``).
        offset: the byte offset, in the UTF-8 form of the text, of the first offending character.
        char_offset: the same position in code points when the input was a str (so
            ``text[e.char_offset]`` is the offending character), None for bytes input.
        message: names the character and the rule it breaks.
        text: the input the error is about (str or bytes), or None.

    ``str(error)`` gives ``"byte N: code: message"`` followed by the text and a caret under the
    offending character.

    >>> import irikit
    >>> try:
    ...     irikit.parse("http://exa mple.org/")
    ... except irikit.IRIError as e:
    ...     print(e.code, e.offset, e.char_offset)
    invalid-host-char 10 10
    """

    code: str
    offset: int
    message: str
    text: Optional[Union[str, bytes]]
    char_offset: Optional[int]

    def __init__(
        self,
        code: str,
        offset: int,
        message: str,
        text: Optional[Union[str, bytes, bytearray]] = None,
        char_offset: Optional[int] = None,
    ) -> None:
        if isinstance(text, bytearray):
            text = bytes(text)
        super().__init__(code, offset, message, text, char_offset)
        self.code = code
        self.offset = offset
        self.message = message
        self.text = text
        self.char_offset = char_offset

    def __str__(self) -> str:
        head = f"byte {self.offset}: {self.code}: {self.message}"
        excerpt = self._excerpt()
        return head if excerpt is None else head + "\n" + excerpt

    def __repr__(self) -> str:
        return f"IRIError({self.code!r}, {self.offset!r}, {self.message!r})"

    def _excerpt(self) -> Optional[str]:
        """Two lines: the text around the error, and a caret under the offending character."""
        if self.text is None:
            return None
        if isinstance(self.text, bytes):
            text = self.text.decode("utf-8", "replace")
            position = len(self.text[: self.offset].decode("utf-8", "replace"))
        else:
            text = self.text
            position = self.char_offset if self.char_offset is not None else self.offset
        position = min(position, len(text))
        start = max(0, position - _CONTEXT)
        end = min(len(text), position + _CONTEXT)
        before = ("…" if start > 0 else "") + _printable(text[start:position])
        after = _printable(text[position:end]) + ("…" if end < len(text) else "")
        return "  " + before + after + "\n  " + " " * _width(before) + "^"

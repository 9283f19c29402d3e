"""Result records of lint, lint_rules and extract."""

from __future__ import annotations

from typing import NamedTuple, Tuple

__all__ = ["LintFinding", "LintRule", "ExtractMatch"]


class LintFinding(NamedTuple):
    """One finding of ``irikit.lint``.

    ``span`` is (start, end) in code points for str input (bytes for bytes input);
    ``byte_span`` is the same range in bytes of the UTF-8 text (the library's unit).
    """

    rule: str
    severity: str
    span: Tuple[int, int]
    message: str
    byte_span: Tuple[int, int]


class LintRule(NamedTuple):
    """One rule of the lint catalogue (``irikit.lint_rules()``; docs/lint-rules.md)."""

    id: str
    severity: str
    reference: str
    summary: str
    description: str


class ExtractMatch(NamedTuple):
    """One IRI found by ``irikit.extract``: ``text[span[0]:span[1]] == iri`` for str input."""

    iri: str
    span: Tuple[int, int]
    byte_span: Tuple[int, int]
    form: str

# SPDX-License-Identifier: MIT OR Apache-2.0
"""Result records of lint, lint_rules, extract, canonicalize_explain and irikit.whatwg."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Literal, NamedTuple, Optional, Tuple

if TYPE_CHECKING:
    from ._errors import IRIError

__all__ = [
    "LintFinding",
    "LintRule",
    "SchemeInfo",
    "ExtractMatch",
    "Validation",
    "Host",
    "SpecDifference",
    "SpecComparison",
    "ALabel",
    "LabelDisplay",
    "HostDisplay",
    "BidiRuleViolation",
    "BidiComponent",
    "BidiViolation",
    "CanonStep",
    "CanonStepInfo",
    "Canonicalization",
]


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


class SchemeInfo(NamedTuple):
    """One entry of the scheme registry (``irikit.schemes()``, ``irikit.scheme_info(name)``)."""

    name: str
    reference: str
    default_port: Optional[int]
    requires_host: bool
    dns_host: bool
    normalization: str


class ExtractMatch(NamedTuple):
    """One IRI found by ``irikit.extract``: ``text[span[0]:span[1]] == iri`` for str input."""

    iri: str
    span: Tuple[int, int]
    byte_span: Tuple[int, int]
    form: str


class Validation(NamedTuple):
    """A validation error of the URL Standard that did not make the parse fail (irikit.whatwg).

    ``code`` is the Standard's name ("invalid-reverse-solidus"); ``offset`` is the byte offset in
    the UTF-8 form of the input, as for IRIError.
    """

    code: str
    offset: int


class Host(NamedTuple):
    """A host as the URL Standard's host parser reads it (``irikit.whatwg.parse_host``, §3.5).

    ``type`` is "domain", "ipv4", "ipv6", "opaque" or "empty" (§3.1); ``serialized`` is the host
    serializer's output (§3.6; an IPv6 address in brackets, as in an href). ``ipv4`` is the
    address as a 32-bit number and ``ipv6`` its eight 16-bit pieces, each None for the other
    types. ``validation_errors``: those of the parse that were not failures, as for URL.
    """

    type: Literal["domain", "ipv4", "ipv6", "opaque", "empty"]
    serialized: str
    ipv4: Optional[int]
    ipv6: Optional[Tuple[int, ...]]
    validation_errors: List[Validation]


class SpecDifference(NamedTuple):
    """One place where RFC 3987 and the URL Standard read a string differently.

    ``what`` is "rfc3987-invalid" (only the URL Standard accepts it), "relative-reference" (RFC
    3987 reads a relative reference, the Standard has no base), "whatwg-failure" (only RFC 3987
    accepts it), or the component that differs: "scheme", "userinfo", "host", "port", "path",
    "query", "fragment".
    """

    what: str
    rfc3987: str
    whatwg: str


class SpecComparison(NamedTuple):
    """What one string means to RFC 3987 and to the URL Standard (``irikit.whatwg.compare_specs``).

    ``rfc3987``: the IRI normalized at the scheme rung (RFC 3987 §5.3.3) and mapped to a URI, or
    "" with ``rfc3987_error`` (the RFC 3987 IRIError; ``rfc3987_relative`` when it is a valid
    relative reference). ``whatwg``: the href, or "" with ``whatwg_error`` (the Standard's
    IRIError). ``validation_errors``: the Standard's. ``differences``: empty when both read the
    same URI.
    """

    rfc3987: str
    rfc3987_error: Optional[IRIError]
    rfc3987_relative: bool
    whatwg: str
    whatwg_error: Optional[IRIError]
    validation_errors: List[Validation]
    differences: List[SpecDifference]

    @property
    def same(self) -> bool:
        """Both read the string, as the same URI (``iri compare-specs`` prints "same")."""
        return not self.differences and self.rfc3987_error is None and self.whatwg_error is None


class ALabel(NamedTuple):
    """What ``irikit.decode_a_label`` found: ``status`` "ok" or why the label is not a valid
    A-label (``irikit/host.h`` a_label_status names), the decoded label, and a line for people."""

    status: str
    unicode: str
    message: str


class LabelDisplay(NamedTuple):
    """The display decision for one label of ``irikit.display_host``: ``span`` in code points of a
    str host (bytes for bytes), what is shown, whether as Unicode, the reason (``label_reason``
    names, docs/host-display.md) and why it was kept (empty for "ascii" and "safe")."""

    span: Tuple[int, int]
    shown: str
    unicode: bool
    reason: str
    message: str
    byte_span: Tuple[int, int]


class HostDisplay(NamedTuple):
    """``irikit.display_host``: the host as shown, and one LabelDisplay per label."""

    shown: str
    labels: List[LabelDisplay]


class BidiRuleViolation(NamedTuple):
    """A label breaking the Bidi Rule of RFC 5893 §2 (condition 1-6) and its first offending character."""

    condition: int
    span: Tuple[int, int]
    character: str
    byte_span: Tuple[int, int]


class BidiComponent(NamedTuple):
    """A component RFC 3987 §4.2 restricts: its kind ("host label", "path segment", ...) and span."""

    kind: str
    span: Tuple[int, int]
    byte_span: Tuple[int, int]


class BidiViolation(NamedTuple):
    """An RFC 3987 §4.2 violation: "mixed-direction" (rule 1) or "rtl-edge" (rule 2, with the edge
    character that is not right-to-left and whether it is the first one)."""

    kind: str
    component: BidiComponent
    edge: Optional[str]
    at_start: Optional[bool]


class CanonStep(NamedTuple):
    """One step of ``irikit.canonicalize_explain`` that changed the URL (irikit/canon.h): its
    name ("host-www", "query-sort", ...), its rung on the ladder of RFC 3987 §5.3 ("syntax",
    "scheme", "protocol", or "beyond" equivalence), and the URL before and after it."""

    step: str
    rung: Literal["syntax", "scheme", "protocol", "beyond"]
    before: str
    after: str


class CanonStepInfo(NamedTuple):
    """A named step of the canonicalization engine (``irikit.canon_steps()``)."""

    name: str
    rung: Literal["syntax", "scheme", "protocol", "beyond"]
    description: str


class Canonicalization(NamedTuple):
    """``irikit.canonicalize_explain``: the key (``output``, what ``canonicalize`` returns), the
    canonical URL whatever the key, the Safe Browsing lookup expressions when asked for, and the
    steps that changed the URL, in order (``iri canon --explain --json``)."""

    output: str
    url: str
    expressions: List[str]
    explain: List[CanonStep]

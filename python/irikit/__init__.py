# SPDX-License-Identifier: MIT OR Apache-2.0
"""irikit: Internationalized Resource Identifiers (RFC 3987) for Python.

Strict validation with errors that say where and why, IRI <-> URI mapping with IDNA, reference
resolution and relativization, the RFC 3987 §5.3 comparison ladder, lint and bidi display, and
IRIs in running text: the irikit C++ library, bound directly.

    >>> import irikit
    >>> irikit.is_valid("http://例え.jp/パス")
    True
    >>> irikit.to_uri("http://例え.テスト/パス", idna="uts46")
    'http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9'
    >>> base = irikit.IRI("http://a/b/c/d;p?q")
    >>> (base / "../g").path
    '/b/g'

Objects
    IRI, IRIReference       parsed, immutable, hashable, picklable; components as properties
                            (None when absent); IRI adds resolve / join / "/" and relativize
    IRIError                ValueError with .code (kebab name), .offset (UTF-8 bytes),
                            .char_offset (code points of a str input), .message, .text
    Builder                 a mutable IRI reference for many edits (irikit/edit.h): set_X /
                            remove_X, .segments and .params views that encode; .build()

Editing an IRI or IRIReference returns a new object: with_scheme ... with_fragment (encoded=True
for already-encoded text), without_X, with_param / without_param / with_params, with_segments,
joinpath; .segments and .params (a read-only mapping) are decoded.

Functions (text is str, or UTF-8 bytes)
    is_valid, validate, parse                 RFC 3987 §2.2 / RFC 3986 rules (rule="iri", ...)
    to_uri, to_iri, leiri_to_iri              RFC 3987 §3.1, §3.2; 3987bis §6
    from_charset, interpret_candidates        legacy charsets: RFC 3987 §3.1 step 1, §7.7
    host_to_ascii, host_to_unicode            IDNA (UTS #46, IDNA2003)
    resolve, relativize, remove_dot_segments  RFC 3986 §5.2
    normalize, equivalent                     RFC 3987 §5.3 (level="syntax" / "scheme")
    lint, lint_rules                          hazards (RFC 3987 §4-§8, UTS #39)
    lint_profiles, schemes, scheme_info       the scheme registry and its rules' profiles
    display, visual_order, needs_embedding    bidirectional IRIs (RFC 3987 §4)
    check_bidi_structure, bidi_components     §4.2 structure; check_bidi_rule: RFC 5893 §2
    display_host, decode_a_label              the host display policy, A-labels (UTS #39)
    public_suffix, registrable_domain         the public suffix list
    extract                                   IRIs in running text (RFC 3987 §7.3)
    canonicalize, canonicalize_explain        canonical keys (profiles rfc3987, none, ia, w3lib;
                                              keys url, surt, ssurt; irikit/canon.h)
    lookup_expressions, canon_profiles,       Safe Browsing's lookup expressions; the profiles
    canon_steps                               and the engine's named steps

Batch functions (GIL released, all cores; one result per input, errors in place)
    validate_many, parse_many, to_uri_many, to_iri_many, normalize_many, resolve_many,
    canonicalize_many
    process_lines(_into)    an `iri` command over a block of a file (bytes in, bytes out)
    process_file_range_into the same over a byte range of a local file

The WHATWG URL Standard (how browsers read links): ``irikit.whatwg``, with ``URL``,
``URLSearchParams``, ``compare_specs`` and the Standard's host parser, percent-encoding and
form-urlencoded functions (the same library's second mode, include/irikit/whatwg.h).

pandas: ``import irikit.pandas`` (done automatically when pandas is imported first) adds the
``Series.iri`` accessor: ``s.iri.is_valid()``, ``s.iri.to_uri()``, ``s.iri.host``, ...
"""

from __future__ import annotations

import sys as _sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)

from ._errors import IRIError
from ._irikit import (
    IRI,
    Builder,
    IRIReference,
    __version__,
    bidi_components,
    canon_profiles,
    canon_steps,
    canonicalize,
    canonicalize_explain,
    canonicalize_many,
    check_bidi_rule,
    check_bidi_structure,
    decode_a_label,
    display,
    display_host,
    equivalent,
    extract,
    from_charset,
    host_to_ascii,
    host_to_unicode,
    interpret_candidates,
    is_valid,
    leiri_to_iri,
    lint,
    lint_profiles,
    lint_rules,
    lookup_expressions,
    needs_embedding,
    normalize,
    normalize_many,
    parse,
    parse_many,
    process_file_range_into,
    process_lines,
    process_lines_into,
    public_suffix,
    public_suffix_list_version,
    registrable_domain,
    relativize,
    remove_dot_segments,
    resolve,
    resolve_many,
    scheme_info,
    schemes,
    to_iri,
    to_iri_many,
    to_uri,
    to_uri_many,
    unicode_backend_version,
    unicode_version,
    validate,
    validate_many,
    visual_order,
)

if TYPE_CHECKING:
    from . import whatwg
    from ._edit import BuilderParams, BuilderSegments, QueryParams
    from ._types import (
        ALabel,
        BidiComponent,
        BidiRuleViolation,
        BidiViolation,
        CanonStep,
        CanonStepInfo,
        Canonicalization,
        ExtractMatch,
        HostDisplay,
        LabelDisplay,
        LintFinding,
        LintRule,
        SchemeInfo,
    )

__all__ = [
    "IRI",
    "IRIReference",
    "IRIError",
    "Builder",
    "BuilderParams",
    "BuilderSegments",
    "QueryParams",
    "ExtractMatch",
    "LintFinding",
    "LintRule",
    "ALabel",
    "LabelDisplay",
    "HostDisplay",
    "BidiRuleViolation",
    "BidiComponent",
    "BidiViolation",
    "SchemeInfo",
    "CanonStep",
    "CanonStepInfo",
    "Canonicalization",
    "__version__",
    "bidi_components",
    "canon_profiles",
    "canon_steps",
    "canonicalize",
    "canonicalize_explain",
    "canonicalize_many",
    "check_bidi_rule",
    "check_bidi_structure",
    "decode_a_label",
    "display",
    "display_host",
    "equivalent",
    "extract",
    "from_charset",
    "host_to_ascii",
    "host_to_unicode",
    "interpret_candidates",
    "is_valid",
    "leiri_to_iri",
    "lint",
    "lint_profiles",
    "lint_rules",
    "lookup_expressions",
    "needs_embedding",
    "normalize",
    "normalize_many",
    "parse",
    "parse_many",
    "process_file_range_into",
    "process_lines",
    "process_lines_into",
    "public_suffix",
    "public_suffix_list_version",
    "registrable_domain",
    "relativize",
    "remove_dot_segments",
    "resolve",
    "resolve_many",
    "scheme_info",
    "schemes",
    "to_iri",
    "to_iri_many",
    "to_uri",
    "to_uri_many",
    "unicode_backend_version",
    "unicode_version",
    "validate",
    "validate_many",
    "visual_order",
]

_OWN_MODULES = ("irikit._irikit", "irikit._errors", "irikit._types", "irikit._edit")


def _shown_as_irikit(obj: object) -> None:
    """The classes and functions live in private modules; show them as irikit's own."""
    if getattr(obj, "__module__", None) in _OWN_MODULES:
        try:
            setattr(obj, "__module__", "irikit")
        except (AttributeError, TypeError):
            pass


for _name in __all__:
    if _name in globals():
        _shown_as_irikit(globals()[_name])

# Loaded on first use (PEP 562), so that `import irikit` stays cheap (issue 35: at most twice
# `import urllib.parse`): the record types and editing views need `typing` at run time, and
# irikit.whatwg its own classes. `irikit.whatwg` and `from irikit import LintFinding` work as before.
_LAZY = {
    "BuilderParams": "._edit",
    "BuilderSegments": "._edit",
    "QueryParams": "._edit",
    "ExtractMatch": "._types",
    "LintFinding": "._types",
    "LintRule": "._types",
    "SchemeInfo": "._types",
    "ALabel": "._types",
    "LabelDisplay": "._types",
    "HostDisplay": "._types",
    "BidiRuleViolation": "._types",
    "BidiComponent": "._types",
    "BidiViolation": "._types",
    "CanonStep": "._types",
    "CanonStepInfo": "._types",
    "Canonicalization": "._types",
}


def __getattr__(name: str) -> object:
    import importlib

    if name == "whatwg":
        return importlib.import_module(".whatwg", __name__)
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        _shown_as_irikit(value)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | {"whatwg"})


if "pandas" in _sys.modules:
    from . import pandas as _pandas  # noqa: F401  (registers Series.iri)

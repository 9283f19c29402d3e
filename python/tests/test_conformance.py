# SPDX-License-Identifier: MIT OR Apache-2.0
"""The shared conformance suites replayed through the Python API: oxiri (validity, resolution,
relativization) and python-rfc3986 (IRI -> URI with IDNA, hosts, normal forms).

Each suite runs the same checks as its C++ runner (tests/conformance/suite_oxiri.cpp,
suite_resolution_oxiri.cpp, suite_python_rfc3986_hosts.cpp, suite_conversion_libraries.cpp), with
the same case ids, so the failures must be exactly the known divergences the C++ runner accepts
(tests/conformance/known-divergences.txt): the binding adds or loses nothing. The counts are
printed at the end of the pytest run ("python conformance" section).
"""

import json
from typing import Callable, Dict, List, Tuple

import pytest

import irikit
from conftest import conformance_dir, known_divergences_file

REPORTS: List[Tuple[str, int, int, int]] = []  # (suite, passed, failed, skipped) for the summary


class Report:
    def __init__(self) -> None:
        self.passed: List[str] = []
        self.failed: Dict[str, str] = {}
        self.skipped: Dict[str, str] = {}

    def check(self, case_id: str, ok: bool, detail: str) -> None:
        if ok:
            self.passed.append(case_id)
        else:
            self.failed[case_id] = detail


def load(name: str) -> dict:
    path = conformance_dir() / name
    if not path.exists():
        pytest.skip(f"conformance data not found: {path} (../shared/conformance beside the repository)")
    return json.loads(path.read_text(encoding="utf-8"))


def cases(data: dict, section: str) -> list:
    return data[section]["cases"]


def error_of(function: Callable, *args, **kwargs):
    try:
        return function(*args, **kwargs), None
    except irikit.IRIError as e:
        return None, e


# --- oxiri ------------------------------------------------------------------------------------

OXIRI = "oxiri/oxiri-tests.json"


def oxiri_valid_absolute_iris(r: Report) -> None:
    for i, text in enumerate(cases(load(OXIRI), "valid_absolute_iris")):
        r.check(str(i), irikit.is_valid(text, rule="iri"), text)


def oxiri_valid_iri_references(r: Report) -> None:
    for i, text in enumerate(cases(load(OXIRI), "valid_iri_references")):
        r.check(str(i), irikit.is_valid(text), text)


def oxiri_invalid_iri_references(r: Report) -> None:
    for i, text in enumerate(cases(load(OXIRI), "invalid_iri_references")):
        r.check(str(i), not irikit.is_valid(text), text)


def oxiri_valid_references_resolve(r: Report) -> None:
    data = load(OXIRI)
    base = irikit.IRI(data["valid_iri_references"]["base"])
    for i, text in enumerate(cases(data, "valid_iri_references")):
        target, error = error_of(base.resolve, text)
        r.check(str(i), error is None and irikit.IRI(str(target)) == target, f"{text}: {error}")


def check_resolution(r: Report, case_id: str, reference: str, base: str, expected: str) -> None:
    """resolve(base, reference) == expected; a base that is not an IRI is a skip (RFC 3986 §5.1)."""
    if not irikit.is_valid(base, rule="iri"):
        r.skipped[case_id] = "base is not an absolute IRI (RFC 3986 §5.2.1 requires one)"
        return
    target, error = error_of(irikit.resolve, base, reference)
    r.check(case_id, target == expected, f"{reference!r} against {base!r}: {target or error}, expected {expected!r}")


def oxiri_resolve(r: Report) -> None:
    for i, (reference, base, expected) in enumerate(cases(load(OXIRI), "resolve")):
        check_resolution(r, str(i), reference, base, expected)


def oxiri_resolve_unchecked(r: Report) -> None:
    for i, (reference, base, expected) in enumerate(cases(load(OXIRI), "resolve_unchecked")):
        if not irikit.is_valid(base, rule="iri") or not irikit.is_valid(reference):
            r.skipped[str(i)] = "lenient resolution of text that is not a valid IRI"
            continue
        check_resolution(r, str(i), reference, base, expected)


def oxiri_resolve_relative_base(r: Report) -> None:
    for i, (reference, base, expected) in enumerate(cases(load(OXIRI), "resolve_relative_base")):
        check_resolution(r, str(i), reference, base, expected)


def oxiri_invalid_resolutions(r: Report) -> None:
    for i, (reference, base) in enumerate(cases(load(OXIRI), "invalid_resolutions_specific_bases")):
        target, error = error_of(irikit.resolve, base, reference)
        r.check(str(i), error is not None, f"{reference!r} against {base!r} resolved: {target}")


def oxiri_relativize(r: Report) -> None:
    for i, (target, base, expected) in enumerate(cases(load(OXIRI), "relativize")):
        reference, error = error_of(irikit.relativize, base, target)
        if error is not None:
            r.check(str(i), False, f"{target!r} relative to {base!r}: {error}")
            continue
        back = irikit.resolve(base, reference)  # must resolve back whatever it is
        r.check(str(i), back == target and reference == expected, f"{reference!r} (back: {back!r}), expected {expected!r}")


def oxiri_relativize_fails(r: Report) -> None:
    for i, (target, base) in enumerate(cases(load(OXIRI), "relativize_fails")):
        reference, error = error_of(irikit.relativize, base, target)
        r.check(str(i), error is not None and error.code == "not-relativizable", f"{target!r}: {reference}")


# --- python-rfc3986 ---------------------------------------------------------------------------

RFC3986 = "python-rfc3986/python-rfc3986-tests.json"


def rfc3986_iri_to_uri(r: Report) -> None:
    for i, (iri, uri) in enumerate(load(RFC3986)["iri_to_uri"]["cases"]):
        actual, error = error_of(irikit.to_uri, iri, idna="uts46")
        r.check(str(i), actual == uri, f"{iri!r}: {actual or error}, expected {uri!r}")


def rfc3986_valid_hosts(r: Report) -> None:
    for i, host in enumerate(load(RFC3986)["valid_hosts"]):
        parsed, error = error_of(irikit.parse, "http://" + host, rule="uri")
        r.check(str(i), parsed is not None and parsed.host == host, f"{host!r}: {error}")


def rfc3986_invalid_hosts(r: Report) -> None:
    for i, host in enumerate(load(RFC3986)["invalid_hosts"]):
        r.check(str(i), not irikit.is_valid("https://" + host, rule="uri"), host)


def normal_form(r: Report, case_id: str, uri: str) -> None:
    actual, error = error_of(irikit.normalize, uri)
    r.check(case_id, actual == "https://example.com", f"{uri!r}: {actual or error}")


def rfc3986_equivalent_hostnames(r: Report) -> None:
    for i, host in enumerate(load(RFC3986)["equivalent_hostnames"]):
        normal_form(r, str(i), "https://" + host)


def rfc3986_equivalent_schemes(r: Report) -> None:
    for i, scheme in enumerate(load(RFC3986)["equivalent_schemes"]):
        normal_form(r, str(i), scheme + "://example.com")


def rfc3986_equivalent_both(r: Report) -> None:
    for i, (scheme, host) in enumerate(load(RFC3986)["equivalent_schemes_and_hostnames"]):
        normal_form(r, str(i), scheme + "://" + host)


SUITES = {
    "oxiri/valid_absolute_iris": oxiri_valid_absolute_iris,
    "oxiri/valid_iri_references": oxiri_valid_iri_references,
    "oxiri/valid_iri_references/resolve": oxiri_valid_references_resolve,
    "oxiri/invalid_iri_references": oxiri_invalid_iri_references,
    "oxiri/resolve": oxiri_resolve,
    "oxiri/resolve_unchecked": oxiri_resolve_unchecked,
    "oxiri/resolve_relative_base": oxiri_resolve_relative_base,
    "oxiri/invalid_resolutions_specific_bases": oxiri_invalid_resolutions,
    "oxiri/relativize": oxiri_relativize,
    "oxiri/relativize_fails": oxiri_relativize_fails,
    "python-rfc3986/iri_to_uri": rfc3986_iri_to_uri,
    "python-rfc3986/valid_hosts": rfc3986_valid_hosts,
    "python-rfc3986/invalid_hosts": rfc3986_invalid_hosts,
    "python-rfc3986/equivalent_hostnames": rfc3986_equivalent_hostnames,
    "python-rfc3986/equivalent_schemes": rfc3986_equivalent_schemes,
    "python-rfc3986/equivalent_schemes_and_hostnames": rfc3986_equivalent_both,
}


def known_divergences() -> Dict[str, set]:
    known: Dict[str, set] = {}
    for line in known_divergences_file().read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        suite, case_id, _reason = line.split("\t", 2)
        known.setdefault(suite, set()).add(case_id)
    return known


@pytest.mark.parametrize("suite", list(SUITES))
def test_suite(suite):
    report = Report()
    SUITES[suite](report)
    REPORTS.append((suite, len(report.passed), len(report.failed), len(report.skipped)))
    expected = known_divergences().get(suite, set())
    unexpected = {k: v for k, v in report.failed.items() if k not in expected}
    stale = expected - set(report.failed)
    assert not unexpected, f"{suite}: failures that are not known divergences: {unexpected}"
    assert not stale, f"{suite}: known divergences that now pass (stale entries): {sorted(stale)}"
    assert report.passed or report.skipped, f"{suite}: no case ran"

# SPDX-License-Identifier: MIT OR Apache-2.0
"""Shared settings of the irikit Python tests (run by CTest as `python`, or by hand:
PYTHONPATH=build/dev/python /usr/bin/python3 -m pytest python/tests)."""

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def conformance_dir() -> Path:
    return Path(os.environ.get("IRIKIT_CONFORMANCE_DIR", REPO.parent / "shared" / "conformance"))


def known_divergences_file() -> Path:
    return Path(os.environ.get("IRIKIT_KNOWN_DIVERGENCES", REPO / "tests" / "conformance" / "known-divergences.txt"))


def guide_file() -> Path:
    return Path(os.environ.get("IRIKIT_GUIDE", REPO / "docs" / "guide.md"))


try:
    from hypothesis import HealthCheck, settings

    # Bounded runs: make test must stay quick (the debug build is slow); `--hypothesis-profile=long`
    # (or IRIKIT_HYPOTHESIS_PROFILE=long) for a deeper run by hand.
    settings.register_profile(
        "ci", max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
    )
    settings.register_profile("long", max_examples=20000, deadline=None)
    settings.load_profile(os.environ.get("IRIKIT_HYPOTHESIS_PROFILE", "ci"))
except ImportError:  # the property tests skip themselves
    pass


@pytest.fixture
def irikit():
    import irikit as module

    return module


def pytest_terminal_summary(terminalreporter):
    """Prints the conformance counts (passed / failed / skipped per suite, failures all known)."""
    try:
        from test_conformance import REPORTS
    except ImportError:
        return
    if not REPORTS:
        return
    terminalreporter.section("python conformance (failures are the known divergences)")
    totals = [0, 0, 0]
    for suite, passed, failed, skipped in REPORTS:
        terminalreporter.write_line(f"{suite}: {passed} passed, {failed} failed, {skipped} skipped")
        totals = [totals[0] + passed, totals[1] + failed, totals[2] + skipped]
    terminalreporter.write_line(f"conformance total: {totals[0]} passed, {totals[1]} failed, {totals[2]} skipped")

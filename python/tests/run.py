# SPDX-License-Identifier: MIT OR Apache-2.0
"""Runs the Python package's tests with pytest (the CTest test `python`).

Exit status 77 tells CTest the tests were skipped (pytest missing), never passed.
"""

import sys

try:
    import pytest
except ImportError:
    print("skipped: pytest is not installed (Debian: python3-pytest; scripts/setup.sh python)")
    sys.exit(77)

sys.exit(pytest.main([sys.argv[1], "-q", "-p", "no:cacheprovider", "-rs"]))

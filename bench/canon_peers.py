#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Keys per second of the Python canonicalizers over the corpora irikit_bench_canon times (issue 52).

Usage: /usr/bin/python3 bench/canon_peers.py [CORPORA_DIR]   (default: ../shared/corpora)

Peers, each where it can be installed from Debian (scripts/setup.sh bench): w3lib's
canonicalize_url (python3-w3lib). The `surt` package and IIPC urlcanon are not in Debian (and PyPI
is not reachable here), so they are not timed. Each corpus is read as irikit_bench_canon reads it
(one URL a line); a line a peer raises on counts as done. The figure is the best of 3 passes.
"""
import sys
import time
from pathlib import Path

CORPORA = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
FILES = {
    "kasztp": "url-various-datasets/kasztp.txt",
    "isaacs_files": "url-various-datasets/isaacs_files.txt",
    "intl_wiki_uri": "intl/intl_wiki_uri.txt",
}


def best_of(fn, lines, passes=3):
    best = None
    for _ in range(passes):
        t0 = time.perf_counter()
        for line in lines:
            try:
                fn(line)
            except Exception:  # noqa: BLE001 - a peer's failure on a line is its answer
                pass
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
    return best


def main():
    peers = {}
    try:
        import w3lib
        from w3lib.url import canonicalize_url

        peers[f"w3lib {w3lib.__version__} canonicalize_url"] = canonicalize_url
    except ImportError:
        print("w3lib: skipped (python3-w3lib not installed)")
    for name, rel in FILES.items():
        lines = (CORPORA / rel).read_text(encoding="utf-8", errors="surrogateescape").splitlines()
        for peer, fn in peers.items():
            t = best_of(fn, lines)
            print(f"{peer}\t{name}\t{len(lines)} lines\t{t:.3f} s\t{len(lines) / t:,.0f} keys/s")


main()

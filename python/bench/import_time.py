# SPDX-License-Identifier: MIT OR Apache-2.0
"""The cost of `import irikit` against `import urllib.parse` (issue 35: at most 2x).

Runs both imports in fresh interpreters, alternately, ROUNDS times each under `-X importtime`,
and prints the minimum and the median cumulative time of each top-level import, and their ratios
(the minimum is the least disturbed by other load; the exit status follows the median).
Usage: import_time.py [PYTHON] [ROUNDS]; PYTHON defaults to this interpreter (a venv with the
wheel installed, or PYTHONPATH=build/dev/python). Exit status 1 when the ratio is above 2.
"""

import re
import statistics
import subprocess
import sys

python = sys.argv[1] if len(sys.argv) > 1 else sys.executable
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15


def cumulative_us(module: str) -> int:
    err = subprocess.run([python, "-X", "importtime", "-c", f"import {module}"], capture_output=True,
                         text=True, check=True).stderr
    for line in err.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \| (\S+)$", line)
        if m and m.group(2) == module:
            return int(m.group(1))
    raise RuntimeError(f"no import time line for {module}:\n{err}")


times = {"urllib.parse": [], "irikit": []}
for _ in range(rounds):
    for module in times:
        times[module].append(cumulative_us(module))
for name, pick in (("minimum", min), ("median", statistics.median)):
    base = pick(times["urllib.parse"])
    ours = pick(times["irikit"])
    print(f"{name} of {rounds}: import urllib.parse {base / 1000:.1f} ms, import irikit {ours / 1000:.1f} ms,"
          f" ratio {ours / base:.2f}")
sys.exit(0 if ours <= 2 * base else 1)

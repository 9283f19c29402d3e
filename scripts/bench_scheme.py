#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Issue 39's speed rows: the scheme rules' cost in `iri lint` and `iri normalize`.

Runs the `iri` tool (a Release build) over the URL corpora (url-various-datasets: isaacs_files,
kasztp, node_files, joined, --repeat times over) with one worker, in turn:
  lint                       the whole catalogue (the 21 scheme-* rules included)
  lint --disable scheme-*    the catalogue without the scheme rules
  normalize --level scheme   the scheme rung (the registry's normalization)
  normalize --level syntax   the syntax rung
and prints the median CPU time (user + system of the child) of each and the two ratios.

  python3 scripts/bench_scheme.py --iri build/release/tools/iri/iri [--runs 9] [--repeat 5] [--corpora DIR]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

parser = argparse.ArgumentParser()
parser.add_argument("--iri", required=True)
parser.add_argument("--corpora", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpora"))
parser.add_argument("--runs", type=int, default=9)
parser.add_argument("--repeat", type=int, default=5, help="the joined corpora this many times over")
args = parser.parse_args()

names = ["isaacs_files.txt", "kasztp.txt", "node_files.txt"]
data = b"".join(open(os.path.join(args.corpora, "url-various-datasets", n), "rb").read() for n in names) * args.repeat
lines = data.count(b"\n")
rules = subprocess.run([args.iri, "lint", "--list-rules"], capture_output=True, check=True, text=True).stdout
scheme_rules = [line.split("\t")[0] for line in rules.splitlines() if line.startswith("scheme-")]
disable = [a for r in scheme_rules for a in ("--disable", r)]
variants = {
    "lint": ["lint"],
    "lint without scheme rules": ["lint"] + disable,
    "normalize --level scheme": ["normalize", "--level", "scheme"],
    "normalize --level syntax": ["normalize", "--level", "syntax"],
}

with tempfile.NamedTemporaryFile(suffix=".txt") as f:
    f.write(data)
    f.flush()
    times = {k: [] for k in variants}
    for _ in range(args.runs):
        for name, cmd in variants.items():  # interleaved, so that load changes hit every variant
            with open(os.devnull, "wb") as null:
                p = subprocess.Popen([args.iri, "--jobs", "1"] + cmd + [f.name], stdout=null, stderr=null)
                _, _, usage = os.wait4(p.pid, 0)
            times[name].append(usage.ru_utime + usage.ru_stime)

med = {k: statistics.median(v) for k, v in times.items()}
print(f"{lines} lines, {len(data)} bytes, {args.runs} runs each, median CPU seconds (user + sys):")
for k, v in med.items():
    print(f"  {k:28s} {v:.3f} s  ({v / lines * 1e9:.0f} ns/line; min {min(times[k]):.3f}, max {max(times[k]):.3f})")
print(f"lint with ÷ without the scheme rules: {med['lint'] / med['lint without scheme rules']:.3f}× (target ≤ 1.1)")
print(f"normalize scheme ÷ syntax: {med['normalize --level scheme'] / med['normalize --level syntax']:.3f}× (target ≤ 1.2)")
print("load average:", open("/proc/loadavg").read().split()[:3], file=sys.stderr)

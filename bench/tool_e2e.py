#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""The `iri` tool end to end (issue 7): a million lines of `iri check` and `iri to-uri` on every core
(--jobs), against the same work done line by line on one thread with Boost.URL and uriparser
(bench/line_peer.cpp, `irikit_line_peer`).

Usage: tool_e2e.py --iri PATH --peer PATH --corpora DIR --json OUT [--lines N] [--runs R] [--jobs J]

Inputs, built from ../shared/corpora and repeated until they have N lines (default 1,000,000):
  check   every line of url-various-datasets/*.txt, the Common Crawl hrefs and intl_wiki_uri.txt,
          `iri check --as uri-reference` (Boost.URL and uriparser validate RFC 3986 references;
          they agree with irikit line by line on these corpora, bench/checks.cpp);
  to-uri  the lines of intl_wiki_iri.txt, intl_mixed_iri.txt and the URL corpora that are valid
          IRI references (filtered with `iri check` first), `iri to-uri`; the peers percent-encode
          the non-ASCII bytes and validate the result.
Before anything is timed, the three programs' outputs are compared byte for byte: they must be
identical. Then the runs are interleaved (each round runs every program once, in a shuffled
order) and the median wall-clock time of each program is reported (wall clock: the tool's point is
to use every core; the peers run on one).
"""
import argparse
import glob
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time


def read_lines(path, csv_column=None):
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    lines = [l[:-1] if l.endswith(b"\r") else l for l in lines]
    if csv_column is not None:
        lines = [l.split(b",")[csv_column] for l in lines[1:] if l]
    return lines


def repeat_to(lines, n):
    out = []
    while len(out) < n:
        out.extend(lines[: n - len(out)])
    return out


def run(cmd, stdin_path, stdout):
    """Runs cmd with stdin from a file; returns (wall seconds, CPU seconds of the child, exit status)."""
    with open(stdin_path, "rb") as fin:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=fin, stdout=stdout, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iri", required=True)
    ap.add_argument("--peer", required=True)
    ap.add_argument("--corpora", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    a = ap.parse_args()

    urls = []
    for path in sorted(glob.glob(os.path.join(a.corpora, "url-various-datasets", "*.txt"))):
        urls += read_lines(path)
    hrefs = read_lines(os.path.join(a.corpora, "commoncrawl", "relative_urls_cc_10k.csv"), csv_column=1)
    intl = os.path.join(a.corpora, "intl")
    wiki_uri = read_lines(os.path.join(intl, "intl_wiki_uri.txt"))
    iris = read_lines(os.path.join(intl, "intl_wiki_iri.txt")) + read_lines(os.path.join(intl, "intl_mixed_iri.txt"))

    tmp = tempfile.mkdtemp(prefix="irikit_e2e.")
    check_in = os.path.join(tmp, "check.txt")
    with open(check_in, "wb") as f:
        f.write(b"\n".join(repeat_to(urls + hrefs + wiki_uri, a.lines)) + b"\n")
    # Keep the valid IRI references (non-empty lines that `iri check` echoes).
    candidates = [l for l in iris + urls if l]
    filtered = subprocess.run([a.iri, "check"], input=b"\n".join(candidates) + b"\n", stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL).stdout.split(b"\n")
    valid_iris = [l for l in filtered if l]
    to_uri_in = os.path.join(tmp, "to_uri.txt")
    with open(to_uri_in, "wb") as f:
        f.write(b"\n".join(repeat_to(valid_iris, a.lines)) + b"\n")
    non_ascii = sum(b >= 0x80 for b in open(to_uri_in, "rb").read())

    jobs = ["--jobs", str(a.jobs)]
    tasks = {
        "check": (check_in, {
            "irikit": [a.iri] + jobs + ["check", "--as", "uri-reference"],
            "boost-url": [a.peer, "boost", "check"],
            "uriparser": [a.peer, "uriparser", "check"],
        }),
        "to-uri": (to_uri_in, {
            "irikit": [a.iri] + jobs + ["to-uri"],
            "boost-url": [a.peer, "boost", "to-uri"],
            "uriparser": [a.peer, "uriparser", "to-uri"],
        }),
    }

    # Output checks: identical output, line for line.
    ok = True
    for task, (inp, impls) in tasks.items():
        task_ok = True
        outputs = {}
        for impl, cmd in impls.items():
            path = os.path.join(tmp, f"{task}.{impl}.out")
            with open(path, "wb") as out:
                run(cmd, inp, out)
            outputs[impl] = open(path, "rb").read()
        lines = outputs["irikit"].count(b"\n")
        if lines != a.lines:
            print(f"tool_e2e: {task}: irikit wrote {lines} lines for {a.lines}", file=sys.stderr)
            task_ok = False
        for impl, text in outputs.items():
            if text != outputs["irikit"]:
                mine, theirs = outputs["irikit"].split(b"\n"), text.split(b"\n")
                diff = [k for k in range(min(len(mine), len(theirs))) if mine[k] != theirs[k]]
                print(f"tool_e2e: {task}: {impl} differs from irikit on {len(diff)} lines, e.g. line "
                      f"{diff[0] + 1 if diff else '?'}", file=sys.stderr)
                task_ok = False
        valid = sum(1 for l in outputs["irikit"].split(b"\n")[:-1] if l)
        if task_ok:
            print(f"checked {task}: {a.lines} lines ({valid} succeed), the three outputs are identical")
        ok &= task_ok
    if not ok:
        print("tool_e2e: output checks failed; nothing was timed", file=sys.stderr)
        return 1

    wall = {(t, i): [] for t, (_, impls) in tasks.items() for i in impls}
    cpu = {k: [] for k in wall}
    order = list(wall)
    load_before = open("/proc/loadavg").read().split()[:3]
    for _ in range(a.runs):
        random.shuffle(order)
        for task, impl in order:
            inp, impls = tasks[task]
            w, c, _ = run(impls[impl], inp, subprocess.DEVNULL)
            wall[(task, impl)].append(w)
            cpu[(task, impl)].append(c)
    load_after = open("/proc/loadavg").read().split()[:3]

    result = {"lines": a.lines, "runs": a.runs, "jobs": a.jobs, "cores": os.cpu_count(),
              "to_uri_non_ascii_bytes": non_ascii, "load_before": load_before, "load_after": load_after,
              "commands": {t: {i: " ".join(os.path.basename(x) if k == 0 else x for k, x in enumerate(c))
                               for i, c in impls.items()} for t, (_, impls) in tasks.items()},
              "wall": {f"{t}/{i}": v for (t, i), v in wall.items()},
              "cpu": {f"{t}/{i}": v for (t, i), v in cpu.items()}}
    with open(a.json, "w") as f:
        json.dump(result, f, indent=1)
    for t in tasks:
        base = statistics.median(wall[(t, "irikit")])
        for i in tasks[t][1]:
            m = statistics.median(wall[(t, i)])
            print(f"{t:7s} {i:10s} wall {m:7.3f} s  cpu {statistics.median(cpu[(t, i)]):7.3f} s  "
                  f"{m / base:5.2f}× irikit")
    for name in os.listdir(tmp):
        os.unlink(os.path.join(tmp, name))
    os.rmdir(tmp)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

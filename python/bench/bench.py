#!/usr/bin/python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Python benchmarks of irikit against rfc3987, rfc3986, idna and urllib.parse (issue 19), run by
hand (never by make test):

    PYTHONPATH=build/python-bench/python /usr/bin/python3 python/bench/bench.py [--reps 11] [--markdown]

Use a Release build of the module (see bench/RESULTS.md "Python" for the command). Each
benchmark checks what the peers return on the same lines before timing, then times one pass of a
plain Python loop over the lines per peer, the peers interleaved within each repetition; the
figures are medians of the repetitions (CPU time of this process), and the ratios are medians of
the per-repetition ratios. Corpora: ../shared/corpora (IRIKIT_CORPORA_DIR to change).
"""

import argparse
import os
import statistics
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

import idna
import rfc3986
import rfc3987

import irikit

ROOT = Path(__file__).resolve().parents[2]
CORPORA = Path(os.environ.get("IRIKIT_CORPORA_DIR", ROOT.parent / "shared" / "corpora"))


def lines(name: str) -> List[str]:
    return [line for line in (CORPORA / name).read_text(encoding="utf-8").split("\n") if line]


def cc_pairs() -> List[Tuple[str, str]]:
    import csv

    with open(CORPORA / "commoncrawl" / "relative_urls_cc_10k.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return [(base, ref) for base, ref in rows[1:]]


def timed(loops: Dict[str, Callable[[], None]], reps: int) -> Dict[str, List[float]]:
    """CPU seconds of each loop per repetition, the loops interleaved."""
    times: Dict[str, List[float]] = {name: [] for name in loops}
    for _ in range(reps):
        for name, loop in loops.items():
            start = time.process_time()
            loop()
            times[name].append(time.process_time() - start)
    return times


def row(group: str, dataset: str, n: int, times: Dict[str, List[float]], reference: str) -> List[str]:
    out = []
    ref = times[reference]
    for name, t in times.items():
        ratio = statistics.median([a / b for a, b in zip(t, ref)])
        per_call = statistics.median(t) / n * 1e9
        out.append(f"| {group} | {dataset} | {n} | {name} | {per_call:,.0f} | {ratio:.2f}× |")
    return out


def compare(group: str, dataset: str, n: int, loops: Dict[str, Callable[[], None]], reps: int) -> List[str]:
    """Times the loops (the first is irikit's, the reference of the ratios) and formats the rows."""
    return row(group, dataset, n, timed(loops, reps), next(iter(loops)))


def bench_is_valid(reps: int, sample: int) -> List[str]:
    out = []
    datasets = {
        "isaacs_files": lines("url-various-datasets/isaacs_files.txt"),
        "kasztp": lines("url-various-datasets/kasztp.txt"),
        "node_files": lines("url-various-datasets/node_files.txt"),
        "cc_hrefs": [ref for _, ref in cc_pairs()],
        "intl_wiki_iri": lines("intl/intl_wiki_iri.txt"),
    }
    for name, data in datasets.items():
        data = data[:sample]
        is_valid = irikit.is_valid
        match = rfc3987.match
        iri_reference = rfc3986.iri_reference
        urlsplit = urllib.parse.urlsplit
        accepted = {
            "irikit": sum(1 for s in data if is_valid(s)),
            "rfc3987": sum(1 for s in data if match(s, "IRI_reference")),
            "rfc3986": sum(1 for s in data if iri_reference(s).is_valid()),
        }
        print(f"is_valid {name}: {len(data)} lines; accepted: {accepted}", file=sys.stderr)

        def loop_irikit() -> None:
            for s in data:
                is_valid(s)

        def loop_rfc3987() -> None:
            for s in data:
                match(s, "IRI_reference")

        def loop_rfc3986() -> None:
            for s in data:
                iri_reference(s).is_valid()

        def loop_urlsplit() -> None:
            for s in data:
                try:
                    urlsplit(s)
                except ValueError:
                    pass

        loops = {
            "irikit.is_valid": loop_irikit,
            "rfc3987.match(s, 'IRI_reference')": loop_rfc3987,
            "rfc3986.iri_reference(s).is_valid()": loop_rfc3986,
            "urllib.parse.urlsplit": loop_urlsplit,
        }
        out += compare("is_valid", name, len(data), loops, reps)
    return out


def bench_resolve(reps: int) -> List[str]:
    pairs = [(b, r) for b, r in cc_pairs() if irikit.is_valid(b, rule="iri") and irikit.is_valid(r)]
    same = sum(1 for b, r in pairs if irikit.resolve(b, r) == urllib.parse.urljoin(b, r))
    print(f"resolve cc_pairs: {len(pairs)} pairs valid for irikit; urljoin agrees on {same}", file=sys.stderr)
    resolve = irikit.resolve
    urljoin = urllib.parse.urljoin

    def loop_irikit() -> None:
        for b, r in pairs:
            resolve(b, r)

    def loop_objects() -> None:
        for b, r in pairs:
            irikit.IRI(b) / r

    def loop_urljoin() -> None:
        for b, r in pairs:
            urljoin(b, r)

    def loop_rfc3987() -> None:
        for b, r in pairs:
            rfc3987.resolve(b, r)

    loops = {
        "irikit.resolve": loop_irikit,
        "irikit.IRI(base) / ref": loop_objects,
        "urllib.parse.urljoin": loop_urljoin,
        "rfc3987.resolve": loop_rfc3987,
    }
    return compare("resolve", "cc_pairs", len(pairs), loops, reps)


def bench_hosts(reps: int, sample: int) -> List[str]:
    out = []
    for name in ("idn_hosts", "ascii_hosts"):
        hosts = []
        for h in lines(f"intl/{name}.txt")[: sample * 2]:
            try:
                theirs = idna.encode(h, uts46=True).decode()
                ours = irikit.host_to_ascii(h)
            except (idna.IDNAError, irikit.IRIError, UnicodeError):
                continue
            hosts.append(h)
            if len(hosts) == sample:
                break
        agree = sum(1 for h in hosts if irikit.host_to_ascii(h) == idna.encode(h, uts46=True).decode())
        print(f"host_to_ascii {name}: {len(hosts)} hosts both convert; equal on {agree}", file=sys.stderr)
        to_ascii = irikit.host_to_ascii
        encode = idna.encode

        def loop_irikit() -> None:
            for h in hosts:
                to_ascii(h)

        def loop_idna() -> None:
            for h in hosts:
                encode(h, uts46=True)

        loops = {
            "irikit.host_to_ascii": loop_irikit,
            "idna.encode(h, uts46=True)": loop_idna,
        }
        out += compare("host_to_ascii", name, len(hosts), loops, reps)
    return out


def cxx_rate(program: str, data: List[str], reps: int) -> float:
    """ns per line of irikit::validate (rule uri-reference) in C++ over the same lines, one core."""
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt") as f:
        f.write("\n".join(data))
        f.flush()
        done = subprocess.run([program, f.name, "uri-reference", str(reps)], capture_output=True, text=True, check=True)
    print(f"C++ reference: {done.stdout.strip()}", file=sys.stderr)
    return float(done.stdout.split(" ns per line")[0].split()[-1])


def bench_batch(reps: int, count: int, cxx: str = "") -> List[str]:
    corpus = (
        lines("url-various-datasets/isaacs_files.txt")
        + lines("url-various-datasets/kasztp.txt")
        + lines("url-various-datasets/node_files.txt")
    )
    data = [corpus[i % len(corpus)] for i in range(count)]
    data = [s.encode().decode() for s in data]  # distinct str objects, as read from a file
    errors = irikit.validate_many(data, rule="uri-reference")
    print(f"validate_many: {count} lines, {sum(e is not None for e in errors)} invalid", file=sys.stderr)
    out = []
    is_valid = irikit.is_valid
    for threads in (1, os.cpu_count() or 1):
        wall: List[float] = []
        cpu: List[float] = []
        for _ in range(reps):
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            irikit.validate_many(data, rule="uri-reference", threads=threads)
            wall.append(time.perf_counter() - start_wall)
            cpu.append(time.process_time() - start_cpu)
        w, c = statistics.median(wall), statistics.median(cpu)
        out.append(
            f"| validate_many | {count:,} URL lines | threads={threads} | {count / w / 1e6:.1f} M lines/s wall "
            f"| {count / c / 1e6:.1f} M lines/s per CPU second |"
        )
    loop: List[float] = []
    for _ in range(max(1, reps // 3)):
        start = time.process_time()
        for s in data:
            is_valid(s, "uri-reference")
        loop.append(time.process_time() - start)
    c = statistics.median(loop)
    out.append(f"| is_valid in a Python loop | {count:,} URL lines | 1 | — | {count / c / 1e6:.1f} M lines/s per CPU second |")
    if cxx:
        ns = cxx_rate(cxx, data, reps)
        out.append(f"| C++ irikit::validate, one call per line | {count:,} URL lines | 1 | — "
                   f"| {1e3 / ns:.1f} M lines/s per CPU second ({ns:.1f} ns a line) |")
    return out


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=11)
    parser.add_argument("--sample", type=int, default=5000, help="lines per corpus for the per-call rows")
    parser.add_argument("--lines", type=int, default=1_000_000, help="lines for validate_many")
    parser.add_argument("--only", choices=["is_valid", "resolve", "hosts", "batch"])
    parser.add_argument("--cxx", default="", help="the irikit_validate_rate program: the C++ rate on the same lines")
    args = parser.parse_args(argv)
    print(f"irikit {irikit.__version__} ({irikit.__file__}), Python {sys.version.split()[0]}, "
          f"rfc3987 {getattr(rfc3987, '__version__', '1.3.8')}, rfc3986 {rfc3986.__version__}, "
          f"idna {idna.package_data.__version__}; {os.cpu_count()} CPUs; reps {args.reps}")
    print()
    print("| operation | dataset | calls | implementation | ns per call (median) | ÷ irikit |")
    print("|---|---|---:|---|---:|---:|")
    if args.only in (None, "is_valid"):
        print("\n".join(bench_is_valid(args.reps, args.sample)))
    if args.only in (None, "resolve"):
        print("\n".join(bench_resolve(args.reps)))
    if args.only in (None, "hosts"):
        print("\n".join(bench_hosts(args.reps, args.sample)))
    if args.only in (None, "batch"):
        print()
        print("| operation | input | threads | wall | CPU |")
        print("|---|---|---|---:|---:|")
        print("\n".join(bench_batch(max(3, args.reps // 2), args.lines, args.cxx)))


if __name__ == "__main__":
    main(sys.argv[1:])

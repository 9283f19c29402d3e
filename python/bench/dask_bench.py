#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""irikit.dask against `iri` (issue 21): the same job — validate a file of N lines and write what
`iri check` prints to a new file — done by `iri check --jobs 1 > FILE` and by the runner's job
(python3 -m irikit.dask, which writes part files) on a LocalCluster of 1 and of 2 single-threaded
worker processes; plus the scheduler's cost per task, for the model in bench/RESULTS.md.

Usage (a release build: cmake --preset release && cmake --build --preset release --target _irikit iri):
  PYTHONPATH=build/release/python /usr/bin/python3 python/bench/dask_bench.py \
      --iri build/release/tools/iri/iri --corpora ../shared/corpora --lines 1000000 --runs 5

The input: every line of url-various-datasets/*.txt, intl/intl_wiki_iri.txt and
intl/intl_mixed_iri.txt, repeated until it has N lines. Before anything is timed, the runner's
output (the part files, concatenated) is compared byte for byte with `iri check`'s stdout. The
clusters are started before timing (their start-up is not part of a job); each round runs the
jobs in a shuffled order (with `iri … > /dev/null` beside them, for reference: no output
written); medians of the wall-clock times are reported, with the load average.
"""

import argparse
import glob
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def build_input(corpora, lines, path):
    files = sorted(glob.glob(os.path.join(corpora, "url-various-datasets", "*.txt")))
    files += [os.path.join(corpora, "intl", n) for n in ("intl_wiki_iri.txt", "intl_mixed_iri.txt")]
    pool = []
    for name in files:
        with open(name, "rb") as f:
            pool += [line for line in f.read().split(b"\n") if line]
    out = (pool * (lines // len(pool) + 1))[:lines]
    with open(path, "wb") as f:
        f.write(b"\n".join(out) + b"\n")
    return len(files), os.path.getsize(path)


def time_iri(iri, path, out=os.devnull):
    """(wall-clock s, CPU s) of `iri check --jobs 1 PATH > OUT`: OUT a new file, as the runner's
    part files are (or /dev/null, which writes nothing)."""
    if out != os.devnull and os.path.exists(out):
        os.unlink(out)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with open(out, "wb") as sink:
        subprocess.run([iri, "check", "--jobs", "1", path], stdout=sink, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _cpu_seconds():
    """User + system CPU seconds of this process (run on each worker)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def runner_job(client, path, out, blocksize):
    """The runner's job (irikit._dask_main.run) on `client`; returns the wall-clock seconds."""
    import dask

    from irikit._dask_main import _options, _parser, run

    shutil.rmtree(out, ignore_errors=True)
    args = _parser().parse_args(["--scheduler", "unused", "validate", path, out, "--blocksize", str(blocksize)])
    options, _ = _options(args)
    cpu_before = sum(client.run(_cpu_seconds).values())
    started = time.perf_counter()
    with dask.config.set(scheduler=client.get):
        run(args, options)
    wall = time.perf_counter() - started
    return wall, sum(client.run(_cpu_seconds).values()) - cpu_before


def task_overhead(client, tasks=2000):
    """Seconds per task of the scheduler: `tasks` tiny independent tasks, end to end."""
    import dask.bag as db

    bag = db.from_sequence(range(tasks), npartitions=tasks).map_partitions(len)
    bag.compute(scheduler=client.get)  # warm
    started = time.perf_counter()
    bag.compute(scheduler=client.get)
    return (time.perf_counter() - started) / tasks


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--iri", required=True)
    p.add_argument("--corpora", required=True)
    p.add_argument("--lines", type=int, default=1_000_000)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--partitions", type=int, default=16, help="partitions of the input (default 16)")
    p.add_argument("--json", help="write the figures here")
    a = p.parse_args()

    import logging

    from distributed import Client, LocalCluster

    tmp = tempfile.mkdtemp(prefix="irikit-dask-bench-")
    try:
        path = os.path.join(tmp, "lines.txt")
        nfiles, size = build_input(a.corpora, a.lines, path)
        blocksize = size // a.partitions + 1
        load_before = os.getloadavg()
        clusters = {}
        for workers in (1, 2):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                                   dashboard_address=None, silence_logs=logging.ERROR)
            clusters[workers] = (cluster, Client(cluster, set_as_default=False))

        # The outputs must be iri's, byte for byte, before anything is timed.
        expected = subprocess.run([a.iri, "check", "--jobs", "1", path], capture_output=True).stdout
        for workers, (_, client) in clusters.items():
            out = os.path.join(tmp, f"out{workers}")
            runner_job(client, path, out, blocksize)  # (also a warm-up)
            parts = sorted(glob.glob(os.path.join(out, "part-*.txt")))
            got = b"".join(open(f, "rb").read() for f in parts)
            assert got == expected, f"{workers} worker(s): the output differs from iri check's"

        times = {"iri --jobs 1": [], "iri --jobs 1 > /dev/null": [], "dask 1 worker": [], "dask 2 workers": []}
        cpu = {name: [] for name in times}
        jobs = {
            "iri --jobs 1": lambda: time_iri(a.iri, path, os.path.join(tmp, "iri-out.txt")),
            "iri --jobs 1 > /dev/null": lambda: time_iri(a.iri, path),
            "dask 1 worker": lambda: runner_job(clusters[1][1], path, os.path.join(tmp, "o1"), blocksize),
            "dask 2 workers": lambda: runner_job(clusters[2][1], path, os.path.join(tmp, "o2"), blocksize),
        }
        rng = random.Random(21)
        for _ in range(a.runs):
            order = list(jobs)
            rng.shuffle(order)
            for name in order:
                wall, seconds = jobs[name]()
                times[name].append(wall)
                cpu[name].append(seconds)
        overhead = statistics.median(task_overhead(clusters[2][1]) for _ in range(3))
        load_after = os.getloadavg()
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    medians = {k: statistics.median(v) for k, v in times.items()}
    cpu_medians = {k: statistics.median(v) for k, v in cpu.items()}
    result = {
        "lines": a.lines,
        "bytes": size,
        "corpus_files": nfiles,
        "partitions": a.partitions,
        "runs": a.runs,
        "load_before": load_before,
        "load_after": load_after,
        "median_s": medians,
        "all_s": times,
        "median_cpu_s": cpu_medians,
        "all_cpu_s": cpu,
        "dask1_cpu_over_iri1_cpu": cpu_medians["dask 1 worker"] / cpu_medians["iri --jobs 1"],
        "speedup_2_over_1": medians["dask 1 worker"] / medians["dask 2 workers"],
        "dask1_over_iri1": medians["dask 1 worker"] / medians["iri --jobs 1"],
        "lines_per_s": {k: a.lines / v for k, v in medians.items()},
        "scheduler_s_per_task": overhead,
    }
    print(f"{a.lines} lines ({size} bytes), {a.partitions} partitions, {a.runs} runs; "
          f"load {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    print("| job | median wall s | lines/s | wall ÷ iri --jobs 1 | median CPU s (workers) | CPU ÷ iri |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, m in medians.items():
        c = cpu_medians[name]
        print(f"| {name} | {m:.3f} | {a.lines / m:,.0f} | {m / medians['iri --jobs 1']:.2f}× | {c:.3f} | "
              f"{c / cpu_medians['iri --jobs 1']:.2f}× |")
    print(f"2 workers vs 1: {result['speedup_2_over_1']:.2f}×; scheduler overhead {overhead * 1e3:.2f} ms per task")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":  # the workers are spawned processes that re-import the main module
    sys.exit(main())

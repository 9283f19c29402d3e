#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""The table of scripts/bench_whatwg.sh: irikit's whatwg can_parse and parse + href against Node's
URL.canParse and new URL(x).href (ada inside), per corpus, median ns per URL, and ratios.

Usage: whatwg_report.py IRIKIT.json NODE.json
IRIKIT.json is Google Benchmark's JSON of irikit_bench_whatwg (with repetitions: the medians are
taken from its aggregates, else from the runs); NODE.json is bench/whatwg_node.mjs --json.
"""
import json
import statistics
import sys

# The native reference: ada 3.x on these corpora, this kind of machine (ns per URL).
ADA_CAN_PARSE = (48, 80)
ADA_HREF = (84, 181)


def irikit_medians(path):
    data = json.load(open(path))
    runs = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        runs.setdefault(b["run_name"], []).append(b)
    out = {}
    for name, rs in runs.items():
        # items_per_second counts URLs; CPU time per URL in ns.
        out[name] = statistics.median(1e9 / r["items_per_second"] for r in rs)
    return out, data.get("context", {})


def main():
    irikit, context = irikit_medians(sys.argv[1])
    node = json.load(open(sys.argv[2]))
    print(f"irikit: {context.get('num_cpus', '?')} CPUs, {context.get('mhz_per_cpu', '?')} MHz; "
          f"Node {node['node']} ({node['reps']} repetitions)")
    print()
    print("| corpus | lines | irikit can_parse | Node URL.canParse | irikit ÷ Node | "
          "irikit parse+href | Node new URL().href | irikit ÷ Node |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for row in node["rows"]:
        c = row["corpus"]
        can = irikit.get(f"whatwg_can_parse/{c}")
        href = irikit.get(f"whatwg_parse_href/{c}")
        if can is None or href is None:
            continue
        print(f"| {c} | {row['lines']} | {can:.0f} | {row['can_parse_ns']:.0f} | "
              f"{can / row['can_parse_ns']:.2f}× | {href:.0f} | {row['href_ns']:.0f} | "
              f"{href / row['href_ns']:.2f}× |")
    print()
    print(f"ada 3.x, native (the issue's figures): can_parse {ADA_CAN_PARSE[0]}–{ADA_CAN_PARSE[1]} ns, "
          f"parse + get_href {ADA_HREF[0]}–{ADA_HREF[1]} ns per URL.")


if __name__ == "__main__":
    main()

# SPDX-License-Identifier: MIT OR Apache-2.0
# Alternates two `iri` binaries running `iri --jobs 1 lint FILE` (bench/RESULTS.md, session 22):
# python3 bench/lint_ab.py OLD NEW FILE RUNS. CPU time (user + system) of each child from getrusage.
import os, resource, statistics, subprocess, sys
old, new, corpus, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
t = {"old": [], "new": []}
for _ in range(runs):
    for name, b in (("old", old), ("new", new)):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([b, "--jobs", "1", "lint", corpus], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        t[name].append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
for k in t:
    print("%s min %.1f ms median %.1f ms" % (k, min(t[k]), statistics.median(t[k])))
print("new/old: min %.3f median %.3f" % (min(t["new"]) / min(t["old"]), statistics.median(t["new"]) / statistics.median(t["old"])))

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""t9dial measured as a program that drives it sees it, beside the anchors, in one run.

- The pipe interface: `t9dial search --stdin --json --limit 20` (and without --json) answering
  QUERIES typed queries (../shared/anchors/make_queries.py) on BOOK; the same run with no input
  is the start-up, subtracted, so what is left is the time a query costs. Wall and CPU time,
  the median of RUNS runs.
- Memory: resident (VmRSS, VmHWM) and anonymous (Pss_Anon of /proc/PID/smaps_rollup), the
  book loaded for search, and in `t9dial try` with the multi-tap index built.
- Idle: the CPU time `t9dial try` spends in 10 s of waiting for a key.
- The anchors, on the same book, queries and machine: the seed tutorial's `contains` scan
  (seed_contains.swift, on the first SEED_QUERIES queries: it takes tens of ms each) and
  Android's SQLite prefix table (aosp_prefix_sqlite.py), with t9dial's ratio to each.

usage: process-bench.py T9DIAL BOOK ANCHORS_DIR WORK_DIR [QUERIES] [RUNS]
"""
import os
import re
import resource
import subprocess
import sys
import time

T9DIAL, BOOK, ANCHORS, WORK = sys.argv[1:5]
QUERIES = int(sys.argv[5]) if len(sys.argv) > 5 else 20000
RUNS = int(sys.argv[6]) if len(sys.argv) > 6 else 5
SEED_QUERIES = 300
os.makedirs(WORK, exist_ok=True)


def run_timed(arguments, stdin_path):
    """Wall and CPU seconds of one run, and the bytes it wrote."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(stdin_path, "rb") as stdin:
        output = subprocess.run(arguments, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, len(output)


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def proc_fields(pid):
    """VmRSS and VmHWM from status, Pss_Anon from smaps_rollup, in MB."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0]) / 1024
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            name, _, value = line.partition(":")
            if name == "Pss_Anon":
                fields[name] = int(value.split()[0]) / 1024
    return fields


def cpu_seconds(pid):
    """User and system time of a process and its threads so far (utime, stime)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


queries = os.path.join(WORK, f"queries-{QUERIES}.txt")
with open(queries, "w") as out:
    subprocess.run([sys.executable, os.path.join(ANCHORS, "make_queries.py"), BOOK, str(QUERIES), "7"], stdout=out, check=True)
empty = os.path.join(WORK, "empty.txt")
open(empty, "w").close()
search = [T9DIAL, "search", "--stdin", "--limit", "20", "--contacts", BOOK, "--config", "/dev/null"]

print(f"t9dial as a program drives it: {QUERIES} typed queries on {os.path.basename(BOOK)}, median of {RUNS} runs")
print("  what                                  start-up    a query (wall)   a query (CPU)   output")
figures = {}
for name, arguments in (("search --stdin --json --limit 20", search + ["--json"]), ("search --stdin --limit 20 (text)", search)):
    loads, fulls, size = [], [], 0
    for _ in range(RUNS):
        loads.append(run_timed(arguments, empty))
        fulls.append(run_timed(arguments, queries))
        size = fulls[-1][2]
    load_wall, load_cpu = median([w for w, _, _ in loads]), median([c for _, c, _ in loads])
    query_wall = (median([w for w, _, _ in fulls]) - load_wall) / QUERIES * 1e6
    query_cpu = (median([c for _, c, _ in fulls]) - load_cpu) / QUERIES * 1e6
    figures[name] = query_wall
    print(f"  {name:36s} {load_wall * 1000:7.0f} ms  {query_wall:10.1f} µs  {query_cpu:12.1f} µs  {size / 1e6:6.1f} MB"
          f" ({size / 1e6 / (query_wall * QUERIES / 1e6):.0f} MB/s)")

# Memory and idle: a search process with the book loaded; then try, with the multi-tap index.
with subprocess.Popen(search + ["--json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as process:
    process.stdin.write(b"2\n")
    process.stdin.flush()
    process.stdout.readline()
    loaded = proc_fields(process.pid)
    process.stdin.close()
    process.wait()
print(f"  memory, search with the book loaded: resident {loaded['VmRSS']:.1f} MB (peak {loaded['VmHWM']:.1f} MB),"
      f" anonymous (Pss_Anon) {loaded['Pss_Anon']:.1f} MB")
with subprocess.Popen([T9DIAL, "try", "--contacts", BOOK, "--config", "/dev/null"], stdin=subprocess.PIPE,
                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as process:
    process.stdin.write(b"2")
    process.stdin.flush()
    time.sleep(5)  # the first screen, and the multi-tap index built on its thread
    running = proc_fields(process.pid)
    idle_start = cpu_seconds(process.pid)
    time.sleep(10)
    idle = cpu_seconds(process.pid) - idle_start
    process.stdin.close()
    process.wait()
print(f"  memory, try with the multi-tap index: resident {running['VmRSS']:.1f} MB (peak {running['VmHWM']:.1f} MB),"
      f" anonymous (Pss_Anon) {running['Pss_Anon']:.1f} MB")
print(f"  idle: {idle:.2f} s of CPU in 10 s of waiting for a key ({idle * 10:.1f}% of a core)")

# The anchors.
seed_binary = os.path.join(WORK, "seed_contains")
if not os.path.exists(seed_binary) or os.path.getmtime(seed_binary) < os.path.getmtime(os.path.join(ANCHORS, "seed_contains.swift")):
    subprocess.run(["swiftc", "-O", os.path.join(ANCHORS, "seed_contains.swift"), "-o", seed_binary], check=True,
                   stdout=subprocess.DEVNULL)
seed_queries = os.path.join(WORK, f"queries-seed-{SEED_QUERIES}.txt")
with open(queries) as source, open(seed_queries, "w") as out:
    out.writelines(source.readlines()[:SEED_QUERIES])
seed = subprocess.run([seed_binary, BOOK, seed_queries], stdout=subprocess.PIPE, text=True, check=True).stdout
sqlite = subprocess.run([sys.executable, os.path.join(ANCHORS, "aosp_prefix_sqlite.py"), BOOK, queries], stdout=subprocess.PIPE,
                        text=True, check=True).stdout
seed_us = float(re.search(r"median_us=(\d+)", seed).group(1))
sqlite_us = float(re.search(r"mean_us=(\d+)", sqlite).group(1))
print("anchors, same book, queries and machine:")
print(f"  the seed tutorial's contains scan (first {SEED_QUERIES} queries): median {seed_us / 1000:.1f} ms a query ({seed.strip()})")
print(f"  Android's SQLite prefix table, unranked, in process: mean {sqlite_us:.0f} µs a query ({sqlite.strip()})")
pipe = figures["search --stdin --json --limit 20"]
print(f"ratios: search --stdin --json --limit 20 at {pipe:.1f} µs a query, whole process, ranked, highlighted, as JSON, is")
print(f"  {seed_us / pipe:,.0f}x the seed's scan, and {sqlite_us / pipe:.2f}x the SQLite table's in-process mean")

#!/usr/bin/env python3
"""Compares two BenchmarkDotNet runs of the same suite, before and after a library's conversion (issue 21).

    python3 eng/RealLibraries/compare-benchmarks.py <before>/results <after>/results [--markdown]

Reads every `*-report.csv` BenchmarkDotNet wrote in each folder (any suite: the columns it needs are `Method`, `Mean`,
`Error`, `Allocated` and the parameter columns between `Job`-settings and `Mean`), pairs the rows by class, method and
parameters, and prints per row: mean before and after with their 99.9% error, the ratio after/before, allocated bytes
before and after, and a verdict:
- `slower` when the after interval lies wholly above the before interval (mean - error > mean + error),
- `faster` when it lies wholly below,
- `same` when the intervals overlap (within the error bars).
Rows present on one side only are listed at the end. Nothing here knows any library: it reads BenchmarkDotNet's output.
"""
import csv
import glob
import os
import re
import sys

UNITS = {"ns": 1.0, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
SIZES = {"B": 1, "KB": 1024, "MB": 1024 * 1024, "GB": 1024 ** 3}

# BenchmarkDotNet's job and environment columns: everything else before Mean is a parameter of the benchmark.
JOB_COLUMNS = {
    "Method", "Job", "AnalyzeLaunchVariance", "EvaluateOverhead", "MaxAbsoluteError", "MaxRelativeError", "MinInvokeCount",
    "MinIterationTime", "OutlierMode", "Affinity", "EnvironmentVariables", "Jit", "LargeAddressAware", "Platform",
    "PowerPlanMode", "Runtime", "AllowVeryLargeObjects", "Concurrent", "CpuGroups", "Force", "HeapAffinitizeMask",
    "HeapCount", "NoAffinitize", "RetainVm", "Server", "Arguments", "BuildConfiguration", "Clock", "EngineFactory",
    "NuGetReferences", "Toolchain", "IsMutator", "InvocationCount", "IterationCount", "IterationTime", "LaunchCount",
    "MaxIterationCount", "MaxWarmupIterationCount", "MemoryRandomization", "MinIterationCount", "MinWarmupIterationCount",
    "RunStrategy", "UnrollFactor", "WarmupCount", "Categories",
}


def duration(text):
    """'1,234.5 ns' -> nanoseconds (None for NA or an empty cell)."""
    match = re.match(r"^\s*([\d,.]+)\s*(\S+)\s*$", text or "")
    if not match or match.group(2) not in UNITS:
        return None
    return float(match.group(1).replace(",", "")) * UNITS[match.group(2)]


def size(text):
    """'1,024 B' / '1.5 KB' -> bytes ('-' and empty are 0, as BenchmarkDotNet writes no allocation)."""
    match = re.match(r"^\s*([\d,.]+)\s*(\S+)\s*$", text or "")
    if not match or match.group(2) not in SIZES:
        return 0
    return float(match.group(1).replace(",", "")) * SIZES[match.group(2)]


def load(folder):
    rows = {}
    for path in sorted(glob.glob(os.path.join(folder, "*-report.csv"))):
        suite = os.path.basename(path)[: -len("-report.csv")].split(".")[-1]
        with open(path, newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle)
            columns = reader.fieldnames or []
            parameters = [c for c in columns[: columns.index("Mean")] if c not in JOB_COLUMNS] if "Mean" in columns else []
            for row in reader:
                key = (suite, row["Method"], ", ".join(f"{p}={row[p]}" for p in parameters))
                rows[key] = (duration(row.get("Mean")), duration(row.get("Error")), size(row.get("Allocated")))
    return rows


def short(nanoseconds):
    if nanoseconds is None:
        return "NA"
    for unit, scale in (("ms", 1e6), ("μs", 1e3)):
        if nanoseconds >= scale * 10:
            return f"{nanoseconds / scale:,.1f} {unit}"
    return f"{nanoseconds:,.1f} ns"


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    before, after = load(argv[1]), load(argv[2])
    print("| Benchmark | Parameters | Before (± error) | After (± error) | After / before | Allocated before → after | Verdict |")
    print("|---|---|---:|---:|---:|---:|---|")
    counts = {"slower": 0, "faster": 0, "same": 0, "NA": 0}
    for key in sorted(set(before) & set(after)):
        (b_mean, b_err, b_alloc), (a_mean, a_err, a_alloc) = before[key], after[key]
        if b_mean is None or a_mean is None:
            verdict, ratio = "NA", "NA"
        else:
            b_err, a_err = b_err or 0.0, a_err or 0.0
            ratio = f"{a_mean / b_mean:.2f}"
            verdict = "slower" if a_mean - a_err > b_mean + b_err else "faster" if a_mean + a_err < b_mean - b_err else "same"
        counts[verdict] += 1
        print(f"| {key[0]}.{key[1]} | {key[2] or '-'} | {short(b_mean)} ± {short(b_err)} | {short(a_mean)} ± {short(a_err)} | "
              f"{ratio} | {b_alloc:,.0f} → {a_alloc:,.0f} B | {verdict} |")
    print()
    print(f"{sum(counts.values())} benchmarks: {counts['faster']} faster, {counts['same']} within the error bars, "
          f"{counts['slower']} slower, {counts['NA']} not measured")
    for side, rows, other in (("before", before, after), ("after", after, before)):
        for key in sorted(set(rows) - set(other)):
            print(f"only {side}: {key[0]}.{key[1]} {key[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

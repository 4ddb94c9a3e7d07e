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

    python3 eng/RealLibraries/compare-benchmarks.py <before1>/results,<before2>/results,... <after1>/results,<after2>/results,...

Several rounds (comma-separated folders, the same number on each side, round k of "before" run next to round k of
"after"): one machine's timings differ from one process to the next by more than a benchmark's own error bars, so one
pair of runs cannot tell a change from that. Each round is compared as above; a row is then `slower` (or `faster`) only
when it is so in every round, `mixed` when rounds disagree (one slower, another faster), `same` otherwise; the table gives
the median of each side's means, their ratio, and each round's ratio.
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


def verdict_of(before, after):
    """slower / faster / same for one round's pair of (mean, error, allocated), or NA."""
    (b_mean, b_err, _), (a_mean, a_err, _) = before, after
    if b_mean is None or a_mean is None:
        return "NA"
    b_err, a_err = b_err or 0.0, a_err or 0.0
    return "slower" if a_mean - a_err > b_mean + b_err else "faster" if a_mean + a_err < b_mean - b_err else "same"


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    befores, afters = [load(f) for f in argv[1].split(",")], [load(f) for f in argv[2].split(",")]
    if len(befores) != len(afters):
        print("as many 'before' rounds as 'after' rounds, please", file=sys.stderr)
        return 2
    if len(befores) == 1:
        return single(befores[0], afters[0])
    keys = sorted(set.intersection(*(set(r) for r in befores + afters)))
    print("| Benchmark | Parameters | Before, median | After, median | After / before | Each round | Allocated before → after | Verdict |")
    print("|---|---|---:|---:|---:|---|---:|---|")
    counts = {"slower": 0, "faster": 0, "same": 0, "mixed": 0, "NA": 0}
    for key in keys:
        pairs = [(b[key], a[key]) for b, a in zip(befores, afters)]
        verdicts = [verdict_of(b, a) for b, a in pairs]
        if "NA" in verdicts:
            verdict = "NA"
        elif all(v == "slower" for v in verdicts) or all(v == "faster" for v in verdicts):
            verdict = verdicts[0]
        elif "slower" in verdicts and "faster" in verdicts:
            verdict = "mixed"
        else:
            verdict = "same"
        counts[verdict] += 1
        b_median = median([b[0] for b, _ in pairs if b[0] is not None] or [0])
        a_median = median([a[0] for _, a in pairs if a[0] is not None] or [0])
        rounds = ", ".join(f"{a[0] / b[0]:.2f}" if a[0] and b[0] else "NA" for b, a in pairs)
        allocations = sorted({f"{b[2]:,.0f} → {a[2]:,.0f} B" for b, a in pairs})
        ratio = f"{a_median / b_median:.2f}" if b_median else "NA"
        print(f"| {key[0]}.{key[1]} | {key[2] or '-'} | {short(b_median)} | {short(a_median)} | {ratio} | {rounds} | "
              f"{'; '.join(allocations)} | {verdict} |")
    print()
    print(f"{sum(counts.values())} benchmarks, {len(befores)} rounds: {counts['faster']} faster in every round, "
          f"{counts['slower']} slower in every round, {counts['mixed']} mixed, {counts['same']} within the error bars "
          f"in at least one round, {counts['NA']} not measured")
    return 0


def single(before, after):
    print("| Benchmark | Parameters | Before (± error) | After (± error) | After / before | Allocated before → after | Verdict |")
    print("|---|---|---:|---:|---:|---:|---|")
    counts = {"slower": 0, "faster": 0, "same": 0, "NA": 0}
    for key in sorted(set(before) & set(after)):
        (b_mean, b_err, b_alloc), (a_mean, a_err, a_alloc) = before[key], after[key]
        verdict = verdict_of(before[key], after[key])
        ratio = f"{a_mean / b_mean:.2f}" if verdict != "NA" else "NA"
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

#!/usr/bin/env python3
"""Summarizes PWR001 reports (Prewired.RealCode's CoverageAnalyzer) from compiler SARIF logs into markdown tables.

Usage: summarize.py NAME=file.sarif [NAME=file.sarif ...]
Each argument names a library and the SARIF 2.1 error log of its build (ErrorLog=file.sarif,version=2.1).
"""
import collections
import json
import sys


def reports(path):
    with open(path, encoding="utf-8-sig") as f:
        log = json.load(f)
    seen = set()
    for run in log.get("runs", []):
        for result in run.get("results", []):
            if result.get("ruleId") != "PWR001":
                continue
            location = result["locations"][0]["physicalLocation"]
            key = (location["artifactLocation"]["uri"], location["region"]["startLine"], location["region"].get("startColumn"))
            if key in seen:
                continue  # a multi-targeted build reports a method once per target
            seen.add(key)
            verdict, category, method = result["message"]["text"].split("|", 2)
            yield verdict, category, method


def main(arguments):
    libraries = [a.split("=", 1) for a in arguments]
    totals = {}
    reasons = collections.Counter()
    reason_by_library = collections.defaultdict(collections.Counter)
    for name, path in libraries:
        counts = collections.Counter()
        for verdict, category, _ in reports(path):
            counts[verdict] += 1
            if verdict == "other":
                counts["other:" + category] += 1
            if verdict == "forward":
                reasons[category] += 1
                reason_by_library[category][name] += 1
        totals[name] = counts

    print("| Library | Async methods with awaits | Split | Forwarded | Split % | Not candidates (async void / iterators / other) | Async local functions (not classified) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    all_split = all_candidates = 0
    for name, counts in totals.items():
        candidates = counts["split"] + counts["forward"]
        all_split += counts["split"]
        all_candidates += candidates
        others = counts["other"] - counts["other:async local function"]
        share = 100.0 * counts["split"] / candidates if candidates else 0.0
        print(f"| {name} | {candidates} | {counts['split']} | {counts['forward']} | {share:.1f}% | {others} | {counts['other:async local function']} |")
    if len(totals) > 1 and all_candidates:
        print(f"| **All** | {all_candidates} | {all_split} | {all_candidates - all_split} | {100.0 * all_split / all_candidates:.1f}% | | |")

    print()
    names = [name for name, _ in libraries]
    print("| Why forwarded (first blocker) | " + " | ".join(names) + " | Total |")
    print("|---|" + "---:|" * (len(names) + 1))
    for reason, count in reasons.most_common():
        print(f"| {reason} | " + " | ".join(str(reason_by_library[reason][n]) for n in names) + f" | {count} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])

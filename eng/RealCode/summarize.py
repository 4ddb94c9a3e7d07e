#!/usr/bin/env python3
"""Summarizes Prewired.RealCode's reports (PWR001-PWR003) from compiler SARIF logs into markdown tables.

Usage: summarize.py NAME=file.sarif [NAME=file.sarif ...]
Each argument names a library and the SARIF 2.1 error log of its build (ErrorLog=file.sarif,version=2.1).
"""
import collections
import json
import sys


def results(path, rule):
    with open(path, encoding="utf-8-sig") as f:
        log = json.load(f)
    seen = set()
    for run in log.get("runs", []):
        for result in run.get("results", []):
            if result.get("ruleId") != rule:
                continue
            locations = result.get("locations") or [{}]
            location = locations[0].get("physicalLocation", {})
            key = (location.get("artifactLocation", {}).get("uri"), location.get("region", {}).get("startLine"),
                   location.get("region", {}).get("startColumn"), result["message"]["text"] if not location else "")
            if key in seen:
                continue  # a multi-targeted build reports a method once per target
            seen.add(key)
            yield location, result["message"]["text"]


# Split methods carry the context guard when the generator cannot prove their synchronous part leaves both contexts
# alone; the reasons table lists the members that kept it (the innermost of a same-compilation call chain).
TOP_GUARD_REASONS = 15


def guarded_share(counts):
    return f"{100.0 * counts['guarded'] / counts['split']:.1f}%" if counts["split"] else "-"


def where(location):
    uri = location.get("artifactLocation", {}).get("uri", "?")
    return f"{uri.rsplit('/', 1)[-1]}({location.get('region', {}).get('startLine', '?')})"


def main(arguments):
    libraries = [a.split("=", 1) for a in arguments]
    names = [name for name, _ in libraries]
    totals = {}
    reasons = collections.defaultdict(collections.Counter)
    others = collections.defaultdict(collections.Counter)
    guards = collections.defaultdict(collections.Counter)
    problems = []
    for name, path in libraries:
        counts = collections.Counter()
        for _, text in results(path, "PWR001"):
            # verdict|category|Type.Method: a category may hold '|' (the reason quotes C#), a method name never does.
            verdict, rest = text.split("|", 1)
            category = rest.rsplit("|", 1)[0]
            counts[verdict] += 1
            if verdict in ("forward", "error"):
                reasons[(verdict, category)][name] += 1
            elif verdict == "other":
                others[category][name] += 1
            elif verdict == "split" and category.startswith("guarded: "):
                counts["guarded"] += 1
                guards[category[len("guarded: "):]][name] += 1
        totals[name] = counts
        for location, text in results(path, "PWR002"):
            problems.append(f"- {name}: {where(location)}: {text}")
        for _, text in results(path, "PWR003"):
            problems.append(f"- {name}: tool: {text}")

    print("| Library | Async methods with awaits | Split | Forwarded | Generated code in error | Split % | Split and guarded | Guarded % of split |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    all_counts = collections.Counter()
    for name, counts in totals.items():
        candidates = counts["split"] + counts["forward"] + counts["error"]
        all_counts.update(counts)
        share = 100.0 * counts["split"] / candidates if candidates else 0.0
        print(f"| {name} | {candidates} | {counts['split']} | {counts['forward']} | {counts['error']} | {share:.1f}% | {counts['guarded']} | {guarded_share(counts)} |")
    if len(totals) > 1:
        candidates = all_counts["split"] + all_counts["forward"] + all_counts["error"]
        share = 100.0 * all_counts["split"] / candidates if candidates else 0.0
        print(f"| **All** | {candidates} | {all_counts['split']} | {all_counts['forward']} | {all_counts['error']} | {share:.1f}% | {all_counts['guarded']} | {guarded_share(all_counts)} |")

    print()
    print("| Not split: why (the first reason) | " + " | ".join(names) + " | Total |")
    print("|---|" + "---:|" * (len(names) + 1))
    for (verdict, category), by_library in sorted(reasons.items(), key=lambda item: -sum(item[1].values())):
        label = (category if verdict == "forward" else f"error: {category}").replace("|", "\\|")
        print(f"| {label} | " + " | ".join(str(by_library[n]) for n in names) + f" | {sum(by_library.values())} |")

    print()
    print(f"| Guarded: the member that kept the guard (top {TOP_GUARD_REASONS}) | " + " | ".join(names) + " | Total |")
    print("|---|" + "---:|" * (len(names) + 1))
    ranked = sorted(guards.items(), key=lambda item: (-sum(item[1].values()), item[0]))
    for culprit, by_library in ranked[:TOP_GUARD_REASONS]:
        print(f"| {culprit.replace('|', chr(92) + '|')} | " + " | ".join(str(by_library[n]) for n in names) + f" | {sum(by_library.values())} |")
    if len(ranked) > TOP_GUARD_REASONS:
        rest = collections.Counter()
        for _, by_library in ranked[TOP_GUARD_REASONS:]:
            rest.update(by_library)
        print(f"| ({len(ranked) - TOP_GUARD_REASONS} other members) | " + " | ".join(str(rest[n]) for n in names) + f" | {sum(rest.values())} |")

    print()
    print("| Not classified | " + " | ".join(names) + " | Total |")
    print("|---|" + "---:|" * (len(names) + 1))
    for category, by_library in sorted(others.items(), key=lambda item: -sum(item[1].values())):
        print(f"| {category.replace('|', chr(92) + '|')} | " + " | ".join(str(by_library[n]) for n in names) + f" | {sum(by_library.values())} |")

    if problems:
        print()
        print("Generated code in error, generator exceptions and tool problems (PWR002, PWR003):")
        print("\n".join(problems))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])

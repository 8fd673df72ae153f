#!/usr/bin/env python3
"""The fuzz properties of tests/test_fuzz.py, run for minutes instead of seconds.

Each round runs every property once with fresh random examples (not derandomized, no example
database); rounds repeat until the time budget is spent. A property that fails is reported once
(hypothesis prints the shrunk, falsifying example) and not run again. At the end: the number of
cases run per property, and the failures.

    /work/venv/bin/python bench/fuzz_long.py                 # 5 minutes
    /work/venv/bin/python bench/fuzz_long.py --minutes 30 --only mutated_real_files
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
import traceback
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, settings  # noqa: E402

from tests import test_fuzz  # noqa: E402

LONG = settings(deadline=None, derandomize=False, database=None,
                suppress_health_check=list(HealthCheck), print_blob=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="time budget (default 5)")
    parser.add_argument("--examples", type=int, default=200, help="examples per property per round")
    parser.add_argument("--only", help="comma-separated property names: " + ", ".join(test_fuzz.PROPERTIES))
    args = parser.parse_args(argv)
    names = list(test_fuzz.PROPERTIES)
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in test_fuzz.PROPERTIES]
        if unknown:
            parser.error(f"unknown properties: {', '.join(unknown)}")
    warnings.simplefilter("ignore", SyntaxWarning)  # bug 6 in the engine notes; noise here

    counts = {name: 0 for name in names}
    failures: dict[str, str] = {}
    deadline = time.monotonic() + args.minutes * 60
    rounds = 0

    def counting(name):
        def wrap(function):
            @functools.wraps(function)  # hypothesis reads the signature
            def counted(*a, **k):
                counts[name] += 1
                return function(*a, **k)
            return counted
        return wrap

    while time.monotonic() < deadline:
        live = [n for n in names if n not in failures]
        if not live:
            break
        rounds += 1
        for name in live:
            if time.monotonic() >= deadline:
                break
            test = test_fuzz.build(name, LONG, args.examples, wrap=counting(name))
            started = time.monotonic()
            try:
                test()
            except Exception:
                failures[name] = traceback.format_exc(limit=3)
                print(f"\n=== {name} FAILED ===\n{failures[name]}", flush=True)
            print(f"round {rounds}: {name}: {counts[name]:,} cases so far "
                  f"({time.monotonic() - started:5.1f} s this round)", flush=True)

    total = sum(counts.values())
    print(f"\n{total:,} cases run in {rounds} round(s), {args.minutes:g} minute budget:")
    for name in names:
        state = "FAILED" if name in failures else "ok"
        print(f"  {name:48} {counts[name]:8,d}  {state}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

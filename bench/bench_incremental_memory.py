"""Memory of an open document's incremental analysis over many edits. Not a test.

Keeps one `jaxerr_lsp.engine.incremental.Document` on the generated 10,000-line module of
bench_server_latency.py and edits it again and again, as the server's worker does (collecting
garbage after each analysis, as the worker does between jobs): a number typed in a function,
a comment on a blank line, a line added and removed, each at a different place of the file
in turn. Prints the process's resident memory every `--every` edits and its growth from the
first report to the last: flat means nothing accumulates per edit.

Usage: .venv/bin/python bench/bench_incremental_memory.py [--edits 10000] [--lines 10000]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server_latency import generate  # noqa: E402

from jaxerr_lsp.engine.incremental import Document  # noqa: E402
from jaxerr_lsp.server.worker import collect_garbage  # noqa: E402


def resident_mb() -> float:
    with open(f"/proc/{os.getpid()}/statm") as handle:
        pages = int(handle.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=10_000)
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1_000)
    args = parser.parse_args()
    gc.disable()  # as in the worker process: only `collect_garbage` collects

    lines = generate(args.lines).split("\n")
    document = Document()
    path = "/tmp/jaxerr_bench_incremental_memory.py"
    started = time.perf_counter()
    document.analyze("\n".join(lines), None, path)
    print(f"file: {args.lines} lines; first analysis {time.perf_counter() - started:.2f} s, "
          f"resident {resident_mb():.1f} MB")
    reports: list[float] = []
    added: int | None = None  # where the added line is, if one is
    spent = 0.0
    for k in range(1, args.edits + 1):
        # Each edit applies to the text as the last one left it (as typing does); each undoes
        # itself later, so the file stays the same size.
        kind = k % 3
        if kind == 0:
            inside = [i for i, line in enumerate(lines) if line.startswith("    return h * ")]
            at = inside[(k * 7) % len(inside)]
            lines[at] = lines[at][:-1] if lines[at].endswith("1") else lines[at] + "1"
        elif kind == 1:
            blanks = [i for i, line in enumerate(lines) if line in ("", "# note")]
            at = blanks[(k * 11) % len(blanks)]
            lines[at] = "" if lines[at] else "# note"
        elif added is None:
            inside = [i for i, line in enumerate(lines) if line.startswith("    return h * ")]
            added = inside[(k * 5) % len(inside)]
            lines.insert(added, "    h = h + 0")
        else:
            del lines[added]
            added = None
        text = "\n".join(lines)
        before = time.perf_counter()
        document.analyze(text, None, path)
        spent += time.perf_counter() - before
        collect_garbage()  # what the worker does between jobs, off the diagnostics' path
        if k % args.every == 0:
            reports.append(resident_mb())
            print(f"after {k:6d} edits: resident {reports[-1]:7.1f} MB, "
                  f"analysis {spent / k * 1000:.1f} ms per edit on average "
                  f"(last: {document.stats.analysed} of {document.stats.slices} slices analysed)")
    if len(reports) >= 2:
        print(f"growth from the first report to the last: {reports[-1] - reports[0]:+.1f} MB "
              f"over {args.edits - args.every} edits")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

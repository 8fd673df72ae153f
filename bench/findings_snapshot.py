#!/usr/bin/env python3
"""Every finding of the engine over a set of files, dumped to JSON: not a test, a guard.

Run it on two commits and compare the dumps: a change meant only to make the analysis faster
must leave them identical.

    python bench/findings_snapshot.py out.json                    # tests/cases, examples, corpus
    python bench/findings_snapshot.py out.json --corpus-every 6   # a sample of the corpus
    python bench/findings_snapshot.py out.json --compare base.json
    python bench/findings_snapshot.py --diff a.json b.json        # compare two dumps only

Each file is analysed twice: as it is (`analyze`, `outgoing=True`) and with every rule forced
on (a comment naming every rule's trigger word appended, as `bench_corpus.py`'s forced pass),
and its module summary is computed (`exported`). Per file the dump holds every finding (line,
column, code, message, related, severity, data, predicted), the notes, the inferred
structures, the outgoing facts and the summary's repr. The files are read from the given roots
(default: tests/cases, examples, bench/.corpus/src); the work is split over processes
(`--jobs`). PYTHONHASHSEED is fixed (the script runs itself again with it set) so that two
runs iterate sets alike.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEED = "0"


def _files(roots: list[Path], corpus: Path, every: int) -> list[Path]:
    found: list[Path] = []
    for root in roots:
        found.extend(sorted(root.rglob("*.py")))
    if corpus.is_dir():
        found.extend(sorted(corpus.rglob("*.py"))[::every])
    return found


def _trailer() -> str:
    from jaxerr_lsp.engine.registry import all_rules

    triggers = sorted({t for rule in all_rules() for t in rule.triggers})
    return f"\n# jaxerr bench: {' '.join(triggers)}\n"


def _analysis_json(analysis: Any) -> dict[str, Any]:
    return {
        "findings": [f.to_json() for f in analysis.findings],
        "notes": [note.splitlines()[0] for note in analysis.notes],
        "inferred": [[*s.span.as_list(), s.structure] for s in analysis.inferred],
        "outgoing": [repr(o) for o in analysis.outgoing],
        "parsed_fully": analysis.parsed_fully,
        "syntax_error": analysis.syntax_error,
    }


def snapshot_file(job: tuple[str, str]) -> tuple[str, dict[str, Any]]:
    """The entry of one file, `job` = (where it is, the name it is analysed and dumped under:
    its path relative to its checkout, so that two checkouts compare)."""
    from jaxerr_lsp.engine.run import analyze, exported

    path, name = job
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError) as error:
        return name, {"unreadable": repr(error)}
    plain = analyze(text, path=name, outgoing=True)
    forced = analyze(text + _trailer(), path=name, outgoing=True)
    return name, {"plain": _analysis_json(plain), "forced": _analysis_json(forced),
                  "exported": repr(exported(text, None))}


def compare(a: dict[str, Any], b: dict[str, Any]) -> int:
    """Print the files whose entries differ; the number of them."""
    differing = 0
    for path in sorted(set(a) | set(b)):
        if a.get(path) != b.get(path):
            differing += 1
            print(f"DIFFERS: {path}")
            left, right = a.get(path) or {}, b.get(path) or {}
            for key in sorted(set(left) | set(right)):
                if left.get(key) != right.get(key):
                    print(f"  {key}:\n    - {json.dumps(left.get(key))[:2000]}\n"
                          f"    + {json.dumps(right.get(key))[:2000]}")
    print(f"{len(set(a) | set(b))} files, {differing} differ")
    return differing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", type=Path)
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--corpus", type=Path, default=ROOT / "bench" / ".corpus" / "src")
    parser.add_argument("--corpus-every", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--compare", type=Path, help="a dump to compare the new one with")
    parser.add_argument("--diff", nargs=2, type=Path, help="only compare two dumps")
    options = parser.parse_args()
    if options.diff:
        first, second = (json.loads(p.read_text()) for p in options.diff)
        return 1 if compare(first, second) else 0
    if options.output is None:
        parser.error("an output file is needed")
    if os.environ.get("PYTHONHASHSEED") != SEED:
        os.environ["PYTHONHASHSEED"] = SEED
        os.execv(sys.executable, [sys.executable, *sys.argv])
    roots = options.roots or [ROOT / "tests" / "cases", ROOT / "examples"]
    files = _files(roots, options.corpus, options.corpus_every)
    import jaxerr_lsp

    print(f"jaxerr_lsp from {Path(jaxerr_lsp.__file__).parent}; {len(files)} files")
    jobs = [(str(p), _relative(p, options.corpus)) for p in files]
    with ProcessPoolExecutor(options.jobs) as pool:
        shown = dict(pool.map(snapshot_file, jobs, chunksize=8))
    options.output.write_text(json.dumps(shown, indent=1, sort_keys=True))
    findings = sum(len(e.get(k, {}).get("findings", [])) for e in shown.values()
                   for k in ("plain", "forced"))
    print(f"{len(shown)} files, {findings} findings -> {options.output}")
    if options.compare:
        return 1 if compare(json.loads(options.compare.read_text()), shown) else 0
    return 0


def _relative(path: Path, corpus: Path) -> str:
    resolved = path.resolve()
    if resolved.is_relative_to(corpus.resolve()):
        return f"corpus/{resolved.relative_to(corpus.resolve())}"
    for base in (ROOT, Path.cwd()):
        if resolved.is_relative_to(base):
            return str(resolved.relative_to(base))
    return str(path)


if __name__ == "__main__":
    raise SystemExit(main())

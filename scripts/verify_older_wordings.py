#!/usr/bin/env python3
"""Check the catalog's older JAX wordings (`[[older]]`) against the JAX releases they name.

For every older wording and every release of CHECKED_RELEASES inside its `versions` range, the
script downloads that release of `jax` (`pip download jax==<v> --no-deps`: pure-Python wheels or
sdists), and finds each fixed part of the template in the string literals of the wording's
`files` (with its `binds` written into the f-string fields they name). It also reports, for
the checked releases just outside the range, whether the wording is absent there (a range that
could start earlier or end later is reported, not an error).

It writes what it found to tests/data/older_wordings_verified.json: per wording, per release,
the file, line and exact text of the source lines holding each fixed part. The test suite
checks that record against the catalog without the network (tests/test_older_wordings.py).

    scripts/verify_older_wordings.py                 # verify and write the record
    scripts/verify_older_wordings.py --scan          # show which checked releases hold each wording
    scripts/verify_older_wordings.py --releases 0.4.1,0.4.7 --cache /tmp/oldjax

Needs the network (PyPI, through pip) unless the cache already holds the releases.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jaxerr_lsp.errors.catalog import load_catalog, template_parts  # noqa: E402
from jaxerr_lsp.errors.older_wordings import OlderWording, parse_version, version_in_range  # noqa: E402

# The releases the record covers: every range's first and last release must be among them.
CHECKED_RELEASES = (
    "0.1.20", "0.1.40", "0.1.60", "0.1.66", "0.1.67", "0.1.69", "0.1.76", "0.1.77", "0.2.0", "0.2.5", "0.2.6", "0.2.8",
    "0.2.9", "0.2.10", "0.2.11", "0.2.13", "0.2.18", "0.2.19", "0.2.20", "0.2.24", "0.2.28",
    "0.3.25", "0.4.1", "0.4.6", "0.4.7", "0.4.13", "0.4.14", "0.4.20", "0.4.21", "0.4.25",
    "0.4.26", "0.4.30", "0.4.31", "0.4.32", "0.4.33", "0.4.34", "0.4.35", "0.4.38", "0.5.0", "0.5.3",
    "0.6.0", "0.7.0", "0.8.1", "0.8.2", "0.9.0", "0.9.0.1", "0.9.1", "0.10.0", "0.10.2", "0.11.0", "0.11.1", "0.11.2", "0.12.0",
)
# Shorter fixed parts (a lone "." or ", ") prove nothing: they are found anywhere.
MIN_PART = 3
DEFAULT_OUT = ROOT / "tests" / "data" / "older_wordings_verified.json"
_WS = re.compile(r"\s+")
# A string literal on one line (with an optional r/b/u/f prefix); its contents are group 2.
_LITERAL = re.compile(r"""(?<![A-Za-z0-9_])[rRbBuUfF]{0,2}("|')((?:\\.|(?!\1).)*)\1""")


def squash(text: str) -> str:
    return _WS.sub("", text)


def literal_parts(template: str) -> list[str]:
    """The template's fixed parts, line by line, white space removed: what must be found in
    the source (JAX often assembles a message from lines written apart, `'\\n'.join(msg)`)."""
    return [s for kind, value in template_parts(template) if kind == "text"
            for line in value.split("\n") if len(s := squash(line)) >= MIN_PART]


# ------------------------------------------------------------------------------ releases
def fetch(release: str, cache: Path) -> Path:
    """The unpacked `jax` package of that release (downloaded once into `cache`)."""
    root = cache / "src" / release
    if (root / "jax").is_dir():
        return root
    downloads = cache / "dl"
    downloads.mkdir(parents=True, exist_ok=True)
    archives = _archives(downloads, release)
    if not archives:
        subprocess.run([sys.executable, "-m", "pip", "download", f"jax=={release}", "--no-deps", "-q",
                        "-d", str(downloads)], check=True)
        archives = _archives(downloads, release)
    if not archives:
        raise SystemExit(f"pip found no jax {release}")
    root.mkdir(parents=True, exist_ok=True)
    archive = archives[0]
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as wheel:
            wheel.extractall(root)
    else:
        with tarfile.open(archive) as sdist:
            for member in sdist.getmembers():
                parts = member.name.split("/", 1)
                if len(parts) == 2 and parts[1].startswith("jax/") and member.isfile():
                    member.name = parts[1]
                    sdist.extract(member, root, filter="data")
    return root


def _archives(directory: Path, release: str) -> list[Path]:
    return sorted(p for p in directory.glob(f"jax-{release}[-.]*")
                  if p.name.startswith((f"jax-{release}-", f"jax-{release}.tar")))


# ------------------------------------------------------------------------------ finding the text
def source_file(root: Path, name: str) -> Path | None:
    """`name` in the release, or the same module before/after its move to jax/_src/."""
    candidates = [name]
    if name.startswith("jax/_src/"):
        candidates.append("jax/" + name[len("jax/_src/"):])
    elif name.startswith("jax/"):
        candidates.append("jax/_src/" + name[len("jax/"):])
    for candidate in candidates:
        path = root / candidate
        if path.is_file():
            return path
    return None


def _runs(lines: list[str], binds: dict[str, str]) -> list[tuple[str, list[int]]]:
    """The file's runs of consecutive lines holding string literals (one message written over
    several lines), each as the squashed contents of its literals, with the fields named by
    `binds` written out, and for each character the index of the line it comes from."""
    runs: list[tuple[str, list[int]]] = []
    chars: list[str] = []
    owners: list[int] = []
    for index, line in enumerate(lines + [""]):
        literals = list(_LITERAL.finditer(line))
        if not literals:
            if chars:
                runs.append(("".join(chars), owners))
                chars, owners = [], []
            continue
        for match in literals:
            content = match.group(2).replace("\\n", " ").replace("\\'", "'").replace('\\"', '"')
            for field, value in binds.items():
                content = content.replace("{" + field + "}", value)
            content = squash(content)
            chars.append(content)
            owners.extend([index] * len(content))
    return runs


def recorded_stream(lines: list[str], binds: dict[str, str]) -> str:
    """The squashed literal contents of recorded source lines (fields of `binds` written
    out): the test checks a template's fixed parts against it."""
    return "".join(stream for stream, _ in _runs(lines, binds))


def _bind_site(value: str, files: list[tuple[str, list[str]]]) -> dict[str, object] | None:
    """Where JAX passes `value` for a field: as a whole string literal ("scan carry output and
    input", f"branch 0 and {i + 1} outputs") or as a call's argument (`(bool)`)."""
    literal = re.compile(r"""(?<![A-Za-z0-9_])[fF]?(["'])""" + re.escape(value) + r"\1")
    argument = re.compile(r"\(\s*" + re.escape(value) + r"\s*[,)]")
    for name, lines in files:
        for index, line in enumerate(lines):
            if literal.search(line) or argument.search(line):
                return {"bind": value, "file": name, "line": index + 1, "text": [line]}
    return None


def locate(wording: OlderWording, root: Path) -> list[dict[str, object]] | None:
    """Where each fixed part of the wording (and each bound value) is written in this release,
    or None when one of them is not there."""
    binds = dict(wording.binds)
    files: list[tuple[str, list[str]]] = []
    for name in wording.files:
        path = source_file(root, name)
        if path is not None:
            files.append((path.relative_to(root).as_posix(),
                          path.read_text(encoding="utf-8").splitlines()))
    runs = [(name, lines, run) for name, lines in files for run in _runs(lines, binds)]
    found: list[dict[str, object]] = []
    for part in literal_parts(wording.message):
        for name, lines, (stream, owners) in runs:
            at = stream.find(part)
            if at >= 0:
                first, last = owners[at], owners[at + len(part) - 1]
                found.append({"part": part, "file": name, "line": first + 1,
                              "text": lines[first:last + 1]})
                break
        else:
            return None
    for value in binds.values():
        site = _bind_site(value, files)
        if site is None:
            return None
        found.append(site)
    return found


def _sites(found: list[dict[str, object]]) -> list[dict[str, object]]:
    """The source lines found, each stretch once, in the order found."""
    sites: list[dict[str, object]] = []
    for site in found:
        key = {"file": site["file"], "line": site["line"], "text": site["text"]}
        if key not in sites:
            sites.append(key)
    return sites


# ------------------------------------------------------------------------------ main
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "jaxerr-oldjax")
    parser.add_argument("--releases", help="comma-separated releases (default: CHECKED_RELEASES)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--scan", action="store_true",
                        help="only show which releases hold each older wording")
    args = parser.parse_args(argv)
    releases = sorted(args.releases.split(",") if args.releases else CHECKED_RELEASES,
                      key=parse_version)
    roots = {release: fetch(release, args.cache) for release in releases}
    catalog = load_catalog(ROOT / "catalog")
    records: list[dict[str, object]] = []
    problems: list[str] = []
    for entry in catalog:
        for wording in entry.older:
            label = f"{entry.id}: {wording.message.splitlines()[0][:70]!r}"
            if args.scan:
                holding = [r for r in releases if locate(wording, roots[r]) is not None]
                print(f"{label}\n    declared {wording.versions}; found in {', '.join(holding) or 'none'}")
                continue
            inside = [r for r in releases if version_in_range(r, wording)]
            for end in (wording.first, wording.last):
                if end not in inside:
                    problems.append(f"{label}: release {end} (an end of the range) is not checked")
            checked, also = [], {}
            for release in inside:
                where = locate(wording, roots[release])
                if where is None:
                    problems.append(f"{label}: not found in jax {release}")
                elif release in (wording.first, wording.last):
                    checked.append({"release": release, "sites": _sites(where)})
                else:
                    also[release] = sorted({f"{s['file']}:{s['line']}" for s in where})
            before = [r for r in releases if parse_version(r) < parse_version(wording.first)]
            after = [r for r in releases if parse_version(r) > parse_version(wording.last)]
            outside = {}
            for release in before[-1:] + after[:1]:
                outside[release] = locate(wording, roots[release]) is not None
                if outside[release]:
                    print(f"note: {label} is also in jax {release}")
            records.append({"entry": entry.id, "message": wording.message,
                            "versions": wording.versions, "binds": dict(wording.binds),
                            "checked": checked, "also_found_in": also,
                            "outside_range": outside})
    if args.scan:
        return 0
    for problem in problems:
        print("FAIL", problem)
    if problems:
        return 1
    body = ",\n".join(json.dumps(r, ensure_ascii=False, sort_keys=True) for r in records)
    args.out.write_text(f'{{"releases": {json.dumps(releases)},\n"wordings": [\n{body}\n]}}\n',
                        encoding="utf-8")
    print(f"{len(records)} older wordings verified in {len(releases)} releases -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Check the catalog's raise sites in compiled libraries the installed JAX does not ship.

A GPU's errors are worded by XLA's code compiled into the CUDA plugin (`jax-cuda12-pjrt`:
jax_plugins/xla_cuda12/xla_cuda_plugin.so), which a CPU-only machine does not install. A
catalog site names such a library with `library = ...` and `wheel = "<package>"`; this script
downloads that package's wheel at the entry's JAX version (`pip download <package>==<version>
--no-deps`), opens the library inside it and finds each fixed part of the template among the
library's NUL-terminated strings. C++ builds a message from several literals
(`absl::StrCat("Out of ", ..., "memory while trying to allocate ", size, " bytes.")`) and the
linker may store a literal as the tail of a longer one, so a fixed part is found as one to
MAX_PIECES consecutive literals, each of at least MIN_PIECE characters and each ending where a
string of the library ends.

It writes what it found to tests/data/plugin_wordings_verified.json: the wheel's file name and
SHA-256, the library's SHA-256, and for each fixed part the literals that spell it with their
offsets in the library. The test suite checks that record against the catalog without the
network (tests/test_plugin_wordings.py).

    scripts/verify_plugin_wordings.py                  # verify and write the record
    scripts/verify_plugin_wordings.py --cache /tmp/plugins

Needs the network (PyPI, through pip) unless the cache already holds the wheels.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jaxerr_lsp.errors.catalog import Entry, Source, load_catalog, template_parts  # noqa: E402

DEFAULT_OUT = ROOT / "tests" / "data" / "plugin_wordings_verified.json"
# A fixed part shorter than this proves nothing (a lone "." is in every library); a literal of
# a longer part is at least this long, and a part is spelled by at most MAX_PIECES of them.
MIN_PIECE = 5
MAX_PIECES = 4
# The platform the wheels are taken for (the plugins are built for Linux x86-64 only).
PLATFORM = "manylinux_2_27_x86_64"
_STATUS = re.compile(r"([A-Z][A-Z_]+): ")


def library_texts(template: str) -> list[str]:
    """The template's fixed parts to find in the library: an XLA status printed with its
    code's name first ("RESOURCE_EXHAUSTED: ...") has the name apart, as the library holds it."""
    texts = [value for kind, value in template_parts(template) if kind == "text"]
    status = _STATUS.match(template)
    if status and texts:
        texts = [status.group(1), texts[0][status.end():]] + texts[1:]
    return [text for text in texts if len(text.strip()) >= MIN_PIECE]


def wheel_sites(entries) -> list[tuple[Entry, Source]]:
    return [(entry, source) for entry in entries for source in entry.sources
            if source.wheel is not None]


def spell(data: bytes, text: str) -> list[dict[str, object]] | None:
    """`text` as consecutive literals of the library, or None: at each step the longest
    whole string of the library that continues the text, else the longest tail of one."""
    pieces: list[dict[str, object]] = []
    start = 0
    while start < len(text):
        if len(pieces) == MAX_PIECES:
            return None
        ends = range(len(text), start + MIN_PIECE - 1, -1)
        for whole in (True, False):
            found = next(((end, at + whole) for end in ends
                          if (at := data.find(b"\0" * whole + text[start:end].encode() + b"\0")) >= 0),
                         None)
            if found is not None:
                end, at = found
                pieces.append({"text": text[start:end], "offset": at,
                               "whole": at == 0 or data[at - 1] == 0})
                start = end
                break
        else:
            return None
    return pieces


def fetch(package: str, version: str, cache: Path) -> Path:
    """The wheel of `package` at `version` (downloaded once into `cache`)."""
    cache.mkdir(parents=True, exist_ok=True)
    stem = f"{package.replace('-', '_')}-{version}-"
    found = sorted(cache.glob(stem + "*.whl"))
    if not found:
        subprocess.run([sys.executable, "-m", "pip", "download", f"{package}=={version}",
                        "--no-deps", "--only-binary=:all:", "--platform", PLATFORM, "-q",
                        "-d", str(cache)], check=True)
        found = sorted(cache.glob(stem + "*.whl"))
    if not found:
        raise SystemExit(f"pip found no wheel of {package} {version}")
    return found[0]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "jaxerr-plugins")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    catalog = load_catalog(ROOT / "catalog")
    records: list[dict[str, object]] = []
    problems: list[str] = []
    libraries: dict[tuple[str, str, str], tuple[Path, bytes]] = {}
    for entry, source in wheel_sites(catalog):
        assert source.wheel is not None and source.library is not None
        key = (source.wheel, entry.jax_version, source.library)
        if key not in libraries:
            wheel = fetch(source.wheel, entry.jax_version, args.cache)
            with zipfile.ZipFile(wheel) as archive:
                libraries[key] = (wheel, archive.read(source.library))
        wheel, data = libraries[key]
        template = source.message or entry.message
        label = f"{entry.id}: {template.splitlines()[0][:70]!r}"
        texts = []
        for text in library_texts(template):
            pieces = spell(data, text)
            if pieces is None:
                problems.append(f"{label}: {text!r} is not in {source.library} of {wheel.name}")
            texts.append({"text": text, "pieces": pieces})
        records.append({"entry": entry.id, "message": template, "wheel": source.wheel,
                        "version": entry.jax_version, "wheel_file": wheel.name,
                        "wheel_sha256": _sha256(wheel), "library": source.library,
                        "library_sha256": hashlib.sha256(data).hexdigest(), "texts": texts})
    for problem in problems:
        print("FAIL", problem)
    if problems:
        return 1
    body = ",\n".join(json.dumps(r, ensure_ascii=False, sort_keys=True) for r in records)
    args.out.write_text(f'{{"sites": [\n{body}\n]}}\n', encoding="utf-8")
    print(f"{len(records)} sites verified in {len(libraries)} libraries -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

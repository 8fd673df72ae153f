#!/usr/bin/env python3
"""Check the catalog's raise sites in JAX's GPU plugin libraries against the plugin wheels.

A compiled site may name a library of the CUDA plugin (`library =
"jax_plugins/xla_cuda12/xla_cuda_plugin.so"`): XLA's GPU compiler, which only a GPU install
has. This script downloads the plugin wheels of the catalog's JAX version (`pip download
--no-deps jax-cuda12-pjrt==<v> jax-cuda12-plugin==<v>`), finds every fixed text of each such
site's template in the library's bytes (jaxerr_lsp.errors.compiled_texts), and writes what it
found to tests/data/plugin_libraries_verified.json: the JAX version, and per library the wheel
it came from, the wheel's sha256 and the texts found. A text that is missing is an error (the
record is not written). The test suite checks the catalog against that record without the
network (tests/test_catalog_jax.py).

    scripts/verify_plugin_libraries.py
    scripts/verify_plugin_libraries.py --cache /tmp/jax-plugins

Needs the network (PyPI, through pip) unless the cache already holds the wheels.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jaxerr_lsp.errors.catalog import load_catalog  # noqa: E402
from jaxerr_lsp.errors.compiled_texts import compiled_texts  # noqa: E402

# The GPU plugin wheels of a JAX release (versioned like `jax`).
PLUGIN_WHEELS = ("jax-cuda12-pjrt", "jax-cuda12-plugin")
DEFAULT_OUT = ROOT / "tests" / "data" / "plugin_libraries_verified.json"


def wheels(version: str, cache: Path) -> list[Path]:
    """The plugin wheels of that JAX version (downloaded once into `cache`)."""
    cache.mkdir(parents=True, exist_ok=True)
    def have() -> list[Path]:
        return sorted(p for name in PLUGIN_WHEELS
                      for p in cache.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
    if len(have()) < len(PLUGIN_WHEELS):
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--dest", str(cache),
                        *(f"{name}=={version}" for name in PLUGIN_WHEELS)], check=True)
    found = have()
    if len(found) < len(PLUGIN_WHEELS):
        raise SystemExit(f"plugin wheels of {version} not found in {cache}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "jaxerr-plugins")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    catalog = load_catalog()
    versions = {entry.jax_version for entry in catalog}
    if len(versions) != 1:
        raise SystemExit(f"the catalog names several JAX versions: {sorted(versions)}")
    version = versions.pop()
    members: dict[str, tuple[Path, bytes]] = {}
    for wheel in wheels(version, args.cache):
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if name.endswith(".so"):
                    members[name] = (wheel, archive.read(name))
    record: dict[str, dict] = {}
    missing = []
    for entry in catalog:
        for source in entry.sources:
            if source.library is None or source.library not in members:
                continue  # (jaxlib's own libraries are checked in the installed JAX)
            if source.wheel is not None:
                continue  # (a text C++ assembles from several literals: verify_plugin_wordings.py)
            wheel, content = members[source.library]
            item = record.setdefault(source.library, {
                "wheel": wheel.name,
                "wheel_sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
                "texts": []})
            for text in compiled_texts(source.message or entry.message):
                if text.encode() in content:
                    if text not in item["texts"]:
                        item["texts"].append(text)
                else:
                    missing.append(f"{entry.id}: {text!r} not in {source.library}")
    for line in missing:
        print(line, file=sys.stderr)
    if missing:
        return 1
    for item in record.values():
        item["texts"].sort()
    args.out.write_text(json.dumps({"jax_version": version, "libraries": record}, indent=1,
                                   ensure_ascii=False) + "\n", encoding="utf-8")
    count = sum(len(item["texts"]) for item in record.values())
    print(f"{count} texts of {len(record)} plugin libraries verified in {version} -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The result cache of `jaxerr check`: a file's findings (with their fixes), notes and syntax
error, kept for the next run that sees the same content with the same settings.

Key: a hash of the file's content (decoded text), its path, the resolved settings it is checked
with (`Config`: select, ignore, severity after every layer), and the engine's fingerprint: the
package version, the source of every module of the package (the rules among them: a rule added,
removed or changed changes it), the catalog's files and the Python version. A change to any of
them is a miss. Nothing is ever trusted from an entry but its data: entries are JSON (never
pickle: a cache folder may come with a repository someone else wrote), and an entry that does
not decode as expected is a miss.

Location, as ruff's `.ruff_cache`: `--cache-dir`, else `$JAXERR_CACHE_DIR`, else `.jaxerr_cache`
in the nearest folder at or above the working directory that holds a pyproject.toml, else in the
working directory. Inside: `CACHEDIR.TAG`, a `.gitignore` of `*`, and one folder per engine
fingerprint holding one file per entry. Each entry is written to a temporary file then moved
into place with `os.replace`, so several processes (`-j`, two runs at once) never read half an
entry and need no lock; the last writer of an identical key wins with identical content.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jaxerr_lsp import __version__
from jaxerr_lsp.analysis.external import Outgoing, outgoing_from_json, outgoing_to_json
from jaxerr_lsp.analysis.summaries import ModuleSummary, summary_from_json, summary_to_json
from jaxerr_lsp.app.fix_loop import FindingFixes
from jaxerr_lsp.core.config import Config
from jaxerr_lsp.core.findings import Finding, Related, Span
from jaxerr_lsp.fixes.edits import Fix, TextEdit

__all__ = ["CACHE_DIR_NAME", "CachedResult", "OutgoingCache", "ResultCache", "SummaryCache",
           "default_cache_dir", "engine_fingerprint"]

CACHE_DIR_NAME = ".jaxerr_cache"
CACHEDIR_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                "# This file is a cache directory tag created by jaxerr.\n"
                "# For information about cache directory tags, see https://bford.info/cachedir/\n")
GITIGNORE = "# Automatically created by jaxerr.\n*\n"
FORMAT = 3  # the entries' layout; part of the fingerprint


@dataclass(frozen=True)
class CachedResult:
    findings: tuple[FindingFixes, ...]
    notes: tuple[str, ...]
    error: str | None  # the syntax error message of a file Python cannot parse, else None
    # What the module's traced code does with functions it imports (its project's facts).
    outgoing: tuple[Outgoing, ...] = ()
    # What the module's functions return, for the modules that import them (None: not
    # worked out: not a module of a project).
    exported: ModuleSummary | None = None

    def fixable(self, unsafe: bool) -> bool:
        """Whether `--fix` (with `unsafe`: `--fix --unsafe-fixes`) would change the file."""
        return any(item.first(unsafe) is not None for item in self.findings)


def default_cache_dir(cwd: Path | None = None) -> Path:
    """`$JAXERR_CACHE_DIR`, else `.jaxerr_cache` next to the nearest pyproject.toml at or above
    `cwd` (the working directory), else in `cwd`."""
    from_env = os.environ.get("JAXERR_CACHE_DIR")
    if from_env:
        return Path(from_env)
    start = Path(os.path.abspath(cwd or Path.cwd()))
    for folder in (start, *start.parents):
        if (folder / "pyproject.toml").is_file():
            return folder / CACHE_DIR_NAME
    return start / CACHE_DIR_NAME


@functools.cache
def engine_fingerprint() -> str:
    """A hash of everything besides the file and its settings that decides a result."""
    from jaxerr_lsp.errors.catalog import default_catalog_dir

    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{FORMAT}\0{__version__}\0{sys.version}\0".encode())
    package = Path(__file__).resolve().parent.parent
    sources = sorted(package.rglob("*.py"))
    catalog = default_catalog_dir()
    sources += sorted(catalog.glob("*.toml"))
    for path in sources:
        digest.update(str(path.relative_to(path.parent.parent)).encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"unreadable")
        digest.update(b"\0")
    return digest.hexdigest()


class ResultCache:
    def __init__(self, directory: Path) -> None:
        self.root = Path(directory)
        self.folder = self.root / engine_fingerprint()

    def key(self, path: str, source: str, config: Config, context: str = "") -> str:
        """The entry's name for `source` read from `path` and checked with `config`;
        `context`: what else decides the result (what other modules of the project trace
        of this one's functions)."""
        settings = json.dumps({"select": config.select, "ignore": config.ignore,
                               "severity": config.severity, "x64": config.x64_elsewhere},
                              sort_keys=True)
        digest = hashlib.blake2b(digest_size=20)
        for part in (path, os.path.abspath(path), settings, context):
            digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
        digest.update(source.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def load(self, key: str) -> CachedResult | None:
        """The entry, or None when there is none or it cannot be read or decoded."""
        try:
            text = (self.folder / f"{key}.json").read_text(encoding="utf-8")
            return decode_result(json.loads(text))
        except (OSError, ValueError, TypeError, KeyError, AttributeError, UnicodeDecodeError):
            return None

    def store(self, key: str, result: CachedResult) -> None:
        """Write the entry atomically; a cache that cannot be written is silently skipped."""
        try:
            self._prepare()
            data = json.dumps(encode_result(result), ensure_ascii=False)
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=f".{key}.", suffix=".tmp")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    stream.write(data)
                os.replace(temporary, self.folder / f"{key}.json")
            except BaseException:
                _remove(Path(temporary))
                raise
        except OSError:
            pass

    def _prepare(self) -> None:
        if self.folder.is_dir():
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        for name, text in (("CACHEDIR.TAG", CACHEDIR_TAG), (".gitignore", GITIGNORE)):
            marker = self.root / name
            if not marker.exists():
                _write_atomically(marker, text)


# The result cache's folder for modules' outgoing facts (apart from the files' results).
OUTGOING_CACHE = "outgoing"


class OutgoingCache:
    """The outgoing facts of a project's modules (`jaxerr_lsp.engine.run.outgoing`) kept on
    disk by content and by what the other modules trace of them, in the result cache's
    `outgoing/` folder: the command line and the language server share them, so a project's
    facts are worked out once, not at every start."""

    def __init__(self, cache_dir: Path) -> None:
        self.cache = ResultCache(Path(cache_dir) / OUTGOING_CACHE)

    def key(self, text: str, path: str, context: str) -> str:
        return self.cache.key(path, text, Config(), "outgoing\0" + context)

    def load(self, key: str) -> list[Outgoing] | None:
        hit = self.cache.load(key)
        return None if hit is None else list(hit.outgoing)

    def store(self, key: str, found: list[Outgoing]) -> None:
        self.cache.store(key, CachedResult((), (), None, tuple(found)))


# The result cache's folder for modules' summaries (`jaxerr_lsp.analysis.summaries`).
SUMMARY_CACHE = "summaries"


class SummaryCache:
    """What the functions of a project's modules return (`jaxerr_lsp.engine.run.exported`),
    kept on disk by content and by what each module reads of the others' summaries, in the
    result cache's `summaries/` folder (shared by the command line and the language server)."""

    def __init__(self, cache_dir: Path) -> None:
        self.cache = ResultCache(Path(cache_dir) / SUMMARY_CACHE)

    def key(self, text: str, path: str, context: str) -> str:
        return self.cache.key(path, text, Config(), "summary\0" + context)

    def load(self, key: str) -> ModuleSummary | None:
        hit = self.cache.load(key)
        return None if hit is None else hit.exported

    def store(self, key: str, found: ModuleSummary) -> None:
        self.cache.store(key, CachedResult((), (), None, (), found))


def _write_atomically(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(text)
    os.replace(temporary, path)


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


# ------------------------------------------------------------------------------------ JSON
def encode_result(result: CachedResult) -> dict[str, Any]:
    return {"findings": [_encode_item(item) for item in result.findings],
            "notes": list(result.notes), "error": result.error,
            "outgoing": [outgoing_to_json(item) for item in result.outgoing],
            "exported": None if result.exported is None else summary_to_json(result.exported)}


def _encode_item(item: FindingFixes) -> dict[str, Any]:
    finding = item.finding
    return {"code": finding.code, "catalog": finding.catalog_id, "span": finding.span.as_list(),
            "message": finding.message, "severity": finding.severity, "predicted": finding.predicted,
            "related": [[r.span.as_list(), r.message, r.path] for r in finding.related],
            "fixes": [{"title": fix.title, "safe": fix.safe, "why": fix.why, "fix_id": fix.fix_id,
                       "edits": [[edit.span.as_list(), edit.new_text] for edit in fix.edits]}
                      for fix in item.fixes],
            "fix_error": item.error}


def decode_result(value: Any) -> CachedResult:
    """The result back from `encode_result`; raises ValueError (or TypeError, KeyError) when
    `value` is not one. Findings come back without their rule data: only fixes need it, and
    their fixes come back whole."""
    error = value["error"]
    if error is not None:
        _text(error)
    return CachedResult(tuple(_decode_item(item) for item in _list(value["findings"])),
                        tuple(_text(note) for note in _list(value["notes"])), error,
                        tuple(outgoing_from_json(item) for item in _list(value["outgoing"])),
                        None if value["exported"] is None else summary_from_json(value["exported"]))


def _decode_item(value: Any) -> FindingFixes:
    related = tuple(Related(_span(span), _text(message), None if path is None else _text(path))
                    for span, message, path in _list(value["related"]))
    finding = Finding(_text(value["code"]), _text(value["catalog"]), _span(value["span"]),
                      _text(value["message"]), related, _text(value["severity"]),
                      predicted=_text(value["predicted"]))
    fixes = tuple(Fix(_text(fix["title"]), _bool(fix["safe"]), _text(fix["why"]),
                      tuple(TextEdit(_span(span), _text(text)) for span, text in _list(fix["edits"])),
                      _text(fix["fix_id"]))
                  for fix in _list(value["fixes"]))
    fix_error = value["fix_error"]
    return FindingFixes(finding, fixes, None if fix_error is None else _text(fix_error))


def _span(value: Any) -> Span:
    items = _list(value)
    if len(items) != 4 or not all(type(v) is int for v in items):
        raise ValueError(f"not a span: {value!r}")
    return Span(*items)


def _list(value: Any) -> Sequence[Any]:
    if not isinstance(value, list):
        raise ValueError(f"not a list: {value!r}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a string: {value!r}")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"not a bool: {value!r}")
    return value

"""The rule cases (`tests/cases/<catalog-id>/<name>.py`, format in tests/cases/README.md), the
`# expect:` markers they and the examples carry, how a JAX run is held against the catalog and
a finding's predicted message, and the rules' trigger words (to force every rule to run)."""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from jaxerr_lsp.errors.catalog import Entry, template_parts
from jaxerr_lsp.engine.registry import all_rules
from tests.jax_runner import Result

CASES_DIR = Path(__file__).resolve().parent / "cases"
STATIC = "# case: static"
# Every rule's trigger words; appended as a comment, they make every rule run on a file.
TRIGGER_WORDS = tuple(sorted({word for rule in all_rules() for word in rule.triggers}))
FORCE_TRAILER = "\n# " + " ".join(TRIGGER_WORDS) + "\n"
_MARKER = re.compile(r"#\s*expect:\s*(?P<codes>[A-Z0-9]+(?:\s*,\s*[A-Z0-9]+)*)\s*$")


def expected_findings(source: str) -> list[tuple[str, int]]:
    """(code, line) for each code of each `# expect: CODE[,CODE...]` comment, in line order.
    Only real comments count (tokenize), not text inside strings."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and (match := _MARKER.search(token.string)):
            found += [(code.strip(), token.start[0]) for code in match["codes"].split(",")]
    return found


@dataclass(frozen=True)
class Case:
    path: Path

    @property
    def catalog_id(self) -> str:
        return self.path.parent.name

    @property
    def id(self) -> str:
        return f"{self.catalog_id}/{self.path.stem}"

    @cached_property
    def source(self) -> str:
        return self.path.read_text(encoding="utf-8")

    @cached_property
    def expected(self) -> list[tuple[str, int]]:
        return expected_findings(self.source)

    @property
    def bad(self) -> bool:
        return bool(self.expected)

    @property
    def static_reason(self) -> str | None:
        """The reason after `# case: static` on the first line (None: the case is run)."""
        first = self.source.split("\n", 1)[0]
        if not first.startswith(STATIC):
            return None
        return first[len(STATIC):].strip(" —-:") or ""

    @property
    def runnable(self) -> bool:
        return self.static_reason is None


def all_cases() -> list[Case]:
    return [Case(path) for path in sorted(CASES_DIR.glob("*/*.py"))]


def case_folders() -> list[str]:
    return sorted(p.name for p in CASES_DIR.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))


def case(catalog_id: str, name: str) -> Case:
    """One case by folder and name, for the rule tests that assert more about it."""
    found = Case(CASES_DIR / catalog_id / f"{name}.py")
    assert found.path.is_file(), f"no case {found.id}"
    return found


def message_pattern(template: str) -> re.Pattern[str]:
    """A whole message: the template's text exactly, each `{placeholder}` any text (lines
    included, as little as possible)."""
    return re.compile("".join(re.escape(text) if kind == "text" else ".*?"
                              for kind, text in template_parts(template)), re.DOTALL)


# JAX's own error classes (jax.errors.*) end every message with a link to their page.
_ERROR_PAGE = re.compile(r"\nSee https://docs\.jax\.dev/\S+#jax\.errors\.\w+$")
# Flax's errors end every message with a link to their page, too.
_FLAX_ERROR_PAGE = re.compile(r" \(https://flax\.readthedocs\.io/\S+#flax\.errors\.\w+\)$")
# An XLA status that jaxlib raises may end with the C++ places it passed through.
_SOURCE_TRACE = re.compile(r"\n=== Source Location Trace: === *\n.*\Z", re.DOTALL)


def fully_matches(template: str, message: str) -> bool:
    """Whether `message` is `template` with its placeholders filled; a trailing newline on
    either side, the error page link a `jax.errors` (or `flax.errors`) class appends and the
    source location trace an XLA status may end with are the only differences forgiven."""
    message = _ERROR_PAGE.sub("", _SOURCE_TRACE.sub("", message).removesuffix("\n"))
    message = _FLAX_ERROR_PAGE.sub("", message)
    return message_pattern(template.removesuffix("\n")).fullmatch(message) is not None


def raised_one_of(result: Result, names: tuple[str, ...] | list[str]) -> bool:
    """Whether the run raised an exception the catalog names: a builtin by its name
    ("TypeError"), any other class by module and name ("jax.errors.UnexpectedTracerError")."""
    if not result.raised:
        return False
    if result.module == "builtins":
        return result.type in names
    return f"{result.module}.{result.type}" in names


def raised_at_a_source(entry: Entry, result: Result) -> bool:
    """Whether the run raised in one of the entry's `[[source]]` places: its file, function
    (the innermost name of a dotted one) and line. A generic site (a statement where Python
    raises, e.g. a failed unpacking) need only be in the traceback: what it calls may raise
    (iterating over a 0-d array raises in the array's `__iter__`). A compiled site (jaxlib's
    C++) has no frame: any raise with that site's message counts. A user-code site
    (Python raising at the program's own statement) is the program's innermost frame."""
    frame = result.frame
    # A raise in jaxlib's C++ has no frame of its own: the innermost one is whichever called
    # into jaxlib (the caller of a jitted function, or JAX's `_infer_params` under a trace).
    # It counts when the message is that compiled site's (an entry may also have Python sites).
    if result.raised and any(source.library is not None
                             and fully_matches(source.message or entry.message, result.message or "")
                             for source in entry.sources):
        return True
    if frame is not None and any(
            frame.file.replace("\\", "/").endswith("/" + source.file)
            and frame.function == source.function.rsplit(".", 1)[-1] and frame.line == source.line
            for source in entry.sources):
        return True
    # Python's own raise at the user's statement (a module attribute JAX no longer has): the
    # innermost frame is the program's own file, not JAX's.
    if frame is not None and "/jax/" not in frame.file.replace("\\", "/") \
            and any(source.user_code for source in entry.sources):
        return True
    traceback = (result.traceback or "").replace("\\", "/")
    return any(source.generic and re.search(
        rf'File "[^"]*/{re.escape(source.file)}", line {source.line}, in '
        rf'{re.escape(source.function.rsplit(".", 1)[-1])}\n', traceback)
        for source in entry.sources)


def span_text(source: str, span) -> str:
    """The text a `Span` covers (lines split on "\\n": the cases are written that way)."""
    lines = source.split("\n")
    if span.start_line == span.end_line:
        return lines[span.start_line - 1][span.start_column:span.end_column]
    return "\n".join([lines[span.start_line - 1][span.start_column:],
                      *lines[span.start_line:span.end_line - 1],
                      lines[span.end_line - 1][:span.end_column]])

"""The catalog of JAX errors: one TOML file per error, loaded and validated here.

Each entry (`catalog/<id>.toml`) is the single source of truth for one error JAX raises: its
exact message template, where JAX raises it, what it means, how to fix it, a runnable
before/after example and the quick fixes the tool offers. This module only reads the data; it
never imports JAX (the tests check the entries against the installed JAX).

Message templates write `{expression}` where JAX formats a value into the message (the text
between the braces is the expression of JAX's f-string, e.g. `{type(logs).__name__}`), and
`{{` / `}}` for a literal brace. The raw templates are for matching only: a `[placeholders]`
table describes every placeholder in words (`"type(logs).__name__" = "type of the logs"`), and
`explain` and hover show `‹type of the logs›`.

Raise sites (`[[source]]`: file, function, line) may carry their own `message` (JAX's other
wording, e.g. the `jax_custom_vjp3` path in jax/_src/hijax.py) and `exception`. A site with
`generic = true` is a statement where Python itself raises (`fwd_out, res = fwd(*args)`:
"too many values to unpack (expected 2)"); its message is recognized only in a traceback that
shows that frame. An entry with `static_rule = false` documents an error no single file can
show (shapes, dtypes, run-time values): it has a rule code for `explain` but no rule module.
A site with `builder = "_ref_arg_error"` raises an exception built by that function (`raise
_ref_arg_error(...)`), of the site's file or of `builder_file`; the template is its text. The
builder may be the exception class itself (`builder = "TracerBoolConversionError"`,
`builder_file = "jax/_src/errors.py"`: `raise TracerBoolConversionError(arg)`), whose `__init__`
writes the text. A site with `parts = ["jax/_src/core.py:Tracer._error_repr", ...]` has a
template that is the builder's text with some of its placeholders written out as the text of
those JAX functions (the tracer messages: "...{tracer._origin_msg()}" becomes "The error
occurred while tracing the function {dbg.func_src_info} ..."), one template per variant.
A template's `{jax_function}` counts only for a name Python gives one of JAX's public functions
(`softmax`, from the generated jaxerr_lsp/data/jax_signatures.json). An entry's `[matching]`
table gives a placeholder the regex its text must match in a paste (whitespace removed; such a
template counts only whole): float-shape's `shape` is numbers with a float among them, so that
its template, a prefix of traced-shape's, does not claim a traced shape.
A site with `user_code = true` (and `api_names = "added"`: for an API 0.12 has and older
releases lacked, from the generated table jaxerr_lsp/errors/added_apis.json; `"missing"`: a
name JAX's module lacks, neither removed nor added; `"unimported"`: a submodule `import jax`
does not load, both from jaxerr_lsp/data/jax_attributes.json) is raised by Python at the
user's own statement, with no JAX frame
at all: an attribute a JAX module no longer has (`jax.ops.index_update`: "module 'jax.ops' has
no attribute 'index_update'"), an import of a name or module it no longer has; `file` names the
JAX module the statement reaches (its `__init__.py` for a package), `function` is `module` and
`line` is 1.
A site with `library = "jaxlib/libjax_common.so"` is raised by JAX's compiled code (jaxlib's
C++ jit dispatch): `file`, `function` and `line` name the C++ source in the JAX repository
(`jaxlib/jax_jit.h`), and the tests look for the template's text in that installed library
(such a raise has no Python frame of its own). A GPU plugin's library
(`library = "jax_plugins/xla_cuda12/xla_cuda_plugin.so"`, XLA's GPU compiler and runtime) is
not installed without a GPU: the site names the wheel that ships it (`wheel =
"jax-cuda12-pjrt"`, of the entry's JAX version); scripts/verify_plugin_wordings.py downloads
it, finds the text and records where (tests/data/plugin_wordings_verified.json), and the tests
check the record.
A compiled site with `shown_with = "flatten_up_to("` counts only in a paste that also shows
that text (its own words are common ones: "Expected list, got {value}.").
A site with `trimmed = ";\n"` raises the text it assembled with that end cut off
(`''.join(msg)[:-2]`): the template is the rest. A site with `warning = true` warns instead
(`warnings.warn(msg)` at `line`), the exception being the warning's category (`UserWarning`);
with `logged = true` JAX only logs it (`logger.warning(msg)`, or a compiled site's C++
`LOG(WARNING) << ...`), and the exception is the record's level (`WARNING`).

API documentation for hover: an entry's `apis` lists the JAX APIs whose hover names this error
("jax.vjp", "VJP.with_refs"). Each of those APIs is documented once in the whole catalog, by
an `[[api]]` table in the file of whichever entry brings it (write the tables right after
`apis`):

    [[api]]
    name = "jax.new_ref"                  # as `apis` lists it
    signature = "jax.new_ref(init)"       # the hover's title
    doc = "Creates a mutable array reference holding `init`. ..."   # Markdown, a sentence or two
    qualnames = ["jax.new_ref", "jax.ref.new_ref"]   # module attributes, aliases included
    # or, for a method of an object JAX returns (`f_vjp.with_refs`, `f.defvjp`):
    # method = "with_refs"

The loader checks that no API is documented twice (the error names both files), that every
name in an entry's `apis` is documented somewhere, and that no qualified name or method name
points to two APIs. An API may be documented without any entry listing it (its hover then
names no error).

Older wordings (`[[older]]` tables, see jaxerr_lsp/errors/older_wordings.py): the message as
older JAX releases word it, with the releases that raise it (`versions = "0.4.1 - 0.4.6"`), its
`exception` when it differs, the `files` that hold its text and the `binds` of f-string fields
it writes out. The matcher recognizes them like the entry's own templates (pasted errors come
from every JAX version); `explain` and hover show only the current wording. Their placeholders
are described in `[placeholders]` like the others'.

Explain-only entries (`static_rule = false`) may omit `rule`: such an entry has no rule code
and is named by its id (`jaxerr explain device-out-of-memory`). An error this machine cannot
raise (it needs a GPU, a TPU, or a broken or mismatched install) says so instead of showing a
`before` it cannot run:

    reproducible = false
    why_not_reproduced = "Needs a CUDA GPU whose memory runs out; ..."   # in our words

Its `[example]` then has no `before`; it keeps an `after` when that program runs here (the
table may be absent when none does). Its templates are still verified where JAX builds them:
the Python source or the compiled library of the installed JAX (`library = ...`).

An error a library built on JAX raises on its users' behalf names the library and the version
its text was verified in (`package = "flax"`, `package_version = "0.12.12"`, pinned in the
test extra); its raise sites are that package's files (`flax/core/scope.py`).
"""

from __future__ import annotations

import builtins
import dataclasses
import functools
import json
import re
import textwrap
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, overload

from jaxerr_lsp.core.config import SEVERITIES
from jaxerr_lsp.errors.older_wordings import OlderWording, parse_older
from jaxerr_lsp.errors.paste_cleanup import clean as clean_paste
from jaxerr_lsp.errors.paste_cleanup import exception_names

__all__ = [
    "Catalog",
    "ApiDoc",
    "CatalogError",
    "Entry",
    "FixInfo",
    "Match",
    "decisive",
    "Source",
    "default_catalog_dir",
    "load_catalog",
    "render_markdown",
    "render_text",
    "template_parts",
    "validate_entry_id",
]

ENTRY_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}$")
RULE_RE = re.compile(r"^[A-Z]{2,8}[0-9]{3,4}$")
FIX_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}$")
DOTTED_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
SAFETIES = ("safe", "unsafe")


class CatalogError(ValueError):
    """A catalog that cannot be used: the message names the file and the field."""


def validate_entry_id(text: str) -> str:
    """`text` if it is a well-formed entry id, else CatalogError. Never touches the filesystem."""
    if not isinstance(text, str) or not ENTRY_ID_RE.fullmatch(text):
        raise CatalogError(
            f"invalid catalog id {text!r}: an id is 1-81 characters of lowercase letters, digits "
            "and '-', starting with a letter or digit (e.g. 'vjp-with-refs-tree-mismatch')")
    return text


@dataclass(frozen=True)
class Source:
    """One place in JAX that raises the error."""

    file: str  # e.g. "jax/_src/api.py", relative to site-packages
    function: str  # e.g. "_vjp_with_refs_tree_error"; nested functions as "outer.inner"
    line: int  # line of the `raise` in the targeted JAX version
    message: str | None = None  # this site's template, when it differs from the entry's
    exception: str | None = None  # this site's exception, when it differs from the entry's
    # True: no `raise` of JAX's own: Python raises `message` at `line` (e.g. a failed unpacking
    # `fwd_out, res = fwd(...)`, "too many values to unpack (expected 2)"). Such a message is
    # recognized only in a traceback showing this site's frame.
    generic: bool = False
    # The function that builds the exception raised at `line` (`raise _ref_arg_error(fun_name,
    # arg, pos)`): the template is its text, not the raise's. It lives in `builder_file`
    # (e.g. "jax/_src/numpy/util.py"), by default the site's own file.
    builder: str | None = None
    builder_file: str | None = None
    # JAX functions ("file.py:Class.function") whose text fills placeholders of the builder's
    # text in this site's template (a message JAX assembles from several functions).
    parts: tuple[str, ...] = ()
    # The compiled library of the installed JAX that raises it, for a C++ raise site
    # (`jaxlib/libjax_common.so`); `file`/`function`/`line` then name the C++ source.
    library: str | None = None
    # The package whose wheel ships `library`, of the entry's JAX version, when the installed
    # JAX does not (a GPU plugin: `wheel = "jax-cuda12-pjrt"`, library
    # "jax_plugins/xla_cuda12/xla_cuda_plugin.so"). Its text was found in the downloaded wheel
    # by scripts/verify_plugin_wordings.py, which records where.
    wheel: str | None = None
    # Python raises it at the user's own statement (a module attribute or an import JAX no
    # longer has): no JAX frame; `file` is the module the statement reaches.
    user_code: bool = False
    # Which module-and-name pairs the message's `{module!r}` and `{name!r}` count for (`API_NAMES`):
    # "added", a public API of the targeted JAX that older releases lacked
    # (jaxerr_lsp/errors/added_apis.json, generated by scripts/verify_added_apis.py: code
    # written for a newer JAX run on an older one); "missing", a name one of JAX's main modules
    # does not have, neither removed nor added (a typo, another library's `jnp.softmax`);
    # "unimported", a submodule `import jax` does not load (`jax.scipy.optimize`): both from
    # jaxerr_lsp/data/jax_attributes.json, generated by scripts/gen_jax_attributes.py.
    api_names: str = ""
    # Text the paste must also show for this site's message to count (a compiled site whose
    # words are common, "Expected list, got {value}.", counts next to JAX's frame calling it:
    # `shown_with = "flatten_up_to("`).
    shown_with: str = ""
    # Text JAX cuts off the end of the message it assembled (`''.join(msg)[:-2]` drops a last
    # ";\n"): the template is JAX's pieces without it.
    trimmed: str = ""
    # True: JAX warns here (`warnings.warn(msg)` at `line`) instead of raising; the entry's (or
    # the site's) exception is the warning's category (`UserWarning`). A program run with
    # warnings as errors (`python -W error`) raises it at this line.
    warning: bool = False
    # True: JAX only logs the message (`logger.warning(msg)` at `line`) and goes on; the
    # exception names the record's level (`WARNING`). Users meet it as a line of the log.
    logged: bool = False


@dataclass(frozen=True)
class FixInfo:
    """A quick fix the tool offers for the error (computed by jaxerr_lsp.fixes)."""

    id: str  # the `fix_id` jaxerr_lsp.fixes gives the fix
    title: str
    # "safe" only when the fix is safe in every case the tool offers it; a fix that is safe
    # only in some cases is "unsafe" here, and `why` says when the tool marks it safe.
    safety: str  # "safe" | "unsafe"
    why: str


@dataclass(frozen=True)
class ApiDoc:
    """The hover documentation of one JAX API, and how hover recognizes it in code."""

    name: str  # as entries' `apis` name it: "jax.vjp", "VJP.with_refs"
    signature: str  # the hover's title: "jax.vjp(fun, *primals)"
    doc: str  # what it does, a sentence or two of Markdown
    qualnames: tuple[str, ...]  # module attributes naming it, aliases included ("jax.ref.new_ref")
    method: str | None  # or the name of a method of an object JAX returns ("with_refs")
    path: Path  # the catalog file documenting it


@dataclass(frozen=True)
class Entry:
    id: str
    rule: str
    title: str
    exception: str
    message: str
    jax_version: str
    sources: tuple[Source, ...]
    summary: str
    meaning: str
    triggers: tuple[str, ...]
    situations: tuple[str, ...]
    solutions: tuple[str, ...]
    example_before: str
    example_after: str
    defensive: tuple[str, ...]
    related: tuple[str, ...]
    apis: tuple[str, ...]
    fixes: tuple[FixInfo, ...]
    path: Path
    api_docs: tuple[ApiDoc, ...] = ()  # the `[[api]]` tables of this file
    # What each placeholder of the templates stands for, in words ("type(logs).__name__" ->
    # "type of the logs"): `explain` and hover show templates with these, never raw f-string code.
    placeholders: tuple[tuple[str, str], ...] = ()
    # `[matching]`: the regex a placeholder's text must match in a paste (whitespace removed).
    matching: tuple[tuple[str, str], ...] = ()
    # Older JAX releases' wordings of the message (`[[older]]`): matched, never shown.
    older: tuple[OlderWording, ...] = ()
    # False: no single file shows this error (it needs shapes, dtypes or run-time values), so no
    # rule flags it; the entry serves hover, `explain` and pasted tracebacks.
    static_rule: bool = True
    # How the rule's findings are shown by default: "error", or "warning" for an error JAX
    # raises only in a debug mode (`jax_debug_key_reuse`) while the bug is silent otherwise.
    severity: str = "error"
    # ---- Errors this machine cannot raise (`reproducible = false`) ----------------------------
    # False: the error needs hardware or an install this machine (CPU only) does not have (a
    # GPU, a mismatched jaxlib): the entry has no `before`, and says why in `why_not_reproduced`.
    reproducible: bool = True
    why_not_reproduced: str = ""
    # A library built on JAX that raises the error on JAX users' behalf (`package = "flax"`),
    # at the version whose source the entry was verified against (`package_version`); its
    # raise sites are that package's files ("flax/core/scope.py").
    package: str = ""
    package_version: str = ""
    # ---- end ------------------------------------------------------------------------------------

    @property
    def raised_by(self) -> str:
        """Who raises it: "JAX", or the library and its version ("flax 0.12.12")."""
        return f"{self.package} {self.package_version}" if self.package else "JAX"

    @property
    def name(self) -> str:
        """The entry's rule code and id ("JXE013 vjp-accumulator-type"), or its id alone when
        it has no rule code (an explain-only entry)."""
        return f"{self.rule} {self.id}" if self.rule else self.id

    @property
    def shown_as(self) -> str:
        """How JAX hands the error to the user: "raised", "warned" (every site warns) or
        "logged" (every site only logs it)."""
        if all(s.logged for s in self.sources):
            return "logged"
        return "warned" if all(s.warning for s in self.sources) else "raised"

    @property
    def reference(self) -> str:
        """What `jaxerr explain` takes to show this entry: its rule code, else its id."""
        return self.rule or self.id

    @property
    def exceptions(self) -> tuple[str, ...]:
        """The entry's exception and every raise site's own, without repeats."""
        seen = [self.exception]
        for source in self.sources:
            if source.exception is not None and source.exception not in seen:
                seen.append(source.exception)
        return tuple(seen)

    def readable(self, template: str) -> str:
        """`template` for a reader: each placeholder as its description in ‹ ›, braces as they
        are printed."""
        names = dict(self.placeholders)
        return "".join(value if kind == "text" else f"‹{names.get(value, value)}›"
                       for kind, value in template_parts(template))

    @property
    def sites(self) -> tuple[Source, ...]:
        """The raise sites, one per place in JAX (variants of one site's message listed once)."""
        seen: dict[tuple[str, int, str], Source] = {}
        for source in self.sources:
            seen.setdefault((source.file, source.line, source.function), source)
        return tuple(seen.values())

    @property
    def messages(self) -> tuple[str, ...]:
        """The primary template and every raise site's variant, without repeats."""
        seen: list[str] = [self.message]
        for source in self.sources:
            if source.message is not None and source.message not in seen:
                seen.append(source.message)
        return tuple(seen)

    def fix(self, fix_id: str) -> FixInfo:
        for info in self.fixes:
            if info.id == fix_id:
                return info
        known = ", ".join(f.id for f in self.fixes) or "none"
        raise CatalogError(f"catalog entry {self.id!r} has no fix {fix_id!r} (known: {known})")


@dataclass(frozen=True)
class Match:
    entry: Entry
    score: int
    full: bool  # True: a whole template matched; False: only a distinctive part of one
    # Between partial matches of equal score: the length of the template's other long literal
    # stretches found in the text, and whether the match came from an older wording only.
    evidence: int = 0
    older: bool = False
    # The matched template's literal stretches, squashed (see `decisive`).
    pieces: frozenset[str] = dataclasses.field(default=frozenset(), compare=False, repr=False)

    def rank(self) -> tuple[int, int, int]:
        """Higher is better: score, then (partial matches) evidence, then the current wording
        over an older one. Two matches of different entries with the same rank are a tie."""
        return (self.score, self.evidence, 0 if self.older else 1)


def decisive(matches: list[Match]) -> Match | None:
    """The best of `matches` (as `Catalog.match_scored` orders them) when it is the only one
    that fits, else None. Among matches of the same rank, one whose template asks for all the
    text another's asks for, and more that the paste does not show (the older `bool` wording
    against the general concretization one, on a paste from another function), gives way;
    what is left must be a single match, or the paste is a tie (`explain` guesses nothing)."""
    if not matches:
        return None
    tied = [m for m in matches if m.rank() == matches[0].rank()]
    left = [m for m in tied if not any(_asks_more(m, o) for o in tied if o is not m)]
    return left[0] if len(left) == 1 else None


def _asks_more(m: Match, other: Match) -> bool:
    """True when m's template holds all of other's literal text, and more."""
    return (sum(map(len, m.pieces)) > sum(map(len, other.pieces))
            and all(any(piece in mine for mine in m.pieces) for piece in other.pieces))


# --------------------------------------------------------------------------------------------
# Templates


def template_parts(template: str) -> list[tuple[str, str]]:
    """Split a template into ("text", literal) and ("field", expression) parts."""
    parts: list[tuple[str, str]] = []
    literal: list[str] = []
    i, n = 0, len(template)
    while i < n:
        ch = template[i]
        if ch == "{" and template.startswith("{{", i):
            literal.append("{")
            i += 2
        elif ch == "}" and template.startswith("}}", i):
            literal.append("}")
            i += 2
        elif ch == "{":
            end = _field_end(template, i)
            if end < 0:
                raise ValueError(f"unclosed '{{' at offset {i}")
            if literal:
                parts.append(("text", "".join(literal)))
                literal = []
            expression = template[i + 1:end]
            if not expression.strip():
                raise ValueError(f"empty placeholder at offset {i}")
            parts.append(("field", expression))
            i = end + 1
        elif ch == "}":
            raise ValueError(f"single '}}' at offset {i} (write '}}}}' for a literal brace)")
        else:
            literal.append(ch)
            i += 1
    if literal:
        parts.append(("text", "".join(literal)))
    return parts


def _field_end(template: str, start: int) -> int:
    """Index of the '}' closing the placeholder opened at `start` (brackets may nest)."""
    depth = 0
    for j in range(start, len(template)):
        if template[j] == "{":
            depth += 1
        elif template[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return -1


_WS = re.compile(r"\s+")
_WILDCARD = r".{0,6000}?"
_MIN_FRAGMENT = 40  # non-space characters a partial match must share with a template
_URL = re.compile(r"https?://\S+")
_MAX_TEXT = 400_000
# The lines Python prints between the exceptions of a chained traceback.
_CHAINED = re.compile(r"^The above exception was the direct cause of the following exception:$"
                      r"|^During handling of the above exception, another exception occurred:$",
                      re.MULTILINE)


def _squash(text: str) -> str:
    return _WS.sub("", text)


@dataclass(frozen=True)
class _Pattern:
    full: re.Pattern[str]
    literal_length: int
    lines: tuple[tuple[re.Pattern[str], int], ...]  # distinctive lines, with literal length
    chunks: tuple[str, ...]  # long literal stretches, squashed
    required: tuple[str, ...]  # every literal stretch, squashed: all must occur for a full match
    # A generic message (Python's own) counts only next to its raise site's traceback frame.
    site: str | None = None
    older: bool = False  # an older JAX wording of the entry's message ([[older]])
    # The literal stretches in the template's order, squashed, for a message cut short
    # (`_cut_score`); empty when the template is not matched that way.
    ordered: tuple[str, ...] = ()
    field_after: tuple[bool, ...] = ()  # a placeholder follows ordered[i] in the template
    # What the template's `module` and `name` groups must name (`Source.api_names`); None:
    # anything.
    accept: Callable[[str, str], bool] | None = None

    def matches(self, squashed_text: str) -> bool:
        # Cheap substring checks first, so the regex runs only where it can succeed.
        if not (all(part in squashed_text for part in self.required)
                and (self.site is None or self.site in squashed_text)):
            return False
        if self.accept is None:
            return self.full.search(squashed_text) is not None
        return any(self.accept(m.group("module"), m.group("name")) for m in self.full.finditer(squashed_text))


# A user-code site's `{module!r}`: the message counts only for a public JAX module
# ('jax.numpy'), not for any module Python names ('numpy') nor JAX's private ones (a plugin
# built for another jaxlib); and its `{name!r}` only for a name JAX once had and 0.12 no longer
# has (the generated table of removed APIs): `module 'jax' has no attribute 'tree'` on an
# install older than jax.tree is not a removed API.
_JAX_MODULE = r"'jax(?:\.(?!_)\w+)*'"


@functools.cache
def _added_apis() -> frozenset[str]:
    """The APIs of the targeted JAX that older releases lacked (`added_apis.json` beside this
    module): "jax.tree", "jax.dtypes.prng_key", ..."""
    path = Path(__file__).resolve().parent / "added_apis.json"
    try:
        return frozenset(json.loads(path.read_text(encoding="utf-8"))["apis"])
    except (OSError, ValueError, KeyError, TypeError):
        return frozenset()


def _is_added(module: str, name: str) -> bool:
    return f"{module}.{name}" in _added_apis()


@functools.cache
def _attribute_data() -> dict[str, Any]:
    """`jaxerr_lsp/data/jax_attributes.json` (scripts/gen_jax_attributes.py), or {}."""
    path = Path(__file__).resolve().parent.parent / "data" / "jax_attributes.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@functools.cache
def _module_names() -> dict[str, frozenset[str]]:
    """Module -> every name it has (the installed JAX's, and the next release's)."""
    data = _attribute_data()
    try:
        newer = data.get("newer", {})
        return {module: frozenset(names["dir"]) | frozenset(names["also"]) | frozenset(newer.get(module, ()))
                for module, names in data["functions"].items() if module not in ("jax.Array", "import jax")}
    except (KeyError, TypeError):
        return {}


@functools.cache
def _removed_apis() -> frozenset[str]:
    path = Path(__file__).resolve().parent.parent / "data" / "removed_apis.json"
    try:
        return frozenset(json.loads(path.read_text(encoding="utf-8"))["apis"])
    except (OSError, ValueError, KeyError, TypeError):
        return frozenset()


def _is_missing(module: str, name: str) -> bool:
    """A name one of JAX's main modules does not have, that JAX neither removed nor added."""
    names = _module_names().get(module)
    return (names is not None and not name.startswith("_") and name not in names
            and f"{module}.{name}" not in _removed_apis() and not _is_added(module, name))


@functools.cache
def _unimported() -> frozenset[str]:
    """The submodules `import jax` does not load (`jax.scipy.optimize`)."""
    try:
        row = _attribute_data()["functions"]["import jax"]["unimported"]
        return frozenset(f"{package}.{name}" for package, names in row.items() for name in names)
    except (KeyError, TypeError, AttributeError):
        return frozenset()


def _is_unimported(module: str, name: str) -> bool:
    return f"{module}.{name}" in _unimported()


# The placeholders of a site with `api_names` that name the module and the name (Python's
# `{module!r}`, or JAX's lazy loader's `'{package_name}'` with its quotes in the text).
_API_MODULE = {"module!r": r"'(?P<module>jax(?:\.(?!_)\w+)*)'", "package_name": r"(?P<module>jax(?:\.(?!_)\w+)*)"}
_API_NAME = {"name!r": r"'(?P<name>\w+)'", "name": r"(?P<name>\w+)"}
# What a site's `api_names` accepts as its message's module and name.
API_NAMES: dict[str, Callable[[str, str], bool]] = {
    "added": _is_added, "missing": _is_missing, "unimported": _is_unimported}


@functools.cache
def _removed_names() -> str:
    """A regex of the quoted names JAX removed (from `jaxerr_lsp/data/removed_apis.json`)."""
    apis = _removed_apis()
    if not apis:
        return r"'\w+'"
    names = sorted({name.rsplit(".", 1)[-1] for name in apis}, key=len, reverse=True)
    return "'(?:" + "|".join(re.escape(n) for n in names) + ")'"


@functools.cache
def _jax_function_names() -> str:
    """A regex of the names Python gives JAX's public functions in its messages (`softmax`),
    from `jaxerr_lsp/data/jax_signatures.json`: a template's `{jax_function}` counts only for
    one of them (Python refuses calls of every library's functions in the same words)."""
    path = Path(__file__).resolve().parent.parent / "data" / "jax_signatures.json"
    try:
        functions = json.loads(path.read_text(encoding="utf-8"))["functions"]
    except (OSError, ValueError, KeyError, TypeError):
        return r"\w+"
    names = sorted({row["name"] for row in functions.values()}, key=len, reverse=True)
    return "(?<![\\w.])(?:" + "|".join(re.escape(n) for n in names) + ")"


def _compile(template: str, generic: Source | None = None, jax_module: bool = False,
             api_names: str = "", shown_with: str = "",
             matching: Mapping[str, str] | None = None) -> _Pattern:
    matching = matching or {}

    def regex(parts: list[tuple[str, str]]) -> tuple[re.Pattern[str], int]:
        pieces, length = [], 0
        for kind, value in parts:
            if kind == "text":
                squashed = _squash(value)
                pieces.append(re.escape(squashed))
                length += len(squashed)
            elif api_names and value in _API_MODULE:
                pieces.append(_API_MODULE[value])
            elif api_names and value in _API_NAME:
                pieces.append(_API_NAME[value])
            elif jax_module and value == "module!r":
                pieces.append(_JAX_MODULE)
            elif jax_module and value == "name!r":
                pieces.append(_removed_names())
            elif value == "jax_function":  # (at a generic site too: JAX calls user functions there)
                pieces.append(_jax_function_names())
            elif value in matching:  # (the entry's `[matching]`: what a paste shows there)
                pieces.append(f"(?:{matching[value]})")
            elif not pieces or pieces[-1] != _WILDCARD:
                pieces.append(_WILDCARD)
        while pieces and pieces[-1] == _WILDCARD:
            pieces.pop()
        while pieces and pieces[0] == _WILDCARD:
            pieces.pop(0)
        return re.compile("".join(pieces), re.DOTALL), length

    parts = template_parts(template)
    full, length = regex(parts)
    lines = []
    for line in template.split("\n"):
        try:
            line_parts = template_parts(line)
        except ValueError:  # a placeholder spanning lines: no line-level pattern for it
            continue
        pattern, line_length = regex(line_parts)
        if line_length >= _MIN_FRAGMENT and line.strip() != template.strip():
            lines.append((pattern, line_length))
    literals = [_squash(value) for kind, value in parts if kind == "text"]
    # A web address is no evidence of one error (JAX's messages share their documentation's
    # prefix): partial matches count the text around it.
    chunks = tuple(s for kind, value in parts if kind == "text"
                   for piece in _URL.split(value) if len(s := _squash(piece)) >= _MIN_FRAGMENT)
    required = tuple(sorted({s for s in literals if s}, key=len, reverse=True))
    if generic is not None:  # `File ".../jax/_src/hijax.py", line 993, in rule`, squashed
        site = f'{generic.file}",line{generic.line},in{generic.function.rsplit(".", 1)[-1]}'
        # The frame is text the match found too: next to it, the site's entry outranks an
        # entry whose template is only the same words (JAX's "iteration over a 0-d array"
        # raised while that line unpacked a scalar).
        return _Pattern(full, length + len(site), (), (), required, site)
    ordered: list[str] = []
    field_after: list[bool] = []
    if not jax_module:  # a user-code site's fields are constrained: no cut form of it
        for kind, value in parts:
            squashed = _squash(value) if kind == "text" else ""
            if squashed:
                ordered.append(squashed)
                field_after.append(False)
            elif kind == "field" and field_after:
                field_after[-1] = True
    if shown_with:  # only whole messages, next to the text they need
        return _Pattern(full, length, (), (), required, _squash(shown_with))
    if any(kind == "field" and value in matching for kind, value in parts):
        return _Pattern(full, length, (), (), required)  # (only whole messages: a cut one cannot show it)
    if api_names:  # only whole messages, of the table's pairs
        return _Pattern(full, length, (), (), required, accept=API_NAMES[api_names])
    return _Pattern(full, length, tuple(lines), chunks, required,
                    ordered=tuple(ordered), field_after=tuple(field_after))


_EVIDENCE_MIN = 12  # non-space characters of a literal stretch that count as evidence


def _evidence(pattern: _Pattern, squashed_text: str) -> int:
    """How much of the template's literal text, in stretches of some length, the text holds:
    between two partial matches of equal score, the one whose other sentences are there too
    ("The problem arose with the `bool` function.") is the more specific."""
    return sum(len(part) for part in pattern.required
               if len(part) >= _EVIDENCE_MIN and part in squashed_text)


# A message cut short by the tracker or the page it was copied from ("TypeError: scan body
# function carry input and carr") ends the paste inside the template. It counts as a partial
# match when the template's text up to the cut is long enough to name one error: as long as a
# distinctive fragment, or half that when the paste names the entry's exception just before it.
_CUT_MIN_NAMED = _MIN_FRAGMENT // 2
# A span of one line between double quotes or backticks, long enough to hold a message.
_MAX_QUOTED = 50
_QUOTED = re.compile(r'"([^"\n]{%d,})"|`([^`\n]{%d,})`' % (_CUT_MIN_NAMED, _CUT_MIN_NAMED))
_CUT_FIELD_TAIL = 200  # a cut inside a placeholder's value: at most this much of the value


def _cut_score(pattern: _Pattern, squashed_text: str, last_line: str,
               exception_marks: tuple[str, ...]) -> int:
    """How much of the template's literal text a paste cut short inside the template shows.

    The paste must end inside the template: its last characters are the start of one of the
    template's literal stretches (the cut fell in it), or the start of a placeholder's value
    on the paste's last line (the cut fell in the value), after every earlier stretch in
    order. The score is the literal text matched; 0 below the thresholds."""
    ordered, text = pattern.ordered, squashed_text
    if not ordered or not text:
        return 0
    best = 0
    before = 0  # literal length of ordered[:k]
    for k, piece in enumerate(ordered):
        # Candidate cuts in ordered[k]: its prefixes the text ends with, longest first; and,
        # after a placeholder, the cut inside the placeholder's value (an empty prefix).
        cuts = [m for m in range(len(piece) - 1, 0, -1)
                if piece[m - 1] == text[-1] and text.endswith(piece[:m])]
        if k and pattern.field_after[k - 1]:
            cuts.append(0)
        for m in cuts:
            score = before + m
            if score <= best or score < _CUT_MIN_NAMED:
                break
            head = text[:len(text) - m]
            if not all(p in head for p in ordered[:k]):
                continue
            if m == 0:
                # The value runs to the end: it starts on the paste's last line.
                tail = min(len(last_line), _CUT_FIELD_TAIL)
                if ordered[k - 1] not in head[-(tail + len(ordered[k - 1])):]:
                    continue
                found = _ends_with_pieces(ordered[:k], pattern.field_after[:k], head,
                                          tail_limit=tail)
            else:
                found = _ends_with_pieces(ordered[:k], pattern.field_after[:k], head,
                                          tail_limit=None if k and pattern.field_after[k - 1]
                                          else 0)
            if found is None:
                continue
            named = any(mark in head[max(0, found - _MIN_FRAGMENT):found]
                        for mark in exception_marks)
            if score >= _MIN_FRAGMENT or named:
                best = score
                break
        before += len(piece)
    return best


def _ends_with_pieces(pieces: tuple[str, ...], field_after: tuple[bool, ...], head: str,
                      tail_limit: int | None) -> int | None:
    """Where the first of `pieces` starts, when `head` holds them in order, a placeholder's
    value (any text) between two where the template has one, and after the last one the end
    of `head` within `tail_limit` characters (0: right at the end; None: any). None when it
    does not. With no pieces, the position of the end."""
    if not pieces:
        return len(head)
    regex = []
    for i, piece in enumerate(pieces):
        regex.append(re.escape(piece))
        if i + 1 < len(pieces):
            regex.append(_WILDCARD if field_after[i] else "")
    if tail_limit is None:
        regex.append(_WILDCARD)
    elif tail_limit:
        regex.append(".{0,%d}" % tail_limit)
    match = re.search("".join(regex) + r"\Z", head, re.DOTALL)
    return match.start() if match else None


def _partial_score(pattern: _Pattern, squashed_text: str) -> int:
    best = 0
    for line, length in pattern.lines:
        if line.search(squashed_text):
            best = max(best, length)
    step = 4
    for chunk in pattern.chunks:
        covered, last_end = 0, -1
        for start in range(0, len(chunk) - _MIN_FRAGMENT + 1, step):
            window = chunk[start:start + _MIN_FRAGMENT]
            if window in squashed_text:
                end = start + _MIN_FRAGMENT
                covered += end - max(start, last_end)
                last_end = end
        best = max(best, covered)
    return best


# --------------------------------------------------------------------------------------------
# Catalog


class Catalog:
    def __init__(self, entries: dict[str, Entry], directory: Path | None = None) -> None:
        self.entries: dict[str, Entry] = dict(entries)
        self.directory = directory
        self._patterns: dict[str, list[_Pattern]] = {}
        self.api_docs: dict[str, ApiDoc] = {d.name: d for e in self.entries.values() for d in e.api_docs}
        self._api_by_qualname = {q: d for d in self.api_docs.values() for q in d.qualnames}
        self._api_by_method = {d.method: d for d in self.api_docs.values() if d.method}

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self.entries

    def ids(self) -> list[str]:
        return list(self.entries)

    def get(self, entry_id: str) -> Entry:
        validate_entry_id(entry_id)
        try:
            return self.entries[entry_id]
        except KeyError:
            known = ", ".join(self.entries) or "none"
            raise CatalogError(f"no catalog entry {entry_id!r} (known ids: {known})") from None

    def by_rule(self, code: str) -> Entry:
        wanted = code.strip().upper() if isinstance(code, str) else code
        for entry in self.entries.values():
            if entry.rule and entry.rule == wanted:
                return entry
        known = ", ".join(e.rule for e in self.entries.values() if e.rule) or "none"
        raise CatalogError(f"no catalog entry for rule {code!r} (known rules: {known})")

    def lookup(self, key: str) -> Entry:
        """An entry by id or by rule code (what `jaxerr explain ID` accepts)."""
        if isinstance(key, str) and RULE_RE.fullmatch(key.strip().upper()):
            return self.by_rule(key)
        return self.get(key)

    def for_api(self, api: str) -> list[Entry]:
        """The entries whose `apis` name `api` (exactly, e.g. "jax.vjp", "VJP.with_refs")."""
        return [e for e in self.entries.values() if api in e.apis]

    def api_named(self, qualname: str) -> ApiDoc | None:
        """The API a fully qualified module attribute is ("jax.ref.new_ref" -> jax.new_ref)."""
        return self._api_by_qualname.get(qualname)

    def api_with_method(self, method: str) -> ApiDoc | None:
        """The API that is a method called `method` of an object JAX returns."""
        return self._api_by_method.get(method)

    def match(self, text: str) -> list[Entry]:
        """Entries whose message template matches a pasted JAX error or traceback, best first."""
        return [m.entry for m in self.match_scored(text)]

    def match_scored(self, text: str) -> list[Match]:
        """Like `match`, with scores. A whole template beats a distinctive part of one.

        Placeholders match anything; whitespace is ignored (so indentation, rewrapping and
        `ValueError: ` prefixes don't matter). Only when no whole template matches, a template
        line or literal stretch of at least 40 non-space characters found in the text counts as
        a partial match (e.g. a message cut short), ranked by how much of it was found. So
        does a paste that ends inside a template, every literal stretch before the cut found in
        order (a message the tracker cut: `_cut_score`).

        The text is read without the decorations of a paste (pytest's `E   `, Markdown quotes
        and fences, rich boxes: jaxerr_lsp.errors.paste_cleanup), and older JAX wordings of a
        message (`[[older]]`) count like the current one. When nothing matches, a paste that names an
        exception class JAX raises for exactly one entry (`NonConcreteBooleanIndexError`)
        gives that entry, as the weakest partial match.
        """
        if not isinstance(text, str) or not text.strip():
            return []
        # A chained traceback ends with the exception that was raised last (Haiku's hint, raised
        # from JAX's UnexpectedTracerError): when that one's text matches a whole template, it
        # is the error to explain, even if the cause printed above matches a longer one.
        tail = _CHAINED.split(text)[-1]
        if tail is not text and len(tail) < len(text):
            last = self.match_scored(tail)
            if last and last[0].full:
                return last
        if len(text) > _MAX_TEXT:
            half = _MAX_TEXT // 2
            text = text[:half] + "\n" + text[-half:]
        text = clean_paste(text)
        squashed = _squash(text)
        last_line = _squash(next((line for line in reversed(text.split("\n")) if line.strip()), ""))
        # A message quoted in the reporter's prose ('I get "IndexError: Array boolean indices
        # must be concrete" when ...') ends where the quote closes: each quoted span is a paste
        # of its own for a message cut short.
        quoted = [_squash(a or b) for a, b in _QUOTED.findall(text)[:_MAX_QUOTED]]
        results: list[Match] = []
        for entry in self.entries.values():
            best: Match | None = None
            marks = tuple(f"{name.rsplit('.', 1)[-1]}:" for name in
                          {*entry.exceptions, *(o.exception for o in entry.older if o.exception)})
            for pattern in self._patterns_for(entry):
                candidate: Match | None
                if pattern.matches(squashed):
                    candidate = Match(entry, 1_000_000 + pattern.literal_length, True,
                                      older=pattern.older, pieces=frozenset(pattern.required))
                else:
                    score = max(_partial_score(pattern, squashed),
                                _cut_score(pattern, squashed, last_line, marks),
                                *(_cut_score(pattern, span, span, marks) for span in quoted))
                    candidate = (Match(entry, score, False, _evidence(pattern, squashed),
                                       pattern.older, frozenset(pattern.required))
                                 if score else None)
                if candidate and (best is None or candidate.rank() > best.rank()):
                    best = candidate
            if best is not None:
                results.append(best)
        if any(m.full for m in results):  # partial matches are only a fallback
            results = [m for m in results if m.full]
        if not results:
            results = self._by_exception_name(text)
        results.sort(key=lambda m: tuple(-r for r in m.rank()) + (m.entry.id,))
        best = decisive(results)
        if best is not None and best is not results[0]:  # the better fit first
            results.remove(best)
            results.insert(0, best)
        return results

    def _by_exception_name(self, text: str) -> list[Match]:
        """The entry whose exception class (one of JAX's own, not Python's) the text names,
        when it names such classes of exactly one entry."""
        owners: dict[str, set[str]] = {}
        for entry in self.entries.values():
            for name in {*entry.exceptions, *(o.exception for o in entry.older if o.exception)}:
                short = name.rsplit(".", 1)[-1]
                if not hasattr(builtins, short):
                    owners.setdefault(short, set()).add(entry.id)
        named = [owners[name] for name in exception_names(text) if name in owners]
        found = {entry_id for ids in named for entry_id in ids}
        if len(found) != 1 or any(len(ids) != 1 for ids in named):
            return []
        return [Match(self.entries[found.pop()], 1, False)]

    def _patterns_for(self, entry: Entry) -> list[_Pattern]:
        patterns = self._patterns.get(entry.id)
        if patterns is None:
            # A generic message counts next to any of its raise sites (several sites may
            # share Python's wording: the bwd rule called by JAX on either path).
            generic: dict[str, list[Source]] = {}
            for source in entry.sources:
                if source.generic and source.message:
                    generic.setdefault(source.message, []).append(source)
            # A message Python raises at the user's statement counts only for a JAX module.
            user_code = {source.message for source in entry.sources if source.user_code}
            api_names = {source.message: source.api_names for source in entry.sources if source.api_names}
            shown = {source.message: source.shown_with for source in entry.sources
                     if source.shown_with and source.message}
            matching = dict(entry.matching)
            # (A wording both raised at the user's statement and at a generic site, Python's
            # refusal of a call that JAX may wrap: either counts.)
            patterns = [pattern for t in entry.messages
                        for pattern in ([_compile(t, site, matching=matching) for site in generic.get(t, [])]
                                        + ([_compile(t, shown_with=shown[t], matching=matching)]
                                           if t in shown else [])
                                        + ([_compile(t, jax_module=t in user_code and t not in api_names,
                                                     api_names=api_names.get(t, ""),
                                                     matching=matching)]
                                           if t in user_code or t not in generic and t not in shown else []))]
            patterns += [dataclasses.replace(_compile(o.message), older=True) for o in entry.older
                         if o.message not in entry.messages]
            self._patterns[entry.id] = patterns
        return patterns


# --------------------------------------------------------------------------------------------
# Loading and validation

_STR_FIELDS = ("id", "rule", "title", "exception", "message", "jax_version", "summary", "meaning")
_LIST_FIELDS = ("triggers", "situations", "solutions", "defensive", "apis")
_KNOWN_FIELDS = (set(_STR_FIELDS) | set(_LIST_FIELDS)
                 | {"source", "example", "related", "fixes", "api", "placeholders", "matching", "static_rule",
                    "severity"}
                 | {"reproducible", "why_not_reproduced"}  # errors this machine cannot raise
                 | {"package", "package_version"})  # errors a library on JAX raises

_KNOWN_FIELDS = _KNOWN_FIELDS | {"older"}  # older JAX wordings: jaxerr_lsp/errors/older_wordings.py


def default_catalog_dir() -> Path:
    """The TOMLs shipped inside the wheel, or the repository's `catalog/` in a checkout."""
    packaged = Path(__file__).parent.parent / "catalog"
    if packaged.is_dir():
        return packaged
    return Path(__file__).parent.parent.parent / "catalog"


def load_catalog(directory: Path | None = None) -> Catalog:
    """Load and validate every `<id>.toml` in `directory` (default: the shipped catalog, cached)."""
    if directory is None:
        return _load_default()
    return _load(Path(directory))


@functools.lru_cache(maxsize=1)
def _load_default() -> Catalog:
    return _load(default_catalog_dir())


def _load(directory: Path) -> Catalog:
    if not directory.is_dir():
        raise CatalogError(f"catalog directory not found: {directory}")
    entries: dict[str, Entry] = {}
    rules: dict[str, Path] = {}
    for path in sorted(directory.glob("*.toml")):
        entry = _load_entry(path)
        if entry.id in entries:
            raise CatalogError(
                f"{path}: field `id`: duplicate id {entry.id!r} (also in {entries[entry.id].path})")
        if entry.rule and entry.rule in rules:
            raise CatalogError(
                f"{path}: field `rule`: rule {entry.rule!r} is already used by {rules[entry.rule]}")
        entries[entry.id] = entry
        if entry.rule:
            rules[entry.rule] = path
    # In rule order; the entries without a rule code after them, by id.
    entries = dict(sorted(entries.items(), key=lambda item: (not item[1].rule, item[1].rule, item[0])))
    for entry in entries.values():
        for related in entry.related:
            if related not in entries:
                raise CatalogError(
                    f"{entry.path}: field `related`: unknown catalog id {related!r} "
                    f"(known ids: {', '.join(entries)})")
    _check_api_docs(list(entries.values()))
    return Catalog(entries, directory)


def _check_api_docs(entries: list[Entry]) -> None:
    """Across files: each API documented once, each qualified name and method pointing to one
    API, and every name in an entry's `apis` documented somewhere."""
    seen: dict[str, dict[str, ApiDoc]] = {"name": {}, "qualnames": {}, "method": {}}
    for entry in entries:
        for i, doc in enumerate(entry.api_docs):
            keys = {"name": [doc.name], "qualnames": list(doc.qualnames),
                    "method": [doc.method] if doc.method else []}
            for field, values in keys.items():
                for value in values:
                    other = seen[field].get(value)
                    if other is not None:
                        what = "documented" if field == "name" else "recognized"
                        raise CatalogError(
                            f"{entry.path}: field `api[{i}].{field}`: {value!r} is {what} twice: "
                            f"here and in {other.path} (api {other.name!r})")
                    seen[field][value] = doc
    documented = seen["name"]
    for entry in entries:
        for i, name in enumerate(entry.apis):
            if name not in documented:
                raise CatalogError(
                    f"{entry.path}: field `apis[{i}]`: {name!r} has no [[api]] documentation in "
                    f"any catalog file (documented: {', '.join(sorted(documented)) or 'none'})")


def _load_entry(path: Path) -> Entry:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{path}: cannot read catalog entry: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{path}: not valid TOML: {exc}") from exc

    def fail(field: str, problem: str) -> CatalogError:
        return CatalogError(f"{path}: field `{field}`: {problem}")

    unknown = sorted(set(data) - _KNOWN_FIELDS)
    if unknown:
        raise fail(unknown[0], "unknown field (known fields: " + ", ".join(sorted(_KNOWN_FIELDS)) + ")")

    @overload
    def text(table: dict[str, Any], key: str, field: str) -> str: ...
    @overload
    def text(table: dict[str, Any], key: str, field: str, *, optional: bool) -> str | None: ...
    def text(table: dict[str, Any], key: str, field: str, *, optional: bool = False) -> str | None:
        if key not in table:
            if optional:
                return None
            raise fail(field, "missing")
        value = table[key]
        if not isinstance(value, str):
            raise fail(field, f"must be a string, not {type(value).__name__}")
        if not value.strip():
            raise fail(field, "must not be empty")
        return value

    def strings(key: str, *, allow_empty: bool = False) -> tuple[str, ...]:
        if key not in data:
            raise fail(key, "missing")
        value = data[key]
        if not isinstance(value, list):
            raise fail(key, f"must be a list of strings, not {type(value).__name__}")
        if not value and not allow_empty:
            raise fail(key, "must not be empty")
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise fail(f"{key}[{i}]", f"must be a string, not {type(item).__name__}")
            if not item.strip():
                raise fail(f"{key}[{i}]", "must not be empty")
        return tuple(value)

    values = {key: text(data, key, key, optional=key == "rule") or "" for key in _STR_FIELDS}
    entry_id = values["id"]
    if not ENTRY_ID_RE.fullmatch(entry_id):
        raise fail("id", f"invalid id {entry_id!r} (lowercase letters, digits and '-')")
    if entry_id != path.stem:
        raise fail("id", f"id {entry_id!r} must equal the file name {path.stem!r}")
    if "rule" not in data and data.get("static_rule", True) is not False:
        raise fail("rule", "missing (only an explain-only entry, `static_rule = false`, may have "
                           "no rule code)")
    if "rule" in data and not RULE_RE.fullmatch(values["rule"]):
        raise fail("rule", f"invalid rule code {values['rule']!r} (e.g. 'JXE001')")
    _check_exception(values["exception"], fail, "exception")
    _check_template(values["message"], fail, "message")

    sources = _sources(data, text, fail)
    older = parse_older(data, _check_template, _check_exception, fail)
    placeholders = _placeholders(data, [values["message"]] + [s.message for s in sources if s.message]
                                 + [o.message for o in older], fail)
    matching = _matching(data, dict(placeholders), fail)
    static_rule = data.get("static_rule", True)
    if not isinstance(static_rule, bool):
        raise fail("static_rule", f"must be true or false, not {static_rule!r}")
    severity = data.get("severity", "error")
    if severity not in SEVERITIES:
        raise fail("severity", f"must be one of {', '.join(SEVERITIES)}, not {severity!r}")

    # ---- Errors this machine cannot raise: no `before`, and why ---------------------------
    reproducible = data.get("reproducible", True)
    if not isinstance(reproducible, bool):
        raise fail("reproducible", f"must be true or false, not {reproducible!r}")
    why_not = text(data, "why_not_reproduced", "why_not_reproduced", optional=True) or ""
    if reproducible and why_not:
        raise fail("why_not_reproduced", "only for an entry with `reproducible = false`")
    if not reproducible:
        if not why_not:
            raise fail("why_not_reproduced", "missing (what this machine lacks to raise the error)")
        if data.get("static_rule", True) is not False:
            raise fail("reproducible", "an error no example raises has no rule (`static_rule = false`)")
    package = text(data, "package", "package", optional=True) or ""
    package_version = text(data, "package_version", "package_version", optional=True) or ""
    if bool(package) != bool(package_version):
        raise fail("package_version" if package else "package",
                   "`package` and `package_version` go together (the library raising it, and "
                   "the version its text was verified in)")
    if package and not re.fullmatch(r"[a-z][a-z0-9_]*", package):
        raise fail("package", f"not an importable package name: {package!r}")
    # ---- end ------------------------------------------------------------------------------------
    example = data.get("example", {} if not reproducible else None)
    if example is None:
        raise fail("example", "missing (a table with `before` and `after`)")
    if not isinstance(example, dict):
        raise fail("example", f"must be a table, not {type(example).__name__}")
    extra = sorted(set(example) - {"before", "after"})
    if extra:
        raise fail(f"example.{extra[0]}", "unknown field (expected `before` and `after`)")
    if not reproducible and "before" in example:
        raise fail("example.before", "an entry with `reproducible = false` has no `before` "
                                     "(this machine cannot raise the error)")
    before = text(example, "before", "example.before", optional=not reproducible) or ""
    after = text(example, "after", "example.after", optional=not reproducible) or ""
    for field, code in (("example.before", before), ("example.after", after)):
        try:
            compile(code, f"{path}:{field}", "exec")
        except SyntaxError as exc:
            raise fail(field, f"not valid Python: {exc}") from exc

    related = strings("related", allow_empty=True)
    for i, item in enumerate(related):
        if not ENTRY_ID_RE.fullmatch(item):
            raise fail(f"related[{i}]", f"invalid catalog id {item!r}")
        if item == entry_id:
            raise fail(f"related[{i}]", "an entry cannot be related to itself")

    fixes = _fixes(data, text, fail)
    api_docs = _api_docs(data, text, fail, path)

    return Entry(
        id=entry_id,
        rule=values["rule"],
        title=values["title"],
        exception=values["exception"],
        message=values["message"],
        jax_version=values["jax_version"],
        sources=sources,
        summary=values["summary"],
        meaning=values["meaning"],
        triggers=strings("triggers"),
        situations=strings("situations"),
        solutions=strings("solutions"),
        example_before=before,
        example_after=after,
        defensive=strings("defensive"),
        related=related,
        apis=strings("apis"),
        fixes=fixes,
        path=path,
        api_docs=api_docs,
        placeholders=placeholders,
        matching=matching,
        older=older,
        static_rule=static_rule,
        severity=severity,
        reproducible=reproducible,
        why_not_reproduced=why_not,
        package=package,
        package_version=package_version,
    )


def _check_exception(name: str, fail, field: str) -> None:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", name):
        raise fail(field, f"not an exception class name: {name!r}")


def _matching(data: dict[str, Any], placeholders: dict[str, str], fail) -> tuple[tuple[str, str], ...]:
    """The `[matching]` table: placeholder -> the regex its text must match in a paste."""
    raw = data.get("matching", {})
    if not isinstance(raw, dict):
        raise fail("matching", f"must be a table, not {type(raw).__name__}")
    for key, value in raw.items():
        if key not in placeholders:
            raise fail(f"matching.{key}", "not a placeholder of any template")
        if not isinstance(value, str) or not value:
            raise fail(f"matching.{key}", "must be a non-empty regular expression")
        try:
            re.compile(value)
        except re.error as error:
            raise fail(f"matching.{key}", f"not a regular expression: {error}") from None
    return tuple(raw.items())


def _placeholders(data: dict[str, Any], templates: list[str], fail) -> tuple[tuple[str, str], ...]:
    """The `[placeholders]` table: every placeholder of every template, described in words."""
    raw = data.get("placeholders", {})
    if not isinstance(raw, dict):
        raise fail("placeholders", f"must be a table, not {type(raw).__name__}")
    for key, value in raw.items():
        if not isinstance(value, str) or not value.strip():
            raise fail(f"placeholders.{key}", "must be a non-empty string (what it stands for)")
        if "‹" in value or "›" in value:
            raise fail(f"placeholders.{key}", "words only: the ‹ › are added when it is shown")
    used = [value for template in templates for kind, value in template_parts(template)
            if kind == "field"]
    missing = [name for name in dict.fromkeys(used) if name not in raw]
    if missing:
        raise fail("placeholders", f"no description for {missing[0]!r} (one line per placeholder "
                                   f'of the templates: "{missing[0]}" = "what it stands for")')
    unused = sorted(set(raw) - set(used))
    if unused:
        raise fail(f"placeholders.{unused[0]}", "not a placeholder of any template")
    return tuple((name, raw[name]) for name in dict.fromkeys(used))


def _check_template(template: str, fail, field: str) -> None:
    try:
        parts = template_parts(template)
    except ValueError as exc:
        raise fail(field, f"malformed template: {exc}") from exc
    if not any(kind == "text" and value.strip() for kind, value in parts):
        raise fail(field, "the template has no literal text to match")


def _sources(data: dict[str, Any], text, fail) -> tuple[Source, ...]:
    raw = data.get("source")
    if raw is None:
        raise fail("source", "missing (one [[source]] table per raise site)")
    if not isinstance(raw, list) or not raw:
        raise fail("source", "must be a non-empty array of tables ([[source]])")
    sources = []
    for i, table in enumerate(raw):
        where = f"source[{i}]"
        if not isinstance(table, dict):
            raise fail(where, f"must be a table, not {type(table).__name__}")
        fields = {"file", "function", "line", "message", "exception", "generic", "builder",
                  "builder_file", "parts", "library", "wheel", "trimmed", "warning", "logged",
                  "user_code", "api_names", "shown_with"}
        extra = sorted(set(table) - fields)
        if extra:
            raise fail(f"{where}.{extra[0]}", f"unknown field (expected {', '.join(sorted(fields))})")
        file = text(table, "file", f"{where}.file")
        library = text(table, "library", f"{where}.library", optional=True)
        if library is not None and (library.startswith("/") or ".." in Path(library).parts):
            raise fail(f"{where}.library", f"must be a relative path, not {library!r}")
        wheel = text(table, "wheel", f"{where}.wheel", optional=True)
        if wheel is not None and (library is None or not re.fullmatch(r"[a-z0-9][a-z0-9._-]*", wheel)):
            raise fail(f"{where}.wheel", "a package name (jax-cuda12-pjrt), given with `library`")
        if wheel is None and library is not None and library.startswith("jax_plugins/"):
            raise fail(f"{where}.library", "a GPU plugin's library is not installed here: name the "
                                           'wheel that ships it (wheel = "jax-cuda12-pjrt")')
        suffixes = (".h", ".cc") if library is not None else (".py",)
        if file.startswith("/") or ".." in Path(file).parts or not file.endswith(suffixes):
            raise fail(f"{where}.file", f"must be a relative path to a {' or '.join(suffixes)} "
                                        f"file, not {file!r}")
        function = text(table, "function", f"{where}.function")
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", function):
            raise fail(f"{where}.function", f"not a function name: {function!r}")
        if "line" not in table:
            raise fail(f"{where}.line", "missing")
        line = table["line"]
        if not isinstance(line, int) or isinstance(line, bool) or line < 1:
            raise fail(f"{where}.line", f"must be a positive integer, not {line!r}")
        message = text(table, "message", f"{where}.message", optional=True)
        if message is not None:
            _check_template(message, fail, f"{where}.message")
        exception = text(table, "exception", f"{where}.exception", optional=True)
        if exception is not None:
            _check_exception(exception, fail, f"{where}.exception")
        generic = table.get("generic", False)
        if not isinstance(generic, bool):
            raise fail(f"{where}.generic", f"must be true or false, not {generic!r}")
        if generic and message is None:
            raise fail(f"{where}.message", "a generic site needs its own message (Python's text)")
        builder = text(table, "builder", f"{where}.builder", optional=True)
        if builder is not None and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", builder):
            raise fail(f"{where}.builder", f"not a function name: {builder!r}")
        if builder is not None and generic:
            raise fail(f"{where}.builder", "a generic site has no builder (Python writes the message)")
        builder_file = text(table, "builder_file", f"{where}.builder_file", optional=True)
        if builder_file is not None and (builder is None or builder_file.startswith("/")
                                         or not builder_file.endswith(".py")):
            raise fail(f"{where}.builder_file", "a relative .py path, given with `builder`")
        parts = _parts(table.get("parts", []), fail, f"{where}.parts")
        if parts and (builder is None or message is None):
            raise fail(f"{where}.parts", "parts fill a builder's text: give `builder` and `message`")
        if library is not None and (generic or builder is not None):
            raise fail(f"{where}.library", "a compiled site is neither generic nor built")
        user_code = table.get("user_code", False)
        if not isinstance(user_code, bool):
            raise fail(f"{where}.user_code", f"must be true or false, not {user_code!r}")
        if user_code and (message is None or generic or builder is not None or library is not None):
            raise fail(f"{where}.user_code", "a user-code site has its own message (Python's text) "
                                             "and is neither generic, built nor compiled")
        api_names = table.get("api_names", "")
        fields = {v for k, v in template_parts(message) if k == "field"} if message is not None else set()
        if api_names and (api_names not in API_NAMES or message is None or generic or builder is not None
                          or not fields & _API_MODULE.keys() or not fields & _API_NAME.keys()):
            raise fail(f"{where}.api_names", f"one of {sorted(API_NAMES)}, for a site with its own message "
                                             "whose {module!r} and {name!r} must be such a pair")
        shown_with = table.get("shown_with", "")
        if not isinstance(shown_with, str) or (shown_with and (library is None or message is None
                                                                or len(_squash(shown_with)) < 8)):
            raise fail(f"{where}.shown_with", "the text (8 characters or more) a compiled site's own "
                                              "message must be shown with")
        trimmed = table.get("trimmed", "")
        if not isinstance(trimmed, str):
            raise fail(f"{where}.trimmed", f"must be a string, not {trimmed!r}")
        warning = table.get("warning", False)
        if not isinstance(warning, bool):
            raise fail(f"{where}.warning", f"must be true or false, not {warning!r}")
        if warning and (generic or builder is not None or library is not None):
            raise fail(f"{where}.warning", "a warning site is neither generic, built nor compiled")
        logged = table.get("logged", False)
        if not isinstance(logged, bool):
            raise fail(f"{where}.logged", f"must be true or false, not {logged!r}")
        # (a compiled site may be logged: XLA's C++ `LOG(WARNING) << ...`)
        if logged and (warning or generic or builder is not None):
            raise fail(f"{where}.logged", "a logged site is no warning, generic or built site")
        sources.append(Source(file=file, function=function, line=line, message=message,
                              exception=exception, generic=generic, builder=builder,
                              builder_file=builder_file, parts=parts, library=library, wheel=wheel,
                              trimmed=trimmed, warning=warning, logged=logged,
                              user_code=user_code, api_names=api_names,
                              shown_with=shown_with))
    return tuple(sources)


def _parts(raw: Any, fail, where: str) -> tuple[str, ...]:
    """`parts` of a source: "file.py:dotted.function" strings."""
    if not isinstance(raw, list):
        raise fail(where, f"must be a list of strings, not {type(raw).__name__}")
    for i, item in enumerate(raw):
        if not isinstance(item, str) or not re.fullmatch(
                r"[A-Za-z0-9_/]+\.py:[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", item):
            raise fail(f"{where}[{i}]", f"not 'file.py:function': {item!r}")
    return tuple(raw)


def _fixes(data: dict[str, Any], text, fail) -> tuple[FixInfo, ...]:
    if "fixes" not in data:
        raise fail("fixes", "missing (an array of [[fixes]] tables; may be empty: fixes = [])")
    fixes: list[FixInfo] = []
    for where, table in _tables(data, "fixes", ("id", "title", "safety", "why"), fail):
        fix_id = text(table, "id", f"{where}.id")
        if not FIX_ID_RE.fullmatch(fix_id):
            raise fail(f"{where}.id", f"invalid fix id {fix_id!r} (lowercase letters, digits and '-')")
        if any(f.id == fix_id for f in fixes):
            raise fail(f"{where}.id", f"duplicate fix id {fix_id!r}")
        title = text(table, "title", f"{where}.title")
        safety = text(table, "safety", f"{where}.safety")
        if safety not in SAFETIES:
            raise fail(f"{where}.safety", f"must be 'safe' or 'unsafe', not {safety!r}")
        why = text(table, "why", f"{where}.why")
        fixes.append(FixInfo(id=fix_id, title=title, safety=safety, why=why))
    return tuple(fixes)


def _tables(data: dict[str, Any], key: str, fields: tuple[str, ...],
            fail: Callable[[str, str], CatalogError]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(`key[i]`, table) for each table of the array of tables `key` (none when it is absent),
    each checked to hold only `fields`."""
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise fail(key, f"must be an array of tables, not {type(raw).__name__}")
    for i, table in enumerate(raw):
        where = f"{key}[{i}]"
        if not isinstance(table, dict):
            raise fail(where, f"must be a table, not {type(table).__name__}")
        extra = sorted(set(table) - set(fields))
        if extra:
            raise fail(f"{where}.{extra[0]}", f"unknown field (expected {', '.join(fields)})")
        yield where, table


def _api_docs(data: dict[str, Any], text, fail, path: Path) -> tuple[ApiDoc, ...]:
    docs: list[ApiDoc] = []
    for where, table in _tables(data, "api", ("name", "signature", "doc", "qualnames", "method"), fail):
        name = text(table, "name", f"{where}.name")
        if not DOTTED_RE.fullmatch(name):
            raise fail(f"{where}.name", f"not a dotted API name: {name!r} (e.g. 'jax.vjp')")
        qualnames = table.get("qualnames", [])
        if not isinstance(qualnames, list) or not all(isinstance(q, str) for q in qualnames):
            raise fail(f"{where}.qualnames", "must be a list of strings")
        for j, qualname in enumerate(qualnames):
            if not DOTTED_RE.fullmatch(qualname) or qualname.split(".")[0] != "jax":
                raise fail(f"{where}.qualnames[{j}]",
                           f"not a qualified name in jax: {qualname!r} (e.g. 'jax.ref.new_ref')")
        method = text(table, "method", f"{where}.method", optional=True)
        if method is not None and not method.isidentifier():
            raise fail(f"{where}.method", f"not a method name: {method!r}")
        if not qualnames and method is None:
            raise fail(where, "needs `qualnames` (module attributes) or `method` (a method name)")
        docs.append(ApiDoc(name=name, signature=text(table, "signature", f"{where}.signature"),
                           doc=text(table, "doc", f"{where}.doc"), qualnames=tuple(qualnames),
                           method=method, path=path))
    return tuple(docs)


# --------------------------------------------------------------------------------------------
# Rendering


def _md_item(item: str) -> str:
    if "\n" in item.strip():
        return "```python\n" + item.strip("\n") + "\n```"
    return item


def _related_titles(entry: Entry, catalog: Catalog | None) -> list[str]:
    lines = []
    for rid in entry.related:
        other = catalog.entries.get(rid) if catalog is not None else None
        lines.append((f"{rid} ({other.rule}): {other.title}" if other.rule else f"{rid}: {other.title}")
                     if other else rid)
    return lines


def _header_exceptions(entry: Entry) -> tuple[str, ...]:
    """The exceptions a raised (or warned) error is shown with: a site that only logs (its
    `exception` is the log level, `WARNING`) is not one of them."""
    if entry.shown_as == "logged":
        return entry.exceptions
    logged_only = {s.exception for s in entry.sources if s.logged and s.exception} - {
        s.exception or entry.exception for s in entry.sources if not s.logged}
    return tuple(e for e in entry.exceptions if e not in logged_only) or entry.exceptions


def render_markdown(entry: Entry, *, why: str | None = None, catalog: Catalog | None = None) -> str:
    """The entry as Markdown, for hover and `explain` (why: what in this code triggers it)."""
    if catalog is None and entry.related:
        catalog = _default_or_own(entry)
    heading = f"{entry.rule} · {entry.title}" if entry.rule else entry.title
    out: list[str] = [f"### {heading}", "", f"`{entry.id}` — {entry.summary}", ""]
    out += [f"**{' or '.join(_header_exceptions(entry))}** {entry.shown_as} by {entry.raised_by}:", "", "```text",
            entry.readable(entry.message), "```", ""]
    for other in _variants(entry):
        out += ["or, on another path:", "", "```text", entry.readable(other), "```", ""]
    out += ["**What it means**", "", entry.meaning.strip(), ""]
    if why:
        out += ["**Why this code triggers it**", "", why.strip(), ""]
    out += ["**How to fix it**", ""]
    out += [f"{i}. {s}" for i, s in enumerate(entry.solutions, 1)] + [""]
    out += ["**Example**", ""]
    if entry.example_before:
        out += ["Before (raises):", "", "```python", entry.example_before.strip("\n"), "```", ""]
    else:
        out += [f"Not reproduced here: {' '.join(entry.why_not_reproduced.split())}", ""]
    if entry.example_after:
        out += ["After:", "", "```python", entry.example_after.strip("\n"), "```", ""]
    out += ["**Defensive patterns**", ""]
    for item in entry.defensive:
        rendered = _md_item(item)
        out += (["", rendered, ""] if rendered.startswith("```") else [f"- {rendered}"])
    out.append("")
    if entry.related:
        out += ["**Related**", ""] + [f"- {line}" for line in _related_titles(entry, catalog)] + [""]
    sites = "; ".join(f"`{s.file}:{s.line}` ({s.function})" for s in entry.sites)
    where = f"{entry.raised_by} (with JAX {entry.jax_version})" if entry.package else f"JAX {entry.jax_version}"
    out += [f"*Raised at {sites} in {where}.*"]
    return "\n".join(_collapse_blank(out)).strip() + "\n"


def _variants(entry: Entry) -> list[str]:
    """The raise sites' own templates besides the entry's (e.g. the jax_custom_vjp3 wording)."""
    return list(entry.messages[1:])


def _collapse_blank(lines: list[str]) -> list[str]:
    result: list[str] = []
    for line in lines:
        if line == "" and result and result[-1] == "":
            continue
        result.append(line)
    return result


def _default_or_own(entry: Entry) -> Catalog | None:
    try:
        default = load_catalog()
        if entry.id in default and default.entries[entry.id].path == entry.path:
            return default
    except CatalogError:
        pass
    try:
        return load_catalog(entry.path.parent)
    except CatalogError:
        return None


def _wrap(text: str, indent: str = "  ", width: int = 88) -> list[str]:
    lines: list[str] = []
    for paragraph in text.strip().split("\n\n"):
        lines += textwrap.wrap(" ".join(paragraph.split()), width=width,
                               initial_indent=indent, subsequent_indent=indent,
                               break_on_hyphens=False, break_long_words=False)
        lines.append("")
    return lines[:-1]


def _code(text: str, indent: str = "    ") -> list[str]:
    return [indent + line if line.strip() else "" for line in text.strip("\n").splitlines()]


def render_text(entry: Entry, *, why: str | None = None, catalog: Catalog | None = None) -> str:
    """The entry as plain text for a terminal (`jaxerr explain`)."""
    if catalog is None and entry.related:
        catalog = _default_or_own(entry)
    out: list[str] = [f"{entry.name}: {entry.title}", ""]
    out += _wrap(entry.summary) + [""]
    out += [f"{' or '.join(_header_exceptions(entry))} {entry.shown_as} by {entry.raised_by}:"] + _code(
        entry.readable(entry.message))
    for other in _variants(entry):
        out += ["  or, on another path:"] + _code(entry.readable(other))
    out += [""]
    out += ["What it means:"] + _wrap(entry.meaning) + [""]
    if why:
        out += ["Why this code triggers it:"] + _wrap(why) + [""]
    out += ["How to fix it:"]
    for i, solution in enumerate(entry.solutions, 1):
        wrapped = _wrap(solution, indent="     ")
        out += [f"  {i}. " + wrapped[0].lstrip()] + wrapped[1:]
    if entry.example_before:
        out += ["", "Before (raises):"] + _code(entry.example_before)
    else:
        out += ["", "Not reproduced here:"] + _wrap(entry.why_not_reproduced)
    if entry.example_after:
        out += ["", "After:"] + _code(entry.example_after)
    out += [""]
    out += ["Defensive patterns:"]
    for item in entry.defensive:
        if "\n" in item.strip():
            out += _code(item)
        else:
            wrapped = _wrap(item, indent="    ")
            out += ["  - " + wrapped[0].lstrip()] + wrapped[1:]
    if entry.related:
        out += ["", "Related:"] + [f"  - {line}" for line in _related_titles(entry, catalog)]
    where = f"{entry.raised_by}, with JAX {entry.jax_version}" if entry.package else f"JAX {entry.jax_version}"
    out += ["", f"Raised at ({where}):"]
    out += [f"  {s.file}:{s.line} in {s.function}" for s in entry.sites]
    return "\n".join(_collapse_blank(out)).rstrip() + "\n"

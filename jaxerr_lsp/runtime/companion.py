"""The runtime companion: from an exception the user's program raised, the catalog entry that
explains it, where in the user's code it likely comes from, and the text shown after the
traceback (`jaxerr run`, the IPython extension, the pytest plugin).

This is the one part of jaxerr that runs the user's code, because the user asks it to. It
never changes what Python or JAX print: it only adds the entry after the traceback, and only
when the catalog's matcher (the one of `jaxerr explain -`) recognizes the error.

Matching reads what the exception says, as Python prints it without its frames
(`traceback.format_exception_only` of the exception and of those chained to it: messages and
notes). A few catalog messages are Python's own wording at a raise site inside JAX ("too many
values to unpack (expected 2)" where JAX unpacks a custom_vjp fwd rule's result); the catalog
counts them only next to that site's traceback frame. JAX removes its own frames from
tracebacks (JAX_TRACEBACK_FILTERING, "quiet_remove_frames" outside IPython), and a frame alone
does not say where the error began (the user's fwd rule may fail with that wording itself,
called from that very line). So `RaiseSiteWatch` watches raise events (`sys.monitoring`,
Python 3.12+) at exactly those sites, keeps an exception only when no frame of the user's lies
below the site (the error began in JAX or in Python there), and hands the matcher that frame.
"""

from __future__ import annotations

import linecache
import os
import site
import sys
import sysconfig
import textwrap
import traceback
import types
from dataclasses import dataclass

from jaxerr_lsp.errors.catalog import Catalog, Entry, load_catalog

__all__ = [
    "Explanation",
    "RaiseSiteWatch",
    "UserFrame",
    "exception_chain",
    "explain_exception",
    "explanation_markdown",
    "explanation_text",
    "user_frame",
    "watch_raise_sites",
]


# ------------------------------------------------------------------------------ user frames
@dataclass(frozen=True)
class UserFrame:
    """A traceback frame in a file of the user's (not Python's, not an installed package's)."""

    file: str
    line: int
    function: str
    code: str  # the source line, stripped ("" when it cannot be read)
    cell: str | None = None  # an IPython cell as IPython names it ("Cell In[3]"), not its file

    def location(self) -> str:
        if self.cell is not None:
            return f"{self.cell}, line {self.line}, in {self.function}"
        return f"{self.file}:{self.line}, in {self.function}"


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _library_dirs() -> tuple[str, ...]:
    """Folders whose files are not the user's: the standard library, site-packages (the
    interpreter's, the user site's, the venv's), JAX's and jaxerr's own folders."""
    dirs: set[str] = {_PACKAGE_DIR}
    paths = sysconfig.get_paths()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        if paths.get(key):
            dirs.add(paths[key])
    try:
        dirs.update(site.getsitepackages())
        dirs.add(site.getusersitepackages())
    except AttributeError:  # a site module without them (some embedded interpreters)
        pass
    for name in ("jax", "jaxlib"):
        module_file = getattr(sys.modules.get(name), "__file__", None)
        if isinstance(module_file, str):
            dirs.add(os.path.dirname(module_file))
    return tuple(sorted(os.path.normcase(os.path.abspath(d)) + os.sep for d in dirs if d))


def is_user_file(filename: str, library_dirs: tuple[str, ...] | None = None) -> bool:
    """True for a file of the user's: a script, a module of their project, an IPython cell.
    Not the standard library, not an installed package (any `site-packages` folder), not JAX,
    not jaxerr, not Python's frozen or generated code (`<frozen runpy>`, `<string>`)."""
    if filename.startswith("<"):
        return filename.startswith("<ipython-input-")
    path = os.path.normcase(os.path.abspath(filename))
    parts = path.split(os.sep)
    if "site-packages" in parts or "dist-packages" in parts:
        return False
    dirs = _library_dirs() if library_dirs is None else library_dirs
    return not path.startswith(dirs)


def user_frame(tb: types.TracebackType | None) -> UserFrame | None:
    """The innermost frame of `tb` in a file of the user's, or None."""
    dirs = _library_dirs()
    found: UserFrame | None = None
    for frame, line in traceback.walk_tb(tb):
        filename = frame.f_code.co_filename
        if is_user_file(filename, dirs):
            code = linecache.getline(filename, line, frame.f_globals).strip()
            found = UserFrame(filename, line, frame.f_code.co_name, code)
    return found


# ------------------------------------------------------------------------------ raise sites
class RaiseSiteWatch:
    """Records, while active, which exceptions pass through a catalog raise site whose message
    is Python's own (`generic = true`), so that the matcher sees that frame even when JAX has
    filtered it out of the traceback. One `sys.monitoring` tool, RAISE events only; the
    callback returns after one dictionary lookup for any file that holds no such site."""

    _KEEP = 8  # the last few exceptions seen at a site (the one that ends a program is among them)

    def __init__(self, catalog: Catalog) -> None:
        self._sites: dict[str, dict[int, str]] = {}  # "jax/_src/hijax.py" -> line -> function
        for entry in catalog:
            for source in entry.sources:
                if source.generic:
                    function = source.function.rsplit(".", 1)[-1]
                    self._sites.setdefault(source.file, {})[source.line] = function
        self._by_filename: dict[str, tuple[str, dict[int, str]] | None] = {}
        self._seen: dict[int, tuple[BaseException, list[str]]] = {}
        self._tool: int | None = None
        self._users = 0

    # ---- lifetime: nested start/stop (the IPython extension and the pytest plugin may both ask)
    def start(self) -> None:
        self._users += 1
        if self._users == 1 and self._sites:
            self._tool = _free_tool_id()
            if self._tool is not None:
                monitoring = sys.monitoring
                monitoring.use_tool_id(self._tool, "jaxerr")
                monitoring.register_callback(self._tool, monitoring.events.RAISE, self._on_raise)
                monitoring.set_events(self._tool, monitoring.events.RAISE)

    def stop(self) -> None:
        self._users = max(0, self._users - 1)
        if self._users == 0 and self._tool is not None:
            monitoring = sys.monitoring
            monitoring.set_events(self._tool, 0)
            monitoring.register_callback(self._tool, monitoring.events.RAISE, None)
            monitoring.free_tool_id(self._tool)
            self._tool = None
            self._seen.clear()

    @property
    def active(self) -> bool:
        return self._tool is not None

    # ---- the callback
    def _site_lines(self, filename: str) -> tuple[str, dict[int, str]] | None:
        found = self._by_filename.get(filename, _UNSEEN)
        if found is _UNSEEN:
            found = None
            normalized = filename.replace(os.sep, "/")
            for file, lines in self._sites.items():
                if normalized.endswith("/" + file):
                    found = (file, lines)
            self._by_filename[filename] = found
        return found  # type: ignore[return-value]

    def _on_raise(self, code: types.CodeType, offset: int, exception: BaseException) -> None:
        site_lines = self._site_lines(code.co_filename)
        if site_lines is None:
            return
        try:
            self._record(code, offset, exception, site_lines[1])
        except Exception:  # noqa: BLE001 - never disturb the user's program from a callback
            pass

    def _record(self, code: types.CodeType, offset: int, exception: BaseException,
                site_lines: dict[int, str]) -> None:
        line = _line_of(code, offset)
        function = site_lines.get(line) if line is not None else None
        if function is None or function != code.co_name or _began_in_users_code(exception):
            return
        frame = f'  File "{code.co_filename}", line {line}, in {function}'
        known = self._seen.pop(id(exception), None)
        frames = known[1] if known is not None and known[0] is exception else []
        self._seen[id(exception)] = (exception, frames + [frame])
        while len(self._seen) > self._KEEP:
            del self._seen[next(iter(self._seen))]

    def frames_of(self, exception: BaseException) -> list[str]:
        """Traceback lines (`File "...", line N, in f`) of the sites `exception` passed."""
        known = self._seen.get(id(exception))
        return list(known[1]) if known is not None and known[0] is exception else []


_UNSEEN = object()


def _began_in_users_code(exception: BaseException) -> bool:
    """At a raise event, `exception.__traceback__` runs from the frame raising now down to
    where the exception began: True when a frame below the first is in a file of the user's."""
    tb = exception.__traceback__
    below = tb.tb_next if tb is not None else None
    dirs = _library_dirs()
    return any(is_user_file(frame.f_code.co_filename, dirs) for frame, _ in traceback.walk_tb(below))


def _free_tool_id() -> int | None:
    """A sys.monitoring tool id nobody uses: the unnamed ones (3, 4) first, never a debugger's
    or coverage's if they are taken."""
    for tool in (3, 4, 0, 1, 2, 5):
        if sys.monitoring.get_tool(tool) is None:
            return tool
    return None


def _line_of(code: types.CodeType, offset: int) -> int | None:
    for start, end, line in code.co_lines():
        if start <= offset < end:
            return line
    return None


_WATCH: RaiseSiteWatch | None = None


def watch_raise_sites() -> RaiseSiteWatch:
    """The process's one watch (not started: call `start()`, and `stop()` when done)."""
    global _WATCH
    if _WATCH is None:
        _WATCH = RaiseSiteWatch(load_catalog())
    return _WATCH


# ------------------------------------------------------------------------------ explanation
@dataclass(frozen=True)
class Explanation:
    entry: Entry
    frame: UserFrame | None  # the likely cause: the innermost frame in the user's files


def exception_chain(exception: BaseException) -> list[BaseException]:
    """The exception and those chained to it (as Python prints them), each once."""
    found: list[BaseException] = []
    pending = [exception]
    while pending:
        current = pending.pop()
        if any(current is seen for seen in found):
            continue
        found.append(current)
        pending += [e for e in (current.__cause__, current.__context__) if e is not None]
    return found


def error_text(exception: BaseException, watch: RaiseSiteWatch | None = None) -> str:
    """What the matcher reads: what the exception and those chained to it say (messages and
    notes, as Python prints them, without frames), and the raise sites inside JAX where the
    watch saw them begin."""
    chain = exception_chain(exception)
    text = "".join(line for error in chain for line in traceback.format_exception_only(error))
    if watch is not None:
        frames = [line for error in chain for line in watch.frames_of(error)]
        if frames:
            text += "\nRaised inside JAX at:\n" + "\n".join(frames) + "\n"
    return text


def explain_exception(exception: BaseException, catalog: Catalog | None = None,
                      watch: RaiseSiteWatch | None = None, *,
                      watched: bool = True) -> Explanation | None:
    """The catalog entry explaining `exception`, or None when none matches.

    The matcher of `jaxerr explain -` (`Catalog.match_scored`) on `error_text`; only a whole
    template counts here. A pasted message may be cut short, so `explain` also takes a
    distinctive part of one; an exception's own message is complete, and a partial match is a
    different error."""
    if catalog is None:
        catalog = load_catalog()
    if watch is None and watched:  # (watched=False: what the messages alone say)
        watch = _WATCH
    if len(exception_chain(exception)) > 1:
        # A chained exception whose own text is a whole template is that error (Haiku's hint,
        # raised from JAX's UnexpectedTracerError), as `explain` reads a chained traceback.
        own = "".join(traceback.format_exception_only(exception))
        frames = watch.frames_of(exception) if watch is not None else []
        if frames:
            own += "\nRaised inside JAX at:\n" + "\n".join(frames) + "\n"
        last = catalog.match_scored(own)
        if last and last[0].full:
            return Explanation(last[0].entry, user_frame(exception.__traceback__))
    matches = catalog.match_scored(error_text(exception, watch))
    if not matches or not matches[0].full:
        return None
    return Explanation(matches[0].entry, user_frame(exception.__traceback__))


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(" ".join(text.split()), width=88, initial_indent=indent,
                         subsequent_indent=indent, break_on_hyphens=False, break_long_words=False)


def explanation_text(explanation: Explanation) -> str:
    """The entry for a terminal: what happened, the likely cause in the user's code, the fix."""
    entry, frame = explanation.entry, explanation.frame
    lines = ["", f"jaxerr: {entry.name}: {entry.title}", "", "What happened:"]
    lines += _wrap(entry.summary, "  ")
    if frame is not None:
        lines += ["", "Likely cause in your code:", f"  {frame.location()}"]
        if frame.code:
            lines.append(f"    {frame.code}")
    lines += ["", "How to fix it:"]
    for number, solution in enumerate(entry.solutions, 1):
        wrapped = _wrap(solution, "     ")
        lines += [f"  {number}. {wrapped[0].lstrip()}"] + wrapped[1:]
    lines += ["", f"More: jaxerr explain {entry.reference}"]
    url = entry_page_url(entry.id)
    if url:
        lines.append(f"On the web: {url}")
    return "\n".join(lines) + "\n"


def entry_page_url(entry_id: str) -> str | None:
    """The entry's page on the catalog's website (`[tool.jaxerr] docs-url` of the working
    directory's project, else the site in the wheel); None when there is none or on any error."""
    try:
        from jaxerr_lsp.docs_site.links import docs_url_for

        return docs_url_for(entry_id, os.getcwd())
    except Exception:  # noqa: BLE001 - the explanation matters more than its link
        return None


def explanation_markdown(explanation: Explanation) -> str:
    """The same as Markdown, for Jupyter's rich display."""
    entry, frame = explanation.entry, explanation.frame
    lines = [f"**jaxerr: {entry.rule + ' ' if entry.rule else ''}`{entry.id}`** — {entry.title}", "",
             f"**What happened:** {' '.join(entry.summary.split())}", ""]
    if frame is not None:
        lines += [f"**Likely cause in your code:** `{frame.location()}`", ""]
        if frame.code:
            lines += ["```python", frame.code, "```", ""]
    lines += ["**How to fix it:**", ""]
    lines += [f"{number}. {' '.join(solution.split())}"
              for number, solution in enumerate(entry.solutions, 1)]
    lines += ["", f"More: `jaxerr explain {entry.reference}`"]
    url = entry_page_url(entry.id)
    if url:
        lines[-1] += f" · [{entry.reference} on the web]({url})"
    return "\n".join(lines) + "\n"


def explain_to_text(exception: BaseException) -> str:
    """The text to print after the traceback: the explanation, or "" when nothing matches.
    Never raises: a failure of jaxerr's own is one line, the user's error stays untouched."""
    try:
        explanation = explain_exception(exception)
    except Exception as error:  # noqa: BLE001 - the user's traceback matters more than ours
        return f"jaxerr: could not look this error up in the catalog: {error!r}\n"
    return "" if explanation is None else explanation_text(explanation)


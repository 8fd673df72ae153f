"""Pasted error text without the decorations around it, for the catalog's matcher.

Users paste JAX errors from wherever they met them: a terminal, a notebook, a pytest report, a
GitHub issue. The message is the same, the wrapping is not:

- pytest prefixes every line of the error with `E   ` (and the failing line with `>`);
- Markdown quotes a pasted block with `> ` on each line, and fences it with three backticks
  (or tildes) and a language name (```` ```pytb ````);
- rich (typer, kohya's trainers, ...) draws tracebacks in boxes: `│ ... │` on each line, with
  `╭───╮` / `╰───╯` borders;
- a message shown inside a repr or a JSON log keeps its line breaks as the two characters
  `\\n`;
- a terminal's or a notebook's colors come along as ANSI escapes (`\\x1b[0;31m`), or as what
  is left of them when the escape character is lost (`[0;31mTypeError[0m`);
- text copied from a web page may keep HTML entities (`&lt;class 'list'&gt;`);
- Windows line ends (`\\r\\n`) and non-breaking spaces;
- XLA statuses as jaxlib printed them until 2022, the code in words (`RuntimeError: Resource
  exhausted: Out of memory while trying to allocate 24 bytes.`, TensorFlow's status format),
  where jaxlib now prints the code's name (`RESOURCE_EXHAUSTED: Out of memory ...`): the
  message after it is the same, so the code is read as its name.

`clean` removes those, line by line, and leaves everything else as it is: the matcher already
ignores white space (so re-wrapped and cut lines, indentation and IPython's `---->` arrows do not
matter) and finds a template anywhere in the text (so `FilteredStackTrace:`,
`UnfilteredStackTrace:`, `jax.errors.SimplifiedTraceback` wrappers and class paths such as
`jax._src.errors.ConcretizationTypeError` in front of a message do not matter either).

`exception_names` lists the exception class names a paste shows (`NonConcreteBooleanIndexError`
from `jax.errors.NonConcreteBooleanIndexError: ...` or from IPython's header
`NonConcreteBooleanIndexError    Traceback (most recent call last)`), for the matcher's last
resort: a paste that shows only the name of an exception class JAX raises for one error.
"""

from __future__ import annotations

import html
import re

__all__ = ["clean", "exception_names"]

_PYTEST_PREFIX = re.compile(r"^E(?: {2,}|\t|$)")
_QUOTE_PREFIX = re.compile(r"^(?:>[ \t]?)+")
_FENCE = re.compile(r"^[ \t]*(?:```+|~~~+)[ \t]*([A-Za-z0-9_+.-]*)[ \t]*(.*)$")
_BOX_BORDER = re.compile(r"^[ \t]*[╭╰┌└+][─━═\-]+.*[╮╯┐┘+]?[ \t]*$")
_BOX_SIDE = "│┃║"
_ESCAPED_NEWLINE = re.compile(r"(?<!\\)\\n")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]|\[[0-9]{1,3}(?:;[0-9]{1,3})*m")
_HTML_ENTITY = re.compile(r"&(?:lt|gt|amp|quot|#[0-9]+|#x[0-9a-fA-F]+);")
# The codes of an XLA status, as TensorFlow's Status::ToString wrote them (jaxlib until 2022)
# and as absl's does (since): "Resource exhausted: ..." is "RESOURCE_EXHAUSTED: ...".
_STATUS_CODES = ("Cancelled", "Unknown", "Invalid argument", "Deadline exceeded", "Not found",
                 "Already exists", "Permission denied", "Resource exhausted",
                 "Failed precondition", "Aborted", "Out of range", "Unimplemented", "Internal",
                 "Unavailable", "Data loss", "Unauthenticated")
# A status starts a line or follows what states it: an exception's name, "failed: ", a log
# line's "] ", a quote.
_OLD_STATUS = re.compile(r"(^[ \t>`\"']*|(?<=: )|(?<=\] ))(" + "|".join(_STATUS_CODES) + r"): ",
                         re.MULTILINE)
_EXCEPTION_NAME = re.compile(
    r"(?:(?<=[\s.:`'\"(\[])|^)([A-Z][A-Za-z0-9]*(?:Error|Exception))(?=[:\s`'\")\]]|$)")


def clean(text: str) -> str:
    """`text` without pytest, Markdown, rich-box and escaped-newline decorations, and XLA
    statuses in today's form."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ")
    text = _ANSI.sub("", text)
    if _HTML_ENTITY.search(text):
        text = html.unescape(text)
    if "\\n" in text and text.count("\n") < text.count("\\n"):
        # A message shown inside a repr or a JSON string: its line breaks are escaped.
        text = _ESCAPED_NEWLINE.sub("\n", text)
    text = _OLD_STATUS.sub(lambda m: m.group(1) + m.group(2).upper().replace(" ", "_") + ": ",
                           text)
    return "\n".join(_clean_line(line) for line in text.split("\n"))


def _clean_line(line: str) -> str:
    fence = _FENCE.match(line)
    if fence is not None:
        # ```python, ```pytb, ~~~ : the fence and its language name go; text after them stays
        # (```TypeError: scan carry output ...).
        language, rest = fence.group(1), fence.group(2)
        if rest or language.endswith(":") or not language.isidentifier():
            return (language + " " + rest).strip() if language else rest
        return ""
    line = _QUOTE_PREFIX.sub("", line)
    line = _PYTEST_PREFIX.sub("", line)
    stripped = line.strip()
    if stripped and stripped[0] in _BOX_SIDE:
        inner = stripped[1:]
        if inner.endswith(tuple(_BOX_SIDE)):
            inner = inner[:-1]
        return inner.rstrip()
    if _BOX_BORDER.match(line) and ("─" in line or "━" in line or "═" in line):
        return ""
    return line


def exception_names(text: str) -> list[str]:
    """The exception class names the text shows, in order, without repeats
    (`jax.errors.UnexpectedTracerError: ...` gives `UnexpectedTracerError`)."""
    seen: list[str] = []
    for match in _EXCEPTION_NAME.finditer(text):
        name = match.group(1)
        if name not in seen:
            seen.append(name)
    return seen

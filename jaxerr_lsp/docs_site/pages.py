"""The website's pages as Markdown, generated from the catalog (and the README for the page on
the checker): pure functions, no site generator.

`site_pages(catalog, readme)` returns {path below the docs folder: Markdown}: the home page, one
page per entry (`errors/<id>.md`), one per documented API (`apis/<name>.md`), the indexes (by
rule code, by exception class, by family) and the checker's page. A new catalog file brings its
pages with it; nothing here lists entries.

A family is a series of rule codes (`JXE07x`: JXE070 to JXE079); the catalog numbers an error
family's rules in one series.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from jaxerr_lsp.errors.catalog import ApiDoc, Catalog, Entry
from jaxerr_lsp.docs_site.links import jax_source_url
from jaxerr_lsp.docs_site.outputs import read_output

__all__ = ["site_pages", "family_of", "api_file", "entry_file"]


def entry_file(entry_id: str) -> str:
    return f"errors/{entry_id}.md"


def api_file(name: str) -> str:
    return f"apis/{name}.md"


NO_CODE = "Without a rule code"


def family_of(rule: str) -> str:
    """`JXE071` -> `JXE07x`; an entry without a rule code (explain only) is in `NO_CODE`."""
    return rule[:-1] + "x" if rule else NO_CODE


def _rel(from_file: str, to_file: str) -> str:
    """A relative link between two pages of the docs folder (both paths from its root)."""
    depth = from_file.count("/")
    return "../" * depth + to_file


def _cell(text: str) -> str:
    """Text for a Markdown table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _code(text: str, language: str = "text") -> list[str]:
    fence = "````" if "```" in text else "```"
    return [f"{fence}{language}", text.strip("\n"), fence, ""]


def _front_matter(title: str, description: str, boost: float | None = None,
                  searched: bool = True) -> list[str]:
    """The page's metadata. `boost` weighs the page in the search; `searched=False` leaves it out
    (the indexes and the home page repeat the entries' summaries: the search finds the entries)."""
    lines = ["---", f"title: {_yaml_string(title)}", f"description: {_yaml_string(description)}"]
    if not searched:
        lines += ["search:", "  exclude: true"]
    elif boost is not None:
        lines += ["search:", f"  boost: {boost}"]
    return lines + ["---", ""]


def _yaml_string(text: str) -> str:
    escaped = " ".join(text.split()).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _entry_link(from_file: str, entry: Entry, *, code: bool = True) -> str:
    label = f"{entry.rule} `{entry.id}`" if code and entry.rule else f"`{entry.id}`"
    return f"[{label}]({_rel(from_file, entry_file(entry.id))})"


def _api_link(from_file: str, name: str) -> str:
    return f"[`{name}`]({_rel(from_file, api_file(name))})"


# --------------------------------------------------------------------------------------------
# An entry


def entry_page(catalog: Catalog, entry: Entry) -> str:
    here = entry_file(entry.id)
    out = _front_matter(f"{entry.name}: {entry.title}", entry.summary, boost=2)
    out += [f"# {entry.rule} · {entry.title}" if entry.rule else f"# {entry.title}", ""]
    exceptions = " or ".join(f"`{e}`" for e in entry.exceptions)
    detected = ("flagged by `jaxerr check` and the editors before the code runs" if entry.static_rule
                else "explained by `jaxerr explain` and hover; no single file shows it, so no rule "
                     "flags it")
    verified = (f"{entry.raised_by} (JAX {entry.jax_version})" if entry.package
                else f"JAX {entry.jax_version}")
    code = f" · **rule** `{entry.rule}`" if entry.rule else ""
    out += [f"**Catalog id** `{entry.id}`{code} · **{entry.shown_as} by {entry.raised_by}** "
            f"{exceptions} · **verified against {verified}**", ""]
    out += [" ".join(entry.summary.split()), "", f"*This error is {detected}.*", ""]

    # The message stays in the page's first section (no heading of its own): the search ranks
    # a page's first section above its others, and a pasted message must find this page.
    out += [f"JAX's wording ({exceptions}); ‹…› marks what JAX fills in:", ""]
    out += _code(entry.readable(entry.message))
    for other in entry.messages[1:]:
        out += ["Or, on another path through JAX:", ""] + _code(entry.readable(other))
    real = (read_output(catalog.directory, entry.id)
            if catalog.directory is not None and entry.example_before else None)
    if real is not None:
        out += [f"A real message: what {entry.raised_by} printed for the "
                "[example](#example) below when the tests ran it:", ""]
        out += _code(real)
    out += ["## What it means", "", entry.meaning.strip(), ""]

    out += [f"## Where {entry.raised_by if entry.package else 'JAX'} raises it", ""]
    if entry.package:
        out += [f"In {entry.raised_by}, used with JAX {entry.jax_version}:", ""]
    else:
        out += [f"In JAX {entry.jax_version} (the links open that line of JAX's source at the "
                f"release tag `jax-v{entry.jax_version}`):", ""]
    out += ["| file | function | line |", "| --- | --- | --- |"]
    for site in entry.sites:
        wheel = f" of the `{site.wheel}` wheel" if site.wheel else ""
        where = f"`{site.file}`" + (f" (compiled into `{site.library}`{wheel})" if site.library else "")
        url = None if entry.package else jax_source_url(site.file, site.line, entry.jax_version)
        line = f"[{site.line}]({url})" if url else str(site.line)
        out.append(f"| {where} | `{site.function}` | {line} |")
    out.append("")

    out += ["## What triggers it", ""] + [f"- {_one_line(t)}" for t in entry.triggers] + [""]
    out += ["## Where people run into it", ""] + [f"- {_one_line(s)}" for s in entry.situations] + [""]
    out += ["## How to fix it", ""]
    out += [f"{i}. {_one_line(s)}" for i, s in enumerate(entry.solutions, 1)] + [""]

    out += ["## Example", ""]
    if entry.example_before:
        out += [f"### Before: {entry.shown_as}", ""] + _code(entry.example_before, "python")
        if real is not None:
            out += [f"{entry.raised_by} printed:", ""] + _code(real)
    else:
        out += [f"No program here raises it: {_one_line(entry.why_not_reproduced)}", ""]
    out += ["### After: runs clean", ""] + _code(entry.example_after, "python")

    out += ["## Quick fixes", ""]
    if entry.fixes:
        out += ["What the editors and `jaxerr check --fix` offer. A safe fix keeps the program's "
                "meaning; an unsafe one is offered, never applied on its own (`--unsafe-fixes`).", ""]
        for fix in entry.fixes:
            out += [f"### {fix.title}", "", f"**{fix.safety}** (`{fix.id}`). {_one_line(fix.why)}", ""]
    else:
        out += ["None: the solutions above need a decision only the author can make.", ""]

    out += ["## Defensive patterns", ""]
    for item in entry.defensive:
        out += _code(item, "python") if "\n" in item.strip() else [f"- {_one_line(item)}", ""]

    if entry.related:
        out += ["## Related entries", ""]
        for rid in entry.related:
            neighbour = catalog.entries.get(rid)
            out.append(f"- {_entry_link(here, neighbour)}: {neighbour.title}" if neighbour
                       else f"- `{rid}`")
        out.append("")
    out += ["## APIs", ""]
    out += [f"- {_api_link(here, name)}: {_api_signature(catalog, name)}" for name in entry.apis] + [""]

    older = _older(entry)
    if older:
        out += ["## Older wordings", "", "How other JAX versions worded this error:", ""]
        for wording in older:
            out += _older_item(wording, entry)

    out += ["## Verified", ""]
    if entry.reproducible:
        out += [f"Verified against {verified}: each template is the library's own text at the raise "
                "sites above, the example's `before` raises it there and its `after` runs clean, "
                "under the real JAX, every time the tests run.", ""]
    else:
        out += [f"Verified against {verified}: each template is the library's own text at the raise "
                "sites above, and the example's `after` runs clean every time the tests run; the "
                "error itself cannot be raised on the test machine.", ""]
    out += [f"Source: `catalog/{Path(entry.path).name}`.", ""]
    return "\n".join(out)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _api_signature(catalog: Catalog, name: str) -> str:
    doc = catalog.api_docs.get(name)
    return f"`{doc.signature}`" if doc else ""


def _older(entry: Entry) -> tuple[object, ...]:
    """The entry's older wordings, when the catalog has that field (`[[older]]`)."""
    older = getattr(entry, "older", None)
    return tuple(older) if older else ()


def _older_item(item: object, entry: Entry | None = None) -> list[str]:
    versions = getattr(item, "versions", None)
    message = getattr(item, "message", None)
    if isinstance(versions, str) and isinstance(message, str):  # an OlderWording
        exception = getattr(item, "exception", None) or (entry.exception if entry else "")
        readable = entry.readable(message) if entry is not None else message
        return [f"JAX {versions}" + (f" (`{exception}`)" if exception else "") + ":", "",
                *_code(readable)]
    if isinstance(item, str):
        return _code(item)
    fields = dataclasses.asdict(item) if dataclasses.is_dataclass(item) and not isinstance(item, type) \
        else dict(item) if isinstance(item, Mapping) else {"message": str(item)}
    message = fields.pop("message", None)
    lines = []
    described = ", ".join(f"{k.replace('_', ' ')}: {_describe(v)}" for k, v in fields.items()
                          if v not in (None, "", (), []))
    if described:
        lines += [described, ""]
    if message:
        lines += _code(str(message))
    return lines


def _describe(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


# --------------------------------------------------------------------------------------------
# An API


def api_page(catalog: Catalog, doc: ApiDoc) -> str:
    here = api_file(doc.name)
    entries = catalog.for_api(doc.name)
    out = _front_matter(f"{doc.name}: errors it can raise", _one_line(doc.doc), boost=0.5)
    out += [f"# `{doc.name}`", "", *_code(doc.signature, "python"), doc.doc.strip(), ""]
    if doc.qualnames:
        out += ["Recognized in code as " + ", ".join(f"`{q}`" for q in doc.qualnames)
                + " (however it is imported).", ""]
    if doc.method:
        out += [f"Recognized in code as the method `.{doc.method}(...)` of the object JAX returns.", ""]
    out += ["## Errors it can raise", ""]
    if entries:
        out += ["| rule | entry | raises | what happened |", "| --- | --- | --- | --- |"]
        out += [f"| {e.rule or '—'} | {_entry_link(here, e, code=False)} | `{' or '.join(e.exceptions)}` | "
                f"{_cell(e.summary)} |" for e in entries]
    else:
        out += ["No entry of the catalog names it yet: the editors' hover shows its documentation "
                "only."]
    out += ["", f"Documented in `catalog/{Path(doc.path).name}`.", ""]
    return "\n".join(out)


# --------------------------------------------------------------------------------------------
# Indexes


def _entry_rows(here: str, entries: Iterable[Entry]) -> list[str]:
    rows = ["| rule | entry | raises | what happened |", "| --- | --- | --- | --- |"]
    rows += [f"| {e.rule or '—'} | {_entry_link(here, e, code=False)} | `{' or '.join(e.exceptions)}` | "
             f"{_cell(e.summary)} |" for e in entries]
    return rows + [""]


def rules_index(catalog: Catalog) -> str:
    here = "indexes/rules.md"
    out = _front_matter("Errors by rule code", "Every JAX error of the catalog, by rule code.",
                        searched=False)
    out += ["# Errors by rule code", ""]
    out += ["| rule | entry | raises | found by | what happened |", "| --- | --- | --- | --- | --- |"]
    for e in sorted(catalog, key=lambda e: (not e.rule, e.rule, e.id)):
        found = ("check, editors" + (f" ({e.severity})" if e.severity != "error" else "")
                 if e.static_rule and e.rule else "explain, hover")
        out.append(f"| [{e.rule or e.id}]({_rel(here, entry_file(e.id))}) | `{e.id}` | "
                   f"`{' or '.join(e.exceptions)}` | {found} | {_cell(e.summary)} |")
    return "\n".join(out + [""])


def exceptions_index(catalog: Catalog) -> str:
    here = "indexes/exceptions.md"
    by_class: dict[str, list[Entry]] = {}
    for e in catalog:
        for name in e.exceptions:
            by_class.setdefault(name, []).append(e)
    out = _front_matter("Errors by exception class", "The catalog's JAX errors grouped by the "
                                                      "exception class JAX raises.", searched=False)
    out += ["# Errors by exception class", ""]
    out += ["Contents: " + ", ".join(f"[`{name}`](#{_anchor(name)})" for name in sorted(by_class)), ""]
    for name in sorted(by_class):
        out += [f"## `{name}` {{#{_anchor(name)}}}", ""] + _entry_rows(here, by_class[name])
    return "\n".join(out)


def families_index(catalog: Catalog) -> str:
    here = "indexes/families.md"
    families: dict[str, list[Entry]] = {}
    for e in catalog:
        families.setdefault(family_of(e.rule), []).append(e)
    out = _front_matter("Errors by family", "The catalog's JAX errors grouped by family (series of "
                                            "rule codes).", searched=False)
    out += ["# Errors by family", "",
            "A family is a series of rule codes (JXE07x: JXE070 to JXE079) given to errors of one "
            "kind; each is listed here with the APIs its errors come from.", ""]
    for family in sorted(families, key=lambda f: (f == NO_CODE, f)):
        entries = families[family]
        apis: dict[str, int] = {}
        for e in entries:
            for name in e.apis:
                apis[name] = apis.get(name, 0) + 1
        common = sorted(apis, key=lambda n: (-apis[n], n))[:4]
        out += [f"## {family} {{#{_anchor(family)}}}", ""]
        if common:
            out += ["Mostly from " + ", ".join(_api_link(here, n) for n in common) + ".", ""]
        out += _entry_rows(here, entries)
    return "\n".join(out)


def apis_index(catalog: Catalog) -> str:
    here = "apis/index.md"
    out = _front_matter("JAX APIs", "The JAX APIs the catalog documents, and the errors each can "
                                    "raise.", searched=False)
    out += ["# JAX APIs", "", "The APIs the editors' hover documents, each with the errors of the "
                              "catalog it can raise.", ""]
    out += ["| API | signature | errors |", "| --- | --- | --- |"]
    for name in sorted(catalog.api_docs, key=str.lower):
        doc = catalog.api_docs[name]
        errors = ", ".join(f"[{e.rule or e.id}]({_rel(here, entry_file(e.id))})" for e in catalog.for_api(name))
        out.append(f"| {_api_link(here, name)} | `{_cell(doc.signature)}` | {errors or '—'} |")
    return "\n".join(out + [""])


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# --------------------------------------------------------------------------------------------
# Home and the checker


def home_page(catalog: Catalog) -> str:
    entries = list(catalog)
    version = entries[0].jax_version if entries else "?"
    detected = sum(1 for e in entries if e.static_rule and e.rule)
    out = _front_matter("JAX errors, explained", "A verified catalog of the errors JAX raises: "
                                                 "what each means and how to fix it.", searched=False)
    out += ["# JAX errors, explained", ""]
    out += [f"The catalog of **{len(entries)} errors** that JAX {version} raises, each with JAX's "
            "exact message, what it means, where in JAX it is raised, how to fix it, and an example "
            f"verified under the real JAX {version}. `jaxerr check` and the editors flag "
            f"{detected} of them in code before it runs.", ""]
    out += ["!!! tip \"Paste an error into the search\"",
            "    Copy a line of the error JAX printed into the search box above: the page of its "
            "entry comes first.", ""]
    out += ["## Browse", "",
            "- [Errors by rule code](indexes/rules.md)",
            "- [Errors by exception class](indexes/exceptions.md)",
            "- [Errors by family](indexes/families.md)",
            "- [JAX APIs and the errors they raise](apis/index.md)",
            "- [The checker: install, editors, command line, configuration](checker.md)", ""]
    out += ["## All errors", ""] + _entry_rows("index.md", entries)
    return "\n".join(out)


_LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^\s*(```|~~~)")


def checker_page(readme: str, catalog: Catalog) -> str:
    """The README as the checker's page: its title replaced, links into the repository (which
    the site does not hold) kept as text, catalog ids in tables linked to their pages."""
    out = _front_matter("The checker: jaxerr-lsp", "Install jaxerr-lsp, use it in the editors, on "
                                                   "the command line and in CI, and configure it.")
    lines = readme.splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    out += ["# The checker: jaxerr-lsp", ""]
    in_fence = False
    for line in lines:
        if _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence:
            line = _LINK.sub(_keep_external, line)
            if line.startswith("|"):
                line = re.sub(r"`([a-z0-9][a-z0-9-]+)`",
                              lambda m: (f"[`{m.group(1)}`]({entry_file(m.group(1))})"
                                         if m.group(1) in catalog else m.group(0)), line)
        out.append(line)
    return "\n".join(out) + "\n"


def _keep_external(match: re.Match[str]) -> str:
    text, target = match.group(1), match.group(2)
    if re.match(r"https?://", target) and "<" not in target:
        return match.group(0)
    return text


def site_pages(catalog: Catalog, readme: str) -> dict[str, str]:
    pages = {"index.md": home_page(catalog), "checker.md": checker_page(readme, catalog),
             "indexes/rules.md": rules_index(catalog),
             "indexes/exceptions.md": exceptions_index(catalog),
             "indexes/families.md": families_index(catalog), "apis/index.md": apis_index(catalog)}
    for entry in catalog:
        pages[entry_file(entry.id)] = entry_page(catalog, entry)
    for name, doc in catalog.api_docs.items():
        pages[api_file(name)] = api_page(catalog, doc)
    return pages

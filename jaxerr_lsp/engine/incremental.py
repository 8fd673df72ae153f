"""An open document's analysis, kept between edits: only what an edit touched is done again.

`Document.analyze(text, ...)` gives exactly what `engine.run.analyze` gives on that text (a
property test checks it over random edits of real files). Between two versions it

- parses again only the top-level statements around the lines that changed (the others keep
  their trees; those below move by the lines added or removed, their positions brought up to
  date only when they are analysed again), and falls back to a whole parse when that part does
  not parse on its own (an open bracket or string swallowing what follows, a new indentation);
- cuts the module into slices (`analysis.module_slices`: groups of statements tied by the
  names they share, each with the shared imports) and analyses again only the slices whose
  statements changed or moved; a slice's result is reused while its statements' texts and
  positions, the active rules, the settings and the answers of the whole-text questions its
  rules asked (`Context.mentions`) are the same.

A module the slicing cannot vouch for (`module_slices.unsliceable`), a text that does not
parse, a rule that left a note: the whole module is analysed, as `analyze` does.
"""

from __future__ import annotations

import ast
import bisect
import dataclasses
import gc
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from jaxerr_lsp.analysis.external import Outgoing, Outside
from jaxerr_lsp.analysis.summaries import Imported
from jaxerr_lsp.analysis.module_slices import Chunk, chunks_of, slices_of, unsliceable
from jaxerr_lsp.core.config import Config
from jaxerr_lsp.core.findings import Analysis, Finding, InferredStructure, RuleData, Span
from jaxerr_lsp.core.source import ParsedSource, parse_quietly, parse_source, split_lines
from jaxerr_lsp.engine.registry import all_rules
from jaxerr_lsp.engine.rule import Rule, text_mentions
from jaxerr_lsp.engine.run import (_may_trace_imports, _named, analyze, check_parsed, outgoing_order,
                                   rules_named)


# Where a slice's chunks' statements are (first and last line of each, in order): those of
# the shared chunks it sees besides its own, and those of its own.
Places = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


@dataclass
class SliceResult:
    """What one slice's analysis found in its own statements, and the whole-text answers its
    rules read."""

    findings: list[Finding]
    inferred: list[InferredStructure]
    outgoing: list[Outgoing]
    mentioned: dict[tuple[str, bool], bool]
    places: Places  # where its chunks' statements were

    def moved(self, places: Places, path: str,
              memo: dict[tuple[int, int], _ChunkMoves] | None = None) -> SliceResult | None:
        """The same result for its chunks now at `places` (same texts, moved by whole lines):
        every position moved with the chunk it lies in, and every `path:N` of its words (a
        traced function's place, `f at path:12`) that says a line of a moved chunk. None when
        a finding says a line number of a moved chunk otherwise in its words ("line 12", `:12`)
        or its fix data (a field named for a line: `insert_line`): those are worked out again.
        `memo`: the moves of the shared chunks, for the slices of one version."""
        parts = [_ChunkMoves.of(old, new, memo) for old, new in zip(self.places, places)]

        def deltas(number: int) -> set[int]:
            return {delta for part in parts for delta in part.deltas(number)}

        def line(number: int) -> int:
            # The chunk it lies in, or right after (a fix inserting after a statement).
            found = deltas(number)
            if len(found) != 1:
                raise _Unmovable  # between two chunks that moved apart, or in none
            return number + found.pop()

        def moved(number: int) -> bool:
            return any(delta for delta in deltas(number))

        def span(old: Span) -> Span:
            return Span(line(old.start_line), old.start_column, line(old.end_line), old.end_column)

        words = _Words(path, line, moved)
        try:
            findings = [_moved_finding(f, span, words) for f in self.findings]
            inferred = [InferredStructure(span(s.span), s.structure) for s in self.inferred]
            outgoing = [_moved_outgoing(o, span, words) for o in self.outgoing]
        except _Unmovable:
            return None
        return SliceResult(findings, inferred, outgoing, self.mentioned, places)

    def holds_for(self, text: str, answers: dict[tuple[str, bool], bool]) -> bool:
        """Whether the whole-text questions its rules asked have the same answers in `text`
        (`answers`: those already worked out for it)."""
        for question, found in self.mentioned.items():
            answer = answers.get(question)
            if answer is None:
                answer = answers[question] = text_mentions(text, *question)
            if answer != found:
                return False
        return True


class _ChunkMoves:
    """How far each chunk moved between two versions (`old` and `new`: the first and last
    lines of the same chunks, in order), looked up by line."""

    def __init__(self, old: tuple[tuple[int, int], ...], new: tuple[tuple[int, int], ...]) -> None:
        self.starts = [start for start, _ in old]
        self.ends = [end for _, end in old]
        self.shifts = [now[0] - start for (start, _), now in zip(old, new)]

    @staticmethod
    def of(old: tuple[tuple[int, int], ...], new: tuple[tuple[int, int], ...],
           memo: dict[tuple[int, int], _ChunkMoves] | None) -> _ChunkMoves:
        if memo is None:
            return _ChunkMoves(old, new)
        key = (id(old), id(new))  # both alive in the places of the slices being planned
        moves = memo.get(key)
        if moves is None:
            moves = memo[key] = _ChunkMoves(old, new)
        return moves

    def deltas(self, number: int) -> list[int]:
        """The moves of the chunks `number` lies in or right after (two when a chunk ends
        right before the next starts)."""
        index = bisect.bisect_right(self.starts, number) - 1
        return [self.shifts[i] for i in (index - 1, index)
                if i >= 0 and self.starts[i] <= number <= self.ends[i] + 1]


@dataclass
class _Planned:
    """A slice of this version: its key, where its statements are, its chunks (the shared
    ones included) and its own, and a result to reuse (None: to work out)."""

    key: tuple[object, ...]
    places: Places
    members: list[int]
    own: list[int]
    result: SliceResult | None


@dataclass
class Stats:
    """How the last analysis was made (for the server's log, the bench and the tests)."""

    mode: str = ""  # "same" (the text did not change), "slices", or "whole"
    reparsed_lines: int = 0  # lines parsed again (all of them for a whole parse)
    slices: int = 0
    analysed: int = 0  # slices analysed again
    why_whole: str = ""


@dataclass
class Document:
    """One document's analysis, kept between its versions. Not thread-safe: one per document,
    used by one worker."""

    _text: str | None = None
    _lines: list[str] = field(default_factory=list)
    _chunks: list[Chunk] | None = None
    _setting: tuple[object, ...] | None = None
    _results: dict[tuple[object, ...], SliceResult] = field(default_factory=dict)
    # The texts and places of the shared chunks at the last version (see `_analyze`).
    _shared: tuple[tuple[str, ...], tuple[tuple[int, int], ...]] = ((), ())
    _analysis: Analysis | None = None
    # What the module's imports of other modules return (`analyze(..., imported=)`) and the
    # path it was given for.
    _imported: tuple[Imported, str] = ((), "")
    stats: Stats = field(default_factory=Stats)
    # When most slices are to be worked out, analyse the whole module once and split its
    # result (False: slice by slice, as the tests do to check the slicing itself).
    whole_first: bool = True

    def analyze(self, text: str, config: Config | None = None, path: str = "<string>", *,
                package: str | None = None, outside: tuple[Outside, ...] = (),
                outgoing: bool = False, imported: Imported = ()) -> Analysis:
        """`engine.run.analyze(text, config, path, package=, outside=, outgoing=, imported=)`,
        reusing what the previous version's analysis found where the edit cannot have changed
        it. Never raises."""
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            if (imported, path) != self._imported:
                self._forget()
                self._imported = (imported, path)
            return self._analyze(text, config or Config(), path, package, outside, outgoing)
        except Exception:  # noqa: BLE001 - never worse than the whole analysis
            self._forget()
            self.stats = Stats("whole", why_whole="internal error in the incremental analysis")
            return analyze(text, config, path, package=package, outside=outside, outgoing=outgoing,
                           imported=imported)
        finally:
            if was_enabled:
                gc.enable()

    def _forget(self) -> None:
        self._text, self._lines, self._chunks = None, [], None
        self._results, self._analysis, self._shared = {}, None, ((), ())

    def _analyze(self, text: str, config: Config, path: str, package: str | None,
                 outside: tuple[Outside, ...], outgoing: bool) -> Analysis:
        setting = (config, path, package, outside, outgoing)
        if setting != self._setting:
            self._forget()
            self._setting = setting
        if text == self._text and self._analysis is not None:
            self.stats = Stats("same", slices=self.stats.slices)
            return _copy(self._analysis)
        active = [rule for rule in all_rules() if config.enabled(rule.code, rule.catalog_id)]
        named = _named(text, outside, self._imported[0])
        active = rules_named(active, named)
        if not active:
            return self._whole(text, config, path, package, outside, outgoing, "no rule applies")
        want_outgoing = outgoing and _may_trace_imports(text, named)
        lines = split_lines(text)
        reparse = self._reparse(text, lines) if self._chunks is not None else None
        if reparse is None:
            parsed = parse_source(text)
            if parsed.tree is None or not parsed.parsed_fully or parsed.bom or parsed.notes:
                return self._whole(text, config, path, package, outside, outgoing,
                                   "the text does not parse as it is")
            chunks, reparsed = chunks_of(parsed.tree.body, lines), len(lines)
        else:
            chunks, reparsed = reparse
        self._text, self._lines, self._chunks = text, lines, chunks
        if not chunks or unsliceable(chunks):
            return self._whole(text, config, path, package, outside, outgoing,
                               "the module reaches names it does not write out, or stops itself",
                               keep_chunks=True)
        rules_key = (tuple(rule.code for rule in active), want_outgoing)
        cut = slices_of(chunks)
        shared = cut.shared
        # What every slice sees besides its own chunks, worked out once per version (the
        # same objects as the last version's when unchanged: compared at once).
        shared_codes = tuple(chunks[i].code for i in shared)
        shared_places = tuple((chunks[i].start, chunks[i].end) for i in shared)
        if shared_codes == self._shared[0]:
            shared_codes = self._shared[0]
        if shared_places == self._shared[1]:
            shared_places = self._shared[1]
        self._shared = (shared_codes, shared_places)
        answers: dict[tuple[str, bool], bool] = {}
        plan: list[_Planned] = []
        memo: dict[tuple[int, int], _ChunkMoves] = {}
        # The same statements twice in the file (a notebook's `plt.show()` cells): each
        # occurrence is its own slice, numbered in order, and keeps its own result.
        occurrences: dict[tuple[object, ...], int] = {}
        for number, own in enumerate(cut.owns):
            if not own:
                continue
            # Its own chunks' texts, and where each stands among the shared ones (how many
            # come before it): with the shared texts, the texts of its chunks in order.
            if number == 0:
                code: tuple[object, ...] = (rules_key, "shared", shared_codes)
                places: Places = ((), shared_places)
            else:
                code = (rules_key, shared_codes, tuple(chunks[i].code for i in own),
                        tuple(bisect.bisect_left(shared, i) for i in own))
                places = (shared_places, tuple((chunks[i].start, chunks[i].end) for i in own))
            occurrence = occurrences[code] = occurrences.get(code, -1) + 1
            key = (*code, occurrence)
            result = self._results.get(key)
            if result is not None and result.places != places:
                result = result.moved(places, path, memo)
            if result is not None and not result.holds_for(text, answers):
                result = None
            members = own if number == 0 else sorted([*own, *shared])
            plan.append(_Planned(key, places, members, own, result))
        missing = [item for item in plan if item.result is None]
        split_whole = self.whole_first and len(missing) > len(plan) // 2
        if split_whole:
            # Most slices to work out (a first analysis, an import changed): the whole module
            # at once is cheaper than slice by slice, and its result is theirs, split.
            split = self._split_whole(text, lines, chunks, plan, active, config, path, package,
                                      outside, want_outgoing, answers)
            if split is None:
                return self._whole(text, config, path, package, outside, outgoing,
                                   "a rule left a note, or a finding is outside the statements",
                                   keep_chunks=True)
            for item, part in zip(plan, split):
                item.result = part
        results: dict[tuple[object, ...], SliceResult] = {}
        analysis = Analysis()
        analysed = 0
        for item in plan:
            result = item.result
            if result is None:
                result = self._check_slice(text, lines, chunks, item.members, item.own, item.places,
                                           active, config, path, package, outside, want_outgoing,
                                           answers)
                analysed += 1
                if result is None:
                    return self._whole(text, config, path, package, outside, outgoing,
                                       "a rule left a note", keep_chunks=True)
            results[item.key] = result
            analysis.findings.extend(result.findings)
            analysis.inferred.extend(result.inferred)
            analysis.outgoing.extend(result.outgoing)
        if split_whole:
            analysed = len(missing)
        self._results = results
        analysis.findings.sort(key=lambda f: (f.span, f.code))
        analysis.inferred.sort(key=lambda s: s.span)
        analysis.outgoing.sort(key=outgoing_order)
        self._analysis = analysis
        self.stats = Stats("slices", reparsed, len(cut.slices), analysed)
        return _copy(analysis)

    def _split_whole(self, text: str, lines: list[str], chunks: list[Chunk],
                     plan: list[_Planned], active: list[Rule], config: Config,
                     path: str, package: str | None, outside: tuple[Outside, ...],
                     outgoing: bool, answers: dict[tuple[str, bool], bool]
                     ) -> list[SliceResult] | None:
        """The whole module analysed once, its result split by slice (each slice's own
        statements' findings: what the slice analysed alone gives, as the property test of
        tests/test_incremental.py checks). None when a rule left a note (or, defensive, a
        finding lies outside the statements)."""
        body = [statement for chunk in chunks for statement in chunk.statements_here()]
        parsed = ParsedSource(text=text, tree=ast.Module(body=body, type_ignores=[]), lines=lines)
        checked = check_parsed(parsed, Analysis(), active, config, path, package, outside, outgoing,
                               answers, imported=self._imported[0])
        found = checked.analysis
        if found.notes:
            return None
        owner: dict[int, int] = {}  # a line of a statement -> the slice it is own to
        for index, item in enumerate(plan):
            for i in item.own:
                for line in range(chunks[i].start, chunks[i].end + 1):
                    owner[line] = index
        parts = [SliceResult([], [], [], checked.mentioned, item.places) for item in plan]
        try:
            for finding in found.findings:
                parts[owner[finding.span.start_line]].findings.append(finding)
            for structure in found.inferred:
                parts[owner[structure.span.start_line]].inferred.append(structure)
            for fact in found.outgoing:
                parts[owner[fact.fact.origin.span.start_line]].outgoing.append(fact)
        except KeyError:
            return None  # not inside a statement: defensive
        return parts

    def _whole(self, text: str, config: Config, path: str, package: str | None,
               outside: tuple[Outside, ...], outgoing: bool, why: str,
               keep_chunks: bool = False) -> Analysis:
        chunks = self._chunks if keep_chunks else None
        self._forget()
        if chunks is not None:  # the next edit still parses only what it touches
            self._text, self._lines, self._chunks = text, split_lines(text), chunks
        analysis = analyze(text, config, path, package=package, outside=outside, outgoing=outgoing,
                           imported=self._imported[0])
        self.stats = Stats("whole", why_whole=why)
        return analysis

    def _check_slice(self, text: str, lines: list[str], chunks: list[Chunk], members: list[int],
                     own: list[int], places: Places, active: list[Rule], config: Config, path: str,
                     package: str | None, outside: tuple[Outside, ...], outgoing: bool,
                     answers: dict[tuple[str, bool], bool]) -> SliceResult | None:
        body = [statement for i in members for statement in chunks[i].statements_here()]
        parsed = ParsedSource(text=text, tree=ast.Module(body=body, type_ignores=[]), lines=lines)
        checked = check_parsed(parsed, Analysis(), active, config, path, package, outside, outgoing,
                               answers, imported=self._imported[0])
        if checked.analysis.notes:
            return None
        ranges = [(chunks[i].start, chunks[i].end) for i in own]

        def mine(line: int) -> bool:
            return any(first <= line <= last for first, last in ranges)

        found = checked.analysis
        return SliceResult([f for f in found.findings if mine(f.span.start_line)],
                           [s for s in found.inferred if mine(s.span.start_line)],
                           [o for o in found.outgoing if mine(o.fact.origin.span.start_line)],
                           checked.mentioned, places)

    def _reparse(self, text: str, new: list[str]) -> tuple[list[Chunk], int] | None:
        """The chunks of `text` (its lines: `new`), parsing again only those around the lines
        that changed since the last version, and how many lines were parsed; None when that
        part does not parse on its own (or cannot be told apart), for a whole parse."""
        old_chunks = self._chunks
        assert old_chunks is not None
        if not old_chunks or text.startswith("\ufeff") or "\0" in text:
            return None
        old = self._lines
        shortest = min(len(old), len(new))
        same_start = 0
        while same_start < shortest and old[same_start] == new[same_start]:
            same_start += 1
        same_end = 0
        while same_end < shortest - same_start and old[-1 - same_end] == new[-1 - same_end]:
            same_end += 1
        delta = len(new) - len(old)
        if same_start == len(old) and delta == 0:  # only the line breaks changed
            return old_chunks, 0
        # 1-based old lines from the last unchanged one before the change to the first after.
        low = max(same_start, 1)
        high = min(len(old) - same_end + 1, len(old))
        touched = [i for i, chunk in enumerate(old_chunks) if chunk.last >= low and chunk.first <= high]
        if not touched:
            return None
        begin, end = touched[0], touched[-1]
        first, last = old_chunks[begin].first, old_chunks[end].last + delta
        if last < first:
            return None  # the statements around the change are gone: parse it all
        region = "\n".join(new[first - 1:last])
        if "__future__" in region and first > 1:
            return None  # a future import is allowed only at the top: Python says where
        try:
            tree = parse_quietly(region)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        if not tree.body:
            return None  # only comments left there: they belong to a neighbour's lines
        ast.increment_lineno(tree, first - 1)
        middle = chunks_of(tree.body, new, offset=first - 1, end=last)
        after = old_chunks[end + 1:]
        for chunk in after:
            chunk.move_to(chunk.first + delta)
        return [*old_chunks[:begin], *middle, *after], last - first + 1


class _Unmovable(Exception):
    """A finding whose words or data may hold a line number of a moved chunk."""


# How a message says a line number: `file.py:12` (JAX's "f at file.py:12"), "line 12".
# (A rule's words that say one otherwise would be moved wrong: the property test of
# tests/test_incremental.py compares every message after random edits that move lines.)
_LINE_NUMBER = re.compile(r"(?::|\blines? )(\d+)")


@dataclass
class _Words:
    """A moved slice's words: each `path:N` (the document's own path: certainly a place in
    it) that says a line of a moved chunk says where that line is now; any other line number
    of a moved chunk they say (`line 12`, `x:12`) cannot be moved (`_Unmovable`)."""

    path: str
    line: Callable[[int], int]  # an old line number -> where it is now (or _Unmovable)
    moved: Callable[[int], bool]  # whether a line number is in (or right after) a moved chunk

    def __post_init__(self) -> None:
        # (Not the end of a longer path: another file's.)
        self._place = re.compile(r"(?<![\w.\\/-])" + re.escape(self.path) + r":(\d+)")

    def __call__(self, text: str) -> str:
        if self.path and self.path + ":" in text:
            def now(match: re.Match[str]) -> str:
                number = int(match.group(1))
                return f"{self.path}:{self.line(number)}" if self.moved(number) else match.group(0)

            rest = self._place.sub("", text)  # what else it says is checked below
            text = self._place.sub(now, text)
        else:
            rest = text
        if any(self.moved(int(n)) for n in _LINE_NUMBER.findall(rest)):
            raise _Unmovable
        return text


def _moved_finding(finding: Finding, span: Callable[[Span], Span], words: _Words) -> Finding:
    related = tuple(replace(r, span=span(r.span) if r.path is None else r.span, message=words(r.message))
                    for r in finding.related)
    data = _moved_value(finding.data, span, words)
    return replace(finding, span=span(finding.span), message=words(finding.message),
                   predicted=words(finding.predicted), related=related, data=data)


def _moved_value(value: Any, span: Callable[[Span], Span], words: _Words) -> Any:
    """A rule's fix data with its spans moved; its other numbers and words checked."""
    if isinstance(value, Span):
        return span(value)
    if isinstance(value, RuleData):
        moved = {}
        for item in dataclasses.fields(value):  # type: ignore[arg-type]
            field_value = getattr(value, item.name)
            if "line" in item.name and type(field_value) is int and words.moved(field_value):
                raise _Unmovable  # a line number the fix works with (`insert_line`)
            moved[item.name] = _moved_value(field_value, span, words)
        return replace(value, **moved)  # type: ignore[type-var]
    if isinstance(value, (list, tuple)):
        return type(value)(_moved_value(v, span, words) for v in value)
    if isinstance(value, (bool, int)) or value is None:
        return value  # (a field holding a line number says "line" in its name: above)
    if isinstance(value, str):
        return words(value)
    raise _Unmovable  # a kind of value not known here: not moved


def _moved_outgoing(item: Outgoing, span: Callable[[Span], Span], words: _Words) -> Outgoing:
    fact = item.fact
    origin = replace(fact.origin, span=span(fact.origin.span), text=words(fact.origin.text))
    return replace(item, fact=replace(fact, origin=origin))


def _copy(analysis: Analysis) -> Analysis:
    """A copy whose lists the caller may change."""
    return replace(analysis, findings=list(analysis.findings), inferred=list(analysis.inferred),
                   notes=list(analysis.notes), outgoing=list(analysis.outgoing))


__all__ = ["Document", "SliceResult", "Stats"]

"""The server analyses an edited document incrementally (jaxerr_lsp.engine.incremental): over
a sequence of ranged edits, as editors send them, each version's diagnostics are exactly those
of a fresh analysis of that version's text."""

from __future__ import annotations

import random
from pathlib import Path

from lsprotocol import types

from jaxerr_lsp.engine.run import analyze

from .helpers import as_tuple, capabilities, lsp_range, open_doc, session, wait_published

CASES = Path(__file__).resolve().parent.parent / "cases"


def edits(text: str, rng: random.Random) -> list[tuple[types.Range, str]]:
    """Edits a user makes while typing: a line added or removed between statements, a
    character typed and deleted inside a function, a statement deleted (each a range of the
    text as the previous edit left it; positions in ASCII lines, the same in any encoding)."""
    lines = text.split("\n")
    at = [i for i, line in enumerate(lines) if line.startswith("    return ")]
    blanks = [i for i, line in enumerate(lines) if line == ""]
    line = rng.choice(at)
    blank = rng.choice(blanks)
    return [
        (types.Range(start=types.Position(line=blank, character=0),
                     end=types.Position(line=blank, character=0)), "\n\n"),
        (types.Range(start=types.Position(line=line + 2, character=4),
                     end=types.Position(line=line + 2, character=4)), "0 + "),
        (types.Range(start=types.Position(line=line + 2, character=4),
                     end=types.Position(line=line + 2, character=8)), ""),
        (types.Range(start=types.Position(line=blank, character=0),
                     end=types.Position(line=blank + 2, character=0)), ""),
        (types.Range(start=types.Position(line=0, character=0),
                     end=types.Position(line=0, character=0)), "# top\n"),
    ]


def apply(text: str, change: tuple[types.Range, str]) -> str:
    rng, new = change
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[:rng.start.line]) + rng.start.character
    end = sum(len(line) + 1 for line in lines[:rng.end.line]) + rng.end.character
    return text[:start] + new + text[end:]


async def test_each_versions_diagnostics_are_a_fresh_analysis(profile: str, tmp_path: Path):
    rng = random.Random(4)
    files = sorted(CASES.glob("tracer-*/*.py"))[:24] + sorted(CASES.glob("custom-vjp-*/*.py"))[:12]
    text = "\n\n".join(path.read_text() for path in files)
    caps = capabilities(profile)
    encoding = "utf-16"
    async with session(caps, init_options={"debounce": 0}) as client:
        init = client.init_result  # type: ignore[attr-defined]
        encoding = init.capabilities.position_encoding or "utf-16"
        uri = open_doc(client, tmp_path / "notebook_like.py", text)
        await wait_published(client, uri, 1, timeout=60)
        version = 1
        for change in edits(text, rng):
            text = apply(text, change)
            version += 1
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangePartial(range=change[0], text=change[1])]))
            published = await wait_published(client, uri, version, timeout=60)
            expected = sorted((f.code, lsp_range(text, f.span, encoding), f.message.split("\n")[0])
                              for f in analyze(text, None, str(tmp_path / "notebook_like.py")).findings)
            got = sorted((d.code, as_tuple(d.range), d.message.split("\n")[0]) for d in published)
            assert got == expected, version
            assert len(got) > 10

"""The engine's entry point: source text in, an Analysis out. Never imports or runs the code."""

from __future__ import annotations

from jaxerr_lsp.config import Config
from jaxerr_lsp.findings import Analysis


def analyze(source: str, config: Config | None = None, path: str = "<string>") -> Analysis:
    """Check one document. Never raises on any input; problems go to `Analysis.notes`."""
    return Analysis()  # placeholder until the model and rules land

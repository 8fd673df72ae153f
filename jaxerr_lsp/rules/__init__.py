"""The rules. Each is a small function over the shared module model; one module per rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from jaxerr_lsp.findings import Finding, InferredStructure
from jaxerr_lsp.context import Context


@dataclass(frozen=True)
class Rule:
    code: str  # JXE001
    name: str  # vjp-with-refs-tree-mismatch (also the catalog entry id)
    catalog_id: str
    summary: str
    # Substrings a file must contain for the rule to have anything to find; files without
    # any of them skip parsing entirely.
    triggers: tuple[str, ...]
    check: Callable[[Context], Iterable[Finding]]


def jax_message(catalog_id: str, **values: str) -> str:
    """The catalog entry's message template, each `{placeholder}` filled from `values` by its
    text (`{type(logs).__name__}` is the key "type(logs).__name__"). The catalog is the one
    source of JAX's wording; a rule only supplies the values."""
    from jaxerr_lsp.catalog import load_catalog

    text = load_catalog().get(catalog_id).message.strip()
    for placeholder, value in values.items():
        text = text.replace("{" + placeholder + "}", value)
    return text


def all_rules() -> tuple[Rule, ...]:
    from jaxerr_lsp.rules.custom_vjp_bwd_not_pair import RULE as bwd_not_pair
    from jaxerr_lsp.rules.custom_vjp_logs_not_dict import RULE as logs_not_dict
    from jaxerr_lsp.rules.vjp_with_refs_tree_mismatch import RULE as with_refs

    return (with_refs, logs_not_dict, bwd_not_pair)


__all__ = ["Rule", "all_rules", "Context", "Finding", "InferredStructure"]

"""The rules, discovered: every module under `jaxerr_lsp.rules` (grouped by family) that defines `RULE`.

Every other list of rules (fix ids, trigger words, documentation tables, test parameters)
derives from `all_rules()`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any

from jaxerr_lsp.core.findings import Finding, Related, Span
from jaxerr_lsp.engine.rule import Rule


@lru_cache(maxsize=1)
def all_rules() -> tuple[Rule, ...]:
    """Every rule, ordered by code."""
    import jaxerr_lsp.rules as package

    found: list[Rule] = []
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if info.ispkg:
            continue
        module = importlib.import_module(info.name)
        rule = getattr(module, "RULE", None)
        if isinstance(rule, Rule):
            found.append(rule)
    codes = [r.code for r in found]
    if len(set(codes)) != len(codes):
        raise RuntimeError(f"two rule modules share a code: {sorted(codes)}")
    return tuple(sorted(found, key=lambda r: r.code))


def rule_for(code: str) -> Rule | None:
    return next((r for r in all_rules() if r.code == code), None)


def finding_from_json(value: Any) -> Finding | None:
    """A finding back from `Finding.to_json()` (its data rebuilt as the rule's type); None
    when the value is malformed or names no rule."""
    if not isinstance(value, dict):
        return None
    code = value.get("code")
    rule = rule_for(code) if isinstance(code, str) else None
    span = _span(value.get("span"))
    if rule is None or span is None or not isinstance(value.get("message"), str):
        return None
    related = []
    for item in value.get("related") or []:
        related_span = _span(item.get("span")) if isinstance(item, dict) else None
        if related_span is None or not isinstance(item.get("message"), str) \
                or not isinstance(item.get("path", ""), str):
            return None
        related.append(Related(related_span, item["message"], item.get("path")))
    data = None
    if value.get("data") is not None:
        if rule.data is None:
            return None
        data = rule.data.from_json(value["data"])
        if data is None:
            return None
    severity = value.get("severity")
    predicted = value.get("predicted")
    return Finding(rule.code, rule.catalog_id, span, value["message"], tuple(related),
                   severity if isinstance(severity, str) else "error", data,
                   predicted if isinstance(predicted, str) else "")


def _span(value: Any) -> Span | None:
    if isinstance(value, list) and len(value) == 4 and all(type(v) is int for v in value):
        return Span(*value)
    return None

"""What other modules of a project show about this module's functions: which of them JAX
traces from there, and with which parameters holding tracers.

A module is analysed alone; its project (`jaxerr_lsp.project`) finds, in the other modules,
the traced code that calls one of its module-level functions with tracers (`OutsideCall`),
the transformations applied to one of them (`OutsideApplication`: `jax.jit(model.step)`), and
the custom_vjp rules registered for one of them (`OutsideRegistration`: `ops.f.defvjp(...)`).
The tracing model then traces those functions as if the file showed it, and a finding in
their bodies says where the trace comes from (`Origin`, in the other file).

Plain data, picklable and JSON-able: it crosses processes (`jaxerr check -j N`) and keys the
result cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jaxerr_lsp.core.findings import Span


@dataclass(frozen=True)
class Origin:
    """The call in another module that makes the trace."""

    path: str
    span: Span
    text: str  # the call as written, shortened (`jax.jit(layers.dense)`)


@dataclass(frozen=True)
class TracerFact:
    """What a tracer passed from another module is."""

    array: bool  # certainly an array (not a pytree of tracers of unknown structure)
    abstract: bool  # no concrete value behind it (jit, vmap...; not grad's)
    transform: str  # the transformation of the caller's trace ("jax.jit")
    label: str  # how JAX names that trace in its messages ("jit")


@dataclass(frozen=True)
class OutsideCall:
    """Traced code of another module calls `function` (a module-level def here); the
    arguments that are tracers, by position and keyword (None: not a tracer, or unknown)."""

    function: str
    positional: tuple[TracerFact | None, ...]
    keywords: tuple[tuple[str, TracerFact | None], ...]
    origin: Origin


@dataclass(frozen=True)
class OutsideApplication:
    """Another module applies a transformation to `function` (a module-level def here):
    `jax.jit(step, static_argnums=(1,))`; the options are keywords whose values are literals,
    as source text (`("static_argnums", "(1,)")`)."""

    function: str
    transform: str  # "jax.jit"
    label: str  # how JAX names the trace ("jit", "while_cond"...)
    options: tuple[tuple[str, str], ...]
    origin: Origin


@dataclass(frozen=True)
class OutsideRegistration:
    """Another module registers rules for `function` (a module-level custom_vjp here):
    `ops.clip_gradient.defvjp(fwd, bwd)`; `method` is the one it calls ("defvjp")."""

    function: str
    method: str
    origin: Origin


Outside = OutsideCall | OutsideApplication | OutsideRegistration


@dataclass(frozen=True)
class Outgoing:
    """What this module's traced code does with a function of another module, named by the
    dotted name its import gives (`pkg.layers.dense`): the fact as that module will receive
    it, once the project knows which part of the name is the module (`fact.function` is
    the last part until then)."""

    qualname: str
    fact: Outside


def outgoing_to_json(item: Outgoing) -> dict[str, Any]:
    return {"qualname": item.qualname, "fact": _fact_to_json(item.fact)}


def outgoing_from_json(value: Any) -> Outgoing:
    """The fact back from `outgoing_to_json`; raises ValueError (or TypeError, KeyError) when
    `value` is not one."""
    return Outgoing(_text(value["qualname"]), _fact_from_json(value["fact"]))


def _fact_to_json(fact: Outside) -> dict[str, Any]:
    origin = {"path": fact.origin.path, "span": fact.origin.span.as_list(), "text": fact.origin.text}
    if isinstance(fact, OutsideApplication):
        return {"function": fact.function, "transform": fact.transform, "label": fact.label,
                "options": [list(o) for o in fact.options], "origin": origin}
    if isinstance(fact, OutsideRegistration):
        return {"function": fact.function, "method": fact.method, "origin": origin}
    return {"function": fact.function, "origin": origin,
            "positional": [_tracer_to_json(t) for t in fact.positional],
            "keywords": [[k, _tracer_to_json(t)] for k, t in fact.keywords]}


def _tracer_to_json(fact: TracerFact | None) -> list[Any] | None:
    return None if fact is None else [fact.array, fact.abstract, fact.transform, fact.label]


def _fact_from_json(value: Any) -> Outside:
    raw = value["origin"]
    span = raw["span"]
    if not isinstance(span, list) or len(span) != 4 or not all(type(v) is int for v in span):
        raise ValueError(f"not a span: {span!r}")
    origin = Origin(_text(raw["path"]), Span(*span), _text(raw["text"]))
    if "method" in value:
        return OutsideRegistration(_text(value["function"]), _text(value["method"]), origin)
    if "transform" in value:
        options = tuple((_text(k), _text(v)) for k, v in value["options"])
        return OutsideApplication(_text(value["function"]), _text(value["transform"]),
                                  _text(value["label"]), options, origin)
    return OutsideCall(_text(value["function"]),
                       tuple(_tracer_from_json(t) for t in value["positional"]),
                       tuple((_text(k), _tracer_from_json(t)) for k, t in value["keywords"]),
                       origin)


def _tracer_from_json(value: Any) -> TracerFact | None:
    if value is None:
        return None
    array, abstract, transform, label = value
    if type(array) is not bool or type(abstract) is not bool:
        raise ValueError(f"not a tracer fact: {value!r}")
    return TracerFact(array, abstract, _text(transform), _text(label))


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a string: {value!r}")
    return value


__all__ = ["Origin", "Outgoing", "Outside", "OutsideApplication", "OutsideCall", "OutsideRegistration",
           "TracerFact",
           "outgoing_from_json", "outgoing_to_json"]

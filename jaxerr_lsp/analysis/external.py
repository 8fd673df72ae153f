"""What other modules of a project show about this module's functions: which of them JAX
traces from there, and with which parameters holding tracers.

A module is analysed alone; its project (`jaxerr_lsp.project`) finds, in the other modules,
the traced code that calls one of its module-level functions with tracers (`OutsideCall`),
and the transformations applied to one of them (`OutsideApplication`: `jax.jit(model.step)`).
The tracing model then traces those functions as if the file showed it, and a finding in
their bodies says where the trace comes from (`Origin`, in the other file).

Plain data, picklable and JSON-able: it crosses processes (`jaxerr check -j N`) and keys the
result cache.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    `jax.jit(step, static_argnums=(1,))`; the options are the literal keyword values."""

    function: str
    transform: str  # "jax.jit"
    label: str  # how JAX names the trace ("jit", "while_cond"...)
    options: tuple[tuple[str, object], ...]
    origin: Origin


Outside = OutsideCall | OutsideApplication


@dataclass(frozen=True)
class Outgoing:
    """What this module's traced code does with a function of another module, named by the
    dotted name its import gives (`pkg.layers.dense`): the fact as that module will receive
    it, once the project knows which part of the name is the module (`fact.function` is
    the last part until then)."""

    qualname: str
    fact: Outside


__all__ = ["Origin", "Outgoing", "Outside", "OutsideApplication", "OutsideCall", "TracerFact"]

"""What every rule gets: the parsed source, the module model and the structure inference,
built once per document."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from jaxerr_lsp.findings import InferredStructure
from jaxerr_lsp.model import ModuleModel
from jaxerr_lsp.pytree import Inference
from jaxerr_lsp.source import ParsedSource


@dataclass
class Context:
    parsed: ParsedSource
    model: ModuleModel
    path: str = "<string>"
    inferred: list[InferredStructure] = field(default_factory=list)

    @cached_property
    def inference(self) -> Inference:
        return Inference(self.model)

    @cached_property
    def custom_vjps(self):  # -> list[custom_vjp.Registration]
        from jaxerr_lsp.custom_vjp import find_registrations

        return find_registrations(self)

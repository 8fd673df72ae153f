"""JXE176 jax-submodule-not-imported.

What it does: finds a JAX submodule read as an attribute that no import of the program loads:
`jax.scipy.optimize.minimize(...)`, `jax.experimental.ode.odeint(...)`,
`jax.flatten_util.ravel_pytree(...)` after only `import jax`. Which submodules `import jax`
loads was measured in a fresh interpreter (`families.jax_attributes.unimported_submodules`,
generated; a submodule JAX's own functions import when they run is never judged).

Never flagged: a file with any import that may load more (another library, a relative
import, `importlib`/`__import__`/`exec`), a file that imports that submodule anywhere
(`import jax.scipy.optimize`, `from jax.experimental import ode`), a read inside a `try`
with handlers or under a test of `hasattr`/`getattr`/a version (`removed_apis.Guards`).

Why is this bad: the attribute does not exist until the submodule is imported: the read
raises AttributeError (and may seem to work elsewhere, where another import loaded it).

Fix (safe): add `import jax.scipy.optimize` after the imports that open the module: importing
only loads the module, and makes it the attribute the code reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.jax_attributes import unimported_submodules

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class UnimportedData(RuleData):
    module: str  # the submodule to import: "jax.scipy.optimize"


def check(ctx: Context) -> None:
    for read in unimported_submodules(ctx.model):
        ctx.report(read.node, values={"module!r": repr(read.package), "name!r": repr(read.name)},
                   note=f" (`import jax` does not load `{read.package}.{read.name}`; no import of this file does)",
                   data=UnimportedData(f"{read.package}.{read.name}"))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.locate import import_edit_for

    data = finding.data
    assert isinstance(data, UnimportedData)
    edit = import_edit_for(lines, [f"import {data.module}"])
    if edit is None:
        return []
    why = (f"Adds `import {data.module}` after the imports that open the module: importing only loads "
           f"the module, and makes `{data.module}` the attribute the code reads.")
    return [Fix(f"Import {data.module}", True, why, (edit,), "import-submodule")]


RULE = Rule(
    code="JXE176",
    catalog_id="jax-submodule-not-imported",
    triggers=("jax",),
    check=check,
    data=UnimportedData,
    fix=fix,
    fix_ids=("import-submodule",),
)

"""Rules only ask: a rule module (nor a family module, which the rules of a family share)
never walks the tree nor reads a scope's binding lists.

What a rule needs of the tree (the nodes inside a function or a statement, the returns of a
function, the stores to `self`, the bindings that reach a use) is a query of the analysis
(`jaxerr_lsp.analysis.model.ModuleModel`) or of its family's module, computed once and shared.
This test parses every rule module with `ast` and fails on:
- `ast.walk(...)`, `ast.iter_child_nodes(...)`, `ast.iter_fields(...)` (a hand-written stack
  loop over the children is caught by the last two);
- a class deriving from `ast.NodeVisitor` / `ast.NodeTransformer`;
- reading `.bindings` (a `Scope`'s binding lists: `scope.bindings.get(name)`, `scope.bindings[name]`,
  `name in scope.bindings`), `.global_names` / `.nonlocal_names` aside;
- reading the whole text (`ctx.parsed.text`): a rule asks `ctx.mentions(word)`, whose answers
  are recorded (the incremental analysis reuses a slice's result only while they hold).
The `fix` functions, which rewrite with libcst on demand, may use libcst, but not these either.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "jaxerr_lsp"
RULES = PACKAGE / "rules"
FAMILIES = PACKAGE / "families"
WALKS = frozenset({"walk", "iter_child_nodes", "iter_fields"})
VISITORS = frozenset({"NodeVisitor", "NodeTransformer"})
# `.bindings` of objects that are not scopes: (module, the name read). `GradRefs.bindings` is the
# rule's own fix data (statement texts), not a binding list.
NOT_SCOPES = frozenset({("vjp_ref_primal_without_refs.py", "grad_refs")})


def rule_modules() -> list[Path]:
    return sorted(p for p in RULES.rglob("*.py") if p.name != "__init__.py")


def family_modules() -> list[Path]:
    return sorted(p for p in FAMILIES.glob("*.py") if p.name != "__init__.py")


def _ast_names(tree: ast.Module) -> set[str]:
    """Names the module binds to the `ast` module (`import ast`, `import ast as a`)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.asname or alias.name for alias in node.names if alias.name == "ast")
    return names


def offences(path: Path) -> list[str]:
    """Where the module walks the tree or reads binding lists, as `line: what`."""
    tree = ast.parse(path.read_text(), str(path))
    modules = _ast_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "ast":
            for alias in node.names:
                if alias.name in WALKS | VISITORS or alias.name == "*":
                    found.append(f"{node.lineno}: from ast import {alias.name}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in modules and node.attr in WALKS | VISITORS:
            found.append(f"{node.lineno}: ast.{node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "text" \
                and isinstance(node.value, ast.Attribute) and node.value.attr == "parsed":
            found.append(f"{node.lineno}: {ast.unparse(node)} (the whole text)")
        elif isinstance(node, ast.Attribute) and node.attr == "bindings":
            receiver = node.value.id if isinstance(node.value, ast.Name) else None
            if (path.name, receiver) not in NOT_SCOPES:
                found.append(f"{node.lineno}: {ast.unparse(node)} (a binding list)")
    return sorted(found, key=lambda f: int(f.split(":")[0]))


@pytest.mark.parametrize("path", rule_modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_rule_only_asks(path: Path) -> None:
    assert offences(path) == []


@pytest.mark.parametrize("path", family_modules(), ids=lambda p: p.name)
def test_family_module_only_asks(path: Path) -> None:
    assert offences(path) == []


def test_the_check_finds_walks_and_binding_lists(tmp_path: Path) -> None:
    """The check itself: each form it must catch is caught, and plain code is not."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import ast\n"
        "import ast as A\n"
        "from ast import walk\n"
        "class V(ast.NodeVisitor):\n"
        "    pass\n"
        "def check(ctx, node, scope):\n"
        "    for n in ast.walk(node):\n"
        "        pass\n"
        "    stack = [node]\n"
        "    while stack:\n"
        "        stack.extend(A.iter_child_nodes(stack.pop()))\n"
        "    return scope.bindings.get('x', []), ctx.model.module_scope.bindings\n"
        "def other(ctx):\n"
        "    return 'x64' in ctx.parsed.text\n")
    assert sorted(int(line.split(":")[0]) for line in offences(bad)) == [3, 4, 7, 11, 12, 12, 14]
    good = tmp_path / "good.py"
    good.write_text(
        "import ast\n"
        "def check(ctx, node):\n"
        "    return isinstance(node, ast.Call) and ctx.model.binding_of(node.func)\n")
    assert offences(good) == []


def test_rule_and_family_modules_are_found() -> None:
    assert len(rule_modules()) > 40 and len(family_modules()) > 10

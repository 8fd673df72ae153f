"""The package's layout: CONTRIBUTING names what the tree holds, and the layers hold."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "jaxerr_lsp"


def layout_section() -> str:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    start = text.index("## Layout and ownership")
    return text[start:text.index("\n## ", start + 1)]


def test_contributing_names_every_package_and_module() -> None:
    section = layout_section()
    missing = []
    for package in sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()):
        if f"`jaxerr_lsp/{package.name}/" not in section:
            missing.append(f"jaxerr_lsp/{package.name}/")
        if package.name in ("rules", "server"):
            continue  # rules: named by family below; server: its own section
        for module in sorted(package.glob("*.py")):
            if module.name != "__init__.py" and not re.search(rf"`{re.escape(module.name)}`|"
                                                              rf"`jaxerr_lsp/{package.name}/{module.name}`",
                                                              section):
                missing.append(f"jaxerr_lsp/{package.name}/{module.name}")
    for module in sorted(PACKAGE.glob("*.py")):
        if f"{module.name}`" not in section:
            missing.append(f"jaxerr_lsp/{module.name}")
    families = sorted(p.name for p in (PACKAGE / "rules").iterdir() if (p / "__init__.py").is_file())
    missing += [f"rules family {family}" for family in families if f"`{family}`" not in section]
    assert not missing, f"CONTRIBUTING's layout section does not name: {missing}"


def test_contributing_names_every_server_module() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    start = text.index("## The application layer and the server")
    section = text[start:text.index("\n## ", start + 1)]
    missing = [module.name for module in sorted((PACKAGE / "server").glob("*.py"))
               if module.name != "__init__.py" and f"`{module.name}`" not in section]
    assert not missing, f"CONTRIBUTING's server section does not name: {missing}"


def test_the_server_has_no_import_cycle() -> None:
    """What the server's layers contract ensures, asked of the import graph itself (imports
    inside functions count; those under TYPE_CHECKING do not)."""
    import grimp

    graph = grimp.build_graph("jaxerr_lsp", exclude_type_checking_imports=True, cache_dir=None)
    modules = sorted(m for m in graph.find_descendants("jaxerr_lsp.server"))
    assert "jaxerr_lsp.server.session" in modules and "jaxerr_lsp.server.snapshot" in modules
    cycles = [(a, b) for a in modules for b in graph.find_modules_directly_imported_by(a)
              if b in modules and graph.chain_exists(importer=b, imported=a)]
    assert not cycles, f"import cycles in jaxerr_lsp.server: {cycles}"


def test_every_path_contributing_names_exists() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(jaxerr_lsp/[A-Za-z0-9_/.]+)`", text))
    assert named, "CONTRIBUTING names no path"
    absent = sorted(path for path in named if not (ROOT / path).exists())
    assert not absent, absent


def test_rules_live_in_family_folders_only() -> None:
    loose = sorted(p.name for p in (PACKAGE / "rules").glob("*.py") if p.name != "__init__.py")
    assert not loose, f"rule modules outside a family folder: {loose}"


def test_the_layers_hold() -> None:
    done = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "2 kept, 0 broken" in done.stdout, done.stdout[-2000:]


def test_the_fixes_toolkit_and_the_engine_import_without_libcst() -> None:
    code = ("import sys\n"
            "import jaxerr_lsp.fixes, jaxerr_lsp.fixes.locate, jaxerr_lsp.fixes.static_args\n"
            "import jaxerr_lsp.app.compute_fixes\n"
            "from jaxerr_lsp.engine.registry import all_rules\n"
            "from jaxerr_lsp.engine.run import analyze\n"
            "all_rules(); analyze('import jax\\njax.jit(lambda x: x)(1)\\n')\n"
            "print('libcst' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"

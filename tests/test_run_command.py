"""`jaxerr run` against plain `python`, both real subprocesses: the same output, the same
traceback, the same exit status, the same `sys.argv`, `sys.path[0]` and `__main__`; and after a
JAX error the catalog knows, its entry, after the traceback.

Every quick command runs through `python -m jaxerr_lsp run` and through the `jaxerr` console
script (their `sys.path` differs at the start); the JAX programs (seconds each) through one of
them each. All in one batch on a few threads.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from jaxerr_lsp.errors.catalog import load_catalog

ROOT = Path(__file__).resolve().parent.parent
CATALOG = load_catalog()
CONSOLE_SCRIPT = Path(sys.executable).parent / "jaxerr"

# What a program sees of how it was started.
SHOW_START = """\
import sys
print("argv", sys.argv, "path0", sys.path[0], "name", __name__, "file", __file__)
print("main", sys.modules["__main__"].__file__, __spec__, __package__, __cached__, type(__loader__).__name__)
"""

SCRIPTS = {
    # A catalog error whose message is Python's own wording at a site inside JAX that JAX
    # filters out of the traceback: only the raise-site watch recognizes it.
    "nondiff_arity.py": SHOW_START + CATALOG.get("custom-vjp-nondiff-bwd-arity").example_before,
    # A catalog error with a chained exception whose traceback is the whole stack (JAX's
    # JaxStackTraceBeforeTransformation): jaxerr's frames must not show there either.
    "bwd_structure.py": SHOW_START + CATALOG.get("custom-vjp-bwd-structure").example_before,
    # A JAX error the catalog does not describe: nothing added.
    "reshape.py": SHOW_START + "import jax.numpy as jnp\njnp.ones(3).reshape(-1, -1)\n",
    "clean.py": SHOW_START + "import json\nprint(json.dumps(sys.argv[1:]))\n",
    "exit3.py": "import sys\nsys.exit(3)\n",
    "exit_message.py": "import sys\nsys.exit('stopping: no data')\n",
    "exit_none.py": "raise SystemExit\n",
    "interrupt.py": textwrap.dedent("""\
        import atexit
        atexit.register(print, "atexit ran")
        def work():
            raise KeyboardInterrupt
        work()
        """),
    "own_hook.py": textwrap.dedent("""\
        import sys
        sys.excepthook = lambda kind, value, tb: print("hook:", kind.__name__, value, file=sys.stderr)
        raise ValueError("mine")
        """),
    "syntax_error.py": "x = (1,\nprint(x)\n",
    "linked.py": SHOW_START,  # replaced by a symbolic link to elsewhere/linked.py (the fixture)
    "chained.py": textwrap.dedent("""\
        def load():
            try:
                {}["key"]
            except KeyError as error:
                raise RuntimeError("no key") from error
        load()
        """),
}
MODULE = {"pkg/__init__.py": "", "pkg/tool.py": SHOW_START + "raise LookupError('from a module')\n",
          "scripts/app/__main__.py": SHOW_START + "raise LookupError('from a folder')\n"}


@dataclass(frozen=True)
class Outcome:
    code: int
    stdout: str
    stderr: str


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "JAX_TRACEBACK_FILTERING"}
    env["JAX_PLATFORMS"] = "cpu"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    return env


def _run(command: list[str], cwd: Path) -> Outcome:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300, env=_env())
    return Outcome(done.returncode, done.stdout, done.stderr)


PYTHON = [sys.executable]
LAUNCHERS = {"python -m jaxerr_lsp": [sys.executable, "-m", "jaxerr_lsp", "run"],
             "jaxerr": [str(CONSOLE_SCRIPT), "run"]}
ARGS = ["--flag", "first", "-m", "two words", "--help"]  # the program's, every one
JAX_LAUNCHER = {"nondiff_arity.py": "python -m jaxerr_lsp", "bwd_structure.py": "jaxerr",
                "reshape.py": "jaxerr"}


def _commands() -> dict[tuple[str, str], list[str]]:
    commands: dict[tuple[str, str], list[str]] = {}
    for name in SCRIPTS:
        commands[("python", name)] = PYTHON + [f"scripts/{name}", *ARGS]
        for launcher, prefix in LAUNCHERS.items():
            if JAX_LAUNCHER.get(name, launcher) == launcher:
                commands[(launcher, name)] = prefix + [f"scripts/{name}", *ARGS]
    commands[("python", "-m pkg.tool")] = PYTHON + ["-m", "pkg.tool", *ARGS]
    commands[("python -m jaxerr_lsp", "-m pkg.tool")] = LAUNCHERS["python -m jaxerr_lsp"] + ["-m", "pkg.tool", *ARGS]
    commands[("python", "-m no_such_module")] = PYTHON + ["-m", "no_such_module"]
    commands[("jaxerr", "-m no_such_module")] = LAUNCHERS["jaxerr"] + ["-m", "no_such_module"]
    for launcher, prefix in {"python": PYTHON, **LAUNCHERS}.items():
        commands[(launcher, "app")] = prefix + ["scripts/app", *ARGS]
    commands[("python", "missing.py")] = PYTHON + ["scripts/missing.py"]
    commands[("jaxerr", "missing.py")] = LAUNCHERS["jaxerr"] + ["scripts/missing.py"]
    commands[("jaxerr", "")] = LAUNCHERS["jaxerr"]
    return commands


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Outcome]:
    assert CONSOLE_SCRIPT.exists(), f"the test venv has no `jaxerr` console script at {CONSOLE_SCRIPT}"
    folder = tmp_path_factory.mktemp("run")
    for name, text in {**{f"scripts/{n}": t for n, t in SCRIPTS.items()}, **MODULE}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    # sys.path[0] of a symbolic link: the folder of the file it points to, as Python sets it.
    (folder / "elsewhere").mkdir()
    (folder / "elsewhere" / "linked.py").write_text(SHOW_START, encoding="utf-8")
    (folder / "scripts" / "linked.py").unlink()
    (folder / "scripts" / "linked.py").symlink_to(folder / "elsewhere" / "linked.py")
    commands = _commands()
    with ThreadPoolExecutor(max_workers=4) as pool:
        done = list(pool.map(lambda command: _run(command, folder), commands.values()))
    return dict(zip(commands, done))


def _same(text: str) -> str:
    """Object addresses differ from run to run."""
    return re.sub(r"0x[0-9a-f]+", "0x…", text)


def _entry_part(python: Outcome, jaxerr: Outcome) -> str:
    """What `jaxerr run` printed on stderr after Python's own stderr (which must come first)."""
    assert _same(jaxerr.stderr).startswith(_same(python.stderr)), (
        f"python's stderr:\n{python.stderr}\njaxerr's stderr:\n{jaxerr.stderr}")
    return jaxerr.stderr[len(python.stderr):] if python.stderr else jaxerr.stderr


@pytest.mark.parametrize("script,entry_id,line", [
    ("nondiff_arity.py", "custom-vjp-nondiff-bwd-arity", "print(jax.grad(scale, argnums=1)(2.0, 3.0))"),
    ("bwd_structure.py", "custom-vjp-bwd-structure", "print(jax.grad(soft_sin)(0.5))"),
])
def test_jax_error_traceback_then_entry(outcomes, script: str, entry_id: str, line: str):
    python, jaxerr = outcomes[("python", script)], outcomes[(JAX_LAUNCHER[script], script)]
    assert python.code == jaxerr.code == 1
    assert python.stdout == jaxerr.stdout  # argv, sys.path[0], __main__ as Python sets them
    assert python.stderr.startswith("Traceback (most recent call last):")
    assert "jaxerr" not in python.stderr + jaxerr.stderr[:len(python.stderr)]
    added = _entry_part(python, jaxerr)
    entry = CATALOG.get(entry_id)
    lines = added.splitlines()
    assert lines[:2] == ["", f"jaxerr: {entry.rule} {entry.id}: {entry.title}"], added
    assert "What happened:" in lines and "How to fix it:" in lines
    cause = lines.index("Likely cause in your code:")
    path = Path(jaxerr.stdout.split("file ")[1].split()[0])
    assert lines[cause + 1].startswith(f"  {path}:")
    assert lines[cause + 2].strip() == line
    assert f"  1. {' '.join(entry.solutions[0].split())[:40]}" in "\n".join(lines)


def test_error_outside_the_catalog_adds_nothing(outcomes):
    python, jaxerr = outcomes[("python", "reshape.py")], outcomes[("jaxerr", "reshape.py")]
    assert python.code == jaxerr.code == 1
    assert "TypeError: can only specify one unknown axis size with a `-1` value" in python.stderr
    assert (python.stdout, _same(python.stderr)) == (jaxerr.stdout, _same(jaxerr.stderr))


@pytest.mark.parametrize("launcher", list(LAUNCHERS))
@pytest.mark.parametrize("script,code", [
    ("clean.py", 0), ("linked.py", 0), ("exit3.py", 3), ("exit_message.py", 1), ("exit_none.py", 0),
    ("interrupt.py", -signal.SIGINT), ("own_hook.py", 1), ("syntax_error.py", 1), ("chained.py", 1),
])
def test_like_python(outcomes, launcher: str, script: str, code: int):
    """Exit status, output and traceback as Python's: SystemExit codes and messages, death by
    SIGINT after an uncaught KeyboardInterrupt (atexit handlers first), the program's own
    excepthook, a syntax error, chained exceptions."""
    python, jaxerr = outcomes[("python", script)], outcomes[(launcher, script)]
    assert python.code == code, python
    assert (jaxerr.code, jaxerr.stdout, jaxerr.stderr) == (python.code, python.stdout, python.stderr)


def test_clean_run_gets_the_arguments(outcomes):
    assert outcomes[("jaxerr", "clean.py")].stdout.splitlines()[-1] == json.dumps(ARGS)
    assert "elsewhere" in outcomes[("jaxerr", "linked.py")].stdout.split("path0 ")[1].split()[0]


def test_run_module_like_python_m(outcomes):
    python, jaxerr = outcomes[("python", "-m pkg.tool")], outcomes[("python -m jaxerr_lsp", "-m pkg.tool")]
    assert python.code == jaxerr.code == 1
    assert _same(python.stdout) == _same(jaxerr.stdout) and "argv ['/" in python.stdout
    assert python.stderr == jaxerr.stderr and "<frozen runpy>" in python.stderr
    missing_python, missing_jaxerr = (outcomes[("python", "-m no_such_module")],
                                      outcomes[("jaxerr", "-m no_such_module")])
    assert missing_python.code == missing_jaxerr.code == 1
    assert missing_python.stderr == missing_jaxerr.stderr


@pytest.mark.parametrize("launcher", list(LAUNCHERS))
def test_run_folder_like_python(outcomes, launcher: str):
    python, jaxerr = outcomes[("python", "app")], outcomes[(launcher, "app")]
    assert python.code == 1 and "from a folder" in python.stderr
    assert (jaxerr.code, _same(jaxerr.stdout), jaxerr.stderr) == (python.code, _same(python.stdout), python.stderr)


def test_usage_errors(outcomes):
    missing = outcomes[("jaxerr", "missing.py")]
    assert missing.code == outcomes[("python", "missing.py")].code == 2
    assert "can't open file" in missing.stderr and "missing.py" in missing.stderr
    nothing = outcomes[("jaxerr", "")]
    assert nothing.code == 2 and "jaxerr run" in nothing.stderr

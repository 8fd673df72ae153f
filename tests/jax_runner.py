"""Runs Python programs under the real JAX of the test environment, in one subprocess.

Each program runs in a fresh namespace; the result says whether it raised, the exception's
type name and message. One JAX import for the whole batch keeps the tests fast.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

_RUNNER = textwrap.dedent(r'''
    import json, sys, traceback
    import jax  # noqa: F401  (imported once for every program)
    programs = json.load(sys.stdin)
    results = []
    for source in programs:
        try:
            exec(compile(source, "<program>", "exec"), {"__name__": "__main__"})
            results.append({"raised": False})
        except Exception as error:
            results.append({"raised": True, "type": type(error).__name__, "message": str(error)})
    print("\x00RESULTS" + json.dumps(results))
''')


def run_programs(sources: list[str], timeout: float = 300) -> list[dict]:
    completed = subprocess.run(
        [sys.executable, "-c", _RUNNER], input=json.dumps(sources), capture_output=True,
        text=True, timeout=timeout, env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"})
    marker = completed.stdout.rfind("\x00RESULTS")
    assert marker >= 0, f"runner failed:\n{completed.stderr[-3000:]}"
    return json.loads(completed.stdout[marker + len("\x00RESULTS"):])

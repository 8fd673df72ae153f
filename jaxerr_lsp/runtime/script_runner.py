"""`jaxerr run script.py [args]` and `jaxerr run -m module [args]`: run the user's program in
this process as `python script.py args` (`python -m module args`; a folder or a zip file with a
`__main__.py` too) would, and when an exception
escapes it, print Python's own traceback (through `sys.excepthook`, as Python does), then the
catalog entry explaining it (jaxerr_lsp.runtime.companion), if one matches.

As Python does: `sys.argv` is `[script as given, *args]`; `sys.path[0]` is the script's folder,
symbolic links resolved (the current folder for `-m`); the program runs as a fresh `__main__` module whose `__file__` is
the script's absolute path. The exit status is Python's: 0, 1 after an uncaught exception,
a `SystemExit`'s code (the SystemExit propagates unchanged), and death by SIGINT after an
uncaught KeyboardInterrupt (a shell shows 130), once the `atexit` handlers have run. The
exception object is not touched, except that the frames of jaxerr's own that lead to the
program are cut from the front of its traceback (and of the tracebacks chained to it), so that
the traceback starts where `python script.py`'s does.
"""

from __future__ import annotations

import atexit
import builtins
import importlib.machinery
import io
import os
import runpy
import signal
import sys
import types
import zipfile
from collections.abc import Callable, Iterator, Sequence

from jaxerr_lsp.runtime.companion import exception_chain, explain_to_text, watch_raise_sites

__all__ = ["run_module", "run_script"]

_THIS_FILE = __file__


def run_script(path: str, args: Sequence[str]) -> int:
    """Run the file `path` as `python path args...` would; Python's exit status. A folder or a
    zip file runs its `__main__.py`, as with Python."""
    absolute = os.path.abspath(path)
    if os.path.isdir(absolute) or zipfile.is_zipfile(absolute):
        _set_path_head(absolute)
        sys.argv = [path, *args]
        return _run(lambda: _run_main_module("__main__", alter_argv=False))
    try:
        with io.open_code(absolute) as file:
            source = file.read()
    except OSError as error:
        print(f"jaxerr run: can't open file {absolute!r}: [Errno {error.errno}] {error.strerror}",
              file=sys.stderr)
        return 2
    _set_path_head(os.path.dirname(os.path.realpath(absolute)))  # Python resolves symlinks here
    sys.argv = [path, *args]

    def execute() -> None:
        module = _fresh_main()
        module.__file__ = absolute
        module.__cached__ = None  # type: ignore[attr-defined]
        module.__loader__ = importlib.machinery.SourceFileLoader("__main__", absolute)
        code = compile(source, absolute, "exec", dont_inherit=True)
        exec(code, module.__dict__)

    return _run(execute)


def run_module(name: str, args: Sequence[str]) -> int:
    """Run the module `name` as `python -m name args...` would (runpy, as Python itself does)."""
    _set_path_head(os.getcwd())
    sys.argv = [name, *args]  # runpy sets argv[0] to the module's file, as `python -m` does
    return _run(lambda: _run_main_module(name, alter_argv=True))


def _run_main_module(name: str, alter_argv: bool) -> None:
    """What Python itself calls for `-m name` and for a folder or zip file (`__main__`, found
    on sys.path[0]); its two frames start the traceback, as with Python."""
    _fresh_main()
    as_main = getattr(runpy, "_run_module_as_main", None)
    if as_main is not None:
        as_main(name, alter_argv=alter_argv)
    else:
        runpy.run_module(name, run_name="__main__", alter_sys=alter_argv)


def _fresh_main() -> types.ModuleType:
    """A new `__main__` module for the program (jaxerr's own `__main__` keeps its names)."""
    module = types.ModuleType("__main__")
    module.__builtins__ = builtins  # type: ignore[attr-defined]
    sys.modules["__main__"] = module
    return module


def _set_path_head(folder: str) -> None:
    """sys.path[0] as Python sets it for the program. The `jaxerr` console script started with
    its own folder there (replaced); `python -m jaxerr_lsp` with none (jaxerr_lsp/__main__.py
    took the current folder out), so the folder goes in front."""
    launcher = os.path.dirname(os.path.abspath(sys.argv[0])) if sys.argv and sys.argv[0] else None
    if sys.path and launcher is not None and sys.path[0] == launcher:
        sys.path[0] = folder
    else:
        sys.path.insert(0, folder)


def _run(execute: Callable[[], None]) -> int:
    watch = watch_raise_sites()
    watch.start()
    interrupted = _ExitBySigint()
    try:
        execute()
    except SystemExit:
        raise  # Python's own handling: its code, its message
    except BaseException as exception:  # noqa: BLE001 - whatever escapes the program
        _trim_our_frames(exception)
        _show_uncaught(exception)
        if isinstance(exception, KeyboardInterrupt):
            interrupted.arm()
            return 130
        sys.stderr.write(explain_to_text(exception))
        sys.stderr.flush()
        return 1
    finally:
        watch.stop()
    return 0


def _trim_our_frames(exception: BaseException) -> None:
    """Cut the frames that lead to the program (jaxerr's command line, this module) from the
    front of the traceback of the exception and of those chained to it (JAX chains one whose
    traceback is the whole stack where a traced operation was created): everything up to the
    last frame of this module goes."""
    for error in exception_chain(exception):
        frames = list(_tb_entries(error.__traceback__))
        ours = [i for i, tb in enumerate(frames) if tb.tb_frame.f_code.co_filename == _THIS_FILE]
        if ours:
            error.__traceback__ = frames[ours[-1] + 1] if ours[-1] + 1 < len(frames) else None


def _tb_entries(tb: types.TracebackType | None) -> Iterator[types.TracebackType]:
    while tb is not None:
        yield tb
        tb = tb.tb_next


def _show_uncaught(exception: BaseException) -> None:
    """What Python does with an uncaught exception: remember it in `sys.last_*`, hand it to
    `sys.excepthook` (the program may have set its own)."""
    sys.last_exc = exception
    sys.last_type, sys.last_value, sys.last_traceback = (
        type(exception), exception, exception.__traceback__)
    try:
        sys.excepthook(type(exception), exception, exception.__traceback__)
    except BaseException as hook_error:  # noqa: BLE001 - as Python reports a failing hook
        print("Error in sys.excepthook:", file=sys.stderr)
        sys.__excepthook__(type(hook_error), hook_error, hook_error.__traceback__)
        print("\nOriginal exception was:", file=sys.stderr)
        sys.__excepthook__(type(exception), exception, exception.__traceback__)


class _ExitBySigint:
    """Python ends a program interrupted by an uncaught KeyboardInterrupt by killing itself with
    SIGINT after finalization (a shell then shows 130). Registered before the program runs, so
    that the program's own atexit handlers run first (atexit runs last-registered first)."""

    def __init__(self) -> None:
        self._armed = False
        if hasattr(signal, "SIGINT") and hasattr(os, "kill"):
            atexit.register(self._exit)

    def arm(self) -> None:
        self._armed = True

    def _exit(self) -> None:
        if not self._armed:
            return
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)

"""jaxerr-lsp: flags JAX calls that will raise, without running the code."""

__version__ = "0.1.0"


def load_ipython_extension(ipython: object) -> None:
    """`%load_ext jaxerr_lsp`: see jaxerr_lsp.runtime.ipython_extension."""
    from jaxerr_lsp.runtime.ipython_extension import load_ipython_extension as load

    load(ipython)


def unload_ipython_extension(ipython: object) -> None:
    """`%unload_ext jaxerr_lsp`."""
    from jaxerr_lsp.runtime.ipython_extension import unload_ipython_extension as unload

    unload(ipython)

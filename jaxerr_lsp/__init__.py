"""jaxerr-lsp: flags JAX calls that will raise, without running the code."""

__version__ = "0.1.0"

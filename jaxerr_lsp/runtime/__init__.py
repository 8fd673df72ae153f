"""The runtime companion, the one part that runs user code on purpose: the explanation of a
raised exception, `jaxerr run`, the IPython extension (the pytest plugin, a surface, is `jaxerr_lsp/pytest_plugin.py`).
"""

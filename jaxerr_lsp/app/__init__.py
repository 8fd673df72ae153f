"""The application layer: what the command line and the language server both do, written once.

- `configuration`: the configuration a file is checked with (`[tool.jaxerr]`, then editor
  settings or command-line flags), with one meaning of `select`, `ignore` and `severity`.
- `fix_loop`: which fixes apply together (one overlap rule), and applying them, re-checking
  and applying again until nothing more applies.
- `entry_lookup`: a catalog entry from an id, a rule code, or a pasted JAX error.
- `api_under_cursor`: the JAX API named at a position of a line, through the file's imports.
- `hover_text`: the Markdown of a hover (a finding's catalog entry, an API's documentation,
  an inferred pytree structure).

Nothing here knows LSP or argparse: `jaxerr_lsp.cli` and `jaxerr_lsp.server` translate their
world to these functions and back. Nothing here imports or runs the checked code.
"""

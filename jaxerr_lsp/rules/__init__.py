"""One module per JAX error: `<catalog id with underscores>.py` defines `RULE`, its detection,
its data and its fix. `jaxerr_lsp.engine.registry` discovers them; nothing here lists them."""

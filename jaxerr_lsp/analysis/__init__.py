"""The analysis of one document: the module model (scopes, bindings, code flow), the one value
inference (types, pytrees, shapes and dtypes), the tracing model, the semantic index.
It imports nothing from the engine, the JAX families, the rules or the surfaces.
"""

"""The catalog of JAX errors: the loader and validator of `catalog/*.toml`, the matcher that
recognizes a pasted error, and the renderers of an entry.
"""

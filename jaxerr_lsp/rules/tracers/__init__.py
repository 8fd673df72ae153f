"""Rules: traced values used where JAX needs concrete ones, and tracers that leak."""

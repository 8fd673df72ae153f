"""Rules: JAX APIs the installed JAX no longer has."""

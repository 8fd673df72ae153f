"""Rules: JAX arrays and keys: item assignment, lists for arrays, dtypes, PRNG key reuse."""

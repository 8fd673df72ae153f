import jax

jax.config.update("jax_debug_key_reuse", True)


def first_positive(key, candidates):
    for c in candidates:
        return c + jax.random.uniform(key)
    return 0.0


print(first_positive(jax.random.key(0), [1.0, 2.0]))

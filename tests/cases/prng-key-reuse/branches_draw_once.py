import jax

jax.config.update("jax_debug_key_reuse", True)


def sample(key, gaussian):
    if gaussian:
        out = jax.random.normal(key, (2,))
    else:
        out = jax.random.uniform(key, (2,))
    return out


def pick(key, gaussian):
    return jax.random.normal(key, (2,)) if gaussian else jax.random.uniform(key, (2,))


print(sample(jax.random.key(0), True), sample(jax.random.key(0), False))
print(pick(jax.random.key(1), True))

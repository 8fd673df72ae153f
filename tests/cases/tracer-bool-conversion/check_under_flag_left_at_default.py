import jax
import jax.numpy as jnp


def normalized(probs, *, validate: bool = False):
    # Only a call that passes validate=True runs the check; under jit that call would
    # already fail on `if validate` itself (the flag is traced). Left out, it is skipped.
    if validate:
        if not jnp.allclose(probs.sum(), 1.0):
            raise ValueError("probabilities must sum to 1")
    return probs / probs.sum()


print(jax.jit(normalized)(jnp.array([0.2, 0.3, 0.5])))

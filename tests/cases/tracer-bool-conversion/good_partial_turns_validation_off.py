import functools
import jax
import jax.numpy as jnp


def energy(x, *, validate=True):
    if validate:  # the partial fixes it to False: the assert never runs
        assert jnp.all(x > 0), "positive"
    return jnp.sum(x)


ref_jit = jax.jit(functools.partial(energy, validate=False))
print(ref_jit(jnp.ones(3)))

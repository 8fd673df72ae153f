import jax
import jax.numpy as jnp

probe = {}


def model(x):
    y = jnp.exp(x)
    probe["y"] = y  # expect: JXE077
    return y


shape = jax.eval_shape(model, jnp.ones(4))
print(jnp.max(probe["y"]))

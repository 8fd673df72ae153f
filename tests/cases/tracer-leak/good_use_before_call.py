import jax
import jax.numpy as jnp

state = {"y": jnp.zeros(3)}


@jax.jit
def f(x):
    state["y"] = x * 2.0
    return x


print(state["y"] + 1.0)
f(jnp.ones(3))
print(state["y"].shape)

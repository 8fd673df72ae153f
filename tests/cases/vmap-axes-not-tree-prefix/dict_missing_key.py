import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(()), "scale": jnp.ones(())}


def predict(p, x):
    return (p["w"] * x + p["b"]) * p["scale"]


spec = {"w": None, "b": None}
print(jax.vmap(predict, in_axes=(spec, 0))(params, jnp.ones((5, 3))))  # expect: JXE115

import jax
import jax.numpy as jnp
import numpy as np


def external_energy(v):
    return np.asarray(np.sum(v ** 2), dtype=np.float32)


def loss(params, data):
    scaled = params["w"] * data
    energy = jax.pure_callback(external_energy, jax.ShapeDtypeStruct((), jnp.float32), scaled)  # expect: JXE138
    return energy + jnp.sum(params["b"])


params = {"w": jnp.ones(3), "b": jnp.zeros(2)}
step = jax.value_and_grad(loss)
print(step(params, jnp.arange(3.0)))

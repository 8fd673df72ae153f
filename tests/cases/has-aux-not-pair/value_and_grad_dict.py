import jax
import jax.numpy as jnp


def metrics(w):
    return {"loss": jnp.sum(w ** 2), "norm": jnp.linalg.norm(w)}


step = jax.value_and_grad(metrics, has_aux=True)  # expect: JXE023
(loss, aux), g = step(jnp.ones(2))
print(loss, aux, g)

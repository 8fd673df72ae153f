import jax
import jax.numpy as jnp


def loss(w):
    pred = jnp.sin(w)
    aux = {"pred": pred}
    return jnp.sum(pred ** 2), aux


g, aux = jax.grad(loss, has_aux=True)(jnp.ones(3))
print(aux["pred"] + 1.0)

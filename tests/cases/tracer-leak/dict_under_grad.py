import jax
import jax.numpy as jnp

stats = {}


def loss(w):
    pred = jnp.sin(w)
    stats["pred"] = pred  # expect: JXE077
    return jnp.sum(pred ** 2)


g = jax.grad(loss)(jnp.ones(3))
print(jnp.mean(stats["pred"]))

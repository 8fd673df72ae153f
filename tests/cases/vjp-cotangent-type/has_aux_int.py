import jax
import jax.numpy as jnp


def loss_with_stats(w):
    return jnp.mean(jnp.sin(w)), {"max": jnp.max(w)}


out, f_vjp, stats = jax.vjp(loss_with_stats, jnp.ones(3), has_aux=True)
print(f_vjp(1), stats)  # expect: JXE022

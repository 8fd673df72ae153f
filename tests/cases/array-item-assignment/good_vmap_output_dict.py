import jax
import jax.numpy as jnp


def stats(row):
    return {"mean": jnp.mean(row), "peak": jnp.max(row)}


table = jnp.arange(12.0).reshape(3, 4)
summary = jax.vmap(stats)(table)
summary["mean"] = summary["mean"] * 2
energies = jax.vmap(lambda r: jnp.sum(r ** 2))(table)
energies = energies.at[0].set(0.0)
print(summary, energies)

import jax
import jax.numpy as jnp


def single(key, n=3):
    pose = jnp.zeros((n, 3)).at[0].set(jax.random.normal(key, (3,)))
    return {"pose": pose, "scale": jnp.ones(n), "count": jnp.array(1)}


def repeated(key, n=3):
    return {"pose": jax.random.normal(key, (n, 3)), "scale": jnp.ones(n), "count": jnp.array(n)}


@jax.jit
def simulate(index, key):
    return jax.lax.switch(index, [single, repeated], key)


print(simulate(1, jax.random.key(0)))

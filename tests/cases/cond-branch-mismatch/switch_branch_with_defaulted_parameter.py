import jax
import jax.numpy as jnp


def single(key):
    return {"pose": jax.random.normal(key, (3,)), "scale": jnp.ones(())}


def repeated(key, n=3):
    return {"pose": jax.random.normal(key, (n, 3)), "scale": jnp.ones(n), "count": jnp.array(n)}


@jax.jit
def simulate(index, key):
    return jax.lax.switch(index, [single, repeated], key)  # expect: JXE095


print(simulate(1, jax.random.key(0)))

import jax
import jax.numpy as jnp


def hadamard(n):
    levels = jnp.log2(n)
    h = jnp.ones((1, 1))
    for _ in jnp.arange(levels):  # expect: JXE071
        h = jnp.block([[h, h], [h, -h]])
    return h / jnp.sqrt(n)


@jax.jit
def transform(x):
    return hadamard(x.shape[0]) @ x


print(transform(jnp.ones((8, 3))))

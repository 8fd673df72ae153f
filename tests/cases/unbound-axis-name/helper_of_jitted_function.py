import jax
import jax.numpy as jnp


def normalise(x):
    count = jax.lax.psum(1.0, "rows")  # expect: JXE108
    total = jax.lax.psum(x, "rows")
    return x - total / count


@jax.jit
def prepare(batch):
    return normalise(batch) * 2.0


print(prepare(jnp.arange(6.0).reshape(3, 2)))

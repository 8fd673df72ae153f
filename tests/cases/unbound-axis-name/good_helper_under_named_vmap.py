import jax
import jax.numpy as jnp


def normalise(x):
    count = jax.lax.psum(1.0, "rows")
    total = jax.lax.psum(x, "rows")
    return x - total / count


def prepare(batch):
    return normalise(batch) * 2.0


print(jax.vmap(prepare, axis_name="rows")(jnp.arange(6.0).reshape(3, 2)))

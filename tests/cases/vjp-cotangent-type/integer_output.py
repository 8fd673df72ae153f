import jax
import jax.numpy as jnp


def bucket(x):
    return jnp.round(x).astype(jnp.int32)


out, f_vjp = jax.vjp(bucket, jnp.float32(2.3))
print(f_vjp(1))  # an integer output: JAX accepts an int cotangent of its shape

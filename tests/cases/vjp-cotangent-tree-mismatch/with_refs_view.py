import jax
import jax.numpy as jnp


def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


out, f_vjp = jax.vjp(sin_cos, jnp.float32(0.5))
ref = jax.new_ref(jnp.float32(0.0))
f_vjp.with_refs(ref)(jnp.float32(1.0))  # expect: JXE021
print(ref[...])

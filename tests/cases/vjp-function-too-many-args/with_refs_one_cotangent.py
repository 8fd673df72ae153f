import jax
import jax.numpy as jnp


def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


out, f_vjp = jax.vjp(sin_cos, 0.5)
print(f_vjp.with_refs(jax.ad.GradValue())((1.0, 1.0)))

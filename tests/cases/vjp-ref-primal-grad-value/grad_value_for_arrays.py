import jax
import jax.numpy as jnp

x = jnp.ones(3)
y = jnp.arange(3.0)
out, f_vjp = jax.vjp(lambda a, b: jnp.sum(a * b), x, y)
print(f_vjp.with_refs(jax.ad.GradValue(), jax.ad.GradValue())(1.0))

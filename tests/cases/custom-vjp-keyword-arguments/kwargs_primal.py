import jax
import jax.numpy as jnp


def _norm(x, **options):
    return jnp.sqrt(jnp.sum(x * x) + options.get("eps", 0.0))


norm = jax.custom_vjp(_norm)
norm.defvjp(lambda x, **options: (_norm(x), x), lambda x, g: (g * x / _norm(x),))
print(jax.grad(lambda v: norm(v, eps=1e-6))(jnp.ones(3)))  # expect: JXE053

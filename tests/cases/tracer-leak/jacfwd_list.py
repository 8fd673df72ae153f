import jax
import jax.numpy as jnp

kept = []


def f(x):
    y = jnp.sin(x)
    kept.append(y)  # expect: JXE077
    return y * x


jac = jax.jacfwd(f)(jnp.ones(2))
print(kept[-1] * 2.0)

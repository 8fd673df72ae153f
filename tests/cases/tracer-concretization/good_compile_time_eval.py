import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    with jax.ensure_compile_time_eval():
        n = int(jnp.sum(jnp.ones(3)))
    try:
        k = int(x)
    except jax.errors.ConcretizationTypeError:
        k = 1
    return x * jnp.arange(n).sum() * k


print(f(2.0))

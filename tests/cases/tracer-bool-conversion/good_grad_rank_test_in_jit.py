import jax
import jax.numpy as jnp


def shape_aware(x):
    if x.ndim > 1:
        return jnp.sum(x ** 2)
    return jnp.sum(x)


grad_fn = jax.grad(shape_aware)


@jax.jit
def apply(x):
    # Only the rank is tested: it is known while tracing.
    return grad_fn(x)


print(apply(jnp.ones((2, 2))), grad_fn(jnp.ones(3)))

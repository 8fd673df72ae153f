import jax
import jax.numpy as jnp


def integrate(xs):
    total = 0.0

    def body(carry, x):
        nonlocal total
        total = total + jnp.sin(x)  # expect: JXE077
        return carry + 1, None

    jax.lax.scan(body, 0, xs)
    return jnp.sqrt(total)


print(integrate(jnp.arange(3.0)))

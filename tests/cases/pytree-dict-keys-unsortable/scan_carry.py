import jax
import jax.numpy as jnp


def body(carry, x):
    return {0: carry[0] + x, "total": carry["total"] + x}, x


carry = {0: jnp.zeros(()), "total": jnp.zeros(())}
final, _ = jax.lax.scan(body, carry, jnp.arange(3.0))  # expect: JXE146
print(final)

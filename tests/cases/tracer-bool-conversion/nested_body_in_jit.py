import jax
import jax.numpy as jnp


@jax.jit
def count_up(x, limit):
    def body(carry, _):
        if carry < limit:  # expect: JXE070
            carry = carry + 1.0
        return carry, None

    final, _ = jax.lax.scan(body, x, None, length=3)
    return final


print(count_up(jnp.float32(0.0), 2.0))

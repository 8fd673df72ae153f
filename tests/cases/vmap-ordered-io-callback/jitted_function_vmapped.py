import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

rng = np.random.default_rng(0)


def host_noise(x):
    return rng.uniform(size=x.shape).astype(x.dtype)


@jax.jit
def noisy(x):
    # vmap traces the body of a jitted function: the operand of the callback is batched.
    return io_callback(host_noise, x, x, ordered=True)  # expect: JXE141


x = jnp.zeros(5)
print(noisy(x))
print(jax.vmap(noisy)(x))

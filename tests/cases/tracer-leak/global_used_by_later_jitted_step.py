import jax
import jax.numpy as jnp

context = 0.0


@jax.jit
def encode(x):
    global context
    context = jnp.tanh(x)  # expect: JXE077
    return x * 2.0


@jax.jit
def decode(y):
    return y + context


encoded = encode(jnp.ones(3))
print(decode(encoded))

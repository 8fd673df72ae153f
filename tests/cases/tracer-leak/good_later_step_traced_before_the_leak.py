import jax
import jax.numpy as jnp

context = 0.0


@jax.jit
def encode(x):
    global context
    context = jnp.tanh(x)
    return x * 2.0


@jax.jit
def decode(y):
    return y + context


print(decode(jnp.ones(3)))  # traced here, with context = 0.0: jit keeps that trace
encoded = encode(jnp.ones(3))
print(decode(encoded))  # the same shapes: not traced again, the leak is never read

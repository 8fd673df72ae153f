import jax
import jax.numpy as jnp


@jax.jit
def standardize(inputs, axis=(0,), eps=1e-6):
    mean = jnp.mean(inputs, axis=axis, keepdims=True)  # expect: JXE073
    return (inputs - mean) / (inputs.std() + eps)


print(standardize(jnp.ones((8, 4)), axis=(0,)))

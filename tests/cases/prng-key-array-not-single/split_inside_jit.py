import jax
import jax.numpy as jnp


@jax.jit
def sample_tokens(key, logits):
    keys = jax.random.split(key, logits.shape[0])
    return jax.random.categorical(keys, logits)  # expect: JXE128


print(sample_tokens(jax.random.key(0), jnp.zeros((4, 10))))

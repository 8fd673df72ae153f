import jax
import jax.numpy as jnp


def attention_weights(scores):
    return jax.nn.softmax(scores, dim=-1)  # expect: JXE169


print(attention_weights(jnp.arange(6.0).reshape(2, 3)))

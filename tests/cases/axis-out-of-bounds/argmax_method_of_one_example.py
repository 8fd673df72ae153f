import jax
import jax.numpy as jnp

layer = jax.random.normal(jax.random.key(0), (5, 3))


def predict(features):
    logits = features @ layer
    return logits.argmax(axis=1)  # expect: JXE162


print(predict(jnp.ones(5)))

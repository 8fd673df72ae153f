import jax
import jax.numpy as jnp

# A name read only where the code tests for it, or after the file sets it itself.
if hasattr(jnp, "softmax"):
    print(jnp.softmax(jnp.ones(3)))
try:
    from jax.numpy import logsumexp
except ImportError:
    from jax.scipy.special import logsumexp
print(logsumexp(jnp.ones(3)))
jnp.sigmoid = jax.nn.sigmoid
print(jnp.sigmoid(jnp.zeros(2)))


class Config:
    softmax = staticmethod(jax.nn.softmax)


jnp2 = Config()
print(jnp2.softmax(jnp.ones(2)))

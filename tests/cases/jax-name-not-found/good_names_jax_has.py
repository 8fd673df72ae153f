import jax
import jax.numpy as jnp
import jax.scipy.special as jss
from jax import lax
from jax.nn import softmax

logits = jnp.arange(6.0).reshape(2, 3)
print(jax.nn.softmax(logits, axis=-1), softmax(logits), jss.logsumexp(logits))
print(jax.random.normal(jax.random.key(0), (2,)), jnp.linalg.norm(logits), jnp.fft.fft(logits).shape)
print(lax.scan(lambda c, x: (c + x, c), 0.0, jnp.arange(3.0))[0], jax.tree.map(lambda v: v, {"a": 1}))
print(jnp.float32, jnp.pi, jnp.newaxis, jax.Array, jax.numpy.ndarray, jax.__version__ is not None)

import jax
import jax.numpy as jnp

try:
    from jax.experimental import host_callback
except ImportError:
    host_callback = None

try:
    tree_map = jax.tree_map
except AttributeError:
    tree_map = jax.tree.map

print(host_callback, tree_map(lambda x: x + 1, [jnp.ones(2)]))

try:
    from jax import enable_x64  # JAX 0.8 and newer
except ImportError:
    from jax.experimental import enable_x64  # the fallback never runs here
print(enable_x64)

import jax
import jax.numpy as jnp

# three graphs packed into one batch: node -> graph id
node_graph = jnp.array([0, 0, 1, 1, 1, 2])
features = jnp.arange(12.0).reshape(6, 2)


def readout(h):
    return jax.ops.segment_sum(h, node_graph)  # expect: JXE071


@jax.jit
def loss(w, h):
    return jnp.sum(readout(jnp.tanh(h @ w)) ** 2)


print(jax.grad(loss)(jnp.eye(2), features))

import jax
import jax.numpy as jnp

node_graph = jnp.array([0, 0, 1, 1, 1, 2])
features = jnp.arange(12.0).reshape(6, 2)


def readout(h):
    return jax.ops.segment_sum(h, node_graph, num_segments=3)


@jax.jit
def loss(w, h):
    return jnp.sum(readout(jnp.tanh(h @ w)) ** 2)


# outside any staging transformation the ids are concrete: the count is computed
print(jax.ops.segment_sum(features, node_graph))
print(jax.grad(lambda w: jnp.sum(jax.ops.segment_sum(features @ w, node_graph)))(jnp.eye(2)))
print(jax.grad(loss)(jnp.eye(2), features))

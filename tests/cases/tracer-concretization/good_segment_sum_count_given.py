from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames="num_graphs")
def pool(node_features, graph_ids, num_graphs):
    return jax.ops.segment_sum(node_features, graph_ids, num_graphs)


@jax.jit
def pool_fixed(node_features):
    ids = np.array([0, 0, 1, 1])
    return jax.ops.segment_max(node_features, ids, num_segments=2)


features = jnp.ones((4, 3))
print(pool(features, jnp.array([0, 0, 1, 1]), num_graphs=2), pool_fixed(features))
print(jax.ops.segment_sum(features, jnp.array([0, 1, 1, 1])))  # outside jit: concrete

import jax
import jax.numpy as jnp


@jax.jit
def pool(node_features, graph_ids):
    return jax.ops.segment_sum(node_features, graph_ids)  # expect: JXE071


print(pool(jnp.ones((4, 3)), jnp.array([0, 0, 1, 1])))

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:1]), ("data",))


def damped(state, damping):
    return state * (1.0 - damping)


step = jax.shard_map(damped, mesh=mesh, in_specs=(P("data"), P()), out_specs=P("data"))
print(step(jnp.ones(8), 0.05))

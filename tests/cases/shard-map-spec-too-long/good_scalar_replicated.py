import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:1]), ("batch",))


def sgd_step(params, grads, step_size):
    return params - step_size * grads


update = jax.shard_map(sgd_step, mesh=mesh, in_specs=(P("batch"), P("batch"), P()),
                       out_specs=P("batch"))
print(update(jnp.ones(4), jnp.ones(4), 0.1))

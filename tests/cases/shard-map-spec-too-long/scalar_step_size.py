import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((1,), ("batch",))


def sgd_step(params, grads, step_size):
    return params - step_size * grads


update = jax.shard_map(sgd_step, mesh=mesh, in_specs=(P("batch"), P("batch"), P("batch")),
                       out_specs=P("batch"))
print(update(jnp.ones(4), jnp.ones(4), 0.1))  # expect: JXE160

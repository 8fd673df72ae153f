import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((1,), ("x",))


def total(block):
    return lax.psum(block, "x")


print(jax.shard_map(total, mesh=mesh, in_specs=P("x"), out_specs=P())(jnp.ones(4)))

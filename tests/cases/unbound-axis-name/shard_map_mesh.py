import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((1,), ("x",))


def total(block):
    return lax.psum(block, "x")


data = jax.device_put(jnp.ones(4), NamedSharding(mesh, P("x")))
print(jax.shard_map(total, mesh=mesh, in_specs=P("x"), out_specs=P())(data))

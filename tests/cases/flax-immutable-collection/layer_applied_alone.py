import jax
import jax.numpy as jnp
import flax.linen as nn

bn = nn.BatchNorm(use_running_average=False)
x = jnp.ones((2, 3))
variables = bn.init(jax.random.key(0), x)
print(bn.apply(variables, x))  # expect: JXE151

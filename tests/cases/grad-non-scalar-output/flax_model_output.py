import flax.linen as nn
import jax
import jax.numpy as jnp


class Potential(nn.Module):
    @nn.compact
    def __call__(self, q):
        h = nn.tanh(nn.Dense(32)(q))
        return nn.Dense(1)(h)


model = Potential()
q = jnp.ones(3)
variables = model.init(jax.random.key(0), q)
force = jax.grad(lambda x: model.apply(variables, x))(q)  # expect: JXE091
print(force)

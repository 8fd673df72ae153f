import flax.linen as nn
import jax
import jax.numpy as jnp


class Gate(nn.Module):
    features: int = 3

    @nn.compact
    def __call__(self, x, scale=1.0):
        if jnp.abs(x).max() > 10.0:  # expect: JXE070
            x = x / 10.0
        return nn.Dense(self.features)(x) * scale


model = Gate()
x = jnp.ones((2, 4))
variables = model.init(jax.random.key(0), x)
forward = jax.jit(model.apply)
print(forward(variables, x))

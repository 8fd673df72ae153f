import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train):
        x = nn.Dense(4)(x)
        if train:
            x = nn.Dropout(0.1, deterministic=False)(x)
        return x

    def encode(self, x):
        return x * 2.0


class Scaled(nn.Module):
    @nn.compact
    def __call__(self, x):
        if x.sum() > 0:
            return nn.Dense(2)(x)
        return x

    @nn.compact
    def project(self, x):
        return nn.Dense(2, name="proj")(x)


model = Block()
x = jnp.ones((2, 4))
variables = model.init(jax.random.key(0), x, False)
forward = jax.jit(model.apply, static_argnums=2)
print(forward(variables, x, False))

scaled = Scaled()
params = scaled.init(jax.random.key(1), x, method=Scaled.project)
project = jax.jit(scaled.apply, static_argnames="method")  # (another method runs: `__call__` is not traced)
print(project(params, x, method=Scaled.project))
print(scaled.apply(scaled.init(jax.random.key(2), x), x))

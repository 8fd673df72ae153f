import flax.linen as nn
import jax
import jax.numpy as jnp


class Potential(nn.Module):
    @nn.compact
    def __call__(self, q):
        h = nn.tanh(nn.Dense(32)(q))
        return nn.Dense(1)(h)


class Scalar(nn.Module):
    @nn.compact
    def __call__(self, q):
        return jnp.sum(nn.Dense(1)(q))


model = Potential()
q = jnp.ones(3)
variables = model.init(jax.random.key(0), q)
print(jax.grad(lambda x: model.apply(variables, x)[0])(q))
print(jax.grad(lambda x: model.apply(variables, x).sum())(q))
scalar = Scalar()
print(jax.grad(lambda x: scalar.apply(scalar.init(jax.random.key(1), q), x))(q))

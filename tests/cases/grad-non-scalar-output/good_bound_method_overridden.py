import jax
import jax.numpy as jnp


class Base:
    def loss(self, w, x):
        pred = x @ w
        return jnp.mean(pred ** 2), pred


class Scalar(Base):
    def loss(self, w, x):
        return jnp.mean((x @ w) ** 2)


def make(kind):
    return Scalar() if kind else Base()


model = Scalar()
grads = jax.grad(model.loss)(jnp.ones(3), jnp.ones((2, 3)))

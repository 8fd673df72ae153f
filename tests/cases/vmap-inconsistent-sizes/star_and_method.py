import jax
import jax.numpy as jnp


class Model:
    def __init__(self):
        self.w = jnp.ones(3)

    def apply(self, x):
        return self.w * x

    def batched(self, xs):
        return jax.vmap(self.apply)(xs)


args = (jnp.ones(3), jnp.ones(3))
print(jax.vmap(lambda a, b: a + b)(*args))
print(Model().batched(jnp.ones((5, 3))))

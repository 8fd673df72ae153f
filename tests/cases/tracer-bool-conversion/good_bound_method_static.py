import jax
import jax.numpy as jnp


class Trainer:
    def step(self, x, flag):
        if flag:
            return x * 2
        return x

    def run(self, x):
        return jax.jit(self.step, static_argnums=1)(x, True)


print(Trainer().run(jnp.ones(3)))

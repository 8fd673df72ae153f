from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp


class Model(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.features)(x)


model = Model(3)
batch = jnp.ones((8, 4))
params = model.init(jax.random.key(0), batch)["params"]


@partial(jax.jit, static_argnums=0)
def eval_step(model, params, batch):
    return model.apply({"params": params}, batch).sum()


def eval_model(model, params, batch):
    return float(eval_step(model, params, batch))


print(eval_model(model, params, batch))

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


@jax.jit
def eval_step(model, params, batch):
    return model.apply({"params": params}, batch).sum()


def eval_model(model, params, batch):
    loss = eval_step(model, params, batch)  # expect: JXE081
    return float(loss)


print(eval_model(model, params, batch))

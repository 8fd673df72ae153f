import jax
import jax.numpy as jnp
import flax.linen as nn


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, images, train: bool = False):
        x = nn.Conv(4, kernel_size=(3, 3))(images)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).reshape((images.shape[0], -1))
        return nn.Dense(10)(x)


model = ConvNet()
images = jnp.ones((2, 8, 8, 1))
variables = model.init(jax.random.key(0), images)
params = variables["params"]  # the optimizer's copy; the running statistics stay behind
logits = model.apply({"params": params}, images)  # expect: JXE152
print(logits.shape)

import flax.linen as nn
import jax
import jax.numpy as jnp


def hadamard_init(key, shape, dtype=jnp.float32):
    levels = jnp.log2(shape[0])
    h = jnp.ones((1, 1), dtype)
    for _ in jnp.arange(levels):  # expect: JXE071
        h = jnp.block([[h, h], [h, -h]])
    return h / jnp.sqrt(shape[0])


class Hadamard(nn.Module):
    size: int

    @nn.compact
    def __call__(self, x):
        kernel = self.param("kernel", hadamard_init, (self.size,))
        return x @ kernel


model = Hadamard(4)
x = jnp.ones((2, 4))
variables = {"params": {"kernel": jnp.eye(4)}}  # (loaded, say: flax still checks the initializer's shape)
print(jax.jit(model.apply)(variables, x))

import jax
import jax.numpy as jnp


def forward(x, mode):
    return jax.nn.relu(x) if mode == "train" else x


forward_jit = jax.jit(forward, static_argnums=1)
mode = "train"
print(forward_jit(jnp.ones(3), mode))
mode = 1.0
print(jax.jit(lambda x, m: x * m)(jnp.ones(3), mode))

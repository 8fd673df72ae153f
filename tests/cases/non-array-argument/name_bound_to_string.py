import jax
import jax.numpy as jnp


def forward(x, mode):
    return jax.nn.relu(x) if mode == "train" else x


forward_jit = jax.jit(forward)
mode = "train"
print(forward_jit(jnp.ones(3), mode))  # expect: JXE081

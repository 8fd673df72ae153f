import jax
import jax.numpy as jnp


def block(w, x, deterministic=None):
    h = jnp.tanh(x @ w)
    if deterministic:  # expect: JXE070
        return x + h
    return x + 0.9 * h


def forward(w, x, deterministic):
    remat_block = jax.checkpoint(block)
    for _ in range(2):
        x = remat_block(w, x, deterministic=deterministic)
    return x


@jax.jit
def loss(w, x):
    return jnp.mean(forward(w, x, deterministic=False) ** 2)


print(loss(jnp.eye(3), jnp.ones((2, 3))))

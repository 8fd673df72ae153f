import jax
import jax.numpy as jnp


def make_update(learning_rate, clip):
    def update(params, grads):
        if clip:  # (the factory's Python flag: not traced)
            norm = jnp.linalg.norm(grads)
            grads = jnp.where(norm > 1.0, grads / norm, grads)
        return params - learning_rate * grads

    return update


update = jax.jit(make_update(0.1, clip=True))
print(update(jnp.ones(3), jnp.full(3, 2.0)))

import jax
import jax.numpy as jnp


def make_update(learning_rate):
    def update(params, grads):
        if jnp.linalg.norm(grads) > 1.0:  # expect: JXE070
            grads = grads / jnp.linalg.norm(grads)
        return params - learning_rate * grads

    return update


update = jax.jit(make_update(0.1))
print(update(jnp.ones(3), jnp.full(3, 2.0)))

import jax
import jax.numpy as jnp

grads = jax.new_ref(jnp.zeros(3))


@jax.vmap
def per_example(x):
    grads.addupdate(x * jnp.ones(3))  # expect: JXE015
    return x


per_example(jnp.arange(2.0))

import jax
import jax.numpy as jnp


def loss(pair):
    return pair


value, aux = jax.value_and_grad(lambda p: loss((p.sum(), p)), has_aux=True)(jnp.ones(3))
print(value, aux)


def passthrough(x):
    return x


grads = jax.grad(passthrough, has_aux=True)
print(grads((1.0, 2.0)))

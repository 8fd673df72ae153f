import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.mean((x * w) ** 2)


print(jax.grad(loss)(jnp.ones(3), jnp.ones(3)))
print(jax.grad(lambda x: jnp.sum(x ** 2))(jnp.ones(3)))
print(jax.grad(lambda x: (x ** 2).sum())(jnp.ones(3)))
print(jax.grad(lambda x: x[0] * 2.0)(jnp.ones(3)))
print(jax.value_and_grad(lambda x: x @ x)(jnp.ones(3)))

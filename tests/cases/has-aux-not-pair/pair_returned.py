import jax
import jax.numpy as jnp


def loss(w, x):
    pred = x @ w
    return jnp.mean(pred ** 2), {"mean": jnp.mean(pred)}


w = jnp.ones(3)
x = jnp.ones((4, 3))
g, aux = jax.grad(loss, has_aux=True)(w, x)
(value, aux2), g2 = jax.value_and_grad(lambda v: (jnp.sum(v), [v]), has_aux=True)(w)
out, f_vjp, aux3 = jax.vjp(lambda v: [jnp.sin(v), None], w, has_aux=True)
print(g, aux, value, aux2, g2, out, aux3)

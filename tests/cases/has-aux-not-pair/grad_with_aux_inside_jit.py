import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
    logits = x @ params["w"] + params["b"]
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


grad_fn = jax.jit(jax.grad(loss_fn, has_aux=True))  # expect: JXE023

x, y = jnp.ones((8, 2)), jnp.ones(8)
params = {"w": jnp.zeros(2), "b": jnp.zeros(())}
grads, aux = grad_fn(params, x, y)
print(grads, aux)

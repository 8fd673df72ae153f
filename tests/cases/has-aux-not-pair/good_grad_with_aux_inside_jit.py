import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    return loss, jnp.mean((logits > 0) == y)


grad_fn = jax.jit(jax.grad(loss_fn, has_aux=True))

x, y = jnp.ones((8, 2)), jnp.ones(8)
params = {"w": jnp.zeros(2), "b": jnp.zeros(())}
grads, accuracy = grad_fn(params, x, y)
print(grads, accuracy)

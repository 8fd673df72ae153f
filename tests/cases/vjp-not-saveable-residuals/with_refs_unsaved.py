import jax
import jax.numpy as jnp


def project(a, b):
    return a @ b


a = jnp.ones((2, 3))
b = jnp.ones((3, 4))
out, f_vjp = jax.vjp(project, a, b, saveable_args=(False, True))
b_grad = jax.new_ref(jnp.zeros((3, 4)))
f_vjp.with_refs(jax.ad.DontWant(), b_grad)(jnp.ones((2, 4)))  # expect: JXE025
print(b_grad[...])

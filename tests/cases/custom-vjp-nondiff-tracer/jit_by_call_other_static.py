import jax
import jax.numpy as jnp


def _scaled_sin(scale, x):
    return scale * jnp.sin(x)


scaled_sin = jax.custom_vjp(_scaled_sin, nondiff_argnums=(0,))
scaled_sin.defvjp(lambda scale, x: (_scaled_sin(scale, x), x),
                  lambda scale, x, g: (scale * jnp.cos(x) * g,))


def loss(scale, x):
    return jnp.sum(scaled_sin(scale, x))  # expect: JXE050


grad_step = jax.jit(loss, static_argnames="x")
print(grad_step(2.0, 0.5))

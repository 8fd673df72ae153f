import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


@jax.custom_vjp
def soft_cos(x):
    return jnp.cos(x)


RULES = {
    soft_sin: (lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),)),
    soft_cos: (lambda x: (jnp.cos(x), x), lambda x, g: (-g * jnp.sin(x),)),
}
for function, (fwd, bwd) in RULES.items():
    function.defvjp(fwd, bwd)

print(jax.grad(soft_sin)(0.5), jax.grad(soft_cos)(0.5))

import jax
import jax.numpy as jnp


def forward(x):
    y = jnp.sin(x)
    return y, jnp.max(y), jnp.min(y)


out, f_vjp, aux = jax.vjp(forward, jnp.ones(3),
                          has_aux=True)  # expect: JXE023
print(out, aux)

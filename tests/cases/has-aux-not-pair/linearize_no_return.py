import jax
import jax.numpy as jnp


def forgot_return(x):
    jnp.sin(x)


out, f_jvp, aux = jax.linearize(forgot_return, 0.5, has_aux=True)  # expect: JXE023
print(out)

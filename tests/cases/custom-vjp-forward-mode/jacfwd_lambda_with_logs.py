from jax import jacfwd, custom_vjp
import jax.numpy as jnp


@custom_vjp
def scaled(x, w):
    return x * w


scaled.defvjp_with_logs(lambda x, w: (x * w, (x, w)),
                        lambda res, g: ((g * res[1], g * res[0]), None))
print(jacfwd(lambda a: scaled(a, 2.0) + 1.0)(jnp.ones(2)))  # expect: JXE054

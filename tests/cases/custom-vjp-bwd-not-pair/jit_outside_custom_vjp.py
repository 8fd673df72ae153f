# case: static — `jax.jit` wraps the custom_vjp: `defvjp_with_logs` is not a custom_vjp's method there

import jax
@jax.jit
@jax.custom_vjp
def f(x):
    return x
f.defvjp_with_logs(lambda x: (x, None), lambda r, g: ((g,), [g]))

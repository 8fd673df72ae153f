import jax
import jax.numpy as jnp


@jax.custom_vjp
def step(x):
    return jnp.multiply(x, 0.5)


def step_fwd(x):
    return None, x  # expect: JXE043


def step_bwd(x, g):
    return (g * 0.5,), None


step.defvjp_with_logs(step_fwd, step_bwd)


def body(c, _):
    return step(c), c


print(jax.grad(lambda c: jax.lax.scan(body, c, None, length=2)[0])(1.0))

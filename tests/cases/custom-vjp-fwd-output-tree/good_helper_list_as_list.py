import jax
import jax.numpy as jnp


def _scores(x, bias):
    logits = x @ x.T + bias
    top = logits.max(axis=-1, keepdims=True)
    return [jnp.exp(logits - top) @ x, top]


@jax.custom_vjp
def attend(x, bias):
    return _scores(x, bias)


def attend_fwd(x, bias):
    out, top = _scores(x, bias)
    return [out, top], (x, bias)


def attend_bwd(res, cts):
    x, bias = res
    _, pullback = jax.vjp(lambda a, b: _scores(a, b)[0], x, bias)
    return pullback(cts[0])


attend.defvjp(attend_fwd, attend_bwd)


@jax.checkpoint
def block(x, bias):
    out, _ = attend(x, bias)
    return jnp.sum(out ** 2)


x = jnp.ones((3, 2))
print(jax.grad(block)(x, jnp.zeros((3, 3))))

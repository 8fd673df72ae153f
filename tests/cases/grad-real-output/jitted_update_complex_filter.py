import jax
import jax.numpy as jnp


def framed(signal, width):
    return jnp.stack([jnp.roll(signal, s) for s in range(width)], 1).astype(jnp.complex64)


def residual(taps, frames, wanted):
    err = frames @ taps - wanted
    return jnp.mean(err ** 2)


@jax.jit
def update(taps, frames, wanted):
    return taps - 0.1 * jnp.conj(jax.grad(residual)(taps, frames, wanted))  # expect: JXE136


signal = jnp.exp(1j * jnp.linspace(0.0, 6.0, 32)).astype(jnp.complex64)
frames = framed(signal, 3)
taps = jnp.zeros(3, jnp.complex64)
for _ in range(5):
    taps = update(taps, frames, signal)
print(taps)

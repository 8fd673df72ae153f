import jax
import jax.numpy as jnp


def response(kernel, signal):
    spectrum = kernel @ signal
    gain = jnp.sum(jnp.conj(signal) * spectrum, axis=0, keepdims=True)
    return gain, spectrum


@jax.jit
def settle(kernel, signal, tol=1e-4):
    def unsettled(state):
        step, _, _, change = state
        return (step < 50) & (change > tol)

    def refine(state):
        step, current, _, _ = state
        gain, spectrum = response(kernel, current)
        updated = spectrum / jnp.linalg.norm(spectrum, axis=0, keepdims=True)
        return step + 1, updated, gain, jnp.linalg.norm(updated - current)

    start = (0, signal / jnp.linalg.norm(signal), jnp.zeros((1, 1), jnp.complex64), jnp.inf)
    return jax.lax.while_loop(unsettled, refine, start)


phases = jnp.exp(1j * jnp.linspace(0.0, 1.0, 16)).reshape(4, 4).astype(jnp.complex64)
kernel = phases @ phases.conj().T + 4.0 * jnp.eye(4, dtype=jnp.complex64)
print(settle(kernel, jnp.ones((4, 1), jnp.complex64))[2])

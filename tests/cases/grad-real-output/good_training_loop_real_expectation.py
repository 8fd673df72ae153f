import jax
import jax.numpy as jnp

PAULI_Z = jnp.array([[1, 0], [0, -1]], dtype=jnp.complex64)


def rotation(angle):
    c, s = jnp.cos(angle / 2), jnp.sin(angle / 2)
    return jnp.array([[c, -s], [s, c]]).astype(jnp.complex64)


def expectation(angles):
    start = jnp.zeros(4, jnp.complex64).at[0].set(1.0)
    state = jnp.kron(rotation(angles[0]), rotation(angles[1])) @ start
    return jnp.real(jnp.vdot(state, jnp.kron(PAULI_Z, PAULI_Z) @ state))


angles = jnp.array([0.3, 0.6])
for step in range(10):
    value, slope = jax.value_and_grad(expectation)(angles)
    angles = angles - 0.1 * slope
print(angles)

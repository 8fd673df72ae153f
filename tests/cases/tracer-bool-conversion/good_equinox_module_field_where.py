import equinox as eqx
import jax
import jax.numpy as jnp


class Orbit(eqx.Module):
    inclination: jax.Array
    amplitude: jax.Array

    def projection(self):
        return jnp.where(self.inclination != jnp.pi / 2, jnp.cos(self.inclination), 1.0)


def light_curve(orbit, phases):
    return orbit.amplitude * (1.0 + orbit.projection() * jnp.sin(phases))


@jax.jit
def loss(orbit, phases):
    return jnp.sum(light_curve(orbit, phases) ** 2)


orbit = Orbit(inclination=jnp.array(1.2), amplitude=jnp.array(2.0))
print(loss(orbit, jnp.linspace(0.0, 6.0, 16)))

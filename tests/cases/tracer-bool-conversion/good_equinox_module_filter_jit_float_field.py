import equinox as eqx
import jax
import jax.numpy as jnp


class Orbit(eqx.Module):
    inclination: float
    amplitude: jax.Array

    def projection(self):
        if self.inclination != jnp.pi / 2:
            return jnp.cos(jnp.asarray(self.inclination))
        return jnp.ones(())


def light_curve(orbit, phases):
    return orbit.amplitude * (1.0 + orbit.projection() * jnp.sin(phases))


@eqx.filter_jit
def loss(orbit, phases):
    return jnp.sum(light_curve(orbit, phases) ** 2)


orbit = Orbit(inclination=1.2, amplitude=jnp.array(2.0))
print(loss(orbit, jnp.linspace(0.0, 6.0, 16)))

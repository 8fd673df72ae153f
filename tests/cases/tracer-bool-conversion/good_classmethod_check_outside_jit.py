import equinox as eqx
import jax
import jax.numpy as jnp


class Diagonal(eqx.Module):
    matrix: jax.Array

    @classmethod
    def from_scales(cls, scales):
        scales = jnp.asarray(scales)
        if bool(jnp.any(scales == 0)):
            raise ValueError("a scale of zero cannot be inverted")
        return cls(jnp.diag(scales))

    @staticmethod
    def checked(scales):
        return eqx.error_if(scales, scales == 0, "a scale of zero cannot be inverted")

    def __call__(self, x):
        return self.matrix @ x


@eqx.filter_jit
def stretch(transform, points):
    return jax.vmap(transform)(points)


@eqx.filter_jit
def stretch_checked(scales, points):
    transform = Diagonal(jnp.diag(Diagonal.checked(scales)))
    return jax.vmap(transform)(points)


print(stretch(Diagonal.from_scales(jnp.array([2.0, 0.5])), jnp.ones((4, 2))))
print(stretch_checked(jnp.array([2.0, 0.5]), jnp.ones((4, 2))))

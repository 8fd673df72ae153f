import equinox as eqx
import jax
import jax.numpy as jnp


class Diagonal(eqx.Module):
    matrix: jax.Array

    @classmethod
    def from_scales(cls, scales):
        scales = jnp.asarray(scales)
        if bool(jnp.any(scales == 0)):  # expect: JXE070
            raise ValueError("a scale of zero cannot be inverted")
        return cls(jnp.diag(scales))

    def __call__(self, x):
        return self.matrix @ x


@eqx.filter_jit
def stretch(scales, points):
    transform = Diagonal.from_scales(scales)
    return jax.vmap(transform)(points)


print(stretch(jnp.array([2.0, 0.5]), jnp.ones((4, 2))))

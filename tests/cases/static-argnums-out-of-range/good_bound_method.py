import jax


class Model:
    def apply(self, x, n):
        return x * n


model = Model()
print(jax.jit(model.apply, static_argnums=1)(2.0, 3))
print(jax.jit(Model.apply, static_argnums=(0, 2))(model, 2.0, 3))

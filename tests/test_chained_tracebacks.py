"""A chained traceback is explained by the exception raised last, when its text is whole."""

from jaxerr_lsp.app.entry_lookup import entry_for_error_text
from jaxerr_lsp.errors.catalog import load_catalog

CATALOG = load_catalog()

CAUSE = """Traceback (most recent call last):
  File "model.py", line 9, in forward
    return layer(y)
jax.errors.UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX \
had a side effect, allowing for a reference to an intermediate value with type float32[4,4] \
wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
JAX transformations require that functions explicitly return their outputs, and disallow saving \
intermediate values to global state.
The function being traced when the value leaked was forward at model.py:7 traced for jit.
------------------------------
The leaked intermediate value was created on line model.py:8:8 (forward).
------------------------------
When the value was created, the final 1 stack frames (most recent last) excluding JAX-internal \
frames were:
------------------------------
model.py:8:8 (forward)
------------------------------

To catch the leak earlier, try setting the environment variable JAX_CHECK_TRACER_LEAKS or using \
the `jax.checking_leaks` context manager.
See https://docs.jax.dev/en/latest/101/errors.html#jax.errors.UnexpectedTracerError
"""

HAIKU = """
The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "model.py", line 13, in <module>
    params = model.init(jax.random.key(0), jnp.ones((2, 4)))
jax.errors.UnexpectedTracerError: An UnexpectedTracerError was raised while inside a Haiku \
transformed function (see error above).
Hint: are you using a JAX transform or JAX control-flow function (jax.vmap/jax.lax.scan/...) \
inside a Haiku transform? You might want to use the Haiku version of the transform instead \
(hk.vmap/hk.scan/...).
See https://dm-haiku.readthedocs.io/en/latest/notebooks/transforms.html on why you can't use \
JAX transforms inside a Haiku module.
"""


def test_the_last_exception_is_explained():
    assert entry_for_error_text(CATALOG, CAUSE).id == "tracer-leak"
    assert entry_for_error_text(CATALOG, CAUSE + HAIKU).id == "haiku-unexpected-tracer"


def test_a_last_exception_no_template_matches_leaves_the_whole_text():
    wrapped = CAUSE + ("\nThe above exception was the direct cause of the following exception:\n\n"
                       "Traceback (most recent call last):\n  File \"run.py\", line 3, in <module>\n"
                       "RuntimeError: training failed\n")
    assert entry_for_error_text(CATALOG, wrapped).id == "tracer-leak"

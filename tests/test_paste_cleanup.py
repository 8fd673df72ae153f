"""Pasted errors are recognized through their decorations (jaxerr_lsp.errors.paste_cleanup and the
matcher): pytest's `E   `, Markdown quotes and fences, rich boxes, escaped newlines, IPython
frames, traceback wrappers; a paste naming only a JAX exception class; ties (no JAX)."""

from __future__ import annotations

import pytest

from jaxerr_lsp.app.entry_lookup import NoMatchingEntry, entry_for_error_text
from jaxerr_lsp.errors.catalog import Catalog, load_catalog
from jaxerr_lsp.errors.paste_cleanup import clean, exception_names

# JAX 0.12's message for `x[0] = 1` (array-item-assignment), as Python prints it.
SETITEM = ("TypeError: JAX arrays are immutable and do not support in-place item assignment. "
           "Instead of x[idx] = y, use x = x.at[idx].set(y) or another .at[] method: "
           "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html")
# A multi-line message whose template has fixed text on several lines (loop-carry-mismatch).
CARRY = """TypeError: scan body function carry input and carry output must have equal types, but they differ:

The input carry total has type int32[3] but the corresponding output carry component has type float32[3], so the dtypes do not match.

Revise the function so that all output types match the corresponding input types."""


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _wrapped(text: str, width: int = 40) -> list[str]:
    """The text cut into lines of `width` characters, as an issue tracker or a terminal does."""
    return [line[i:i + width] or "" for line in text.split("\n")
            for i in range(0, max(len(line), 1), width)]


def decorations(message: str) -> dict[str, str]:
    lines = message.split("\n")
    return {
        "pytest": "\n".join(["    def test_it():", ">       step(x)", ""]
                            + ["E       " + line for line in lines]
                            + ["", "tests/test_step.py:12: TypeError"]),
        "pytest-cut-lines": "\n".join("E   " + line for line in _wrapped(message)),
        "markdown-quote": "\n".join("> " + line for line in lines),
        "markdown-fence": "Here is what I get:\n```pytb\n" + message + "\n```\nAny idea?",
        "nested-quote-fence": "\n".join("> " + line for line in ["```"] + lines + ["```"]),
        "rich-box": "\n".join(["╭─────── Traceback (most recent call last) ───────╮",
                               "│ /content/train.py:17 in <module>              │"]
                              + [f"│ {line:<60} │" for line in lines]
                              + ["╰────────────────────────────────────────────────╯"]),
        "ipython": "\n".join([
            "---------------------------------------------------------------------------",
            "TypeError                                 Traceback (most recent call last)",
            "Cell In[3], line 1", "----> 1 step(x)", "",
            "    [... skipping hidden 12 frame]", "", message]),
        "filtered-wrappers": ("jax._src.traceback_util.UnfilteredStackTrace: " + message
                              + "\n\nThe stack trace below excludes JAX-internal frames.\n"
                              "The preceding is the original exception that occurred, "
                              "unmodified.\n\n--------------------"),
        "json-log": '{"name": "TypeError", "message": "' + message.replace("\n", "\\n") + '"}',
        "windows": message.replace("\n", "\r\n"),
        # Colors: ANSI escapes, and what is left of them when the escape character is lost.
        "terminal-colors": "\x1b[0;31m" + message.replace(" must ", " \x1b[1mmust\x1b[0m ")
                           .replace(" support ", " [1;31msupport[0m "),
        "html-entities": message.replace("'", "&#x27;").replace("<", "&lt;"),
    }


# JAX 0.4.x's wording of the same error (an older wording, with quotes in its fixed text).
SETITEM_04 = ("TypeError: '<class 'jaxlib.xla_extension.ArrayImpl'>' object does not support "
              "item assignment. JAX arrays are immutable. Instead of ``x[idx] = y``, use "
              "``x = x.at[idx].set(y)`` or another .at[] method: "
              "https://jax.readthedocs.io/en/latest/_autosummary/jax.numpy.ndarray.at.html")


@pytest.mark.parametrize("style", sorted(decorations("x")))
@pytest.mark.parametrize("message, entry_id", [(SETITEM, "array-item-assignment"),
                                               (SETITEM_04, "array-item-assignment"),
                                               (CARRY, "loop-carry-mismatch")])
def test_decorated_paste_is_recognized(catalog: Catalog, style: str, message: str,
                                       entry_id: str):
    text = decorations(message)[style]
    scored = catalog.match_scored(text)
    assert scored and scored[0].entry.id == entry_id
    assert scored[0].full, f"{style}: only a partial match"
    assert entry_for_error_text(catalog, text).id == entry_id


def test_decorations_break_matching_without_cleanup(catalog: Catalog):
    """The decorations matter: without `clean`, pytest's prefixes split the message's lines
    where the terminal cut them."""
    from jaxerr_lsp.errors import catalog as catalog_module
    text = decorations(CARRY)["pytest-cut-lines"]
    squashed = catalog_module._squash(text)
    patterns = catalog._patterns_for(catalog.get("loop-carry-mismatch"))
    assert not any(p.matches(squashed) for p in patterns)
    assert any(p.matches(catalog_module._squash(clean(text))) for p in patterns)


@pytest.mark.parametrize("line, expected", [
    ("E       TypeError: boom", "TypeError: boom"),
    ("E", ""),
    ("> > quoted twice", "quoted twice"),
    (">>> x[0] = 1", "x[0] = 1"),
    ("```python", ""),
    ("```", ""),
    ("~~~", ""),
    ("```TypeError: scan carry output and input", "TypeError : scan carry output and input"),
    ("│    731 │ code here  │", "    731 │ code here"),
    ("╰──────────────╯", ""),
    ("Error: keeps E inside", "Error: keeps E inside"),
    ("Every line that starts with E and a word stays", "Every line that starts with E and a word stays"),
])
def test_clean_line(line: str, expected: str):
    assert clean(line) == expected


def test_colors_and_entities_go():
    assert clean("\x1b[0;31mTypeError\x1b[0m: x") == "TypeError: x"
    assert clean("[0;31mTypeError[0m: x") == "TypeError: x"
    assert clean("got &lt;class &#x27;list&#x27;&gt;") == "got <class 'list'>"
    assert clean("x[0] + y[1]") == "x[0] + y[1]"  # indices are not colors


def test_escaped_newlines_only_in_one_line_messages():
    assert clean("a\\nb\\nc") == "a\nb\nc"
    # A real multi-line traceback keeps its backslashes (Windows paths, regexes).
    text = "line one C:\\new\\path\nline two\nline three"
    assert clean(text) == text


def test_exception_names():
    text = ("jax.errors.TracerBoolConversionError: Attempted ...\n"
            "NonConcreteBooleanIndexError              Traceback (most recent call last)\n"
            "During handling, TypeError: x")
    assert exception_names(text) == ["TracerBoolConversionError", "NonConcreteBooleanIndexError",
                                     "TypeError"]


def test_exception_class_alone_names_its_entry(catalog: Catalog):
    """IPython's header without the message (cut by the reporter) still names a class that JAX
    raises for one entry only."""
    text = ("---------------------------------------------------------------------------\n"
            "NonConcreteBooleanIndexError              Traceback (most recent call last)\n"
            "/tmp/ipykernel_5649/1841851383.py in <module>\n----> 7 result = solve(x)\n")
    scored = catalog.match_scored(text)
    assert [m.entry.id for m in scored] == ["traced-boolean-index"] and not scored[0].full
    assert entry_for_error_text(catalog, text).id == "traced-boolean-index"


@pytest.mark.parametrize("text", [
    # Python's own classes name no entry.
    "TypeError                 Traceback (most recent call last)\n----> 1 f(x)\n",
    # UnexpectedTracerError is raised for several entries (a leak, a custom_vjp nondiff
    # tracer, Haiku's hint): a message none of their templates match names none of them.
    "jax.errors.UnexpectedTracerError: the model's state was used outside its step.",
    # Two JAX classes of different entries.
    "TracerIntegerConversionError ... NonConcreteBooleanIndexError",
])
def test_exception_class_that_names_no_single_entry(catalog: Catalog, text: str):
    assert catalog.match_scored(text) == []
    with pytest.raises(NoMatchingEntry):
        entry_for_error_text(catalog, text)


def test_cut_message_shared_by_two_entries_is_not_a_guess(catalog: Catalog):
    """Cut where two entries' templates still read the same: both match as well, so `explain`
    names neither."""
    cut = ("TypeError: Custom VJP fwd rule f_fwd for function f must produce a pair (list or "
           "tuple of length two) where the first element represents the primal output (equal "
           "to the output of the custom_vjp-decorated func")
    scored = catalog.match_scored(cut)
    assert len(scored) >= 2 and scored[0].rank() == scored[1].rank()
    with pytest.raises(NoMatchingEntry, match="several catalog entries"):
        entry_for_error_text(catalog, cut)


@pytest.mark.parametrize(("cut", "entry_id"), [
    # Cut inside a literal, the exception named before it: half a fragment is enough.
    ("TypeError: scan body function carry input and carr", "loop-carry-mismatch"),
    ("  File \"t.py\", line 3, in f\n    return x - y\nTypeError: sub got incompatible shapes "
     "for broadcasting", "broadcast-incompatible-shapes"),
    # Cut inside a placeholder's value on the last line, after a whole fragment.
    ("ValueError: One of pjit outputs with pytree key path result was given the sharding of "
     "NamedSharding(mesh=Mesh('x': 4), spec=PartitionSpec('x',)), which implies that the "
     "global s", "sharding-not-divisible"),
])
def test_message_cut_at_the_end_of_the_paste_names_its_entry(catalog: Catalog, cut: str,
                                                            entry_id: str):
    scored = catalog.match_scored(cut)
    assert scored and not scored[0].full
    assert entry_for_error_text(catalog, cut).id == entry_id


@pytest.mark.parametrize("text", [
    # The template's start, but the paste goes on: not a cut message (and too short to be a
    # fragment of one).
    "TypeError: scan body function carry input and carry\nsomething else entirely",
    # Too little of the template, and no exception named before it.
    "scan body function carry input and carr",
    # NumPy's own wording shares the first words of JAX's reshape message, not its end.
    "ValueError: cannot reshape array of size 12 into shape (3,)",
])
def test_text_that_is_not_a_cut_message_names_nothing(catalog: Catalog, text: str):
    assert catalog.match_scored(text) == []


def test_more_specific_older_wording_wins_over_general_entry(catalog: Catalog):
    """JAX 0.4.1-0.4.13 raised ConcretizationTypeError for a traced `if`: its context line
    makes it the boolean-conversion entry, not the general concretization one."""
    text = ("jax._src.errors.ConcretizationTypeError: Abstract tracer value encountered where "
            "concrete value is expected: Traced<ShapedArray(bool[])>with<DynamicJaxprTrace("
            "level=1/0)>\nThe problem arose with the `bool` function. \nThe error occurred "
            "while tracing the function f at t.py:3 for jit.")
    scored = catalog.match_scored(text)
    assert [m.entry.id for m in scored][:2] == ["tracer-bool-conversion", "tracer-concretization"]
    assert scored[0].full and scored[0].older
    # The general entry for another function (`int`), as before.
    other = text.replace("`bool`", "`int`")
    assert entry_for_error_text(catalog, other).id == "tracer-concretization"


# JAX 0.4.x's message for np.asarray on a tracer, with the tracer repr of older releases.
NUMPY_CONVERSION = ("The numpy.ndarray conversion method __array__() was called on the JAX "
                    "Tracer object Traced<ShapedArray(float32[3])>with<DynamicJaxprTrace("
                    "level=1/0)>\nThe error occurred while tracing the function f at t.py:3 "
                    "for jit. This concrete value was not available in Python because it "
                    "depends on the value of the argument 'x'.")


@pytest.mark.parametrize("prefix", [
    "jax.errors.TracerArrayConversionError: ",
    "jax._src.errors.TracerArrayConversionError: ",
    "jax.core.TracerArrayConversionError: ",
    "FilteredStackTrace: jax._src.errors.TracerArrayConversionError: ",
    "jax._src.traceback_util.UnfilteredStackTrace: jax._src.errors.TracerArrayConversionError: ",
    "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Generated function failed: CpuCallback "
    "error: TracerArrayConversionError: ",
    "RuntimeError: INTERNAL: CpuCallback error: TracerArrayConversionError: ",
])
def test_class_paths_and_older_tracer_reprs(catalog: Catalog, prefix: str):
    text = prefix + NUMPY_CONVERSION
    scored = catalog.match_scored(text)
    assert scored[0].entry.id == "tracer-numpy-conversion" and scored[0].full
    assert entry_for_error_text(catalog, text).id == "tracer-numpy-conversion"


@pytest.mark.parametrize("paste", [
    # jaxlib until 2022 printed XLA statuses as TensorFlow did, the code in words.
    "RuntimeError: Resource exhausted: Out of memory while trying to allocate 24 bytes.",
    ("[1] 2019-06-13 01:17:08.886805: E external/org_tensorflow/tensorflow/compiler/xla/python/"
     "local_client.cc:672] Execution of replica 0 failed: Resource exhausted: Out \n"
     "of memory while trying to allocate 5520758552 bytes."),
])
def test_status_code_in_words_reads_as_its_name(catalog: Catalog, paste: str):
    assert "RESOURCE_EXHAUSTED: Out" in clean(paste)
    assert entry_for_error_text(catalog, paste).id == "device-out-of-memory"


def test_status_code_words_in_prose_stay():
    text = "An Internal: note, and Unknown backend: gpu"
    assert clean(text) == text


def test_message_quoted_in_prose_is_a_cut_paste(catalog: Catalog):
    """A message the reporter quoted, shortened, in a sentence: the quote ends the message."""
    text = ('I obtained the error "IndexError: Array boolean indices must be concrete" using '
            "Google Colab, with int64 indices.")
    assert entry_for_error_text(catalog, text).id == "traced-boolean-index"
    # Unquoted, the same words in the middle of a sentence are no cut message.
    assert catalog.match_scored(text.replace('"', "")) == []


def test_common_words_count_only_next_to_the_jax_call_they_need(catalog: Catalog):
    """flatten_up_to's "Expected list, got ..." is tree_map's error in a traceback showing the
    call, and nobody's alone (other libraries say it too)."""
    frame = ("File ~/env/lib/python3.11/site-packages/jax/_src/tree_util.py:243, in <listcomp>(.0)\n"
             "--> 243 all_leaves = [leaves] + [treedef.flatten_up_to(r) for r in rest]\n\n")
    message = "ValueError: Expected list, got (1, 2)."
    assert entry_for_error_text(catalog, frame + message).id == "tree-map-structure-mismatch"
    assert catalog.match_scored(message) == []

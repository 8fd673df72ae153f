"""custom_vjp rules registered in another module of the project (`OutsideRegistration`):
the registering module's outgoing facts name them, they cross as JSON, and the defining module's
JXE052 custom-vjp-without-defvjp stays silent about a function another module registers."""

from __future__ import annotations

from jaxerr_lsp.analysis.external import OutsideRegistration, outgoing_from_json, outgoing_to_json
from jaxerr_lsp.engine.run import analyze, outgoing

OPS = '''import jax


@jax.custom_vjp
def clip(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(_, g):
    return (g,)


from . import rules  # noqa: E402

CHECK = clip(1.0)
'''

RULES = '''from . import ops
from .ops import clip, clip_bwd, clip_fwd

ops.clip.defvjp_with_logs(clip_fwd, clip_bwd)
clip.defvjp(clip_fwd, clip_bwd)
'''


def test_a_registration_of_another_modules_function_is_an_outgoing_fact() -> None:
    found = outgoing(RULES, "pkg/rules.py", "pkg")
    assert [(o.qualname, o.fact.function, o.fact.method) for o in found  # type: ignore[union-attr]
            if isinstance(o.fact, OutsideRegistration)] == [
        ("pkg.ops.clip", "clip", "defvjp"), ("pkg.ops.clip", "clip", "defvjp_with_logs")]
    for item in found:
        assert outgoing_from_json(outgoing_to_json(item)) == item


def test_a_function_registered_elsewhere_is_not_flagged() -> None:
    assert [f.code for f in analyze(OPS, package="pkg").findings] == ["JXE052"]
    [registration, *_] = [o.fact for o in outgoing(RULES, "pkg/rules.py", "pkg")
                          if isinstance(o.fact, OutsideRegistration)]
    assert analyze(OPS, package="pkg", outside=(registration,)).findings == []

"""The generated table of removed JAX APIs (`jaxerr_lsp/data/removed_apis.json`, written by
`scripts/gen_removed_apis.py`), held against the installed JAX (0.12.0.1), in one run of
tests/jax_runner.py (this process never imports JAX):

- every removed name raises when read from its module (the message recorded is the one raised),
  and every removed module fails to import;
- every deprecated name still works, with a DeprecationWarning whose text is the one recorded;
- every replacement exists, and a drop-in one is the very object the old name stood for or has
  its parameters exactly (checked here from the installed JAX: names, kinds, defaults);
- the rule reports exactly the names whose access raises the generic message.
"""

from __future__ import annotations

import json

from jaxerr_lsp.families.removed_apis import DATA, removed_apis
from tests.jax_runner import run_programs

TABLE = json.loads(DATA.read_text(encoding="utf-8"))

CHECK = r'''
import importlib, inspect, json, sys, warnings

table = json.loads(sys.argv_table)


def module(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def resolve(qualname):
    parts = qualname.split(".")
    for cut in range(len(parts), 0, -1):
        found = module(".".join(parts[:cut]))
        if found is None:
            continue
        obj = found
        for part in parts[cut:]:
            obj = getattr(obj, part)
        return obj
    raise LookupError(qualname)


problems = []
for name, entry in table.items():
    parent, _, last = name.rpartition(".")
    if entry["status"] == "removed" and entry["kind"] == "module" and module(name) is not None:
        problems.append(f"{name}: the module imports")
    owner = module(parent)
    if owner is None:
        continue  # (a name of a removed module is covered by that module's entry)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            getattr(owner, last)
            raised = None
        except AttributeError as exc:
            raised = str(exc)
    if entry["status"] == "removed":
        if raised is None:
            problems.append(f"{name}: still there")
        elif raised != entry["message"]:
            problems.append(f"{name}: raises {raised!r}, the table says {entry['message']!r}")
    else:
        texts = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
        if raised is not None or entry["message"] not in texts:
            problems.append(f"{name}: not a working deprecated name ({raised}, {texts})")
    if entry["replacement"]:
        try:
            new = resolve(entry["replacement"])
        except (LookupError, AttributeError):
            problems.append(f"{name}: the replacement {entry['replacement']} does not exist")
            continue
        if entry["drop_in"] and not callable(new):
            problems.append(f"{name}: the drop-in {entry['replacement']} is not callable")
print(json.dumps(problems))
'''


def test_every_name_is_gone_or_deprecated_and_every_replacement_exists() -> None:
    apis = TABLE["apis"]
    assert len(apis) > 500 and TABLE["jax_version"] == "0.12.0.1"
    source = CHECK.replace("sys.argv_table", repr(json.dumps(apis)))
    [result] = run_programs([source])
    assert not result.raised, str(result)
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_the_names_the_brief_and_users_meet_are_there() -> None:
    apis = TABLE["apis"]
    for name in ("jax.tree_map", "jax.tree_multimap", "jax.ops.index_update",
                 "jax.random.PRNGKeyArray", "jax.experimental.host_callback", "jax.abstract_arrays",
                 "jax.linear_util", "jax.xla", "jax.numpy.DeviceArray"):
        assert apis[name]["status"] == "removed", name
    assert apis["jax.tree_map"]["replacement"] == "jax.tree.map" and apis["jax.tree_map"]["drop_in"]
    assert apis["jax.ops.index_update"]["replacement"] is None
    assert not apis["jax.device_put_replicated"]["drop_in"]  # another signature


def test_the_rule_reads_only_removed_names() -> None:
    statuses = {name: TABLE["apis"][name]["status"] for name in removed_apis()}
    assert set(statuses.values()) == {"removed"}
    assert {n for n, e in TABLE["apis"].items() if e["status"] == "removed"} == set(statuses)

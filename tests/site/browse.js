// Opens the built website from file:// in headless Chromium (Debian's /usr/bin/chromium, driven
// by playwright-core) and reports, one JSON line per check, for tests/test_docs_site.py:
//   RENDER {page, h1, text}                every page named in the job (laid out, no scripts)
//   SCRIPTS {page, errors}                 script errors of the pages opened with their scripts
//   SEARCH {query, expect, results}        a query typed into the search box, and its results
//   AXE {page, violations}                 axe-core's serious and critical violations
//   SHOT {page, path}                      a full-page screenshot
// Usage: node browse.js job.json   (job: {site, pages, searches, axe, screenshot, axePath})
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { chromium } = require('playwright-core');

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const url = (page) => pathToFileURL(path.join(job.site, page)).href;
const emit = (kind, value) => console.log(`${kind} ${JSON.stringify(value)}`);

async function open(page, name, waitUntil = 'load') {
  const errors = [];
  const onError = (e) => errors.push(String(e));
  const onConsole = (m) => { if (m.type() === 'error') errors.push(m.text()); };
  page.on('pageerror', onError);
  page.on('console', onConsole);
  await page.goto(url(name), { waitUntil });
  page.off('pageerror', onError);
  page.off('console', onConsole);
  return errors;
}

// One page for every query (each page load builds the search index anew).
async function search(page, query) {
  if (!page.url().endsWith('/index.html')) await open(page, 'index.html');
  const input = page.locator('input[data-md-component="search-query"]');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.focus();
  const items = page.locator('.md-search-result__item > a.md-search-result__link');
  if (await items.count()) {
    await input.fill('');
    await input.press('End');
    await items.first().waitFor({ state: 'detached', timeout: 10000 }).catch(() => {});
  }
  await input.fill(query);
  await input.press('End'); // the search reads the box on key up, as after a paste with the keyboard
  await items.first().waitFor({ state: 'attached', timeout: 20000 }).catch(() => {});
  return (await items.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).slice(0, 10);
}

async function axe(page) {
  await page.addScriptTag({ path: job.axePath });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    // preload: false — axe would fetch the stylesheets again with XMLHttpRequest, which file://
    // refuses; a request still in flight when the next page opens logs its error there.
    const r = await axe.run(document, { resultTypes: ['violations'], preload: false });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Nothing may leave the machine: a request to anything but file:// fails the page.
  await context.route(/^(?!file:)/, (route) => { emit('NETWORK', route.request().url()); return route.abort(); });
  const page = await context.newPage();
  try {
    const t0 = Date.now();
    // Every page as Chromium lays it out, without its scripts (each page's search would build
    // its index anew: a second per page); the pages below run them, and report script errors.
    const still = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    for (const name of job.pages) {
      await still.goto(url(name), { waitUntil: 'load' });
      const h1 = await still.locator('article h1').first().innerText().catch(() => '');
      const text = await still.locator('article').first().innerText().catch(() => '');
      emit('RENDER', { page: name, h1, text });
    }
    emit('TIME', { renders: (Date.now() - t0) / 1000 });
    emit('SCRIPTS', { page: 'index.html', errors: await open(page, 'index.html') });
    for (const { query, expect } of job.searches) {
      emit('SEARCH', { query, expect, results: await search(page, query) });
    }
    emit('TIME', { searches: (Date.now() - t0) / 1000 });
    for (const name of job.axe) {
      if (name === 'search') {
        await search(page, job.searches[0].query);
      } else {
        emit('SCRIPTS', { page: name, errors: await open(page, name) });
      }
      emit('AXE', { page: name, violations: await axe(page) });
    }
    if (job.screenshot) {
      await open(page, job.screenshot.page);
      await page.screenshot({ path: job.screenshot.path, fullPage: true });
      emit('SHOT', job.screenshot);
    }
    emit('TIME', { all: (Date.now() - t0) / 1000 });
    emit('DONE', true);
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });

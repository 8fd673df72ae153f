// Drive JupyterLab (with jupyterlab-lsp, starting jaxerr-lsp) in Debian's headless Chromium and
// report what a user sees in a notebook: the underlined range and the cell and line it is in, the
// diagnostic's tooltip on mouse-over, the LSP hover (mouse-over with Control held, jupyterlab-lsp's
// default).
// Prints `UI <json>` lines; screenshots go to SHOTS.
// Usage: LAB_URL=http://127.0.0.1:PORT NOTEBOOK=<path under the root> SHOTS=<dir>
//        EXPECT_HOVER=<text in the hover> EXPECT_MESSAGE=<text in the diagnostic>
//        SEVERITY=<error|warning: the underline waited for> node ui.js
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');

const shots = process.env.SHOTS;
fs.mkdirSync(shots, { recursive: true });
const t0 = Date.now();
const report = (key, value) => console.log(`UI ${JSON.stringify({ t: +((Date.now() - t0) / 1000).toFixed(1), [key]: value })}`);

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  let rc = 1;
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    page.on('pageerror', (e) => report('pageerror', e.message));
    // ?reset: no saved workspace layout; the notebook opens alone
    await page.goto(`${process.env.LAB_URL}/lab/tree/${process.env.NOTEBOOK}?reset`,
      { waitUntil: 'domcontentloaded', timeout: 60000 });
    // a code cell's editor (a rendered markdown cell hides its own, which may come first)
    await page.waitForSelector('.jp-Notebook .jp-CodeCell .cm-content', { timeout: 90000 });
    report('notebook', true);

    // the diagnostic: CodeMirror's lint underline, in the cell and on the line it belongs to
    const markClass = `.jp-Notebook .cm-lintRange-${process.env.SEVERITY || 'error'}`;
    const mark = page.locator(markClass).first();
    await mark.waitFor({ timeout: 90000 });
    report('diagnostic', await mark.evaluate((el) => {
      const cell = el.closest('.jp-Cell');
      const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
      const line = el.closest('.cm-line');
      const lines = [...cell.querySelectorAll('.cm-line')];
      return { text: el.textContent, cell: cells.indexOf(cell), line: lines.indexOf(line), lineText: line.textContent,
        count: document.querySelectorAll('.jp-Notebook [class*="cm-lintRange-"]').length };
    }));

    // mouse over the underline, then Control held (jupyterlab-lsp's hover key): the server's
    // textDocument/hover, and CodeMirror's tooltip with the diagnostic's message (source jaxerr)
    const box = await mark.boundingBox();
    await page.mouse.move(box.x + 1, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await page.waitForTimeout(1500);
    await page.keyboard.down('Control');
    await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2, { steps: 3 });
    let hover = '';
    try {
      await page.waitForSelector(`.lsp-hover >> text=${process.env.EXPECT_HOVER}`, { timeout: 30000 });
      hover = await page.locator('.lsp-hover').first().innerText();
    } catch (e) {
      report('hoverError', e.message.split('\n')[0]);
    }
    report('hover', hover);
    const tooltip = page.locator('.cm-tooltip-hover', { hasText: process.env.EXPECT_MESSAGE }).first();
    await tooltip.waitFor({ timeout: 20000 }).catch(() => {});
    report('tooltip', await tooltip.innerText({ timeout: 1000 }).catch(() => ''));
    await page.screenshot({ path: path.join(shots, 'hover.png') });
    await page.keyboard.up('Control');
    rc = 0;
  } catch (e) {
    report('error', e.stack || String(e));
    await page.screenshot({ path: path.join(shots, 'error.png') }).catch(() => {});
  } finally {
    await browser.close();
  }
  process.exit(rc);
})();

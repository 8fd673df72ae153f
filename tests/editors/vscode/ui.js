// Drive code-server's workbench (with the packaged .vsix installed) in Debian's headless Chromium
// and report what a user sees: the squiggle, the status bar count, the hover text, the Problems
// panel rows, the notifications. Prints `UI <json>` lines; screenshots go to SHOTS.
// Usage: CS_URL=http://127.0.0.1:PORT WS=<folder> FILE=<name in folder> SHOTS=<dir> EXPECT_HOVER=<text> node ui.js
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');

const url = `${process.env.CS_URL}/?folder=${encodeURIComponent(process.env.WS)}`;
const shots = process.env.SHOTS;
const expectHover = process.env.EXPECT_HOVER;
fs.mkdirSync(shots, { recursive: true });
const t0 = Date.now();
const report = (key, value) => console.log(`UI ${JSON.stringify({ t: +((Date.now() - t0) / 1000).toFixed(1), [key]: value })}`);

// A .ipynb opened from the Explorer (VS Code's own ipynb serializer makes it a notebook): the
// squiggle in a cell (which cell, its text), the hover there, the Problems panel rows.
async function notebook(page) {
  await page.keyboard.press('Escape');
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: process.env.NOTEBOOK }).first().click();
  await page.waitForSelector('.notebook-editor .cell-editor-container .monaco-editor .view-lines', { timeout: 60000 });
  report('notebook', true);
  const squiggle = page.locator('.notebook-editor .cell-editor-container .squiggly-error').first();
  await squiggle.waitFor({ timeout: 90000 });
  // the cell holding the squiggle: its index among the notebook's cells and its text
  report('notebookCell', await squiggle.evaluate((el) => {
    const row = el.closest('.monaco-list-row');
    const rows = [...row.parentElement.querySelectorAll(':scope > .monaco-list-row')]
      .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
    const lines = row.querySelector('.cell-editor-container .view-lines');
    return { index: Number(row.dataset.index), cells: rows.length, text: lines ? lines.innerText : '',
             squiggles: document.querySelectorAll('.notebook-editor .squiggly-error').length };
  }));
  const box = await squiggle.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + 2);
  let hoverText = '';
  try {
    await page.waitForSelector(`.monaco-hover:not(.hidden) >> text=${process.env.EXPECT_NOTEBOOK_HOVER}`, { timeout: 30000 });
    hoverText = await page.locator('.monaco-hover:not(.hidden)').first().innerText();
  } catch (e) {
    report('notebookHoverError', e.message.split('\n')[0]);
  }
  report('notebookHover', hoverText);
  await page.screenshot({ path: path.join(shots, 'notebook-hover.png') });
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Shift+M');
  await page.waitForSelector(`.markers-panel .monaco-list-row >> text=${process.env.NOTEBOOK}`, { timeout: 20000 })
    .catch(() => {});
  await page.waitForTimeout(300);
  report('notebookProblemsRows', await page.locator('.markers-panel .monaco-list-row').allInnerTexts());
  await page.screenshot({ path: path.join(shots, 'notebook-problems.png') });
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  let rc = 1;
  const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  try {
    page.on('pageerror', (e) => report('pageerror', e.message));
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60000 });
    await page.waitForSelector('.monaco-workbench', { timeout: 90000 });
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60000 });
    report('workbench', true);
    // Quick Open (Ctrl+P) does not open files in headless mode: click the file in the Explorer
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: process.env.FILE }).first().click();
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 30000 });
    report('editor', true);

    if (process.env.UI_MODE === 'notification') {
      // only what a user is told (e.g. an interpreter that is too old)
      await page.waitForSelector(`.notifications-toasts .notification-list-item >> text=${process.env.EXPECT_NOTIFICATION}`,
        { timeout: 60000 });
      report('notifications', await page.locator('.notifications-toasts .notification-list-item').allInnerTexts());
      report('squiggles', await page.locator('.monaco-editor .squiggly-error').count());
      await page.screenshot({ path: path.join(shots, 'notification.png') });
      rc = 0;
      return;
    }
    const squiggle = page.locator('.monaco-editor .squiggly-error').first();
    await squiggle.waitFor({ timeout: 90000 });
    report('squiggle', true);
    const problems = await page.$eval('#status\\.problems', (e) => e.getAttribute('aria-label') || e.textContent).catch(() => null);
    report('statusProblems', problems);

    // notifications (e.g. the offer to install libcst for quick fixes), then dismiss them
    if (process.env.EXPECT_NOTIFICATION) {
      await page.waitForSelector(`.notifications-toasts .notification-list-item >> text=${process.env.EXPECT_NOTIFICATION}`,
        { timeout: 20000 }).catch(() => {});
    }
    const toasts = await page.locator('.notifications-toasts .notification-list-item').allInnerTexts().catch(() => []);
    report('notifications', toasts);
    for (const close of await page.locator('.notifications-toasts .codicon-notifications-clear').all()) {
      await close.click({ force: true }).catch(() => {});
    }

    // hover over the squiggle
    const box = await squiggle.boundingBox();
    await page.mouse.move(box.x + Math.min(40, box.width / 2), box.y + 2);
    let hoverText = '';
    try {
      await page.waitForSelector(`.monaco-hover:not(.hidden) >> text=${expectHover}`, { timeout: 30000 });
      hoverText = await page.locator('.monaco-hover:not(.hidden)').first().innerText();
    } catch (e) {
      report('hoverError', e.message.split('\n')[0]);
    }
    report('hover', hoverText);
    await page.screenshot({ path: path.join(shots, 'hover.png') });
    // a tighter picture for the README: the editor, the squiggle and the hover
    const hb = await page.locator('.monaco-hover:not(.hidden)').first().boundingBox().catch(() => null);
    const eb = await page.locator('.monaco-editor').first().boundingBox().catch(() => null);
    if (hb && eb) {
      const top = Math.max(0, Math.min(hb.y, box.y) - 8);
      const bottom = Math.max(hb.y + hb.height, box.y + box.height) + 40;
      await page.screenshot({ path: path.join(shots, 'readme-hover.png'),
        clip: { x: eb.x, y: top, width: Math.min(eb.width, hb.x + hb.width + 20 - eb.x), height: bottom - top } });
    }

    // Problems panel
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+M');
    await page.waitForSelector('.markers-panel .monaco-list-row', { timeout: 20000 });
    await page.waitForTimeout(300);
    report('problemsRows', await page.locator('.markers-panel .monaco-list-row').allInnerTexts());
    await page.screenshot({ path: path.join(shots, 'problems.png') });

    // F1 > "jaxerr: Explain a JAX Error…" > pick the catalog entry > Markdown preview opens
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: 10000 });
    await page.keyboard.type('jaxerr: Explain', { delay: 20 });
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Explain a JAX Error' }).first().click({ timeout: 10000 });
    // The catalog has dozens of entries: type to filter, as a user does.
    await page.waitForTimeout(500);
    await page.keyboard.type(expectHover, { delay: 10 });
    const entry = page.locator('.quick-input-list .monaco-list-row', { hasText: expectHover }).first();
    await entry.waitFor({ timeout: 10000 });
    report('explainItems', await page.locator('.quick-input-list .monaco-list-row').allInnerTexts());
    await entry.click();
    const tab = page.locator('.tabs-container .tab', { hasText: `${expectHover}.md` }).first();
    await tab.waitFor({ timeout: 20000 });
    report('explainTab', await tab.innerText());
    await page.waitForTimeout(1500); // let the preview render for the picture
    await page.screenshot({ path: path.join(shots, 'explain.png') });
    if (process.env.NOTEBOOK) await notebook(page);
    rc = 0;
  } catch (e) {
    report('error', e.stack || String(e));
    await page.screenshot({ path: path.join(shots, 'error.png') }).catch(() => {});
  } finally {
    await browser.close();
  }
  process.exit(rc);
})();

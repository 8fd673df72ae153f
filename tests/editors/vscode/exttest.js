// Run an extension test module inside code-server's real Node extension host, the way VS Code's own
// browser integration tests do: the workbench URL carries payload=[["extensionDevelopmentPath", ...],
// ["extensionTestsPath", ...]], the workbench loads the extension from its source folder, requires the
// test module and calls its run(); window.codeAutomationExit(code) reports the result.
// Usage: CS_URL=http://127.0.0.1:PORT node exttest.js <extensionDevelopmentPath> <testsPath.js> <folder> [shotsDir]
const { chromium } = require('playwright-core');
const path = require('path');

const [devPath, testsPath, folder] = process.argv.slice(2, 5).map((p) => path.resolve(p));
const shots = process.argv[5];
const base = new URL(process.env.CS_URL);
const remote = (p) => `vscode-remote://${base.host}${p}`;
const payload = JSON.stringify([
  ['extensionDevelopmentPath', remote(devPath)],
  ['extensionTestsPath', remote(testsPath)],
  ['skipWelcome', 'true'],
]);
const url = `${base.origin}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`;
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1);

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  let done = false;
  const finish = async (code) => {
    if (done) return;
    done = true;
    console.log(`EXIT ${code} after ${secs()} s`);
    if (shots) await page.screenshot({ path: path.join(shots, 'exttest-end.png') }).catch(() => {});
    await browser.close().catch(() => {});
    process.exit(code);
  };
  setTimeout(() => { console.log('TIMEOUT in exttest.js'); void finish(124); }, Number(process.env.TEST_TIMEOUT_MS || 150000));
  await page.exposeFunction('codeAutomationLog', (type, args) => console.log(...(Array.isArray(args) ? args : [args])));
  await page.exposeFunction('codeAutomationExit', (code) => finish(code));
  page.on('pageerror', (e) => console.log('[pageerror]', e.message));
  if (process.env.VERBOSE) page.on('console', (m) => console.log('[browser]', m.type(), m.text()));
  console.log(`goto ${url}`);
  await page.goto(url);
})().catch((e) => { console.error(e); process.exit(2); });

// Runs INSIDE code-server's real Node extension host, with the jaxerr extension loaded from
// editors/vscode (extensionDevelopmentPath). Uses only the public VS Code API. Prints one
// `STEP <name> <json>` line per check for tests/editors/test_vscode.py to assert on; throws (exit 1)
// only when a step cannot go on.
const vscode = require('vscode');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const step = (name, value) => console.log(`STEP ${name} ${JSON.stringify(value)}`);

async function waitFor(what, pred, ms = 30000) {
  const t0 = Date.now();
  for (;;) {
    const v = await pred();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

const codeOf = (d) => (d.code && typeof d.code === 'object' ? String(d.code.value) : String(d.code));
const jaxerrDiags = (uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'jaxerr');
const plain = (d) => ({
  message: d.message, source: d.source, code: codeOf(d), severity: d.severity,
  // the code shown as a link (LSP codeDescription.href): VS Code's `code.target`
  target: d.code && typeof d.code === 'object' && d.code.target ? d.code.target.toString(true) : null,
  range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
});
const hoverTexts = (hovers) => hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));

async function setText(doc, text) {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('could not reset the document');
}

async function setting(key, value) {
  await vscode.workspace.getConfiguration('jaxerr').update(key, value, vscode.ConfigurationTarget.Global);
}

async function untrusted() {
  // restricted mode: the workspace's jaxerr.interpreter / jaxerr.path must not be used
  const uri = vscode.Uri.file(process.env.JAXERR_TEST_FILE);
  const ext = vscode.extensions.getExtension('jaxerr.jaxerr-lsp');
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const cfg = vscode.workspace.getConfiguration('jaxerr', uri);
  step('trust', { isTrusted: vscode.workspace.isTrusted, path: cfg.inspect('path'), interpreter: cfg.inspect('interpreter') });
  const diags = await waitFor('jaxerr diagnostics', () => { const d = jaxerrDiags(uri); return d.length && d; }, 60000);
  step('diagnostics', diags.map(plain));
  step('server', { command: ext.exports && ext.exports.serverCommand() });
  step('done', true);
}

// A .ipynb opened as a notebook: the diagnostic on the cell it is in, hover there, and a quick
// fix whose edit is in another cell (static_argnames added where the function is jitted).
async function notebook(path) {
  const nb = await vscode.workspace.openNotebookDocument(vscode.Uri.file(path));
  await vscode.window.showNotebookDocument(nb);
  const cells = nb.getCells();
  const withDiagnostics = () => cells.map((c) => jaxerrDiags(c.document.uri).map(plain));
  const index = Number(await waitFor('a jaxerr diagnostic in a notebook cell', () => {
    const i = cells.findIndex((c) => jaxerrDiags(c.document.uri).length > 0);
    return i >= 0 ? String(i) : null;
  }, 60000));
  const cell = cells[index].document;
  const before = withDiagnostics();
  const diag = jaxerrDiags(cell.uri)[0];
  const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', cell.uri, diag.range.start);
  const actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', cell.uri, diag.range, 'quickfix', 20);
  const fix = actions.find((a) => /static/i.test(a.title));
  const edited = fix && fix.edit ? fix.edit.entries().map(([uri]) => cells.findIndex((c) => c.document.uri.toString() === uri.toString())) : [];
  const ok = fix && fix.edit ? await vscode.workspace.applyEdit(fix.edit) : false;
  if (ok) await waitFor('the notebook diagnostic to go after the fix', () => jaxerrDiags(cell.uri).length === 0, 20000).catch(() => {});
  step('notebook', {
    notebookType: nb.notebookType, scheme: cell.uri.scheme, languages: cells.map((c) => c.document.languageId),
    cell: index, diagnostics: before, diagnostic: plain(diag), hover: hoverTexts(hovers),
    titles: actions.map((a) => a.title), editedCells: edited, applied: !!ok,
    texts: cells.map((c) => c.document.getText()), left: withDiagnostics(),
  });
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

exports.run = async function run() {
  if (process.env.JAXERR_TEST_MODE === 'untrusted') return untrusted();
  const uri = vscode.Uri.file(process.env.JAXERR_TEST_FILE);
  const ext = vscode.extensions.getExtension('jaxerr.jaxerr-lsp');
  step('extension', { found: !!ext, path: ext && ext.extensionPath });
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const original = doc.getText();
  step('opened', { uri: uri.toString(), languageId: doc.languageId, active: !!(ext && ext.isActive) });

  // 1. diagnostics from the server
  const diags = await waitFor('jaxerr diagnostics', () => { const d = jaxerrDiags(uri); return d.length && d; }, 60000);
  step('diagnostics', diags.map(plain));
  const diag = diags.find((d) => codeOf(d) === 'JXE001') || diags[0];
  step('server', { command: ext.exports && ext.exports.serverCommand() });

  // 2. hover on the diagnostic
  const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, diag.range.start);
  step('hover', hoverTexts(hovers));

  // 3. settings reach the running server (workspace/didChangeConfiguration)
  await setting('ignore', ['JXE001']);
  await waitFor('JXE001 to go away with jaxerr.ignore', () => jaxerrDiags(uri).every((d) => codeOf(d) !== 'JXE001'), 20000);
  step('ignore-setting', { left: jaxerrDiags(uri).map(plain) });
  await setting('ignore', undefined);
  await waitFor('JXE001 to come back', () => jaxerrDiags(uri).some((d) => codeOf(d) === 'JXE001'), 20000);
  await setting('severity', 'warning');
  const warned = await waitFor('severity warning', () => {
    const d = jaxerrDiags(uri).find((x) => codeOf(x) === 'JXE001');
    return d && d.severity === vscode.DiagnosticSeverity.Warning && d;
  }, 20000);
  step('severity-setting', plain(warned));
  await setting('severity', undefined);
  await waitFor('severity back to error', () => jaxerrDiags(uri).some((d) => d.severity === vscode.DiagnosticSeverity.Error), 20000);

  // 4. quick fixes, resolved by the provider command (itemResolveCount), applied with applyEdit
  const current = () => jaxerrDiags(uri).find((d) => codeOf(d) === 'JXE001');
  let actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', uri, current().range, 'quickfix', 20);
  step('quickfix-titles', actions.map((a) => ({ title: a.title, kind: a.kind && a.kind.value, preferred: !!a.isPreferred, hasEdit: !!a.edit })));
  const fix = actions.find((a) => !/ignore/i.test(a.title) && a.isPreferred) || actions.find((a) => !/ignore/i.test(a.title));
  if (fix && fix.edit) {
    const ok = await vscode.workspace.applyEdit(fix.edit);
    await waitFor('the diagnostic to go after the quick fix', () => !current(), 20000);
    step('quickfix-applied', { title: fix.title, ok, line: doc.lineAt(diag.range.start.line).text, left: jaxerrDiags(uri).map(plain) });
  } else {
    step('quickfix-applied', { title: fix && fix.title, ok: false, reason: fix ? 'no edit after resolve' : 'no quick fix offered' });
  }

  // 5. "Ignore this line"
  await setText(doc, original);
  await waitFor('JXE001 back after reset', () => current(), 20000);
  actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', uri, current().range, 'quickfix', 20);
  const ignore = actions.find((a) => /ignore/i.test(a.title));
  if (ignore && ignore.edit) {
    await vscode.workspace.applyEdit(ignore.edit);
    await waitFor('the diagnostic to go after ignore', () => !current(), 20000);
  }
  step('ignore-applied', { title: ignore && ignore.title, hasEdit: !!(ignore && ignore.edit), line: doc.lineAt(diag.range.start.line).text, left: jaxerrDiags(uri).map(plain) });

  // 6. source.fixAll.jaxerr over the whole file
  await setText(doc, original);
  await waitFor('JXE001 back after reset', () => current(), 20000);
  const all = new vscode.Range(0, 0, doc.lineCount, 0);
  actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', uri, all, 'source.fixAll.jaxerr', 20);
  const fixAll = actions.find((a) => a.kind && a.kind.value === 'source.fixAll.jaxerr');
  let fixAllLeft = null;
  if (fixAll && fixAll.edit) {
    await vscode.workspace.applyEdit(fixAll.edit);
    await waitFor('fixAll to clear the diagnostic', () => !current(), 20000).catch(() => {});
    fixAllLeft = jaxerrDiags(uri).map(plain);
  }
  step('fixall', { titles: actions.map((a) => a.title), hasEdit: !!(fixAll && fixAll.edit), left: fixAllLeft });
  await setText(doc, original);
  await waitFor('JXE001 back after reset', () => current(), 20000);

  // 7. jaxerr.explain, by catalog id and by a pasted JAX error message
  const byId = await vscode.commands.executeCommand('jaxerr.explainError', 'JXE001');
  const byMessage = await vscode.commands.executeCommand('jaxerr.explainError',
    "ValueError: unexpected tree structure in the arguments to a VJP function's `with_refs` method.");
  step('explain', { byId: byId || null, byMessage: byMessage || null });

  // 8. restart: the server comes back and diagnoses again
  await vscode.commands.executeCommand('jaxerr.restart');
  await setText(doc, original + '\n');
  await waitFor('diagnostics after restart', () => current(), 30000);
  step('restart', { diagnostics: jaxerrDiags(uri).length });
  await vscode.commands.executeCommand('workbench.action.files.revert');

  // 9. a notebook
  if (process.env.JAXERR_TEST_NOTEBOOK) await notebook(process.env.JAXERR_TEST_NOTEBOOK);
  step('done', true);
};

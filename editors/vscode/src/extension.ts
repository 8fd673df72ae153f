// jaxerr for VS Code: starts the jaxerr language server (Python, stdio) for Python files.
//
// Which command starts the server, first match wins:
//   1. jaxerr.path                        a complete server command (restricted in untrusted workspaces)
//   2. jaxerr.interpreter + launch.py     (restricted in untrusted workspaces)
//   3. the Python extension's active environment + launch.py (trusted workspaces only)
//   4. python3.14/3.13/3.12 on PATH, else python3, + launch.py
// launch.py (bundled/tool) runs the server bundled with the extension (bundled/libs); see README.md.
import * as cp from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';

const SECTION = 'jaxerr';
const SERVER_KEYS = ['select', 'ignore', 'severity', 'debounce', 'docsUrl'] as const;
const RESTART_KEYS = ['interpreter', 'path', 'importStrategy'];
const LIBCST_PROMPT_KEY = 'jaxerr.libcstPrompt.dismissed';

let client: LanguageClient | undefined;
let log: vscode.LogOutputChannel;
let traceChannel: vscode.OutputChannel;
let status: vscode.LanguageStatusItem;
let ctx: vscode.ExtensionContext;
let restarting: Promise<void> = Promise.resolve();
let serverDescription = '';

// -------------------------------------------------------------------------------------- settings

/** The settings the server reads (initializationOptions and didChangeConfiguration), wrapped. */
/** The resource whose settings count: the first workspace folder (one server serves the window). */
function scope(): vscode.Uri | null {
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? null;
}

function serverSettings(): { jaxerr: Record<string, unknown> } {
  const cfg = vscode.workspace.getConfiguration(SECTION, scope());
  const out: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) {
    const value = cfg.get(key);
    if (value !== null && value !== undefined) out[key] = value;
  }
  return { jaxerr: out };
}

function asCommand(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' && v.length > 0);
  return [];
}

/** A restricted setting: in an untrusted workspace, only the user (global) value counts. */
function restricted(key: string): string[] {
  const cfg = vscode.workspace.getConfiguration(SECTION, scope());
  if (vscode.workspace.isTrusted) return asCommand(cfg.get(key));
  const inspected = cfg.inspect(key);
  return asCommand(inspected?.globalValue);
}

// ------------------------------------------------------------------------------ the interpreter

interface PythonEnvironmentsApi {
  getActiveEnvironmentPath(resource?: vscode.Uri): { id: string; path: string };
  resolveEnvironment(env: { id: string; path: string } | string): Promise<
    { executable: { uri?: vscode.Uri } } | undefined
  >;
  onDidChangeActiveEnvironmentPath: vscode.Event<unknown>;
}

let pythonApi: PythonEnvironmentsApi | undefined;

async function getPythonApi(): Promise<PythonEnvironmentsApi | undefined> {
  if (pythonApi) return pythonApi;
  const ext = vscode.extensions.getExtension('ms-python.python');
  if (!ext) return undefined;
  try {
    const api = ext.isActive ? ext.exports : await ext.activate();
    if (api?.environments?.getActiveEnvironmentPath) {
      pythonApi = api.environments as PythonEnvironmentsApi;
      ctx.subscriptions.push(
        pythonApi.onDidChangeActiveEnvironmentPath(() => {
          log.info('the Python extension changed the active environment: restarting');
          void restart();
        }),
      );
    }
  } catch (e) {
    log.warn(`could not use the Python extension's API: ${e}`);
  }
  return pythonApi;
}

async function pythonFromExtension(): Promise<string | undefined> {
  if (!vscode.workspace.isTrusted) return undefined; // a workspace venv could hold any program
  const api = await getPythonApi();
  if (!api) return undefined;
  try {
    const envPath = api.getActiveEnvironmentPath(scope() ?? undefined);
    const env = await api.resolveEnvironment(envPath);
    return env?.executable?.uri?.fsPath || envPath?.path;
  } catch (e) {
    log.warn(`the Python extension did not give an interpreter: ${e}`);
    return undefined;
  }
}

function findOnPath(names: string[]): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

interface Launch {
  command: string;
  args: string[];
  interpreter?: string[]; // undefined when jaxerr.path is used
  origin: string;
}

async function resolveLaunch(): Promise<Launch> {
  const launcher = ctx.asAbsolutePath(path.join('bundled', 'tool', 'launch.py'));
  const full = restricted('path');
  if (full.length) return { command: full[0], args: full.slice(1), origin: 'jaxerr.path' };
  let interpreter = restricted('interpreter');
  let origin = 'jaxerr.interpreter';
  if (!interpreter.length) {
    const fromExt = await pythonFromExtension();
    if (fromExt) {
      interpreter = [fromExt];
      origin = 'the Python extension';
    }
  }
  if (!interpreter.length) {
    // python3 is 3.11 on Debian 12 and Ubuntu 22.04: prefer a versioned Python >= 3.12 on PATH
    const found = process.platform === 'win32' ? undefined
      : findOnPath(['python3.14', 'python3.13', 'python3.12']);
    interpreter = [found ?? (process.platform === 'win32' ? 'python' : 'python3')];
    origin = 'PATH';
  }
  return { command: interpreter[0], args: [...interpreter.slice(1), launcher], interpreter, origin };
}

interface CheckResult {
  python: string;
  executable: string;
  ok_version: boolean;
  bundled: boolean;
  jaxerr_lsp?: string | null;
  jaxerr_lsp_error?: string | null;
  libcst?: string | null;
  libcst_error?: string | null;
  pip?: string | null;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    cp.execFile(cmd, args, { env, timeout: timeoutMs, maxBuffer: 8 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as any).code === 'number' ? (error as any).code : -1) : 0;
      resolve({ code, out: String(stdout), err: String(stderr || (error && !stderr ? error.message : '')) });
    });
  });
}

function serverEnv(): NodeJS.ProcessEnv {
  const strategy = vscode.workspace.getConfiguration(SECTION, scope()).get<string>('importStrategy', 'useBundled');
  return { ...process.env, JAXERR_IMPORT_STRATEGY: strategy, PYTHONUNBUFFERED: '1' };
}

// ---------------------------------------------------------------------------------- the client

async function startClient(): Promise<void> {
  const launch = await resolveLaunch();
  const env = serverEnv();
  let check: CheckResult | undefined;
  if (launch.interpreter) {
    const r = await run(launch.command, [...launch.args, '--check'], env, 30000);
    try {
      check = JSON.parse(r.out.trim().split('\n').pop() || '');
    } catch {
      const why = r.err.trim() || r.out.trim() || `exit code ${r.code}`;
      status.severity = vscode.LanguageStatusSeverity.Error;
      status.text = 'jaxerr: no interpreter';
      log.error(`cannot run ${launch.command} (from ${launch.origin}): ${why}`);
      void vscode.window
        .showErrorMessage(`jaxerr: cannot run the Python interpreter "${launch.command}" (from ${launch.origin}). Set jaxerr.interpreter to a Python ≥ 3.12.`, 'Open Settings', 'Show Log')
        .then((pick) => pick === 'Open Settings' ? vscode.commands.executeCommand('workbench.action.openSettings', 'jaxerr.interpreter') : pick === 'Show Log' ? log.show() : undefined);
      return;
    }
    log.info(`interpreter (from ${launch.origin}): ${JSON.stringify(check)}`);
    if (!check!.ok_version) {
      status.severity = vscode.LanguageStatusSeverity.Error;
      status.text = `jaxerr: Python ${check!.python} is too old`;
      void vscode.window
        .showErrorMessage(`jaxerr needs Python ≥ 3.12, but ${check!.executable} (from ${launch.origin}) is Python ${check!.python}. Set jaxerr.interpreter.`, 'Open Settings')
        .then((pick) => pick && vscode.commands.executeCommand('workbench.action.openSettings', 'jaxerr.interpreter'));
      return;
    }
    if (!check!.jaxerr_lsp) {
      log.error(`jaxerr_lsp cannot be imported: ${check!.jaxerr_lsp_error}`);
      void vscode.window.showErrorMessage(`jaxerr: the server package cannot be imported with ${check!.executable}: ${check!.jaxerr_lsp_error}`, 'Show Log')
        .then((pick) => pick && log.show());
      return;
    }
  }

  const serverOptions: ServerOptions = {
    command: launch.command,
    args: launch.args,
    transport: TransportKind.stdio,
    options: { env },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'python' },
      { scheme: 'untitled', language: 'python' },
      // The Python cells of notebooks (.ipynb): hovers and quick fixes there. The server
      // advertises notebookDocumentSync, so the client sends whole notebooks
      // (notebookDocument/didOpen...) and the server checks their cells as one program.
      { notebook: '*', language: 'python' },
    ],
    initializationOptions: serverSettings(),
    outputChannel: log,
    traceOutputChannel: traceChannel,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
  };
  client = new LanguageClient('jaxerr', 'jaxerr', serverOptions, clientOptions);
  client.onDidChangeState((e) => {
    if (e.newState === State.Running) {
      status.severity = vscode.LanguageStatusSeverity.Information;
      status.text = 'jaxerr';
    } else if (e.newState === State.Stopped) {
      status.severity = vscode.LanguageStatusSeverity.Warning;
      status.text = 'jaxerr: stopped';
    }
  });
  serverDescription = `${[launch.command, ...launch.args].join(' ')}  (from ${launch.origin})`;
  status.detail = check ? `Python ${check.python}: ${check.executable}` : serverDescription;
  log.info(`starting: ${serverDescription}`);
  try {
    await client.start();
  } catch (e) {
    log.error(`the server did not start: ${e}`);
    status.severity = vscode.LanguageStatusSeverity.Error;
    status.text = 'jaxerr: failed';
    void vscode.window.showErrorMessage(`jaxerr: the server did not start (${e}).`, 'Show Log').then((p) => p && log.show());
    return;
  }
  if (check && !check.libcst) void offerLibcst(launch, check);
}

async function stopClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.stop(5000);
    } catch (e) {
      log.warn(`stopping the server: ${e}`);
    }
  }
}

/** Stop and start the client; restarts queue up, and one that fails does not block the next. */
function restart(): Promise<void> {
  restarting = restarting
    .catch(() => undefined)
    .then(async () => {
      await stopClient();
      await startClient();
    })
    .catch((e) => {
      log.error(`restart failed: ${e}`);
    });
  return restarting;
}

// ------------------------------------------------------------------------- libcst (quick fixes)

async function offerLibcst(launch: Launch, check: CheckResult): Promise<void> {
  log.warn(`libcst is not importable with ${check.executable} (${check.libcst_error}): diagnostics and hovers work, quick fixes do not.`);
  const dismissed: string[] = ctx.globalState.get(LIBCST_PROMPT_KEY, []);
  if (dismissed.includes(check.executable)) return;
  const install = 'Install libcst';
  const never = "Don't Ask Again";
  const pick = await vscode.window.showWarningMessage(
    `jaxerr: quick fixes need the libcst package, which is not installed for ${check.executable}. Diagnostics and explanations work without it.`,
    install, never,
  );
  if (pick === never) {
    await ctx.globalState.update(LIBCST_PROMPT_KEY, [...dismissed, check.executable]);
    return;
  }
  if (pick !== install) return;
  await installLibcst(launch, check);
}

async function installLibcst(launch: Launch, check: CheckResult): Promise<boolean> {
  const interp = launch.interpreter ?? [launch.command];
  if (!check.pip) {
    void vscode.window.showErrorMessage(
      `jaxerr: ${check.executable} has no pip. Install libcst with the tool that manages this Python, or set jaxerr.interpreter to a virtual environment.`);
    return false;
  }
  const args = [...interp.slice(1), '-m', 'pip', 'install', '--disable-pip-version-check', 'libcst>=1.4'];
  log.info(`running: ${interp[0]} ${args.join(' ')}`);
  const r = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `jaxerr: installing libcst for ${check.executable}…` },
    () => run(interp[0], args, process.env, 300000),
  );
  log.info(r.out);
  if (r.code !== 0) {
    log.error(r.err);
    const hint = /externally-managed-environment/.test(r.err)
      ? ' This interpreter is managed by the system: point jaxerr.interpreter at a virtual environment.'
      : '';
    void vscode.window.showErrorMessage(`jaxerr: pip could not install libcst.${hint}`, 'Show Log').then((p) => p && log.show());
    return false;
  }
  void vscode.window.showInformationMessage('jaxerr: libcst installed; quick fixes are on.');
  await restart();
  return true;
}

// ------------------------------------------------------------------------------------- explain

interface CatalogEntry { id: string; summary: string; exception: string }

/** Catalog entries, read from the bundled server's catalog (one TOML file per JAX error). */
function catalogEntries(): CatalogEntry[] {
  const dirs = [
    ctx.asAbsolutePath(path.join('bundled', 'libs', 'jaxerr_lsp', 'catalog')),
    ctx.asAbsolutePath(path.join('..', '..', 'catalog')), // running from the source tree
  ];
  for (const dir of dirs) {
    let files: string[];
    try {
      files = fs.readdirSync(dir).filter((f) => f.endsWith('.toml')).sort();
    } catch {
      continue;
    }
    const entries: CatalogEntry[] = [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      const field = (name: string) => {
        const m = new RegExp(`^${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|'([^']*)')`, 'm').exec(text);
        return m ? (m[1] ?? m[2] ?? '') : '';
      };
      entries.push({ id: field('id') || f.replace(/\.toml$/, ''), summary: field('summary'), exception: field('exception') });
    }
    if (entries.length) return entries;
  }
  return [];
}

class ExplainProvider implements vscode.TextDocumentContentProvider {
  private docs = new Map<string, string>();
  readonly scheme = 'jaxerr-explain';
  set(uri: vscode.Uri, text: string) { this.docs.set(uri.toString(), text); }
  provideTextDocumentContent(uri: vscode.Uri): string { return this.docs.get(uri.toString()) ?? ''; }
}
const explainProvider = new ExplainProvider();
let explainCount = 0;

/** jaxerr.explainError [query]: ask the server (its jaxerr.explain command), show the Markdown, and return it (for tests/other extensions). */
async function explain(query?: string): Promise<string | undefined> {
  if (typeof query !== 'string' || !query.trim()) {
    const paste = '$(clippy) Paste a JAX error message…';
    const items: (vscode.QuickPickItem & { id?: string })[] = [
      { label: paste, detail: 'Paste the error (or the whole traceback) JAX printed; jaxerr finds the matching entry.' },
      { label: 'Catalog', kind: vscode.QuickPickItemKind.Separator },
      ...catalogEntries().map((e) => ({ label: e.id, description: e.exception, detail: e.summary, id: e.id })),
    ];
    const pick = await vscode.window.showQuickPick(items, { title: 'jaxerr: explain a JAX error', matchOnDetail: true });
    if (!pick) return undefined;
    if (pick.id) {
      query = pick.id;
    } else {
      const clip = (await vscode.env.clipboard.readText()).trim();
      query = await vscode.window.showInputBox({
        title: 'jaxerr: paste a JAX error message',
        value: /Error|error:/.test(clip) ? clip : '',
        prompt: 'The message JAX raised, e.g. "TypeError: Custom VJP bwd rule must produce a tuple …"',
        ignoreFocusOut: true,
      });
      if (!query) return undefined;
    }
  }
  if (!client || client.state !== State.Running) {
    void vscode.window.showErrorMessage('jaxerr: the server is not running.', 'Show Log').then((p) => p && log.show());
    return undefined;
  }
  let markdown: unknown;
  try {
    markdown = await client.sendRequest(ExecuteCommandRequest.type, { command: 'jaxerr.explain', arguments: [query] });
  } catch (e) {
    void vscode.window.showErrorMessage(`jaxerr: explain failed: ${e}`);
    return undefined;
  }
  const text = typeof markdown === 'string' ? markdown
    : markdown && typeof (markdown as any).value === 'string' ? (markdown as any).value : '';
  if (!text) {
    void vscode.window.showInformationMessage(`jaxerr: no catalog entry matches "${query.slice(0, 80)}".`);
    return undefined;
  }
  const name = /^[\w.-]{1,80}$/.test(query.trim()) ? query.trim() : 'JAX error';
  const uri = vscode.Uri.from({ scheme: explainProvider.scheme, path: `/${name}.md`, query: String(++explainCount) });
  explainProvider.set(uri, text);
  try {
    await vscode.commands.executeCommand('markdown.showPreview', uri);
  } catch {
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true });
  }
  return text;
}

// ------------------------------------------------------------------------------------ activate

export async function activate(context: vscode.ExtensionContext): Promise<{ serverCommand(): string }> {
  ctx = context;
  log = vscode.window.createOutputChannel('jaxerr', { log: true });
  traceChannel = vscode.window.createOutputChannel('jaxerr (LSP trace)');
  status = vscode.languages.createLanguageStatusItem('jaxerr.status', { language: 'python' });
  status.name = 'jaxerr';
  status.text = 'jaxerr: starting';
  status.command = { title: 'Show Log', command: 'jaxerr.showLog' };
  context.subscriptions.push(log, traceChannel, status);
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(explainProvider.scheme, explainProvider));

  context.subscriptions.push(
    vscode.commands.registerCommand('jaxerr.restart', () => restart()),
    vscode.commands.registerCommand('jaxerr.showLog', () => log.show()),
    // (not "jaxerr.explain": vscode-languageclient registers the server's own command under that name)
    vscode.commands.registerCommand('jaxerr.explainError', (query?: string) => explain(query)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (RESTART_KEYS.some((k) => e.affectsConfiguration(`${SECTION}.${k}`))) {
        void restart();
      } else if (SERVER_KEYS.some((k) => e.affectsConfiguration(`${SECTION}.${k}`)) && client?.state === State.Running) {
        void client.sendNotification(DidChangeConfigurationNotification.type, { settings: serverSettings() });
      }
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void restart()),
    { dispose: () => void stopClient() },
  );
  await restart();
  return { serverCommand: () => serverDescription };
}

export function deactivate(): Thenable<void> | undefined {
  return stopClient();
}

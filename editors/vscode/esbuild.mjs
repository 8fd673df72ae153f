// Bundle the extension and vscode-languageclient into one file: dist/extension.js.
import * as esbuild from 'esbuild';

await esbuild.build({
  entryPoints: ['src/extension.ts'],
  bundle: true,
  outfile: 'dist/extension.js',
  external: ['vscode'],
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  sourcemap: false,
  minify: process.argv.includes('--minify'),
  logLevel: 'warning',
});

// Bundles the command line into build/cli/ (ES modules, code-split), and
// builds the standalone player template build/player/play.html (Vite,
// vite.player.config.ts) that `export --format html` fills with a pack:
// longcat.mjs holds argument parsing only; each command, and tfjs behind the
// commands that need it, is a chunk imported when the command runs. Runtime
// dependencies (zod, tfjs core, layers and backends, ...) stay external:
// they are `dependencies`, installed even by `npm ci --omit=dev`. The one
// exception is commander, which every command line loads: bundled into
// longcat.mjs (a devDependency, its licence copied beside the bundle) it
// is read as one ES module instead of seven CommonJS files.
// `@tensorflow/tfjs` (the umbrella, a devDependency for the studio) is
// aliased to src/ml/tfjsNode.ts; Dawn (`webgpu`) and tfjs's WebGPU
// backend are optional, loaded only by `train --backend webgpu`.
//
//   node scripts/build-cli.mjs            build (esbuild, a devDependency)
//   node scripts/build-cli.mjs --if-able  build when esbuild is installed, else
//                                         say why not and exit 0 (the
//                                         `prepare` hook: `npm ci --omit=dev`
//                                         has no esbuild)
//   node scripts/build-cli.mjs --cli-only the bundle only, not the player
//                                         (the tests: other test files read
//                                         build/player while they run)
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'build/cli');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  if (process.argv.includes('--if-able')) {
    const have = existsSync(join(outdir, 'longcat.mjs'));
    process.stderr.write(`build-cli: esbuild is not installed (devDependencies omitted); ${have ? 'keeping the existing build/cli' : 'build/cli is missing: run `npm install` then `npm run build:cli`'}\n`);
    process.exit(0);
  }
  process.stderr.write('build-cli: esbuild is not installed: run `npm install` first\n');
  process.exit(1);
}

rmSync(outdir, { recursive: true, force: true });
// Two bundles: the whole command line (longcat.mjs, chunks/), and analyze's
// alone (analyze.mjs, analyze/), which bin/longcat.mjs starts for a command
// line that begins with `analyze`: built apart, its start loads a handful
// of files instead of the ~20 chunks the whole program splits analyze's
// code into (each file a module the loader resolves, reads and compiles).
for (const [entry, source, chunks] of [['longcat', 'src/cli/longcat.ts', 'chunks'], ['analyze', 'src/cli/analyzeOnly.ts', 'analyze']]) await esbuild.build({
  absWorkingDir: root,
  entryPoints: { [entry]: source },
  outdir,
  outExtension: { '.js': '.mjs' },
  chunkNames: `${chunks}/[name]-[hash]`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Every package but commander (bundled) and the aliased tfjs umbrella
  // stays external (node: builtins too).
  plugins: [{
    name: 'external-packages',
    setup(build) {
      const bundled = new Set(['commander', '@tensorflow/tfjs']);
      build.onResolve({ filter: /^[^./]/ }, (args) => (bundled.has(args.path) || args.path.startsWith('commander/') ? undefined : { path: args.path, external: true }));
    },
  }],
  // Commander is CommonJS and requires node: builtins (only those), which an
  // ES module gets from process.getBuiltinModule (Node 20.16+; loading
  // node:module for createRequire costs a start more). Commander's
  // node:child_process (for executable subcommands, which the CLI has none
  // of, and a few ms of every start) is loaded on first use.
  banner: {
    js: "const require = (id) => (id === 'node:child_process' ? new Proxy({}, { get: (_, k) => process.getBuiltinModule(id)[k] }) : process.getBuiltinModule(id));",
  },
  // The tfjs umbrella would pull in the converter, data and WebGL packages:
  // the CLI takes only what it loads (src/ml/tfjsNode.ts).
  alias: { '@tensorflow/tfjs': './src/ml/tfjsNode.ts' },
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync(join(root, 'node_modules/commander/LICENSE'), join(outdir, 'commander.LICENSE'));

if (process.argv.includes('--cli-only')) process.exit(0);

// The standalone player (one self-contained HTML file). Vite is a
// devDependency like esbuild; without it an existing template is kept.
let vite;
try {
  vite = await import('vite');
} catch {
  process.stderr.write(`build-cli: vite is not installed; ${existsSync(join(root, 'build/player/play.html')) ? 'keeping the existing build/player' : 'build/player is missing: `export --format html` needs `npm install` then `npm run build:cli`'}\n`);
  process.exit(process.argv.includes('--if-able') ? 0 : 1);
}
await vite.build({ root, configFile: join(root, 'vite.player.config.ts'), logLevel: 'warn' });

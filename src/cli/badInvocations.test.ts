/**
 * Bad command lines (issue 15): over 150 invocations with bad numbers, bad
 * and unbounded files, corrupt difficulty and SD-PCGRL models, unwritable
 * outputs and unknown options, run through `main()` in this process. For
 * every one: no stack trace, exactly one `error:` line at the end of stderr
 * (a few lines of skipped CSV rows may come first, at most 100), a known
 * exit code (never the internal-error 70), nothing on stdout, no output file
 * left behind, and under 30 seconds. A second group of odd but legal inputs
 * may succeed, but whatever they write must load with the loaders the
 * studio uses. Two cases spawn the real process for standard input.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shippedModel from '../../models/difficulty/default.json';
import { parseDifficultyModel } from '../core/difficulty/model';
import { PROBE_LEVELS } from '../core/difficulty/probe';
import { importPack } from '../core/pack/pack';
import { checkModelFiles } from '../ml/modelCheck';
import { INTERNAL_ERROR_EXIT, reportError } from './main';
import { runCli, STACK_TRACE, type CliRun } from '../../test/support/cliRun';
import { noWallClockLimit, spawnCpuBudget } from '../../test/support/cpuBudget';

// Bounded by work (and processes by CPU time), never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RL_MODEL = join(ROOT, 'models/sd-pcgrl-8x8');

let tmp = '';
const T = (name: string): string => join(tmp, name);
/** Placeholders in the case tables, filled in once the temporary folder exists. */
const OUT = '<out>';

interface Case {
  readonly label: string;
  readonly args: readonly string[];
  /** What stderr must mention, besides the rules every case follows. */
  readonly says?: RegExp;
}

// ---- numbers ---------------------------------------------------------------------------------

const GEN = ['generate', '--generator', 'rsd', '--count', '5', '--out', OUT];
const EVAL = ['evaluate', '--generator', 'rsd', '--count', '5', '--json'];
const SD = ['generate', '--generator', 'sd-pcgrl', '--count', '2', '--out', OUT];
const SD_EVAL = ['evaluate', '--generator', 'sd-pcgrl', '--count', '2', '--json'];
const TARGET = ['generate', '--target', '20', '--count', '1', '--out', OUT];
const TRAIN = ['train', '--minutes', '1', '--out', '<trainOut>'];
const FIT = ['fit-predictor', '--data', '<csv>', '--out', OUT];

const WHOLE_BAD = ['', ' ', '-1', '1.5', '1e1', '0x10', 'NaN', 'Infinity', 'abc', '99999999999999999999'];
const DECIMAL_BAD = ['', 'NaN', 'Infinity', '-Infinity', '1e400', '0x10', 'abc', '1,5'];

const numberCases: Case[] = [
  ...['0', ...WHOLE_BAD].map((v) => ({ label: `--count '${v}'`, args: [...EVAL.slice(0, 3), '--count', v, '--json'] })),
  ...WHOLE_BAD.map((v) => ({ label: `--seed '${v}'`, args: [...EVAL, '--seed', v] })),
  ...['0', '-5', 'lots', '1e9', '60000000'].map((v) => ({ label: `analyze --max-states '${v}'`, args: ['analyze', '<levels>', '--max-states', v] })),
  ...['', '8', '8x', 'x8', '2x8', '8x17', '0x0', '-8x8', '8.5x8', '1e1x8', '99999999999999x8'].map((v) => ({ label: `--size '${v}'`, args: [...EVAL, '--size', v] })),
  ...['', '0/2', '3/2', '1/0', '-1/2', '1/2/3', 'a/b', '1/100001', '1/99999999999999999999'].map((v) => ({ label: `--shard '${v}'`, args: [...EVAL, '--shard', v] })),
  ...[...DECIMAL_BAD, '-0.1', '1.01', '2'].map((v) => ({ label: `--temperature '${v}'`, args: [...SD, '--temperature', v], says: /--temperature/ })),
  ...['0:1:0.0000001', '0:1:0', '1:0:0.1', '0:2:0.1', '0:1', '0:1:0.1:2', 'a:b:c', '', ',', '0.5,Infinity', '-0.1', Array(200).fill('0.5').join(',')].map((v) => ({
    label: `--temperatures '${v.slice(0, 30)}'`,
    args: [...SD_EVAL, '--temperatures', v],
    says: /--temperatures/,
  })),
  ...[...DECIMAL_BAD, '-1', '1e7'].map((v) => ({ label: `--target '${v}'`, args: ['generate', '--target', v, '--count', '1', '--out', OUT], says: /--target/ })),
  ...['', '0', '0%', '-5', '101%', 'Infinity', 'NaN%', '1e9', 'abc', '%'].map((v) => ({ label: `--tolerance '${v}'`, args: [...TARGET, '--tolerance', v], says: /--tolerance/ })),
  ...['40:20', '', ':', '20', '20:40:60', '-1:5', '0:64', '64:', 'a:b', '99999999:'].map((v) => ({ label: `--open-cells '${v}'`, args: [...TARGET, '--open-cells', v], says: /--open-cells/ })),
  // Pins: a bad list, two starts, a cell outside the grid, open cells walled apart; a missing pins file; and --pins with a fixed SD-PCGRL start.
  ...['0,0=X', '9,0=#', '0,0=C;1,1=C', '0,0=.;1,0=#;0,1=#', '0,0=#;0,0=.', 'x=y', ';'].map((v) => ({ label: `--pins '${v}'`, args: [...GEN, '--pins', v], says: /--pins/ })),
  ...['0,0=X', '0,0=C;1,1=C'].map((v) => ({ label: `--target --pins '${v}'`, args: [...TARGET, '--pins', v], says: /--pins/ })),
  { label: '--pins missing file', args: [...GEN, '--pins', '/nonexistent/no-such-pins.txt'], says: /--pins/ },
  { label: 'sd-pcgrl --pins with --start-cell', args: [...SD, '--pins', '0,0=#', '--start-cell', '5'], says: /--pins or --start-cell/ },
  ...['-1', '64', '1.5', '', 'abc', '1e1', '99999999999999999999'].map((v) => ({ label: `--start-cell '${v}'`, args: [...SD, '--start-cell', v], says: new RegExp(`--start-cell.*got "${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`) })),
  ...['0', '-1', '', 'NaN', 'Infinity', '1441', '1e400', 'abc'].map((v) => ({ label: `train --minutes '${v}'`, args: ['train', '--minutes', v, '--out', '<trainOut>'], says: /--minutes/ })),
  ...['0', '99', '199', '-1', '1.5', 'abc', '1e5', '99999999'].map((v) => ({ label: `fit-predictor --generated '${v}'`, args: ['fit-predictor', '--generated', v, '--out', OUT], says: /--generated/ })),
  ...['size,,nope', 'nope', '', ',,', '__proto__', 'size,size,nope'].map((v) => ({ label: `fit-predictor --features '${v}'`, args: [...FIT, '--features', v], says: /--features/ })),
  { label: 'fit-predictor --method svm', args: [...FIT, '--method', 'svm'] },
  { label: 'fit-predictor --calibration cubic', args: [...FIT, '--calibration', 'cubic'], says: /--calibration must be one of affine, power/ },
  { label: 'fit-predictor --calibration power without a log1p label', args: [...FIT, '--calibration', 'power'], says: /--calibration power needs --label log1p/ },
  { label: 'fit-predictor --name empty', args: [...FIT, '--name', ''] },
  { label: 'fit-predictor without --data or --generated', args: ['fit-predictor', '--out', OUT] },
  { label: 'fit-predictor with both --data and --generated', args: [...FIT, '--generated', '300'] },
  { label: 'train --env x', args: [...TRAIN, '--env', 'x'] },
  { label: 'train --recipe x', args: [...TRAIN, '--recipe', 'x'] },
  { label: 'train --backend x', args: [...TRAIN, '--backend', 'x'] },
  { label: 'train --encoding x', args: [...TRAIN, '--encoding', 'x'] },
  { label: 'train --size 99x99', args: [...TRAIN, '--size', '99x99'] },
  { label: 'train --seed -1', args: [...TRAIN, '--seed', '-1'] },
];

// ---- files -----------------------------------------------------------------------------------

const fileCases: Case[] = [
  ...['/dev/zero', '<missing>', '<folder>', '<empty>', '<big21>', '<binary>', '<ragged>', '<twoHeads>', '<noHead>', '<tooWide>', '<jsonNull>', '<jsonArray>', '<packV9>', '<brokenPack>', '<nulBytes>'].map((f) => ({
    label: `analyze ${f}`,
    args: ['analyze', f],
  })),
  { label: 'analyze /dev/zero says the limit', args: ['analyze', '/dev/zero'], says: /over 20 MiB/ },
  { label: 'analyze a 21 MiB file says its size', args: ['analyze', '<big21>'], says: /22,020,096 bytes/ },
  { label: 'analyze a pack with 10,001 broken levels lists 100 problems and counts the rest', args: ['analyze', '<manyBroken>'], says: /and \d{4,} more$/m },
  ...['/dev/zero', '<missing>', '<folder>', '<brokenPack>', '<levels>'].map((f) => ({ label: `merge ${f}`, args: ['merge', '<pack>', f, '--out', OUT] })),
  ...['/dev/zero', '<missing>', '<folder>', '<brokenPack>', '<manyBroken>'].map((f) => ({ label: `--exclude ${f}`, args: [...TARGET, '--exclude', f], says: /exclude|cannot read|over 20 MiB/ })),
  ...['/dev/zero', '<missing>', '<folder>', '<empty>', '<jsonNull>', '<dmScaleZero>', '<dmTinyScale>', '<dmHugeCoef>', '<dmMissing>', '<dmLengths>', '<dmBig>', '<dmInfinityText>'].flatMap((f) => [
    { label: `analyze --model ${f}`, args: ['analyze', '<levels>', '--model', f] },
    { label: `generate --model ${f}`, args: [...GEN, '--model', f] },
  ]),
  ...['/dev/zero', '<missing>', '<folder>', '<empty>', '<csvAllBad>', '<csvFew>', '<csv1e308>', '<csvManyBad>'].map((f) => ({ label: `fit-predictor --data ${f}`, args: ['fit-predictor', '--data', f, '--out', OUT] })),
  { label: 'fit-predictor on 1e308 seconds does not write null coefficients', args: ['fit-predictor', '--data', '<csv1e308>', '--out', OUT], says: /not written/ },
];

// ---- SD-PCGRL models -------------------------------------------------------------------------

/** Corruptions of the shipped SD-PCGRL model: the folder name and how to spoil it. */
const RL_CORRUPTIONS: Record<string, (dir: string) => void> = {
  missingWeights: (d) => rmSync(join(d, 'weights.bin')),
  missingMeta: (d) => rmSync(join(d, 'meta.json')),
  modelJsonNull: (d) => writeFileSync(join(d, 'model.json'), 'null'),
  modelJsonGarbage: (d) => writeFileSync(join(d, 'model.json'), '{"modelTopology":'),
  topologyNull: (d) => editModel(d, (j) => (j.modelTopology = null)),
  topologyEmpty: (d) => editModel(d, (j) => (j.modelTopology = {})),
  layersNull: (d) => editModel(d, (j) => (topo(j).config.layers = null)),
  shapeString: (d) => editModel(d, (j) => (weightsOf(j)[0]!.shape = '3x3')),
  shapeMissing: (d) => editModel(d, (j) => delete weightsOf(j)[0]!.shape),
  shapeSwapped: (d) =>
    editModel(d, (j) => {
      const w = weightsOf(j);
      [w[0]!.shape, w[2]!.shape] = [w[2]!.shape, w[0]!.shape];
    }),
  weightRenamed: (d) => editModel(d, (j) => (weightsOf(j)[0]!.name = 'nope/kernel')),
  danglingInbound: (d) => editModel(d, (j) => (layersOf(j)[1]!.inbound_nodes = [[['nope', 0, 0, {}]]])),
  cycle: (d) => editModel(d, (j) => (layersOf(j)[1]!.inbound_nodes = [[['conv2d_Conv2D2', 0, 0, {}]]])),
  hugeFilters: (d) => editModel(d, (j) => (layersOf(j)[1]!.config.filters = 1e9)),
  unknownLayer: (d) => editModel(d, (j) => (layersOf(j)[1]!.class_name = 'Lambda')),
  outputsNull: (d) => editModel(d, (j) => (topo(j).config.output_layers = null)),
  inputsMissing: (d) => editModel(d, (j) => delete topo(j).config.input_layers),
  allNaN: (d) => writeFileSync(join(d, 'weights.bin'), new Uint8Array(new Float32Array(readFileSync(join(d, 'weights.bin')).byteLength / 4).fill(NaN).buffer)),
  oneInfinity: (d) => {
    const b = readFileSync(join(d, 'weights.bin'));
    b.writeFloatLE(Infinity, 4 * 1000);
    writeFileSync(join(d, 'weights.bin'), b);
  },
  truncated: (d) => writeFileSync(join(d, 'weights.bin'), readFileSync(join(d, 'weights.bin')).subarray(0, 4000)),
  weightsEmpty: (d) => writeFileSync(join(d, 'weights.bin'), ''),
  weightsDevZero: (d) => {
    rmSync(join(d, 'weights.bin'));
    symlinkSync('/dev/zero', join(d, 'weights.bin'));
  },
  weightsFolder: (d) => {
    rmSync(join(d, 'weights.bin'));
    mkdirSync(join(d, 'weights.bin'));
  },
  metaNull: (d) => writeFileSync(join(d, 'meta.json'), 'null'),
  metaTurtle: (d) => editMeta(d, (m) => (m.env = 'turtle')),
  metaSize6: (d) => editMeta(d, (m) => ((m.width = 6), (m.height = 6))),
  metaChannels: (d) => editMeta(d, (m) => ((m.observation as Record<string, unknown>).channels = 3)),
  metaActions: (d) => editMeta(d, (m) => (m.actions = 7)),
  metaSeed: (d) => editMeta(d, (m) => (m.seed = -1)),
};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const topo = (j: Json): Json => j.modelTopology as Json;
const layersOf = (j: Json): Json[] => topo(j).config.layers as Json[];
const weightsOf = (j: Json): Json[] => j.weightsManifest[0].weights as Json[];
function editModel(dir: string, edit: (j: Json) => void): void {
  const j = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as Json;
  edit(j);
  writeFileSync(join(dir, 'model.json'), JSON.stringify(j));
}
function editMeta(dir: string, edit: (m: Json) => void): void {
  const m = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as Json;
  edit(m);
  writeFileSync(join(dir, 'meta.json'), JSON.stringify(m));
}

const rlCases: Case[] = [
  ...Object.keys(RL_CORRUPTIONS).map((k) => ({ label: `generate sd-pcgrl --rl-model ${k}`, args: [...SD, '--rl-model', `<rl:${k}>`] })),
  ...['danglingInbound', 'allNaN', 'shapeString', 'modelJsonNull', 'topologyNull'].map((k) => ({ label: `evaluate sd-pcgrl --rl-model ${k}`, args: [...SD_EVAL, '--temperatures', '0', '--rl-model', `<rl:${k}>`] })),
  { label: 'generate sd-pcgrl --rl-model <missing>', args: [...SD, '--rl-model', '<missing>'] },
  { label: 'generate sd-pcgrl --rl-model /dev/null', args: [...SD, '--rl-model', '/dev/null'] },
  { label: 'generate sd-pcgrl on 6x6 with the 8x8 model', args: [...SD, '--size', '6x6'], says: /8x8/ },
  { label: 'evaluate turtle with the sd-pcgrl model', args: ['evaluate', '--generator', 'turtle', '--count', '2', '--rl-model', RL_MODEL], says: /turtle/ },
  { label: 'train --resume from a corrupt checkpoint', args: ['train', '--minutes', '0.01', '--resume', '--out', '<corruptCheckpoint>', '--quiet'], says: /--resume/ },
  { label: 'train --resume with no checkpoint', args: ['train', '--minutes', '0.01', '--resume', '--out', '<emptyDir>', '--quiet'], says: /--resume/ },
];

// ---- outputs ---------------------------------------------------------------------------------

const UNWRITABLE = ['/dev/full', '<missing>/x.json', '<folder>', '<levels>/x.json', ''];
const outputCases: Case[] = [
  ...UNWRITABLE.flatMap((o) => [
    { label: `generate rsd --out '${o}'`, args: [...GEN.slice(0, -1), o] },
    { label: `generate --target --out '${o}'`, args: [...TARGET.slice(0, -1), o] },
    { label: `generate sd-pcgrl --out '${o}'`, args: [...SD.slice(0, -1), o] },
    { label: `fit-predictor --out '${o}'`, args: [...FIT.slice(0, -1), o] },
    { label: `merge --out '${o}'`, args: ['merge', '<pack>', '<pack>', '--out', o] },
    { label: `export --out '${o}'`, args: ['export', '<pack>', '--format', 'json', '--out', o] },
  ]),
  ...['/dev/zero', '<missing>', '<folder>', '<brokenPack>', '<manyBroken>'].map((f) => ({ label: `export ${f}`, args: ['export', f, '--format', 'csv', '--out', OUT] })),
  { label: 'export --format exe', args: ['export', '<pack>', '--format', 'exe', '--out', OUT] },
  ...['/dev/full', '<levels>', '<levels>/sub', '/dev/full/x'].map((o) => ({ label: `train --out '${o}'`, args: ['train', '--minutes', '0.01', '--quiet', '--out', o] })),
  { label: 'generate rsd to /dev/full says the disk is full', args: [...GEN.slice(0, -1), '/dev/full'], says: /no space left/ },
  { label: 'fit-predictor --out a folder says so', args: [...FIT.slice(0, -1), '<folder>'], says: /is a folder/ },
];

// ---- the command line itself -----------------------------------------------------------------

const commandCases: Case[] = [
  { label: 'unknown command', args: ['frobnicate'] },
  { label: 'unknown option', args: [...EVAL, '--frobnicate'] },
  { label: 'missing --count', args: ['evaluate', '--generator', 'rsd'] },
  { label: 'missing --out', args: ['generate', '--generator', 'rsd', '--count', '5'] },
  { label: 'missing --generator', args: ['evaluate', '--count', '5'] },
  { label: 'unknown generator', args: ['evaluate', '--generator', 'dqn', '--count', '5'] },
  { label: 'generate turtle', args: ['generate', '--generator', 'turtle', '--count', '5', '--out', OUT] },
  { label: 'analyze without a file', args: ['analyze'] },
  { label: 'analyze with two files', args: ['analyze', '<levels>', '<levels>'] },
  { label: 'merge without files', args: ['merge', '--out', OUT] },
  { label: 'option without its value', args: ['evaluate', '--generator', 'rsd', '--count'] },
  { label: 'evaluate --max-states with sd-pcgrl', args: [...SD_EVAL, '--max-states', '100'], says: /--max-states is for rpu and rsd evaluations/ },
  { label: 'evaluate --max-states 0', args: [...EVAL, '--max-states', '0'], says: /--max-states/ },
];

const BAD_CASES: readonly Case[] = [...numberCases, ...fileCases, ...rlCases, ...outputCases, ...commandCases];

/** Odd but legal inputs: they may succeed, but what they write must load again. */
const EDGE_CASES: readonly Case[] = [
  { label: 'merge of two packs whose levels share a 100-character id', args: ['merge', '<id100a>', '<id100b>', '--out', OUT] },
  { label: 'merge of a pack with itself and a pack sharing its 100-character id', args: ['merge', '<id100a>', '<id100b>', '<id100a>', '<id100b2>', '--out', OUT] },
  { label: 'merge with a 500-character --name', args: ['merge', '<id100a>', '--name', 'n'.repeat(500), '--out', OUT] },
  { label: 'fit-predictor on a valid CSV', args: [...FIT] },
  { label: 'fit-predictor on a CSV with huge but finite seconds (1e150)', args: ['fit-predictor', '--data', '<csv1e150>', '--out', OUT] },
  { label: 'fit-predictor --method ols on a CSV of identical labels', args: ['fit-predictor', '--data', '<csvFlat>', '--method', 'ols', '--out', OUT] },
  { label: 'generate rsd 3x3', args: ['generate', '--generator', 'rsd', '--count', '50', '--size', '3x3', '--out', OUT] },
  { label: 'generate --target 0 on 3x3', args: ['generate', '--target', '0', '--size', '3x3', '--count', '2', '--out', OUT] },
  { label: 'generate --target 500 (out of reach)', args: ['generate', '--target', '500', '--count', '1', '--size', '4x4', '--out', OUT] },
  { label: 'generate sd-pcgrl --start-cell 63 --temperature 1', args: [...SD, '--start-cell', '63', '--temperature', '1'] },
];

/** Files the tables refer to as <name>. */
function makeFiles(): Record<string, string> {
  const f: Record<string, string> = {};
  const put = (name: string, data: string | Uint8Array): void => {
    f[name] = T(name);
    writeFileSync(f[name], data);
  };
  put('levels', '; a\nC..\n...\n...\n');
  put('pack', JSON.stringify({ format: 'longcat-pack', version: 1, name: 'p', levels: [{ id: 'a', name: 'a', rows: ['C..', '...', '...'] }] }));
  f.missing = T('does-not-exist');
  f.folder = T('a-folder');
  mkdirSync(f.folder);
  put('empty', '');
  put('big21', Buffer.alloc(21 * 1024 * 1024, '.'));
  put('binary', new Uint8Array(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)));
  put('ragged', 'C...\n..\n....\n');
  put('twoHeads', 'C.C\n...\n...\n');
  put('noHead', '...\n...\n...\n');
  put('tooWide', Array.from({ length: 3 }, () => 'C'.padEnd(17, '.')).join('\n'));
  put('jsonNull', 'null');
  put('jsonArray', '[1,2,3]');
  put('packV9', JSON.stringify({ format: 'longcat-pack', version: 9, name: 'p', levels: [] }));
  put('brokenPack', JSON.stringify({ format: 'longcat-pack', version: 1, name: 'p', levels: [{ id: 'a' }] }));
  put('nulBytes', 'C..\n.\u0000.\n...\n');
  put('manyBroken', JSON.stringify({ format: 'longcat-pack', version: 1, name: 'p', levels: Array.from({ length: 10_001 }, () => ({ id: 'x', name: 5, rows: ['CC'] })) }));
  const dm = (name: string, edit: (m: Json) => void): void => {
    const m = JSON.parse(JSON.stringify(shippedModel)) as Json;
    edit(m);
    put(name, JSON.stringify(m));
  };
  dm('dmScaleZero', (m) => (m.scales[0] = 0));
  dm('dmTinyScale', (m) => (m.scales[1] = 1e-320));
  dm('dmHugeCoef', (m) => (m.coefficients[2] = 1e308));
  dm('dmMissing', (m) => delete m.intercept);
  dm('dmLengths', (m) => m.means.push(1));
  put('dmBig', JSON.stringify({ ...shippedModel, padding: 'x'.repeat(2 * 1024 * 1024) }));
  put('dmInfinityText', JSON.stringify(shippedModel).replace(/"intercept":[^,]+/, '"intercept":Infinity'));
  const rows = PROBE_LEVELS.flatMap((l) => [l.rows.join('/'), l.rows.map((r) => [...r].reverse().join('')).join('/')]);
  const csv = (seconds: (i: number) => string): string => 'level,avgCompletionSeconds\n' + rows.map((r, i) => `${r},${seconds(i)}`).join('\n') + '\n';
  put('csv', csv((i) => String(10 + 3 * i)));
  put('csv1e308', csv((i) => `${1 + (i % 7)}e308`.replace(/^(\d)e308$/, '1.$1e308')));
  put('csv1e150', csv((i) => `${1 + i}e150`));
  put('csvFlat', csv(() => '12'));
  put('csvFew', csv((i) => String(i)).split('\n').slice(0, 5).join('\n'));
  put('csvAllBad', 'level,avgCompletionSeconds\nC..,x\nfoo,1\n,,\n');
  put('csvManyBad', 'level,avgCompletionSeconds\n' + 'C.C/.../...,-1\n'.repeat(20_000));
  const id100 = 'i'.repeat(100);
  const idPack = (name: string, levels: string[][]): void =>
    put(name, JSON.stringify({ format: 'longcat-pack', version: 1, name, levels: levels.map((r, i) => ({ id: i === 0 ? id100 : `${id100.slice(0, 98)}-${i}`, name: 'x', rows: r })) }));
  idPack('id100a', [['C..', '...', '...']]);
  idPack('id100b', [['.C.', '...', '...'], ['..C', '...', '...']]);
  idPack('id100b2', [['...', 'C..', '...'], ['...', '.C.', '...']]);
  // RL model folders, each a copy of the shipped model with one corruption.
  for (const [k, spoil] of Object.entries(RL_CORRUPTIONS)) {
    const dir = T(`rl-${k}`);
    cpSync(RL_MODEL, dir, { recursive: true });
    spoil(dir);
    f[`rl:${k}`] = dir;
  }
  const checkpoint = T('corrupt-train');
  mkdirSync(join(checkpoint, 'checkpoint'), { recursive: true });
  cpSync(RL_MODEL, join(checkpoint, 'checkpoint'), { recursive: true });
  writeFileSync(join(checkpoint, 'checkpoint', 'optimizer.json'), '{"broken":');
  writeFileSync(join(checkpoint, 'checkpoint', 'optimizer.bin'), 'abc');
  f.corruptCheckpoint = checkpoint;
  f.emptyDir = T('empty-train');
  mkdirSync(f.emptyDir);
  f.csv = f.csv!;
  return f;
}

let files: Record<string, string> = {};
let caseNo = 0;

/** The case's arguments with placeholders filled in; `out` is this case's own output path. */
function resolveArgs(args: readonly string[], out: string): string[] {
  return args.map((a) =>
    a === OUT
      ? out
      : a === '<trainOut>'
        ? `${out}.dir`
        : a.replace(/<([^>]+)>/g, (_, name: string) => {
            const path = files[name];
            if (path === undefined) throw new Error(`no test file <${name}>`);
            return path;
          }),
  );
}

function expectNoTrace(r: CliRun, label: string): void {
  expect(r.stderr, `${label}: a stack trace`).not.toMatch(STACK_TRACE);
  expect(r.stdout, `${label}: a stack trace on stdout`).not.toMatch(STACK_TRACE);
  // Fails fast: bounded in CPU time (wall time here depends on the machine's load).
  expect(r.cpuSeconds, `${label}: took ${r.cpuSeconds.toFixed(1)} CPU-s`).toBeLessThan(30);
}

/** Every file the run wrote must load with the studio's loaders. */
function expectLoadable(out: string, label: string): void {
  if (!existsSync(out)) return;
  const text = readFileSync(out, 'utf8');
  if (text.includes('"longcat-pack"')) {
    const r = importPack(text);
    expect(r.ok, `${label}: wrote a pack that does not load: ${r.ok ? '' : JSON.stringify(r.error.slice(0, 3))}`).toBe(true);
  } else {
    const r = parseDifficultyModel(text);
    expect(r.ok, `${label}: wrote a model that does not load: ${r.ok ? '' : JSON.stringify(r.error.slice(0, 3))}`).toBe(true);
  }
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'longcat-bad-cli-'));
  mkdirSync(T('out'));
  files = makeFiles();
});
afterAll(() => {
  if (tmp !== '') rmSync(tmp, { recursive: true, force: true });
});

describe('bad command lines: one clear line, no trace, nothing written', () => {
  it('the tables hold at least 150 bad invocations', () => {
    expect(BAD_CASES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(BAD_CASES.map((c) => c.label)).size).toBe(BAD_CASES.length);
  });

  it.each(BAD_CASES.map((c) => [c.label, c] as const))('%s', async (label, c) => {
    const out = T(`out/${++caseNo}.json`);
    const r = await runCli(resolveArgs(c.args, out));
    expectNoTrace(r, label);
    expect([1, 2, 3], `${label}: exit ${r.status}; stderr: ${r.stderr.slice(0, 300)}`).toContain(r.status);
    expect(r.stdout, `${label}: stdout`).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines.at(-1), `${label}: stderr ends with a newline`).toBe('');
    expect(lines.at(-2), `${label}: the last line says what is wrong`).toMatch(/^error: \S/);
    expect(lines.length, `${label}: ${lines.length - 1} lines on stderr`).toBeLessThanOrEqual(103);
    expect(lines.at(-2)!.length, `${label}: the error line is ${lines.at(-2)!.length} characters`).toBeLessThan(40_000);
    if (c.says) expect(r.stderr, label).toMatch(c.says);
    expect(existsSync(out), `${label}: left ${out} behind`).toBe(false);
    expect(existsSync(`${out}.dir/model.json`), `${label}: wrote a model`).toBe(false);
  });
});

describe('odd but legal command lines: whatever is written loads again', () => {
  it.each(EDGE_CASES.map((c) => [c.label, c] as const))('%s', async (label, c) => {
    const out = T(`out/${++caseNo}.json`);
    const r = await runCli(resolveArgs(c.args, out));
    expectNoTrace(r, label);
    expect([0, 1, 2, 3], `${label}: exit ${r.status}; stderr: ${r.stderr.slice(0, 300)}`).toContain(r.status);
    if (r.status === 0) expect(existsSync(out), `${label}: exit 0 but nothing written`).toBe(true);
    else expect(r.stderr.split('\n').at(-2), label).toMatch(/^error: \S/);
    expectLoadable(out, label);
  });

  it('merge keeps both levels of a 100-character id and shortens the suffixed one to 100', async () => {
    const out = T('out/merge-ids.json');
    const r = await runCli(resolveArgs(['merge', '<id100a>', '<id100b>', '--out', out], out));
    expect(r.status, r.stderr).toBe(0);
    const p = importPack(readFileSync(out, 'utf8'));
    if (!p.ok) throw new Error(JSON.stringify(p.error));
    const ids = p.value.pack.levels.map((l) => l.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(100);
  });

  it('fit-predictor on 1e308 seconds leaves an existing --out as it was', async () => {
    const out = T('out/existing-model.json');
    writeFileSync(out, JSON.stringify(shippedModel));
    const r = await runCli(resolveArgs(['fit-predictor', '--data', '<csv1e308>', '--out', out], out));
    expect(r.status).not.toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(JSON.stringify(shippedModel));
  });

  it('every corrupt SD-PCGRL folder is refused by the shared check (the one the studio runs) without tfjs', () => {
    for (const k of Object.keys(RL_CORRUPTIONS)) {
      const dir = files[`rl:${k}`]!;
      const read = (name: string): string | null => {
        try {
          return readFileSync(join(dir, name), 'utf8');
        } catch {
          return null;
        }
      };
      const modelJson = read('model.json'), meta = read('meta.json');
      let weights: Uint8Array | null = null;
      try {
        weights = k === 'weightsDevZero' ? new Uint8Array(70 * 1024 * 1024) : new Uint8Array(readFileSync(join(dir, 'weights.bin')));
      } catch {
        weights = null;
      }
      if (modelJson === null || meta === null || weights === null) continue; // a missing file: the CLI's read refuses it
      const r = checkModelFiles({ modelJson, meta, weights });
      expect(r.ok, k).toBe(false);
    }
    const shipped = checkModelFiles({ modelJson: readFileSync(join(RL_MODEL, 'model.json'), 'utf8'), meta: readFileSync(join(RL_MODEL, 'meta.json'), 'utf8'), weights: new Uint8Array(readFileSync(join(RL_MODEL, 'weights.bin'))) });
    expect(shipped.ok).toBe(true);
  });
});

describe('standard input, in a real process', () => {
  const run = (args: string[], input: string | Buffer) =>
    spawnCpuBudget(process.execPath, ['--import', 'tsx', 'src/cli/longcat.ts', ...args], { cwd: ROOT, input, cpuSeconds: 60, maxBuffer: 1 << 24 });

  it.skipIf(!existsSync(join(ROOT, 'node_modules/tsx')))('analyze - with 21 MiB on stdin stops at the limit with one line', () => {
    const r = run(['analyze', '-'], Buffer.alloc(21 * 1024 * 1024, '.'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: standard input is over 20 MiB[^\n]*\n$/);
  });

  it.skipIf(!existsSync(join(ROOT, 'node_modules/tsx')))('merge - with text that is not a pack on stdin: one line', () => {
    const r = run(['merge', '-', '--out', T('out/stdin-merge.json')], 'not json');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: standard input is not a valid level pack[^\n]*\n$/);
    expect(existsSync(T('out/stdin-merge.json'))).toBe(false);
  });
});

describe('internal errors', () => {
  const capture = (run: () => number): { code: number; stderr: string } => {
    let stderr = '';
    const write = process.stderr.write;
    process.stderr.write = ((s: string) => ((stderr += s), true)) as typeof write;
    try {
      return { code: run(), stderr };
    } finally {
      process.stderr.write = write;
    }
  };

  it('print one line with exit 70, and the stack only with --debug', () => {
    const e = new Error('boom\nsecond line');
    const plain = capture(() => reportError(e, false));
    expect(plain.code).toBe(INTERNAL_ERROR_EXIT);
    expect(plain.stderr).toBe('error: internal error: boom second line (run again with --debug for the details)\n');
    const debug = capture(() => reportError(e, true));
    expect(debug.stderr).toMatch(STACK_TRACE);
    expect(debug.stderr.split('\n').at(-2)).toBe('error: internal error: boom second line');
  });
});

/**
 * Files the package ships (models, the player template, its sources), found
 * relative to the package rather than the working folder, so an installed
 * `longcat` works from any folder. The package root is the nearest ancestor
 * of this module holding a `package.json` named `longcat-studio`: from the
 * bundle (`build/cli/longcat.mjs`, `build/cli/chunks/*.mjs`), from the
 * sources under tsx or Vitest (`src/cli/*.ts`) and from an installed copy
 * (`node_modules/longcat-studio/build/cli/...`) alike.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's name in its package.json. */
export const PACKAGE_NAME = 'longcat-studio';

function isPackageRoot(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

/** The package root above `from` (default: this module's folder), or null when none is found within 8 levels. */
export function findPackageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from, i = 0; i < 8; i++) {
    if (isPackageRoot(dir)) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return null;
}

let cachedRoot: string | null | undefined;

/** {@link findPackageRoot} of this module, looked up once. */
export function packageRoot(): string | null {
  if (cachedRoot === undefined) cachedRoot = findPackageRoot();
  return cachedRoot;
}

/**
 * The absolute path of a shipped file or folder given relative to the
 * package root (`models/sd-pcgrl-8x8`); the relative path itself when no
 * package root is found (then it is read from the working folder, as before).
 */
export function shippedPath(relative: string): string {
  const root = packageRoot();
  return root === null ? relative : join(root, relative);
}

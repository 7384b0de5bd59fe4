// mantine-styles.css lists Mantine's styles per component, not all of them: every component the app imports from
// @mantine/core that has styles of its own must be there, or it shows unstyled.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const source = import.meta.dirname;
const mantineStyles = path.join(path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
const listed = readFileSync(path.join(source, 'mantine-styles.css'), 'utf8');

/** The app's own modules (not its tests). */
const appModules = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return appModules(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

/** The values a module imports from @mantine/core, by name (types and aliases aside). */
const mantineImports = (code: string): string[] =>
  [...code.matchAll(/import\s+\{([^}]*)\}\s+from\s+'@mantine\/core'/g)].flatMap(([, names]) =>
    names!
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0]!)
      .filter((name) => name !== '' && !name.startsWith('type ')),
  );

describe('mantine-styles.css', () => {
  const components = [...new Set(appModules(source).flatMap((file) => mantineImports(readFileSync(file, 'utf8'))))].sort();

  it('finds the components the app imports', () => {
    expect(components).toContain('Button');
  });

  it.each(components.filter((component) => existsSync(path.join(mantineStyles, `${component}.css`))))('has the styles of %s', (component) => {
    expect(listed).toContain(`'@mantine/core/styles/${component}.css'`);
  });

  it('lists only style files Mantine has', () => {
    for (const [, file] of listed.matchAll(/@import '@mantine\/core\/styles\/([^']+)'/g)) expect(existsSync(path.join(mantineStyles, file!))).toBe(true);
  });
});

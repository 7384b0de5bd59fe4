import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstScreenScripts } from './first-screen';

describe('firstScreenScripts', () => {
  it('counts the entry, its preloads and static imports, not the chunks loaded later', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'first-screen-'));
    mkdirSync(path.join(dist, 'assets'));
    const files: Record<string, string> = {
      'index.html': '<script src="/early.js"></script><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-b.js">',
      'early.js': 'globalThis.x=1;',
      'assets/index-a.js': 'import{a as b,c$ as d}from"./vendor-b.js";import"./style-c.js";const p=()=>import("./later-d.js");',
      'assets/vendor-b.js': 'export const a=1;',
      'assets/style-c.js': 'console.log(1)',
      'assets/later-d.js': 'import"./later-e.js";',
    };
    for (const [file, code] of Object.entries(files)) writeFileSync(path.join(dist, file), code);
    const measured = firstScreenScripts(dist);
    expect(measured.files.map((f) => f.file).sort()).toEqual(['assets/index-a.js', 'assets/style-c.js', 'assets/vendor-b.js', 'early.js']);
    const gzip = (file: string) => gzipSync(Buffer.from(files[file]!)).length;
    expect(measured.totalGzipBytes).toBe(gzip('early.js') + gzip('assets/index-a.js') + gzip('assets/vendor-b.js') + gzip('assets/style-c.js'));
  });
});

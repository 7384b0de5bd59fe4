import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleWebBuild } from './web-build';

const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

const repo = () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  mkdirSync(path.join(root, 'web/src/features'), { recursive: true });
  const source = path.join(root, 'web/src/features/page.tsx');
  writeFileSync(source, 'export {}');
  at(source, 1_000);
  at(path.join(root, 'web/src/features'), 1_000);
  at(path.join(root, 'web/src'), 1_000);
  return { root, source };
};

const build = (root: string, seconds: number) => {
  mkdirSync(path.join(root, 'web/dist'), { recursive: true });
  writeFileSync(path.join(root, 'web/dist/index.html'), '<!doctype html>');
  at(path.join(root, 'web/dist/index.html'), seconds);
};

describe('staleWebBuild', () => {
  it('asks for a build when there is none', () => {
    expect(staleWebBuild(repo().root)).toBe('there is no build yet');
  });

  it('is satisfied by a build newer than every source', () => {
    const { root } = repo();
    build(root, 2_000);
    expect(staleWebBuild(root)).toBeUndefined();
  });

  it('names what changed when a source, however deep, is newer than the build', () => {
    const { root, source } = repo();
    build(root, 2_000);
    at(source, 3_000);
    expect(staleWebBuild(root)).toBe('web/src changed since the last build');
  });

  it('notices a file deleted since the build (its folder changed)', () => {
    const { root } = repo();
    build(root, 2_000);
    at(path.join(root, 'web/src/features'), 3_000);
    expect(staleWebBuild(root)).toBe('web/src changed since the last build');
  });
});

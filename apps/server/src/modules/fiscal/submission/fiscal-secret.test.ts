import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFiscalSecret } from './fiscal-secret.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the fiscal secret of a data folder', () => {
  it('is made once, kept 0600, and every later start (another process too) reads the same key', () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'fiscal-secret-')), 'data');
    folders.push(path.dirname(dataDir));
    const first = loadFiscalSecret({ dataDir });
    expect(first).toHaveLength(32);
    expect(loadFiscalSecret({ dataDir }).equals(first)).toBe(true);
    expect(statSync(path.join(dataDir, 'fiscal-secret.key')).mode & 0o777).toBe(0o600);
  });
});

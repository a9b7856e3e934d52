import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The AEAT's schemas, copied unchanged from ../shared/data/aeat (see aeat-xsd/README.md).
export const XSD_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'aeat-xsd');

export type AeatSchema = 'SuministroLR.xsd' | 'SuministroInformacion.xsd';

/**
 * Validates a document against one of the AEAT schemas with Debian's xmllint (`libxml2-utils`): '' when
 * valid, else xmllint's errors. Used by the tests and by the agency simulator, which refuses what the
 * agency would.
 */
export async function xsdErrorsOf(document: string, schema: AeatSchema): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'fiscal-xml-'));
  try {
    const file = path.join(folder, 'document.xml');
    await writeFile(file, document);
    return await new Promise<string>((resolve, reject) => {
      execFile(
        'xmllint',
        ['--noout', '--schema', path.join(XSD_FOLDER, schema), file],
        (error, _stdout, stderr) => {
          if (!error) resolve('');
          else if (typeof error.code === 'number') resolve(stderr || String(error));
          else reject(error);
        },
      );
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

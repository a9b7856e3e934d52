import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { BIND_HOST, VERSION, startPrintHelper } from './print-helper.ts';

/** `npm start` (or `npm run print-helper` in the repository): the helper with its configuration. */
const helperDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = loadConfig(process.env, helperDir);
const helper = await startPrintHelper(config);

const printers = Object.entries(config.printers).map(([name, printer]) => {
  const { transport } = printer;
  const target =
    transport.type === 'tcp'
      ? `tcp://${transport.host}:${transport.port}`
      : `${transport.type}:${transport.path}`;
  return `${name} (${target}${name === config.defaultPrinter ? ', default' : ''})`;
});
console.log(`Sobremesa print helper ${VERSION} listening on ws://${BIND_HOST}:${helper.port}`);
console.log(printers.length ? `Printers: ${printers.join(', ')}` : 'No printers configured: see README.md');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void helper.close().then(() => process.exit(0));
  });
}

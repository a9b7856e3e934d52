import { describe, expect, it } from 'vitest';
import { encodeText } from './codepages.ts';
import { COMMANDS, renderDrawerPulse, renderTicket } from './escpos.ts';

const cp858 = { codepage: 'cp858', columns: 48 } as const;

function indexOf(haystack: Buffer, needle: Buffer | readonly number[], from = 0): number {
  return haystack.indexOf(Buffer.from(needle), from);
}

describe('ESC/POS rendering', () => {
  it('starts with ESC @ and selects PC858 (ESC t 19), and ends the ticket with a cut (GS V)', () => {
    const bytes = renderTicket({ lines: [{ text: 'Casa Pepe' }] }, cp858);
    expect([...bytes.subarray(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19]);
    expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 0x42, 0x00]);
    expect(indexOf(bytes, Buffer.from('Casa Pepe'))).toBeGreaterThan(4);
  });

  it('writes the euro sign, ñ and Spanish accents in the PC858 table', () => {
    expect([...encodeText('12,50 €', 'cp858')]).toEqual([...Buffer.from('12,50 '), 0xd5]);
    expect([...encodeText('Ñoquis añejos', 'cp858')]).toEqual([
      0xa5,
      ...Buffer.from('oquis a'),
      0xa4,
      ...Buffer.from('ejos'),
    ]);
    expect([...encodeText('¿Café? ¡Sí! 1º 2ª', 'cp858')]).toEqual([
      0xa8,
      ...Buffer.from('Caf'),
      0x82,
      ...Buffer.from('? '),
      0xad,
      ...Buffer.from('S'),
      0xa1,
      ...Buffer.from('! 1'),
      0xa7,
      ...Buffer.from(' 2'),
      0xa6,
    ]);
    // Decomposed accents (as some keyboards and databases store them) print as the same letter.
    expect([...encodeText('Jose\u0301', 'cp858')]).toEqual([...Buffer.from('Jos'), 0x82]);
  });

  it('spells the euro out on PC850 printers, which lack it, and selects table 2', () => {
    const bytes = renderTicket(
      { lines: [{ text: 'Total', right: '9,00 €' }] },
      { codepage: 'pc850', columns: 32 },
    );
    expect([...bytes.subarray(2, 5)]).toEqual([0x1b, 0x74, 2]);
    expect(indexOf(bytes, Buffer.from('9,00 EUR'))).toBeGreaterThan(0);
    expect(bytes.includes(0xd5)).toBe(false);
  });

  it('never lets text smuggle a printer command in', () => {
    expect([...encodeText('a\x1bp\x00\x19b\n', 'cp858')]).toEqual([0x61, 0x3f, 0x70, 0x3f, 0x3f, 0x62, 0x3f]);
  });

  it('prints headings bold and large, and lays out an amount on the right of its line', () => {
    const bytes = renderTicket(
      {
        lines: [
          { text: 'CASA PEPE', bold: true, size: 'large', align: 'center' },
          { separator: true },
          { text: '2 x Croquetas', right: '12,00 €' },
        ],
      },
      cp858,
    );
    const heading = indexOf(bytes, Buffer.from('CASA PEPE'));
    const styled = bytes.subarray(heading - 9, heading);
    expect([...styled]).toEqual([0x1b, 0x61, 1, 0x1b, 0x45, 1, 0x1d, 0x21, 0x11]);
    expect(indexOf(bytes, Buffer.alloc(48, 0x2d))).toBeGreaterThan(heading);
    const row = Buffer.concat([
      Buffer.from('2 x Croquetas'),
      Buffer.alloc(28, 0x20),
      Buffer.from('12,00 '),
      Buffer.from([0xd5]),
    ]);
    expect(row.length).toBe(48);
    expect(indexOf(bytes, row)).toBeGreaterThan(0);
  });

  it('moves an amount that does not fit to the next line instead of cutting the name', () => {
    const name = 'Solomillo de ternera con salsa de setas y patatas';
    const bytes = renderTicket(
      { lines: [{ text: name, right: '24,50 €' }] },
      { codepage: 'cp858', columns: 32 },
    );
    const expected = Buffer.concat([
      Buffer.from(name),
      Buffer.from([0x0a]),
      Buffer.alloc(25, 0x20),
      Buffer.from('24,50 '),
      Buffer.from([0xd5]),
    ]);
    expect(indexOf(bytes, expected)).toBeGreaterThan(0);
  });

  it('prints plain text line by line, as bill/print-info lays it out', () => {
    const bytes = renderTicket({ text: 'Factura simplificada A-12\r\nTotal 9,00 €\n' }, cp858);
    expect(indexOf(bytes, Buffer.from('Factura simplificada A-12\n'))).toBeGreaterThan(0);
    expect(
      indexOf(bytes, Buffer.concat([Buffer.from('Total 9,00 '), Buffer.from([0xd5, 0x0a])])),
    ).toBeGreaterThan(0);
  });

  it('cuts after every copy and pulses the drawer only after the last cut', () => {
    const bytes = renderTicket({ lines: [{ text: 'Ticket' }], copies: 2, openCashDrawer: true }, cp858);
    const firstCut = indexOf(bytes, COMMANDS.cut);
    const secondCut = indexOf(bytes, COMMANDS.cut, firstCut + 1);
    expect(firstCut).toBeGreaterThan(0);
    expect(secondCut).toBeGreaterThan(firstCut);
    expect(indexOf(bytes, Buffer.from('Ticket'), firstCut)).toBeGreaterThan(firstCut);
    expect([...bytes.subarray(-5)]).toEqual([0x1b, 0x70, 0x00, 0x19, 0xfa]);
    expect(indexOf(renderTicket({ lines: [{ text: 'Ticket' }] }, cp858), COMMANDS.drawerPulse)).toBe(-1);
  });

  it('opens the drawer alone with ESC p and prints nothing', () => {
    expect([...renderDrawerPulse()]).toEqual([0x1b, 0x40, 0x1b, 0x70, 0x00, 0x19, 0xfa]);
  });
});

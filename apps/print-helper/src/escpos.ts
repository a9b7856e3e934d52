import { CODEPAGES, encodeText, type CodepageName } from './codepages.ts';
import type { TicketLine } from './protocol.ts';

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

/** The ESC/POS commands used (Epson TM command set, which nearly every receipt printer follows). */
export const COMMANDS = {
  /** ESC @: clears whatever a previous job left set (styles, codepage). */
  initialize: Buffer.from([ESC, 0x40]),
  /**
   * GS V 66 0: feed to the cutter and cut partially, so the ticket hangs from the printer instead of
   * falling on the counter. Spec §7: cut after print.
   */
  cut: Buffer.from([GS, 0x56, 0x42, 0x00]),
  /**
   * ESC p 0 25 250: a 50 ms pulse on drawer pin 2, then 500 ms off; the usual wiring of a cash drawer's
   * RJ-11 cable into the printer.
   */
  drawerPulse: Buffer.from([ESC, 0x70, 0x00, 0x19, 0xfa]),
} as const;

const selectCodepage = (codepage: CodepageName) => Buffer.from([ESC, 0x74, CODEPAGES[codepage].escPosTable]);
const bold = (on: boolean) => Buffer.from([ESC, 0x45, on ? 1 : 0]);
/** GS ! n: 0x11 is double width and double height. */
const size = (large: boolean) => Buffer.from([GS, 0x21, large ? 0x11 : 0x00]);
const ALIGNMENTS = { left: 0, center: 1, right: 2 } as const;
const align = (alignment: keyof typeof ALIGNMENTS) => Buffer.from([ESC, 0x61, ALIGNMENTS[alignment]]);
const SPACE = 0x20;

export interface RenderOptions {
  readonly codepage: CodepageName;
  /** Characters per line at normal size: 48 on 80 mm paper, 32 on 58 mm. */
  readonly columns: number;
}

export interface TicketContent {
  readonly lines?: readonly TicketLine[] | undefined;
  readonly text?: string | undefined;
  readonly copies?: number | undefined;
  readonly qr?: string | undefined;
  readonly reviewQr?: { readonly url: string; readonly caption: string } | undefined;
  readonly openCashDrawer?: boolean | undefined;
}

/** A left text and a right column on one line; when both do not fit, the right column goes below. */
function twoColumns(left: Buffer, right: Buffer, columns: number): Buffer {
  const gap = columns - left.length - right.length;
  if (gap >= 1) return Buffer.concat([left, Buffer.alloc(gap, SPACE), right]);
  const indent = Math.max(columns - right.length, 0);
  return Buffer.concat([left, Buffer.from([LF]), Buffer.alloc(indent, SPACE), right]);
}

function renderLine(line: TicketLine, options: RenderOptions): Buffer {
  if ('separator' in line) {
    return Buffer.concat([
      align('left'),
      bold(false),
      size(false),
      Buffer.alloc(options.columns, 0x2d),
      Buffer.from([LF]),
    ]);
  }
  const large = line.size === 'large';
  // Double-width characters take two columns each.
  const columns = large ? Math.floor(options.columns / 2) : options.columns;
  const left = encodeText(line.text, options.codepage);
  const body =
    line.right === undefined ? left : twoColumns(left, encodeText(line.right, options.codepage), columns);
  return Buffer.concat([
    align(line.right === undefined ? (line.align ?? 'left') : 'left'),
    bold(line.bold ?? false),
    size(large),
    body,
    Buffer.from([LF]),
  ]);
}

/** GS ( k: a 2D-code function of symbol 49 (QR); `parameters` follow `cn fn`. */
const qrFunction = (fn: number, parameters: readonly number[] | Buffer) => {
  const length = parameters.length + 2;
  return Buffer.concat([
    Buffer.from([GS, 0x28, 0x6b, length & 0xff, length >> 8, 0x31, fn]),
    Buffer.from(parameters),
  ]);
};

/**
 * The VERI*FACTU QR printed by the printer itself (Orden HAC/1177/2024 art. 21): model 2, 6-dot modules
 * (about 35 mm on 203 dpi paper for the AEAT URL), error correction M, stored then printed, centred, with
 * "QR tributario:" above and "VERI*FACTU" below.
 */
export function renderQr(data: string, codepage: CodepageName): Buffer {
  return Buffer.concat([
    align('center'),
    bold(false),
    size(false),
    encodeText('QR tributario:', codepage),
    Buffer.from([LF]),
    qrSymbol(data, 6),
    Buffer.from([LF]),
    encodeText('VERI*FACTU', codepage),
    Buffer.from([LF]),
  ]);
}

/** A QR symbol: model 2, `moduleDots` a module, error correction M, stored then printed. */
function qrSymbol(data: string, moduleDots: number): Buffer {
  return Buffer.concat([
    qrFunction(0x41, [0x32, 0x00]), // fn 165: model 2
    qrFunction(0x43, [moduleDots]), // fn 167: module size in dots
    qrFunction(0x45, [0x31]), // fn 169: error correction level M
    qrFunction(0x50, Buffer.concat([Buffer.from([0x30]), Buffer.from(data, 'utf8')])), // fn 180: store
    qrFunction(0x51, [0x30]), // fn 181: print the stored symbol
  ]);
}

/**
 * The guest review QR (issue 26), after the fiscal one and smaller (4-dot modules, about 2 cm for the
 * review URL): its line ("Valora tu visita") above, centred.
 */
export function renderReviewQr(review: { url: string; caption: string }, codepage: CodepageName): Buffer {
  return Buffer.concat([
    align('center'),
    bold(false),
    size(false),
    Buffer.from([LF]),
    encodeText(review.caption, codepage),
    Buffer.from([LF]),
    qrSymbol(review.url, 4),
    Buffer.from([LF]),
  ]);
}

function linesOf(content: TicketContent): readonly TicketLine[] {
  if (content.lines) return content.lines;
  // Plain text (the `escPosText` of bill/print-info) comes laid out already: one ticket line per text line.
  return (content.text ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n$/, '')
    .split('\n')
    .map((text) => ({ text }));
}

/**
 * A ticket as the bytes a printer receives: initialise, select the codepage, the lines with their styles,
 * cut after each copy (no logo: nothing is stored in or sent to the printer's image memory), and the drawer
 * pulse last when asked for.
 */
export function renderTicket(content: TicketContent, options: RenderOptions): Buffer {
  const lines = linesOf(content).map((line) => renderLine(line, options));
  if (content.qr) lines.push(renderQr(content.qr, options.codepage));
  if (content.reviewQr) lines.push(renderReviewQr(content.reviewQr, options.codepage));
  const body = Buffer.concat(lines);
  const copy = Buffer.concat([body, bold(false), size(false), align('left'), COMMANDS.cut]);
  const parts: Buffer[] = [COMMANDS.initialize, selectCodepage(options.codepage)];
  for (let index = 0; index < (content.copies ?? 1); index += 1) parts.push(copy);
  if (content.openCashDrawer) parts.push(COMMANDS.drawerPulse);
  return Buffer.concat(parts);
}

/** Opening the cash drawer alone (OPEN_CASH_DRAWER): initialise, then the pulse; nothing is printed. */
export function renderDrawerPulse(): Buffer {
  return Buffer.concat([COMMANDS.initialize, COMMANDS.drawerPulse]);
}

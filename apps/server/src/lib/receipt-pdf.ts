import PDFDocument from 'pdfkit';

/** Where a receipt PDF's next line goes: the ticket's 48 Courier columns, centred on an A4 page. */
export interface ReceiptCursor {
  readonly document: PDFKit.PDFDocument;
  /** The column's left edge and width, and one line's height, in points. */
  readonly x: number;
  readonly width: number;
  readonly lineHeight: number;
  /** The first line's top and the last line's top on a page. */
  readonly top: number;
  readonly bottom: number;
  y: number;
}

const FONT_SIZE = 10;
/** 48 Courier characters at 10 pt are 288 pt wide. */
const COLUMNS = 48;

export interface ReceiptPdfOptions {
  /** Draws more below the lines (the bill's QR codes) before the document is closed. */
  readonly after?: (cursor: ReceiptCursor) => void;
  /** A word stamped big and red across every page, over the text (a cancelled invoice's "ANULADA"). */
  readonly stamp?: string;
}

/**
 * A printed ticket's lines as a PDF (the bill, the Z report): the same 48-column layout the printer gets, in
 * Courier on A4, text kept as text (pdftotext reads it back), a new page whenever one is full.
 */
export function receiptPdf(
  info: { readonly Title: string; readonly Author: string },
  lines: readonly string[],
  { after, stamp }: ReceiptPdfOptions = {},
): Promise<Buffer> {
  // Pages are kept until the end so a stamp can go on each, whatever the QR codes added.
  const document = new PDFDocument({ size: 'A4', margin: 56, info, bufferPages: true });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  const width = COLUMNS * FONT_SIZE * 0.6;
  const lineHeight = FONT_SIZE * 1.3;
  const top = document.page.margins.top;
  const cursor: ReceiptCursor = {
    document,
    x: (document.page.width - width) / 2,
    width,
    lineHeight,
    top,
    bottom: document.page.height - document.page.margins.bottom - lineHeight,
    y: top,
  };
  document.font('Courier').fontSize(FONT_SIZE);
  for (const line of lines) {
    if (cursor.y > cursor.bottom) {
      document.addPage();
      cursor.y = top;
    }
    document.text(line, cursor.x, cursor.y, { lineBreak: false });
    cursor.y += lineHeight;
  }
  after?.(cursor);
  if (stamp) {
    const pages = document.bufferedPageRange();
    for (let page = pages.start; page < pages.start + pages.count; page += 1) {
      document.switchToPage(page);
      drawStamp(document, stamp);
    }
  }
  document.end();
  return done;
}

const STAMP_SIZE = 96;

/**
 * A stamp across the page's middle, at an angle and half see-through: no one takes the page for a valid
 * document, and every line under it still reads.
 */
function drawStamp(document: PDFKit.PDFDocument, stamp: string): void {
  const { width, height } = document.page;
  document.save();
  document.rotate(-35, { origin: [width / 2, height / 2] });
  document
    .font('Helvetica-Bold')
    .fontSize(STAMP_SIZE)
    .fillColor('#c00000')
    .fillOpacity(0.3)
    .text(stamp, 0, (height - STAMP_SIZE) / 2, { width, align: 'center', lineBreak: false });
  document.restore();
}

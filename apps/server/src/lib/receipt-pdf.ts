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

/**
 * A printed ticket's lines as a PDF (the bill, the Z report): the same 48-column layout the printer gets, in
 * Courier on A4, text kept as text (pdftotext reads it back), a new page whenever one is full. `after` may
 * draw more below the lines (the bill's QR codes) before the document is closed.
 */
export function receiptPdf(
  info: { readonly Title: string; readonly Author: string },
  lines: readonly string[],
  after?: (cursor: ReceiptCursor) => void,
): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: 56, info });
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
  document.end();
  return done;
}

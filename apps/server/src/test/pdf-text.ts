import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF, page by page, read with pdf.js (no system tool needed, so `npm test` runs on
 * a fresh machine). Items of one line are joined by spaces; lines by newlines.
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : ' ');
    }
    pages.push(text.replace(/[ \t]+/g, ' ').trim());
  }
  await document.destroy();
  return pages;
}

/** Page size in PDF points (1/72 inch) of the first page. */
export async function pdfPageSize(
  pdf: Buffer | Uint8Array,
): Promise<{ width: number; height: number }> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const page = await document.getPage(1);
  const [, , width, height] = page.view as [number, number, number, number];
  await document.destroy();
  return { width, height };
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * What the QR code drawn on the first page says. The page's filled dark rectangles are read from
 * pdf.js's operator list, painted onto a bitmap (4 pixels per point) and decoded with jsQR: a real
 * decode of what the PDF draws, without a system renderer.
 */
export async function pdfQrCode(pdf: Buffer | Uint8Array): Promise<string | undefined> {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { default: jsQR } = await import('jsqr');
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const page = await document.getPage(1);
  const [, , width, height] = page.view as [number, number, number, number];
  const operators = await page.getOperatorList();
  const scale = 4;
  const columns = Math.ceil(width * scale);
  const rows = Math.ceil(height * scale);
  const pixels = new Uint8ClampedArray(columns * rows * 4).fill(255);
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  const saved: Matrix[] = [];
  let fillDark = true;
  let pending: [number, number, number, number][] = [];
  const paint = (x: number, y: number, w: number, h: number, dark: boolean) => {
    const corners = [
      [x, y],
      [x + w, y + h],
    ].map(([px, py]) => [
      matrix[0] * px! + matrix[2] * py! + matrix[4],
      matrix[1] * px! + matrix[3] * py! + matrix[5],
    ]);
    // PDF space has y upwards; the bitmap has it downwards.
    const left = Math.round(Math.min(corners[0]![0]!, corners[1]![0]!) * scale);
    const right = Math.round(Math.max(corners[0]![0]!, corners[1]![0]!) * scale);
    const top = Math.round((height - Math.max(corners[0]![1]!, corners[1]![1]!)) * scale);
    const bottom = Math.round((height - Math.min(corners[0]![1]!, corners[1]![1]!)) * scale);
    const value = dark ? 0 : 255;
    for (let row = Math.max(0, top); row < Math.min(rows, bottom); row += 1) {
      for (let column = Math.max(0, left); column < Math.min(columns, right); column += 1) {
        const at = (row * columns + column) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = value;
      }
    }
  };
  operators.fnArray.forEach((fn, index) => {
    const args = operators.argsArray[index] as unknown[];
    if (fn === OPS.save) saved.push(matrix);
    else if (fn === OPS.restore) matrix = saved.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) matrix = multiply(matrix, args as Matrix);
    else if (fn === OPS.setFillRGBColor) {
      // pdf.js hands the colour as its three bytes, or as a `#rrggbb` string in other versions.
      const colour = args[0];
      const bytes =
        typeof colour === 'string'
          ? [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16))
          : [0, 1, 2].map((at) => Number(args[at]));
      fillDark = bytes.every((value) => value < 64);
    } else if (fn === OPS.constructPath) {
      const [ops, coordinates] = args as [number[], number[]];
      let at = 0;
      for (const op of ops) {
        if (op === OPS.rectangle) {
          pending.push(coordinates.slice(at, at + 4) as [number, number, number, number]);
          at += 4;
        } else if (op === OPS.moveTo || op === OPS.lineTo) at += 2;
        else if (op === OPS.curveTo) at += 6;
        else if (op === OPS.curveTo2 || op === OPS.curveTo3) at += 4;
      }
    } else if (fn === OPS.fill || fn === OPS.eoFill || fn === OPS.fillStroke) {
      for (const [x, y, w, h] of pending) paint(x, y, w, h, fillDark);
      pending = [];
    } else if (fn === OPS.endPath || fn === OPS.stroke) pending = [];
  });
  await document.destroy();
  return jsQR(pixels, columns, rows)?.data;
}

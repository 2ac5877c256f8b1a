/** The part of fontkit (pdfkit's font reader, no types of its own) the platform uses. */
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    /** Every code point the font maps to a glyph. */
    characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

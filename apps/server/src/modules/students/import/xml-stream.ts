/**
 * A streaming reader of the XML parts of a workbook (SpreadsheetML): fed text pieces as they are
 * inflated, it hands elements and text to a handler without ever holding the document. Names
 * lose their namespace prefix (`x:c` → `c`, `r:id` → `id`). A DOCTYPE is refused (OOXML has
 * none; its entities are how « billion laughs » files grow), and so is a tag longer than
 * MAX_TAG_CHARS: both mean the part is not a workbook's.
 */

export interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  /** Text between tags, entities decoded; a long text may come in several pieces. */
  text(text: string): void;
}

export class XmlError extends Error {}

const MAX_TAG_CHARS = 64 * 1024;

const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity[0] !== '#') return named[entity] ?? whole;
    const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const attributePattern = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Where the tag opened at `start` ends (its `>`, outside quoted values), or -1 if not yet. */
function tagEnd(buffer: string, start: number): number {
  let quote = '';
  for (let at = start + 1; at < buffer.length; at += 1) {
    const char = buffer[at];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return at;
  }
  return -1;
}

export class XmlStream {
  private buffer = '';

  constructor(private readonly handler: XmlHandler) {}

  /** Reads a piece of the document; an element cut by the piece's end waits for the next. */
  feed(piece: string): void {
    const buffer = this.buffer + piece;
    let at = 0;
    for (;;) {
      const open = buffer.indexOf('<', at);
      if (open < 0) {
        // Keep an entity cut in two (`&am` + `p;`) for the next piece.
        const amp = buffer.lastIndexOf('&');
        const keep = amp >= at && !buffer.includes(';', amp) ? amp : buffer.length;
        if (keep > at) this.handler.text(decodeEntities(buffer.slice(at, keep)));
        this.buffer = buffer.slice(keep);
        return;
      }
      if (open > at) this.handler.text(decodeEntities(buffer.slice(at, open)));
      const next = this.markup(buffer, open);
      if (next < 0) {
        if (buffer.length - open > MAX_TAG_CHARS) throw new XmlError('balise trop longue');
        this.buffer = buffer.slice(open);
        return;
      }
      at = next;
    }
  }

  /** The document ended: markup left unfinished means it was cut. */
  end(): void {
    if (this.buffer.includes('<')) throw new XmlError('document incomplet');
  }

  /** Handles the markup at `open`; returns where the text after it starts, -1 if incomplete. */
  private markup(buffer: string, open: number): number {
    if (buffer.startsWith('<!--', open)) return endOf(buffer, '-->', open);
    if (buffer.startsWith('<?', open)) return endOf(buffer, '?>', open);
    if (buffer.startsWith('<![CDATA[', open)) {
      const end = endOf(buffer, ']]>', open);
      if (end >= 0) this.handler.text(buffer.slice(open + 9, end - 3));
      return end;
    }
    if (buffer.startsWith('<!', open)) {
      if (buffer.length - open < 9) return -1;
      throw new XmlError('DOCTYPE refusé');
    }
    const close = tagEnd(buffer, open);
    if (close < 0) return -1;
    const tag = buffer.slice(open + 1, close);
    if (tag[0] === '/') {
      this.handler.close(localName(tag.slice(1).trim()));
      return close + 1;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const space = body.search(/\s/);
    const name = localName(space < 0 ? body : body.slice(0, space));
    const attributes: Record<string, string> = {};
    if (space >= 0) {
      for (const match of body.slice(space).matchAll(attributePattern)) {
        attributes[localName(match[1]!)] = decodeEntities(match[2] ?? match[3] ?? '');
      }
    }
    this.handler.open(name, attributes);
    if (selfClosing) this.handler.close(name);
    return close + 1;
  }
}

function endOf(buffer: string, marker: string, from: number): number {
  const at = buffer.indexOf(marker, from);
  return at < 0 ? -1 : at + marker.length;
}

/** Feeds a part's pieces to a handler until the part ends or `done()` says enough was read. */
export async function readXml(
  pieces: AsyncIterable<string>,
  handler: XmlHandler,
  done: () => boolean = () => false,
): Promise<void> {
  const stream = new XmlStream(handler);
  for await (const piece of pieces) {
    stream.feed(piece);
    if (done()) return;
  }
  stream.end();
}

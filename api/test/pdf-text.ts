// The text a PDF reader would extract from the PDFs we draw with pdf-lib: each `<hex> Tj` of the content
// streams, decoded through its font's ToUnicode map (embedded fonts) or as single bytes (standard fonts),
// one line per baseline. A glyph the map does not know, or the .notdef glyph, comes out as NOTDEF, so
// that a test can tell a character drawn from a font that lacks it.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

export const NOTDEF = '<notdef>';

function streamBytes(object: PDFObject | undefined): string {
  if (!(object instanceof PDFRawStream)) return '';
  return Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
}

/** glyph code (hex) → text, from a ToUnicode CMap's bfchar and bfrange entries. */
function parseCmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => {
    const units: number[] = [];
    for (let i = 0; i < hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, unicode] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(Number.parseInt(code, 16), utf16(unicode));
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, start, end, unicode] of block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    ))
      for (let code = Number.parseInt(start, 16); code <= Number.parseInt(end, 16); code++)
        map.set(code, String.fromCodePoint(Number.parseInt(unicode, 16) + code - Number.parseInt(start, 16)));
  return map;
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = new Map<string, Map<number, string> | null>();
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'));
    if (fontDict instanceof PDFDict) {
      for (const [name, ref] of fontDict.entries()) {
        const font = doc.context.lookup(ref);
        const toUnicode = font instanceof PDFDict ? font.get(PDFName.of('ToUnicode')) : undefined;
        fonts.set(
          name.decodeText(),
          toUnicode ? parseCmap(streamBytes(doc.context.lookup(toUnicode as PDFRef))) : null,
        );
      }
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const content = streams
      .map((s) => streamBytes(s instanceof PDFRef ? doc.context.lookup(s) : s))
      .join('\n');
    let font: Map<number, string> | null = null;
    let y: string | null = null;
    let line = '';
    const ops =
      /\/([^\s/[\]<>()]+)\s+[-\d.]+\s+Tf|[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s+Tm|<([0-9a-fA-F]*)>\s*Tj/g;
    for (const [, fontName, lineY, hex] of content.matchAll(ops)) {
      if (fontName !== undefined) font = fonts.get(fontName) ?? null;
      else if (lineY !== undefined) {
        if (y !== null && lineY !== y) {
          lines.push(line);
          line = '';
        }
        y = lineY;
      } else if (font) {
        for (let i = 0; i < hex.length; i += 4) {
          const code = Number.parseInt(hex.slice(i, i + 4), 16);
          line += (code !== 0 && font.get(code)) || NOTDEF;
        }
      } else line += Buffer.from(hex, 'hex').toString('latin1');
    }
    lines.push(line);
  }
  return lines.join('\n');
}

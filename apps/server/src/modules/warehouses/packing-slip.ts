/**
 * The warehouse's packing slip (docs/warehouses.md "Packing slip"): data in, PDF bytes out, nothing read but the
 * fonts. US Letter, the seller's brand (logo, else store name) or none, the order, ship-to, shipping method, the
 * lines (SKU, item, quantity; the table flows onto further pages, its header repeated), total units and the note.
 * Never a price: this is a fulfilment document.
 *
 * Text is laid out here rather than by pdfkit's wrapper because one line may need several fonts (Latin, Chinese,
 * Korean: packing-slip-fonts.ts): each line is cut into runs of one font, measured and drawn on one baseline.
 */
import PDFDocument from 'pdfkit';
import { BOLD_CHAIN, fontFor, REGULAR_CHAIN, slipFonts, type SlipFontName, type SlipFonts } from './packing-slip-fonts';

export interface PackingSlip {
  orderName: string; // e.g. "#1042"
  createdAt: Date;
  /** The seller's store name and logo (PNG or JPEG), or null: a neutral slip, no brand at all. */
  brand: { name: string; logo?: Uint8Array | null } | null;
  shipTo: {
    name: string;
    company?: string | null;
    address1: string;
    address2?: string | null;
    city: string;
    state?: string | null;
    zip?: string | null;
    country: string;
    phone?: string | null;
  };
  shippingMethod: string;
  lines: { sku: string; name: string; quantity: number }[];
  note?: string | null;
}

// US Letter in points (what US warehouses print; A4 prints on it without loss at these margins).
const PAGE = { width: 612, height: 792 };
const MARGIN = 40;
const CONTENT = PAGE.width - 2 * MARGIN;
/** The lowest a table row or a block may reach; the page footer sits below it. */
const BOTTOM = PAGE.height - MARGIN - 16;
const FOOTER_BASELINE = PAGE.height - MARGIN + 8;
const LOGO_BOX = { width: 180, height: 54 };

const SIZE = { body: 10, small: 8, label: 8, brand: 16, title: 18 };
const LEADING = 1.3;
const COLUMNS = { sku: 150, qty: 48, gap: 10 };
const CELL_PAD = 4;
/** No ligatures: what prints is what a reader (and a text search) finds, character for character. */
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

type Chain = readonly SlipFontName[];
interface Run {
  font: SlipFontName;
  text: string;
}

/** One line of a form field: NFC (Vietnamese precomposed), control characters and runs of spaces made one space. */
function oneLine(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
}

/** Where a line may break: at spaces, and before or after any CJK character (no spaces between its words). */
const CJK_BREAK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF\u{20000}-\u{3FFFF}]/u;

class SlipWriter {
  y = MARGIN;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly fonts: SlipFonts,
  ) {}

  runs(text: string, chain: Chain): Run[] {
    const out: Run[] = [];
    let current: SlipFontName | null = null;
    for (const char of text) {
      const font = fontFor(this.fonts, chain, char, current);
      if (font === current) out[out.length - 1].text += char;
      else out.push({ font, text: char });
      current = font;
    }
    return out;
  }

  width(text: string, size: number, chain: Chain): number {
    let total = 0;
    for (const run of this.runs(text, chain)) {
      total += this.doc.font(run.font).fontSize(size).widthOfString(run.text, { features: FEATURES });
    }
    return total;
  }

  /** The text cut into lines no wider than `max` (greedy; a word wider than a line is cut between characters). */
  wrap(text: string, max: number, size: number, chain: Chain): string[] {
    const tokens: string[] = [];
    let word = '';
    for (const char of text) {
      if (char === ' ' || CJK_BREAK.test(char)) {
        if (word) tokens.push(word);
        tokens.push(char);
        word = '';
      } else word += char;
    }
    if (word) tokens.push(word);

    const lines: string[] = [];
    let line = '';
    const push = () => {
      if (line.trim()) lines.push(line.trim());
      line = '';
    };
    for (const token of tokens) {
      if (token === ' ' && !line) continue;
      if (this.width(line + token, size, chain) <= max) {
        line += token;
        continue;
      }
      push();
      if (token === ' ') continue;
      if (this.width(token, size, chain) <= max) {
        line = token;
        continue;
      }
      for (const char of token) {
        if (line && this.width(line + char, size, chain) > max) push();
        line += char;
      }
    }
    push();
    return lines.length ? lines : [''];
  }

  /** One line of text with its baseline at `baseline`; `align: 'right'` ends it at x + width. */
  line(text: string, x: number, baseline: number, size: number, chain: Chain, align?: { right: number }) {
    let cx = align ? x + align.right - this.width(text, size, chain) : x;
    for (const run of this.runs(text, chain)) {
      this.doc.font(run.font).fontSize(size);
      this.doc.text(run.text, cx, baseline, { lineBreak: false, baseline: 'alphabetic', features: FEATURES });
      cx += this.doc.widthOfString(run.text, { features: FEATURES });
    }
  }

  static lineHeight(size: number) {
    return size * LEADING;
  }

  /** Wrapped lines from the current y, moving y down; returns the height used. */
  paragraph(text: string, x: number, width: number, size: number, chain: Chain): number {
    const start = this.y;
    for (const l of this.wrap(text, width, size, chain)) {
      this.line(l, x, this.y + size, size, chain);
      this.y += SlipWriter.lineHeight(size);
    }
    return this.y - start;
  }

  /** A new page if `height` does not fit below y, headed by `onNewPage`; returns whether one was added. */
  ensure(height: number, onNewPage?: () => void): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = MARGIN;
    onNewPage?.();
    return true;
  }

  rule(y: number, weight = 0.5) {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE.width - MARGIN, y)
      .lineWidth(weight)
      .strokeColor('#999999')
      .stroke();
  }
}

function isPng(b: Uint8Array) {
  return b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
}
function isJpeg(b: Uint8Array) {
  return b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

/** The brand block, top left: the logo if it is a PNG or JPEG pdfkit reads, else the store name; neutral: nothing. */
function drawBrand(w: SlipWriter, brand: PackingSlip['brand']): number {
  if (!brand) return 0;
  const logo = brand.logo;
  if (logo && (isPng(logo) || isJpeg(logo))) {
    try {
      w.doc.image(Buffer.from(logo), MARGIN, MARGIN, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
      return LOGO_BOX.height;
    } catch {
      // An image pdfkit cannot read: the name prints instead.
    }
  }
  const name = oneLine(brand.name);
  if (!name) return 0;
  const lines = w.wrap(name, CONTENT / 2, SIZE.brand, BOLD_CHAIN).slice(0, 2);
  lines.forEach((l, i) => w.line(l, MARGIN, MARGIN + SIZE.brand + i * SlipWriter.lineHeight(SIZE.brand), SIZE.brand, BOLD_CHAIN));
  return lines.length * SlipWriter.lineHeight(SIZE.brand);
}

function shipToLines(to: PackingSlip['shipTo']): string[] {
  const cityLine = [oneLine(to.city), [oneLine(to.state), oneLine(to.zip)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [
    oneLine(to.name),
    oneLine(to.company),
    oneLine(to.address1),
    oneLine(to.address2),
    cityLine,
    oneLine(to.country),
    to.phone ? `Phone: ${oneLine(to.phone)}` : '',
  ].filter(Boolean);
}

/** The date printed: the order's day in UTC, as YYYY-MM-DD (read the same in every country). */
function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function drawTableHeader(w: SlipWriter) {
  const size = SIZE.label;
  const baseline = w.y + size + CELL_PAD;
  const itemX = MARGIN + COLUMNS.sku + COLUMNS.gap;
  w.line('SKU', MARGIN, baseline, size, BOLD_CHAIN);
  w.line('Item', itemX, baseline, size, BOLD_CHAIN);
  w.line('Qty', PAGE.width - MARGIN - COLUMNS.qty, baseline, size, BOLD_CHAIN, { right: COLUMNS.qty });
  w.y = baseline + CELL_PAD + 2;
  w.rule(w.y, 0.8);
}

/** The order's name and "continued" at the top of a further page. */
function continuedHeader(w: SlipWriter, slip: PackingSlip) {
  w.line(`Packing slip ${oneLine(slip.orderName)} (continued)`, MARGIN, w.y + SIZE.body, SIZE.body, BOLD_CHAIN);
  w.y += SlipWriter.lineHeight(SIZE.body) + 6;
}

function renderInto(w: SlipWriter, slip: PackingSlip) {
  const { doc } = w;
  const chain = REGULAR_CHAIN;

  // Brand (left) and title, order, date (right).
  const brandHeight = drawBrand(w, slip.brand);
  const rightX = MARGIN + CONTENT / 2;
  const right = { right: CONTENT / 2 };
  let ry = MARGIN + SIZE.title;
  w.line('Packing slip', rightX, ry, SIZE.title, BOLD_CHAIN, right);
  ry += SlipWriter.lineHeight(SIZE.title);
  w.line(`Order ${oneLine(slip.orderName)}`, rightX, ry, SIZE.body + 2, BOLD_CHAIN, right);
  ry += SlipWriter.lineHeight(SIZE.body + 2);
  w.line(`Date ${day(slip.createdAt)}`, rightX, ry, SIZE.body, chain, right);
  ry += SlipWriter.lineHeight(SIZE.body);
  w.y = Math.max(MARGIN + brandHeight, ry) + 14;
  w.rule(w.y);
  w.y += 12;

  // Ship to (left half) and shipping method (right half).
  const top = w.y;
  const half = CONTENT / 2 - COLUMNS.gap;
  w.line('SHIP TO', MARGIN, w.y + SIZE.label, SIZE.label, BOLD_CHAIN);
  w.y += SlipWriter.lineHeight(SIZE.label) + 2;
  const to = shipToLines(slip.shipTo);
  to.forEach((l, i) => w.paragraph(l, MARGIN, half, i === 0 ? SIZE.body + 1 : SIZE.body, i === 0 ? BOLD_CHAIN : chain));
  const leftEnd = w.y;
  w.y = top;
  w.line('SHIPPING METHOD', rightX, w.y + SIZE.label, SIZE.label, BOLD_CHAIN);
  w.y += SlipWriter.lineHeight(SIZE.label) + 2;
  w.paragraph(oneLine(slip.shippingMethod), rightX, half, SIZE.body, chain);
  w.y = Math.max(leftEnd, w.y) + 14;

  // The lines.
  drawTableHeader(w);
  const itemX = MARGIN + COLUMNS.sku + COLUMNS.gap;
  const itemWidth = CONTENT - COLUMNS.sku - COLUMNS.qty - 2 * COLUMNS.gap;
  const lh = SlipWriter.lineHeight(SIZE.body);
  let units = 0;
  for (const item of slip.lines) {
    units += item.quantity;
    const sku = w.wrap(oneLine(item.sku), COLUMNS.sku, SIZE.body, chain);
    const name = w.wrap(oneLine(item.name), itemWidth, SIZE.body, chain);
    const height = Math.max(sku.length, name.length) * lh + 2 * CELL_PAD;
    w.ensure(height, () => {
      continuedHeader(w, slip);
      drawTableHeader(w);
    });
    const first = w.y + CELL_PAD + SIZE.body;
    sku.forEach((l, i) => w.line(l, MARGIN, first + i * lh, SIZE.body, chain));
    name.forEach((l, i) => w.line(l, itemX, first + i * lh, SIZE.body, chain));
    w.line(String(item.quantity), PAGE.width - MARGIN - COLUMNS.qty, first, SIZE.body, BOLD_CHAIN, { right: COLUMNS.qty });
    w.y += height;
    w.rule(w.y, 0.3);
  }

  // Totals.
  w.y += 8;
  const continued = () => continuedHeader(w, slip);
  w.ensure(lh * 2, continued);
  const itemsLabel = `${slip.lines.length} ${slip.lines.length === 1 ? 'line' : 'lines'}`;
  w.line(itemsLabel, MARGIN, w.y + SIZE.body, SIZE.body, chain);
  w.line(`Total units: ${units}`, MARGIN, w.y + SIZE.body, SIZE.body + 1, BOLD_CHAIN, { right: CONTENT });
  w.y += lh + 10;

  // The note, each of its lines a paragraph.
  const note = (slip.note ?? '').normalize('NFC').split(/\r?\n/).map(oneLine).filter(Boolean);
  if (note.length) {
    w.ensure(SlipWriter.lineHeight(SIZE.label) + lh * 2, continued);
    w.line('NOTE', MARGIN, w.y + SIZE.label, SIZE.label, BOLD_CHAIN);
    w.y += SlipWriter.lineHeight(SIZE.label) + 2;
    for (const para of note) {
      for (const l of w.wrap(para, CONTENT, SIZE.body, chain)) {
        w.ensure(lh, continued);
        w.line(l, MARGIN, w.y + SIZE.body, SIZE.body, chain);
        w.y += lh;
      }
    }
  }

  // Footer on every page: the order and "page n of m" (a slip of several pages stays together).
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    w.line(`${oneLine(slip.orderName)}`, MARGIN, FOOTER_BASELINE, SIZE.small, chain);
    w.line(`Page ${i + 1} of ${range.count}`, MARGIN, FOOTER_BASELINE, SIZE.small, chain, { right: CONTENT });
  }
}

/** The packing slip as PDF bytes (fonts subset: a few tens of kilobytes for a usual order). */
export async function renderPackingSlip(slip: PackingSlip): Promise<Uint8Array> {
  const fonts = await slipFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: `Packing slip ${oneLine(slip.orderName)}`, Creator: 'Packing slip' },
  });
  for (const [name, font] of Object.entries(fonts.byName)) {
    // pdfkit takes a parsed fontkit font as well as bytes; its types only name bytes.
    doc.registerFont(name, font as unknown as Buffer);
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  renderInto(new SlipWriter(doc, fonts), slip);
  doc.end();
  return done;
}

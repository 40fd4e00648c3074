// The condition report as a PDF (pdfkit): the same model and words as the HTML report, photos as a grid of
// thumbnails, a footer with the generation time and "Page n of m" on every page. Synchronous layout work: it runs in
// a render worker (report-pdf-worker.ts), never on the service's event loop.
import PDFDocument from 'pdfkit';
import type { ConditionReport } from './report-model.js';
import { say, sayCount } from './report-words.js';

const MARGIN = 48;
const FOOTER_GAP = 20;
const GRID_GAP = 10;
const KEY_WIDTH = 140;
const INK = '#1b1f24';
const MUTED = '#57606a';
const REJECTED = '#cf222e';
const RULE = '#d0d7de';
/** One line of a 9 pt caption; a caption's name may take two lines, cut with an ellipsis, so it never runs into the next row. */
const CAPTION_LINE = 11;
const FIGURE_CAPTION_HEIGHT = 4 + CAPTION_LINE * 3 + 8;

/**
 * How tightly photos are laid out: the denser layouts are tried in turn when the last page would hold only a few
 * lines (a page that is nearly empty reads as a printing mistake).
 */
const DENSITIES = [
  { photoColumns: 3, markedColumns: 2 },
  { photoColumns: 4, markedColumns: 3 },
  { photoColumns: 5, markedColumns: 4 },
] as const;
type Density = (typeof DENSITIES)[number];

/** The least share of its writable height a last page fills (when the report has more than one page). */
export const LAST_PAGE_MIN_FILL = 0.25;

/** `logo`: the account's logo (PNG or JPEG), drawn at the start of the band; null for the name alone. */
export async function renderReportPdf(report: ConditionReport, thumbnails: ReadonlyMap<number, Uint8Array>, logo: Uint8Array | null = null): Promise<Buffer> {
  let best: LaidOut | null = null;
  for (const density of DENSITIES) {
    const laidOut = layOut(report, thumbnails, density, logo);
    laidOut.pdf.catch(() => undefined); // a layout left unused must not report an unhandled rejection
    if (!best || laidOut.pages < best.pages) best = laidOut;
    if (laidOut.pages === 1 || laidOut.lastPageFill >= LAST_PAGE_MIN_FILL) {
      best = laidOut;
      break;
    }
  }
  return (best as LaidOut).pdf;
}

interface LaidOut {
  pdf: Promise<Buffer>;
  pages: number;
  /** How much of the last page's writable height its content takes, 0–1. */
  lastPageFill: number;
}

function layOut(report: ConditionReport, thumbnails: ReadonlyMap<number, Uint8Array>, density: Density, logo: Uint8Array | null): LaidOut {
  const { words } = report;
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: words.locale,
    info: {
      Title: report.title,
      Subject: say(words, 'report.sessionLine', { session: report.sessionKey, theme: report.theme }),
      Keywords: report.vehicleKeywords.join(', '),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  const width = document.page.width - MARGIN * 2;
  const bottom = () => document.page.height - MARGIN;

  /** Starts a new page unless `height` more points fit on this one. */
  const ensureSpace = (height: number) => {
    if (document.y + height > bottom()) document.addPage();
    document.x = MARGIN;
  };
  const body = (color = INK) => document.font('Helvetica').fontSize(10).fillColor(color);
  const paragraph = (text: string, color = INK) => {
    body(color);
    ensureSpace(document.heightOfString(text, { width }));
    document.text(text, MARGIN, document.y, { width });
    body();
  };
  const heading = (text: string) => {
    document.moveDown(0.8);
    ensureSpace(70); // a heading never ends a page without at least a few lines under it
    document.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text, MARGIN, document.y, { width });
    const ruleY = document.y + 2;
    document
      .moveTo(MARGIN, ruleY)
      .lineTo(MARGIN + width, ruleY)
      .lineWidth(0.5)
      .stroke(RULE);
    document.y = ruleY + 6;
    body();
  };
  /** Label / value rows; a row never splits across pages and the next row starts below the taller cell. */
  const pairs = (rows: [string, string | number][]) => {
    for (const [key, raw] of rows) {
      const value = String(raw);
      const height = Math.max(
        document.font('Helvetica-Bold').heightOfString(key, { width: KEY_WIDTH }),
        document.font('Helvetica').heightOfString(value, { width: width - KEY_WIDTH - 10 }),
      );
      ensureSpace(height);
      const y = document.y;
      document.font('Helvetica-Bold').text(key, MARGIN, y, { width: KEY_WIDTH });
      document.font('Helvetica').text(value, MARGIN + KEY_WIDTH + 10, y, { width: width - KEY_WIDTH - 10 });
      document.x = MARGIN;
      document.y = y + height + 3;
    }
  };
  /** A table whose rows never split across pages; the header repeats on each page it continues on. */
  const table = (headers: string[], rows: string[][], widths: number[]) => {
    const rowHeight = (cells: string[], font: string) =>
      Math.max(...cells.map((cell, index) => document.font(font).heightOfString(cell, { width: (widths[index] ?? 80) - 6 })));
    const drawRow = (cells: string[], font: string) => {
      const height = rowHeight(cells, font);
      const y = document.y;
      let x = MARGIN;
      cells.forEach((cell, index) => {
        document.font(font).text(cell, x, y, { width: (widths[index] ?? 80) - 6 });
        x += widths[index] ?? 80;
      });
      document.x = MARGIN;
      document.y = y + height + 4;
    };
    const header = () => {
      drawRow(headers, 'Helvetica-Bold');
      document
        .moveTo(MARGIN, document.y - 1)
        .lineTo(MARGIN + width, document.y - 1)
        .lineWidth(0.5)
        .stroke(RULE);
      document.y += 3;
    };
    header();
    for (const row of rows) {
      if (document.y + rowHeight(row, 'Helvetica') > bottom()) {
        document.addPage();
        header();
      }
      drawRow(row, 'Helvetica');
    }
  };

  // The account's band: its logo (on a white tile, so any logo reads on any colour) and display name on its colour.
  const bandHeight = logo ? 42 : 30;
  document.rect(MARGIN, MARGIN, width, bandHeight).fill(report.brand.color);
  const logoWidth = logo ? drawLogo(document, logo, MARGIN + 6, MARGIN + 5, bandHeight - 10) : 0;
  const nameX = MARGIN + 10 + (logoWidth ? logoWidth + 10 : 0);
  document
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(report.brand.textColor)
    .text(report.brand.name, nameX, MARGIN + (bandHeight - 12) / 2, { width: MARGIN + width - 10 - nameX, height: 16, lineBreak: false, ellipsis: true });
  document
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(report.title, MARGIN, MARGIN + bandHeight + 12, { width });
  document
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(say(words, 'report.sessionLine', { session: report.sessionKey, theme: report.theme }), { width });
  body();

  heading(say(words, 'report.overall'));
  if (report.overallGrade) {
    const grade = report.overallGrade;
    document
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(grade.value === null ? grade.name : `${say(words, 'report.gradeOutOf', { grade: grade.value })}  ${grade.name}`, MARGIN, document.y, { width });
    body().text(sayCount(words, 'report.damageCount', report.totalDamages ?? 0), MARGIN, document.y, { width });
    paragraph(report.review ? say(words, 'report.reviewedBy', { name: report.review.by, time: report.review.at }) : say(words, 'report.notReviewed'), MUTED);
    if (report.revision !== null) paragraph(say(words, 'report.revision', { revision: report.revision }), MUTED);
    if (report.unanalysedPhotos.length) paragraph(say(words, 'report.unanalysed', { views: report.unanalysedPhotos.join(', ') }), REJECTED);
  } else {
    paragraph(say(words, 'report.photosOnly'));
  }

  heading(say(words, 'report.vehicle'));
  if (report.vehicleRows.length) pairs(report.vehicleRows);
  else paragraph(say(words, 'report.noVehicle'), MUTED);

  if (report.overallGrade) {
    heading(say(words, 'report.damages'));
    if (report.damages.length === 0) paragraph(say(words, 'report.noDamage'), MUTED);
    else {
      table(
        (['item', 'damage', 'grade', 'photo', 'source'] as const).map((column) => say(words, `report.column.${column}`)),
        report.damages.map((damage) => [damage.item, damage.damage, String(damage.grade), damage.photo, damage.source]),
        [130, 170, 45, 90, width - 435],
      );
    }
    if (report.omittedDamages > 0) paragraph(say(words, 'report.moreDamages', { count: report.omittedDamages }), MUTED);
    // Each damage marked on a photo, with its box drawn where it was marked.
    const marked = report.damages.filter((damage) => damage.photoCode !== null && thumbnails.has(damage.photoCode));
    if (marked.length) {
      heading(say(words, 'report.damagesOnPhotos'));
      const columns = density.markedColumns;
      const figureWidth = (width - GRID_GAP * (columns - 1)) / columns;
      const figureHeight = Math.round((figureWidth * 3) / 4);
      for (let start = 0; start < marked.length; start += columns) {
        ensureSpace(figureHeight + FIGURE_CAPTION_HEIGHT);
        const rowTop = document.y;
        marked.slice(start, start + columns).forEach((damage, column) => {
          const x = MARGIN + column * (figureWidth + GRID_GAP);
          const thumbnail = thumbnails.get(damage.photoCode as number) as Uint8Array;
          const image = Buffer.from(thumbnail.buffer, thumbnail.byteOffset, thumbnail.byteLength);
          const placed = fitted(document, image, figureWidth, figureHeight);
          document.image(image, x + placed.offsetX, rowTop + placed.offsetY, { width: placed.width, height: placed.height });
          if (damage.region) {
            document
              .rect(
                x + placed.offsetX + damage.region.x * placed.width,
                rowTop + placed.offsetY + damage.region.y * placed.height,
                damage.region.width * placed.width,
                damage.region.height * placed.height,
              )
              .lineWidth(2)
              .stroke(REJECTED);
          }
          document
            .font('Helvetica-Bold')
            .fontSize(9)
            .fillColor(INK)
            .text(`${damage.item} · ${damage.damage} · ${say(words, 'report.damageGrade', { grade: damage.grade })}`, x, rowTop + figureHeight + 4, {
              width: figureWidth,
              height: CAPTION_LINE * 2,
              ellipsis: true,
            });
          document
            .font('Helvetica')
            .fillColor(MUTED)
            .text(damage.photo, x, rowTop + figureHeight + 4 + CAPTION_LINE * 2, { width: figureWidth, height: CAPTION_LINE, ellipsis: true });
        });
        document.x = MARGIN;
        document.y = rowTop + figureHeight + FIGURE_CAPTION_HEIGHT;
        body();
      }
    }
    if (report.maxGradePerItem.length) {
      heading(say(words, 'report.maxGradePerItem'));
      pairs(report.maxGradePerItem);
    }
  }

  const photoColumns = density.photoColumns;
  const cellWidth = (width - (photoColumns - 1) * GRID_GAP) / photoColumns;
  const THUMB_HEIGHT = Math.round((cellWidth * 3) / 4); // a 4:3 photo fills its cell
  const captionHeight = CAPTION_LINE * 3 + 6;
  ensureSpace(THUMB_HEIGHT + captionHeight + 60); // the heading goes to the page its first row of photos is on
  heading(say(words, 'report.photos'));
  for (let start = 0; start < report.photos.length; start += photoColumns) {
    ensureSpace(THUMB_HEIGHT + captionHeight);
    const rowTop = document.y;
    report.photos.slice(start, start + photoColumns).forEach((photo, column) => {
      const x = MARGIN + column * (cellWidth + GRID_GAP);
      const thumbnail = thumbnails.get(photo.code);
      if (thumbnail)
        document.image(Buffer.from(thumbnail.buffer, thumbnail.byteOffset, thumbnail.byteLength), x, rowTop, {
          fit: [cellWidth, THUMB_HEIGHT],
          align: 'center',
          valign: 'center',
        });
      else document.rect(x, rowTop, cellWidth, THUMB_HEIGHT).lineWidth(0.5).stroke(RULE);
      document
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor(INK)
        .text(`${photo.number}. ${photo.view}`, x, rowTop + THUMB_HEIGHT + 4, { width: cellWidth, height: CAPTION_LINE * 2, ellipsis: true });
      document
        .font('Helvetica')
        .fillColor(photo.approved ? MUTED : REJECTED)
        .text(photo.message, x, rowTop + THUMB_HEIGHT + 4 + CAPTION_LINE * 2, { width: cellWidth, height: CAPTION_LINE, ellipsis: true });
    });
    document.x = MARGIN;
    document.y = rowTop + THUMB_HEIGHT + captionHeight + 6;
    body();
  }
  if (report.photos.length === 0) paragraph(say(words, 'report.noPhotos'), MUTED);
  if (report.omittedPhotos > 0) paragraph(say(words, 'report.morePhotos', { count: report.omittedPhotos }), MUTED);

  heading(say(words, 'report.location'));
  if (report.location) {
    pairs([
      [say(words, 'report.latitude'), report.location.latitude],
      [say(words, 'report.longitude'), report.location.longitude],
      [say(words, 'report.accuracy'), report.location.accuracy === null ? '—' : say(words, 'report.accuracyMeters', { meters: report.location.accuracy })],
      [say(words, 'report.recorded'), report.location.capturedAt],
    ]);
  } else paragraph(say(words, 'report.noLocation'), MUTED);

  heading(say(words, 'report.notes'));
  if (report.omittedNotes > 0) paragraph(say(words, 'report.moreNotes', { count: report.omittedNotes }), MUTED);
  for (const note of report.notes) {
    // Title, author and time on one line; the description below at full width, so long words wrap inside the page.
    const meta = `${note.user} · ${note.createdAt}`;
    const metaWidth = Math.min(width / 2, document.font('Helvetica').fontSize(9).widthOfString(meta) + 4);
    const titleWidth = width - metaWidth - 12;
    const titleHeight = document.font('Helvetica-Bold').fontSize(10).heightOfString(note.title, { width: titleWidth });
    const descriptionHeight = document.font('Helvetica').fontSize(10).heightOfString(note.description, { width });
    ensureSpace(titleHeight + descriptionHeight + 4);
    const y = document.y;
    document
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(meta, MARGIN + width - metaWidth, y + 1, { width: metaWidth, align: 'right', height: 11, ellipsis: true });
    document.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(note.title, MARGIN, y, { width: titleWidth });
    document.y = y + titleHeight + 2;
    body().text(note.description, MARGIN, document.y, { width });
    document.y += 8;
  }
  if (report.notes.length === 0) paragraph(say(words, 'report.noNotes'), MUTED);

  heading(say(words, 'report.timeline'));
  pairs(report.timeline);

  const lastPageFill = (document.y - MARGIN) / (bottom() - MARGIN);
  drawFooters(document, report, width);
  const pages = document.bufferedPageRange().count;
  document.end();
  return { pdf: done, pages, lastPageFill };
}

/** "Generated … · Session …" and "Page n of m" in the bottom margin of every page. */
function drawFooters(document: PDFKit.PDFDocument, report: ConditionReport, width: number): void {
  const { start, count } = document.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    document.switchToPage(index);
    const savedBottom = document.page.margins.bottom;
    document.page.margins.bottom = 0; // writing inside the margin must not start a new page
    const y = document.page.height - MARGIN + FOOTER_GAP;
    document.font('Helvetica').fontSize(8).fillColor(MUTED);
    const { words } = report;
    document.text(`${say(words, 'report.generated', { time: report.generatedAt })} · ${report.sessionKey}`, MARGIN, y, { width, lineBreak: false });
    document.text(say(words, 'report.page', { page: index - start + 1, pages: count }), MARGIN, y, { width, align: 'right', lineBreak: false });
    document.page.margins.bottom = savedBottom;
  }
}

/** Where a photo goes inside a frame, keeping its proportions and centred (so a box can be drawn over it). */
function fitted(document: PDFKit.PDFDocument, image: Buffer, frameWidth: number, frameHeight: number) {
  const opened = (document as unknown as { openImage(source: Buffer): { width: number; height: number } }).openImage(image);
  const scale = Math.min(frameWidth / opened.width, frameHeight / opened.height);
  const width = opened.width * scale;
  const height = opened.height * scale;
  return { width, height, offsetX: (frameWidth - width) / 2, offsetY: (frameHeight - height) / 2 };
}

interface PdfImage {
  width: number;
  height: number;
}

/** Draws the logo on a white tile `height` points high (at most three times as wide); answers the tile's width, 0 if unreadable. */
function drawLogo(document: PDFKit.PDFDocument, logo: Uint8Array, x: number, y: number, height: number): number {
  const padding = 3;
  try {
    // pdfkit reads the image's size from its header (openImage, untyped); it throws for bytes it cannot embed.
    const image = (document as unknown as { openImage(source: Buffer): PdfImage }).openImage(Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength));
    const inner = height - padding * 2;
    const scale = Math.min(inner / image.height, (inner * 3) / image.width);
    const [drawnWidth, drawnHeight] = [image.width * scale, image.height * scale];
    const tileWidth = drawnWidth + padding * 2;
    document.roundedRect(x, y, tileWidth, height, 3).fill('#ffffff');
    document.image(image as unknown as Buffer, x + padding, y + (height - drawnHeight) / 2, { width: drawnWidth, height: drawnHeight });
    return tileWidth;
  } catch {
    return 0;
  }
}

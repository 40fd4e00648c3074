// The condition report as a PDF (pdfkit): the same model as the HTML report, photos as a grid of thumbnails, a
// footer with the generation time and "Page n of m" on every page. Synchronous layout work: it runs in a render
// worker (report-pdf-worker.ts), never on the service's event loop.
import PDFDocument from 'pdfkit';
import type { ConditionReport } from './report-model.js';

const MARGIN = 48;
const FOOTER_GAP = 20;
const GRID_COLUMNS = 3;
const GRID_GAP = 10;
const KEY_WIDTH = 140;
const INK = '#1b1f24';
const MUTED = '#57606a';
const REJECTED = '#cf222e';
const RULE = '#d0d7de';

export function renderReportPdf(report: ConditionReport, thumbnails: ReadonlyMap<number, Uint8Array>): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: report.title, Subject: `Session ${report.sessionKey}`, Keywords: report.vehicleRows.map(([, value]) => value).join(', ') },
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

  // The account's band: its display name on its colour, above the title.
  const bandHeight = 30;
  document.rect(MARGIN, MARGIN, width, bandHeight).fill(report.brand.color);
  document
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(report.brand.textColor)
    .text(report.brand.name, MARGIN + 10, MARGIN + 9, { width: width - 20, height: 16, lineBreak: false, ellipsis: true });
  document
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(report.title, MARGIN, MARGIN + bandHeight + 12, { width });
  document.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Session ${report.sessionKey} · theme ${report.theme}`, { width });
  body();

  heading('Overall condition');
  if (report.overallGrade) {
    document
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(report.overallGrade.value === null ? 'Not assessed' : `${report.overallGrade.value} / 5  ${report.overallGrade.name}`, MARGIN, document.y, {
        width,
      });
    body().text(`${report.totalDamages} damage${report.totalDamages === 1 ? '' : 's'} recorded`, MARGIN, document.y, { width });
    paragraph(report.review ? `Reviewed by ${report.review.by} on ${report.review.at}.` : 'No person reviewed this inspection.', MUTED);
    if (report.unanalysedPhotos.length) paragraph(`The damage detector could not analyse these photos: ${report.unanalysedPhotos.join(', ')}.`, REJECTED);
  } else {
    paragraph(`This inspection (theme ${report.theme}) captures photos only; no damage inspection was made.`);
  }

  heading('Vehicle');
  if (report.vehicleRows.length) pairs(report.vehicleRows);
  else paragraph('No vehicle details were given.', MUTED);

  if (report.overallGrade) {
    heading('Damages');
    if (report.damages.length === 0) paragraph('No damage recorded.', MUTED);
    else {
      table(
        ['Item', 'Damage', 'Grade', 'Photo', 'Source'],
        report.damages.map((damage) => [damage.item, damage.damage, String(damage.grade), damage.photo, damage.source]),
        [130, 170, 45, 90, width - 435],
      );
    }
    if (report.omittedDamages > 0) paragraph(`… and ${report.omittedDamages} more damages are not shown here.`, MUTED);
    // Each damage marked on a photo, with its box drawn where it was marked.
    const marked = report.damages.filter((damage) => damage.photoCode !== null && thumbnails.has(damage.photoCode));
    if (marked.length) {
      heading('Damages on their photos');
      const figureWidth = (width - GRID_GAP) / 2;
      const figureHeight = Math.round((figureWidth * 3) / 4);
      for (let start = 0; start < marked.length; start += 2) {
        ensureSpace(figureHeight + 30);
        const rowTop = document.y;
        marked.slice(start, start + 2).forEach((damage, column) => {
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
            .text(`${damage.item} · ${damage.damage} · grade ${damage.grade}`, x, rowTop + figureHeight + 4, {
              width: figureWidth,
              lineBreak: false,
              ellipsis: true,
            });
          document.font('Helvetica').fillColor(MUTED).text(damage.photo, x, document.y, { width: figureWidth, height: 11, ellipsis: true });
        });
        document.x = MARGIN;
        document.y = rowTop + figureHeight + 32;
        body();
      }
    }
    if (report.maxGradePerItem.length) {
      heading('Highest grade per item');
      pairs(report.maxGradePerItem);
    }
  }

  const cellWidth = (width - (GRID_COLUMNS - 1) * GRID_GAP) / GRID_COLUMNS;
  const THUMB_HEIGHT = Math.round((cellWidth * 3) / 4); // a 4:3 photo fills its cell
  const captionHeight = 28;
  ensureSpace(THUMB_HEIGHT + captionHeight + 60); // the heading goes to the page its first row of photos is on
  heading('Photos');
  for (let start = 0; start < report.photos.length; start += GRID_COLUMNS) {
    ensureSpace(THUMB_HEIGHT + captionHeight);
    const rowTop = document.y;
    report.photos.slice(start, start + GRID_COLUMNS).forEach((photo, column) => {
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
        .text(`${photo.number}. ${photo.view}`, x, rowTop + THUMB_HEIGHT + 4, { width: cellWidth, lineBreak: false, ellipsis: true });
      document
        .font('Helvetica')
        .fillColor(photo.approved ? MUTED : REJECTED)
        .text(photo.message, x, document.y, { width: cellWidth, height: 11, ellipsis: true });
    });
    document.x = MARGIN;
    document.y = rowTop + THUMB_HEIGHT + captionHeight + 6;
    body();
  }
  if (report.photos.length === 0) paragraph('No photos were captured.', MUTED);
  if (report.omittedPhotos > 0) paragraph(`… and ${report.omittedPhotos} more photos are not shown here.`, MUTED);

  heading('Location');
  if (report.location) {
    pairs([
      ['Latitude', report.location.latitude],
      ['Longitude', report.location.longitude],
      ['Accuracy', report.location.accuracy === null ? '—' : `${report.location.accuracy} m`],
      ['Recorded', report.location.capturedAt],
    ]);
  } else paragraph('No location was recorded.', MUTED);

  heading('Notes');
  if (report.omittedNotes > 0) paragraph(`… and ${report.omittedNotes} more notes, older than these, are not shown here.`, MUTED);
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
  if (report.notes.length === 0) paragraph('No notes.', MUTED);

  heading('Timeline');
  pairs(report.timeline);

  drawFooters(document, report, width);
  document.end();
  return done;
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
    document.text(`Generated ${report.generatedAt} · Session ${report.sessionKey}`, MARGIN, y, { width, lineBreak: false });
    document.text(`Page ${index - start + 1} of ${count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
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

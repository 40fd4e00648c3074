// The condition report as a PDF (pdfkit): the same model as the HTML report, photos as a grid of thumbnails.
import PDFDocument from 'pdfkit';
import type { ConditionReport } from './report-model.js';

const MARGIN = 48;
const GRID_COLUMNS = 3;
const THUMB_HEIGHT = 110;

export function renderReportPdf(report: ConditionReport, thumbnails: Map<number, Buffer>): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: report.title, Subject: `Session ${report.sessionKey}`, Keywords: report.vehicleRows.map(([, value]) => value).join(', ') } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  const width = document.page.width - MARGIN * 2;

  const heading = (text: string) => {
    if (document.y > document.page.height - MARGIN - 80) document.addPage();
    document.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#1b1f24').text(text).moveDown(0.3);
    document.font('Helvetica').fontSize(10);
  };
  const pairs = (rows: [string, string | number][]) => {
    for (const [key, value] of rows) {
      const y = document.y;
      document.font('Helvetica-Bold').text(key, MARGIN, y, { width: 140 });
      document.font('Helvetica').text(String(value), MARGIN + 150, y, { width: width - 150 });
      document.moveDown(0.2);
    }
  };
  const table = (headers: string[], rows: string[][], widths: number[]) => {
    const drawRow = (cells: string[], bold: boolean) => {
      const y = document.y;
      let x = MARGIN;
      let bottom = y;
      cells.forEach((cell, index) => {
        document.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(cell, x, y, { width: (widths[index] ?? 80) - 6 });
        bottom = Math.max(bottom, document.y);
        x += widths[index] ?? 80;
      });
      document.x = MARGIN;
      document.y = bottom + 4;
      if (document.y > document.page.height - MARGIN - 20) document.addPage();
    };
    drawRow(headers, true);
    for (const row of rows) drawRow(row, false);
  };

  document.font('Helvetica-Bold').fontSize(18).text(report.title);
  document.font('Helvetica').fontSize(10).fillColor('#57606a').text(`Session ${report.sessionKey} · theme ${report.theme}`).fillColor('#1b1f24');

  heading('Overall condition');
  if (report.overallGrade) {
    document.font('Helvetica-Bold').fontSize(16).text(report.overallGrade.value === null ? 'Not assessed' : `${report.overallGrade.value} / 5  ${report.overallGrade.name}`);
    document.font('Helvetica').fontSize(10).text(`${report.totalDamages} damage${report.totalDamages === 1 ? '' : 's'} recorded`);
  } else {
    document.text(`This inspection (theme ${report.theme}) captures photos only; no damage inspection was made.`);
  }

  heading('Vehicle');
  if (report.vehicleRows.length) pairs(report.vehicleRows);
  else document.text('No vehicle details were given.');

  if (report.overallGrade) {
    heading('Damages');
    if (report.damages.length === 0) document.text('No damage recorded.');
    else table(['Item', 'Damage', 'Grade', 'Photo', 'Source'], report.damages.map((damage) => [damage.item, damage.damage, String(damage.grade), damage.photo, damage.source]), [130, 150, 50, 100, 70]);
    if (report.maxGradePerItem.length) {
      heading('Highest grade per item');
      pairs(report.maxGradePerItem);
    }
  }

  heading('Photos');
  const cellWidth = (width - (GRID_COLUMNS - 1) * 10) / GRID_COLUMNS;
  let rowTop = document.y;
  report.photos.forEach((photo, index) => {
    const column = index % GRID_COLUMNS;
    if (column === 0) {
      if (document.y > document.page.height - MARGIN - THUMB_HEIGHT - 30) document.addPage();
      rowTop = document.y;
    }
    const x = MARGIN + column * (cellWidth + 10);
    const thumbnail = thumbnails.get(photo.code);
    if (thumbnail) document.image(thumbnail, x, rowTop, { fit: [cellWidth, THUMB_HEIGHT], align: 'center', valign: 'center' });
    else document.rect(x, rowTop, cellWidth, THUMB_HEIGHT).stroke('#d0d7de');
    document.fontSize(9).fillColor(photo.approved ? '#1b1f24' : '#cf222e').text(`${photo.code}. ${photo.label} — ${photo.message}`, x, rowTop + THUMB_HEIGHT + 4, { width: cellWidth });
    document.fillColor('#1b1f24').fontSize(10);
    if (column === GRID_COLUMNS - 1 || index === report.photos.length - 1) {
      document.x = MARGIN;
      document.y = rowTop + THUMB_HEIGHT + 30;
    }
  });

  heading('Location');
  if (report.location) {
    pairs([
      ['Latitude', report.location.latitude],
      ['Longitude', report.location.longitude],
      ['Accuracy', report.location.accuracy === null ? '—' : `${report.location.accuracy} m`],
      ['Recorded', report.location.capturedAt],
    ]);
  } else document.text('No location was recorded.');

  heading('Notes');
  if (report.notes.length) table(['Title', 'Description', 'By', 'When'], report.notes.map((note) => [note.title, note.description, note.user, note.createdAt]), [110, 200, 70, 120]);
  else document.text('No notes.');

  heading('Timeline');
  pairs(report.timeline);

  document.end();
  return done;
}

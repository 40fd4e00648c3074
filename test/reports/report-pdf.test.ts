// The PDF report laid out as a reader sees it: each page rendered to an image with pdftoppm (poppler), so a nearly
// empty last page is measured on the page, and its text read back with pdftotext in the session's language.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionResults } from '../../src/domain/results.js';
import { buildConditionReport, type ReportNoteInput } from '../../src/reports/report-model.js';
import { LAST_PAGE_MIN_FILL, renderReportPdf } from '../../src/reports/report-pdf.js';
import { reportWords } from '../../src/reports/report-words.js';

const PAGE_HEIGHT = 842; // A4 in points
const MARGIN = 48;
const RESOLUTION = 24; // pixels per inch: enough to see where ink ends
const directory = mkdtempSync(join(tmpdir(), 'report-pdf-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
const DAMAGES = [
  {
    item: 'left_front_door',
    damage_type: 'dent',
    damage: 'dent',
    grade: 3,
    photo_code: 4,
    source: 'manual',
    region: { x: 0.3, y: 0.3, width: 0.2, height: 0.2 },
  },
  {
    item: 'front_bumper',
    damage_type: 'scratch',
    damage: 'scratch',
    grade: 2,
    photo_code: 5,
    source: 'detector',
    region: { x: 0.5, y: 0.5, width: 0.2, height: 0.1 },
  },
  { item: 'right_rear_quarter_panel', damage_type: 'rust', damage: 'rust', grade: 4, photo_code: 12, source: 'manual', region: null },
  { item: 'hood', damage_type: 'chip', damage: 'chip', grade: 1, photo_code: 9, source: 'manual', region: { x: 0.1, y: 0.1, width: 0.1, height: 0.1 } },
];

function results(damageCount: number): SessionResults {
  const damages = DAMAGES.slice(0, damageCount);
  return {
    session: {
      session_key: 'ABC-1234567890',
      theme: 'PRO',
      created_at: '2026-11-23T06:58:00.000Z',
      inspect_started_at: '2026-11-23T06:59:10.000Z',
      inspect_ended_at: '2026-11-23T07:01:10.000Z',
      capture_duration: 75,
      inspect_duration: 120,
    },
    vehicle: {
      vin: '1HGCM82633A004352',
      year: 2019,
      make: 'Honda',
      model: 'Accord',
      ext_col: 'Blue',
      odom_reading: 42000,
      odom_unit: 'km',
      vin_captured: '1HGCM82633A004352',
      vin_match: true,
    },
    photos: CODES.map((code) => ({
      photo_code: code,
      photo_label: `view_${code}`,
      url: `https://example.test/p/${code}`,
      approved: true,
      approved_message: 'ACCEPTED',
    })),
    location: { latitude: 40.4168, longitude: -3.7038, accuracy: 12, captured_at: '2026-11-23T07:00:00.000Z' },
    inspection: {
      assessment: 'ASSESSED',
      total_damages: damages.length,
      grade: damages.length ? 3 : 5,
      reviewed_by: 'ana.inspector',
      reviewed_at: '2026-11-23T07:05:00.000Z',
      max_grade_per_item: Object.fromEntries(damages.map((damage) => [damage.item, damage.grade])),
      damages,
    },
  } as unknown as SessionResults;
}

const notes = (count: number): ReportNoteInput[] =>
  Array.from({ length: count }, (_, index) => ({
    title: `Note ${index + 1}`,
    description: 'A long scratch on the driver door, about 20 cm, visible in daylight. '.repeat(1 + (index % 3)),
    user: index % 2 ? 'ana.inspector' : 'guest',
    createdAt: new Date(Date.parse('2026-11-23T07:00:00Z') + index * 60_000),
  }));

async function render(damageCount: number, noteCount: number, language = 'en'): Promise<string> {
  const report = buildConditionReport(results(damageCount), { newest: notes(noteCount), total: noteCount }, new Date('2026-11-23T07:06:00Z'), {
    brand: { name: 'Acme Motors', color: '#12385c' },
    words: reportWords(language),
  });
  const thumbnail = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8890aa' } })
    .jpeg()
    .toBuffer();
  const path = join(directory, `report-${damageCount}-${noteCount}-${language}.pdf`);
  writeFileSync(path, await renderReportPdf(report, new Map(CODES.map((code) => [code, thumbnail]))));
  return path;
}

/** Each page's content bottom (the lowest ink above the footer), as a share of the writable height. */
async function pageFills(pdf: string): Promise<number[]> {
  const prefix = pdf.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', String(RESOLUTION), '-gray', '-png', pdf, prefix]);
  const pages = readdirSync(directory)
    .filter((name) => `${join(directory, name)}`.startsWith(`${prefix}-`) && name.endsWith('.png'))
    .sort();
  const fills: number[] = [];
  for (const name of pages) {
    const { data, info } = await sharp(join(directory, name)).raw().toBuffer({ resolveWithObject: true });
    const scale = info.height / PAGE_HEIGHT;
    const contentBottom = Math.floor((PAGE_HEIGHT - MARGIN) * scale); // the footer is drawn below this line
    let lowest = 0;
    for (let row = 0; row < contentBottom; row += 1) {
      for (let column = 0; column < info.width; column += 1) {
        if ((data[(row * info.width + column) * info.channels] as number) < 200) {
          lowest = row;
          break;
        }
      }
    }
    fills.push((lowest / scale - MARGIN) / (PAGE_HEIGHT - 2 * MARGIN));
  }
  return fills;
}

describe('the PDF condition report', () => {
  it('leaves no page nearly empty, whatever the count of damages and notes', async () => {
    for (const [damageCount, noteCount] of [
      [3, 2],
      [0, 0],
      [1, 1],
      [2, 4],
      [4, 6],
      [3, 9],
    ] as const) {
      const fills = await pageFills(await render(damageCount, noteCount));
      const label = `${damageCount} damages, ${noteCount} notes: pages filled ${fills.map((fill) => fill.toFixed(2)).join(', ')}`;
      expect(fills.length, label).toBeGreaterThan(0);
      if (fills.length > 1) expect(fills.at(-1), label).toBeGreaterThanOrEqual(LAST_PAGE_MIN_FILL - 0.02);
    }
  }, 60_000);

  it("is written in the session's language (the text pdftotext reads)", async () => {
    const text = execFileSync('pdftotext', ['-layout', await render(3, 2, 'es'), '-'], { encoding: 'utf8' });
    for (const words of [
      'Informe de estado — 2019 Honda Accord',
      'Estado general',
      'Aceptable',
      'Vehículo',
      'Daños en sus fotos',
      'Puerta delantera, lado del',
      'Abolladura',
      'Óxido',
      'Ubicación',
      'Cronología',
      '23 nov 2026, 07:06 UTC',
      'Página 1 de',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toMatch(/Overall condition|Damages|Photos|Page 1 of/);
  }, 30_000);
});

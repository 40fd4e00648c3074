// The CSV export of sessions (docs/rest-guide.md "Exporting sessions"): its columns, one row per session, and the
// quoting that keeps a spreadsheet from running a cell as a formula. Free of I/O; the use case streams the rows.
import type { SessionOptions } from './session-input.js';
import type { SessionStatus } from './statuses.js';
import type { Theme } from './themes.js';
import type { Vehicle } from './vehicle.js';
import { sessionContact } from './session-search.js';
import { isGrade, type Grade } from './grading.js';

export const SESSION_CSV_COLUMNS = [
  'session_key',
  'status',
  'theme',
  'language',
  'created_at',
  'completed_at',
  'vin',
  'vin_match',
  'year',
  'make',
  'model',
  'odometer',
  'grade',
  'total_damages',
  'reviewed_by',
  'contact_name',
  'contact_phone',
  'client_id',
] as const;

/** What a row needs of a session, nothing more: the store reads only these fields for an export. */
export interface SessionExportSource {
  key: string;
  status: SessionStatus;
  theme: Theme;
  language: string | null;
  createdAt: Date;
  completedAt: Date | null;
  vehicle: Pick<Vehicle, 'vin' | 'year' | 'make' | 'model' | 'odomReading'>;
  options: SessionOptions;
  /** The results fixed at completion, as the API gave them; null before. */
  results: {
    vehicle?: { vin_match?: boolean | null };
    inspection?: { grade?: number | null; total_damages?: number; reviewed_by?: string | null } | null;
  } | null;
}

type Cell = string | number | boolean | null | undefined;

/** What a completed session's report says in figures: its grade (null when not assessed) and its accepted damages. */
export interface ReportFigures {
  grade: Grade | null;
  totalDamages: number | null;
}

/** The figures of the results fixed at completion; all null before (and for CAPT, which has no damage inspection). */
export function reportFigures(results: SessionExportSource['results'] | Record<string, unknown>): ReportFigures {
  const inspection = (results as SessionExportSource['results'])?.inspection ?? null;
  return {
    grade: isGrade(inspection?.grade) ? inspection.grade : null,
    totalDamages: typeof inspection?.total_damages === 'number' ? inspection.total_damages : null,
  };
}

/** The header line, CRLF-terminated. */
export function sessionCsvHeader(): string {
  return csvLine(SESSION_CSV_COLUMNS);
}

/** One session as a CSV line, CRLF-terminated; empty cells for what is not known (yet). */
export function sessionCsvLine(session: SessionExportSource): string {
  const inspection = session.results?.inspection ?? null;
  const figures = reportFigures(session.results);
  const contact = sessionContact(session.options);
  const row: Record<(typeof SESSION_CSV_COLUMNS)[number], Cell> = {
    session_key: session.key,
    status: session.status,
    theme: session.theme,
    language: session.language,
    created_at: session.createdAt.toISOString(),
    completed_at: session.completedAt?.toISOString(),
    vin: session.vehicle.vin,
    vin_match: session.results?.vehicle?.vin_match,
    year: session.vehicle.year,
    make: session.vehicle.make,
    model: session.vehicle.model,
    odometer: session.vehicle.odomReading,
    grade: figures.grade,
    total_damages: figures.totalDamages,
    reviewed_by: inspection?.reviewed_by,
    contact_name: contact.name,
    contact_phone: contact.phone,
    client_id: session.options.clientId,
  };
  return csvLine(SESSION_CSV_COLUMNS.map((column) => row[column]));
}

/** Cells joined by commas, each quoted as RFC 4180 says, ending in CRLF. */
export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * One cell: text a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) gets a
 * leading apostrophe; a cell holding a comma, a double quote, CR or LF is quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

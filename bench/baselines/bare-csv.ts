// Baseline for csv_export_1000_ms: a bare node:http server that streams the same CSV straight from a driver cursor —
// the same query, order, projection and batch size as the service's export, each row written by hand (same columns,
// RFC 4180 quoting and formula apostrophe), pausing while the client reads slower than the rows come. No credentials,
// no filters to check, no rate limit: what the export costs without the service around it.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient } from 'mongodb';

const client = await MongoClient.connect(process.env.MONGODB_URL as string);
const sessions = client.db(process.env.MONGODB_DB).collection('inspection_sessions');
const apiKey = process.env.BASELINE_API_KEY as string;

const HEADER =
  'session_key,status,theme,language,created_at,completed_at,vin,vin_match,year,make,model,odometer,grade,total_damages,reviewed_by,contact_name,contact_phone,client_id';
const PROJECTION = {
  status: 1,
  theme: 1,
  language: 1,
  created_at: 1,
  completed_at: 1,
  'vehicle.vin': 1,
  'vehicle.year': 1,
  'vehicle.make': 1,
  'vehicle.model': 1,
  'vehicle.odomReading': 1,
  options: 1,
  'results.vehicle.vin_match': 1,
  'results.inspection.grade': 1,
  'results.inspection.total_damages': 1,
  'results.inspection.reviewed_by': 1,
};

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// biome-ignore lint/suspicious/noExplicitAny: a baseline reads the stored document as it comes
function line(session: any): string {
  const options = session.options ?? {};
  const contact = options.contact ?? {};
  const inspection = session.results?.inspection ?? null;
  const grade = inspection?.grade;
  return `${[
    session._id,
    session.status,
    session.theme,
    session.language,
    session.created_at.toISOString(),
    session.completed_at?.toISOString(),
    session.vehicle?.vin,
    session.results?.vehicle?.vin_match,
    session.vehicle?.year,
    session.vehicle?.make,
    session.vehicle?.model,
    session.vehicle?.odomReading,
    Number.isInteger(grade) && grade >= 1 && grade <= 5 ? grade : null,
    typeof inspection?.total_damages === 'number' ? inspection.total_damages : null,
    inspection?.reviewed_by,
    (typeof contact.name === 'string' && contact.name.trim()) || options.sms?.toName || options.email?.toName,
    (typeof contact.phone === 'string' && contact.phone.trim()) || options.sms?.to,
    options.clientId,
  ]
    .map(cell)
    .join(',')}\r\n`;
}

const server = createServer(async (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
  response.write(`${HEADER}\r\n`);
  const cursor = sessions
    .find({ $and: [{ api_key: apiKey }, { test: { $ne: true } }] }, { projection: PROJECTION, batchSize: 200 })
    .sort({ created_at: -1, _id: -1 });
  for await (const session of cursor) if (!response.write(line(session))) await once(response, 'drain');
  response.end();
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`BASELINE_URL=http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => void client.close().finally(() => process.exit(0))));

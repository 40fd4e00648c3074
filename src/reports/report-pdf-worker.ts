// Runs in a thread of the report render pool (report-render-pool.ts): lays out one condition report PDF there, so
// pdfkit's synchronous layout never holds up the service's event loop. Receives plain data, returns the bytes.
import { renderReportPdf } from './report-pdf.js';
import type { ReportRenderJob } from './report-render-pool.js';

export default async function renderReportJob(job: ReportRenderJob): Promise<Uint8Array> {
  const pdf = await renderReportPdf(job.report, new Map(job.thumbnails), job.logo ?? null);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

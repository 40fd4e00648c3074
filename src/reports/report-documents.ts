// The condition report use case: the completed session's results and notes, rendered as HTML or PDF.
import sharp from 'sharp';
import type { InspectionSessionDocument } from '../store/inspection-sessions.js';
import type { Stores } from '../services.js';
import type { PhotoFiles } from '../inspections/photo-files.js';
import type { SessionResults } from '../domain/results.js';
import { latestCapturePerCode } from '../domain/photos.js';
import { AppError } from '../errors.js';
import { buildConditionReport, type ConditionReport } from './report-model.js';
import { renderReportHtml } from './report-html.js';
import { renderReportPdf } from './report-pdf.js';

const THUMBNAIL_WIDTH = 480;

export class ReportDocuments {
  constructor(private readonly deps: { stores: Pick<Stores, 'notes' | 'captures'>; files: PhotoFiles }) {}

  async html(session: InspectionSessionDocument): Promise<string> {
    return renderReportHtml(await this.model(session));
  }

  async pdf(session: InspectionSessionDocument): Promise<Buffer> {
    const model = await this.model(session);
    return renderReportPdf(model, await this.thumbnails(session));
  }

  private async model(session: InspectionSessionDocument): Promise<ConditionReport> {
    if (session.status !== 'COMPLETE' || !session.results) throw new AppError('CONFLICT', 'Session is not yet completed.');
    const notes = await this.deps.stores.notes.listForSession(session.api_key, session._id);
    return buildConditionReport(
      session.results as unknown as SessionResults,
      notes.map((note) => ({ title: note.title, description: note.description, user: note.user, createdAt: note.created_at.toISOString() })),
    );
  }

  /** JPEG thumbnails of the reported photos (PDF takes only JPEG and PNG; photos may be WebP). */
  private async thumbnails(session: InspectionSessionDocument): Promise<Map<number, Buffer>> {
    const captures = await this.deps.stores.captures.listForSession(session.api_key, session._id);
    const latest = latestCapturePerCode(captures.map((capture) => ({ ...capture, photoCode: capture.photo_code, capturedAt: capture.created_at })));
    const entries = await Promise.all(
      latest
        .filter((capture) => capture.medium_key)
        .map(async (capture): Promise<[number, Buffer] | null> => {
          try {
            const medium = await this.deps.files.read(capture.medium_key!);
            if (!medium) return null;
            const thumbnail = await sharp(medium).rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
            return [capture.photo_code, thumbnail];
          } catch {
            return null; // An unreadable stored photo leaves an empty frame rather than no report.
          }
        }),
    );
    return new Map(entries.filter((entry): entry is [number, Buffer] => entry !== null));
  }
}

// The reports folder's part of the app: condition reports as HTML and PDF, each completed session's PDF rendered once
// right away so its first download is a read from the file store.
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../observability/metrics.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { PhotoFiles } from '../inspections/photo-files.js';
import type { PublicUrls } from '../inspections/public-urls.js';
import type { AccountLogos } from '../accounts/account-logos.js';
import type { FileStore } from '../storage/file-store.js';
import type { Stores } from '../store/stores.js';
import { ReportDocuments } from './report-documents.js';
import { createReportRenderPool, type RenderThreadStart } from './report-render-pool.js';

export function createReportDocuments(deps: {
  stores: Pick<Stores, 'notes' | 'captures' | 'sessions' | 'accounts' | 'users'>;
  recorder: EventRecorder;
  files: PhotoFiles;
  fileStore: FileStore;
  logos: Pick<AccountLogos, 'bytesOf'>;
  urls: Pick<PublicUrls, 'logoUrl'>;
  config: Pick<Config, 'reportRenderWorkers'>;
  metrics: Metrics;
  logger: Logger;
  clock: () => Date;
  renderThreadStart?: RenderThreadStart;
}): ReportDocuments {
  const reportDocuments = new ReportDocuments({
    stores: deps.stores,
    files: deps.files,
    fileStore: deps.fileStore,
    logos: deps.logos,
    urls: deps.urls,
    renderer: createReportRenderPool({ workers: deps.config.reportRenderWorkers, threadStart: deps.renderThreadStart }),
    metrics: deps.metrics,
    logger: deps.logger,
    clock: deps.clock,
  });
  deps.recorder.afterRecord(async (event) => {
    if (event.event === 'SESSION:COMPLETE' || event.event === 'SESSION:REPORT_REVISED') reportDocuments.prepareCompleted(event.apiKey, event.sessionKey);
  });
  return reportDocuments;
}

// Reads the odometer of a cluster photo (docs/capture.md#odometer-reading) with tesseract.js: the OCR runs in the
// worker thread tesseract.js starts (its Node worker script, with the Tesseract WebAssembly build of tesseract.js-core),
// the picture is prepared by sharp on libuv's pool (cluster-image.ts), and the pure rule of src/domain picks the mileage
// from the words — so the service's event loop stays free. Everything loads from node_modules: the worker script and the
// English LSTM data of @tesseract.js-data/eng are given as file paths, and no cache is written. A photo that takes too
// long, a full queue or a failed thread give "nothing read" (null): the person types the reading instead.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Logger } from '../logger.js';
import { pickOdometerReading, type OcrWord } from '../domain/odometer.js';
import { createGuardedReader, createReplaceableWorker } from '../workers/guarded-reader.js';
import { prepareClusterImage } from './cluster-image.js';

const require = createRequire(import.meta.url);

export interface OdometerReading {
  /** The mileage the words give, or null when none is plausible. */
  reading: number | null;
  /** The words the OCR found, in reading order. */
  words: OcrWord[];
  /** Wall time of the preparation and the OCR, in milliseconds. */
  ms: number;
}

export interface OdometerReader {
  /** The odometer of a cluster photo; null when it could not be read (undecodable, too slow, a failed thread, a full queue). */
  read(bytes: Uint8Array): Promise<OdometerReading | null>;
  /** Starts the OCR thread and loads the language data now instead of on the first photo. */
  warmUp(): Promise<void>;
  /** Stops the OCR thread; a later read starts a new one. */
  close(): Promise<void>;
}

export interface OdometerReaderOptions {
  /** Pixel limit of the photos decoded (the QC limit). */
  maxPixels: number;
  /** A photo still unread after this long is given up and the OCR thread replaced. */
  timeoutMs?: number;
  /** Photos allowed to wait for the OCR thread; more are not read. */
  maxQueued?: number;
  logger?: Pick<Logger, 'warn'>;
}

/** The installed files tesseract.js is pointed at (nothing of it is fetched). */
export function tesseractFiles() {
  const tesseract = dirname(require.resolve('tesseract.js/package.json'));
  return {
    // The Node worker script; it loads the WebAssembly core with require('tesseract.js-core/…') from node_modules.
    workerPath: join(tesseract, 'src', 'worker-script', 'node', 'index.js'),
    // English, LSTM only, int-quantised: a plain path, which the worker reads with fs (a URL would be fetched).
    langPath: join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
  };
}

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

/**
 * Starts tesseract.js's OCR thread with the English data. tesseract.js never settles its start when the language data
 * fails to load (it only reports the failure to the error handler), so the handler fails the start here.
 */
async function startOcr(): Promise<TesseractWorker> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  let failStart: (reason: Error) => void = () => undefined;
  const startFailed = new Promise<never>((_, reject) => {
    failStart = reject;
  });
  const starting = createWorker('eng', OEM.LSTM_ONLY, {
    ...tesseractFiles(),
    // tesseract.js would otherwise copy the language data into the working folder.
    cacheMethod: 'none',
    gzip: true,
    // Without a handler tesseract.js throws a failed job from its message listener: an uncaught exception that would
    // stop the service. After the start, a failed job also rejects its own promise, which the reader handles.
    errorHandler: (problem: unknown) => failStart(new Error(`the OCR could not start: ${String(problem)}`)),
  });
  const worker = await Promise.race([starting, startFailed]);
  // Sparse text: a cluster holds words scattered over dials and a display, not paragraphs. Tesseract's own notes
  // ("Estimating resolution…") go nowhere instead of into the service's log stream.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, debug_file: '/dev/null' });
  return worker;
}

export function createOdometerReader(options: OdometerReaderOptions): OdometerReader {
  const guard = createGuardedReader({
    timeoutMs: options.timeoutMs ?? 20_000,
    maxQueued: options.maxQueued ?? 8,
    failure: 'odometer reading failed',
    logger: options.logger,
  });
  /** Why the OCR could not start (missing or damaged files): then nothing is read, rather than a thread leaked per photo. */
  let unusable: Error | null = null;
  const ocr = createReplaceableWorker(
    () =>
      startOcr().catch((error: unknown) => {
        unusable = error instanceof Error ? error : new Error(String(error));
        throw unusable;
      }),
    (worker) => worker.terminate(),
  );

  const readNow = async (bytes: Uint8Array): Promise<OdometerReading | null> => {
    if (unusable) return null;
    const startedAt = performance.now();
    const picture = await prepareClusterImage(bytes, options.maxPixels).catch(() => null);
    // Not a picture sharp can decode within the pixel limit: nothing to read, and nothing wrong with the OCR thread.
    if (picture === null) return null;
    // A start still under way after the photo's time leaves this photo unread; it goes on for the next ones.
    const starting = ocr.current();
    const worker = await guard.within(starting, 'starting the OCR');
    try {
      const { data } = await guard.within(worker.recognize(picture, {}, { blocks: true }), 'reading the photo');
      const words = ocrWords(data.blocks ?? []);
      return { reading: pickOdometerReading(words), words, ms: performance.now() - startedAt };
    } catch (error) {
      // A thread that failed or ran out of time is replaced: the next photo starts a new one.
      await ocr.replace(starting);
      throw error;
    }
  };

  return {
    read: (bytes) => guard.run(() => readNow(bytes)),
    async warmUp() {
      await ocr.current();
    },
    close: () => ocr.replace(),
  };
}

type Block = NonNullable<Awaited<ReturnType<TesseractWorker['recognize']>>['data']['blocks']>[number];

/** The words of tesseract's blocks in reading order, each with its line's number, height and confidence. */
function ocrWords(blocks: readonly Block[]): OcrWord[] {
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const found of paragraph.lines) {
        for (const word of found.words) words.push({ text: word.text, line, height: word.bbox.y1 - word.bbox.y0, confidence: word.confidence });
        line += 1;
      }
    }
  }
  return words;
}

// The damage detector port over HTTP (docs/staff.md, docs/damage-detector.md): any model service that takes one photo
// per POST and answers its detections. Each photo gets a bounded number of attempts with a time-out each; a photo
// the model cannot analyse is listed, never waited on for ever.
import got from 'got';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import type { DamageDetector, DetectedDamage, DetectionOutcome, DetectorPhoto } from './damage-detector.js';
import type { Grade } from '../domain/grading.js';
import { parseJsonText } from '../domain/validation.js';

export interface HttpDamageDetectorOptions {
  url: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts after the first, for time-outs, network errors and 5xx answers. */
  retries: number;
  logger: Logger;
  /** Photos analysed at the same time. */
  concurrency?: number;
}

const fraction = z.number().min(0).max(1);
const detectionsSchema = z.object({
  detections: z
    .array(
      z.object({
        item: z.string().max(100),
        damage_type: z.string().max(100),
        grade: z.number().int().min(1).max(5),
        score: fraction.nullable().optional(),
        box: z.object({ x: fraction, y: fraction, width: fraction, height: fraction }).nullable().optional(),
      }),
    )
    .max(100),
});

const BACKOFF_MS = 250;

export class HttpDamageDetector implements DamageDetector {
  readonly name = 'http';

  constructor(private readonly options: HttpDamageDetectorOptions) {}

  async detect(photos: DetectorPhoto[], context: { sessionKey: string }): Promise<DetectionOutcome> {
    const outcome: DetectionOutcome = { damages: [], unanalysed: [] };
    const queue = [...photos];
    const worker = async () => {
      for (let photo = queue.shift(); photo; photo = queue.shift()) {
        const found = await this.analyse(photo, context.sessionKey);
        if (found) outcome.damages.push(...found);
        else outcome.unanalysed.push(photo.photoCode);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.options.concurrency ?? 3) }, worker));
    outcome.unanalysed.sort((a, b) => a - b);
    return outcome;
  }

  /** The photo's detections, or null once every attempt failed. */
  private async analyse(photo: DetectorPhoto, sessionKey: string): Promise<DetectedDamage[] | null> {
    const body = await photo.bytes();
    for (let attempt = 0; attempt <= this.options.retries; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS * 2 ** (attempt - 1)));
      try {
        const response = await got.post(this.options.url, {
          body,
          headers: { 'content-type': photo.mimeType, 'x-photo-code': String(photo.photoCode), 'x-photo-label': photo.photoLabel, 'x-session-key': sessionKey },
          timeout: { request: this.options.timeoutMs },
          retry: { limit: 0 },
          followRedirect: false,
          throwHttpErrors: false,
          responseType: 'text',
        });
        if (response.statusCode >= 400 && response.statusCode < 500) {
          this.options.logger.warn({ photoCode: photo.photoCode, status: response.statusCode }, 'damage detector refused a photo');
          return null;
        }
        if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
        const parsed = detectionsSchema.safeParse(parseJsonText(response.body));
        if (!parsed.success) {
          this.options.logger.warn({ photoCode: photo.photoCode, issue: parsed.error.issues[0]?.message }, 'damage detector answered outside its protocol');
          return null;
        }
        return parsed.data.detections.map((detection) => ({
          item: detection.item,
          damage: detection.damage_type,
          grade: detection.grade as Grade,
          photoCode: photo.photoCode,
          score: detection.score ?? null,
          region: detection.box ?? null,
        }));
      } catch (error) {
        this.options.logger.warn({ photoCode: photo.photoCode, attempt: attempt + 1, err: error }, 'damage detector attempt failed');
      }
    }
    return null;
  }
}

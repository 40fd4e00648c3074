// Simulated captures of test sessions (docs/rest-guide.md "Test keys"): the whole capture a person would make, with
// generated photos, through the real pipeline — quality control, events, webhooks, the report — so an integrator can
// test their handler without photographing a car. It runs in this instance after the 202; if the instance stops
// half-way, the session stays where it was and expires at its idle deadline like any other.
import type { Account } from '../domain/account.js';
import type { Logger } from '../logger.js';
import type { SessionService } from '../inspections/session-service.js';
import type { CaptureService } from '../inspections/capture-service.js';
import type { ReviewService } from '../inspections/review-service.js';
import type { SessionMoves } from '../inspections/session-moves.js';
import { AppError, badRequest, conflict } from '../errors.js';
import { firstIssueMessage } from '../domain/validation.js';
import { requiredPhotoCodes } from '../domain/themes.js';
import { SimulateBodySchema, type SimulateInput, type SimulationStarted } from '../domain/simulation.js';
import { acceptablePhoto, tooDarkPhoto } from './simulated-photos.js';
import { API_ACTOR } from '../domain/results.js';

/** Who completes a simulated review, as the results' `reviewed_by` names them. */
const SIMULATED_REVIEWER = API_ACTOR;

export interface SessionSimulatorDeps {
  sessions: Pick<SessionService, 'require'>;
  capture: Pick<CaptureService, 'start' | 'capturePhotoForAccount' | 'confirmForAccount'>;
  reviews: Pick<ReviewService, 'completeReview'>;
  moves: Pick<SessionMoves, 'move'>;
  logger: Logger;
  clock: () => Date;
}

export class SessionSimulator {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: SessionSimulatorDeps) {}

  /** Checks the request and opens the capture (so a second simulate is refused), then runs the rest after answering. */
  async start(account: Account, sessionKey: string, body: unknown): Promise<SimulationStarted> {
    const parsed = SimulateBodySchema.safeParse(body ?? {});
    if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
    const session = await this.deps.sessions.require(account, sessionKey);
    if (!session.test) throw new AppError('FORBIDDEN', 'Only a test session (one created with a test key) can be simulated.');
    const codes = requiredPhotoCodes(session.theme);
    const rejected = parsed.data.rejected_photos ?? 0;
    if (rejected > codes.length) throw badRequest(`rejected_photos must be at most ${codes.length}, the photos of a ${session.theme} session.`);
    if (session.status !== 'IDLE') throw conflict(`Session ${sessionKey} is ${session.status}: only a session nobody has started (IDLE) can be simulated.`);
    await this.deps.capture.start(session);
    const run = this.run(account, sessionKey, codes, parsed.data)
      .catch((error: unknown) => this.deps.logger.warn({ err: error, sessionKey }, 'a simulated capture stopped before its end'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return {
      session_key: sessionKey,
      outcome: parsed.data.outcome,
      rejected_photos: rejected,
      message: `The simulated capture has started: its events and webhooks follow within seconds.`,
    };
  }

  /** Waits for the simulations under way (the app closes after them). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async run(account: Account, sessionKey: string, codes: number[], input: SimulateInput): Promise<void> {
    const rejected = input.rejected_photos ?? 0;
    const upload = (code: number, bytes: Buffer) => this.deps.capture.capturePhotoForAccount(account, sessionKey, code, bytes);
    if (input.outcome === 'expire') {
      // A person who started, took a photo or two and walked away.
      for (const code of codes.slice(0, Math.max(1, rejected))) {
        await upload(code, await (rejected > 0 ? tooDarkPhoto() : acceptablePhoto()));
      }
      await this.deps.moves.move(sessionKey, 'expire', this.deps.clock());
      return;
    }
    for (const [index, code] of codes.entries()) {
      if (index < rejected) await upload(code, await tooDarkPhoto());
      const photo = await upload(code, await acceptablePhoto());
      if (!photo.approved) throw new Error(`photo ${code} of the simulated capture was rejected: ${photo.reason ?? 'no reason'}`);
    }
    const confirmed = await this.deps.capture.confirmForAccount(account, sessionKey);
    if (confirmed.status === 'CONFIRM') await this.deps.reviews.completeReview(account, sessionKey, { no_damage_found: true }, SIMULATED_REVIEWER);
  }
}

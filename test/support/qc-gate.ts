// Holds chosen photos at the door of quality control until the test lets them in, so a race between a photo being
// checked and a status move is forced instead of hoped for. The real analysis still runs; only its start waits.
import { createHash } from 'node:crypto';
import type { App } from '../../src/app.js';
import type { QcRunner } from '../../src/qc/pool.js';

export interface HeldPhoto {
  /** Resolves when the photo reached quality control (it passed every check made before it). */
  arrived: Promise<void>;
  /** Lets the photo's analysis run. */
  release(): void;
}

export interface QcGate {
  /** Holds the next analysis of exactly these bytes. */
  hold(bytes: Uint8Array): HeldPhoto;
  /** Puts the runner back as it was. */
  remove(): void;
}

function digest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function gateQualityControl(app: Pick<App, 'services'>): QcGate {
  // The runner is the capture use case's own; the gate wraps it in place rather than replacing it.
  const runner = (app.services.capture as unknown as { deps?: { qc?: QcRunner } }).deps?.qc;
  if (!runner || typeof runner.check !== 'function') {
    throw new Error('The capture service no longer keeps its QC runner at deps.qc: update test/support/qc-gate.ts.');
  }
  const check = runner.check;
  const held = new Map<string, { arrived: () => void; released: Promise<void> }>();
  runner.check = async (bytes, options) => {
    const entry = held.get(digest(bytes));
    if (entry) {
      held.delete(digest(bytes));
      entry.arrived();
      await entry.released;
    }
    return check.call(runner, bytes, options);
  };
  return {
    hold(bytes) {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      held.set(digest(bytes), { arrived, released: new Promise<void>((resolve) => (release = resolve)) });
      return { arrived: arrival, release };
    },
    remove() {
      runner.check = check;
    },
  };
}

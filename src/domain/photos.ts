// Photo capture rules shared by the photos list, the QC gate and the results: the approval text and
// which capture of a photo code counts (the latest; earlier ones were retaken).

const NO_REASON = 'no reason given';

/** What `approvedMessage` gives: ACCEPTED or REJECTED with a reason. */
export const APPROVED_MESSAGE_PATTERN = /^(ACCEPTED|REJECTED: .+)$/;

/** `ACCEPTED`, or `REJECTED: <reason>` (docs/rest-guide.md). */
export function approvedMessage(accepted: boolean, reason?: string | null): string {
  if (accepted) return 'ACCEPTED';
  const text = reason?.trim() ?? '';
  return `REJECTED: ${text === '' ? NO_REASON : text}`;
}

/** The latest capture of each photo code, ordered by photo code. A later array entry wins a time tie. */
export function latestCapturePerCode<T extends { photoCode: number; capturedAt: Date }>(captures: Iterable<T>): T[] {
  const latest = new Map<number, T>();
  for (const capture of captures) {
    const current = latest.get(capture.photoCode);
    if (current === undefined || capture.capturedAt.getTime() >= current.capturedAt.getTime()) {
      latest.set(capture.photoCode, capture);
    }
  }
  return [...latest.values()].sort((a, b) => a.photoCode - b.photoCode);
}

/**
 * The captures that stand for their views: for a view whose session slot names a capture, that capture alone; for
 * the others, every capture. A rejected retake made once every view was accepted (QC_PASSED) is recorded without
 * taking the slot (docs/capture.md), so it must not replace the accepted photo in results and reports either.
 */
export function standingCaptures<T extends { id: string; photoCode: number }>(
  slots: Readonly<Record<string, { captureId: string } | undefined>>,
  captures: readonly T[],
): T[] {
  return captures.filter((capture) => {
    const slot = slots[String(capture.photoCode)];
    return !slot || slot.captureId === capture.id;
  });
}

/** Photo codes whose latest capture is accepted: what the QC_PASSED gate checks against the theme. */
export function acceptedPhotoCodes(captures: Iterable<{ photoCode: number; capturedAt: Date; approved: boolean }>): number[] {
  return latestCapturePerCode(captures)
    .filter((capture) => capture.approved)
    .map((capture) => capture.photoCode);
}

// Before a review becomes the final report: what it says (the grade, the damages on each photo, the photos with no
// damage marked, proposals left undecided) and a question — confirm, or go back. A modal dialog: focus moves into
// it, Escape or "Back to the review" returns focus to the button that opened it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText, request } from './api.js';
import { useWords } from './context.js';
import { gradeWord } from './format.js';
import { graphql } from './graphql/gql.js';
import type { DamageRecord, SessionDetail } from './session-types.js';

const COMPLETE_REVIEW = graphql(`
  mutation CompleteReview($sessionKey: String!, $noDamageFound: Boolean) {
    completeReview(sessionKey: $sessionKey, noDamageFound: $noDamageFound) { status }
  }
`);

export function ReviewSummary(props: {
  session: SessionDetail;
  photos: SessionDetail['photos'];
  noDamageFound: boolean;
  nameOf: (damage: DamageRecord) => string;
  onCancel: () => void;
  onCompleted: () => Promise<void>;
}) {
  const { session, photos, noDamageFound } = props;
  const words = useWords();
  const dialog = useRef<HTMLDialogElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accepted = session.damages.filter((damage) => damage.status === 'ACCEPTED');
  const undecided = session.damages.filter((damage) => damage.status === 'PROPOSED').length;
  const withDamage = photos.filter((photo) => accepted.some((damage) => damage.photoCode === photo.photoCode));
  const withoutDamage = photos.filter((photo) => !withDamage.includes(photo));
  const unplaced = accepted.filter((damage) => !photos.some((photo) => photo.photoCode === damage.photoCode));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The safe choice has focus first: Enter on an opened summary goes back rather than issuing the report.
    back.current?.focus();
    return () => element?.close();
  }, []);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await request(COMPLETE_REVIEW, { sessionKey: session.sessionKey, noDamageFound: noDamageFound || null });
      await props.onCompleted();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      id="review-summary"
      class="review-summary"
      aria-labelledby="review-summary-title"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id="review-summary-title">{noDamageFound ? 'Issue the report with no damage?' : 'Issue the report?'}</h2>
      <p id="review-summary-note">Once confirmed, the report is final: your callbacks receive it and anyone with its link can open it.</p>
      <dl class="facts">
        <dt>Grade</dt>
        <dd id="summary-grade">
          {session.gradeIfCompleted.grade} · {gradeWord(session.gradeIfCompleted.name)}
        </dd>
        <dt>Damages</dt>
        <dd>{accepted.length === 0 ? 'None marked' : `${accepted.length} accepted`}</dd>
      </dl>
      {withDamage.length ? (
        <>
          <h3>Damages per photo</h3>
          <ul class="summary-list" id="summary-damages">
            {withDamage.map((photo) => (
              <li>
                <strong>{words.view(photo.photoCode)}</strong>:{' '}
                {accepted
                  .filter((damage) => damage.photoCode === photo.photoCode)
                  .map((damage) => `${props.nameOf(damage)} (grade ${damage.grade})`)
                  .join('; ')}
              </li>
            ))}
            {unplaced.length ? (
              <li>
                <strong>Not on a photo</strong>: {unplaced.map((damage) => `${props.nameOf(damage)} (grade ${damage.grade})`).join('; ')}
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
      <h3>Photos with no damage marked</h3>
      <p id="summary-clean">
        {withoutDamage.length ? withoutDamage.map((photo) => words.view(photo.photoCode)).join(', ') : 'None: every photo has a damage marked.'}
      </p>
      {undecided ? (
        <p class="warning">
          {undecided} detector proposal{undecided === 1 ? ' is' : 's are'} not decided and will stay out of the report.
        </p>
      ) : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <div class="toolbar">
        <button class="button primary" type="button" onClick={confirm} disabled={busy}>
          {busy ? 'Issuing the report…' : 'Confirm and issue the report'}
        </button>
        <button class="button" type="button" onClick={props.onCancel} ref={back}>
          Back to the review
        </button>
      </div>
    </dialog>
  );
}

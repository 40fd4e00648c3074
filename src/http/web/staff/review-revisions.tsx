// A completed session's review and its corrections (docs/staff.md "Review revisions"): which report revision is
// current, "Reopen review" asking why (inspectors and owners), and the history — who reopened and completed each
// revision, when and why. The reopened review is then finished in the review workspace above.
import { useRef, useState } from 'preact/hooks';
import { errorText, request } from './api.js';
import { useWords } from './context.js';
import { announce } from './focus.js';
import { formatTime } from './format.js';
import { graphql } from './graphql/gql.js';
import type { SessionDetail } from './session-types.js';

const REOPEN_REVIEW = graphql(`
  mutation ReopenReview($sessionKey: String!, $reason: String!) { reopenReview(sessionKey: $sessionKey, reason: $reason) { status } }
`);

/** The most a reason may say; the server checks it too and says so in its own words. */
const REASON_MAX = 500;

export function ReviewRevisions({ session, onChanged }: { session: SessionDetail; onChanged: () => Promise<void> }) {
  const words = useWords();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const { review } = session;
  const mayReopen = review.state === 'COMPLETED' && words.can('Mutation.reopenReview');

  /** The form opens on request, and its one field takes the focus. */
  const openForm = () => {
    setAsking(true);
    setTimeout(() => document.getElementById('reopen-reason')?.focus(), 0);
  };

  const reopen = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const reason = (form.elements.namedItem('reason') as HTMLTextAreaElement).value;
    setError(null);
    try {
      await request(REOPEN_REVIEW, { sessionKey: session.sessionKey, reason });
      setAsking(false);
      await onChanged();
      announce('The review is reopened: correct the damages, then complete it again.');
      // The workspace where the correction is made appears above; its heading takes focus.
      setTimeout(() => document.getElementById('review-title')?.focus(), 0);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <div id="review-revisions" class="review-revisions">
      <h3 id="revisions-title">Review</h3>
      <p>
        {review.state === 'REOPENED' && review.reopened ? (
          <span id="review-reopened">
            Reopened by {review.reopened.by} on {formatTime(review.reopened.at)}: “{review.reopened.reason}”. The report links show revision {review.revision}{' '}
            until the review is completed again.
          </span>
        ) : (
          <span>
            Report revision {review.revision}
            {review.state === 'NONE' ? ', made without a review.' : '.'}
          </span>
        )}
      </p>
      {mayReopen && !asking ? (
        <button ref={opener} class="button small" type="button" onClick={openForm}>
          Reopen review
        </button>
      ) : null}
      {asking ? (
        <form id="reopen-form" class="form-grid" onSubmit={reopen}>
          <div class="field">
            <label for="reopen-reason">Why is the review reopened?</label>
            <textarea id="reopen-reason" name="reason" rows={3} maxLength={REASON_MAX} required aria-describedby="reopen-help" />
            <p id="reopen-help" class="muted small">
              Kept in the history and sent with the revised report (at most {REASON_MAX} characters).
            </p>
          </div>
          <div class="form-actions">
            <button class="button primary" type="submit">
              Reopen review
            </button>
            <button
              class="button"
              type="button"
              onClick={() => {
                setAsking(false);
                setError(null);
                setTimeout(() => opener.current?.focus(), 0);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p id="reopen-error" class="error" role="alert">
          {error}
        </p>
      ) : null}
      {review.revisions.length ? (
        <>
          <h4 id="history-title">Revision history</h4>
          <ol id="revision-history" class="revision-history" aria-labelledby="history-title">
            {review.revisions.map((entry) => (
              <li key={entry.revision} data-revision={entry.revision}>
                <strong>Revision {entry.revision}</strong> — “{entry.reason}”
                <br />
                <span class="muted small">
                  Reopened by {entry.reopenedBy} on {formatTime(entry.reopenedAt)}; completed by {entry.completedBy} on {formatTime(entry.completedAt)}.
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}

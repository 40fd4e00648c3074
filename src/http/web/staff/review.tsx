// The review workspace (docs/staff.md): each accepted photo large and zoomable, a box drawn on it marks where a
// damage is, the form says what it is (starting from the part the photo shows), detector proposals are accepted or
// declined, and the review ends through a summary that asks to confirm — never in one click. Focus stays on the
// control that acted, or moves to what it made. Every change is a GraphQL mutation the server authorises.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { errorText, request } from './api.js';
import { useStaff, useWords } from './context.js';
import { announce } from './focus.js';
import { graphql } from './graphql/gql.js';
import type { DamageCatalogQuery, DamageRegionInput, DamageStatus } from './graphql/graphql.js';
import { Annotator, type Box } from './annotator.js';
import { ReviewSummary } from './review-summary.js';
import type { DamageRecord, SessionDetail } from './session-types.js';

const CATALOG = graphql(`
  query DamageCatalog { damageCatalog { items { code label } damageTypes { code label summary gradeMeanings defaultGrade } } }
`);
const ADD_DAMAGE = graphql(`
  mutation AddDamage($sessionKey: String!, $item: String!, $damageType: String, $grade: Int, $note: String, $photoCode: Int, $region: DamageRegionInput) {
    addDamage(sessionKey: $sessionKey, item: $item, damageType: $damageType, grade: $grade, note: $note, photoCode: $photoCode, region: $region) { damageId }
  }
`);
const EDIT_DAMAGE = graphql(`
  mutation EditDamage($sessionKey: String!, $damageId: String!, $item: String, $damageType: String, $grade: Int, $note: String, $region: DamageRegionInput) {
    updateDamage(sessionKey: $sessionKey, damageId: $damageId, item: $item, damageType: $damageType, grade: $grade, note: $note, region: $region) { damageId }
  }
`);
const SET_DAMAGE_STATUS = graphql(`
  mutation SetDamageStatus($sessionKey: String!, $damageId: String!, $status: DamageStatus) {
    updateDamage(sessionKey: $sessionKey, damageId: $damageId, status: $status) { damageId }
  }
`);
const DELETE_DAMAGE = graphql(`
  mutation DeleteDamage($sessionKey: String!, $damageId: String!) { deleteDamage(sessionKey: $sessionKey, damageId: $damageId) }
`);

export type Catalog = DamageCatalogQuery['damageCatalog'];
type Photo = SessionDetail['photos'][number];

let catalogRead: Promise<Catalog> | null = null;

/** The catalog, asked once per page load. */
function useCatalog(): Catalog | null {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  useEffect(() => {
    catalogRead ??= request(CATALOG).then((data) => data.damageCatalog);
    void catalogRead.then(setCatalog);
  }, []);
  return catalog;
}

/** The vehicle check's flag on a photo in plain words (docs/capture.md#vehicle-check); null when ok or not checked. */
export function vehicleFlag(photo: Pick<Photo, 'vehicleCheck'>): string | null {
  const words: Record<string, string> = {
    NO_VEHICLE: 'no vehicle found',
    CUT_OFF: 'the vehicle is cut off by the edge of the photo',
    TOO_FAR: 'the vehicle is too far away',
  };
  return photo.vehicleCheck ? (words[photo.vehicleCheck] ?? null) : null;
}

/** The accepted photo of each view (a retake replaces an earlier one), in view order. */
export function reviewablePhotos(session: SessionDetail): Photo[] {
  const byView = new Map(session.photos.filter((photo) => photo.approved && photo.url).map((photo) => [photo.photoCode, photo]));
  return [...byView.values()].sort((a, b) => a.photoCode - b.photoCode);
}

interface Draft {
  item: string;
  damageType: string;
  grade: number;
  note: string;
}

export function ReviewWorkspace({ session, onChanged }: { session: SessionDetail; onChanged: () => Promise<void> }) {
  const catalog = useCatalog();
  const words = useWords();
  const { settings } = useStaff();
  const photos = useMemo(() => reviewablePhotos(session), [session.photos]);
  const [photoCode, setPhotoCode] = useState<number | null>(photos[0]?.photoCode ?? null);
  const [box, setBox] = useState<Box | null>(null);
  const [editing, setEditing] = useState<DamageRecord | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState<{ noDamageFound: boolean; opener: HTMLElement | null } | null>(null);
  /** What takes focus once the session has reloaded after a change (a selector inside the workspace). */
  const focusAfter = useRef<string | null>(null);
  const root = useRef<HTMLElement>(null);
  const itemSelect = useRef<HTMLSelectElement>(null);

  const shown = photos.find((photo) => photo.photoCode === photoCode) ?? photos[0] ?? null;
  const labelOf = (list: 'items' | 'damageTypes', code: string) => catalog?.[list].find((entry) => entry.code === code)?.label ?? code;
  const nameOf = (damage: { damageType: string; item: string }) => `${labelOf('damageTypes', damage.damageType)} on ${labelOf('items', damage.item)}`;

  /** A fresh form for the photo shown: its view's part, the first type at its default grade. */
  const freshDraft = (code: number | null): Draft | null => {
    if (!catalog) return null;
    const type = catalog.damageTypes[0];
    return { item: words.defaultItem(code) ?? catalog.items[0]?.code ?? 'other', damageType: type?.code ?? 'other', grade: type?.defaultGrade ?? 3, note: '' };
  };

  // The first form, once the catalog has arrived.
  useEffect(() => {
    if (!editing) setDraft(freshDraft(shown?.photoCode ?? null));
  }, [catalog]);

  useEffect(() => {
    if (!focusAfter.current) return;
    const target = root.current?.querySelector<HTMLElement>(focusAfter.current);
    focusAfter.current = null;
    target?.focus({ preventScroll: false });
  }, [session]);

  const run = async (work: () => Promise<unknown>, message: string, focus: string | null) => {
    setError(null);
    try {
      await work();
      focusAfter.current = focus ?? focusAfter.current;
      await onChanged();
      announce(message);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const startEditing = (damage: DamageRecord) => {
    setEditing(damage);
    setDraft({ item: damage.item, damageType: damage.damageType, grade: damage.grade, note: damage.note ?? '' });
    if (damage.photoCode !== null && damage.photoCode !== undefined) setPhotoCode(damage.photoCode);
    setTimeout(() => itemSelect.current?.focus(), 0);
  };

  const stopEditing = (focusItem?: string) => {
    setEditing(null);
    setBox(null);
    setDraft(freshDraft(shown?.photoCode ?? null));
    if (focusItem) setTimeout(() => root.current?.querySelector<HTMLElement>(`[data-damage="${focusItem}"]`)?.focus(), 0);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!draft) return;
    const name = nameOf(draft);
    const note = draft.note.trim();
    if (editing) {
      const editedId = editing.damageId as string;
      void run(
        async () => {
          await request(EDIT_DAMAGE, {
            sessionKey: session.sessionKey,
            damageId: editedId,
            item: draft.item,
            damageType: draft.damageType,
            grade: draft.grade,
            note,
            // Only a box drawn on the damage's own photo moves it; otherwise its box stays as it is.
            ...(box && shown?.photoCode === editing.photoCode ? { region: box as DamageRegionInput } : {}),
          });
          stopEditing();
        },
        `${name} saved.`,
        `[data-damage="${editedId}"] .change`,
      );
      return;
    }
    void run(
      async () => {
        const added = (
          await request(ADD_DAMAGE, {
            sessionKey: session.sessionKey,
            item: draft.item,
            damageType: draft.damageType,
            grade: draft.grade,
            note: note || null,
            photoCode: shown?.photoCode ?? null,
            region: box as DamageRegionInput | null,
          })
        ).addDamage;
        focusAfter.current = `[data-damage="${added.damageId}"]`;
        setBox(null);
        setDraft(freshDraft(shown?.photoCode ?? null));
        return added;
      },
      `${name} added.`,
      null,
    );
  };

  const setStatus = (damage: DamageRecord, status: DamageStatus) =>
    run(
      () => request(SET_DAMAGE_STATUS, { sessionKey: session.sessionKey, damageId: damage.damageId as string, status }),
      `${nameOf(damage)} ${status}.`,
      `[data-damage="${damage.damageId}"]`,
    );

  const remove = (damage: DamageRecord, index: number) => {
    const next = session.damages[index + 1] ?? session.damages[index - 1];
    void run(
      () => request(DELETE_DAMAGE, { sessionKey: session.sessionKey, damageId: damage.damageId as string }),
      `${nameOf(damage)} removed.`,
      next ? `[data-damage="${next.damageId}"]` : '#damages-title',
    );
  };

  const accepted = session.damages.filter((damage) => damage.status === 'ACCEPTED');
  const undecided = session.damages.filter((damage) => damage.status === 'PROPOSED').length;
  /** A completed review reopened for a correction: finished the same way, into the next report revision. */
  const reopened = session.review.state === 'REOPENED';
  const type = catalog?.damageTypes.find((candidate) => candidate.code === draft?.damageType);

  return (
    <section id="review" class="card review" aria-labelledby="review-title" ref={root}>
      <h2 id="review-title" tabIndex={-1}>
        {reopened
          ? 'Review reopened — correct the damages, then complete it again'
          : session.awaitingReview
            ? 'Review — this inspection waits for you'
            : 'Damages'}
      </h2>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {!photos.length || !shown ? (
        <p class="muted">No accepted photo to review yet.</p>
      ) : (
        <div class="review-grid">
          <div class="review-photo">
            <fieldset class="toolbar photo-tabs">
              <legend class="visually-hidden">Photo to review</legend>
              {photos.map((photo) => (
                <button
                  class={`button small${photo.photoCode === shown.photoCode ? ' primary' : ''}`}
                  type="button"
                  aria-pressed={photo.photoCode === shown.photoCode}
                  onClick={() => {
                    setPhotoCode(photo.photoCode);
                    setBox(null);
                    // The form follows the photo at once: its part is the one this view shows.
                    if (!editing) setDraft(freshDraft(photo.photoCode));
                  }}
                >
                  {words.view(photo.photoCode)}
                  {session.damages.some((damage) => damage.photoCode === photo.photoCode && damage.status !== 'DECLINED') ? ' •' : ''}
                  {vehicleFlag(photo) ? (
                    <span class="vehicle-flag-mark" title={vehicleFlag(photo) ?? undefined}>
                      {' '}
                      ⚠<span class="visually-hidden">, {vehicleFlag(photo)}</span>
                    </span>
                  ) : null}
                </button>
              ))}
            </fieldset>
            <Annotator
              photo={{ url: shown.url as string, name: words.view(shown.photoCode) }}
              damages={session.damages.filter((damage) => damage.photoCode === shown.photoCode && damage.region && damage.status !== 'DECLINED')}
              describe={(damage) => `${nameOf(damage)} · grade ${damage.grade}`}
              box={box}
              onBox={setBox}
              onDescribe={() => itemSelect.current?.focus()}
              vehicle={
                shown.vehicleBox
                  ? { ...shown.vehicleBox, label: `The vehicle as the vehicle check found it (confidence ${Math.round(shown.vehicleBox.score * 100)} %)` }
                  : null
              }
            />
            {vehicleFlag(shown) ? (
              <p class="vehicle-flag" role="note">
                <strong>Vehicle check:</strong> {vehicleFlag(shown)}. The photo was accepted with this flag: check that the whole vehicle shows.
              </p>
            ) : null}
          </div>
          <div class="review-side">
            {catalog && draft ? (
              <form class="stack review-form" aria-label={editing ? 'Change a damage' : 'Add a damage'} onSubmit={submit}>
                <label for="review-item">Part</label>
                <select
                  id="review-item"
                  ref={itemSelect}
                  value={draft.item}
                  onChange={(event) => setDraft({ ...draft, item: (event.currentTarget as HTMLSelectElement).value })}
                >
                  {catalog.items.map((item) => (
                    <option value={item.code}>{item.label}</option>
                  ))}
                </select>
                <label for="review-type">Damage</label>
                <select
                  id="review-type"
                  value={draft.damageType}
                  aria-describedby="review-type-help"
                  onChange={(event) => {
                    const code = (event.currentTarget as HTMLSelectElement).value;
                    const chosen = catalog.damageTypes.find((candidate) => candidate.code === code);
                    setDraft({ ...draft, damageType: code, grade: chosen?.defaultGrade ?? draft.grade });
                  }}
                >
                  {catalog.damageTypes.map((candidate) => (
                    <option value={candidate.code}>{candidate.label}</option>
                  ))}
                </select>
                <p class="muted small" id="review-type-help">
                  {type?.summary}
                </p>
                <label for="review-grade">Grade</label>
                <select
                  id="review-grade"
                  value={String(draft.grade)}
                  onChange={(event) => setDraft({ ...draft, grade: Number((event.currentTarget as HTMLSelectElement).value) })}
                >
                  {[1, 2, 3, 4, 5].map((grade) => (
                    <option value={String(grade)}>{type?.gradeMeanings[grade - 1] ? `${grade} · ${type.gradeMeanings[grade - 1]}` : String(grade)}</option>
                  ))}
                </select>
                <label for="review-note">
                  Note <span class="optional">(optional, at most {settings.limits.damageNoteMax} characters)</span>
                </label>
                <textarea
                  id="review-note"
                  rows={2}
                  maxLength={settings.limits.damageNoteMax}
                  value={draft.note}
                  onInput={(event) => setDraft({ ...draft, note: (event.currentTarget as HTMLTextAreaElement).value })}
                />
                <p class="muted small" aria-live="polite">
                  {editing
                    ? `Changing ${nameOf(editing)}. Draw on its photo to replace its box.`
                    : box
                      ? 'Box drawn: describe the damage and add it.'
                      : 'Drag on the photo to draw a box around a damage (or focus the photo and press Enter).'}
                </p>
                <span class="toolbar">
                  <button class="button primary" type="submit">
                    {editing ? 'Save changes' : 'Add damage'}
                  </button>
                  {editing ? (
                    <button class="button" type="button" onClick={() => stopEditing(editing.damageId as string)}>
                      Cancel
                    </button>
                  ) : null}
                </span>
              </form>
            ) : (
              <p class="muted">Loading the damage catalog…</p>
            )}
            <h3 id="damages-title" tabIndex={-1}>
              Marked damages
            </h3>
            {session.damages.length ? (
              <ul class="damage-list">
                {session.damages.map((damage, index) => (
                  <DamageItem
                    key={damage.damageId}
                    damage={damage}
                    name={nameOf(damage)}
                    view={damage.photoCode ? words.view(damage.photoCode) : null}
                    onAccept={() => void setStatus(damage, 'ACCEPTED')}
                    onDecline={() => void setStatus(damage, 'DECLINED')}
                    onChange={() => startEditing(damage)}
                    onRemove={() => remove(damage, index)}
                  />
                ))}
              </ul>
            ) : (
              <p class="muted">No damages marked yet.</p>
            )}
            {session.awaitingReview || reopened ? (
              <div class="toolbar review-finish">
                <button
                  class="button"
                  type="button"
                  disabled={accepted.length > 0}
                  aria-describedby="finish-hint"
                  onClick={(event) => setFinishing({ noDamageFound: true, opener: event.currentTarget as HTMLElement })}
                >
                  No damage found
                </button>
                <button
                  class="button primary"
                  type="button"
                  disabled={accepted.length === 0}
                  aria-describedby="finish-hint"
                  onClick={(event) => setFinishing({ noDamageFound: false, opener: event.currentTarget as HTMLElement })}
                >
                  Complete review
                </button>
                {/* Why one of the two is greyed out, in words a keyboard user reaches too (a disabled button is skipped). */}
                <p id="finish-hint" class="muted small">
                  {accepted.length === 0
                    ? 'No damage is accepted yet: mark one on the photos, or finish with "No damage found".'
                    : `${accepted.length} accepted damage${accepted.length === 1 ? '' : 's'}: "Complete review" issues the report with ${accepted.length === 1 ? 'it' : 'them'}.`}
                </p>
                {undecided ? (
                  <span class="muted small">
                    {undecided} proposal{undecided === 1 ? '' : 's'} not decided: they stay out of the report.
                  </span>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      )}
      {finishing ? (
        <ReviewSummary
          session={session}
          photos={photos}
          noDamageFound={finishing.noDamageFound}
          nameOf={nameOf}
          onCancel={() => {
            const opener = finishing.opener;
            setFinishing(null);
            setTimeout(() => opener?.focus(), 0);
          }}
          onCompleted={async () => {
            setFinishing(null);
            announce(reopened ? 'Review completed again: the revised report is ready.' : 'Review completed: the report is ready.');
            await onChanged();
            document.getElementById('report-title')?.focus();
          }}
        />
      ) : null}
    </section>
  );
}

/** What a damage's review status means for the report, in the reviewer's words (not ACCEPTED/DECLINED). */
const DAMAGE_STATUS_WORDS: Record<DamageRecord['status'], string> = {
  PROPOSED: 'proposed by the detector, not in the report yet',
  ACCEPTED: 'in the report',
  DECLINED: 'declined, left out of the report',
};

function DamageItem(props: {
  damage: DamageRecord;
  name: string;
  view: string | null;
  onAccept: () => void;
  onDecline: () => void;
  onChange: () => void;
  onRemove: () => void;
}) {
  const { damage, name, view } = props;
  return (
    <li class="damage-item" data-status={damage.status.toLowerCase()} data-source={damage.source} data-damage={damage.damageId} tabIndex={-1}>
      <strong>{name}</strong>
      <span class="muted small">
        {` · grade ${damage.grade}`}
        {view ? ` · ${view}` : ''}
        {damage.source === 'detector' ? ` · detector${damage.score == null ? '' : ` ${Math.round(damage.score * 100)}%`}` : ''}
        {` · ${DAMAGE_STATUS_WORDS[damage.status]}`}
      </span>
      {damage.note ? <span class="small"> — {damage.note}</span> : null}
      <span class="toolbar">
        {damage.status === 'PROPOSED' ? (
          <>
            <button class="button small primary" type="button" onClick={props.onAccept} aria-label={`Accept ${name}`}>
              Accept
            </button>
            <button class="button small" type="button" onClick={props.onDecline} aria-label={`Decline ${name}`}>
              Decline
            </button>
          </>
        ) : null}
        {damage.status === 'ACCEPTED' ? (
          <button class="button small change" type="button" onClick={props.onChange} aria-label={`Change ${name}`}>
            Change
          </button>
        ) : null}
        {damage.status !== 'PROPOSED' && damage.source === 'manual' ? (
          <button class="button small danger" type="button" onClick={props.onRemove} aria-label={`Remove ${name}`}>
            Remove
          </button>
        ) : null}
      </span>
    </li>
  );
}

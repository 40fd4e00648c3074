// The review workspace of the dashboard (docs/staff.md): each accepted photo large and zoomable, a box drawn on it
// with the pointer marks where a damage is, the damage catalog fills in what it is, detector proposals are accepted
// or declined, and the review ends with "No damage found" or "Complete review". Every change is a GraphQL mutation;
// the server decides who may make it (an inspector or an owner).
import { errorMessage, fill, h } from './ui.js';
import { viewName } from './view-names.js';
/** @import { Operation } from './types/graphql' */
/** @import { Damage, DamageCatalog, DamageRegion, DamageStatus } from './types/session' */
/** @import { Api, SessionDetail } from './types/dashboard' */
/** @typedef {Pick<SessionDetail, 'sessionKey' | 'status' | 'awaitingReview' | 'photos' | 'damages'>} ReviewedSession */

export const DAMAGE_FIELDS = 'damageId item damageType grade note photoCode region { x y width height } score source status';
/** @type {Operation<{ damageCatalog: DamageCatalog }>} */
const CATALOG = 'query ReviewCatalog { damageCatalog { items { code label } damageTypes { code label summary gradeMeanings defaultGrade } } }';
/** @type {Operation<{ addDamage: Damage }>} */
const ADD_DAMAGE = `mutation ReviewAddDamage($sessionKey: String!, $item: String!, $damageType: String, $grade: Int, $note: String, $photoCode: Int, $region: DamageRegionInput) {
  addDamage(sessionKey: $sessionKey, item: $item, damageType: $damageType, grade: $grade, note: $note, photoCode: $photoCode, region: $region) { ${DAMAGE_FIELDS} }
}`;
/** @type {Operation<{ updateDamage: Damage }>} */
const SET_DAMAGE_STATUS = `mutation ReviewSetDamageStatus($sessionKey: String!, $damageId: String!, $status: DamageStatus) {
  updateDamage(sessionKey: $sessionKey, damageId: $damageId, status: $status) { ${DAMAGE_FIELDS} }
}`;
/** @type {Operation<{ updateDamage: Damage }>} */
const EDIT_DAMAGE = `mutation ReviewEditDamage($sessionKey: String!, $damageId: String!, $item: String, $damageType: String, $grade: Int, $note: String, $region: DamageRegionInput) {
  updateDamage(sessionKey: $sessionKey, damageId: $damageId, item: $item, damageType: $damageType, grade: $grade, note: $note, region: $region) { ${DAMAGE_FIELDS} }
}`;
/** @type {Operation<{ deleteDamage: string }>} */
const DELETE_DAMAGE = 'mutation ReviewDeleteDamage($sessionKey: String!, $damageId: String!) { deleteDamage(sessionKey: $sessionKey, damageId: $damageId) }';
/** @type {Operation<{ completeReview: { status: string } }>} */
const COMPLETE_REVIEW = `mutation ReviewComplete($sessionKey: String!, $noDamageFound: Boolean) {
  completeReview(sessionKey: $sessionKey, noDamageFound: $noDamageFound) { status }
}`;

/** @type {Record<number, string>} */
const GRADE_WORDS = { 1: '1 · minor', 2: '2 · light', 3: '3 · moderate', 4: '4 · heavy', 5: '5 · severe' };
const ZOOM_STEPS = [1, 1.5, 2, 3];
/** A box smaller than this share of the photo's side is a click, not a box. */
const MIN_BOX = 0.01;

/** @type {DamageCatalog | null} The catalog, read once per page. */
let catalog = null;
/** The photo shown per session, kept while the detail is redrawn after each change. */
/** @type {Map<string, number>} */
const shownPhoto = new Map();

/**
 * Draws the workspace for `session` (its photos and damages as DashboardSessionDetail reads them) into `container`.
 * `api(query, variables)` runs GraphQL; `changed()` reloads the session after a change; `announce(text)` speaks.
 * @param {HTMLElement} container
 * @param {ReviewedSession} session
 * @param {{ api: Api, changed: () => Promise<void>, announce: (text: string) => void }} actions
 * @param {{ force?: boolean }} [options]
 * @returns {Promise<void>}
 */
export async function renderReview(container, session, { api, changed, announce }, { force = false } = {}) {
  const signature = JSON.stringify([session.status, session.awaitingReview, session.damages, session.photos.map((photo) => [photo.photoCode, photo.url])]);
  if (!force && container.dataset.signature === signature && container.childElementCount > 0) return;
  container.dataset.signature = signature;
  catalog ??= (await api(CATALOG)).damageCatalog;
  const damageCatalog = catalog;
  // The accepted photo of each view (a retake replaces an earlier one), in view order.
  const photos = [...new Map(session.photos.filter((photo) => photo.approved && photo.url).map((photo) => [photo.photoCode, photo])).values()].sort(
    (a, b) => a.photoCode - b.photoCode,
  );
  /** `editing`: the damage the form changes instead of adding one; `box` is a box drawn since the form was last used. */
  /** @type {{ photoCode: number | null, zoom: number, box: DamageRegion | null, editing: Damage | null }} */
  const state = { photoCode: shownPhoto.get(session.sessionKey) ?? photos[0]?.photoCode ?? null, zoom: 1, box: null, editing: null };
  if (!photos.some((photo) => photo.photoCode === state.photoCode)) state.photoCode = photos[0]?.photoCode ?? null;
  const damages = session.damages ?? [];
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  /** @param {unknown} failure */
  const fail = (failure) => {
    error.textContent = errorMessage(failure);
    error.hidden = false;
  };

  /**
   * @param {() => Promise<unknown>} work
   * @param {string} message
   */
  const run = async (work, message) => {
    error.hidden = true;
    try {
      await work();
      announce(message);
      await changed();
    } catch (failure) {
      fail(failure);
    }
  };

  // ------------------------------------------------------------------ the photo, its boxes, and drawing a new one
  const photo = photos.find((candidate) => candidate.photoCode === state.photoCode) ?? null;
  const image = photo ? h('img', { src: `${photo.url}?size=medium`, alt: `${viewName(photo)}, where the damages are marked`, draggable: 'false' }) : null;
  const draft = h('div', { class: 'damage-box draft', hidden: true });
  const boxes = damages
    .filter((damage) => damage.photoCode === state.photoCode && damage.region && damage.status !== 'declined')
    .map((damage) =>
      placeBox(
        h('div', {
          class: `damage-box ${damage.status}`,
          title: `${labelOf('items', damage.item)} · ${labelOf('damageTypes', damage.damageType)} · grade ${damage.grade}`,
        }),
        /** @type {DamageRegion} */ (damage.region),
      ),
    );
  const canvas = h('div', { class: 'annotator-canvas' }, image, boxes, draft);
  canvas.style.width = `${state.zoom * 100}%`;
  /** @param {DamageRegion | null} box */
  const showDraft = (box) => {
    draft.hidden = !box;
    if (box) placeBox(draft, box);
  };
  canvas.addEventListener('pointerdown', (event) => {
    if (!image || event.button !== 0) return;
    event.preventDefault();
    const bounds = image.getBoundingClientRect();
    /** @param {PointerEvent} pointer */
    const at = (pointer) => ({ x: clamp((pointer.clientX - bounds.left) / bounds.width), y: clamp((pointer.clientY - bounds.top) / bounds.height) });
    const start = at(event);
    canvas.setPointerCapture(event.pointerId);
    /** @param {PointerEvent} pointer */
    const move = (pointer) => {
      const end = at(pointer);
      state.box = { x: Math.min(start.x, end.x), y: Math.min(start.y, end.y), width: Math.abs(end.x - start.x), height: Math.abs(end.y - start.y) };
      showDraft(state.box);
    };
    const stop = () => {
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', stop);
      if (state.box && (state.box.width < MIN_BOX || state.box.height < MIN_BOX)) state.box = null;
      showDraft(state.box);
      boxNote.textContent = state.box ? 'Box drawn: describe the damage and add it.' : 'Drag on the photo to draw a box around a damage.';
      if (state.box) itemSelect.focus();
    };
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', stop);
  });

  // Without a pointer: Enter places a box, arrows move it, Shift+arrows resize it, Enter again describes it.
  const annotator = h(
    'div',
    {
      class: 'annotator',
      tabindex: '0',
      role: 'group',
      'aria-label': 'The photo. Drag to draw a box around a damage, or press Enter to place one, arrows to move it, Shift and arrows to resize it.',
    },
    canvas,
  );
  annotator.addEventListener('keydown', (event) => {
    const step = 0.02;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!state.box) {
        state.box = { x: 0.35, y: 0.35, width: 0.3, height: 0.3 };
        showDraft(state.box);
        boxNote.textContent = 'Box placed: arrows move it, Shift and arrows resize it, Enter describes it.';
      } else itemSelect.focus();
    } else if (event.key === 'Escape' && state.box) {
      state.box = null;
      showDraft(null);
      boxNote.textContent = 'Box removed.';
    } else if (event.key in moves && state.box) {
      event.preventDefault();
      const [dx, dy] = moves[event.key];
      const box = state.box;
      state.box = event.shiftKey
        ? { ...box, width: Math.min(Math.max(box.width + dx, MIN_BOX), 1 - box.x), height: Math.min(Math.max(box.height + dy, MIN_BOX), 1 - box.y) }
        : { ...box, x: Math.min(Math.max(box.x + dx, 0), 1 - box.width), y: Math.min(Math.max(box.y + dy, 0), 1 - box.height) };
      showDraft(state.box);
    }
  });

  /**
   * @param {string} label
   * @param {number} step
   */
  const zoomButton = (label, step) =>
    h(
      'button',
      {
        class: 'button small',
        type: 'button',
        'aria-label': label,
        onclick: () => {
          const index = Math.min(Math.max(ZOOM_STEPS.indexOf(state.zoom) + step, 0), ZOOM_STEPS.length - 1);
          state.zoom = ZOOM_STEPS[index] ?? 1;
          canvas.style.width = `${state.zoom * 100}%`;
        },
      },
      step > 0 ? '+' : '−',
    );
  const tabs = h(
    'div',
    { class: 'toolbar photo-tabs', role: 'group', 'aria-label': 'Photo to review' },
    photos.map((candidate) =>
      h(
        'button',
        {
          class: `button small${candidate.photoCode === state.photoCode ? ' primary' : ''}`,
          type: 'button',
          'aria-pressed': String(candidate.photoCode === state.photoCode),
          onclick: () => {
            shownPhoto.set(session.sessionKey, candidate.photoCode);
            void renderReview(container, session, { api, changed, announce }, { force: true });
          },
        },
        viewName(candidate),
      ),
    ),
  );

  // ------------------------------------------------------------------------------------ what the damage is
  const itemSelect = h(
    'select',
    { id: 'review-item', required: true },
    damageCatalog.items.map((item) => h('option', { value: item.code }, item.label)),
  );
  const typeSelect = h(
    'select',
    { id: 'review-type' },
    damageCatalog.damageTypes.map((type) => h('option', { value: type.code }, type.label)),
  );
  const gradeSelect = h(
    'select',
    { id: 'review-grade' },
    [1, 2, 3, 4, 5].map((grade) => h('option', { value: String(grade) }, GRADE_WORDS[grade])),
  );
  const typeHelp = h('p', { class: 'muted small', id: 'review-type-help' });
  // Each grade says what it means for the chosen type, in its option, instead of a paragraph of all five.
  /** @param {{ keepGrade?: boolean }} [options] */
  const describeType = ({ keepGrade = false } = {}) => {
    const type = damageCatalog.damageTypes.find((candidate) => candidate.code === typeSelect.value);
    typeHelp.textContent = type?.summary ?? '';
    for (const option of gradeSelect.options) {
      const grade = Number(option.value);
      const meaning = type?.gradeMeanings[grade - 1];
      option.textContent = meaning ? `${grade} · ${meaning}` : (GRADE_WORDS[grade] ?? option.value);
    }
    if (type && !keepGrade) gradeSelect.value = String(type.defaultGrade);
  };
  typeSelect.addEventListener('change', () => describeType());
  describeType();
  const noteInput = h('input', { id: 'review-note', type: 'text', maxlength: '500' });
  const boxNote = h('p', { class: 'muted small', 'aria-live': 'polite' }, 'Drag on the photo to draw a box around a damage.');
  const submitButton = h('button', { class: 'button primary', type: 'submit' }, 'Add damage');
  const cancelEditButton = h('button', { class: 'button', type: 'button', hidden: true, onclick: () => stopEditing() }, 'Cancel');
  const form = h(
    'form',
    { class: 'stack review-form', 'aria-label': 'Add a damage' },
    h('label', { for: 'review-item' }, 'Part'),
    itemSelect,
    h('label', { for: 'review-type' }, 'Damage'),
    typeSelect,
    typeHelp,
    h('label', { for: 'review-grade' }, 'Grade'),
    gradeSelect,
    h('label', { for: 'review-note' }, 'Note ', h('span', { class: 'optional' }, '(optional)')),
    noteInput,
    boxNote,
    h('span', { class: 'toolbar' }, submitButton, cancelEditButton),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (state.editing) return saveEdit(state.editing);
    const variables = {
      sessionKey: session.sessionKey,
      item: itemSelect.value,
      damageType: typeSelect.value,
      grade: Number(gradeSelect.value),
      note: noteInput.value.trim() || null,
      photoCode: state.photoCode,
      region: state.box,
    };
    void run(() => api(ADD_DAMAGE, variables), `${labelOf('damageTypes', variables.damageType)} added on ${labelOf('items', variables.item)}.`);
  });
  /**
   * Fills the form with a damage to correct its part, type, grade or note; a box drawn on its photo meanwhile
   * replaces its box. Saved with "Save changes", or left with Cancel.
   * @param {Damage} damage
   */
  function startEditing(damage) {
    state.editing = damage;
    itemSelect.value = damage.item;
    typeSelect.value = damage.damageType;
    describeType({ keepGrade: true });
    gradeSelect.value = String(damage.grade);
    noteInput.value = damage.note ?? '';
    form.setAttribute('aria-label', 'Change a damage');
    submitButton.textContent = 'Save changes';
    cancelEditButton.hidden = false;
    boxNote.textContent = `Changing ${nameOf(damage)}. Draw on its photo to replace its box.`;
    itemSelect.focus();
  }

  function stopEditing() {
    state.editing = null;
    form.setAttribute('aria-label', 'Add a damage');
    submitButton.textContent = 'Add damage';
    cancelEditButton.hidden = true;
    boxNote.textContent = 'Drag on the photo to draw a box around a damage.';
  }

  /** @param {Damage} damage */
  function saveEdit(damage) {
    const variables = {
      sessionKey: session.sessionKey,
      damageId: damage.damageId,
      item: itemSelect.value,
      damageType: typeSelect.value,
      grade: Number(gradeSelect.value),
      note: noteInput.value.trim(),
      // Only a box drawn on the damage's own photo moves it; otherwise its box stays as it is.
      ...(state.box && state.photoCode === damage.photoCode ? { region: state.box } : {}),
    };
    void run(() => api(EDIT_DAMAGE, variables), `${labelOf('damageTypes', variables.damageType)} on ${labelOf('items', variables.item)} saved.`);
  }

  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && state.editing && !state.box) {
      stopEditing();
      return;
    }
    if (event.key !== 'Escape' || !state.box) return;
    state.box = null;
    showDraft(null);
    boxNote.textContent = 'Box removed. Drag on the photo to draw another.';
  });

  // --------------------------------------------------------------------------------- the damages so far
  const list = damages.length
    ? h(
        'ul',
        { class: 'damage-list' },
        damages.map((damage) => damageItem(damage)),
      )
    : h('p', { class: 'muted' }, 'No damages marked yet.');

  /** @param {Damage} damage */
  /** @param {Damage} damage */
  function nameOf(damage) {
    return `${labelOf('damageTypes', damage.damageType)} on ${labelOf('items', damage.item)}`;
  }

  /** @param {Damage} damage */
  function damageItem(damage) {
    const name = nameOf(damage);
    const actions = [];
    if (damage.status === 'proposed') {
      actions.push(
        h(
          'button',
          { class: 'button small primary', type: 'button', onclick: () => void run(() => setStatus(damage, 'accepted'), `${name} accepted.`) },
          'Accept',
        ),
        h('button', { class: 'button small', type: 'button', onclick: () => void run(() => setStatus(damage, 'declined'), `${name} declined.`) }, 'Decline'),
      );
    } else if (damage.status === 'accepted') {
      actions.push(h('button', { class: 'button small', type: 'button', 'aria-label': `Change ${name}`, onclick: () => startEditing(damage) }, 'Change'));
    }
    if (damage.status !== 'proposed' && damage.source === 'manual') {
      actions.push(
        h(
          'button',
          {
            class: 'button small danger',
            type: 'button',
            'aria-label': `Remove ${name}`,
            onclick: () => void run(() => api(DELETE_DAMAGE, { sessionKey: session.sessionKey, damageId: damage.damageId }), `${name} removed.`),
          },
          'Remove',
        ),
      );
    }
    const photo = photos.find((candidate) => candidate.photoCode === damage.photoCode);
    const photoLabel = photo ? viewName(photo) : null;
    return h(
      'li',
      { class: 'damage-item', dataset: { status: damage.status, source: damage.source } },
      h('strong', {}, name),
      h(
        'span',
        { class: 'muted small' },
        ` · grade ${damage.grade}`,
        photoLabel ? ` · ${photoLabel}` : '',
        damage.source === 'detector' ? ` · detector${damage.score === null ? '' : ` ${Math.round(damage.score * 100)}%`}` : '',
        ` · ${damage.status}`,
      ),
      damage.note ? h('span', { class: 'small' }, ` — ${damage.note}`) : null,
      h('span', { class: 'toolbar' }, actions),
    );
  }

  /**
   * @param {Damage} damage
   * @param {DamageStatus} status
   */
  function setStatus(damage, status) {
    return api(SET_DAMAGE_STATUS, { sessionKey: session.sessionKey, damageId: damage.damageId, status });
  }

  const accepted = damages.filter((damage) => damage.status === 'accepted').length;
  const undecided = damages.filter((damage) => damage.status === 'proposed').length;
  const finish = session.awaitingReview
    ? h(
        'div',
        { class: 'toolbar review-finish' },
        h(
          'button',
          {
            class: 'button',
            type: 'button',
            disabled: accepted > 0,
            title: accepted > 0 ? 'Damages are marked: complete the review instead.' : undefined,
            onclick: () => void run(() => api(COMPLETE_REVIEW, { sessionKey: session.sessionKey, noDamageFound: true }), 'Review completed: no damage found.'),
          },
          'No damage found',
        ),
        h(
          'button',
          {
            class: 'button primary',
            type: 'button',
            disabled: accepted === 0,
            title: accepted === 0 ? 'No damage is accepted: use "No damage found".' : undefined,
            onclick: () => void run(() => api(COMPLETE_REVIEW, { sessionKey: session.sessionKey }), 'Review completed: the report is ready.'),
          },
          'Complete review',
        ),
        undecided ? h('span', { class: 'muted small' }, `${undecided} proposal${undecided === 1 ? '' : 's'} not decided: they stay out of the report.`) : null,
      )
    : null;

  fill(
    container,
    h('h3', { id: 'review-title' }, session.awaitingReview ? 'Review — this inspection waits for you' : 'Damages'),
    error,
    photos.length
      ? h(
          'div',
          { class: 'review-grid' },
          h(
            'div',
            { class: 'review-photo' },
            tabs,
            annotator,
            h(
              'div',
              { class: 'toolbar' },
              zoomButton('Zoom out', -1),
              zoomButton('Zoom in', 1),
              photo ? h('a', { href: photo.url, target: '_blank', rel: 'noopener' }, 'Open full size') : null,
            ),
          ),
          h('div', { class: 'review-side' }, form, h('h4', {}, 'Marked damages'), list, finish),
        )
      : h('p', { class: 'muted' }, 'No accepted photo to review yet.'),
  );
}

/**
 * @param {'items' | 'damageTypes'} list
 * @param {string} code
 */
function labelOf(list, code) {
  return catalog?.[list]?.find((entry) => entry.code === code)?.label ?? code;
}

/** @param {number} value */
function clamp(value) {
  return Math.min(Math.max(value, 0), 1);
}

/** Positions a box element over the photo (through the style object: the page's CSP refuses style attributes). */
/**
 * @param {HTMLElement} element
 * @param {DamageRegion} box
 */
function placeBox(element, box) {
  /** @param {number} value */
  const percent = (value) => `${(value * 100).toFixed(2)}%`;
  Object.assign(element.style, { left: percent(box.x), top: percent(box.y), width: percent(box.width), height: percent(box.height) });
  return element;
}

// What the staff's pages need to know of the server's rules (docs/staff.md): the words for statuses, events, roles,
// review modes, languages, themes and views, and the limits of the fields they offer. The pages ask for these instead of keeping
// copies, so a rule changed here changes on the page too. What the caller's role may do is `me.permissions` (users.ts).
import { builder } from './builder.js';
import {
  AWAITING_REVIEW_WORDS,
  EVENT_WORDS,
  LANGUAGE_NAMES,
  REVIEW_MODE_WORDS,
  ROLE_WORDS,
  STATUS_WORDS,
  VIEW_DEFAULT_ITEM,
} from '../../domain/staff-words.js';
import { MAX_DISPLAY_NAME, MAX_EXPIRATION_HOURS, MAX_NOTIFICATION_EMAILS, REVIEW_MODES } from '../../accounts/accounts.js';
import { MAX_LOGO_BYTES } from '../../domain/account-logo.js';
import { SESSION_STATUSES } from '../../domain/statuses.js';
import { WEBHOOK_EVENTS } from '../../domain/events.js';
import { CAPTURE_LANGUAGES } from '../../domain/languages.js';
import { PHOTO_CODES, THEME_NAMES, THEMES, type PhotoCode } from '../../domain/themes.js';
import { DAMAGE_NOTE_MAX } from '../../domain/grading.js';
import { NOTE_DESCRIPTION_MAX, NOTE_TITLE_MAX } from '../../domain/notes.js';
import { SEARCH_MAX } from '../../inspections/session-service.js';
import { MIN_PASSWORD_LENGTH } from '../../users/passwords.js';
import { USERNAME_PATTERN } from '../../users/users.js';
import { ROLES } from '../../domain/user.js';
import { loadCatalogs } from '../web/i18n/catalogs.js';

interface Word {
  code: string;
  label: string;
  description?: string;
}

interface ViewWords {
  photoCode: number;
  name: string;
  defaultItem: string;
}

interface ThemeWords {
  name: string;
  photoCount: number;
  damageInspection: boolean;
}

interface DashboardSettings {
  statuses: Word[];
  awaitingReview: string;
  events: Word[];
  callbackEvents: Word[];
  roles: Word[];
  reviewModes: Word[];
  languages: Word[];
  themes: ThemeWords[];
  views: ViewWords[];
  limits: FieldLimits;
}

interface FieldLimits {
  damageNoteMax: number;
  noteTitleMax: number;
  noteDescriptionMax: number;
  searchMax: number;
  passwordMin: number;
  usernamePattern: string;
  displayNameMax: number;
  expirationHoursMax: number;
  notificationEmailsMax: number;
  logoMaxBytes: number;
}

const WordType = builder.objectRef<Word>('Word').implement({
  description: 'A code and the words people read for it.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The code as the API names it, e.g. QC_PASSED or SESSION:COMPLETE.' }),
    label: t.exposeString('label', { description: 'The short English words the pages show for the code.' }),
    description: t.string({
      nullable: true,
      description: 'A sentence on what the code means (roles: what the role may do); null where the label says enough.',
      resolve: (word) => word.description ?? null,
    }),
  }),
});

const ViewWordsType = builder.objectRef<ViewWords>('ViewWords').implement({
  description: "A photo's view: its name as the capture page says it, and the part a damage seen on it most likely is.",
  fields: (t) => ({
    photoCode: t.exposeInt('photoCode', { description: 'The photo code of the view, 1 the VIN photo.' }),
    name: t.exposeString('name', { description: 'The English name the capture page gives the view.' }),
    defaultItem: t.exposeString('defaultItem', { description: 'A code of damageCatalog.items.' }),
  }),
});

const ThemeWordsType = builder.objectRef<ThemeWords>('ThemeWords').implement({
  description: 'A session theme: which photos it asks for and whether its sessions are reviewed for damage.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'PRO, LITE or CAPT.' }),
    photoCount: t.exposeInt('photoCount', { description: 'How many photos the theme requires.' }),
    damageInspection: t.exposeBoolean('damageInspection', { description: 'True when sessions of the theme get a damage review.' }),
  }),
});

const LimitsType = builder.objectRef<FieldLimits>('FieldLimits').implement({
  description: 'The limits the server checks, for the pages to offer the same.',
  fields: (t) => ({
    damageNoteMax: t.exposeInt('damageNoteMax', { description: "A damage record's note, at most this many characters." }),
    noteTitleMax: t.exposeInt('noteTitleMax', { description: "A note's title, at most this many characters." }),
    noteDescriptionMax: t.exposeInt('noteDescriptionMax', { description: "A note's description, at most this many characters." }),
    searchMax: t.exposeInt('searchMax', { description: 'The search of inspectionSessions, at most this many characters.' }),
    passwordMin: t.exposeInt('passwordMin', { description: 'A password, at least this many characters.' }),
    usernamePattern: t.exposeString('usernamePattern', { description: 'What a username must match: a regular expression (without slashes).' }),
    displayNameMax: t.exposeInt('displayNameMax', { description: "The account's display name, at most this many characters." }),
    expirationHoursMax: t.exposeInt('expirationHoursMax', { description: "The account's expiration_hours, at most this many hours." }),
    notificationEmailsMax: t.exposeInt('notificationEmailsMax', { description: "The account's notification_emails, at most this many addresses." }),
    logoMaxBytes: t.exposeInt('logoMaxBytes', { description: "The account's logo upload, at most this many bytes." }),
  }),
});

const DashboardSettingsType = builder.objectRef<DashboardSettings>('DashboardSettings').implement({
  description: "The words and limits the staff's pages show.",
  fields: (t) => ({
    statuses: t.field({ type: [WordType], description: 'Every session status, in lifecycle order.', resolve: (settings) => settings.statuses }),
    awaitingReview: t.exposeString('awaitingReview', { description: 'What a session waiting for its review is called.' }),
    events: t.field({ type: [WordType], description: 'Every event a timeline can show.', resolve: (settings) => settings.events }),
    callbackEvents: t.field({
      type: [WordType],
      description: 'The events a callback can be set for (code as the API names it, e.g. SESSION:COMPLETE).',
      resolve: (settings) => settings.callbackEvents,
    }),
    roles: t.field({
      type: [WordType],
      description: 'The user roles (OWNER, INSPECTOR, VIEWER), each with what it may do.',
      resolve: (settings) => settings.roles,
    }),
    reviewModes: t.field({
      type: [WordType],
      description: "The account's review modes (code as accountSettings.reviewMode), each with what it means.",
      resolve: (settings) => settings.reviewModes,
    }),
    languages: t.field({
      type: [WordType],
      description: 'The capture page languages: the code (en, es, …) and its name.',
      resolve: (settings) => settings.languages,
    }),
    themes: t.field({ type: [ThemeWordsType], description: 'The session themes.', resolve: (settings) => settings.themes }),
    views: t.field({ type: [ViewWordsType], description: 'Every photo view, by photo code.', resolve: (settings) => settings.views }),
    limits: t.field({ type: LimitsType, description: 'The lengths the server accepts.', resolve: (settings) => settings.limits }),
  }),
});

let settings: DashboardSettings | null = null;

/** Built once: every part is fixed for the life of the process. */
function dashboardSettings(): DashboardSettings {
  if (settings) return settings;
  const english = loadCatalogs().get('en') ?? {};
  settings = {
    statuses: SESSION_STATUSES.map((code) => ({ code, label: STATUS_WORDS[code] })),
    awaitingReview: AWAITING_REVIEW_WORDS,
    events: Object.entries(EVENT_WORDS).map(([code, label]) => ({ code, label })),
    callbackEvents: WEBHOOK_EVENTS.map((code) => ({ code, label: EVENT_WORDS[code] ?? code })),
    roles: ROLES.map((role) => ({ code: role.toUpperCase(), ...ROLE_WORDS[role] })),
    reviewModes: REVIEW_MODES.map((mode) => ({ code: mode, ...REVIEW_MODE_WORDS[mode] })),
    languages: CAPTURE_LANGUAGES.map((code) => ({ code, label: LANGUAGE_NAMES[code] })),
    themes: THEME_NAMES.map((name) => ({ name, photoCount: THEMES[name].photoCodes.length, damageInspection: THEMES[name].damageInspection })),
    views: PHOTO_CODES.map((photoCode: PhotoCode) => ({
      photoCode,
      name: english[`view.${photoCode}.name`] ?? String(photoCode),
      defaultItem: VIEW_DEFAULT_ITEM[photoCode],
    })),
    limits: {
      damageNoteMax: DAMAGE_NOTE_MAX,
      noteTitleMax: NOTE_TITLE_MAX,
      noteDescriptionMax: NOTE_DESCRIPTION_MAX,
      searchMax: SEARCH_MAX,
      passwordMin: MIN_PASSWORD_LENGTH,
      usernamePattern: USERNAME_PATTERN.source,
      displayNameMax: MAX_DISPLAY_NAME,
      expirationHoursMax: MAX_EXPIRATION_HOURS,
      notificationEmailsMax: MAX_NOTIFICATION_EMAILS,
      logoMaxBytes: MAX_LOGO_BYTES,
    },
  };
  return settings;
}

builder.queryFields((t) => ({
  dashboardSettings: t.field({
    type: DashboardSettingsType,
    authScopes: { role: 'viewer' },
    description: "The words and limits the staff's pages show (statuses, events, roles, languages, views, field limits).",
    resolve: () => dashboardSettings(),
  }),
}));

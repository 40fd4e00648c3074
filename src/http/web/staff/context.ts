// What every staff page reads: the signed-in user (with the operations their role may use) and the server's words
// and limits (GraphQL `dashboardSettings`). Asked once after signing in; no page keeps a copy of a server rule.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { graphql } from './graphql/gql.js';
import type { StaffContextQuery } from './graphql/graphql.js';

export const STAFF_CONTEXT = graphql(`
  query StaffContext {
    me { username name role account permissions }
    accountSettings { displayName logoUrl }
    dashboardSettings {
      statuses { code label }
      awaitingReview
      events { code label }
      callbackEvents { code label }
      roles { code label description }
      reviewModes { code label description }
      languages { code label }
      themes { name photoCount damageInspection }
      views { photoCode name defaultItem }
      limits {
        damageNoteMax noteTitleMax noteDescriptionMax searchMax passwordMin usernamePattern
        displayNameMax expirationHoursMax notificationEmailsMax logoMaxBytes
      }
    }
  }
`);

export type Me = NonNullable<StaffContextQuery['me']>;
export type Settings = StaffContextQuery['dashboardSettings'];
/** How the account presents itself in the dashboard's bar. */
export type AccountBrand = StaffContextQuery['accountSettings'];

export interface Staff {
  me: Me;
  settings: Settings;
  account: AccountBrand;
  /** Shows a changed name or logo in the bar at once (the settings page calls it after a save). */
  setAccount(account: AccountBrand): void;
}

export const StaffContext = createContext<Staff | null>(null);

export function useStaff(): Staff {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside a signed-in page');
  return staff;
}

/** Words for the codes, from the server's settings. */
export function wordsOf({ settings, me }: Staff) {
  const find = (list: readonly { code: string; label: string }[], code: string) => list.find((entry) => entry.code === code)?.label;
  return {
    status: (code: string, awaitingReview = false) => (awaitingReview ? settings.awaitingReview : (find(settings.statuses, code) ?? code)),
    event: (code: string) =>
      find(settings.events, code) ??
      code
        .replace(/^SESSION:/, '')
        .replace(/_/g, ' ')
        .toLowerCase(),
    role: (code: string) => find(settings.roles, code.toUpperCase()) ?? code,
    language: (code: string | null | undefined) => (code ? (find(settings.languages, code) ?? code) : '—'),
    view: (photoCode: number) => settings.views.find((view) => view.photoCode === photoCode)?.name ?? `Photo ${photoCode}`,
    defaultItem: (photoCode: number | null) => settings.views.find((view) => view.photoCode === photoCode)?.defaultItem ?? null,
    can: (operation: string) => me.permissions.includes(operation),
  };
}

export function useWords() {
  return wordsOf(useStaff());
}

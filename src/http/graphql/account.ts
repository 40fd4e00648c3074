// The account's own settings in GraphQL (docs/staff.md "Account settings by the owner"): every signed-in role reads
// them (the pages show the name, colour and logo), owners and the API headers change them, over the same use cases as
// /v1/account. The input type is made from the REST body's zod schema (zod-inputs.ts).
import { builder } from './builder.js';
import { requireAccount } from './context.js';
import { inputTypeFrom, snakeCased } from './zod-inputs.js';
import { AccountSettingsSchema, type AccountSettingsView } from '../../accounts/accounts.js';
import { AppError } from '../../errors.js';
import { MAX_LOGO_BYTES, LOGO_REFUSALS } from '../../domain/account-logo.js';

const AccountSettingsType = builder.objectRef<AccountSettingsView>('AccountSettings').implement({
  description: "The account's settings: how its capture page and reports look, and what its sessions default to.",
  fields: (t) => ({
    username: t.exposeString('username', { description: "The account's username (never shown to a guest)." }),
    displayName: t.exposeString('display_name', { description: 'Shown on the capture page, the dashboard and the report.' }),
    brandColor: t.exposeString('brand_color', { nullable: true, description: '#rrggbb; null for the default colour.' }),
    defaultLanguage: t.exposeString('default_language', { description: 'The language of sessions created without one.' }),
    defaultTheme: t.exposeString('default_theme', { description: 'The theme of sessions created without one: PRO, LITE or CAPT.' }),
    expirationHours: t.exposeFloat('expiration_hours', { description: 'How long a session may stay idle before it expires.' }),
    reviewMode: t.exposeString('review_mode', { description: 'manual: a person completes each review; auto: on confirmation.' }),
    redirectUrl: t.exposeString('redirect_url', {
      nullable: true,
      description: 'Where the capture page sends the person when done, unless the session names another; null for none.',
    }),
    notificationEmails: t.exposeStringList('notification_emails', {
      description: 'Who is told when a session starts waiting for review and when a callback is disabled (at most 10).',
    }),
    hasLogo: t.exposeBoolean('has_logo', { description: 'Whether the account has a logo (setAccountLogo).' }),
    logoUrl: t.string({
      nullable: true,
      description: 'The logo at its public address (a new one with every upload); null without one.',
      resolve: async (settings, _args, context) => (settings.has_logo ? context.services.accountLogos.urlOf(await requireAccount(context)) : null),
    }),
  }),
});

const AccountSettingsInput = inputTypeFrom(
  'AccountSettingsInput',
  'The PATCH /v1/account body in camelCase: only what is given changes.',
  AccountSettingsSchema,
);

builder.queryFields((t) => ({
  accountSettings: t.field({
    authScopes: { role: 'viewer' },
    type: AccountSettingsType,
    description: "The account's settings (GET /v1/account).",
    // The account as the database holds it now, not as this request's credential read it a moment ago.
    resolve: async (_root, _args, context) => context.services.accounts.settings(await requireAccount(context)),
  }),
}));

builder.mutationFields((t) => ({
  updateAccountSettings: t.field({
    authScopes: { role: 'owner' },
    type: AccountSettingsType,
    description: 'Changes the settings given (PATCH /v1/account); a bad value is BAD_REQUEST and changes nothing.',
    args: { input: t.arg({ type: AccountSettingsInput, required: true, description: 'The settings to change; at least one.' }) },
    resolve: async (_root, { input }, context) => context.services.accounts.updateOwn(await requireAccount(context), snakeCased(input)),
  }),
  setAccountLogo: t.field({
    authScopes: { role: 'owner' },
    type: AccountSettingsType,
    description: `Uploads the logo (multipart request; PUT /v1/account/logo): PNG or JPEG, at most ${MAX_LOGO_BYTES / 1024} KB.`,
    args: { file: t.arg({ type: 'File', required: true, description: 'The image: PNG or JPEG; its bytes, not its name, decide.' }) },
    resolve: async (_root, { file }, context) => {
      const account = await requireAccount(context);
      if (file.size > MAX_LOGO_BYTES) throw new AppError('BAD_REQUEST', LOGO_REFUSALS.tooLarge);
      return context.services.accountLogos.set(account, Buffer.from(await file.arrayBuffer()));
    },
  }),
  removeAccountLogo: t.field({
    authScopes: { role: 'owner' },
    type: AccountSettingsType,
    description: 'Removes the logo (DELETE /v1/account/logo); removing none is no error.',
    resolve: async (_root, _args, context) => context.services.accountLogos.remove(await requireAccount(context)),
  }),
}));

// Account use cases: create integrator accounts, list them, change their settings (the operator's admin API and the
// account's owner share one change, docs/staff.md), rotate their HMAC secret.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../errors.js';
import { isDuplicateKeyError } from '../store/database.js';
import type { AccountStore } from '../store/accounts.js';
import type { Account, AccountSettingsUpdate } from '../domain/account.js';
import { THEME_NAMES, ThemeSchema } from '../domain/themes.js';
import { UtcTimestampSchema } from '../domain/time.js';
import { CAPTURE_LANGUAGES } from '../domain/languages.js';
import { firstIssueMessage } from '../domain/validation.js';

/** How long a rotated-out secret keeps validating tokens (docs/rest-guide.md), unless configured otherwise. */
export const DEFAULT_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export const ACCOUNT_USERNAME_PATTERN = /^[a-z0-9][a-z0-9_-]{2,63}$/;

export const REVIEW_MODES = ['manual', 'auto'] as const;
export const MAX_NOTIFICATION_EMAILS = 10;
export const MAX_DISPLAY_NAME = 100;
const DEFAULT_THEME = 'PRO';

// ThemeSchema's values with this field's own message (a copy, so it renders inline rather than as the Theme component).
const themeField = ThemeSchema.extract(THEME_NAMES, { error: 'default_theme must be one of PRO, LITE, CAPT.' }).meta({
  description: ThemeSchema.description,
});

export const MAX_EXPIRATION_HOURS = 24 * 365;
const EXPIRATION_MESSAGE = `expiration_hours must be a number of hours above 0 and at most ${MAX_EXPIRATION_HOURS}.`;

const settingsShape = {
  expiration_hours: z
    .number({ error: EXPIRATION_MESSAGE })
    .positive(EXPIRATION_MESSAGE)
    .max(MAX_EXPIRATION_HOURS, EXPIRATION_MESSAGE)
    .meta({ description: 'How long a session may stay idle before it expires.' })
    .optional(),
  default_theme: themeField.optional(),
  redirect_url: z
    .url({ protocol: /^https?$/, error: 'redirect_url must be an absolute http(s) URL.' })
    .max(2048, 'redirect_url must be at most 2048 characters.')
    .nullable()
    .meta({ description: 'Where the capture page sends the person when done, unless the session names another; null for none.' })
    .optional(),
  // docs/staff.md: who completes reviews, and how the capture page and report name and colour the account.
  review_mode: z
    .enum(REVIEW_MODES, { error: 'review_mode must be manual or auto.' })
    .meta({ description: 'manual: a person completes each review; auto: the report is generated on confirmation.' })
    .optional(),
  display_name: z
    .string({ error: `display_name must be a string of 1-${MAX_DISPLAY_NAME} characters.` })
    .trim()
    .min(1, `display_name must be a string of 1-${MAX_DISPLAY_NAME} characters.`)
    .max(MAX_DISPLAY_NAME, `display_name must be a string of 1-${MAX_DISPLAY_NAME} characters.`)
    .meta({ description: 'Shown on the capture page, the dashboard and the report.' })
    .optional(),
  brand_color: z
    .string({ error: 'brand_color must be a colour written #rrggbb.' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'brand_color must be a colour written #rrggbb.')
    .transform((colour) => colour.toLowerCase())
    .nullable()
    .meta({ description: 'The colour of the capture page and the report, #rrggbb; null for the default.' })
    .optional(),
  // docs/staff.md "Languages": what a session created without `language` speaks (capture page and report).
  default_language: z
    .enum(CAPTURE_LANGUAGES, { error: `default_language must be one of ${CAPTURE_LANGUAGES.join(', ')}.` })
    .meta({ description: 'The language of sessions created without one: the capture page and the condition report are written in it.' })
    .optional(),
  notification_emails: z
    .array(z.email({ error: 'notification_emails must hold email addresses.' }).max(254), { error: 'notification_emails must be a list of email addresses.' })
    .max(MAX_NOTIFICATION_EMAILS, `notification_emails holds at most ${MAX_NOTIFICATION_EMAILS} addresses.`)
    .transform((emails) => [...new Set(emails.map((email) => email.toLowerCase()))])
    .meta({ description: 'Who is told when a session starts waiting for review and when a callback is disabled.' })
    .optional(),
};

/** The body of POST /admin/accounts without `owner` (users/first-owner.ts takes that off before the account is made). */
export const NewAccountSchema = z
  .object({
    username: z.string().regex(ACCOUNT_USERNAME_PATTERN, 'username must be 3-64 characters: a-z, 0-9, _ or -, starting with a letter or digit.'),
    ...settingsShape,
    expiration_hours: settingsShape.expiration_hours.default(72),
    default_theme: settingsShape.default_theme.default(DEFAULT_THEME),
    review_mode: settingsShape.review_mode.default('manual'),
    default_language: settingsShape.default_language.default('en'),
    display_name: settingsShape.display_name.meta({ description: 'Shown on the capture page and the report; default the username.' }),
  })
  .strict();

/** The fields a settings change may name, in the order the pages and documents list them. */
export const ACCOUNT_SETTING_NAMES = Object.keys(settingsShape) as (keyof typeof settingsShape)[];

/**
 * The body of PATCH /admin/accounts/:username and PATCH /v1/account, and (camelCased) the GraphQL input of
 * updateAccountSettings: the one description of a settings change.
 */
export const AccountSettingsSchema = z
  .object(settingsShape)
  .strict()
  .refine((settings) => Object.keys(settings).length > 0, 'Give at least one setting to change.')
  .meta({ id: 'AccountSettings', override: { minProperties: 1 } });

/** The answer of GET and PATCH /v1/account: the settings as the account's owner sees and changes them. */
export const AccountSettingsViewSchema = z
  .object({
    username: z.string().meta({ description: "The account's username (its login name for the admin API; never shown to a guest)." }),
    display_name: z.string(),
    brand_color: z.string().nullable(),
    default_language: z.enum(CAPTURE_LANGUAGES),
    default_theme: ThemeSchema,
    expiration_hours: z.number(),
    review_mode: z.enum(REVIEW_MODES),
    redirect_url: z.string().nullable(),
    notification_emails: z.array(z.string()),
    has_logo: z.boolean().meta({ description: 'Whether the account has a logo (PUT /v1/account/logo).' }),
  })
  .meta({ id: 'AccountSettingsView' });

export type AccountSettingsView = z.output<typeof AccountSettingsViewSchema>;

export const AccountSchema = z
  .object({
    username: z.string(),
    api_key: z.string(),
    expiration_hours: z.number(),
    default_theme: ThemeSchema,
    redirect_url: z.string().nullable(),
    review_mode: z.enum(REVIEW_MODES),
    display_name: z.string(),
    brand_color: z.string().nullable(),
    default_language: z.enum(CAPTURE_LANGUAGES),
    notification_emails: z.array(z.string()),
    created_at: UtcTimestampSchema,
  })
  .meta({ id: 'Account' });

export type AccountView = z.output<typeof AccountSchema>;

export const AccountWithSecretSchema = AccountSchema.extend({
  api_secret: z.string().meta({ description: 'Shown only here; keep it secret.' }),
}).meta({ id: 'AccountWithSecret' });

export type AccountWithSecret = z.output<typeof AccountWithSecretSchema>;

/** The answer of GET /admin/accounts. */
export const AccountListSchema = z.object({ data: z.array(AccountSchema) }).meta({ id: 'AccountList' });

export type AccountList = z.output<typeof AccountListSchema>;

export class AccountService {
  constructor(
    private readonly accounts: AccountStore,
    private readonly clock: () => Date = () => new Date(),
    /** How long a rotated-out secret keeps validating; 24 hours unless configured otherwise. */
    private readonly secretOverlapMs = DEFAULT_SECRET_OVERLAP_MS,
  ) {}

  async create(input: unknown): Promise<AccountWithSecret> {
    const parsed = NewAccountSchema.safeParse(input ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid account.');
    const now = this.clock();
    try {
      const account = await this.accounts.insert({
        username: parsed.data.username,
        apiKey: randomBytes(24).toString('base64url'),
        apiSecret: randomBytes(32).toString('base64url'),
        previousSecret: null,
        expirationHours: parsed.data.expiration_hours,
        defaultTheme: parsed.data.default_theme,
        redirectUrl: parsed.data.redirect_url ?? null,
        reviewMode: parsed.data.review_mode,
        displayName: parsed.data.display_name ?? parsed.data.username,
        brandColor: parsed.data.brand_color ?? null,
        defaultLanguage: parsed.data.default_language,
        notificationEmails: parsed.data.notification_emails ?? [],
        logo: null,
        createdAt: now,
        updatedAt: now,
      });
      return withSecret(account);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw conflict(`Username ${parsed.data.username} is already taken.`);
      throw error;
    }
  }

  async list(): Promise<AccountView[]> {
    return (await this.accounts.list()).map(toAccountView);
  }

  /** Changes an account's settings for the operator (PATCH /admin/accounts/:username); the view carries no secret. */
  async update(username: string, input: unknown): Promise<AccountView> {
    return toAccountView(await this.changeSettings(username, input));
  }

  /**
   * The settings of the caller's own account (GET /v1/account, GraphQL accountSettings), as the database holds them
   * now: the credential's copy of the account may be a few seconds old when another instance changed it.
   */
  async settings(account: Pick<Account, 'id'>): Promise<AccountSettingsView> {
    const current = await this.accounts.findById(account.id);
    if (!current) throw notFound('The account cannot be found.');
    return toAccountSettingsView(current);
  }

  /** Changes the caller's own account (PATCH /v1/account, GraphQL updateAccountSettings): the operator's change, scoped. */
  async updateOwn(account: Pick<Account, 'username'>, input: unknown): Promise<AccountSettingsView> {
    return toAccountSettingsView(await this.changeSettings(account.username, input));
  }

  /** The one settings change: checked by AccountSettingsSchema, written through the store (which drops its cached copy). */
  private async changeSettings(username: string, input: unknown): Promise<Account> {
    const parsed = AccountSettingsSchema.safeParse(input ?? {});
    if (!parsed.success) throw badRequest(settingsProblem(parsed.error));
    const settings = parsed.data;
    const change: AccountSettingsUpdate = {
      expirationHours: settings.expiration_hours,
      defaultTheme: settings.default_theme,
      redirectUrl: settings.redirect_url,
      reviewMode: settings.review_mode,
      displayName: settings.display_name,
      brandColor: settings.brand_color,
      defaultLanguage: settings.default_language,
      notificationEmails: settings.notification_emails,
    };
    const updated = await this.accounts.updateSettings(username, change, this.clock());
    if (!updated) throw notFound(`Account ${username} cannot be found.`);
    return updated;
  }

  /**
   * Issues a new secret; the old one keeps validating tokens for the overlap (24 hours by default) so integrators can
   * roll over. Access records signed with the old secret end with it (the authenticator ties them to their secret).
   */
  async rotateSecret(username: string): Promise<AccountWithSecret> {
    const account = await this.accounts.findByUsername(username);
    if (!account) throw notFound(`Account ${username} cannot be found.`);
    const now = this.clock();
    const rotated = await this.accounts.replaceSecret(
      username,
      randomBytes(32).toString('base64url'),
      { secret: account.apiSecret, expiresAt: new Date(now.getTime() + this.secretOverlapMs) },
      now,
    );
    if (!rotated) throw new AppError('NOT_FOUND', `Account ${username} cannot be found.`);
    return withSecret(rotated);
  }

  /** Creates the demo account when the database holds none; returns it, or null when accounts exist. */
  async createDemoIfEmpty(): Promise<AccountWithSecret | null> {
    if (!(await this.accounts.isEmpty())) return null;
    try {
      return await this.create({ username: 'demo' });
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') return null;
      throw error;
    }
  }
}

export function toAccountView(account: Account): AccountView {
  return {
    username: account.username,
    api_key: account.apiKey,
    expiration_hours: account.expirationHours,
    default_theme: account.defaultTheme,
    redirect_url: account.redirectUrl,
    default_language: account.defaultLanguage,
    review_mode: account.reviewMode,
    display_name: account.displayName,
    brand_color: account.brandColor,
    notification_emails: account.notificationEmails,
    created_at: account.createdAt.toISOString(),
  };
}

export function toAccountSettingsView(account: Account): AccountSettingsView {
  const view = toAccountView(account);
  return {
    username: view.username,
    display_name: view.display_name,
    brand_color: view.brand_color,
    default_language: view.default_language,
    default_theme: view.default_theme,
    expiration_hours: view.expiration_hours,
    review_mode: view.review_mode,
    redirect_url: view.redirect_url,
    notification_emails: view.notification_emails,
    has_logo: Boolean(account.logo),
  };
}

/** A settings field's own message; an unknown field (`username`, `has_logo`, a typo) is named with the ones it may be. */
function settingsProblem(error: z.ZodError): string {
  if (error.issues.some((issue) => issue.code === 'unrecognized_keys')) return firstIssueMessage(error, { '': ACCOUNT_SETTING_NAMES });
  const issue = error.issues[0];
  if (issue?.path.length === 0 && issue.code === 'invalid_type') return 'The settings must be a JSON object.';
  return issue?.message ?? 'Invalid settings.';
}

function withSecret(account: Account): AccountWithSecret {
  return { ...toAccountView(account), api_secret: account.apiSecret };
}

// The account's logo (docs/staff.md "Account settings by the owner"): an upload is checked by its bytes, decoded with a
// pixel limit and written again by sharp (so nothing of the file but its picture is kept: no metadata, no trailing
// payload), fitted inside LOGO_BOX, and stored in the file store under the account's id with a new random token. The
// token names its public address, so a replaced logo gets a new URL and a cached one never goes stale.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppError, badRequest } from '../errors.js';
import {
  LOGO_BOX,
  LOGO_REFUSALS,
  logoFileKey,
  logoFileName,
  MAX_LOGO_BYTES,
  MAX_LOGO_INPUT_PIXELS,
  parseLogoFileName,
  type LogoType,
} from '../domain/account-logo.js';
import { sniffImageType } from '../qc/sniff.js';
import type { FileStore } from '../storage/file-store.js';
import type { AccountStore } from '../store/accounts.js';
import type { Account, AccountLogo } from '../domain/account.js';
import type { PublicUrls } from '../inspections/public-urls.js';
import { toAccountSettingsView, type AccountSettingsView } from './accounts.js';

export interface ReencodedLogo {
  bytes: Buffer;
  type: LogoType;
  width: number;
  height: number;
}

export interface OpenedLogo {
  body: Readable;
  size: number;
  contentType: LogoType;
}

/** A PNG stays a PNG (it may be transparent), a JPEG a JPEG; anything else, or anything unreadable, is a 400. */
export async function reencodeLogo(bytes: Uint8Array): Promise<ReencodedLogo> {
  if (bytes.length === 0) throw badRequest(LOGO_REFUSALS.missing);
  if (bytes.length > MAX_LOGO_BYTES) throw badRequest(LOGO_REFUSALS.tooLarge);
  const type = sniffImageType(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg') throw badRequest(LOGO_REFUSALS.wrongType);
  // The header alone says how many pixels the file would decode to: a bomb is refused before any decoding.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) throw badRequest(LOGO_REFUSALS.unreadable);
  if (metadata.width * metadata.height > MAX_LOGO_INPUT_PIXELS) throw badRequest(LOGO_REFUSALS.tooManyPixels);
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_LOGO_INPUT_PIXELS })
    .rotate()
    .resize({ width: LOGO_BOX.width, height: LOGO_BOX.height, fit: 'inside', withoutEnlargement: true });
  const encoded = type === 'image/png' ? image.png({ compressionLevel: 9, adaptiveFiltering: true }) : image.jpeg({ quality: 88, mozjpeg: true });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, type, width: info.width, height: info.height };
  } catch {
    throw badRequest(LOGO_REFUSALS.unreadable);
  }
}

export class AccountLogos {
  constructor(
    private readonly deps: {
      accounts: AccountStore;
      fileStore: FileStore;
      urls: PublicUrls;
      clock: () => Date;
    },
  ) {}

  /** Replaces the account's logo with the upload; answers the settings (`has_logo: true`). */
  async set(account: Pick<Account, 'id' | 'apiKey'>, upload: Uint8Array): Promise<AccountSettingsView> {
    const logo = await reencodeLogo(upload);
    const current = await this.current(account);
    const token = randomBytes(24).toString('base64url');
    const fileKey = logoFileKey(account.id.toHexString(), logoFileName(token, logo.type));
    await this.deps.fileStore.put(fileKey, logo.bytes, { contentType: logo.type });
    const now = this.deps.clock();
    const stored: AccountLogo = { token, fileKey: fileKey, mimeType: logo.type, width: logo.width, height: logo.height, updatedAt: now };
    // Written before the account names it, and removed again when the account does not end up naming it.
    const replaced = await this.deps.accounts.replaceLogo(account, current.logo?.token ?? null, stored, now).catch(async (error: unknown) => {
      await this.deps.fileStore.delete(fileKey);
      throw error;
    });
    if (!replaced) {
      await this.deps.fileStore.delete(fileKey);
      throw changedMeanwhile();
    }
    if (current.logo) await this.deps.fileStore.delete(current.logo.fileKey);
    return this.settingsOf(account);
  }

  /** Removes the logo (its file too); removing none is no error. Answers the settings (`has_logo: false`). */
  async remove(account: Pick<Account, 'id' | 'apiKey'>): Promise<AccountSettingsView> {
    const current = await this.current(account);
    if (current.logo) {
      if (!(await this.deps.accounts.replaceLogo(account, current.logo.token, null, this.deps.clock()))) throw changedMeanwhile();
      await this.deps.fileStore.delete(current.logo.fileKey);
    }
    return this.settingsOf(account);
  }

  /** What `/logos/<name>` serves: the current logo with that token and type, or null (a replaced logo is gone). */
  async open(fileName: string): Promise<OpenedLogo | null> {
    const named = parseLogoFileName(fileName);
    if (!named) return null;
    const account = await this.deps.accounts.findByLogoToken(named.token);
    if (account?.logo?.token !== named.token || account.logo.mimeType !== named.type) return null;
    const file = await this.deps.fileStore.open(account.logo.fileKey);
    return file ? { body: file.body, size: file.size, contentType: account.logo.mimeType } : null;
  }

  /** The public address of the account's current logo, or null without one. */
  async urlOf(account: Pick<Account, 'id'>): Promise<string | null> {
    return this.deps.urls.logoUrl((await this.current(account)).logo);
  }

  /** The logo's bytes (for a PDF, which embeds them), or null without one or when its file cannot be read. */
  async bytesOf(account: Pick<Account, 'logo'> | null): Promise<Buffer | null> {
    const logo = account?.logo;
    if (!logo) return null;
    const file = await this.deps.fileStore.open(logo.fileKey).catch(() => null);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The account as the database holds it now (the authenticated copy may be a few seconds old). */
  private async current(account: Pick<Account, 'id'>): Promise<Account> {
    const current = await this.deps.accounts.findById(account.id);
    if (!current) throw new AppError('NOT_FOUND', 'The account cannot be found.');
    return current;
  }

  private async settingsOf(account: Pick<Account, 'id'>): Promise<AccountSettingsView> {
    return toAccountSettingsView(await this.current(account));
  }
}

function changedMeanwhile(): AppError {
  return new AppError('CONFLICT', 'The logo was changed by another request at the same time. Try again.');
}

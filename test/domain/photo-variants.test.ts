import { describe, expect, it } from 'vitest';
import { parsePhotoSize, servedVariant, variantsToKeep, type PhotoVariants } from '../../src/domain/photo-variants.js';
import { maxCapturesPerSession } from '../../src/domain/limits.js';

describe('photo sizes', () => {
  it('reads ?size= strictly: absent is the original, thumb and medium as written, anything else refused', () => {
    expect(parsePhotoSize(null)).toBe('original');
    expect(parsePhotoSize('thumb')).toBe('thumb');
    expect(parsePhotoSize('medium')).toBe('medium');
    for (const value of ['', 'original', 'THUMB', 'large', 'thumb ', '400']) expect(parsePhotoSize(value), value).toBeNull();
  });

  it('keeps everything of an accepted upload and only the thumbnail of a rejected one', () => {
    expect(variantsToKeep(true)).toEqual(['original', 'medium', 'thumb']);
    expect(variantsToKeep(false)).toEqual(['thumb']);
  });

  it('serves the requested variant, else the next smaller one kept, never a larger one', () => {
    const accepted: PhotoVariants<string> = { original: 'o', medium: 'm', thumb: 't' };
    expect(servedVariant(accepted, 'original')).toEqual({ size: 'original', key: 'o' });
    expect(servedVariant(accepted, 'medium')).toEqual({ size: 'medium', key: 'm' });
    expect(servedVariant(accepted, 'thumb')).toEqual({ size: 'thumb', key: 't' });
    const rejected: PhotoVariants<string> = { original: null, medium: null, thumb: 't' };
    for (const size of ['original', 'medium', 'thumb'] as const) expect(servedVariant(rejected, size)).toEqual({ size: 'thumb', key: 't' });
    expect(servedVariant({ original: 'o', medium: null, thumb: null }, 'thumb')).toBeNull();
    expect(servedVariant({ original: null, medium: null, thumb: null }, 'original')).toBeNull();
  });
});

describe('session limits', () => {
  it('allows 3 × required photos + 10 captures', () => {
    expect(maxCapturesPerSession(6)).toBe(28);
    expect(maxCapturesPerSession(13)).toBe(49);
  });
});

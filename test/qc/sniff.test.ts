import { describe, it, expect } from 'vitest';
import { sniffImageType } from '../../src/qc/sniff.js';
import { makeGif, makeNonImage, makeScene } from '../support/images.js';

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their content', async () => {
    const size = { width: 64, height: 48 };
    expect(sniffImageType(await makeScene({ ...size, format: 'jpeg' }))).toBe('image/jpeg');
    expect(sniffImageType(await makeScene({ ...size, format: 'png' }))).toBe('image/png');
    expect(sniffImageType(await makeScene({ ...size, format: 'webp' }))).toBe('image/webp');
  });

  it('returns null for GIF, PDF, random bytes and empty or too-short input', async () => {
    expect(sniffImageType(await makeGif({ width: 32, height: 24 }))).toBeNull();
    expect(sniffImageType(await makeNonImage({ kind: 'pdf' }))).toBeNull();
    expect(sniffImageType(await makeNonImage({ kind: 'random' }))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('requires the WEBP form type inside a RIFF container', () => {
    const wave = Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1');
    expect(sniffImageType(wave)).toBeNull();
    const webp = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1');
    expect(sniffImageType(webp)).toBe('image/webp');
  });
});

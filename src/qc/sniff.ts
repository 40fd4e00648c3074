// Identifies the accepted photo formats from their leading magic bytes, never from names or client headers.

export type AcceptedImageType = 'image/jpeg' | 'image/png' | 'image/webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

/** The MIME type of a JPEG, PNG or WebP file, or null for anything else (GIF, PDF, HEIC, SVG, garbage...). */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  // SOI marker followed by the first segment's marker prefix.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  // RIFF container (bytes 4-7 are its size) whose form type is WEBP.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

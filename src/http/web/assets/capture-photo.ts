// Photos leave the phone at most 2560 px on the long edge, as JPEG (docs/capture.md): a 12-megapixel photo of 3-5 MB
// becomes well under 1 MB, which on a weak signal is the difference between seconds and a minute. EXIF orientation
// is applied while decoding, so the pixels sent are upright and need no EXIF.

export const MAX_LONG_EDGE = 2560;
/** What a photo should weigh at most; the JPEG quality steps down until it does. */
export const TARGET_BYTES = 900 * 1024;
const QUALITIES = [0.85, 0.75, 0.65, 0.55];

/** The photo to upload for a picked or captured file: downscaled and re-encoded when that makes it lighter. */
export async function preparePhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // A format this browser cannot decode (HEIC on some phones, or not a picture at all): the server judges it.
    return file;
  }
  try {
    const alreadyFine = file.type === 'image/jpeg' && file.size <= TARGET_BYTES && Math.max(bitmap.width, bitmap.height) <= MAX_LONG_EDGE;
    if (alreadyFine) return file;
    const jpeg = await encode(bitmap, bitmap.width, bitmap.height);
    return jpeg.size < file.size || Math.max(bitmap.width, bitmap.height) > MAX_LONG_EDGE ? jpeg : file;
  } finally {
    bitmap.close();
  }
}

/** The current picture of a playing <video> (the in-page camera) as an upload-ready JPEG. */
export function photoOfVideo(video: HTMLVideoElement): Promise<File> {
  return encode(video, video.videoWidth, video.videoHeight);
}

async function encode(source: CanvasImageSource, sourceWidth: number, sourceHeight: number): Promise<File> {
  const scale = Math.min(1, MAX_LONG_EDGE / Math.max(sourceWidth, sourceHeight));
  const width = Math.round(sourceWidth * scale);
  const height = Math.round(sourceHeight * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The photo could not be prepared.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  let blob: Blob | null = null;
  for (const quality of QUALITIES) {
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob || blob.size <= TARGET_BYTES) break;
  }
  // Release the canvas memory at once: phones keep few large canvases.
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) throw new Error('The photo could not be prepared.');
  return new File([blob], 'photo.jpg', { type: 'image/jpeg' });
}

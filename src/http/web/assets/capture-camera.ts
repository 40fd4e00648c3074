// The in-page camera (docs/capture.md): the rear camera's live picture with the view's outline drawn over it and a
// shutter. Where the browser has no camera API the caller uses the file input (the phone's camera app) instead;
// where the person blocked the camera, the dialog says how to allow it and offers the camera app.
import { photoOfVideo } from './capture-photo.js';

/**
 * The dialog's elements, which capture.html always has. Looked up here rather than with ui.ts's byId: a module this
 * lazily loaded chunk shared with the page's script would become a third file the page fetches before Start.
 */
const byId = <E extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as E;

export function cameraSupported(): boolean {
  return window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

const dialog = () => byId('camera');
let stream: MediaStream | null = null;
/** Settles the open camera's promise. */
let settle: ((photo: File | null) => void) | null = null;
let opener: HTMLOrSVGElement | null = null;
let fallbackInput: HTMLInputElement | null = null;
const video = () => byId<HTMLVideoElement>('camera-video');
const shutter = () => byId<HTMLButtonElement>('camera-shutter');

/**
 * Opens the camera for one view. Resolves with a JPEG File, or null when the person closed the camera; `fileInput`
 * is the view's file input, offered when the camera is blocked. Rejects when no camera can be opened at all.
 * `frame` says what to fit in the outline (the whole vehicle, or what a close-up view shows).
 */
export async function takePhotoWithCamera({
  title,
  frame,
  outlineUrl,
  fileInput,
}: {
  title: string;
  frame: string;
  outlineUrl: string;
  fileInput: HTMLInputElement;
}): Promise<File | null> {
  if (settle) return null;
  opener = document.activeElement as HTMLOrSVGElement | null;
  byId('camera-title').textContent = title;
  byId('camera-frame').textContent = frame;
  byId<HTMLImageElement>('camera-outline').src = outlineUrl;
  fallbackInput = fileInput;
  byId('camera-live').hidden = false;
  byId('camera-denied').hidden = true;
  shutter().disabled = true;
  dialog().hidden = false;
  document.body.classList.add('camera-open');
  const result = new Promise<File | null>((resolve) => (settle = resolve));
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 2560 }, height: { ideal: 1920 } },
    });
  } catch (error) {
    const name = (error as { name?: unknown } | null | undefined)?.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') {
      showDenied();
      return result;
    }
    close(null);
    throw error;
  }
  const live = video();
  live.srcObject = stream;
  await live.play().catch(() => {});
  // The shutter waits for the first picture: pressed earlier, it would send a black frame.
  await firstFrame(live);
  // The stage takes the picture's shape, so the outline lies over exactly what the photo will hold.
  byId('camera-stage').style.aspectRatio = `${live.videoWidth} / ${live.videoHeight}`;
  shutter().disabled = false;
  shutter().focus();
  return result;
}

function firstFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => resolve());
    else if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) resolve();
    else video.addEventListener('loadeddata', () => resolve(), { once: true });
  });
}

function showDenied() {
  byId('camera-live').hidden = true;
  byId('camera-denied').hidden = false;
  byId('camera-use-app').focus();
}

function close(value: File | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
  stream = null;
  video().srcObject = null;
  dialog().hidden = true;
  document.body.classList.remove('camera-open');
  const done = settle;
  settle = null;
  opener?.focus?.();
  done?.(value);
}

async function shoot() {
  const live = video();
  const button = shutter();
  if (!live.videoWidth || button.disabled) return;
  button.disabled = true;
  try {
    close(await photoOfVideo(live));
  } catch {
    button.disabled = false;
  }
}

shutter().addEventListener('click', () => void shoot());
byId('camera-close').addEventListener('click', () => close(null));
byId('camera-denied-close').addEventListener('click', () => close(null));
// The camera app, opened inside this click (a file chooser needs one); its change event takes the photo from there.
byId('camera-use-app').addEventListener('click', () => {
  const input = fallbackInput;
  close(null);
  input?.click();
});
dialog().addEventListener('keydown', (event) => {
  if (event.key === 'Escape') close(null);
});

// Themes and the photos each requires (docs/rest-guide.md): the single list the capture flow, QC gate and results ask.
import { z } from 'zod';

export const PHOTO_LABELS = Object.freeze({
  1: 'VIN',
  2: 'Interior',
  3: 'Cluster',
  4: 'Left',
  5: 'Front',
  6: 'Tires',
  7: 'Right',
  8: 'Rear',
  9: 'Windshield',
  10: 'Front_Left',
  11: 'Front_Right',
  12: 'Rear_Right',
  13: 'Rear_Left',
} as const);

export type PhotoCode = keyof typeof PHOTO_LABELS;
export const PHOTO_CODES = Object.keys(PHOTO_LABELS).map(Number) as PhotoCode[];

// What the capture app shows above the camera for each photo.
const PHOTO_HINTS: Readonly<Record<PhotoCode, string>> = Object.freeze({
  1: "Stand at the driver's door and photograph the VIN plate at the base of the windshield.",
  2: "Open the driver's door and photograph the dashboard, steering wheel and front seats.",
  3: 'Switch the ignition on and photograph the instrument cluster so the odometer is readable.',
  4: 'Step back from the left side until the whole vehicle, bumper to bumper, fits in the frame.',
  5: 'Stand in front of the vehicle and fit the whole front, including the number plate, in the frame.',
  6: 'Crouch beside a front wheel and photograph the tire so the tread and sidewall are visible.',
  7: 'Step back from the right side until the whole vehicle, bumper to bumper, fits in the frame.',
  8: 'Stand behind the vehicle and fit the whole rear, including the number plate, in the frame.',
  9: 'Photograph the whole windshield from the front, at an angle that avoids reflections.',
  10: 'Stand at the front left corner and fit the front and the left side in one frame.',
  11: 'Stand at the front right corner and fit the front and the right side in one frame.',
  12: 'Stand at the rear right corner and fit the rear and the right side in one frame.',
  13: 'Stand at the rear left corner and fit the rear and the left side in one frame.',
});

interface ThemeRules {
  readonly photoCodes: readonly PhotoCode[];
  /** CAPT only collects photos: no damage inspection in its results. */
  readonly damageInspection: boolean;
}

// Null prototype so that `name in THEMES` cannot match inherited names such as "toString".
export const THEMES: Readonly<Record<'PRO' | 'LITE' | 'CAPT', ThemeRules>> = Object.freeze(
  Object.assign(Object.create(null) as object, {
    PRO: { photoCodes: PHOTO_CODES, damageInspection: true },
    LITE: { photoCodes: [1, 2, 4, 5, 7, 8], damageInspection: true },
    CAPT: { photoCodes: PHOTO_CODES, damageInspection: false },
  } satisfies Record<string, ThemeRules>),
);

export type Theme = keyof typeof THEMES;
export const THEME_NAMES = Object.keys(THEMES) as Theme[];

/** A theme as the API names it. */
export const ThemeSchema = z.enum(THEME_NAMES as [Theme, ...Theme[]]).meta({
  id: 'Theme',
  description: 'PRO: photos 1-13 and a damage inspection; LITE: photos 1, 2, 4, 5, 7, 8; CAPT: photos 1-13, no damage inspection.',
});

/** A photo code as the API names it. */
export const PhotoCodeSchema = z
  .int()
  .min(1)
  .max(PHOTO_CODES.length)
  .meta({
    id: 'PhotoCode',
    description: `Photo codes and labels: ${Object.entries(PHOTO_LABELS)
      .map(([code, label]) => `${code} ${label}`)
      .join(', ')}.`,
  });

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && Object.hasOwn(THEMES, value);
}

export function isPhotoCode(value: unknown): value is PhotoCode {
  return typeof value === 'number' && Object.hasOwn(PHOTO_LABELS, value);
}

/** Photo codes `theme` requires, ascending. */
export function requiredPhotoCodes(theme: Theme): number[] {
  return [...THEMES[theme].photoCodes];
}

export function photoLabel(code: number): string | undefined {
  return isPhotoCode(code) ? PHOTO_LABELS[code] : undefined;
}

export function photoHint(code: number): string | undefined {
  return isPhotoCode(code) ? PHOTO_HINTS[code] : undefined;
}

export function hasDamageInspection(theme: Theme): boolean {
  return THEMES[theme].damageInspection;
}

/** True when every photo `theme` requires is among `acceptedCodes` (extra codes are ignored). */
export function allRequiredAccepted(theme: Theme, acceptedCodes: Iterable<number>): boolean {
  const accepted = new Set(acceptedCodes);
  return THEMES[theme].photoCodes.every((code) => accepted.has(code));
}

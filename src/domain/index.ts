// The domain's public surface: pure rules (statuses, themes, payloads, results, grading, input checks), no I/O.
export * from './statuses.js';
export * from './themes.js';
export * from './identifiers.js';
export * from './time.js';
export * from './events.js';
export * from './results.js';
export * from './grading.js';
export * from './photos.js';
export * from './vehicle.js';
export * from './session-input.js';
export * from './validation.js';
export * from './rejection-codes.js';
export * from './languages.js';

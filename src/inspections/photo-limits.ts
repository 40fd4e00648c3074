// Upload limits for photos (docs/capture.md), shared by the multipart parser and the capture use case.
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

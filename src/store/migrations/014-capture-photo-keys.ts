// Captures stored before the original and its thumbnails were kept under their own keys have none of the keys: they
// served no file, and now say so with null keys.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

export const capturePhotoKeys: Migration = {
  id: '014-capture-photo-keys',
  async up(db: Db) {
    const captures = db.collection('captures');
    for (const field of ['file_key', 'medium_key', 'thumb_key']) await captures.updateMany({ [field]: { $exists: false } }, { $set: { [field]: null } });
  },
};

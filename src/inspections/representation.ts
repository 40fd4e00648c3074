// The session as the API shows it (CONTRACT §4), in the spec's snake_case.
import type { InspectionSessionDocument } from '../store/inspection-sessions.js';
import type { CaptureDocument } from '../store/captures.js';
import type { NoteDocument } from '../store/notes.js';
import type { DamageDocument } from '../store/damages.js';
import type { SessionOptions } from '../domain/session-input.js';
import { vehicleApiObject } from '../domain/vehicle.js';
import { approvedMessage } from '../domain/photos.js';
import type { PublicUrls } from './public-urls.js';

export function sessionView(session: InspectionSessionDocument, urls: PublicUrls) {
  return {
    session_key: session._id,
    theme: session.theme,
    active: session.status !== 'COMPLETE' && session.status !== 'EXPIRED',
    status: session.status,
    redirect_url: session.redirect_url,
    language: session.language,
    capture_url: urls.captureUrl(session._id, session.capture_token),
    inspect_started_at: session.inspect_started_at?.toISOString() ?? null,
    inspect_ended_at: session.inspect_ended_at?.toISOString() ?? null,
    created_at: session.created_at.toISOString(),
    updated_at: session.updated_at.toISOString(),
    options: optionsView(session.options),
    vehicle: vehicleApiObject(session.vehicle),
  };
}

export function optionsView(options: SessionOptions) {
  return {
    client_id: options.clientId ?? null,
    sms: options.sms ? { to: options.sms.to, to_name: options.sms.toName, from: options.sms.from, by: options.sms.by } : null,
    contact: options.contact ?? null,
    reference: options.reference ?? null,
  };
}

export function photoView(capture: CaptureDocument, urls: PublicUrls) {
  return {
    photo_code: capture.photo_code,
    photo_label: capture.photo_label,
    url: capture.url_token ? urls.photoUrl(capture.url_token) : null,
    approved: capture.approved,
    approved_message: approvedMessage(capture.approved, capture.reason),
    rejection_code: capture.approved ? null : (capture.rejection_code ?? null),
    decoded_vin: capture.decoded_vin ?? null,
    created_at: capture.created_at.toISOString(),
    updated_at: capture.updated_at.toISOString(),
  };
}

export function noteView(note: NoteDocument) {
  return { title: note.title, description: note.description, user: note.user, created_at: note.created_at.toISOString() };
}

/** A damage record as CONTRACT §13 shows it; `damage` repeats `damage_type` for integrators of the first release. */
export function damageView(damage: DamageDocument) {
  const damageType = damage.damage_type ?? damage.damage;
  return {
    damage_id: damage.damage_id ?? null,
    item: damage.item,
    damage_type: damageType,
    damage: damageType,
    grade: damage.grade,
    photo_code: damage.photo_code,
    region: damage.region ?? null,
    source: damage.source,
    status: damage.status ?? 'accepted',
    score: damage.score ?? null,
    note: damage.note ?? '',
    created_by: damage.created_by ?? null,
    created_at: damage.created_at.toISOString(),
  };
}

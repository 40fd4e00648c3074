// What a condition report shows, derived from the results object and the session's notes. Pure: both the HTML
// and the PDF renderer draw this model, so they can never disagree.
import type { SessionResults } from '../domain/results.js';
import { gradeName, isGrade } from '../domain/grading.js';

export interface ReportNote {
  title: string;
  description: string;
  user: string;
  createdAt: string;
}

export interface ConditionReport {
  sessionKey: string;
  theme: string;
  title: string;
  vehicleRows: [string, string][];
  /** Null without a damage inspection (CAPT); value null when nobody assessed the vehicle (name "Not assessed"). */
  overallGrade: { value: number | null; name: string } | null;
  totalDamages: number | null;
  damages: { item: string; damage: string; grade: number; photo: string; source: string }[];
  maxGradePerItem: [string, number][];
  photos: { code: number; label: string; url: string; approved: boolean; message: string }[];
  location: { latitude: number; longitude: number; accuracy: number | null; capturedAt: string } | null;
  notes: ReportNote[];
  timeline: [string, string][];
}

const VEHICLE_LABELS: Record<string, string> = {
  vin: 'VIN',
  year: 'Year',
  make: 'Make',
  model: 'Model',
  body_type: 'Body type',
  trim: 'Trim',
  transmission: 'Transmission',
  ext_col: 'Exterior colour',
  int_col: 'Interior colour',
  odom_reading: 'Odometer',
  odom_unit: 'Odometer unit',
};

export function buildConditionReport(results: SessionResults, notes: ReportNote[]): ConditionReport {
  const vehicle = results.vehicle as unknown as Record<string, unknown>;
  const vehicleRows = Object.entries(VEHICLE_LABELS)
    .filter(([key]) => key !== 'odom_unit' && vehicle[key] !== null && vehicle[key] !== undefined)
    .map(([key, label]): [string, string] => [label, key === 'odom_reading' ? `${String(vehicle[key])} ${String(vehicle.odom_unit ?? '')}`.trim() : String(vehicle[key])]);
  const describedVehicle = [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null && part !== undefined).join(' ');
  const inspection = results.inspection;
  const labels = new Map(results.photos.map((photo) => [photo.photo_code, photo.photo_label]));
  return {
    sessionKey: results.session.session_key,
    theme: results.session.theme,
    title: describedVehicle ? `Condition report — ${describedVehicle}` : `Condition report — session ${results.session.session_key}`,
    vehicleRows,
    overallGrade: !inspection
      ? null
      : isGrade(inspection.grade) && inspection.assessment !== 'NOT_ASSESSED'
        ? { value: inspection.grade, name: gradeName(inspection.grade) }
        : { value: null, name: 'Not assessed' },
    totalDamages: inspection ? inspection.total_damages : null,
    damages: (inspection?.damages ?? []).map((damage) => ({
      item: humanise(damage.item),
      damage: damage.damage,
      grade: damage.grade,
      photo: damage.photo_code === null ? '' : `${damage.photo_code} ${labels.get(damage.photo_code) ?? ''}`.trim(),
      source: damage.source,
    })),
    maxGradePerItem: Object.entries(inspection?.max_grade_per_item ?? {}).map(([item, grade]): [string, number] => [humanise(item), grade]),
    photos: results.photos.map((photo) => ({ code: photo.photo_code, label: humanise(photo.photo_label), url: photo.url, approved: photo.approved, message: photo.approved_message })),
    location: results.location
      ? { latitude: results.location.latitude, longitude: results.location.longitude, accuracy: results.location.accuracy, capturedAt: results.location.captured_at }
      : null,
    notes,
    timeline: [
      ['Created', results.session.created_at],
      ['Capture started', results.session.inspect_started_at ?? '—'],
      ['Inspection ended', results.session.inspect_ended_at ?? '—'],
      ['Capture duration', formatDuration(results.session.capture_duration)],
      ['Inspection duration', formatDuration(results.session.inspect_duration)],
    ],
  };
}

function humanise(name: string): string {
  const spaced = name.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

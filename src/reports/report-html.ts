// The printable HTML condition report. Every value is escaped; the page needs no script and loads only its photos.
import type { ConditionReport } from './report-model.js';

const STYLE = `
  body { font: 14px/1.45 system-ui, sans-serif; color: #1b1f24; margin: 24px auto; max-width: 960px; padding: 0 16px; }
  h1 { font-size: 22px; margin-bottom: 4px; } h2 { font-size: 17px; margin-top: 28px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
  table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #eaeef2; vertical-align: top; }
  table.fixed { table-layout: fixed; } .fixed td { overflow-wrap: anywhere; } .when { white-space: nowrap; }
  .notes th:nth-child(1) { width: 24%; } .notes th:nth-child(3) { width: 12%; } .notes th:nth-child(4) { width: 13em; }
  .damages th:nth-child(1) { width: 22%; } .damages th:nth-child(3) { width: 4em; } .damages th:nth-child(4) { width: 16%; } .damages th:nth-child(5) { width: 6em; }
  th { background: #f6f8fa; } .muted { color: #57606a; } .grade { font-size: 28px; font-weight: 700; }
  .photos { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 12px; }
  figure { margin: 0; border: 1px solid #d0d7de; border-radius: 6px; overflow: hidden; } figure img { width: 100%; height: 150px; object-fit: cover; display: block; }
  figcaption { padding: 6px 8px; font-size: 13px; } .rejected { color: #cf222e; }
  .brand { padding: 10px 14px; border-radius: 6px; font-weight: 700; font-size: 16px; }
  .marked { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 12px; margin-top: 12px; }
  .frame { position: relative; } .frame img { width: 100%; height: auto; display: block; }
  .box { position: absolute; border: 3px solid #cf222e; box-shadow: 0 0 0 1px rgba(0, 0, 0, .5); }
  @media print { body { margin: 0; } .photos { grid-template-columns: repeat(3, 1fr); } figure { break-inside: avoid; } }
`;

export function renderReportHtml(report: ConditionReport): string {
  const omitted = (count: number, what: string) => (count > 0 ? `<p class="muted">… and ${count} more ${what} not shown here.</p>` : '');
  const rows = (pairs: [string, string | number][]) =>
    pairs.map(([key, value]) => `<tr><th scope="row">${escape(key)}</th><td>${escape(String(value))}</td></tr>`).join('');
  const grade = report.overallGrade
    ? `<p><span class="grade">${report.overallGrade.value === null ? 'Not assessed' : `${report.overallGrade.value} / 5`}</span> <span class="muted">${escape(report.overallGrade.name)} · ${report.totalDamages} damage${report.totalDamages === 1 ? '' : 's'}</span></p>`
    : `<p class="muted">This inspection (theme ${escape(report.theme)}) captures photos only; no damage inspection was made.</p>`;
  const damages = report.overallGrade
    ? `<h2>Damages</h2>${
        report.damages.length === 0
          ? '<p class="muted">No damage recorded.</p>'
          : `<table class="fixed damages"><thead><tr><th>Item</th><th>Damage</th><th>Grade</th><th>Photo</th><th>Source</th></tr></thead><tbody>${report.damages
              .map(
                (damage) =>
                  `<tr><td>${escape(damage.item)}</td><td>${escape(damage.damage)}</td><td>${damage.grade}</td><td>${escape(damage.photo)}</td><td>${escape(damage.source)}</td></tr>`,
              )
              .join('')}</tbody></table>`
      }
      ${omitted(report.omittedDamages, 'damages are')}
      ${markedDamages(report)}
      ${report.maxGradePerItem.length ? `<h2>Highest grade per item</h2><table><tbody>${rows(report.maxGradePerItem)}</tbody></table>` : ''}`
    : '';
  const photos = report.photos
    .map(
      (photo) => `<figure><img src="${escape(sized(photo.url))}" alt="${escape(`Photo ${photo.number}: ${photo.view}`)}" loading="lazy">
        <figcaption>${photo.number}. ${escape(photo.view)} <span class="${photo.approved ? 'muted' : 'rejected'}">${escape(photo.message)}</span></figcaption></figure>`,
    )
    .join('');
  const location = report.location
    ? `<table><tbody>${rows([
        ['Latitude', report.location.latitude],
        ['Longitude', report.location.longitude],
        ['Accuracy', report.location.accuracy === null ? '—' : `${report.location.accuracy} m`],
        ['Recorded', report.location.capturedAt],
      ])}</tbody></table>`
    : '<p class="muted">No location was recorded.</p>';
  const notes = report.notes.length
    ? `${omitted(report.omittedNotes, 'notes, older than these, are')}<table class="fixed notes"><thead><tr><th>Title</th><th>Description</th><th>By</th><th>When</th></tr></thead><tbody>${report.notes
        .map(
          (note) =>
            `<tr><td>${escape(note.title)}</td><td>${escape(note.description)}</td><td>${escape(note.user)}</td><td class="when">${escape(note.createdAt)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">No notes.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(report.title)}</title><style>${STYLE}${reportStyle(report)}</style></head>
<body>
<header class="brand">${escape(report.brand.name)}</header>
<h1>${escape(report.title)}</h1>
<p class="muted">Session ${escape(report.sessionKey)} · theme ${escape(report.theme)}</p>
<h2>Overall condition</h2>${grade}${
    report.overallGrade
      ? `<p class="muted">${report.review ? `Reviewed by ${escape(report.review.by)} on ${escape(report.review.at)}.` : 'No person reviewed this inspection.'}</p>`
      : ''
  }${
    report.unanalysedPhotos.length
      ? `<p class="rejected">The damage detector could not analyse these photos: ${escape(report.unanalysedPhotos.join(', '))}.</p>`
      : ''
  }
<h2>Vehicle</h2>${report.vehicleRows.length ? `<table><tbody>${rows(report.vehicleRows)}</tbody></table>` : '<p class="muted">No vehicle details were given.</p>'}
${damages}
<h2>Photos</h2><div class="photos">${photos}</div>${omitted(report.omittedPhotos, 'photos are')}
<h2>Location</h2>${location}
<h2>Notes</h2>${notes}
<h2>Timeline</h2><table><tbody>${rows(report.timeline)}</tbody></table>
<p class="muted">Generated ${escape(report.generatedAt)}</p>
</body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The medium copy of a photo (at most 1280 px): a report never makes a browser download originals to show them. */
function sized(url: string): string {
  return url ? `${url}?size=medium` : url;
}

/**
 * The colours and boxes of this report, as rules of its style sheet rather than style attributes: the capture page
 * shows the report inside its own page, whose Content-Security-Policy refuses style attributes.
 */
function reportStyle(report: ConditionReport): string {
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
  const boxes = markedOnPhotos(report)
    .map((damage, index) =>
      damage.region
        ? `.box-${index} { left: ${percent(damage.region.x)}; top: ${percent(damage.region.y)}; width: ${percent(damage.region.width)}; height: ${percent(damage.region.height)}; }`
        : '',
    )
    .join('\n');
  // The colours are checked #rrggbb values (report-model.ts), safe inside a style sheet.
  return `\n  .brand { background: ${report.brand.color}; color: ${report.brand.textColor}; }\n${boxes}`;
}

function markedOnPhotos(report: ConditionReport) {
  const codes = new Set(report.photos.filter((photo) => photo.url).map((photo) => photo.code));
  return report.damages.filter((damage) => damage.photoCode !== null && codes.has(damage.photoCode));
}

/** Each damage marked on a photo, shown on that photo with its box. */
function markedDamages(report: ConditionReport): string {
  const urls = new Map(report.photos.map((photo) => [photo.code, photo.url]));
  const figures = markedOnPhotos(report).map((damage, index) => {
    const box = damage.region ? `<span class="box box-${index}"></span>` : '';
    return `<figure><div class="frame"><img src="${escape(sized(urls.get(damage.photoCode as number) ?? ''))}" alt="${escape(`${damage.photo}, where the ${damage.damage} on the ${damage.item} is`)}" loading="lazy">${box}</div>
        <figcaption><strong>${escape(damage.item)} · ${escape(damage.damage)} · grade ${damage.grade}</strong> <span class="muted">${escape(damage.photo)}</span></figcaption></figure>`;
  });
  return figures.length ? `<h2>Damages on their photos</h2><div class="marked">${figures.join('')}</div>` : '';
}

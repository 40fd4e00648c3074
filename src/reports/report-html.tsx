// The condition report as a web page, and the pages a report link answers when it opens nothing: Preact components
// rendered to a string on the server. The page needs no script and loads only its photos; it reads on a phone
// (tables become labelled cards below 40rem) and is written in the session's language (docs/staff.md "Languages").
import type { ComponentChildren } from 'preact';
import { renderToStaticMarkup } from 'preact-render-to-string';
import type { ConditionReport, ReportDamage, ReportNote } from './report-model.js';
import { type ReportWords, reportWords, say, sayCount } from './report-words.js';
import { THUMBNAIL_SIZES } from '../domain/photo-variants.js';

const STYLE = `
  * { box-sizing: border-box; }
  body { font: 14px/1.45 system-ui, sans-serif; color: #1b1f24; margin: 24px auto; max-width: 960px; padding: 0 16px; }
  h1 { font-size: 22px; margin-bottom: 4px; overflow-wrap: break-word; }
  h2 { font-size: 17px; margin-top: 28px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
  table { border-collapse: collapse; width: 100%; table-layout: fixed; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #eaeef2; vertical-align: top; overflow-wrap: break-word; }
  td.long { overflow-wrap: anywhere; } .stack .label { display: none; }
  th { background: #f6f8fa; } .pairs th { width: 40%; max-width: 14em; }
  .damages col.item { width: 28%; } .damages col.grade { width: 5.5em; } .damages col.source { width: 18%; }
  .notes col.title { width: 22%; } .notes col.by { width: 15%; } .notes col.when { width: 12em; }
  .muted { color: #57606a; } .grade { font-size: 28px; font-weight: 700; } .rejected { color: #cf222e; }
  .brand { display: flex; align-items: center; gap: 12px; padding: 10px 14px; border-radius: 6px; font-weight: 700; font-size: 16px; overflow-wrap: anywhere; }
  .brand .logo { flex: none; max-height: 40px; max-width: 120px; padding: 4px; border-radius: 4px; background: #fff; }
  .photos { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 150px), 1fr)); gap: 12px; }
  .marked { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr)); gap: 12px; margin-top: 12px; }
  figure { margin: 0; border: 1px solid #d0d7de; border-radius: 6px; overflow: hidden; }
  .photos img { width: 100%; height: 150px; object-fit: cover; display: block; }
  figcaption { padding: 6px 8px; font-size: 13px; overflow-wrap: break-word; } figcaption > * { display: block; }
  .frame { position: relative; } .frame img { width: 100%; height: auto; display: block; }
  .box { position: absolute; border: 3px solid #cf222e; box-shadow: 0 0 0 1px rgba(0, 0, 0, .5); }
  footer { margin-top: 28px; }
  @media (max-width: 40rem) {
    body { margin: 12px auto; padding: 0 12px; }
    table.stack, .stack tbody, .stack tr, .stack td { display: block; width: auto; }
    .stack thead, .stack colgroup { display: none; }
    .stack tr { border: 1px solid #d0d7de; border-radius: 6px; margin-bottom: 8px; padding: 4px 0; }
    .stack td { display: grid; grid-template-columns: minmax(6em, 35%) 1fr; gap: 8px; border: 0; padding: 4px 10px; }
    .stack .label { display: block; font-weight: 600; color: #57606a; overflow-wrap: break-word; }
    .pairs tr, .pairs th, .pairs td { display: block; width: auto; max-width: none; }
    .pairs th { background: none; border: 0; padding-bottom: 0; color: #57606a; }
  }
  @media print { body { margin: 0; } .photos { grid-template-columns: repeat(3, 1fr); } figure, tr { break-inside: avoid; } }
`;

/** The whole report page. */
export function renderReportHtml(report: ConditionReport): string {
  return page(<ReportPage report={report} />);
}

/** What a report link answers when it opens nothing (404 unknown, 410 expired), in the reader's language. */
export function renderLinkRefusalHtml(reason: 'unknown' | 'expired', language: string | null): string {
  const words = reportWords(language);
  const key = reason === 'expired' ? 'report.linkExpired' : 'report.linkInvalid';
  const title = say(words, `${key}.title`);
  return page(
    <Document words={words} title={title} css="body { max-width: 32rem; margin-top: 4rem; }">
      <main>
        <h1>{title}</h1>
        <p>{say(words, `${key}.text`)}</p>
      </main>
    </Document>,
  );
}

function page(document: preact.JSX.Element): string {
  return `<!doctype html>\n${renderToStaticMarkup(document)}`;
}

function Document({ words, title, css, children }: { words: ReportWords; title: string; css: string; children: ComponentChildren }) {
  return (
    <html lang={words.language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {/* No icon to fetch: without this line every browser asks for /favicon.ico and logs its 404. */}
        <link rel="icon" href="data:," />
        {/* Checked values only (report-model.ts: #rrggbb colours, numeric boxes): safe inside a style sheet. */}
        <style dangerouslySetInnerHTML={{ __html: `${STYLE}${css}` }} />
      </head>
      <body>{children}</body>
    </html>
  );
}

function ReportPage({ report }: { report: ConditionReport }) {
  const { words } = report;
  return (
    <Document words={words} title={report.title} css={reportStyle(report)}>
      <header class="brand">
        {/* The name beside it says whose logo it is: the image itself is decoration. */}
        {report.brand.logoUrl ? <img class="logo" src={report.brand.logoUrl} alt="" /> : null}
        <span>{report.brand.name}</span>
      </header>
      <main>
        <h1>{report.title}</h1>
        <p class="muted">{say(words, 'report.sessionLine', { session: report.sessionKey, theme: report.theme })}</p>
        <Section id="overall" title={say(words, 'report.overall')}>
          <Overall report={report} />
        </Section>
        <Section id="vehicle" title={say(words, 'report.vehicle')}>
          {report.vehicleRows.length ? <Pairs rows={report.vehicleRows} /> : <Muted>{say(words, 'report.noVehicle')}</Muted>}
        </Section>
        {report.overallGrade && <DamageSections report={report} />}
        <Section id="photos" title={say(words, 'report.photos')}>
          {report.photos.length ? <Photos report={report} /> : <Muted>{say(words, 'report.noPhotos')}</Muted>}
          <Omitted words={words} count={report.omittedPhotos} message="report.morePhotos" />
        </Section>
        <Section id="location" title={say(words, 'report.location')}>
          <Location report={report} />
        </Section>
        <Section id="notes" title={say(words, 'report.notes')}>
          <Omitted words={words} count={report.omittedNotes} message="report.moreNotes" />
          {report.notes.length ? <Notes words={words} notes={report.notes} /> : <Muted>{say(words, 'report.noNotes')}</Muted>}
        </Section>
        <Section id="timeline" title={say(words, 'report.timeline')}>
          <Pairs rows={report.timeline} />
        </Section>
      </main>
      <footer>
        <Muted>{say(words, 'report.generated', { time: report.generatedAt })}</Muted>
      </footer>
    </Document>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

function Muted({ children }: { children: ComponentChildren }) {
  return <p class="muted">{children}</p>;
}

function Omitted({ words, count, message }: { words: ReportWords; count: number; message: string }) {
  return count > 0 ? <Muted>{say(words, message, { count })}</Muted> : null;
}

function Overall({ report }: { report: ConditionReport }) {
  const { words, overallGrade } = report;
  if (!overallGrade) return <Muted>{say(words, 'report.photosOnly')}</Muted>;
  return (
    <>
      <p>
        <span class="grade">{overallGrade.value === null ? overallGrade.name : say(words, 'report.gradeOutOf', { grade: overallGrade.value })}</span>{' '}
        <span class="muted">
          {overallGrade.value === null ? '' : `${overallGrade.name} · `}
          {sayCount(words, 'report.damageCount', report.totalDamages ?? 0)}
        </span>
      </p>
      <Muted>{report.review ? say(words, 'report.reviewedBy', { name: report.review.by, time: report.review.at }) : say(words, 'report.notReviewed')}</Muted>
      {report.revision !== null && <Muted>{say(words, 'report.revision', { revision: report.revision })}</Muted>}
      {report.unanalysedPhotos.length > 0 && <p class="rejected">{say(words, 'report.unanalysed', { views: report.unanalysedPhotos.join(', ') })}</p>}
    </>
  );
}

/** Label and value rows (vehicle, location, timeline): the label column stays readable at any width. */
function Pairs({ rows }: { rows: readonly (readonly [string, string | number])[] }) {
  return (
    <table class="pairs">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td class="long">{String(value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DamageSections({ report }: { report: ConditionReport }) {
  const { words } = report;
  const columns = ['item', 'damage', 'grade', 'photo', 'source'] as const;
  const labels = columns.map((column) => say(words, `report.column.${column}`));
  const cells = (damage: ReportDamage) => [damage.item, damage.damage, String(damage.grade), damage.photo, damage.source];
  return (
    <>
      <Section id="damages" title={say(words, 'report.damages')}>
        {report.damages.length === 0 ? (
          <Muted>{say(words, 'report.noDamage')}</Muted>
        ) : (
          <StackedTable className="damages" columns={columns} labels={labels} rows={report.damages.map(cells)} />
        )}
        <Omitted words={words} count={report.omittedDamages} message="report.moreDamages" />
      </Section>
      <MarkedDamages report={report} />
      {report.maxGradePerItem.length > 0 && (
        <Section id="highest" title={say(words, 'report.maxGradePerItem')}>
          <Pairs rows={report.maxGradePerItem} />
        </Section>
      )}
    </>
  );
}

/** A table on a wide screen; on a phone each row is a card whose cells carry their column's label. */
function StackedTable({
  className,
  columns,
  labels,
  rows,
}: {
  className: string;
  columns: readonly string[];
  labels: readonly string[];
  rows: readonly (readonly string[])[];
}) {
  return (
    <table class={`stack ${className}`}>
      <colgroup>
        {columns.map((column) => (
          <col key={column} class={column} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {labels.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, row) => (
          <tr key={row}>
            {cells.map((cell, column) => (
              <td key={columns[column]} class={columns[column] === 'description' ? 'long' : undefined}>
                {/* The column's name, shown beside the value once the row is a card (its header is hidden then). */}
                <span class="label" aria-hidden="true">
                  {labels[column]}
                </span>
                <span>{cell}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Notes({ words, notes }: { words: ReportWords; notes: readonly ReportNote[] }) {
  const columns = ['title', 'description', 'by', 'when'] as const;
  const labels = columns.map((column) => say(words, `report.column.${column}`));
  return (
    <StackedTable className="notes" columns={columns} labels={labels} rows={notes.map((note) => [note.title, note.description, note.user, note.createdAt])} />
  );
}

function Photos({ report }: { report: ConditionReport }) {
  return (
    <div class="photos">
      {report.photos.map((photo) => (
        <figure key={photo.code}>
          <img {...sized(photo.url, GRID_PHOTO_WIDTH)} alt={say(report.words, 'report.photoAlt', { number: photo.number, view: photo.view })} loading="lazy" />
          <figcaption>
            <span>
              {photo.number}. {photo.view}
            </span>
            <span class={photo.approved ? 'muted' : 'rejected'}>{photo.message}</span>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

function Location({ report }: { report: ConditionReport }) {
  const { words, location } = report;
  if (!location) return <Muted>{say(words, 'report.noLocation')}</Muted>;
  const accuracy = location.accuracy === null ? '—' : say(words, 'report.accuracyMeters', { meters: location.accuracy });
  return (
    <Pairs
      rows={[
        [say(words, 'report.latitude'), location.latitude],
        [say(words, 'report.longitude'), location.longitude],
        [say(words, 'report.accuracy'), accuracy],
        [say(words, 'report.recorded'), location.capturedAt],
      ]}
    />
  );
}

/** Each damage marked on a photo, shown on that photo with its box. */
function MarkedDamages({ report }: { report: ConditionReport }) {
  const urls = new Map(report.photos.map((photo) => [photo.code, photo.url]));
  const marked = markedOnPhotos(report);
  if (marked.length === 0) return null;
  const { words } = report;
  return (
    <Section id="marked" title={say(words, 'report.damagesOnPhotos')}>
      <div class="marked">
        {marked.map((damage, index) => (
          <figure key={index}>
            <div class="frame">
              <img
                {...sized(urls.get(damage.photoCode as number) ?? '', MARKED_PHOTO_WIDTH)}
                alt={say(words, 'report.markedAlt', { view: damage.photo, damage: damage.damage, item: damage.item })}
                loading="lazy"
              />
              {damage.region && <span class={`box box-${index}`} />}
            </div>
            <figcaption>
              <strong>
                {damage.item} · {damage.damage} · {say(words, 'report.damageGrade', { grade: damage.grade })}
              </strong>
              <span class="muted">{damage.photo}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}

/** How wide the photos show (STYLE): a grid cell is half a phone's width, about 200 px on a wider screen. */
const GRID_PHOTO_WIDTH = '(max-width: 40rem) 50vw, 240px';
/** A marked photo is a whole phone's width, at most about 460 px on a wider screen. */
const MARKED_PHOTO_WIDTH = '(max-width: 40rem) 100vw, 480px';

/**
 * A photo's thumbnail (400 px) or medium copy (1280 px), whichever the browser needs at the width it shows the photo
 * (`sizes`), the medium copy where srcset is not understood: a report never makes a browser download originals, and a
 * phone not the medium copies of a grid of small pictures.
 */
function sized(url: string, sizes: string): { src: string; srcset?: string; sizes?: string } {
  if (!url) return { src: url };
  const [thumb, medium] = (['thumb', 'medium'] as const).map((size) => `${url}?size=${size}`);
  return { src: medium as string, srcset: `${thumb} ${THUMBNAIL_SIZES.thumb.longEdge}w, ${medium} ${THUMBNAIL_SIZES.medium.longEdge}w`, sizes };
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

// The names people read for the views ("Driver side", "Front corner, passenger side"), from the English message
// catalog of the capture page, so that the dashboard and the capture page call a view the same. Until the catalog
// has loaded, or if it cannot be, a view goes by the API's label.
/** @type {Record<string, unknown> | null} */
let catalog = null;

export async function loadViewNames() {
  try {
    const response = await fetch('/capture/i18n/en.json');
    if (response.ok) catalog = await response.json();
  } catch {
    // keep the API's labels
  }
}

/**
 * The name of a photo's view.
 * @param {{ photoCode: number, photoLabel?: string | null }} photo
 * @returns {string}
 */
export function viewName(photo) {
  const name = catalog?.[`view.${photo.photoCode}.name`];
  return typeof name === 'string' ? name : String(photo.photoLabel ?? photo.photoCode).replace(/_/g, ' ');
}

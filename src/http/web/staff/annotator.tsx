// A photo on which a box marks a damage: drawn with the pointer, or from the keyboard (Enter places a box, arrows
// move it, Shift+arrows resize it, Enter again goes on to describe it, Escape removes it). Zoom in and out; the
// boxes of damages already marked on the photo are drawn over it.
import { useRef, useState } from 'preact/hooks';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const ZOOM_STEPS = [1, 1.5, 2, 3];
/** A box smaller than this share of the photo's side is a click, not a box. */
const MIN_BOX = 0.01;
const STEP = 0.02;

const clamp = (value: number) => Math.min(Math.max(value, 0), 1);
/** Positioned through the style object (the page's CSP refuses style attributes, not CSSOM). */
const placed = (box: Box) => ({ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` });

interface Marked {
  damageId?: string | null;
  status: string;
  region?: Box | null;
  damageType: string;
  item: string;
  grade: number;
}

export function Annotator(props: {
  photo: { url: string; name: string };
  damages: Marked[];
  describe: (damage: Marked) => string;
  box: Box | null;
  onBox: (box: Box | null) => void;
  onDescribe: () => void;
  /** Where the vehicle check found the vehicle (docs/capture.md#vehicle-check), drawn as a dashed frame; none when absent. */
  vehicle?: (Box & { label: string }) | null;
}) {
  const { photo, box, onBox } = props;
  const [zoom, setZoom] = useState(1);
  const image = useRef<HTMLImageElement>(null);

  const pointerDown = (event: PointerEvent) => {
    if (!image.current || event.button !== 0) return;
    event.preventDefault();
    const canvas = event.currentTarget as HTMLElement;
    const bounds = image.current.getBoundingClientRect();
    const at = (pointer: PointerEvent) => ({
      x: clamp((pointer.clientX - bounds.left) / bounds.width),
      y: clamp((pointer.clientY - bounds.top) / bounds.height),
    });
    const start = at(event);
    let drawn: Box | null = null;
    canvas.setPointerCapture(event.pointerId);
    const move = (pointer: PointerEvent) => {
      const end = at(pointer);
      drawn = { x: Math.min(start.x, end.x), y: Math.min(start.y, end.y), width: Math.abs(end.x - start.x), height: Math.abs(end.y - start.y) };
      onBox(drawn);
    };
    const stop = () => {
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', stop);
      const kept = drawn && drawn.width >= MIN_BOX && drawn.height >= MIN_BOX ? drawn : null;
      onBox(kept);
      if (kept) props.onDescribe();
    };
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', stop);
  };

  const keyDown = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!box) onBox({ x: 0.35, y: 0.35, width: 0.3, height: 0.3 });
      else props.onDescribe();
    } else if (event.key === 'Escape' && box) {
      onBox(null);
    } else if (event.key in moves && box) {
      event.preventDefault();
      const [dx, dy] = moves[event.key] as [number, number];
      onBox(
        event.shiftKey
          ? { ...box, width: Math.min(Math.max(box.width + dx, MIN_BOX), 1 - box.x), height: Math.min(Math.max(box.height + dy, MIN_BOX), 1 - box.y) }
          : { ...box, x: Math.min(Math.max(box.x + dx, 0), 1 - box.width), y: Math.min(Math.max(box.y + dy, 0), 1 - box.height) },
      );
    }
  };

  const zoomBy = (step: number) => setZoom((current) => ZOOM_STEPS[Math.min(Math.max(ZOOM_STEPS.indexOf(current) + step, 0), ZOOM_STEPS.length - 1)] ?? 1);

  return (
    <>
      <div
        class="annotator"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the photo takes keys (Enter, arrows) to place and move a box
        tabIndex={0}
        role="application"
        aria-label={`${photo.name}. Drag to draw a box around a damage, or press Enter to place one, arrows to move it, Shift and arrows to resize it.`}
        onKeyDown={keyDown}
      >
        <div class="annotator-canvas" style={{ width: `${zoom * 100}%` }} onPointerDown={pointerDown}>
          <img ref={image} src={`${photo.url}?size=medium`} alt={`${photo.name}, where the damages are marked`} draggable={false} />
          {props.damages.map((damage) => (
            <div
              key={damage.damageId}
              class={`damage-box ${damage.status.toLowerCase()}`}
              title={props.describe(damage)}
              style={placed(damage.region as Box)}
            />
          ))}
          {props.vehicle ? <div class="vehicle-box" title={props.vehicle.label} style={placed(props.vehicle)} /> : null}
          {box ? <div class="damage-box draft" style={placed(box)} /> : null}
        </div>
      </div>
      <div class="toolbar">
        <button class="button small" type="button" aria-label="Zoom out" onClick={() => zoomBy(-1)}>
          −
        </button>
        <button class="button small" type="button" aria-label="Zoom in" onClick={() => zoomBy(1)}>
          +
        </button>
        <a href={photo.url} target="_blank" rel="noopener">
          Open full size
        </a>
      </div>
    </>
  );
}

// Where the studio's camera looks: pure geometry shared by the diagram view and its tests. A view is
// a scale and the screen position of the diagram's origin; the canvas is the box it is drawn in.
import { FONT, type Layout, type Rect } from './layout';

export interface View {
  scale: number;
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The smallest scale at which a state's label is still 11 px on screen. */
export const READABLE_SCALE = 11 / FONT.state;
export const MIN_SCALE = 0.05;
export const MAX_SCALE = 4;
const PAD = 24;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The box around some states of the layout (null: none of them is laid out). */
export function boundsOf(layout: Layout, ids: Iterable<string>): Rect | null {
  const wanted = new Set(ids);
  const rects = layout.states.filter((s) => wanted.has(s.id));
  if (!rects.length) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * A view showing `rect` as large as fits, between `min` and `max` scale. When the rect is larger than
 * the canvas at `min`, its top centre stays in view: where a state's name is written.
 */
export function viewOf(rect: Rect, canvas: Size, min = MIN_SCALE, max = MAX_SCALE): View {
  const fit = Math.min((canvas.width - 2 * PAD) / rect.width, (canvas.height - 2 * PAD) / rect.height);
  const scale = clamp(fit, Math.max(MIN_SCALE, min), Math.min(MAX_SCALE, max));
  const x = canvas.width / 2 - (rect.x + rect.width / 2) * scale;
  const y = rect.height * scale <= canvas.height - 2 * PAD ? canvas.height / 2 - (rect.y + rect.height / 2) * scale : PAD - rect.y * scale;
  return { scale, x, y };
}

/** The whole diagram, however small that makes it. */
export function fitView(layout: Layout, canvas: Size): View {
  return viewOf({ x: 0, y: 0, width: layout.width, height: layout.height }, canvas, MIN_SCALE, 1);
}

/**
 * The view a machine opens with: the whole diagram when it is readable so, else the initial state
 * (the machine's first top-level state) at a readable scale.
 */
export function openingView(layout: Layout, canvas: Size, initial: string | null): View {
  const whole = fitView(layout, canvas);
  if (whole.scale >= READABLE_SCALE) return whole;
  const rect = initial ? boundsOf(layout, [initial]) : null;
  return rect ? viewOf(rect, canvas, READABLE_SCALE, 1.25) : { ...whole, scale: READABLE_SCALE };
}

/** Zoom by `factor` around a point of the canvas (its centre by default), keeping that point still. */
export function zoomAround(view: View, factor: number, at: { x: number; y: number }): View {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const k = scale / view.scale;
  return { scale, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
}

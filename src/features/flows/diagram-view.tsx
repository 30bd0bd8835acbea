// The diagram filling the studio's stage: pan (drag, which never selects text), zoom (buttons, wheel,
// + and -), fit, zoom to the selected state and to the active one, and a minimap that shows where the
// view is and moves it. A machine opens on its initial state at a readable scale (viewport.ts).
// States are selected by click or with the arrow keys (Home/End for first/last); the selection is
// announced.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { renderSvg } from './svg';
import type { Layout } from './layout';
import { boundsOf, fitView, openingView, READABLE_SCALE, viewOf, zoomAround, type Size, type View } from './viewport';

interface Props {
  layout: Layout;
  title: string;
  lang: 'ar' | 'en';
  active: ReadonlySet<string>;
  selected: string | null;
  onSelect: (id: string) => void;
  /** The state the machine opens on (its initial top-level state). */
  initial: string | null;
  /** The coverage overlay: walked or not, by transition id. */
  walked?: ReadonlyMap<string, boolean> | undefined;
}

const MINIMAP = 180;

export function DiagramView({ layout, title, lang, active, selected, onSelect, initial, walked }: Props) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  const svg = useMemo(
    () => renderSvg(layout, { title, lang, active, selected, interactive: true, ...(walked ? { walked } : {}) }),
    [layout, title, lang, active, selected, walked],
  );
  const order = useMemo(() => layout.states.map((s) => s.id), [layout]);
  const canvas = (): Size => ({ width: box.current?.clientWidth || 1200, height: box.current?.clientHeight || 600 });

  // The canvas's size follows the window and the side panels opening and closing.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // A machine (or language) opens on its initial state once the canvas has a size (adjusted while
  // rendering, React's pattern for state that follows a prop); data-opened tells tests it is set.
  const [opened, setOpened] = useState<Layout | null>(null);
  if (opened !== layout && size.width > 0) {
    setOpened(layout);
    setView(openingView(layout, size, initial));
  }

  const centre = () => ({ x: canvas().width / 2, y: canvas().height / 2 });
  const zoom = (factor: number, at = centre()) => setView((v) => zoomAround(v, factor, at));
  const fit = () => setView(fitView(layout, canvas()));
  const zoomToStates = (ids: Iterable<string>) => {
    const rect = boundsOf(layout, ids);
    if (rect) setView(viewOf(rect, canvas(), READABLE_SCALE, 1.5));
  };
  const activeLeaves = () => layout.states.filter((s) => active.has(s.id) && !s.children.some((c) => active.has(c))).map((s) => s.id);

  // Keep the selected state in view when the keyboard moves to it.
  useEffect(() => {
    const s = layout.states.find((state) => state.id === selected);
    const el = box.current;
    if (!s || !el) return;
    setView((v) => {
      const left = s.x * v.scale + v.x;
      const top = s.y * v.scale + v.y;
      const inside = left >= 0 && top >= 0 && left + s.width * v.scale <= el.clientWidth && top + s.height * v.scale <= el.clientHeight;
      return inside
        ? v
        : { ...v, x: el.clientWidth / 2 - (s.x + s.width / 2) * v.scale, y: el.clientHeight / 2 - (s.y + s.height / 2) * v.scale };
    });
  }, [selected, layout]);

  const onKeyDown = (event: KeyboardEvent) => {
    const at = selected ? order.indexOf(selected) : -1;
    // The arrow that points the way the flow reads goes to the next state.
    const forward = layout.direction === 'rtl' ? -1 : 1;
    const next: Record<string, number> = {
      ArrowRight: at + forward,
      ArrowDown: at + 1,
      ArrowLeft: at - forward,
      ArrowUp: at - 1,
      Home: 0,
      End: order.length - 1,
    };
    if (event.key in next) {
      event.preventDefault();
      onSelect(order[(next[event.key]! + order.length) % order.length]!);
    } else if (event.key === '+' || event.key === '=') zoom(1.25);
    else if (event.key === '-') zoom(0.8);
    else if (event.key === '0') fit();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = (event.target as Element).closest('[data-state-id]');
    if (target) {
      onSelect(target.getAttribute('data-state-id')!);
      return;
    }
    // No text selection while dragging: the pointer is captured and the default (select) prevented.
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent) => {
    const from = drag.current;
    if (!from) return;
    drag.current = { x: event.clientX, y: event.clientY };
    setView((v) => ({ ...v, x: v.x + event.clientX - from.x, y: v.y + event.clientY - from.y }));
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    const r = event.currentTarget.getBoundingClientRect();
    zoom(event.deltaY < 0 ? 1.1 : 0.9, { x: event.clientX - r.left, y: event.clientY - r.top });
  };
  const current = layout.states.find((s) => s.id === selected);

  // The minimap: the diagram's boxes, and the part the canvas shows; a click or drag moves there.
  const mapScale = MINIMAP / Math.max(layout.width, layout.height, 1);
  const mapDrag = useRef(false);
  const moveTo = (event: PointerEvent<SVGSVGElement>) => {
    const r = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - r.left) / mapScale;
    const y = (event.clientY - r.top) / mapScale;
    setView((v) => ({ ...v, x: size.width / 2 - x * v.scale, y: size.height / 2 - y * v.scale }));
  };

  return (
    <div className="flows-diagram">
      <div className="flows-toolbar" role="toolbar" aria-label={t`Diagram view`}>
        <button type="button" className="button button-ghost" onClick={() => zoom(1.25)}>
          <Trans>Zoom in</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={() => zoom(0.8)}>
          <Trans>Zoom out</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={fit}>
          <Trans>Fit</Trans>
        </button>
        <button type="button" className="button button-ghost" disabled={!selected} onClick={() => selected && zoomToStates([selected])}>
          <Trans>Zoom to selection</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={() => zoomToStates(activeLeaves())}>
          <Trans>Zoom to the active state</Trans>
        </button>
      </div>
      <div
        ref={box}
        className="flows-canvas"
        tabIndex={0}
        role="group"
        aria-roledescription={t`statechart`}
        aria-label={t`${title}: arrow keys move between states, + and - zoom, 0 fits`}
        data-testid="flows-canvas"
        data-opened={opened === layout ? 'true' : undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onWheel={onWheel}
      >
        <div
          className="flows-svg"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        {/* A pointer shortcut: the toolbar and the keyboard do the same, so it stays out of the a11y tree. */}
        <svg
          className="flows-minimap"
          aria-hidden="true"
          data-testid="flows-minimap"
          width={Math.ceil(layout.width * mapScale)}
          height={Math.ceil(layout.height * mapScale)}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          onPointerDown={(event) => {
            event.stopPropagation();
            event.preventDefault();
            event.currentTarget.setPointerCapture?.(event.pointerId);
            mapDrag.current = true;
            moveTo(event);
          }}
          onPointerMove={(event) => mapDrag.current && moveTo(event)}
          onPointerUp={() => (mapDrag.current = false)}
        >
          {layout.states.map((s) => (
            <rect
              key={s.id}
              x={s.x}
              y={s.y}
              width={s.width}
              height={s.height}
              rx={8}
              className={active.has(s.id) ? 'flows-minimap-active' : undefined}
            />
          ))}
          <rect
            className="flows-minimap-view"
            x={-view.x / view.scale}
            y={-view.y / view.scale}
            width={size.width / view.scale}
            height={size.height / view.scale}
          />
        </svg>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {current ? current.name : ''}
      </p>
    </div>
  );
}

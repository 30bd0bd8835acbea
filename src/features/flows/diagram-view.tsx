// The diagram with pan (drag), zoom (buttons, wheel) and fit; states are selected by click or moved
// through with the arrow keys (Home/End for first/last), and the selection is announced.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { renderSvg } from './svg';
import type { Layout } from './layout';

interface Props {
  layout: Layout;
  title: string;
  lang: 'ar' | 'en';
  active: ReadonlySet<string>;
  selected: string | null;
  onSelect: (id: string) => void;
}

export function DiagramView({ layout, title, lang, active, selected, onSelect }: Props) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  const svg = useMemo(
    () => renderSvg(layout, { title, lang, active, selected, interactive: true }),
    [layout, title, lang, active, selected],
  );
  const order = useMemo(() => layout.states.map((s) => s.id), [layout]);

  const fit = () => {
    const width = box.current?.clientWidth ?? 1200;
    const height = box.current?.clientHeight ?? 600;
    const scale = Math.min(1, width / layout.width, height / layout.height);
    setView({ scale, x: (width - layout.width * scale) / 2, y: 0 });
  };
  useEffect(fit, [layout]);
  const zoom = (factor: number) => setView((v) => ({ ...v, scale: Math.min(4, Math.max(0.05, v.scale * factor)) }));

  // Keep the selected state in view when the keyboard moves to it.
  useEffect(() => {
    const s = layout.states.find((state) => state.id === selected);
    const el = box.current;
    if (!s || !el) return;
    setView((v) => {
      const left = s.x * v.scale + v.x;
      const top = s.y * v.scale + v.y;
      const inside = left >= 0 && top >= 0 && left + s.width * v.scale <= el.clientWidth && top + s.height * v.scale <= el.clientHeight;
      return inside ? v : { ...v, x: el.clientWidth / 2 - (s.x + s.width / 2) * v.scale, y: el.clientHeight / 2 - (s.y + s.height / 2) * v.scale };
    });
  }, [selected, layout]);

  const onKeyDown = (event: KeyboardEvent) => {
    const at = selected ? order.indexOf(selected) : -1;
    const next: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
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
  const onPointerDown = (event: PointerEvent) => {
    const target = (event.target as Element).closest('[data-state-id]');
    if (target) {
      onSelect(target.getAttribute('data-state-id')!);
      return;
    }
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent) => {
    const from = drag.current;
    if (!from) return;
    drag.current = { x: event.clientX, y: event.clientY };
    setView((v) => ({ ...v, x: v.x + event.clientX - from.x, y: v.y + event.clientY - from.y }));
  };
  const onWheel = (event: WheelEvent) => zoom(event.deltaY < 0 ? 1.1 : 0.9);
  const current = layout.states.find((s) => s.id === selected);

  return (
    <div className="flows-diagram">
      <div className="flows-toolbar" role="toolbar" aria-label={t`Diagram view`}>
        <button type="button" className="button button-ghost" onClick={() => zoom(1.25)}><Trans>Zoom in</Trans></button>
        <button type="button" className="button button-ghost" onClick={() => zoom(0.8)}><Trans>Zoom out</Trans></button>
        <button type="button" className="button button-ghost" onClick={fit}><Trans>Fit</Trans></button>
      </div>
      <div
        ref={box}
        className="flows-canvas"
        tabIndex={0}
        role="group"
        aria-roledescription={t`statechart`}
        aria-label={t`${title}: arrow keys move between states, + and - zoom, 0 fits`}
        data-testid="flows-canvas"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerLeave={() => (drag.current = null)}
        onWheel={onWheel}
      >
        <div
          className="flows-svg"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </div>
      <p className="visually-hidden" aria-live="polite">{current ? current.path : ''}</p>
    </div>
  );
}

// A laid-out statechart as SVG text: the same drawing in docs/flows/<id>.svg (written by
// `npm run flows`), the studio and its SVG/PNG export. Colours come from CSS variables with fixed
// fallbacks, so the studio themes it (light/dark) and a standalone file still reads well.
import { FONT, TITLE_HEIGHT, type LaidEdge, type LaidRoot, type LaidState, type Layout } from './layout';

export interface SvgOptions {
  title: string;
  /** Lang and direction of the labels. */
  lang: 'ar' | 'en';
  /** State ids drawn as current (simulation or the watched app). */
  active?: ReadonlySet<string>;
  selected?: string | null;
  /** States focusable and clickable (the studio); off for files. */
  interactive?: boolean;
  /** A diff's marks (diff.ts) by state id and transition id: drawn in colour, with a dash and a sign. */
  marks?: ReadonlyMap<string, 'added' | 'removed' | 'changed'>;
  /** The browser walk's overlay: walked or not, by transition id (absent ids are not marked). */
  walked?: ReadonlyMap<string, boolean>;
}

const SIGNS = { added: '+ ', removed: '− ', changed: '~ ' } as const;
/** The class and the label's sign of a marked part. */
function mark(o: SvgOptions, id: string): { cls: string | null; sign: string } {
  const change = o.marks?.get(id);
  return change ? { cls: `fl-${change}`, sign: SIGNS[change] } : { cls: null, sign: '' };
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number) => String(Math.round(v * 10) / 10);

const STYLE = `
.fl-bg{fill:var(--flow-bg,#ffffff)}
.fl-state>rect.fl-box{fill:var(--flow-state,#f6f8fb);stroke:var(--flow-line,#44506a);stroke-width:1.5}
.fl-state.fl-compound>rect.fl-box{fill:var(--flow-compound,#ffffff)}
.fl-state.fl-region>rect.fl-box{stroke-dasharray:6 4;fill:none}
.fl-state.fl-active>rect.fl-box{fill:var(--flow-active,#d9f2e3);stroke:var(--flow-active-line,#1b7a43);stroke-width:3}
.fl-state.fl-selected>rect.fl-box{stroke:var(--flow-selected,#1d4ed8);stroke-width:3}
.fl-state text{fill:var(--flow-text,#1c2333);font-family:system-ui,'Cairo',sans-serif}
.fl-final{fill:none;stroke:var(--flow-line,#44506a);stroke-width:1}
.fl-initial{fill:var(--flow-line,#44506a)}
.fl-sep{stroke:var(--flow-line,#44506a);stroke-dasharray:6 4}
.fl-edge path{fill:none;stroke:var(--flow-edge,#5b6477);stroke-width:1.3}
.fl-edge rect{fill:var(--flow-label-bg,#ffffff);opacity:.92}
.fl-edge text{fill:var(--flow-edge-text,#2b3346);font-family:system-ui,'Cairo',sans-serif}
.fl-arrow{fill:var(--flow-edge,#5b6477)}
.fl-any rect{fill:none;stroke:var(--flow-line,#44506a);stroke-width:1.5;stroke-dasharray:3 3}
.fl-state.fl-added>rect.fl-box{stroke:#15803d;stroke-width:3;fill:#e7f6ec}
.fl-state.fl-removed>rect.fl-box{stroke:#b91c1c;stroke-width:3;stroke-dasharray:8 4;fill:#fdecec}
.fl-state.fl-changed>rect.fl-box{stroke:#b45309;stroke-width:3;stroke-dasharray:2 3}
.fl-edge.fl-added path{stroke:#15803d;stroke-width:2.5}
.fl-edge.fl-removed path{stroke:#b91c1c;stroke-width:2.5;stroke-dasharray:8 4}
.fl-edge.fl-changed path{stroke:#b45309;stroke-width:2.5;stroke-dasharray:2 3}
.fl-edge.fl-added text{fill:#15803d}.fl-edge.fl-removed text{fill:#b91c1c;text-decoration:line-through}.fl-edge.fl-changed text{fill:#b45309}
.fl-edge.fl-walked path{stroke:var(--flow-walked,#1b7a43);stroke-width:2.5}
.fl-edge.fl-unwalked path{stroke:var(--flow-unwalked,#b42318);stroke-dasharray:6 4}
.fl-edge.fl-unwalked text{fill:var(--flow-unwalked,#b42318)}
.fl-any text{fill:var(--flow-text,#1c2333);font-family:system-ui,'Cairo',sans-serif;font-style:italic}
`;

function stateSvg(s: LaidState, o: SvgOptions, rtl: boolean): string {
  const classes = ['fl-state'];
  if (s.children.length) classes.push('fl-compound');
  if (s.region) classes.push('fl-region');
  if (o.active?.has(s.id)) classes.push('fl-active');
  if (o.selected === s.id) classes.push('fl-selected');
  const { cls, sign } = mark(o, s.id);
  if (cls) classes.push(cls);
  const attrs = o.interactive
    ? ` tabindex="-1" role="button" aria-label="${esc(s.name)}"${o.active?.has(s.id) ? ' aria-current="true"' : ''}`
    : '';
  const out = [`<g class="${classes.join(' ')}" data-state-id="${esc(s.id)}" data-kind="${s.kind}"${attrs}>`];
  const rx = s.children.length ? 10 : 18;
  out.push(`<rect class="fl-box" x="${n(s.x)}" y="${n(s.y)}" width="${n(s.width)}" height="${n(s.height)}" rx="${rx}"/>`);
  if (s.kind === 'final') {
    out.push(
      `<rect class="fl-final" x="${n(s.x + 4)}" y="${n(s.y + 4)}" width="${n(s.width - 8)}" height="${n(s.height - 8)}" rx="${rx - 4}"/>`,
    );
  }
  const label = sign + (s.kind === 'parallel' ? `${s.name} ∥` : s.name);
  const ty = s.children.length ? s.y + TITLE_HEIGHT / 2 + 5 : s.y + s.height / 2 + 5;
  const weight = s.children.length ? ' font-weight="700"' : '';
  out.push(
    `<text x="${n(s.x + s.width / 2)}" y="${n(ty)}" text-anchor="middle" font-size="${FONT.state}"${weight} direction="${rtl ? 'rtl' : 'ltr'}">${esc(label)}</text>`,
  );
  if (s.initial) {
    const cy = s.y + Math.min(s.height / 2, 20);
    // Before the box in the reading direction.
    const cx = rtl ? s.x + s.width + 9 : s.x - 9;
    out.push(`<circle class="fl-initial" cx="${n(cx)}" cy="${n(cy)}" r="4"><title>initial</title></circle>`);
  }
  out.push('</g>');
  return out.join('');
}

/** The "from any state" node: a dashed box the root's transitions leave from. */
function anySvg(r: LaidRoot, o: SvgOptions): string {
  return [
    `<g class="fl-any" data-any-state="${esc(r.id)}">`,
    `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.width)}" height="${n(r.height)}" rx="6"/>`,
    `<text x="${n(r.x + r.width / 2)}" y="${n(r.y + r.height / 2 + 5)}" text-anchor="middle" font-size="${FONT.state}" direction="${o.lang === 'ar' ? 'rtl' : 'ltr'}">${esc(r.label)}</text>`,
    '</g>',
  ].join('');
}

function edgeSvg(e: LaidEdge, o: SvgOptions): string {
  if (e.points.length < 2) return '';
  const d = e.points.map((p, i) => `${i ? 'L' : 'M'}${n(p.x)} ${n(p.y)}`).join(' ');
  const { cls, sign } = mark(o, e.id);
  const walked = o.walked?.get(e.id);
  const classes = ['fl-edge', cls, walked === undefined ? null : walked ? 'fl-walked' : 'fl-unwalked'].filter(Boolean).join(' ');
  const out = [
    `<g class="${classes}"${walked === undefined ? '' : ` data-walked="${walked}"`} data-edge-id="${esc(e.key)}" data-transition-id="${esc(e.id)}" data-source="${esc(e.source)}" data-target="${esc(e.target)}">`,
  ];
  out.push(`<path d="${d}" marker-end="url(#fl-arrow)"/>`);
  if (e.labelBox) {
    const b = e.labelBox;
    out.push(`<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.width)}" height="${n(b.height)}" rx="3"/>`);
    out.push(
      `<text x="${n(b.x + b.width / 2)}" y="${n(b.y + b.height - 5)}" text-anchor="middle" font-size="${FONT.edge}" direction="${o.lang === 'ar' ? 'rtl' : 'ltr'}">${esc(sign + e.label)}</text>`,
    );
  }
  out.push('</g>');
  return out.join('');
}

export function renderSvg(layout: Layout, o: SvgOptions): string {
  const w = Math.ceil(layout.width);
  const h = Math.ceil(layout.height);
  // Boxes from the outside in, so children draw over their parents; edges on top of boxes.
  const states = [...layout.states].sort((a, b) => a.depth - b.depth);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="${o.interactive ? 'group' : 'img'}" aria-label="${esc(o.title)}" lang="${o.lang}">`,
    `<title>${esc(o.title)}</title>`,
    `<style>${STYLE}</style>`,
    '<defs><marker id="fl-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="fl-arrow" d="M0 0L10 5L0 10z"/></marker></defs>',
    `<rect class="fl-bg" width="${w}" height="${h}"/>`,
    ...states.map((s) => stateSvg(s, o, layout.direction === 'rtl')),
    layout.root ? anySvg(layout.root, o) : '',
    ...layout.separators.map((s) => `<line class="fl-sep" x1="${n(s.from.x)}" y1="${n(s.from.y)}" x2="${n(s.to.x)}" y2="${n(s.to.y)}"/>`),
    ...layout.edges.map((e) => edgeSvg(e, o)),
    '</svg>',
  ].join('\n');
}

// The flows studio (/flows) for product owners and QA: a workspace filling the window below the
// site's header (not the pages' content column). The diagram of a machine of machines/index.ts, laid
// out by ELK, fills the middle; beside it two panels that collapse: the machine list with the selected
// state's description, tags, transitions out and the generated paths reaching it, and the
// click-through simulation with its event log and undo. SVG/PNG export and a print view (the whole
// diagram, then the list of states). The route gives the machine and state of the address
// (`/flows/{machine}?state=…`) and is told when the user picks others. Read-only: structure only.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { scenarios } from './scenarios';
import { offeredChoices } from './choices';
import { useDiagram, useSimulation, useWatched } from './use-diagram';
import { getStateNodes, type StateValue } from 'xstate';
import { DiagramView } from './diagram-view';
import { renderSvg } from './svg';
import { watchAvailable } from '../../bindings/watch';
import { StateScreens } from './state-screens';
import { committedWalk, type ModelCoverage, type WalkSource } from './walk';
import './flows.css';

function download(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Where the studio looks: a machine id and a dotted state path (the permalink's parts). */
interface Place {
  machine: string | null;
  state: string | null;
}

interface Props extends Partial<Place> {
  /** Called when the user picks another machine or state (the route writes it into the address). */
  onNavigate?: (next: { machine: string; state: string | null }) => void;
  /** The last browser walk's results (docs/flows/walk/); tests give a fixture. */
  walk?: WalkSource;
}

export function FlowsStudio({ machine: wantedMachine = null, state: wantedState = null, onNavigate, walk = committedWalk }: Props) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale === 'ar' ? 'ar' : 'en';
  // The address decides; a pick shows at once and is written to the address. When the address changes
  // (back, a pasted link) it wins again (adjusted while rendering, React's pattern for derived state).
  const [place, setPlace] = useState<Place>({ machine: wantedMachine, state: wantedState });
  const [address, setAddress] = useState<Place>({ machine: wantedMachine, state: wantedState });
  if (address.machine !== wantedMachine || address.state !== wantedState) {
    setAddress({ machine: wantedMachine, state: wantedState });
    setPlace({ machine: wantedMachine, state: wantedState });
  }
  // An unknown machine opens the first one.
  const scenario = scenarios.find((s) => s.id === place.machine) ?? scenarios[0]!;
  const machineId = scenario.id;
  const { graph, layout, report, labels } = useDiagram(scenario);
  const sim = useSimulation(scenario);
  const offered = useMemo(() => offeredChoices(scenario, sim.snapshot, graph, i18n), [scenario, sim.snapshot, graph, i18n]);
  const [live, setLive] = useState(false);
  const watched = useWatched(live);
  const liveValue = live ? (watched[machineId] as StateValue | undefined) : undefined;
  const active = useMemo(() => {
    if (liveValue === undefined) return sim.active;
    try {
      return new Set(getStateNodes(scenario.machine.root, liveValue).map((n) => n.id));
    } catch {
      return sim.active;
    }
  }, [liveValue, sim.active, scenario]);
  // The coverage overlay: the walk's results load the first time it is switched on.
  const [overlay, setOverlay] = useState(false);
  const [coverage, setCoverage] = useState<ModelCoverage | 'loading' | 'failed' | null>(null);
  const showCoverage = (on: boolean) => {
    setOverlay(on);
    if (!on || coverage !== null || !walk.coverage) return;
    setCoverage('loading');
    walk.coverage().then(setCoverage, () => setCoverage('failed'));
  };
  const walkedHere = overlay && coverage && typeof coverage === 'object' ? (coverage.machines[machineId] ?? null) : null;
  const walked = useMemo(
    () => (walkedHere ? new Map(Object.entries(walkedHere.transitions).map(([id, tr]) => [id, tr.walked])) : undefined),
    [walkedHere],
  );
  const initial = useMemo(() => {
    const first = scenario.machine.root.initial?.target?.[0] as { id: string } | undefined;
    return first?.id ?? null;
  }, [scenario]);
  // The state the address names, or the initial state when it names none of this machine's.
  const selected = graph.states.find((s) => s.path === place.state)?.id ?? initial;
  const go = (next: { machine: string; state: string | null }) => {
    setPlace(next);
    onNavigate?.(next);
  };
  const setSelected = (id: string) => go({ machine: machineId, state: graph.states.find((s) => s.id === id)?.path ?? null });
  const state = graph.states.find((s) => s.id === selected) ?? null;
  // The innermost active states: what the machine is "in" now.
  const nowLeaves = graph.states.filter((s) => sim.active.has(s.id) && !s.children.some((c) => sim.active.has(c)));
  const out = useMemo(() => graph.transitions.filter((tr) => tr.source === selected), [graph, selected]);
  const reaching = useMemo(
    () =>
      state
        ? report.paths
            .filter((p) => p.kind === 'shortest' && p.target.some((leaf) => leaf === state.path || leaf.startsWith(`${state.path}.`)))
            .slice(0, 3)
        : [],
    [report, state],
  );
  const title = t`Statechart: ${machineId}`;
  const fileSvg = () => (layout ? renderSvg(layout, { title, lang }) : '');
  const exportPng = () => {
    if (!layout) return;
    const img = new Image();
    img.onload = () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: layout.width, height: layout.height });
      canvas.getContext('2d')!.drawImage(img, 0, 0);
      canvas.toBlob((blob) => blob && download(`${machineId}.png`, blob));
    };
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(fileSvg())}`;
  };
  const [machinesOpen, setMachinesOpen] = useState(true);
  const [sideOpen, setSideOpen] = useState(true);
  // The workspace fills the window below the site's header (sticky, its height changes with the
  // language and the width): measured, so the diagram ends at the window's bottom edge.
  const studio = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const header = document.querySelector('.site-header');
    const el = studio.current;
    if (!header || !el) return;
    const measure = () => el.style.setProperty('--flows-top', `${header.getBoundingClientRect().height}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  const pick = (id: string) => go({ machine: id, state: null });

  return (
    <div className="flows-studio" ref={studio} data-machines-open={machinesOpen} data-side-open={sideOpen}>
      <div className="flows-bar">
        <h1>
          <Trans>Flows studio</Trans>
        </h1>
        <p className="muted flows-intro">
          <Trans>Every statechart of the product, drawn from the code. Nothing here touches real data.</Trans>
        </p>
        <div className="flows-export">
          <button
            type="button"
            className="button button-ghost"
            disabled={!layout}
            onClick={() => download(`${machineId}.svg`, new Blob([fileSvg()], { type: 'image/svg+xml' }))}
          >
            <Trans>Export SVG</Trans>
          </button>
          <button type="button" className="button button-ghost" disabled={!layout} onClick={exportPng}>
            <Trans>Export PNG</Trans>
          </button>
          <button type="button" className="button button-ghost" disabled={!layout} onClick={() => window.print()}>
            <Trans>Print</Trans>
          </button>
          {walk.coverage && (
            <label className="flows-live">
              <input type="checkbox" checked={overlay} onChange={(e) => showCoverage(e.target.checked)} data-testid="flows-coverage" />{' '}
              <Trans>Show what the browser walk covered</Trans>
            </label>
          )}
          {watchAvailable() && (
            <label className="flows-live">
              <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} data-testid="flows-live" />{' '}
              <Trans>Follow the app open in other tabs</Trans>
            </label>
          )}
          {liveValue !== undefined && (
            <span role="status" data-testid="flows-live-state">
              <Trans>Live:</Trans> <code>{JSON.stringify(liveValue)}</code>
            </span>
          )}
        </div>
      </div>
      {overlay && (
        <p className="flows-coverage" role="status" data-testid="flows-coverage-status">
          {coverage === 'loading' ? (
            <Trans>Loading the walk's results…</Trans>
          ) : coverage === 'failed' ? (
            <Trans>The walk's results could not be loaded.</Trans>
          ) : walkedHere && typeof coverage === 'object' && coverage ? (
            <>
              <Trans>
                Walked in the browser: {walkedHere.walked} of {walkedHere.total} transitions (walk of{' '}
                {new Date(coverage.generatedAt).toLocaleString(i18n.locale)}).
              </Trans>{' '}
              <span className="flows-coverage-key flows-coverage-walked">
                <Trans>solid: walked</Trans>
              </span>{' '}
              <span className="flows-coverage-key flows-coverage-unwalked">
                <Trans>dashed: not walked</Trans>
              </span>
            </>
          ) : (
            <Trans>The last browser walk did not cover this machine.</Trans>
          )}
        </p>
      )}
      <div className="flows-work">
        <aside className="flows-side flows-side-start" aria-label={t`Machines and the selected state`}>
          <button
            type="button"
            className="button button-ghost flows-toggle"
            aria-expanded={machinesOpen}
            aria-controls="flows-side-start"
            onClick={() => setMachinesOpen((open) => !open)}
          >
            {machinesOpen ? <Trans>Hide the machines</Trans> : <Trans>Machines</Trans>}
          </button>
          <div id="flows-side-start" className="flows-side-body" hidden={!machinesOpen}>
            {/* Machine and state descriptions come from the catalogs (labels.ts, descriptions.ts). One the
                table lacks is English: marked lang="en" dir="ltr", so it reads in place on the Arabic page. */}
            <nav aria-label={t`Machines`} className="flows-machines">
              <ul>
                {scenarios.map((s) => {
                  const described = labels.machine(s.id);
                  return (
                    <li key={s.id}>
                      <button type="button" aria-pressed={s.id === machineId} className="flows-machine" onClick={() => pick(s.id)}>
                        <strong>{s.id}</strong>
                        {described ? (
                          <span className="muted">{described}</span>
                        ) : (
                          <span className="muted" lang="en" dir="ltr">
                            {s.description}
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <section aria-labelledby="flows-state" className="flows-panel">
              <h2 id="flows-state">
                <Trans>Selected state</Trans>
              </h2>
              {state ? (
                <>
                  <p>
                    <strong data-testid="flows-selected-name">{state.name}</strong> <code data-testid="flows-selected">{state.path}</code>
                  </p>
                  {state.description ? (
                    <p data-testid="flows-selected-description">{state.description}</p>
                  ) : (
                    <p>
                      <Trans>No description yet.</Trans>
                    </p>
                  )}
                  {state.tags.length > 0 && (
                    <p>
                      <Trans>Tags:</Trans>{' '}
                      {state.tags.map((tag) => (
                        <code key={tag}>{tag} </code>
                      ))}
                    </p>
                  )}
                  <StateScreens walk={walk} machine={machineId} state={state} />
                  <h3>
                    <Trans>Transitions out</Trans>
                  </h3>
                  {out.length ? (
                    <ul>
                      {out.map((tr) => {
                        const byWalk = walkedHere?.transitions[tr.id];
                        return (
                          <li key={tr.id} data-transition-id={tr.id}>
                            {tr.label} →{' '}
                            <code>{tr.targets.map((id) => graph.states.find((s) => s.id === id)?.path ?? '*').join(' + ')}</code>
                            {walkedHere &&
                              (byWalk?.walked ? (
                                <span className="flows-walked">
                                  {' '}
                                  <Trans>walked by paths</Trans>{' '}
                                  {byWalk.paths.map((id) => (
                                    <code key={id}>{id} </code>
                                  ))}
                                </span>
                              ) : (
                                <span className="flows-unwalked">
                                  {' '}
                                  <Trans>not walked</Trans>
                                </span>
                              ))}
                          </li>
                        );
                      })}
                    </ul>
                  ) : (
                    <p>
                      <Trans>None.</Trans>
                    </p>
                  )}
                  <h3>
                    <Trans>Paths reaching it</Trans>
                  </h3>
                  {reaching.map((p, i) => (
                    <ol key={i}>
                      {p.steps.length ? (
                        p.steps.map((step, j) => <li key={j}>{step.label}</li>)
                      ) : (
                        <li>
                          <Trans>Start here.</Trans>
                        </li>
                      )}
                    </ol>
                  ))}
                </>
              ) : (
                <p>
                  <Trans>Click a state or move to one with the arrow keys.</Trans>
                </p>
              )}
            </section>
          </div>
        </aside>
        <section className="flows-stage" aria-label={title}>
          {layout ? (
            <DiagramView
              layout={layout}
              title={title}
              lang={lang}
              active={active}
              selected={selected}
              onSelect={setSelected}
              initial={selected}
              walked={walked}
            />
          ) : (
            <p role="status">
              <Trans>Laying out the diagram…</Trans>
            </p>
          )}
        </section>
        {/* The print view (flows.css): the whole diagram on the page, then every state in words. */}
        <section className="flows-print" aria-labelledby="flows-print-title" data-testid="flows-print">
          <h2 id="flows-print-title">
            <Trans>States of {machineId}</Trans>
          </h2>
          <p>{labels.machine(machineId) ?? scenario.description}</p>
          <table>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
                <th scope="col">
                  <Trans>In the code</Trans>
                </th>
                <th scope="col">
                  <Trans>What it means</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {graph.states.map((s) => (
                <tr key={s.id}>
                  <td style={{ paddingInlineStart: `${(s.depth - 1) * 1}rem` }}>{s.name}</td>
                  <td>
                    <code>{s.path}</code>
                  </td>
                  <td>{s.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <aside className="flows-side flows-side-end" aria-label={t`Simulation`}>
          <button
            type="button"
            className="button button-ghost flows-toggle"
            aria-expanded={sideOpen}
            aria-controls="flows-side-end"
            onClick={() => setSideOpen((open) => !open)}
          >
            {sideOpen ? <Trans>Hide the simulation</Trans> : <Trans>Simulate</Trans>}
          </button>
          <section id="flows-side-end" className="flows-side-body flows-panel" data-testid="flows-simulate" hidden={!sideOpen}>
            <h2 id="flows-sim">
              <Trans>Simulate</Trans>
            </h2>
            <p>
              <Trans>Now in:</Trans> <strong data-testid="flows-now-name">{nowLeaves.map((s) => s.name).join(' + ')}</strong>{' '}
              <code data-testid="flows-now">{nowLeaves.map((s) => s.path).join(' + ')}</code>
            </p>
            <div className="flows-events" role="group" aria-label={t`Events the machine accepts now`}>
              {offered.map((group) =>
                group.choices.length === 1 ? (
                  <button
                    key={group.event}
                    type="button"
                    className="button button-secondary"
                    onClick={() => sim.send(group.choices[0]!.event, group.choices[0]!.label)}
                  >
                    {group.choices[0]!.label}
                  </button>
                ) : (
                  <div key={group.event} className="flows-values" role="group" aria-label={group.event}>
                    <span aria-hidden="true">{group.event}:</span>
                    {group.choices.map((choice) => (
                      <button
                        key={choice.label}
                        type="button"
                        className="button button-secondary"
                        aria-label={choice.label}
                        onClick={() => sim.send(choice.event, choice.label)}
                      >
                        {choice.value}
                      </button>
                    ))}
                  </div>
                ),
              )}
              {offered.length === 0 && (
                <p>
                  <Trans>No event is accepted here.</Trans>
                </p>
              )}
            </div>
            <h3>
              <Trans>Event log</Trans>
            </h3>
            <ol data-testid="flows-log">
              {sim.steps.map((step, i) => (
                <li key={i}>{step.label}</li>
              ))}
            </ol>
            <button type="button" className="button button-ghost" disabled={!sim.steps.length} onClick={sim.undo}>
              <Trans>Undo</Trans>
            </button>
            <button type="button" className="button button-ghost" disabled={!sim.steps.length} onClick={sim.reset}>
              <Trans>Restart</Trans>
            </button>
            <p className="muted">
              <Trans>
                Paths: {report.paths.length}; states covered {report.states.covered}/{report.states.total}, transitions{' '}
                {report.transitions.covered}/{report.transitions.total}. QA: npm run paths -- {machineId}
              </Trans>
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}

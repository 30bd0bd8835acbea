// The last browser walk's results, as `npm run flows` copies them into docs/flows/walk/: which path
// walked each transition (model-coverage.json, written by the model e2e run) and the screenshot of
// each state it reached (screens.json and screens/). The coverage loads when the studio's overlay is
// switched on, the screens index and each picture when a state is shown: import.meta.glob makes each
// a chunk or asset of its own (none when the files are absent), so neither the studio's first load
// nor any public route carries them.
export interface ModelCoverage {
  generatedAt: string;
  machines: Record<
    string,
    {
      total: number;
      walked: number;
      /** By transition id (src/domain/transition-id.ts), the studio's own edge ids. */
      transitions: Record<string, { walked: boolean; paths: string[] }>;
    }
  >;
}

/** The walk's screenshots by machine and state id; `file` is relative to docs/flows/walk/screens/. */
export type ScreensIndex = Record<string, Record<string, Array<{ locale: string; width: number; file: string }>>>;

/** Where the studio gets the walk's results; null: there are none. */
export interface WalkSource {
  coverage: (() => Promise<ModelCoverage>) | null;
  screens?: (() => Promise<ScreensIndex>) | null;
  /** The address of one screenshot, by its `file`. */
  screenUrl?: (file: string) => Promise<string>;
}

const coverageFiles = import.meta.glob<ModelCoverage>('../../../docs/flows/walk/model-coverage.json', { import: 'default' });

const screensFiles = import.meta.glob<ScreensIndex>('../../../docs/flows/walk/screens.json', { import: 'default' });
const pictures = import.meta.glob<string>('../../../docs/flows/walk/screens/**/*.jpg', { query: '?url', import: 'default' });

export const committedWalk: WalkSource = {
  coverage: Object.values(coverageFiles)[0] ?? null,
  screens: Object.values(screensFiles)[0] ?? null,
  screenUrl: (file) => {
    const load = pictures[`../../../docs/flows/walk/screens/${file}`];
    return load ? load() : Promise.reject(new Error(`no screenshot ${file}`));
  },
};

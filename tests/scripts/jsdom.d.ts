// The part of jsdom's API tests/scripts/start-up-language.test.ts uses (jsdom ships no types).
declare module 'jsdom' {
  export class JSDOM {
    constructor(
      html: string,
      options?: { url?: string; runScripts?: 'dangerously' | 'outside-only'; beforeParse?: (window: Window & typeof globalThis) => void },
    );
    readonly window: Window & typeof globalThis;
  }
}

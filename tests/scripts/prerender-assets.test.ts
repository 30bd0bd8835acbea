// First paint: the pre-rendered pages paint from their HTML alone — stylesheets inline, and
// the app's scripts listed for a constant inline loader that starts them after the first paint.
import { describe, expect, it } from 'vitest';
import { compactTemplate, deferScripts, inlineStylesheets, SCRIPT_LOADER } from '../../scripts/prerender-assets';
import { inlineScriptHashes } from '../../server/http/inline-hashes';

const HEAD = `<head>
    <script>boot()</script>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
    <link rel="modulepreload" crossorigin href="/assets/route-D.js">
  </head>`;
const page = (body: string) => `<!doctype html><html>${HEAD}<body><div id="root">${body}</div></body></html>`;

describe('deferScripts', () => {
  const html = deferScripts(page('<main>نور</main>'));

  it('leaves no script the preload scanner would fetch beside the HTML', () => {
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toContain('<link rel="modulepreload"');
  });

  it('lists the entry and every module to preload, in order, for the loader at the end of the body', () => {
    const json = /<script type="application\/json" id="noor-scripts">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual([
      { href: '/assets/index-A.js', module: true },
      { href: '/assets/react-B.js' },
      { href: '/assets/route-D.js' },
    ]);
    expect(html).toMatch(
      /<div id="root"><main>نور<\/main><\/div><script type="application\/json"[^>]*>.*<\/script><script>[\s\S]*<\/script><\/body>/,
    );
  });

  it('keeps the start-up script and the stylesheets, and adds one inline script that is the same on every page', () => {
    expect(html).toContain('<script>boot()</script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    const other = deferScripts(page('<main>other</main>').replace('index-A.js', 'index-E.js'));
    expect(inlineScriptHashes(other)).toEqual(inlineScriptHashes(html));
    expect(html).toContain(`<script>${SCRIPT_LOADER}</script>`);
  });

  it('refuses a page without an entry script rather than ship a page that never starts', () => {
    expect(() => deferScripts('<html><head></head><body></body></html>')).toThrow(/no entry script/);
  });
});

describe('inlineStylesheets', () => {
  it('puts the sheet in the page and keeps a link no browser fetches, so the lazy loader does not fetch it again', () => {
    const html = inlineStylesheets(page(''), () => 'body{color:red}\n');
    expect(html).toContain(
      '<style>body{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-C.css" type="text/x-noor-inlined" disabled>',
    );
  });

  it('refuses a sheet that would close the <style> element', () => {
    expect(() => inlineStylesheets(page(''), () => 'a{}</style><script>x()</script>')).toThrow(/cannot be inlined/);
  });
});

describe('compactTemplate', () => {
  const source = `<html><head>
    <!-- a note for developers -->
    <script>
      (function () {
        // says where the page's language comes from
        var root = document.documentElement;
        root.lang = 'en';
      })();
    </script>
    <script type="module" src="/src/main.tsx"></script>
  </head><body><div id="root"></div></body></html>`;
  const html = compactTemplate(source);

  it('drops the comments and minifies the inline script, which still does the same', () => {
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('says where');
    const inline = /<script>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(inline.length).toBeLessThan(60);
    const root = { lang: 'ar' };
    new Function('document', inline)({ documentElement: root });
    expect(root.lang).toBe('en');
  });

  it('leaves the module script and the markup alone', () => {
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('gives the script loader minified, and it waits for the start-up script\'s "after the first paint"', () => {
    expect(SCRIPT_LOADER).not.toMatch(/\n|\/\//);
    const calls: string[] = [];
    const list = document('[{"href":"/assets/index-A.js","module":true}]', calls);
    let later: (() => void) | undefined;
    new Function('window', 'document', SCRIPT_LOADER)({ noorAfterPaint: (fn: () => void) => (later = fn) }, list);
    expect(calls).toEqual([]);
    later?.();
    expect(calls).toEqual(['script /assets/index-A.js']);
  });
});

/** Just enough of a document for the loader: its JSON list, and a head that records what is added. */
function document(json: string, calls: string[]) {
  return {
    getElementById: () => ({ textContent: json }),
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    head: { appendChild: (el: Record<string, string>) => calls.push(`${el.tag} ${el.src ?? el.href}`) },
  };
}

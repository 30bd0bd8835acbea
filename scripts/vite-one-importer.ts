// Vite plugin: a route whose loader and screen share one chunk (vite.config.ts groups them) gets one
// importer for both. TanStack's router plugin writes an importer per split property, each
// `() => import('…?tsr-split=component---loader')` of the same module; Vite then gives each its own
// preload wrapper and dependency list in the entry every page downloads (about 20 bytes gzip per route).
// Here the loader's importer calls the screen's instead. Runs right after the router plugin, on the route
// files only (not on their split parts).
import type { Plugin } from 'vite';

const importerOf = (code: string, name: string) =>
  code.match(new RegExp(String.raw`const \$\$split${name}Importer = \(\) => import\((['"])([^'"]+)\1\)`));

export function oneImporterPerChunk(): Plugin {
  return {
    name: 'noor-one-importer-per-chunk',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]routes[\\/][^?]+\.tsx$/.test(id) || !code.includes('$$splitLoaderImporter')) return null;
      const loader = importerOf(code, 'Loader');
      const component = importerOf(code, 'Component');
      if (!loader || !component || loader[2] !== component[2]) return null;
      // A function, not an alias: the two declarations may come in either order.
      return { code: code.replace(loader[0], () => 'const $$splitLoaderImporter = () => $$splitComponentImporter()'), map: null };
    },
  };
}

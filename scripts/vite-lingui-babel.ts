// Babel with the Lingui macro plugin, run only on modules that import a Lingui macro.
// The plugin changes nothing in any other module, but Babel would still parse and print each one:
// in a vitest run that was ~340 of ~445 transforms (~4 s of CPU), the server and machine modules.
import babel from '@rolldown/plugin-babel';

export const linguiMacros = () =>
  babel({
    presets: [
      {
        preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
        rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
      },
    ],
  });

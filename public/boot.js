// Runs before the bundle so the first paint already has the right language, direction and theme
// (no flash of left-to-right or light content). Kept tiny and external so the CSP needs no inline script.
(function () {
  try {
    var locale = localStorage.getItem('ng-locale') === 'en' ? 'en' : 'ar';
    var root = document.documentElement;
    root.lang = locale;
    root.dir = locale === 'ar' ? 'rtl' : 'ltr';
    var theme = localStorage.getItem('ng-theme');
    var dark = theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (dark) root.classList.add('dark');
  } catch (e) {}
})();

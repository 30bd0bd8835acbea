// Runs before the bundle so the first paint already has the right language, direction and theme
// (no flash of left-to-right or light content). Kept tiny and external so the CSP needs no inline script.
(function () {
  try {
    var locale = localStorage.getItem('ng-locale') === 'en' ? 'en' : 'ar';
    var root = document.documentElement;
    root.lang = locale;
    root.dir = locale === 'ar' ? 'rtl' : 'ltr';
    // The server picks the pre-rendered page's language from this cookie (issue 13); a visitor who
    // chose a language before the cookie existed gets it from the next page on.
    if (document.cookie.indexOf('ng-locale=' + locale) < 0) {
      document.cookie = 'ng-locale=' + locale + '; Max-Age=31536000; Path=/; SameSite=Lax';
    }
    var theme = localStorage.getItem('ng-theme');
    var dark = theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (dark) root.classList.add('dark');
  } catch (e) {}
})();

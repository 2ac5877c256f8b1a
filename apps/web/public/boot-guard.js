/* global document, location */
// Runs before the first paint, as a blocking classic script (the server's Content-Security-Policy
// forbids inline scripts). index.html carries the landing page prerendered in French: on any other
// route, or for a reader who chose English, hide it until the app renders (see src/boot.ts and the
// html[data-boot] rule of src/styles.css). Keep the key in sync with src/i18n/language.ts.
(function () {
  var root = document.documentElement;
  var language = null;
  try {
    language = localStorage.getItem('ecolage.lang');
  } catch {
    // Storage disabled: French.
  }
  if (language === 'en') root.lang = 'en';
  if (location.pathname !== '/' || language === 'en') root.setAttribute('data-boot', 'client');
})();

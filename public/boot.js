// Starts the web app of a server-rendered page once the page has loaded (src/server/ssr/template.ts): the
// content, its styles and its pictures come first, the scripts that make it interactive after them. Its links
// work before that (plain navigation to server-rendered pages).
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var start = function () {
    import(entry);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();

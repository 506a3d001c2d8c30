// Starts the web app of a server-rendered page once the page has loaded (src/server/ssr/template.ts): the
// content, its styles and its pictures come first, the scripts that make it interactive after them. Its links
// work before that (plain navigation to server-rendered pages). The files of the page's own code (data-preload,
// src/server/ssr/preloads.ts) are asked for at the same moment as the app's first script, not after it has run.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ');
  var start = function () {
    for (var i = 0; i < preload.length; i++) {
      if (!preload[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    import(entry);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();

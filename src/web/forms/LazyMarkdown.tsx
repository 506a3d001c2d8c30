/**
 * rjsf's Markdown renderer (markdown-to-jsx, ~86 KB minified) as a part loaded when a form first shows Markdown: rjsf
 * imports it for descriptions and help texts in Markdown (`ui:enableMarkdownInDescription`), which our forms do not
 * turn on, so every page with a form downloaded it for nothing (issue 27 §3). vite.config.ts sends @rjsf/core's
 * imports of `markdown-to-jsx/react` here; this module's own import reaches the real package.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const Loaded = lazy(() => import('markdown-to-jsx/react').then((module) => ({ default: module.Markdown })));

export function Markdown(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}

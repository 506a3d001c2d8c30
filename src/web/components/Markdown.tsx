import { useMemo } from 'react';
import { marked } from 'marked';
import DOMPurify from 'dompurify';

/** Content written in Markdown (articles, info pages), sanitised before it reaches the page. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(source, { async: false }) as string), [source]);
  return <div className={className ?? 'markdown'} dangerouslySetInnerHTML={{ __html: html }} />;
}

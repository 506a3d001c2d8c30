import type { MouseEvent, ReactNode } from 'react';
import { Alert } from './light';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** SPEC §8: an empty list shows a warning 'not found' alert. */
export function NotFoundAlert() {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      message={t('common.notFound')}
      description={t('common.notFoundHint')}
      data-testid="not-found"
    />
  );
}

/** 1 … 4 5 6 … 12: the first, the last and the pages around the current one. */
export function pageWindow(current: number, count: number, around = 1): Array<number | 'gap'> {
  const pages = new Set([1, count]);
  for (let page = current - around; page <= current + around; page++) if (page >= 1 && page <= count) pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) out.push('gap');
    out.push(page);
  });
  return out;
}

/**
 * SPEC §9: pagination only when there is more than one page; a page change scrolls to the top.
 * Real links (`?page=N` beside the filters), so pages can be opened in a new tab and crawled.
 * The `ant-pagination-item-N` class names are kept as stable hooks for the browser tests.
 */
export function ListPagination({
  current,
  pageCount,
  onChange,
  inUrl = true,
}: {
  current: number;
  pageSize?: number;
  total?: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** false for lists whose page is local state (tabs of a detail page): buttons instead of links */
  inUrl?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const href = (page: number) => {
    const params = new URLSearchParams(search);
    if (page > 1) params.set('page', String(page));
    else params.delete('page');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const go = (page: number) => (event: MouseEvent<HTMLElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab or window: let the browser
    event.preventDefault();
    onChange(page);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  // a render function, not a component: a component defined here would remount (and lose focus) on every render
  const link = ({
    page,
    children,
    ...rest
  }: {
    page: number;
    children: ReactNode;
    className: string;
    rel?: string;
    'aria-label': string;
    'aria-current'?: 'page';
  }) =>
    inUrl ? (
      <a href={href(page)} onClick={go(page)} {...rest}>
        {children}
      </a>
    ) : (
      <button type="button" onClick={go(page)} {...rest} rel={undefined}>
        {children}
      </button>
    );
  const step = (page: number, label: string, icon: ReactNode, rel: 'prev' | 'next') =>
    page < 1 || page > pageCount ? (
      <li className="pager-step" aria-hidden="true">
        <span className="pager-link pager-disabled">{icon}</span>
      </li>
    ) : (
      <li className="pager-step">
        {link({ page, className: 'pager-link', rel, 'aria-label': label, children: icon })}
      </li>
    );
  return (
    <nav className="list-pagination" aria-label={t('common.pagination')}>
      <ul className="pager">
        {step(current - 1, t('common.prevPage'), <LeftOutlined />, 'prev')}
        {pageWindow(current, pageCount).map((page, i) =>
          page === 'gap' ? (
            <li key={`gap-${i}`} className="pager-gap" aria-label={t('common.morePages')}>
              …
            </li>
          ) : (
            <li key={page} className={`pager-item ant-pagination-item-${page}`}>
              {link({
                page,
                className: page === current ? 'pager-link pager-current' : 'pager-link',
                'aria-label': t('common.pageN', { page }),
                'aria-current': page === current ? 'page' : undefined,
                children: page,
              })}
            </li>
          ),
        )}
        {step(current + 1, t('common.nextPage'), <RightOutlined />, 'next')}
      </ul>
    </nav>
  );
}

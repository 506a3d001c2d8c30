/**
 * antd's card look for the public pages, without antd's Card module: that module imports Tabs (for its
 * `tabList`), and Tabs brings rc-tabs, rc-menu, rc-dropdown, rc-overflow and the trigger machinery — about
 * 38 KiB of gzipped JS on every public page that shows a card (issue 9 §4: ≤ 200 KiB for a first visit).
 * Same markup shape (cover, body, meta) and look (styles.css `.card`); the areas keep antd's Card.
 */
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  cover?: ReactNode;
  title?: ReactNode;
  children?: ReactNode;
}

function CardMeta({ avatar, title, description }: { avatar?: ReactNode; title?: ReactNode; description?: ReactNode }) {
  return (
    <div className="card-meta">
      {avatar ? <div className="card-meta-avatar">{avatar}</div> : null}
      <div>
        {title ? <div className="card-meta-title">{title}</div> : null}
        {description ? <div className="card-meta-description">{description}</div> : null}
      </div>
    </div>
  );
}

export function Card({ cover, title, children, className, ...rest }: CardProps) {
  return (
    <div className={className ? `card ${className}` : 'card'} {...rest}>
      {cover ? <div className="card-cover-frame">{cover}</div> : null}
      {title ? <div className="card-head">{title}</div> : null}
      <div className="card-body">{children}</div>
    </div>
  );
}

Card.Meta = CardMeta;

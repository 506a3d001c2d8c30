/**
 * antd's card look for the public pages, without antd's Card module: that module imports Tabs (for its
 * `tabList`), and Tabs brings rc-tabs, rc-menu, rc-dropdown, rc-overflow and the trigger machinery — about
 * 38 KiB of gzipped JS on every public page that shows a card (issue 9 §4: ≤ 200 KiB for a first visit).
 * Same markup shape (cover, body, meta) and look (styles.css `.lcard`); the areas keep antd's Card.
 */
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  cover?: ReactNode;
  title?: ReactNode;
  children?: ReactNode;
}

function CardMeta({ avatar, title, description }: { avatar?: ReactNode; title?: ReactNode; description?: ReactNode }) {
  return (
    <div className="lcard-meta">
      {avatar ? <div className="lcard-meta-avatar">{avatar}</div> : null}
      <div>
        {title ? <div className="lcard-meta-title">{title}</div> : null}
        {description ? <div className="lcard-meta-description">{description}</div> : null}
      </div>
    </div>
  );
}

export function Card({ cover, title, children, className, ...rest }: CardProps) {
  return (
    <div className={className ? `lcard ${className}` : 'lcard'} {...rest}>
      {cover ? <div className="lcard-cover">{cover}</div> : null}
      {title ? <div className="lcard-head">{title}</div> : null}
      <div className="lcard-body">{children}</div>
    </div>
  );
}

Card.Meta = CardMeta;

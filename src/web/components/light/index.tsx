/**
 * antd's look for the simple pieces of the public pages, without antd's code (issue 9 §4). A public page is
 * server-rendered and should download ≤ 200 KiB of gzipped JS on a first visit: each antd component brings
 * its module, its style generator (run again in the browser while the page hydrates, which is most of the
 * main thread's work on a phone) and its icons. These render the same kind of markup with the same look
 * from styles.css (`.btn`, `.tag`, `.alert`, `.skeleton`, `.row`/`.col-*`, `.space`); antd stays for what
 * is really interactive (selects, dialogs, drawers, menus) and in the member, company and admin areas.
 * Same prop names as antd's for the subset used, so a page can move between the two by its import.
 */
import type { ButtonHTMLAttributes, CSSProperties, HTMLAttributes, ReactNode } from 'react';
import './light.css';
import { useHydrated } from '../../hooks/useHydrated';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';

const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'primary' | 'default' | 'link' | 'text';
  /** A link drawn as a button (a real `<a>`: it works before the page's scripts run). */
  href?: string;
  htmlType?: 'button' | 'submit' | 'reset';
  size?: 'small' | 'middle' | 'large';
  icon?: ReactNode;
  loading?: boolean;
  block?: boolean;
  danger?: boolean;
  ghost?: boolean;
}

export function Button({
  type = 'default',
  htmlType = 'button',
  size = 'middle',
  icon,
  loading = false,
  block,
  danger,
  ghost,
  className,
  children,
  disabled,
  href,
  ...rest
}: ButtonProps) {
  // a button that only a script can run is disabled until the page's scripts have started (a server-rendered
  // page is shown before them): a click is never silently lost. Links and form buttons work at once.
  const hydrated = useHydrated();
  const waiting = !hydrated && href === undefined && htmlType === 'button' && rest.onClick !== undefined;
  const classes = cx(
    'btn',
    `btn-${type}`,
    size !== 'middle' && `btn-${size}`,
    block && 'btn-block',
    danger && 'btn-danger',
    ghost && 'btn-ghost',
    !children && 'btn-icon-only',
    className,
  );
  const content = (
    <>
      {loading ? <LoadingOutlined aria-hidden="true" /> : icon}
      {children !== undefined && children !== null ? <span>{children}</span> : null}
    </>
  );
  if (href !== undefined) {
    return (
      <a className={classes} href={href} {...(rest as HTMLAttributes<HTMLAnchorElement>)}>
        {content}
      </a>
    );
  }
  return (
    <button
      type={htmlType}
      className={classes}
      disabled={disabled || loading || waiting}
      aria-busy={loading || undefined}
      {...rest}
    >
      {content}
    </button>
  );
}

/** A tag; `color` is one of the theme's solid tag colours (TAG_COLORS, dark enough for white text), as antd draws a hex colour. */
export function Tag({
  color,
  icon,
  className,
  style,
  children,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { color?: string; icon?: ReactNode }) {
  const tinted: CSSProperties | undefined = color
    ? { color: '#fff', background: color, borderColor: 'transparent', ...style }
    : style;
  return (
    <span className={cx('tag', className)} style={tinted} {...rest}>
      {icon ? <>{icon} </> : null}
      {children}
    </span>
  );
}

const ALERT_ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

export function Alert({
  type = 'info',
  showIcon,
  message,
  description,
  action,
  icon,
  className,
  ...rest
}: Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  type?: keyof typeof ALERT_ICONS;
  showIcon?: boolean;
  icon?: ReactNode;
  message?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  const Icon = ALERT_ICONS[type];
  return (
    <div
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      className={cx('alert', `alert-${type}`, description ? 'alert-with-description' : null, className)}
      {...rest}
    >
      {showIcon ? (
        icon ? (
          <span className="alert-icon" aria-hidden="true">
            {icon}
          </span>
        ) : (
          <Icon className="alert-icon" aria-hidden="true" />
        )
      ) : null}
      <div className="alert-content">
        {message ? <div className="alert-message">{message}</div> : null}
        {description ? <div className="alert-description">{description}</div> : null}
      </div>
      {action ? <div className="alert-action">{action}</div> : null}
    </div>
  );
}

/** Grey bars while content loads (antd's Skeleton look; `active` shimmers, unless the visitor asks for less motion). */
export function Skeleton({
  active,
  avatar,
  paragraph = { rows: 3 },
}: {
  active?: boolean;
  avatar?: boolean;
  paragraph?: { rows?: number };
}) {
  const rows = paragraph.rows ?? 3;
  return (
    <div className={cx('skeleton', active && 'skeleton-active')} aria-busy="true">
      {avatar ? <span className="skeleton-avatar" /> : null}
      <div className="skeleton-content">
        <span className="skeleton-title" />
        {Array.from({ length: rows }, (_, i) => (
          <span key={i} className="skeleton-line" style={i === rows - 1 ? { width: '61%' } : undefined} />
        ))}
      </div>
    </div>
  );
}

type Gutter = number | [number, number];

/** A row of columns (antd's 24-column grid with the theme's breakpoints: sm 576, md 768, lg 992, xl 1281, xxl 1400; the spans light.css defines). */
export function Row({
  gutter = 0,
  className,
  style,
  children,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { gutter?: Gutter }) {
  const [x, y] = Array.isArray(gutter) ? gutter : [gutter, 0];
  return (
    <div
      className={cx('row', className)}
      style={{ columnGap: x, rowGap: y, ['--gutter' as string]: `${x}px`, ...style }}
      {...rest}
    >
      {children}
    </div>
  );
}

type Spans = Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl' | 'span', number>>;

export function Col({
  xs,
  sm,
  md,
  lg,
  xl,
  xxl,
  span,
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLDivElement> & Spans) {
  const spans = { span: span ?? (xs === undefined ? 24 : undefined), xs, sm, md, lg, xl, xxl };
  const classes = Object.entries(spans)
    .filter(([, value]) => value !== undefined)
    .map(([size, value]) => (size === 'span' ? `col-${value}` : `col-${size}-${value}`));
  return (
    <div className={cx('col', ...classes, className)} {...rest}>
      {children}
    </div>
  );
}

const SPACE = { small: 8, middle: 16, large: 24 } as const;

export function Space({
  size = 'small',
  direction = 'horizontal',
  wrap,
  align,
  className,
  style,
  children,
  ...rest
}: HTMLAttributes<HTMLDivElement> & {
  size?: keyof typeof SPACE | number;
  direction?: 'horizontal' | 'vertical';
  wrap?: boolean;
  align?: 'start' | 'end' | 'center' | 'baseline';
}) {
  const gap = typeof size === 'number' ? size : SPACE[size];
  return (
    <div
      className={cx('space', direction === 'vertical' && 'space-vertical', wrap && 'space-wrap', className)}
      style={{ gap, alignItems: align, ...style }}
      {...rest}
    >
      {children}
    </div>
  );
}

type Columns = Partial<Record<'xs' | 'md' | 'xl', 1 | 2 | 3>>;

function DescriptionsItem({ label, children }: { label: ReactNode; children?: ReactNode }) {
  return (
    <div className="descriptions-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Label–value pairs (antd's bordered Descriptions look) as a definition list, 1 to 3 pairs a row by width. */
export function Descriptions({
  column = { xs: 1 },
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLDListElement> & { column?: Columns; bordered?: boolean; size?: 'small' | 'middle' }) {
  const { bordered: _bordered, size: _size, ...list } = rest as typeof rest & { bordered?: boolean; size?: string };
  const classes = Object.entries(column).map(([at, count]) => `descriptions-${at}-${count}`);
  return (
    <dl className={cx('descriptions', ...classes, className)} {...list}>
      {children}
    </dl>
  );
}

Descriptions.Item = DescriptionsItem;

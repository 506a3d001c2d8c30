import { Link } from 'react-router';
import { useLocale } from '../hooks/useLocale';
import type { AccountItem } from './accountItems';

/** One account menu item as a link: a page of the portal, or the e-book library in a new tab. */
export function AccountLink({ item, onClick }: { item: AccountItem; onClick?: () => void }) {
  const { to } = useLocale();
  if (item.href)
    return (
      <a href={item.href} target="_blank" rel="noreferrer" onClick={onClick}>
        {item.label}
      </a>
    );
  return (
    <Link to={to(item.route!)} onClick={onClick}>
      {item.label}
    </Link>
  );
}

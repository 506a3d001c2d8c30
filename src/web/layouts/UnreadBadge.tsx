/**
 * The header's unread messages (issue 29 §2): pushed by the server as it changes (server-sent events,
 * layouts/unreadStream.ts), and asked every POLL_MS while the page is visible and the stream is not live (GET
 * /usr|/com/messages/unread), so a new message shows without a reload either way. Light: no antd (the header is on
 * every page).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';
import { request } from '../providers/http';
import { listenUnread } from './unreadStream';
import { MESSAGES_READ_EVENT } from './MessagesBadge';

export const POLL_MS = 20_000;
export default function UnreadBadge({ area }: { area: 'usr' | 'com' }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let stopped = false;
    let live = false;
    const streams = new AbortController();
    listenUnread(
      area,
      streams.signal,
      (count) => !stopped && setUnread(count),
      (isLive) => (live = isLive),
    );
    const ask = () => {
      if (document.visibilityState === 'hidden') return;
      request<{ unread: number }>(area, 'messages/unread').then(
        (answer) => !stopped && setUnread(answer.unread),
        () => undefined, // a failed poll keeps the last count; the next one tries again
      );
    };
    ask();
    const timer = setInterval(() => !live && ask(), POLL_MS);
    document.addEventListener('visibilitychange', ask);
    window.addEventListener(MESSAGES_READ_EVENT, ask);
    return () => {
      stopped = true;
      streams.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', ask);
      window.removeEventListener(MESSAGES_READ_EVENT, ask);
    };
  }, [area]);
  const label = t('messages.unread', { count: unread });
  return (
    <Link
      to={to(area === 'usr' ? 'user.messages' : 'company.messages')}
      className="messages-badge"
      aria-label={`${t('resources.messages')}: ${label}`}
      data-testid="messages-badge"
    >
      <span aria-hidden="true">✉</span>
      {unread > 0 && <span className="messages-badge-count">{unread > 99 ? '99+' : unread}</span>}
    </Link>
  );
}

/**
 * /user/messages (and /company/messages): my conversations, newest first, with their unread counts; the inbox or
 * the archive, and a search over the messages (GET /usr|/com/messages, issue 29). On a phone the list is one column
 * (name, date and preview stacked; the thread opens as its own page), so nothing scrolls sideways. An empty inbox
 * says how a conversation starts: from the directory for a member, from an offer's candidates for a company.
 */
import { useState } from 'react';
import { Badge, Card, Input, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTable } from '@refinedev/antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import { AREA, type Conversation, type MessagesArea } from './messageTypes';

export function Inbox({ area }: { area: MessagesArea }) {
  const { t } = useTranslation();
  const { to, lng } = useLocale();
  const [archived, setArchived] = useState(false);
  const [q, setQ] = useState('');
  const { tableProps } = useTable<Conversation>({
    resource: AREA[area].resource,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
    filters: {
      mode: 'server',
      permanent: [
        { field: 'archived', operator: 'eq', value: archived },
        { field: 'q', operator: 'eq', value: q || undefined },
      ],
    },
  });
  const name = (row: Conversation) => row.with.name ?? t('messages.formerMember');
  const about = (row: Conversation) => (row.job_title ? `${t('messages.about')}: ${row.job_title} · ` : '');
  const columns: ColumnsType<Conversation> = [
    {
      key: 'with',
      title: t('messages.with'),
      render: (_, row) => (
        <div className="inbox-line">
          <Badge count={row.unread_count} size="small" offset={[8, 0]}>
            <Link to={to(AREA[area].show, { hash: row.hash })} data-testid="conversation-link">
              {row.unread_count > 0 ? <strong>{name(row)}</strong> : name(row)}
            </Link>
          </Badge>
          {/* a phone's one column: the date and the preview under the name */}
          <div className="inbox-line-narrow">
            <Typography.Text type="secondary">{formatDate(row.last_message_at, lng)}</Typography.Text>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="inbox-preview">
              {about(row)}
              {row.preview}
            </Typography.Paragraph>
          </div>
        </div>
      ),
    },
    {
      key: 'preview',
      responsive: ['md'],
      title: t('resources.messages'),
      render: (_, row) => (
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
          {about(row)}
          {row.preview}
        </Typography.Text>
      ),
    },
    { key: 'at', title: '', responsive: ['md'], render: (_, row) => formatDate(row.last_message_at, lng) },
  ];
  return (
    <Card>
      <div className="page-heading">
        <h1>{t('resources.messages')}</h1>
      </div>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Segmented
          value={archived ? 'archived' : 'inbox'}
          onChange={(value) => setArchived(value === 'archived')}
          options={[
            { value: 'inbox', label: t('messages.inbox') },
            { value: 'archived', label: t('messages.archived') },
          ]}
        />
        <Input.Search
          allowClear
          aria-label={t('messages.search')}
          placeholder={t('messages.search')}
          onSearch={(value) => setQ(value.trim())}
          style={{ maxWidth: 320 }}
        />
      </div>
      <Table
        {...tableProps}
        rowKey="hash"
        columns={columns}
        // the back office explains how to start above its list (AdminInboxPage); members and companies here
        locale={{ emptyText: archived || q || area === 'admin' ? t('messages.empty') : <EmptyInbox area={area} /> }}
        data-testid="inbox"
      />
    </Card>
  );
}

/** How a conversation starts, where it starts. */
function EmptyInbox({ area }: { area: MessagesArea }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const member = area === 'user';
  return (
    <div className="inbox-empty" data-testid="inbox-empty">
      <Typography.Paragraph>{member ? t('messages.emptyMember') : t('messages.emptyCompany')}</Typography.Paragraph>
      <Link to={to(member ? 'community.directory' : 'company.jobs')}>
        {member ? t('messages.toDirectory') : t('messages.toOffers')}
      </Link>
    </div>
  );
}

export default function InboxPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('resources.messages')} · Alumni`);
  return <Inbox area="user" />;
}

/**
 * /{lng}/admin/users: the alumni validation queue and member search — the accounts queue (components/AccountQueue) over GET
 * /adm/users, with one column per decision-relevant fact (so it fits 1400 px) and the member's detail drawer.
 */
import { useState } from 'react';
import { Button, Tag, App as AntApp } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AccountQueue } from '../components/AccountQueue';
import { MemberDrawer } from './components/MemberDrawer';
import type { AdminUser } from './types';
import type { MemberStatus } from '../../../../shared/memberMoves';
import { sortName } from '../../../lib/names';
import { downloadFile } from '../../../lib/downloadCsv';

type Member = AdminUser & { status: MemberStatus };

export default function UsersQueuePage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const { message } = AntApp.useApp();
  // the members list as a file with the list's filters (GET /adm/users/export, issue 28 §4)
  const exportAs = (format: 'csv' | 'xlsx', filters: { status?: string; text?: string }) =>
    downloadFile('adm', 'users/export', `members.${format}`, { ...filters, format }).catch((error: unknown) =>
      message.error((error as Error).message),
    );
  return (
    <AccountQueue<Member>
      resource="users"
      testId="admin-users"
      title={t('admin.users.title')}
      searchPlaceholder={t('admin.users.search')}
      keys="admin.decision"
      scrollX={(filtered) => (filtered ? 1120 : 1240)}
      onRow={(row) => ({ onDoubleClick: () => setShown(row.hash) })}
      tools={(filters) => (
        <>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportAs('csv', filters)}
            data-testid="users-export-csv"
          >
            {t('admin.users.exportCsv')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportAs('xlsx', filters)}
            data-testid="users-export-xlsx"
          >
            {t('admin.users.exportXlsx')}
          </Button>
        </>
      )}
      columns={() => [
        {
          title: t('admin.users.member'),
          width: 280,
          render: (_, row) => (
            <>
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => setShown(row.hash)}
              >
                {row.status === 'DELETED' ? t('user.formerMember') : sortName(row)}
              </Button>
              <div className="admin-member-email" data-testid="member-email">
                <span style={{ wordBreak: 'break-all' }}>{row.email}</span>{' '}
                {row.email_confirmed === false && <Tag color="orange">{t('admin.users.unconfirmed')}</Tag>}
              </div>
            </>
          ),
        },
        {
          title: t('admin.users.document'),
          width: 140,
          render: (_, row) => `${row.document_type ?? ''} ${row.document_number ?? '—'}`,
        },
        {
          title: t('admin.users.studies'),
          width: 200,
          render: (_, row) => [row.category?.title, row.graduation_year].filter(Boolean).join(' · ') || '—',
        },
        {
          title: t('admin.users.requested'),
          width: 140,
          render: (_, row) => (
            <Tag color={row.requested_role === 'BOLD' ? 'purple' : 'blue'}>{t(`role.${row.requested_role}`)}</Tag>
          ),
        },
      ]}
    >
      {(onDecide) => <MemberDrawer hash={shown} onClose={() => setShown(null)} onDecide={onDecide} />}
    </AccountQueue>
  );
}

/**
 * /{lng}/admin/jobs (issue 11 §2): the offer review queue on the member queue's pattern — GET /adm/jobs with
 * useTable, PENDING by default, text search, each row opening to the offer as members will read it, decisions
 * from src/shared/offerMoves.ts (publish; reject or take down with a reason the company receives), bulk selection.
 */
import { useState } from 'react';
import { useTable } from '@refinedev/antd';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OFFER_STATUSES, findOfferMove, offerMovesFrom, type OfferStatus } from '../../../../shared/offerMoves';
import type { Locale } from '../../../../shared/constants';
import { Markdown } from '../../../components/Markdown';
import { formatDate } from '../../../lib/dates';
import { OfferStatusTag } from '../../company/jobs/components/OfferStatusTag';
import type { Offer } from '../../company/jobs/types';
import { DecisionModal } from '../components/DecisionModal';
import { useDecision } from '../components/useDecision';

const KEYS = 'admin.jobDecision';

export default function JobsQueuePage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const [selected, setSelected] = useState<string[]>([]);
  const [asking, setAsking] = useState<{ hashes: string[]; status: OfferStatus; from: OfferStatus } | null>(null);
  const { tableProps, filters, setFilters } = useTable<Offer>({
    resource: 'adm/jobs',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'PENDING' }], mode: 'server' },
    sorters: { mode: 'off' },
  });
  const { decide, pending } = useDecision('jobs', KEYS, () => {
    setSelected([]);
    setAsking(null);
  });
  const value = (field: string) =>
    (filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined) ?? undefined;
  const status = value('status') as OfferStatus | undefined;
  const setFilter = (field: string, next: string | undefined) =>
    setFilters([{ field, operator: 'eq', value: next || undefined }], 'merge');
  const onDecide = (hashes: string[], from: OfferStatus, to: OfferStatus) =>
    findOfferMove(from, to, 'admin')?.needs === 'reason' ? setAsking({ hashes, status: to, from }) : decide(hashes, to);
  const label = (from: OfferStatus, to: OfferStatus) => (to === 'REJECTED' && from === 'PUBLISHED' ? 'REMOVED' : to);
  const bulkMoves = status ? offerMovesFrom(status, 'admin') : [];

  return (
    <section data-testid="admin-jobs">
      <Typography.Title level={2}>{t('admin.jobs.title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('offers.statusFilter')}
          style={{ width: 220 }}
          value={status ?? ''}
          onChange={(next) => setFilter('status', next)}
          options={[
            { value: '', label: t('offers.allStatuses') },
            ...OFFER_STATUSES.map((s) => ({ value: s, label: t(`offers.status.${s}`) })),
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('admin.jobs.search')}
          style={{ width: 320 }}
          defaultValue={value('text')}
          onSearch={(text) => setFilter('text', text.trim())}
        />
        {selected.length > 0 &&
          status &&
          bulkMoves.map((move) => (
            <Button
              key={move.to}
              type={move.to === 'PUBLISHED' ? 'primary' : 'default'}
              danger={move.to === 'REJECTED'}
              data-bulk={move.to}
              loading={pending}
              onClick={() => onDecide(selected, status, move.to)}
            >
              {t(`${KEYS}.${label(status, move.to)}.bulk`, { count: selected.length })}
            </Button>
          ))}
      </Space>
      <Table<Offer>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 1100 }}
        rowSelection={
          status
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                getCheckboxProps: (row) => ({
                  disabled: false,
                  'aria-label': t('admin.selectRow', { name: row.title }),
                }),
              }
            : undefined
        }
        expandable={{
          expandedRowRender: (row) => (
            <div className="admin-offer-preview" data-testid="offer-preview">
              {row.tags?.length ? (
                <Space wrap style={{ marginBottom: 8 }}>
                  {row.tags.map((tag) => (
                    <Tag key={tag.hash}>{tag.title}</Tag>
                  ))}
                </Space>
              ) : null}
              <Markdown source={row.description ?? ''} className="markdown" />
              {row.reason ? (
                <Typography.Paragraph type="danger">{`${t('offers.rejectedBecause')} ${row.reason}`}</Typography.Paragraph>
              ) : null}
            </div>
          ),
        }}
        columns={[
          {
            title: t('admin.jobs.offer'),
            width: 320,
            render: (_, row) => (
              <>
                <strong>{row.title}</strong>
                <div className="muted">{`${row.location ?? ''} · ${t(`jobs.contract.${row.contract}`)}`}</div>
              </>
            ),
          },
          { title: t('admin.jobs.company'), width: 220, render: (_, row) => row.company?.name },
          ...(status
            ? []
            : [
                {
                  title: t('offers.statusFilter'),
                  width: 150,
                  render: (_: unknown, row: Offer) => <OfferStatusTag status={row.status} />,
                },
              ]),
          { title: t('offers.created'), width: 120, render: (_, row) => formatDate(row.cdate, lng) },
          {
            title: t('admin.users.actions'),
            fixed: 'right',
            width: 230,
            render: (_, row) => (
              <Space wrap size={4}>
                {(row.moves ?? []).map((move) => (
                  <Button
                    key={move.to}
                    size="small"
                    type={move.to === 'PUBLISHED' ? 'primary' : 'default'}
                    danger={move.to === 'REJECTED'}
                    loading={pending}
                    data-move={move.to}
                    onClick={() => onDecide([row.hash], row.status, move.to as OfferStatus)}
                  >
                    {t(`${KEYS}.${label(row.status, move.to as OfferStatus)}.action`)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <DecisionModal
        status={asking ? label(asking.from, asking.status) : null}
        count={asking?.hashes.length ?? 0}
        required
        keys={KEYS}
        reasonKeys="admin.jobReason"
        pending={pending}
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => asking && decide(asking.hashes, asking.status, reason)}
      />
    </section>
  );
}

/**
 * /company/jobs (issue 11 §3): the company's offers in a Refine useTable over GET /com/jobs — text search,
 * status filter, sorting, 10 a page, the state in a short URL — each with its status, applicants by status,
 * dates and the moves open to it now.
 */
import { useTable } from '@refinedev/antd';
import { Button, Empty, Input, Select, Space, Table, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OFFER_STATUSES } from '../../../../shared/offerMoves';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import { OfferMoves } from './components/OfferMoves';
import { OfferStatusTag } from './components/OfferStatusTag';
import { useOfferMove } from './components/useOfferMove';
import { useTableUrl } from './components/useTableUrl';
import { OFFER_PAGE_SIZE, offerListStart } from './listStart';
import type { Offer } from './types';

export default function OfferListPage() {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const [params] = useSearchParams();
  useDocumentTitle(`${t('pages.company.jobs')} · Alumni`);
  const moves = useOfferMove();
  // the same first state the read ahead at boot asked for (routing/firstRead.ts), whose answer the first read takes
  const initial = offerListStart(params);
  const { tableProps, filters, setFilters, sorters, currentPage } = useTable<Offer>({
    resource: 'com/jobs',
    syncWithLocation: false,
    pagination: { pageSize: OFFER_PAGE_SIZE, currentPage: initial.currentPage },
    filters: { initial: initial.filters, mode: 'server' },
    sorters: { initial: initial.sorters, mode: 'server' },
  });
  useTableUrl({ filters, sorters, currentPage }, '-cdate');
  const value = (field: string) =>
    (filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined) ?? undefined;
  const setFilter = (field: string, next: string | undefined) =>
    setFilters([{ field, operator: 'eq', value: next || undefined }], 'merge');
  const order = (field: string) =>
    sorters[0]?.field === field ? (sorters[0].order === 'desc' ? 'descend' : 'ascend') : null;

  return (
    <section data-testid="company-jobs">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {t('pages.company.jobs')}
        </Typography.Title>
        <Link to={to('company.jobs.new')}>
          <Button type="primary" icon={<PlusOutlined />}>
            {t('pages.company.jobs.new')}
          </Button>
        </Link>
      </Space>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('offers.search')}
          aria-label={t('offers.search')}
          style={{ width: 280 }}
          defaultValue={value('text')}
          onSearch={(text) => setFilter('text', text.trim())}
        />
        <Select
          aria-label={t('offers.statusFilter')}
          style={{ width: 200 }}
          value={value('status') ?? ''}
          onChange={(next) => setFilter('status', next)}
          options={[
            { value: '', label: t('offers.allStatuses') },
            ...OFFER_STATUSES.map((s) => ({ value: s, label: t(`offers.status.${s}`) })),
          ]}
        />
      </Space>
      <Table<Offer>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 980 }}
        locale={{
          emptyText: (
            <Empty description={value('text') || value('status') ? t('offers.noneFound') : t('offers.none')} />
          ),
        }}
        columns={[
          {
            title: t('fields.title'),
            dataIndex: 'title',
            sorter: true,
            sortOrder: order('title'),
            render: (_, row) => (
              <>
                <Link to={to('company.jobs.show', { hash: row.hash })}>{row.title}</Link>
                <div className="muted">{`${row.location ?? ''} · ${t(`jobs.contract.${row.contract}`)}`}</div>
              </>
            ),
          },
          {
            title: t('offers.statusFilter'),
            dataIndex: 'status',
            width: 150,
            sorter: true,
            sortOrder: order('status'),
            render: (_, row) => <OfferStatusTag status={row.status} />,
          },
          {
            title: t('offers.applicants'),
            width: 150,
            render: (_, row) => (
              <Tooltip
                title={t('offers.applicantsDetail', {
                  pending: row.applicants?.PENDING ?? 0,
                  accepted: row.applicants?.ACCEPTED ?? 0,
                  cancelled: row.applicants?.CANCELLED ?? 0,
                })}
              >
                <Link to={to('company.jobs.users', { hash: row.hash })} data-testid="applicants">
                  {t('offers.applicantsCount', {
                    count:
                      (row.applicants?.PENDING ?? 0) +
                      (row.applicants?.ACCEPTED ?? 0) +
                      (row.applicants?.CANCELLED ?? 0),
                  })}
                </Link>
              </Tooltip>
            ),
          },
          {
            title: t('offers.views'),
            dataIndex: 'views',
            width: 100,
            align: 'right',
            render: (_, row) => <span data-testid="views">{row.views ?? 0}</span>,
          },
          {
            title: t('offers.created'),
            dataIndex: 'cdate',
            width: 130,
            sorter: true,
            sortOrder: order('cdate'),
            render: (_, row) => formatDate(row.cdate, lng),
          },
          {
            title: t('offers.expires'),
            dataIndex: 'expires_at',
            width: 130,
            sorter: true,
            sortOrder: order('expires_at'),
            render: (_, row) => formatDate(row.expires_at, lng),
          },
          {
            title: t('admin.users.actions'),
            width: 230,
            render: (_, row) => <OfferMoves offer={row} moves={moves} size="small" />,
          },
        ]}
      />
    </section>
  );
}

/**
 * The frame of a list of the signed-in person's own records (projects, work experiences, the groups they run): the
 * heading with the create button, Refine's useTable over the resource, and the states every such list needs —
 * loading, a load error with a retry, an empty list that invites to create the first record, and pagination only
 * when there is more than one page. The page gives only what differs: the records' own layout.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Card, Empty, Pagination, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTable, type useTableReturnType } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../Spinner';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

export interface OwnRecordsListProps<T extends BaseRecord> {
  /** the resource's name in the resource map (src/web/resources) */
  resource: string;
  pageSize: number;
  title: string;
  /** data-testid of the section */
  testId: string;
  create: { to: string; label: string; testId: string };
  empty: { icon: ReactNode; title: string; text: string };
  /**
   * The records. `pagination: 'own'` lets the frame add antd's Pagination under them; a page that renders an antd
   * Table spreads `tableProps` (with its own pagination) and says `pagination: 'table'`.
   */
  children: (items: T[], tableProps: useTableReturnType<T>['tableProps']) => ReactNode;
  pagination?: 'own' | 'table';
}

export function OwnRecordsList<T extends BaseRecord>({
  resource,
  pageSize,
  title,
  testId,
  create,
  empty,
  children,
  pagination = 'own',
}: OwnRecordsListProps<T>) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · Alumni`);
  const { tableProps, tableQuery } = useTable<T>({
    resource,
    syncWithLocation: false,
    pagination: { pageSize },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const items = (tableProps.dataSource ?? []) as T[];
  const pages = tableProps.pagination || undefined;
  const isEmpty = !tableQuery.isLoading && !tableQuery.isError && items.length === 0;
  const createButton = (
    <Link to={create.to}>
      <Button type="primary" icon={<PlusOutlined />} data-testid={create.testId}>
        {create.label}
      </Button>
    </Link>
  );

  return (
    <section data-testid={testId}>
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {items.length > 0 && createButton}
      </Space>
      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('errors.unexpected.title')}
          action={<Button onClick={() => void tableQuery.refetch()}>{t('common.retry')}</Button>}
        />
      ) : tableQuery.isLoading && pagination === 'own' ? (
        <Spinner />
      ) : isEmpty ? (
        <Card>
          <Empty
            image={empty.icon}
            description={
              <>
                <Typography.Title level={4}>{empty.title}</Typography.Title>
                <Typography.Text type="secondary">{empty.text}</Typography.Text>
              </>
            }
          >
            {createButton}
          </Empty>
        </Card>
      ) : (
        <>
          {children(items, tableProps)}
          {pagination === 'own' && pages && (pages.total ?? 0) > pageSize && (
            <Pagination
              style={{ marginTop: 24, textAlign: 'center' }}
              {...pages}
              hideOnSinglePage
              showSizeChanger={false}
              onChange={(page, size) => pages.onChange?.(page, size)}
            />
          )}
        </>
      )}
    </section>
  );
}

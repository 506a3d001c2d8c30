/**
 * The frame of the member's own lists (saved articles, applications, groups): title with the count,
 * an optional control row (view switch), then loading, error (with retry), empty state or the items,
 * and pagination only when there is more than one page (SPEC §9).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Card, Empty, Pagination, Space, Typography, type PaginationProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';

export interface ListFrameProps {
  testId: string;
  title: string;
  /** "3 saved articles": shown once the list has loaded and is not empty. */
  count?: string;
  controls?: ReactNode;
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  empty: { icon: ReactNode; title: string; text: string; action: ReactNode };
  isEmpty: boolean;
  pagination?: PaginationProps | false;
  pageSize: number;
  children: ReactNode;
}

export function ListFrame(props: ListFrameProps) {
  const { t } = useTranslation();
  const { query, pagination } = props;
  return (
    <section data-testid={props.testId} className="member-list">
      <Space direction="vertical" size={4} style={{ width: '100%', marginBottom: 16 }}>
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
        {props.count && !query.isLoading && !props.isEmpty ? (
          <Typography.Text type="secondary" data-testid="list-count">
            {props.count}
          </Typography.Text>
        ) : null}
      </Space>
      {props.controls ? <div style={{ marginBottom: 16 }}>{props.controls}</div> : null}
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('errors.unexpected.title')}
          action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : query.isLoading ? (
        <Spinner />
      ) : props.isEmpty ? (
        <Card data-testid="list-empty">
          <Empty
            image={props.empty.icon}
            styles={{ image: { height: 64, marginBottom: 16 } }}
            description={
              <>
                <Typography.Title level={4}>{props.empty.title}</Typography.Title>
                <Typography.Text type="secondary">{props.empty.text}</Typography.Text>
              </>
            }
          >
            {props.empty.action}
          </Empty>
        </Card>
      ) : (
        <>
          {props.children}
          {pagination && (pagination.total ?? 0) > props.pageSize ? (
            <Pagination
              style={{ marginTop: 24, textAlign: 'center' }}
              {...pagination}
              hideOnSinglePage
              showSizeChanger={false}
              onChange={(page, size) => pagination.onChange?.(page, size)}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * /user/experiences: the member's own work experiences, most recent first (GET /usr/workExperiences
 * with Refine's useTable, 24 a page per SPEC §9): position, company, period (current when there is no
 * end), edit and delete (with a confirmation); an empty list invites to add the first one.
 */
import { Alert, Button, Card, Empty, Pagination, Space, Typography } from 'antd';
import { EditOutlined, PlusOutlined, SolutionOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { Spinner } from '../../../components/Spinner';
import { useLocale } from '../../../hooks/useLocale';
import { DeleteRecord } from '../portfolios/DeleteRecord';
import { Period } from './Period';
import type { Experience } from './types';

export default function ExperienceListPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(`${t('pages.user.experiences')} · Alumni`);
  const { tableProps, tableQuery } = useTable<Experience>({
    resource: 'usr/workExperiences',
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.experiences },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const items = (tableProps.dataSource ?? []) as Experience[];
  const pagination = tableProps.pagination || undefined;
  const create = (
    <Link to={to('user.experiences.new')}>
      <Button type="primary" icon={<PlusOutlined />} data-testid="create">
        {t('experiences.create')}
      </Button>
    </Link>
  );

  return (
    <section data-testid="user-experiences">
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {t('pages.user.experiences')}
        </Typography.Title>
        {items.length > 0 && create}
      </Space>
      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('errors.unexpected.title')}
          action={<Button onClick={() => void tableQuery.refetch()}>{t('common.retry')}</Button>}
        />
      ) : tableQuery.isLoading ? (
        <Spinner />
      ) : items.length === 0 ? (
        <Card>
          <Empty
            image={<SolutionOutlined style={{ fontSize: 56, color: '#bbb' }} />}
            description={
              <>
                <Typography.Title level={4}>{t('experiences.empty.title')}</Typography.Title>
                <Typography.Text type="secondary">{t('experiences.empty.text')}</Typography.Text>
              </>
            }
          >
            {create}
          </Empty>
        </Card>
      ) : (
        <>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {items.map((item) => (
              <Card
                key={item.hash}
                data-testid="experience-card"
                title={
                  <Link to={to('user.experiences.show', { hash: item.hash })} style={{ whiteSpace: 'normal' }}>
                    {item.name}
                  </Link>
                }
                actions={[
                  <Button
                    key="edit"
                    type="link"
                    icon={<EditOutlined />}
                    onClick={() => navigate(to('user.experiences.edit', { hash: item.hash }))}
                  >
                    {t('member.edit')}
                  </Button>,
                  <DeleteRecord key="delete" resource="workExperiences" id={item.hash} name={item.name} />,
                ]}
              >
                <Typography.Text strong>{item.company_name}</Typography.Text>
                {item.location && <Typography.Text type="secondary"> · {item.location}</Typography.Text>}
                {item.contract && (
                  <Typography.Text type="secondary"> · {t(`jobs.contract.${item.contract}`)}</Typography.Text>
                )}
                <div style={{ marginTop: 4 }}>
                  <Period start={item.start} end={item.end} />
                </div>
              </Card>
            ))}
          </Space>
          {pagination && (pagination.total ?? 0) > PAGE_SIZES.experiences && (
            <Pagination
              style={{ marginTop: 24, textAlign: 'center' }}
              {...pagination}
              hideOnSinglePage
              showSizeChanger={false}
              onChange={(page, size) => pagination.onChange?.(page, size)}
            />
          )}
        </>
      )}
    </section>
  );
}

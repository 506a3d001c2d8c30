/**
 * /user/experiences: the member's own work experiences, most recent first (GET /usr/workExperiences through
 * OwnRecordsList, 24 a page per SPEC §9): position, company, period (current when there is no end), edit and delete
 * (with a confirmation); an empty list invites to add the first one.
 */
import { Button, Card, Space, Typography } from 'antd';
import { EditOutlined, SolutionOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { OwnRecordsList } from '../../../components/lists/OwnRecordsList';
import { useLocale } from '../../../hooks/useLocale';
import { DeleteRecord } from '../portfolios/DeleteRecord';
import { Period } from './Period';
import type { Experience } from './types';

export default function ExperienceListPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  return (
    <OwnRecordsList<Experience>
      resource="usr/workExperiences"
      pageSize={PAGE_SIZES.experiences}
      title={t('pages.user.experiences')}
      testId="user-experiences"
      create={{ to: to('user.experiences.new'), label: t('experiences.create'), testId: 'create' }}
      empty={{
        icon: <SolutionOutlined style={{ fontSize: 56, color: '#bbb' }} />,
        title: t('experiences.empty.title'),
        text: t('experiences.empty.text'),
      }}
    >
      {(items) => (
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
      )}
    </OwnRecordsList>
  );
}

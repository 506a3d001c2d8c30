import type { ReactNode } from 'react';
import { List } from 'antd';
import { Button, Col, Row, Tag } from '../../../components/light';
import { Card } from '../../../components/Card';
import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { useIdentity } from '../../../hooks/useIdentity';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../../../hooks/useAllowed';
import { useLocale } from '../../../hooks/useLocale';
import { useMembershipTerms } from '../../../hooks/useMembershipTerms';
import { profileTab } from '../../../routing/profileTab';
import { Markdown } from '../../../components/Markdown';
import { useContentPage } from '../../../public/content';

const ITEMS = [
  { key: 'news', regular: true },
  { key: 'directory', regular: true },
  { key: 'jobs', regular: false },
  { key: 'events', regular: false },
  { key: 'groups', regular: false },
  { key: 'mentoring', regular: false },
  { key: 'facilities', regular: false },
  { key: 'discounts', regular: false },
  { key: 'card', regular: false },
];

/** SPEC §2: one variant for Regular and anonymous visitors (compare and upgrade), another for Bold and GRATIS. */
export default function BenefitsPage() {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const me = useIdentity();
  const allowed = useAllowed();
  // the association's own words about membership (back office, issue 14 §2)
  const intro = useContentPage(lng, 'benefits');
  const navigate = useNavigate();
  const terms = useMembershipTerms(); // the back office's fee and free period (issue 25 §8)
  const joinHref = me ? profileTab(to, 'membership') : to('user.register');
  const bold = me?.iss === 'user' && allowed('jobs.apply');
  useDocumentTitle(`${t('benefits.title')} · Alumni`);
  const plan = (name: 'regular' | 'bold', cta?: ReactNode) => (
    <Card className="cta-card" data-testid={`plan-${name}`}>
      <h2>{t(`benefits.${name}`)}</h2>
      <Tag>{name === 'regular' ? t('benefits.free') : terms.priceLine}</Tag>
      <List
        dataSource={ITEMS}
        renderItem={(item) => (
          <List.Item>
            {name === 'bold' || item.regular ? <CheckOutlined aria-hidden /> : <MinusOutlined aria-hidden />}{' '}
            {t(`benefits.items.${item.key}`)}
          </List.Item>
        )}
      />
      {cta}
    </Card>
  );
  return (
    <>
      <header className="page-heading">
        <h1>{t('benefits.title')}</h1>
        {bold ? <p data-testid="bold-variant">{t('benefits.youAreBold')}</p> : null}
        {intro?.body ? <Markdown source={intro.body} className="markdown benefits-intro" /> : null}
      </header>
      {bold ? (
        plan('bold')
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            {plan('regular')}
          </Col>
          <Col xs={24} md={12}>
            {plan(
              'bold',
              // inside the plan's card (a button after a full-height card overflowed its column onto the footer)
              <div className="plan-cta">
                <Button
                  type="primary"
                  size="large"
                  block
                  href={joinHref}
                  data-testid="join-cta"
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(joinHref);
                  }}
                >
                  {me ? t('benefits.upgrade') : t('benefits.join')}
                </Button>
              </div>,
            )}
          </Col>
        </Row>
      )}
    </>
  );
}

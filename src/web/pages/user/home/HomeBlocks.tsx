/** The member home's membership and profile blocks (issue 25 §13). */
import { useCustom } from '@refinedev/core';
import { Button, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { CrownOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { useMembershipTerms } from '../../../hooks/useMembershipTerms';
import { formatDate } from '../../../lib/dates';
import { TIER_TAG_COLORS } from '../../../theme';
import type { Membership } from '../card/SubscriptionPanel';
import { ProfileLevel } from '../profile/ProfileLevel';
import type { Me } from '../profile/useProfileForm';

/** The one next step of the member's membership, and where it is taken. */
function nextStep(membership: Membership): { key: string; date?: string | null; action: boolean } {
  const { role, subscription, card, mandate } = membership;
  if (role === 'REGULAR') return { key: 'regular', action: true };
  if (subscription && !subscription.renew)
    return { key: 'ending', date: subscription.current_period_end, action: true };
  if (subscription?.status === 'PAST_DUE') return { key: 'failing', action: true };
  if (role === 'GRATIS' && !card && !mandate)
    return { key: 'gratisNoPayment', date: membership.valid_until, action: true };
  if (role === 'GRATIS') return { key: 'gratisReady', date: membership.valid_until, action: false };
  return { key: 'bold', date: subscription?.next_charge_at ?? membership.valid_until, action: false };
}

export function MembershipBlock({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const terms = useMembershipTerms();
  const { query } = useCustom<Membership>({
    url: '/usr/subscription',
    method: 'get',
    queryOptions: { enabled: canManage },
  });
  const membership = query.data?.data;
  const title = (
    <>
      <CrownOutlined /> {t('memberHome.membership.title')}
    </>
  );
  if (!canManage) return null;
  if (!membership) {
    return (
      <Card title={title} data-testid="home-membership">
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  const step = nextStep(membership);
  const date = step.date ? formatDate(step.date, lng, 'long') : '';
  return (
    <Card title={title} data-testid="home-membership">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('membership.tier')}>
          <Tag color={TIER_TAG_COLORS[membership.role]}>{t(`role.${membership.role}`)}</Tag>
        </Descriptions.Item>
        {membership.valid_until && membership.role !== 'REGULAR' ? (
          <Descriptions.Item
            label={membership.role === 'GRATIS' ? t('membership.freeUntil') : t('subscription.validUntil')}
          >
            {formatDate(membership.valid_until, lng, 'long')}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Paragraph data-testid="home-membership-next">
        {t(`memberHome.membership.next.${step.key}`, { date, price: terms.priceLine })}
      </Typography.Paragraph>
      {step.action ? (
        <Link to={to('user.card')} data-testid={membership.role === 'REGULAR' ? 'home-become-bold' : 'home-card'}>
          <Button type="primary">{t(`memberHome.membership.action.${step.key}`)}</Button>
        </Link>
      ) : (
        <Link to={to('user.card')}>{t('memberHome.membership.seeCard')}</Link>
      )}
    </Card>
  );
}

export function ProfileBlock({ me, loading }: { me: Me | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Card
      title={
        <>
          <UserOutlined /> {t('memberHome.profile.title')}
        </>
      }
      data-testid="home-profile"
    >
      {loading || !me ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <ProfileLevel me={me} />
          <Link to={to('user.profile')} data-testid="home-profile-edit">
            <Button type={me.profile_complete ? 'default' : 'primary'}>
              {me.profile_complete ? t('memberHome.profile.edit') : t('memberHome.profile.complete')}
            </Button>
          </Link>
        </>
      )}
    </Card>
  );
}

/**
 * The Bold membership on /user/card (issue 13 §3; SPEC §2 "subscription keep or cancel"): what the member has (GET
 * /usr/subscription through Refine's useCustom) and the one decision their state allows — a Regular member becomes Bold
 * (pays the first year now by the default card or by direct debit), a renewing member can stop renewing (Bold until the
 * paid period ends), a member who stopped can keep the membership again. A failing payment says why and when it is tried
 * again. Every action asks first and says the outcome; a declined card shows the bank's reason.
 */
import type { Membership } from '../../../../shared/schema-types';
import { useCustom, useCustomMutation, useInvalidateAuthStore } from '@refinedev/core';
import { useRefreshAll } from '../../../hooks/useRefreshAll';
import { Alert, Button, Card, Descriptions, Grid, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { useSiteSettings } from '../../../hooks/useSiteSettings';
import { formatDate } from '../../../lib/dates';
import { profileTab } from '../../../routing/profileTab';
import { loadIdentity } from '../../../providers/auth';
import { TIER_TAG_COLORS } from '../../../theme';
import { UpgradeSteps } from './UpgradeSteps';

/** GET /usr/membership (schemas/membership.json). */
export type { Membership };

const TIER_COLOR = TIER_TAG_COLORS;

export const formatEuros = (cents: number, lng: string) =>
  new Intl.NumberFormat(lng, { style: 'currency', currency: 'EUR' }).format(cents / 100);

export function SubscriptionPanel() {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const wide = Grid.useBreakpoint().sm !== false;
  const { query } = useCustom<Membership>({ url: '/usr/subscription', method: 'get', queryOptions: { staleTime: 0 } });
  const { mutate, mutation } = useCustomMutation<Membership>();
  const refreshAll = useRefreshAll();
  const invalidateAuth = useInvalidateAuthStore();
  const cardPayments = useSiteSettings()?.cardPayments !== false; // PAYMENT_PROVIDER=none: direct debit only
  const membership = query.data?.data;
  if (!membership) return <Card className="subscription-panel">{<Skeleton active />}</Card>;

  const { role, subscription, card, mandate } = membership;
  const price = formatEuros(subscription?.amount_cents ?? membership.price_cents, lng);
  const until = membership.valid_until ? formatDate(membership.valid_until, lng, 'long') : null;
  const periodEnd = subscription ? formatDate(subscription.current_period_end, lng, 'long') : until;
  // keeping a Bold membership on: with what is on file (becoming Bold is UpgradeSteps)
  const chosen = card && cardPayments ? 'card' : mandate ? 'iban' : null;
  const target = chosen === 'iban' ? 'iban' : card?.hash;
  const cardLabel = card ? `${t(`cards.brand.${card.brand}`, { defaultValue: card.brand })} •••• ${card.last4}` : '';

  const act = (path: string, verb: 'post' | 'delete', success: string) =>
    mutate(
      {
        url: `/usr/${path}`,
        method: verb,
        values: {},
        successNotification: () => ({ type: 'success', message: success }),
      },
      {
        onSettled: async () => {
          void query.refetch();
          // the role may have changed: the identity (menus, guards, permissions) and the member card follow
          await loadIdentity(true);
          await invalidateAuth();
          void refreshAll();
        },
      },
    );

  const renewal = subscription
    ? subscription.renew
      ? t('subscription.renewsOn', {
          date: formatDate(subscription.next_charge_at ?? subscription.current_period_end, lng, 'long'),
          price,
          how:
            subscription.method === 'DEBIT'
              ? t('subscription.byDebit', { iban: membership.iban ?? '' })
              : card
                ? t('subscription.byCard', { card: cardLabel })
                : t('subscription.noCardYet'),
        })
      : t('subscription.endsOn', { date: periodEnd })
    : null;

  return (
    <Card
      className="subscription-panel"
      data-testid="subscription"
      title={
        <>
          <CrownOutlined /> {t('subscription.title')}
        </>
      }
    >
      <Descriptions column={1} size="small" bordered layout={wide ? 'horizontal' : 'vertical'}>
        <Descriptions.Item label={t('membership.tier')}>
          <Tag color={TIER_COLOR[role]} data-testid="subscription-role">
            {t(`role.${role}`)}
          </Tag>
        </Descriptions.Item>
        {until && role !== 'REGULAR' ? (
          <Descriptions.Item label={role === 'GRATIS' ? t('membership.freeUntil') : t('subscription.validUntil')}>
            {until}
          </Descriptions.Item>
        ) : null}
        {renewal ? (
          <Descriptions.Item label={t('subscription.renewal')}>
            <span data-testid="subscription-renewal">{renewal}</span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>

      {subscription?.status === 'PAST_DUE' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="subscription-failing"
          message={t('subscription.failing.title')}
          description={t('subscription.failing.text', {
            reason: t(`subscription.reason.${subscription.last_failure ?? 'declined'}`, {
              defaultValue: t('subscription.reason.declined'),
            }),
            date: subscription.next_charge_at ? formatDate(subscription.next_charge_at, lng, 'long') : '',
          })}
        />
      ) : null}

      {!subscription && role === 'REGULAR' ? (
        <UpgradeSteps
          membership={membership}
          price={price}
          cardLabel={cardLabel}
          cardPayments={cardPayments}
          paying={mutation.isPending}
          pay={(way) => act(`subscription/${way}/create`, 'post', t('subscription.upgrade.done'))}
        />
      ) : null}

      {!subscription && role !== 'REGULAR' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          message={t('subscription.turnOn.title', { date: until ?? '' })}
          description={
            <Space direction="vertical">
              <span>{t('subscription.turnOn.text', { price })}</span>
              <Button
                type="primary"
                disabled={!target}
                loading={mutation.isPending}
                onClick={() => act(`subscription/${target}/create`, 'post', t('subscription.kept'))}
                data-testid="subscription-turn-on"
              >
                {t('subscription.turnOn.action')}
              </Button>
              {!target ? <span>{t('subscription.turnOn.needMethod')}</span> : null}
            </Space>
          }
        />
      ) : null}

      {subscription ? (
        <Space wrap style={{ marginTop: 16 }}>
          {subscription.renew ? (
            <Popconfirm
              title={t('subscription.cancel.confirm', { date: periodEnd })}
              okText={t('subscription.cancel.action')}
              okButtonProps={{ danger: true }}
              cancelText={t('subscription.cancel.keep')}
              onConfirm={() => act('users/subscription', 'delete', t('subscription.cancel.done', { date: periodEnd }))}
            >
              <Button danger loading={mutation.isPending} data-testid="subscription-cancel">
                {t('subscription.cancel.action')}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="primary"
              disabled={!(subscription.method === 'DEBIT' ? mandate : card)}
              loading={mutation.isPending}
              onClick={() =>
                act(
                  `subscription/${subscription.method === 'DEBIT' ? 'iban' : card?.hash}/create`,
                  'post',
                  t('subscription.kept'),
                )
              }
              data-testid="subscription-keep"
            >
              {t('subscription.keep')}
            </Button>
          )}
          <Link to={profileTab(to, 'membership')} data-testid="subscription-benefits">
            {t('subscription.seeBenefits')}
          </Link>
        </Space>
      ) : null}
    </Card>
  );
}

/**
 * A Regular member becomes Bold (issue 25 §8): paying is in steps — a way to pay first (a card, added on the payment
 * provider's page, or a bank account with its mandate), then the payment — so the pay button never waits, disabled,
 * for something further down the page. Without a card, the card choice's button starts adding one; the provider's page
 * comes back to /user/card?card=added, where this panel is scrolled into view on its payment step with the new card.
 */
import { useEffect, useRef, useState } from 'react';
import { useCustomMutation } from '@refinedev/core';
import { Button, Popconfirm, Radio, Steps, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import type { Membership } from './SubscriptionPanel';

/** Set while the member is on the provider's page adding a card to pay with (this tab only). */
const UPGRADE_INTENT = 'alumni.upgradeByCard';

type Props = {
  membership: Membership;
  price: string;
  cardLabel: string;
  cardPayments: boolean;
  paying: boolean;
  pay: (target: string) => void;
};

export function UpgradeSteps({ membership, price, cardLabel, cardPayments, paying, pay }: Props) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [search] = useSearchParams();
  const { card, mandate } = membership;
  // what is on file first; with nothing on file, a card when cards are taken
  const [method, setMethod] = useState<'card' | 'iban' | null>(null);
  const chosen = method ?? (card && cardPayments ? 'card' : mandate || !cardPayments ? 'iban' : 'card');
  const ready = chosen === 'card' ? Boolean(card) : Boolean(mandate);
  const target = chosen === 'iban' ? 'iban' : card?.hash;
  const { mutate: startCard, mutation: startingCard } = useCustomMutation<{ url: string }>();
  const panel = useRef<HTMLDivElement>(null);

  // back from the provider's page with the card: the payment step is where the member is looking
  useEffect(() => {
    if (typeof window === 'undefined' || !window.sessionStorage.getItem(UPGRADE_INTENT)) return;
    if (search.get('card') !== 'added' && !search.get('payment')) return;
    window.sessionStorage.removeItem(UPGRADE_INTENT);
    panel.current?.scrollIntoView({ block: 'center' });
  }, [search]);

  const addCard = () => {
    window.sessionStorage.setItem(UPGRADE_INTENT, '1');
    startCard(
      { url: '/usr/card', method: 'post', values: {}, successNotification: false },
      { onSuccess: (answer) => window.location.assign(answer.data.url) },
    );
  };

  return (
    <div className="subscription-upgrade" style={{ marginTop: 16 }} ref={panel}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('subscription.upgrade.title', { price })}
      </Typography.Title>
      <Typography.Paragraph>{t('subscription.upgrade.text')}</Typography.Paragraph>
      <Radio.Group
        value={chosen}
        onChange={(event) => setMethod(event.target.value as 'card' | 'iban')}
        style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}
      >
        {cardPayments ? (
          <Radio value="card" data-testid="subscription-by-card">
            {card ? t('subscription.payByCard', { card: cardLabel }) : t('subscription.payByCardAdd')}
          </Radio>
        ) : null}
        <Radio value="iban" data-testid="subscription-by-debit">
          {mandate ? t('subscription.payByDebit', { iban: membership.iban ?? '' }) : t('subscription.payByDebitSetup')}
        </Radio>
      </Radio.Group>
      <Steps
        size="small"
        current={ready ? 1 : 0}
        style={{ marginBottom: 16 }}
        data-testid="subscription-steps"
        items={[
          { title: chosen === 'card' ? t('subscription.steps.card') : t('subscription.steps.debit') },
          { title: t('subscription.steps.pay', { price }) },
        ]}
      />
      {ready ? (
        <Popconfirm
          title={t('subscription.upgrade.confirm', { price })}
          okText={t('subscription.upgrade.pay', { price })}
          cancelText={t('admin.cancel')}
          onConfirm={() => target && pay(target)}
        >
          <Button type="primary" size="large" loading={paying} data-testid="subscription-upgrade">
            {t('subscription.upgrade.pay', { price })}
          </Button>
        </Popconfirm>
      ) : chosen === 'card' ? (
        <Button
          type="primary"
          size="large"
          loading={startingCard.isPending}
          onClick={addCard}
          data-testid="subscription-add-card"
        >
          {t('subscription.addCardThenPay')}
        </Button>
      ) : (
        <Link to={to('user.profile.settings-iban')} data-testid="subscription-setup-debit">
          <Button type="primary" size="large">
            {t('subscription.setUpDebit')}
          </Button>
        </Link>
      )}
    </div>
  );
}

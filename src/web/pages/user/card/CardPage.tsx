/**
 * /user/card (SPEC §2 "virtual card", issue 13 §2): the member's payment cards — Refine useTable over `usr` resource
 * `card` (24 a page, the default first) — added on the payment provider's page (POST /usr/card answers its address;
 * the card never touches this portal), made the default, deleted with a confirmation. Coming back from the provider's
 * page, the outcome is said once: added, declined, or SPEC §8's "payment cancelled".
 */
import { useTable } from '@refinedev/antd';
import type { Card as SavedCard } from '../../../../shared/schema-types';
import { useCustomMutation, useDelete, useUpdate } from '@refinedev/core';
import { Alert, Button, Card, Col, Empty, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import { CreditCardOutlined, DeleteOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useSiteSettings } from '../../../hooks/useSiteSettings';
import { MemberCardPanel } from './MemberCardPanel';
import { ReceiptsTable } from './ReceiptsTable';
import { SubscriptionPanel } from './SubscriptionPanel';
import { STATE_TAG_COLORS } from '../../../theme';

type PaymentCard = SavedCard;

const OUTCOMES = { 'card=added': 'success', 'payment=cancelled': 'warning', 'payment=declined': 'error' } as const;

export default function CardPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('pages.user.card')} · Alumni`);
  const [search, setSearch] = useSearchParams();
  const outcome = (Object.keys(OUTCOMES) as Array<keyof typeof OUTCOMES>).find(
    (key) => search.get(key.split('=')[0]!) === key.split('=')[1],
  );
  const { tableProps, tableQuery } = useTable<PaymentCard>({
    resource: 'usr/card',
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.cards },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const { mutate: start, mutation: starting } = useCustomMutation<{ url: string }>();
  const { mutate: update } = useUpdate();
  const { mutate: remove } = useDelete();
  const cards = tableProps.dataSource ?? [];
  // PAYMENT_PROVIDER=none: no card can be added (the server refuses too); cards kept from before can still be deleted
  const cardPayments = useSiteSettings()?.cardPayments !== false;
  const add = () =>
    start(
      { url: '/usr/card', method: 'post', values: {}, successNotification: false },
      // the provider's page opens in this tab and comes back to this page in the member's language
      { onSuccess: (answer) => window.location.assign(answer.data.url) },
    );
  const addButton = !cardPayments ? null : (
    <Button type="primary" icon={<PlusOutlined />} loading={starting.isPending} onClick={add} data-testid="card-add">
      {t('cards.add')}
    </Button>
  );
  return (
    <section data-testid="user-card">
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {t('pages.user.card')}
        </Typography.Title>
        {cards.length ? addButton : null}
      </Space>
      {outcome ? (
        <Alert
          type={OUTCOMES[outcome]}
          showIcon
          closable
          onClose={() => setSearch({}, { replace: true })}
          style={{ marginBottom: 16 }}
          message={t(`cards.outcome.${outcome.replace('=', '.')}`)}
          data-testid="card-outcome"
        />
      ) : null}
      <MemberCardPanel />
      <SubscriptionPanel />
      <Typography.Title level={3} className="section-title" style={{ marginTop: 24 }}>
        {t('cards.title')}
      </Typography.Title>
      {cardPayments ? (
        <Typography.Paragraph type="secondary">{t('cards.intro')}</Typography.Paragraph>
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('cards.unavailable')}
          data-testid="cards-unavailable"
        />
      )}
      {!tableQuery.isLoading && cards.length === 0 ? (
        <Card>
          <Empty image={<CreditCardOutlined style={{ fontSize: 56, color: '#bbb' }} />} description={t('cards.empty')}>
            {addButton}
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {cards.map((card) => (
            <Col key={card.hash} xs={24} md={12} xl={8}>
              <Card data-testid="payment-card" className={card.is_default ? 'payment-card default' : 'payment-card'}>
                <Space direction="vertical" size="small" style={{ width: '100%' }}>
                  <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                    <Typography.Text strong>
                      <CreditCardOutlined /> {t(`cards.brand.${card.brand}`, { defaultValue: card.brand })}
                    </Typography.Text>
                    {card.is_default ? <Tag color={STATE_TAG_COLORS.success}>{t('cards.default')}</Tag> : null}
                  </Space>
                  <Typography.Text className="card-number">•••• •••• •••• {card.last4}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('cards.expires', {
                      date: `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`,
                    })}
                  </Typography.Text>
                  <Space wrap>
                    {card.is_default ? null : (
                      <Button
                        size="small"
                        icon={<StarOutlined />}
                        onClick={() =>
                          update({
                            resource: 'usr/card',
                            id: card.hash,
                            values: {},
                            meta: { action: 'default' },
                            successNotification: () => ({ type: 'success', message: t('cards.defaultSet') }),
                          })
                        }
                        data-testid="card-default"
                      >
                        {t('cards.makeDefault')}
                      </Button>
                    )}
                    <Popconfirm
                      title={t('cards.deleteConfirm', { last4: card.last4 })}
                      okText={t('cards.delete')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('admin.cancel')}
                      onConfirm={() =>
                        remove({
                          resource: 'usr/card',
                          id: card.hash,
                          successNotification: () => ({ type: 'success', message: t('cards.deleted') }),
                        })
                      }
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} data-testid="card-delete">
                        {t('cards.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <ReceiptsTable />
    </section>
  );
}

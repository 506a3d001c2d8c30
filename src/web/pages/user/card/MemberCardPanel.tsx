/**
 * The virtual member card (issue 13), at the top of /user/card: drawn like a membership card — name, photo, partner
 * number, membership, valid until and the QR code of its public verify page (GET /usr/member-card through Refine's
 * useCustom). Download it as a PDF, add it to Apple Wallet (only when the server offers passes), or make a new QR
 * code (POST /usr/member-card/revoke, after a confirmation: the old one stops verifying).
 */
import { useState } from 'react';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Avatar, Button, Card, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { AppleOutlined, FilePdfOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../providers/notifications';
import { downloadFile } from '../../../lib/downloadCsv';
import { STATE_TAG_COLORS, TIER_TAG_COLORS } from '../../../theme';
import type { MemberCard } from '../../../../shared/schema-types';

const TAG_COLOR = TIER_TAG_COLORS;

export function MemberCardPanel() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { query } = useCustom<MemberCard>({ url: '/usr/member-card', method: 'get' });
  const { mutate, mutation } = useCustomMutation<MemberCard>();
  const [busy, setBusy] = useState<'pdf' | 'wallet' | null>(null);
  const card = query.data?.data;

  const save = (kind: 'pdf' | 'wallet') => {
    setBusy(kind);
    downloadFile(
      'usr',
      kind === 'pdf' ? 'member-card/pdf' : 'member-card/pkpass',
      kind === 'pdf' ? 'member-card.pdf' : 'member-card.pkpass',
    )
      .catch(() => feedback.error(t('memberCard.downloadFailed')))
      .finally(() => setBusy(null));
  };
  const renew = () =>
    mutate(
      {
        url: '/usr/member-card/revoke',
        method: 'post',
        values: {},
        successNotification: () => ({ type: 'success', message: t('memberCard.renewed') }),
      },
      { onSuccess: () => void query.refetch() },
    );

  if (!card) {
    return (
      <Card className="member-card" style={{ marginBottom: 24 }} data-testid="member-card-loading">
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  const fullName = `${card.name} ${card.surname}`.trim();
  return (
    <section aria-labelledby="member-card-title" style={{ marginBottom: 32 }}>
      <Typography.Title level={3} className="section-title" id="member-card-title">
        {t('memberCard.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {card.membership === 'REGULAR'
          ? t('memberCard.regularHint')
          : card.valid
            ? t('memberCard.intro')
            : t('memberCard.expiredHint')}
      </Typography.Paragraph>
      <Card
        className="member-card"
        data-testid="member-card"
        data-valid={card.valid ? 'true' : 'false'}
        bordered={false}
      >
        <div className="member-card-head">
          <span className="member-card-brand">Alumni</span>
          <Space size={4} wrap>
            <Tag color={TAG_COLOR[card.membership]} data-testid="member-card-membership" style={{ marginInlineEnd: 0 }}>
              {t(`memberCard.role.${card.membership}`)}
            </Tag>
            <Tag color={card.valid ? STATE_TAG_COLORS.success : STATE_TAG_COLORS.error} style={{ marginInlineEnd: 0 }}>
              {card.valid ? t('memberCard.valid') : t('memberCard.notValid')}
            </Tag>
          </Space>
        </div>
        <div className="member-card-main">
          <div className="member-card-person">
            <Avatar
              size={72}
              src={card.photo ?? undefined}
              icon={<UserOutlined />}
              alt={t('memberCard.photoAlt', { name: card.name })}
              style={{ flex: 'none', background: '#3d5a99' }}
            />
            <div style={{ minWidth: 0 }}>
              <div className="member-card-name" data-testid="member-card-name">
                {fullName}
              </div>
              <span className="member-card-label">{t('memberCard.partnerNumber')}</span>
              <span className="member-card-value" data-testid="member-card-number">
                {card.partner_number}
              </span>
              <span className="member-card-label">{t('memberCard.validUntilLabel')}</span>
              <span className="member-card-value">{card.valid_until ?? '—'}</span>
            </div>
          </div>
          <img
            className="member-card-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.qr)}`}
            alt={t('memberCard.qrAlt')}
            data-testid="member-card-qr"
            data-url={card.verify_url}
          />
        </div>
      </Card>
      <Space wrap className="member-card-actions">
        <Button
          icon={<FilePdfOutlined />}
          loading={busy === 'pdf'}
          onClick={() => save('pdf')}
          data-testid="member-card-pdf"
        >
          {t('memberCard.pdf')}
        </Button>
        {card.wallet ? (
          <Button
            icon={<AppleOutlined />}
            loading={busy === 'wallet'}
            onClick={() => save('wallet')}
            data-testid="member-card-wallet"
          >
            {t('memberCard.wallet')}
          </Button>
        ) : null}
        <Popconfirm
          title={t('memberCard.renewConfirm')}
          okText={t('memberCard.renewOk')}
          cancelText={t('admin.cancel')}
          onConfirm={renew}
          overlayStyle={{ maxWidth: 320 }}
        >
          <Button icon={<ReloadOutlined />} loading={mutation.isPending} data-testid="member-card-renew">
            {t('memberCard.renew')}
          </Button>
        </Popconfirm>
      </Space>
    </section>
  );
}

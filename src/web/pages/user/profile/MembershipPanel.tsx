/**
 * The profile's membership tab (SPEC §2 "alumni membership"): the member's tier, its dates and the one next
 * step that tier has — where every "Upgrade" of the portal leads: the card page, where a member pays (card or direct
 * debit), keeps or stops the renewal and finds the receipts (issue 13).
 */
import { Alert, Button, Descriptions, Grid, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BOLD_FEE_EUR } from '../../../../shared/constants';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import type { Me } from './useProfileForm';

const TIER_COLOR: Record<string, string> = { REGULAR: 'blue', BOLD: 'purple', GRATIS: 'gold' };

export function MembershipPanel({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const role = String(me.role ?? 'REGULAR');
  const end = typeof me.subscription_end === 'string' ? formatDate(me.subscription_end, lng, 'long') : null;
  const wide = Grid.useBreakpoint().sm !== false; // labels above values on a phone: a two-column table overflowed 360 px
  const iban = (me.payment as { iban?: string } | null | undefined)?.iban;
  return (
    <section className="membership-panel" data-testid="membership">
      <Descriptions column={1} size="small" bordered layout={wide ? 'horizontal' : 'vertical'}>
        <Descriptions.Item label={t('membership.tier')}>
          <Tag color={TIER_COLOR[role] ?? 'default'} data-testid="membership-tier">
            {t(`role.${role}`)}
          </Tag>
        </Descriptions.Item>
        {me.code_numeric ? (
          <Descriptions.Item label={t('membership.number')}>{String(me.code_numeric)}</Descriptions.Item>
        ) : null}
        {end && role !== 'REGULAR' ? (
          <Descriptions.Item label={role === 'GRATIS' ? t('membership.freeUntil') : t('membership.renews')}>
            {end}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {role === 'REGULAR' ? (
        <Alert
          className="membership-next"
          type="info"
          showIcon
          message={t('membership.regular.title', { fee: BOLD_FEE_EUR })}
          description={
            <>
              <p>{t('membership.regular.text')}</p>
              <p data-testid="membership-how">{t('membership.regular.how')}</p>
              <Space wrap>
                <Link to={to('user.card')} data-testid="membership-request">
                  <Button type="primary">{t('membership.regular.request')}</Button>
                </Link>
                <Link to={to('alumni')}>
                  <Button>{t('membership.seeBenefits')}</Button>
                </Link>
              </Space>
            </>
          }
        />
      ) : null}
      {role === 'GRATIS' ? (
        iban ? (
          <Alert
            className="membership-next"
            type="success"
            showIcon
            message={t('membership.gratis.readyTitle')}
            description={t('membership.gratis.readyText', { iban, fee: BOLD_FEE_EUR, date: end ?? '' })}
          />
        ) : (
          <Alert
            className="membership-next"
            type="warning"
            showIcon
            message={t('membership.gratis.ibanTitle')}
            description={
              <>
                <p>{t('membership.gratis.ibanText', { fee: BOLD_FEE_EUR, date: end ?? '' })}</p>
                {/* in the description, not antd's `action` slot, which squeezes the text to a sliver on a phone */}
                <Link to={to('user.profile.settings-iban')} data-testid="membership-iban">
                  <Button type="primary">{t('membership.gratis.addIban')}</Button>
                </Link>
              </>
            }
          />
        )
      ) : null}
      {role === 'BOLD' ? (
        <Alert
          className="membership-next"
          type="success"
          showIcon
          message={t('membership.bold.title')}
          description={t('membership.bold.text', { fee: BOLD_FEE_EUR, date: end ?? '' })}
        />
      ) : null}
    </section>
  );
}

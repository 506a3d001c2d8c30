/** /user/profile/settings-iban (issue 8 §8): the bank account (schemas/user.iban.json) and its direct-debit mandate (issue 13 §4); the IBAN is only ever shown masked. */
import { Alert, Card, Descriptions } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Spinner } from '../../../components/Spinner';
import { GuardNotice } from './GuardNotice';
import { ProfileSection } from './ProfileSection';
import { useProfileForm } from './useProfileForm';
import { MandateSection } from './MandateSection';

export default function IbanPage() {
  const { t } = useTranslation();
  // the server names `payment.iban`; the form's field is `iban`
  const profile = useProfileForm((field) => field.replace(/^payment\./, ''));
  useDocumentTitle(`${t('pages.user.profile.settings-iban')} · Alumni`);
  const guarded = (useLocation().state as { reason?: string } | null)?.reason === 'gratisIban';
  const me = profile.me;
  if (!me) return <Spinner />;
  return (
    <Card className="profile-page">
      <div className="page-heading">
        <h1>{t('pages.user.profile.settings-iban')}</h1>
        <p>{t('profile.ibanIntro')}</p>
      </div>
      <GuardNotice me={me} />
      {me.role === 'GRATIS' && !me.payment && !guarded && (
        <Alert
          type="warning"
          showIcon
          message={t('profile.ibanNeeded')}
          className="profile-alert"
          style={{ marginBottom: 16 }}
        />
      )}
      {me.payment && (
        <Descriptions column={1} bordered size="small" className="profile-iban-current" style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t('fields.bank')}>{me.payment.bank}</Descriptions.Item>
          <Descriptions.Item label={t('fields.holder')}>{me.payment.name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.iban')}>{me.payment.iban}</Descriptions.Item>
        </Descriptions>
      )}
      {/* remounted when the saved IBAN changes, so the full number typed does not stay on the page */}
      <ProfileSection
        key={me.payment?.iban ?? 'none'}
        form="profileIban"
        profile={profile}
        uiSchema={{
          name: { 'ui:title': t('fields.holder') },
          iban: { 'ui:placeholder': 'ES00 0000 0000 0000 0000 0000' },
        }}
        initial={{ bank: me.payment?.bank ?? undefined, name: me.payment?.name ?? undefined }}
        toBody={(values) => ({ payment: values })}
      />
      <MandateSection iban={me.payment?.iban ?? null} />
    </Card>
  );
}

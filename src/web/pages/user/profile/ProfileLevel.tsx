/** The profile level (0–100, computed by the server from the schema's weights) and the next step it suggests. */
import { Alert, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Me } from './useProfileForm';

/** `showMissing` is off while a guard's notice (GuardNotice) already lists what is missing. */
export function ProfileLevel({ me, showMissing = true }: { me: Me; showMissing?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="profile-level" aria-label={t('profile.level')}>
      <Typography.Text strong>{t('profile.level')}</Typography.Text>
      <Progress percent={me.profile_level} strokeColor="#f28c28" aria-label={t('profile.level')} />
      {me.next_step && (
        <Typography.Paragraph type="secondary" className="profile-next-step">
          {t('profile.nextStep', { field: t(`fields.${me.next_step.field}`), percent: me.next_step.percent })}
        </Typography.Paragraph>
      )}
      {showMissing && !me.profile_complete && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          message={t('profile.incomplete', { fields: me.missing.map((field) => t(`fields.${field}`)).join(', ') })}
        />
      )}
    </div>
  );
}

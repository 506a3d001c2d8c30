import { Button, Modal } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';

export type PromptKind = 'signIn' | 'upgrade' | null;

/** SPEC §6 prompts: a visitor is invited to sign in or join; a Regular member to upgrade to Bold. */
export function MemberPrompt({ kind, onClose }: { kind: PromptKind; onClose: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  if (!kind) return null;
  return (
    <Modal
      open
      onCancel={onClose}
      maskClosable={false}
      title={t(`prompt.${kind}.title`)}
      footer={
        kind === 'signIn' ? (
          <>
            <Link to={to('user.register')}>
              <Button>{t('jobs.locked.join')}</Button>
            </Link>{' '}
            <Link to={to('login')}>
              <Button type="primary">{t('nav.login')}</Button>
            </Link>
          </>
        ) : (
          <Link to={to('alumni')}>
            <Button type="primary">{t('prompt.upgrade.cta')}</Button>
          </Link>
        )
      }
    >
      <p>{t(`prompt.${kind}.text`)}</p>
    </Modal>
  );
}

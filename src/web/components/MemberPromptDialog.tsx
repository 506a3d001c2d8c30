import { Button, Modal } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';
import { profileTab } from '../routing/profileTab';

import type { PromptKind } from './MemberPrompt';
import { AntdScope } from './AntdScope';

/** The dialog of MemberPrompt, loaded when it is first needed. */
export default function MemberPromptDialog({
  kind,
  onClose,
}: {
  kind: Exclude<PromptKind, null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <AntdScope>
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
          ) : kind === 'membersOnly' ? (
            <Button type="primary" onClick={onClose}>
              {t('prompt.membersOnly.ok')}
            </Button>
          ) : (
            <Link to={profileTab(to, 'membership')} onClick={onClose}>
              <Button type="primary">{t('prompt.upgrade.cta')}</Button>
            </Link>
          )
        }
      >
        <p>{t(`prompt.${kind}.text`)}</p>
      </Modal>
    </AntdScope>
  );
}

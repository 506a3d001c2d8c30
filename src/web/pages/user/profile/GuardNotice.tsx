/**
 * Why a guard brought the member here (SPEC §5) and the way back: "Projects need a complete profile.
 * Still missing: CV, city" — then, once the profile is complete, a button to the page they asked for.
 * On the IBAN page (GRATIS without a bank account, once per session) it offers to continue without it.
 */
import { Alert, Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { matchPath } from '../../../../shared/routes';
import type { Me } from './useProfileForm';

interface GuardState {
  from?: string;
  reason?: 'completedProfile' | 'gratisIban';
}

export function GuardNotice({ me }: { me: Me }) {
  const { t } = useTranslation();
  const state = (useLocation().state ?? {}) as GuardState;
  const route = state.from ? matchPath(state.from)?.route.name : undefined;
  if (!state.reason || !state.from || !route) return null;
  const page = t(`pages.${route}`);
  const back = (label: string) => (
    <Link to={state.from!}>
      <Button type="primary" size="small" data-testid="guard-continue">
        {label}
      </Button>
    </Link>
  );
  if (state.reason === 'gratisIban')
    return (
      <Alert
        className="guard-notice"
        type="info"
        showIcon
        message={t('guard.ibanTitle')}
        description={t('guard.ibanText', { page })}
        action={back(t('guard.later'))}
        data-testid="guard-notice"
      />
    );
  if (me.profile_complete)
    return (
      <Alert
        className="guard-notice"
        type="success"
        showIcon
        message={t('guard.completeDone')}
        action={back(t('guard.continue', { page }))}
        data-testid="guard-notice"
      />
    );
  const missing = me.missing.map((field) => t(`fields.${field}`)).join(', ');
  return (
    <Alert
      className="guard-notice"
      type="warning"
      showIcon
      message={t('guard.completeTitle', { page })}
      description={t('guard.completeText', { fields: missing })}
      data-testid="guard-notice"
    />
  );
}

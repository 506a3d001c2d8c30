/**
 * /user/profile (issue 8 §7): the profile level with its next step, and tabs — personal, academic,
 * professional (each a <SchemaForm> over schemas/user.profile.json), files (photo, CV, student file),
 * membership (MembershipPanel: where every "Upgrade" leads) and account (e-mail and password). A link from the e-mail-change message lands here with
 * ?email_token=…, which is confirmed at once.
 */
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Card, Tabs } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import type { UiSchema } from '@rjsf/utils';
import { Spinner } from '../../../components/Spinner';
import { preloadForms } from '../../../forms/validator';
import { request } from '../../../providers/http';
import { useFeedback } from '../../../providers/notifications';
import { GuardNotice } from './GuardNotice';
import { ProfileLevel } from './ProfileLevel';
import { ProfileSection } from './ProfileSection';
import { useProfileForm } from './useProfileForm';
import { AreaWidget, CareerWidget, CategoryWidget, CountryWidget, SpecialtyWidget } from './widgets';

const TABS = ['personal', 'academic', 'professional', 'files', 'membership', 'account'] as const;

// the three sections' forms are asked for with the page's code, not once the profile has come (issue 27 §3)
preloadForms('profilePersonal', 'profileAcademic', 'profileProfessional');

// the other tabs' code (uploads, the membership's details, the account forms) is not the first screen's: each comes when
// its tab is first opened, or a while after the page has been shown, when the browser is idle (issue 27 §3)
const loadFiles = () => import('./ProfileFiles');
const loadMembership = () => import('./MembershipPanel').then((m) => ({ default: m.MembershipPanel }));
const loadAccount = () => import('./AccountForms').then((m) => ({ default: m.AccountForms }));
const ProfileFiles = lazy(loadFiles);
const MembershipPanel = lazy(loadMembership);
const AccountForms = lazy(loadAccount);
const LATER_TABS_AFTER_MS = 3_000;

function useLaterTabs() {
  useEffect(() => {
    const load = () => void Promise.all([loadFiles(), loadMembership(), loadAccount()]).catch(() => undefined);
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(load, { timeout: 2_000 });
      else load();
    }, LATER_TABS_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
}

const later = (node: ReactNode) => <Suspense fallback={<Spinner />}>{node}</Suspense>;

function useEmailConfirmation(reload: () => Promise<void>) {
  const [params, setParams] = useSearchParams();
  const feedback = useFeedback();
  const { t } = useTranslation();
  const token = params.get('email_token');
  useEffect(() => {
    if (!token) return;
    setParams({}, { replace: true });
    request<{ email: string }>('usr', 'users/email/confirm', { method: 'POST', body: { token } })
      .then((answer) => {
        feedback.success(t('profile.emailChanged', { email: answer.email }));
        return reload();
      })
      .catch((error: { message?: string }) => feedback.error(error.message ?? t('errors.unexpected.title')));
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfileForm();
  const [params, setParams] = useSearchParams();
  const { state } = useLocation(); // a guard's reason (GuardNotice) survives switching tabs
  useDocumentTitle(`${t('pages.user.profile')} · Alumni`);
  useEmailConfirmation(profile.reload);
  useLaterTabs();
  const ui = useMemo(() => {
    const enumNames = (prefix: string, values: string[]) => ({
      'ui:enumNames': values.map((value) => t(`${prefix}.${value}`)),
    });
    return {
      personal: {
        gender: { ...enumNames('profile.gender', ['male', 'female', 'other']), 'ui:placeholder': '' },
        document_type: enumNames('profile.documentType', ['DNI', 'NIE', 'PASSPORT', 'NIF', 'OTHER']),
        birthdate: { 'ui:widget': 'text', 'ui:placeholder': 'dd/mm/yyyy' },
        country_code: { 'ui:widget': CountryWidget },
        original_country_code: { 'ui:widget': CountryWidget },
      } as UiSchema,
      academic: {
        profile_type: enumNames('profileType', ['student', 'pas', 'professor']),
        category: { 'ui:widget': CategoryWidget },
      } as UiSchema,
      professional: {
        area: { 'ui:widget': AreaWidget },
        specialty: { 'ui:widget': SpecialtyWidget },
        career_development: { 'ui:widget': CareerWidget },
        formation: { 'ui:widget': 'textarea' },
        about_me: { 'ui:widget': 'textarea' },
      } as UiSchema,
    };
  }, [t]);
  const me = profile.me;
  if (!me) return <Spinner />;
  const active = TABS.find((tab) => tab === params.get('tab')) ?? 'personal';
  const panes: Record<(typeof TABS)[number], React.ReactNode> = {
    personal: <ProfileSection form="profilePersonal" profile={profile} uiSchema={ui.personal} />,
    academic: <ProfileSection form="profileAcademic" profile={profile} uiSchema={ui.academic} />,
    professional: <ProfileSection form="profileProfessional" profile={profile} uiSchema={ui.professional} />,
    files: later(<ProfileFiles me={me} reload={profile.reload} />),
    membership: later(<MembershipPanel me={me} />),
    account: later(<AccountForms email={me.email} />),
  };
  return (
    <Card className="profile-page">
      <div className="page-heading">
        <h1>{t('pages.user.profile')}</h1>
      </div>
      <GuardNotice me={me} />
      <ProfileLevel me={me} showMissing={(state as { reason?: string } | null)?.reason !== 'completedProfile'} />
      <Tabs
        activeKey={active}
        onChange={(key) => setParams(key === 'personal' ? {} : { tab: key }, { replace: true, state })}
        items={TABS.map((tab) => ({ key: tab, label: t(`profile.tabs.${tab}`), children: panes[tab] }))}
      />
    </Card>
  );
}

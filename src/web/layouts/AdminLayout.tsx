/**
 * The back office's frame (/{lng}/admin, untranslated segments, DESIGN §5): side menu of resources,
 * the administrator's e-mail and sign-out. Only an administrator whose permission list (GET /api/init)
 * holds `admin.validate` gets in; anyone else goes to /{lng}/admin/login. The server decides anyway.
 */
import { useState } from 'react';
import { useCan, useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Layout, Menu, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useScrollableTables } from '../hooks/useScrollableTables';
import { useAccessAnswers } from '../hooks/useAccess';
import { ADMIN_SECTIONS } from './adminMenu';
import { ADMIN_ROUTES } from '../../shared/routes';
import AreaAccess from '../routing/AreaAccess';

/** The back-office route a path (without its language) belongs to: `admin/articles/abc/edit` → `admin.articles.edit`. */
function adminRouteAt(path: string): string | undefined {
  const parts = path.replace(/\/+$/, '').split('/');
  return ADMIN_ROUTES.find((route) => {
    const pattern = route.path.split('/');
    return (
      pattern.length === parts.length && pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i])
    );
  })?.name;
}
import { useLocale } from '../hooks/useLocale';
import type { Identity } from '../providers/auth';

const SECTION_ROUTES = ADMIN_SECTIONS.map((section) => `admin.${section}`);

/** Sections shown together under a heading in the menu. */
const MENU_GROUPS: Partial<
  Record<(typeof ADMIN_SECTIONS)[number], { key: string; sections: readonly (typeof ADMIN_SECTIONS)[number][] }>
> = {
  subscriptions: { key: 'membership', sections: ['subscriptions', 'payments'] },
};

export function AdminLayout() {
  const { t } = useTranslation();
  const { lng } = useLocale();
  const { pathname } = useLocation();
  const { data: me, isLoading } = useGetIdentity<Identity | null>();
  const { data: access, isLoading: checking } = useCan({ resource: 'users', action: 'admin.validate' });
  const { mutate: logout } = useLogout();
  const [content, setContent] = useState<HTMLElement | null>(null);
  useScrollableTables(content);
  // each section shows when useCan grants its route (one question per section)
  const { allowed, questions } = useAccessAnswers(SECTION_ROUTES);
  if (isLoading || checking) return <Spinner />;
  // in production, until the second factor is on, the server refuses the back office to this session (it has a
  // visitor's power): the administrator is taken to enrol, the one page that works, instead of to the sign-in again
  const enrolling = me?.iss === 'admin' && !!me.totp_setup_required;
  const base = `/${lng}/admin`;
  const current = adminRouteAt(pathname.slice(`/${lng}/`.length));
  // the Security page stays up while the permissions catch up with a second factor just turned on (it is showing
  // the recovery codes, once)
  const enrolPage = me?.iss === 'admin' && current === 'admin.security' && (enrolling || !access?.can);
  if (me?.iss !== 'admin' || (!access?.can && !enrolling && !enrolPage))
    return <Navigate to={`${base}/login`} replace state={{ from: pathname }} />;
  if (enrolling && current !== 'admin.security') return <Navigate to={`${base}/security`} replace />;
  const selected = ADMIN_SECTIONS.find((section) => pathname.startsWith(`${base}/${section}`)) ?? 'dashboard';
  return (
    <Layout style={{ minHeight: '100vh' }} className="admin-layout">
      {questions}
      <Layout.Sider width={220} theme="light" breakpoint="lg" collapsedWidth={0}>
        <Typography.Title level={4} style={{ padding: '16px 24px', margin: 0 }}>
          {t('admin.title')}
        </Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={[selected]}
          items={ADMIN_SECTIONS.filter((section) => allowed(`admin.${section}`)).flatMap(
            (section): MenuProps['items'] & object => {
              const item = (name: string) => ({
                key: name,
                label: <Link to={`${base}/${name}`}>{t(`admin.menu.${name}`)}</Link>,
              });
              const group = MENU_GROUPS[section];
              if (group)
                return [
                  {
                    type: 'group' as const,
                    key: group.key,
                    label: t(`admin.menu.${group.key}`),
                    children: group.sections.filter((one) => allowed(`admin.${one}`)).map(item),
                  },
                ];
              if (Object.values(MENU_GROUPS).some((other) => other.sections.includes(section))) return [];
              return [item(section)];
            },
          )}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 16,
            paddingInline: 24,
          }}
        >
          <Typography.Text data-testid="admin-email">{me.email}</Typography.Text>
          <Button onClick={() => logout()}>{t('admin.logout')}</Button>
        </Layout.Header>
        <Layout.Content ref={setContent} style={{ padding: 24 }}>
          {enrolPage ? (
            <Outlet />
          ) : current ? (
            <AreaAccess route={current}>
              <Outlet />
            </AreaAccess>
          ) : (
            <Outlet />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

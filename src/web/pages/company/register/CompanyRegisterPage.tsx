/**
 * /company/register (issue 11 §1): two tabs — the company (name, CIF, web, specialty) and its contact person's
 * account — from schemas/company.register.json, and one POST /com/register at the end. The server's 400/409 field
 * errors are shown on their fields, on the tab that holds them; then the company waits for the association.
 */
import { useMemo, useState } from 'react';
import { Card, Result, Tabs, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';
import { FORMS } from '../../../forms/catalog';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { request } from '../../../providers/http';
import { ConditionsLinks } from '../../user/register/ConditionsLinks';

type Data = Record<string, unknown>;
type Errors = Record<string, string[]>;
const COMPANY: readonly string[] = FORMS.companyRegisterCompany.fields;

export default function CompanyRegisterPage() {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  useDocumentTitle(`${t('pages.company.register')} · Alumni`);
  const [tab, setTab] = useState<'company' | 'account'>('company');
  const [company, setCompany] = useState<Data | null>(null);
  const [account, setAccount] = useState<Data>({ language: lng, is_conditions: false });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const ui = useMemo(
    () => ({
      company: {
        document_number_company: { 'ui:help': t('companyRegister.cifHelp') },
        url: { 'ui:placeholder': 'https://' },
      },
      account: {
        password: { 'ui:widget': 'password', 'ui:help': t('companyRegister.passwordHelp') },
        password_repeat: { 'ui:widget': 'password' },
        language: { 'ui:enumNames': ['es', 'en', 'ca'].map((l) => t(`lang.${l}`)), 'ui:widget': 'radio' },
        is_conditions: { 'ui:description': <ConditionsLinks pages={['conditions', 'privacy']} /> },
      },
    }),
    [t],
  );
  if (done) {
    return (
      <Card style={{ maxWidth: 760, margin: '0 auto' }}>
        <Result
          status="success"
          title={t('companyRegister.done.title')}
          subTitle={t('companyRegister.done.text')}
          extra={<Link to={to('company')}>{t('companyRegister.done.back')}</Link>}
        />
      </Card>
    );
  }
  const mine = (field: string) => COMPANY.includes(field.split('.')[0]!);
  const shown = {
    company: Object.fromEntries(Object.entries(errors).filter(([f]) => mine(f))),
    account: Object.fromEntries(Object.entries(errors).filter(([f]) => !mine(f))),
  };
  const submit = async (data: Data) => {
    setSending(true);
    setErrors({});
    try {
      await request('com', 'register', { method: 'POST', body: { ...company, ...data } });
      setDone(true);
    } catch (error) {
      const fieldErrors = (error as { errors?: Errors; message?: string }).errors ?? {
        is_conditions: [(error as Error).message],
      };
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).some(mine)) setTab('company');
    } finally {
      setSending(false);
    }
  };
  return (
    <Card style={{ maxWidth: 760, margin: '0 auto' }} data-testid="company-register">
      <div className="page-heading">
        <h1>{t('pages.company.register')}</h1>
        <p>{t('companyRegister.subtitle')}</p>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as typeof tab)}
        items={[
          {
            key: 'company',
            label: t('companyRegister.tabCompany'),
            children: (
              <SchemaForm<Data>
                id="register-company"
                form="companyRegisterCompany"
                uiSchema={ui.company}
                formData={company ?? {}}
                serverErrors={shown.company}
                submitText={t('register.next')}
                onSubmit={(data) => {
                  setCompany(data);
                  setErrors({});
                  setTab('account');
                }}
              />
            ),
          },
          {
            key: 'account',
            label: t('companyRegister.tabAccount'),
            disabled: !company,
            children: (
              <SchemaForm<Data>
                id="register-account"
                form="companyRegisterAccount"
                uiSchema={ui.account}
                formData={account}
                serverErrors={shown.account}
                submitText={t('companyRegister.submit')}
                submitting={sending}
                onSubmit={(data) => {
                  setAccount(data);
                  void submit(data);
                }}
              />
            ),
          },
        ]}
      />
      <Typography.Paragraph className="login-links">
        {t('companyRegister.hasAccount')} <Link to={to('company.login')}>{t('nav.login')}</Link>
      </Typography.Paragraph>
    </Card>
  );
}

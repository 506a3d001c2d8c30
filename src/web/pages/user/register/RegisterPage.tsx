/**
 * /user/register (issue 8 §5): two tabs — personal and academic details, then membership (Regular, or
 * Bold with the bank account now or later) and consent — and one POST /usr/register at the end. The
 * server's 400/409 field errors are shown on their fields, on the tab that holds them. `?confirm=` is
 * the link of the confirmation e-mail.
 */
import { useMemo, useState } from 'react';
import { Card, Checkbox, Radio, Result, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { SchemaForm } from '../../../forms/SchemaForm';
import { FORMS } from '../../../forms/catalog';
import { request } from '../../../providers/http';
import { useLocale } from '../../../hooks/useLocale';
import { ConfirmEmail } from './ConfirmEmail';
import { ResendConfirmation } from './ResendConfirmation';
import { membershipUi, personalUi } from './registerUi';

const CARD = { maxWidth: 760, margin: '0 auto' } as const;

type Data = Record<string, unknown>;
type Errors = Record<string, string[]>;
const PERSONAL: readonly string[] = FORMS.registerPersonal.fields;

export default function RegisterPage() {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const [params] = useSearchParams();
  useDocumentTitle(`${t('register.title')} · Alumni`);
  const [tab, setTab] = useState<'personal' | 'membership'>('personal');
  const [personal, setPersonal] = useState<Data | null>(null);
  const [role, setRole] = useState<'regular' | 'bold'>('regular');
  const [ibanNow, setIbanNow] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const uiPersonal = useMemo(() => personalUi(t), [t]);
  const uiMembership = useMemo(() => membershipUi(t), [t]);
  const initial = useMemo(() => ({ language: lng, document_type: 'DNI', profile_type: 'student' }), [lng]);
  // rjsf resets a form to its `formData` prop whenever a prop changes (submitting, server errors): keep what was sent
  const [membership, setMembership] = useState<Data>({ is_conditions: false, is_privacy: false, is_newsletter: false });
  const membershipData = useMemo(() => ({ ...membership, role }), [membership, role]);

  const confirm = params.get('confirm');
  if (confirm) return <ConfirmEmail token={confirm} />;
  if (done) {
    return (
      <Card className="register-card" style={CARD}>
        <Result status="success" title={t('register.done.title')} subTitle={t('register.done.text')} extra={<Link to={to('home')}>{t('common.goHome')}</Link>} />
        <ResendConfirmation email={String(personal?.['email'] ?? '')} />
      </Card>
    );
  }

  const split = (all: Errors) => {
    const mine = (field: string) => PERSONAL.includes(field.split('.')[0]!);
    return { personal: Object.fromEntries(Object.entries(all).filter(([f]) => mine(f))), membership: Object.fromEntries(Object.entries(all).filter(([f]) => !mine(f))) };
  };
  const shown = split(errors);

  const submit = async (membership: Data) => {
    setSending(true);
    setErrors({});
    try {
      await request('usr', 'register', { method: 'POST', body: { ...personal, ...membership, role } });
      setDone(true);
    } catch (error) {
      const fieldErrors = (error as { errors?: Errors; message?: string }).errors ?? { body: [(error as Error).message] };
      setErrors(fieldErrors);
      if (Object.keys(split(fieldErrors).personal).length) setTab('personal');
    } finally {
      setSending(false);
    }
  };

  const items = [
    {
      key: 'personal',
      label: t('register.tabPersonal'),
      children: (
        <SchemaForm<Data>
          id="register-personal"
          form="registerPersonal"
          uiSchema={uiPersonal}
          formData={personal ?? initial}
          serverErrors={shown.personal}
          submitText={t('register.next')}
          onSubmit={(data) => {
            setPersonal(data);
            setErrors({});
            setTab('membership');
          }}
        />
      ),
    },
    {
      key: 'membership',
      label: t('register.tabMembership'),
      disabled: !personal,
      children: (
        <>
          <Typography.Paragraph strong>{t('register.plan')}</Typography.Paragraph>
          <Radio.Group className="register-plans" style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }} value={role} onChange={(e) => setRole(e.target.value)}>
            <Radio value="regular">
              <strong>{t('register.regular')}</strong> — {t('register.regularText')}
            </Radio>
            <Radio value="bold">
              <strong>{t('register.bold')}</strong> — {t('register.boldText')}
            </Radio>
          </Radio.Group>
          {role === 'bold' && (
            <Checkbox className="register-iban-now" style={{ marginBottom: 16 }} checked={ibanNow} onChange={(e) => setIbanNow(e.target.checked)}>
              {t('register.ibanNow')}
            </Checkbox>
          )}
          {errors['body'] && <Typography.Paragraph type="danger">{errors['body'].join(' ')}</Typography.Paragraph>}
          <SchemaForm<Data>
            key={`${role}-${ibanNow}`}
            id="register-membership"
            form={role === 'bold' && ibanNow ? 'registerMembershipIban' : 'registerMembership'}
            uiSchema={{ ...uiMembership, is_conditions: { 'ui:title': t('fields.is_conditions'), 'ui:description': t('register.conditionsHint') } }}
            formData={membershipData}
            serverErrors={shown.membership}
            submitText={t('register.submit')}
            submitting={sending}
            onSubmit={(data) => {
              setMembership(data);
              void submit(data);
            }}
          />
        </>
      ),
    },
  ];

  return (
    <Card className="register-card" style={CARD}>
      <div className="page-heading">
        <h1>{t('register.title')}</h1>
        <p>{t('register.subtitle')}</p>
      </div>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as typeof tab)} items={items} />
      <Typography.Paragraph className="login-links">
        {t('register.hasAccount')} <Link to={to('user.login')}>{t('nav.login')}</Link>
      </Typography.Paragraph>
    </Card>
  );
}

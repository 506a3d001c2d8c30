/**
 * /user/register (issue 8 §5): two tabs — personal and academic details, then membership (Regular, or
 * Bold paying by card on the provider's page, by the bank account, or later) and consent — and one POST /usr/register
 * at the end; a Bold registration paying by card then opens the provider's page (POST /usr/card/addNotLogged, issue 13). The
 * server's 400/409 field errors are shown on their fields, on the tab that holds them. `?confirm=` is
 * the link of the confirmation e-mail.
 */
import { useMemo, useState } from 'react';
import { Card, Radio, Result, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { SchemaForm } from '../../../forms/SchemaForm';
import { FORMS } from '../../../forms/catalog';
import { request } from '../../../providers/http';
import { useLocale } from '../../../hooks/useLocale';
import { useSiteSettings } from '../../../hooks/useSiteSettings';
import { useMembershipTerms } from '../../../hooks/useMembershipTerms';
import { ConditionsLinks } from './ConditionsLinks';
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
  // how a Bold registration pays when its free period ends: a card now (on the provider's page), the bank account, or later
  const [chosenPay, setPay] = useState<'card' | 'iban' | 'later' | null>(null);
  // PAYMENT_PROVIDER=none: the association takes no card payments, so the card choice is not offered
  const cardPayments = useSiteSettings()?.cardPayments !== false;
  const terms = useMembershipTerms();
  const pay = chosenPay ?? (cardPayments ? 'card' : 'iban');
  const ibanNow = role === 'bold' && pay === 'iban';
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
  // back from the provider's card page: the registration was received before leaving
  const cardOutcome =
    params.get('card') === 'added'
      ? 'added'
      : params.get('payment') === 'cancelled'
        ? 'cancelled'
        : params.get('payment') === 'declined'
          ? 'declined'
          : null;
  if (cardOutcome) {
    return (
      <Card className="register-card" style={CARD} data-testid="register-card-outcome">
        <Result
          status={cardOutcome === 'added' ? 'success' : 'warning'}
          title={t('register.done.title')}
          subTitle={t(`register.card.${cardOutcome}`)}
          extra={<Link to={to('home')}>{t('common.goHome')}</Link>}
        />
      </Card>
    );
  }
  if (done) {
    return (
      <Card className="register-card" style={CARD}>
        <Result
          status="success"
          title={t('register.done.title')}
          subTitle={t('register.done.text')}
          extra={<Link to={to('home')}>{t('common.goHome')}</Link>}
        />
        <ResendConfirmation email={String(personal?.['email'] ?? '')} />
      </Card>
    );
  }

  const split = (all: Errors) => {
    const mine = (field: string) => PERSONAL.includes(field.split('.')[0]!);
    return {
      personal: Object.fromEntries(Object.entries(all).filter(([f]) => mine(f))),
      membership: Object.fromEntries(Object.entries(all).filter(([f]) => !mine(f))),
    };
  };
  const shown = split(errors);

  const submit = async (membership: Data) => {
    setSending(true);
    setErrors({});
    try {
      const answer = await request<{ ok: boolean; card_token?: string }>('usr', 'register', {
        method: 'POST',
        body: { ...personal, ...membership, role },
      });
      if (role === 'bold' && pay === 'card' && answer.card_token) {
        // the card is given on the provider's page, which comes back to this page with the outcome
        const { url } = await request<{ url: string }>('usr', 'card/addNotLogged', {
          method: 'POST',
          query: { isWeb: true },
          body: { token: answer.card_token },
        });
        window.location.assign(url);
        return;
      }
      setDone(true);
    } catch (error) {
      const fieldErrors = (error as { errors?: Errors; message?: string }).errors ?? {
        body: [(error as Error).message],
      };
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
          <Radio.Group
            className="register-plans"
            style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}
            value={role}
            onChange={(e) => setRole(e.target.value)}
          >
            <Radio value="regular">
              <strong>{t('register.regular')}</strong> — {t('register.regularText')}
            </Radio>
            <Radio value="bold">
              <strong>{t('register.bold')}</strong> — {t('register.boldPerks')}
            </Radio>
          </Radio.Group>
          {role === 'bold' && (
            <>
              <Typography.Paragraph strong>{t('register.payHow')}</Typography.Paragraph>
              <Radio.Group
                className="register-pay"
                style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}
                value={pay}
                onChange={(e) => setPay(e.target.value)}
                data-testid="register-pay"
              >
                {cardPayments ? <Radio value="card">{t('register.payCard')}</Radio> : null}
                <Radio value="iban">{t('register.ibanNow')}</Radio>
                <Radio value="later">{t('register.payLater')}</Radio>
              </Radio.Group>
            </>
          )}
          {errors['body'] && <Typography.Paragraph type="danger">{errors['body'].join(' ')}</Typography.Paragraph>}
          <SchemaForm<Data>
            key={`${role}-${ibanNow}`}
            id="register-membership"
            form={role === 'bold' && ibanNow ? 'registerMembershipIban' : 'registerMembership'}
            uiSchema={{
              ...uiMembership,
              is_conditions: {
                'ui:title': t('fields.is_conditions'),
                'ui:description': <ConditionsLinks pages={['conditions', 'privacy']} />,
              },
            }}
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
        {/* what Bold costs and how long it is free, from the back office's settings, before anything is typed */}
        <p data-testid="register-terms">{terms.sentence}</p>
      </div>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as typeof tab)} items={items} />
      <Typography.Paragraph className="login-links">
        {t('register.hasAccount')} <Link to={to('user.login')}>{t('nav.login')}</Link>
      </Typography.Paragraph>
    </Card>
  );
}

/**
 * /company/profile (issue 11 §1, SPEC §7): the company's logo, details, contact person and language, and its
 * password. The CIF and the sign-in e-mail are shown but changed only through the association, which validated
 * them (docs/decisions.md); the page says how.
 */
import { Card, Col, Descriptions, Row, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountForm } from '../../../forms/AccountForm';
import { UploadField } from '../../../forms/widgets/UploadField';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useSiteSettings } from '../../../hooks/useSiteSettings';
import { Spinner } from '../../../components/Spinner';
import { ProfileSection } from '../../user/profile/ProfileSection';
import { useCompanyForm } from './useCompanyForm';

export default function CompanyProfilePage() {
  const { t } = useTranslation();
  const company = useCompanyForm();
  const office = useSiteSettings()?.email ?? '';
  useDocumentTitle(`${t('pages.company.profile')} · Alumni`);
  const me = company.me;
  if (!me) return <Spinner />;
  const languages = { 'ui:enumNames': ['es', 'en', 'ca'].map((lng) => t(`lang.${lng}`)), 'ui:widget': 'radio' };
  return (
    <section className="profile-page company-profile">
      <div className="page-heading">
        <h1>{t('pages.company.profile')}</h1>
      </div>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <Card title={t('companyProfile.logo')} style={{ marginBottom: 24 }}>
            <Typography.Paragraph type="secondary">{t('companyProfile.logoHelp')}</Typography.Paragraph>
            <UploadField kind="logo" value={me.logo} onChange={() => void company.reload()} />
          </Card>
          <Card title={t('companyProfile.account')}>
            <Descriptions column={1} size="small" layout="vertical">
              <Descriptions.Item label={t('fields.document_number_company')}>
                <span data-testid="cif">{me.document_number_company}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('companyProfile.signInEmail')}>{me.email}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('companyProfile.identityHelp')} {office ? <a href={`mailto:${office}`}>{office}</a> : null}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card>
            <Tabs
              items={[
                {
                  key: 'company',
                  label: t('companyProfile.tabCompany'),
                  children: (
                    <ProfileSection
                      form="companyProfileDetails"
                      profile={company}
                      uiSchema={{
                        url: { 'ui:placeholder': 'https://' },
                        specialty_company: { 'ui:help': t('companyProfile.specialtyHelp') },
                      }}
                    />
                  ),
                },
                {
                  key: 'contact',
                  label: t('companyProfile.tabContact'),
                  children: (
                    <ProfileSection
                      form="companyProfileContact"
                      profile={company}
                      uiSchema={{
                        contact_phone: { 'ui:help': t('companyProfile.phoneHelp') },
                        language: { ...languages, 'ui:help': t('companyProfile.languageHelp') },
                      }}
                    />
                  ),
                },
                {
                  key: 'password',
                  label: t('companyProfile.tabPassword'),
                  children: (
                    <>
                      <Typography.Paragraph type="secondary">{t('companyProfile.passwordHelp')}</Typography.Paragraph>
                      <AccountForm
                        form="profilePassword"
                        url="/com/companies/password"
                        done="profile.passwordChanged"
                      />
                    </>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </section>
  );
}

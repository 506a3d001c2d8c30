/**
 * /{lng}/admin/companies (issue 11 §2): the company validation queue — the accounts queue (components/AccountQueue) over GET
 * /adm/companies, with the columns that describe a company: name, e-mail and web, CIF, contact, offers.
 */
import { useTranslation } from 'react-i18next';
import type { AdminCompany } from '../../../../shared/schema-types';
import { AccountQueue, type QueueRow } from '../components/AccountQueue';

type Company = AdminCompany & QueueRow;

export default function CompaniesQueuePage() {
  const { t } = useTranslation();
  return (
    <AccountQueue<Company>
      resource="companies"
      testId="admin-companies"
      title={t('admin.companies.title')}
      searchPlaceholder={t('admin.companies.search')}
      keys="admin.companyDecision"
      reasonKeys="admin.jobReason"
      scrollX={() => 1100}
      columns={() => [
        {
          title: t('admin.jobs.company'),
          width: 280,
          render: (_, row) => (
            <>
              <strong>{row.company_name}</strong>
              <div className="muted" style={{ wordBreak: 'break-all' }}>
                {row.email}
              </div>
              {row.url ? (
                <a href={row.url} target="_blank" rel="noreferrer noopener">
                  {row.url}
                </a>
              ) : null}
            </>
          ),
        },
        { title: t('fields.document_number_company'), width: 120, render: (_, row) => row.document_number_company },
        {
          title: t('fields.contact_name'),
          width: 200,
          render: (_, row) => [row.contact_name, row.contact_phone].filter(Boolean).join(' · '),
        },
        { title: t('admin.companies.offers'), width: 90, render: (_, row) => row.offers ?? 0 },
      ]}
    />
  );
}

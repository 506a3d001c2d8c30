/**
 * /{lng}/verify/{token} (issue 13): what a partner shop sees when it scans a member card's QR code. Server-rendered
 * and light (no antd): valid or not, and for a valid card only the member's first name, photo and valid-until date.
 * An unknown, replaced or expired card, or a Regular member's, all read the same "not valid" (the API answers them alike).
 */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Skeleton } from '../../../components/light';
import { usePublicOne } from '../../../public/data';
import type { MemberCardVerify } from '../../../../shared/schema-types';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { UnexpectedErrorPage } from '../../common/StatusPages';

export default function VerifyPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  useDocumentTitle(`${t('memberCard.verify.title')} · Alumni`);
  const { record, isLoading, error } = usePublicOne<MemberCardVerify>('member-card/verify', token);
  if (isLoading) return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  if (error || !record) return <UnexpectedErrorPage />;
  const initial = record.first_name?.trim().charAt(0).toUpperCase() ?? '';
  return (
    <section className="verify" data-testid="verify" data-valid={record.valid ? 'true' : 'false'}>
      <h1 className="verify-title">{t('memberCard.verify.title')}</h1>
      <div className={record.valid ? 'verify-card verify-valid' : 'verify-card verify-invalid'}>
        <div className="verify-status" role="status">
          {record.valid ? <CheckCircleFilled aria-hidden="true" /> : <CloseCircleFilled aria-hidden="true" />}
          <strong data-testid="verify-status">
            {record.valid ? t('memberCard.verify.valid') : t('memberCard.verify.notValid')}
          </strong>
        </div>
        {record.valid ? (
          <div className="verify-member">
            {record.photo ? (
              <img
                className="verify-photo"
                src={record.photo}
                alt={t('memberCard.photoAlt', { name: record.first_name })}
                width={96}
                height={96}
              />
            ) : (
              <span className="verify-photo verify-initial" aria-hidden="true">
                {initial}
              </span>
            )}
            <div>
              <p className="verify-name" data-testid="verify-name">
                {record.first_name}
              </p>
              <p className="verify-until">{t('memberCard.validUntil', { date: record.valid_until ?? '—' })}</p>
              <p className="verify-hint">{t('memberCard.verify.validHint')}</p>
            </div>
          </div>
        ) : (
          <p className="verify-hint">{t('memberCard.verify.notValidHint')}</p>
        )}
      </div>
    </section>
  );
}

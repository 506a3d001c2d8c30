/** The shapes an account leaves the server in (the response schemas whitelist them again). */
import type { CompanyRow, UserRow } from '../../db/types';
import { companyData } from '../companies/data';
import type { MemberFileLinks } from '../users/fileLinks';
import { acceptsMessages } from '../messages/accepts';
import { messageMailsOf } from '../messages/messageMails';

/** `files`: the member's own signed file links (GET /usr/users/me only; a session answer carries none). */
export function presentUser(user: UserRow, files?: MemberFileLinks) {
  return {
    hash: user.hash,
    email: user.email,
    name: user.name,
    surname1: user.surname1,
    surname2: user.surname2,
    role: user.role,
    code_numeric: user.code_numeric,
    language: user.language,
    profile_type: user.profile_type,
    graduation_year: user.graduation_year,
    category: user.category_hash,
    country_code: user.country_code,
    city: user.city,
    current_job: user.current_job,
    current_company: user.current_company,
    photo: user.photo,
    has_cv: user.cv_file !== null,
    has_iban: user.iban !== null,
    profile_complete: user.profile_complete === 1,
    subscription_end: user.subscription_end,
    is_appear_by_user: user.is_appear_by_user === 1,
    is_appear_by_company: user.is_appear_by_company === 1,
    is_receive_jobs: user.is_receive_jobs === 1,
    is_newsletter: user.is_newsletter === 1,
    notify_group_digest: user.notify_group_digest === 1,
    notify_group_replies: user.notify_group_replies === 1,
    notify_group_requests: user.notify_group_requests === 1,
    notify_group_removed: user.notify_group_removed === 1,
    accepts_messages: acceptsMessages(user),
    notify_messages: user.notify_messages === 1,
    message_mails: messageMailsOf(user),
    ...files,
  };
}

export function presentCompany(company: CompanyRow) {
  return {
    hash: company.hash,
    email: company.email,
    company_name: company.company_name,
    document_number_company: company.document_number_company,
    contact_name: company.contact_name,
    contact_phone: company.contact_phone,
    url: company.url,
    specialty_company: company.specialty_company,
    logo: company.logo,
    language: company.language,
    status: company.status,
    extra: companyData(company),
  };
}

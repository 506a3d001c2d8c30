/**
 * Kysely table types. Conventions (portable between SQLite and PostgreSQL):
 * - every entity's primary key is a random public `hash` (no sequential ids leave the server);
 * - booleans are integers 0/1; timestamps are ISO-8601 strings; calendar dates are `YYYY-MM-DD`;
 * - `data` is a JSON text column for the fields that no list filters on (DESIGN §2).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MemberStatus } from '../../shared/memberMoves';
import type { OfferStatus } from '../../shared/offerMoves';
import type { Role } from '../../shared/permissions';

type Flag = number;

export interface UsersTable {
  hash: string;
  email: string;
  password_hash: string;
  status: MemberStatus; // DELETED: anonymised by the member, users/accountDataService.ts
  role: Role; // REGULAR | BOLD | GRATIS (companies and administrators have tables of their own)
  code_numeric: number;
  name: string;
  surname1: string;
  surname2: string | null;
  slug: string | null;
  language: string;
  profile_type: string;
  graduation_year: number | null;
  category_hash: string | null;
  country_code: string | null;
  city: string | null;
  current_job: string | null;
  current_company: string | null;
  photo: string | null;
  cv_file: string | null;
  iban: string | null;
  is_ambassador: Flag;
  is_entrepreneur: Flag;
  is_appear_by_user: Flag;
  is_appear_by_company: Flag;
  is_receive_jobs: Flag;
  /** 018_group_notifications: the member's optional group e-mails (1 = on) and where their last digest stopped. */
  notify_group_digest: Generated<Flag>;
  notify_group_replies: Generated<Flag>;
  notify_group_requests: Generated<Flag>;
  notify_group_removed: Generated<Flag>;
  group_digest_at: Generated<string | null>;
  is_newsletter: Flag;
  subscription_end: string | null;
  profile_complete: Flag;
  search_text: string;
  data: string;
  created_at: string;
  updated_at: string;
  /** 004_accounts: when the member followed the link confirming their address (null: not yet). */
  email_confirmed_at: string | null;
  /** 035_messages: null = the role's default (Bold and GRATIS accept messages, Regular not), else 0/1. */
  accepts_messages: Generated<Flag | null>;
  /** 035_messages: an e-mail when a message stays unread for 15 minutes (1 = on). */
  notify_messages: Generated<Flag>;
  /** 037_message_moderation: 1 = the message e-mails as one daily digest instead of one when away. */
  messages_digest: Generated<Flag>;
  /** 037_message_moderation: when the last daily digest was queued. */
  messages_digest_at: string | null;
}

export interface CompaniesTable {
  hash: string;
  email: string;
  password_hash: string;
  status: string;
  company_name: string;
  document_number_company: string;
  contact_name: string;
  contact_phone: string | null;
  url: string | null;
  specialty_company: string | null;
  logo: string | null;
  language: string;
  data: string;
  created_at: string;
  updated_at: string;
}

export interface AdminsTable {
  hash: string;
  email: string;
  password_hash: string;
  name: string;
  created_at: string;
  /** 022_admin_security: the TOTP secret (AES-256-GCM, key from SECRET_KEY), when it was confirmed, the last step used. */
  totp_secret: Generated<string | null>;
  totp_enabled_at: Generated<string | null>;
  totp_last_step: Generated<number | null>;
  /** JSON array of SHA-256 hashes of the unused recovery codes. */
  recovery_codes: Generated<string | null>;
  removed_at: Generated<string | null>;
}

export interface SessionsTable {
  hash: string;
  actor_type: string; // user | company | admin
  actor_hash: string;
  device_id: string;
  token_hash: string;
  refresh_hash: string;
  expires_at: string;
  refresh_expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

export interface LoginFailuresTable {
  hash: string;
  key: string;
  created_at: string;
}

/** A fixed-window counter (sign-in failures, general rate limits); `reset_at` in epoch milliseconds. */
export interface RateCountersTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface JobsTable {
  hash: string;
  slug: string;
  company_hash: string;
  status: OfferStatus;
  title: string;
  description: string;
  location: string;
  contract: string;
  working: string | null;
  date_incorporation: string | null;
  workstation: string | null;
  area: string | null;
  specialty: string | null;
  file: string | null;
  search_text: string;
  data: string;
  cdate: string;
  updated_at: string;
  /** The last rejection or take-down reason (011_offers). */
  reason: Generated<string | null>;
  published_at: Generated<string | null>;
  expires_at: Generated<string | null>;
  expiry_warned_at: Generated<string | null>;
  /** The optional salary range (030_offer_salary_mode): amounts in salary_currency (ISO 4217) per salary_period. */
  salary_min: Generated<number | null>;
  salary_max: Generated<number | null>;
  salary_currency: Generated<string | null>;
  salary_period: Generated<string | null>; // year | month | hour
}

/** Views of an offer, added to in batches by each instance (015_job_views). */
export interface JobViewsTable {
  job_hash: string;
  views: number;
  updated_at: string;
}

/** A member's job alert (016_job_alerts): frequency and optional filters. */
export interface JobAlertsTable {
  user_hash: string;
  frequency: string; // instant | weekly
  area: string | null;
  contract: string | null;
  working: string | null;
  location: string | null;
  text: string | null;
  updated_at: string;
  /** A work mode and a minimum salary in a currency and period (030_offer_salary_mode). */
  workstation: Generated<string | null>;
  salary_min: Generated<number | null>;
  salary_currency: Generated<string | null>;
  salary_period: Generated<string | null>;
}

/** Which offers a member was told about (016_job_alerts). */
export interface JobAlertDeliveriesTable {
  user_hash: string;
  job_hash: string;
  created_at: string;
}

export interface TasksTable {
  name: string;
  next_run_at: string;
  locked_until: string | null;
  claimed_by: string | null;
  last_run_at: string | null;
  last_error: string | null;
}

export interface JobMovesTable {
  hash: string;
  job_hash: string;
  from_status: OfferStatus | null;
  to_status: OfferStatus;
  actor_type: string;
  actor_hash: string | null;
  reason: string | null;
  created_at: string;
}

export interface JobTagsTable {
  job_hash: string;
  tag_hash: string;
}

export interface ApplicantsTable {
  hash: string;
  job_hash: string;
  user_hash: string;
  status: string;
  created_at: string;
  updated_at: string;
  /** The member's note to the company (issue 25 §18), plain text up to 1,000 characters. */
  note: string | null;
  /** HIRED | NOT_SELECTED once the offer closed with its survey (issue 25 §19, 028_application_outcome). */
  outcome: Generated<string | null>;
}

export interface ArticlesTable {
  hash: string;
  type: string; // NEWS | EVENT
  status: string;
  date: string; // YYYY-MM-DD
  year: number;
  month: number;
  hour: string | null;
  location: string | null;
  image: string | null;
  capacity: number | null;
  data: string;
  created_at: string;
  updated_at: string;
  /** 021_articles_admin: when a SCHEDULED article is published. */
  publish_at: Generated<string | null>;
}

export interface ArticleI18nTable {
  article_hash: string;
  language: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  /** 021_articles_admin: 1 = a copy of the Spanish text standing in for a translation not written. */
  is_fallback: Generated<Flag>;
}

export interface ArticleTagsTable {
  article_hash: string;
  tag_hash: string;
}

export interface ArticleSavesTable {
  article_hash: string;
  user_hash: string;
  created_at: string;
}

export interface ArticleSubscriptionsTable {
  article_hash: string;
  user_hash: string;
  created_at: string;
}

export interface UserTagsTable {
  user_hash: string;
  tag_hash: string;
}

export interface PortfoliosTable {
  hash: string;
  user_hash: string;
  status: string;
  name: string;
  date: string | null;
  content: string;
  data: string;
  created_at: string;
  updated_at: string;
}

export interface PortfolioImagesTable {
  hash: string;
  portfolio_hash: string;
  path: string;
  position: number;
}

export interface PortfolioLinksTable {
  hash: string;
  portfolio_hash: string;
  url: string;
  position: number;
}

export interface WorkExperiencesTable {
  hash: string;
  user_hash: string;
  name: string;
  contract: string | null;
  company_name: string;
  start: string;
  end: string | null;
  location: string | null;
  content: string;
  data: string;
  created_at: string;
  updated_at: string;
}

export interface WorkgroupsTable {
  hash: string;
  slug: string;
  name: string;
  typology: string | null;
  type: string; // PUBLIC | PRIVATE
  status: string;
  image: string | null;
  admin_hash: string;
  description: string;
  search_text: string;
  data: string;
  created_at: string;
  updated_at: string;
  /** The association's last rejection reason (017_workgroups_manage). */
  reason: Generated<string | null>;
}

export interface WorkgroupMembersTable {
  hash: string;
  workgroup_hash: string;
  user_hash: string;
  status: string;
  created_at: string;
  /** A join request's message to the group's administrator (017_workgroups_manage). */
  message: Generated<string | null>;
}

export interface WorkgroupFollowersTable {
  workgroup_hash: string;
  user_hash: string;
  created_at: string;
}

export interface CommentsTable {
  hash: string;
  workgroup_hash: string;
  user_hash: string;
  parent_hash: string | null;
  content: string;
  file_hash: string | null;
  deleted: Flag;
  created_at: string;
  /** 020_wall_reports: when its author last edited it. */
  edited_at: Generated<string | null>;
}

/** 020_wall_reports: a member's report of a post to the group's administrator (one per member and post). */
export interface CommentReportsTable {
  comment_hash: string;
  user_hash: string;
  reason: string;
  created_at: string;
}

/** 023_newsletter: a member's monthly digest, sent once. */
export interface NewsletterDeliveriesTable {
  user_hash: string;
  month: string; // yyyy-mm
  created_at: string;
}

export interface CommentLikesTable {
  comment_hash: string;
  user_hash: string;
  created_at: string;
}

export interface FilesTable {
  hash: string;
  owner_type: string; // user | company | workgroup | job | portfolio
  owner_hash: string;
  workgroup_hash: string | null;
  kind: string; // cv | student | portfolio | avatar | logo | wall | job | image
  name: string;
  path: string;
  mime: string;
  size: number;
  created_at: string;
  updated_at: string;
}

export interface CardsTable {
  hash: string;
  user_hash: string;
  provider_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: Flag;
  created_at: string;
}

/** 024_payment_sessions: one visit to the provider's card page, closed once by its signed notification. */
export interface PaymentSessionsTable {
  hash: string;
  user_hash: string;
  provider: string;
  purpose: string; // card
  status: string; // PENDING | DONE | FAILED | CANCELLED
  language: string;
  result: string | null;
  card_hash: string | null;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
}

/** 025_member_card: the member card's QR token (one live per member; a revoked one verifies as not valid). */
export interface MemberCardTokensTable {
  token: string;
  user_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface SubscriptionsTable {
  hash: string;
  user_hash: string;
  card_hash: string | null;
  status: string; // ACTIVE | PAST_DUE (a charge failed, retrying) | ENDED
  amount_cents: number;
  current_period_end: string;
  created_at: string;
  /** when the member turned renewal off (null: renewing) */
  cancelled_at: string | null;
  /** 026_membership */
  method: Generated<string>; // CARD | DEBIT
  renew: Generated<Flag>;
  period_start: string | null;
  /** when the next charge (or retry) is due; null: none (not renewing, or a debit awaiting collection) */
  next_charge_at: string | null;
  failures: Generated<number>;
  last_failure: string | null;
  ended_at: Generated<string | null>;
}

/** 026_membership: one charge of a subscription (a card charge, a direct debit, or a refund of one). */
export interface PaymentsTable {
  hash: string;
  user_hash: string;
  subscription_hash: string;
  method: string; // CARD | DEBIT
  status: string; // PENDING | PAID | FAILED | REFUNDED | RETURNED | CANCELLED (a debit whose mandate was revoked before it was sent)
  amount_cents: number;
  refunded_cents: Generated<number>;
  period_start: string;
  period_end: string;
  attempt: number;
  card_label: string | null;
  mandate_ref: string | null;
  provider_ref: string | null;
  result: string | null;
  receipt_number: string | null;
  sepa_batch: string | null;
  created_at: string;
  settled_at: string | null;
}

/** 026_membership: a direct-debit mandate the member accepted (SEPA core, recurrent). */
export interface DebitMandatesTable {
  reference: string;
  user_hash: string;
  iban: string;
  holder: string;
  language: string;
  text: string;
  accepted_at: string;
  revoked_at: string | null;
}

/** The school's records (issue 28): compared with registrations; `document_key` is an HMAC, never shown. */
export interface SchoolRecordsTable {
  hash: string;
  document_key: string;
  name: string;
  surname1: string;
  surname2: string | null;
  email: string | null;
  study: string | null;
  first_year: number | null;
  last_year: number | null;
  graduated_on: string | null;
  kind: string; // STUDENT | STAFF | PROFESSOR
  search_text: string;
  created_at: string;
  updated_at: string;
}

/** A study name of the school's files and the category it stands for (null: not mapped yet). */
export interface SchoolStudiesTable {
  study_key: string;
  study: string;
  category_hash: string | null;
  /** 039_study_decisions: when the office mapped the name or left it unmapped on purpose (null: only seen in a file). */
  decided_at: Generated<string | null>;
}

export interface CategoriesTable {
  hash: string;
  parent_hash: string | null;
  lvl: number;
  position: number;
  title_es: string;
  title_en: string;
  title_ca: string;
}

export interface TagsTable {
  hash: string;
  type: string; // ARTICLE | USER
  group: string; // area | specialty | career | article
  title_es: string;
  title_en: string;
  title_ca: string;
}

export interface CountriesTable {
  code: string;
  name_es: string;
  name_en: string;
  name_ca: string;
  lat: number;
  lng: number;
}

export interface CompanyFeedbackTable {
  hash: string;
  job_hash: string;
  company_hash: string;
  rating_bank: number;
  rating_candidates: number;
  hired: Flag;
  hired_user_hash: string | null;
  hired_name: string | null;
  /** JSON array of the hired applicants' hashes (011_offers). */
  hired_applicants: Generated<string | null>;
  created_at: string;
}

export interface EmailOutboxTable {
  hash: string;
  to_address: string;
  template: string;
  language: string;
  subject: string;
  body_text: string;
  status: string; // PENDING | SENDING | SENT | FAILED
  attempts: number;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  // 003_mail
  body_html: string | null;
  /** ISO time from which a PENDING row is due (backoff after a failure). */
  next_attempt_at: string;
  /** A SENDING row's lease: once past, the row is due again (a worker that crashed). */
  locked_until: string | null;
  claimed_by: string | null;
  /** 016_job_alerts: extra headers (JSON), e.g. List-Unsubscribe. */
  headers: Generated<string | null>;
  /** 026_membership: what to attach when sending (JSON, e.g. [{ "receipt": "<payment hash>" }]), made at send time. */
  attachments: Generated<string | null>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ContentPagesTable {
  hash: string;
  key: string; // faqs | privacy | legal | cookies | about …
  language: string;
  slug: string;
  title: string;
  body: string;
  position: number;
  updated_at: string;
}

/** 004_accounts: one-time tokens (stored as SHA-256), single-use through `used_at`. */
export interface AccountTokensTable {
  hash: string;
  purpose: string; // confirm_email | recovery
  token_hash: string;
  actor_type: string; // user | company
  actor_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** 005_audit: one row per back-office decision (who did what to whom, when). */
export interface AuditLogTable {
  hash: string;
  admin_hash: string;
  action: string; // user.validated | user.rejected | user.disabled …
  target_type: string; // user | company | job | workgroup …
  target_hash: string;
  data: string; // JSON: { from, to, reason?, label }
  created_at: string;
}

/** 008_speed: a counter per scope ('directory', 'content'), bumped by triggers on every write that changes it. */
export interface DataVersionsTable {
  name: string;
  version: number;
}

/** 034_member_invitations: one confirmed members import (issue 28 §3). */
export interface MemberImportsTable {
  hash: string;
  admin_hash: string;
  filename: string;
  added: number;
  changed: number;
  unchanged: number;
  created_at: string;
}

/** 034_member_invitations: an imported member's invitation; the file's consent flags wait here until accepted. */
export interface MemberInvitationsTable {
  user_hash: string;
  import_hash: string;
  appear_by_user: Flag;
  appear_by_company: Flag;
  sends: number;
  sent_at: string;
  accepted_at: string | null;
  created_at: string;
}

export interface Database {
  member_imports: MemberImportsTable;
  member_invitations: MemberInvitationsTable;
  data_versions: DataVersionsTable;
  account_tokens: AccountTokensTable;
  users: UsersTable;
  companies: CompaniesTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  rate_counters: RateCountersTable;
  jobs: JobsTable;
  job_moves: JobMovesTable;
  tasks: TasksTable;
  job_views: JobViewsTable;
  job_alerts: JobAlertsTable;
  job_alert_deliveries: JobAlertDeliveriesTable;
  job_tags: JobTagsTable;
  applicants: ApplicantsTable;
  articles: ArticlesTable;
  article_i18n: ArticleI18nTable;
  article_tags: ArticleTagsTable;
  article_saves: ArticleSavesTable;
  article_subscriptions: ArticleSubscriptionsTable;
  user_tags: UserTagsTable;
  portfolios: PortfoliosTable;
  portfolio_images: PortfolioImagesTable;
  portfolio_links: PortfolioLinksTable;
  work_experiences: WorkExperiencesTable;
  workgroups: WorkgroupsTable;
  workgroup_members: WorkgroupMembersTable;
  workgroup_followers: WorkgroupFollowersTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  comment_reports: CommentReportsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  payment_sessions: PaymentSessionsTable;
  member_card_tokens: MemberCardTokensTable;
  files: FilesTable;
  cards: CardsTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  debit_mandates: DebitMandatesTable;
  categories: CategoriesTable;
  tags: TagsTable;
  countries: CountriesTable;
  company_feedback: CompanyFeedbackTable;
  email_outbox: EmailOutboxTable;
  settings: SettingsTable;
  content_pages: ContentPagesTable;
  audit_log: AuditLogTable;
  school_records: SchoolRecordsTable;
  school_studies: SchoolStudiesTable;
  conversations: ConversationsTable;
  conversation_participants: ConversationParticipantsTable;
  messages: MessagesTable;
  message_blocks: MessageBlocksTable;
  message_reports: MessageReportsTable;
  message_inboxes: MessageInboxesTable;
}

/** 035_messages (issue 29): a party is (type, hash), type user | company | admin. */
export interface ConversationsTable {
  hash: string;
  kind: string; // MEMBER | APPLICATION | ADMIN
  application_hash: string | null;
  created_at: string;
  last_message_at: string;
}

export interface ConversationParticipantsTable {
  conversation_hash: string;
  party_type: string;
  party_hash: string;
  unread_count: Generated<number>;
  last_read_at: string | null;
  archived_at: string | null;
  last_message_at: string;
  notified_at: Generated<string | null>;
  /** the oldest message to this party neither read nor e-mailed about yet (048; the e-mail when away) */
  pending_since: Generated<string | null>;
}

export interface MessagesTable {
  hash: string;
  conversation_hash: string;
  sender_type: string;
  sender_hash: string;
  body: string;
  created_at: string;
  erased_at: Generated<string | null>;
  withheld: Generated<number>;
}

export interface MessageBlocksTable {
  blocker_type: string;
  blocker_hash: string;
  blocked_type: string;
  blocked_hash: string;
  created_at: string;
}

export interface MessageReportsTable {
  hash: string;
  message_hash: string;
  reporter_type: string;
  reporter_hash: string;
  reason: string;
  created_at: string;
  resolved_at: string | null;
  /** 037_message_moderation: DISMISSED | WARNED | DISABLED */
  resolution: string | null;
  /** 037_message_moderation: the administrator who decided */
  resolved_by: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type JobRow = Selectable<JobsTable>;
export type SessionRow = Selectable<SessionsTable>;

/** 045_message_inboxes: per party, kept by triggers on conversation_participants. */
export interface MessageInboxesTable {
  party_type: string;
  party_hash: string;
  /** the sum of unread_count over the party's conversations out of the archive (the badge) */
  unread: Generated<number>;
  open_count: Generated<number>;
  archived_count: Generated<number>;
}

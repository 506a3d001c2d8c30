/**
 * Every form rendered from schemas/ (DESIGN §2): the schema file and the fields the form shows (the
 * others stay in the schema for the server). The build precompiles one validator per entry
 * (scripts/precompile-validators.ts), because the Content-Security-Policy forbids compiling them in
 * the browser; a form missing here has no validator and does not build.
 */
import profileSchema from '../../../schemas/user.profile.json';
import offerSchema from '../../../schemas/company.job.write.json';
import companyProfileSchema from '../../../schemas/company.profile.json';

const PROFILE_PERSONAL = [
  'name',
  'surname1',
  'surname2',
  'gender',
  'birthdate',
  'document_type',
  'document_number',
  'phone',
  'mobile',
  'address',
  'postal',
  'city',
  'country_code',
  'original_country_code',
];
const PROFILE_ACADEMIC = ['profile_type', 'graduation_year', 'category'];
/** Every other writable field of user.profile: a field added to that schema shows in this tab with no code change (DESIGN §2). */
const PROFILE_PROFESSIONAL = Object.entries(profileSchema.properties as Record<string, { readOnly?: boolean }>)
  .filter(
    ([name, property]) => !property.readOnly && !PROFILE_PERSONAL.includes(name) && !PROFILE_ACADEMIC.includes(name),
  )
  .map(([name]) => name);

const COMPANY_CONTACT = ['contact_name', 'contact_phone', 'language'];
/** The company's details and every other field of company.profile: a field added there shows in this tab (issue 24 §3). */
const COMPANY_DETAILS = Object.keys(companyProfileSchema.properties).filter((name) => !COMPANY_CONTACT.includes(name));

const OFFER_FIELDS = [
  'title',
  'location',
  'contract',
  'working',
  'workstation',
  'date_incorporation',
  'area',
  'specialty',
  'tags',
  'description',
];
/** The offer form's fields, then any field a maintainer added to company.job.write (issue 24 §3); moves and the survey are not fields. */
const OFFER_ALL = [
  ...OFFER_FIELDS,
  ...Object.keys(offerSchema.properties).filter(
    (name) => !OFFER_FIELDS.includes(name) && name !== 'status' && name !== 'survey',
  ),
];

export const FORMS = {
  login: { schema: 'login', fields: ['email', 'password'] },
  // an administrator with the second factor on, once the password was right (pages/public/auth/LoginForm)
  loginCode: { schema: 'login', fields: ['email', 'password', 'code'], required: ['email', 'password', 'code'] },
  // inviting an administrator (pages/admin/admins)
  adminInvite: { schema: 'admin.invite' },
  // the member's profile (user.profile) in tabs, settings, bank account, password and e-mail (pages/user/profile)
  profilePersonal: { schema: 'user.profile', fields: PROFILE_PERSONAL },
  profileAcademic: { schema: 'user.profile', fields: PROFILE_ACADEMIC },
  profileProfessional: { schema: 'user.profile', fields: PROFILE_PROFESSIONAL },
  profileSettings: {
    schema: 'user.settings',
    fields: [
      'is_appear_by_user',
      'is_appear_by_company',
      'is_newsletter',
      'is_receive_jobs',
      'notify_group_digest',
      'notify_group_replies',
      'notify_group_requests',
      'notify_group_removed',
      'accepts_messages',
      'message_mails',
      'language',
    ],
  },
  // a message (pages/user/messages): the first one to someone, or an answer in a conversation
  messageWrite: { schema: 'message.write', fields: ['text'] },
  // the same with a file chosen: the text may stay empty
  messageWriteWithFile: { schema: 'message.write', fields: ['text'], required: [] },
  profileIban: { schema: 'user.iban', fields: ['bank', 'name', 'iban'] },
  // the member's job alerts (pages/user/profile/JobAlertsSection): how often and which offers
  jobAlerts: {
    schema: 'user.jobAlerts',
    fields: ['frequency', 'area', 'contract', 'working', 'location', 'text'],
    required: ['frequency'],
  },
  profilePassword: { schema: 'user.password', fields: ['old_password', 'password', 'password_repeat'] },
  profileEmail: { schema: 'user.email', fields: ['email', 'password'] },
  accountDelete: { schema: 'user.delete', fields: ['password'] },
  // registration (pages/user/register): personal and academic details, then membership (and the IBAN for Bold)
  registerPersonal: {
    schema: 'user.register',
    fields: [
      'name',
      'surname1',
      'surname2',
      'gender',
      'birthdate',
      'document_type',
      'document_number',
      'mobile',
      'email',
      'email_repeat',
      'password',
      'password_repeat',
      'language',
      'profile_type',
      'eligibility_basis',
      'graduation_year',
      'category',
    ],
  },
  registerMembership: { schema: 'user.register', fields: ['role', 'is_conditions', 'is_privacy', 'is_newsletter'] },
  registerMembershipIban: {
    schema: 'user.register',
    fields: ['role', 'is_conditions', 'is_privacy', 'is_newsletter', 'payment'],
  },
  // password recovery (pages/user/recovery): ask for a link, then choose a new password
  recovery: { schema: 'recovery', fields: ['email'] },
  recoveryReset: { schema: 'recovery.reset', fields: ['password', 'password_repeat'] },
  // the member's projects and job experiences (pages/user/portfolios, pages/user/experiences); pictures are managed apart
  portfolio: { schema: 'portfolio.write', fields: ['name', 'date', 'content', 'links', 'status'] },
  workExperience: {
    schema: 'workExperience.write',
    fields: ['name', 'contract', 'company_name', 'start', 'end', 'location', 'content'],
  },
  // a company's offer (pages/company/jobs): the same form creates and edits; POST requires what `required` names
  companyJob: {
    schema: 'company.job.write',
    fields: OFFER_ALL,
    required: ['title', 'description', 'location', 'contract'],
  },
  // company registration (pages/company/register): the company, then its contact person's account; one POST
  companyRegisterCompany: {
    schema: 'company.register',
    fields: ['company_name', 'document_number_company', 'url', 'specialty_company'],
  },
  companyRegisterAccount: {
    schema: 'company.register',
    fields: ['contact_name', 'contact_phone', 'email', 'password', 'password_repeat', 'language', 'is_conditions'],
  },
  // the company's own profile (pages/company/profile): details, then its contact person and language; one PATCH each
  companyProfileDetails: {
    schema: 'company.profile',
    fields: COMPANY_DETAILS,
    required: ['company_name'],
  },
  companyProfileContact: {
    schema: 'company.profile',
    fields: COMPANY_CONTACT,
    required: ['contact_name', 'language'],
  },
  // the back office's site settings (pages/admin/settings): the footer's details, links and the membership terms
  // the school's records (pages/admin/schoolRecords): one record's edit
  schoolRecord: {
    schema: 'admin.schoolRecord.write',
    fields: ['name', 'surname1', 'surname2', 'email', 'study', 'first_year', 'last_year', 'graduated_on', 'kind'],
  },
  siteSettings: {
    schema: 'site.settings',
    fields: ['address', 'phone', 'email', 'social', 'schoolUrl', 'ebookUrl', 'membership', 'autoValidation'],
  },
  // the back office's taxonomies (pages/admin/taxonomies): a category's or tag's three names; a new tag's group too
  taxonomyTexts: { schema: 'taxonomy.texts' },
  adminTagNew: { schema: 'admin.tag.write', fields: ['group', 'texts'], required: ['group', 'texts'] },
  // a group run by a member (pages/user/workgroups): the same form creates and edits
  workgroup: {
    schema: 'workgroup.write',
    fields: ['name', 'typology', 'type', 'description'],
    required: ['name', 'typology', 'type', 'description'],
  },
  companyJobSurvey: {
    schema: 'company.job.survey',
    fields: ['rating_jobbank', 'rating_candidates', 'hired', 'hired_applicants', 'hired_other'],
  },
  // news and events in the back office (pages/admin/articles): the translations may be left empty as a whole (the
  // form then leaves them out and the public pages show Spanish); one started without its body is the server's to name
  adminArticle: {
    schema: 'admin.article.write',
    fields: ['type', 'status', 'publish_at', 'date', 'hour', 'location', 'capacity', 'tags', 'texts'],
    required: ['type', 'status', 'date', 'texts'],
    optional: ['texts.en', 'texts.ca'],
  },
  // an info page or one of the association's texts in the back office (pages/admin/pages): all three languages
  adminPage: { schema: 'admin.page.write', fields: ['texts'] },
  // refunding a membership payment in the back office (pages/admin/payments): the amount (default: all that is left) and why
  adminPaymentRefund: { schema: 'admin.payment.refund', fields: ['amount_cents', 'reason'] },
} as const satisfies Record<
  string,
  { schema: string; fields?: readonly string[]; required?: readonly string[]; optional?: readonly string[] }
>;

export type FormName = keyof typeof FORMS;

type Schema = { properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

/** What a form must have filled in when it differs from its schema's `required` (a PATCH schema whose form also creates). */
export function requiredOf(name: FormName): readonly string[] | undefined {
  const entry = FORMS[name];
  return 'required' in entry ? entry.required : undefined;
}

/** Nested objects (dotted paths) the form lets stay empty although the schema requires fields inside them. */
export function optionalOf(name: FormName): readonly string[] {
  const entry = FORMS[name];
  return 'optional' in entry ? entry.optional : [];
}

function withoutRequired(schema: Schema, path: string[]): Schema {
  const [head, ...rest] = path;
  const child = head ? (schema.properties?.[head] as Schema | undefined) : undefined;
  if (!head || !child) return schema;
  const next = rest.length ? withoutRequired(child, rest) : { ...child, required: [] };
  return { ...schema, properties: { ...schema.properties, [head]: next } };
}

/** The schema a form validates: its file, narrowed to the fields it shows. Pure, so build and browser agree. */
export function narrowSchema<S extends Schema>(
  schema: S,
  fields?: readonly string[],
  required?: readonly string[],
  optional: readonly string[] = [],
): S {
  if (!fields || !schema.properties) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => fields.includes(key)));
  const narrowed = {
    ...schema,
    properties,
    required: (required ?? schema.required ?? []).filter((key) => fields.includes(key)),
  };
  return optional.reduce<Schema>((out, path) => withoutRequired(out, path.split('.')), narrowed) as S;
}

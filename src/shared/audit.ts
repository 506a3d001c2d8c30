/** One audit-log entry as `GET /adm/audit` answers it (schemas/admin.audit.json): read by the server and the back office. */
export interface AuditItem {
  hash: string;
  created_at: string;
  action: string;
  admin: { hash: string; email: string | null; name: string | null };
  target: { type: string; hash: string; label: string; email: string | null };
  from: string | null;
  to: string | null;
  reason: string | null;
  /** An edit's changed fields (dotted names) with their values before and after. */
  changes: Record<string, { before: unknown; after: unknown }> | null;
}

/** The audit action of a change to the site settings (admin/settings). */
export const SETTINGS_AUDIT_ACTION = 'settings.updated';

/** The audit actions of the taxonomies' editing (admin/taxonomies). */
export const TAXONOMY_AUDIT_ACTIONS = [
  'category.created',
  'category.updated',
  'category.deleted',
  'tag.created',
  'tag.updated',
  'tag.deleted',
  'tag.merged',
] as const;

/** The audit actions of the group review queue (admin/workgroups): publishing, rejecting, taking a published group down. */
export const WORKGROUP_AUDIT_ACTIONS = ['workgroup.published', 'workgroup.rejected', 'workgroup.removed'] as const;

/** The audit actions of the back office's news, events and info pages (admin/articles, admin/pages). */
export const CONTENT_AUDIT_ACTIONS = ['article.created', 'article.updated', 'article.deleted', 'page.updated'] as const;

/** The audit actions of the administrators' management and second factor (admin/admins). */
export const ADMIN_AUDIT_ACTIONS = [
  'admin.invited',
  'admin.removed',
  'admin.totpEnabled',
  'admin.totpDisabled',
] as const;

/** The audit actions of membership payments in the back office (admin/payments): refunds, SEPA files, the bank's answers. */
export const PAYMENT_AUDIT_ACTIONS = [
  'payment.refunded',
  'payment.collected',
  'payment.returned',
  'sepa.exported',
] as const;

/** The audit actions of the school's records (admin/schoolRecords, issue 28): an import, an edit, a removal. */
export const SCHOOL_RECORD_AUDIT_ACTIONS = ['registry.imported', 'registry.updated', 'registry.deleted'] as const;

/** The audit actions of the moderation queue of reported messages (issue 29 §4). */
export const MESSAGE_REPORT_AUDIT_ACTIONS = [
  'message.reportDismissed',
  'message.senderWarned',
  'message.senderDisabled',
] as const;

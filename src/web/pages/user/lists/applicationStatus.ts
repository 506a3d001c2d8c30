/**
 * What the member may do with an application in each status (DESIGN §4b): PENDING and ACCEPTED (in process)
 * can be withdrawn; WITHDRAWN can be sent again while the offer is published; CANCELLED (discarded) is final.
 * The server decides anyway (the apply toggle answers 418 for a discarded application).
 */
export const APPLICATION_STATUSES = ['PENDING', 'ACCEPTED', 'CANCELLED', 'WITHDRAWN'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const STATUS_COLORS: Record<ApplicationStatus, string> = {
  PENDING: 'gold',
  ACCEPTED: 'green',
  CANCELLED: 'red',
  WITHDRAWN: 'default',
};

export function applicationAction(status: string, offerStatus: string): 'withdraw' | 'apply' | null {
  if (offerStatus !== 'PUBLISHED') return null;
  if (status === 'PENDING' || status === 'ACCEPTED') return 'withdraw';
  if (status === 'WITHDRAWN') return 'apply';
  return null;
}

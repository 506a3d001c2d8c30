import type { CompanyJob } from '../../../../shared/schema-types';
import type { OfferStatus } from '../../../../shared/offerMoves';

/** An offer as GET /com/jobs answers it (schemas/company.job.json). */
export type Offer = CompanyJob & { hash: string; status: OfferStatus; title: string };

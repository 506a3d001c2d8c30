/**
 * A bulk decision of the back office (members, companies, offers): the same decision for each target, each in its own
 * transaction (the one-target `decide` owns it), so one refusal does not undo the others. Each target's answer is
 * reported — its new status, or the refusal's status code and message in the administrator's language.
 */
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import type { Locale } from '../../../shared/constants';

export interface BulkResult {
  hash: string;
  statusCode: number;
  status?: string;
  code?: string;
  message?: string;
}

export async function decideEach(
  hashes: readonly string[],
  lng: Locale,
  decideOne: (hash: string) => Promise<{ status: string }>,
) {
  const results: BulkResult[] = [];
  for (const hash of new Set(hashes)) {
    try {
      results.push({ hash, statusCode: 200, status: (await decideOne(hash)).status });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        hash,
        statusCode: error.status,
        code: error.code,
        message: translate(lng, error.code, error.params),
      });
    }
  }
  return {
    results,
    ok: results.filter((r) => r.statusCode === 200).length,
    failed: results.filter((r) => r.statusCode !== 200).length,
  };
}

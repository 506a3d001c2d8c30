/**
 * The site settings of the back office (issue 14 §4): the association's details shown in every footer (setting `site`)
 * and the membership terms (setting `membership`: price and free period). One PATCH writes both in one transaction
 * with an audit row holding what changed (before and after); the footer and /api/init answer the new values on the
 * next request (the settings table bumps the public version, so no cached page keeps the old footer).
 */
import type { Db } from '../../../db/dialect';
import { nowIso } from '../../../lib/ids';
import type { SiteSettings as SiteSettingsBody } from '../../../../shared/schema-types';
import type { Actor } from '../../../types';
import type { Conn } from '../../../db/conn';
import { readMembershipTerms, readSiteSettings, writeSetting } from '../../init/repository';
import { record } from '../../audit/service';
import { changedFields } from '../../audit/changes';
import { SETTINGS_AUDIT_ACTION } from '../../../../shared/audit';
import { autoValidationOn, setAutoValidation } from '../../schoolRecords/autoValidation';

async function current(db: Conn): Promise<Required<SiteSettingsBody>> {
  const [site, membership, autoValidation] = await Promise.all([
    readSiteSettings(db),
    readMembershipTerms(db),
    autoValidationOn(db),
  ]);
  return {
    address: site.address,
    phone: site.phone,
    email: site.email,
    social: site.social,
    schoolUrl: site.schoolUrl,
    ebookUrl: site.ebookUrl,
    membership,
    autoValidation,
  };
}

export function show(db: Db) {
  return current(db);
}

export async function update(db: Db, actor: Actor, body: SiteSettingsBody) {
  // a link left out is no link (the form leaves an emptied field out)
  const social = {
    linkedin: body.social.linkedin ?? '',
    instagram: body.social.instagram ?? '',
    facebook: body.social.facebook ?? '',
    x: body.social.x ?? '',
  };
  const trimmed = {
    ...body,
    social,
    schoolUrl: body.schoolUrl ?? '',
    ebookUrl: body.ebookUrl ?? '',
    address: body.address.trim(),
    phone: body.phone.trim(),
    email: body.email.trim().toLowerCase(),
    membership: {
      priceEuros: Math.round(body.membership.priceEuros * 100) / 100,
      freePeriodMonths: body.membership.freePeriodMonths,
    },
  };
  return db.transaction().execute(async (trx) => {
    const before = await current(trx);
    const site = await readSiteSettings(trx);
    const { membership, autoValidation, ...details } = trimmed;
    // the taxonomies' version lives in the same row and is not the form's to change
    await writeSetting(trx, 'site', {
      ...details,
      ...(site.taxonomiesVersion ? { taxonomiesVersion: site.taxonomiesVersion } : {}),
    });
    await writeSetting(trx, 'membership', membership);
    // left out: unchanged (the automatic validation of issue 28 §2)
    if (autoValidation !== undefined) await setAutoValidation(trx, autoValidation);
    const diff = changedFields(
      before as unknown as Record<string, unknown>,
      {
        ...trimmed,
        autoValidation: autoValidation ?? before.autoValidation,
      } as unknown as Record<string, unknown>,
    );
    if (Object.keys(diff).length)
      await record(trx, {
        adminHash: actor.hash!,
        action: SETTINGS_AUDIT_ACTION,
        targetType: 'settings',
        targetHash: 'site',
        data: { changes: diff },
        at: nowIso(),
      });
    return current(trx);
  });
}

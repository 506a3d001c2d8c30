import { nowIso } from '../../../lib/ids';
import type { SiteSettings as SiteSettingsBody } from '../../../../shared/schema-types';
import type { Conn } from '../../../db/conn';
import { readMembershipTerms, readSiteSettings, writeSetting } from '../../init/repository';
import { record } from '../../audit/service';
import { changedFields } from '../../audit/changes';
import { SETTINGS_AUDIT_ACTION } from '../../../../shared/audit';
import { autoValidationOn, setAutoValidation } from '../../schoolRecords/autoValidation';
import { type ServiceContext } from '../../../serviceContext';

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

export function show(ctx: ServiceContext) {
  const { db } = ctx;
  return current(db);
}

export async function update(ctx: ServiceContext, body: SiteSettingsBody) {
  const { db, actor } = ctx;
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
      await record(
        { ...ctx, db: trx },
        {
          adminHash: actor.hash!,
          action: SETTINGS_AUDIT_ACTION,
          targetType: 'settings',
          targetHash: 'site',
          data: { changes: diff },
          at: nowIso(),
        },
      );
    return current(trx);
  });
}

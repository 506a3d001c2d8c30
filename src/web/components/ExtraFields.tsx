import { useTranslation } from 'react-i18next';
import { Descriptions } from './light';

/** A link only for an http(s) address (a value a member typed never becomes a `javascript:` link). */
function shown(value: unknown) {
  if (typeof value === 'string' && /^https?:\/\//i.test(value)) {
    return (
      <a href={value} rel="noopener noreferrer nofollow ugc" target="_blank">
        {value}
      </a>
    );
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The fields a schema marks `x-audience` that the server gave this caller (issue 24 §3, docs/schemas.md) — a member's
 * public profile, a job offer: rendered
 * from the answer and the `fields.<name>` labels, so a field added to the schema shows with no code edit.
 */
export function ExtraFields({ extra }: { extra: Record<string, unknown> }) {
  const { t } = useTranslation();
  return Object.entries(extra).map(([name, value]) => (
    <Descriptions.Item key={name} label={t(`fields.${name}`)}>
      <span data-field={name}>{shown(value)}</span>
    </Descriptions.Item>
  ));
}

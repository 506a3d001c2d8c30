/**
 * Groups run by members (issue 12 "Demo and data"): bold@demo.test runs a published open group with members and a
 * conversation, has a draft and a group the association sent back with its reason; the join requests waiting in the
 * private groups carry their messages. Fixed rows and hashes derived from the member's, no PRNG draws, so every other
 * demo row comes out as before.
 */
import { foldText } from '../../../shared/text';
import type { Rows } from './rows';

const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

const GROUPS = [
  {
    key: 'lighting',
    status: 'PUBLISHED',
    type: 'PUBLIC',
    typology: 'PROFESSIONAL',
    name: 'Iluminación y escenografía',
    description:
      'Antiguos alumnos que diseñan la luz y el espacio de teatros, museos y conciertos. Compartimos montajes, proveedores y ofertas, y visitamos un montaje cada trimestre.',
    reason: null,
  },
  {
    key: 'reading',
    status: 'UNPUBLISHED',
    type: 'PRIVATE',
    typology: 'THEMATIC',
    name: 'Club de lectura técnica',
    description: 'Un libro de diseño o ingeniería al mes, comentado en el muro y en una cena el último jueves.',
    reason: null,
  },
  {
    key: 'market',
    status: 'REJECTED',
    type: 'PUBLIC',
    typology: 'COMMUNITY',
    name: 'Mercadillo de materiales',
    description: 'Compraventa de restos de materiales de taller entre antiguos alumnos.',
    reason:
      'Los grupos no pueden usarse para vender. Si lo planteáis como intercambio o donación de materiales entre socios, lo publicamos encantados.',
  },
] as const;

const POSTS = [
  'Bienvenidos. Para empezar: ¿qué consola usáis en vuestros montajes? Nosotros seguimos con ETC, pero estamos probando grandMA.',
  'El jueves que viene visitamos el montaje de la exposición del Disseny Hub. Quedamos a las 18:00 en la entrada.',
];
const REPLIES = [
  'grandMA3 en gira, ETC en el teatro fijo. Si queréis os enseño el archivo de la última obra.',
  'Me apunto. ¿Hace falta confirmar?',
];
const REQUEST_MESSAGES = [
  'Trabajo en iluminación de museos y me encantaría compartir proyectos con el grupo.',
  'Acabo de terminar el máster y busco gente con la que montar proyectos.',
  'Me interesa mucho el tema; llevo un año haciendo prototipos por mi cuenta.',
];

export interface GroupLives {
  workgroups: Rows<'workgroups'>;
  workgroup_members: Rows<'workgroup_members'>;
  workgroup_followers: Rows<'workgroup_followers'>;
  comments: Rows<'comments'>;
  comment_reports: Rows<'comment_reports'>;
}

export function groupLives(bold: { hash: string }, members: Array<{ hash: string }>, now: Date): GroupLives {
  const out: GroupLives = {
    workgroups: [],
    workgroup_members: [],
    workgroup_followers: [],
    comments: [],
    comment_reports: [],
  };
  const hashOf = (key: string) => `${key}${bold.hash}`.slice(0, 16);
  GROUPS.forEach((group, i) => {
    const created = now.getTime() - (40 - i * 10) * DAY;
    out.workgroups.push({
      hash: hashOf(group.key),
      slug: `${group.name
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '-')}-${hashOf(group.key).slice(0, 4)}`,
      name: group.name,
      typology: group.typology,
      type: group.type,
      status: group.status,
      image: null,
      admin_hash: bold.hash,
      description: group.description,
      search_text: foldText(`${group.name} ${group.description}`),
      data: '{}',
      created_at: iso(created),
      updated_at: iso(created + DAY),
      reason: group.reason,
    });
    out.workgroup_members.push({
      hash: `m${hashOf(group.key)}`.slice(0, 16),
      workgroup_hash: hashOf(group.key),
      user_hash: bold.hash,
      status: 'ACCEPTED',
      created_at: iso(created),
      message: null,
    });
  });
  // the published group: four members and a conversation
  const lighting = hashOf('lighting');
  const joined = members.slice(0, 4);
  joined.forEach((member, i) => {
    const at = iso(now.getTime() - (30 - i) * DAY);
    out.workgroup_members.push({
      hash: `j${i}${lighting}`.slice(0, 16),
      workgroup_hash: lighting,
      user_hash: member.hash,
      status: 'ACCEPTED',
      created_at: at,
      message: null,
    });
    out.workgroup_followers.push({ workgroup_hash: lighting, user_hash: member.hash, created_at: at });
  });
  out.workgroup_followers.push({
    workgroup_hash: lighting,
    user_hash: bold.hash,
    created_at: iso(now.getTime() - 40 * DAY),
  });
  POSTS.forEach((content, i) => {
    const at = now.getTime() - (20 - i * 8) * DAY;
    const hash = `p${i}${lighting}`.slice(0, 16);
    out.comments.push({
      hash,
      workgroup_hash: lighting,
      user_hash: i === 0 ? bold.hash : joined[0]!.hash,
      parent_hash: null,
      content,
      file_hash: null,
      deleted: 0,
      created_at: iso(at),
    });
    out.comments.push({
      hash: `r${i}${lighting}`.slice(0, 16),
      workgroup_hash: lighting,
      user_hash: joined[i + 1]!.hash,
      parent_hash: hash,
      content: REPLIES[i]!,
      file_hash: null,
      deleted: 0,
      created_at: iso(at + 3 * 3_600_000),
    });
  });
  // one post a member reported, waiting for bold@demo.test's decision on the group's wall
  out.comment_reports.push({
    comment_hash: `p1${lighting}`.slice(0, 16),
    user_hash: joined[joined.length - 1]!.hash,
    reason:
      'La visita necesita inscripción previa en la web del Disseny Hub; tal como está escrito, la gente vendrá sin apuntarse.',
    created_at: iso(now.getTime() - 2 * DAY),
  });
  return out;
}

/** Gives the join requests waiting in the demo's private groups a message for the group's administrator. */
export function withRequestMessages(rows: Rows<'workgroup_members'>): Rows<'workgroup_members'> {
  let n = 0;
  return rows.map((row) => ({
    ...row,
    message: row.status === 'PENDING' ? REQUEST_MESSAGES[n++ % REQUEST_MESSAGES.length]! : null,
  }));
}

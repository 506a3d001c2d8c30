/**
 * A member's "about me", written in the member's language from a few varied sentences about their work,
 * city and graduation year. Derived from the member's hash (no draw from the seed's PRNG), so the rows
 * after it stay as they were and the benchmark's generator stays as fast.
 */
import { createRandom } from './random';

type Lang = 'es' | 'en' | 'ca';
interface Facts {
  job: string;
  company: string;
  city: string;
  year: number;
}

const OPENERS: Record<Lang, Array<(f: Facts) => string>> = {
  es: [
    (f) => `Trabajo como ${f.job.toLowerCase()} en ${f.company}, en ${f.city}.`,
    (f) => `Me gradué en ${f.year} y desde entonces me dedico a ${f.job.toLowerCase()}.`,
    (f) => `Vivo en ${f.city}, donde trabajo en ${f.company}.`,
    (f) => `${f.job} en ${f.company}. Salí de la escuela en ${f.year}.`,
    (f) => `Después de graduarme en ${f.year} me instalé en ${f.city}.`,
  ],
  en: [
    (f) => `I work as ${f.job.toLowerCase()} at ${f.company}, in ${f.city}.`,
    (f) => `I graduated in ${f.year} and have worked in design ever since.`,
    (f) => `Based in ${f.city}, currently at ${f.company}.`,
    (f) => `${f.job} at ${f.company}. Class of ${f.year}.`,
    (f) => `After graduating in ${f.year} I moved to ${f.city}.`,
  ],
  ca: [
    (f) => `Treballo com a ${f.job.toLowerCase()} a ${f.company}, a ${f.city}.`,
    (f) => `Em vaig graduar el ${f.year} i des d’aleshores em dedico al disseny.`,
    (f) => `Visc a ${f.city}, on treballo a ${f.company}.`,
    (f) => `${f.job} a ${f.company}. Promoció del ${f.year}.`,
    (f) => `Després de graduar-me el ${f.year} em vaig instal·lar a ${f.city}.`,
  ],
};

const MIDDLES: Record<Lang, string[]> = {
  es: [
    'Me interesan los materiales naturales y los procesos de fabricación locales.',
    'He trabajado en proyectos de mobiliario, iluminación y packaging.',
    'Paso buena parte del día entre prototipos y pruebas con usuarios.',
    'Coordino un equipo pequeño que diseña productos para el hogar.',
    'Antes estuve unos años en un estudio de Milán.',
    'Me especialicé en interfaces para productos conectados.',
    'Doy clases de taller un día a la semana.',
    'Mi trabajo se mueve entre la ingeniería y el diseño industrial.',
    'Colaboro con ONG en proyectos de diseño social.',
    'Últimamente trabajo sobre todo en diseño de servicios.',
  ],
  en: [
    'I care about natural materials and local manufacturing.',
    'I have worked on furniture, lighting and packaging projects.',
    'I spend most days between prototypes and user tests.',
    'I lead a small team designing products for the home.',
    'Before that I spent a few years at a studio in Milan.',
    'I specialise in interfaces for connected products.',
    'I teach a workshop class one day a week.',
    'My work sits between engineering and industrial design.',
    'I volunteer on social design projects with NGOs.',
    'Lately I mostly work on service design.',
  ],
  ca: [
    'M’interessen els materials naturals i els processos de fabricació locals.',
    'He treballat en projectes de mobiliari, il·luminació i packaging.',
    'Passo bona part del dia entre prototips i proves amb usuaris.',
    'Coordino un equip petit que dissenya productes per a la llar.',
    'Abans vaig passar uns anys en un estudi de Milà.',
    'Em vaig especialitzar en interfícies per a productes connectats.',
    'Faig classes de taller un dia a la setmana.',
    'La meva feina es mou entre l’enginyeria i el disseny industrial.',
    'Col·laboro amb ONG en projectes de disseny social.',
    'Darrerament treballo sobretot en disseny de serveis.',
  ],
};

const CLOSERS: Record<Lang, string[]> = {
  es: [
    'Encantado/a de echar una mano a quien empieza.',
    'Siempre abierto/a a colaborar en proyectos nuevos.',
    'Fuera del trabajo, bicicleta y cerámica.',
    'Busco gente con quien montar un grupo de lectura de diseño.',
    'Escríbeme si necesitas consejo sobre prácticas en el extranjero.',
    'Me gusta conocer a otros alumni de mi promoción.',
    'Mentor/a en la bolsa de mentores de la asociación.',
    '',
  ],
  en: [
    'Happy to help anyone starting out.',
    'Always open to new collaborations.',
    'Outside work: cycling and ceramics.',
    'Looking for people to start a design reading group.',
    'Get in touch if you want advice on internships abroad.',
    'I love meeting alumni from my year.',
    'Mentor in the association’s mentoring pool.',
    '',
  ],
  ca: [
    'Encantat/ada de donar un cop de mà a qui comença.',
    'Sempre obert/a a col·laborar en projectes nous.',
    'Fora de la feina, bicicleta i ceràmica.',
    'Busco gent per muntar un grup de lectura de disseny.',
    'Escriu-me si vols consell sobre pràctiques a l’estranger.',
    'M’agrada conèixer altres alumni de la meva promoció.',
    'Mentor/a a la borsa de mentors de l’associació.',
    '',
  ],
};

export function makeBio(hash: string, language: string, facts: Facts): string {
  const lang: Lang = language === 'en' || language === 'ca' ? language : 'es';
  const rand = createRandom(parseInt(hash.slice(0, 7), 36));
  const company =
    facts.company === 'Freelance'
      ? { es: 'mi propio estudio', en: 'my own studio', ca: 'el meu propi estudi' }[lang]
      : facts.company;
  const f = { ...facts, company };
  const middle = rand.sample(MIDDLES[lang], rand.int(1, 2));
  return [rand.pick(OPENERS[lang])(f), ...middle, rand.pick(CLOSERS[lang])].filter(Boolean).join(' ');
}

/**
 * A demo offer's description, varied per offer: an introduction that names the company, tasks drawn for
 * the role, requirements and what is offered, in the offer's language. The demo seed rewrites the
 * description rows.ts made with it, drawing from its own PRNG so the seed's other rows stay as they were.
 */
import type { Random } from './random';

type L = 0 | 1 | 2;
const INTRO: ReadonlyArray<readonly [string, string, string]> = [
  [
    'En {c} estamos creciendo y buscamos {t} para incorporarse a nuestro equipo.',
    '{c} is growing and we are looking for a {t} to join our team.',
    'A {c} estem creixent i busquem {t} per incorporar-se al nostre equip.',
  ],
  [
    '{c} abre una posición de {t} para reforzar proyectos con clientes nacionales e internacionales.',
    '{c} is opening a {t} position to strengthen projects for clients in Spain and abroad.',
    '{c} obre una posició de {t} per reforçar projectes amb clients d’aquí i de fora.',
  ],
  [
    '¿Te gustaría trabajar como {t} en un equipo pequeño y exigente? En {c} te estamos esperando.',
    'Would you like to work as a {t} in a small, demanding team? {c} is waiting for you.',
    'T’agradaria treballar com a {t} en un equip petit i exigent? A {c} t’esperem.',
  ],
  [
    'Buscamos {t} con ganas de aprender para un proyecto nuevo de {c}.',
    'We are looking for a {t} eager to learn for a new project at {c}.',
    'Busquem {t} amb ganes d’aprendre per a un projecte nou de {c}.',
  ],
];
const TASKS: ReadonlyArray<readonly [string, string, string]> = [
  [
    'Desarrollar conceptos y bocetos desde el briefing hasta la presentación al cliente.',
    'Develop concepts and sketches from the brief to the client presentation.',
    'Desenvolupar conceptes i esbossos des del briefing fins a la presentació al client.',
  ],
  [
    'Preparar modelos 3D y planos para fabricación.',
    'Prepare 3D models and drawings for manufacturing.',
    'Preparar models 3D i plànols per a fabricació.',
  ],
  [
    'Construir prototipos y organizar pruebas con usuarios.',
    'Build prototypes and run user tests.',
    'Construir prototips i organitzar proves amb usuaris.',
  ],
  [
    'Coordinarte con proveedores y talleres.',
    'Work with suppliers and workshops.',
    'Coordinar-te amb proveïdors i tallers.',
  ],
  [
    'Documentar el proyecto y mantener la biblioteca de componentes.',
    'Document the project and keep the component library up to date.',
    'Documentar el projecte i mantenir la biblioteca de components.',
  ],
  [
    'Participar en la investigación de materiales y acabados.',
    'Take part in research on materials and finishes.',
    'Participar en la recerca de materials i acabats.',
  ],
  [
    'Diseñar interfaces y flujos para productos digitales.',
    'Design interfaces and flows for digital products.',
    'Dissenyar interfícies i fluxos per a productes digitals.',
  ],
  [
    'Hacer seguimiento de producción y control de calidad.',
    'Follow production and quality control.',
    'Fer el seguiment de la producció i el control de qualitat.',
  ],
  [
    'Preparar artes finales y materiales de comunicación.',
    'Prepare final artwork and communication materials.',
    'Preparar arts finals i materials de comunicació.',
  ],
  [
    'Presentar propuestas en ferias y reuniones con clientes.',
    'Present proposals at fairs and client meetings.',
    'Presentar propostes en fires i reunions amb clients.',
  ],
];
const NEEDS: ReadonlyArray<readonly [string, string, string]> = [
  [
    'Titulación en diseño o ingeniería y un portfolio que muestre tu proceso.',
    'A degree in design or engineering and a portfolio that shows your process.',
    'Titulació en disseny o enginyeria i un portfoli que mostri el teu procés.',
  ],
  [
    'Dominio de Rhino, SolidWorks o Fusion 360.',
    'Good command of Rhino, SolidWorks or Fusion 360.',
    'Domini de Rhino, SolidWorks o Fusion 360.',
  ],
  [
    'Experiencia con Figma y sistemas de diseño.',
    'Experience with Figma and design systems.',
    'Experiència amb Figma i sistemes de disseny.',
  ],
  [
    'Inglés para trabajar con clientes de fuera.',
    'English to work with clients abroad.',
    'Anglès per treballar amb clients de fora.',
  ],
  ['Entre uno y tres años de experiencia.', 'One to three years of experience.', 'Entre un i tres anys d’experiència.'],
  [
    'Conocimientos de Adobe Creative Cloud.',
    'Working knowledge of Adobe Creative Cloud.',
    'Coneixements d’Adobe Creative Cloud.',
  ],
];
const OFFER: ReadonlyArray<readonly [string, string, string]> = [
  [
    'Ofrecemos contrato estable, horario flexible y formación continua.',
    'We offer a stable contract, flexible hours and ongoing training.',
    'Oferim contracte estable, horari flexible i formació contínua.',
  ],
  [
    'Ofrecemos un equipo joven, proyectos variados y dos días de teletrabajo.',
    'We offer a young team, varied projects and two days working from home.',
    'Oferim un equip jove, projectes variats i dos dies de teletreball.',
  ],
  [
    'Salario según experiencia, seguro médico y presupuesto anual para formación.',
    'Salary depending on experience, health insurance and a yearly training budget.',
    'Sou segons experiència, assegurança mèdica i pressupost anual per a formació.',
  ],
  [
    'Incorporación inmediata y posibilidad de crecer con el equipo.',
    'Immediate start and room to grow with the team.',
    'Incorporació immediata i possibilitat de créixer amb l’equip.',
  ],
];

export function jobDescription(rand: Random, lang: L, title: string, company: string): string {
  const heads = [
    ['Qué harás', 'What you will do', 'Què faràs'],
    ['Qué buscamos', 'What we are looking for', 'Què busquem'],
    ['Qué ofrecemos', 'What we offer', 'Què oferim'],
  ] as const;
  const introText = rand.pick(INTRO)[lang];
  const intro = introText.replace('{c}', company).replace('{t}', lang === 1 ? title : title.toLowerCase());
  const tasks = rand
    .sample(TASKS, rand.int(3, 4))
    .map((t) => `• ${t[lang]}`)
    .join('\n');
  const needs = rand
    .sample(NEEDS, rand.int(2, 3))
    .map((t) => `• ${t[lang]}`)
    .join('\n');
  const offer = rand
    .sample(OFFER, 2)
    .map((t) => t[lang])
    .join(' ');
  return [intro, `${heads[0][lang]}:\n${tasks}`, `${heads[1][lang]}:\n${needs}`, `${heads[2][lang]}: ${offer}`].join(
    '\n\n',
  );
}

/** A work experience's summary: three or four of the tasks above, in Spanish (as members mostly write them). */
export function experienceText(rand: Random): string {
  return rand
    .sample(TASKS, rand.int(2, 4))
    .map((t) => t[0])
    .join(' ');
}

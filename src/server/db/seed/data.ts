/** The vocabulary of the demo data, in Spanish, English and Catalan. */
export type Tri = readonly [es: string, en: string, ca: string];

export const FIRST_NAMES = [
  'Laura', 'Marc', 'Júlia', 'Pau', 'Marta', 'Jordi', 'Anna', 'Carlos', 'Lucía', 'Javier', 'Núria', 'Sergi', 'Elena', 'David', 'Clara',
  'Alejandro', 'Paula', 'Oriol', 'Sofía', 'Álex', 'Irene', 'Pablo', 'Carla', 'Daniel', 'Mireia', 'Hugo', 'Andrea', 'Adrià', 'Noelia',
  'Raúl', 'Berta', 'Miguel', 'Aina', 'Iván', 'Cristina', 'Arnau', 'Sara', 'Guillem', 'Helena', 'Víctor', 'Emma', 'Joan', 'Rocío', 'Gerard',
  'Montserrat', 'Xavier', 'Meritxell', 'Albert', 'Laia', 'Ferran', 'Roser', 'Quim', 'Gemma', 'Jaume', 'Ona', 'Bernat', 'Queralt', 'Pol',
  'Carmen', 'Francisco', 'Isabel', 'Antonio', 'Pilar', 'Manuel', 'Beatriz', 'Rafael', 'Inés', 'Fernando', 'Alba', 'Diego', 'Nerea', 'Jorge',
  'Teresa', 'Óscar', 'Patricia', 'Rubén', 'Silvia', 'Álvaro', 'Lorena', 'Gonzalo', 'Eva', 'Ignacio', 'Natalia', 'Mario', 'Olga', 'Tomás',
  'Sophie', 'Lukas', 'Chloé', 'Matteo', 'Giulia', 'Yuki', 'Amira', 'Youssef', 'Ingrid', 'Liam', 'Camila', 'Mateo', 'Valentina', 'Tiago',
  'Leire', 'Iker', 'Ainhoa', 'Unai', 'Maialen', 'Xabier', 'Uxía', 'Brais', 'Judit', 'Nil', 'Abril', 'Biel', 'Martina', 'Enric', 'Agnès',
];
/** The gender a first name is usually given with, so a demo profile reads true ("Álex" is either). */
const FEMALE = new Set([
  'Laura', 'Júlia', 'Marta', 'Anna', 'Lucía', 'Núria', 'Elena', 'Clara', 'Paula', 'Sofía', 'Irene', 'Carla', 'Mireia', 'Andrea', 'Noelia', 'Berta',
  'Aina', 'Cristina', 'Sara', 'Helena', 'Emma', 'Rocío', 'Montserrat', 'Meritxell', 'Laia', 'Roser', 'Gemma', 'Ona', 'Queralt', 'Carmen', 'Isabel',
  'Pilar', 'Beatriz', 'Inés', 'Alba', 'Nerea', 'Teresa', 'Patricia', 'Silvia', 'Lorena', 'Eva', 'Natalia', 'Olga', 'Sophie', 'Chloé', 'Giulia',
  'Yuki', 'Amira', 'Ingrid', 'Camila', 'Valentina', 'Leire', 'Ainhoa', 'Maialen', 'Uxía', 'Judit', 'Abril', 'Martina', 'Agnès',
]);
export function genderOfName(name: string): 'female' | 'male' | 'other' {
  return FEMALE.has(name) ? 'female' : name === 'Álex' ? 'other' : 'male';
}
export const SURNAMES = [
  'García', 'Martínez', 'Puig', 'Ferrer', 'López', 'Soler', 'Vidal', 'Sánchez', 'Roca', 'Serra', 'Fernández', 'Pérez', 'Font', 'Casals',
  'Romero', 'Navarro', 'Costa', 'Ruiz', 'Mas', 'Molina', 'Torres', 'Vila', 'Giménez', 'Bosch', 'Castro', 'Pujol', 'Ortega', 'Riera',
  'Moreno', 'Camps', 'Domínguez', 'Sala', 'Prat', 'Herrera', 'Codina', 'Vázquez', 'Rovira', 'Gil', 'Marín', 'Llopis',
  'Rodríguez', 'González', 'Hernández', 'Jiménez', 'Álvarez', 'Muñoz', 'Alonso', 'Gutiérrez', 'Iglesias', 'Medina', 'Garrido', 'Cortés',
  'Lozano', 'Guerrero', 'Cano', 'Prieto', 'Méndez', 'Calvo', 'Gallego', 'Vicente', 'Fuentes', 'Carrasco', 'Caballero', 'Nieto', 'Aguilar',
  'Pascual', 'Santos', 'Blanco', 'Montero', 'Ibáñez', 'Crespo', 'Esteve', 'Fabra', 'Comas', 'Batlle', 'Ribas', 'Sendra', 'Bertran', 'Miró',
  'Canals', 'Sabater', 'Farré', 'Grau', 'Oliver', 'Pons', 'Valls', 'Coll', 'Solé', 'Estruch', 'Armengol', 'Cuadrado', 'Arrieta', 'Etxeberria',
  'Otero', 'Lorenzo', 'Rey', 'Cabrera', 'Peña', 'Ramos', 'Delgado', 'Vega', 'Rubio', 'Sanz', 'Durán', 'Benítez', 'Mora', 'Arias', 'Luna',
];
export const CITIES_ES = ['Barcelona', 'Madrid', 'Valencia', 'Girona', 'Sabadell', 'Terrassa', 'Bilbao', 'Sevilla', 'Zaragoza', 'Tarragona', 'Lleida', 'Palma', 'Málaga', 'Reus', 'Mataró'];
export const CITIES_ABROAD: Record<string, string[]> = {
  FR: ['Paris', 'Lyon', 'Toulouse'], DE: ['Berlin', 'Munich', 'Hamburg'], GB: ['London', 'Manchester'], IT: ['Milan', 'Turin', 'Rome'],
  NL: ['Amsterdam', 'Eindhoven', 'Rotterdam'], PT: ['Lisbon', 'Porto'], US: ['New York', 'San Francisco', 'Chicago'], MX: ['Ciudad de México', 'Guadalajara'],
  AR: ['Buenos Aires'], CO: ['Bogotá', 'Medellín'], CL: ['Santiago'], CH: ['Zurich', 'Geneva'], SE: ['Stockholm'], DK: ['Copenhagen'],
  JP: ['Tokyo'], CN: ['Shanghai'], CA: ['Toronto', 'Montreal'], AU: ['Sydney'], BE: ['Brussels'], IE: ['Dublin'], AT: ['Vienna'], BR: ['São Paulo'],
  FI: ['Helsinki'], NO: ['Oslo'], PL: ['Warsaw'], KR: ['Seoul'], SG: ['Singapore'], AE: ['Dubai'], PE: ['Lima'], MA: ['Casablanca'],
};

/** ISO code, names (es, en, ca), centroid. */
export const COUNTRIES: ReadonlyArray<readonly [string, string, string, string, number, number]> = [
  ['ES', 'España', 'Spain', 'Espanya', 40.4, -3.7], ['FR', 'Francia', 'France', 'França', 46.6, 2.2], ['DE', 'Alemania', 'Germany', 'Alemanya', 51.2, 10.4],
  ['GB', 'Reino Unido', 'United Kingdom', 'Regne Unit', 54.0, -2.0], ['IT', 'Italia', 'Italy', 'Itàlia', 42.8, 12.6], ['NL', 'Países Bajos', 'Netherlands', 'Països Baixos', 52.1, 5.3],
  ['PT', 'Portugal', 'Portugal', 'Portugal', 39.6, -8.0], ['US', 'Estados Unidos', 'United States', 'Estats Units', 39.8, -98.6], ['MX', 'México', 'Mexico', 'Mèxic', 23.6, -102.5],
  ['AR', 'Argentina', 'Argentina', 'Argentina', -38.4, -63.6], ['CO', 'Colombia', 'Colombia', 'Colòmbia', 4.6, -74.1], ['CL', 'Chile', 'Chile', 'Xile', -35.7, -71.5],
  ['CH', 'Suiza', 'Switzerland', 'Suïssa', 46.8, 8.2], ['SE', 'Suecia', 'Sweden', 'Suècia', 62.2, 17.6], ['DK', 'Dinamarca', 'Denmark', 'Dinamarca', 56.0, 10.0],
  ['JP', 'Japón', 'Japan', 'Japó', 36.2, 138.3], ['CN', 'China', 'China', 'Xina', 35.9, 104.2], ['CA', 'Canadá', 'Canada', 'Canadà', 56.1, -106.3],
  ['AU', 'Australia', 'Australia', 'Austràlia', -25.3, 133.8], ['BE', 'Bélgica', 'Belgium', 'Bèlgica', 50.5, 4.5], ['IE', 'Irlanda', 'Ireland', 'Irlanda', 53.4, -8.2],
  ['AT', 'Austria', 'Austria', 'Àustria', 47.5, 14.6], ['BR', 'Brasil', 'Brazil', 'Brasil', -14.2, -51.9], ['FI', 'Finlandia', 'Finland', 'Finlàndia', 61.9, 25.7],
  ['NO', 'Noruega', 'Norway', 'Noruega', 60.5, 8.5], ['PL', 'Polonia', 'Poland', 'Polònia', 51.9, 19.1], ['KR', 'Corea del Sur', 'South Korea', 'Corea del Sud', 35.9, 127.8],
  ['SG', 'Singapur', 'Singapore', 'Singapur', 1.35, 103.8], ['AE', 'Emiratos Árabes Unidos', 'United Arab Emirates', 'Emirats Àrabs Units', 23.4, 53.8],
  ['PE', 'Perú', 'Peru', 'Perú', -9.2, -75.0], ['MA', 'Marruecos', 'Morocco', 'Marroc', 31.8, -7.1], ['AD', 'Andorra', 'Andorra', 'Andorra', 42.5, 1.5],
];

export const CATEGORIES: ReadonlyArray<{ title: Tri; children: Tri[] }> = [
  {
    title: ['Diseño', 'Design', 'Disseny'],
    children: [
      ['Diseño gráfico', 'Graphic design', 'Disseny gràfic'], ['Diseño de producto', 'Product design', 'Disseny de producte'],
      ['Diseño de interiores', 'Interior design', "Disseny d'interiors"], ['Diseño de moda', 'Fashion design', 'Disseny de moda'],
      ['Diseño audiovisual', 'Audiovisual design', 'Disseny audiovisual'],
    ],
  },
  {
    title: ['Ingeniería', 'Engineering', 'Enginyeria'],
    children: [
      ['Ingeniería en diseño industrial', 'Industrial design engineering', 'Enginyeria en disseny industrial'],
      ['Ingeniería mecánica', 'Mechanical engineering', 'Enginyeria mecànica'], ['Ingeniería electrónica', 'Electronic engineering', 'Enginyeria electrònica'],
      ['Ingeniería informática', 'Computer engineering', 'Enginyeria informàtica'],
    ],
  },
  {
    title: ['Másteres y posgrados', "Master's and postgraduate", 'Màsters i postgraus'],
    children: [
      ['Máster en diseño de interacción', 'Master in interaction design', "Màster en disseny d'interacció"],
      ['Máster en ingeniería de materiales', 'Master in materials engineering', 'Màster en enginyeria de materials'],
      ['Posgrado en diseño de servicios', 'Postgraduate in service design', 'Postgrau en disseny de serveis'],
    ],
  },
];

export const USER_TAGS: ReadonlyArray<{ group: string; title: Tri }> = [
  { group: 'area', title: ['Branding', 'Branding', 'Branding'] },
  { group: 'area', title: ['Experiencia de usuario', 'User experience', "Experiència d'usuari"] },
  { group: 'area', title: ['Fabricación', 'Manufacturing', 'Fabricació'] },
  { group: 'area', title: ['Sostenibilidad', 'Sustainability', 'Sostenibilitat'] },
  { group: 'area', title: ['Movilidad', 'Mobility', 'Mobilitat'] },
  { group: 'area', title: ['Retail', 'Retail', 'Comerç'] },
  { group: 'specialty', title: ['Modelado 3D', '3D modelling', 'Modelatge 3D'] },
  { group: 'specialty', title: ['Tipografía', 'Typography', 'Tipografia'] },
  { group: 'specialty', title: ['Prototipado', 'Prototyping', 'Prototipatge'] },
  { group: 'specialty', title: ['Diseño de iluminación', 'Lighting design', "Disseny d'il·luminació"] },
  { group: 'specialty', title: ['Electrónica embebida', 'Embedded electronics', 'Electrònica encastada'] },
  { group: 'specialty', title: ['Desarrollo web', 'Web development', 'Desenvolupament web'] },
  { group: 'career', title: ['Emprendimiento', 'Entrepreneurship', 'Emprenedoria'] },
  { group: 'career', title: ['Mentoría', 'Mentoring', 'Mentoria'] },
  { group: 'career', title: ['Dirección de proyectos', 'Project management', 'Direcció de projectes'] },
  { group: 'career', title: ['Docencia', 'Teaching', 'Docència'] },
];

export const ARTICLE_TAGS: readonly Tri[] = [
  ['Premios', 'Awards', 'Premis'], ['Conferencia', 'Talk', 'Conferència'], ['Taller', 'Workshop', 'Taller'], ['Networking', 'Networking', 'Networking'],
  ['Exposición', 'Exhibition', 'Exposició'], ['Empleo', 'Careers', 'Ocupació'], ['Escuela', 'School', 'Escola'], ['Comunidad', 'Community', 'Comunitat'],
];

export const JOB_TITLES: readonly Tri[] = [
  ['Diseñador/a de producto', 'Product designer', 'Dissenyador/a de producte'],
  ['Diseñador/a UX/UI', 'UX/UI designer', 'Dissenyador/a UX/UI'],
  ['Ingeniero/a de diseño mecánico', 'Mechanical design engineer', 'Enginyer/a de disseny mecànic'],
  ['Diseñador/a gráfico/a junior', 'Junior graphic designer', 'Dissenyador/a gràfic/a júnior'],
  ['Interiorista de proyectos comerciales', 'Retail interior designer', 'Interiorista de projectes comercials'],
  ['Técnico/a de prototipado', 'Prototyping technician', 'Tècnic/a de prototipatge'],
  ['Diseñador/a de packaging', 'Packaging designer', 'Dissenyador/a de packaging'],
  ['Ingeniero/a electrónico/a de hardware', 'Hardware electronics engineer', 'Enginyer/a electrònic/a de maquinari'],
  ['Motion designer', 'Motion designer', 'Motion designer'],
  ['Diseñador/a de moda y patronaje', 'Fashion and pattern designer', 'Dissenyador/a de moda i patronatge'],
  ['Jefe/a de proyecto de diseño', 'Design project lead', 'Cap de projecte de disseny'],
  ['Diseñador/a de servicios', 'Service designer', 'Dissenyador/a de serveis'],
  ['Becario/a de diseño industrial', 'Industrial design intern', 'Becari/ària de disseny industrial'],
  ['Desarrollador/a front-end con perfil de diseño', 'Design-minded front-end developer', 'Desenvolupador/a front-end amb perfil de disseny'],
  ['Ingeniero/a de materiales y procesos', 'Materials and process engineer', 'Enginyer/a de materials i processos'],
  ['Diseñador/a de iluminación', 'Lighting designer', "Dissenyador/a d'il·luminació"],
];

export const JOB_TEXT = {
  intro: [
    'Buscamos una persona con ganas de aprender y de formar parte de un equipo multidisciplinar que diseña productos para clientes nacionales e internacionales.',
    'We are looking for someone eager to learn and to join a multidisciplinary team that designs products for clients in Spain and abroad.',
    'Busquem una persona amb ganes d\'aprendre i de formar part d\'un equip multidisciplinari que dissenya productes per a clients d\'aquí i de fora.',
  ],
  tasks: [
    'Tus funciones serán: participar en la conceptualización de proyectos, preparar presentaciones para clientes, desarrollar modelos y prototipos y coordinarte con los equipos de ingeniería y producción.',
    'You will: take part in concept development, prepare client presentations, build models and prototypes, and work closely with the engineering and production teams.',
    'Les teves funcions seran: participar en la conceptualització de projectes, preparar presentacions per a clients, desenvolupar models i prototips i coordinar-te amb els equips d\'enginyeria i producció.',
  ],
  offer: [
    'Ofrecemos un proyecto estable, horario flexible, formación continua y un buen ambiente de trabajo. Valoraremos experiencia previa y un portfolio que muestre tu proceso.',
    'We offer a stable project, flexible hours, ongoing training and a friendly team. Previous experience and a portfolio that shows your process are a plus.',
    'Oferim un projecte estable, horari flexible, formació contínua i un bon ambient de feina. Valorarem experiència prèvia i un portfoli que mostri el teu procés.',
  ],
} as const;

/** Working-day codes (src/shared/codes.ts JOB_WORKING), full and part time drawn twice as often. */
export const WORKING: ReadonlyArray<import('../../../shared/codes').JobWorking> = ['FULL_TIME', 'PART_TIME', 'FULL_TIME', 'PART_TIME', 'INTENSIVE', 'FLEXIBLE'];

export const COMPANIES: ReadonlyArray<readonly [name: string, specialty: string, url: string]> = [
  ['Estudio Mediterráneo', 'Diseño de producto', 'https://estudio-mediterraneo.example'],
  ['Nórdica Mobiliario', 'Mobiliario', 'https://nordica-mobiliario.example'],
  ['Tramuntana Labs', 'Electrónica de consumo', 'https://tramuntana-labs.example'],
  ['Lumen Iluminación', 'Iluminación', 'https://lumen.example'],
  ['Forma & Función', 'Consultoría de diseño', 'https://formayfuncion.example'],
  ['Ràpid Prototips', 'Fabricación digital', 'https://rapid-prototips.example'],
  ['Kōbō Studio', 'Branding', 'https://kobo-studio.example'],
  ['Movilidad Urbana SL', 'Movilidad', 'https://movilidad-urbana.example'],
  ['Teixits Vallès', 'Textil', 'https://teixits-valles.example'],
  ['Pixel & Print', 'Diseño gráfico', 'https://pixelandprint.example'],
  ['Ingenia Automoción', 'Automoción', 'https://ingenia-automocion.example'],
  ['Casa Verde Interiors', 'Interiorismo', 'https://casaverde.example'],
];

export const ARTICLE_SUBJECTS: ReadonlyArray<{ type: 'NEWS' | 'EVENT'; title: Tri }> = [
  { type: 'NEWS', title: ['Antiguos alumnos, premiados en los Premios Delta', 'Alumni win at the Delta Awards', 'Antics alumnes, premiats als Premis Delta'] },
  { type: 'EVENT', title: ['Encuentro anual de alumni', 'Annual alumni meet-up', "Trobada anual d'alumni"] },
  { type: 'EVENT', title: ['Taller de portfolio para diseñadores', 'Portfolio workshop for designers', 'Taller de portfoli per a dissenyadors'] },
  { type: 'NEWS', title: ['Nueva bolsa de mentores para recién graduados', 'A new mentoring pool for recent graduates', 'Nova borsa de mentors per a nous graduats'] },
  { type: 'EVENT', title: ['Charla: diseño circular en la industria', 'Talk: circular design in industry', 'Xerrada: disseny circular a la indústria'] },
  { type: 'NEWS', title: ['La escuela inaugura su nuevo laboratorio de fabricación', 'The school opens its new fabrication lab', "L'escola inaugura el nou laboratori de fabricació"] },
  { type: 'EVENT', title: ['Visita guiada a la exposición de proyectos finales', 'Guided tour of the final projects exhibition', "Visita guiada a l'exposició de projectes finals"] },
  { type: 'NEWS', title: ['Descuentos para socios Bold en librerías de diseño', 'Discounts for Bold members at design bookshops', 'Descomptes per a socis Bold a llibreries de disseny'] },
  { type: 'EVENT', title: ['Afterwork de networking con empresas', 'Networking afterwork with companies', 'Afterwork de networking amb empreses'] },
  { type: 'NEWS', title: ['Entrevista a una emprendedora de la comunidad', 'Interview with an entrepreneur from our community', "Entrevista a una emprenedora de la comunitat"] },
  { type: 'EVENT', title: ['Jornada de puertas abiertas para alumni', 'Open day for alumni', "Jornada de portes obertes per a alumni"] },
  { type: 'NEWS', title: ['Resultados de la encuesta de inserción laboral', 'Results of the graduate employment survey', "Resultats de l'enquesta d'inserció laboral"] },
];

export const ARTICLE_BODY: Tri = [
  'La asociación de antiguos alumnos sigue creciendo y cada año organiza más actividades para que los socios mantengan el contacto con la escuela y entre ellos.\n\nEn esta ocasión hemos contado con la participación de profesionales de distintas disciplinas, que han compartido su experiencia y han respondido a las preguntas de los asistentes.\n\nSi quieres proponer una actividad o colaborar en la próxima edición, escríbenos: estaremos encantados de escucharte.',
  'The alumni association keeps growing, and every year it organises more activities so that members stay in touch with the school and with each other.\n\nThis time professionals from several disciplines joined us, shared their experience and answered questions from the audience.\n\nIf you would like to propose an activity or help with the next edition, write to us: we will be glad to hear from you.',
  "L'associació d'antics alumnes continua creixent i cada any organitza més activitats perquè els socis mantinguin el contacte amb l'escola i entre ells.\n\nEn aquesta ocasió hem comptat amb la participació de professionals de diferents disciplines, que han compartit la seva experiència i han respost les preguntes dels assistents.\n\nSi vols proposar una activitat o col·laborar en la propera edició, escriu-nos: estarem encantats d'escoltar-te.",
];

export const VENUES = ['Aula magna de la escuela', 'Sala de actos, edificio A', 'FabLab de la escuela', 'Online', 'Auditorio del Disseny Hub', 'Terraza del campus'];

export const WORKGROUPS: ReadonlyArray<{ name: string; typology: import('../../../shared/codes').WorkgroupTypology; type: 'PUBLIC' | 'PRIVATE'; description: string }> = [
  { name: 'Diseño sostenible', typology: 'THEMATIC', type: 'PUBLIC', description: 'Compartimos materiales, procesos y casos de diseño circular: qué funciona en fábrica, qué proveedores lo hacen posible y cómo se lo contamos al cliente.' },
  { name: 'UX Barcelona', typology: 'PROFESSIONAL', type: 'PUBLIC', description: 'Grupo de diseñadores de experiencia de usuario que se reúne cada mes para revisar proyectos y compartir ofertas.' },
  { name: 'Emprendedores alumni', typology: 'ENTREPRENEURSHIP', type: 'PRIVATE', description: 'Espacio privado para fundadores y fundadoras: inversión, primeras contrataciones y aprendizajes.' },
  { name: 'Fabricación digital', typology: 'TECHNICAL', type: 'PUBLIC', description: 'Impresión 3D, corte láser, CNC y todo lo que se puede hacer en un FabLab.' },
  { name: 'Alumni en Londres', typology: 'TERRITORIAL', type: 'PUBLIC', description: 'Antiguos alumnos que viven o trabajan en Londres y alrededores.' },
  { name: 'Mujeres en ingeniería', typology: 'COMMUNITY', type: 'PUBLIC', description: 'Red de apoyo y mentoría para ingenieras de la escuela.' },
  { name: 'Promoción 2010', typology: 'CLASS_YEAR', type: 'PRIVATE', description: 'Reencuentros, fotos y novedades de la promoción de 2010.' },
  { name: 'Tipografía y edición', typology: 'THEMATIC', type: 'PUBLIC', description: 'Tipos, libros, revistas y todo lo que tiene que ver con la edición.' },
  { name: 'Iluminación y espacio', typology: 'THEMATIC', type: 'PRIVATE', description: 'Diseñadores de iluminación e interioristas que comparten proyectos y proveedores.' },
  { name: 'Movilidad eléctrica', typology: 'PROFESSIONAL', type: 'PUBLIC', description: 'Vehículos ligeros, infraestructura de carga y diseño de servicios de movilidad.' },
];

export const COMMENTS = [
  '¿Alguien ha trabajado con bioplásticos inyectados? Busco proveedor en Cataluña.',
  'Os dejo el enlace a las fotos del último encuentro. ¡Gracias a todos por venir!',
  'Great session yesterday, thanks for organising it.',
  'Comparto el documento con las conclusiones del taller.',
  'Quedem el proper dijous a la mateixa hora?',
  'Hay una oferta interesante en la bolsa de trabajo que encaja con el grupo.',
  'Recomiendo mucho la exposición que hay ahora en el Disseny Hub.',
  'Algú té experiència amb certificacions de producte per a la UE?',
  'Subo la presentación que usamos en la charla.',
  'I can help with the next meetup venue.',
  'Mañana publico el resumen de la sesión con los enlaces que salieron.',
  '¿Alguien conoce un taller de corte láser que haga tiradas cortas en Barcelona?',
  'Acabo de entrar en un estudio nuevo y buscan dos perfiles junior. Os paso el contacto por privado.',
  'He encontrado un proveedor de corcho que trabaja con piezas a medida, os dejo la ficha.',
  'Anyone going to Milan Design Week this year? We could meet up.',
  'Proposta per a la propera trobada: visita a un taller de ceràmica a la Bisbal.',
  'Gracias por la charla de ayer, me llevo muchas ideas para el proyecto.',
  '¿Os parece bien cambiar la reunión de octubre al día 15?',
  'Compartimos aquí las fotos del taller de prototipado.',
  'Busco compañero/a para presentarnos a la convocatoria de diseño emergente.',
  'Has anyone worked with the new EU ecodesign rules? Would love a quick chat.',
  'Us recomano el llibre que va comentar la Núria, és molt bo.',
];

/** Replies under a wall post: short and conversational, in the three languages members use. */
export const REPLIES = [
  '¡Gracias por compartirlo!', 'Yo me apunto.', 'Te escribo por privado, conozco a alguien.', 'Great, count me in.', 'Molt bona idea!',
  'Perfecto, lo miro esta semana.', 'Nosotros trabajamos con ellos y muy bien.', 'Thanks, this is really useful.', 'Jo també hi seré.',
  '¿Hay opción de seguirlo en línea?', 'Buenísimo, lo comparto con mi equipo.', 'Me va bien el 15.', 'I can bring a projector.',
  'Gràcies! Ho llegeixo aquest cap de setmana.', 'Ojo, que la fecha límite es el viernes.', 'Me interesa mucho, ¿cuándo empezáis?',
];


export const PROJECT_NAMES = [
  'Lámpara modular Aura', 'Silla apilable Onda', 'App de movilidad compartida', 'Identidad visual para un festival', 'Bicicleta urbana plegable',
  'Sistema de señalética hospitalaria', 'Colección cápsula de otoño', 'Reloj de pared en madera reciclada', 'Dispositivo de riego inteligente', 'Rediseño de un mercado municipal',
  'Packaging compostable para cosmética', 'Interfaz de un coche eléctrico', 'Tipografía display Mar', 'Estand para una feria de mobiliario', 'Prótesis impresa en 3D',
];

/** Portfolio projects, each with its own description (the demo's portfolios draw from these without repeating). */
export const PROJECTS: ReadonlyArray<readonly [name: string, description: string]> = [
  ['Lámpara modular Aura', 'Luminaria de sobremesa en cerámica y aluminio, con módulos que se encajan sin tornillos. Prototipo torneado en el FabLab y serie corta con un taller de la Bisbal.'],
  ['Silla apilable Onda', 'Silla de contrachapado curvado para comedores escolares: apila doce unidades y pesa menos de cuatro kilos.'],
  ['App de movilidad compartida', 'Investigación con usuarios, flujos e interfaz de una app que reúne bicicleta, patinete y transporte público en un solo abono.'],
  ['Identidad visual para un festival', 'Sistema gráfico flexible para un festival de música de barrio: carteles, señalética y redes hechos con un único módulo geométrico.'],
  ['Bicicleta urbana plegable', 'Cuadro de aluminio que se pliega en dos movimientos y cabe bajo la mesa de la oficina. Proyecto final de carrera.'],
  ['Sistema de señalética hospitalaria', 'Señalética para un hospital comarcal pensada con pacientes mayores: colores por planta, pictogramas grandes y lectura en braille.'],
  ['Colección cápsula de otoño', 'Ocho prendas en lana reciclada y algodón orgánico, patronaje sin residuos y producción en un taller textil del Vallès.'],
  ['Reloj de pared en madera reciclada', 'Reloj hecho con recortes de una carpintería; cada pieza es distinta y el mecanismo se cambia sin herramientas.'],
  ['Dispositivo de riego inteligente', 'Sensor de humedad y válvula para huertos urbanos que riega solo cuando hace falta. Electrónica abierta y carcasa impresa en 3D.'],
  ['Rediseño de un mercado municipal', 'Propuesta de interiorismo e iluminación para un mercado de los años sesenta: nuevas paradas, zona de comidas y recorridos accesibles.'],
  ['Packaging compostable para cosmética', 'Envases de pulpa moldeada para una marca de cosmética sólida, sin plásticos ni tintas con metales.'],
  ['Interfaz de un coche eléctrico', 'Panel de instrumentos y pantalla central de un vehículo urbano, con pruebas de conducción en simulador.'],
  ['Tipografía display Mar', 'Familia tipográfica de titulares inspirada en los rótulos pintados del puerto; tres pesos y una versión variable.'],
  ['Estand para una feria de mobiliario', 'Estand desmontable de 60 m² que se monta en una tarde y se reutiliza en tres ferias al año.'],
  ['Prótesis impresa en 3D', 'Mano protésica de bajo coste diseñada con una fundación: piezas impresas, ajuste a medida y montaje en una hora.'],
  ['Mesa de trabajo regulable Taula', 'Mesa de altura regulable con mecanismo manual y tablero de madera de pino local.'],
  ['Serie de vasos Brisa', 'Vasos de vidrio soplado con base irregular, fabricados con un maestro vidriero de Mataró.'],
  ['Wayfinding para un campus', 'Sistema de orientación para un campus universitario: mapas, tótems y una capa digital en el móvil.'],
  ['Juguete de construcción Nius', 'Piezas de madera y fieltro para niños de dos a cinco años, probadas en tres escuelas infantiles.'],
  ['Rediseño de una web de salud pública', 'Arquitectura de información y pruebas de usabilidad para el portal de citas de un servicio de salud.'],
  ['Carro de compra plegable', 'Carro para personas mayores con ruedas que suben escalones y un asiento para descansar.'],
  ['Colección de alfombras Terra', 'Alfombras tejidas a mano con pigmentos naturales, en colaboración con una cooperativa de artesanas.'],
  ['Audioguía para un museo', 'Diseño de servicio y de la interfaz de una audioguía accesible para un museo de arte contemporáneo.'],
  ['Lámpara de pie Fanal', 'Lámpara de pie con pantalla textil y regulación táctil; ganadora de un premio de diseño joven.'],
  ['Bancos para un parque litoral', 'Mobiliario urbano en hormigón reciclado y madera tratada para un paseo junto al mar.'],
  ['Revista de arquitectura Trama', 'Dirección de arte y maquetación de una revista semestral de arquitectura y ciudad.'],
  ['Robot educativo Pim', 'Robot para aprender programación en primaria: electrónica sencilla, carcasa modular y guía para docentes.'],
  ['Botella reutilizable Gota', 'Botella de acero con tapón de corcho para una marca de agua local; embalaje sin plásticos.'],
  ['Escaparates de una librería', 'Serie de escaparates de temporada para una librería independiente, construidos con cartón y luz.'],
  ['Cargador solar plegable', 'Panel solar textil que se pliega como un libro, para senderistas y voluntarios en emergencias.'],
];

export const POSITIONS = [
  'Diseñador/a de producto', 'Product designer', 'Ingeniero/a de I+D', 'Diseñador/a gráfico/a', 'UX researcher', 'Interiorista', 'Project manager',
  'Directora de arte', 'Dissenyador de mobiliari', 'Profesor/a asociado/a', 'Fundador/a', 'Técnico/a de calidad',
];

export const CONTENT_PAGES: ReadonlyArray<{ key: string; slugs: Tri; titles: Tri; bodies: Tri }> = [
  {
    key: 'faqs',
    slugs: ['preguntas-frecuentes', 'faqs', 'preguntes-frequents'],
    titles: ['Preguntas frecuentes', 'Frequently asked questions', 'Preguntes freqüents'],
    bodies: [
      '## ¿Quién puede hacerse socio?\nPersonas graduadas, quienes han cursado al menos un curso académico y el personal y profesorado de la escuela.\n\n## ¿Qué diferencia hay entre Regular y Bold?\nRegular es gratuito y recibe las noticias. Bold cuesta 50 € al año, empieza con un periodo gratuito e incluye la bolsa de trabajo, mentoría, instalaciones y descuentos.\n\n## ¿Cómo publica una empresa una oferta?\nRegistrando su cuenta de empresa; la asociación la valida y a partir de entonces puede publicar ofertas y ver candidatos.',
      '## Who can join?\nGraduates, people who completed at least one academic year, and the school\'s staff and professors.\n\n## What is the difference between Regular and Bold?\nRegular is free and receives the news. Bold costs €50 a year, starts with a free period and includes the job bank, mentoring, school facilities and discounts.\n\n## How does a company publish an offer?\nBy registering a company account; once the association validates it, the company can publish offers and review candidates.',
      '## Qui pot fer-se soci?\nPersones graduades, qui ha cursat almenys un curs acadèmic i el personal i professorat de l\'escola.\n\n## Quina diferència hi ha entre Regular i Bold?\nRegular és gratuït i rep les notícies. Bold costa 50 € l\'any, comença amb un període gratuït i inclou la borsa de treball, mentoria, instal·lacions i descomptes.\n\n## Com publica una empresa una oferta?\nRegistrant el seu compte d\'empresa; l\'associació el valida i a partir d\'aleshores pot publicar ofertes i veure candidats.',
    ],
  },
  {
    key: 'privacy',
    slugs: ['privacidad', 'privacy', 'privacitat'],
    titles: ['Política de privacidad', 'Privacy policy', 'Política de privacitat'],
    bodies: [
      '## Responsable\nLa asociación de antiguos alumnos trata tus datos para gestionar tu membresía, la bolsa de trabajo y las comunicaciones que aceptes recibir.\n\n## Tus decisiones\nDesde los ajustes del perfil decides si apareces en el directorio de alumni y en el que consultan las empresas.\n\n## Derechos\nPuedes acceder, rectificar y suprimir tus datos escribiendo a la asociación.',
      '## Controller\nThe alumni association processes your data to manage your membership, the job bank and the communications you agree to receive.\n\n## Your choices\nIn your profile settings you decide whether you appear in the alumni directory and in the one companies consult.\n\n## Rights\nYou can access, correct and delete your data by writing to the association.',
      "## Responsable\nL'associació d'antics alumnes tracta les teves dades per gestionar la teva afiliació, la borsa de treball i les comunicacions que acceptis rebre.\n\n## Les teves decisions\nDes de la configuració del perfil decideixes si apareixes al directori d'alumni i al que consulten les empreses.\n\n## Drets\nPots accedir, rectificar i suprimir les teves dades escrivint a l'associació.",
    ],
  },
  {
    key: 'legal',
    slugs: ['aviso-legal', 'legal', 'avis-legal'],
    titles: ['Aviso legal', 'Legal notice', 'Avís legal'],
    bodies: [
      '## Titular\nEste portal pertenece a la asociación de antiguos alumnos de la escuela.\n\n## Uso\nLos contenidos publicados por socios y empresas son responsabilidad de sus autores. La asociación puede retirar lo que incumpla estas condiciones.',
      '## Owner\nThis portal belongs to the school\'s alumni association.\n\n## Use\nContent published by members and companies is the responsibility of its authors. The association may remove anything that breaks these terms.',
      "## Titular\nAquest portal pertany a l'associació d'antics alumnes de l'escola.\n\n## Ús\nEls continguts publicats per socis i empreses són responsabilitat dels seus autors. L'associació pot retirar el que incompleixi aquestes condicions.",
    ],
  },
  {
    key: 'cookies',
    slugs: ['cookies', 'cookies', 'galetes'],
    titles: ['Política de cookies', 'Cookie policy', 'Política de galetes'],
    bodies: [
      '## Cookies necesarias\nGuardamos tu idioma (i18n_redirected) y, si inicias sesión, tu sesión. Sin ellas el portal no funciona.\n\n## Cookies de analítica\nSolo si las aceptas en el aviso de cookies medimos de forma agregada cómo se usa el portal. Puedes cambiar de opinión cuando quieras.',
      '## Necessary cookies\nWe keep your language (i18n_redirected) and, if you sign in, your session. The portal does not work without them.\n\n## Analytics cookies\nOnly if you accept them in the cookie notice do we measure, in aggregate, how the portal is used. You can change your mind at any time.',
      "## Galetes necessàries\nDesem el teu idioma (i18n_redirected) i, si inicies la sessió, la teva sessió. Sense elles el portal no funciona.\n\n## Galetes d'analítica\nNomés si les acceptes a l'avís de galetes mesurem de forma agregada com s'utilitza el portal. Pots canviar d'opinió quan vulguis.",
    ],
  },
  {
    key: 'about',
    slugs: ['la-asociacion', 'about', 'lassociacio'],
    titles: ['Sobre la asociación', 'About the association', "Sobre l'associació"],
    bodies: [
      'La asociación reúne a los antiguos alumnos de la escuela de diseño e ingeniería desde 1995. Su junta directiva la forman socios voluntarios elegidos cada dos años.\n\n## Qué hacemos\n- Una bolsa de trabajo con ofertas de empresas validadas.\n- Noticias, charlas y visitas a estudios y fábricas.\n- Grupos de trabajo abiertos a cualquier socio.\n\n## Cómo participar\nHazte socio Regular sin coste o Bold por 50 € al año, y escríbenos si quieres proponer una actividad.',
      'The association has brought together the alumni of the school of design and engineering since 1995. Its board is made up of volunteer members elected every two years.\n\n## What we do\n- A job bank with offers from validated companies.\n- News, talks and visits to studios and factories.\n- Working groups open to every member.\n\n## How to take part\nJoin as a Regular member for free or as Bold for €50 a year, and write to us if you would like to propose an activity.',
      "L'associació aplega els antics alumnes de l'escola de disseny i enginyeria des de 1995. La seva junta directiva la formen socis voluntaris escollits cada dos anys.\n\n## Què fem\n- Una borsa de treball amb ofertes d'empreses validades.\n- Notícies, xerrades i visites a estudis i fàbriques.\n- Grups de treball oberts a qualsevol soci.\n\n## Com participar\nFes-te soci Regular sense cost o Bold per 50 € l'any, i escriu-nos si vols proposar una activitat.",
    ],
  },
  {
    key: 'board',
    slugs: ['junta-directiva', 'board', 'junta-directiva'],
    titles: ['La junta directiva', 'The board', 'La junta directiva'],
    bodies: [
      'Socios voluntarios elegidos cada dos años en la asamblea general.\n\n- **Núria Puig**, presidenta\n- **Javier Ortega**, secretario\n- **Marta Soler**, tesorera\n- **Oriol Casals**, vocal\n- **Lucía Romero**, vocal\n- **Adrià Vila**, vocal\n\nPuedes escribir a la junta en la dirección de la asociación.',
      'Volunteer members elected every two years at the general meeting.\n\n- **Núria Puig**, president\n- **Javier Ortega**, secretary\n- **Marta Soler**, treasurer\n- **Oriol Casals**, board member\n- **Lucía Romero**, board member\n- **Adrià Vila**, board member\n\nYou can write to the board at the association\'s address.',
      "Socis voluntaris escollits cada dos anys a l'assemblea general.\n\n- **Núria Puig**, presidenta\n- **Javier Ortega**, secretari\n- **Marta Soler**, tresorera\n- **Oriol Casals**, vocal\n- **Lucía Romero**, vocal\n- **Adrià Vila**, vocal\n\nPots escriure a la junta a l'adreça de l'associació.",
    ],
  },
  {
    key: 'benefits',
    slugs: ['ventajas', 'benefits', 'avantatges'],
    titles: ['Ventajas de ser socio', 'Member benefits', 'Avantatges de ser soci'],
    bodies: [
      'Ser socio te mantiene cerca de la escuela y de tu promoción. Los socios Bold, además, apoyan las actividades de la asociación y disfrutan de descuentos en librerías, software y formación de empresas colaboradoras.',
      'Membership keeps you close to the school and to your year. Bold members also support the association\'s activities and enjoy discounts on books, software and courses from partner companies.',
      "Ser soci et manté a prop de l'escola i de la teva promoció. Els socis Bold, a més, donen suport a les activitats de l'associació i gaudeixen de descomptes en llibreries, programari i formació d'empreses col·laboradores.",
    ],
  },
];

export const SITE_SETTINGS = {
  address: 'Carrer de Pujades 102, 08005 Barcelona',
  phone: '+34 932 123 456',
  email: 'alumni@escola-disseny.example',
  social: {
    linkedin: 'https://www.linkedin.com/company/alumni-escola-disseny',
    instagram: 'https://www.instagram.com/alumni.escola',
    facebook: 'https://www.facebook.com/alumni.escola',
    x: 'https://x.com/alumni_escola',
  },
  schoolUrl: 'https://www.escola-disseny.example',
  ebookUrl: 'https://biblioteca.escola-disseny.example/ebooks',
};

/**
 * The demo's news and events, each written for itself in Spanish, English and Catalan (issue 10 §7):
 * its own title, summary and body, and the tags that fit it. Older items are earlier editions of the
 * same recurring activities, told as a chronicle of that year.
 */
import type { Tri } from './data';

export interface ArticleText {
  title: Tri;
  summary: Tri;
  body: Tri;
  /** Indexes into data.ARTICLE_TAGS. */
  tags: number[];
}

export const NEWS: readonly ArticleText[] = [
  {
    title: [
      'Cinco antiguos alumnos, premiados en los Premios Delta',
      'Five alumni win at the Delta Awards',
      'Cinc antics alumnes, premiats als Premis Delta',
    ],
    summary: [
      'Una lámpara de cerámica, una silla apilable y tres proyectos más firmados por socios se llevan oro y plata en la edición de este año.',
      'A ceramic lamp, a stackable chair and three more projects by our members took gold and silver at this year’s edition.',
      'Un llum de ceràmica, una cadira apilable i tres projectes més signats per socis s’emporten or i plata en l’edició d’enguany.',
    ],
    body: [
      'El jurado destacó la madurez de los proyectos y su atención a la fabricación local. Dos de los estudios premiados nacieron en el vivero de empresas de la escuela.\n\nLas piezas se podrán ver en la exposición de los premios durante todo el mes. Felicidades a todos los premiados.',
      'The jury praised the maturity of the projects and their attention to local manufacturing. Two of the winning studios started in the school’s incubator.\n\nThe pieces will be on show at the awards exhibition all month. Congratulations to every winner.',
      'El jurat va destacar la maduresa dels projectes i la seva atenció a la fabricació local. Dos dels estudis premiats van néixer al viver d’empreses de l’escola.\n\nLes peces es podran veure a l’exposició dels premis durant tot el mes. Felicitats a tots els premiats.',
    ],
    tags: [0, 4],
  },
  {
    title: [
      'Nace la bolsa de mentores para recién graduados',
      'A new mentoring pool for recent graduates',
      'Neix la borsa de mentors per a nous graduats',
    ],
    summary: [
      'Cuarenta socios con más de diez años de experiencia acompañarán durante seis meses a quienes acaban de terminar sus estudios.',
      'Forty members with more than ten years of experience will guide people who have just finished their studies for six months.',
      'Quaranta socis amb més de deu anys d’experiència acompanyaran durant sis mesos els qui acaben de terminar els estudis.',
    ],
    body: [
      'Cada mentor se reunirá una vez al mes con su mentorizado para revisar el portfolio, preparar entrevistas y hablar de cómo orientar la carrera.\n\nLas inscripciones están abiertas para los socios Bold graduados en los dos últimos cursos. Si quieres ser mentor, escríbenos.',
      'Each mentor will meet their mentee once a month to review the portfolio, prepare interviews and talk about where to take their career.\n\nApplications are open to Bold members who graduated in the last two years. If you would like to be a mentor, write to us.',
      'Cada mentor es reunirà un cop al mes amb el seu mentoritzat per revisar el portfoli, preparar entrevistes i parlar de com orientar la carrera.\n\nLes inscripcions són obertes per als socis Bold graduats en els dos últims cursos. Si vols ser mentor, escriu-nos.',
    ],
    tags: [7, 5],
  },
  {
    title: [
      'La escuela estrena su nuevo laboratorio de fabricación',
      'The school opens its new fabrication lab',
      'L’escola estrena el nou laboratori de fabricació',
    ],
    summary: [
      'Cortadoras láser, una fresadora CNC de gran formato y doce impresoras 3D, a disposición de los socios Bold dos tardes por semana.',
      'Laser cutters, a large-format CNC router and twelve 3D printers, open to Bold members two afternoons a week.',
      'Talladores làser, una fresadora CNC de gran format i dotze impressores 3D, a disposició dels socis Bold dues tardes per setmana.',
    ],
    body: [
      'El nuevo FabLab ocupa la antigua nave de talleres y se ha equipado gracias a un convenio con empresas del sector. Los técnicos de la escuela ofrecerán una sesión de acogida obligatoria antes del primer uso.\n\nLas reservas se hacen desde el área de socios, por franjas de dos horas.',
      'The new FabLab fills the old workshop hall and was fitted out through an agreement with companies in the sector. The school’s technicians will run a compulsory induction before your first booking.\n\nBookings are made from the members’ area, in two-hour slots.',
      'El nou FabLab ocupa l’antiga nau de tallers i s’ha equipat gràcies a un conveni amb empreses del sector. Els tècnics de l’escola oferiran una sessió d’acollida obligatòria abans del primer ús.\n\nLes reserves es fan des de l’àrea de socis, per franges de dues hores.',
    ],
    tags: [6],
  },
  {
    title: [
      'Descuentos para socios Bold en librerías de diseño',
      'Discounts for Bold members at design bookshops',
      'Descomptes per a socis Bold a llibreries de disseny',
    ],
    summary: [
      'Tres librerías especializadas de Barcelona y Madrid ofrecen un 15 % en libros de diseño, arquitectura y tipografía.',
      'Three specialist bookshops in Barcelona and Madrid offer 15% off books on design, architecture and typography.',
      'Tres llibreries especialitzades de Barcelona i Madrid ofereixen un 15 % en llibres de disseny, arquitectura i tipografia.',
    ],
    body: [
      'Basta con enseñar el carné digital de socio en la caja. El descuento se aplica también a las compras en línea con el código que encontrarás en tu perfil.\n\nSeguimos ampliando la lista de comercios: si conoces alguno que encaje, cuéntanoslo.',
      'Just show your digital membership card at the till. The discount also applies online with the code you will find in your profile.\n\nWe keep adding shops to the list: if you know one that fits, tell us.',
      'N’hi ha prou d’ensenyar el carnet digital de soci a la caixa. El descompte també s’aplica a les compres en línia amb el codi que trobaràs al teu perfil.\n\nContinuem ampliant la llista de comerços: si en coneixes algun que encaixi, explica-ho.',
    ],
    tags: [7],
  },
  {
    title: [
      'Entrevista a Clara Puig, fundadora de un estudio de mobiliario',
      'Interview with Clara Puig, founder of a furniture studio',
      'Entrevista a Clara Puig, fundadora d’un estudi de mobiliari',
    ],
    summary: [
      'Se graduó en 2011, trabajó seis años en Milán y hoy dirige un equipo de nueve personas en el Poblenou.',
      'She graduated in 2011, worked six years in Milan and now leads a team of nine in Poblenou.',
      'Es va graduar el 2011, va treballar sis anys a Milà i avui dirigeix un equip de nou persones al Poblenou.',
    ],
    body: [
      '«Lo que más me sirvió de la escuela fue aprender a dibujar pensando en cómo se fabrica», explica. Su estudio diseña mobiliario para hoteles y colabora con talleres de la comarca.\n\nHablamos con ella de la primera contratación, de cómo fijar precios y de por qué sigue dando clase un día a la semana.',
      '“What helped me most at school was learning to draw with manufacturing in mind,” she says. Her studio designs furniture for hotels and works with local workshops.\n\nWe talked about her first hire, how to set prices and why she still teaches one day a week.',
      '«El que més em va servir de l’escola va ser aprendre a dibuixar pensant en com es fabrica», explica. El seu estudi dissenya mobiliari per a hotels i col·labora amb tallers de la comarca.\n\nHi parlem de la primera contractació, de com fixar preus i de per què continua fent classe un dia a la setmana.',
    ],
    tags: [7],
  },
  {
    title: [
      'Resultados de la encuesta de inserción laboral',
      'Results of the graduate employment survey',
      'Resultats de l’enquesta d’inserció laboral',
    ],
    summary: [
      'El 87 % de los graduados trabaja en su campo al año de acabar, y uno de cada cinco lo hace fuera de España.',
      '87% of graduates work in their field a year after finishing, and one in five does so outside Spain.',
      'El 87 % dels graduats treballa en el seu camp a l’any d’acabar, i un de cada cinc ho fa fora d’Espanya.',
    ],
    body: [
      'Han respondido 612 personas de las cuatro últimas promociones. Diseño de producto e ingeniería informática son las titulaciones con mayor inserción; el salario medio de entrada ha subido un 6 %.\n\nEl informe completo está disponible para los socios en la sección de documentos.',
      '612 people from the last four graduating classes answered. Product design and computer engineering have the highest employment rates; the average starting salary rose by 6%.\n\nThe full report is available to members in the documents section.',
      'Han respost 612 persones de les quatre últimes promocions. Disseny de producte i enginyeria informàtica són les titulacions amb més inserció; el sou mitjà d’entrada ha pujat un 6 %.\n\nL’informe complet és a disposició dels socis a la secció de documents.',
    ],
    tags: [5, 6],
  },
  {
    title: [
      'Renovamos la junta directiva de la asociación',
      'The association elects a new board',
      'Renovem la junta directiva de l’associació',
    ],
    summary: [
      'La asamblea eligió a siete socios para los próximos dos años; la nueva presidenta es ingeniera mecánica de la promoción de 2004.',
      'The general meeting elected seven members for the next two years; the new president is a mechanical engineer from the class of 2004.',
      'L’assemblea va escollir set socis per als propers dos anys; la nova presidenta és enginyera mecànica de la promoció del 2004.',
    ],
    body: [
      'La nueva junta se ha marcado tres prioridades: acercar la asociación a los socios que viven fuera, reforzar la bolsa de trabajo y abrir más grupos de trabajo.\n\nGracias a la junta saliente por cuatro años de dedicación voluntaria.',
      'The new board has set three priorities: reaching the members who live abroad, strengthening the job bank and opening more working groups.\n\nThank you to the outgoing board for four years of volunteer work.',
      'La nova junta s’ha marcat tres prioritats: acostar l’associació als socis que viuen fora, reforçar la borsa de treball i obrir més grups de treball.\n\nGràcies a la junta sortint per quatre anys de dedicació voluntària.',
    ],
    tags: [7],
  },
  {
    title: [
      'Un proyecto final de carrera llega a producción',
      'A final-year project goes into production',
      'Un projecte final de carrera arriba a producció',
    ],
    summary: [
      'La regadera de bajo consumo que Pau Ferrer diseñó en su último curso ya se vende en doscientas tiendas de jardinería.',
      'The low-water watering can Pau Ferrer designed in his final year is now sold in two hundred garden centres.',
      'La regadora de baix consum que en Pau Ferrer va dissenyar el darrer curs ja es ven a dues-centes botigues de jardineria.',
    ],
    body: [
      'El proyecto se presentó en la exposición de fin de curso, donde lo vio un fabricante de Sabadell. Dos años y once prototipos después, la pieza se inyecta en plástico reciclado.\n\nPau nos cuenta el proceso en el grupo de Fabricación digital.',
      'The project was shown at the end-of-year exhibition, where a manufacturer from Sabadell saw it. Two years and eleven prototypes later, it is injection-moulded in recycled plastic.\n\nPau tells the story in the Digital fabrication group.',
      'El projecte es va presentar a l’exposició de final de curs, on el va veure un fabricant de Sabadell. Dos anys i onze prototips després, la peça s’injecta en plàstic reciclat.\n\nEn Pau explica el procés al grup de Fabricació digital.',
    ],
    tags: [6, 0],
  },
  {
    title: [
      'Nuevo convenio de prácticas con estudios europeos',
      'New internship agreement with European studios',
      'Nou conveni de pràctiques amb estudis europeus',
    ],
    summary: [
      'Doce estudios de Ámsterdam, Berlín y Copenhague acogerán a socios recién graduados con una beca de seis meses.',
      'Twelve studios in Amsterdam, Berlin and Copenhagen will host recent graduates with a six-month grant.',
      'Dotze estudis d’Amsterdam, Berlín i Copenhaguen acolliran socis acabats de graduar amb una beca de sis mesos.',
    ],
    body: [
      'Las plazas se publicarán en la bolsa de trabajo a partir del mes que viene. La beca cubre el alojamiento y el viaje, y la escuela reconoce la estancia como formación de posgrado.\n\nLos socios que ya viven en esas ciudades se han ofrecido a recibir a los nuevos.',
      'The places will be posted in the job bank from next month. The grant covers housing and travel, and the school recognises the stay as postgraduate training.\n\nMembers already living in those cities have offered to welcome the newcomers.',
      'Les places es publicaran a la borsa de treball a partir del mes que ve. La beca cobreix l’allotjament i el viatge, i l’escola reconeix l’estada com a formació de postgrau.\n\nEls socis que ja viuen en aquestes ciutats s’han ofert a rebre els nouvinguts.',
    ],
    tags: [5, 6],
  },
  {
    title: [
      'La biblioteca abre su archivo de proyectos históricos',
      'The library opens its archive of historic projects',
      'La biblioteca obre el seu arxiu de projectes històrics',
    ],
    summary: [
      'Más de tres mil proyectos finales desde 1975, digitalizados y consultables en línea con el acceso de socio.',
      'More than three thousand final projects since 1975, digitised and searchable online with your member login.',
      'Més de tres mil projectes finals des del 1975, digitalitzats i consultables en línia amb l’accés de soci.',
    ],
    body: [
      'El archivo incluye planos, maquetas fotografiadas y memorias. Si tu proyecto falta o quieres añadir material, la biblioteca lo recogerá con gusto.\n\nUna buena excusa para ver cómo dibujaban tus profesores cuando eran estudiantes.',
      'The archive includes drawings, photographed models and reports. If your project is missing or you would like to add material, the library will gladly take it.\n\nA good excuse to see how your teachers drew when they were students.',
      'L’arxiu inclou plànols, maquetes fotografiades i memòries. Si hi falta el teu projecte o hi vols afegir material, la biblioteca el recollirà amb molt de gust.\n\nUna bona excusa per veure com dibuixaven els teus professors quan eren estudiants.',
    ],
    tags: [6],
  },
  {
    title: [
      'Tres socias, en la lista de jóvenes diseñadoras de la bienal',
      'Three members on the biennial’s young designers list',
      'Tres sòcies, a la llista de joves dissenyadores de la biennal',
    ],
    summary: [
      'La bienal ha seleccionado a tres antiguas alumnas por sus trabajos en textil, iluminación y diseño de servicios.',
      'The biennial selected three alumnae for their work in textiles, lighting and service design.',
      'La biennal ha seleccionat tres antigues alumnes pels seus treballs en tèxtil, il·luminació i disseny de serveis.',
    ],
    body: [
      'Sus proyectos viajarán a Lisboa y a Milán con la exposición itinerante. Una de ellas participará además en la mesa redonda inaugural.\n\nEn las próximas semanas publicaremos una entrevista con cada una.',
      'Their projects will travel to Lisbon and Milan with the touring exhibition. One of them will also speak at the opening round table.\n\nIn the coming weeks we will publish an interview with each of them.',
      'Els seus projectes viatjaran a Lisboa i a Milà amb l’exposició itinerant. Una d’elles participarà a més a la taula rodona inaugural.\n\nEn les properes setmanes publicarem una entrevista amb cadascuna.',
    ],
    tags: [0, 4],
  },
  {
    title: [
      'La cuota Bold se mantiene y suma nuevas ventajas',
      'The Bold fee stays the same, with new benefits',
      'La quota Bold es manté i suma nous avantatges',
    ],
    summary: [
      'Los 50 € anuales incluyen ahora el acceso al FabLab, la bolsa de mentores y dos entradas a conferencias por curso.',
      'The €50 a year now includes access to the FabLab, the mentoring pool and two conference tickets per year.',
      'Els 50 € anuals inclouen ara l’accés al FabLab, la borsa de mentors i dues entrades a conferències per curs.',
    ],
    body: [
      'La asamblea aprobó mantener la cuota por tercer año consecutivo. Los socios que se den de alta este trimestre disfrutan del periodo gratuito habitual.\n\nPuedes consultar todas las ventajas en la página de la asociación.',
      'The general meeting agreed to keep the fee for the third year running. Members who join this quarter get the usual free period.\n\nAll the benefits are listed on the association’s page.',
      'L’assemblea va aprovar mantenir la quota per tercer any consecutiu. Els socis que es donin d’alta aquest trimestre gaudeixen del període gratuït habitual.\n\nPots consultar tots els avantatges a la pàgina de l’associació.',
    ],
    tags: [7],
  },
];

export const EVENTS: readonly ArticleText[] = [
  {
    title: ['Encuentro anual de alumni', 'Annual alumni meet-up', 'Trobada anual d’alumni'],
    summary: [
      'Cena informal en el patio de la escuela con todas las promociones: música, recuerdos y la entrega de las insignias de honor.',
      'An informal dinner in the school courtyard with every graduating class: music, memories and the honorary badges.',
      'Sopar informal al pati de l’escola amb totes les promocions: música, records i el lliurament de les insígnies d’honor.',
    ],
    body: [
      'Abriremos puertas media hora antes para quien quiera visitar los talleres renovados. La cena es gratuita para los socios Bold; los socios Regular pueden traer un acompañante.\n\nConfirma tu asistencia para que podamos calcular las mesas.',
      'Doors open half an hour early for anyone who wants to see the renovated workshops. Dinner is free for Bold members; Regular members may bring a guest.\n\nPlease register so we can plan the tables.',
      'Obrirem portes mitja hora abans per a qui vulgui visitar els tallers renovats. El sopar és gratuït per als socis Bold; els socis Regular poden portar un acompanyant.\n\nConfirma l’assistència perquè puguem calcular les taules.',
    ],
    tags: [3, 7],
  },
  {
    title: [
      'Taller de portfolio para diseñadores',
      'Portfolio workshop for designers',
      'Taller de portfoli per a dissenyadors',
    ],
    summary: [
      'Tres directores de arte revisan portfolios en grupos reducidos y dan consejos para contar el proceso, no solo el resultado.',
      'Three art directors review portfolios in small groups and share tips on showing the process, not just the result.',
      'Tres directors d’art revisen portfolis en grups reduïts i donen consells per explicar el procés, no només el resultat.',
    ],
    body: [
      'Trae tu portfolio impreso o en el portátil. Trabajaremos en mesas de seis personas y cada asistente tendrá quince minutos de revisión individual.\n\nPlazas limitadas: se asignan por orden de inscripción.',
      'Bring your portfolio printed or on your laptop. We will work at tables of six and every participant gets fifteen minutes of one-to-one review.\n\nPlaces are limited and go in order of registration.',
      'Porta el teu portfoli imprès o a l’ordinador. Treballarem en taules de sis persones i cada assistent tindrà quinze minuts de revisió individual.\n\nPlaces limitades: s’assignen per ordre d’inscripció.',
    ],
    tags: [2, 5],
  },
  {
    title: [
      'Charla: diseño circular en la industria',
      'Talk: circular design in industry',
      'Xerrada: disseny circular a la indústria',
    ],
    summary: [
      'Una ingeniera de materiales y un fabricante de mobiliario explican cómo han rediseñado sus productos para repararlos y reciclarlos.',
      'A materials engineer and a furniture maker explain how they redesigned their products to be repaired and recycled.',
      'Una enginyera de materials i un fabricant de mobiliari expliquen com han redissenyat els seus productes per reparar-los i reciclar-los.',
    ],
    body: [
      'Hablaremos de uniones desmontables, de pasaportes de producto y de lo que cuesta de verdad cambiar un proceso en fábrica.\n\nAl final habrá un turno de preguntas y un pequeño aperitivo.',
      'We will talk about dismountable joints, product passports and what changing a factory process really costs.\n\nQuestions at the end, followed by drinks.',
      'Parlarem d’unions desmuntables, de passaports de producte i del que costa de debò canviar un procés a la fàbrica.\n\nAl final hi haurà un torn de preguntes i un petit pica-pica.',
    ],
    tags: [1],
  },
  {
    title: [
      'Visita guiada a la exposición de proyectos finales',
      'Guided tour of the final projects exhibition',
      'Visita guiada a l’exposició de projectes finals',
    ],
    summary: [
      'Recorremos con los profesores los mejores proyectos de este curso, antes de que abra al público.',
      'A tour of this year’s best projects with their teachers, before the exhibition opens to the public.',
      'Recorrem amb els professors els millors projectes d’aquest curs, abans que obri al públic.',
    ],
    body: [
      'La visita dura una hora y termina en el vestíbulo, donde los estudiantes presentan sus piezas. Es una buena ocasión para conocer talento si tu empresa busca perfiles junior.\n\nGrupos de veinte personas.',
      'The tour lasts an hour and ends in the hall, where students present their work. A good chance to meet talent if your company is hiring juniors.\n\nGroups of twenty.',
      'La visita dura una hora i acaba al vestíbul, on els estudiants presenten les seves peces. És una bona ocasió per conèixer talent si la teva empresa busca perfils júnior.\n\nGrups de vint persones.',
    ],
    tags: [4, 6],
  },
  {
    title: [
      'Afterwork de networking con empresas',
      'Networking afterwork with companies',
      'Afterwork de networking amb empreses',
    ],
    summary: [
      'Diez empresas que contratan en diseño e ingeniería se presentan en cinco minutos y después charlamos con algo de beber.',
      'Ten companies hiring in design and engineering pitch in five minutes each, then we chat over a drink.',
      'Deu empreses que contracten en disseny i enginyeria es presenten en cinc minuts i després xerrem amb alguna cosa per beure.',
    ],
    body: [
      'Trae tarjetas o ten a mano tu perfil: las empresas participantes tienen ofertas abiertas en la bolsa de trabajo.\n\nSi tu empresa quiere presentarse, escríbenos antes del día 10.',
      'Bring cards or have your profile handy: the companies taking part have open offers in the job bank.\n\nIf your company would like to pitch, write to us before the 10th.',
      'Porta targetes o tingues a mà el teu perfil: les empreses participants tenen ofertes obertes a la borsa de treball.\n\nSi la teva empresa s’hi vol presentar, escriu-nos abans del dia 10.',
    ],
    tags: [3, 5],
  },
  {
    title: ['Jornada de puertas abiertas para alumni', 'Open day for alumni', 'Jornada de portes obertes per a alumni'],
    summary: [
      'Vuelve a las aulas con tu familia: talleres para niños, visitas a los laboratorios y un café con los profesores de siempre.',
      'Come back to the classrooms with your family: children’s workshops, lab visits and coffee with the teachers you remember.',
      'Torna a les aules amb la família: tallers per a infants, visites als laboratoris i un cafè amb els professors de sempre.',
    ],
    body: [
      'Los talleres infantiles son para niños de seis a doce años y se reservan aparte al llegar. Los laboratorios de electrónica y materiales abrirán toda la mañana.\n\nUna mañana tranquila para reencontrarse.',
      'The children’s workshops are for ages six to twelve and are booked on arrival. The electronics and materials labs will be open all morning.\n\nA relaxed morning to catch up.',
      'Els tallers infantils són per a infants de sis a dotze anys i es reserven a part en arribar. Els laboratoris d’electrònica i materials obriran tot el matí.\n\nUn matí tranquil per retrobar-se.',
    ],
    tags: [6, 7],
  },
  {
    title: [
      'Taller de prototipado rápido con Arduino',
      'Rapid prototyping workshop with Arduino',
      'Taller de prototipatge ràpid amb Arduino',
    ],
    summary: [
      'Una tarde para montar sensores, motores y luces en un prototipo que funcione, aunque nunca hayas soldado.',
      'An afternoon to put sensors, motors and lights into a working prototype, even if you have never soldered.',
      'Una tarda per muntar sensors, motors i llums en un prototip que funcioni, encara que no hagis soldat mai.',
    ],
    body: [
      'La asociación pone los kits; tú solo necesitas un portátil con el entorno de Arduino instalado. Trabajaremos por parejas.\n\nAl final, cada pareja enseña su prototipo al resto.',
      'The association provides the kits; you only need a laptop with the Arduino IDE installed. We will work in pairs.\n\nAt the end, each pair shows their prototype to the rest.',
      'L’associació posa els kits; només cal un portàtil amb l’entorn d’Arduino instal·lat. Treballarem per parelles.\n\nAl final, cada parella ensenya el seu prototip a la resta.',
    ],
    tags: [2],
  },
  {
    title: [
      'Mesa redonda: emprender en diseño',
      'Round table: starting a design business',
      'Taula rodona: emprendre en disseny',
    ],
    summary: [
      'Cuatro socios que han fundado estudios y startups hablan sin filtros de clientes, precios, inversión y errores.',
      'Four members who founded studios and startups talk frankly about clients, pricing, investment and mistakes.',
      'Quatre socis que han fundat estudis i startups parlen sense filtres de clients, preus, inversió i errors.',
    ],
    body: [
      'Modera la periodista de diseño Elena Costa. Las preguntas pueden enviarse antes por el grupo Emprendedores alumni.\n\nLa sesión se grabará para los socios que no puedan venir.',
      'Moderated by design journalist Elena Costa. Questions can be sent beforehand through the Alumni entrepreneurs group.\n\nThe session will be recorded for members who cannot attend.',
      'Modera la periodista de disseny Elena Costa. Les preguntes es poden enviar abans pel grup Emprenedors alumni.\n\nLa sessió es gravarà per als socis que no puguin venir.',
    ],
    tags: [1, 3],
  },
  {
    title: [
      'Visita a una fábrica de iluminación',
      'Visit to a lighting factory',
      'Visita a una fàbrica d’il·luminació',
    ],
    summary: [
      'Vemos cómo se tornea el aluminio, se sopla el vidrio y se prueban las luminarias en una fábrica del Vallès.',
      'We see aluminium spun, glass blown and light fittings tested at a factory in the Vallès.',
      'Veiem com es torneja l’alumini, es bufa el vidre i es proven les lluminàries en una fàbrica del Vallès.',
    ],
    body: [
      'Salida en autocar desde la escuela y vuelta a mediodía. La visita la guía el director de producto, antiguo alumno de la promoción de 1998.\n\nCalzado cerrado obligatorio.',
      'Coach from the school and back by midday. The tour is led by the product director, an alumnus from the class of 1998.\n\nClosed shoes required.',
      'Sortida en autocar des de l’escola i tornada al migdia. Guia la visita el director de producte, antic alumne de la promoció del 1998.\n\nCalçat tancat obligatori.',
    ],
    tags: [6, 4],
  },
  {
    title: [
      'Sesión abierta del grupo UX Barcelona',
      'Open session of the UX Barcelona group',
      'Sessió oberta del grup UX Barcelona',
    ],
    summary: [
      'Dos socias presentan la investigación con usuarios que hicieron para una app de salud y cómo cambió el producto.',
      'Two members present the user research they did for a health app and how it changed the product.',
      'Dues sòcies presenten la recerca amb usuaris que van fer per a una app de salut i com va canviar el producte.',
    ],
    body: [
      'La sesión está abierta a todos los socios, aunque no formes parte del grupo. Habrá tiempo para revisar en grupo algún proyecto que traigan los asistentes.\n\nTambién se podrá seguir en línea.',
      'The session is open to every member, even if you are not in the group. There will be time to review a project brought by someone in the audience.\n\nYou can also follow it online.',
      'La sessió és oberta a tots els socis, encara que no formis part del grup. Hi haurà temps per revisar en grup algun projecte que portin els assistents.\n\nTambé es podrà seguir en línia.',
    ],
    tags: [1, 7],
  },
  {
    title: ['Curso intensivo de tipografía', 'Intensive typography course', 'Curs intensiu de tipografia'],
    summary: [
      'Dos sábados dedicados a dibujar letras, de los bocetos a lápiz a una fuente variable sencilla.',
      'Two Saturdays devoted to drawing letters, from pencil sketches to a simple variable font.',
      'Dos dissabtes dedicats a dibuixar lletres, dels esbossos a llapis a una font variable senzilla.',
    ],
    body: [
      'Lo imparte un tipógrafo de la promoción de 2006 que ha diseñado fuentes para periódicos y marcas. No hace falta experiencia previa.\n\nEl material y el software de prueba están incluidos.',
      'It is taught by a type designer from the class of 2006 who has made fonts for newspapers and brands. No experience needed.\n\nMaterials and trial software are included.',
      'L’imparteix un tipògraf de la promoció del 2006 que ha dissenyat fonts per a diaris i marques. No cal experiència prèvia.\n\nEl material i el programari de prova hi són inclosos.',
    ],
    tags: [2],
  },
  {
    title: [
      'Concierto y cena de verano en la terraza',
      'Summer concert and dinner on the terrace',
      'Concert i sopar d’estiu a la terrassa',
    ],
    summary: [
      'El grupo de jazz de unos antiguos alumnos toca al atardecer en la terraza del campus; cena de picoteo para socios.',
      'A jazz band of former students plays at sunset on the campus terrace; finger food for members.',
      'El grup de jazz d’uns antics alumnes toca a la posta de sol a la terrassa del campus; sopar de pica-pica per a socis.',
    ],
    body: [
      'Cerramos el curso como cada año, con música y vistas a la ciudad. Si llueve, nos trasladamos al vestíbulo.\n\nEl aforo de la terraza es limitado: inscríbete para asegurar tu plaza.',
      'We close the year as always, with music and a view of the city. If it rains, we move to the hall.\n\nThe terrace holds a limited number of people: register to keep your place.',
      'Tanquem el curs com cada any, amb música i vistes a la ciutat. Si plou, ens traslladem al vestíbul.\n\nL’aforament de la terrassa és limitat: inscriu-te per assegurar la teva plaça.',
    ],
    tags: [3, 7],
  },
];

/** How an earlier edition's summary opens (the year fills `{y}`), so no two summaries read the same. */
export const CHRONICLE: readonly Tri[] = [
  ['Así fue la edición de {y}.', 'This is how the {y} edition went.', 'Així va ser l’edició del {y}.'],
  ['Crónica de {y}.', 'Looking back at {y}.', 'Crònica del {y}.'],
  ['Lo recordamos: {y}.', 'From the archive, {y}.', 'Ho recordem: {y}.'],
];

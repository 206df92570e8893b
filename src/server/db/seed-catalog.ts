import type { Db } from './client';
import { banners, brands, coupons, events, news, ticketLots, sectors } from './schema';

/**
 * Demo catalogue: the three brands, events in São Paulo, Rio de Janeiro and Itajaí with their
 * ticket types, news and banners. Dates are relative to `now` so the demo always has past and
 * upcoming events. Artwork lives in public/images/{events,news,banners}/<slug>.svg and is made
 * by scripts/generate-demo-images.ts from `demoImages()`.
 */

export type BrandSlug = 'next-level' | 'ay-yo' | 'kxp';
type ImageKind = 'events' | 'news' | 'banners';

const BRANDS = [
  {
    slug: 'next-level',
    name: 'Next Level',
    tagline: 'Música eletrônica e cultura de pista',
    description:
      'A Next Level produz noites de techno, house e música eletrônica em clubes, galpões e festivais ao ar livre, com line-ups que misturam nomes internacionais e a nova cena brasileira.',
    accentColor: '#7c3aed',
    sortOrder: 1,
  },
  {
    slug: 'ay-yo',
    name: 'AY-YO',
    tagline: 'K-Pop e cultura asiática',
    description:
      'A AY-YO reúne fãs de K-Pop e cultura pop asiática em festas, Random Play Dance, concursos de cover e encontros de fandom por todo o Brasil.',
    accentColor: '#db2777',
    sortOrder: 2,
  },
  {
    slug: 'kxp',
    name: 'KXP',
    tagline: 'Experiências coreanas',
    description:
      'A KXP cria experiências de imersão na cultura coreana: gastronomia, hanbok, oficinas de idioma, cinema e tradições, conduzidas por quem vive a Coreia de perto.',
    accentColor: '#0f766e',
    sortOrder: 3,
  },
] as const;

const CATEGORY: Record<BrandSlug, string> = {
  'next-level': 'Next Level Events',
  'ay-yo': 'AyYo Events',
  kxp: 'KXP Events',
};

type City = 'São Paulo' | 'Rio de Janeiro' | 'Itajaí';

interface Venue {
  name: string;
  address: string;
  city: City;
}

const VENUES = {
  audioClub: {
    name: 'Audio Club',
    address: 'Av. Francisco Matarazzo, 694 - Água Branca, São Paulo - SP, 05001-000',
    city: 'São Paulo',
  },
  dEdge: {
    name: 'D-Edge',
    address: 'Av. Auro Soares de Moura Andrade, 141 - Barra Funda, São Paulo - SP, 01156-001',
    city: 'São Paulo',
  },
  memorial: {
    name: 'Memorial da América Latina',
    address: 'Av. Auro Soares de Moura Andrade, 664 - Barra Funda, São Paulo - SP, 01156-001',
    city: 'São Paulo',
  },
  vibra: {
    name: 'Vibra São Paulo',
    address: 'Av. das Nações Unidas, 17955 - Vila Almeida, São Paulo - SP, 04795-100',
    city: 'São Paulo',
  },
  cineJoia: {
    name: 'Cine Joia',
    address: 'Praça Carlos Gomes, 82 - Liberdade, São Paulo - SP, 01501-040',
    city: 'São Paulo',
  },
  centroCoreano: {
    name: 'Centro Cultural Coreano no Brasil',
    address: 'Av. Paulista, 460 - Bela Vista, São Paulo - SP, 01310-000',
    city: 'São Paulo',
  },
  bomRetiro: {
    name: 'Espaço KXP Bom Retiro',
    address: 'Rua Prates, 512 - Bom Retiro, São Paulo - SP, 01121-000',
    city: 'São Paulo',
  },
  circoVoador: {
    name: 'Circo Voador',
    address: 'Rua dos Arcos, s/n - Lapa, Rio de Janeiro - RJ, 20230-060',
    city: 'Rio de Janeiro',
  },
  fundicao: {
    name: 'Fundição Progresso',
    address: 'Rua dos Arcos, 24 - Lapa, Rio de Janeiro - RJ, 20230-060',
    city: 'Rio de Janeiro',
  },
  marinaGloria: {
    name: 'Marina da Glória',
    address: 'Av. Infante Dom Henrique, s/n - Glória, Rio de Janeiro - RJ, 20021-140',
    city: 'Rio de Janeiro',
  },
  sulAmerica: {
    name: 'Centro de Convenções SulAmérica',
    address: 'Av. Paulo de Frontin, 1 - Cidade Nova, Rio de Janeiro - RJ, 20260-010',
    city: 'Rio de Janeiro',
  },
  centroEventosItajai: {
    name: 'Centro de Eventos de Itajaí',
    address: 'Rua Indaial, 1500 - São João, Itajaí - SC, 88304-100',
    city: 'Itajaí',
  },
  praiaBrava: {
    name: 'Praia Brava Beach Club',
    address: 'Av. José Medeiros Vieira, 1810 - Praia Brava, Itajaí - SC, 88306-000',
    city: 'Itajaí',
  },
  casaCultura: {
    name: 'Casa da Cultura Dide Brandão',
    address: 'Rua Hercílio Luz, 681 - Centro, Itajaí - SC, 88301-001',
    city: 'Itajaí',
  },
} satisfies Record<string, Venue>;

/** A sector and its lots in order (price in centavos, units left); `preSaleCode` hides it until that code unlocks it. */
interface TicketSeed {
  name: string;
  description: string;
  lots: { price: number; remaining: number }[];
  preSaleCode?: string;
}

interface EventSeed {
  slug: string;
  brand: BrandSlug;
  title: string;
  description: string[];
  dayOffset: number;
  start: string;
  end: string | null;
  venue: Venue;
  capacity: number | null;
  rating: number | null;
  tickets: TicketSeed[];
}

const EVENTS: EventSeed[] = [
  // ---------------------------------------------------------------- Next Level
  {
    slug: 'next-level-warehouse-techno',
    brand: 'next-level',
    title: 'Next Level Warehouse: Techno All Night',
    description: [
      'A Next Level Warehouse volta à Audio Club para uma noite inteira de techno, do warm-up hipnótico ao amanhecer. São duas pistas, sistema de som Funktion-One ajustado para graves profundos e um projeto de luz com lasers e estrobos sincronizados ao set.',
      'No line-up, DJs residentes da Next Level dividem a cabine com convidados da cena paulistana e um headliner internacional anunciado nas redes sociais. Espere sets longos, transições sem pressa e aquele momento em que a pista inteira levanta os braços ao mesmo tempo.',
      'Evento para maiores de 18 anos, com apresentação de documento oficial com foto na entrada. Há guarda-volumes, pontos de água gratuita e equipe de redução de danos durante toda a noite.',
    ],
    dayOffset: 10,
    start: '23:00:00',
    end: '06:00:00',
    venue: VENUES.audioClub,
    capacity: 3000,
    rating: null,
    tickets: [
      {
        name: 'Pista',
        description: 'Acesso às duas pistas.',
        lots: [
          { price: 8000, remaining: 120 },
          { price: 10000, remaining: 400 },
          { price: 12000, remaining: 400 },
        ],
      },
      {
        name: 'VIP',
        description: 'Área VIP com bar exclusivo, banheiros privativos e vista para a cabine.',
        lots: [{ price: 18000, remaining: 80 }],
      },
    ],
  },
  {
    slug: 'next-level-vinyl-only',
    brand: 'next-level',
    title: 'Next Level B2B: Vinyl Only',
    description: [
      'Uma noite só de vinil no D-Edge: quatro DJs, dois toca-discos e sets back-to-back que atravessam house, deep house e techno clássico. Sem pen drive, sem sync, só disco na agulha e ouvido afiado.',
      'A pista principal ganha um sistema de som calibrado especialmente para a noite e a iluminação fica mais baixa para deixar a música no centro. Uma feirinha de discos usados funciona no lounge até as 2h.',
      'Capacidade reduzida: os últimos ingressos estão acabando. Evento para maiores de 18 anos.',
    ],
    dayOffset: 6,
    start: '23:30:00',
    end: '06:00:00',
    venue: VENUES.dEdge,
    capacity: 600,
    rating: null,
    tickets: [{ name: 'Pista', description: 'Acesso à pista principal e ao lounge.', lots: [{ price: 9000, remaining: 3 }] }],
  },
  {
    slug: 'next-level-sunset-sessions-itajai',
    brand: 'next-level',
    title: 'Next Level Sunset Sessions Itajaí',
    description: [
      'O pôr do sol da Praia Brava vira pista de dança: a Sunset Sessions começa no fim da tarde com melodic house e organic house e vai esquentando até o techno melódico depois que escurece.',
      'O palco fica de frente para o mar, com estrutura de som e luz pensada para o ar livre, food trucks com opções veganas e um bar de drinks autorais. Leve protetor solar e um casaco leve para a noite.',
    ],
    dayOffset: 24,
    start: '16:00:00',
    end: '23:59:00',
    venue: VENUES.praiaBrava,
    capacity: 1500,
    rating: null,
    tickets: [
      { name: 'Pista', description: 'Acesso à área do palco e à praia.', lots: [{ price: 6000, remaining: 600 }] },
      {
        name: 'VIP',
        description: 'Deck com open bar de água e refrigerante, sombra e banheiros exclusivos.',
        lots: [{ price: 12000, remaining: 120 }],
      },
    ],
  },
  {
    slug: 'next-level-open-air-rio',
    brand: 'next-level',
    title: 'Next Level Open Air Rio',
    description: [
      'A Marina da Glória recebe o maior Open Air da Next Level até hoje: dois palcos ao ar livre, com a Baía de Guanabara e o Pão de Açúcar como cenário, do meio da tarde até o fim da noite.',
      'O palco principal traz headliners de techno e house progressivo; o segundo palco é dedicado aos coletivos cariocas, com b2bs que só acontecem aqui. A produção inclui área de descanso com sombra, praça de alimentação e pontos de recarga de celular.',
      'Classificação: 18 anos. Menores de 18 não entram, nem acompanhados. Recomendamos chegar de transporte público ou por aplicativo.',
    ],
    dayOffset: 45,
    start: '14:00:00',
    end: '23:00:00',
    venue: VENUES.marinaGloria,
    capacity: 8000,
    rating: null,
    tickets: [
      { name: 'Pista', description: 'Acesso aos dois palcos.', lots: [{ price: 15000, remaining: 2500 }] },
      {
        name: 'VIP',
        description: 'Área VIP em frente ao palco principal, com bares e banheiros exclusivos.',
        lots: [{ price: 25000, remaining: 600 }],
      },
      {
        name: 'Camarote',
        description: 'Camarote com vista para a baía, open bar premium e serviço de mesa.',
        lots: [{ price: 45000, remaining: 90 }],
      },
    ],
  },
  {
    slug: 'next-level-festival',
    brand: 'next-level',
    title: 'Next Level Festival: Edição Memorial',
    description: [
      'O Next Level Festival ocupa a Praça Cívica do Memorial da América Latina com três palcos, doze horas de música eletrônica e uma programação que passa pelo house, techno, trance e bass music.',
      'Além da música, o festival tem instalações de arte digital, uma galeria de fotografia da cena eletrônica brasileira e um espaço de convivência com marcas parceiras. Toda a operação é cashless: recarregue sua pulseira pelo app ou nos caixas do evento.',
      'Os preços sobem a cada lote. Ingressos nominais e intransferíveis após a emissão.',
    ],
    dayOffset: 120,
    start: '12:00:00',
    end: '23:59:00',
    venue: VENUES.memorial,
    capacity: null,
    rating: null,
    tickets: [
      { name: 'Pista', description: 'Acesso aos três palcos.', lots: [{ price: 22000, remaining: 5000 }] },
      { name: 'Pista Premium', description: 'Área próxima aos palcos, com bares exclusivos.', lots: [{ price: 32000, remaining: 1500 }] },
      {
        name: 'Camarote',
        description: 'Camarote com open bar, lounge climatizado e entrada exclusiva.',
        lots: [{ price: 48000, remaining: 300 }],
      },
    ],
  },
  {
    slug: 'next-level-club-night-deep-house',
    brand: 'next-level',
    title: 'Next Level Club Night: Deep House',
    description: [
      'Uma Club Night dedicada ao deep house, com grooves quentes, vocais soul e aquele clima de pista que dura a noite toda. Os residentes da Next Level conduziram a noite do começo ao fim.',
      'Obrigado a todo mundo que esteve na pista! As fotos oficiais já estão no nosso Instagram.',
    ],
    dayOffset: -20,
    start: '23:00:00',
    end: '05:00:00',
    venue: VENUES.dEdge,
    capacity: 600,
    rating: 4.7,
    tickets: [
      { name: 'Pista', description: 'Acesso à pista principal.', lots: [{ price: 7000, remaining: 0 }] },
      { name: 'VIP', description: 'Mezanino com bar exclusivo.', lots: [{ price: 14000, remaining: 12 }] },
    ],
  },
  // ---------------------------------------------------------------- AY-YO
  {
    slug: 'ay-yo-kpop-dance-party',
    brand: 'ay-yo',
    title: 'AY-YO K-Pop Dance Party',
    description: [
      'A festa de K-Pop mais animada de São Paulo está de volta ao Cine Joia, no coração da Liberdade. A noite inteira de hits de BTS, BLACKPINK, Stray Kids, NewJeans, SEVENTEEN, TWICE e muito mais, com DJs que conhecem cada coreografia.',
      'Teremos momentos de Random Play Dance na pista, concurso de cover com prêmios, photo booth com lightsticks e telões com os MVs mais pedidos. Vem com seu look de comeback favorito!',
      'Evento para maiores de 16 anos (menores de 18 com autorização dos responsáveis). Meia-entrada mediante comprovação na entrada.',
    ],
    dayOffset: 3,
    start: '22:00:00',
    end: '04:00:00',
    venue: VENUES.cineJoia,
    capacity: 900,
    rating: null,
    tickets: [
      { name: 'Pista', description: 'Acesso à pista e às ativações.', lots: [{ price: 5000, remaining: 250 }] },
      { name: 'VIP', description: 'Mezanino com vista para a pista e kit exclusivo AY-YO.', lots: [{ price: 9000, remaining: 40 }] },
    ],
  },
  {
    slug: 'ay-yo-idol-night-girl-groups',
    brand: 'ay-yo',
    title: 'AY-YO Idol Night: Especial Girl Groups',
    description: [
      'Uma noite inteira celebrando as girl groups que marcaram cada geração do K-Pop: de Girls’ Generation e 2NE1 a aespa, IVE, LE SSERAFIM e ITZY. No palco do Vibra São Paulo, grupos de dance cover se revezam com DJs e telões gigantes.',
      'O show conta com cenografia, iluminação de arena e um momento especial de fan chant coletivo. Os ingressos esgotaram em poucos dias: fique de olho nas redes da AY-YO para as próximas edições.',
    ],
    dayOffset: 14,
    start: '19:00:00',
    end: '23:30:00',
    venue: VENUES.vibra,
    capacity: 4000,
    rating: null,
    tickets: [
      { name: 'Pista', description: 'Acesso à pista.', lots: [{ price: 12000, remaining: 0 }] },
      { name: 'Pista Premium', description: 'Área em frente ao palco.', lots: [{ price: 18000, remaining: 0 }] },
      { name: 'Camarote', description: 'Camarote com open bar de não alcoólicos e kit da edição.', lots: [{ price: 28000, remaining: 0 }] },
    ],
  },
  {
    slug: 'random-play-dance-rio',
    brand: 'ay-yo',
    title: 'Random Play Dance Rio',
    description: [
      'O maior Random Play Dance do Rio acontece no Circo Voador! Os DJs tocam trechos aleatórios de músicas de K-Pop e quem souber a coreografia corre para o centro da roda e dança. Simples assim, e viciante.',
      'Teremos rodadas temáticas (boy groups, girl groups, clássicos da 2ª geração e lançamentos do mês), desafios com prêmios e uma rodada final valendo o título de Rei e Rainha do Random Play.',
      'Classificação livre: menores de 14 anos acompanhados de um responsável.',
    ],
    dayOffset: 17,
    start: '15:00:00',
    end: '21:00:00',
    venue: VENUES.circoVoador,
    capacity: 1200,
    rating: null,
    tickets: [{ name: 'Ingresso Geral', description: 'Acesso ao evento e a todas as rodadas.', lots: [{ price: 4000, remaining: 500 }] }],
  },
  {
    slug: 'ay-yo-kpop-night-itajai',
    brand: 'ay-yo',
    title: 'AY-YO K-Pop Night Itajaí',
    description: [
      'A AY-YO chega a Santa Catarina! Uma noite de K-Pop no Centro de Eventos de Itajaí, com DJs, apresentações de grupos de cover do Vale do Itajaí e Random Play Dance no meio da pista.',
      'Vai ter feirinha de produtos oficiais e fanmade, cabine de fotos e distribuição de photocards exclusivos para os primeiros 300 que chegarem.',
    ],
    dayOffset: 38,
    start: '20:00:00',
    end: '02:00:00',
    venue: VENUES.centroEventosItajai,
    capacity: 2000,
    rating: null,
    tickets: [
      {
        name: 'Pista',
        description: 'Acesso à pista e à feirinha.',
        lots: [
          { price: 5500, remaining: 300 },
          { price: 6500, remaining: 400 },
        ],
      },
      {
        name: 'Pré-venda Fã-clube',
        description: 'Pista com entrada antecipada e photocard, para quem tem o código do fã-clube AY-YO.',
        lots: [{ price: 6000, remaining: 80 }],
        preSaleCode: 'AYYOFA-7K2Q',
      },
      { name: 'VIP', description: 'Área VIP com entrada antecipada e photocard exclusivo.', lots: [{ price: 9500, remaining: 100 }] },
    ],
  },
  {
    slug: 'ay-yo-asia-pop-con-rio',
    brand: 'ay-yo',
    title: 'AY-YO Asia Pop Con Rio',
    description: [
      'Um dia inteiro de cultura pop asiática no Centro de Convenções SulAmérica: K-Pop, J-Pop, C-Drama, anime e games no mesmo lugar. Palco com shows de dance cover, concurso de cosplay, painéis com criadores de conteúdo e área de jogos.',
      'A feira reúne mais de 80 expositores com álbuns, photocards, lightsticks, mangás e comidas de rua asiáticas. Traga seu binder de photocards: teremos mesa de trocas com mediadores.',
      'Crianças até 5 anos não pagam. Meia-entrada mediante comprovação.',
    ],
    dayOffset: 75,
    start: '11:00:00',
    end: '20:00:00',
    venue: VENUES.sulAmerica,
    capacity: null,
    rating: null,
    tickets: [
      { name: 'Ingresso Geral', description: 'Acesso à feira, palco e painéis.', lots: [{ price: 7000, remaining: 1800 }] },
      {
        name: 'VIP',
        description: 'Entrada antecipada, lugar reservado nos painéis e ecobag da edição.',
        lots: [{ price: 15000, remaining: 200 }],
      },
    ],
  },
  {
    slug: 'ay-yo-summer-dance-party',
    brand: 'ay-yo',
    title: 'AY-YO K-Pop Dance Party: Edição de Verão',
    description: [
      'A Edição de Verão da AY-YO K-Pop Dance Party lotou o Cine Joia com uma noite de hits, dance covers e muito fan chant. Obrigado a cada fandom que apareceu!',
      'Os vencedores do concurso de cover já foram anunciados no nosso Instagram, junto com as fotos da noite.',
    ],
    dayOffset: -40,
    start: '22:00:00',
    end: '04:00:00',
    venue: VENUES.cineJoia,
    capacity: 900,
    rating: 4.8,
    tickets: [
      { name: 'Pista', description: 'Acesso à pista e às ativações.', lots: [{ price: 4500, remaining: 0 }] },
      { name: 'VIP', description: 'Mezanino com vista para a pista.', lots: [{ price: 8500, remaining: 0 }] },
    ],
  },
  // ---------------------------------------------------------------- KXP
  {
    slug: 'kxp-oficina-de-hangul',
    brand: 'kxp',
    title: 'KXP Oficina de Hangul: Escreva seu Nome em Coreano',
    description: [
      'Uma oficina gratuita para quem quer dar o primeiro passo no idioma coreano. Em três horas você vai entender a lógica do Hangul, o alfabeto criado pelo rei Sejong, aprender a ler as sílabas e escrever o seu próprio nome.',
      'A aula é conduzida por professoras nativas, com material impresso incluso e um momento de caligrafia com pincel. Não é preciso nenhum conhecimento prévio.',
      'Vagas limitadas: garanta sua entrada gratuita pelo app e apresente o QR Code na recepção.',
    ],
    dayOffset: 9,
    start: '14:00:00',
    end: '17:00:00',
    venue: VENUES.centroCoreano,
    capacity: 40,
    rating: null,
    tickets: [
      {
        name: 'Entrada gratuita',
        description: 'Inclui material da oficina. Uma inscrição por pessoa.',
        lots: [{ price: 0, remaining: 32 }],
      },
    ],
  },
  {
    slug: 'kxp-noite-coreana-soju-kbbq',
    brand: 'kxp',
    title: 'KXP Noite Coreana: Soju & K-BBQ',
    description: [
      'Um jantar coreano completo no Bom Retiro, o bairro coreano de São Paulo: churrasco grelhado na mesa, banchan à vontade, tteokbokki, japchae e a sobremesa da casa. Para acompanhar, degustação guiada de soju, makgeolli e drinks com frutas.',
      'Entre um prato e outro, nossos anfitriões contam a história por trás de cada receita e ensinam as regras de etiqueta à mesa coreana, como servir o mais velho primeiro e virar o rosto para beber.',
      'Evento para maiores de 18 anos. Opção vegetariana disponível: informe na hora da compra pelo nosso WhatsApp.',
    ],
    dayOffset: 21,
    start: '19:30:00',
    end: '23:00:00',
    venue: VENUES.bomRetiro,
    capacity: 60,
    rating: null,
    tickets: [
      { name: 'Jantar individual', description: 'Jantar completo com degustação de bebidas.', lots: [{ price: 18000, remaining: 24 }] },
      {
        name: 'Jantar para dois',
        description: 'Mesa para duas pessoas, com uma garrafa de soju de brinde.',
        lots: [{ price: 32000, remaining: 10 }],
      },
    ],
  },
  {
    slug: 'hanbok-experience-itajai',
    brand: 'kxp',
    title: 'Hanbok Experience Itajaí',
    description: [
      'Vista um hanbok, o traje tradicional coreano, e viva uma tarde de cultura coreana na Casa da Cultura Dide Brandão. Nossa equipe ajuda você a escolher as cores, amarrar o goreum e montar o penteado.',
      'Cada sessão inclui uma sessão de fotos com fotógrafo profissional em cenários inspirados nos palácios de Seul, chá coreano e uma introdução sobre a história e os significados do hanbok.',
    ],
    dayOffset: 30,
    start: '10:00:00',
    end: '18:00:00',
    venue: VENUES.casaCultura,
    capacity: 120,
    rating: null,
    tickets: [
      {
        name: 'Experiência Hanbok',
        description: 'Prova de hanbok, 10 fotos editadas e chá coreano.',
        lots: [{ price: 9000, remaining: 60 }],
      },
      {
        name: 'Experiência Completa',
        description: 'Hanbok, penteado tradicional, 25 fotos editadas e chá coreano.',
        lots: [{ price: 15000, remaining: 30 }],
      },
    ],
  },
  {
    slug: 'kxp-festival-cultura-coreana-rio',
    brand: 'kxp',
    title: 'KXP Festival de Cultura Coreana Rio',
    description: [
      'Um festival para conhecer a Coreia sem sair do Rio: a Fundição Progresso recebe apresentações de samulnori e dança tradicional, oficinas de culinária, caligrafia e taekwondo, e mostra de cinema coreano.',
      'A praça de alimentação reúne restaurantes coreanos da cidade com kimbap, hotteok, frango frito coreano e bingsu. No fim da tarde, um show de K-Indie encerra a programação.',
      'Programação completa e horários das oficinas publicados na semana do evento.',
    ],
    dayOffset: 60,
    start: '12:00:00',
    end: '22:00:00',
    venue: VENUES.fundicao,
    capacity: 2500,
    rating: null,
    tickets: [
      {
        name: 'Ingresso Geral',
        description: 'Acesso ao festival, às apresentações e à mostra de cinema.',
        lots: [{ price: 5000, remaining: 900 }],
      },
      {
        name: 'Passaporte Oficinas',
        description: 'Ingresso Geral mais vaga garantida em duas oficinas à sua escolha.',
        lots: [{ price: 9000, remaining: 120 }],
      },
    ],
  },
  {
    slug: 'kxp-masterclass-kimchi',
    brand: 'kxp',
    title: 'KXP Masterclass de Kimchi',
    description: [
      'Uma manhã com as mãos na massa para aprender o kimchi tradicional de acelga, do salgar das folhas ao tempero de gochugaru. Cada participante levou para casa um pote do próprio kimchi.',
      'Obrigado a todas as pessoas que participaram! Novas turmas serão abertas em breve.',
    ],
    dayOffset: -5,
    start: '10:00:00',
    end: '13:00:00',
    venue: VENUES.bomRetiro,
    capacity: 24,
    rating: 4.9,
    tickets: [
      { name: 'Ingresso Geral', description: 'Inclui ingredientes, avental e pote para levar.', lots: [{ price: 12000, remaining: 0 }] },
    ],
  },
];

interface NewsSeed {
  slug: string;
  brand: BrandSlug;
  title: string;
  preview: string;
  content: string[];
  category: string;
  published: boolean;
  daysAgo: number;
}

const NEWS: NewsSeed[] = [
  {
    slug: 'next-level-warehouse-lineup',
    brand: 'next-level',
    title: 'Next Level Warehouse anuncia line-up completo',
    preview: 'A noite de techno na Audio Club terá duas pistas, sete horas de música e um headliner internacional.',
    content: [
      'A Next Level divulgou o line-up completo da próxima Warehouse: Techno All Night, que volta à Audio Club com duas pistas e sete horas de música, das 23h até o amanhecer.',
      'Na pista principal, os residentes abrem a noite com um warm-up hipnótico antes do headliner internacional, que faz um set estendido de três horas. A segunda pista fica por conta de coletivos paulistanos que vêm movimentando a cena de techno da cidade.',
      'O primeiro lote de ingressos está com preço promocional e tem quantidade limitada. Como sempre, a Next Level terá água gratuita, guarda-volumes e equipe de redução de danos.',
    ],
    category: 'Next Level',
    published: true,
    daysAgo: 2,
  },
  {
    slug: 'random-play-dance-rio-inscricoes',
    brand: 'ay-yo',
    title: 'Random Play Dance chega ao Circo Voador',
    preview: 'A AY-YO leva ao Rio o maior Random Play Dance do país, com rodadas temáticas e prêmios para os fandoms.',
    content: [
      'Depois de lotar edições em São Paulo, o Random Play Dance da AY-YO desembarca no Circo Voador, na Lapa. Serão seis horas de rodadas com trechos aleatórios de K-Pop, da segunda geração aos lançamentos do mês.',
      'A novidade desta edição são as rodadas temáticas votadas pelo público nas redes da AY-YO. A rodada final vale o título de Rei e Rainha do Random Play e um kit de álbuns autografados.',
      'O evento tem classificação livre, e menores de 14 anos devem estar acompanhados de um responsável.',
    ],
    category: 'AY-YO',
    published: true,
    daysAgo: 6,
  },
  {
    slug: 'kxp-oficinas-gratuitas-hangul',
    brand: 'kxp',
    title: 'KXP abre oficinas gratuitas de Hangul em São Paulo',
    preview: 'Em parceria com o Centro Cultural Coreano, a KXP oferece aulas introdutórias gratuitas do alfabeto coreano.',
    content: [
      'A KXP lançou uma série de oficinas gratuitas de introdução ao Hangul, o alfabeto coreano, no Centro Cultural Coreano no Brasil, na Avenida Paulista.',
      'Em três horas, os participantes aprendem como as letras se combinam em sílabas, praticam a leitura de palavras do dia a dia e escrevem o próprio nome em coreano, com direito a um momento de caligrafia com pincel.',
      'As vagas são limitadas e as inscrições são feitas pelo app, com entrada gratuita. Novas turmas serão abertas a cada mês.',
    ],
    category: 'KXP',
    published: true,
    daysAgo: 11,
  },
  {
    slug: 'bastidores-open-air-rio',
    brand: 'next-level',
    title: 'Bastidores: como montamos o Open Air Rio',
    preview: 'Da escolha da Marina da Glória ao desenho dos palcos: um passo a passo da produção.',
    content: [
      'Montar um festival ao ar livre à beira da Baía de Guanabara exige meses de planejamento. Nesta reportagem, a equipe de produção da Next Level conta como escolheu o local e desenhou os dois palcos do Open Air Rio.',
      'O projeto de som foi pensado para respeitar os limites de ruído da região, com caixas direcionais e monitoramento em tempo real. Já a cenografia usa estruturas reaproveitadas de edições anteriores.',
    ],
    category: 'Next Level',
    published: false,
    daysAgo: 1,
  },
];

interface BannerSeed {
  slug: string;
  brand: BrandSlug;
  title: string;
  description: string;
  /** An event slug (linked as /event/<id>) or a path. */
  link: { event: string } | { path: string };
  active: boolean;
}

const BANNERS: BannerSeed[] = [
  {
    slug: 'next-level-warehouse',
    brand: 'next-level',
    title: 'Next Level Warehouse: Techno All Night',
    description: 'Duas pistas, sete horas de techno na Audio Club. 1º lote com preço promocional.',
    link: { event: 'next-level-warehouse-techno' },
    active: true,
  },
  {
    slug: 'ay-yo-temporada',
    brand: 'ay-yo',
    title: 'Temporada AY-YO',
    description: 'Festas de K-Pop, Random Play Dance e convenção em São Paulo, Rio e Itajaí.',
    link: { path: '/events/ay-yo' },
    active: true,
  },
  {
    slug: 'kxp-festival-rio',
    brand: 'kxp',
    title: 'KXP Festival de Cultura Coreana Rio',
    description: 'Um dia inteiro de Coreia na Fundição Progresso: comida, oficinas, cinema e música.',
    link: { event: 'kxp-festival-cultura-coreana-rio' },
    active: false,
  },
];

/** Every image the seed references, for scripts/generate-demo-images.ts. */
export function demoImages(): Array<{ kind: ImageKind; slug: string; brand: BrandSlug; url: string }> {
  const url = (kind: ImageKind, slug: string) => `/images/${kind}/${slug}.svg`;
  return [
    ...EVENTS.map((e) => ({ kind: 'events' as const, slug: e.slug, brand: e.brand, url: url('events', e.slug) })),
    ...NEWS.map((n) => ({ kind: 'news' as const, slug: n.slug, brand: n.brand, url: url('news', n.slug) })),
    ...BANNERS.map((b) => ({ kind: 'banners' as const, slug: b.slug, brand: b.brand, url: url('banners', b.slug) })),
  ];
}

const ymd = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (yyyy-MM-dd) in America/Sao_Paulo, `days` days after `now`. */
function saoPauloDate(now: Date, days: number): string {
  return ymd.format(new Date(now.getTime() + days * 86_400_000));
}

export async function seedCatalog(db: Db, now: Date): Promise<{ eventIds: string[] }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(brands)
      .values(BRANDS.map((b) => ({ ...b })))
      .onConflictDoNothing();

    const idBySlug = new Map<string, string>();
    const eventIds: string[] = [];
    for (const [index, e] of EVENTS.entries()) {
      const createdAt = new Date(now.getTime() - (60 - index) * 86_400_000);
      const [row] = await tx
        .insert(events)
        .values({
          brandSlug: e.brand,
          title: e.title,
          description: e.description.join('\n\n'),
          date: saoPauloDate(now, e.dayOffset),
          startTime: e.start,
          endTime: e.end,
          location: e.venue.name,
          fullAddress: e.venue.address,
          city: e.venue.city,
          capacity: e.capacity,
          category: CATEGORY[e.brand],
          imageUrl: `/images/events/${e.slug}.svg`,
          rating: e.rating,
          // The organizer's defaults: 6 per order, 4 per CPF; Next Level passes on a 10 % fee (at least R$ 3,00 per ticket).
          maxTicketsPerOrder: 6,
          maxTicketsPerCpf: 4,
          serviceFeeBasisPoints: e.brand === 'next-level' ? 1000 : 0,
          serviceFeeMinCentavos: e.brand === 'next-level' ? 300 : null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: events.id });
      idBySlug.set(e.slug, row.id);
      eventIds.push(row.id);
      for (const [sortOrder, t] of e.tickets.entries()) {
        const [sector] = await tx
          .insert(sectors)
          .values({
            eventId: row.id,
            name: t.name,
            description: t.description,
            remaining: t.lots.reduce((sum, lot) => sum + lot.remaining, 0),
            hiddenWithoutCode: t.preSaleCode !== undefined,
            sortOrder,
          })
          .returning({ id: sectors.id });
        await tx.insert(ticketLots).values(
          t.lots.map((lot, i) => ({
            sectorId: sector.id,
            position: i + 1,
            priceCentavos: lot.price,
            quantity: lot.remaining,
            remaining: lot.remaining,
          })),
        );
        if (t.preSaleCode) {
          await tx.insert(coupons).values({
            code: t.preSaleCode,
            description: `Pré-venda: ${t.name}`,
            discountType: 'percentage',
            discountValue: 0,
            maxUses: 200,
            eventId: row.id,
            unlocksSectorId: sector.id,
          });
        }
      }
    }

    await tx.insert(news).values(
      NEWS.map((n) => {
        const createdAt = new Date(now.getTime() - n.daysAgo * 86_400_000);
        return {
          title: n.title,
          preview: n.preview,
          content: n.content.join('\n\n'),
          category: n.category,
          imageUrl: `/images/news/${n.slug}.svg`,
          published: n.published,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );

    await tx.insert(banners).values(
      BANNERS.map((b, index) => {
        const createdAt = new Date(now.getTime() - (10 - index) * 86_400_000);
        let linkUrl: string;
        if ('event' in b.link) {
          const id = idBySlug.get(b.link.event);
          if (!id) throw new Error(`seed: banner ${b.slug} links to unknown event ${b.link.event}`);
          linkUrl = `/event/${id}`;
        } else {
          linkUrl = b.link.path;
        }
        return {
          title: b.title,
          description: b.description,
          imageUrl: `/images/banners/${b.slug}.svg`,
          linkUrl,
          active: b.active,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );

    return { eventIds };
  });
}

/**
 * The three brands exist on every database, demo data or not: events link to them by slug.
 * Inserts the missing ones; never changes existing rows.
 */
export async function ensureBrands(db: Db): Promise<void> {
  await db
    .insert(brands)
    .values(BRANDS.map((b) => ({ ...b })))
    .onConflictDoNothing();
}

/*
 * What kind of thing an English proper name names, from its head word, a short list of
 * places and given names, and a title before it. A distractor for a name must be a name of
 * the same kind (a ministry for a ministry, a country for a country, a person for a person);
 * a name whose kind cannot be told gets distractors only from its own lists in the material.
 */

/** The kinds a proper name can be told to have; 'proper' when none can be told. */
export type NameKind = 'org' | 'law' | 'event' | 'place' | 'person' | 'proper';

const ORG_HEADS = new Set(
  `ministry department house university college institute institution council agency commission
committee court foundation association organization organisation society union party bank
corporation company inc ltd llc office bureau administration authority board center centre
federation alliance network school academy museum library press group lab laboratory laboratories
service services senate congress parliament assembly government cabinet army navy force forces
fund coalition consortium institutes hospital clinic church team club`.split(/\s+/),
);
const LAW_HEADS = new Set(
  'act law code rule rules treaty convention declaration constitution amendment charter bill regulation regulations statute directive protocol accord agreement'.split(
    ' ',
  ),
);
const EVENT_HEADS = new Set(
  'summit forum conference hackathon festival games congress symposium workshop expo olympics war revolution election'.split(
    ' ',
  ),
);
const PLACE_HEADS = new Set(
  'county city state province island islands river mountain mountains valley street avenue road lake sea ocean bay district region republic kingdom strait peninsula desert village town'.split(
    ' ',
  ),
);

const PLACE_LIST =
  `afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan
bahamas bahrain bangladesh barbados belarus belgium belize benin bhutan bolivia bosnia botswana
brazil brunei bulgaria burundi cambodia cameroon canada chad chile china colombia congo croatia
cuba cyprus czechia denmark djibouti dominica ecuador egypt eritrea estonia eswatini ethiopia fiji
finland france gabon gambia georgia germany ghana greece grenada guatemala guinea guyana haiti
honduras hungary iceland india indonesia iran iraq ireland israel italy jamaica japan jordan
kazakhstan kenya kiribati korea kosovo kuwait kyrgyzstan laos latvia lebanon lesotho liberia libya
liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali malta mauritania
mauritius mexico micronesia moldova monaco mongolia montenegro morocco mozambique myanmar namibia
nauru nepal netherlands nicaragua niger nigeria norway oman pakistan palau palestine panama
paraguay peru philippines poland portugal qatar romania russia rwanda samoa senegal serbia
seychelles singapore slovakia slovenia somalia spain sudan suriname sweden switzerland syria
taiwan tajikistan tanzania thailand togo tonga tunisia turkey turkmenistan tuvalu uganda ukraine
uruguay uzbekistan vanuatu venezuela vietnam yemen zambia zimbabwe england scotland wales britain
america europe asia africa antarctica oceania australasia scandinavia
alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho
illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota
mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas
utah vermont virginia washington wisconsin wyoming
tokyo beijing shanghai paris london berlin rome madrid moscow seoul taipei kaohsiung taichung
tainan hsinchu osaka kyoto delhi mumbai bangkok jakarta manila hanoi sydney melbourne toronto
vancouver chicago boston seattle geneva brussels vienna amsterdam stockholm oslo copenhagen
helsinki dublin lisbon athens istanbul cairo dubai nairobi lagos`.split(/\s+/);
const PLACES = new Set(PLACE_LIST);
const COUNTRIES = new Set(PLACE_LIST.slice(0, PLACE_LIST.indexOf('america')));
const PLACE_PHRASES = new Set([
  'united states',
  'united kingdom',
  'new zealand',
  'south africa',
  'south korea',
  'north korea',
  'hong kong',
  'saudi arabia',
  'sri lanka',
  'costa rica',
  'new york',
  'los angeles',
  'san francisco',
  'silicon valley',
  'united arab emirates',
  'czech republic',
  'european union',
  'latin america',
  'north america',
  'south america',
  'southeast asia',
  'east asia',
  'middle east',
  'asia pacific',
]);

const GIVEN_NAMES = new Set(
  `aaron adam alan albert alex alexander alice amanda amy andrew angela ann anna anne anthony
audrey barbara ben benjamin bill bob brian bruce carl carol catherine charles chris christopher
claire daniel david deborah dennis diana donald dorothy douglas edward elizabeth emily emma eric
frank gary george grace gregory hadi hannah harold harry helen henry jack james jane janet jason
jeff jeffrey jennifer jessica jim joe john jonathan joseph joshua julia karen kate katherine
kenneth kevin larry laura linda lisa margaret maria mark martin mary matthew michael michelle
nancy nicholas olivia patricia patrick paul peter philip rachel richard robert ronald ruth ryan
sam samuel sandra sarah scott sharon stephen steven susan thomas timothy tom victoria walter
william yann sam elon mark satya sundar tim jensen barack joe donald hillary emmanuel angela
xi shinzo justin ursula narendra`.split(/\s+/),
);
const TITLES =
  /\b(?:Mr|Mrs|Ms|Dr|Prof|Professor|President|Vice President|Minister|Premier|Senator|Governor|Mayor|Judge|Justice|Chairman|Chairwoman|Chair|CEO|Director|Secretary|Ambassador|Representative|Sir|Dame|Lord|Lady|King|Queen|Prince|Princess|Pope|Saint|St|Scientist|researcher|author|professor|founder|co-founder|named)\.?\s+$/u;

const lower = (w: string) => w.toLowerCase().replace(/[’']s$/, '');

/**
 * The kind of a capitalised name. `before` is the text right before it in its sentence (a
 * title there — "Dr.", "Minister", "researcher named" — makes it a person).
 */
export function nameKind(text: string, before = ''): NameKind {
  const words = text.split(/[\s-]+/).filter(Boolean);
  if (!words.length) return 'proper';
  const head = lower(words[words.length - 1]!);
  const phrase = words.map(lower).join(' ');
  if (PLACE_PHRASES.has(phrase) || (words.length === 1 && PLACES.has(head))) return 'place';
  const firstOrg = words.length > 1 && ORG_HEADS.has(lower(words[0]!)) && /\bof\b/i.test(text);
  // "Declaration for the Future of the Internet": the law-like word comes first.
  const firstLaw =
    words.length > 1 && LAW_HEADS.has(lower(words[0]!)) && /\b(?:of|for|on)\b/i.test(text);
  if (firstLaw) return 'law';
  if (firstOrg || ORG_HEADS.has(head)) return words.length > 1 || firstOrg ? 'org' : 'proper';
  if (LAW_HEADS.has(head) && words.length > 1) return 'law';
  if (EVENT_HEADS.has(head) && words.length > 1) return 'event';
  if (PLACE_HEADS.has(head) && words.length > 1) return 'place';
  if (words.length >= 2 && words.length <= 3 && GIVEN_NAMES.has(lower(words[0]!))) {
    if (words.every((w) => /^\p{Lu}[\p{Ll}’'.-]+$|^\p{Lu}\p{Ll}*\p{Lu}\p{Ll}+$/u.test(w)))
      return 'person';
  }
  if (words.length <= 3 && TITLES.test(before)) return 'person';
  return 'proper';
}

const TITLE_WORDS = new Set(
  'mr mrs ms dr prof professor president minister premier senator governor mayor judge chairman chairwoman chair ceo cto director secretary ambassador sir dame lord lady king queen prince princess pope scientist researcher founder co-founder chief former'.split(
    ' ',
  ),
);

/** Whether a capitalised word is a title that may stand before a person's name ("CEO Eric Schmidt"). */
export function isTitleWord(word: string): boolean {
  return TITLE_WORDS.has(word.toLowerCase().replace(/\.$/, ''));
}

const CONTINENTS = new Set(
  'america europe asia africa antarctica oceania australasia scandinavia'.split(' '),
);
const CONTINENT_PHRASES = new Set([
  'latin america',
  'north america',
  'south america',
  'southeast asia',
  'east asia',
  'middle east',
  'asia pacific',
  'european union',
]);
const COUNTRY_PHRASES = new Set([
  'united states',
  'united kingdom',
  'new zealand',
  'south africa',
  'south korea',
  'north korea',
  'saudi arabia',
  'sri lanka',
  'costa rica',
  'united arab emirates',
  'czech republic',
]);

/**
 * The scale of a place, so a country is offered beside countries, a continent beside
 * continents and a city or county beside others of its scale: 'continent', 'country' or 'local'.
 */
export function placeScale(text: string): 'continent' | 'country' | 'local' {
  const phrase = text
    .split(/[\s-]+/)
    .map(lower)
    .join(' ');
  if (CONTINENT_PHRASES.has(phrase) || CONTINENTS.has(phrase)) return 'continent';
  if (COUNTRY_PHRASES.has(phrase) || COUNTRIES.has(phrase)) return 'country';
  return 'local';
}

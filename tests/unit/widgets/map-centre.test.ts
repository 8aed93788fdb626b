import { describe, expect, it } from 'vitest';
import {
  flyTargetFor,
  initialView,
  isSavedLatitude,
  roundCoordinate,
  neshanMapOptions,
  providerOptions,
  roundCoordinates,
  tileLayerProps,
  tileUrlFor,
} from '../../../widgets/map/centre.js';
import { cityOf, config, ISFAHAN, locations, TEHRAN } from './fixtures.js';

const settings = config.map;

describe('map logic', () => {
  it('rounds coordinates to six decimals', () => {
    expect(roundCoordinate(35.7200004999)).toBe(35.72);
    expect(roundCoordinate(51.123456789)).toBe(51.123457);
    expect(roundCoordinates(-0.0000001, 51.3899999999)).toEqual({ latitude: 0, longitude: 51.39 });
  });

  it('starts at the configured centre and zoom when nothing is saved (0 is the draft default)', () => {
    for (const latitude of [undefined, 0, null, Number.NaN, '35.7']) {
      expect(initialView({ latitude, longitude: 0 }, settings)).toEqual({
        center: [35.72, 51.39],
        zoom: 11,
        restored: false,
      });
    }
    expect(isSavedLatitude(0)).toBe(false);
  });

  it('restores a saved point at the fly-to zoom', () => {
    expect(initialView({ latitude: 32.6546, longitude: 51.668 }, settings)).toEqual({
      center: [32.6546, 51.668],
      zoom: 14,
      restored: true,
    });
  });

  it('flies to a newly chosen province, then to a newly chosen city, over 1.5 s at zoom 14', () => {
    expect(flyTargetFor({}, { province: ISFAHAN.id }, locations, settings)).toEqual({
      center: [ISFAHAN.latitude, ISFAHAN.longitude],
      zoom: 14,
      durationSeconds: 1.5,
    });
    const kashan = cityOf(ISFAHAN.id, 'کاشان');
    expect(
      flyTargetFor({ province: ISFAHAN.id }, { province: ISFAHAN.id, city: kashan.id }, locations, settings),
    ).toEqual({
      center: [kashan.latitude, kashan.longitude],
      zoom: 14,
      durationSeconds: 1.5,
    });
  });

  it('flies to the new province when the province changes and the city is cleared', () => {
    const kashan = cityOf(ISFAHAN.id, 'کاشان');
    expect(
      flyTargetFor({ province: ISFAHAN.id, city: kashan.id }, { province: TEHRAN.id }, locations, settings)?.center,
    ).toEqual([TEHRAN.latitude, TEHRAN.longitude]);
  });

  it('does not fly when nothing changed, when a field is cleared, or for an unknown id', () => {
    expect(flyTargetFor({ province: TEHRAN.id }, { province: TEHRAN.id }, locations, settings)).toBeUndefined();
    expect(flyTargetFor({ province: TEHRAN.id }, {}, locations, settings)).toBeUndefined();
    expect(flyTargetFor({}, { province: 9999 }, locations, settings)).toBeUndefined();
  });

  it('fills {key} in the tile URL, and gives none when a key is needed but missing', () => {
    expect(tileUrlFor({ tileUrl: 'https://t/{z}/{x}/{y}.png' })).toBe('https://t/{z}/{x}/{y}.png');
    expect(tileUrlFor({ tileUrl: 'https://t/{z}/{x}/{y}.png?key={key}', key: 'a b' })).toBe(
      'https://t/{z}/{x}/{y}.png?key=a%20b',
    );
    expect(tileUrlFor({ tileUrl: 'https://t/{z}/{x}/{y}.png?key={key}' })).toBeUndefined();
  });

  it('gives TileLayer the template with the key filled, its subdomains and attribution', () => {
    const tiles = providerOptions({
      ...settings,
      provider: 'tiles',
      tileUrl: 'https://{s}.map.ir/{z}/{x}/{y}.png?x-api-key={key}',
      subdomains: ['a', 'b'],
      key: 'web-key',
      attribution: '© Map.ir',
    });
    expect(tileLayerProps(tiles)).toEqual({
      url: 'https://{s}.map.ir/{z}/{x}/{y}.png?x-api-key=web-key',
      subdomains: ['a', 'b'],
      attribution: '© Map.ir',
    });
    // No subdomains configured: Leaflet's own default stays.
    expect(tileLayerProps({ ...tiles, subdomains: [] })).not.toHaveProperty('subdomains');
    expect(tileLayerProps({ ...tiles, key: undefined })).toBeUndefined();
  });

  it("passes the key, map type, POI and traffic to Neshan's SDK under its option names", () => {
    const neshan = providerOptions({
      ...settings,
      provider: 'neshan',
      key: 'web.k',
      type: 'dreamy',
      poi: true,
      traffic: false,
    });
    expect(neshanMapOptions(neshan)).toEqual({ key: 'web.k', maptype: 'dreamy', poi: true, traffic: false });
    expect(neshanMapOptions({ ...neshan, poi: false, traffic: true, type: 'standard-night' })).toEqual({
      key: 'web.k',
      maptype: 'standard-night',
      poi: false,
      traffic: true,
    });
  });
});

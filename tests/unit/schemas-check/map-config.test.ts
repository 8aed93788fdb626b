// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { copySchemas, editJson, only, problemsIn, removeCopies } from './helpers.js';

afterAll(removeCopies);

type MapEdit = (map: Record<string, unknown>) => void;

function problemsWithMap(edit: MapEdit) {
  const dir = copySchemas();
  editJson(dir, 'register-config.json', (config: { map: Record<string, unknown> }) => edit(config.map));
  return problemsIn(dir);
}

describe('register-config.json: the map options against its provider', () => {
  it('is clean as shipped (osm without Neshan-only options)', () => {
    expect(problemsIn(copySchemas()).filter((p) => p.code.startsWith('map-'))).toEqual([]);
  });

  it.each(['osm', 'tiles'])('warns, naming the provider, of each Neshan-only option on %s', (provider) => {
    const problems = problemsWithMap((map) => {
      map.provider = provider;
      map.tileUrl = 'https://tiles.example.ir/{z}/{x}/{y}.png';
      Object.assign(map, { type: 'dreamy', poi: true, traffic: false });
    });
    const warnings = problems.filter((p) => p.code === 'map-option-unsupported');
    expect(warnings.map((p) => p.pointer).sort()).toEqual(['/map/poi', '/map/traffic', '/map/type']);
    for (const warning of warnings) {
      expect(warning.level).toBe('warning');
      expect(warning.file).toBe('register-config.json');
      expect(warning.message).toContain(`"${provider}"`);
    }
  });

  it('warns even of a value equal to Neshan’s default: the option is still ignored', () => {
    const warning = only(
      problemsWithMap((map) => {
        map.traffic = false;
      }),
      'map-option-unsupported',
    );
    expect(warning).toMatchObject({ pointer: '/map/traffic', level: 'warning' });
  });

  it('accepts type, poi and traffic with neshan', () => {
    const problems = problemsWithMap((map) => {
      Object.assign(map, { provider: 'neshan', type: 'standard-night', poi: false, traffic: true });
    });
    expect(problems).toEqual([]);
  });

  it('refuses a tiles template without {z}, {x} or {y}, naming the missing ones', () => {
    const problem = only(
      problemsWithMap((map) => {
        map.provider = 'tiles';
        map.tileUrl = 'https://tiles.example.ir/{z}/tile.png?key={key}';
      }),
      'map-tile-url',
    );
    expect(problem).toMatchObject({ level: 'error', pointer: '/map/tileUrl' });
    expect(problem.message).toContain('"{x}", "{y}"');
    expect(problem.message).not.toContain('"{z}"');
  });

  it('accepts a tiles template with {s}, {key} and all three placeholders', () => {
    const problems = problemsWithMap((map) => {
      map.provider = 'tiles';
      map.tileUrl = 'https://{s}.tiles.example.ir/{z}/{x}/{y}.png?key={key}';
      map.subdomains = ['a', 'b'];
    });
    expect(problems).toEqual([]);
  });

  it('does not ask osm for tile placeholders of its own (osm is not checked as a template)', () => {
    const problems = problemsWithMap((map) => {
      map.tileUrl = 'https://tile.example.ir/osm.png';
    });
    expect(problems.filter((p) => p.code === 'map-tile-url')).toEqual([]);
  });
});

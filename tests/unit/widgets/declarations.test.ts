import { afterEach, describe, expect, it } from 'vitest';
import locationUi from '../../../schemas/steps/location.ui.json';
import managerUi from '../../../schemas/steps/manager.ui.json';
import pharmacyUi from '../../../schemas/steps/pharmacy-info.ui.json';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  followedFields,
  ownedFields,
  stepWidgetNeeds,
  wantsWidePage,
  widgetDeclarations,
} from '../../../widgets/declarations.js';
import { apiPaths } from '../../../src/shared/contracts/wizard-api.js';
import { customWidgetNames } from '../../../widgets/names.js';
import { copySchemas, editJson, only, problemsIn, removeCopies } from '../schemas-check/helpers.js';

afterEach(removeCopies);

describe("the widgets' declarations", () => {
  it('declare every custom widget, and only options that name fields for what they follow or own', () => {
    expect(Object.keys(widgetDeclarations).sort()).toEqual([...customWidgetNames].sort());
    for (const declaration of Object.values(widgetDeclarations)) {
      for (const option of [...declaration.follows, ...declaration.owns])
        expect(declaration.options[option]?.kind).toBe('field');
    }
  });

  it("tell the form which siblings to follow (the map's province and city too) and who owns a hidden field", () => {
    expect(followedFields(locationUi)).toEqual(['cityId', 'latitude', 'longitude', 'selectedState']);
    expect(ownedFields(locationUi)).toEqual({ longitude: 'latitude' });
    expect(ownedFields(managerUi)).toEqual({ captchaId: 'captchaAnswer' });
    expect(followedFields(pharmacyUi)).toEqual([]);
  });

  it('pick the wide page for the step with the map, not by a CSS class', () => {
    expect(wantsWidePage(locationUi)).toBe(true);
    expect(wantsWidePage(managerUi)).toBe(false);
  });

  it("say what a step's page preloads: the answers its widgets fetch and the map's own module", () => {
    expect(stepWidgetNeeds(locationUi)).toEqual({
      fetches: [apiPaths.locations],
      lazyModules: ['/widgets/map/LocationMapView.tsx'],
      widePage: true,
    });
    expect(stepWidgetNeeds(managerUi)).toEqual({ fetches: [apiPaths.captcha], lazyModules: [], widePage: false });
    expect(stepWidgetNeeds(pharmacyUi).fetches).toEqual([]);
    for (const declaration of Object.values(widgetDeclarations)) {
      if (declaration.lazyModule === undefined) continue;
      const file = join(process.cwd(), declaration.lazyModule);
      expect(existsSync(file), declaration.lazyModule).toBe(true);
    }
  });

  it('let schemas:check refuse an option a widget does not have, and a defaulted field the step lacks', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/location.ui.json', (ui) => {
      ui.cityId['ui:options'] = { ...(ui.cityId['ui:options'] ?? {}), provinceFeild: 'selectedState' };
    });
    expect(only(problemsIn(dir), 'ui-unknown-option').message).toContain('Did you mean "provinceField"?');
    const renamed = copySchemas();
    editJson(renamed, 'steps/manager.ui.json', (ui) => {
      ui.captchaAnswer['ui:options'] = { idField: 'captchaKey' };
    });
    expect(only(problemsIn(renamed), 'ui-option-field').pointer).toBe('/captchaAnswer/ui:options/idField');
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../src/shared/contracts/wizard-api.js';
import type { AddressSuggestion } from '../../../src/shared/contracts/wizard-api.schemas.js';
import { cityOf, config, ISFAHAN, locations } from './fixtures.js';
import { renderWidget } from './render-widget.js';

const SUGGESTED = 'خیابان ولیعصر، کوچه نیلوفر، پلاک ۱۲';
const SAVED = { latitude: 32.1, longitude: 52.2 };

afterEach(() => vi.unstubAllGlobals());

/** Answers GET /api/Utility/Address as the server would; records the points asked for. */
function stubAddressApi(answer: {
  status: number;
  body: AddressSuggestion | { error: { code: string; message: string } };
}) {
  const asked: URL[] = [];
  const fetchStub = vi.fn((input: string | URL) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== apiPaths.address) throw new Error(`unexpected request ${url.pathname}`);
    asked.push(url);
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchStub);
  return asked;
}

/** The address box beside the map, on a step that holds a saved point. */
async function renderStep() {
  const view = renderWidget({
    step: 'location',
    fields: ['address', 'latitude', 'longitude'],
    api: { config, locations },
    formData: SAVED,
  });
  const map = await screen.findByRole('application', {}, { timeout: 5000 });
  const box = screen.getByRole('textbox', { name: 'آدرس' });
  return { view, map, box };
}

/** Moves the pin with the keyboard (Leaflet reads the legacy keyCode), as a drag ends: one moveend. */
function panNorth(map: HTMLElement) {
  act(() => map.focus());
  fireEvent.keyDown(map, { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 });
}

const useButton = () => screen.queryByRole('button', { name: 'استفاده از نشانی پیشنهادی در کادر آدرس' });

describe('the address suggested from the pin', () => {
  it('is asked for where the pin rests after a move, and offered under the box', async () => {
    const asked = stubAddressApi({ status: 200, body: { address: SUGGESTED } });
    const { view, map } = await renderStep();
    // The saved point was not chosen here: nothing is asked for it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(asked).toHaveLength(0);

    panNorth(map);
    panNorth(map);
    expect(await screen.findByText(`نشانی پیشنهادی: ${SUGGESTED}`)).toHaveAttribute('aria-live', 'polite');
    expect(useButton()).toHaveTextContent('استفاده');
    // Two moves in a row: only where the pin came to rest is asked for.
    expect(asked).toHaveLength(1);
    const { latitude, longitude } = view.data();
    expect(latitude).toBeGreaterThan(SAVED.latitude);
    expect(asked[0].searchParams.get('lat')).toBe(String(latitude));
    expect(asked[0].searchParams.get('lng')).toBe(String(longitude));
  });

  it('goes into the box only when the manager presses «استفاده»', async () => {
    stubAddressApi({ status: 200, body: { address: SUGGESTED } });
    const { view, map, box } = await renderStep();
    panNorth(map);
    await screen.findByText(`نشانی پیشنهادی: ${SUGGESTED}`);
    expect(box).toHaveValue('');
    expect(view.data().address).toBeUndefined();

    await view.user.click(useButton()!);
    expect(box).toHaveValue(SUGGESTED);
    expect(box).toHaveFocus();
    await waitFor(() => expect(view.data().address).toBe(SUGGESTED));
    // Used: the offer is gone, the live region stays for the next one.
    expect(useButton()).toBeNull();
    expect(screen.queryByText(/نشانی پیشنهادی/)).toBeNull();
  });

  it('never writes over what the manager typed', async () => {
    stubAddressApi({ status: 200, body: { address: SUGGESTED } });
    const { view, map, box } = await renderStep();
    await view.user.type(box, 'پلاک ۷');
    panNorth(map);
    await screen.findByText(`نشانی پیشنهادی: ${SUGGESTED}`);
    expect(box).toHaveValue('پلاک ۷');
    await waitFor(() => expect(view.data().address).toBe('پلاک ۷'));
  });

  it('shows nothing, and no error, when the server has no address (404)', async () => {
    const asked = stubAddressApi({
      status: 404,
      body: { error: { code: 'address_unavailable', message: 'نشانی این نقطه در دسترس نیست.' } },
    });
    const { map } = await renderStep();
    panNorth(map);
    await waitFor(() => expect(asked).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/نشانی پیشنهادی/)).toBeNull();
    expect(useButton()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'آدرس' })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('is not asked for where a picked city flies the map: only a move by hand places the pin', async () => {
    const asked = stubAddressApi({ status: 200, body: { address: SUGGESTED } });
    const kashan = cityOf(ISFAHAN.id, 'کاشان');
    const view = renderWidget({
      step: 'location',
      fields: ['selectedState', 'cityId', 'address', 'latitude', 'longitude'],
      api: { config, locations },
      formData: { ...SAVED, selectedState: ISFAHAN.id },
    });
    const map = await screen.findByRole('application', {}, { timeout: 5000 });
    panNorth(map);
    await screen.findByText(`نشانی پیشنهادی: ${SUGGESTED}`);
    expect(asked).toHaveLength(1);

    // The city's centre is where the map went, not where the manager put the pin: the offer for
    // the earlier point goes, and nothing is asked for the city's centre.
    await view.user.click(screen.getByRole('combobox', { name: 'شهر' }));
    await view.user.click(screen.getByRole('option', { name: 'کاشان' }));
    await waitFor(() => expect(view.data()).toMatchObject({ latitude: kashan.latitude, longitude: kashan.longitude }));
    await waitFor(() => expect(screen.queryByText(/نشانی پیشنهادی/)).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(asked).toHaveLength(1);
  });

  it('buys the pre-session a pass with a proof of work when the server asks for one, then offers the address', async () => {
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 1,
      deriveKey,
      data: { session: 's', expiresAt: Date.now() + 600_000 },
      hmacSignatureSecret: 'test',
    });
    const asked: string[] = [];
    let passBody: unknown;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string | URL, init?: RequestInit) => {
        const { pathname } = new URL(input, 'http://localhost');
        asked.push(pathname);
        const json = (status: number, body: unknown) =>
          Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status }));
        if (pathname === apiPaths.addressChallenge) return json(200, challenge);
        if (pathname === apiPaths.addressPass) {
          passBody = JSON.parse(init?.body as string);
          return json(204, undefined);
        }
        if (pathname !== apiPaths.address) throw new Error(`unexpected request ${pathname}`);
        return passBody === undefined
          ? json(403, { error: { code: 'address_pass', message: 'پیشنهاد نشانی آماده نیست.' } })
          : json(200, { address: SUGGESTED });
      }),
    );
    const { map } = await renderStep();
    panNorth(map);
    expect(await screen.findByText(`نشانی پیشنهادی: ${SUGGESTED}`, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(asked).toEqual([apiPaths.address, apiPaths.addressChallenge, apiPaths.addressPass, apiPaths.address]);
    expect(passBody).toMatchObject({ proof: { challenge, solution: { counter: 1 } } });
  });

  // Last: after a 503 the page keeps quiet for minutes, in this module as in the browser.
  it('shows nothing, and no error, when the service’s budget is spent (503), and asks no more for a while', async () => {
    const asked = stubAddressApi({
      status: 503,
      body: { error: { code: 'address_capacity', message: 'پیشنهاد نشانی فعلاً در دسترس نیست.' } },
    });
    const { map } = await renderStep();
    panNorth(map);
    await waitFor(() => expect(asked).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/نشانی پیشنهادی/)).toBeNull();
    expect(screen.queryByText(/در دسترس نیست/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'آدرس' })).not.toHaveAttribute('aria-invalid', 'true');
    panNorth(map);
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(asked).toHaveLength(1);
    expect(screen.queryByText(/نشانی پیشنهادی/)).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cityOf, config, ISFAHAN, locations } from './fixtures.js';
import { renderWidget } from './render-widget.js';

const fields = ['latitude', 'longitude'];

afterEach(() => vi.unstubAllGlobals());

/** The map once its lazy chunk has loaded. */
async function mapElement() {
  return screen.findByRole('application', {}, { timeout: 5000 });
}

describe('locationMap widget (what jsdom can show: no layout, no tiles)', () => {
  it('renders the focusable, labelled map, the centre marker and the default centre as the value', async () => {
    const view = renderWidget({ step: 'location', fields, api: { config, locations } });
    const map = await mapElement();
    expect(map).toHaveAttribute('id', 'root_latitude');
    expect(map).toHaveAttribute('tabindex', '0');
    expect(map.getAttribute('aria-label')).toMatch(/^نقشه موقعیت داروخانه/);
    expect(map).toHaveAttribute('aria-describedby', 'root_latitude__error root_latitude__coords');
    const marker = screen.getByRole('img', { name: 'نشانگر موقعیت داروخانه' });
    expect(marker).toHaveAttribute('width', '80');
    expect(marker).toHaveAttribute('height', '120');
    await waitFor(() => expect(view.data()).toMatchObject({ latitude: 35.72, longitude: 51.39 }));
    expect(view.onSetField).toHaveBeenCalledWith('longitude', 51.39);
    expect(screen.getByText('عرض جغرافیایی ۳۵٫۷۲۰۰۰۰، طول جغرافیایی ۵۱٫۳۹۰۰۰۰')).toBeInTheDocument();
  });

  it('keeps a saved point and does not overwrite it', async () => {
    const view = renderWidget({
      step: 'location',
      fields,
      api: { config, locations },
      formData: { latitude: 32.1, longitude: 52.2 },
    });
    await mapElement();
    expect(screen.getByText('عرض جغرافیایی ۳۲٫۱۰۰۰۰۰، طول جغرافیایی ۵۲٫۲۰۰۰۰۰')).toBeInTheDocument();
    expect(view.onSetField).not.toHaveBeenCalled();
    expect(view.data()).toMatchObject({ latitude: 32.1, longitude: 52.2 });
  });

  it('pans with the keyboard and writes the new centre', async () => {
    const view = renderWidget({
      step: 'location',
      fields,
      api: { config, locations },
      formData: { latitude: 32.1, longitude: 52.2 },
    });
    const map = await mapElement();
    act(() => map.focus());
    // Leaflet reads the legacy keyCode, which browsers set and user-event leaves at 0.
    fireEvent.keyDown(map, { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 });
    await waitFor(() => expect(view.data().latitude).toBeGreaterThan(32.1));
    expect(view.data().longitude).toBe(52.2);
    fireEvent.keyDown(map, { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(view.data().longitude as number).toBeGreaterThan(52.2));
  });

  it('moves to the city the manager picks', async () => {
    const kashan = cityOf(ISFAHAN.id, 'کاشان');
    const view = renderWidget({
      step: 'location',
      fields: ['selectedState', 'cityId', ...fields],
      api: { config, locations },
      formData: { selectedState: ISFAHAN.id, latitude: 32.1, longitude: 52.2 },
    });
    await mapElement();
    await view.user.click(screen.getByRole('combobox', { name: 'شهر' }));
    await view.user.click(screen.getByRole('option', { name: 'کاشان' }));
    await waitFor(() => expect(view.data()).toMatchObject({ latitude: kashan.latitude, longitude: kashan.longitude }));
  });

  it('«موقعیت من» centres on the browser position', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 29.6109876543, longitude: 52.5311234567 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const view = renderWidget({ step: 'location', fields, api: { config, locations } });
    await mapElement();
    await view.user.click(screen.getByRole('button', { name: 'موقعیت من' }));
    await waitFor(() => expect(view.data()).toMatchObject({ latitude: 29.610988, longitude: 52.531123 }));
    expect(screen.getByRole('status')).toHaveTextContent('نقشه به موقعیت شما رفت.');
  });

  it('says in Persian when the position is refused or unavailable', async () => {
    const refuse = vi.fn((_success: PositionCallback, failure?: PositionErrorCallback | null) =>
      failure?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: refuse } });
    const view = renderWidget({ step: 'location', fields, api: { config, locations } });
    await mapElement();
    await view.user.click(screen.getByRole('button', { name: 'موقعیت من' }));
    expect(screen.getByRole('alert')).toHaveTextContent('اجازه دسترسی به موقعیت شما داده نشد');

    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    await view.user.click(screen.getByRole('button', { name: 'موقعیت من' }));
    expect(screen.getByRole('alert')).toHaveTextContent('مرورگر شما موقعیت‌یابی را پشتیبانی نمی‌کند');
  });

  it('reserves its height while loading the settings, and shows a Persian error with retry', async () => {
    const loading = renderWidget({ step: 'location', fields, api: { config: 'loading', locations } });
    const frame = await screen.findByText('در حال بارگیری نقشه…');
    expect(frame.closest('.widget-map__frame')).toHaveStyle({ position: 'relative' });
    loading.unmount();
    renderWidget({ step: 'location', fields, api: { config: 'error', locations } });
    expect(await screen.findByRole('alert')).toHaveTextContent('تنظیمات نقشه بارگیری نشد.');
    expect(screen.getByRole('button', { name: 'تلاش دوباره' })).toBeInTheDocument();
  });

  it('marks the map invalid and locks it when disabled', async () => {
    renderWidget({
      step: 'location',
      fields,
      api: { config, locations },
      errors: { latitude: ['لطفاً موقعیت را مشخص کنید.'] },
      disabled: true,
    });
    const map = await mapElement();
    await act(async () => undefined);
    expect(map).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'موقعیت من' })).toBeDisabled();
  });
});

/**
 * What the widgets need from the app, declared on the widgets' side: the data they show
 * (Register/Config, provinces and cities, a captcha), each as the state of a cached query. The app
 * injects an implementation through `WidgetServicesContext` (src/client: React Query over the API);
 * stories and tests inject theirs. So widgets/ never imports src/client/.
 */
import { createContext, useContext } from 'react';
import { apiPaths } from '../src/shared/contracts/wizard-api.js';
import type {
  AddressSuggestion,
  Captcha,
  Locations,
  RegisterConfig,
} from '../src/shared/contracts/wizard-api.schemas.js';
import type { MobileCodeSent } from '../src/shared/contracts/followup.schemas.js';

/** The part of a query's state a widget reads (React Query's result fits it as it is). */
export interface ServiceQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/** Hooks, called by widgets as hooks (the same object for the whole session). */
export interface WidgetServices {
  useRegisterConfig: () => ServiceQuery<RegisterConfig>;
  useLocations: () => ServiceQuery<Locations>;
  /** A fresh, single-use question; `refetch()` asks for another. */
  useCaptcha: () => ServiceQuery<Captcha>;
  /**
   * The address the map provider gives for a point (none while `point` is undefined). A failure
   * is no suggestion: the widget shows nothing, so the hook needs no retry or message.
   */
  useAddressSuggestion: (point: MapPoint | undefined) => ServiceQuery<AddressSuggestion>;
  /** The one-time code of a field declared `"verify": "sms"` (a plain object, not a hook). */
  mobileVerification: MobileVerification;
}

/** A point of the map, as the map widget writes it (rounded degrees). */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** The address query's URL for a point (the app's and the stories' implementations share it). */
export function addressSuggestionPath(point: MapPoint): string {
  const query = new URLSearchParams({ lat: String(point.latitude), lng: String(point.longitude) });
  return `${apiPaths.address}?${query.toString()}`;
}

/**
 * Verifying a mobile number by SMS for this visit: the app's implementation calls the API and
 * remembers the numbers verified in this tab (the server keys them on the same pre-session).
 */
export interface MobileVerification {
  /** Has a code texted to the number; rejects with an Error whose message is Persian. */
  sendCode: (mobileNumber: string) => Promise<MobileCodeSent>;
  /** Confirms the number with its code; rejects with an Error whose message is Persian. */
  checkCode: (mobileNumber: string, code: string) => Promise<void>;
  isVerified: (mobileNumber: string) => boolean;
  /** For useSyncExternalStore: called when a number becomes verified. */
  subscribe: (listener: () => void) => () => void;
}

/**
 * Where each service's answer is cached (a QueryClient key), so that an implementation and a
 * story seeding its answers agree.
 */
export const serviceKeys = {
  config: ['register-config'],
  locations: ['locations'],
  captcha: ['captcha'],
  address: ['address-suggestion'],
} as const;

export const WidgetServicesContext = createContext<WidgetServices | null>(null);

export function useWidgetServices(): WidgetServices {
  const services = useContext(WidgetServicesContext);
  if (!services)
    throw new Error('A widget needs <WidgetServicesContext value={…}> above it (the form step provides it).');
  return services;
}
